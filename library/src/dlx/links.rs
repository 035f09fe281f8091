//! Dancing links: Algorithm X on the node arena that the module docs of
//! [`crate::dlx`] describe, walking exactly DLX1's tree.

use std::cell::Cell;
use std::ops::ControlFlow;

use crate::dlx::arena::{arena, option_nodes, option_of, Node};
use crate::dlx::search::{counted, counter};
use crate::dlx::{Branching, Choice, Problem, Progress, Scan, Search, Stats, COVERED};

/// Past this many primary items, a choice that scans them all at every
/// node costs more than keeping the active ones in buckets by length: use
/// [`Links`]`<`[`Buckets`](crate::dlx::Buckets)`>`.
pub const SCAN_LIMIT: usize = 512;

/// Dancing links that scan the primary items to choose: the engine for
/// puzzles (at most a few hundred primary items).
pub type Solver = Links<Scan>;

/// Dancing-links search over one [`Problem`]; walks exactly DLX1's tree.
///
/// It searches the items and options of the problem only: colors and
/// bounds are for [`crate::dlx::color`] and [`crate::dlx::multi`] (the
/// `dlx` command picks the engine by what the problem uses). That is the
/// price of submissions that carry none of their code.
///
/// At every level it branches as the problem's [`Branching`] says (by
/// default on the active primary item with the fewest options, the
/// leftmost on ties) and tries that item's options in the order they were
/// added. `C` finds that item: [`Scan`] ([`Solver`]) or, past
/// [`SCAN_LIMIT`] primary items, [`Buckets`](crate::dlx::Buckets)
/// (or DLX1's list, [`Listed`](crate::dlx::Listed)). The search is
/// iterative, so deep problems cannot overflow the stack.
#[derive(Clone, Debug)]
pub struct Links<C> {
    /// The number of primary items.
    primary: usize,
    /// `len[i]` for internal item `i` (I1); `len[0]` is unused.
    len: Vec<i32>,
    nodes: Vec<Node>,
    choice: C,
    in_order: bool,
    stats: Stats,
}

impl<C: Choice> Search for Links<C> {
    fn new(problem: &Problem) -> Links<C> {
        Links::build(problem)
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
        self.walk(naming(visit), interval, |solver, choice| {
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

impl<C: Choice> Links<C> {
    /// Builds the links for `problem`.
    fn build(problem: &Problem) -> Links<C> {
        let (len, nodes) = arena(problem);
        Links {
            primary: problem.primary,
            choice: C::new(&len[..=problem.primary]),
            len,
            nodes,
            in_order: problem.branching == Branching::InOrder,
            stats: Stats::default(),
        }
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

    /// Knuth's Algorithm X (TAOCP 7.2.2.1), steps X1–X8, as DLX1 runs it.
    /// `visit` gets the option nodes chosen, level by level, so that
    /// counting need not name the options; `report` gets the same every
    /// `interval` nodes.
    fn walk<B, F, R>(&mut self, mut visit: F, interval: u64, mut report: R) -> ControlFlow<B>
    where
        F: FnMut(&Links<C>, &[u32]) -> ControlFlow<B>,
        R: FnMut(&Links<C>, &[u32]),
    {
        // X1 [Initialize]: the links are ready; choice[l] is the option
        // node tried at level l.
        self.stats = Stats::default();
        let mut next_report = interval;
        let mut choice: Vec<u32> = Vec::with_capacity(self.primary + 1);
        self.stats.nodes += 1;
        // X2 [Enter level], X3 [Choose i].
        let mut best = match self.choose() {
            Some(best) => best,
            None => {
                // No primary item: the empty set of options is the one solution.
                self.stats.nodes += 1;
                return visit(self, &[]);
            }
        };
        // X4 [Cover i].
        self.cover(best);
        let mut cur = self.nodes[best as usize].down;
        choice.push(cur);
        loop {
            if cur != best {
                // X5 [Try x_l]: cover the other items of option `cur`.
                self.cover_others(cur);
                self.stats.nodes += 1;
                if self.stats.nodes >= next_report {
                    next_report = next_report.saturating_add(interval);
                    report(self, &choice);
                }
                if let Some(next) = self.choose() {
                    // X2 again, one level deeper: X3, X4.
                    best = next;
                    self.cover(best);
                    cur = self.nodes[best as usize].down;
                    choice.push(cur);
                    continue;
                }
                // X2 found every primary item covered: a solution.
                if let ControlFlow::Break(value) = visit(self, &choice) {
                    self.unwind(&choice);
                    return ControlFlow::Break(value);
                }
            } else {
                // X7 [Backtrack]: every option of `best` has been tried.
                self.uncover(best);
                choice.pop();
                match choice.last() {
                    None => return ControlFlow::Continue(()),
                    Some(&x) => {
                        cur = x;
                        best = self.nodes[cur as usize].top as u32;
                    }
                }
            }
            // X6 [Try again]: undo option `cur` and move to the next one.
            self.uncover_others(cur);
            cur = self.nodes[cur as usize].down;
            *choice.last_mut().expect("a level is active") = cur;
        }
    }

    /// Where the search stands: Knuth's estimate of the fraction of the
    /// tree explored, from the position of each level's choice among its
    /// item's options.
    fn progress(&self, choice: &[u32]) -> Progress {
        let mut position = Vec::with_capacity(choice.len());
        for &x in choice {
            let head = self.nodes[x as usize].top as u32;
            let mut k = 1;
            let mut y = self.nodes[head as usize].down;
            while y != x && y != head {
                k += 1;
                y = self.nodes[y as usize].down;
            }
            position.push((k, (self.len[head as usize] & !COVERED).max(1) as u32));
        }
        Progress::new(self.stats, &position)
    }

    /// X3: the item to branch on; `None` if every primary item is covered.
    ///
    /// By default the active primary item with the fewest options, the
    /// leftmost on ties. Branching in order, that same item if it has at
    /// most one option (a dead end, or a forced choice that every solution
    /// below makes, so the order of the solutions stays), else the
    /// leftmost active primary item.
    fn choose(&self) -> Option<u32> {
        let best = self.choice.fewest(&self.len)?;
        if self.in_order && self.len[best as usize] > 1 {
            return self.choice.leftmost(&self.len);
        }
        Some(best)
    }

    /// Marks item `c` covered and hides every option that contains it from
    /// the lists of the option's other items.
    fn cover(&mut self, c: u32) {
        if c as usize <= self.primary {
            self.choice.cover(c, &self.len);
        }
        *self.len_mut(c) += COVERED;
        let mut hidden = 0;
        let mut rr = self.node(c).down;
        while rr != c {
            let mut nn = self.node(rr).right;
            while nn != rr {
                let Node {
                    top,
                    up,
                    down,
                    right,
                } = *self.node(nn);
                self.node_mut(up).down = down;
                self.node_mut(down).up = up;
                let len = self.len_mut(top as u32);
                *len -= 1;
                let now = *len;
                if top as usize <= self.primary {
                    self.choice.shrunk(top as u32, now);
                }
                hidden += 1;
                nn = right;
            }
            rr = self.node(rr).down;
        }
        self.stats.updates += 1 + hidden;
    }

    /// Undoes `cover(c)`: the options in reverse order. Within an option
    /// the order does not matter (each node is in another item's list), so
    /// the same right links serve.
    fn uncover(&mut self, c: u32) {
        let mut rr = self.node(c).up;
        while rr != c {
            let mut nn = self.node(rr).right;
            while nn != rr {
                let Node {
                    top,
                    up,
                    down,
                    right,
                } = *self.node(nn);
                self.node_mut(up).down = nn;
                self.node_mut(down).up = nn;
                let len = self.len_mut(top as u32);
                *len += 1;
                let now = *len;
                if top as usize <= self.primary {
                    self.choice.grew(top as u32, now);
                }
                nn = right;
            }
            rr = self.node(rr).up;
        }
        *self.len_mut(c) -= COVERED;
        if c as usize <= self.primary {
            self.choice.uncover(c, &self.len);
        }
    }

    /// Covers the items of `x`'s option other than `x`'s own, left to right
    /// starting after `x` and wrapping around.
    fn cover_others(&mut self, x: u32) {
        let mut p = self.node(x).right;
        while p != x {
            let Node { top, right, .. } = *self.node(p);
            self.cover(top as u32);
            p = right;
        }
    }

    /// Undoes `cover_others(x)` in reverse order.
    fn uncover_others(&mut self, x: u32) {
        let mut p = x - 1;
        while p != x {
            let Node { top, down, .. } = *self.node(p);
            if top <= 0 {
                p = down;
            } else {
                self.uncover(top as u32);
                p -= 1;
            }
        }
    }

    // The three accessors below skip bounds checks: they are the inner
    // loops of the search. I0 makes that sound: every link the structure
    // holds indexes its own array, because `new` creates them so and the
    // search only ever copies one existing link into another field.

    #[inline(always)]
    fn node(&self, x: u32) -> &Node {
        debug_assert!((x as usize) < self.nodes.len());
        // SAFETY: `x` is a link or a neighbour of one (I0), so in bounds.
        unsafe { self.nodes.get_unchecked(x as usize) }
    }

    #[inline(always)]
    fn node_mut(&mut self, x: u32) -> &mut Node {
        debug_assert!((x as usize) < self.nodes.len());
        // SAFETY: as in `node`.
        unsafe { self.nodes.get_unchecked_mut(x as usize) }
    }

    #[inline(always)]
    fn len_mut(&mut self, i: u32) -> &mut i32 {
        debug_assert!((i as usize) < self.len.len());
        // SAFETY: `i` is a node's `top` > 0, an item (I0).
        unsafe { self.len.get_unchecked_mut(i as usize) }
    }

    /// Restores the links after a search stopped with every option in
    /// `choice` taken.
    fn unwind(&mut self, choice: &[u32]) {
        for &x in choice.iter().rev() {
            self.uncover_others(x);
            self.uncover(self.nodes[x as usize].top as u32);
        }
    }

    /// The number of the option that node `x` belongs to.
    fn option_of(&self, x: u32) -> usize {
        option_of(&self.nodes, x)
    }

    /// Checks invariants I1, I2, I4 and I5 of the module docs and the right
    /// links (Knuth's `sanity()`); returns the first violation found.
    pub fn check_invariants(&self) -> Result<(), String> {
        let n = self.len.len() - 1;
        let active: Vec<bool> = self.len.iter().map(|&len| len & COVERED == 0).collect();
        // `right` goes round each option once, in order.
        for x in (n + 1..self.nodes.len()).filter(|&x| self.nodes[x].top > 0) {
            let nodes: Vec<u32> = self.option_nodes(x as u32).collect();
            let at = nodes.iter().position(|&y| y as usize == x).unwrap_or(0);
            let next = nodes[(at + 1) % nodes.len()];
            if self.nodes[x].right != next {
                return Err(format!(
                    "node {x}: right is {}, not {next}",
                    self.nodes[x].right
                ));
            }
        }
        self.choice.check(&self.len)?;
        for i in 1..=n {
            self.check_item(i, &active)?;
        }
        Ok(())
    }

    /// I1, I2 and I4 for item `i`.
    fn check_item(&self, i: usize, active: &[bool]) -> Result<(), String> {
        let mut len = 0;
        let mut x = i as u32;
        loop {
            let down = self.nodes[x as usize].down;
            if self.nodes[down as usize].up != x {
                return Err(format!("item {i}: up(down({x})) != {x}"));
            }
            x = down;
            if x as usize == i {
                break;
            }
            if self.nodes[x as usize].top as usize != i {
                return Err(format!("node {x} in list {i} belongs elsewhere"));
            }
            len += 1;
            if len > self.nodes.len() {
                return Err(format!("item {i}: list is not a ring"));
            }
        }
        if self.len[i] & !COVERED != len as i32 {
            return Err(format!(
                "item {i}: length {} but {len} nodes",
                self.len[i] & !COVERED
            ));
        }
        if !active[i] {
            return Ok(());
        }
        // I4 for an active item: each of its options is linked here iff
        // none of the option's other items is covered.
        let n = self.len.len() - 1;
        let mut linked = vec![false; self.nodes.len()];
        let mut x = self.nodes[i].down;
        while x as usize != i {
            linked[x as usize] = true;
            x = self.nodes[x as usize].down;
        }
        for (x, node) in self.nodes.iter().enumerate().skip(n + 1) {
            if node.top as usize != i {
                continue;
            }
            let compatible = self.option_nodes(x as u32).all(|y| {
                let item = self.nodes[y as usize].top as usize;
                item == i || active[item]
            });
            if compatible != linked[x] {
                return Err(format!(
                    "node {x} of item {i}: linked is {} but compatible is {compatible}",
                    linked[x]
                ));
            }
        }
        Ok(())
    }

    /// The nodes of the option that node `x` belongs to.
    fn option_nodes(&self, x: u32) -> impl Iterator<Item = u32> + '_ {
        option_nodes(&self.nodes, x)
    }
}

/// Turns a visitor of option numbers into one of the option nodes chosen.
fn naming<C: Choice, B, F>(mut visit: F) -> impl FnMut(&Links<C>, &[u32]) -> ControlFlow<B>
where
    F: FnMut(&[usize]) -> ControlFlow<B>,
{
    let mut solution = Vec::new();
    move |solver, choice| {
        solution.clear();
        solution.extend(choice.iter().map(|&x| solver.option_of(x)));
        visit(&solution)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::oracle::{brute_force, in_search_order, problems};
    use crate::dlx::{bitset, Buckets, Error, Listed};
    use proptest::prelude::*;

    /// Covering item `item` (and then the other items of its first
    /// option) and uncovering restores the state exactly (I3), keeping the
    /// invariants throughout.
    fn restores<C: Choice>(problem: &Problem, item: usize) -> Result<(), TestCaseError> {
        let mut solver = Links::<C>::new(problem);
        let before = solver.clone();
        let c = (item % (problem.primary() + problem.secondary())) as u32 + 1;
        solver.cover(c);
        prop_assert_eq!(solver.check_invariants(), Ok(()));
        let x = solver.nodes[c as usize].down;
        if x != c {
            solver.cover_others(x);
            prop_assert_eq!(solver.check_invariants(), Ok(()));
            solver.uncover_others(x);
        }
        solver.uncover(c);
        // Everything but the statistics, which count the covers.
        let state = |s: &Links<C>| format!("{:?}", (&s.len, &s.nodes, &s.choice));
        prop_assert_eq!(state(&solver), state(&before));
        Ok(())
    }

    fn all_solutions(solver: &mut Solver) -> Vec<Vec<usize>> {
        let mut solutions = Vec::new();
        solver.for_each(|s| {
            let mut s = s.to_vec();
            s.sort_unstable();
            solutions.push(s);
        });
        solutions.sort();
        solutions
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn finds_exactly_the_brute_force_solutions(problem in problems()) {
            let mut solver = Solver::new(&problem);
            prop_assert_eq!(all_solutions(&mut solver), brute_force(&problem));
            prop_assert!(solver.check_invariants().is_ok());
        }

        #[test]
        fn first_and_count_agree_with_search(problem in problems()) {
            let expected = brute_force(&problem);
            let mut solver = Solver::new(&problem);
            let first = solver.first();
            prop_assert_eq!(first.is_some(), !expected.is_empty());
            if let Some(mut first) = first {
                first.sort_unstable();
                prop_assert!(expected.contains(&first));
            }
            // Stopping early restored the links: a second search sees all.
            prop_assert_eq!(solver.count(), expected.len() as u64);
            prop_assert_eq!(solver.check_invariants(), Ok(()));
        }

        #[test]
        fn uncover_restores_cover(problem in problems(), item in 0usize..9) {
            // Both ways of choosing: the list of active items too (I5).
            restores::<Scan>(&problem, item)?;
            restores::<Listed>(&problem, item)?;
            restores::<Buckets>(&problem, item)?;
        }

        /// The list of active items changes how the choice is found, never
        /// which item it is: the same tree, node for node.
        #[test]
        fn listing_active_items_walks_the_same_tree(problem in problems()) {
            let mut scan = Links::<Scan>::new(&problem);
            let mut list = Links::<Listed>::new(&problem);
            prop_assert_eq!(in_search_order(&mut list), in_search_order(&mut scan));
            prop_assert_eq!(list.stats(), scan.stats());
            prop_assert_eq!(list.check_invariants(), Ok(()));
        }

        /// Branching in order finds the solutions sorted by the options
        /// chosen for items 0, 1, … (each option listed under its least
        /// item), both engines alike.
        #[test]
        fn branching_in_order_sorts_the_solutions(problem in problems()) {
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
            let mut sorted = keys.clone();
            sorted.sort();
            prop_assert_eq!(&keys, &sorted);
            prop_assert_eq!(found.len(), brute_force(&problem).len());
            prop_assert_eq!(in_search_order(&mut Links::<Listed>::new(&problem)), found.clone());
            prop_assert_eq!(in_search_order(&mut bitset::Solver::new(&problem)), found);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// So do the buckets of items by length, on problems whose lists
        /// are long enough to fill every bucket, branching either way.
        #[test]
        fn bucketing_items_by_length_walks_the_same_tree(
            problem in dense_problems(),
            in_order in any::<bool>(),
        ) {
            let mut problem = problem;
            if in_order {
                problem.set_branching(Branching::InOrder);
            }
            prop_assert_eq!(
                first_solutions::<Links<Buckets>>(&problem),
                first_solutions::<Links<Scan>>(&problem)
            );
            for item in 0..problem.primary() + problem.secondary() {
                restores::<Buckets>(&problem, item)?;
            }
        }
    }

    /// Up to 100 primary items (more than 64, so that the buckets have a
    /// second level) and 3 secondary, with an exact cover planted (runs of
    /// consecutive items) among up to 300 random options of up to 4 items:
    /// lengths from 0 to well past the last bucket, and a tree that gets
    /// somewhere.
    fn dense_problems() -> impl Strategy<Value = Problem> {
        (1usize..=100, 0usize..=3).prop_flat_map(|(primary, secondary)| {
            let n = primary + secondary;
            let option = proptest::sample::subsequence((0..n).collect::<Vec<_>>(), 1..=n.min(4))
                .prop_shuffle();
            let runs = proptest::collection::vec(1usize..=4, primary);
            let options = proptest::collection::vec(option, 0..=300);
            (runs, options).prop_map(move |(runs, options)| {
                let mut problem = Problem::new(primary, secondary);
                let mut start = 0;
                for run in runs {
                    if start == primary {
                        break;
                    }
                    let end = (start + run).min(primary);
                    problem
                        .add_option(&(start..end).collect::<Vec<_>>())
                        .unwrap();
                    start = end;
                }
                for option in options {
                    problem.add_option(&option).unwrap();
                }
                problem
            })
        })
    }

    /// The first 20 solutions in the order found, and the statistics then.
    fn first_solutions<S: Search>(problem: &Problem) -> (Vec<Vec<usize>>, Stats) {
        let mut solver = S::new(problem);
        let mut found = Vec::new();
        let _ = solver.search(|solution| {
            found.push(solution.to_vec());
            match found.len() {
                20 => ControlFlow::Break(()),
                _ => ControlFlow::Continue(()),
            }
        });
        (found, solver.stats())
    }

    #[test]
    fn no_primary_items_has_one_empty_solution() {
        let mut problem = Problem::new(0, 2);
        problem.add_option(&[0]).unwrap();
        assert_eq!(Solver::new(&problem).first(), Some(vec![]));
        assert_eq!(Solver::new(&problem).count(), 1);
    }

    #[test]
    fn a_default_problem_is_empty_and_solved_by_nothing() {
        let mut problem = Problem::default();
        assert_eq!(problem.options(), 0);
        assert_eq!(Solver::new(&problem).first(), Some(vec![]));
        assert_eq!(
            problem.add_option(&[0]),
            Err(Error::ItemOutOfRange {
                option: 0,
                item: 0,
                items: 0
            })
        );
    }

    #[test]
    fn a_million_primary_items_are_chosen_in_linear_time() {
        // One option per item: a choice that scanned every item at every
        // node would do 10^12 steps here (minutes); the list with the
        // `empty` count stops at the first item, every time.
        let n = 1_000_000;
        let mut problem = Problem::new(n, 0);
        for i in 0..n {
            problem.add_option(&[i]).unwrap();
        }
        let mut solver = Links::<Listed>::new(&problem);
        assert_eq!(solver.count(), 1);
        assert_eq!(solver.stats().nodes, n as u64 + 1);
    }

    #[test]
    fn deep_problems_do_not_overflow_the_stack() {
        // 100_000 items, each option covering one: depth 100_000, far more
        // than a recursive search could take on a test thread's stack.
        let n = 100_000;
        let mut problem = Problem::new(n, 0);
        for i in 0..n {
            problem.add_option(&[i]).unwrap();
        }
        let mut solver = Solver::new(&problem);
        assert_eq!(solver.count(), 1);
        assert_eq!(solver.stats().nodes, n as u64 + 1);
    }

    #[test]
    fn counts_as_dlx1_on_a_tiny_problem() {
        // Knuth's example from TAOCP 7.2.2.1 (7.2.2.1-(5)): items a..g.
        let mut problem = Problem::new(7, 0);
        for option in [
            &[2, 4][..],
            &[0, 3, 6],
            &[1, 2, 5],
            &[0, 3, 5],
            &[1, 6],
            &[3, 4, 6],
        ] {
            problem.add_option(option).unwrap();
        }
        let mut solver = Solver::new(&problem);
        assert_eq!(solver.first(), Some(vec![3, 4, 0]));
        assert_eq!(solver.count(), 1);
    }
}
