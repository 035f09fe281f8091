//! Luogu P4929, the dancing-links template (【模板】舞蹈链): rows of a 0/1
//! matrix that together hold exactly one 1 in every column.
//!
//! ```
//! use library::{input, problems::p4929};
//!
//! let matrix = "3 3\n0 0 1\n1 0 0\n0 1 0\n";
//! assert_eq!(input::answer(p4929::solve, matrix)?, "2 3 1\n");
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! Columns are the primary items and each row with a 1 is an option (a row
//! of zeros never helps, and the engine takes no empty option). The rows
//! are printed, numbered from 1, in the order the search chose them; any
//! order is accepted. Dancing links, not the bitset engine: the matrix is
//! sparse (at most 5000 ones in 500 × 500).

use crate::dlx::{Problem, Search, Solver};
use crate::input::{self, Error, Tokens};
use std::io::Write;

/// The largest N and M the statement allows.
const MAX_SIDE: i64 = 500;

/// Writes the numbers of the chosen rows, or `No Solution!`.
///
/// # Errors
/// N or M out of range, a token other than 0 or 1, too few of them, or
/// text after the matrix.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let mut tokens = Tokens::new(input);
    let (problem, rows) = read_matrix(&mut tokens)?;
    tokens.end("the matrix")?;
    let answer = match Solver::new(&problem).first() {
        Some(solution) => {
            let numbers: Vec<String> = solution
                .iter()
                .map(|&k| (rows[k] + 1).to_string())
                .collect();
            numbers.join(" ") + "\n"
        }
        None => "No Solution!\n".to_string(),
    };
    Ok(out.write_all(answer.as_bytes())?)
}

/// Reads stdin, writes the answer: what the submission runs.
pub fn main() {
    input::run(solve)
}

/// The matrix as a problem, and the row (from 0) of each option.
fn read_matrix(tokens: &mut Tokens) -> Result<(Problem, Vec<usize>), Error> {
    let n: usize = tokens.number("the number of rows N", 1..=MAX_SIDE)?;
    let m: usize = tokens.number("the number of columns M", 1..=MAX_SIDE)?;
    crate::matrix::read(tokens, n, m)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Result<String, Error> {
        input::answer(solve, text)
    }

    #[test]
    fn rows_are_numbered_from_one_skipping_none() {
        assert_eq!(run("3 3\n0 0 1\n1 0 0\n0 1 0\n").unwrap(), "2 3 1\n");
        // An empty row is never chosen but keeps its number for the others.
        assert_eq!(run("3 2\n0 0\n1 1\n1 0\n").unwrap(), "2\n");
        assert_eq!(run("2 2\r\n1 0\r\n1 0\r\n").unwrap(), "No Solution!\n");
    }

    #[test]
    fn bad_input_names_its_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        assert_eq!(
            error("501 1"),
            "input:1:1: expected the number of rows N (1 to 500), found \"501\""
        );
        assert_eq!(
            error("1 2\n1 2\n"),
            "input:2:3: expected a matrix entry (0 to 1), found \"2\""
        );
        assert_eq!(
            error("2 2\n1 0\n"),
            "input:3: expected a matrix entry (0 to 1), found the end of the input"
        );
        assert_eq!(
            error("1 1\n1\n1\n"),
            "input:3:1: expected the end of the input after the matrix, found \"1\""
        );
    }
}
