//! Luogu P1219 (Checker Challenge, n queens) from the judge's side: a plain
//! backtracking reference, a generator of board sizes, a shrinker.
//!
//! ```
//! use judge_tests::support::p1219;
//! assert_eq!(p1219::reference("4\n").unwrap(), "2 4 1 3\n3 1 4 2\n2\n");
//! assert_eq!(p1219::reference("3").unwrap(), "0\n");
//! ```
//!
//! The reference places one queen per row, top to bottom, trying columns
//! left to right and skipping any column or diagonal already attacked, so
//! it meets the placements in lexicographic order: it prints the first
//! three and counts them all.

use super::{Generator, Support};
use crate::rng::Rng;

/// What the harness knows of this problem.
pub const SUPPORT: Support = Support {
    id: "p1219",
    reference: Some(reference),
    generator: Some(Generator {
        generate,
        shrink,
        size,
    }),
    checker: None,
    classes: &[],
};

/// The board sizes answered: the statement promises 6 to 13, smaller ones
/// are answered too.
pub const MAX_N: usize = 13;

/// Reads the one integer n, 1 to 13.
pub fn parse(input: &str) -> Result<usize, String> {
    let tokens: Vec<&str> = input.split_ascii_whitespace().collect();
    let [token] = tokens.as_slice() else {
        return Err(format!("expected one token, found {}", tokens.len()));
    };
    token
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=MAX_N).contains(n) && token.bytes().all(|b| b.is_ascii_digit()))
        .ok_or(format!("expected n from 1 to {MAX_N}, found {token:?}"))
}

/// Places queens row by row; `columns[r]` is the column (from 0) of row r;
/// `taken` marks the attacked columns, diagonals (r + c) and anti-diagonals
/// (r + n - 1 - c).
struct Queens {
    n: usize,
    columns: Vec<usize>,
    taken: [Vec<bool>; 3],
    first: Vec<Vec<usize>>,
    count: u64,
}

impl Queens {
    fn lines(&self, row: usize, column: usize) -> [usize; 3] {
        [column, row + column, row + self.n - 1 - column]
    }

    fn go(&mut self, row: usize) {
        if row == self.n {
            if self.first.len() < 3 {
                self.first.push(self.columns.clone());
            }
            self.count += 1;
            return;
        }
        for column in 0..self.n {
            let lines = self.lines(row, column);
            if (0..3).any(|k| self.taken[k][lines[k]]) {
                continue;
            }
            (0..3).for_each(|k| self.taken[k][lines[k]] = true);
            self.columns.push(column);
            self.go(row + 1);
            self.columns.pop();
            (0..3).for_each(|k| self.taken[k][lines[k]] = false);
        }
    }
}

/// The expected output: the first three placements (columns from 1) and the count.
pub fn reference(input: &str) -> Result<String, String> {
    let n = parse(input)?;
    let mut queens = Queens {
        n,
        columns: Vec::with_capacity(n),
        taken: [
            vec![false; n],
            vec![false; 2 * n - 1],
            vec![false; 2 * n - 1],
        ],
        first: Vec::new(),
        count: 0,
    };
    queens.go(0);
    let mut out = String::new();
    for placement in &queens.first {
        let columns: Vec<String> = placement.iter().map(|c| (c + 1).to_string()).collect();
        out.push_str(&columns.join(" "));
        out.push('\n');
    }
    out.push_str(&format!("{}\n", queens.count));
    Ok(out)
}

/// A board size from 1 to 10 (the larger ones are the committed cases).
pub fn generate(rng: &mut Rng) -> String {
    format!("{}\n", rng.between(1, 10))
}

/// The size of an input is n.
pub fn size(input: &str, _expected: &str) -> usize {
    parse(input).unwrap_or(usize::MAX)
}

/// Smaller inputs: every smaller n.
pub fn shrink(input: &str) -> Vec<String> {
    let n = parse(input).unwrap_or(0);
    (1..n).rev().map(|m| format!("{m}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_answers_the_statement_sample() {
        assert_eq!(
            reference("6").unwrap(),
            "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n4\n"
        );
    }

    #[test]
    fn counts_are_the_known_ones() {
        // n = 1..12; 13 (73712) is a committed case, recomputed by tests/references.rs.
        let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
        for (n, count) in (1..).zip(known) {
            let answer = reference(&n.to_string()).unwrap();
            assert_eq!(
                answer.lines().last(),
                Some(count.to_string().as_str()),
                "n = {n}"
            );
            assert_eq!(answer.lines().count(), 1 + count.min(3), "n = {n}");
        }
    }

    #[test]
    fn bad_input_is_declined() {
        for bad in ["", "0", "14", "6 7", "six", "+6", "-1"] {
            assert!(reference(bad).is_err(), "{bad:?}");
        }
        assert_eq!(parse("\r\n\r\n 8 \r\n\r\n"), Ok(8));
    }

    #[test]
    fn committed_cases_cover_every_n() {
        let mut seen = Vec::new();
        for (name, input, _) in crate::verdict::committed_cases("p1219") {
            let n = parse(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
            if let Some(number) = name.strip_prefix("n-") {
                assert_eq!(number.parse(), Ok(n), "{name}");
                seen.push(n);
            }
        }
        seen.sort_unstable();
        assert_eq!(seen, (1..=MAX_N).collect::<Vec<_>>());
    }
}
