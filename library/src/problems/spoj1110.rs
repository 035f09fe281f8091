//! SPOJ 1110, SUDOKU: complete 16 × 16 sudokus of 4 × 4 boxes, written
//! with the letters `A`–`P` and `-` for an empty cell.
//!
//! ```
//! use library::{input, problems::spoj1110};
//!
//! let rows = [
//!     "--A----C-----O-I", "-J--A-B-P-CGF-H-", "--D--F-I-E----P-", "-G-EL-H----M-J--",
//!     "----E----C--G---", "-I--K-GA-B---E-J", "D-GP--J-F----A--", "-E---C-B--DP--O-",
//!     "E--F-M--D--L-K-A", "-C--------O-I-L-", "H-P-C--F-A--B---", "---G-OD---J----H",
//!     "K---J----H-A-P-L", "--B--P--E--K--A-", "-H--B--K--FI-C--", "--F---C--D--H-N-",
//! ];
//! let answer = input::answer(spoj1110::solve, &format!("1\n{}\n", rows.join("\n")))?;
//! assert_eq!(answer.lines().next(), Some("FPAHMJECNLBDKOGI"));
//! assert_eq!(answer.lines().count(), 16);
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! # Input and output
//!
//! A first line holding `K`, the number of grids, then the grids: each
//! is 16 lines of 16 characters, and blank lines may come between them
//! (the statement puts one between grids). Each grid is answered as 16
//! lines of 16 letters, with a blank line between two answers; a grid
//! without a completion (never in the judge's data, which promise exactly
//! one) is answered `No solution`. What follows the `K`-th grid is never
//! read.
//!
//! # Search
//!
//! The bitboard engine's ([`crate::bitboard::sixteen`]): one word per
//! digit and band of four rows, a guess copies the board. What it does
//! not decide within its budget of guesses goes to the board engine's
//! ([`crate::board::complete`]): a search over boards of candidates with
//! restarts, then clause learning. Dancing links alone (DLX1's list of
//! active items) took seconds on one locally minimal puzzle in a few
//! hundred (issue 32); the board engine alone took up to 60 ms on them.

use crate::bitboard::sixteen;
use crate::input::{self, Error, Lines};
use crate::sudoku::Sudoku;
use std::io::Write;

/// SPOJ 1110's grids: 16 × 16, 4 × 4 boxes, `A`–`P`, `-` for empty.
pub const HEX: Sudoku = Sudoku {
    box_rows: 4,
    box_columns: 4,
    symbols: b"-ABCDEFGHIJKLMNOP",
    cell: "a letter A-P or '-'",
};

/// Completes the `K` grids of `input`, each written as it is found.
///
/// # Errors
/// A first line that is not a number, a row that is not 16 letters or
/// dashes (naming the column to blame), and fewer grids than announced.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let mut lines = Lines::new(input);
    let count = read_count(&mut lines)?;
    let mut solver = sixteen::Solver::new();
    for k in 0..count {
        let givens = HEX.read_rows(&mut lines)?;
        let mut text = Vec::new();
        if k > 0 {
            text.push(b'\n');
        }
        match solver.complete(&givens) {
            Some(grid) => HEX.write_grid(&grid, &mut text),
            None => text.extend_from_slice(b"No solution\n"),
        }
        out.write_all(&text)?;
    }
    Ok(())
}

/// Reads stdin, writes the answer: what the submission runs.
pub fn main() {
    input::run(solve)
}

/// The first line that is not blank: the number of grids.
fn read_count(lines: &mut Lines) -> Result<usize, Error> {
    let end = lines.next_number();
    let line = lines.next_filled().ok_or_else(|| {
        Error::at(
            end,
            "expected the number of grids, found the end of the input",
        )
    })?;
    let skipped = line
        .text
        .iter()
        .take_while(|b| b.is_ascii_whitespace())
        .count();
    let word = line.text[skipped..]
        .iter()
        .take_while(|b| !b.is_ascii_whitespace())
        .count();
    let token = input::Token {
        line: line.number,
        column: input::column(line.text, skipped),
        text: &line.text[skipped..skipped + word],
    };
    let count = token.number("the number of grids", 0..=i64::MAX)?;
    line.ends_at(skipped + word)?;
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Result<String, Error> {
        input::answer(solve, text)
    }

    /// The statement's grid and its solution.
    const GRID: &str = "\
--A----C-----O-I\n-J--A-B-P-CGF-H-\n--D--F-I-E----P-\n-G-EL-H----M-J--\n\
----E----C--G---\n-I--K-GA-B---E-J\nD-GP--J-F----A--\n-E---C-B--DP--O-\n\
E--F-M--D--L-K-A\n-C--------O-I-L-\nH-P-C--F-A--B---\n---G-OD---J----H\n\
K---J----H-A-P-L\n--B--P--E--K--A-\n-H--B--K--FI-C--\n--F---C--D--H-N-\n";
    const SOLVED: &str = "\
FPAHMJECNLBDKOGI\nOJMIANBDPKCGFLHE\nLNDKGFOIJEAHMBPC\nBGCELKHPOFIMAJDN\n\
MFHBELPOACKJGNID\nCILNKDGAHBMOPEFJ\nDOGPIHJMFNLECAKB\nJEKAFCNBGIDPLHOM\n\
EBOFPMIJDGHLNKCA\nNCJDHBAEKMOFIGLP\nHMPLCGKFIAENBDJO\nAKIGNODLBPJCEFMH\n\
KDEMJIFNCHGAOPBL\nGLBCDPMHEONKJIAF\nPHNOBALKMJFIDCEG\nIAFJOECGLDPBHMNK\n";

    #[test]
    fn sample() {
        assert_eq!(run(&format!("1\n{GRID}")).unwrap(), SOLVED);
    }

    #[test]
    fn answers_are_separated_by_a_blank_line_and_written_one_by_one() {
        let input = format!("3\n{GRID}\n{SOLVED}\n{GRID}garbage after the last grid");
        let mut writes = input::Writes::default();
        solve(input.as_bytes(), &mut writes).unwrap();
        let answers: Vec<String> = writes
            .0
            .iter()
            .map(|w| String::from_utf8(w.clone()).unwrap())
            .collect();
        let next = format!("\n{SOLVED}");
        assert_eq!(answers, [SOLVED, &next, &next]);
        // Without blank lines, with CRLF, with blanks around the count.
        let crlf = format!(" 2 \n{GRID}{GRID}").replace('\n', "\r\n");
        assert_eq!(run(&crlf).unwrap(), format!("{SOLVED}\n{SOLVED}"));
        assert_eq!(run("0\n").unwrap(), "");
    }

    #[test]
    fn a_grid_without_solution_says_so() {
        let clash = format!("1\nAA{}", &GRID[2..]);
        assert_eq!(run(&clash).unwrap(), "No solution\n");
    }

    #[test]
    fn bad_input_names_its_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        assert_eq!(
            error(""),
            "input:1: expected the number of grids, found the end of the input"
        );
        assert_eq!(
            error("ten\n"),
            "input:1:1: expected the number of grids (0 or more), found \"ten\""
        );
        assert_eq!(
            error("  2x\n"),
            "input:1:3: expected the number of grids (0 or more), found \"2x\""
        );
        assert_eq!(
            error("2 x\n"),
            "input:1:3: expected the end of the line, found 'x'"
        );
        // An overlong number is quoted whole.
        assert_eq!(
            error("99999999999999999999999\n"),
            "input:1:1: expected the number of grids (0 or more), found \"99999999999999999999999\""
        );
        assert_eq!(
            error(&format!("2\n{GRID}")),
            "input:18: expected a row of 16 cells, found the end of the input"
        );
        let lower = format!("1\n{}", GRID.replacen("C", "c", 1));
        assert_eq!(
            error(&lower),
            "input:2:8: expected a letter A-P or '-', found 'c'"
        );
        let short = format!("1\n{}", GRID.replacen("-\n", "\n", 1));
        assert_eq!(
            error(&short),
            "input:3:16: expected a letter A-P or '-', found the end of the line"
        );
        let long = format!("1\n{}", GRID.replacen("-I\n", "-IA\n", 1));
        assert_eq!(
            error(&long),
            "input:2:17: expected the end of the line, found 'A'"
        );
    }
}
