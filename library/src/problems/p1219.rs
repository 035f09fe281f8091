//! Luogu P1219, USACO 1.5 Checker Challenge (八皇后): the first three
//! placements of n queens in lexicographic order, and how many there are.
//!
//! ```
//! use library::{input, problems::p1219};
//!
//! assert_eq!(
//!     input::answer(p1219::solve, "6\n")?,
//!     "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n4\n"
//! );
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! # Exact cover
//!
//! Rows and columns are primary items (one queen each), the 2n - 1
//! diagonals of each direction secondary (at most one). The option for a
//! queen at `(r, c)` covers row `r`, column `c`, diagonal `r + c` and
//! anti-diagonal `r - c + n - 1`; options come row by row, columns in
//! increasing order. Branching in order ([`Branching::InOrder`]) decides
//! the rows top to bottom, so the first three solutions found are the
//! first three in lexicographic order; the count is a second search with
//! the usual branching, which walks a far smaller tree.

use crate::dlx::{Branching, Search, Solver};
use crate::input::{self, Error, Tokens};
use crate::model::{Items, Model};
use std::io::Write;
use std::ops::ControlFlow;

/// The board sizes answered (the statement promises 6 to 13).
const MAX_N: usize = 13;

/// Writes the first three placements and the count for the `n` in `input`.
///
/// # Errors
/// Anything but one integer from 1 to 13.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let mut tokens = Tokens::new(input);
    let n: usize = tokens.number("the board size n", 1..=MAX_N as i64)?;
    tokens.end("n")?;
    let in_order: Vec<usize> = (0..n).collect();
    let mut model = queens(n, &in_order);
    let mut text = String::new();
    let mut shown = 0;
    model.problem_mut().set_branching(Branching::InOrder);
    let _ = Solver::new(model.problem()).search(|solution| {
        let mut columns = vec![0; n];
        for &(row, column) in model.payloads(solution) {
            columns[row] = column + 1;
        }
        let line: Vec<String> = columns.iter().map(|c| c.to_string()).collect();
        text.push_str(&line.join(" "));
        text.push('\n');
        shown += 1;
        if shown == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    // Counting, rows and columns from the middle out (Knuth's order for
    // queens-N.dlx): ties then go to central lines, which have the fewest
    // options left, and the tree shrinks by a third (1.65M nodes to 1.02M
    // for n = 13).
    let count = Solver::new(queens(n, &middle_out(n)).problem()).count();
    text.push_str(&format!("{count}\n"));
    Ok(out.write_all(text.as_bytes())?)
}

/// Reads stdin, writes the answer: what the submission runs.
pub fn main() {
    input::run(solve)
}

/// The n queens problem; each option carries its `(row, column)`. Row
/// and column `i` are the `rank[i]`-th items of their families; options
/// come row by row, columns in increasing order.
fn queens(n: usize, rank: &[usize]) -> Model<(usize, usize)> {
    let mut items = Items::new();
    let rows = items.primary(n);
    let columns = items.primary(n);
    let diagonals = items.secondary(2 * n - 1);
    let anti = items.secondary(2 * n - 1);
    let mut model = Model::new(&items);
    for r in 0..n {
        for c in 0..n {
            let option = [
                rows.at(rank[r]),
                columns.at(rank[c]),
                diagonals.at(r + c),
                anti.at(r + n - 1 - c),
            ];
            model.add((r, c), &option);
        }
    }
    model
}

/// The ranks that order the lines by their distance from the middle, the
/// lower line first on ties: for n = 5 the order is 2, 1, 3, 0, 4.
fn middle_out(n: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| ((2 * i as i64 - (n as i64 - 1)).abs(), i));
    let mut rank = vec![0; n];
    for (k, &line) in order.iter().enumerate() {
        rank[line] = k;
    }
    rank
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Result<String, Error> {
        input::answer(solve, text)
    }

    #[test]
    fn counts_are_the_known_ones() {
        // OEIS A000170 for n = 1..13.
        let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712];
        for (n, &count) in (1..=MAX_N).zip(&known) {
            let answer = run(&n.to_string()).unwrap();
            assert_eq!(
                answer.lines().last(),
                Some(count.to_string().as_str()),
                "n = {n}"
            );
            assert_eq!(answer.lines().count(), 1 + count.min(3), "n = {n}");
        }
    }

    #[test]
    fn middle_out_ranks_the_central_lines_first() {
        assert_eq!(middle_out(5), [3, 1, 0, 2, 4]);
        assert_eq!(middle_out(4), [2, 0, 1, 3]);
        assert_eq!(middle_out(1), [0]);
    }

    #[test]
    fn first_placements_are_in_lexicographic_order() {
        assert_eq!(run("1").unwrap(), "1\n1\n");
        assert_eq!(run("4").unwrap(), "2 4 1 3\n3 1 4 2\n2\n");
        let eight = run("8\r\n").unwrap();
        assert!(eight.starts_with("1 5 8 6 3 7 2 4\n1 6 8 3 7 4 2 5\n1 7 4 6 8 2 5 3\n"));
    }

    #[test]
    fn bad_input_names_its_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        assert_eq!(
            error(""),
            "input:1: expected the board size n (1 to 13), found the end of the input"
        );
        assert_eq!(
            error("14"),
            "input:1:1: expected the board size n (1 to 13), found \"14\""
        );
        assert_eq!(
            error("\n 0"),
            "input:2:2: expected the board size n (1 to 13), found \"0\""
        );
        assert_eq!(
            error("six"),
            "input:1:1: expected the board size n (1 to 13), found \"six\""
        );
        assert_eq!(
            error("6 7"),
            "input:1:3: expected the end of the input after n, found \"7\""
        );
    }
}
