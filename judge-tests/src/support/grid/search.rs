//! The one search of the sudoku family's references: candidates per cell,
//! narrowed to a fixpoint before every guess, then depth-first on the
//! empty cell with the fewest candidates or the house and digit with the
//! fewest places, whichever is fewer.
//!
//! ```
//! use judge_tests::support::grid::{self, search};
//! let empty = [0; grid::CELLS];
//! assert_eq!(search::count(&grid::boxes(), &empty, 1000), 1000);
//! let solved = search::first(&grid::boxes(), &empty, &search::Plain).unwrap();
//! assert!(solved.iter().all(|&d| d != 0));
//! ```
//!
//! The narrowing: a digit held by a cell leaves its houses; a digit with
//! one place in a house goes there; a digit whose places in one house all
//! lie in another leaves the rest of that other house; the law of
//! leftovers where a run of lines and the regions mostly inside it cover
//! nearly the same cells; then whatever the [`Rule`] adds.
//!
//! [`first`] decides an input: its first run tries digits in descending
//! order ([`REFERENCE_ORDER`]), so that where a case has several
//! completions the committed answer is rarely the one a search in
//! ascending order prints, and the checker's acceptance of any valid grid
//! is exercised; a run that spends its budget of nodes gives way to the
//! next, with random choices (a seeded [`Rng`], so the answer is always
//! the same) and twice the budget. Where digits are interchangeable, a
//! guess tries one of the digits placed nowhere yet for all of them. This
//! is how it decides in seconds the hard inputs of the stress classes
//! (near-empty jigsaw layouts that have no completion, sparse killer
//! cages), which a plain backtracking search takes minutes over.
//! [`each`] enumerates every completion, in one deterministic order.

use super::{bit, digits_of, Digits, Grid, Regions, ALL, CELLS, SIDE};
use crate::rng::Rng;

/// The order the first run tries digits in: descending.
pub const REFERENCE_ORDER: [u8; SIDE] = [9, 8, 7, 6, 5, 4, 3, 2, 1];

/// The nodes the first run of [`first`] may visit.
pub const FIRST_BUDGET: u64 = 2000;

/// The candidate digits of every cell; a cell with one holds it.
pub type Candidates = [Digits; CELLS];

/// What a rule's narrowing found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Narrowed {
    Unchanged,
    Changed,
    /// No completion can keep the rule.
    Impossible,
}

impl Narrowed {
    /// `Changed` or `Unchanged`: the outcome of a narrowing that found no
    /// contradiction.
    fn changed_if(changed: bool) -> Narrowed {
        if changed {
            Narrowed::Changed
        } else {
            Narrowed::Unchanged
        }
    }
}

/// A rule a variant adds to rows, columns and regions (killer sudoku's
/// cages).
pub trait Rule {
    /// Whether renaming the digits maps completions to completions.
    fn interchangeable(&self) -> bool;

    /// Removes candidates the rule rules out.
    fn narrow(&self, candidates: &mut Candidates) -> Narrowed;
}

/// No rule beyond rows, columns and regions.
#[derive(Clone, Copy, Debug)]
pub struct Plain;

impl Rule for Plain {
    fn interchangeable(&self) -> bool {
        true
    }

    fn narrow(&self, _: &mut Candidates) -> Narrowed {
        Narrowed::Unchanged
    }
}

/// Two houses that share two cells or more: their houses' numbers and
/// the shared cells.
#[derive(Clone, Debug)]
struct Crossing {
    first: usize,
    second: usize,
    shared: Vec<usize>,
}

/// The houses of a layout and what narrowing derives from their shape.
#[derive(Clone, Debug)]
pub struct Shape {
    /// Rows 0..9, columns 9..18, regions 18..27.
    houses: [[usize; SIDE]; 3 * SIDE],
    houses_of: [[usize; 3]; CELLS],
    crossings: Vec<Crossing>,
    /// Pairs of cell lists that hold the same digits as often.
    leftovers: Vec<(Vec<usize>, Vec<usize>)>,
}

impl Shape {
    /// The rows, columns and `regions` of a layout.
    pub fn new(regions: &Regions) -> Shape {
        let mut houses = [[0; SIDE]; 3 * SIDE];
        let mut houses_of = [[0; 3]; CELLS];
        let mut filled = [0; 3 * SIDE];
        for (cell, of) in houses_of.iter_mut().enumerate() {
            *of = [cell / SIDE, SIDE + cell % SIDE, 2 * SIDE + regions[cell]];
            for &house in of.iter() {
                houses[house][filled[house]] = cell;
                filled[house] += 1;
            }
        }
        let mut crossings = Vec::new();
        for first in 0..3 * SIDE {
            for second in first + 1..3 * SIDE {
                let shared: Vec<usize> = houses[first]
                    .iter()
                    .copied()
                    .filter(|c| houses[second].contains(c))
                    .collect();
                if shared.len() >= 2 {
                    crossings.push(Crossing {
                        first,
                        second,
                        shared,
                    });
                }
            }
        }
        let leftovers = leftovers(&houses, regions);
        Shape {
            houses,
            houses_of,
            crossings,
            leftovers,
        }
    }

    /// Narrows `candidates` until nothing changes; false when a cell or a
    /// house runs out of room.
    pub fn settle<R: Rule>(&self, rule: &R, candidates: &mut Candidates) -> bool {
        loop {
            let steps = [
                self.singles(candidates),
                self.hidden(candidates),
                self.crossings(candidates),
                self.leftovers(candidates),
            ];
            if steps.contains(&Narrowed::Impossible) {
                return false;
            }
            if steps.contains(&Narrowed::Changed) {
                continue;
            }
            match rule.narrow(candidates) {
                Narrowed::Impossible => return false,
                Narrowed::Changed => continue,
                Narrowed::Unchanged => return true,
            }
        }
    }

    /// A held digit leaves the other cells of the holder's houses.
    fn singles(&self, candidates: &mut Candidates) -> Narrowed {
        let mut changed = false;
        for cell in 0..CELLS {
            let digit = candidates[cell];
            if digit.count_ones() != 1 {
                continue;
            }
            for &house in &self.houses_of[cell] {
                for &other in &self.houses[house] {
                    if other != cell && candidates[other] & digit != 0 {
                        candidates[other] &= !digit;
                        if candidates[other] == 0 {
                            return Narrowed::Impossible;
                        }
                        changed = true;
                    }
                }
            }
        }
        Narrowed::changed_if(changed)
    }

    /// A digit with one place in a house goes there.
    fn hidden(&self, candidates: &mut Candidates) -> Narrowed {
        let mut changed = false;
        for cells in &self.houses {
            for d in 1..=SIDE as u8 {
                let mut places = cells.iter().filter(|&&c| candidates[c] & bit(d) != 0);
                let Some(&only) = places.next() else {
                    return Narrowed::Impossible;
                };
                if places.next().is_none() && candidates[only] != bit(d) {
                    candidates[only] = bit(d);
                    changed = true;
                }
            }
        }
        Narrowed::changed_if(changed)
    }

    /// A digit whose places in one house of a crossing are all shared
    /// leaves the rest of the other house.
    fn crossings(&self, candidates: &mut Candidates) -> Narrowed {
        let mut changed = false;
        for crossing in &self.crossings {
            for (this, that) in [
                (crossing.first, crossing.second),
                (crossing.second, crossing.first),
            ] {
                let outside = |house: usize| {
                    self.houses[house]
                        .iter()
                        .filter(|c| !crossing.shared.contains(c))
                        .fold(0, |u, &c| u | candidates[c])
                };
                let inside = crossing.shared.iter().fold(0, |u, &c| u | candidates[c]);
                let locked = inside & !outside(this);
                for &cell in self.houses[that].iter() {
                    if crossing.shared.contains(&cell) || candidates[cell] & locked == 0 {
                        continue;
                    }
                    candidates[cell] &= !locked;
                    if candidates[cell] == 0 {
                        return Narrowed::Impossible;
                    }
                    changed = true;
                }
            }
        }
        Narrowed::changed_if(changed)
    }

    /// Two lists holding the same digits: a digit one cannot hold, the
    /// other cannot either.
    fn leftovers(&self, candidates: &mut Candidates) -> Narrowed {
        let mut changed = false;
        for (one, other) in &self.leftovers {
            let union = |cells: &[usize]| cells.iter().fold(0, |u, &c| u | candidates[c]);
            let common = union(one) & union(other);
            for &cell in one.iter().chain(other) {
                if candidates[cell] & !common != 0 {
                    candidates[cell] &= common;
                    if candidates[cell] == 0 {
                        return Narrowed::Impossible;
                    }
                    changed = true;
                }
            }
        }
        Narrowed::changed_if(changed)
    }
}

/// The law of leftovers: k lines and k regions each hold every digit k
/// times, so the cells of the lines outside the regions hold the same
/// digits as the cells of the regions outside the lines. Taken for runs
/// of consecutive rows or columns and the regions with more than half of
/// their cells inside the run, when they are as many as the lines and
/// leave at most four cells on each side.
fn leftovers(
    houses: &[[usize; SIDE]; 3 * SIDE],
    regions: &Regions,
) -> Vec<(Vec<usize>, Vec<usize>)> {
    let mut found = Vec::new();
    for kind in 0..2 {
        for first in 0..SIDE {
            for last in first..SIDE - 1 {
                let mut in_lines = [false; CELLS];
                for line in first..=last {
                    houses[kind * SIDE + line]
                        .iter()
                        .for_each(|&c| in_lines[c] = true);
                }
                let mostly: Vec<usize> = (0..SIDE)
                    .filter(|&r| {
                        (0..CELLS)
                            .filter(|&c| regions[c] == r && in_lines[c])
                            .count()
                            > SIDE / 2
                    })
                    .collect();
                if mostly.len() != last - first + 1 {
                    continue;
                }
                let in_regions = |c: usize| mostly.contains(&regions[c]);
                let inside: Vec<usize> = (0..CELLS)
                    .filter(|&c| in_lines[c] && !in_regions(c))
                    .collect();
                let outside: Vec<usize> = (0..CELLS)
                    .filter(|&c| !in_lines[c] && in_regions(c))
                    .collect();
                if !inside.is_empty() && inside.len() <= 4 {
                    found.push((inside, outside));
                }
            }
        }
    }
    found
}

/// What a search branches on: the digits of a cell, or the places of a
/// digit in a house.
#[derive(Clone, Copy, Debug)]
enum Branch {
    Cell(usize),
    Place(usize, u8),
}

/// Why a run stopped before its end.
enum Stop {
    /// It visited its budget of nodes.
    Budget,
    /// The visitor asked it to.
    Visitor,
}

/// One run of the search.
struct Run<'a, R> {
    shape: &'a Shape,
    rule: &'a R,
    /// Random choices, or none: descending digits, the first of ties.
    random: Option<Rng>,
    /// Whether one unplaced digit stands for all of them.
    symmetric: bool,
    nodes: u64,
    budget: u64,
    visit: &'a mut dyn FnMut(&Grid) -> bool,
}

impl<R: Rule> Run<'_, R> {
    fn go(&mut self, mut candidates: Candidates) -> Result<(), Stop> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(Stop::Budget);
        }
        if !self.shape.settle(self.rule, &mut candidates) {
            return Ok(());
        }
        let tries: Vec<(usize, Digits)> = match self.choose(&candidates) {
            None => {
                let grid = candidates.map(|c| c.trailing_zeros() as u8 + 1);
                return if (self.visit)(&grid) {
                    Ok(())
                } else {
                    Err(Stop::Visitor)
                };
            }
            Some(Branch::Cell(cell)) => self
                .digit_order(candidates[cell], &candidates)
                .into_iter()
                .map(|d| (cell, bit(d)))
                .collect(),
            Some(Branch::Place(house, d)) => self.shape.houses[house]
                .iter()
                .filter(|&&c| candidates[c] & bit(d) != 0)
                .map(|&c| (c, bit(d)))
                .collect(),
        };
        for (cell, digit) in tries {
            let mut child = candidates;
            child[cell] = digit;
            self.go(child)?;
        }
        Ok(())
    }

    /// The digits to try in a cell, in the run's order; where one
    /// unplaced digit stands for all, the others left out.
    fn digit_order(&mut self, digits: Digits, candidates: &Candidates) -> Vec<u8> {
        let mut order: Vec<u8> = REFERENCE_ORDER
            .into_iter()
            .filter(|&d| digits & bit(d) != 0)
            .collect();
        if let Some(rng) = &mut self.random {
            rng.shuffle(&mut order);
        }
        if self.symmetric {
            let placed = candidates
                .iter()
                .filter(|c| c.count_ones() == 1)
                .fold(0, |u, &c| u | c);
            let mut tried_unplaced = false;
            order.retain(|&d| {
                let unplaced = placed & bit(d) == 0;
                let keep = !(unplaced && tried_unplaced);
                tried_unplaced |= unplaced;
                keep
            });
        }
        order
    }

    /// The branch with the fewest ways (two or more), cells first on
    /// ties; `None` when every cell holds one digit.
    fn choose(&mut self, candidates: &Candidates) -> Option<Branch> {
        let mut best: Option<(Branch, u32)> = None;
        let mut ties = 0;
        let mut consider = |branch: Branch, ways: u32, random: &mut Option<Rng>| {
            if ways < 2 || best.is_some_and(|(_, b)| ways > b) {
                return;
            }
            if best.is_none_or(|(_, b)| ways < b) {
                best = Some((branch, ways));
                ties = 1;
            } else if let Some(rng) = random {
                ties += 1;
                if rng.below(ties) == 0 {
                    best = Some((branch, ways));
                }
            }
        };
        for (cell, &digits) in candidates.iter().enumerate() {
            consider(Branch::Cell(cell), digits.count_ones(), &mut self.random);
        }
        for (house, cells) in self.shape.houses.iter().enumerate() {
            for d in 1..=SIDE as u8 {
                let places = cells.iter().filter(|&&c| candidates[c] & bit(d) != 0);
                let count = places.count() as u32;
                consider(Branch::Place(house, d), count, &mut self.random);
            }
        }
        best.map(|(branch, _)| branch)
    }
}

/// The candidates of an empty layout with `givens` written in.
fn start(givens: &Grid) -> Candidates {
    givens.map(|d| if d == 0 { ALL } else { bit(d) })
}

/// A completion of `givens` on `regions` under `rule`, or `None` when
/// there is none (see the module docs for the runs).
pub fn first<R: Rule>(regions: &Regions, givens: &Grid, rule: &R) -> Option<Grid> {
    first_runs(regions, givens, rule, u32::MAX).expect("the budgets grow without bound")
}

/// [`first`] cut off after `runs` runs: `None` when none of them decided.
pub fn first_runs<R: Rule>(
    regions: &Regions,
    givens: &Grid,
    rule: &R,
    runs: u32,
) -> Option<Option<Grid>> {
    let shape = Shape::new(regions);
    (0..runs).find_map(|attempt: u32| {
        let random = (attempt > 0).then(|| Rng::new(u64::from(attempt)));
        let budget = FIRST_BUDGET << attempt.min(40);
        decide(&shape, givens, rule, random, budget)
    })
}

/// A completion of `givens` under `rule` if one run decides within
/// `budget` nodes: `Some(None)` when it refutes them, `None` when it
/// gives up. The run is the first of [`first`], or with `seed` a run of
/// random choices.
pub fn within<R: Rule>(
    regions: &Regions,
    givens: &Grid,
    rule: &R,
    budget: u64,
    seed: Option<u64>,
) -> Option<Option<Grid>> {
    decide(
        &Shape::new(regions),
        givens,
        rule,
        seed.map(Rng::new),
        budget,
    )
}

fn decide<R: Rule>(
    shape: &Shape,
    givens: &Grid,
    rule: &R,
    random: Option<Rng>,
    budget: u64,
) -> Option<Option<Grid>> {
    let mut found = None;
    let mut visit = |grid: &Grid| {
        found = Some(*grid);
        false
    };
    let mut run = Run {
        shape,
        rule,
        random,
        symmetric: rule.interchangeable(),
        nodes: 0,
        budget,
        visit: &mut visit,
    };
    match run.go(start(givens)) {
        Err(Stop::Budget) => None,
        Ok(()) | Err(Stop::Visitor) => Some(found),
    }
}

/// Calls `visit` on every completion of `givens` under `rule`, in one
/// fixed order, until it returns false.
pub fn each<R: Rule>(
    regions: &Regions,
    givens: &Grid,
    rule: &R,
    visit: &mut dyn FnMut(&Grid) -> bool,
) {
    let shape = Shape::new(regions);
    let mut run = Run {
        shape: &shape,
        rule,
        random: None,
        symmetric: false,
        nodes: 0,
        budget: u64::MAX,
        visit,
    };
    let _ = run.go(start(givens));
}

/// The first `limit` completions of `givens` on `regions`.
pub fn solutions(regions: &Regions, givens: &Grid, limit: usize) -> Vec<Grid> {
    let mut found = Vec::new();
    if limit > 0 {
        each(regions, givens, &Plain, &mut |grid| {
            found.push(*grid);
            found.len() < limit
        });
    }
    found
}

/// How many completions `givens` has on `regions`, counting no further
/// than `limit`.
pub fn count(regions: &Regions, givens: &Grid, limit: usize) -> usize {
    solutions(regions, givens, limit).len()
}

/// The one completion of `givens` on `regions`, or how many there are
/// (0, or 2 for "several").
pub fn unique(regions: &Regions, givens: &Grid) -> Result<Grid, usize> {
    match solutions(regions, givens, 2).as_slice() {
        [grid] => Ok(*grid),
        several => Err(several.len()),
    }
}

/// A random completion of `givens` on `regions`, if there is one: cells
/// filled one at a time, always the first with the fewest digits its
/// houses allow, its digits tried in random order; no narrowing, so that
/// the seeds of committed generated cases keep their grids.
pub fn random_completion(regions: &Regions, givens: &Grid, rng: &mut Rng) -> Option<Grid> {
    let shape = Shape::new(regions);
    let mut used = [0 as Digits; 3 * SIDE];
    let mut grid = [0; CELLS];
    for (cell, &d) in givens.iter().enumerate().filter(|(_, &d)| d != 0) {
        if shape.houses_of[cell].iter().any(|&h| used[h] & bit(d) != 0) {
            return None;
        }
        place(&shape, &mut used, &mut grid, cell, d);
    }
    fill_randomly(&shape, &mut used, &mut grid, rng).then_some(grid)
}

/// Writes `d` into the empty `cell`, or takes it back out.
fn place(shape: &Shape, used: &mut [Digits; 3 * SIDE], grid: &mut Grid, cell: usize, d: u8) {
    shape.houses_of[cell]
        .iter()
        .for_each(|&h| used[h] ^= bit(d));
    grid[cell] = if grid[cell] == 0 { d } else { 0 };
}

fn fill_randomly(
    shape: &Shape,
    used: &mut [Digits; 3 * SIDE],
    grid: &mut Grid,
    rng: &mut Rng,
) -> bool {
    let free = |cell: usize, used: &[Digits; 3 * SIDE]| {
        ALL & !shape.houses_of[cell].iter().fold(0, |u, &h| u | used[h])
    };
    let mut best: Option<(usize, Digits)> = None;
    for cell in (0..CELLS).filter(|&c| grid[c] == 0) {
        let digits = free(cell, used);
        if best.is_none_or(|(_, b)| digits.count_ones() < b.count_ones()) {
            best = Some((cell, digits));
            if digits.count_ones() <= 1 {
                break;
            }
        }
    }
    let Some((cell, digits)) = best else {
        return true;
    };
    let mut order: Vec<u8> = digits_of(digits).collect();
    rng.shuffle(&mut order);
    for d in order {
        place(shape, used, grid, cell, d);
        if fill_randomly(shape, used, grid, rng) {
            return true;
        }
        place(shape, used, grid, cell, d);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::boxes;
    use super::*;

    /// Every completion of a grid with a few cells emptied, by trying
    /// every digit in every empty cell.
    fn brute(shape: &Shape, givens: &Grid) -> Vec<Grid> {
        let Some(cell) = givens.iter().position(|&d| d == 0) else {
            let ok = (0..3 * SIDE)
                .all(|h| shape.houses[h].iter().fold(0, |u, &c| u | bit(givens[c])) == ALL);
            return if ok { vec![*givens] } else { Vec::new() };
        };
        (1..=9)
            .flat_map(|d| {
                let mut more = *givens;
                more[cell] = d;
                brute(shape, &more)
            })
            .collect()
    }

    #[test]
    fn counts_agree_with_trying_every_digit() {
        let mut rng = Rng::new(8);
        let full = random_completion(&boxes(), &[0; CELLS], &mut rng).unwrap();
        for round in 0..20 {
            let mut givens = full;
            for _ in 0..4 + round % 3 {
                givens[rng.below(CELLS)] = 0;
            }
            if round % 4 == 0 {
                givens[rng.below(CELLS)] = rng.between(1, 9) as u8;
            }
            let expected = brute(&Shape::new(&boxes()), &givens);
            let mut found = solutions(&boxes(), &givens, usize::MAX);
            found.sort_unstable();
            let mut expected_sorted = expected.clone();
            expected_sorted.sort_unstable();
            assert_eq!(found, expected_sorted);
            let decided = first(&boxes(), &givens, &Plain);
            assert_eq!(decided.is_some(), !expected.is_empty());
            if let Some(grid) = decided {
                assert!(expected.contains(&grid));
            }
        }
    }

    #[test]
    fn the_first_run_tries_digits_in_descending_order() {
        let grid = first(&boxes(), &[0; CELLS], &Plain).unwrap();
        assert_eq!(grid[0], 9);
        let none = within(&boxes(), &[1; CELLS], &Plain, 10, None);
        assert_eq!(none, Some(None));
    }
}
