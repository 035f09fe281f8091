//! LeetCode 51, N-Queens, in LeetCode's shape: no `main`, no stdin; the
//! judge declares `struct Solution;` and calls `Solution::solve_n_queens`,
//! which returns every placement of n non-attacking queens, in any order.
//!
//! ```
//! use library::problems::leetcode_51::Solution;
//!
//! let mut boards = Solution::solve_n_queens(4);
//! boards.sort();
//! assert_eq!(boards, [["..Q.", "Q...", "...Q", ".Q.."], [".Q..", "...Q", "Q...", "..Q."]]);
//! ```
//!
//! # Exact cover
//!
//! Rows and columns primary, the diagonals of both directions secondary
//! (at most one queen each); dancing links list every solution. A board
//! is n strings of n characters, `Q` for a queen and `.` for an empty
//! square, row by row.
//!
//! # Input
//!
//! The statement promises 1 ≤ n ≤ 9; any n below 1 has no board to fill
//! and gets no solution. Larger n work too, at the cost of listing them
//! all (14 200 for n = 12).

use crate::dlx::{Search, Solver};
use crate::model::{Items, Model};

/// LeetCode's name for the type it declares; here for the library's own
/// use (tests, the unbundled program). The bundle leaves it out.
pub struct Solution;

impl Solution {
    /// Every placement of `n` queens, each as `n` rows of `Q` and `.`.
    pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
        let n = usize::try_from(n).unwrap_or(0);
        if n == 0 {
            return Vec::new();
        }
        let model = queens(n);
        let mut boards = Vec::new();
        Solver::new(model.problem()).for_each(|solution| {
            let mut rows = vec![vec!['.'; n]; n];
            for &(r, c) in model.payloads(solution) {
                rows[r][c] = 'Q';
            }
            boards.push(rows.into_iter().map(String::from_iter).collect());
        });
        boards
    }
}

/// The exact-cover model of `n` queens: each option a square (its row
/// and column).
fn queens(n: usize) -> Model<(usize, usize)> {
    let mut items = Items::new();
    let rows = items.primary(n);
    let columns = items.primary(n);
    let diagonals = items.secondary(2 * n - 1);
    let anti = items.secondary(2 * n - 1);
    let mut model = Model::new(&items);
    for r in 0..n {
        for c in 0..n {
            let lines = [
                rows.at(r),
                columns.at(c),
                diagonals.at(r + c),
                anti.at(r + n - 1 - c),
            ];
            model.add((r, c), &lines);
        }
    }
    model
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `board` is n non-attacking queens on an n × n board.
    fn valid(board: &[String]) -> bool {
        let n = board.len();
        let columns: Vec<usize> = board
            .iter()
            .filter(|row| row.len() == n && row.matches('Q').count() == 1)
            .filter_map(|row| row.find('Q'))
            .collect();
        columns.len() == n
            && (0..n).all(|a| {
                (0..a).all(|b| columns[a] != columns[b] && columns[a].abs_diff(columns[b]) != a - b)
            })
    }

    #[test]
    fn every_board_is_valid_and_listed_once_in_the_known_numbers() {
        // The numbers of n-queens solutions for n = 1..9 (OEIS A000170).
        let known = [1, 0, 0, 2, 10, 4, 40, 92, 352];
        for (n, &count) in (1..).zip(&known) {
            let mut boards = Solution::solve_n_queens(n);
            assert_eq!(boards.len(), count, "n = {n}");
            assert!(boards.iter().all(|b| valid(b)), "n = {n}");
            boards.sort();
            boards.dedup();
            assert_eq!(boards.len(), count, "n = {n}: a board twice");
        }
    }

    #[test]
    fn the_statements_examples_and_sizes_outside_the_promise() {
        assert_eq!(Solution::solve_n_queens(1), [["Q"]]);
        assert!(Solution::solve_n_queens(0).is_empty());
        assert!(Solution::solve_n_queens(-3).is_empty());
    }
}
