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

/// A given domino: (cell, digit, cell, digit).
type Domino = (usize, u8, usize, u8);

/// One puzzle: the given dominoes (cell, digit, cell, digit) and the
/// cells of the digits 1 to 9.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub dominoes: Vec<Domino>,
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
/// random grid laid out at random as nine singles and the 36 dominoes,
/// then given dominoes added in random order until the solution is the
/// only one.
pub fn puzzle(rng: &mut Rng, least: usize) -> Puzzle {
    loop {
        let grid = sudoku::random_grid(rng);
        if let Some((singles, mut order)) = layout(rng, &grid) {
            rng.shuffle(&mut order);
            if let Some(puzzle) = fewest_given(order, singles, least) {
                return puzzle;
            }
        }
    }
}

/// The puzzle of the first `least` or more dominoes of `order` that has
/// one solution, if one of 35 or fewer has.
fn fewest_given(order: Vec<Domino>, singles: [usize; 9], least: usize) -> Option<Puzzle> {
    (least.min(order.len())..=35)
        .map(|given| Puzzle {
            dominoes: order[..given].to_vec(),
            singles,
        })
        .find(|candidate| completions(candidate).len() == 1)
}

/// The cells of the nine singles and the 36 dominoes that lay out `grid`,
/// if a random search finds them within a budget. It is an exact cover:
/// each of the 81 cells, of the 36 pairs of digits and of the nine digits'
/// singles is covered once, by a domino on two neighbours or a single on
/// one cell; the search takes the item with the fewest options left (most
/// choices of singles leave cells that no 36 distinct dominoes tile, and
/// guessing them first would rarely find one that does).
fn layout(rng: &mut Rng, grid: &[u8; CELLS]) -> Option<([usize; 9], Vec<Domino>)> {
    const PAIRS: usize = CELLS;
    const SINGLES: usize = CELLS + 36;
    const ITEMS: usize = SINGLES + 9;
    // The domino {a, b}'s item: PAIRS and the pair's rank among the 36.
    let pair = |a: u8, b: u8| {
        let (lo, hi) = (usize::from(a.min(b)), usize::from(a.max(b)));
        PAIRS + (lo - 1) * 9 - (lo - 1) * lo / 2 + (hi - lo - 1)
    };
    // Each option: its items as bits, and its cells (equal for a single).
    let mut options: Vec<(u128, usize, usize)> = Vec::new();
    for p in 0..CELLS {
        let digit = usize::from(grid[p]);
        options.push((1 << p | 1 << (SINGLES + digit - 1), p, p));
        for q in grid::neighbours(p).filter(|&q| q > p) {
            let bits = 1 << p | 1 << q | 1 << pair(grid[p], grid[q]);
            options.push((bits, p, q));
        }
    }
    let mut chosen = Vec::new();
    let mut budget = 20_000u32;
    if !cover(rng, &options, 0, ITEMS, &mut chosen, &mut budget) {
        return None;
    }
    let mut singles = [0; 9];
    let mut dominoes = Vec::new();
    for (_, p, q) in chosen {
        if p == q {
            singles[usize::from(grid[p]) - 1] = p;
        } else {
            dominoes.push((p, grid[p], q, grid[q]));
        }
    }
    Some((singles, dominoes))
}

/// Algorithm X on bit sets, at random: completes `covered` to all `items`
/// with disjoint `options`, pushing their (bits, cells) on `chosen`.
fn cover(
    rng: &mut Rng,
    options: &[(u128, usize, usize)],
    covered: u128,
    items: usize,
    chosen: &mut Vec<(u128, usize, usize)>,
    budget: &mut u32,
) -> bool {
    if covered.count_ones() as usize == items {
        return true;
    }
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let live: Vec<(u128, usize, usize)> = options
        .iter()
        .copied()
        .filter(|o| o.0 & covered == 0)
        .collect();
    let mut counts = vec![0usize; items];
    for (bits, _, _) in &live {
        (0..items)
            .filter(|&i| bits >> i & 1 == 1)
            .for_each(|i| counts[i] += 1);
    }
    let Some(item) = (0..items)
        .filter(|&i| covered >> i & 1 == 0)
        .min_by_key(|&i| counts[i])
    else {
        return true;
    };
    let mut mine: Vec<(u128, usize, usize)> =
        live.into_iter().filter(|o| o.0 >> item & 1 == 1).collect();
    rng.shuffle(&mut mine);
    for option in mine {
        chosen.push(option);
        if cover(rng, options, covered | option.0, items, chosen, budget) {
            return true;
        }
        chosen.pop();
    }
    false
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
