//! POJ 3740 (Easy Finding) from the judge's side: a brute-force reference
//! over every set of rows, a generator of small matrices (half of them with
//! a planted exact cover), a shrinker.
//!
//! ```
//! use judge_tests::problems::poj3740;
//! let answer = poj3740::reference("2 2\n1 0\n0 1\n1 2\n1 1\n").unwrap();
//! assert_eq!(answer, "Yes, I found it\nYes, I found it\n");
//! assert_eq!(poj3740::reference("2 2 1 0 1 0").unwrap(), "It is impossible\n");
//! ```
//!
//! With M ≤ 16 the reference can afford all 2^M sets of rows: a set is an
//! exact cover when its rows hold N ones in all (a table built set by set)
//! and, for the few sets where they do, their union is every column.

use crate::rng::Rng;

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

/// One case: `n` columns and the rows, each `n` entries 0 or 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// N, kept apart from the rows since M may be 0.
    pub n: usize,
    /// M rows of N entries.
    pub rows: Vec<Vec<u8>>,
}

/// Reads every case to the end of the input, as whitespace-separated tokens.
pub fn parse(input: &str) -> Result<Vec<Case>, String> {
    let mut tokens = input.split_ascii_whitespace();
    let mut cases = Vec::new();
    while let Some(first) = tokens.next() {
        let k = cases.len() + 1;
        let m = bounded(first, MAX_ROWS).ok_or(format!("case {k}: bad M {first:?}"))?;
        let second = tokens.next().ok_or(format!("case {k}: N missing"))?;
        let n = bounded(second, MAX_COLUMNS).ok_or(format!("case {k}: bad N {second:?}"))?;
        let mut rows = Vec::with_capacity(m);
        for r in 0..m {
            let mut row = Vec::with_capacity(n);
            for c in 0..n {
                match tokens.next() {
                    Some("0") => row.push(0),
                    Some("1") => row.push(1),
                    other => {
                        return Err(format!(
                            "case {k}: row {}, column {}: expected 0 or 1, found {other:?}",
                            r + 1,
                            c + 1
                        ))
                    }
                }
            }
            rows.push(row);
        }
        cases.push(Case { n, rows });
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
pub fn format(cases: &[Case]) -> String {
    let mut text = String::new();
    for case in cases {
        text.push_str(&format!("{} {}\n", case.rows.len(), case.n));
        for row in &case.rows {
            let entries: Vec<&str> = row
                .iter()
                .map(|&e| if e == 1 { "1" } else { "0" })
                .collect();
            text.push_str(&entries.join(" "));
            text.push('\n');
        }
    }
    text
}

/// Whether some set of rows holds exactly one 1 in every column, by trying
/// all of them.
pub fn coverable(case: &Case) -> bool {
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
    let words = case.n.div_ceil(64);
    let mask = |row: &[u8]| {
        let mut bits = vec![0u64; words];
        for c in (0..row.len()).filter(|&c| row[c] == 1) {
            bits[c / 64] |= 1 << (c % 64);
        }
        bits
    };
    let masks: Vec<Vec<u64>> = case.rows.iter().map(|row| mask(row)).collect();
    let full = mask(&vec![1; case.n]);
    let covers = |set: usize| {
        let mut union = vec![0u64; words];
        let chosen = (0..m).filter(|r| set & (1 << r) != 0);
        for bits in chosen.map(|r| &masks[r]) {
            union.iter_mut().zip(bits).for_each(|(u, b)| *u |= b);
        }
        union == full
    };
    (0..weight.len()).any(|set| weight[set] == case.n && covers(set))
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

/// A random case of `m` rows and `n` columns, entries 1 with probability
/// `percent`%; with `plant`, some of the rows (at least one when there are
/// rows) first get a partition of the columns, so that it is coverable.
pub fn random_case(rng: &mut Rng, m: usize, n: usize, percent: usize, plant: bool) -> Case {
    let mut rows: Vec<Vec<u8>> = (0..m)
        .map(|_| (0..n).map(|_| u8::from(rng.below(100) < percent)).collect())
        .collect();
    if plant && m > 0 {
        let mut order: Vec<usize> = (0..m).collect();
        rng.shuffle(&mut order);
        let parts = &order[..rng.between(1, m)];
        for &r in parts {
            rows[r].iter_mut().for_each(|e| *e = 0);
        }
        let owners: Vec<usize> = (0..n).map(|_| parts[rng.below(parts.len())]).collect();
        for (c, &r) in owners.iter().enumerate() {
            rows[r][c] = 1;
        }
    }
    Case { n, rows }
}

/// One to three small cases (M ≤ 6, N ≤ 8), half of them with a planted cover.
pub fn generate(rng: &mut Rng) -> String {
    let cases: Vec<Case> = (0..rng.between(1, 3))
        .map(|_| {
            let (m, n) = (rng.between(0, 6), rng.between(0, 8));
            let percent = rng.between(10, 60);
            let plant = rng.below(2) == 0;
            random_case(rng, m, n, percent, plant)
        })
        .collect();
    format(&cases)
}

/// The size of an input: per case, one, its rows, columns, cells and ones.
pub fn size(input: &str, _expected: &str) -> usize {
    let Ok(cases) = parse(input) else {
        return usize::MAX;
    };
    let case_size = |case: &Case| {
        let m = case.rows.len();
        let ones: usize = case.rows.iter().flatten().map(|&e| usize::from(e)).sum();
        1 + m + case.n + m * case.n + ones
    };
    cases.iter().map(case_size).sum()
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
        let case = &cases[k];
        let mut with = |smaller: Case| {
            let mut all = cases.clone();
            all[k] = smaller;
            candidates.push(format(&all));
        };
        for r in 0..case.rows.len() {
            let mut smaller = case.clone();
            smaller.rows.remove(r);
            with(smaller);
        }
        for c in 0..case.n {
            let mut smaller = case.clone();
            smaller.n -= 1;
            smaller.rows.iter_mut().for_each(|row| {
                row.remove(c);
            });
            with(smaller);
        }
        for r in 0..case.rows.len() {
            for c in (0..case.n).filter(|&c| case.rows[r][c] == 1) {
                let mut smaller = case.clone();
                smaller.rows[r][c] = 0;
                with(smaller);
            }
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
            assert!(coverable(&random_case(&mut rng, m, n, 30, true)));
        }
    }

    #[test]
    fn the_largest_case_is_quick() {
        let mut rng = Rng::new(9);
        let case = random_case(&mut rng, MAX_ROWS, MAX_COLUMNS, 5, false);
        let text = format(&[case]);
        assert_eq!(parse(&text).unwrap()[0].rows.len(), MAX_ROWS);
        assert!(reference(&text).is_ok());
    }

    #[test]
    fn committed_cases_keep_to_the_statement() {
        for (name, input, _) in crate::judge::committed_cases("poj3740") {
            let cases = parse(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
            if name == "many-cases" {
                assert_eq!(cases.len(), MAX_CASES, "{name}");
                let largest = |c: &&Case| c.rows.len() == MAX_ROWS && c.n == MAX_COLUMNS;
                assert!(cases.iter().any(|c| largest(&c)), "{name}");
            }
            if name == "crlf" {
                assert!(input.contains("\r\n"), "{name}");
            }
        }
    }
}
