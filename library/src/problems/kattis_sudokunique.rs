//! Kattis sudokunique: for each 9 × 9 board, its solution when it has
//! exactly one, `Non-unique` when it has several, and `Find another job`
//! when it has none (the givens may even contradict each other).
//!
//! ```
//! use library::{input, problems::kattis_sudokunique};
//!
//! // An empty board has many solutions; one with two 7s in a row none.
//! let empty = "0 0 0 0 0 0 0 0 0\n".repeat(9);
//! let clash = empty.replacen("0 0", "7 7", 1);
//! let answer = input::answer(kattis_sudokunique::solve, &format!("{empty}\n{clash}"))?;
//! assert_eq!(answer, "Non-unique\n\nFind another job\n");
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! The bitboard engine counts up to two solutions
//! ([`nine::Solver::count`]: whether there is one is decided as
//! completing decides it, the board engine's clause learning taking a
//! board past 16 384 guesses, then the second is looked for on bitboards),
//! and the count picks the message.
//!
//! # Input
//!
//! Boards of 81 digits `0`–`9`, nine to a line as the statement writes
//! them, separated by blank lines, to the end of the input. The digits
//! are read as blank-separated tokens, so their layout does not matter.
//! An error names the place of a token that is not a digit and the line
//! where a board stops short.

use crate::bitboard::nine;
use crate::input::{self, Error, Tokens};
use crate::sudoku::STANDARD;
use std::io::Write;

/// Writes the answer of every board of `input`, a blank line between two.
///
/// # Errors
/// See the module docs.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let mut tokens = Tokens::new(input);
    let mut solver = nine::Solver::new();
    let mut text = Vec::new();
    while tokens.clone().next_token().is_some() {
        let givens = STANDARD.read_numbers(&mut tokens)?;
        if !text.is_empty() {
            text.push(b'\n');
        }
        match solver.count(&givens, 2) {
            (0, _) => text.extend_from_slice(b"Find another job\n"),
            (1, Some(grid)) => STANDARD.write_numbers(&grid, &mut text),
            _ => text.extend_from_slice(b"Non-unique\n"),
        }
    }
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

    /// The statement's picture: a solved board.
    const SOLVED: &str = "3 5 7 4 9 1 6 2 8\n9 2 4 8 6 7 3 5 1\n6 1 8 5 2 3 4 7 9\n\
                          1 6 9 2 7 5 8 3 4\n7 4 5 9 3 8 1 6 2\n8 3 2 6 1 4 7 9 5\n\
                          2 9 1 3 8 6 5 4 7\n5 7 6 1 4 2 9 8 3\n4 8 3 7 5 9 2 1 6\n";

    #[test]
    fn one_solution_is_printed_as_the_input_is() {
        assert_eq!(run(SOLVED).unwrap(), SOLVED);
        let holes = SOLVED
            .replacen("3 5 7", "0 5 0", 1)
            .replacen("4 8 3", "4 0 3", 1);
        assert_eq!(run(&holes).unwrap(), SOLVED);
        assert_eq!(run(&holes.replace('\n', "\r\n")).unwrap(), SOLVED);
    }

    #[test]
    fn three_answers_separated_by_blank_lines() {
        // SPOJ SUDOGOB's third sample board, which has two solutions.
        let two = "3 0 6 0 0 2 0 0 0\n0 0 0 0 3 8 0 0 0\n7 0 8 0 1 6 0 9 0\n\
                       0 0 7 0 0 3 8 6 0\n8 2 0 0 7 0 0 4 5\n0 6 3 1 0 0 9 0 0\n\
                       0 7 0 3 5 0 6 0 2\n0 0 0 8 2 0 0 0 0\n0 0 2 9 0 0 7 0 4\n";
        let none = SOLVED.replacen("3 5 7", "3 3 7", 1);
        let answer = run(&format!("{SOLVED}\n{two}\n{none}")).unwrap();
        assert_eq!(
            answer,
            format!("{SOLVED}\nNon-unique\n\nFind another job\n")
        );
        assert_eq!(run("").unwrap(), "");
    }

    #[test]
    fn bad_input_names_its_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        assert_eq!(
            error(&SOLVED.replacen('3', "x", 1)),
            "input:1:1: expected a digit (0 to 9), found \"x\""
        );
        assert_eq!(
            error(&format!("{SOLVED}\n1 2 3\n")),
            "input:12: expected a digit (0 to 9), found the end of the input"
        );
    }
}
