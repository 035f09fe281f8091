//! SPOJ NQUEEN (Yet Another N-Queen Problem) from the judge's side: a
//! checker that accepts any completion, a bitmask search as the
//! reference, and a hard class of boards with a third of a solution given.
//!
//! ```
//! use judge_tests::support::spoj_nqueen;
//! let input = "4 0 0 0 0\n";
//! assert!(spoj_nqueen::check_answer(input, "", "3 1 4 2\n").is_ok());
//! assert!(spoj_nqueen::check_answer(input, "", "1 2 3 4\n").is_err());
//! let expected = spoj_nqueen::reference(input).unwrap();
//! assert!(spoj_nqueen::check_answer(input, "", &expected).is_ok());
//! ```
//!
//! The reference fills, at each step, the row with the fewest free
//! columns (columns and both diagonals as bitmasks), trying its columns
//! left to right; it shares nothing with `library/`. The statement accepts
//! any completion, so the checker ([`check_answer`]) checks the queens of
//! each line and never compares with the reference's.

use super::{Class, Generator, OwnChecker, Support};
use crate::compare::Mismatch;
use crate::rng::Rng;

/// What the harness knows of this problem.
pub const SUPPORT: Support = Support {
    id: "spoj-nqueen",
    reference: Some(reference),
    generator: Some(Generator {
        generate,
        shrink,
        size,
    }),
    checker: Some(OwnChecker {
        about: "one line per board: N columns, a non-attacking placement keeping the given queens",
        check: check_answer,
    }),
    classes: &CLASSES,
};

/// The hard class.
pub const CLASSES: [Class; 1] = [Class {
    name: "partial-solutions",
    about: "ten boards of 30 to 50, each a random solution with a third of its queens given",
    generate: |rng| {
        let boards: Vec<Vec<usize>> = (0..10)
            .map(|_| {
                let n = rng.between(30, 50);
                partial(rng, n, 3)
            })
            .collect();
        format(&boards)
    },
}];

/// The boards of an input: the given column of each row, 0 for none.
pub fn parse(input: &str) -> Result<Vec<Vec<usize>>, String> {
    let mut boards = Vec::new();
    for (k, line) in input
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let numbers: Vec<usize> = line
            .split_ascii_whitespace()
            .map(|t| {
                t.parse()
                    .map_err(|_| format!("line {}: not a number: {t:?}", k + 1))
            })
            .collect::<Result<_, _>>()?;
        let n = numbers[0];
        if !(1..=50).contains(&n) || numbers.len() != n + 1 || numbers[1..].iter().any(|&c| c > n) {
            return Err(format!("line {}: not N and N columns of 0 to N", k + 1));
        }
        boards.push(numbers[1..].to_vec());
    }
    Ok(boards)
}

/// The input text of `boards`.
pub fn format(boards: &[Vec<usize>]) -> String {
    boards
        .iter()
        .map(|b| {
            let columns: Vec<String> = b.iter().map(|c| c.to_string()).collect();
            format!("{} {}\n", b.len(), columns.join(" "))
        })
        .collect()
}

/// A placement keeping `given` (columns from 1, 0 for none): each step
/// takes the open row or open column with the fewest free squares and
/// tries them in order (Knuth's choice of the line with fewest options).
pub fn place(given: &[usize]) -> Option<Vec<usize>> {
    let n = given.len();
    let mut board = Queens {
        n,
        columns: vec![0; n],
        taken: [vec![false; n], vec![false; 2 * n], vec![false; 2 * n]],
    };
    for (r, &c) in given.iter().enumerate().filter(|(_, &c)| c > 0) {
        if !board.free(r, c - 1) {
            return None;
        }
        board.set(r, c - 1, true);
    }
    board.go().then_some(board.columns)
}

/// The search's board: `columns[r]` is row r's queen (from 1, 0 for
/// none); `taken` marks the columns and both diagonals in use.
struct Queens {
    n: usize,
    columns: Vec<usize>,
    taken: [Vec<bool>; 3],
}

impl Queens {
    fn free(&self, r: usize, c: usize) -> bool {
        !self.taken[0][c] && !self.taken[1][r + c] && !self.taken[2][r + self.n - c]
    }

    fn set(&mut self, r: usize, c: usize, on: bool) {
        self.taken[0][c] = on;
        self.taken[1][r + c] = on;
        self.taken[2][r + self.n - c] = on;
        self.columns[r] = if on { c + 1 } else { 0 };
    }

    /// The squares free on the open line with the fewest, or `None`
    /// when every row has its queen.
    fn fewest(&self) -> Option<Vec<(usize, usize)>> {
        let n = self.n;
        let open_rows: Vec<usize> = (0..n).filter(|&r| self.columns[r] == 0).collect();
        let mut best: Option<Vec<(usize, usize)>> = None;
        let mut consider = |squares: Vec<(usize, usize)>| {
            if best.as_ref().is_none_or(|b| squares.len() < b.len()) {
                best = Some(squares);
            }
        };
        for &r in &open_rows {
            consider(
                (0..n)
                    .filter(|&c| self.free(r, c))
                    .map(|c| (r, c))
                    .collect(),
            );
        }
        for c in (0..n).filter(|&c| !self.taken[0][c]) {
            consider(
                open_rows
                    .iter()
                    .filter(|&&r| self.free(r, c))
                    .map(|&r| (r, c))
                    .collect(),
            );
        }
        best
    }

    fn go(&mut self) -> bool {
        let Some(squares) = self.fewest() else {
            return true;
        };
        for (r, c) in squares {
            self.set(r, c, true);
            if self.go() {
                return true;
            }
            self.set(r, c, false);
        }
        false
    }
}

/// The expected output: a completion of each board.
pub fn reference(input: &str) -> Result<String, String> {
    let mut out = String::new();
    for (k, given) in parse(input)?.iter().enumerate() {
        let columns = place(given).ok_or(format!("board {} has no completion", k + 1))?;
        let words: Vec<String> = columns.iter().map(|c| c.to_string()).collect();
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    Ok(out)
}

/// Accepts any output whose line k places N non-attacking queens keeping
/// the queens given on line k of the input.
pub fn check_answer(input: &str, _expected: &str, actual: &str) -> Result<(), Mismatch> {
    let boards = parse(input).map_err(|e| Mismatch::new(format!("input: {e}")))?;
    let lines: Vec<&str> = actual.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.len() != boards.len() {
        return Err(Mismatch::new(format!(
            "{} lines for {} boards",
            lines.len(),
            boards.len()
        )));
    }
    for (k, (given, line)) in boards.iter().zip(&lines).enumerate() {
        let wrong =
            |why: String| Mismatch::new(format!("line {}: {why}", k + 1)).with(line.to_string());
        let columns: Vec<usize> = line
            .split_ascii_whitespace()
            .map(|t| t.parse().map_err(|_| wrong(format!("not a number: {t:?}"))))
            .collect::<Result<_, _>>()?;
        let n = given.len();
        if columns.len() != n || columns.iter().any(|&c| !(1..=n).contains(&c)) {
            return Err(wrong(format!("expected {n} columns from 1 to {n}")));
        }
        if let Some(r) = (0..n).find(|&r| given[r] != 0 && given[r] != columns[r]) {
            return Err(wrong(format!(
                "row {} was given column {}",
                r + 1,
                given[r]
            )));
        }
        for a in 0..n {
            for b in 0..a {
                let (ca, cb) = (columns[a] as i64, columns[b] as i64);
                if ca == cb || (ca - cb).abs() == (a - b) as i64 {
                    return Err(wrong(format!(
                        "the queens of rows {} and {} attack each other",
                        b + 1,
                        a + 1
                    )));
                }
            }
        }
    }
    Ok(())
}

/// A random solution of size `n` with about one queen in `keep` given.
fn partial(rng: &mut Rng, n: usize, keep: usize) -> Vec<usize> {
    loop {
        let mut given = vec![0; n];
        // A few random queens that a solution still extends (checked).
        for _ in 0..rng.below(3) {
            given[rng.below(n)] = rng.between(1, n);
        }
        if let Some(solution) = place(&given) {
            return solution
                .iter()
                .map(|&c| if rng.below(keep) == 0 { c } else { 0 })
                .collect();
        }
    }
}

/// A random input: one to five boards of 1 to 50 (4 and up) with part of
/// a solution given.
pub fn generate(rng: &mut Rng) -> String {
    let boards: Vec<Vec<usize>> = (0..rng.between(1, 5))
        .map(|_| {
            let n = match rng.below(3) {
                0 => rng.between(4, 10),
                _ => rng.between(4, 50),
            };
            let n = if rng.below(20) == 0 { 1 } else { n };
            let keep = rng.between(2, 6);
            partial(rng, n, keep)
        })
        .collect();
    format(&boards)
}

/// The size of an input: its squares.
pub fn size(input: &str, _expected: &str) -> usize {
    parse(input).map_or(usize::MAX, |b| b.iter().map(|g| g.len() * g.len()).sum())
}

/// Smaller inputs: a board fewer, or a given queen fewer.
pub fn shrink(input: &str) -> Vec<String> {
    let Ok(boards) = parse(input) else {
        return Vec::new();
    };
    let mut smaller: Vec<String> = super::each_without_one(&boards)
        .iter()
        .map(|b| format(b))
        .collect();
    for (k, board) in boards.iter().enumerate() {
        for r in (0..board.len()).filter(|&r| board[r] != 0) {
            let mut fewer = boards.clone();
            fewer[k][r] = 0;
            smaller.push(format(&fewer));
        }
    }
    smaller
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_statement_sample_answer_is_accepted() {
        let input = "4 0 0 0 0\n8 2 0 0 0 4 0 0 0\n";
        assert!(check_answer(input, "", "2 4 1 3\n2 6 1 7 4 8 3 5\n").is_ok());
        assert!(check_answer(input, "", &reference(input).unwrap()).is_ok());
    }

    #[test]
    fn the_checker_names_what_is_wrong() {
        let input = "4 0 0 0 0\n4 2 0 0 0\n";
        let error = |actual: &str| check_answer(input, "", actual).unwrap_err().summary;
        assert_eq!(error("2 4 1 3\n"), "1 lines for 2 boards");
        assert_eq!(
            error("2 4 1 3\n3 1 4 2\n"),
            "line 2: row 1 was given column 2"
        );
        assert_eq!(
            error("2 4 1 3\n2 4 1\n"),
            "line 2: expected 4 columns from 1 to 4"
        );
        assert_eq!(
            error("2 4 3 1\n2 4 1 3\n"),
            "line 1: the queens of rows 2 and 3 attack each other"
        );
    }

    #[test]
    fn generated_boards_have_completions() {
        let mut rng = Rng::new(8);
        for _ in 0..10 {
            let input = (CLASSES[0].generate)(&mut rng);
            let expected = reference(&input).unwrap();
            assert!(check_answer(&input, "", &expected).is_ok());
        }
    }
}
