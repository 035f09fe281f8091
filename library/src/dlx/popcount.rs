//! Exact cover for small problems, at most [`MAX_OPTIONS`] options: the
//! whole state of a level is its set of live options, four words, and the
//! choice counts an item's live options by popcount.
//!
//! ```
//! use library::dlx::{popcount, Problem, Search};
//!
//! let mut problem = Problem::new(3, 1);
//! for option in [&[0, 1][..], &[2, 3], &[1, 2], &[0, 3]] {
//!     problem.add_option(option)?;
//! }
//! assert!(popcount::Solver::suits(&problem));
//! let mut solver = popcount::Solver::new(&problem);
//! assert_eq!(solver.first(), Some(vec![0, 1]));
//! assert_eq!(solver.count(), 2);
//! # Ok::<(), library::dlx::Error>(())
//! ```
//!
//! [`crate::dlx::bitset`] keeps a count of live options per item and pays
//! for it at every killed option (a decrement per item of its row) and at
//! every node (the counts copied to the next level). On problems with few
//! updates per node, such as queens or Langford pairs (16 and 14 per node),
//! that bookkeeping is the search's whole cost. Here nothing is kept but
//! three sets of one level:
//!
//! * `alive`: the options compatible with the partial solution (DLX's
//!   invariant I4), at most 256 bits;
//! * `open`: the primary items not yet covered, at most 256 bits;
//! * `to_try`: the options of the level's branch item not tried yet.
//!
//! Trying option `o` is `alive & !conflict[o]`, where `conflict[o]` holds
//! every option sharing an item with `o`: four word operations, whatever
//! the option kills. The choice pays instead: for every open primary item,
//! four ANDs and popcounts of `alive & of[item]`. The list length DLX1
//! reads is exactly that popcount, so the search walks DLX1's tree (fewest
//! live options, leftmost on ties, options in input order; or in order
//! with [`Branching::InOrder`]), finds the solutions in the same order and
//! counts the same nodes and updates.

use std::ops::ControlFlow;

use crate::dlx::{wide, Branching, Problem, Progress, Search, Stats};

/// The most options (and primary items) this engine takes: four words.
pub const MAX_OPTIONS: usize = 256;

const WORDS: usize = MAX_OPTIONS / 64;

/// A set of options, or of primary items: bit `k % 64` of word `k / 64`.
type Set = [u64; WORDS];

/// Popcount search over one [`Problem`]; see the module docs.
#[derive(Clone, Debug)]
pub struct Solver {
    /// `of[i]`: the options that contain primary item `i`.
    of: Vec<Set>,
    /// `conflict[k]`: the options that share an item with option `k`
    /// (`k` itself included).
    conflict: Vec<Set>,
    /// `covers[k]`: the primary items of option `k`.
    covers: Vec<Set>,
    /// `(size - 1, options of that size)` for every size above 1: what
    /// DLX1 counts as updates when it hides those options.
    sizes: Vec<(u64, Set)>,
    /// The size of each option.
    size: Vec<u32>,
    /// The state at the root: every option alive, every primary item open.
    root: Level,
    in_order: bool,
    stats: Stats,
}

/// A level of the search: the state after its branch item was covered,
/// and the options of that item not tried yet.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    alive: Set,
    open: Set,
    to_try: Set,
}

impl Solver {
    /// Whether `problem` fits (plain, at most [`MAX_OPTIONS`] options and
    /// primary items) and this engine is the faster one there. Measured
    /// against dancing links and the counting bitsets on the same trees
    /// (`cargo bench -p library --bench engines`): queens, Langford pairs
    /// and the Latin square, 198 to 225 options.
    pub fn suits(problem: &Problem) -> bool {
        problem.is_plain() && problem.options() <= MAX_OPTIONS && problem.primary <= MAX_OPTIONS
    }

    /// Updates DLX1 counts for hiding the options of `killed`.
    #[inline(always)]
    fn hidden(&self, killed: &Set) -> u64 {
        self.sizes
            .iter()
            .map(|(weight, of_size)| weight * u64::from(count(&and(killed, of_size))))
            .sum()
    }

    /// X3: the open primary item with the fewest live options, the leftmost
    /// on ties, and that number; branching in order, the leftmost open
    /// item unless some item has at most one option (as the links solver
    /// chooses). `None` when every primary item is covered.
    #[inline(always)]
    fn choose(&self, alive: &Set, open: &Set) -> Option<(usize, u32)> {
        let mut best: Option<(usize, u32)> = None;
        let mut leftmost = None;
        'scan: for (w, &word) in open.iter().enumerate() {
            let mut items = word;
            while items != 0 {
                let item = w * 64 + items.trailing_zeros() as usize;
                items &= items - 1;
                let live = count(&and(alive, &self.of[item]));
                leftmost.get_or_insert((item, live));
                if best.map_or(true, |(_, fewest)| live < fewest) {
                    best = Some((item, live));
                    // Nothing is fewer, and later items only tie.
                    if live == 0 {
                        break 'scan;
                    }
                }
            }
        }
        match best {
            Some((_, fewest)) if self.in_order && fewest > 1 => leftmost,
            _ => best,
        }
    }

    /// Starts a level on `state` with branch item `best`: its live options
    /// become the ones to try and are hidden; DLX1 counts one update for
    /// the item and one per node hidden.
    #[inline(always)]
    fn enter(&mut self, state: &mut Level, best: usize) {
        state.to_try = and(&state.alive, &self.of[best]);
        self.stats.updates += 1 + self.hidden(&state.to_try);
        state.alive = and_not(&state.alive, &state.to_try);
        state.open[best / 64] &= !(1 << (best % 64));
    }

    /// X5 [Try x_l]: `below` becomes the state under `level` once option
    /// `k` is taken (its other items covered), with the updates DLX1 counts
    /// for it.
    #[inline(always)]
    fn try_option(&mut self, level: &Level, k: usize, below: &mut Level) {
        let conflict = &self.conflict[k];
        let killed = and(&level.alive, conflict);
        self.stats.updates += u64::from(self.size[k] - 1) + self.hidden(&killed);
        below.alive = and_not(&level.alive, conflict);
        below.open = and_not(&level.open, &self.covers[k]);
    }

    /// X2, X3 on `state`: `None` if every primary item is covered, else
    /// the number of options of the item chosen, whose level `state`
    /// becomes. An item without options is a dead end: DLX1 would enter
    /// the level, cover the item (one update) and find no option to try.
    #[inline(always)]
    fn settle(&mut self, state: &mut Level) -> Option<u32> {
        let (best, options) = self.choose(&state.alive, &state.open)?;
        match options {
            0 => self.stats.updates += 1,
            _ => self.enter(state, best),
        }
        Some(options)
    }

    /// [`Solver::steps`], compiled with the popcount instruction where the
    /// processor has it ([`wide`]: without it, counting bits is a dozen
    /// instructions a word).
    fn walk<B, F, R>(&mut self, visit: F, interval: u64, report: R) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>,
        R: FnMut(Stats, &[(u32, u32)]),
    {
        wide::popcnt(
            #[inline(always)]
            || self.steps(visit, interval, report),
        )
    }

    /// Algorithm X's steps X1–X8. `report` gets the stats and each level's
    /// `(k, t)` (trying the k-th of t options).
    #[inline(always)]
    fn steps<B, F, R>(&mut self, mut visit: F, interval: u64, mut report: R) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>,
        R: FnMut(Stats, &[(u32, u32)]),
    {
        self.stats = Stats::default();
        let mut next_report = interval;
        // Level l's state, written in place: copies of whole levels through
        // the stack cost more than the rest of a node.
        let mut levels = vec![self.root; self.of.len() + 2];
        let mut solution: Vec<usize> = Vec::with_capacity(self.of.len());
        let mut position: Vec<(u32, u32)> = Vec::with_capacity(self.of.len());
        self.stats.nodes += 1;
        match self.settle(&mut levels[0]) {
            None => {
                self.stats.nodes += 1;
                return visit(&[]);
            }
            Some(options) => position.push((0, options.max(1))),
        }
        let mut depth = 0;
        loop {
            let (above, below) = levels.split_at_mut(depth + 1);
            let (level, below) = (&mut above[depth], &mut below[0]);
            // X5 [Try x_l], X6 [Try again]: the next option of this level.
            let k = match take_first(&mut level.to_try) {
                Some(k) => k,
                None => {
                    // X7 [Backtrack]: every option of this level is tried.
                    if depth == 0 {
                        return ControlFlow::Continue(());
                    }
                    depth -= 1;
                    position.pop();
                    continue;
                }
            };
            solution.truncate(depth);
            solution.push(k);
            position[depth].0 += 1;
            self.try_option(level, k, below);
            self.stats.nodes += 1;
            if self.stats.nodes >= next_report {
                next_report = next_report.saturating_add(interval);
                report(self.stats, &position);
            }
            match self.settle(below) {
                // X2: every primary item covered, a solution.
                None => {
                    if let ControlFlow::Break(value) = visit(&solution) {
                        return ControlFlow::Break(value);
                    }
                }
                Some(0) => {}
                Some(options) => {
                    depth += 1;
                    position.push((0, options));
                }
            }
        }
    }
}

impl Search for Solver {
    /// Builds the sets for `problem`, which must suit ([`Solver::suits`]:
    /// at most [`MAX_OPTIONS`] options and primary items, no colors or
    /// bounds).
    fn new(problem: &Problem) -> Solver {
        assert!(
            Solver::suits(problem),
            "popcount::Solver takes plain problems of at most {MAX_OPTIONS} options"
        );
        let items = problem.primary + problem.secondary;
        let options = problem.options();
        let mut of_item = vec![[0u64; WORDS]; items];
        for k in 0..options {
            for &item in problem.slice(k) {
                insert(&mut of_item[item as usize], k);
            }
        }
        let mut conflict = vec![[0u64; WORDS]; options];
        let mut covers = vec![[0u64; WORDS]; options];
        let mut size = vec![0u32; options];
        let mut sizes: Vec<(u64, Set)> = Vec::new();
        for k in 0..options {
            let option = problem.slice(k);
            for &item in option {
                conflict[k] = or(&conflict[k], &of_item[item as usize]);
                if (item as usize) < problem.primary {
                    insert(&mut covers[k], item as usize);
                }
            }
            size[k] = option.len() as u32;
            let weight = option.len() as u64 - 1;
            if weight > 0 {
                match sizes.iter_mut().find(|(w, _)| *w == weight) {
                    Some((_, of_size)) => insert(of_size, k),
                    None => {
                        let mut of_size = [0; WORDS];
                        insert(&mut of_size, k);
                        sizes.push((weight, of_size));
                    }
                }
            }
        }
        let mut root = Level::default();
        (0..options).for_each(|k| insert(&mut root.alive, k));
        (0..problem.primary).for_each(|i| insert(&mut root.open, i));
        of_item.truncate(problem.primary);
        Solver {
            of: of_item,
            conflict,
            covers,
            sizes,
            size,
            root,
            in_order: problem.branching() == Branching::InOrder,
            stats: Stats::default(),
        }
    }

    fn search_with_progress<B, F, R>(
        &mut self,
        visit: F,
        interval: u64,
        mut report: R,
    ) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>,
        R: FnMut(&Progress),
    {
        self.walk(visit, interval, |stats, position| {
            report(&Progress::new(stats, position))
        })
    }

    fn search<B, F>(&mut self, visit: F) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>,
    {
        self.walk(visit, u64::MAX, |_, _| {})
    }

    fn stats(&self) -> Stats {
        self.stats
    }
}

fn insert(set: &mut Set, k: usize) {
    set[k / 64] |= 1 << (k % 64);
}

#[inline(always)]
fn and(a: &Set, b: &Set) -> Set {
    [a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]]
}

#[inline(always)]
fn and_not(a: &Set, b: &Set) -> Set {
    [a[0] & !b[0], a[1] & !b[1], a[2] & !b[2], a[3] & !b[3]]
}

#[inline(always)]
fn or(a: &Set, b: &Set) -> Set {
    [a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]]
}

#[inline(always)]
fn count(set: &Set) -> u32 {
    set.iter().map(|w| w.count_ones()).sum()
}

/// Removes and returns the lowest member of `set`.
#[inline(always)]
fn take_first(set: &mut Set) -> Option<usize> {
    let w = set.iter().position(|&word| word != 0)?;
    let k = w * 64 + set[w].trailing_zeros() as usize;
    set[w] &= set[w] - 1;
    Some(k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Random problems with up to 8 primary and 3 secondary items and up to
    /// 96 options, branching either way; up to 160 options covering every
    /// primary item come first, so that the others sit in every word.
    fn problems() -> impl Strategy<Value = Problem> {
        (1usize..=8, 0usize..=3, any::<bool>(), 0usize..=160).prop_flat_map(
            |(primary, secondary, in_order, whole)| {
                let n = primary + secondary;
                let option =
                    proptest::sample::subsequence((0..n).collect::<Vec<_>>(), 1..=n.min(4))
                        .prop_shuffle();
                proptest::collection::vec(option, 0..=96).prop_map(move |options| {
                    let mut problem = Problem::new(primary, secondary);
                    let every: Vec<usize> = (0..primary).collect();
                    for _ in 0..whole {
                        problem.add_option(&every).unwrap();
                    }
                    for option in options {
                        problem.add_option(&option).unwrap();
                    }
                    if in_order {
                        problem.set_branching(Branching::InOrder);
                    }
                    problem
                })
            },
        )
    }

    fn every_solution<S: Search>(solver: &mut S) -> Vec<Vec<usize>> {
        let mut found = Vec::new();
        solver.for_each(|s| found.push(s.to_vec()));
        found
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Same tree as dancing links: same solutions in the same order,
        /// same nodes and updates, and the same progress reports.
        /// (Dancing links are checked against a brute force in
        /// `dlx::tests`.)
        #[test]
        fn walks_the_dancing_links_tree(problem in problems()) {
            let mut links = crate::dlx::Solver::new(&problem);
            let mut ours = Solver::new(&problem);
            prop_assert_eq!(every_solution(&mut ours), every_solution(&mut links));
            prop_assert_eq!(ours.stats(), links.stats());
            prop_assert_eq!(ours.first(), links.first());
            let (mut from_links, mut from_ours) = (Vec::new(), Vec::new());
            let _ = links.search_with_progress(
                |_| ControlFlow::<()>::Continue(()), 1, |p| from_links.push(*p));
            let _ = ours.search_with_progress(
                |_| ControlFlow::<()>::Continue(()), 1, |p| from_ours.push(*p));
            prop_assert_eq!(from_ours, from_links);
        }
    }

    #[test]
    fn no_primary_items_has_one_empty_solution() {
        let mut problem = Problem::new(0, 1);
        problem.add_option(&[0]).unwrap();
        assert_eq!(Solver::new(&problem).first(), Some(vec![]));
    }

    #[test]
    fn no_options_no_solution() {
        let problem = Problem::new(2, 0);
        assert_eq!(Solver::new(&problem).count(), 0);
    }

    #[test]
    fn past_four_words_it_does_not_suit() {
        let mut problem = Problem::new(1, 0);
        for _ in 0..=MAX_OPTIONS {
            problem.add_option(&[0]).unwrap();
        }
        assert!(!Solver::suits(&problem));
        problem = Problem::new(MAX_OPTIONS + 1, 0);
        problem.add_option(&[0]).unwrap();
        assert!(!Solver::suits(&problem));
    }
}
