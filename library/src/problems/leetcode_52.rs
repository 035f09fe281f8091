//! LeetCode 52, N-Queens II, in LeetCode's shape: no `main`, no stdin;
//! the judge declares `struct Solution;` and calls
//! `Solution::total_n_queens`, the number of placements of n
//! non-attacking queens.
//!
//! ```
//! use library::problems::leetcode_52::Solution;
//!
//! assert_eq!(Solution::total_n_queens(4), 2);
//! assert_eq!(Solution::total_n_queens(8), 92);
//! ```
//!
//! # Exact cover
//!
//! Rows and columns primary, the diagonals of both directions secondary;
//! the bitset engine counts (the whole problem fits its words, and on
//! these sizes it is the fastest of the engines at counting).
//!
//! # Input
//!
//! The statement promises 1 ≤ n ≤ 9; n below 1 has no board and counts
//! 0. A count past `i32::MAX` (no n a search could finish has one) would
//! be given as `i32::MAX`.

use crate::dlx::{bitset, Search};
use crate::model::Items;

/// LeetCode's name for the type it declares; here for the library's own
/// use (tests, the unbundled program). The bundle leaves it out.
pub struct Solution;

impl Solution {
    /// The number of placements of `n` non-attacking queens.
    pub fn total_n_queens(n: i32) -> i32 {
        let n = usize::try_from(n).unwrap_or(0);
        if n == 0 {
            return 0;
        }
        let mut items = Items::new();
        let rows = items.primary(n);
        let columns = items.primary(n);
        let diagonals = items.secondary(2 * n - 1);
        let anti = items.secondary(2 * n - 1);
        let mut problem = items.problem();
        for r in 0..n {
            for c in 0..n {
                let lines = [
                    rows.at(r),
                    columns.at(c),
                    diagonals.at(r + c),
                    anti.at(r + n - 1 - c),
                ];
                problem
                    .add_option(&lines)
                    .expect("each line is an item of the problem");
            }
        }
        let count = bitset::Solver::new(&problem).count();
        i32::try_from(count).unwrap_or(i32::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts by placing queens row by row: the independent check.
    fn by_rows(n: usize, row: usize, placed: &mut Vec<usize>) -> i32 {
        if row == n {
            return 1;
        }
        let mut count = 0;
        for c in 0..n {
            let free = placed
                .iter()
                .enumerate()
                .all(|(r, &q)| q != c && q.abs_diff(c) != row - r);
            if free {
                placed.push(c);
                count += by_rows(n, row + 1, placed);
                placed.pop();
            }
        }
        count
    }

    #[test]
    fn counts_agree_with_placing_row_by_row_and_the_known_numbers() {
        let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
        for (n, &count) in (1..).zip(&known) {
            assert_eq!(Solution::total_n_queens(n), count, "n = {n}");
            assert_eq!(by_rows(n as usize, 0, &mut Vec::new()), count, "n = {n}");
        }
        assert_eq!(Solution::total_n_queens(0), 0);
        assert_eq!(Solution::total_n_queens(i32::MIN), 0);
    }
}
