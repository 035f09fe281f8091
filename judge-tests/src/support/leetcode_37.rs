//! LeetCode 37, Sudoku Solver, from the judge's side: the driver that
//! stands in for LeetCode's, the reference (the grid kit's search, which
//! also proves the solution unique, as the statement promises), a
//! generator of unique puzzles and a hard class of minimal ones.
//!
//! ```
//! use judge_tests::support::leetcode_37;
//! let input = "..3456789\n456789123\n789123456\n234567891\n567891234\n\
//!              891234567\n345678912\n678912345\n912345678\n";
//! assert!(leetcode_37::reference(input).unwrap().starts_with("123456789\n"));
//! ```
//!
//! # The driver's text form
//!
//! Input: the board, 9 lines of 9 characters, each a digit `1`–`9` or
//! `.` for an empty cell (blank lines skipped); one call of
//! `Solution::solve_sudoku(&mut board)`. Output: the board after the
//! call, 9 lines of 9 characters. Input outside that form ends the run
//! with `input:LINE: …` on stderr and exit code 1. Nothing of `library/`
//! is used here.

use super::grid::{self, search, sudoku, Grid, CELLS};
use super::{Class, Generator, Support};
use crate::rng::Rng;

/// What the harness knows of this problem.
pub const SUPPORT: Support = Support {
    id: "leetcode-37",
    reference: Some(reference),
    generator: Some(Generator {
        generate,
        shrink,
        size,
    }),
    checker: None,
    classes: &CLASSES,
};

/// The hard class.
pub const CLASSES: [Class; 1] = [Class {
    name: "minimal",
    about: "minimal puzzles: no given can go without a second solution (about 24 givens)",
    generate: |rng| format(&sudoku::minimal_puzzle(rng)),
}];

/// Appended to the submission for the local run (see the module docs).
pub const DRIVER: &str = r#"use std::io::{Read, Write};

fn main() {
    let mut text = String::new();
    if std::io::stdin().read_to_string(&mut text).is_err() {
        fail("input: not UTF-8 text");
    }
    let mut board: Vec<Vec<char>> = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.is_empty() {
            continue;
        }
        if board.len() == 9 {
            fail(&format!("input:{}: a tenth row; the board has nine", k + 1));
        }
        let row: Vec<char> = line.chars().take(10).collect();
        if row.len() != 9 || row.iter().any(|&c| !matches!(c, '.' | '1'..='9')) {
            fail(&format!("input:{}: expected 9 characters, each 1-9 or '.'", k + 1));
        }
        board.push(row);
    }
    if board.len() != 9 {
        fail(&format!("input: {} rows, expected 9", board.len()));
    }
    Solution::solve_sudoku(&mut board);
    let mut out = String::new();
    for row in &board {
        out.extend(row.iter());
        out.push('\n');
    }
    std::io::stdout().write_all(out.as_bytes()).expect("writing stdout");
}

fn fail(message: &str) -> ! {
    eprintln!("{message}");
    std::process::exit(1)
}
"#;

/// Reads the board: 9 lines of 9 characters, `1`–`9` or `.`.
pub fn parse(input: &str) -> Result<Grid, String> {
    let rows: Vec<&str> = input
        .lines()
        .map(|l| l.trim_end_matches('\r'))
        .filter(|l| !l.is_empty())
        .take(10)
        .collect();
    let fits =
        |r: &&str| r.len() == 9 && r.bytes().all(|b| b == b'.' || (b'1'..=b'9').contains(&b));
    if rows.len() != 9 || !rows.iter().all(fits) {
        return Err("expected 9 lines of 9 characters, each 1-9 or '.'".to_string());
    }
    let mut grid = [0; CELLS];
    for (cell, b) in rows.iter().flat_map(|r| r.bytes()).enumerate() {
        grid[cell] = if b == b'.' { 0 } else { b - b'0' };
    }
    Ok(grid)
}

/// The input text of a grid, `.` for 0.
pub fn format(grid: &Grid) -> String {
    grid.chunks(9)
        .map(|row| {
            let line: String = row
                .iter()
                .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
                .collect();
            line + "\n"
        })
        .collect()
}

/// The expected output: the one solution, 9 lines of 9 digits.
pub fn reference(input: &str) -> Result<String, String> {
    match search::unique(&grid::boxes(), &parse(input)?) {
        Ok(solution) => Ok(format(&solution)),
        Err(0) => Err("no solution; the statement promises one".to_string()),
        Err(_) => Err("several solutions; the statement promises one".to_string()),
    }
}

/// A random puzzle with one solution: a full grid with cells emptied in
/// random order while the solution stays unique, up to a random number.
pub fn generate(rng: &mut Rng) -> String {
    let mut puzzle = sudoku::random_grid(rng);
    let mut order: Vec<usize> = (0..CELLS).collect();
    rng.shuffle(&mut order);
    let wanted = rng.between(1, 64);
    let mut emptied = 0;
    for &cell in &order {
        if emptied == wanted {
            break;
        }
        let digit = std::mem::take(&mut puzzle[cell]);
        match search::unique(&grid::boxes(), &puzzle) {
            Ok(_) => emptied += 1,
            Err(_) => puzzle[cell] = digit,
        }
    }
    format(&puzzle)
}

/// The size of an input: its empty cells.
pub fn size(input: &str, _expected: &str) -> usize {
    parse(input).map_or(usize::MAX, |g| g.iter().filter(|&&d| d == 0).count())
}

/// Smaller inputs: an empty cell given its solution's digit.
pub fn shrink(input: &str) -> Vec<String> {
    let Ok(givens) = parse(input) else {
        return Vec::new();
    };
    let Ok(solution) = search::unique(&grid::boxes(), &givens) else {
        return Vec::new();
    };
    grid::more_givens(&givens, &solution)
        .iter()
        .map(format)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn puzzles_with_no_or_several_solutions_are_declined() {
        let empty = ".........\n".repeat(9);
        assert!(reference(&empty).unwrap_err().contains("several"));
        let clash = empty.replacen(".........", "11.......", 1);
        assert!(reference(&clash).unwrap_err().contains("no solution"));
        assert!(reference(&empty.replacen('.', "0", 1)).is_err());
        let mut rng = Rng::new(3);
        let puzzle = parse(&generate(&mut rng)).unwrap();
        assert!(search::unique(&grid::boxes(), &puzzle).is_ok());
    }
}
