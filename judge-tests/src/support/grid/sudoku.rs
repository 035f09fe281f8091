//! Standard sudoku (3 × 3 boxes) for the references and generators of
//! `poj3074`, `p1784` and `p1074`: random full grids, minimal puzzles,
//! and known hard puzzles.
//!
//! ```
//! use judge_tests::support::grid::{search, sudoku};
//! use judge_tests::rng::Rng;
//! let puzzle = sudoku::minimal_puzzle(&mut Rng::new(1));
//! assert_eq!(sudoku::count(&puzzle, 2), 1);
//! ```

use super::{boxes, search, Grid, CELLS};
use crate::rng::Rng;

/// A random completed grid.
pub fn random_grid(rng: &mut Rng) -> Grid {
    search::random_completion(&boxes(), &[0; CELLS], rng).expect("the empty grid has completions")
}

/// How many completions `givens` has, counting no further than `limit`.
pub fn count(givens: &Grid, limit: usize) -> usize {
    search::count(&boxes(), givens, limit)
}

/// `grid` with the cells of `order` emptied one by one, each only if the
/// puzzle keeps exactly one completion (so `grid`, if it was full). The
/// result needs every given among `order` that it keeps.
pub fn minimise(grid: &Grid, order: &[usize]) -> Grid {
    let mut puzzle = *grid;
    for &cell in order {
        let digit = std::mem::take(&mut puzzle[cell]);
        if count(&puzzle, 2) != 1 {
            puzzle[cell] = digit;
        }
    }
    puzzle
}

/// A random minimal puzzle: a random full grid with givens removed in
/// random order while the solution stays unique; no given can go.
pub fn minimal_puzzle(rng: &mut Rng) -> Grid {
    let grid = random_grid(rng);
    let mut order: Vec<usize> = (0..CELLS).collect();
    rng.shuffle(&mut order);
    minimise(&grid, &order)
}

/// Hard puzzles, each with exactly one solution (the tests check it),
/// known by these names.
pub const KNOWN: [(&str, &str); 14] = [
    (
        "AI Escargot (Arto Inkala, 2006)",
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ),
    (
        "Arto Inkala's \"world's hardest\" (2012)",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    ),
    (
        "Easter Monster",
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    ),
    (
        "Golden Nugget",
        ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
    ),
    (
        "Platinum Blonde",
        ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...",
    ),
    (
        "17 givens, hard for naive backtracking (its first row is empty)",
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    ),
    (
        "17 givens (Royle's list)",
        ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...",
    ),
    (
        "17 givens (Royle's list)",
        ".......1.4.........2...........5.6.4..8...3....1.9....3..4..2...5.1........8.7...",
    ),
    (
        "17 givens (Royle's list)",
        ".......12....35......6...7.7.....3.....4..8..1...........12.....8.....4..5....6..",
    ),
    (
        "17 givens (Royle's list)",
        ".......12..36..........7...41..2.......5..3..7.....6..28.....4....3..5...........",
    ),
    (
        "top95 #1, 17 givens",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ),
    (
        "top95 #2",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    ),
    (
        "top95 #3",
        "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    ),
    (
        "top95 #4",
        "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
    ),
];
