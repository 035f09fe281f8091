//! Luogu P1784, 数独: complete one 9 × 9 sudoku given as 9 lines of 9
//! numbers (0 for an empty cell).
//!
//! ```
//! use library::{input, problems::p1784};
//!
//! let puzzle = "8 0 0 0 0 0 0 0 0\n0 0 3 6 0 0 0 0 0\n0 7 0 0 9 0 2 0 0\n\
//!               0 5 0 0 0 7 0 0 0\n0 0 0 0 4 5 7 0 0\n0 0 0 1 0 0 0 3 0\n\
//!               0 0 1 0 0 0 0 6 8\n0 0 8 5 0 0 0 1 0\n0 9 0 0 0 0 4 0 0\n";
//! let answer = input::answer(p1784::solve, puzzle)?;
//! assert_eq!(answer.lines().next(), Some("8 1 2 7 5 3 6 4 9"));
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! The bitboard engine completes it ([`crate::bitboard::nine`], the
//! board engine's clause learning past its budget). The numbers are read
//! as blank-separated tokens, so their layout on the lines does not
//! matter; anything after the 81st is an error, as is a grid with no
//! completion (the statement promises exactly one).

use crate::bitboard::nine;
use crate::input::{self, Error, Tokens};
use crate::sudoku::STANDARD;
use std::io::Write;

/// Completes the grid in `input` and writes it as 9 lines of 9 digits.
///
/// # Errors
/// A token that is not a digit 0-9, fewer or more than 81 of them, or a
/// grid that cannot be completed.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let mut tokens = Tokens::new(input);
    let givens = STANDARD.read_numbers(&mut tokens)?;
    tokens.end("81 digits")?;
    let grid = match nine::Solver::new().complete(&givens) {
        Some(grid) => grid,
        None => return Err(Error::at(1, "the grid has no completion")),
    };
    let mut text = Vec::with_capacity(2 * 81);
    STANDARD.write_numbers(&grid, &mut text);
    Ok(out.write_all(&text)?)
}

/// Reads stdin, writes the answer: what the submission runs.
pub fn main() {
    input::run(solve)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Result<String, Error> {
        input::answer(solve, text)
    }

    /// Arto Inkala's "world's hardest sudoku" (2012): one solution.
    const HARDEST: &str = "8 0 0 0 0 0 0 0 0\n0 0 3 6 0 0 0 0 0\n0 7 0 0 9 0 2 0 0\n\
                           0 5 0 0 0 7 0 0 0\n0 0 0 0 4 5 7 0 0\n0 0 0 1 0 0 0 3 0\n\
                           0 0 1 0 0 0 0 6 8\n0 0 8 5 0 0 0 1 0\n0 9 0 0 0 0 4 0 0\n";

    #[test]
    fn completes_keeping_the_givens() {
        let answer = run(HARDEST).unwrap();
        let digits: Vec<u8> = answer
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(digits.len(), 81);
        let givens: Vec<u8> = HARDEST
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        for (g, d) in givens.iter().zip(&digits) {
            assert!(*g == 0 || g == d);
        }
        assert!(answer.lines().all(|line| line.len() == 17));
        assert_eq!(run(&HARDEST.replace('\n', "\r\n")).unwrap(), answer);
    }

    #[test]
    fn bad_input_names_its_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        assert_eq!(
            error("1 2 10"),
            "input:1:5: expected a digit (0 to 9), found \"10\""
        );
        assert_eq!(
            error("0 0\n"),
            "input:2: expected a digit (0 to 9), found the end of the input"
        );
        assert_eq!(
            error(&format!("{HARDEST}0\n")),
            "input:10:1: expected the end of the input after 81 digits, found \"0\""
        );
        let clash = HARDEST.replacen("8 0", "8 8", 1);
        assert_eq!(error(&clash), "input:1: the grid has no completion");
    }
}
