//! A 0/1 matrix as an exact-cover problem: its columns are the primary
//! items, and each row with a 1 is an option (a row of zeros never helps,
//! and the engine takes no empty option).
//!
//! ```
//! use library::dlx::{Search, Solver};
//! use library::input::Tokens;
//!
//! let mut tokens = Tokens::new(b"0 0 1\n1 0 0\n0 0 0\n0 1 0\n");
//! let (problem, rows) = library::matrix::read(&mut tokens, 4, 3)?;
//! let solution = Solver::new(&problem).first().unwrap();
//! let chosen: Vec<usize> = solution.iter().map(|&k| rows[k]).collect();
//! assert_eq!(chosen, [1, 3, 0]); // row 2, all zeros, is never an option
//! # Ok::<(), library::input::Error>(())
//! ```

use crate::dlx::Problem;
use crate::input::{Error, Tokens};

/// Reads `rows` rows of `columns` entries 0 or 1: the problem, and the
/// row (from 0) of each of its options.
///
/// # Errors
/// An entry other than 0 or 1, or the end of the input before the last.
pub fn read(
    tokens: &mut Tokens,
    rows: usize,
    columns: usize,
) -> Result<(Problem, Vec<usize>), Error> {
    let mut problem = Problem::new(columns, 0);
    let mut row_of = Vec::new();
    let mut ones = Vec::with_capacity(columns);
    for row in 0..rows {
        ones.clear();
        for column in 0..columns {
            if tokens.number::<u8>("a matrix entry", 0..=1)? == 1 {
                ones.push(column);
            }
        }
        if !ones.is_empty() {
            problem
                .add_option(&ones)
                .expect("the columns of a row are distinct and in range");
            row_of.push(row);
        }
    }
    Ok((problem, row_of))
}
