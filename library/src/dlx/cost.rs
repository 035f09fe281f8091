//! Exact cover at least cost: Knuth's DLX5 (`dlx5.w`), Algorithm C with
//! a cost on each option, walking exactly DLX5's tree.
//!
//! ```
//! use library::dlx::{cost, Problem, Search};
//!
//! // Items a, b, c; each option with its cost.
//! let mut problem = Problem::new(3, 0);
//! for (items, price) in [(&[0, 1][..], 3), (&[2], 1), (&[0], 1), (&[1, 2], 2)] {
//!     let k = problem.add_option(items)?;
//!     problem.set_cost(k, price)?;
//! }
//! // `a b` and `c` cost 4, `a` and `b c` 3: the cheapest.
//! let best = cost::Solver::new(&problem).cheapest();
//! assert_eq!(best, [(3, vec![2, 3])]);
//! // The two cheapest, cheapest first.
//! let two = cost::Solver::with_best(&problem, 2).cheapest();
//! assert_eq!(two, [(3, vec![2, 3]), (4, vec![0, 1])]);
//! # Ok::<(), library::dlx::Error>(())
//! ```
//!
//! # DLX5's search
//!
//! * **Taxes.** Before the search, each primary item in turn is taxed the
//!   least cost of the options that contain it, and that tax is taken off
//!   each of them: every option's *net* cost stays nonnegative, every item
//!   has an option of net cost 0 (when it has options), and every solution
//!   costs its net cost plus the total tax.
//! * **Sorted lists.** Each item's options are listed by net cost, cheapest
//!   first (ties in the order the options were given).
//! * **Cutoff.** The net costs of the `k` cheapest solutions found so far
//!   are kept (`k` = 1 unless [`Solver::with_best`] says otherwise); until
//!   there are `k` of them the cutoff is infinite, then it is the dearest
//!   of them. An option whose cost, added to those chosen above it,
//!   reaches the cutoff is not tried, nor any dearer one of its item.
//!   Covering hides only the options under a threshold, the cutoff less
//!   the cost so far (the dearer ones could never be chosen below), and
//!   uncovering restores exactly those, with the same threshold.
//! * **Choice.** The active primary item with the fewest usable options
//!   (cheap enough to be tried) is branched on: usable options are
//!   counted up to ten, past which the item's whole length stands in;
//!   ties go to the item whose cheapest option is dearest (that cost must
//!   be paid somehow), then to the leftmost. An item without a usable
//!   option is a dead end.
//!
//! Every solution found costs less than the cutoff, so the solutions come
//! in no particular order of cost, and the last `k` improvements are not
//! always the `k` best: [`Solver::cheapest`] keeps them. [`Search`]'s
//! visitor sees every solution found, as DLX5 counts and prints them
//! (its `m1`); [`Stats`] counts nodes, updates and cleansings as DLX5
//! does. On a problem without costs and with `k` at least its number of
//! solutions the tree is DLX2's ([`crate::dlx::color`]).
//!
//! # Beyond DLX5's cutoff
//!
//! [`Bound::Taxes`] levies the taxes again at every node, on what is left:
//! each active primary item in turn is taxed the least that its usable
//! options have left after the taxes before. No option is then taxed more
//! than its net cost, so the sum of the taxes is a lower bound on what
//! covering the open items costs (a solution of the linear programme's
//! dual), and a node whose cost so far plus that sum reaches the cutoff
//! is a dead end. An option of the item branched on whose *reduced* cost
//! (its net cost less its taxes) plus that sum reaches the cutoff leads
//! to no solution under it either: it is skipped, not tried. The choice
//! and everything else stay DLX5's, and only subtrees without a solution
//! under the cutoff are cut, so the same solutions come in the same
//! order, in a tree that is part of DLX5's.
//!
//! Measured (`dlx --bound`, CPU time, instances of `counts-cost.tsv`):
//! pentominoes at a cost 0.28x DLX5's nodes and 0.52x its time, random
//! colored ones 0.26x and 0.5x, a sparse target sudoku 0.34x and 0.75x;
//! sudokus of two full rows and six givens the same time (their linear
//! programme needs prices of both signs, which taxes are not). A cheaper
//! bound, the open items' cheapest options grouped by the most items an
//! option covers, cut 0.71x of the nodes on the pentominoes but saved no
//! time.

use std::collections::BinaryHeap;
use std::ops::ControlFlow;

use crate::dlx::arena::Top;
use crate::dlx::search::{counted, counter};
use crate::dlx::{Never, Problem, Progress, Search, Stats};

/// DLX5's `lenthresh`: the usable options of an item counted one by one
/// before its length stands in for them.
const LENGTH_THRESHOLD: u32 = 10;

/// The lower bound a search prunes with (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bound {
    /// DLX5's: the cost so far plus the option tried.
    #[default]
    Cutoff,
    /// Also taxes levied again at every node (see the module docs).
    Taxes,
}

/// A node: the arena of [`crate::dlx`] with DLX5's color and cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    /// Option node: its item (> 0). Spacer: `-k`. Header: 0.
    top: i32,
    up: u32,
    down: u32,
    /// Option node: the color it gives its item, 0 for none, -1 once
    /// cleansed (DLX5's mark).
    color: i32,
    /// Option node: its option's net cost.
    cost: u32,
}

impl Top for Node {
    fn top(&self) -> i32 {
        self.top
    }
}

/// DLX5's search over one [`crate::dlx::Problem`]; see the module docs.
///
/// # Panics
/// [`Search::new`] and [`Solver::with_best`] panic if the problem has
/// bounds (DLX5 has none).
#[derive(Clone, Debug)]
pub struct Solver {
    nodes: Vec<Node>,
    /// `len[i]`: the nodes in primary item `i`'s list.
    len: Vec<u32>,
    /// DLX5's list of active primary items: `(prev, next)`, 0 the root.
    active: Vec<(u32, u32)>,
    /// `option[x]`: the option of node `x`.
    option: Vec<u32>,
    /// The total tax.
    tax: u64,
    /// How many of the cheapest solutions are wanted.
    wanted: usize,
    bound: Bound,
    /// The net costs of the cheapest solutions found, at most `wanted`.
    found: BinaryHeap<u64>,
    /// The dearest of `found` once it holds `wanted`, else `u64::MAX`.
    cutoff: u64,
    stats: Stats,
    /// Per option, the taxes levied on it at this node (scratch for
    /// [`Bound::Taxes`]), and the options with some.
    paid: Vec<u32>,
    touched: Vec<u32>,
    /// For each level with [`Bound::Taxes`], in its item's order, a lower
    /// bound on the net cost still to come through each usable option.
    through: Vec<u64>,
    /// Nodes where the search backed up at once (for the tests: DLX2
    /// counts an update there).
    dead_ends: u64,
}

impl Solver {
    /// DLX5's search for the `wanted` cheapest solutions of `problem`
    /// (its `k`).
    ///
    /// # Panics
    /// If `wanted` is 0, or the problem has bounds.
    pub fn with_best(problem: &Problem, wanted: usize) -> Solver {
        assert!(wanted > 0, "at least one solution must be wanted");
        assert!(
            !problem.has_bounds(),
            "a problem with bounds has no min-cost engine (DLX5 takes none)"
        );
        let layout = taxes::Layout::new(problem);
        let primary = problem.primary as u32;
        Solver {
            nodes: layout.nodes,
            len: layout.len,
            active: (0..=primary)
                .map(|i| match i {
                    0 => (primary, 1 % (primary + 1)),
                    _ => (i - 1, (i + 1) % (primary + 1)),
                })
                .collect(),
            option: layout.option,
            tax: layout.tax,
            wanted,
            bound: Bound::default(),
            found: BinaryHeap::new(),
            cutoff: u64::MAX,
            stats: Stats::default(),
            dead_ends: 0,
            paid: vec![0; problem.options()],
            touched: Vec::new(),
            through: Vec::new(),
        }
    }

    /// Prunes with `bound` from now on.
    pub fn set_bound(&mut self, bound: Bound) {
        self.bound = bound;
    }

    /// The total tax: what every solution's cost has beyond its net cost.
    pub fn tax(&self) -> u64 {
        self.tax
    }

    /// Searches, and gives the cheapest solutions found, at most the
    /// number wanted, cheapest first (among equal costs, the first found
    /// first): each its cost and its options, level by level.
    pub fn cheapest(&mut self) -> Vec<(u64, Vec<usize>)> {
        let mut kept = Cheapest::new(self.wanted);
        let mut options = Vec::new();
        let flow = self.walk(
            |solver: &Solver, choice: &[u32], net: u64| {
                options.clear();
                options.extend(choice.iter().map(|&x| solver.option[x as usize] as usize));
                kept.offer(net + solver.tax, &options);
                ControlFlow::<Never>::Continue(())
            },
            u64::MAX,
            |_, _| {},
        );
        match flow {
            ControlFlow::Continue(()) => kept.into_sorted(),
            ControlFlow::Break(never) => match never {},
        }
    }

    /// The costs of the cheapest solutions of the latest search, at most
    /// the number wanted, cheapest first (DLX5's "optimum costs").
    pub fn best_costs(&self) -> Vec<u64> {
        let mut costs = self.found.clone().into_sorted_vec();
        costs.iter_mut().for_each(|c| *c += self.tax);
        costs
    }
}

impl Search for Solver {
    /// DLX5's search for the cheapest solution (`k` = 1).
    fn new(problem: &Problem) -> Solver {
        Solver::with_best(problem, 1)
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
        self.count_with_progress(u64::MAX, |_, _| {})
    }

    fn count_with_progress<R>(&mut self, interval: u64, mut report: R) -> u64
    where
        R: FnMut(&Progress, u64),
    {
        let found = std::cell::Cell::new(0);
        let mut tally = counter(&found);
        let flow = self.walk(
            |solver, choice, _| tally(solver, choice),
            interval,
            |solver, choice| report(&solver.progress(choice), found.get()),
        );
        counted(flow, &found)
    }
}

/// The cheapest of the solutions offered, at most a number wanted: what
/// [`Solver::cheapest`] keeps, for a caller that sees each solution
/// itself (the `dlx` command prints them as they come, or stops early).
///
/// ```
/// use library::dlx::cost::Cheapest;
///
/// let mut kept = Cheapest::new(2);
/// kept.offer(5, &[0, 1]);
/// kept.offer(3, &[2]);
/// kept.offer(5, &[3]); // as dear as the dearest kept, and later: not kept
/// kept.offer(4, &[4]);
/// assert_eq!(kept.into_sorted(), [(3, vec![2]), (4, vec![4])]);
/// ```
#[derive(Clone, Debug)]
pub struct Cheapest {
    wanted: usize,
    /// `(cost, order offered, options)`: the dearest, the latest among
    /// equals, on top.
    heap: BinaryHeap<(u64, u64, Vec<usize>)>,
    offered: u64,
}

impl Cheapest {
    /// Keeps at most `wanted` solutions.
    pub fn new(wanted: usize) -> Cheapest {
        Cheapest {
            wanted,
            heap: BinaryHeap::new(),
            offered: 0,
        }
    }

    /// Keeps the solution `options` of cost `cost` if it is among the
    /// cheapest offered so far (an earlier one wins a tie).
    pub fn offer(&mut self, cost: u64, options: &[usize]) {
        let order = self.offered;
        self.offered += 1;
        if self.heap.len() == self.wanted {
            match self.heap.peek() {
                Some(top) if (cost, order) < (top.0, top.1) => {
                    self.heap.pop();
                }
                _ => return,
            }
        }
        self.heap.push((cost, order, options.to_vec()));
    }

    /// The solutions kept, each its cost and options, cheapest first (the
    /// first offered first among equals).
    pub fn into_sorted(self) -> Vec<(u64, Vec<usize>)> {
        let kept = self.heap.into_sorted_vec();
        kept.into_iter().map(|(cost, _, s)| (cost, s)).collect()
    }
}

/// Turns a visitor of option numbers into one of the option nodes chosen.
fn naming<B, F>(mut visit: F) -> impl FnMut(&Solver, &[u32], u64) -> ControlFlow<B>
where
    F: FnMut(&[usize]) -> ControlFlow<B>,
{
    let mut solution = Vec::new();
    move |solver, choice, _| {
        solution.clear();
        solution.extend(choice.iter().map(|&x| solver.option[x as usize] as usize));
        visit(&solution)
    }
}

/// What the walk keeps per level: the option node tried, the net cost
/// of the options chosen above, and the thresholds with which its item
/// was covered and its option's other items committed (the cutoff moves,
/// and uncovering must use the threshold that covering used).
struct Levels {
    choice: Vec<u32>,
    spent: Vec<u64>,
    item: Vec<u64>,
    option: Vec<u64>,
    /// Where the bound through the level's option is in `Solver::through`,
    /// and where the level's bounds end there.
    through: Vec<usize>,
    through_end: Vec<usize>,
}

impl Levels {
    /// Room for `depth` levels.
    fn new(depth: usize) -> Levels {
        Levels {
            choice: vec![0; depth],
            spent: vec![0; depth],
            item: vec![0; depth],
            option: vec![0; depth],
            through: vec![0; depth],
            through_end: vec![0; depth],
        }
    }
}

/// Where the walk goes next: DLX5's labels.
#[derive(Clone, Copy)]
enum Step {
    /// `forward`: a new level.
    Enter,
    /// `advance`: commit the level's option, then a solution or deeper.
    Try,
    /// `recover`: undo the level's option, then its next one.
    Next,
    /// `backup`: every option of the level tried; uncover its item.
    Done,
    /// `backdown`: back to the level above.
    Back,
}

impl Solver {
    /// DLX5's search, its labels as [`Step`]s: `visit` gets the option
    /// nodes chosen, level by level, and the solution's net cost; `report`
    /// the nodes chosen so far every `interval` nodes.
    fn walk<B, F, R>(&mut self, mut visit: F, interval: u64, mut report: R) -> ControlFlow<B>
    where
        F: FnMut(&Solver, &[u32], u64) -> ControlFlow<B>,
        R: FnMut(&Solver, &[u32]),
    {
        self.stats = Stats {
            nodes: 1,
            ..Stats::default()
        };
        self.dead_ends = 0;
        self.found.clear();
        self.cutoff = u64::MAX;
        if self.active[0].1 == 0 {
            // No primary item: the empty solution (DLX5 needs one item).
            self.stats.nodes = 2;
            self.record(0);
            return visit(self, &[], 0);
        }
        let mut at = Levels::new(self.active.len() - 1);
        let (mut level, mut best, mut next_report) = (0, 0, interval);
        let mut step = self.enter(&mut at, 0, &mut best);
        loop {
            step = match step {
                Step::Enter => {
                    self.stats.nodes += 1;
                    if self.stats.nodes >= next_report {
                        next_report = next_report.saturating_add(interval);
                        report(self, &at.choice[..level]);
                    }
                    self.enter(&mut at, level, &mut best)
                }
                Step::Try => {
                    let spent = self.spent_with(&at, level);
                    at.option[level] = self.cutoff - spent;
                    self.commit(at.choice[level], at.option[level]);
                    if self.active[0].1 != 0 {
                        level += 1;
                        at.spent[level] = spent;
                        Step::Enter
                    } else if let Some(b) = self.solved(&at, level, spent, &mut visit) {
                        return ControlFlow::Break(b);
                    } else {
                        Step::Next
                    }
                }
                Step::Next => self.next(&mut at, level, best),
                Step::Done => {
                    self.uncover(best, at.item[level]);
                    Step::Back
                }
                Step::Back if level == 0 => return ControlFlow::Continue(()),
                Step::Back => {
                    level -= 1;
                    best = self.nodes[at.choice[level] as usize].top as u32;
                    Step::Next
                }
            };
        }
    }

    /// A solution at `level`, of net cost `spent`: counted as a node,
    /// recorded and visited; what the visitor broke with, if it did,
    /// every level undone then.
    fn solved<B, F>(&mut self, at: &Levels, level: usize, spent: u64, visit: &mut F) -> Option<B>
    where
        F: FnMut(&Solver, &[u32], u64) -> ControlFlow<B>,
    {
        self.stats.nodes += 1;
        self.record(spent);
        match visit(self, &at.choice[..=level], spent) {
            ControlFlow::Continue(()) => None,
            ControlFlow::Break(b) => {
                self.unwind(at, level);
                Some(b)
            }
        }
    }

    /// The net cost of the options chosen down to `level`, its own
    /// included.
    #[inline]
    fn spent_with(&self, at: &Levels, level: usize) -> u64 {
        at.spent[level] + u64::from(self.nodes[at.choice[level] as usize].cost)
    }

    /// A new level, its node counted: chooses its item, as `best`, and
    /// covers it, or finds a dead end.
    fn enter(&mut self, at: &mut Levels, level: usize, best: &mut u32) -> Step {
        let start = if level == 0 {
            0
        } else {
            at.through_end[level - 1]
        };
        self.through.truncate(start);
        let item = match self.choose(at.spent[level]) {
            Some(item) => item,
            None => {
                self.dead_ends += 1;
                return Step::Back;
            }
        };
        at.through[level] = start;
        at.through_end[level] = self.through.len();
        *best = item;
        let x = self.nodes[item as usize].down;
        at.choice[level] = x;
        at.item[level] = self.cutoff - self.spent_with(at, level);
        self.cover(item, at.item[level]);
        if self.hopeless(at, level) {
            return self.advance(at, level, item);
        }
        Step::Try
    }

    /// Undoes the option of `level` and moves to the next one of its
    /// item `best` worth trying, if there is one.
    fn next(&mut self, at: &mut Levels, level: usize, best: u32) -> Step {
        self.uncommit(at.choice[level], at.option[level]);
        self.advance(at, level, best)
    }

    /// Moves `level` to the next option of its item `best` worth trying:
    /// [`Step::Done`] when the rest are too dear, as DLX5 stops.
    fn advance(&mut self, at: &mut Levels, level: usize, best: u32) -> Step {
        loop {
            let x = self.nodes[at.choice[level] as usize].down;
            at.choice[level] = x;
            at.through[level] += 1;
            if x == best || self.spent_with(at, level) >= self.cutoff {
                return Step::Done;
            }
            if !self.hopeless(at, level) {
                return Step::Try;
            }
        }
    }

    /// Whether the option of `level` leads to no solution under the
    /// cutoff by the taxes levied at its node ([`Bound::Taxes`]).
    fn hopeless(&self, at: &Levels, level: usize) -> bool {
        let i = at.through[level];
        i < at.through_end[level] && at.spent[level] + self.through[i] >= self.cutoff
    }

    /// Undoes every level down to `level`, after a visitor stopped the
    /// walk at a solution.
    fn unwind(&mut self, at: &Levels, level: usize) {
        for l in (0..=level).rev() {
            let x = at.choice[l];
            self.uncommit(x, at.option[l]);
            self.uncover(self.nodes[x as usize].top as u32, at.item[l]);
        }
    }

    /// Keeps `net` among the cheapest costs found, and moves the cutoff.
    fn record(&mut self, net: u64) {
        if self.found.len() == self.wanted {
            self.found.pop();
        }
        self.found.push(net);
        if self.found.len() == self.wanted {
            self.cutoff = *self.found.peek().expect("just pushed");
        }
    }

    /// DLX5's choice at a node whose options so far cost `spent`: the
    /// active primary item with the fewest usable options, the dearest
    /// cheapest option on ties, then the leftmost; `None` for a dead end
    /// (or, with [`Bound::Items`], a node the bound cuts off).
    fn choose(&mut self, spent: u64) -> Option<u32> {
        let limit = self.cutoff - spent;
        let (mut fewest, mut best, mut dearest) = (u32::MAX, 0, 0);
        let mut k = self.active[0].1;
        while k != 0 {
            let first = self.nodes[k as usize].down;
            if first == k {
                return None;
            }
            let least = u64::from(self.nodes[first as usize].cost);
            if least >= limit {
                return None;
            }
            if let Some(s) = self.usable(k, first, limit, fewest) {
                if s < fewest || (s == fewest && least > dearest) {
                    (fewest, best, dearest) = (s, k, least);
                }
            }
            k = self.active[k as usize].1;
        }
        if self.bound == Bound::Taxes
            && self.cutoff != u64::MAX
            && self.taxes_due(limit, best) >= limit
        {
            return None;
        }
        Some(best)
    }

    /// How many options of item `k`, from `first`, cost less than
    /// `limit`, as DLX5 counts them: one by one up to
    /// [`LENGTH_THRESHOLD`], then the item's length; `None` once there
    /// are more than `fewest`.
    #[inline]
    fn usable(&self, k: u32, first: u32, limit: u64, fewest: u32) -> Option<u32> {
        let (mut s, mut p) = (1, self.nodes[first as usize].down);
        loop {
            if p == k || u64::from(self.nodes[p as usize].cost) >= limit {
                return Some(s);
            }
            if s == fewest {
                return None;
            }
            if s >= LENGTH_THRESHOLD {
                return Some(self.len[k as usize]);
            }
            s += 1;
            p = self.nodes[p as usize].down;
        }
    }

    /// [`Bound::Taxes`]: taxes levied on the open items in turn, each the
    /// least that its options cheaper than `limit` have left after the
    /// taxes before; their sum, or `limit` once it reaches that. Under
    /// `limit`, pushes on `through` the bound through each such option of
    /// item `best`: the sum plus its reduced cost.
    fn taxes_due(&mut self, limit: u64, best: u32) -> u64 {
        let mut total = 0;
        let mut k = self.active[0].1;
        while k != 0 && total < limit {
            let least = self.usable_nodes(k, limit).fold(u64::MAX, |least, x| {
                let o = self.option[x as usize] as usize;
                least.min(u64::from(self.nodes[x as usize].cost - self.paid[o]))
            });
            if least == u64::MAX {
                // No usable option (a dead end the choice has seen).
                total = limit;
                break;
            }
            total += least;
            if least > 0 {
                let mut x = self.nodes[k as usize].down;
                while x != k && u64::from(self.nodes[x as usize].cost) < limit {
                    let o = self.option[x as usize] as usize;
                    if self.paid[o] == 0 {
                        self.touched.push(o as u32);
                    }
                    self.paid[o] += least as u32;
                    x = self.nodes[x as usize].down;
                }
            }
            k = self.active[k as usize].1;
        }
        if total < limit {
            let mut x = self.nodes[best as usize].down;
            while x != best && u64::from(self.nodes[x as usize].cost) < limit {
                let o = self.option[x as usize] as usize;
                let reduced = self.nodes[x as usize].cost - self.paid[o];
                self.through.push(total + u64::from(reduced));
                x = self.nodes[x as usize].down;
            }
        }
        for o in self.touched.drain(..) {
            self.paid[o as usize] = 0;
        }
        total.min(limit)
    }

    /// The nodes of item `k`'s list cheaper than `limit`.
    fn usable_nodes(&self, k: u32, limit: u64) -> impl Iterator<Item = u32> + '_ {
        let mut x = k;
        std::iter::from_fn(move || {
            x = self.nodes[x as usize].down;
            (x != k && u64::from(self.nodes[x as usize].cost) < limit).then_some(x)
        })
    }

    /// The snapshot of a walk at the option nodes `choice`: the `k`-th of
    /// the options of its item cheap enough to be tried then, at each
    /// level (dlx5.w's progress report).
    fn progress(&self, choice: &[u32]) -> Progress {
        let mut spent = 0;
        let position: Vec<(u32, u32)> = choice
            .iter()
            .map(|&x| {
                let item = self.nodes[x as usize].top as u32;
                let limit = self.cutoff.saturating_sub(spent);
                let (mut k, mut t, mut y) = (0, 0, self.nodes[item as usize].down);
                while y != item
                    && (y == x || k == 0 || u64::from(self.nodes[y as usize].cost) < limit)
                {
                    t += 1;
                    if y == x {
                        k = t;
                    }
                    y = self.nodes[y as usize].down;
                }
                spent += u64::from(self.nodes[x as usize].cost);
                (k.max(1), t.max(1))
            })
            .collect();
        Progress::new(self.stats, &position)
    }
}

mod covers;
mod taxes;
#[cfg(test)]
mod tests;
