//! SPOJ SUDOGOB (13980), Sudoku goblin: for each 9 × 9 board, how many
//! solutions it has, and the solution when there is exactly one.
//!
//! ```
//! use library::{input, problems::spoj_sudogob};
//!
//! // One board whose givens clash: no solution.
//! let clash = "7 7 0 0 0 0 0 0 0\n".to_string() + &"0 0 0 0 0 0 0 0 0\n".repeat(8);
//! assert_eq!(input::answer(spoj_sudogob::solve, &format!("1\n{clash}"))?, "0\n");
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! The bitboard engine counts every solution ([`nine::Solver::count`]
//! without a limit: whether there is one is decided as completing decides
//! it, the board engine's clause learning taking a board past 16 384
//! guesses; then the search lists them all, keeping none but the first).
//! The time grows with the count: the statement bounds neither, and its
//! boards are puzzles with a goblin's few changes, not empty grids.
//!
//! # Input
//!
//! The number of boards T, then T boards of 81 digits `0`–`9` (nine to a
//! line, separated by blanks; an empty line between boards), read as
//! blank-separated tokens. An error names the place of a token that is
//! not a digit, of a missing board, and of anything after the last.

use crate::bitboard::nine;
use crate::input::{self, Error, Tokens};
use crate::sudoku::STANDARD;
use std::io::Write;

/// Writes each board's count, and its grid when the count is 1.
///
/// # Errors
/// See the module docs.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let mut tokens = Tokens::new(input);
    let boards: usize = tokens.number("the number of boards T", 0..=i64::from(u32::MAX))?;
    let mut solver = nine::Solver::new();
    let mut text = Vec::new();
    for _ in 0..boards {
        let givens = STANDARD.read_numbers(&mut tokens)?;
        let (count, first) = solver.count(&givens, usize::MAX);
        text.extend(format!("{count}\n").bytes());
        if let (1, Some(grid)) = (count, first) {
            STANDARD.write_numbers(&grid, &mut text);
        }
    }
    tokens.end("the T boards")?;
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

    const SOLVED: &str = "3 5 7 4 9 1 6 2 8\n9 2 4 8 6 7 3 5 1\n6 1 8 5 2 3 4 7 9\n\
                          1 6 9 2 7 5 8 3 4\n7 4 5 9 3 8 1 6 2\n8 3 2 6 1 4 7 9 5\n\
                          2 9 1 3 8 6 5 4 7\n5 7 6 1 4 2 9 8 3\n4 8 3 7 5 9 2 1 6\n";

    #[test]
    fn counts_and_the_one_solution() {
        let holes = SOLVED.replacen("3 5 7", "0 5 0", 1);
        assert_eq!(run(&format!("1\n{holes}")).unwrap(), format!("1\n{SOLVED}"));
        // SPOJ SUDOGOB's third sample board, which has two solutions.
        let two = "3 0 6 0 0 2 0 0 0\n0 0 0 0 3 8 0 0 0\n7 0 8 0 1 6 0 9 0\n\
                       0 0 7 0 0 3 8 6 0\n8 2 0 0 7 0 0 4 5\n0 6 3 1 0 0 9 0 0\n\
                       0 7 0 3 5 0 6 0 2\n0 0 0 8 2 0 0 0 0\n0 0 2 9 0 0 7 0 4\n";
        assert_eq!(
            run(&format!("2\n{two}\n{SOLVED}")).unwrap(),
            format!("2\n1\n{SOLVED}")
        );
        assert_eq!(run("0\n").unwrap(), "");
    }

    #[test]
    fn bad_input_names_its_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        assert_eq!(
            error(&format!("2\n{SOLVED}")),
            "input:11: expected a digit (0 to 9), found the end of the input"
        );
        assert_eq!(
            error(&format!("1\n{SOLVED}0\n")),
            "input:11:1: expected the end of the input after the T boards, found \"0\""
        );
        assert_eq!(
            error("x\n"),
            "input:1:1: expected the number of boards T (0 to 4294967295), found \"x\""
        );
    }
}
