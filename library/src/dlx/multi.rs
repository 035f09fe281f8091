//! Exact cover with multiplicities and colors: Knuth's Algorithm M as
//! DLX3 runs it (TAOCP 7.2.2.1, `dlx3.w`), walking exactly DLX3's tree.
//!
//! ```
//! use library::dlx::{multi, Problem, Search};
//!
//! // Two dominoes and a square on a 1 × 4 strip: the cells are covered
//! // once; the domino piece twice at most, at least once.
//! let mut problem = Problem::new(5, 0); // cells 0..4, the domino
//! let domino = 4;
//! problem.set_bounds(domino, 1, 2)?;
//! for cell in 0..3 {
//!     problem.add_option(&[domino, cell, cell + 1])?;
//! }
//! for cell in 0..4 {
//!     problem.add_option(&[cell])?; // a monomino anywhere, any number
//! }
//! // Two dominoes (0-1, 2-3), or one domino in one of three places.
//! assert_eq!(multi::Solver::new(&problem).count(), 4);
//! # Ok::<(), library::dlx::Error>(())
//! ```
//!
//! A primary item `i` with bounds `lo..=hi` keeps DLX3's `bound` (how many
//! more options may cover it, `hi` at first) and `slack` (`hi - lo`). At
//! each node the search branches on the active primary item of smallest
//! *branching degree* `len + min(slack, bound) - bound + 1` (`len` its
//! live options), preferring the smaller `min(slack, bound)` and then the
//! longer list on ties, then the leftmost: DLX3's rule, which is Algorithm
//! X's for items with bounds `1..=1`. A degree of 0 or less is a dead end.
//! Then either its bound drops to 0 without slack, and its options are
//! tried as Algorithm X tries them (covering the item), or the options
//! are *tweaked* one after another: the first one tried is taken out of
//! the item's list, so that the next branch chooses among the rest; and
//! when fewer options are left than the item still needs, or none, the
//! branches end, the last one (when the item may stay short) choosing
//! nothing for it at all: the *null move*, which makes the item inactive.
//! The other items of a chosen option lose one from their bounds, and are
//! covered when it reaches 0; secondary items are covered or purified as
//! in Algorithm C ([`crate::dlx::color`]).
//!
//! It finds the same solutions in the same order as DLX3, and [`Stats`]
//! counts what DLX3 counts: a node per level entered (a solution is one,
//! a dead end another), an update per node hidden or tweaked and per item
//! covered. On a problem with neither bounds nor colors the tree is DLX1's
//! and the node count too, but dead ends cost no update (DLX1 covers the
//! item first), so DLX1's updates are these plus its dead ends.

use std::cell::Cell;
use std::ops::ControlFlow;

use crate::dlx::dance::{naming, Dance};
use crate::dlx::search::{counted, counter};
use crate::dlx::{Active, Branching, Choice, Problem, Progress, Search, Stats};

/// Algorithm M with DLX3's list of active primary items. (A scan of all
/// of them, [`Scan`](crate::dlx::Scan), is Algorithm X's choice for puzzles; with DLX3's
/// score to compute for each item it cost 1.26x DLX3's time on the
/// Langford pairs of `instances/`, the list 0.92x.)
pub type Solver = Links<Active>;

/// Dancing-links search with bounds and colors over one [`Problem`];
/// walks exactly DLX3's tree (see the module docs). `C` keeps the active
/// primary items, as for [`crate::dlx::Links`].
#[derive(Clone, Debug)]
pub struct Links<C> {
    dance: Dance<C>,
    /// `bound[i]`: how many more options may cover primary item `i`.
    bound: Vec<i32>,
    /// `slack[i]`: `hi - lo` of primary item `i`.
    slack: Vec<i32>,
    in_order: bool,
}

/// What a level is doing, besides the node in `choice`.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The item's first node when the level began, if it tweaks.
    first_tweak: u32,
    /// Its branching degree, and how many branches it has tried.
    score: u32,
    tried: u32,
}

/// The degree of a node where every primary item is done: a solution.
const INFINITY: i64 = i64::MAX;

impl<C: Choice> Search for Links<C> {
    fn new(problem: &Problem) -> Links<C> {
        let primary = problem.primary;
        let mut bound = vec![0; primary + 1];
        let mut slack = vec![0; primary + 1];
        for i in 0..primary {
            let (lo, hi) = problem.bounds(i);
            bound[i + 1] = hi as i32;
            slack[i + 1] = (hi - lo) as i32;
        }
        Links {
            dance: Dance::new(problem),
            bound,
            slack,
            in_order: problem.branching == Branching::InOrder,
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
        self.dance.name_options();
        let visit = naming(visit, |s: &Links<C>| &s.dance);
        self.walk(visit, interval, |solver, levels| {
            report(&solver.progress(levels))
        })
    }

    fn search<B, F>(&mut self, visit: F) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>,
    {
        self.dance.name_options();
        self.walk(naming(visit, |s: &Links<C>| &s.dance), u64::MAX, |_, _| {})
    }

    fn stats(&self) -> Stats {
        self.dance.stats
    }

    /// Counts without naming the options of each solution.
    fn count(&mut self) -> u64 {
        self.tally(u64::MAX, |_, _, _| {})
    }

    fn count_with_progress<R>(&mut self, interval: u64, mut report: R) -> u64
    where
        R: FnMut(&Progress, u64),
    {
        self.tally(interval, |solver, levels, found| {
            report(&solver.progress(levels), found)
        })
    }
}

impl<C: Choice> Links<C> {
    /// The snapshot of a walk at `levels`.
    fn progress(&self, levels: &[Level]) -> Progress {
        let position: Vec<(u32, u32)> = levels.iter().map(|l| (l.tried, l.score)).collect();
        Progress::new(self.dance.stats, &position)
    }

    /// Counts the solutions without naming their options; `report` gets
    /// what the walk reports and the solutions so far.
    fn tally<R>(&mut self, interval: u64, mut report: R) -> u64
    where
        R: FnMut(&Links<C>, &[Level], u64),
    {
        let found = Cell::new(0);
        let flow = self.walk(counter(&found), interval, |s, l| report(s, l, found.get()));
        counted(flow, &found)
    }

    /// Algorithm M (TAOCP 7.2.2.1) as DLX3 runs it: each turn of the loop
    /// enters a node (DLX3's `forward`), then goes on to the next node to
    /// try (`advance`, or `backup` and `backdown` first). `choice[l]` is
    /// the node level `l` tries: an option node, or the item's header for
    /// the null move. `visit` gets `choice` at every solution; `report`
    /// the levels every `interval` nodes.
    fn walk<B, F, R>(&mut self, mut visit: F, interval: u64, mut report: R) -> ControlFlow<B>
    where
        F: FnMut(&Links<C>, &[u32]) -> ControlFlow<B>,
        R: FnMut(&Links<C>, &[Level]),
    {
        self.dance.stats = Stats::default();
        let mut next_report = interval;
        // `choice[..l]` and `levels[..l]` are the levels entered.
        let depth = self.depth();
        let mut choice: Vec<u32> = vec![0; depth];
        let mut levels: Vec<Level> = vec![Level::default(); depth];
        let mut l = 0;
        loop {
            self.dance.stats.nodes += 1;
            if self.dance.stats.nodes >= next_report {
                next_report = next_report.saturating_add(interval);
                report(self, &levels[..l]);
            }
            let (item, score) = self.choose();
            let mut entered = None;
            if score == INFINITY {
                if let ControlFlow::Break(value) = visit(self, &choice[..l]) {
                    self.unwind(&choice[..l], &levels[..l]);
                    return ControlFlow::Break(value);
                }
            } else if score > 0 {
                let cur = self.enter(item);
                let first_tweak = if self.tweaking(item) { cur } else { 0 };
                choice[l] = cur;
                let score = score.min(u32::MAX as i64) as u32;
                levels[l] = Level {
                    first_tweak,
                    score,
                    tried: 0,
                };
                l += 1;
                entered = Some((item, cur));
            }
            let next = match entered {
                Some((best, cur)) if !self.off_limits(best, cur) => Some((best, cur)),
                Some((best, _)) => {
                    l -= 1;
                    self.leave(best, levels[l].first_tweak);
                    self.back(&mut choice, &levels, &mut l)
                }
                None => self.back(&mut choice, &levels, &mut l),
            };
            let (best, cur) = match next {
                Some(next) => next,
                None => return ControlFlow::Continue(()),
            };
            self.try_node(best, cur);
            levels[l - 1].tried += 1;
        }
    }

    /// How deep a walk can go: each level takes an option, which lowers a
    /// bound, or makes a null move, once per item.
    fn depth(&self) -> usize {
        let levels: usize = self.bound.iter().map(|&b| b.max(0) as usize + 1).sum();
        levels + 1
    }

    /// DLX3's `backdown` and `backup`: undoes the choices of the levels
    /// from `l` up, and ends those with no node left to try, until one
    /// has; its item and its next node, or `None` when the root is done.
    #[inline(always)]
    fn back(&mut self, choice: &mut [u32], levels: &[Level], l: &mut usize) -> Option<(u32, u32)> {
        while *l > 0 {
            let cur = choice[*l - 1];
            let best = if self.is_header(cur) {
                // The null move: the item becomes active again.
                self.dance.reactivate(cur);
                cur
            } else {
                let best = self.dance.node(cur).top as u32;
                self.uncommit_others(cur);
                let next = self.dance.node(cur).down;
                choice[*l - 1] = next;
                if !self.off_limits(best, next) {
                    return Some((best, next));
                }
                best
            };
            *l -= 1;
            self.leave(best, levels[*l].first_tweak);
        }
        None
    }

    /// Whether item `i` is branched on by tweaking rather than covering.
    #[inline]
    fn tweaking(&self, i: u32) -> bool {
        self.bound_of(i) != 0 || self.slack_of(i) != 0
    }

    /// `bound[i]`, for a primary item `i`.
    #[inline(always)]
    fn bound_of(&self, i: u32) -> i32 {
        debug_assert!((i as usize) < self.bound.len());
        // SAFETY: callers pass primary items, which `bound` covers (`new`).
        unsafe { *self.bound.get_unchecked(i as usize) }
    }

    #[inline(always)]
    fn bound_mut(&mut self, i: u32) -> &mut i32 {
        debug_assert!((i as usize) < self.bound.len());
        // SAFETY: as in `bound_of`.
        unsafe { self.bound.get_unchecked_mut(i as usize) }
    }

    /// `slack[i]`, for a primary item `i`.
    #[inline(always)]
    fn slack_of(&self, i: u32) -> i32 {
        debug_assert!((i as usize) < self.slack.len());
        // SAFETY: as in `bound_of`.
        unsafe { *self.slack.get_unchecked(i as usize) }
    }

    /// Starts a level on item `best`: one fewer option may cover it, and
    /// it is covered when none more may. Returns the node to try first.
    #[inline]
    fn enter(&mut self, best: u32) -> u32 {
        *self.bound_mut(best) -= 1;
        if self.bound_of(best) == 0 {
            self.dance.cover(best);
        }
        self.dance.node(best).down
    }

    /// Whether the level on `best` is over before trying `cur`: its options
    /// are all tried, or (tweaking) too few are left for what it needs.
    #[inline]
    fn off_limits(&self, best: u32, cur: u32) -> bool {
        let (bound, slack) = (self.bound_of(best), self.slack_of(best));
        if bound == 0 && slack == 0 {
            cur == best
        } else {
            self.dance.len_of(best) & !crate::dlx::COVERED <= bound - slack
        }
    }

    /// Tries node `cur` of item `best`'s level: tweaks it away and commits
    /// its option's other items, or (at the header) makes the null move.
    #[inline(always)]
    fn try_node(&mut self, best: u32, cur: u32) {
        if !self.tweaking(best) {
            self.commit_others(cur);
        } else if cur != best {
            self.dance.tweak(cur, self.bound_of(best) != 0);
            self.commit_others(cur);
        } else if self.bound_of(best) != 0 {
            self.dance.deactivate(best);
        }
    }

    /// Ends the level on item `best` (whose first node was `first_tweak`
    /// if it tweaked): its options back, one more option allowed.
    #[inline]
    fn leave(&mut self, best: u32, first_tweak: u32) {
        if self.tweaking(best) {
            self.dance
                .untweak(best, first_tweak, self.bound_of(best) != 0);
        } else {
            self.dance.uncover(best);
        }
        *self.bound_mut(best) += 1;
    }

    /// Whether `x` is an item's header rather than an option node.
    #[inline]
    fn is_header(&self, x: u32) -> bool {
        (x as usize) < self.dance.len.len()
    }

    /// DLX3's choice: the active primary item of least branching degree
    /// (see the module docs) and that degree; `(0, INFINITY)` when no
    /// primary item is active. Branching in order, the leftmost active
    /// item unless one has degree at most 1.
    #[inline(always)]
    fn choose(&self) -> (u32, i64) {
        let dance = &self.dance;
        let (bound, slack, len) = (&self.bound[..], &self.slack[..], &dance.len[..]);
        let (mut best, mut score) = (0, i32::MAX);
        let (mut best_s, mut best_l) = (0, 0);
        dance.choice.each_active(len, |i| {
            let k = i as usize;
            debug_assert!(k < bound.len() && k < len.len());
            // SAFETY: `i` is a primary item, and the three arrays have an
            // entry for each (`new`).
            let (b, l, s) = unsafe {
                (
                    *bound.get_unchecked(k),
                    *len.get_unchecked(k),
                    *slack.get_unchecked(k),
                )
            };
            let s = s.min(b);
            let t = l + s - b + 1;
            // One branch on the whole comparison: its parts are too
            // irregular to predict one by one.
            let tie = (s < best_s) | ((s == best_s) & (l > best_l));
            if (t < score) | ((t == score) & tie) {
                (best, score, best_s, best_l) = (i, t, s, l);
            }
            // A dead end: which one does not matter.
            t > 0
        });
        if score == i32::MAX {
            return (0, INFINITY);
        }
        if self.in_order && score > 1 {
            let mut leftmost = best;
            dance.choice.each_active(len, |i| {
                leftmost = i;
                false
            });
            return (leftmost, self.degree(leftmost));
        }
        (best, i64::from(score))
    }

    /// The branching degree of active primary item `i`.
    fn degree(&self, i: u32) -> i64 {
        let k = i as usize;
        let s = self.slack[k].min(self.bound[k]);
        i64::from(self.dance.len[k] + s - self.bound[k] + 1)
    }

    /// Commits the items of `x`'s option other than `x`'s own, left to
    /// right after `x`: a primary item may be covered once fewer, and is
    /// covered when it may no more; a secondary one is covered or purified
    /// as in Algorithm C.
    #[inline(always)]
    fn commit_others(&mut self, x: u32) {
        let mut p = self.dance.right(x);
        while p != x {
            let node = *self.dance.node(p);
            let i = node.top as u32;
            if (i as usize) < self.bound.len() {
                *self.bound_mut(i) -= 1;
                if self.bound_of(i) == 0 {
                    self.dance.cover(i);
                }
            } else if node.color == 0 {
                self.dance.cover(i);
            } else if !self.dance.is_purified(i) {
                self.dance.purify(p);
            }
            p = self.dance.right(p);
        }
    }

    /// Undoes `commit_others(x)`, right to left.
    #[inline(always)]
    fn uncommit_others(&mut self, x: u32) {
        let mut p = self.dance.left(x);
        while p != x {
            let i = self.dance.node(p).top as u32;
            if (i as usize) < self.bound.len() {
                if self.bound_of(i) == 0 {
                    self.dance.uncover(i);
                }
                *self.bound_mut(i) += 1;
            } else if self.dance.color_of(p) == 0 {
                self.dance.uncover(i);
            } else if self.dance.purified_by(p) {
                self.dance.unpurify(p);
            }
            p = self.dance.left(p);
        }
    }

    /// Restores the state after a search stopped at a solution with these
    /// choices and levels.
    fn unwind(&mut self, choice: &[u32], levels: &[Level]) {
        for (&x, level) in choice.iter().zip(levels).rev() {
            let best = if self.is_header(x) {
                x
            } else {
                self.uncommit_others(x);
                self.dance.node(x).top as u32
            };
            // Covered, or left by the null move: the walk reactivates it
            // at the null move, which this level never reached, or did.
            let i = best as usize;
            if self.is_header(x) || (self.tweaking(best) && self.bound[i] == 0) {
                self.dance.reactivate(best);
            }
            self.leave(best, level.first_tweak);
        }
    }

    /// Checks the invariants of [`crate::dlx::dance`] (Knuth's
    /// `sanity()`); returns the first violation found.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.dance.check_invariants()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::oracle::{
        bounded_problems, brute_force, colored_problems, in_search_order, problems, sorted,
    };
    use crate::dlx::{color, text, Listed};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn finds_exactly_the_brute_force_solutions(problem in bounded_problems()) {
            let mut solver = Solver::new(&problem);
            let found = in_search_order(&mut solver);
            prop_assert_eq!(sorted(found.clone()), brute_force(&problem));
            prop_assert_eq!(solver.check_invariants(), Ok(()));
            // Stopping early restores the state too.
            prop_assert_eq!(solver.first(), found.first().cloned());
            prop_assert_eq!(solver.check_invariants(), Ok(()));
            prop_assert_eq!(in_search_order(&mut solver), found);
        }

        /// Without bounds, Algorithm M walks Algorithm C's tree (so, without
        /// colors either, Algorithm X's): the same solutions in the same
        /// order, the same nodes and cleansings.
        #[test]
        fn without_bounds_it_walks_algorithm_cs_tree(problem in colored_problems()) {
            let mut c = color::Solver::new(&problem);
            let mut m = Solver::new(&problem);
            prop_assert_eq!(in_search_order(&mut m), in_search_order(&mut c));
            prop_assert_eq!(m.stats().nodes, c.stats().nodes);
            prop_assert_eq!(m.stats().cleansings, c.stats().cleansings);
            prop_assert!(m.stats().updates <= c.stats().updates);
        }

        #[test]
        fn without_bounds_or_colors_it_walks_algorithm_xs_tree(problem in problems()) {
            let mut x = crate::dlx::Solver::new(&problem);
            let mut m = Solver::new(&problem);
            prop_assert_eq!(in_search_order(&mut m), in_search_order(&mut x));
            // With no primary item DLX3 counts one node, we count two for X.
            let nodes = if problem.primary() == 0 { 1 } else { x.stats().nodes };
            prop_assert_eq!(m.stats().nodes, nodes);
        }

        /// The list of active items walks the same tree as the scan.
        #[test]
        fn listing_active_items_walks_the_same_tree(problem in bounded_problems()) {
            let mut scan = Solver::new(&problem);
            let mut list = Links::<Listed>::new(&problem);
            prop_assert_eq!(in_search_order(&mut list), in_search_order(&mut scan));
            prop_assert_eq!(list.stats(), scan.stats());
            prop_assert_eq!(list.check_invariants(), Ok(()));
        }

        /// Progress reports estimate a fraction, and branching in order
        /// finds the same solutions.
        #[test]
        fn progress_and_branching_in_order(problem in bounded_problems()) {
            let mut reports = Vec::new();
            let _ = Solver::new(&problem).search_with_progress(
                |_| ControlFlow::<()>::Continue(()), 1, |p| reports.push(*p));
            for p in &reports {
                prop_assert!(p.explored > 0.0 && p.explored < 1.0, "{:?}", p);
            }
            let mut problem = problem;
            problem.set_branching(Branching::InOrder);
            let mut solver = Solver::new(&problem);
            prop_assert_eq!(sorted(in_search_order(&mut solver)), brute_force(&problem));
        }
    }

    #[test]
    fn counts_as_dlx3_on_its_example() {
        // dlx3.w's example; DLX3 reports 1 solution, 6 nodes, 14 updates
        // and 7 cleansings on it, and ends the solution with a null move.
        let text = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
        let instance = text::parse(text.as_bytes().to_vec()).unwrap();
        let mut solver = Solver::new(&instance.problem);
        let solution = solver.first().unwrap();
        let lines: Vec<String> = solution.iter().map(|&k| instance.option_text(k)).collect();
        assert_eq!(lines, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
        assert_eq!(solver.count(), 1);
        let stats = solver.stats();
        assert_eq!((stats.nodes, stats.updates, stats.cleansings), (6, 14, 7));
    }

    #[test]
    fn bounds_without_lower_limit_allow_the_empty_solution() {
        let mut problem = Problem::new(2, 0);
        problem.set_bounds(0, 0, 1).unwrap();
        problem.set_bounds(1, 0, 2).unwrap();
        problem.add_option(&[0, 1]).unwrap();
        problem.add_option(&[1]).unwrap();
        // {}, {0}, {1}, {0, 1}: item 1 at most twice.
        assert_eq!(
            sorted(in_search_order(&mut Solver::new(&problem))),
            [vec![], vec![0], vec![0, 1], vec![1]]
        );
    }
}
