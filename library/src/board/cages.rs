//! Killer sudoku's cages as a [`Rule`] of a board of candidates: groups
//! of cells whose digits are distinct and add up to the cage's sum, and
//! the sums the 45 rule derives from them.
//!
//! ```
//! use library::board::{self, Houses};
//! use library::board::cages::{Cage, Cages};
//!
//! // Two cages in the top row of a 4 × 4 sudoku, 1 + 2 on the left and
//! // 3 + 4 on the right, and a 4 given in the second row: by the 45 rule
//! // the rest of the top-left box holds 3 and 4, so the 4 goes left.
//! let mut houses = Houses::sudoku(2, 2);
//! let cages = [Cage { cells: vec![0, 1], sum: 3 }, Cage { cells: vec![2, 3], sum: 7 }];
//! let rule = Cages::new(&mut houses, &cages);
//! let mut givens = [0; 16];
//! givens[5] = 4;
//! let solved = board::solve(&houses, &rule, houses.board(&givens)).unwrap();
//! assert_eq!(solved.grid()[4..6], [3, 4]);
//! ```
//!
//! # Deductions
//!
//! Each cage is a *sum*: cells and the total of their digits. A sum of
//! distinct digits (a cage, or cells of one house) keeps the digit sets
//! of its size that add up to its total, and on the board those that
//! every cell can take part in and that hold every digit already placed
//! in it: its cells keep the digits of those sets; a digit in all of
//! them goes where it has its one place left, and, when its places all
//! lie in one house, leaves the rest of that house. A sum over cells that
//! may repeat a digit keeps the digits some choice of the other cells
//! completes to the total (a dynamic programme over the reachable partial
//! sums, as bits of a `u128`).
//!
//! The **45 rule**: `k` houses that do not overlap hold every digit `k`
//! times, 45k in all on a 9 × 9 board. For such a union (runs of rows, runs
//! of columns, any set of boxes), the cages inside it leave its other
//! cells (the *innies*) the rest of 45k; when every innie belongs to a
//! cage that sticks out, those cages' cells outside (the *outies*) add up
//! to what those cages hold beyond the innies. A layout whose cages in one
//! row total 46 is refuted before any guess.

use crate::board::learning::{Clauses, Lit};
use crate::board::{Board, Contradiction, Digits, Houses, Rule};

/// A cage: its cells and the sum of their digits (sums out of any reach
/// are fine: they have no digit set, so no solution).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    pub cells: Vec<usize>,
    pub sum: u32,
}

/// The most cells a sum derived by the 45 rule may have: longer ones
/// narrow little and cost a pass at every node (on the big-cage layouts
/// of issue 18, 5 gave the shortest tails of the lengths tried, 3 to 14).
const MOST_DERIVED: usize = 5;

/// Cells whose digits add up to `total`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Sum {
    cells: Vec<usize>,
    total: i64,
    /// When the cells hold distinct digits: the digit sets of their size
    /// adding up to the total, listed and as [`Sets`].
    sets: Option<(Vec<Digits>, Sets)>,
    /// The cells as bits, in words as [`Board::take_touched`]'s.
    mask: Vec<u64>,
}

/// The cages of a killer sudoku and the sums derived from them.
#[derive(Clone, Debug)]
pub struct Cages {
    /// The cages' sums first, then the derived ones.
    sums: Vec<Sum>,
    cages: usize,
    /// Whether a sum of no cells is not 0 (a row of cages totalling 46):
    /// no board keeps the rule.
    impossible: bool,
    /// Whether every cage has a cell per digit and adds up to them all.
    cages_are_houses: bool,
}

impl Cages {
    /// The rule of `cages` on `houses`, which it makes the cells of each
    /// cage peers of each other.
    ///
    /// # Panics
    /// If the side of `houses` is over 9 (digit sets are bits of
    /// [`Sets`]).
    pub fn new(houses: &mut Houses, cages: &[Cage]) -> Cages {
        assert!(houses.side() <= 9, "cages on a side of at most 9");
        for cage in cages {
            houses.add_peers(&cage.cells);
        }
        let mut sums: Vec<Sum> = cages
            .iter()
            .map(|cage| Sum::distinct(houses, cage.cells.clone(), i64::from(cage.sum)))
            .collect();
        for union in unions(houses) {
            for derived in forty_five(houses, cages, &union) {
                if !sums.contains(&derived) {
                    sums.push(derived);
                }
            }
        }
        let impossible = sums
            .iter()
            .any(|sum| sum.cells.is_empty() && sum.total != 0);
        let side = houses.side();
        let whole = (side * (side + 1) / 2) as u32;
        Cages {
            sums,
            cages: cages.len(),
            impossible,
            cages_are_houses: cages
                .iter()
                .all(|c| c.cells.len() == side && c.sum == whole),
        }
    }
}

impl Rule for Cages {
    /// When every cage is a whole house's worth (as many cells as the
    /// side, adding up to every digit once): the cages are then houses,
    /// and the sums derived from them hold for every renaming of the
    /// digits. Any other sum tells digits apart.
    fn interchangeable(&self) -> bool {
        self.cages_are_houses
    }

    /// Each cage takes one of the digit sets that fit it (a new variable
    /// each): its cells keep to the chosen set's digits, and each digit
    /// of it is in some cell. The cells differ already (they are peers),
    /// so the cage holds exactly the set, and adds up to its sum.
    fn clauses(&self, houses: &Houses, board: &Board, clauses: &mut Clauses) {
        for sum in &self.sums[..self.cages] {
            let sets = match &sum.sets {
                Some((sets, _)) => sets,
                None => continue,
            };
            let mut some_set = Vec::new();
            for &set in sets.iter().filter(|&&set| fits(board, &sum.cells, set)) {
                let chosen = Lit::new(clauses.var(), true);
                some_set.push(chosen);
                for d in 0..houses.side() {
                    let places: Vec<Lit> = sum
                        .cells
                        .iter()
                        .filter(|&&c| board.digits(c) >> d & 1 == 1)
                        .map(|&c| houses.holds(c, d))
                        .collect();
                    if set >> d & 1 == 1 {
                        let mut somewhere = vec![!chosen];
                        somewhere.extend(places);
                        clauses.add(&somewhere);
                    } else {
                        places.iter().for_each(|&p| clauses.add(&[!chosen, !p]));
                    }
                }
            }
            clauses.add(&some_set);
        }
    }

    fn narrow(&self, houses: &Houses, board: &mut Board) -> Result<bool, Contradiction> {
        if self.impossible {
            return Err(Contradiction);
        }
        let mut changed = false;
        let touched = board.take_touched();
        for sum in &self.sums {
            if !sum.mask.iter().zip(&touched).any(|(a, b)| a & b != 0) {
                continue;
            }
            changed |= match &sum.sets {
                Some((_, sets)) => narrow_distinct(houses, board, &sum.cells, sets)?,
                None => narrow_repeating(board, &sum.cells, sum.total)?,
            };
        }
        Ok(changed)
    }
}

/// Whether the distinct digits of `cells` can be the digits of `set`:
/// every cell can take one of them, and every one of them has a cell.
fn fits(board: &Board, cells: &[usize], set: Digits) -> bool {
    let mut reached = 0;
    cells.iter().all(|&c| {
        let open = board.digits(c) & set;
        reached |= open;
        open != 0
    }) && reached == set
}

impl Sum {
    /// Distinct digits of `cells` adding up to `total`.
    fn distinct(houses: &Houses, cells: Vec<usize>, total: i64) -> Sum {
        let side = houses.side();
        let listed: Vec<Digits> = (0..1u32 << side)
            .filter(|set| set.count_ones() as usize == cells.len())
            .filter(|&set| {
                let sum: i64 = (0..side)
                    .filter(|d| set >> d & 1 == 1)
                    .map(|d| d as i64 + 1)
                    .sum();
                sum == total
            })
            .collect();
        let mut sets = [0u64; 8];
        listed
            .iter()
            .for_each(|&set| sets[set as usize / 64] |= 1 << (set % 64));
        Sum {
            mask: mask_of(houses, &cells),
            cells,
            total,
            sets: Some((listed, sets)),
        }
    }

    /// Digits of `cells` adding up to `total`, distinct when the cells
    /// share a house.
    fn derived(houses: &Houses, cells: Vec<usize>, total: i64) -> Sum {
        let shared = |k: usize| {
            cells
                .iter()
                .all(|&c| houses.houses_of(c)[k] == houses.houses_of(cells[0])[k])
        };
        if !cells.is_empty() && (0..3).any(shared) {
            return Sum::distinct(houses, cells, total);
        }
        Sum {
            mask: mask_of(houses, &cells),
            cells,
            total,
            sets: None,
        }
    }
}

/// `cells` as bits, in words as [`Board::take_touched`]'s.
fn mask_of(houses: &Houses, cells: &[usize]) -> Vec<u64> {
    let mut mask = vec![0u64; (houses.cells() + 63) / 64];
    for &c in cells {
        mask[c / 64] |= 1 << (c % 64);
    }
    mask
}

/// The unions of houses the 45 rule looks at, as `(houses, cells
/// inside)`: every run of consecutive rows, of consecutive columns, and
/// every set of regions.
fn unions(houses: &Houses) -> Vec<(usize, Vec<bool>)> {
    let side = houses.side();
    let mut unions = Vec::new();
    let mut add = |members: &[usize]| {
        let mut inside = vec![false; houses.cells()];
        for &h in members {
            houses.house(h).iter().for_each(|&c| inside[c] = true);
        }
        unions.push((members.len(), inside));
    };
    for kind in 0..2 {
        for first in 0..side {
            for last in first..side {
                let lines: Vec<usize> = (first..=last).map(|l| kind * side + l).collect();
                add(&lines);
            }
        }
    }
    for set in 1u32..1 << side {
        let regions: Vec<usize> = (0..side)
            .filter(|r| set >> r & 1 == 1)
            .map(|r| 2 * side + r)
            .collect();
        add(&regions);
    }
    unions
}

/// The innies of a union of `k` houses, and its outies when every innie
/// belongs to a cage sticking out, as sums of at most [`MOST_DERIVED`]
/// cells (or none, when the cages inside leave a total other than 0).
fn forty_five(houses: &Houses, cages: &[Cage], (k, inside): &(usize, Vec<bool>)) -> Vec<Sum> {
    let side = houses.side() as i64;
    let mut total = *k as i64 * side * (side + 1) / 2;
    // Whether each cell is in a cage wholly inside, or one sticking out.
    let (mut within, mut crossing) = (vec![false; inside.len()], vec![false; inside.len()]);
    let mut crossing_total = 0;
    let mut outies = Vec::new();
    for cage in cages {
        let count = cage.cells.iter().filter(|&&c| inside[c]).count();
        let marks = if count == cage.cells.len() {
            total -= i64::from(cage.sum);
            &mut within
        } else if count > 0 {
            crossing_total += i64::from(cage.sum);
            outies.extend(cage.cells.iter().copied().filter(|&c| !inside[c]));
            &mut crossing
        } else {
            continue;
        };
        cage.cells.iter().for_each(|&c| marks[c] = true);
    }
    let innies: Vec<usize> = (0..inside.len())
        .filter(|&c| inside[c] && !within[c])
        .collect();
    let free = innies.iter().any(|&c| !crossing[c]);
    let mut sums = Vec::new();
    if !free && !outies.is_empty() && outies.len() <= MOST_DERIVED {
        outies.sort_unstable();
        sums.push(Sum::derived(houses, outies, crossing_total - total));
    }
    if innies.len() <= MOST_DERIVED && (!innies.is_empty() || total != 0) {
        sums.push(Sum::derived(houses, innies, total));
    }
    sums
}

/// Sets of digits 1..=9, as 512 bits: set `s` (digit d as bit d − 1 of
/// `s`) is bit `s % 64` of word `s / 64`.
type Sets = [u64; 8];

/// `WITHOUT[d]`: the digit sets without digit d + 1.
const WITHOUT: [Sets; 9] = without_each();

const fn without_each() -> [Sets; 9] {
    let mut masks = [[0u64; 8]; 9];
    let mut d = 0;
    while d < 9 {
        let mut s = 0;
        while s < 512 {
            if s >> d & 1 == 0 {
                masks[d][s / 64] |= 1 << (s % 64);
            }
            s += 1;
        }
        d += 1;
    }
    masks
}

/// The sets `s + {d + 1}` for the sets `s` of `from` without digit d + 1.
fn with_digit(from: &Sets, d: usize) -> Sets {
    let mut out = [0u64; 8];
    for w in 0..8 {
        let kept = from[w] & WITHOUT[d][w];
        if d < 6 {
            // Within a word: set bit d is below bit 6.
            out[w] |= kept << (1 << d);
        } else if w + (1 << (d - 6)) < 8 {
            out[w + (1 << (d - 6))] |= kept;
        }
    }
    out
}

/// The sets `s` without digit d + 1 for which `s + {d + 1}` is in `from`.
fn without_digit(from: &Sets, d: usize) -> Sets {
    let mut out = [0u64; 8];
    for w in 0..8 {
        let source = if d < 6 {
            from[w] >> (1 << d)
        } else if w + (1 << (d - 6)) < 8 {
            from[w + (1 << (d - 6))]
        } else {
            0
        };
        out[w] = source & WITHOUT[d][w];
    }
    out
}

fn union(a: &mut Sets, b: &Sets) {
    a.iter_mut().zip(b).for_each(|(x, y)| *x |= y);
}

fn meet(a: &Sets, b: &Sets) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// Narrows distinct digits of `cells` to what some digit set of `sets`
/// and some assignment of its digits to the cells allow (a dynamic
/// programme over the sets the first cells can fill, forward, then back
/// from the sets that are whole); a digit every such set holds goes
/// where [`place_needed`] puts it.
fn narrow_distinct(
    houses: &Houses,
    board: &mut Board,
    cells: &[usize],
    sets: &Sets,
) -> Result<bool, Contradiction> {
    // forward[i]: the sets of the digits the first i cells can hold.
    let mut forward = [[0u64; 8]; 10];
    forward[0][0] = 1;
    for (i, &cell) in cells.iter().enumerate() {
        let mut next = [0u64; 8];
        each_digit(board.digits(cell), |d| {
            union(&mut next, &with_digit(&forward[i], d))
        });
        forward[i + 1] = next;
    }
    let mut back: Sets = [0; 8];
    for w in 0..8 {
        back[w] = forward[cells.len()][w] & sets[w];
    }
    let whole = back;
    if back == [0; 8] {
        return Err(Contradiction);
    }
    let mut changed = false;
    for (i, &cell) in cells.iter().enumerate().rev() {
        // back: the sets of the first i + 1 cells that the rest complete.
        let (mut kept, mut next) = (0, [0u64; 8]);
        each_digit(board.digits(cell), |d| {
            if meet(&with_digit(&forward[i], d), &back) {
                kept |= 1 << d;
                union(&mut next, &without_digit(&back, d));
            }
        });
        changed |= board.keep(cell, kept)?;
        back = next;
    }
    for (d, without) in WITHOUT.iter().enumerate() {
        if !meet(&whole, without) {
            changed |= place_needed(houses, board, cells, 1 << d)?;
        }
    }
    Ok(changed)
}

/// Calls `f` with d for each digit d + 1 of `digits`.
fn each_digit(digits: Digits, mut f: impl FnMut(usize)) {
    let mut rest = digits;
    while rest != 0 {
        f(rest.trailing_zeros() as usize);
        rest &= rest - 1;
    }
}

/// `digit` must go in one of `cells`: where it has one place, it goes;
/// where its places share a house, it leaves the rest of the house.
fn place_needed(
    houses: &Houses,
    board: &mut Board,
    cells: &[usize],
    digit: Digits,
) -> Result<bool, Contradiction> {
    let mut places = cells
        .iter()
        .copied()
        .filter(|&c| board.digits(c) & digit != 0);
    let first = match places.next() {
        Some(first) => first,
        None => return Err(Contradiction),
    };
    let mut common = houses.houses_of(first).map(Some);
    let mut count = 1;
    for cell in places {
        count += 1;
        for (k, house) in houses.houses_of(cell).into_iter().enumerate() {
            if common[k] != Some(house) {
                common[k] = None;
            }
        }
    }
    let mut changed = false;
    if count == 1 && board.digits(first) != digit {
        board.set(first, digit);
        changed = true;
    }
    for house in common.into_iter().flatten() {
        for &cell in houses.house(house).iter().filter(|c| !cells.contains(c)) {
            changed |= board.remove(cell, digit)?;
        }
    }
    Ok(changed)
}

/// Narrows the digits of `cells` (repeats allowed) to those some choice
/// of the others completes to `total`.
fn narrow_repeating(board: &mut Board, cells: &[usize], total: i64) -> Result<bool, Contradiction> {
    if !(0..128).contains(&total) {
        return Err(Contradiction);
    }
    // forward[i]: the sums the first i cells can reach, as bits.
    let mut forward = [0u128; MOST_DERIVED + 1];
    forward[0] = 1;
    for (i, &cell) in cells.iter().enumerate() {
        forward[i + 1] = spread(forward[i], board.digits(cell), |s, v| s << v);
    }
    // needed: the sums of the first i cells the rest can complete.
    let mut needed = 1u128 << total;
    if forward[cells.len()] & needed == 0 {
        return Err(Contradiction);
    }
    let mut changed = false;
    for (i, &cell) in cells.iter().enumerate().rev() {
        let mut kept = 0;
        each_digit(board.digits(cell), |d| {
            if forward[i] << (d + 1) & needed != 0 {
                kept |= 1 << d;
            }
        });
        changed |= board.keep(cell, kept)?;
        needed = spread(needed, kept, |s, v| s >> v);
    }
    Ok(changed)
}

/// The union of `shift(sums, d)` over the digits d of `digits`.
fn spread(sums: u128, digits: Digits, shift: impl Fn(u128, u32) -> u128) -> u128 {
    let mut out = 0;
    each_digit(digits, |d| out |= shift(sums, d as u32 + 1));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cage(cells: &[usize], sum: u32) -> Cage {
        Cage {
            cells: cells.to_vec(),
            sum,
        }
    }

    #[test]
    fn digit_sets_are_the_right_ones() {
        let houses = Houses::sudoku(3, 3);
        let listed = |n: usize, total| match Sum::distinct(&houses, (0..n).collect(), total).sets {
            Some((listed, _)) => listed,
            None => unreachable!(),
        };
        assert_eq!(listed(2, 3), [0b11]);
        assert_eq!(listed(9, 45).len(), 1);
        assert_eq!(listed(3, 6).len(), 1);
        assert_eq!(listed(3, 15).len(), 8);
        assert!(listed(2, 18).is_empty());
    }

    #[test]
    fn set_steps_add_and_take_a_digit() {
        let mut from = [0u64; 8];
        from[0] = 1 | 1 << 0b101; // {} and {1, 3}
        let added = with_digit(&from, 7); // + 8
        assert_eq!(added[2], 1 | 1 << 0b101);
        assert_eq!(without_digit(&added, 7), from);
        // {1, 3} already holds 1: only {} gains it.
        assert_eq!(with_digit(&from, 0), [0b10, 0, 0, 0, 0, 0, 0, 0]);
    }

    #[test]
    fn a_cage_narrows_to_the_digits_of_its_sets() {
        // Three cells adding up to 7: {1, 2, 4}; 4s in columns 1 and 2
        // leave r1c3 the only place for the 4.
        let mut houses = Houses::sudoku(3, 3);
        let rule = Cages::new(&mut houses, &[cage(&[0, 1, 2], 7)]);
        let mut givens = [0; 81];
        givens[27] = 4;
        givens[55] = 4;
        let mut board = houses.board(&givens);
        houses.settle(&mut board, &rule).unwrap();
        assert_eq!(board.digits(2), 0b1000);
        assert_eq!(board.digits(0) | board.digits(1), 0b0011);
    }

    #[test]
    fn the_45_rule_refutes_a_row_of_46() {
        let mut houses = Houses::sudoku(3, 3);
        let rule = Cages::new(
            &mut houses,
            &[cage(&[0, 1, 2, 3], 20), cage(&[4, 5, 6, 7, 8], 26)],
        );
        let mut board = houses.board(&[0; 81]);
        assert_eq!(houses.settle(&mut board, &rule), Err(Contradiction));
        let mut houses = Houses::sudoku(3, 3);
        let rule = Cages::new(
            &mut houses,
            &[cage(&[0, 1, 2, 3], 20), cage(&[4, 5, 6, 7], 21)],
        );
        // The innie r1c9 is 45 - 41 = 4.
        let mut board = houses.board(&[0; 81]);
        houses.settle(&mut board, &rule).unwrap();
        assert_eq!(board.digits(8), 1 << 3);
        assert!(crate::board::solve(&houses, &rule, board).is_some());
    }

    #[test]
    fn outies_add_up_to_what_sticks_out() {
        // Row 1 all in cages of 45 in total, but one cage takes r2c1 too:
        // the outie r2c1 is that cage's excess.
        let mut houses = Houses::sudoku(3, 3);
        let cages = [cage(&[0, 1, 9], 10), cage(&[2, 3, 4, 5, 6, 7, 8], 38)];
        let rule = Cages::new(&mut houses, &cages);
        let mut board = houses.board(&[0; 81]);
        houses.settle(&mut board, &rule).unwrap();
        // r1c1 + r1c2 = 45 - 38 = 7, so r2c1 = 3.
        assert_eq!(board.digits(9), 1 << 2);
    }
}
