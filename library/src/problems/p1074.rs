//! Luogu P1074, NOIP2009 靶形数独 (target sudoku): the highest score of any
//! completion of a sudoku, each cell's digit weighted by its ring (6 on the
//! border up to 10 in the centre); `-1` if there is none.
//!
//! ```
//! use library::{input, problems::p1074};
//!
//! let puzzle = "7 0 0 9 0 0 0 0 1\n1 0 0 0 0 5 9 0 0\n0 0 0 2 0 0 0 8 0\n\
//!               0 0 5 0 2 0 0 0 3\n0 0 0 0 0 0 6 4 8\n4 1 3 0 0 0 0 0 0\n\
//!               0 0 7 0 0 2 0 9 0\n2 0 1 0 6 0 8 0 4\n0 8 0 5 0 4 0 1 2\n";
//! assert_eq!(input::answer(p1074::solve, puzzle)?, "2829\n");
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! The score is a maximum over every completion, so the search visits
//! them all (the statement's data has tens of thousands for 24 givens).
//! The exact cover is [`crate::sudoku`]'s; each solution's score is summed
//! from the options' payloads, with no grid built.

// The bitset engine: enumerating every completion of the judge cases, it
// executes 0.93x the instructions of dancing links (callgrind) and takes
// 0.9-1.0 s for the whole folder on a 2-core machine, as they do (`cargo
// bench -p library --bench problems -- p1074`).
use crate::dlx::{bitset::Solver, Search};
use crate::input::{self, Error, Tokens};
use crate::sudoku::{self, STANDARD};
use std::io::Write;

/// The weight of a cell: 10 minus its Chebyshev distance from the centre.
fn weight(cell: usize) -> u32 {
    let (r, c) = ((cell / 9) as i32, (cell % 9) as i32);
    (10 - (r - 4).abs().max((c - 4).abs())) as u32
}

/// Writes the highest score of a completion of the grid in `input`, or
/// `-1`.
///
/// # Errors
/// A token that is not a digit 0-9, or fewer or more than 81 of them.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let mut tokens = Tokens::new(input);
    let givens = STANDARD.read_numbers(&mut tokens)?;
    tokens.end("81 digits")?;
    let best = best_score::<Solver>(&givens);
    let answer = match best {
        Some(score) => format!("{score}\n"),
        None => "-1\n".to_string(),
    };
    Ok(out.write_all(answer.as_bytes())?)
}

/// The highest score of a completion of `givens`, if there is one, found
/// by engine `S` visiting every completion.
pub fn best_score<S: Search>(givens: &[u8]) -> Option<u32> {
    let model = sudoku::model(&STANDARD.groups(), givens);
    // Each option's share of the score: its digit times its cell's weight.
    let scores: Vec<u32> = (0..model.problem().options())
        .map(|k| {
            let &(cell, symbol) = model.payload(k);
            (symbol as u32 + 1) * weight(cell)
        })
        .collect();
    let mut best: Option<u32> = None;
    S::new(model.problem()).for_each(|solution| {
        let score = solution.iter().map(|&k| scores[k]).sum();
        best = Some(best.map_or(score, |b: u32| b.max(score)));
    });
    best
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

    const SAMPLE_2: &str = "0 0 0 7 0 2 4 5 3\n9 0 0 0 0 8 0 0 0\n7 4 0 0 0 5 0 1 0\n\
                            1 9 5 0 8 0 0 0 0\n0 7 0 0 0 0 0 2 5\n0 3 0 5 7 9 1 0 8\n\
                            0 0 0 6 0 1 0 0 0\n0 6 0 9 0 0 0 0 1\n0 0 0 0 0 0 0 0 6\n";

    #[test]
    fn weights_are_rings() {
        let rows: Vec<Vec<u32>> = (0..9)
            .map(|r| (0..9).map(|c| weight(r * 9 + c)).collect())
            .collect();
        assert_eq!(rows[0], [6; 9]);
        assert_eq!(rows[4], [6, 7, 8, 9, 10, 9, 8, 7, 6]);
        assert_eq!(rows[2][3], 8);
    }

    #[test]
    fn second_sample() {
        assert_eq!(run(SAMPLE_2).unwrap(), "2852\n");
    }

    #[test]
    fn no_completion_is_minus_one() {
        // Two 7s in the first row.
        let clash = SAMPLE_2.replacen("0 0 0 7", "7 0 0 7", 1);
        assert_eq!(run(&clash).unwrap(), "-1\n");
    }

    #[test]
    fn bad_input_names_its_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        assert_eq!(
            error("0 -1"),
            "input:1:3: expected a digit (0 to 9), found \"-1\""
        );
        assert_eq!(
            error(&format!("{SAMPLE_2}\n\n5")),
            "input:12:1: expected the end of the input after 81 digits, found \"5\""
        );
    }
}
