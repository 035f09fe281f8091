//! POJ 3740 (Easy Finding) from the judge's side: a brute-force reference
//! over every set of rows, a generator of small matrices (half of them with
//! a planted exact cover), a shrinker.
//!
//! ```
//! use judge_tests::support::poj3740;
//! let answer = poj3740::reference("2 2\n1 0\n0 1\n1 2\n1 1\n").unwrap();
//! assert_eq!(answer, "Yes, I found it\nYes, I found it\n");
//! assert_eq!(poj3740::reference("2 2 1 0 1 0").unwrap(), "It is impossible\n");
//! ```
//!
//! With M ≤ 16 the reference can afford all 2^M sets of rows: a set is an
//! exact cover when its rows hold N ones in all (a table built set by set)
//! and, for the few sets where they do, their union is every column.
//!
//! A case (M rows of N entries) is a [`Matrix`] of the kit
//! [`super::matrix`], whose reading, writing, random generation and
//! shrinking it uses.

use super::matrix::Matrix;
use super::{Generator, Support};
use crate::rng::Rng;

/// What the harness knows of POJ 3740.
pub const SUPPORT: Support = Support {
    id: "poj3740",
    reference: Some(reference),
    generator: Some(Generator {
        generate,
        shrink,
        size,
    }),
    checker: None,
    classes: &[],
};

/// The answer when some rows cover every column exactly once.
pub const FOUND: &str = "Yes, I found it";
/// The answer when no rows do.
pub const IMPOSSIBLE: &str = "It is impossible";

/// The statement's bounds: rows, columns, cases per input.
pub const MAX_ROWS: usize = 16;
/// At most this many columns.
pub const MAX_COLUMNS: usize = 300;
/// At most this many cases in one input.
pub const MAX_CASES: usize = 500;

/// Reads every case to the end of the input, as whitespace-separated tokens.
pub fn parse(input: &str) -> Result<Vec<Matrix>, String> {
    let mut tokens = input.split_ascii_whitespace();
    let mut cases = Vec::new();
    while let Some(first) = tokens.next() {
        let k = cases.len() + 1;
        let m = bounded(first, MAX_ROWS).ok_or(format!("case {k}: bad M {first:?}"))?;
        let second = tokens.next().ok_or(format!("case {k}: N missing"))?;
        let n = bounded(second, MAX_COLUMNS).ok_or(format!("case {k}: bad N {second:?}"))?;
        let case = Matrix::read(&mut tokens, m, n).map_err(|e| format!("case {k}: {e}"))?;
        cases.push(case);
    }
    if cases.len() > MAX_CASES {
        return Err(format!("{} cases, more than {MAX_CASES}", cases.len()));
    }
    Ok(cases)
}

/// A decimal number from 0 to `max`, written without sign or leading zeros.
fn bounded(token: &str, max: usize) -> Option<usize> {
    let plain =
        token.bytes().all(|b| b.is_ascii_digit()) && (token == "0" || !token.starts_with('0'));
    let value: usize = token.parse().ok().filter(|_| plain)?;
    (value <= max).then_some(value)
}

/// Writes cases in the input format, one row a line.
pub fn format(cases: &[Matrix]) -> String {
    let mut text = String::new();
    for case in cases {
        case.write(&mut text);
    }
    text
}

/// Whether some set of rows holds exactly one 1 in every column, by trying
/// all of them.
pub fn coverable(case: &Matrix) -> bool {
    let m = case.rows.len();
    let ones: Vec<usize> = case
        .rows
        .iter()
        .map(|row| row.iter().filter(|&&e| e == 1).count())
        .collect();
    // weight[set] = the ones in the rows of `set`, from the set without its lowest row.
    let mut weight = vec![0usize; 1 << m];
    for set in 1..weight.len() {
        weight[set] = weight[set & (set - 1)] + ones[set.trailing_zeros() as usize];
    }
    // The rows as bit masks, 64 columns a word; `full` has every column.
    let words = case.columns.div_ceil(64);
    let mask = |row: &[u8]| {
        let mut bits = vec![0u64; words];
        for c in (0..row.len()).filter(|&c| row[c] == 1) {
            bits[c / 64] |= 1 << (c % 64);
        }
        bits
    };
    let masks: Vec<Vec<u64>> = case.rows.iter().map(|row| mask(row)).collect();
    let full = mask(&vec![1; case.columns]);
    let covers = |set: usize| {
        let mut union = vec![0u64; words];
        let chosen = (0..m).filter(|r| set & (1 << r) != 0);
        for bits in chosen.map(|r| &masks[r]) {
            union.iter_mut().zip(bits).for_each(|(u, b)| *u |= b);
        }
        union == full
    };
    (0..weight.len()).any(|set| weight[set] == case.columns && covers(set))
}

/// The expected output: one line per case.
pub fn reference(input: &str) -> Result<String, String> {
    let mut out = String::new();
    for case in parse(input)? {
        out.push_str(if coverable(&case) { FOUND } else { IMPOSSIBLE });
        out.push('\n');
    }
    Ok(out)
}

/// One to three small cases (M ≤ 6, N ≤ 8), half of them with a planted cover.
pub fn generate(rng: &mut Rng) -> String {
    let cases: Vec<Matrix> = (0..rng.between(1, 3))
        .map(|_| {
            let (m, n) = (rng.between(0, 6), rng.between(0, 8));
            let percent = rng.between(10, 60);
            let plant = rng.below(2) == 0;
            Matrix::random(rng, m, n, percent, plant)
        })
        .collect();
    format(&cases)
}

/// The size of an input: per case, one, its rows, columns, cells and ones.
pub fn size(input: &str, _expected: &str) -> usize {
    parse(input).map_or(usize::MAX, |cases| {
        cases.iter().map(|case| 1 + case.size()).sum()
    })
}

/// Smaller inputs: a case dropped, or in one case a row or a column
/// dropped or a 1 turned into a 0.
pub fn shrink(input: &str) -> Vec<String> {
    let Ok(cases) = parse(input) else {
        return Vec::new();
    };
    let mut candidates = Vec::new();
    for k in 0..cases.len() {
        if cases.len() > 1 {
            let mut fewer = cases.clone();
            fewer.remove(k);
            candidates.push(format(&fewer));
        }
        for smaller in cases[k].smaller(0) {
            let mut all = cases.clone();
            all[k] = smaller;
            candidates.push(format(&all));
        }
    }
    candidates
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE_IN: &str = "3 3\n0 1 0\n0 0 1\n1 0 0\n4 4\n0 0 0 1\n1 0 0 0\n1 1 0 1\n0 1 0 0\n";

    #[test]
    fn reference_answers_the_statement_sample() {
        assert_eq!(
            reference(SAMPLE_IN).unwrap(),
            "Yes, I found it\nIt is impossible\n"
        );
    }

    #[test]
    fn edge_cases() {
        // No columns: the empty set of rows covers them; no rows: nothing does.
        assert_eq!(
            reference("0 0\n3 0\n\n\n\n").unwrap(),
            format!("{FOUND}\n{FOUND}\n")
        );
        assert_eq!(reference("0 2").unwrap(), format!("{IMPOSSIBLE}\n"));
        // A column of zeros.
        assert_eq!(reference("2 2 1 0 1 0").unwrap(), format!("{IMPOSSIBLE}\n"));
        // Pairwise overlapping rows: every column covered, never exactly once.
        assert_eq!(
            reference("3 3 1 1 0 0 1 1 1 0 1").unwrap(),
            format!("{IMPOSSIBLE}\n")
        );
        assert_eq!(reference("").unwrap(), "");
    }

    #[test]
    fn bad_input_is_declined() {
        assert!(reference("17 1").is_err());
        assert!(reference("1 301").is_err());
        assert!(reference("1 2 0").is_err());
        assert!(reference("1 2 0 2").is_err());
        assert!(reference("1 1 01").is_err());
        assert!(reference(&"0 0\n".repeat(MAX_CASES + 1)).is_err());
    }

    #[test]
    fn planted_cases_are_coverable() {
        let mut rng = Rng::new(5);
        for _ in 0..50 {
            let (m, n) = (rng.between(1, MAX_ROWS), rng.between(0, 40));
            assert!(coverable(&Matrix::random(&mut rng, m, n, 30, true)));
        }
    }

    #[test]
    fn the_largest_case_is_quick() {
        let mut rng = Rng::new(9);
        let case = Matrix::random(&mut rng, MAX_ROWS, MAX_COLUMNS, 5, false);
        let text = format(&[case]);
        assert_eq!(parse(&text).unwrap()[0].rows.len(), MAX_ROWS);
        assert!(reference(&text).is_ok());
    }

    #[test]
    fn committed_cases_keep_to_the_statement() {
        for (name, input, _) in crate::verdict::committed_cases("poj3740") {
            let cases = parse(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
            if name == "many-cases" {
                assert_eq!(cases.len(), MAX_CASES, "{name}");
                let largest = |c: &&Matrix| c.rows.len() == MAX_ROWS && c.columns == MAX_COLUMNS;
                assert!(cases.iter().any(|c| largest(&c)), "{name}");
            }
            if name == "crlf" {
                assert!(input.contains("\r\n"), "{name}");
            }
        }
    }
}
