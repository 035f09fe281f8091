//! What the tests of the bitboard engines share: random solved grids
//! made without any search, puzzles cut from them, and dancing links as
//! the independent referee.

use crate::dlx::{Search, Solver};
use crate::sudoku::Sudoku;
use std::ops::ControlFlow;

/// A small generator (xorshift), seeded by the property tests.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    /// `0..n` in a random order.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut items: Vec<usize> = (0..n).collect();
        for k in (1..n).rev() {
            items.swap(k, self.below(k + 1));
        }
        items
    }
}

/// A random solved grid of boxes of `size` × `size`: the pattern grid
/// (row `r` is row 0 shifted by `size * (r % size) + r / size`) with its
/// digits renamed, its rows shuffled within bands and its bands shuffled,
/// and the same for columns and stacks; each keeps every house whole.
pub fn solved_grid(size: usize, rng: &mut Rng) -> Vec<u8> {
    let side = size * size;
    let order = |rng: &mut Rng| -> Vec<usize> {
        let bands = rng.permutation(size);
        bands
            .iter()
            .flat_map(|&b| rng.permutation(size).into_iter().map(move |r| b * size + r))
            .collect()
    };
    let (rows, columns) = (order(rng), order(rng));
    let digits = rng.permutation(side);
    let mut grid = vec![0; side * side];
    for r in 0..side {
        for c in 0..side {
            let (pr, pc) = (rows[r], columns[c]);
            let value = (size * (pr % size) + pr / size + pc) % side;
            grid[r * side + c] = digits[value] as u8 + 1;
        }
    }
    grid
}

/// `grid` with `blanks` random cells emptied.
pub fn puzzle(grid: &[u8], blanks: usize, rng: &mut Rng) -> Vec<u8> {
    let mut givens = grid.to_vec();
    for &cell in rng.permutation(grid.len()).iter().take(blanks) {
        givens[cell] = 0;
    }
    givens
}

/// The solutions of `givens` up to `limit`, by dancing links on the
/// exact cover of [`crate::sudoku::model`].
pub fn dlx_count(shape: &Sudoku, givens: &[u8], limit: usize) -> usize {
    let model = crate::sudoku::model(&shape.groups(), givens);
    let mut found = 0;
    let _ = Solver::new(model.problem()).search(|_| {
        found += 1;
        if found == limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    found
}

/// Whether `grid` keeps the givens and holds every digit once in each
/// row, column and box of `shape`.
pub fn solves(shape: &Sudoku, givens: &[u8], grid: &[u8]) -> bool {
    let side = shape.side();
    let groups = shape.groups();
    let mut seen = vec![0u64; 3 * side];
    for (cell, &value) in grid.iter().enumerate() {
        if value == 0 || usize::from(value) > side {
            return false;
        }
        for &group in groups.groups_of(cell) {
            seen[group] |= 1 << (value - 1);
        }
    }
    let kept = givens.iter().zip(grid).all(|(&g, &v)| g == 0 || g == v);
    let all = if side == 64 {
        u64::MAX
    } else {
        (1 << side) - 1
    };
    kept && grid.len() == side * side && seen.iter().all(|&s| s == all)
}

#[test]
fn solved_grids_are_solutions() {
    let mut rng = Rng::new(7);
    for size in [2, 3, 4] {
        let shape = Sudoku {
            box_rows: size,
            box_columns: size,
            symbols: b"",
            cell: "",
        };
        for _ in 0..20 {
            let grid = solved_grid(size, &mut rng);
            assert!(solves(&shape, &grid, &grid));
        }
    }
}
