//! Dancing cells with multiplicities: Knuth's SSMCC (after Filip Stappers'
//! extension of SSXCC), walking exactly its tree.
//!
//! ```
//! use library::dlx::{cells, Problem, Search};
//!
//! // Two dominoes and a square on a 1 × 4 strip, as in `dlx::multi`.
//! let mut problem = Problem::new(5, 0);
//! let domino = 4;
//! problem.set_bounds(domino, 1, 2)?;
//! for cell in 0..3 {
//!     problem.add_option(&[domino, cell, cell + 1])?;
//! }
//! for cell in 0..4 {
//!     problem.add_option(&[cell])?;
//! }
//! assert_eq!(cells::multi::Solver::new(&problem).count(), 4);
//! # Ok::<(), library::dlx::Error>(())
//! ```
//!
//! SSMCC branches two ways rather than one way per option: at each node it
//! takes an active primary item and the first option in its set, and
//! either *includes* that option (a new *stage* of the partial solution)
//! or *removes* it from the problem and chooses again. The item is the
//! one of least branching degree `size + min(slack, bound) - bound + 1`
//! (as DLX3's: `bound` how many more options may cover it, `slack` its
//! `hi - lo`), then of least `min(slack, bound)`, then of most options,
//! then the leftmost; an item whose degree is 1 must take all its options
//! and is taken first, once for each option it still needs (forced moves,
//! which have no second branch). Including an option lowers the bound of
//! its primary items, covers those whose bound reaches 0 and purifies or
//! covers its secondary items; an item whose last option goes while it
//! may stay short becomes inactive.
//!
//! The sets, the items and their moves are those of [`crate::dlx::cells`];
//! a level that branches saves the sizes and the bounds. [`Stats`] counts
//! as SSMCC: a node per level entered (the root, each branch, each
//! solution), an update per option taken out of a set.

use std::ops::ControlFlow;

use crate::dlx::cells::arena::{Arena, Span, COLORED};
use crate::dlx::cells::{Hooks, DENSE_LIMIT};
use crate::dlx::search::counted;
use crate::dlx::{Branching, Problem, Progress, Search, Stats};

/// SSMCC's search over one [`Problem`] with bounds, colors, both or
/// neither; see the module docs.
///
/// # Panics
/// [`Search::new`] panics if the problem asks to branch in order.
#[derive(Clone, Debug)]
pub struct Solver {
    arena: Arena,
    /// `bound[i]`: how many more options may cover primary item `i`.
    bound: Vec<u32>,
    /// `slack[i]`: `hi - lo` of primary item `i`.
    slack: Vec<u32>,
    /// `lo` of each primary item, for the items that cannot be covered.
    lo: Vec<u32>,
    /// Knuth's stack of forced items (an item once per option it needs).
    force: Vec<u32>,
    /// What the stages that branch saved: all sizes, the bounds and
    /// `active`; or (`!dense`) triples of active item, size and bound.
    words: Vec<u32>,
    dense: bool,
    stats: Stats,
}

/// What the walk keeps per level and per stage.
struct Path {
    /// The option node each level includes or removes, and its degree.
    choice: Vec<u32>,
    deg: Vec<u32>,
    /// The latest level of each stage, and the stage of each level.
    levelstage: Vec<usize>,
    stagelevel: Vec<usize>,
    /// Where each stage's save starts in `words`.
    saved: Vec<usize>,
}

impl Path {
    /// Room for the levels and stages of a walk on `nodes` nodes: a level
    /// includes or removes an option, and a path does each at most once
    /// to each option.
    fn new(nodes: usize) -> Path {
        let depth = nodes + 2;
        Path {
            choice: vec![0; depth],
            deg: vec![0; depth],
            levelstage: vec![0; depth],
            stagelevel: vec![0; depth],
            saved: vec![0; depth],
        }
    }

    /// The level after `level`, the latest of stage `stage`.
    fn deeper(&mut self, level: &mut usize, stage: usize) {
        *level += 1;
        self.stagelevel[*level] = stage;
        self.levelstage[stage] = *level;
    }
}

impl Search for Solver {
    fn new(problem: &Problem) -> Solver {
        assert!(
            problem.branching == Branching::Fewest,
            "dancing cells branch on the fewest options only"
        );
        let arena = Arena::new(problem, false);
        let primary = problem.primary;
        let (mut bound, mut slack, mut lo) = (Vec::new(), Vec::new(), Vec::new());
        for i in 0..primary {
            let (l, h) = problem.bounds(i);
            bound.push(h);
            slack.push(h - l);
            lo.push(l);
        }
        Solver {
            dense: arena.items() <= DENSE_LIMIT,
            arena,
            bound,
            slack,
            lo,
            force: Vec::new(),
            words: Vec::new(),
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
        self.walk(visit, interval, |solver, path, level| {
            report(&solver.progress(path, level))
        })
    }

    fn search<B, F>(&mut self, visit: F) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>,
    {
        self.walk(naming(visit), u64::MAX, |_, _, _| {})
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    /// Counts without naming the options of each solution.
    fn count(&mut self) -> u64 {
        self.count_with_progress(u64::MAX, |_, _| {})
    }

    fn count_with_progress<R: FnMut(&Progress, u64)>(
        &mut self,
        interval: u64,
        mut report: R,
    ) -> u64 {
        let found = std::cell::Cell::new(0);
        let visit = |_: &Solver, _: &Path, _: usize| {
            found.set(found.get() + 1);
            ControlFlow::Continue(())
        };
        let flow = self.walk(visit, interval, |s, path, level| {
            report(&s.progress(path, level), found.get())
        });
        counted(flow, &found)
    }
}

impl Solver {
    /// The state before a search: the sets as in the problem, the bounds
    /// full, and the items without options made inactive, in order (as
    /// SSMCC does after reading); `false` if a primary item has fewer
    /// options than it needs (no search then).
    fn reset(&mut self) -> bool {
        self.arena.reset();
        self.force.clear();
        self.words.clear();
        self.stats = Stats::default();
        let primary = self.arena.primary as usize;
        for i in 0..primary {
            self.bound[i] = self.slack[i] + self.lo[i];
            if self.arena.size[i] < self.lo[i] {
                return false;
            }
        }
        for i in 0..self.arena.items() as u32 {
            if self.arena.size(i) == 0 {
                self.arena.deactivate(i);
            }
        }
        true
    }

    /// SSMCC's search: its labels `forward` and `advance` (include the
    /// first option of the item chosen), then `tryagain`, `purge`,
    /// `prebackup` and `backup` ([`Solver::retreat`]), as loops rather
    /// than a state to dispatch on, so that each jump is its own. `visit`
    /// gets the path and the stage at every solution (the options
    /// included are those of `levelstage[..stage]`), `report` the path and
    /// the level every `interval` nodes.
    fn walk<B, F, R>(&mut self, visit: F, interval: u64, report: R) -> ControlFlow<B>
    where
        F: FnMut(&Solver, &Path, usize) -> ControlFlow<B>,
        R: FnMut(&Solver, &Path, usize),
    {
        if !self.reset() {
            return ControlFlow::Continue(());
        }
        let mut path = Path::new(self.arena.nodes().len());
        let mut hooks = Hooks::new(visit, report, interval);
        let (mut level, mut stage) = (0, 0);
        loop {
            let up = match self.forward(&mut path, (level, stage), &mut hooks)? {
                None => true,
                Some((best, score)) => {
                    let x = self.arena.option(best, 0);
                    (path.choice[level], path.deg[level]) = (x, score);
                    if self.include(x) {
                        stage += 1;
                        path.deeper(&mut level, stage);
                        continue;
                    }
                    false
                }
            };
            if !self.retreat(&mut path, (&mut level, &mut stage), up) {
                return ControlFlow::Continue(());
            }
        }
    }

    /// From an option that could not be included (`tryagain`), or from
    /// a node done (`backup`, when `up`): removes the option the latest
    /// stage included, where its item can spare it, and goes deeper
    /// (`true`); `false` when no stage is left, the search done.
    #[inline(always)]
    fn retreat(&mut self, path: &mut Path, at: (&mut usize, &mut usize), mut up: bool) -> bool {
        let (level, stage) = at;
        loop {
            if up {
                if *stage == 0 {
                    return false;
                }
                *stage -= 1;
                *level = path.levelstage[*stage];
            }
            if path.deg[*level] != 1 {
                self.restore(path.saved[*stage]);
                if self.remove_choice(path.choice[*level]) {
                    path.deeper(level, *stage);
                    return true;
                }
            }
            self.words.truncate(path.saved[*stage]);
            up = true;
        }
    }

    /// SSMCC's `forward` label at `(level, stage)`: counts and reports the
    /// node, then visits a solution (`None`: back up) or gives the item to
    /// include an option of and its score, its save begun.
    #[inline]
    fn forward<B, F, R>(
        &mut self,
        path: &mut Path,
        (level, stage): (usize, usize),
        hooks: &mut Hooks<F, R>,
    ) -> ControlFlow<B, Option<(u32, u32)>>
    where
        F: FnMut(&Solver, &Path, usize) -> ControlFlow<B>,
        R: FnMut(&Solver, &Path, usize),
    {
        self.stats.nodes += 1;
        if hooks.due(self.stats.nodes) {
            (hooks.report)(self, path, level);
        }
        let chosen = match self.pop_forced() {
            Some(i) => (i, 1),
            None => match self.choose() {
                Choice::Solution => {
                    (hooks.visit)(self, path, stage)?;
                    return ControlFlow::Continue(None);
                }
                Choice::Forced(i) => (i, 1),
                Choice::Branch(i, t) => {
                    path.saved[stage] = self.words.len();
                    self.save();
                    return ControlFlow::Continue(Some((i, t)));
                }
            },
        };
        path.saved[stage] = self.words.len();
        ControlFlow::Continue(Some(chosen))
    }

    /// The last item found forced that is still active.
    fn pop_forced(&mut self) -> Option<u32> {
        while let Some(i) = self.force.pop() {
            if self.arena.is_active(i) {
                return Some(i);
            }
        }
        None
    }

    /// SSMCC's choice among the active primary items, in the order of the
    /// active items (see the module docs): every item of degree 1 goes on
    /// the force stack once for each option it still needs, and then the
    /// last is taken.
    fn choose(&mut self) -> Choice {
        let arena = &self.arena;
        let (mut best, mut score) = (0, u32::MAX);
        let (mut best_s, mut best_l) = (0, 0);
        for &i in &arena.item[..arena.active as usize] {
            if i >= arena.primary {
                continue;
            }
            let (bound, slack) = (self.bound[i as usize], self.slack[i as usize]);
            let size = arena.size(i);
            let s = slack.min(bound);
            // `size >= bound - slack` holds for an active item: a degree
            // of at least 1.
            debug_assert!(size + s + 1 > bound);
            let t = (size + s + 1).saturating_sub(bound);
            if t == 1 {
                for _ in 0..bound.saturating_sub(slack) {
                    self.force.push(i);
                }
            } else if t < score
                || (t == score
                    && (s < best_s
                        || (s == best_s && (size > best_l || (size == best_l && i < best)))))
            {
                (best, score, best_s, best_l) = (i, t, s, size);
            }
        }
        if let Some(i) = self.force.pop() {
            Choice::Forced(i)
        } else if score == u32::MAX {
            Choice::Solution
        } else {
            Choice::Branch(best, score)
        }
    }

    /// Includes the option of node `x`: each of its items in order loses
    /// one from its bound (primary), and is covered when none is left or
    /// purified (secondary); `false`, the work half done, if that would
    /// leave a primary item fewer options than it needs.
    fn include(&mut self, x: u32) -> bool {
        let Span { end, len } = self.arena.span(x);
        for y in end - len..end {
            let node = self.arena.node(y);
            let i = node.item & !COLORED;
            if !self.arena.is_active(i) {
                // A secondary item purified before.
                debug_assert!(i >= self.arena.primary);
                continue;
            }
            let primary = i < self.arena.primary;
            if primary {
                self.bound[i as usize] -= 1;
            }
            if !primary || self.bound[i as usize] == 0 {
                let color = match node.item & COLORED {
                    0 => 0,
                    _ => self.arena.color[y as usize],
                };
                if !self.cover(i, node.loc, color) {
                    return false;
                }
            } else if !self.shrink(y, i) {
                return false;
            }
        }
        true
    }

    /// Covers item `i` for the option at `at` in its set (purifies it for
    /// `color`): the other options, but those that agree on the color,
    /// leave every set, its own included, from its last to its first; then
    /// `i` becomes inactive.
    fn cover(&mut self, i: u32, at: u32, color: u32) -> bool {
        let base = self.arena.base(i);
        let mut p = base + self.arena.size(i);
        while p > base {
            p -= 1;
            // `at` may be stale once an option has left: it then lies
            // above `p`, and the loop never meets it again.
            if p == at {
                continue;
            }
            let x = self.arena.at(p);
            let agrees = color != 0 && self.arena.color[x as usize] == color;
            if !agrees && !self.remove(x) {
                return false;
            }
        }
        self.arena.deactivate(i);
        true
    }

    /// Takes the option of node `x` (in item `i`'s set) out of `i`'s set
    /// only, as including it lowers `i`'s bound without covering it;
    /// `false` if `i` would have fewer options than it needs.
    fn shrink(&mut self, x: u32, i: u32) -> bool {
        let s = self.arena.size(i) - 1;
        if s + self.slack[i as usize] < self.bound[i as usize] {
            self.force.clear();
            return false;
        }
        if s == 0 {
            self.arena.deactivate(i);
        } else {
            let at = self.arena.node(x).loc;
            self.arena.take_out(x, at, i, s);
            self.stats.updates += 1;
        }
        true
    }

    /// Takes the option of node `x` out of the sets of all its active
    /// items, first to last; `false`, the work half done, if a primary
    /// item would have fewer options than it needs (forced items then
    /// forgotten).
    fn remove(&mut self, x: u32) -> bool {
        let done = self.take(x);
        if !done {
            self.force.clear();
        }
        done
    }

    /// The second branch: the option of node `x` leaves the problem, as in
    /// `remove`.
    fn remove_choice(&mut self, x: u32) -> bool {
        self.take(x)
    }

    /// `remove` without forgetting the forced items.
    fn take(&mut self, x: u32) -> bool {
        let Span { end, len } = self.arena.span(x);
        for y in end - len..end {
            let node = self.arena.node(y);
            let i = node.item & !COLORED;
            let primary = i < self.arena.primary;
            if !primary && !self.arena.is_active(i) {
                continue;
            }
            let s = self.arena.size(i) - 1;
            if primary {
                if s + self.slack[i as usize] < self.bound[i as usize] {
                    return false;
                }
                if s == 0 {
                    self.arena.deactivate(i);
                }
            }
            if s > 0 {
                self.arena.take_out(y, node.loc, i, s);
                self.stats.updates += 1;
            }
        }
        true
    }

    /// Saves the sizes, the bounds and the active items, for this stage's
    /// second branch.
    fn save(&mut self) {
        let arena = &self.arena;
        if self.dense {
            self.words.extend_from_slice(&arena.size);
            self.words.extend_from_slice(&self.bound);
        } else {
            for &i in &arena.item[..arena.active as usize] {
                let bound = self.bound.get(i as usize).copied().unwrap_or(0);
                self.words.extend([i, arena.size(i), bound]);
            }
        }
        self.words.push(arena.active);
    }

    /// Writes back the save that starts at `at`, the last one, and
    /// forgets it.
    fn restore(&mut self, at: usize) {
        let words = &self.words[at..];
        let active = *words.last().expect("a save");
        debug_assert_eq!(
            words.len(),
            match self.dense {
                true => self.arena.items() + self.bound.len() + 1,
                false => 3 * active as usize + 1,
            }
        );
        if self.dense {
            let n = self.arena.items();
            self.arena.size.copy_from_slice(&words[..n]);
            let primary = self.bound.len();
            self.bound.copy_from_slice(&words[n..n + primary]);
        } else {
            for triple in words[..words.len() - 1].chunks_exact(3) {
                let i = triple[0] as usize;
                self.arena.size[i] = triple[1];
                if i < self.bound.len() {
                    self.bound[i] = triple[2];
                }
            }
        }
        self.arena.active = active;
        self.words.truncate(at);
    }

    /// Knuth's estimate of the fraction explored: each included option
    /// counts as the `k`-th of `deg + k - 1` choices, `k - 1` being the
    /// options removed before it at its stage.
    fn progress(&self, path: &Path, level: usize) -> Progress {
        let mut position = Vec::new();
        for l in 0..level {
            if path.levelstage[path.stagelevel[l]] != l {
                continue;
            }
            let (mut k, mut d) = (1, path.deg[l]);
            let mut ll = l;
            while ll > 0 && path.stagelevel[ll - 1] == path.stagelevel[l] {
                k += 1;
                d += 1;
                ll -= 1;
            }
            position.push((k, d.max(1)));
        }
        Progress::new(self.stats, &position)
    }

    /// Checks the invariants I1 and I2 of [`crate::dlx::cells`] (the
    /// sets' order and places); the first violation found.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.arena.check_sets()
    }
}

/// What the choice found.
enum Choice {
    Solution,
    Forced(u32),
    Branch(u32, u32),
}

/// Turns a visitor of option numbers into one of the path.
fn naming<B, F>(mut visit: F) -> impl FnMut(&Solver, &Path, usize) -> ControlFlow<B>
where
    F: FnMut(&[usize]) -> ControlFlow<B>,
{
    let mut solution = Vec::new();
    move |solver, path, stage| {
        solution.clear();
        let levels = path.levelstage[..stage].iter();
        solution.extend(levels.map(|&l| solver.arena.option_of(path.choice[l])));
        visit(&solution)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::oracle::{bounded_problems, brute_force, in_search_order, problems, sorted};
    use crate::dlx::text;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn finds_exactly_the_brute_force_solutions(problem in bounded_problems()) {
            let mut solver = Solver::new(&problem);
            let found = in_search_order(&mut solver);
            prop_assert_eq!(sorted(found.clone()), brute_force(&problem));
            prop_assert_eq!(solver.check_invariants(), Ok(()));
            // Stopping early, then searching again: the same tree.
            let stats = solver.stats();
            prop_assert_eq!(solver.first(), found.first().cloned());
            prop_assert_eq!(in_search_order(&mut solver), found);
            prop_assert_eq!(solver.stats(), stats);
        }

        #[test]
        fn finds_exactly_the_brute_force_solutions_without_bounds(problem in problems()) {
            let mut solver = Solver::new(&problem);
            prop_assert_eq!(sorted(in_search_order(&mut solver)), brute_force(&problem));
        }

        /// Saving triples (past `DENSE_LIMIT` items) walks the same tree
        /// as saving every size and bound.
        #[test]
        fn saving_triples_walks_the_same_tree(problem in bounded_problems()) {
            let mut dense = Solver::new(&problem);
            let mut triples = Solver::new(&problem);
            triples.dense = false;
            prop_assert_eq!(in_search_order(&mut triples), in_search_order(&mut dense));
            prop_assert_eq!(triples.stats(), dense.stats());
        }

        #[test]
        fn progress_estimates_a_fraction(problem in bounded_problems()) {
            let mut reports = Vec::new();
            let _ = Solver::new(&problem).search_with_progress(
                |_| ControlFlow::<()>::Continue(()), 1, |p| reports.push(*p));
            for p in &reports {
                prop_assert!(p.explored > 0.0 && p.explored < 1.0, "{:?}", p);
            }
        }
    }

    #[test]
    fn counts_as_ssmcc_on_dlx3s_example() {
        // SSMCC reports 1 solution, 5 nodes and 13 updates on it.
        let text = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
        let instance = text::parse(text.as_bytes().to_vec()).unwrap();
        let mut solver = Solver::new(&instance.problem);
        let solution = solver.first().unwrap();
        let lines: Vec<String> = solution.iter().map(|&k| instance.option_text(k)).collect();
        assert_eq!(lines, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
        assert_eq!(solver.count(), 1);
        assert_eq!((solver.stats().nodes, solver.stats().updates), (5, 13));
    }

    #[test]
    fn an_item_short_of_options_has_no_node() {
        let mut problem = Problem::new(1, 0);
        problem.set_bounds(0, 2, 3).unwrap();
        problem.add_option(&[0]).unwrap();
        let mut solver = Solver::new(&problem);
        assert_eq!(solver.count(), 0);
        assert_eq!(solver.stats().nodes, 0);
    }
}
