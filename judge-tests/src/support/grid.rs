//! The reference kit of the sudoku family (`poj3074`, `p1784`, `p1074`,
//! `jigsaw`, `killer`): 9 × 9 grids, their text forms, the rules a
//! completed grid must keep, and one search ([`search`]) that completes,
//! counts and fills them. Written apart from `library/`, and shared by
//! the problem modules so that none of them imports another.
//!
//! ```
//! use judge_tests::support::grid::{self, search};
//! let line = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
//! let givens = grid::parse_grid(1, line).unwrap();
//! let solved = search::unique(&grid::boxes(), &givens).unwrap();
//! assert_eq!(grid::answer_line(&solved)[..9], *"812753649");
//! ```
//!
//! Cells are numbered row by row, `row * 9 + column`; a grid holds each
//! cell's digit, 0 for an empty cell; a set of digits is a [`Digits`],
//! digit d as bit d − 1 (the one encoding of every reference here).

pub mod check;
pub mod sat;
pub mod search;
pub mod sudoku;
pub mod text;

pub use check::{answers, broken_rule, check_cases, repeated, NO_SOLUTION};
pub use text::{
    answer_line, format_rows, grid_word, parse_grid, parse_rows, read_answer_line, Malformed, Words,
};

/// Side of the grid; digits are 1..=9.
pub const SIDE: usize = 9;

/// Cells of the grid, numbered row by row.
pub const CELLS: usize = SIDE * SIDE;

/// The digit of each cell, row by row; 0 for an empty cell.
pub type Grid = [u8; CELLS];

/// The region (0..9) of each cell: the boxes of sudoku, or any nine
/// regions of nine cells (jigsaw sudoku).
pub type Regions = [usize; CELLS];

/// A set of digits: digit d is bit d − 1.
pub type Digits = u16;

/// Every digit.
pub const ALL: Digits = 0x1ff;

/// The one digit `d` (1..=9) as a set.
pub fn bit(d: u8) -> Digits {
    1 << (d - 1)
}

/// The digits of a set, ascending.
pub fn digits_of(set: Digits) -> impl Iterator<Item = u8> {
    (1..=SIDE as u8).filter(move |&d| set & bit(d) != 0)
}

/// The 3 × 3 box of a cell, 0..9 row by row.
pub fn box_of(cell: usize) -> usize {
    cell / SIDE / 3 * 3 + cell % SIDE / 3
}

/// The boxes of standard sudoku as regions.
pub fn boxes() -> Regions {
    let mut regions = [0; CELLS];
    for (cell, region) in regions.iter_mut().enumerate() {
        *region = box_of(cell);
    }
    regions
}

/// A cell's name in messages: `r2c7` is row 2, column 7.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / SIDE + 1, cell % SIDE + 1)
}

/// The orthogonal neighbours of a cell.
pub fn neighbours(cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / SIDE, cell % SIDE);
    let up = (r > 0).then(|| cell - SIDE);
    let down = (r + 1 < SIDE).then_some(cell + SIDE);
    let left = (c > 0).then(|| cell - 1);
    let right = (c + 1 < SIDE).then_some(cell + 1);
    [up, down, left, right].into_iter().flatten()
}

/// Whether the cells of region `region` are orthogonally connected.
pub fn connected(regions: &Regions, region: usize) -> bool {
    let Some(start) = regions.iter().position(|&r| r == region) else {
        return true;
    };
    let mut seen = [false; CELLS];
    seen[start] = true;
    let mut stack = vec![start];
    let mut reached = 0;
    while let Some(cell) = stack.pop() {
        reached += 1;
        for next in neighbours(cell) {
            if regions[next] == region && !seen[next] {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    reached == regions.iter().filter(|&&r| r == region).count()
}

/// Nine connected regions of nine cells grown at random: each from the
/// first free cell in reading order through random free neighbours; a
/// layout whose free cells split into parts that are not multiples of
/// nine is drawn again.
pub fn grown_regions(rng: &mut crate::rng::Rng) -> Regions {
    const FREE: usize = usize::MAX;
    'again: loop {
        let mut regions = [FREE; CELLS];
        for region in 0..SIDE {
            let start = regions
                .iter()
                .position(|&r| r == FREE)
                .expect("a free cell");
            let mut cells = vec![start];
            regions[start] = region;
            while cells.len() < SIDE {
                let mut frontier: Vec<usize> = cells
                    .iter()
                    .flat_map(|&c| neighbours(c))
                    .filter(|&n| regions[n] == FREE)
                    .collect();
                frontier.sort_unstable();
                frontier.dedup();
                if frontier.is_empty() {
                    continue 'again;
                }
                let next = frontier[rng.below(frontier.len())];
                regions[next] = region;
                cells.push(next);
            }
            if !free_parts_fit(&regions) {
                continue 'again;
            }
        }
        return regions;
    }
}

/// Whether every connected part of the free cells (`usize::MAX`) has a
/// multiple of nine cells.
fn free_parts_fit(regions: &[usize; CELLS]) -> bool {
    let mut seen = [false; CELLS];
    for start in 0..CELLS {
        if regions[start] != usize::MAX || seen[start] {
            continue;
        }
        let (mut stack, mut size) = (vec![start], 0);
        seen[start] = true;
        while let Some(cell) = stack.pop() {
            size += 1;
            for next in neighbours(cell) {
                if regions[next] == usize::MAX && !seen[next] {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        if size % SIDE != 0 {
            return false;
        }
    }
    true
}

/// The number of givens of a grid.
pub fn givens(grid: &Grid) -> usize {
    grid.iter().filter(|&&d| d != 0).count()
}

/// `givens` with one more cell given, each empty cell in turn, its digit
/// from `solution`.
pub fn more_givens(givens: &Grid, solution: &Grid) -> Vec<Grid> {
    let empty = (0..CELLS).filter(|&cell| givens[cell] == 0);
    empty
        .map(|cell| {
            let mut more = *givens;
            more[cell] = solution[cell];
            more
        })
        .collect()
}

/// Smaller inputs than `cases` (written by `format`): one case fewer, or
/// one case replaced by one of `smaller(case)`.
pub fn shrink_cases<P: Clone>(
    cases: &[P],
    format: fn(&[P]) -> String,
    smaller: impl Fn(&P) -> Vec<P>,
) -> Vec<String> {
    let mut candidates = Vec::new();
    if cases.len() > 1 {
        for k in 0..cases.len() {
            let mut fewer = cases.to_vec();
            fewer.remove(k);
            candidates.push(format(&fewer));
        }
    }
    for (k, case) in cases.iter().enumerate() {
        for one in smaller(case) {
            let mut all = cases.to_vec();
            all[k] = one;
            candidates.push(format(&all));
        }
    }
    candidates
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_boxes_and_names() {
        assert_eq!(bit(1), 1);
        assert_eq!(bit(9), 0x100);
        assert_eq!(digits_of(0b1_0000_0101).collect::<Vec<_>>(), [1, 3, 9]);
        assert_eq!(box_of(40), 4);
        assert_eq!(box_of(80), 8);
        assert_eq!(boxes()[27], 3);
        assert_eq!(cell_name(15), "r2c7");
        let mut around: Vec<usize> = neighbours(0).collect();
        around.sort_unstable();
        assert_eq!(around, [1, 9]);
        assert_eq!(neighbours(40).count(), 4);
        assert!((0..SIDE).all(|r| connected(&boxes(), r)));
        let mut split = boxes();
        split.swap(0, 80);
        assert!(!connected(&split, 0));
    }

    #[test]
    fn more_givens_fill_one_cell_each() {
        let mut givens = [0; CELLS];
        givens[1..].fill(3);
        let solution = [7; CELLS];
        let more = more_givens(&givens, &solution);
        assert_eq!(more.len(), 1);
        assert_eq!(more[0][0], 7);
    }
}
