//! AtCoder ABC196 D, Hanjo: how many ways A dominoes (2 × 1 mats, either
//! way) and B monominoes (1 × 1 mats) cover an H × W room.
//!
//! ```
//! use library::{input, problems::abc196_d};
//!
//! // The statement's first sample.
//! assert_eq!(input::answer(abc196_d::solve, "2 2 1 2\n")?, "4\n");
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! # Exact cover, counted
//!
//! The cells are primary items, and one more primary item stands for the
//! dominoes, covered between A and A times ([`Model::set_bounds`]): every
//! domino option names it, so a solution holds exactly A dominoes and,
//! the cells being covered once, exactly B = HW − 2A monominoes. Two
//! coverings differ when their mats lie differently, which is when their
//! sets of options differ: the count of Algorithm M
//! ([`multi::Solver`]'s `count`, which names no solution) is the answer.
//! With A = 0 there is no domino item and one covering.
//!
//! # Input
//!
//! `H W A B` as blank-separated integers: H, W ≥ 1 with HW ≤ 16, A, B ≥ 0
//! and 2A + B = HW. An error names the place of a number out of range and
//! of anything after B, and the place of B when 2A + B ≠ HW.

use crate::dlx::{multi, Search};
use crate::input::{self, Error, Tokens};
use crate::model::{Items, Model};
use std::io::Write;

/// The most cells (the statement's bound on HW).
const MAX_CELLS: usize = 16;

/// Writes the number of coverings for the room of `input`.
///
/// # Errors
/// See the module docs.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let mut tokens = Tokens::new(input);
    let cells = 1..=MAX_CELLS as i64;
    let h: usize = tokens.number("the height H", cells.clone())?;
    let w: usize = tokens.number("the width W", 1..=(MAX_CELLS / h) as i64)?;
    let a: usize = tokens.number("the dominoes A", 0..=(h * w / 2) as i64)?;
    let (b, b_token): (usize, _) = tokens.placed_number("the monominoes B", 0..=(h * w) as i64)?;
    tokens.end("B")?;
    if 2 * a + b != h * w {
        return Err(b_token.error(format!("2A + B = {} is not HW = {}", 2 * a + b, h * w)));
    }
    let count = multi::Solver::new(room(h, w, a).problem()).count();
    Ok(writeln!(out, "{count}")?)
}

/// Reads stdin, writes the answer: what the submission runs.
pub fn main() {
    input::run(solve)
}

/// The room's exact cover: cell (r, c) is item r·W + c, then the item
/// that counts the dominoes (when A > 0).
fn room(h: usize, w: usize, a: usize) -> Model<()> {
    let mut items = Items::new();
    let cells = items.primary_table(h, w);
    let dominoes = items.primary(usize::from(a > 0));
    let mut model = Model::new(&items);
    for r in 0..h {
        for c in 0..w {
            model.add((), &[cells.at(r, c)]);
            if a == 0 {
                continue;
            }
            let count = dominoes.at(0);
            if c + 1 < w {
                model.add((), &[count, cells.at(r, c), cells.at(r, c + 1)]);
            }
            if r + 1 < h {
                model.add((), &[count, cells.at(r, c), cells.at(r + 1, c)]);
            }
        }
    }
    if a > 0 {
        model.set_bounds(dominoes, a as u32, a as u32);
    }
    model
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Result<String, Error> {
        input::answer(solve, text)
    }

    #[test]
    fn the_statement_samples() {
        assert_eq!(run("2 2 1 2\n").unwrap(), "4\n");
        assert_eq!(run("3 3 4 1\n").unwrap(), "18\n");
        assert_eq!(run("4 4 8 0\n").unwrap(), "36\n");
    }

    #[test]
    fn counts_known_by_hand() {
        assert_eq!(run("1 1 0 1").unwrap(), "1\n");
        assert_eq!(run("1 16 0 16").unwrap(), "1\n");
        // A 1 × 3 strip with one domino: two places for it.
        assert_eq!(run("1 3 1 1").unwrap(), "2\n");
        // Domino tilings of 2 × n are Fibonacci numbers: 2 × 8 has 34.
        assert_eq!(run("2 8 8 0").unwrap(), "34\n");
    }

    #[test]
    fn bad_input_names_its_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        assert_eq!(
            error("5 4 0 20"),
            "input:1:3: expected the width W (1 to 3), found \"4\""
        );
        assert_eq!(error("2 2 1 1"), "input:1:7: 2A + B = 3 is not HW = 4");
        assert_eq!(
            error("2 2 1 2 0"),
            "input:1:9: expected the end of the input after B, found \"0\""
        );
        assert_eq!(
            error("2 2 3 0"),
            "input:1:5: expected the dominoes A (0 to 2), found \"3\""
        );
    }
}
