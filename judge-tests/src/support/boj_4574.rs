//! Baekjoon 4574 (스도미노쿠, Su-domino-ku) from the judge's side: a
//! cell-by-cell search as the reference, and a generator of puzzles with
//! one solution made from a random grid and a random set of dominoes.
//!
//! ```
//! use judge_tests::support::boj_4574;
//! let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("boj-4574");
//! let input = std::fs::read_to_string(dir.join("sample-1.in")).unwrap();
//! let output = std::fs::read_to_string(dir.join("sample-1.out")).unwrap();
//! assert_eq!(boj_4574::reference(&input).unwrap(), output);
//! ```
//!
//! The reference takes the first empty cell in reading order and covers
//! it with an unused domino reaching right or down, either way round,
//! where both digits are free in their rows, columns and boxes; it counts
//! distinct grids up to two and declines a puzzle without exactly one
//! (the statement promises one). A board where some empty cell has no
//! free digit or no empty neighbour is a dead end. Nothing of `library/`
//! is used.

use super::grid::{self, sudoku, CELLS};
use super::{Class, Generator, Support};
use crate::rng::Rng;

/// What the harness knows of this problem.
pub const SUPPORT: Support = Support {
    id: "boj-4574",
    reference: Some(reference),
    generator: Some(Generator {
        generate,
        shrink,
        size,
    }),
    checker: None,
    classes: &CLASSES,
};

/// The hard class.
pub const CLASSES: [Class; 1] = [Class {
    name: "few-dominoes",
    about: "puzzles with the fewest given dominoes that keep one solution (10 to 20)",
    generate: |rng| format(&[puzzle(rng, 10)]),
}];

/// One puzzle: the given dominoes (cell, digit, cell, digit) and the
/// cells of the digits 1 to 9.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub dominoes: Vec<(usize, u8, usize, u8)>,
    pub singles: [usize; 9],
}

/// The name of a cell: row letter, column digit (`B2`).
fn name(cell: usize) -> String {
    format!("{}{}", char::from(b'A' + (cell / 9) as u8), cell % 9 + 1)
}

fn cell_of(word: &str) -> Result<usize, String> {
    match word.as_bytes() {
        [r @ b'A'..=b'I', c @ b'1'..=b'9'] => Ok(usize::from(r - b'A') * 9 + usize::from(c - b'1')),
        _ => Err(format!("not a place: {word:?}")),
    }
}

/// Reads the puzzles up to the line `0`.
pub fn parse(input: &str) -> Result<Vec<Puzzle>, String> {
    let mut words = input.split_ascii_whitespace();
    let mut next = || words.next().ok_or("the input ends early".to_string());
    let mut puzzles = Vec::new();
    loop {
        let n: usize = next()?.parse().map_err(|_| "not a number N")?;
        if n == 0 {
            return Ok(puzzles);
        }
        let mut dominoes = Vec::new();
        for _ in 0..n {
            let u: u8 = next()?.parse().map_err(|_| "not a digit")?;
            let lu = cell_of(next()?)?;
            let v: u8 = next()?.parse().map_err(|_| "not a digit")?;
            let lv = cell_of(next()?)?;
            dominoes.push((lu, u, lv, v));
        }
        let mut singles = [0; 9];
        for cell in singles.iter_mut() {
            *cell = cell_of(next()?)?;
        }
        puzzles.push(Puzzle { dominoes, singles });
    }
}

/// The input text of `puzzles`, ending with the line `0`.
pub fn format(puzzles: &[Puzzle]) -> String {
    let mut text = String::new();
    for p in puzzles {
        text.push_str(&format!("{}\n", p.dominoes.len()));
        for &(a, u, b, v) in &p.dominoes {
            text.push_str(&format!("{u} {} {v} {}\n", name(a), name(b)));
        }
        let singles: Vec<String> = p.singles.iter().map(|&c| name(c)).collect();
        text.push_str(&singles.join(" "));
        text.push('\n');
    }
    text.push_str("0\n");
    text
}

/// The search's state: digits placed, digits used per house, dominoes used.
struct Board {
    grid: [u8; CELLS],
    used: [[u16; 9]; 3],
    pairs: u128,
}

impl Board {
    fn free(&self, cell: usize, d: u8) -> bool {
        let houses = [cell / 9, cell % 9, grid::box_of(cell)];
        self.grid[cell] == 0 && (0..3).all(|k| self.used[k][houses[k]] >> d & 1 == 0)
    }

    fn flip(&mut self, cell: usize, d: u8) {
        let houses = [cell / 9, cell % 9, grid::box_of(cell)];
        (0..3).for_each(|k| self.used[k][houses[k]] ^= 1 << d);
        self.grid[cell] = if self.grid[cell] == 0 { d } else { 0 };
    }

    fn pair(a: u8, b: u8) -> u128 {
        1 << (a.min(b) * 10 + a.max(b))
    }

    /// Places digit `a` at `p` and `b` at `q` as one domino, if it can.
    fn place(&mut self, p: usize, a: u8, q: usize, b: u8) -> bool {
        if a == b || self.pairs & Board::pair(a, b) != 0 || !self.free(p, a) {
            return false;
        }
        self.flip(p, a);
        if !self.free(q, b) {
            self.flip(p, a);
            return false;
        }
        self.flip(q, b);
        self.pairs |= Board::pair(a, b);
        true
    }

    /// Whether every empty cell can still be filled: some digit is free
    /// in its houses, and a neighbour is empty for its domino's other
    /// half. (A board without this has no completion; checking it only
    /// prunes, so that sparse puzzles are decided in a blink rather than
    /// after every way to fill the cells before a dead one.)
    fn open(&self) -> bool {
        (0..CELLS).filter(|&c| self.grid[c] == 0).all(|c| {
            grid::neighbours(c).any(|n| self.grid[n] == 0) && (1..=9).any(|d| self.free(c, d))
        })
    }

    fn unplace(&mut self, p: usize, a: u8, q: usize, b: u8) {
        self.flip(p, a);
        self.flip(q, b);
        self.pairs &= !Board::pair(a, b);
    }
}

/// Calls `found` on completions (digits in a random order when `rng` is
/// given) until it returns false.
fn search(
    board: &mut Board,
    rng: &mut Option<&mut Rng>,
    found: &mut dyn FnMut(&[u8; CELLS]) -> bool,
) -> bool {
    let Some(p) = (0..CELLS).find(|&c| board.grid[c] == 0) else {
        return found(&board.grid);
    };
    if !board.open() {
        return true;
    }
    let mut moves: Vec<(usize, u8, u8)> = Vec::new();
    for q in [p + 1, p + 9] {
        if q < CELLS && (q != p + 1 || p % 9 < 8) && board.grid[q] == 0 {
            for a in 1..=9 {
                for b in 1..=9 {
                    moves.push((q, a, b));
                }
            }
        }
    }
    if let Some(rng) = rng.as_deref_mut() {
        rng.shuffle(&mut moves);
    }
    for (q, a, b) in moves {
        if board.place(p, a, q, b) {
            let go_on = search(board, rng, found);
            board.unplace(p, a, q, b);
            if !go_on {
                return false;
            }
        }
    }
    true
}

/// The board a puzzle's givens make, or `None` when they clash.
fn start(puzzle: &Puzzle) -> Option<Board> {
    let mut board = Board {
        grid: [0; CELLS],
        used: [[0; 9]; 3],
        pairs: 0,
    };
    for (d, &cell) in (1..).zip(&puzzle.singles) {
        if !board.free(cell, d) {
            return None;
        }
        board.flip(cell, d);
    }
    for &(p, a, q, b) in &puzzle.dominoes {
        let touch = (p / 9).abs_diff(q / 9) + (p % 9).abs_diff(q % 9) == 1;
        if !touch || !board.place(p, a, q, b) {
            return None;
        }
    }
    Some(board)
}

/// Up to two completions of a puzzle: distinct grids, since the
/// statement's solution is the grid (two tilings may write the same one,
/// a 2 × 2 block covered across or down by unused dominoes).
pub fn completions(puzzle: &Puzzle) -> Vec<[u8; CELLS]> {
    let mut found: Vec<[u8; CELLS]> = Vec::new();
    if let Some(mut board) = start(puzzle) {
        search(&mut board, &mut None, &mut |grid| {
            if !found.contains(grid) {
                found.push(*grid);
            }
            found.len() < 2
        });
    }
    found
}

/// The expected output.
pub fn reference(input: &str) -> Result<String, String> {
    let mut out = String::new();
    for (k, puzzle) in parse(input)?.iter().enumerate() {
        let [grid] = completions(puzzle)[..] else {
            return Err(format!("puzzle {} has no single solution", k + 1));
        };
        out.push_str(&format!("Puzzle {}\n", k + 1));
        for row in grid.chunks(9) {
            out.extend(row.iter().map(|d| char::from(b'0' + d)));
            out.push('\n');
        }
    }
    Ok(out)
}

/// A puzzle with one solution and at least `least` dominoes given: a
/// random grid whose random nine singles leave cells a random search
/// covers with the 36 dominoes; then given dominoes added at random until
/// the solution is the only one.
pub fn puzzle(rng: &mut Rng, least: usize) -> Puzzle {
    loop {
        let grid = sudoku::random_grid(rng);
        let mut singles = [0; 9];
        for (d, cell) in (1..).zip(singles.iter_mut()) {
            let cells: Vec<usize> = (0..CELLS).filter(|&c| grid[c] == d).collect();
            *cell = cells[rng.below(9)];
        }
        let Some(tiling) = tiling(rng, &grid, &singles) else {
            continue;
        };
        let mut order = tiling;
        rng.shuffle(&mut order);
        let mut given = least.min(order.len());
        loop {
            let candidate = Puzzle {
                dominoes: order[..given].to_vec(),
                singles,
            };
            if completions(&candidate).len() == 1 {
                return candidate;
            }
            given += 1;
            if given > 35 {
                break;
            }
        }
    }
}

/// The 36 dominoes covering `grid` but for the singles, if a random
/// search finds them within a budget of attempts.
fn tiling(
    rng: &mut Rng,
    grid: &[u8; CELLS],
    singles: &[usize; 9],
) -> Option<Vec<(usize, u8, usize, u8)>> {
    let mut covered = [false; CELLS];
    singles.iter().for_each(|&c| covered[c] = true);
    let mut placed = Vec::new();
    let mut budget = 20_000u32;
    fn go(
        rng: &mut Rng,
        grid: &[u8; CELLS],
        covered: &mut [bool; CELLS],
        pairs: u128,
        placed: &mut Vec<(usize, u8, usize, u8)>,
        budget: &mut u32,
    ) -> bool {
        let Some(p) = (0..CELLS).find(|&c| !covered[c]) else {
            return true;
        };
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let mut next = [p + 1, p + 9];
        rng.shuffle(&mut next);
        for q in next {
            if q >= CELLS || (q == p + 1 && p % 9 == 8) || covered[q] || grid[p] == grid[q] {
                continue;
            }
            let pair = Board::pair(grid[p], grid[q]);
            if pairs & pair != 0 {
                continue;
            }
            covered[p] = true;
            covered[q] = true;
            placed.push((p, grid[p], q, grid[q]));
            let stranded = [p, q]
                .iter()
                .flat_map(|&c| grid::neighbours(c))
                .any(|n| !covered[n] && grid::neighbours(n).all(|m| covered[m]));
            if !stranded && go(rng, grid, covered, pairs | pair, placed, budget) {
                return true;
            }
            placed.pop();
            covered[p] = false;
            covered[q] = false;
        }
        false
    }
    go(rng, grid, &mut covered, 0, &mut placed, &mut budget).then_some(placed)
}

/// A random input: one or two puzzles with 15 to 35 dominoes given.
pub fn generate(rng: &mut Rng) -> String {
    let puzzles: Vec<Puzzle> = (0..rng.between(1, 2))
        .map(|_| {
            let least = rng.between(15, 35);
            puzzle(rng, least)
        })
        .collect();
    format(&puzzles)
}

/// The size of an input: its puzzles' open cells.
pub fn size(input: &str, _expected: &str) -> usize {
    parse(input).map_or(usize::MAX, |ps| {
        ps.iter().map(|p| 72 - 2 * p.dominoes.len() + 1).sum()
    })
}

/// Smaller inputs: a puzzle fewer.
pub fn shrink(input: &str) -> Vec<String> {
    let Ok(puzzles) = parse(input) else {
        return Vec::new();
    };
    super::each_without_one(&puzzles)
        .iter()
        .map(|p| format(p))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_puzzles_have_one_solution() {
        let mut rng = Rng::new(12);
        for _ in 0..3 {
            let p = puzzle(&mut rng, 20);
            assert!(p.dominoes.len() >= 20);
            assert_eq!(completions(&p).len(), 1);
            assert_eq!(parse(&format(std::slice::from_ref(&p))).unwrap(), [p]);
        }
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("boj-4574");
        let input = std::fs::read_to_string(dir.join("sample-1.in")).unwrap();
        let mut first = parse(&input).unwrap().remove(0);
        first.singles.swap(0, 1);
        first.singles[0] = first.dominoes[0].0 + 2;
        assert!(completions(&first).len() != 1);
        assert!(reference("1\n").is_err());
    }
}
