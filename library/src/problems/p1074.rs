//! Luogu P1074, NOIP2009 靶形数独 (target sudoku): the highest score of any
//! completion of a sudoku, each cell's digit weighted by its ring (6 on the
//! border up to 10 in the centre); `-1` if there is none.
//!
//! ```
//! use library::{input, problems::p1074};
//!
//! let puzzle = "7 0 0 9 0 0 0 0 1\n1 0 0 0 0 5 9 0 0\n0 0 0 2 0 0 0 8 0\n\
//!               0 0 5 0 2 0 0 0 3\n0 0 0 0 0 0 6 4 8\n4 1 3 0 0 0 0 0 0\n\
//!               0 0 7 0 0 2 0 9 0\n2 0 1 0 6 0 8 0 4\n0 8 0 5 0 4 0 1 2\n";
//! assert_eq!(input::answer(p1074::solve, puzzle)?, "2829\n");
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! The score is a maximum over every completion (the statement's data
//! has tens of thousands for 24 givens). The board engine
//! ([`crate::board::complete`]) finds a first one, or proves there is
//! none; a branch and bound over boards of candidates then proves the
//! best: rows kept as assignment problems ([`crate::assignment`]),
//! columns and boxes priced by a Lagrangian subgradient, a cheap bound
//! per house first.

use crate::board::{self, Board, Houses, Plain};
use crate::input::{self, Error, Tokens};
use crate::sudoku::{self, STANDARD};
use std::io::Write;

/// The weight of a cell: 10 minus its Chebyshev distance from the centre.
fn weight(cell: usize) -> u32 {
    let (r, c) = ((cell / 9) as i32, (cell % 9) as i32);
    (10 - (r - 4).abs().max((c - 4).abs())) as u32
}

/// Writes the highest score of a completion of the grid in `input`, or
/// `-1`.
///
/// # Errors
/// A token that is not a digit 0-9, or fewer or more than 81 of them.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let mut tokens = Tokens::new(input);
    let givens = STANDARD.read_numbers(&mut tokens)?;
    tokens.end("81 digits")?;
    let answer = match best_score(&givens) {
        Some(score) => format!("{score}\n"),
        None => "-1\n".to_string(),
    };
    Ok(out.write_all(answer.as_bytes())?)
}

/// The highest score of a completion of `givens`, if there is one.
pub fn best_score(givens: &sudoku::Grid) -> Option<u32> {
    let houses = Houses::sudoku(3, 3);
    // A first completion, if any: the bound then prunes from the start,
    // and givens with no completion are refuted with clause learning,
    // where the branch and bound would visit every board.
    let first = board::complete(&houses, &Plain, givens)?;
    let score = (0..81).map(|c| u32::from(first[c]) * weight(c)).sum();
    let mut search = Branch {
        houses: &houses,
        best: Some(score),
    };
    search.go(houses.board(givens), Multipliers::default(), ROOT_ROUNDS);
    search.best
}

/// Subgradient rounds at the root, where the prices start from 0, and at
/// every other node, where they start from the parent's.
const ROOT_ROUNDS: usize = 300;
const ROUNDS: usize = 30;

/// Prices on "column c holds digit d" and "box b holds digit d".
#[derive(Clone, Default)]
struct Multipliers {
    columns: [[f64; 9]; 9],
    boxes: [[f64; 9]; 9],
}

/// Branch and bound over settled boards.
struct Branch<'a> {
    houses: &'a Houses,
    best: Option<u32>,
}

/// Slack for the rounding of the relaxation's floating-point bound.
const EPSILON: f64 = 1e-6;

impl Branch<'_> {
    /// Whether an upper bound `bound` cannot beat the best score found.
    fn beaten(&self, bound: f64) -> bool {
        self.best
            .map_or(false, |best| bound < f64::from(best) + 1.0 - EPSILON)
    }

    /// Records the best score of a completion of `board`, unless it is
    /// proved no better than the best so far.
    fn go(&mut self, mut board: Board, mut prices: Multipliers, rounds: usize) {
        if self.houses.settle(&mut board, &Plain).is_err() {
            return;
        }
        let cheap = self.bound(&board);
        if self.beaten(f64::from(cheap)) {
            return;
        }
        if board.is_solved() {
            self.best = Some(cheap);
            return;
        }
        if let Some(suggested) = self.tighten(&board, &mut prices, rounds) {
            self.branch(&board, &prices, &suggested);
        }
    }

    /// Moves the prices towards the tightest bound for `rounds`
    /// subgradient steps (records any completion the relaxation finds on
    /// the way); the grid of the last relaxation, or `None` when the
    /// bound proves `board` can do no better than the best so far.
    fn tighten(
        &mut self,
        board: &Board,
        prices: &mut Multipliers,
        rounds: usize,
    ) -> Option<[u8; 81]> {
        let (mut theta, mut lowest, mut stale) = (1.0, f64::INFINITY, 0);
        let mut suggested = [0u8; 81];
        for _ in 0..rounds {
            let (bound, grid) = relaxed(board, prices)?;
            if self.beaten(bound) {
                return None;
            }
            suggested = grid;
            let (gradient, norm) = subgradient(&grid);
            if norm == 0.0 {
                // The relaxation's best keeps every rule: a completion.
                let score: u32 = (0..81).map(|c| u32::from(grid[c]) * weight(c)).sum();
                self.best = Some(self.best.map_or(score, |b| b.max(score)));
                return if self.beaten(bound) { None } else { Some(grid) };
            }
            if bound < lowest - 1e-9 {
                lowest = bound;
                stale = 0;
            } else {
                stale += 1;
                if stale >= 5 {
                    theta /= 2.0;
                    stale = 0;
                }
            }
            let target = self.best.map_or(bound - 10.0, f64::from);
            let step = theta * (bound - target).max(0.5) / norm;
            prices.step(&gradient, step);
        }
        Some(suggested)
    }

    /// Tries each digit of the open cell with the fewest (the heaviest
    /// among those), the relaxation's `suggested` one first, then the
    /// largest.
    fn branch(&mut self, board: &Board, prices: &Multipliers, suggested: &[u8; 81]) {
        let key = |cell: usize| {
            (
                board.digits(cell).count_ones(),
                std::cmp::Reverse(weight(cell)),
            )
        };
        let cell = match (0..81)
            .filter(|&c| board.digits(c).count_ones() >= 2)
            .min_by_key(|&c| key(c))
        {
            Some(cell) => cell,
            None => return,
        };
        let mut left = board.digits(cell);
        let first = suggested[cell];
        let mut order = Vec::with_capacity(9);
        if first != 0 && left >> (first - 1) & 1 == 1 {
            left &= !(1 << (first - 1));
            order.push(1 << (first - 1));
        }
        while left != 0 {
            let top = 1 << (31 - left.leading_zeros());
            left &= !top;
            order.push(top);
        }
        for digit in order {
            let mut child = board.clone();
            child.set(cell, digit);
            self.go(child, prices.clone(), ROUNDS);
        }
    }

    /// An upper bound on the score of any completion of `board`: per
    /// house, its open cells take at most their best digits, and at most
    /// its missing digits paired best with best; the least of the sums
    /// over rows, over columns and over boxes.
    fn bound(&self, board: &Board) -> u32 {
        let side = self.houses.side();
        (0..3)
            .map(|kind| {
                (0..side)
                    .map(|h| self.house_bound(board, self.houses.house(kind * side + h)))
                    .sum::<u32>()
            })
            .min()
            .unwrap_or(0)
    }

    fn house_bound(&self, board: &Board, cells: &[usize]) -> u32 {
        let (mut fixed, mut best_digits) = (0, 0);
        let mut weights = [0u32; 9];
        let mut open = 0;
        let mut placed = 0u32;
        for &cell in cells {
            let digits = board.digits(cell);
            let top = 32 - digits.leading_zeros();
            if digits.count_ones() == 1 {
                fixed += top * weight(cell);
                placed |= digits;
            } else {
                best_digits += top * weight(cell);
                weights[open] = weight(cell);
                open += 1;
            }
        }
        let weights = &mut weights[..open];
        weights.sort_unstable_by(|a, b| b.cmp(a));
        let mut missing = (1..=9u32).rev().filter(|d| placed >> (d - 1) & 1 == 0);
        let paired: u32 = weights.iter().zip(&mut missing).map(|(w, d)| w * d).sum();
        fixed + best_digits.min(paired)
    }
}

/// The Lagrangian relaxation: rows keep their rule, columns and boxes
/// are priced; each row takes its best assignment of digits to cells
/// (among their candidates). The total plus the prices is an upper bound
/// on the score of every completion; also returns the grid the rows
/// chose. `None` when a row has no assignment.
fn relaxed(board: &Board, prices: &Multipliers) -> Option<(f64, [u8; 81])> {
    let mut total: f64 = prices.columns.iter().chain(&prices.boxes).flatten().sum();
    let mut grid = [0u8; 81];
    let mut profits = [[0.0f64; 9]; 9];
    for r in 0..9 {
        for (k, row) in profits.iter_mut().enumerate() {
            let cell = r * 9 + k;
            let b = r / 3 * 3 + k / 3;
            let digits = board.digits(cell);
            for (d, p) in row.iter_mut().enumerate() {
                *p = if digits >> d & 1 == 1 {
                    (d as f64 + 1.0) * f64::from(weight(cell))
                        - prices.columns[k][d]
                        - prices.boxes[b][d]
                } else {
                    crate::assignment::FORBIDDEN
                };
            }
        }
        let rows: Vec<&[f64]> = profits.iter().map(|r| &r[..]).collect();
        let (best, columns) = crate::assignment::best(&rows)?;
        total += best;
        for (k, &d) in columns.iter().enumerate() {
            grid[r * 9 + k] = d as u8 + 1;
        }
    }
    Some((total, grid))
}

impl Multipliers {
    /// Moves every price by `step` against `gradient`.
    fn step(&mut self, gradient: &Multipliers, step: f64) {
        for k in 0..9 {
            for d in 0..9 {
                self.columns[k][d] -= step * gradient.columns[k][d];
                self.boxes[k][d] -= step * gradient.boxes[k][d];
            }
        }
    }
}

/// 1 minus how often each column and box holds each digit in `grid`, and
/// the squared norm.
fn subgradient(grid: &[u8; 81]) -> (Multipliers, f64) {
    let mut g = Multipliers::default();
    for row in g.columns.iter_mut().chain(g.boxes.iter_mut()) {
        row.iter_mut().for_each(|x| *x = 1.0);
    }
    for (cell, &d) in grid.iter().enumerate() {
        let (r, c) = (cell / 9, cell % 9);
        g.columns[c][usize::from(d) - 1] -= 1.0;
        g.boxes[r / 3 * 3 + c / 3][usize::from(d) - 1] -= 1.0;
    }
    let norm = g
        .columns
        .iter()
        .chain(&g.boxes)
        .flatten()
        .map(|x| x * x)
        .sum();
    (g, norm)
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

    const SAMPLE_2: &str = "0 0 0 7 0 2 4 5 3\n9 0 0 0 0 8 0 0 0\n7 4 0 0 0 5 0 1 0\n\
                            1 9 5 0 8 0 0 0 0\n0 7 0 0 0 0 0 2 5\n0 3 0 5 7 9 1 0 8\n\
                            0 0 0 6 0 1 0 0 0\n0 6 0 9 0 0 0 0 1\n0 0 0 0 0 0 0 0 6\n";

    #[test]
    fn weights_are_rings() {
        let rows: Vec<Vec<u32>> = (0..9)
            .map(|r| (0..9).map(|c| weight(r * 9 + c)).collect())
            .collect();
        assert_eq!(rows[0], [6; 9]);
        assert_eq!(rows[4], [6, 7, 8, 9, 10, 9, 8, 7, 6]);
        assert_eq!(rows[2][3], 8);
    }

    #[test]
    fn second_sample() {
        assert_eq!(run(SAMPLE_2).unwrap(), "2852\n");
    }

    #[test]
    fn no_completion_is_minus_one() {
        // Two 7s in the first row.
        let clash = SAMPLE_2.replacen("0 0 0 7", "7 0 0 7", 1);
        assert_eq!(run(&clash).unwrap(), "-1\n");
    }

    #[test]
    fn bad_input_names_its_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        assert_eq!(
            error("0 -1"),
            "input:1:3: expected a digit (0 to 9), found \"-1\""
        );
        assert_eq!(
            error(&format!("{SAMPLE_2}\n\n5")),
            "input:12:1: expected the end of the input after 81 digits, found \"5\""
        );
    }
}
