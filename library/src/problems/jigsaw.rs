//! Jigsaw (irregular) sudoku in the seed article's format: rows, columns
//! and nine regions of any shape each hold 1–9 once.
//!
//! ```
//! use library::{input, problems::jigsaw};
//!
//! let case = ".3.159.8.2.9...6.3..78.34..9...4...57.6...1.83...9...6..29.75..5.1...8.2.7.516.2.\n\
//!     1 2 2 3 3 3 4 4 4\n1 2 2 3 3 3 4 4 4\n1 2 2 2 3 3 4 4 4\n1 2 5 2 5 3 6 6 6\n\
//!     1 1 5 5 5 5 5 6 6\n1 1 1 8 5 9 5 9 6\n7 7 7 8 8 9 9 9 6\n7 7 7 8 8 8 9 9 6\n\
//!     7 7 7 8 8 8 9 9 6\nend\n";
//! let answer = input::answer(jigsaw::solve, case)?;
//! assert_eq!(answer, "634159287259478613127863459918642375746325198385291746462987531591734862873516924\n");
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! # Input
//!
//! Cases until a token `end`: the grid as 81 characters (`1`–`9` or `.`),
//! then the region label of each cell, row by row, as 81 integers; any
//! nine distinct labels, nine cells each. Everything is read as
//! blank-separated tokens. What follows `end` is never read.
//!
//! # Exact cover
//!
//! [`crate::sudoku`]'s model with the regions as the third kind of group
//! (in place of the boxes), in order of their labels.

use crate::board::{self, Houses, Plain};
use crate::input::{self, Error, Token, Tokens};
use crate::sudoku;
use std::io::Write;

/// The side of the grid and its cells.
const SIDE: usize = 9;
const CELLS: usize = SIDE * SIDE;

/// Completes every case of `input`, one line each (`No solution` for a
/// case without one), written as it is found.
///
/// # Errors
/// A bad grid or label (naming its place), labels that are not nine
/// regions of nine cells, or a missing `end`.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    sudoku::solve_cases(input, out, |givens, tokens| {
        let houses = read_regions(tokens)?;
        Ok(board::complete(&houses, &Plain, givens))
    })
}

/// Reads stdin, writes the answer: what the submission runs.
pub fn main() {
    input::run(solve)
}

/// Reads 81 region labels: the rows, columns and regions as houses.
fn read_regions(tokens: &mut Tokens) -> Result<Houses, Error> {
    let mut labels: Vec<(i64, Token)> = Vec::with_capacity(CELLS);
    for _ in 0..CELLS {
        labels.push(tokens.placed_number("a region label", i64::MIN..=i64::MAX)?);
    }
    let mut distinct: Vec<i64> = labels.iter().map(|&(label, _)| label).collect();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != SIDE {
        let last = labels[CELLS - 1].1;
        return Err(last.error(format!(
            "the 81 region labels name {} regions; a jigsaw sudoku has {SIDE}",
            distinct.len()
        )));
    }
    let mut regions = [0; CELLS];
    for (region, &label) in distinct.iter().enumerate() {
        let cells: Vec<usize> = (0..CELLS).filter(|&c| labels[c].0 == label).collect();
        if cells.len() != SIDE {
            let first = labels[cells[0]].1;
            return Err(first.error(format!(
                "region {label} (first cell here) has {} cells; each region has {SIDE}",
                cells.len()
            )));
        }
        cells.iter().for_each(|&cell| regions[cell] = region);
    }
    Ok(Houses::new(SIDE, &regions))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Result<String, Error> {
        input::answer(solve, text)
    }

    const GRID: &str =
        ".3.159.8.2.9...6.3..78.34..9...4...57.6...1.83...9...6..29.75..5.1...8.2.7.516.2.";
    const REGIONS: &str = "1 2 2 3 3 3 4 4 4\n1 2 2 3 3 3 4 4 4\n1 2 2 2 3 3 4 4 4\n\
                           1 2 5 2 5 3 6 6 6\n1 1 5 5 5 5 5 6 6\n1 1 1 8 5 9 5 9 6\n\
                           7 7 7 8 8 9 9 9 6\n7 7 7 8 8 8 9 9 6\n7 7 7 8 8 8 9 9 6\n";
    const ANSWER: &str =
        "634159287259478613127863459918642375746325198385291746462987531591734862873516924\n";

    #[test]
    fn sample_and_relabelled_regions() {
        assert_eq!(run(&format!("{GRID}\n{REGIONS}end\n")).unwrap(), ANSWER);
        // Any nine labels, in any order, mean the same regions.
        let relabelled: String = REGIONS
            .split_whitespace()
            .map(|l| format!("{} ", 100 - 7 * l.parse::<i64>().unwrap()))
            .collect();
        let twice = format!("{GRID} {relabelled}\r\n{GRID}\n{REGIONS}end");
        assert_eq!(run(&twice).unwrap(), format!("{ANSWER}{ANSWER}"));
    }

    #[test]
    fn no_solution_is_a_line() {
        let clash = format!("33{}\n{REGIONS}end\n", &GRID[2..]);
        assert_eq!(run(&clash).unwrap(), "No solution\n");
    }

    #[test]
    fn bad_input_names_its_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        assert_eq!(
            error(&format!("{GRID}\n{REGIONS}")),
            "input:11: expected a grid of 81 cells or 'end', found the end of the input"
        );
        assert_eq!(
            error(&format!("{}\n", &GRID[..80])),
            "input:1:81: expected a digit 1-9 or '.', found the end of the grid"
        );
        assert_eq!(
            error(&format!("{GRID}\n1 2 x")),
            "input:2:5: expected a region label (an integer), found \"x\""
        );
        let ten = REGIONS.replacen('1', "10", 1);
        assert_eq!(
            error(&format!("{GRID}\n{ten}end\n")),
            "input:10:17: the 81 region labels name 10 regions; a jigsaw sudoku has 9"
        );
        let uneven = REGIONS.replacen("1 2", "2 2", 1);
        assert_eq!(
            error(&format!("{GRID}\n{uneven}end\n")),
            "input:3:1: region 1 (first cell here) has 8 cells; each region has 9"
        );
    }
}
