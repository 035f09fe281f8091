//! Exact cover by dancing links: Knuth's Algorithm X as DLX1 implements it
//! (TAOCP 7.2.2.1, and `dlx1.w`).
//!
//! ```
//! use library::dlx::{Problem, Search, Solver};
//!
//! // Items 0, 1, 2 must be covered exactly once; item 3 at most once.
//! let mut problem = Problem::new(3, 1);
//! problem.add_option(&[0, 1])?; // option 0
//! problem.add_option(&[2, 3])?; // option 1
//! problem.add_option(&[1, 2])?; // option 2
//! problem.add_option(&[0, 3])?; // option 3
//! let mut solver = Solver::new(&problem);
//! assert_eq!(solver.first(), Some(vec![0, 1]));
//! assert_eq!(Solver::new(&problem).count(), 2);
//! # Ok::<(), library::dlx::Error>(())
//! ```
//!
//! Both engines, [`Solver`] (dancing links) and [`bitset::Solver`], walk the
//! same tree and implement [`Search`]; an adapter picks one by the type it
//! names.
//!
//! # Data layout
//!
//! Everything lives in flat arrays of 32-bit indices, as in DLX1; indices
//! rather than pointers keep a node at 16 bytes, let the arrays be cloned
//! and checked, and need no `unsafe` aliasing. User item `i` is internal
//! item `i + 1`; the primary items are `1..=primary`.
//!
//! * `len[i]` is the length of item `i`'s list of options, with the bit
//!   `COVERED` set while `i` is covered.
//! * `nodes[i]` for `1 <= i <= n` is item `i`'s list header: `up`/`down`
//!   are its last and first option nodes.
//! * Then come the options, each one a contiguous run of nodes, with a
//!   *spacer* node before the first option, between options and after the
//!   last. A spacer's `top` is `-k` where `k` is the number of the option
//!   that follows it (0-based, so the first spacer has `top == 0`; the
//!   last has `top == -m`). Its `up` is the first node of the option before
//!   it and its `down` the last node of the option after it: going left
//!   from node `x` is `x - 1`, and a spacer says where to wrap around.
//! * An option node's `right` is the next node of its option, cyclically.
//! * What step X3 needs to find the item to branch on is a [`Choice`]:
//!   nothing for [`Scan`], DLX1's list of active items for [`Listed`].
//!
//! Two departures from DLX1, both measured (`cargo bench -p library`):
//!
//! * DLX1 finds an option's other nodes by stepping right and wrapping at
//!   the spacer. That test sits in the innermost loop, where it is taken at
//!   a different step for every option, and mispredicted; a `right` link
//!   makes the loop run a fixed number of times, 7–8% faster on pentominoes
//!   for 4 more bytes a node. Hiding needs no left links: within one option
//!   the order is free, since each node is in another item's list.
//! * DLX1 keeps the active items in a doubly linked list and chooses by
//!   walking it, a chain of dependent loads at every node. A flag in the
//!   length makes the choice a scan of one small array, in the same order,
//!   and covering an item one addition; nothing else walked that list.
//!   That scan costs the number of *all* primary items at every node, so
//!   past [`SCAN_LIMIT`] primary items the list comes back ([`Listed`],
//!   see [`choice`]).
//!
//! # Invariants
//!
//! * **I0** Every link (`up`, `down`, `right`), every option node's `top`,
//!   and every node next to an option node, indexes its own array; the
//!   inner loops rely on it to skip bounds checks.
//! * **I1** `len[i] & !COVERED` is the number of option nodes now linked in
//!   item `i`'s vertical list, and `len[i] & COVERED` is set exactly when
//!   `i` is covered.
//! * **I2** The vertical list of every item is doubly linked and circular:
//!   `down(up(x)) == x` and `up(down(x)) == x` for every linked node.
//! * **I3** `uncover(i)` restores exactly the state before `cover(i)`, when
//!   the covers and uncovers in between are properly nested.
//! * **I4** An option node is linked in its item's list if and only if no
//!   other item of its option is covered (the option is still compatible
//!   with the partial solution).
//! * **I5** The [`Choice`] agrees with the lengths (for [`Listed`]: its
//!   list holds exactly the active primary items; see [`choice`]).
//!
//! [`Links::check_invariants`] verifies I1, I2, I4, I5 and the right links
//! (Knuth's `sanity()`).
//!
//! # Counting
//!
//! [`Stats`] counts as DLX1 does: a *node* each time the search enters a
//! level (the root included), plus one per solution; an *update* per item
//! covered plus one per node hidden from another item's list. An engine that
//! walks DLX1's tree reproduces its numbers exactly, which is a sharp check.

use std::fmt;
use std::ops::ControlFlow;

pub mod bitset;
pub mod choice;
pub mod text;

pub use choice::{Choice, Listed, Scan};

/// Why a problem could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// Option `option` names item `item`, but there are only `items` items.
    ItemOutOfRange {
        option: usize,
        item: usize,
        items: usize,
    },
    /// Option `option` names no item at all.
    EmptyOption { option: usize },
    /// Option `option` names item `item` twice.
    RepeatedItem { option: usize, item: usize },
    /// The problem has more items or nodes than 32-bit indices can address.
    TooLarge,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::ItemOutOfRange {
                option,
                item,
                items,
            } => write!(
                f,
                "option {option} names item {item}, but there are only {items} items"
            ),
            Error::EmptyOption { option } => write!(f, "option {option} is empty"),
            Error::RepeatedItem { option, item } => {
                write!(f, "option {option} names item {item} twice")
            }
            Error::TooLarge => write!(f, "the problem is too large for 32-bit indices"),
        }
    }
}

impl std::error::Error for Error {}

/// How a search picks the item to branch on at each node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Branching {
    /// The active primary item with the fewest options, the leftmost on
    /// ties: DLX1's rule, and the smallest trees.
    #[default]
    Fewest,
    /// The leftmost active primary item, trying its options in the order
    /// they were added, so that the solutions come in lexicographic order
    /// of the options chosen for items 0, 1, …: the order to print all
    /// solutions sorted without holding them. One exception keeps that
    /// order and prunes the tree: an active primary item with at most one
    /// option left goes first (a dead end, or a choice every solution
    /// below makes anyway).
    InOrder,
}

/// An exact-cover problem: items, and options that are sets of items.
///
/// Items `0..primary` must be covered exactly once; items
/// `primary..primary + secondary` at most once. Options are numbered in the
/// order they are added, from 0. An option made only of secondary items is
/// never part of a solution (the search branches on primary items only).
#[derive(Clone, Debug)]
pub struct Problem {
    primary: usize,
    secondary: usize,
    /// The items of every option, one after another.
    items: Vec<u32>,
    /// Option `k` is `items[starts[k]..starts[k + 1]]`.
    starts: Vec<u32>,
    branching: Branching,
    /// `seen[i] == attempt` while an option being added names item `i`:
    /// finds a repeated item in one step, however long the option.
    seen: Vec<u32>,
    /// Calls of `add_option` so far, the stamp of the next one.
    attempt: u32,
}

impl Default for Problem {
    /// A problem with no item and no option (whose one solution is empty).
    fn default() -> Problem {
        Problem::new(0, 0)
    }
}

impl Problem {
    /// A problem with `primary` primary and `secondary` secondary items and
    /// no options yet.
    pub fn new(primary: usize, secondary: usize) -> Problem {
        Problem {
            primary,
            secondary,
            items: Vec::new(),
            starts: vec![0],
            branching: Branching::default(),
            seen: Vec::new(),
            attempt: 0,
        }
    }

    /// Adds an option covering `items` and returns its number.
    ///
    /// Fails, leaving the problem unchanged, if the option is empty, names
    /// an item twice or names an item that does not exist.
    pub fn add_option(&mut self, items: &[usize]) -> Result<usize, Error> {
        let option = self.options();
        let total = self.primary + self.secondary;
        if items.is_empty() {
            return Err(Error::EmptyOption { option });
        }
        // Room for every header and node and a spacer per option plus one,
        // as u32; and for a list length under the solver's COVERED bit.
        let needed = total + self.items.len() + items.len() + option + 3;
        if needed >= COVERED as usize {
            return Err(Error::TooLarge);
        }
        if self.seen.len() < total {
            self.seen.resize(total, 0);
        }
        self.attempt = self.attempt.wrapping_add(1);
        if self.attempt == 0 {
            // Stamps wrapped around: old ones could look current.
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.attempt = 1;
        }
        let stamp = self.attempt;
        for &item in items {
            if item >= total {
                return Err(Error::ItemOutOfRange {
                    option,
                    item,
                    items: total,
                });
            }
            if self.seen[item] == stamp {
                return Err(Error::RepeatedItem { option, item });
            }
            self.seen[item] = stamp;
        }
        self.items.extend(items.iter().map(|&i| i as u32));
        self.starts.push(self.items.len() as u32);
        Ok(option)
    }

    /// The number of primary items.
    pub fn primary(&self) -> usize {
        self.primary
    }

    /// The number of secondary items.
    pub fn secondary(&self) -> usize {
        self.secondary
    }

    /// The number of options added so far.
    pub fn options(&self) -> usize {
        self.starts.len() - 1
    }

    /// The items of option `k`, in the order they were given.
    ///
    /// # Panics
    /// If `k >= self.options()`.
    pub fn option(&self, k: usize) -> OptionItems<'_> {
        OptionItems(self.slice(k).iter())
    }

    fn slice(&self, k: usize) -> &[u32] {
        &self.items[self.starts[k] as usize..self.starts[k + 1] as usize]
    }

    /// How searches of this problem branch ([`Branching::Fewest`] unless set).
    pub fn branching(&self) -> Branching {
        self.branching
    }

    /// Sets how searches of this problem branch.
    pub fn set_branching(&mut self, branching: Branching) {
        self.branching = branching;
    }
}

/// The items of one option, as [`Problem::option`] gives them.
#[derive(Clone, Debug)]
pub struct OptionItems<'a>(std::slice::Iter<'a, u32>);

impl Iterator for OptionItems<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        self.0.next().map(|&i| i as usize)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl ExactSizeIterator for OptionItems<'_> {}

impl DoubleEndedIterator for OptionItems<'_> {
    fn next_back(&mut self) -> Option<usize> {
        self.0.next_back().map(|&i| i as usize)
    }
}

/// What both engines do: the same search tree over a [`Problem`], with
/// different state. Solutions are reported as the numbers of their
/// options, in the order they were chosen.
///
/// ```
/// use library::dlx::{bitset, Problem, Search, Solver};
///
/// /// How many ways to tile: any engine.
/// fn tilings<S: Search>(problem: &Problem) -> u64 {
///     S::new(problem).count()
/// }
/// let mut problem = Problem::new(2, 0);
/// problem.add_option(&[0])?;
/// problem.add_option(&[1])?;
/// problem.add_option(&[0, 1])?;
/// assert_eq!(tilings::<Solver>(&problem), 2);
/// assert_eq!(tilings::<bitset::Solver>(&problem), 2);
/// # Ok::<(), library::dlx::Error>(())
/// ```
pub trait Search: Sized {
    /// Builds the engine's state for `problem`.
    fn new(problem: &Problem) -> Self;

    /// Calls `visit` with every solution, in the order the search finds
    /// them, until `visit` breaks, and returns what it broke with; calls
    /// `report` every `interval` nodes with a snapshot of the search
    /// (`u64::MAX`: never).
    ///
    /// The engine can search again afterwards; [`Search::stats`] then
    /// describes the latest search.
    fn search_with_progress<B, F, R>(
        &mut self,
        visit: F,
        interval: u64,
        report: R,
    ) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>,
        R: FnMut(&Progress);

    /// What the latest search did.
    fn stats(&self) -> Stats;

    /// [`Search::search_with_progress`] without reports. (Not a provided
    /// method calling that one: a submission that never asks for progress
    /// then carries none of its code.)
    fn search<B, F>(&mut self, visit: F) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>;

    /// Calls `visit` with every solution, in the order the search finds
    /// them.
    fn for_each<F>(&mut self, mut visit: F)
    where
        F: FnMut(&[usize]),
    {
        let flow = self.search::<Never, _>(|solution| {
            visit(solution);
            ControlFlow::Continue(())
        });
        match flow {
            ControlFlow::Continue(()) => {}
            ControlFlow::Break(never) => match never {},
        }
    }

    /// The first solution, or `None` if there is none.
    fn first(&mut self) -> Option<Vec<usize>> {
        match self.search(|solution| ControlFlow::Break(solution.to_vec())) {
            ControlFlow::Break(solution) => Some(solution),
            ControlFlow::Continue(()) => None,
        }
    }

    /// The number of solutions.
    fn count(&mut self) -> u64 {
        let mut count = 0;
        self.for_each(|_| count += 1);
        count
    }
}

/// A value that cannot exist: a search that never breaks (`Infallible`
/// would do, but says "error").
#[derive(Clone, Copy, Debug)]
pub enum Never {}

/// What a search did, counted as Knuth's DLX1 counts it (see the module
/// docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Levels entered, the root included, plus one per solution.
    pub nodes: u64,
    /// Items covered plus nodes hidden from other items' lists.
    pub updates: u64,
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

/// A snapshot of a running search, given to the `report` callback of
/// `search_with_progress`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// What the search has done so far.
    pub stats: Stats,
    /// Knuth's estimate of the fraction of the tree already explored, in
    /// `[0, 1]`: at level `l` the current choice is the `k_l`-th of `t_l`,
    /// and the estimate is the sum of `(k_l - 1) / (t_1 ... t_l)`, plus half
    /// of the deepest level's share (TAOCP 7.2.2.1, progress reports).
    pub explored: f64,
}

impl Progress {
    /// `position[l]` is `(k_l, t_l)`: the 1-based choice among `t_l`.
    pub(crate) fn new(stats: Stats, position: &[(u32, u32)]) -> Progress {
        let mut explored = 0.0;
        let mut share = 1.0;
        for &(k, t) in position {
            share /= f64::from(t);
            explored += f64::from(k - 1) * share;
        }
        Progress {
            stats,
            explored: explored + share / 2.0,
        }
    }
}

/// The bit of `Solver::len` that marks a covered item. Lengths stay below
/// it (see `Problem::add_option`), so adding and taking away one never
/// touches it.
const COVERED: i32 = 1 << 30;

#[derive(Clone, Copy, Debug)]
struct Node {
    /// Option node: its item (> 0). Spacer: `-k`. Header: 0.
    top: i32,
    up: u32,
    down: u32,
    /// Option node: the next node of its option, cyclically. Others: 0.
    right: u32,
}

/// Past this many primary items, a choice that scans them all at every
/// node costs more than DLX1's list of active items: use [`Links`]`<`[`Listed`]`>`.
pub const SCAN_LIMIT: usize = 512;

/// Dancing links that scan the primary items to choose: the engine for
/// puzzles (at most a few hundred primary items).
pub type Solver = Links<Scan>;

/// Dancing-links search over one [`Problem`]; walks exactly DLX1's tree.
///
/// At every level it branches as the problem's [`Branching`] says (by
/// default on the active primary item with the fewest options, the
/// leftmost on ties) and tries that item's options in the order they were
/// added. `C` finds that item: [`Scan`] ([`Solver`]) or, past
/// [`SCAN_LIMIT`] primary items, [`Listed`]. The search is iterative, so
/// deep problems cannot overflow the stack.
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
        let mut count = 0;
        match self.walk::<Never, _, _>(
            |_, _| {
                count += 1;
                ControlFlow::Continue(())
            },
            u64::MAX,
            |_, _| {},
        ) {
            ControlFlow::Continue(()) => count,
            ControlFlow::Break(never) => match never {},
        }
    }
}

impl<C: Choice> Links<C> {
    /// Builds the links for `problem`.
    fn build(problem: &Problem) -> Links<C> {
        let n = problem.primary + problem.secondary;
        let mut len = vec![0; n + 1];
        let mut nodes: Vec<Node> = (0..=n as u32)
            .map(|i| Node {
                top: 0,
                up: i,
                down: i,
                right: 0,
            })
            .collect();
        nodes.reserve(problem.items.len() + problem.options() + 1);
        let mut previous_first = 0;
        for k in 0..problem.options() {
            let spacer = nodes.len();
            nodes.push(Node {
                top: -(k as i32),
                up: previous_first,
                down: 0,
                right: 0,
            });
            previous_first = nodes.len() as u32;
            for &item in problem.slice(k) {
                let x = nodes.len() as u32;
                let head = item as usize + 1;
                let last = nodes[head].up;
                nodes.push(Node {
                    top: head as i32,
                    up: last,
                    down: head as u32,
                    right: x + 1,
                });
                nodes[last as usize].down = x;
                nodes[head].up = x;
                len[head] += 1;
            }
            nodes[spacer].down = nodes.len() as u32 - 1;
            nodes.last_mut().expect("options are not empty").right = previous_first;
        }
        nodes.push(Node {
            top: -(problem.options() as i32),
            up: previous_first,
            down: 0,
            right: 0,
        });
        Links {
            primary: problem.primary,
            choice: C::new(&len[..=problem.primary]),
            len,
            nodes,
            in_order: problem.branching == Branching::InOrder,
            stats: Stats::default(),
        }
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
                if now == 0 && top as usize <= self.primary {
                    self.choice.emptied();
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
                let before = *len;
                *len += 1;
                if before == 0 && top as usize <= self.primary {
                    self.choice.refilled();
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
    fn option_of(&self, mut x: u32) -> usize {
        while self.nodes[x as usize].top > 0 {
            x -= 1;
        }
        -self.nodes[x as usize].top as usize
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
        let mut first = x;
        while self.nodes[first as usize - 1].top > 0 {
            first -= 1;
        }
        (first..).take_while(move |&y| self.nodes[y as usize].top > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every exact cover, by trying every subset of the options that name
    /// a primary item (the others are never chosen, as in DLX1).
    fn brute_force(problem: &Problem) -> Vec<Vec<usize>> {
        let m = problem.options();
        let useless: u32 = (0..m)
            .filter(|&k| problem.option(k).all(|i| i >= problem.primary()))
            .map(|k| 1 << k)
            .sum();
        let mut solutions = Vec::new();
        for subset in (0u32..1 << m).filter(|s| s & useless == 0) {
            let mut covered = vec![0; problem.primary() + problem.secondary()];
            for k in (0..m).filter(|k| subset >> k & 1 == 1) {
                for item in problem.option(k) {
                    covered[item] += 1;
                }
            }
            let primary_ok = covered[..problem.primary()].iter().all(|&c| c == 1);
            let secondary_ok = covered[problem.primary()..].iter().all(|&c| c <= 1);
            if primary_ok && secondary_ok {
                solutions.push((0..m).filter(|k| subset >> k & 1 == 1).collect());
            }
        }
        solutions.sort();
        solutions
    }

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

    /// Every solution in the order the search finds them.
    fn in_search_order<S: Search>(solver: &mut S) -> Vec<Vec<usize>> {
        let mut solutions = Vec::new();
        solver.for_each(|solution| solutions.push(solution.to_vec()));
        solutions
    }

    /// A random problem: up to 6 primary and 3 secondary items, up to 12
    /// options of distinct items.
    fn problems() -> impl Strategy<Value = Problem> {
        (1usize..=6, 0usize..=3).prop_flat_map(|(primary, secondary)| {
            let n = primary + secondary;
            let option = proptest::sample::subsequence((0..n).collect::<Vec<_>>(), 1..=n.min(4))
                .prop_shuffle();
            proptest::collection::vec(option, 0..=12).prop_map(move |options| {
                let mut problem = Problem::new(primary, secondary);
                for option in options {
                    problem.add_option(&option).unwrap();
                }
                problem
            })
        })
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

    #[test]
    fn invalid_options_are_errors() {
        let mut problem = Problem::new(2, 1);
        assert_eq!(
            problem.add_option(&[]),
            Err(Error::EmptyOption { option: 0 })
        );
        assert_eq!(
            problem.add_option(&[0, 3]),
            Err(Error::ItemOutOfRange {
                option: 0,
                item: 3,
                items: 3
            })
        );
        assert_eq!(
            problem.add_option(&[2, 0, 2]),
            Err(Error::RepeatedItem { option: 0, item: 2 })
        );
        assert_eq!(problem.options(), 0);
        assert_eq!(problem.add_option(&[1, 2]), Ok(0));
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
    fn item_numbers_come_out_as_they_went_in() {
        let mut problem = Problem::new(3, 0);
        problem.add_option(&[2, 0]).unwrap();
        let items: Vec<usize> = problem.option(0).collect();
        assert_eq!(items, [2, 0]);
        assert_eq!(problem.option(0).len(), 2);
    }

    #[test]
    fn a_long_option_is_checked_in_one_pass() {
        // 200 000 distinct items in one option: a linear scan per item
        // would take seconds; the stamps take milliseconds.
        let n = 200_000;
        let mut problem = Problem::new(n, 0);
        let all: Vec<usize> = (0..n).collect();
        assert_eq!(problem.add_option(&all), Ok(0));
        let mut twice = all.clone();
        twice.push(n / 2);
        assert_eq!(
            problem.add_option(&twice),
            Err(Error::RepeatedItem {
                option: 1,
                item: n / 2
            })
        );
        assert_eq!(problem.add_option(&all), Ok(1));
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
