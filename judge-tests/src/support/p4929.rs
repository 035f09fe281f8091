//! Luogu P4929 (the dancing-links template) from the judge's side: an
//! exact-cover search on bit sets as the reference, the problem's own
//! checker (any exact cover, rows in any order), a generator of small
//! matrices (half of them with a planted cover), a shrinker.
//!
//! ```
//! use judge_tests::support::p4929;
//! let input = "3 3\n0 0 1\n1 0 0\n0 1 0\n";
//! assert_eq!(p4929::reference(input).unwrap(), "2 3 1\n");
//! assert!(p4929::check(input, "2 3 1\n", "1 2 3\n").is_ok());
//! assert!(p4929::check(input, "2 3 1\n", "1 2\n").is_err());
//! ```
//!
//! The reference is Algorithm X on sets: the live rows are a bit set, and
//! choosing a row removes every row that meets it (one precomputed bit set
//! per row), each removed row taking one off the live count of its columns
//! (a fresh copy per level, nothing to undo). It branches on the uncovered
//! column with the fewest live rows, the leftmost on ties, tries those rows
//! top to bottom and prints the rows of the first cover in the order it
//! chose them.
//!
//! The [`Matrix`] is the kit's ([`super::matrix`]).

use super::matrix::Matrix;
use super::{Class, Generator, OwnChecker, Support};
use crate::compare::{relaxed_lines, visible, Mismatch};
use crate::rng::Rng;

/// What the harness knows of Luogu P4929.
pub const SUPPORT: Support = Support {
    id: "p4929",
    reference: Some(reference),
    generator: Some(Generator {
        generate,
        shrink,
        size,
    }),
    checker: Some(OwnChecker {
        about: "any exact cover: existing, distinct rows covering every column once, in any order",
        check,
    }),
    classes: &CLASSES,
};

/// The hard class (issue 32, reported, not required): exact cover by
/// random 3-sets near the threshold where a cover stops existing, which
/// no deduction shortens for a search.
pub const CLASSES: [Class; 1] = [Class {
    name: "threshold-3sets",
    about: "500 rows of three random columns each, 180 to 220 columns",
    generate: |rng| format(&three_sets(rng)),
}];

/// 500 rows, each three distinct random columns of 180 to 220.
pub fn three_sets(rng: &mut Rng) -> Matrix {
    let columns = rng.between(180, 220);
    let rows = (0..MAX_SIDE)
        .map(|_| {
            let mut row = vec![0u8; columns];
            let mut placed = 0;
            while placed < 3 {
                let c = rng.below(columns);
                placed += usize::from(row[c] == 0);
                row[c] = 1;
            }
            row
        })
        .collect();
    Matrix { columns, rows }
}

/// Whether the matrix has an exact cover, by a SAT model (batsat): a
/// variable per row, each column in exactly one chosen row. The search
/// below takes minutes on some matrices of [`three_sets`] with no cover.
pub fn coverable(matrix: &Matrix) -> bool {
    use batsat::{lbool, BasicSolver, Lit, SolverInterface};
    let mut solver = BasicSolver::default();
    let chosen: Vec<Lit> = (0..matrix.rows.len())
        .map(|_| Lit::new(solver.new_var_default(), true))
        .collect();
    for c in 0..matrix.columns {
        let rows: Vec<Lit> = (0..matrix.rows.len())
            .filter(|&r| matrix.rows[r][c] == 1)
            .map(|r| chosen[r])
            .collect();
        solver.add_clause_reuse(&mut rows.clone());
        for (k, &a) in rows.iter().enumerate() {
            for &b in &rows[k + 1..] {
                solver.add_clause_reuse(&mut vec![!a, !b]);
            }
        }
    }
    solver.solve_limited(&[]) == lbool::TRUE
}

/// The answer when no rows cover every column exactly once.
pub const NO_SOLUTION: &str = "No Solution!";

/// The statement's bounds: N and M at most 500, at most 5000 ones.
pub const MAX_SIDE: usize = 500;
/// At most this many ones in the matrix.
pub const MAX_ONES: usize = 5000;

/// Reads `N M` and the matrix, as whitespace-separated tokens.
pub fn parse(input: &str) -> Result<Matrix, String> {
    let mut tokens = input.split_ascii_whitespace();
    let mut side = |what: &str| {
        let token = tokens.next().ok_or(format!("{what} missing"))?;
        token
            .parse::<usize>()
            .ok()
            .filter(|v| (1..=MAX_SIDE).contains(v) && !token.starts_with(['0', '+']))
            .ok_or(format!("bad {what} {token:?}"))
    };
    let (n, m) = (side("N")?, side("M")?);
    let matrix = Matrix::read(&mut tokens, n, m).map_err(|e| e.to_string())?;
    if let Some(extra) = tokens.next() {
        return Err(format!("{extra:?} after the matrix"));
    }
    let ones = matrix.rows.iter().flatten().filter(|&&e| e == 1).count();
    if ones > MAX_ONES {
        return Err(format!("{ones} ones, more than {MAX_ONES}"));
    }
    Ok(matrix)
}

/// Writes a matrix in the input format.
pub fn format(matrix: &Matrix) -> String {
    let mut text = String::new();
    matrix.write(&mut text);
    text
}

/// A set of rows, 64 a word.
type Rows = Vec<u64>;

/// The search state that does not change: per column the rows holding it,
/// per row its columns and the rows that meet it (itself included).
struct Search {
    rows_of: Vec<Rows>,
    columns_of: Vec<Vec<usize>>,
    meets: Vec<Rows>,
    uncovered: Vec<bool>,
    chosen: Vec<usize>,
}

fn members(set: &Rows) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(w, &word)| {
        (0..64)
            .filter(move |b| word & (1 << b) != 0)
            .map(move |b| w * 64 + b)
    })
}

impl Search {
    fn new(matrix: &Matrix) -> Search {
        let words = matrix.rows.len().div_ceil(64);
        let mut rows_of = vec![vec![0u64; words]; matrix.columns];
        let columns_of: Vec<Vec<usize>> = (0..matrix.rows.len()).map(|r| matrix.ones(r)).collect();
        for (r, columns) in columns_of.iter().enumerate() {
            for &c in columns {
                rows_of[c][r / 64] |= 1 << (r % 64);
            }
        }
        let meets = columns_of
            .iter()
            .map(|columns| {
                let mut set = vec![0u64; words];
                for &c in columns {
                    set.iter_mut().zip(&rows_of[c]).for_each(|(s, r)| *s |= r);
                }
                set
            })
            .collect();
        Search {
            rows_of,
            columns_of,
            meets,
            uncovered: vec![true; matrix.columns],
            chosen: Vec::new(),
        }
    }

    /// Whether the uncovered columns can be covered by rows of `live`
    /// (`counts[c]`: how many of them hold column c); when they can,
    /// `chosen` holds the rows.
    fn go(&mut self, live: &Rows, counts: &[u32]) -> bool {
        let mut best: Option<(u32, usize)> = None;
        for c in (0..self.uncovered.len()).filter(|&c| self.uncovered[c]) {
            if best.is_none_or(|(fewest, _)| counts[c] < fewest) {
                best = Some((counts[c], c));
            }
        }
        let Some((fewest, column)) = best else {
            return true;
        };
        if fewest == 0 {
            return false;
        }
        let candidates: Rows = self.rows_of[column]
            .iter()
            .zip(live)
            .map(|(a, b)| a & b)
            .collect();
        for r in members(&candidates) {
            let gone: Rows = live
                .iter()
                .zip(&self.meets[r])
                .map(|(l, m)| l & m)
                .collect();
            let rest: Rows = live.iter().zip(&gone).map(|(l, g)| l & !g).collect();
            let mut fewer = counts.to_vec();
            for x in members(&gone) {
                self.columns_of[x].iter().for_each(|&c| fewer[c] -= 1);
            }
            self.toggle(r);
            self.chosen.push(r);
            if self.go(&rest, &fewer) {
                return true;
            }
            self.chosen.pop();
            self.toggle(r);
        }
        false
    }

    /// Marks the columns of row `r` covered, or uncovered again.
    fn toggle(&mut self, r: usize) {
        for &c in &self.columns_of[r] {
            self.uncovered[c] = !self.uncovered[c];
        }
    }
}

/// The rows (from 0) of the first exact cover found, in the order chosen.
pub fn first_cover(matrix: &Matrix) -> Option<Vec<usize>> {
    let mut search = Search::new(matrix);
    let mut live = vec![0u64; matrix.rows.len().div_ceil(64)];
    for r in (0..matrix.rows.len()).filter(|&r| !search.columns_of[r].is_empty()) {
        live[r / 64] |= 1 << (r % 64);
    }
    let counts: Vec<u32> = search
        .rows_of
        .iter()
        .map(|rows| rows.iter().map(|w| w.count_ones()).sum())
        .collect();
    search.go(&live, &counts).then_some(search.chosen)
}

/// The expected output: the rows of a cover numbered from 1, or `No Solution!`.
pub fn reference(input: &str) -> Result<String, String> {
    let matrix = parse(input)?;
    if !coverable(&matrix) {
        return Ok(format!("{NO_SOLUTION}\n"));
    }
    Ok(match first_cover(&matrix) {
        Some(rows) => {
            let numbers: Vec<String> = rows.iter().map(|r| (r + 1).to_string()).collect();
            numbers.join(" ") + "\n"
        }
        None => format!("{NO_SOLUTION}\n"),
    })
}

/// An answer: `None` for `No Solution!`, else the row numbers as written.
type Answer = Option<Vec<usize>>;

/// Reads one line (trailing blanks and blank lines ignored): `No Solution!`
/// or row numbers separated by blanks.
fn read_answer(text: &str) -> Result<Answer, Mismatch> {
    let lines = relaxed_lines(text);
    let [line] = lines.as_slice() else {
        return Err(Mismatch::new(format!(
            "expected one line, found {}",
            lines.len()
        )));
    };
    if *line == NO_SOLUTION {
        return Ok(None);
    }
    let number = |token: &str| {
        token
            .parse::<usize>()
            .ok()
            .filter(|_| token.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| Mismatch::new(format!("not a row number: {}", visible(token))))
    };
    let numbers: Vec<usize> = line
        .split_whitespace()
        .map(number)
        .collect::<Result<_, _>>()?;
    if numbers.is_empty() {
        return Err(Mismatch::new(format!(
            "expected row numbers or `{NO_SOLUTION}`, found {}",
            visible(line)
        )));
    }
    Ok(Some(numbers))
}

/// Whether `numbers` (from 1) are distinct rows covering every column once.
fn exact_cover(matrix: &Matrix, numbers: &[usize]) -> Result<(), Mismatch> {
    let n = matrix.rows.len();
    let mut covered_by = vec![0usize; matrix.columns];
    let mut taken = vec![false; n];
    for &number in numbers {
        if number == 0 || number > n {
            return Err(Mismatch::new(format!(
                "row {number} does not exist (N = {n})"
            )));
        }
        if std::mem::replace(&mut taken[number - 1], true) {
            return Err(Mismatch::new(format!("row {number} is chosen twice")));
        }
        for c in matrix.ones(number - 1) {
            if covered_by[c] != 0 {
                return Err(Mismatch::new(format!(
                    "column {} is covered by rows {} and {number}",
                    c + 1,
                    covered_by[c]
                )));
            }
            covered_by[c] = number;
        }
    }
    match covered_by.iter().position(|&row| row == 0) {
        Some(c) => Err(Mismatch::new(format!("column {} is not covered", c + 1))),
        None => Ok(()),
    }
}

/// The problem's own checker: any exact cover, rows in any order; `No
/// Solution!` only when the expected output (the reference's) says so.
pub fn check(input: &str, expected: &str, actual: &str) -> Result<(), Mismatch> {
    let matrix = parse(input).map_err(|e| Mismatch::new(format!("input: {e}")))?;
    let want = read_answer(expected).map_err(Mismatch::in_expected)?;
    match (want, read_answer(actual)?) {
        (None, None) => Ok(()),
        (Some(_), None) => Err(Mismatch::new(format!(
            "expected an exact cover, got `{NO_SOLUTION}`"
        ))),
        (None, Some(got)) => {
            let verdict = match exact_cover(&matrix, &got) {
                Ok(()) => "the rows are an exact cover: is the expected output wrong?".to_string(),
                Err(why) => why.summary,
            };
            Err(Mismatch::new(format!("expected `{NO_SOLUTION}`, got rows")).with(verdict))
        }
        (Some(_), Some(got)) => exact_cover(&matrix, &got),
    }
}

/// A small matrix (N ≤ 8, M ≤ 8), half of them with a planted cover.
pub fn generate(rng: &mut Rng) -> String {
    let (n, m) = (rng.between(1, 8), rng.between(1, 8));
    let percent = rng.between(10, 60);
    let plant = rng.below(2) == 0;
    format(&Matrix::random(rng, n, m, percent, plant))
}

/// The size of an input: its rows, columns, cells and ones.
pub fn size(input: &str, _expected: &str) -> usize {
    parse(input).map_or(usize::MAX, |matrix| matrix.size())
}

/// Smaller inputs: a row or a column dropped (one of each stays), or a 1
/// turned into a 0.
pub fn shrink(input: &str) -> Vec<String> {
    let Ok(matrix) = parse(input) else {
        return Vec::new();
    };
    matrix.smaller(1).iter().map(format).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sat_model_agrees_with_the_search_and_three_sets_are_sets_of_three() {
        let mut rng = Rng::new(9);
        for _ in 0..200 {
            let plant = rng.below(2) == 0;
            let matrix = Matrix::random(&mut rng, 6, 6, 30, plant);
            assert_eq!(
                coverable(&matrix),
                first_cover(&matrix).is_some(),
                "{matrix:?}"
            );
        }
        let matrix = three_sets(&mut rng);
        assert_eq!(matrix.rows.len(), MAX_SIDE);
        assert!((180..=220).contains(&matrix.columns));
        assert!(matrix
            .rows
            .iter()
            .all(|r| r.iter().filter(|&&e| e == 1).count() == 3));
    }

    const SAMPLE_IN: &str = "3 3\n0 0 1\n1 0 0\n0 1 0\n";

    /// Every exact cover, by trying every set of rows (small matrices only).
    fn every_cover(matrix: &Matrix) -> Vec<Vec<usize>> {
        let n = matrix.rows.len();
        (0..1usize << n)
            .map(|set| (1..=n).filter(|r| set & (1 << (r - 1)) != 0).collect())
            .filter(|numbers: &Vec<usize>| exact_cover(matrix, numbers).is_ok())
            .collect()
    }

    #[test]
    fn reference_answers_the_sample_as_the_statement_prints_it() {
        assert_eq!(reference(SAMPLE_IN).unwrap(), "2 3 1\n");
    }

    #[test]
    fn reference_agrees_with_trying_every_set_of_rows() {
        let mut rng = Rng::new(17);
        for _ in 0..300 {
            let input = generate(&mut rng);
            let matrix = parse(&input).unwrap();
            let covers = every_cover(&matrix);
            match first_cover(&matrix) {
                None => assert!(covers.is_empty(), "{input}"),
                Some(rows) => {
                    let mut numbers: Vec<usize> = rows.iter().map(|r| r + 1).collect();
                    numbers.sort_unstable();
                    assert!(covers.contains(&numbers), "{input}");
                }
            }
        }
    }

    #[test]
    fn checker_accepts_any_order_and_rejects_what_is_not_a_cover() {
        let expected = "2 3 1\n";
        for good in ["2 3 1", "1 2 3\n", "3  1 2  \n\n"] {
            assert!(check(SAMPLE_IN, expected, good).is_ok(), "{good}");
        }
        let why = |actual: &str| check(SAMPLE_IN, expected, actual).unwrap_err().summary;
        assert_eq!(why("1 2\n"), "column 2 is not covered");
        assert_eq!(why("1 2 3 1\n"), "row 1 is chosen twice");
        assert_eq!(why("1 2 4\n"), "row 4 does not exist (N = 3)");
        assert_eq!(why("0 1 2 3\n"), "row 0 does not exist (N = 3)");
        assert!(why("1 2 x\n").contains("not a row number"));
        assert!(why("1 2\n3\n").contains("one line"));
        assert!(why("").contains("one line"));
        assert!(why("No Solution!\n").contains("expected an exact cover"));
        // Two rows on one column.
        let input = "2 1\n1\n1\n";
        assert!(check(input, "1\n", "2\n").is_ok());
        assert_eq!(
            check(input, "1\n", "1 2\n").unwrap_err().summary,
            "column 1 is covered by rows 1 and 2"
        );
    }

    #[test]
    fn no_solution_is_right_only_when_expected() {
        let input = "3 3\n1 1 0\n0 1 1\n1 0 1\n";
        assert_eq!(reference(input).unwrap(), "No Solution!\n");
        assert!(check(input, "No Solution!\n", "No Solution!").is_ok());
        let wrong = check(input, "No Solution!\n", "1 3\n").unwrap_err();
        assert!(wrong.summary.contains("expected `No Solution!`"), "{wrong}");
        assert!(check(input, "No Solution!\n", "No solution!\n").is_err());
    }

    #[test]
    fn rows_of_zeros_keep_their_numbers() {
        assert_eq!(reference("4 2\n0 0\n0 1\n0 0\n1 0\n").unwrap(), "4 2\n");
        assert_eq!(
            reference("2 2\r\n0 0\r\n0 0\r\n").unwrap(),
            "No Solution!\n"
        );
    }

    #[test]
    fn bad_input_is_declined() {
        for bad in [
            "", "0 1", "1 501", "1 1", "1 1 2", "1 1 1 1", "1 2 0 01", "+1 1 1",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        let too_many = format(&Matrix {
            columns: MAX_SIDE,
            rows: vec![vec![1; MAX_SIDE]; 11],
        });
        assert!(parse(&too_many).is_err());
    }

    #[test]
    fn committed_cases_keep_to_the_statement() {
        for (name, input, expected) in crate::verdict::committed_cases("p4929") {
            let matrix = parse(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
            if name.starts_with("max-size") {
                let ones = matrix.rows.iter().flatten().filter(|&&e| e == 1).count();
                assert_eq!(
                    (matrix.rows.len(), matrix.columns, ones),
                    (MAX_SIDE, MAX_SIDE, MAX_ONES)
                );
            }
            let none = expected.trim() == NO_SOLUTION;
            assert_eq!(name.contains("no-solution"), none, "{name}");
            if name.starts_with("crlf") {
                assert!(input.contains("\r\n"), "{name}");
            }
        }
    }
}
