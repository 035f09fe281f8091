//! POJ 3740, Easy Finding: for each 0/1 matrix, whether some rows hold
//! exactly one 1 in every column.
//!
//! ```
//! use library::{input, problems::poj3740};
//!
//! let cases = "3 3\n0 1 0\n0 0 1\n1 0 0\n4 4\n0 0 0 1\n1 0 0 0\n1 1 0 1\n0 1 0 0\n";
//! assert_eq!(
//!     input::answer(poj3740::solve, cases)?,
//!     "Yes, I found it\nIt is impossible\n"
//! );
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! Columns are the primary items, rows with a 1 the options. Cases follow
//! each other to the end of the input; the input is read as blank-separated
//! tokens, so line breaks do not matter. With at most 16 rows, the bitset
//! engine's state is one word per level.

use crate::dlx::{bitset::Solver, Search};
use crate::input::{self, Error, Tokens};
use std::io::Write;

const MAX_ROWS: i64 = 16;
const MAX_COLUMNS: i64 = 300;

/// Answers every case of `input`, one line each, written as it is found.
///
/// # Errors
/// M or N out of range, an entry other than 0 or 1, or too few of them.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let mut tokens = Tokens::new(input);
    // A case starts wherever a token is left: the end of the input is no error.
    while let Some(first) = tokens.next_token() {
        let m: usize = first.number("the number of rows M", 0..=MAX_ROWS)?;
        let n: usize = tokens.number("the number of columns N", 0..=MAX_COLUMNS)?;
        let (problem, _) = crate::matrix::read(&mut tokens, m, n)?;
        let found = Solver::new(&problem).first().is_some();
        let answer: &[u8] = if found {
            b"Yes, I found it\n"
        } else {
            b"It is impossible\n"
        };
        out.write_all(answer)?;
    }
    Ok(())
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

    #[test]
    fn edge_cases() {
        // No columns: the empty set of rows will do.
        assert_eq!(run("2 0\n").unwrap(), "Yes, I found it\n");
        // No rows, some columns: impossible.
        assert_eq!(run("0 3\n").unwrap(), "It is impossible\n");
        // A column of zeros.
        assert_eq!(run("2 2\r\n1 0\r\n1 0\r\n").unwrap(), "It is impossible\n");
        assert_eq!(run("").unwrap(), "");
    }

    #[test]
    fn bad_input_names_its_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        assert_eq!(
            error("17 1"),
            "input:1:1: expected the number of rows M (0 to 16), found \"17\""
        );
        assert_eq!(
            error("1 301"),
            "input:1:3: expected the number of columns N (0 to 300), found \"301\""
        );
        assert_eq!(
            error("1 2\n0 1\n2 2\n1 x"),
            "input:4:3: expected a matrix entry (0 to 1), found \"x\""
        );
        assert_eq!(
            error("1 2\n0"),
            "input:2: expected a matrix entry (0 to 1), found the end of the input"
        );
        assert_eq!(
            error("1"),
            "input:1: expected the number of columns N (0 to 300), found the end of the input"
        );
    }
}
