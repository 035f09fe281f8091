//! AtCoder ABC345 D, Tiling: whether some of N rectangles (each used at
//! most once, turned if need be) cover an H × W grid exactly.
//!
//! ```
//! use library::{input, problems::abc345_d};
//!
//! // The statement's first sample: tiles 2, 4 and 5 cover the 5 × 5 grid.
//! let tiles = "5 5 5\n1 1\n3 3\n4 4\n2 3\n2 5\n";
//! assert_eq!(input::answer(abc345_d::solve, tiles)?, "Yes\n");
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! # Exact cover
//!
//! [`Tiling::optional`]: the cells are primary items, covered exactly
//! once; the tiles are secondary items, so a tile is used at most once
//! and may stay unused. A tile has an option for each of its distinct
//! orientations (A × B and B × A) at every position inside the grid. The
//! answer is whether a solution exists.
//!
//! # Input
//!
//! `N H W`, then N lines `A B`, as blank-separated integers: N from 1 to
//! 7, H, W, A and B from 1 to 10. An error names the place of a number out
//! of range or missing, and of anything after the last one.

use crate::dlx::{Search, Solver};
use crate::geometry::{Board, Point};
use crate::input::{self, Error, Tokens};
use crate::tiling::Tiling;
use std::io::Write;

/// The most tiles (the statement's N).
const MAX_TILES: usize = 7;
/// The largest side of the grid or of a tile.
const MAX_SIDE: usize = 10;

/// Writes `Yes` when some of the tiles of `input` cover the grid, else `No`.
///
/// # Errors
/// See the module docs.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let mut tokens = Tokens::new(input);
    let n: usize = tokens.number("the number of tiles N", 1..=MAX_TILES as i64)?;
    let side = 1..=MAX_SIDE as i64;
    let h: i32 = tokens.number("the height H", side.clone())?;
    let w: i32 = tokens.number("the width W", side.clone())?;
    let mut tiles = Vec::with_capacity(n);
    for _ in 0..n {
        let a: i32 = tokens.number("a side A of a tile", side.clone())?;
        let b: i32 = tokens.number("a side B of a tile", side.clone())?;
        tiles.push((a, b));
    }
    tokens.end("the N tiles")?;
    let cells: Vec<Point<2>> = (0..h).flat_map(|r| (0..w).map(move |c| [r, c])).collect();
    let board = Board::new(&cells);
    let mut tiling = Tiling::optional(n, board.len());
    for (tile, &(a, b)) in tiles.iter().enumerate() {
        // One orientation for a square, two for the others.
        let turns = if a == b {
            vec![(a, b)]
        } else {
            vec![(a, b), (b, a)]
        };
        for (rows, columns) in turns {
            let shape: Vec<Point<2>> = (0..rows)
                .flat_map(|r| (0..columns).map(move |c| [r, c]))
                .collect();
            for placed in board.placements(&shape) {
                tiling.place(tile, &placed);
            }
        }
    }
    let fits = Solver::new(tiling.problem()).first().is_some();
    Ok(out.write_all(if fits { b"Yes\n" } else { b"No\n" })?)
}

/// Reads stdin, writes the answer: what the submission runs.
pub fn main() {
    input::run(solve)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Result<String, Error> {
        input::answer(solve, text)
    }

    #[test]
    fn the_statement_samples() {
        assert_eq!(run("5 5 5\n1 1\n3 3\n4 4\n2 3\n2 5\n").unwrap(), "Yes\n");
        assert_eq!(run("1 1 2\n2 3\n").unwrap(), "No\n");
        assert_eq!(run("1 2 2\n1 1\n").unwrap(), "No\n");
        assert_eq!(run("5 3 3\n1 1\n2 2\n2 2\n2 2\n2 2\n").unwrap(), "No\n");
    }

    #[test]
    fn tiles_turn_and_may_stay_unused() {
        // A 1 × 3 strip by a tile given as 3 × 1: turned.
        assert_eq!(run("1 1 3\n3 1\n").unwrap(), "Yes\n");
        // Seven tiles, one of which (the 2 × 2) is all that is needed.
        assert_eq!(
            run("7 2 2\n1 3\n3 3\n2 2\n1 1\n1 3\n1 4\n5 5\n").unwrap(),
            "Yes\n"
        );
        // The same tile twice is two tiles; once is not enough.
        assert_eq!(run("2 2 2\n1 2\n1 2\n").unwrap(), "Yes\n");
        assert_eq!(run("1 2 2\n1 2\n").unwrap(), "No\n");
    }

    #[test]
    fn bad_input_names_its_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        assert_eq!(
            error("8 1 1\n"),
            "input:1:1: expected the number of tiles N (1 to 7), found \"8\""
        );
        assert_eq!(
            error("1 11 1\n1 1\n"),
            "input:1:3: expected the height H (1 to 10), found \"11\""
        );
        assert_eq!(
            error("2 1 1\n1 1\n"),
            "input:3: expected a side A of a tile (1 to 10), found the end of the input"
        );
        assert_eq!(
            error("1 1 1\n1 1\n1\n"),
            "input:3:1: expected the end of the input after the N tiles, found \"1\""
        );
    }
}
