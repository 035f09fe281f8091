//! A board of candidates: a square grid of side n whose houses (rows,
//! columns, and boxes or any other regions) each hold every digit 1..=n
//! once, the digits each cell may still hold, and the deductions that
//! narrow them before a search has to guess.
//!
//! ```
//! use library::board::{Houses, Plain};
//!
//! // A 4 × 4 sudoku (2 × 2 boxes) that deductions alone complete.
//! let houses = Houses::sudoku(2, 2);
//! let givens = [1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2];
//! let mut board = houses.board(&givens);
//! houses.settle(&mut board, &Plain).unwrap();
//! assert_eq!(board.grid(), [1, 3, 2, 4, 4, 2, 3, 1, 2, 4, 1, 3, 3, 1, 4, 2]);
//! ```
//!
//! A cell's candidates are a bit set, digit d as bit d − 1, so a side is
//! at most [`MAX_SIDE`]. [`Houses::settle`] applies, until none applies
//! any more:
//!
//! * **naked singles**: a cell down to one digit takes it, and the digit
//!   leaves the cell's peers (the other cells of its houses, and of any
//!   group [`Houses::add_peers`] added);
//! * **hidden singles**: a digit with one place left in a house goes there;
//!   a digit with none, or two digits with the same one place, is a
//!   contradiction;
//! * **intersections** (locked candidates): when a digit's places in one
//!   house all lie where it overlaps another house, the digit leaves the
//!   rest of the other house. In sudoku these are the box-line
//!   interactions; in jigsaw sudoku every region meets rows and columns
//!   this way, in any shape, which exact cover does not see: its items
//!   are the houses one at a time;
//! * a [`Rule`]: whatever the variant adds (killer sudoku's cages).
//!
//! These are the deductions of human solvers (singles, "pointing" and
//! "claiming"); every one only removes digits no solution puts there, so
//! a search over settled boards (see [`crate::board::solve`]) finds every
//! solution a plain search would. (The law of leftovers on runs of lines,
//! which issue 18 added for jigsaw layouts, went when clause learning
//! came: 100 inputs of each jigsaw and killer class took as long with it
//! as without, and it cost 2 KB in every submission.)

use crate::board::learning::{Clauses, Lit};

/// Candidate digits as bits: digit d is bit d − 1.
pub type Digits = u32;

/// The largest side a board may have: its digits must fit in [`Digits`]
/// beside the [`SETTLED`] flag.
pub const MAX_SIDE: usize = 31;

/// The flag of a cell whose single digit has left its peers already.
const SETTLED: u32 = 1 << 31;

/// No solution completes the board as it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// What a variant adds to the houses: more deductions.
pub trait Rule {
    /// Whether exchanging two digits everywhere maps solutions to
    /// solutions (plain and jigsaw sudoku: yes; killer sudoku's sums
    /// tell digits apart: no). A search may then try one digit for all
    /// those not placed anywhere yet.
    fn interchangeable(&self) -> bool;

    /// Removes from `board` digits this rule rules out; true when it
    /// removed any.
    ///
    /// # Errors
    /// [`Contradiction`] when the rule cannot hold on `board`.
    fn narrow(&self, houses: &Houses, board: &mut Board) -> Result<bool, Contradiction>;

    /// Adds to `clauses` (those of [`Houses::clauses`] for `board`) what
    /// the rule says, completely: a model of them all is a solution.
    fn clauses(&self, _houses: &Houses, _board: &Board, _clauses: &mut Clauses) {}
}

/// No rule beyond the houses.
#[derive(Clone, Copy, Debug)]
pub struct Plain;

impl Rule for Plain {
    fn interchangeable(&self) -> bool {
        true
    }

    fn narrow(&self, _: &Houses, _: &mut Board) -> Result<bool, Contradiction> {
        Ok(false)
    }
}

/// Two houses that share two cells or more.
#[derive(Clone, Debug)]
struct Overlap {
    shared: Vec<usize>,
    only_first: Vec<usize>,
    only_second: Vec<usize>,
}

/// The shape of a board: its side, its houses, and each cell's peers.
#[derive(Clone, Debug)]
pub struct Houses {
    side: usize,
    /// The cells of house `h` are `members[h * side..(h + 1) * side]`:
    /// the rows, then the columns, then the regions.
    members: Vec<usize>,
    /// The cells each cell must differ from, each once.
    peers: Vec<Vec<usize>>,
    overlaps: Vec<Overlap>,
    regions: Vec<usize>,
}

impl Houses {
    /// A grid of side `side`, cells numbered row by row, whose rows,
    /// columns and regions are houses: `regions[cell]` is the region of
    /// the cell, `0..side`.
    ///
    /// # Panics
    /// If `side` is 0 or over [`MAX_SIDE`], or the regions are not `side`
    /// regions of `side` cells each.
    pub fn new(side: usize, regions: &[usize]) -> Houses {
        assert!((1..=MAX_SIDE).contains(&side), "a side of 1 to {MAX_SIDE}");
        assert_eq!(regions.len(), side * side, "one region per cell");
        let mut members = Vec::with_capacity(3 * side * side);
        members.extend(0..side * side);
        members.extend((0..side).flat_map(|c| (0..side).map(move |r| r * side + c)));
        for region in 0..side {
            let before = members.len();
            members.extend((0..side * side).filter(|&cell| regions[cell] == region));
            assert_eq!(
                members.len() - before,
                side,
                "region {region}: {side} cells"
            );
        }
        let mut houses = Houses {
            side,
            members,
            peers: vec![Vec::new(); side * side],
            overlaps: Vec::new(),
            regions: regions.to_vec(),
        };
        for h in 0..3 * side {
            let cells = houses.house(h).to_vec();
            houses.add_peers(&cells);
        }
        houses.overlaps = houses.find_overlaps();
        houses
    }

    /// A sudoku of `box_rows × box_columns` boxes: side `box_rows *
    /// box_columns`, the boxes as regions, numbered row by row.
    pub fn sudoku(box_rows: usize, box_columns: usize) -> Houses {
        let side = box_rows * box_columns;
        let boxes: Vec<usize> = (0..side * side)
            .map(|cell| {
                let (r, c) = (cell / side, cell % side);
                r / box_rows * box_rows + c / box_columns
            })
            .collect();
        Houses::new(side, &boxes)
    }

    /// Every pair of houses sharing two cells or more.
    fn find_overlaps(&self) -> Vec<Overlap> {
        let mut overlaps = Vec::new();
        let count = self.members.len() / self.side;
        for a in 0..count {
            for b in a + 1..count {
                let (first, second) = (self.house(a), self.house(b));
                let shared: Vec<usize> = first
                    .iter()
                    .copied()
                    .filter(|c| second.contains(c))
                    .collect();
                if shared.len() < 2 {
                    continue;
                }
                let outside = |cells: &[usize]| -> Vec<usize> {
                    cells
                        .iter()
                        .copied()
                        .filter(|c| !shared.contains(c))
                        .collect()
                };
                overlaps.push(Overlap {
                    only_first: outside(first),
                    only_second: outside(second),
                    shared,
                });
            }
        }
        overlaps
    }

    /// Makes the `cells` peers of each other: no two of them hold the
    /// same digit (killer sudoku's cages).
    pub fn add_peers(&mut self, cells: &[usize]) {
        for &cell in cells {
            for &other in cells {
                if other != cell && !self.peers[cell].contains(&other) {
                    self.peers[cell].push(other);
                }
            }
        }
    }

    pub fn side(&self) -> usize {
        self.side
    }

    /// The number of cells, `side × side`.
    pub fn cells(&self) -> usize {
        self.side * self.side
    }

    /// The cells of house `h`: rows `0..side`, columns `side..2 * side`,
    /// regions `2 * side..3 * side`.
    pub fn house(&self, h: usize) -> &[usize] {
        &self.members[h * self.side..(h + 1) * self.side]
    }

    /// The houses of `cell`: its row, its column and its region.
    pub fn houses_of(&self, cell: usize) -> [usize; 3] {
        let side = self.side;
        [
            cell / side,
            side + cell % side,
            2 * side + self.regions[cell],
        ]
    }

    /// Every digit of the board.
    pub fn all_digits(&self) -> Digits {
        u32::MAX >> (32 - self.side)
    }

    /// The board with `givens` (0 for an empty cell, else a digit
    /// 1..=side) and every digit open elsewhere; nothing settled yet.
    ///
    /// # Panics
    /// If `givens` is not one digit per cell.
    pub fn board(&self, givens: &[u8]) -> Board {
        assert_eq!(givens.len(), self.cells(), "one given per cell");
        let cells = givens
            .iter()
            .map(|&d| match d {
                0 => self.all_digits(),
                d => {
                    assert!(usize::from(d) <= self.side, "a digit 1..={}", self.side);
                    1 << (d - 1)
                }
            })
            .collect();
        Board {
            cells,
            touched: vec![u64::MAX; (self.cells() + 63) / 64],
        }
    }

    /// The board as clauses over the variables "cell c holds digit d",
    /// numbered `c * side + d - 1` (see [`Houses::from_model`]): each
    /// cell holds one of its candidates and no two; each house holds each
    /// digit somewhere; peers never share a digit.
    pub fn clauses(&self, board: &Board) -> Clauses {
        let side = self.side;
        let mut clauses = Clauses::new(self.cells() * side);
        for cell in 0..self.cells() {
            let digits = board.digits(cell);
            let holds: Vec<Lit> = (0..side)
                .filter(|d| digits >> d & 1 == 1)
                .map(|d| self.holds(cell, d))
                .collect();
            clauses.add(&holds);
            clauses.at_most_one(&holds);
            for d in (0..side).filter(|d| digits >> d & 1 == 0) {
                clauses.add(&[!self.holds(cell, d)]);
            }
            for &peer in self.peers[cell].iter().filter(|&&p| p > cell) {
                let shared = digits & board.digits(peer);
                for d in (0..side).filter(|d| shared >> d & 1 == 1) {
                    clauses.add(&[!self.holds(cell, d), !self.holds(peer, d)]);
                }
            }
        }
        for house in self.members.chunks(side) {
            for d in 0..side {
                let places: Vec<Lit> = house
                    .iter()
                    .filter(|&&c| board.digits(c) >> d & 1 == 1)
                    .map(|&c| self.holds(c, d))
                    .collect();
                clauses.add(&places);
            }
        }
        clauses
    }

    /// The literal "`cell` holds digit `d` + 1" of [`Houses::clauses`].
    pub fn holds(&self, cell: usize, d: usize) -> Lit {
        Lit::new((cell * self.side + d) as u32, true)
    }

    /// The solved board a model of [`Houses::clauses`] gives.
    pub fn from_model(&self, model: &[bool]) -> Board {
        let side = self.side;
        let givens: Vec<u8> = (0..self.cells())
            .map(|cell| {
                let digit = (0..side).find(|&d| model[cell * side + d]);
                digit.map_or(0, |d| d as u8 + 1)
            })
            .collect();
        self.board(&givens)
    }

    /// Applies every deduction of the module docs, and `rule`'s, until
    /// none changes the board.
    ///
    /// # Errors
    /// [`Contradiction`] when a deduction finds that no solution
    /// completes the board; it is then left part way.
    pub fn settle<R: Rule>(&self, board: &mut Board, rule: &R) -> Result<(), Contradiction> {
        loop {
            self.naked_singles(board)?;
            if self.hidden_singles(board)? || self.intersections(board)? {
                continue;
            }
            if !rule.narrow(self, board)? {
                return Ok(());
            }
        }
    }

    /// The singles of [`Houses::settle`] and `rule`'s deductions only,
    /// until none changes the board: what a search that visits every
    /// solution can afford at each node (on 6 × 6 Latin groups with 79 920
    /// solutions, all of [`Houses::settle`] took 9 times as long).
    ///
    /// # Errors
    /// As [`Houses::settle`].
    pub fn settle_singles<R: Rule>(
        &self,
        board: &mut Board,
        rule: &R,
    ) -> Result<(), Contradiction> {
        loop {
            self.naked_singles(board)?;
            if !self.hidden_singles(board)? && !rule.narrow(self, board)? {
                return Ok(());
            }
        }
    }

    /// Takes each single digit out of its cell's peers, and the singles
    /// that leaves too.
    fn naked_singles(&self, board: &mut Board) -> Result<(), Contradiction> {
        let mut stack: Vec<usize> = (0..self.cells())
            .filter(|&cell| board.cells[cell].count_ones() == 1)
            .collect();
        while let Some(cell) = stack.pop() {
            let digit = board.cells[cell];
            board.cells[cell] |= SETTLED;
            for &peer in &self.peers[cell] {
                let before = board.cells[peer];
                if before & digit == 0 {
                    continue;
                }
                let after = before & !digit;
                if after & !SETTLED == 0 {
                    return Err(Contradiction);
                }
                board.write(peer, after);
                if after.count_ones() == 1 {
                    stack.push(peer);
                }
            }
        }
        Ok(())
    }

    /// Puts every digit with one place left in a house there; true when
    /// that changed a cell.
    fn hidden_singles(&self, board: &mut Board) -> Result<bool, Contradiction> {
        let all = self.all_digits();
        let mut changed = false;
        for house in self.members.chunks(self.side) {
            let (mut once, mut twice) = (0, 0);
            for &cell in house {
                let digits = board.digits(cell);
                twice |= once & digits;
                once |= digits;
            }
            if once != all {
                return Err(Contradiction);
            }
            let hidden = once & !twice;
            if hidden == 0 {
                continue;
            }
            for &cell in house {
                let digits = board.digits(cell);
                let only_here = digits & hidden;
                if only_here != 0 && only_here != digits {
                    if only_here.count_ones() > 1 {
                        return Err(Contradiction);
                    }
                    board.write(cell, only_here);
                    changed = true;
                }
            }
        }
        Ok(changed)
    }

    /// Locked candidates over every overlap; true when a digit left a cell.
    fn intersections(&self, board: &mut Board) -> Result<bool, Contradiction> {
        let mut changed = false;
        for overlap in &self.overlaps {
            let shared = board.union(&overlap.shared);
            let first = board.union(&overlap.only_first);
            let second = board.union(&overlap.only_second);
            // Digits the first house can place only in the shared cells
            // leave the rest of the second, and the other way round.
            let locked_first = shared & !first & second;
            let locked_second = shared & !second & first;
            if locked_first != 0 {
                changed |= board.remove_from(&overlap.only_second, locked_first)?;
            }
            if locked_second != 0 {
                changed |= board.remove_from(&overlap.only_first, locked_second)?;
            }
        }
        Ok(changed)
    }
}

/// The candidate digits of every cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The candidates of each cell, with [`SETTLED`] once a single digit
    /// has left the cell's peers.
    cells: Vec<u32>,
    /// The cells whose candidates changed since the rule last looked, as
    /// bits.
    touched: Vec<u64>,
}

impl Board {
    #[inline]
    fn write(&mut self, cell: usize, value: u32) {
        self.cells[cell] = value;
        self.touched[cell / 64] |= 1 << (cell % 64);
    }

    /// The cells changed since the last call (all of them at first), as
    /// bits of 64-bit words; the set starts empty again.
    pub fn take_touched(&mut self) -> Vec<u64> {
        let empty = vec![0; self.touched.len()];
        std::mem::replace(&mut self.touched, empty)
    }

    /// The digits `cell` may still hold.
    #[inline]
    pub fn digits(&self, cell: usize) -> Digits {
        self.cells[cell] & !SETTLED
    }

    /// Every cell's digits, as [`Board::digits`].
    pub fn all(&self) -> impl Iterator<Item = Digits> + '_ {
        self.cells.iter().map(|&c| c & !SETTLED)
    }

    /// The digits some of `cells` may hold.
    pub fn union(&self, cells: &[usize]) -> Digits {
        cells.iter().fold(0, |u, &cell| u | self.cells[cell]) & !SETTLED
    }

    /// Leaves `cell` the one digit `digit` (a bit of [`Digits`]), to be
    /// settled by the next [`Houses::settle`].
    pub fn set(&mut self, cell: usize, digit: Digits) {
        self.write(cell, digit);
    }

    /// Takes `digits` out of `cell`; true when that removed any.
    ///
    /// # Errors
    /// [`Contradiction`] when the cell is left no digit.
    pub fn remove(&mut self, cell: usize, digits: Digits) -> Result<bool, Contradiction> {
        let before = self.cells[cell];
        if before & digits == 0 {
            return Ok(false);
        }
        if before & !digits & !SETTLED == 0 {
            return Err(Contradiction);
        }
        self.write(cell, before & !digits);
        Ok(true)
    }

    /// Keeps in `cell` only `digits`; true when that removed any.
    ///
    /// # Errors
    /// As [`Board::remove`].
    pub fn keep(&mut self, cell: usize, digits: Digits) -> Result<bool, Contradiction> {
        self.remove(cell, !digits & !SETTLED)
    }

    /// Takes `digits` out of every cell of `cells`.
    fn remove_from(&mut self, cells: &[usize], digits: Digits) -> Result<bool, Contradiction> {
        let mut changed = false;
        for &cell in cells {
            changed |= self.remove(cell, digits)?;
        }
        Ok(changed)
    }

    /// The digits held by a cell down to one.
    pub fn placed(&self) -> Digits {
        self.all()
            .filter(|d| d.count_ones() == 1)
            .fold(0, |u, d| u | d)
    }

    /// The digits held by a cell of `cells` down to one.
    pub fn placed_in(&self, cells: &[usize]) -> Digits {
        cells
            .iter()
            .map(|&c| self.digits(c))
            .filter(|d| d.count_ones() == 1)
            .fold(0, |u, d| u | d)
    }

    /// Whether every cell is down to one digit.
    pub fn is_solved(&self) -> bool {
        self.all().all(|d| d.count_ones() == 1)
    }

    /// The digit of each cell (1..=side), 0 where more than one is open.
    pub fn grid(&self) -> Vec<u8> {
        self.all()
            .map(|d| {
                if d.count_ones() == 1 {
                    d.trailing_zeros() as u8 + 1
                } else {
                    0
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn houses_are_rows_columns_and_regions() {
        let houses = Houses::sudoku(3, 3);
        assert_eq!(houses.house(0), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(houses.house(9 + 2)[..3], [2, 11, 20]);
        assert_eq!(houses.house(18 + 4), [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        // 8 in the row, 8 in the column, 4 more in the box.
        assert!(houses.peers.iter().all(|p| p.len() == 20));
        // Each box meets three rows and three columns in three cells.
        assert_eq!(houses.overlaps.len(), 54);
        let six = Houses::sudoku(2, 3);
        assert_eq!(six.house(12 + 1), [3, 4, 5, 9, 10, 11]);
    }

    #[test]
    fn hidden_singles_and_intersections_narrow() {
        let houses = Houses::sudoku(3, 3);
        // 1s in rows 2 and 3 (outside box 1) leave row 1's box 1 the only
        // place for 1 in box 1; a 1 in column 1 and one in column 2 leave
        // r1c3.
        let mut givens = [0; 81];
        givens[9 + 4] = 1;
        givens[18 + 7] = 1;
        givens[27] = 1;
        givens[54 + 1] = 1;
        let mut board = houses.board(&givens);
        houses.settle(&mut board, &Plain).unwrap();
        assert_eq!(board.digits(2), 1);
        // Two 1s in a row: a contradiction.
        givens[8] = 1;
        let mut board = houses.board(&givens);
        assert_eq!(houses.settle(&mut board, &Plain), Err(Contradiction));
    }

    #[test]
    fn removing_the_last_digit_is_a_contradiction() {
        let houses = Houses::sudoku(2, 2);
        let mut board = houses.board(&[0; 16]);
        assert_eq!(board.remove(0, 0b0011), Ok(true));
        assert_eq!(board.remove(0, 0b0011), Ok(false));
        assert_eq!(board.keep(0, 0b0110), Ok(true));
        assert_eq!(board.digits(0), 0b0100);
        assert_eq!(board.remove(0, 0b0100), Err(Contradiction));
        assert_eq!(board.placed(), 0b0100);
    }
}
