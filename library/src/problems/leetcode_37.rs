//! LeetCode 37, Sudoku Solver, in LeetCode's shape: no `main`, no stdin;
//! the judge declares `struct Solution;` and calls
//! `Solution::solve_sudoku`, which fills the board in place.
//!
//! ```
//! use library::problems::leetcode_37::Solution;
//!
//! // The 9 × 9 grid whose rows are shifts of 123456789, two cells open.
//! let rows = ["..3456789", "456789123", "789123456", "234567891", "567891234",
//!             "891234567", "345678912", "678912345", "912345678"];
//! let mut board: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
//! Solution::solve_sudoku(&mut board);
//! assert_eq!(board[0].iter().collect::<String>(), "123456789");
//! ```
//!
//! The board engine ([`crate::board`]: candidates as bits, singles, then
//! the first open cell with the fewest digits) completes the givens; the
//! statement promises exactly one solution.
//!
//! # Input
//!
//! What LeetCode promises: 9 rows of 9 characters, each a digit `1`–`9`
//! or `.` for an empty cell, with exactly one solution. A board outside
//! that promise (another size or character, givens that clash, no
//! solution) is left as it was: the method has no way to say more, and a
//! half-filled board would be wrong silently.

use crate::board::{Houses, Plain};

/// The side of the grid.
const SIDE: usize = 9;

/// LeetCode's name for the type it declares; here for the library's own
/// use (tests, the unbundled program). The bundle leaves it out.
pub struct Solution;

impl Solution {
    /// Fills every `.` of `board` with the digit of its unique solution;
    /// leaves a board outside the statement's promise as it was.
    // LeetCode's signature takes a `&mut Vec`.
    #[allow(clippy::ptr_arg)]
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        // No let-else: LeetCode's rustc is new, but the committed file
        // is also checked against rustc 1.63.
        let houses = Houses::sudoku(3, 3);
        let solved = givens(board).and_then(|g| crate::board::complete(&houses, &Plain, &g));
        let grid = match solved {
            Some(grid) => grid,
            None => return,
        };
        for (cell, digit) in grid.into_iter().enumerate() {
            board[cell / SIDE][cell % SIDE] = char::from(b'0' + digit);
        }
    }
}

/// The digits of `board` cell by cell, 0 for `.`; `None` for anything
/// but 9 rows of 9 digits or dots.
fn givens(board: &[Vec<char>]) -> Option<Vec<u8>> {
    if board.len() != SIDE || board.iter().any(|row| row.len() != SIDE) {
        return None;
    }
    board
        .iter()
        .flatten()
        .map(|&c| match c {
            '.' => Some(0),
            '1'..='9' => Some(c as u8 - b'0'),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Vec<Vec<char>> {
        rows.iter().map(|r| r.chars().collect()).collect()
    }

    fn text(board: &[Vec<char>]) -> Vec<String> {
        board.iter().map(|r| r.iter().collect()).collect()
    }

    /// The statement's example.
    const EXAMPLE: [&str; 9] = [
        "53..7....",
        "6..195...",
        ".98....6.",
        "8...6...3",
        "4..8.3..1",
        "7...2...6",
        ".6....28.",
        "...419..5",
        "....8..79",
    ];

    #[test]
    fn the_statements_example_is_filled_keeping_its_givens() {
        let mut filled = board(&EXAMPLE);
        Solution::solve_sudoku(&mut filled);
        let rows = text(&filled);
        assert_eq!(rows[0], "534678912");
        assert_eq!(rows[8], "345286179");
        for (given, row) in EXAMPLE.iter().zip(&rows) {
            for (g, d) in given.chars().zip(row.chars()) {
                assert!(g == '.' || g == d, "{given} -> {row}");
            }
        }
        // Every row, column and box holds each digit once.
        let digits = |cells: Vec<char>| {
            let mut cells = cells;
            cells.sort_unstable();
            cells.into_iter().collect::<String>() == "123456789"
        };
        for k in 0..SIDE {
            assert!(digits(filled[k].clone()));
            assert!(digits((0..SIDE).map(|r| filled[r][k]).collect()));
            let (r, c) = (k / 3 * 3, k % 3 * 3);
            assert!(digits(
                (0..SIDE).map(|i| filled[r + i / 3][c + i % 3]).collect()
            ));
        }
    }

    #[test]
    fn a_board_outside_the_promise_is_left_as_it_was() {
        let clash = {
            let mut rows = EXAMPLE;
            rows[0] = "55..7....";
            rows
        };
        let short = &EXAMPLE[..8];
        let letter = {
            let mut rows = EXAMPLE;
            rows[4] = "4..8x3..1";
            rows
        };
        for rows in [&clash[..], short, &letter[..]] {
            let mut kept = board(rows);
            Solution::solve_sudoku(&mut kept);
            assert_eq!(text(&kept), rows);
        }
        let mut empty: Vec<Vec<char>> = Vec::new();
        Solution::solve_sudoku(&mut empty);
        assert!(empty.is_empty());
    }
}
