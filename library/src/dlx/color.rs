//! Exact cover with colors: Knuth's Algorithm C as DLX2 runs it (TAOCP
//! 7.2.2.1, `dlx2.w`), walking exactly DLX2's tree.
//!
//! ```
//! use library::dlx::{color, Problem, Search};
//!
//! // dlx2.w's example: items A, B, C primary, X and Y secondary; the
//! // options agree on the colors they give X and Y, or conflict.
//! let (a, b, c, x, y) = (0, 1, 2, 3, 4);
//! let mut problem = Problem::new(3, 2);
//! problem.add_colored_option(&[(a, 0), (b, 0), (x, 1), (y, 1)])?;
//! problem.add_colored_option(&[(a, 0), (c, 0), (x, 2), (y, 2)])?;
//! problem.add_colored_option(&[(b, 0), (x, 2)])?;
//! problem.add_colored_option(&[(c, 0), (y, 2)])?;
//! let mut solver = color::Solver::new(&problem);
//! assert_eq!(solver.first(), Some(vec![1, 2])); // A C X:2 Y:2 and B X:2
//! assert_eq!(solver.count(), 1);
//! # Ok::<(), library::dlx::Error>(())
//! ```
//!
//! The search is Algorithm X's ([`crate::dlx::Links`]), on the state of
//! [`crate::dlx::dance`]: when a chosen option names a secondary item with
//! a color, that item is purified instead of covered. It branches on the
//! same items (the fewest options, leftmost on ties, or as the problem's
//! [`Branching`] says) and tries the options in the same order as DLX2, so
//! it finds the same solutions in the same order; [`Stats`] counts nodes,
//! updates and cleansings as DLX2 counts them. On a problem without colors
//! that is DLX1's tree and counts: [`crate::dlx::Solver`] searches those a
//! little faster, and submissions that need no colors carry none of this.

use std::cell::Cell;
use std::ops::ControlFlow;

use crate::dlx::dance::{naming, Dance};
use crate::dlx::search::{counted, counter};
use crate::dlx::{Active, Branching, Choice, Problem, Progress, Search, Stats};

/// Algorithm C with DLX2's list of active primary items, which it scans
/// to choose and leaves at the first item without options. That beat a
/// scan of every primary item's length ([`Scan`](crate::dlx::Scan)),
/// Algorithm X's choice for puzzles: 10% less time on colors-dense-1,
/// 4-5% on colors-dense-2 and colors-random-2, the same on word squares.
/// Past [`crate::dlx::SCAN_LIMIT`] primary items,
/// `Links<`[`Listed`](crate::dlx::Listed)`>`.
pub type Solver = Links<Active>;

/// Dancing-links search with colors over one [`Problem`]; walks exactly
/// DLX2's tree (see the module docs). `C` finds the item to branch on, as
/// for [`crate::dlx::Links`].
///
/// # Panics
/// [`Search::new`] panics if the problem has bounds (Algorithm M,
/// [`crate::dlx::multi`], searches those).
#[derive(Clone, Debug)]
pub struct Links<C> {
    dance: Dance<C>,
    in_order: bool,
    /// Whether a solution's option is counted rather than committed (off
    /// only in the tests that check the counts).
    shortcut: bool,
    /// The items `commit_counts` has taken (kept to spare an allocation).
    taken: Vec<(i32, u32)>,
}

impl<C: Choice> Search for Links<C> {
    fn new(problem: &Problem) -> Links<C> {
        assert!(
            !problem.has_bounds(),
            "a problem with bounds needs dlx::multi::Solver"
        );
        Links {
            dance: Dance::new(problem),
            in_order: problem.branching == Branching::InOrder,
            shortcut: true,
            taken: Vec::new(),
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
        self.walk(visit, interval, |solver, choice| {
            report(&solver.progress(choice))
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
        self.tally(interval, |solver, choice, found| {
            report(&solver.progress(choice), found)
        })
    }
}

/// The walk's place: `choice[l]` is the option node tried at level `l`
/// for the levels up to `depth`, and `next_report` the node count at
/// which to report next, every `interval` nodes.
struct Level {
    choice: Vec<u32>,
    depth: usize,
    next_report: u64,
    interval: u64,
}

impl Level {
    /// The first level of a walk of at most `levels` levels.
    fn new(levels: usize, interval: u64) -> Level {
        Level {
            choice: vec![0; levels],
            depth: 0,
            next_report: interval,
            interval,
        }
    }
}

/// What a node of the walk leads to (see `Links::enter`).
enum Step<B> {
    /// A deeper level, branching on this item.
    Deeper(u32),
    /// The next option of the level.
    Next,
    /// The end of the search, as the visitor asked.
    Stop(B),
}

impl<C: Choice> Links<C> {
    /// The snapshot of a walk at the option nodes `choice`.
    fn progress(&self, choice: &[u32]) -> Progress {
        let position: Vec<(u32, u32)> = choice.iter().map(|&x| self.dance.position(x)).collect();
        Progress::new(self.dance.stats, &position)
    }

    /// Counts the solutions without naming their options; `report` gets
    /// what the walk reports and the solutions so far.
    fn tally<R>(&mut self, interval: u64, mut report: R) -> u64
    where
        R: FnMut(&Links<C>, &[u32], u64),
    {
        let found = Cell::new(0);
        let flow = self.walk(counter(&found), interval, |s, c| report(s, c, found.get()));
        counted(flow, &found)
    }

    /// Algorithm C (TAOCP 7.2.2.1), steps C1–C8, as DLX2 runs them: the
    /// steps of Algorithm X with `commit` and `uncommit` for the other
    /// items of an option. `visit` and `report` get the option nodes
    /// chosen, level by level.
    fn walk<B, F, R>(&mut self, mut visit: F, interval: u64, mut report: R) -> ControlFlow<B>
    where
        F: FnMut(&Links<C>, &[u32]) -> ControlFlow<B>,
        R: FnMut(&Links<C>, &[u32]),
    {
        // C1 [Initialize]: the level's option, `at.choice[at.depth]`, is
        // `cur`, written there once it is committed.
        self.dance.stats = Stats::default();
        let mut at = Level::new(self.dance.primary + 1, interval);
        self.dance.stats.nodes += 1;
        // C2 [Enter level], C3 [Choose i].
        let mut best = match self.choose() {
            Some(best) => best,
            None => {
                self.dance.stats.nodes += 1;
                return visit(self, &[]);
            }
        };
        // C4 [Cover i].
        self.dance.cover(best);
        let mut cur = self.dance.node(best).down;
        loop {
            if cur != best {
                // C5 [Try x_l]: commit the other items of option `cur`.
                self.commit_others(cur);
                at.choice[at.depth] = cur;
                match self.enter(&mut at, &mut visit, &mut report) {
                    Step::Deeper(next) => {
                        // C2 again, one level deeper: C3, C4.
                        at.depth += 1;
                        best = next;
                        self.dance.cover(best);
                        cur = self.dance.node(best).down;
                        continue;
                    }
                    Step::Next => {}
                    Step::Stop(value) => {
                        self.unwind(&at.choice[..=at.depth]);
                        return ControlFlow::Break(value);
                    }
                }
            } else {
                // C7 [Backtrack]: every option of `best` has been tried.
                self.dance.uncover(best);
                if at.depth == 0 {
                    return ControlFlow::Continue(());
                }
                at.depth -= 1;
                cur = at.choice[at.depth];
                best = self.dance.node(cur).top as u32;
            }
            // C6 [Try again]: undo option `cur` and move to the next one.
            self.uncommit_others(cur);
            cur = self.dance.node(cur).down;
        }
    }

    /// The node of the option just committed at level `at.depth`: counted
    /// and reported, then C2 and C3 again. A primary item left means a
    /// deeper level, none a solution; when it is the last one, each of its
    /// options is a solution and nothing looks at what they would move
    /// before it is undone, but the counts: so they are counted, not
    /// danced (`last_level`).
    #[inline]
    fn enter<B, F, R>(&mut self, at: &mut Level, visit: &mut F, report: &mut R) -> Step<B>
    where
        F: FnMut(&Links<C>, &[u32]) -> ControlFlow<B>,
        R: FnMut(&Links<C>, &[u32]),
    {
        self.dance.stats.nodes += 1;
        let depth = at.depth;
        if self.dance.stats.nodes >= at.next_report {
            at.next_report = at.next_report.saturating_add(at.interval);
            report(self, &at.choice[..=depth]);
        }
        let flow = match self.choose() {
            Some(next) if self.shortcut && self.dance.active == 1 => {
                self.last_level(next, at, visit, report)
            }
            Some(next) => return Step::Deeper(next),
            None => visit(self, &at.choice[..=depth]),
        };
        match flow {
            ControlFlow::Continue(()) => Step::Next,
            ControlFlow::Break(value) => Step::Stop(value),
        }
    }

    /// C3: the item to branch on, as Algorithm X chooses (see
    /// [`crate::dlx::Links`]); `None` if every primary item is covered.
    fn choose(&self) -> Option<u32> {
        let dance = &self.dance;
        let best = dance.choice.fewest(&dance.len)?;
        if self.in_order && dance.len[best as usize] > 1 {
            return dance.choice.leftmost(&dance.len);
        }
        Some(best)
    }

    /// Covers or purifies the items of `x`'s option other than `x`'s own,
    /// left to right starting after `x` and wrapping around: an item
    /// without a color is covered, one with a color purified unless an
    /// earlier choice purified it already (DLX2's cleansed node).
    fn commit_others(&mut self, x: u32) {
        let dance = &mut self.dance;
        let mut p = dance.right(x);
        while p != x {
            let node = *dance.node(p);
            if node.color == 0 {
                dance.cover(node.top as u32);
            } else if !dance.is_purified(node.top as u32) {
                dance.purify(p);
            }
            p = dance.right(p);
        }
    }

    /// Steps C2-C7 on `best`, the last active primary item, one level
    /// below `at.depth`: the updates that covering it would count, then
    /// for each of its options a node, a solution and the counts of
    /// committing it.
    fn last_level<B, F, R>(
        &mut self,
        best: u32,
        at: &mut Level,
        visit: &mut F,
        report: &mut R,
    ) -> ControlFlow<B>
    where
        F: FnMut(&Links<C>, &[u32]) -> ControlFlow<B>,
        R: FnMut(&Links<C>, &[u32]),
    {
        let depth = at.depth + 1;
        self.dance.stats.updates += 1 + self.cover_counts(best);
        let mut x = self.dance.node(best).down;
        while x != best {
            let (updates, cleansings) = self.commit_counts(x, best);
            let stats = &mut self.dance.stats;
            stats.updates += updates;
            stats.cleansings += cleansings;
            stats.nodes += 1;
            at.choice[depth] = x;
            if stats.nodes >= at.next_report {
                at.next_report = at.next_report.saturating_add(at.interval);
                report(self, &at.choice[..=depth]);
            }
            if let ControlFlow::Break(value) = visit(self, &at.choice[..=depth]) {
                return ControlFlow::Break(value);
            }
            x = self.dance.node(x).down;
        }
        ControlFlow::Continue(())
    }

    /// The nodes that covering item `c` would hide: those of its options'
    /// other items, but the cleansed ones.
    fn cover_counts(&self, c: u32) -> u64 {
        let dance = &self.dance;
        let mut hidden = 0;
        let mut rr = dance.node(c).down;
        while rr != c {
            let mut nn = dance.right(rr);
            while nn != rr {
                let node = dance.node(nn);
                hidden += u64::from(!dance.is_purified(node.top as u32));
                nn = dance.right(nn);
            }
            rr = dance.node(rr).down;
        }
        hidden
    }

    /// The updates and cleansings that `commit_others(x)` would count once
    /// item `best` is covered, found without moving a link. The items of
    /// `x`'s option are taken
    /// in the same order; each one's list is the list now, less the options
    /// that an item taken before would have hidden: those naming it
    /// uncolored, or naming it with another color than it was purified
    /// for. A node counts as hidden when its item is neither inactive now
    /// nor taken before (its length would carry `COVERED`).
    fn commit_counts(&mut self, x: u32, best: u32) -> (u64, u64) {
        // The items taken so far, and the color each was purified for (0:
        // covered).
        let mut taken = std::mem::take(&mut self.taken);
        taken.clear();
        taken.push((best as i32, 0));
        let dance = &self.dance;
        let (mut updates, mut cleansings) = (0, 0);
        let mut p = dance.right(x);
        while p != x {
            let node = *dance.node(p);
            let color = node.color;
            if color == 0 || !dance.is_purified(node.top as u32) {
                match color {
                    0 => updates += 1,
                    _ => cleansings += 1,
                }
                let i = node.top as u32;
                let mut rr = dance.node(i).down;
                while rr != i {
                    if color != 0 && dance.color_of(rr) == color {
                        // Cleansed, unless hidden already.
                        cleansings += u64::from(self.live_others(rr, &taken).is_some());
                    } else if let Some(live) = self.live_others(rr, &taken) {
                        updates += live;
                    }
                    rr = dance.node(rr).down;
                }
                taken.push((node.top, color));
            }
            p = dance.right(p);
        }
        self.taken = taken;
        (updates, cleansings)
    }

    /// How many nodes of `rr`'s option other than `rr` hiding it would
    /// unlink, or `None` if an item of `taken` would have hidden it already
    /// (see `commit_counts`).
    #[inline]
    fn live_others(&self, rr: u32, taken: &[(i32, u32)]) -> Option<u64> {
        let dance = &self.dance;
        let mut live = 0;
        let mut nn = dance.right(rr);
        while nn != rr {
            let node = dance.node(nn);
            match taken.iter().find(|&&(item, _)| item == node.top) {
                Some(&(_, color)) if color == 0 || node.color != color => return None,
                Some(_) => {}
                None => live += u64::from(!dance.is_purified(node.top as u32)),
            }
            nn = dance.right(nn);
        }
        Some(live)
    }

    /// Undoes `commit_others(x)`, right to left.
    fn uncommit_others(&mut self, x: u32) {
        let dance = &mut self.dance;
        let mut p = dance.left(x);
        while p != x {
            let top = dance.node(p).top as u32;
            if dance.color_of(p) == 0 {
                dance.uncover(top);
            } else if dance.purified_by(p) {
                dance.unpurify(p);
            }
            p = dance.left(p);
        }
    }

    /// Restores the links after a search stopped with every option in
    /// `choice` taken.
    fn unwind(&mut self, choice: &[u32]) {
        for &x in choice.iter().rev() {
            self.uncommit_others(x);
            let top = self.dance.node(x).top as u32;
            self.dance.uncover(top);
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
    use crate::dlx::oracle::{brute_force, colored_problems, in_search_order, problems, sorted};
    use crate::dlx::{text, Listed};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn finds_exactly_the_brute_force_solutions(problem in colored_problems()) {
            let mut solver = Solver::new(&problem);
            prop_assert_eq!(sorted(in_search_order(&mut solver)), brute_force(&problem));
            prop_assert_eq!(solver.check_invariants(), Ok(()));
            // Stopping early restores the links too.
            let first = solver.first();
            prop_assert_eq!(first.is_some(), !brute_force(&problem).is_empty());
            prop_assert_eq!(solver.check_invariants(), Ok(()));
        }

        /// Without colors, Algorithm C is Algorithm X: the same tree, node
        /// for node and update for update.
        #[test]
        fn without_colors_it_walks_algorithm_xs_tree(problem in problems()) {
            let mut x = crate::dlx::Solver::new(&problem);
            let mut c = Solver::new(&problem);
            prop_assert_eq!(in_search_order(&mut c), in_search_order(&mut x));
            prop_assert_eq!(c.stats(), x.stats());
        }

        /// The list of active items walks the same tree as the scan.
        #[test]
        fn listing_active_items_walks_the_same_tree(problem in colored_problems()) {
            let mut scan = Solver::new(&problem);
            let mut list = Links::<Listed>::new(&problem);
            prop_assert_eq!(in_search_order(&mut list), in_search_order(&mut scan));
            prop_assert_eq!(list.stats(), scan.stats());
            prop_assert_eq!(list.check_invariants(), Ok(()));
        }

        /// Purifying for the color of an option, and then covering or
        /// purifying its other items, keeps the invariants, and undoing
        /// restores the state exactly.
        #[test]
        fn committing_an_option_is_undone_exactly(problem in colored_problems(), pick in 0usize..64) {
            prop_assume!(problem.options() > 0);
            let mut solver = Solver::new(&problem);
            let before = format!("{:?}", (&solver.dance.len, &solver.dance.nodes));
            let headers = problem.primary() + problem.secondary() + 1;
            let option_nodes: Vec<u32> = (headers..solver.dance.nodes.len())
                .filter(|&x| solver.dance.nodes[x].top > 0)
                .map(|x| x as u32)
                .collect();
            let x = option_nodes[pick % option_nodes.len()];
            let top = solver.dance.node(x).top as u32;
            solver.dance.cover(top);
            solver.commit_others(x);
            prop_assert_eq!(solver.check_invariants(), Ok(()));
            solver.uncommit_others(x);
            solver.dance.uncover(top);
            let dance = &solver.dance;
            prop_assert_eq!(format!("{:?}", (&dance.len, &dance.nodes)), before);
        }

        /// Counting the last level rather than dancing it finds the same
        /// solutions in the same order, with the same counts.
        #[test]
        fn the_last_level_counted_is_the_last_level_danced(problem in colored_problems()) {
            let mut counted = Solver::new(&problem);
            let mut danced = Solver::new(&problem);
            danced.shortcut = false;
            prop_assert_eq!(in_search_order(&mut counted), in_search_order(&mut danced));
            prop_assert_eq!(counted.stats(), danced.stats());
            let mut problem = problem;
            problem.set_branching(Branching::InOrder);
            let mut counted = Solver::new(&problem);
            let mut danced = Solver::new(&problem);
            danced.shortcut = false;
            prop_assert_eq!(in_search_order(&mut counted), in_search_order(&mut danced));
            prop_assert_eq!(counted.stats(), danced.stats());
        }

        /// Branching in order sorts the solutions, as for Algorithm X.
        #[test]
        fn branching_in_order_sorts_the_solutions(problem in colored_problems()) {
            let mut problem = problem;
            problem.set_branching(Branching::InOrder);
            let key = |solution: &[usize]| {
                let mut by_item: Vec<(usize, usize)> = solution
                    .iter()
                    .map(|&k| (problem.option(k).min().unwrap(), k))
                    .collect();
                by_item.sort_unstable();
                by_item.into_iter().map(|(_, k)| k).collect::<Vec<_>>()
            };
            let found = in_search_order(&mut Solver::new(&problem));
            let keys: Vec<Vec<usize>> = found.iter().map(|s| key(s)).collect();
            let mut sorted_keys = keys.clone();
            sorted_keys.sort();
            prop_assert_eq!(&keys, &sorted_keys);
            prop_assert_eq!(found.len(), brute_force(&problem).len());
        }
    }

    #[test]
    fn counts_as_dlx2_on_its_example() {
        // dlx2.w's example; DLX2 reports 1 solution, 4 nodes, 14 updates
        // and 5 cleansings on it.
        let text = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
        let instance = text::parse(text.as_bytes().to_vec()).unwrap();
        let mut solver = Solver::new(&instance.problem);
        let solution = solver.first().unwrap();
        let lines: Vec<String> = solution.iter().map(|&k| instance.option_text(k)).collect();
        assert_eq!(lines, ["A C X:1 Y:1", "B X:1"]);
        assert_eq!(solver.count(), 1);
        let stats = solver.stats();
        assert_eq!((stats.nodes, stats.updates, stats.cleansings), (4, 14, 5));
    }

    #[test]
    #[should_panic(expected = "bounds needs dlx::multi")]
    fn bounds_are_algorithm_ms() {
        let mut problem = Problem::new(1, 0);
        problem.set_bounds(0, 0, 2).unwrap();
        Solver::new(&problem);
    }

    #[test]
    fn no_primary_items_has_one_empty_solution() {
        let mut problem = Problem::new(0, 1);
        problem.add_colored_option(&[(0, 3)]).unwrap();
        assert_eq!(Solver::new(&problem).first(), Some(vec![]));
    }
}
