//! A search over boards of candidates ([`crate::board`]) that restarts:
//! depth-first on the cell with the fewest candidates, every board
//! settled before it branches, ties and the order of the digits drawn at
//! random, and the whole search started again, with a new draw, each time
//! it spends its budget of nodes; the budgets follow Luby's sequence.
//!
//! ```
//! use library::board::{restarts, Houses, Plain};
//!
//! let houses = Houses::sudoku(3, 3);
//! let solved = restarts::solve_within(&houses, &Plain, houses.board(&[0; 81]), 100);
//! assert!(solved.unwrap().unwrap().is_solved());
//! ```
//!
//! Why restart: on a hard valid input (a jigsaw layout with no givens, a
//! killer cage layout) a depth-first search's time has a heavy tail: one
//! early wrong guess can hide the solutions under a subtree that takes
//! minutes to refute, while most orders of the same search finish in
//! milliseconds. Restarting with fresh random choices and budgets 1, 1, 2,
//! 1, 1, 2, 4, … units (Luby, Sinclair and Zuckerman 1993) costs at most a
//! logarithmic factor over the best fixed budget, whatever the
//! distribution of run times. The runs stop when they have spent the
//! budget they are given in all: what they have not decided then goes to
//! clause learning ([`crate::board::solve`]), which refutes inputs with
//! no solution far faster than finishing a tree would. The generator is
//! seeded with a constant, so the same input always gets the same answer.
//!
//! A cell where guesses kept failing weighs more (its count of candidates
//! is divided by one plus its failures, as in dom/wdeg), so later runs
//! branch there first. (Branching on a killer cage's digit sets, as issue
//! 18 did, made no difference once learning took over: the slowest of
//! 100 inputs of each killer class within 0.01 s either way.)
//!
//! Where digits are interchangeable ([`Rule::interchangeable`]), a node
//! tries one of the digits placed nowhere yet and skips the others: their
//! subtrees are the same up to renaming the digits. On an empty jigsaw
//! layout that divides the tree by up to 9!.

use crate::board::learning::luby;
use crate::board::{Board, Digits, Houses, Rule};

/// Nodes in one unit of the Luby budgets. On 500 big-cage killer layouts
/// (issue 18's class) the slowest took 2.4 s of CPU with units of 16
/// nodes, 1.6 s with 64 and 0.46 s with 256: a killer node settles many
/// cage sums, and shorter runs restart before the weights have learned.
const UNIT: u64 = 256;

/// The seed of the random choices.
const SEED: u64 = 0x005E_ED0F_1DEA;

/// A solved board completing `board` under its houses and `rule`, or
/// `None` when there is none, if the runs decide within `budget` nodes
/// in all; `None` when they do not.
pub fn solve_within<R: Rule>(
    houses: &Houses,
    rule: &R,
    board: Board,
    budget: u64,
) -> Option<Option<Board>> {
    let mut run = Run {
        houses,
        rule,
        random: Random(SEED),
        nodes: 0,
        budget: 0,
        weights: vec![1; houses.cells()],
    };
    let mut spent = 0;
    for restart in 1.. {
        run.nodes = 0;
        run.budget = (UNIT * luby(restart)).min(budget - spent);
        if let Ok(found) = run.search(board.clone()) {
            return Some(found);
        }
        spent += run.budget;
        if spent >= budget {
            return None;
        }
    }
    unreachable!("the budget runs out")
}

/// A small seeded generator (SplitMix64).
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    fn below(&mut self, n: u32) -> u32 {
        (self.next() % u64::from(n)) as u32
    }
}

/// The run ran out of its budget of nodes.
struct OutOfBudget;

/// One run of the search, within a budget of nodes.
struct Run<'a, R> {
    houses: &'a Houses,
    rule: &'a R,
    random: Random,
    nodes: u64,
    budget: u64,
    /// How often a guess on each cell led straight to a contradiction,
    /// plus one: the search branches first where that happened (dom/wdeg).
    weights: Vec<u32>,
}

impl<R: Rule> Run<'_, R> {
    /// A solved board completing `board`, or `None` when its tree has
    /// none.
    fn search(&mut self, mut board: Board) -> Result<Option<Board>, OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(OutOfBudget);
        }
        if self.houses.settle(&mut board, self.rule).is_err() {
            return Ok(None);
        }
        let cell = match self.choose(&board) {
            Some(cell) => cell,
            None => return Ok(Some(board)),
        };
        let unplaced = if self.rule.interchangeable() {
            self.houses.all_digits() & !board.placed()
        } else {
            0
        };
        let mut left = board.digits(cell);
        while left != 0 {
            let digit = self.draw(left);
            left &= !digit;
            if digit & unplaced != 0 {
                // One unplaced digit stands for all of them.
                left &= !unplaced;
            }
            let mut child = board.clone();
            child.set(cell, digit);
            match self.search(child)? {
                Some(found) => return Ok(Some(found)),
                None => self.weights[cell] += 1,
            }
        }
        Ok(None)
    }

    /// A cell with the fewest candidates (two or more), drawn among those
    /// that tie; `None` when every cell is down to one.
    fn choose(&mut self, board: &Board) -> Option<usize> {
        let (mut best, mut ties) = (None, 0);
        let mut fewest = (u32::MAX, 1);
        for (cell, digits) in board.all().enumerate() {
            let count = digits.count_ones();
            if count < 2 {
                continue;
            }
            // count / weight against fewest.0 / fewest.1, crosswise.
            let w = self.weights[cell];
            let (a, b) = (
                u64::from(count) * u64::from(fewest.1),
                u64::from(fewest.0) * u64::from(w),
            );
            if a > b {
                continue;
            }
            if a < b {
                fewest = (count, w);
                ties = 0;
            }
            ties += 1;
            if self.random.below(ties) == 0 {
                best = Some(cell);
            }
        }
        best
    }

    /// One digit of `digits` (not empty), at random.
    fn draw(&mut self, digits: Digits) -> Digits {
        let mut k = self.random.below(digits.count_ones());
        let mut rest = digits;
        while k > 0 {
            rest &= rest - 1;
            k -= 1;
        }
        rest & rest.wrapping_neg()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Plain;

    #[test]
    fn solves_and_refutes() {
        let houses = Houses::sudoku(3, 3);
        let puzzle =
            b"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        let givens: Vec<u8> = puzzle
            .iter()
            .map(|&b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        let solved = solve_within(&houses, &Plain, houses.board(&givens), 1 << 20)
            .unwrap()
            .unwrap();
        assert!(solved.is_solved());
        let grid = solved.grid();
        assert!(givens.iter().zip(&grid).all(|(&g, &d)| g == 0 || g == d));
        assert_eq!(&grid[..9], [8, 1, 2, 7, 5, 3, 6, 4, 9]);
        let mut clash = givens.clone();
        clash[1] = 8;
        assert_eq!(
            solve_within(&houses, &Plain, houses.board(&clash), 1 << 20),
            Some(None)
        );
    }
}
