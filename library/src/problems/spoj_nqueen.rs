//! SPOJ NQUEEN (1771), Yet Another N-Queen Problem: complete n queens on
//! an n × n board, some of them placed already, for each line of input.
//!
//! ```
//! use library::{input, problems::spoj_nqueen};
//!
//! // The statement's sample: any completion is accepted; these are ours.
//! let answer = input::answer(spoj_nqueen::solve, "4 0 0 0 0\n8 2 0 0 0 4 0 0 0\n")?;
//! assert_eq!(answer, "2 4 1 3\n2 6 1 7 4 8 3 5\n");
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! # Exact cover
//!
//! As for n queens (see [`crate::problems::p1219`]): rows and columns
//! primary, the diagonals of both directions secondary; a row given a
//! queen has that one option only, so the search completes the others.
//! Dancing links choose the line with the fewest places left, which on a
//! board of 50 walks a few hundred nodes where going row by row can take
//! millions.
//!
//! # Input
//!
//! Lines `N c1 … cN` until the end of the input: N from 1 to 50, then the
//! column (1 to N) of the queen placed in each row, 0 for none. Blank
//! lines are skipped. An error names the place of a number out of range,
//! of a line with too few or too many numbers, and the line of a board no
//! placement completes (the statement promises one always does).

use crate::dlx::{Search, Solver};
use crate::input::{self, Error, Token, Tokens};
use crate::model::{Items, Model};
use std::io::Write;

/// The largest board (the statement's bound on N).
const MAX_N: usize = 50;

/// Writes a completion of each board of `input`, one line each.
///
/// # Errors
/// See the module docs.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let mut text = String::new();
    let mut tokens = Tokens::new(input);
    while let Some(first) = tokens.next_token() {
        let given = read_line(first, &mut tokens)?;
        let columns = complete(&given)
            .ok_or_else(|| Error::at(first.line, "no placement completes this board"))?;
        let words: Vec<String> = columns.iter().map(|c| c.to_string()).collect();
        text.push_str(&words.join(" "));
        text.push('\n');
    }
    Ok(out.write_all(text.as_bytes())?)
}

/// Reads stdin, writes the answer: what the submission runs.
pub fn main() {
    input::run(solve)
}

/// The given column of each row (0 for none) of the line that starts
/// with `first`, read from `tokens` up to the end of that line.
fn read_line<'a>(first: Token<'a>, tokens: &mut Tokens<'a>) -> Result<Vec<usize>, Error> {
    let n: usize = first.number("the board size N", 1..=MAX_N as i64)?;
    let on_line = |tokens: &mut Tokens<'a>| {
        let mut ahead = tokens.clone();
        let token = ahead.next_token().filter(|t| t.line == first.line)?;
        *tokens = ahead;
        Some(token)
    };
    let mut given = Vec::with_capacity(n);
    for _ in 0..n {
        let column = on_line(tokens).ok_or_else(|| {
            let what = format!("a column (0 for none) (0 to {n})");
            Error::at(
                first.line,
                format!("expected {what}, found the end of the line"),
            )
        })?;
        given.push(column.number("a column (0 for none)", 0..=n as i64)?);
    }
    match on_line(tokens) {
        None => Ok(given),
        Some(extra) => Err(extra.error(format!(
            "expected the end of the line after the N columns, found {}",
            input::quote(extra.text)
        ))),
    }
}

/// The columns (from 1) of a placement keeping the `given` ones, if any.
fn complete(given: &[usize]) -> Option<Vec<usize>> {
    let n = given.len();
    let mut items = Items::new();
    let rows = items.primary(n);
    let columns = items.primary(n);
    let diagonals = items.secondary(2 * n - 1);
    let anti = items.secondary(2 * n - 1);
    let mut model = Model::new(&items);
    for (r, &fixed) in given.iter().enumerate() {
        for c in 0..n {
            if fixed != 0 && fixed != c + 1 {
                continue;
            }
            let lines = [
                rows.at(r),
                columns.at(c),
                diagonals.at(r + c),
                anti.at(r + n - 1 - c),
            ];
            model.add((r, c), &lines);
        }
    }
    let solution = Solver::new(model.problem()).first()?;
    let mut placed = vec![0; n];
    for &(r, c) in model.payloads(&solution) {
        placed[r] = c + 1;
    }
    Some(placed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Result<String, Error> {
        input::answer(solve, text)
    }

    /// Whether `columns` is n non-attacking queens keeping `given`.
    fn valid(given: &[usize], columns: &[usize]) -> bool {
        let n = given.len();
        columns.len() == n
            && (0..n).all(|r| given[r] == 0 || given[r] == columns[r])
            && (0..n).all(|a| {
                (0..a).all(|b| {
                    let (ca, cb) = (columns[a] as i64, columns[b] as i64);
                    ca != cb && (ca - cb).abs() != (a - b) as i64
                })
            })
    }

    #[test]
    fn completions_keep_the_given_queens() {
        let boards: [&[usize]; 4] = [
            &[0; 50],
            &[1, 0, 0, 0, 0, 0, 0, 0],
            &[
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
            ],
            &[1],
        ];
        for given in boards {
            let line: Vec<String> = given.iter().map(|c| c.to_string()).collect();
            let text = format!("{} {}\n", given.len(), line.join(" "));
            let answer = run(&text).unwrap();
            let columns: Vec<usize> = answer
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect();
            assert!(valid(given, &columns), "{text} -> {answer}");
        }
    }

    #[test]
    fn lines_are_answered_in_order_blank_ones_skipped() {
        let answer = run("1 1\r\n\r\n4 0 0 0 0\r\n").unwrap();
        assert_eq!(answer, "1\n2 4 1 3\n");
        assert_eq!(run("").unwrap(), "");
    }

    #[test]
    fn bad_input_names_its_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        assert_eq!(
            error("51 0"),
            "input:1:1: expected the board size N (1 to 50), found \"51\""
        );
        assert_eq!(
            error("4 0 0 0 0\n4 0 5 0 0\n"),
            "input:2:5: expected a column (0 for none) (0 to 4), found \"5\""
        );
        assert_eq!(
            error("4 0 0 0\n"),
            "input:1: expected a column (0 for none) (0 to 4), found the end of the line"
        );
        assert_eq!(
            error("2 0 0 0\n"),
            "input:1:7: expected the end of the line after the N columns, found \"0\""
        );
        assert_eq!(
            error("\n3 0 0 0\n"),
            "input:2: no placement completes this board"
        );
        assert_eq!(
            error("4 1 2 0 0\n"),
            "input:1: no placement completes this board"
        );
    }
}
