//! The reference kit of the 0-1 matrix problems (`p4929`, `poj3740`): a
//! matrix, read and written in their common form (one row a line, entries
//! separated by blanks), random matrices with a planted exact cover, and
//! the smaller matrices a shrinker tries.
//!
//! ```
//! use judge_tests::support::matrix::Matrix;
//! let mut tokens = "1 0\n0 1".split_ascii_whitespace();
//! let matrix = Matrix::read(&mut tokens, 2, 2).unwrap();
//! assert_eq!(matrix.ones(1), [1]);
//! assert_eq!(Matrix::read(&mut "1 2".split_ascii_whitespace(), 1, 2).unwrap_err().to_string(),
//!            "row 1, column 2: expected 0 or 1, found \"2\"");
//! ```

use crate::rng::Rng;
use std::fmt;

/// An entry that is not `0` or `1` (or missing), from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadEntry {
    pub row: usize,
    pub column: usize,
    /// The token found, `None` at the end of the input.
    pub found: Option<String>,
}

impl fmt::Display for BadEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "row {}, column {}: expected 0 or 1, found ",
            self.row, self.column
        )?;
        match &self.found {
            Some(token) => write!(f, "{token:?}"),
            None => f.write_str("the end of the input"),
        }
    }
}

impl std::error::Error for BadEntry {}

/// A 0-1 matrix: how many columns, and the rows, each that many entries
/// 0 or 1. POJ 3740's cases are such matrices too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matrix {
    /// The number of columns, kept apart from the rows (which may be none).
    pub columns: usize,
    /// The rows, each of `columns` entries.
    pub rows: Vec<Vec<u8>>,
}

impl Matrix {
    /// The columns (from 0) holding a 1 in row `r`.
    pub fn ones(&self, r: usize) -> Vec<usize> {
        (0..self.columns)
            .filter(|&c| self.rows[r][c] == 1)
            .collect()
    }

    /// Reads `rows` rows of `columns` entries, each the token `0` or `1`.
    pub fn read<'a>(
        tokens: &mut impl Iterator<Item = &'a str>,
        rows: usize,
        columns: usize,
    ) -> Result<Matrix, BadEntry> {
        let mut matrix = Matrix {
            columns,
            rows: Vec::with_capacity(rows),
        };
        for r in 0..rows {
            let mut row = Vec::with_capacity(columns);
            for c in 0..columns {
                match tokens.next() {
                    Some("0") => row.push(0),
                    Some("1") => row.push(1),
                    other => {
                        return Err(BadEntry {
                            row: r + 1,
                            column: c + 1,
                            found: other.map(str::to_string),
                        })
                    }
                }
            }
            matrix.rows.push(row);
        }
        Ok(matrix)
    }

    /// Writes the matrix in the input format: the numbers of rows and of
    /// columns, then one row a line.
    pub fn write(&self, text: &mut String) {
        text.push_str(&format!("{} {}\n", self.rows.len(), self.columns));
        for row in &self.rows {
            let entries: Vec<&str> = row
                .iter()
                .map(|&e| if e == 1 { "1" } else { "0" })
                .collect();
            text.push_str(&entries.join(" "));
            text.push('\n');
        }
    }

    /// A random matrix, entries 1 with probability `percent`%; with
    /// `plant`, some rows (at least one, if there are rows) first get a
    /// partition of the columns, so that it has an exact cover.
    pub fn random(
        rng: &mut Rng,
        rows: usize,
        columns: usize,
        percent: usize,
        plant: bool,
    ) -> Matrix {
        let mut entries: Vec<Vec<u8>> = (0..rows)
            .map(|_| {
                (0..columns)
                    .map(|_| u8::from(rng.below(100) < percent))
                    .collect()
            })
            .collect();
        if plant && rows > 0 {
            let mut order: Vec<usize> = (0..rows).collect();
            rng.shuffle(&mut order);
            let parts = &order[..rng.between(1, rows)];
            for &r in parts {
                entries[r].iter_mut().for_each(|e| *e = 0);
            }
            let owners: Vec<usize> = (0..columns)
                .map(|_| parts[rng.below(parts.len())])
                .collect();
            for (c, &r) in owners.iter().enumerate() {
                entries[r][c] = 1;
            }
        }
        Matrix {
            columns,
            rows: entries,
        }
    }

    /// How big the matrix is to a shrinker: its rows, columns, cells and
    /// ones.
    pub fn size(&self) -> usize {
        let (n, m) = (self.rows.len(), self.columns);
        let ones: usize = self.rows.iter().flatten().map(|&e| usize::from(e)).sum();
        n + m + n * m + ones
    }

    /// Smaller matrices: a row or a column dropped (while more than `least`
    /// of them stay), or a 1 turned into a 0.
    pub fn smaller(&self, least: usize) -> Vec<Matrix> {
        let (n, m) = (self.rows.len(), self.columns);
        let mut smaller = Vec::new();
        for r in (0..n).filter(|_| n > least) {
            let mut fewer = self.clone();
            fewer.rows.remove(r);
            smaller.push(fewer);
        }
        for c in (0..m).filter(|_| m > least) {
            let mut fewer = self.clone();
            fewer.columns -= 1;
            fewer.rows.iter_mut().for_each(|row| {
                row.remove(c);
            });
            smaller.push(fewer);
        }
        for r in 0..n {
            for c in (0..m).filter(|&c| self.rows[r][c] == 1) {
                let mut fewer = self.clone();
                fewer.rows[r][c] = 0;
                smaller.push(fewer);
            }
        }
        smaller
    }
}
