//! Dancing cells: exact cover on sparse sets, as Knuth's SSXCC runs it
//! (colors) and SSMCC (colors and multiplicities), walking exactly their
//! trees.
//!
//! ```
//! use library::dlx::{cells, Problem, Search};
//!
//! // Items 0, 1, 2 must be covered exactly once; item 3 at most once.
//! let mut problem = Problem::new(3, 1);
//! problem.add_option(&[0, 1])?; // option 0
//! problem.add_option(&[2, 3])?; // option 1
//! problem.add_option(&[1, 2])?; // option 2
//! problem.add_option(&[0, 3])?; // option 3
//! let mut solver = cells::Solver::new(&problem);
//! assert_eq!(solver.first(), Some(vec![0, 1]));
//! assert_eq!(cells::Solver::new(&problem).count(), 2);
//! # Ok::<(), library::dlx::Error>(())
//! ```
//!
//! Dancing links ([`crate::dlx::Links`]) take an option out of an item's
//! list and put it back, link by link, in reverse order. Dancing cells
//! (Knuth's name for the sparse sets of Briggs and Torczon, after
//! Christine Solnon's XCC solver) keep each item's options in an array
//! whose first `size` entries are the live ones: an option leaves by
//! swapping places with the last live one, and comes back when the size
//! grows again. So nothing is undone one by one: a level saves the sizes
//! when it branches and writes them back before its next option.
//! Covering and purifying are one routine, and an item left with one
//! option is taken at once, without saving anything (a *forced move*).
//!
//! Because an option leaves by swapping, the order of the options in a
//! set changes as the search goes, and the order in which they are tried
//! with it: the tree is Knuth's only if every swap is his. [`Solver`]
//! makes exactly the swaps of SSXCC, in the same order, so it finds the
//! same solutions in the same order and counts the same nodes and
//! updates; [`multi::Solver`] does the same for SSMCC, which takes
//! bounds on primary items. The trees are smaller than DLX1's on tilings
//! (pentominoes in 6 × 10: 1.2 M nodes against 3.6 M) because a level
//! whose option leaves a primary item without options is abandoned
//! before it counts as a node, and forced moves come in bulk.
//!
//! # Data layout
//!
//! Items are numbered as in the [`Problem`], primary ones first. Options
//! that name no primary item are dropped, as SSXCC drops them (they are
//! never chosen, and would change how the others move).
//!
//! * `nodes`: every option kept, its items one after another (no
//!   spacers), in cache lines of 8 nodes. Options without colors that
//!   all have `L` nodes, 3 to 7, start at multiples of `L`'s next power
//!   of two, so that each sits in one line (the places between are
//!   pads, never in a set). A node knows its `item`, its `loc` in
//!   `set`, and its option's `end` and `len`, so that its option's other
//!   nodes are found in a loop of a fixed count, wrapping at `end`,
//!   without a test on each node.
//! * `set`: the sets of options, one region per item in item order;
//!   item `i`'s region starts at `base[i]` and its first `size[i]`
//!   entries are the nodes of its live options. `size` is an array of its
//!   own, indexed by item, so that a level saves the sizes of all items
//!   in one copy and the choice of the next item reads one short array.
//! * `uniform` and `scattered`, fixed: the number of nodes of every
//!   option, if they all have as many (a node's option then follows from
//!   its number, the options being laid out at a stride), and for each
//!   item whether its nodes sit at different places in their options.
//!   They pick how a hide walks an option (the module `hide`).
//! * `item` and `pos`: a sparse set of the items, `item[..active]` the
//!   active ones (neither covered nor purified). Its order matters: when
//!   several items have one option left, SSXCC takes them in this order.
//!
//! Unlike SSXCC's, the sizes of a level are saved in full (all items, a
//! copy of one array) rather than as pairs of active item and size: the
//! sizes of inactive items do not change while they are inactive, so
//! writing them back is harmless, and a copy is a few vector moves where
//! a gather of pairs is a loop. Pairs it is, as in SSXCC, when fewer
//! than a quarter of the items are active (deep in the tree, where the
//! levels of problems whose nodes are mostly solutions spend their time),
//! and always past [`DENSE_LIMIT`] items.
//!
//! # Invariants
//!
//! * **I1** `item` and `pos` are inverse permutations of the items, and
//!   an item is active exactly when `pos[i] < active`.
//! * **I2** Every node `x` of item `i` sits in `i`'s region:
//!   `set[nodes[x].loc] == x`, `base[i] <= loc < base[i]` plus `i`'s
//!   number of options.
//! * **I3** For an active item, the first `size[i]` entries of its region
//!   are exactly its live options: those whose every other item is active,
//!   or purified for the color the option gives it. An inactive item's
//!   size and set stay as they were when it stopped being active, until a
//!   level above writes the sizes back.
//! * **I4** Every entry of `set` is a node number.
//!
//! `Solver::check_invariants` verifies I1–I3 (Knuth's `sanity()`).
//!
//! # Counting
//!
//! As SSXCC counts: a *node* each time the search enters a level (the root
//! included; a solution is one), none for an option abandoned because it
//! left a primary item without options; an *update* per item made
//! inactive and per option taken out of a set. A problem with a primary
//! item that no option names has no node at all.

use std::ops::ControlFlow;

use crate::dlx::search::{counted, counter};
use crate::dlx::{Branching, Problem, Progress, Search, Stats};

mod arena;
mod hide;
pub mod multi;

use arena::{Arena, Span, COLORED};
use hide::others;

/// The bit of an item's size that marks it inactive, once the level that
/// made it inactive is done with its options (SSXCC knows that from
/// `pos`): so that the choice reads the sizes alone. Sizes stay below it.
const DONE: u32 = 1 << 31;

/// Past this many items a level saves the sizes of its active items as
/// pairs, as SSXCC does, rather than the sizes of all items: the copy
/// would take more memory than a deep search should hold.
pub const DENSE_LIMIT: usize = 1024;

/// The bit of a save's last word (the number of active items) that marks
/// a save of pairs.
const PAIRS: u32 = 1 << 31;

/// SSXCC's search over one [`Problem`] with colors or without; see the
/// module docs. It branches on the active primary item with the fewest
/// options, the leftmost on ties, after every item left with one option.
///
/// # Panics
/// [`Search::new`] panics if the problem has bounds ([`multi::Solver`]
/// searches those), or asks to branch in order (SSXCC has no such rule).
#[derive(Clone, Debug)]
pub struct Solver {
    arena: Arena,
    /// Primary items known to have one option left (Knuth's `force`).
    force: Force,
    /// How many primary items are active: none at a solution, which is
    /// then known without a choice (most nodes on dense problems).
    open: u32,
    /// The sizes saved by the levels that branch, newest last: each all
    /// sizes, `open` and then `active`, or pairs of item and size, `open`
    /// and then their number with [`PAIRS`].
    saved: Vec<u32>,
    /// Whether a save may hold all sizes: at most [`DENSE_LIMIT`] items.
    dense: bool,
    stats: Stats,
}

/// What a walk calls: `visit` at every solution, `report` at `next`
/// nodes and then every `interval`.
struct Hooks<F, R> {
    visit: F,
    report: R,
    next: u64,
    interval: u64,
}

impl<F, R> Hooks<F, R> {
    fn new(visit: F, report: R, interval: u64) -> Hooks<F, R> {
        Hooks {
            visit,
            report,
            next: interval,
            interval,
        }
    }

    /// Whether a walk at `nodes` nodes reports now.
    #[inline]
    fn due(&mut self, nodes: u64) -> bool {
        let due = nodes >= self.next;
        if due {
            self.next = self.next.saturating_add(self.interval);
        }
        due
    }
}

/// Where the walk is: the level, the item it branches on, and which of
/// the item's options it tries.
#[derive(Clone, Copy, Debug, Default)]
struct Place {
    level: usize,
    best: u32,
    cur: u32,
}

impl Search for Solver {
    fn new(problem: &Problem) -> Solver {
        assert!(
            !problem.has_bounds(),
            "a problem with bounds needs dlx::cells::multi::Solver"
        );
        assert!(
            problem.branching == Branching::Fewest,
            "dancing cells branch on the fewest options only"
        );
        let arena = Arena::new(problem, true);
        Solver {
            force: Force::new(arena.items()),
            open: arena.primary,
            saved: Vec::new(),
            dense: arena.items() <= DENSE_LIMIT,
            arena,
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
        let visit = naming(visit);
        self.walk(visit, interval, |solver, choice| {
            report(&solver.progress(choice))
        })
    }

    fn search<B, F>(&mut self, visit: F) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>,
    {
        self.walk(naming(visit), u64::MAX, |_, _| {})
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    /// Counts without naming the options of each solution.
    fn count(&mut self) -> u64 {
        self.count_with_progress(u64::MAX, |_, _| {})
    }

    fn count_with_progress<R: FnMut(&Progress, u64)>(&mut self, every: u64, mut to: R) -> u64 {
        let found = std::cell::Cell::new(0);
        let flow = self.walk(counter(&found), every, |s, c| {
            to(&s.progress(c), found.get())
        });
        counted(flow, &found)
    }
}

impl Solver {
    /// The search, with or without colors (copies of the inner loops:
    /// without colors no node needs the test of purified items), with or
    /// without secondary items (`SEC`: without, no node needs the test of
    /// its kind), and without colors compiled for options of 3 to 7 nodes
    /// if they all have as many (see the module `hide`).
    fn walk<B, F, R>(&mut self, visit: F, interval: u64, report: R) -> ControlFlow<B>
    where
        F: FnMut(&Solver, &[u32]) -> ControlFlow<B>,
        R: FnMut(&Solver, &[u32]),
    {
        match (self.arena.color.is_empty(), self.arena.secondary) {
            (false, _) => self.walk_with::<true, true, 0, B, F, R>(visit, interval, report),
            (true, true) => self.walk_by_length::<true, B, F, R>(visit, interval, report),
            (true, false) => self.walk_by_length::<false, B, F, R>(visit, interval, report),
        }
    }

    /// The search without colors, compiled for the length of every option
    /// if they all have as many.
    fn walk_by_length<const SEC: bool, B, F, R>(
        &mut self,
        visit: F,
        interval: u64,
        report: R,
    ) -> ControlFlow<B>
    where
        F: FnMut(&Solver, &[u32]) -> ControlFlow<B>,
        R: FnMut(&Solver, &[u32]),
    {
        match self.arena.uniform {
            3 => self.walk_with::<false, SEC, 3, B, F, R>(visit, interval, report),
            4 => self.walk_with::<false, SEC, 4, B, F, R>(visit, interval, report),
            5 => self.walk_with::<false, SEC, 5, B, F, R>(visit, interval, report),
            6 => self.walk_with::<false, SEC, 6, B, F, R>(visit, interval, report),
            7 => self.walk_with::<false, SEC, 7, B, F, R>(visit, interval, report),
            _ => self.walk_with::<false, SEC, 0, B, F, R>(visit, interval, report),
        }
    }

    /// SSXCC's search: its labels `forward`, `advance` and `backup` as
    /// loops rather than a state to dispatch on (each jump its own).
    /// `choice[l]` is the node tried at level `l`; `visit` gets `choice`
    /// at every solution, `report` every `interval` nodes.
    fn walk_with<const COLORS: bool, const SEC: bool, const L: u32, B, F, R>(
        &mut self,
        visit: F,
        interval: u64,
        report: R,
    ) -> ControlFlow<B>
    where
        F: FnMut(&Solver, &[u32]) -> ControlFlow<B>,
        R: FnMut(&Solver, &[u32]),
    {
        if !self.reset() {
            return ControlFlow::Continue(());
        }
        let mut hooks = Hooks::new(visit, report, interval);
        // Every level covers a primary item.
        let mut choice = vec![0; self.arena.primary as usize + 1];
        let mut at = Place::default();
        'enter: loop {
            match self.forward::<COLORS, SEC, L, _, _, _>(&choice[..at.level], &mut hooks)? {
                Some(best) => (at.best, at.cur) = (best, 0),
                None if at.level == 0 => return ControlFlow::Continue(()),
                None => {
                    at.level -= 1;
                    (at.best, at.cur) = self.arena.place(choice[at.level]);
                    if !self.next_option(&mut at, &choice) {
                        return ControlFlow::Continue(());
                    }
                }
            }
            loop {
                choice[at.level] = self.arena.option(at.best, at.cur);
                if self.commit::<COLORS, SEC, L>(choice[at.level]) {
                    at.level += 1;
                    continue 'enter;
                }
                self.force.clear();
                if !self.next_option(&mut at, &choice) {
                    return ControlFlow::Continue(());
                }
            }
        }
    }

    /// Moves `at` from an option tried to the next one to try: the next
    /// of its level, the sizes written back, or else that of a level
    /// above; `false` when there is none, the search done.
    #[inline(always)]
    fn next_option(&mut self, at: &mut Place, choice: &[u32]) -> bool {
        loop {
            if at.cur + 1 < self.options(at.best) {
                self.restore();
                at.cur += 1;
                return true;
            }
            if self.branches(at.best) {
                self.forget();
            }
            if at.level == 0 {
                return false;
            }
            at.level -= 1;
            (at.best, at.cur) = self.arena.place(choice[at.level]);
        }
    }

    /// Clears the state of a search before one; `false` if the problem
    /// has no solution (a primary item without options).
    fn reset(&mut self) -> bool {
        self.arena.reset();
        self.stats = Stats::default();
        self.force.clear();
        self.saved.clear();
        self.open = self.arena.primary;
        !self.arena.hopeless
    }

    /// SSXCC's `forward` label, with `choice` the options of the levels
    /// above: counts and reports the node, then visits a solution (`None`: go up) or covers the item
    /// the level branches on, saving the sizes if it has several options.
    #[inline]
    fn forward<const COLORS: bool, const SEC: bool, const L: u32, B, F, R>(
        &mut self,
        choice: &[u32],
        hooks: &mut Hooks<F, R>,
    ) -> ControlFlow<B, Option<u32>>
    where
        F: FnMut(&Solver, &[u32]) -> ControlFlow<B>,
        R: FnMut(&Solver, &[u32]),
    {
        #[cfg(test)]
        if let Err(e) = self.check_invariants() {
            panic!("at node {}: {e}", self.stats.nodes + 1);
        }
        self.stats.nodes += 1;
        if hooks.due(self.stats.nodes) {
            (hooks.report)(self, choice);
        }
        match self.next_item() {
            None => {
                (hooks.visit)(self, choice)?;
                ControlFlow::Continue(None)
            }
            Some(best) => {
                self.cover::<COLORS, SEC, L>(best);
                if self.branches(best) {
                    self.save();
                }
                ControlFlow::Continue(Some(best))
            }
        }
    }

    /// Whether the level on item `best` branches (saves its sizes), rather
    /// than making a forced move. Its size does not change while it is
    /// inactive.
    #[inline]
    fn branches(&self, best: u32) -> bool {
        self.options(best) > 1
    }

    /// How many options inactive item `i` had when it became inactive.
    #[inline]
    fn options(&self, i: u32) -> u32 {
        self.arena.size(i) & !DONE
    }

    /// The item the level takes: the last one found forced that is still
    /// active, or else the choice.
    #[inline]
    fn next_item(&mut self) -> Option<u32> {
        if self.open == 0 {
            self.force.clear();
            return None;
        }
        while let Some(i) = self.force.pop() {
            if self.arena.is_active(i) {
                return Some(i);
            }
        }
        self.choose()
    }

    /// SSXCC's choice, when no forced item is pending and a primary item
    /// is active: every active primary item with one option goes on the
    /// force stack, in the order of the active items, and the last is
    /// taken; else the one with the fewest options, the leftmost on ties.
    ///
    /// An active primary item never has 0 options here: the checked
    /// hides abandon such an option, and the one hide without checks
    /// (the branching item's own options) can empty an item only if all
    /// its options contain the branching item, and then it had as few
    /// options as that item, all of them the same, so it is covered too.
    fn choose(&mut self) -> Option<u32> {
        let arena = &self.arena;
        let primary = arena.primary as usize;
        // The sizes of inactive items carry `DONE`: the least is that of
        // an active item. Two passes without a branch on the data.
        let sizes = &arena.size[..primary];
        let fewest = sizes.iter().fold(DONE, |a, &s| a.min(s));
        debug_assert!(fewest != 0 && fewest < DONE, "no choice: {fewest}");
        match fewest {
            1 => {
                for &i in &arena.item[..arena.active as usize] {
                    if (i as usize) < primary && arena.size[i as usize] == 1 {
                        self.force.push(i);
                    }
                }
                self.force.pop()
            }
            _ => sizes.iter().position(|&s| s == fewest).map(|i| i as u32),
        }
    }

    /// Makes item `best` inactive and takes its options out of the sets of
    /// their other items, without checks.
    #[inline(never)]
    fn cover<const COLORS: bool, const SEC: bool, const L: u32>(&mut self, best: u32) {
        self.arena.deactivate(best);
        self.open -= 1;
        self.stats.updates += 1;
        let was_active = self.arena.active;
        let mut updates = 0;
        let scattered = self.walks_around::<COLORS>(best);
        for k in 0..self.arena.size[best as usize] {
            let x = self.arena.option(best, k);
            self.remove::<false, COLORS, SEC, L>(x, scattered, was_active, &mut updates);
        }
        self.stats.updates += updates;
        self.arena.size[best as usize] |= DONE;
    }

    /// Takes option node `x`: makes its other items inactive, then covers
    /// or purifies each of them (hides the options that do not agree);
    /// `false`, leaving the work half done, when that would leave an
    /// active primary item without options.
    fn commit<const COLORS: bool, const SEC: bool, const L: u32>(&mut self, x: u32) -> bool {
        let was_active = self.arena.active;
        let span = self.arena.span(x);
        let arena = &mut self.arena;
        let (mut made, mut primaries) = (0, 0);
        // Without colors every item of a live option is active; with
        // colors every primary one.
        others(x, span, |y| {
            let i = arena.node(y).item & !COLORED;
            if !COLORS || arena.is_active(i) {
                arena.deactivate(i);
                made += 1;
                primaries += u32::from(i < arena.primary);
            }
            true
        });
        self.stats.updates += made;
        self.open -= primaries;
        others(x, span, |y| {
            let item = self.arena.node(y).item;
            let i = item & !COLORED;
            let color = match COLORS && item & COLORED != 0 {
                true => self.arena.color[y as usize],
                false => 0,
            };
            // A secondary item purified above keeps what it has.
            if COLORS && i >= self.arena.primary && self.arena.pos(i) >= was_active {
                return true;
            }
            if self.arena.size(i) != 0 && !self.hide::<COLORS, SEC, L>(i, color, was_active) {
                return false;
            }
            if !COLORS {
                // No option left in a set names `i` now.
                self.arena.size[i as usize] |= DONE;
            }
            true
        }) && (!COLORS || self.finish(x, span))
    }

    /// Marks the items of `x`'s option done, once all are covered or
    /// purified: a purified item's options that agree with it stay in
    /// the other sets, and the hides of the items after it take some out
    /// of its own set too, as SSXCC does.
    fn finish(&mut self, x: u32, span: Span) -> bool {
        others(x, span, |y| {
            let i = self.arena.node(y).item & !COLORED;
            self.arena.size[i as usize] |= DONE;
            true
        })
    }

    /// Saves the sizes, for the options of this level after the first:
    /// all of them, or pairs when few items are active (colors-dense
    /// 15% faster with a quarter, queens no slower).
    fn save(&mut self) {
        let arena = &self.arena;
        let active = arena.active;
        if self.dense && 4 * active as usize >= arena.items() {
            self.saved.extend_from_slice(&arena.size);
            self.saved.extend([self.open, active]);
        } else {
            for &i in &arena.item[..active as usize] {
                self.saved.extend([i, arena.size[i as usize]]);
            }
            self.saved.extend([self.open, active | PAIRS]);
        }
    }

    /// Writes back the sizes of the latest save, and the active items.
    fn restore(&mut self) {
        let top = self.saved.len() - 1;
        let last = self.saved[top];
        self.open = self.saved[top - 1];
        self.arena.active = last & !PAIRS;
        if last & PAIRS == 0 {
            let sizes = &self.saved[top - 1 - self.arena.items()..top - 1];
            self.arena.size.copy_from_slice(sizes);
        } else {
            let pairs = &self.saved[top - 1 - 2 * (last & !PAIRS) as usize..top - 1];
            for pair in pairs.chunks_exact(2) {
                self.arena.size[pair[0] as usize] = pair[1];
            }
        }
    }

    /// Drops the latest save: its level is done.
    fn forget(&mut self) {
        let top = self.saved.len() - 1;
        let last = self.saved[top];
        let words = match last & PAIRS == 0 {
            true => self.arena.items(),
            false => 2 * (last & !PAIRS) as usize,
        };
        self.saved.truncate(top - 1 - words);
    }

    /// Knuth's estimate of the fraction explored: at each level, the place
    /// of the option tried among its item's options.
    fn progress(&self, choice: &[u32]) -> Progress {
        let position: Vec<(u32, u32)> = choice
            .iter()
            .map(|&x| {
                let i = self.arena.item_of(x) as usize;
                let k = self.arena.loc(x) - self.arena.base[i];
                (k + 1, (self.arena.size[i] & !DONE).max(1))
            })
            .collect();
        Progress::new(self.stats, &position)
    }

    /// Checks the invariants I1–I3 of the module docs at the start of a
    /// level (Knuth's `sanity()`); the first violation found.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.arena.check_sets()?;
        self.arena.check_live()
    }
}

/// Turns a visitor of option numbers into one of the nodes chosen.
fn naming<B, F>(mut visit: F) -> impl FnMut(&Solver, &[u32]) -> ControlFlow<B>
where
    F: FnMut(&[usize]) -> ControlFlow<B>,
{
    let mut solution = Vec::new();
    move |solver, choice| {
        solution.clear();
        solution.extend(choice.iter().map(|&x| solver.arena.option_of(x)));
        visit(&solution)
    }
}

/// Knuth's stack of forced items. An item goes on it when it is left
/// with one option, which happens once before the stack is emptied (a
/// size grows again only after an abandoned option, which empties the
/// stack, or after a subtree is done, which leaves it empty): so it never
/// holds more than the items.
#[derive(Clone, Debug)]
struct Force {
    items: Vec<u32>,
    top: usize,
}

impl Force {
    fn new(items: usize) -> Force {
        Force {
            items: vec![0; items],
            top: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, i: u32) {
        debug_assert!(self.top < self.items.len());
        // SAFETY: the stack never holds more than the items (see above).
        unsafe { *self.items.get_unchecked_mut(self.top) = i };
        self.top += 1;
    }

    #[inline]
    fn pop(&mut self) -> Option<u32> {
        self.top = self.top.checked_sub(1)?;
        Some(self.items[self.top])
    }

    fn clear(&mut self) {
        self.top = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::oracle::{brute_force, colored_problems, in_search_order, problems, sorted};
    use crate::dlx::text;
    use proptest::prelude::*;

    /// The option lines of the first solution, and the statistics of a
    /// full count.
    fn first_and_stats(text: &str) -> (Vec<String>, Stats) {
        let instance = text::parse(text.as_bytes().to_vec()).unwrap();
        let mut solver = Solver::new(&instance.problem);
        let first = solver.first().unwrap();
        solver.count();
        let lines = first.iter().map(|&k| instance.option_text(k)).collect();
        (lines, solver.stats())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Every search checks the invariants at each node (`walk_with`).
        #[test]
        fn finds_exactly_the_brute_force_solutions(problem in problems()) {
            let mut solver = Solver::new(&problem);
            let found = in_search_order(&mut solver);
            prop_assert_eq!(sorted(found.clone()), brute_force(&problem));
            // A second search walks the same tree: the sets are reset.
            let stats = solver.stats();
            prop_assert_eq!(solver.first(), found.first().cloned());
            prop_assert_eq!(in_search_order(&mut solver), found.clone());
            prop_assert_eq!(solver.stats(), stats);
            prop_assert_eq!(solver.count(), found.len() as u64);
        }

        #[test]
        fn finds_exactly_the_brute_force_solutions_with_colors(problem in colored_problems()) {
            let mut solver = Solver::new(&problem);
            prop_assert_eq!(sorted(in_search_order(&mut solver)), brute_force(&problem));
        }

        /// Saving the sizes as pairs (past `DENSE_LIMIT` items) walks the
        /// same tree as saving them all.
        #[test]
        fn saving_pairs_walks_the_same_tree(problem in colored_problems()) {
            let mut dense = Solver::new(&problem);
            let mut pairs = Solver::new(&problem);
            pairs.dense = false;
            prop_assert_eq!(in_search_order(&mut pairs), in_search_order(&mut dense));
            prop_assert_eq!(pairs.stats(), dense.stats());
        }

        #[test]
        fn progress_estimates_a_fraction(problem in colored_problems()) {
            let mut reports = Vec::new();
            let _ = Solver::new(&problem).search_with_progress(
                |_| ControlFlow::<()>::Continue(()), 1, |p| reports.push(*p));
            for p in &reports {
                prop_assert!(p.explored > 0.0 && p.explored < 1.0, "{:?}", p);
            }
        }
    }

    #[test]
    fn counts_as_ssxcc_on_knuths_examples() {
        // TAOCP 7.2.2.1-(5): SSXCC finds its one solution with the forced
        // items last first, in 5 nodes and 27 updates.
        let text = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";
        let (lines, stats) = first_and_stats(text);
        assert_eq!(lines, ["a d f", "c e", "b g"]);
        assert_eq!((stats.nodes, stats.updates), (5, 27));
        // dlx2.w's example: 3 nodes, 16 updates.
        let text = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
        let (lines, stats) = first_and_stats(text);
        assert_eq!(lines, ["A C X:1 Y:1", "B X:1"]);
        assert_eq!((stats.nodes, stats.updates), (3, 16));
    }

    #[test]
    fn an_item_without_options_has_no_node() {
        let mut problem = Problem::new(2, 0);
        problem.add_option(&[0]).unwrap();
        let mut solver = Solver::new(&problem);
        assert_eq!(solver.count(), 0);
        assert_eq!(solver.stats().nodes, 0);
    }

    #[test]
    fn no_primary_items_has_one_empty_solution() {
        let mut problem = Problem::new(0, 1);
        problem.add_option(&[0]).unwrap();
        let mut solver = Solver::new(&problem);
        assert_eq!(solver.first(), Some(vec![]));
        assert_eq!(solver.stats().nodes, 1);
    }

    #[test]
    #[should_panic(expected = "bounds needs dlx::cells::multi")]
    fn bounds_are_ssmccs() {
        let mut problem = Problem::new(1, 0);
        problem.set_bounds(0, 0, 2).unwrap();
        Solver::new(&problem);
    }
}
