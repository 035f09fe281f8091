//! Killer sudoku in the seed article's format: a sudoku whose cages (all
//! cells, or only some) hold distinct digits adding up to the cage's sum.
//!
//! ```
//! use library::{input, problems::killer};
//!
//! let case = ".................................................................................\n\
//!     15 24 11 17 5 14 10 16 10 15 10 9 10 21 7 20 15 15 12 17 8 16 18 10 13 12 13 32 10 0\n\
//!      1  2  3  3  5  5  8  8  8\n 1  2  2  4  6  7  7  9  9\n 1  2  2  4  6  6 14 15  9\n\
//!     10 10 12 13 13 14 14 15 16\n11 11 12 19 18 17 17 16 16\n20 19 19 19 18 22 17 16 23\n\
//!     20 20 21 21 22 22 22 23 23\n24 25 25 25 25 28 28 28 28\n24 26 26 27 27 27 29 29 28\nend\n";
//! let answer = input::answer(killer::solve, case)?;
//! assert_eq!(answer, "946532781183974652527816943691287534378495216452163897765348129814629375239751468\n");
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! # Input
//!
//! Cases until a token `end`: the grid as 81 characters (`1`–`9` or `.`);
//! the cage sums, ended by a `0`; the cage label of each cell row by row,
//! `-1` for a cell in no cage. The k-th smallest label is the cage of the
//! k-th sum. Everything is read as blank-separated tokens.
//!
//! # Search
//!
//! Boards of candidates ([`crate::board`]) with the cages as a rule
//! ([`crate::board::cages`]: each cage's digit sets, the 45 rule's innies
//! and outies), searched by [`crate::board::solve`]: an exact cover
//! of the cages' fillings (the seed's model) has no such deductions, and
//! took minutes on near-empty layouts with big cages or sums off by one.

use crate::board::cages::{Cage, Cages};
use crate::board::{self, Houses};
use crate::input::{self, Error, Token, Tokens};
use crate::sudoku::{self, Grid};
use std::io::Write;

/// The cells of the grid.
const CELLS: usize = 81;

/// Completes every case of `input`, one line each (`No solution` for a
/// case without one), written as it is found.
///
/// # Errors
/// A bad grid, sum or label (naming its place), a number of cages that is
/// not the number of sums, a cage of more than 9 cells, or a missing `end`.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    sudoku::solve_cases(input, out, |givens, tokens| {
        let cages = read_cages(tokens)?;
        Ok(complete(givens, &cages))
    })
}

/// Reads stdin, writes the answer: what the submission runs.
pub fn main() {
    input::run(solve)
}

/// Reads the sums up to their `0` and the 81 labels: the cages.
fn read_cages(tokens: &mut Tokens) -> Result<Vec<Cage>, Error> {
    let mut sums = Vec::new();
    loop {
        let sum: i64 = tokens.number("a cage sum or 0", 0..=i64::MAX)?;
        if sum == 0 {
            break;
        }
        // A sum past 45 is out of reach (no solution, not an error) however
        // large: the larger ones are kept as u32::MAX.
        sums.push(u32::try_from(sum).unwrap_or(u32::MAX));
    }
    let mut labels: Vec<(i64, Token)> = Vec::with_capacity(CELLS);
    for _ in 0..CELLS {
        let (label, token) = tokens.placed_number("a cage label", -1..=i64::MAX)?;
        if label == 0 {
            return Err(token.error("a cage label is positive, or -1 for no cage"));
        }
        labels.push((label, token));
    }
    let mut distinct: Vec<i64> = labels.iter().map(|&(l, _)| l).filter(|&l| l > 0).collect();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != sums.len() {
        return Err(labels[CELLS - 1].1.error(format!(
            "the labels name {} cages but {} sums were given",
            distinct.len(),
            sums.len()
        )));
    }
    let mut cages = Vec::with_capacity(sums.len());
    for (&label, &sum) in distinct.iter().zip(&sums) {
        let cells: Vec<usize> = (0..CELLS).filter(|&c| labels[c].0 == label).collect();
        if cells.len() > 9 {
            return Err(labels[cells[0]].1.error(format!(
                "cage {label} (first cell here) has {} cells; a cage holds distinct digits, at most 9",
                cells.len()
            )));
        }
        cages.push(Cage { cells, sum });
    }
    Ok(cages)
}

/// A completion of `givens` that fills every cage right, if there is one.
fn complete(givens: &[u8], cages: &[Cage]) -> Option<Grid> {
    let mut houses = Houses::sudoku(3, 3);
    let rule = Cages::new(&mut houses, cages);
    board::complete(&houses, &rule, givens)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Result<String, Error> {
        input::answer(solve, text)
    }

    const EMPTY: &str =
        ".................................................................................";
    const FULL: &str =
        "15 24 11 17 5 14 10 16 10 15 10 9 10 21 7 20 15 15 12 17 8 16 18 10 13 12 13 32 10 0\n\
         1  2  3  3  5  5  8  8  8\n 1  2  2  4  6  7  7  9  9\n 1  2  2  4  6  6 14 15  9\n\
        10 10 12 13 13 14 14 15 16\n11 11 12 19 18 17 17 16 16\n20 19 19 19 18 22 17 16 23\n\
        20 20 21 21 22 22 22 23 23\n24 25 25 25 25 28 28 28 28\n24 26 26 27 27 27 29 29 28\n";
    const FULL_ANSWER: &str =
        "946532781183974652527816943691287534378495216452163897765348129814629375239751468\n";
    const PARTIAL: &str =
        "26    14  16  12  16   6  14  14   12  8  20  12  26  22 6   6  38  16  14   6 14  0\n\
        -1     1     2     2      3      3    -1    4   -1\n\
        1      1      1    5      5     3    -1    4   4\n\
        6      1    -1    5      5     8    8     -1   7\n\
        6     9     9    -1     10    10    11   12   7\n\
        13   13    13    14    -1    10    11   12   12\n\
        15   13   13    14    14    -1    11   11   21\n\
        15    -1    16    16    17    17    -1   -1   21\n\
        18    -1    -1    17    17   17    -1   19   19\n\
        18    18    -1    17    17   20    20   19   -1\n";
    const PARTIAL_ANSWER: &str =
        "956834217742169583183725946539241768867953124214678395421587639395416872678392451\n";

    #[test]
    fn samples() {
        let both = format!("{EMPTY}\n{FULL}{EMPTY}\n{PARTIAL}end\n");
        assert_eq!(
            run(&both).unwrap(),
            format!("{FULL_ANSWER}{PARTIAL_ANSWER}")
        );
    }

    /// The samples' cages alone, with no givens, leave one solution.
    #[test]
    fn the_cages_alone_decide_the_samples() {
        for (cages_text, answer) in [(FULL, FULL_ANSWER), (PARTIAL, PARTIAL_ANSWER)] {
            let mut tokens = Tokens::new(cages_text.as_bytes());
            let cages = read_cages(&mut tokens).unwrap();
            let grid = complete(&[0; CELLS], &cages).unwrap();
            let mut line = Vec::new();
            crate::sudoku::STANDARD.write_line(&grid, &mut line);
            assert_eq!(String::from_utf8(line).unwrap(), answer);
        }
    }

    #[test]
    fn impossible_sums_have_no_solution() {
        // Cage 1 (two cells) cannot add up to 18 with distinct digits.
        let bad = FULL.replacen("15 24", "18 24", 1);
        assert_eq!(
            run(&format!("{EMPTY}\n{bad}end\n")).unwrap(),
            "No solution\n"
        );
        // However large: past u32 and up to i64::MAX.
        for huge in ["5000000000", "9223372036854775807"] {
            let bad = FULL.replacen("15 24", &format!("{huge} 24"), 1);
            let answer = run(&format!("{EMPTY}\n{bad}end\n"));
            assert_eq!(answer.unwrap(), "No solution\n", "{huge}");
        }
    }

    #[test]
    fn a_whole_box_as_one_cage() {
        // One cage of nine cells (the top-left box, sum 45): 9! fillings.
        let mut labels = vec!["-1"; CELLS];
        for cell in [0, 1, 2, 9, 10, 11, 18, 19, 20] {
            labels[cell] = "1";
        }
        let input = format!("{EMPTY}\n45 0\n{}\nend\n", labels.join(" "));
        let answer = run(&input).unwrap();
        assert_eq!(answer.len(), 82);
        let wrong_sum = input.replacen("45 0", "44 0", 1);
        assert_eq!(run(&wrong_sum).unwrap(), "No solution\n");
    }

    #[test]
    fn bad_input_names_its_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        assert_eq!(
            error(&format!("{EMPTY}\n5 x")),
            "input:2:3: expected a cage sum or 0 (0 or more), found \"x\""
        );
        let labels = "1 ".repeat(CELLS);
        assert_eq!(
            error(&format!("{EMPTY}\n5 0\n{labels}\nend")),
            "input:3:1: cage 1 (first cell here) has 81 cells; a cage holds distinct digits, at most 9"
        );
        assert_eq!(
            error(&format!("{EMPTY}\n5 6 0\n{}\n", "-1 ".repeat(CELLS))),
            "input:3:241: the labels name 0 cages but 2 sums were given"
        );
        assert_eq!(
            error(&format!("{EMPTY}\n0\n-1 0")),
            "input:3:4: a cage label is positive, or -1 for no cage"
        );
        assert_eq!(
            error(&format!("{EMPTY}\n0\n-2")),
            "input:3:1: expected a cage label (-1 or more), found \"-2\""
        );
    }
}
