//! Counting by memo: each subproblem met again is counted once, as
//! Knuth's DLX6 does (after Nishino, Yasuda, Minato and Nagata, "Dancing
//! with decision diagrams", AAAI 2017), so that counts far past what a
//! search could walk come out exact.
//!
//! ```
//! use library::dlx::memo::{Counter, Order};
//! use library::dlx::Problem;
//!
//! // Perfect matchings of the complete graph on 12 vertices: 11!! of them.
//! let n = 12;
//! let mut problem = Problem::new(n, 0);
//! for a in 0..n {
//!     for b in a + 1..n {
//!         problem.add_option(&[a, b])?;
//!     }
//! }
//! let mut counter = Counter::new(&problem);
//! assert_eq!(counter.count(), Ok(10_395));
//! // A search walks 10 395 leaves; the memo meets each set of vertices
//! // left once.
//! assert!(counter.stats().nodes < 3_000);
//! # Ok::<(), library::dlx::Error>(())
//! ```
//!
//! The search is DLX6's: Algorithm C's dancing links ([`state`]), a level
//! per option chosen; at each node the *signature* of the state (the
//! uncovered primary items, and the secondary items still named by a live
//! option with their colors) is looked up in a [`table`] of counts; a
//! subproblem found there is not searched again, and one searched is
//! stored when its subtree is done. Counts are u128: past 2^128 − 1 the
//! count stops with [`Stop::Overflow`] rather than wrap.
//!
//! What makes the memo pay is the choice of item. DLX6 branches as DLX2
//! does, on the item with the fewest options ([`Order::Fewest`]), which
//! gives small trees but subproblems that rarely meet again on boards:
//! its choice jumps about, and leaves ragged sets of cells. DLX6's own
//! variant without that rule branches on the first uncovered item of the
//! file ([`Order::First`]), and then every subproblem is a prefix done and
//! a few items past it covered; [`Order::Frontier`] (the default) does the
//! same in an order computed to keep that few small ([`order`]). Each
//! takes an item with no option left first (a dead end). With
//! [`Order::Frontier`] and no secondary items, the count of a child is
//! looked up before its option is committed (its signature is the
//! parent's less the option's items), so that the children found in the
//! table, most of the nodes where the memo pays, cost no update (0.4-0.8x
//! the updates on tilings; DLX6 dances them all). When those items are
//! also at most 64, no link is danced at all (`memo/sets.rs`): a
//! subproblem is a word of items left, and its options are tested
//! against it, one word operation each, where covering an item of set
//! partitions hides thousands of options (set partitions of 15 things:
//! 0.03x the links' CPU time; perfect matchings of 34 vertices: 0.6x).
//!
//! The table is bounded ([`Config::cap`]): when it is full, new counts
//! evict the cheapest old ones, and a subproblem forgotten is counted
//! again if it comes back. Without eviction, with [`Order::Fewest`] or
//! [`Order::First`], [`Stats`] and [`MemoStats`] are DLX6's or
//! `dlx6-nomrv`'s numbers on the same problem (`library/instances/`
//! `counts-memo.tsv` records them).
//!
//! [`Counter::count_zdd`] also writes the ZDD of all solutions in the
//! text format of Knuth's ZDDREAD programs, as DLX6 does.
//!
//! Problems with bounds are not counted here (Algorithm M's tweaks make
//! the live options depend on more than the items left).

mod estimate;
mod order;
mod sets;
mod state;
mod table;
mod threads;
mod trial;

use std::io::{self, Write};
use std::ops::ControlFlow;

use crate::dlx::{Problem, Stats, COVERED};
pub use estimate::Estimate;
use sets::{Sets, Walk};
use state::State;
use table::{hash, Entry, Table};
pub use threads::count_on_threads;
pub use trial::{tried, Decision, Reason, Trial, PATIENCE, TRIAL_ITEMS, TRIAL_UPDATES};

/// How the memo picks the item to branch on; see the module docs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// The uncovered primary item with the fewest options, the leftmost
    /// on ties: DLX6's rule.
    Fewest,
    /// The first uncovered primary item: `dlx6-nomrv`'s rule.
    First,
    /// The first uncovered primary item in an order of small frontiers.
    #[default]
    Frontier,
}

/// How a [`Counter`] works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    pub order: Order,
    /// The most bytes the table may take (the default 1 GiB).
    pub cap: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            order: Order::default(),
            cap: 1 << 30,
        }
    }
}

/// What the memo did, besides [`Stats`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// Subproblems counted and stored (DLX6's signatures, less one).
    pub memos: u64,
    /// Subproblems found in the table.
    pub hits: u64,
    /// Levels where the last primary item was covered: single solutions
    /// (DLX6 adds them to its hits).
    pub leaves: u64,
    /// Counts forgotten to make room.
    pub evictions: u64,
    /// ZDD nodes made: one per option that leads to solutions, at each
    /// subproblem counted (DLX6's, less the two sinks).
    pub zdd_nodes: u64,
    /// The most bytes the table took.
    pub peak_bytes: u64,
}

impl MemoStats {
    /// The sum of two counts' statistics (the peak: the larger).
    pub fn add(&mut self, other: &MemoStats) {
        self.memos += other.memos;
        self.hits += other.hits;
        self.leaves += other.leaves;
        self.evictions += other.evictions;
        self.zdd_nodes += other.zdd_nodes;
        self.peak_bytes = self.peak_bytes.max(other.peak_bytes);
    }
}

/// Why a count stopped before the end.
#[derive(Debug)]
pub enum Stop {
    /// The count passed 2^128 − 1.
    Overflow,
    /// The `check` callback asked to stop.
    Asked,
    /// The ZDD has more nodes than its 32-bit numbers can name.
    ZddTooLarge,
    /// Writing the ZDD failed.
    Write(io::Error),
}

impl PartialEq for Stop {
    fn eq(&self, other: &Stop) -> bool {
        matches!(
            (self, other),
            (Stop::Overflow, Stop::Overflow)
                | (Stop::Asked, Stop::Asked)
                | (Stop::ZddTooLarge, Stop::ZddTooLarge)
        )
    }
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Overflow => write!(f, "the count passed 2^128 - 1 (it is not printed wrapped)"),
            Stop::Asked => write!(f, "the count was stopped"),
            Stop::ZddTooLarge => write!(f, "the ZDD passed 2^32 nodes"),
            Stop::Write(e) => write!(f, "cannot write the ZDD: {e}"),
        }
    }
}

/// A count under way, as the `check` callback sees it.
#[derive(Clone, Copy, Debug)]
pub struct Snapshot {
    pub stats: Stats,
    pub memo: MemoStats,
    /// The solutions counted so far (in the subtrees done).
    pub found: u128,
}

/// The longest signatures, in words, whose children's counts are
/// prefetched.
const PREFETCH_WORDS: usize = 8;

/// The ZDD node standing for the one solution that is complete (ZDDREAD's
/// sink `1`); 0 stands for none.
const TOP: u32 = 1;

/// A level of the search: the item it branches on, the option node it is
/// trying, and what its subproblem has counted so far.
#[derive(Clone, Copy, Debug)]
struct Frame {
    best: u32,
    cur: u32,
    /// Where the next level's scan of the order starts.
    from: u32,
    hash: u64,
    count: u128,
    zdd: u32,
    /// The node count when the level was entered.
    entered: u64,
}

/// Counts the solutions of a problem by memo; see the module docs.
#[derive(Clone, Debug)]
pub struct Counter {
    state: State,
    table: Table,
    rule: Order,
    /// The primary items (internal numbers) in the order to branch on,
    /// for [`Order::First`] and [`Order::Frontier`].
    order: Vec<u32>,
    memo: MemoStats,
    /// The table's evictions when the count under way began.
    evicted: u64,
    /// Whether counts are looked up before options are committed
    /// ([`Counter::peek`]), and the signature looked up.
    peek: bool,
    child: Vec<u64>,
    /// The hash of the child a peek did not find, while it is committed
    /// and entered: the table has not changed since, so its lookup is
    /// not made twice.
    absent: Option<u64>,
    /// The options as sets, when the count walks without links
    /// (`memo/sets.rs`: no secondary items, at most 64 primary ones, the
    /// frontier order).
    sets: Option<Sets<1>>,
}

impl Counter {
    /// A counter with the default [`Config`].
    ///
    /// # Panics
    /// If the problem has bounds.
    pub fn new(problem: &Problem) -> Counter {
        Counter::with_config(problem, Config::default())
    }

    /// A counter that works as `config` says.
    ///
    /// # Panics
    /// If the problem has bounds.
    pub fn with_config(problem: &Problem, config: Config) -> Counter {
        assert!(
            !problem.has_bounds(),
            "the memo counts problems without bounds"
        );
        let state = State::new(problem);
        let order: Vec<u32> = match config.order {
            Order::Fewest => Vec::new(),
            Order::First => (1..=problem.primary() as u32).collect(),
            Order::Frontier => order::frontier(problem)
                .into_iter()
                .map(|i| i as u32 + 1)
                .collect(),
        };
        let without_links = config.order == Order::Frontier
            && problem.secondary() == 0
            && (1..=64 * sets::MAX_WORDS).contains(&problem.primary());
        Counter {
            sets: without_links.then(|| Sets::new(problem, &order)),
            table: Table::new(state.key.len(), config.cap, false),
            peek: config.order == Order::Frontier && problem.secondary() == 0,
            child: vec![0; state.key.len()],
            absent: None,
            state,
            rule: config.order,
            order,
            memo: MemoStats::default(),
            evicted: 0,
        }
    }

    /// The number of solutions.
    pub fn count(&mut self) -> Result<u128, Stop> {
        self.count_with(u64::MAX, |_| ControlFlow::Continue(()))
    }

    /// The number of solutions, calling `check` every `interval` nodes;
    /// it may stop the count ([`Stop::Asked`]).
    ///
    /// Counts stored by earlier calls are reused. After a stop the links
    /// are restored, and the counter may count again.
    pub fn count_with<C>(&mut self, interval: u64, check: C) -> Result<u128, Stop>
    where
        C: FnMut(&Snapshot) -> ControlFlow<()>,
    {
        self.run(None, interval, check)
    }

    /// The number of solutions of `problem` (this counter's) if the memo
    /// pays, `None` as soon as it is seen not to: the count under a
    /// [`Trial`].
    pub fn count_if_it_pays(&mut self, problem: &Problem) -> Result<Option<u128>, Stop> {
        let mut trial = Trial::new(problem);
        let result = self.count_with(Trial::INTERVAL, |snapshot| trial.check(snapshot));
        trial.verdict(result, self.stats().nodes)
    }

    /// The number of solutions that contain the options `fixed` (chosen
    /// one after another by a search, as [`crate::dlx::parts::Part::fixed`]
    /// lists them): the count of what is left once they are taken. The
    /// table keeps the counts of every subproblem, below whatever fixed
    /// options, so that the parts of a problem counted one after another
    /// share them.
    pub fn count_below(&mut self, fixed: &[usize]) -> Result<u128, Stop> {
        if let Some(sets) = &self.sets {
            // Options that meet are in no solution together.
            let Some(left) = sets.below(fixed) else {
                return Ok(0);
            };
            return self.run_sets(left, u64::MAX, |_| ControlFlow::Continue(()));
        }
        let nodes = self.state.primary_nodes(fixed);
        for &p in &nodes {
            self.state.take(p);
        }
        let count = self.count();
        for &p in nodes.iter().rev() {
            self.state.untake(p);
        }
        count
    }

    /// The number of solutions, writing the ZDD of all of them to `out`
    /// in ZDDREAD's text format (as DLX6 writes it): a line `id: (~v?lo:hi)`
    /// per node, ids in hex, `v` the number of an option counted from 1,
    /// `hi` the node below when it is chosen and `lo` when it is not; the
    /// sinks are 0 (no solution) and 1; the last line is the root, `id:
    /// (~0?0:top)`. Counts stored before this call are not nodes of this
    /// ZDD, so the table starts empty (and keeps the nodes from now on).
    pub fn count_zdd(&mut self, out: &mut dyn Write) -> Result<u128, Stop> {
        self.table = Table::new(self.state.key.len(), self.table.cap(), true);
        // The ZDD names options, which only the links' walk follows.
        let sets = self.sets.take();
        let count = self.run(Some(out), u64::MAX, |_| ControlFlow::Continue(()));
        if sets.is_some() {
            // Its counts are keyed by item numbers, not by places in the
            // order: the walk without links starts afresh.
            self.table = Table::new(self.state.key.len(), self.table.cap(), false);
            self.sets = sets;
        }
        count
    }

    /// A count, its ZDD written to `zdd` if there is one (and then the
    /// table keeps ZDD nodes).
    fn run<C>(
        &mut self,
        mut zdd: Option<&mut dyn Write>,
        interval: u64,
        check: C,
    ) -> Result<u128, Stop>
    where
        C: FnMut(&Snapshot) -> ControlFlow<()>,
    {
        if let (Some(sets), None) = (&self.sets, &zdd) {
            let all = sets.all();
            return self.run_sets(all, interval, check);
        }
        self.open_stats();
        let mut frames = Vec::with_capacity(self.state.primary + 1);
        let result = self.walk(&mut frames, &mut zdd, interval, check);
        if result.is_err() {
            for frame in frames.iter().rev() {
                self.state.uncommit_others(frame.cur);
                self.state.uncover(frame.best);
            }
        }
        self.close_stats();
        let (count, top) = result?;
        if let Some(out) = zdd {
            let root = self.next_zdd_id()?;
            writeln!(out, "{root:x}: (~0?0:{top:x})").map_err(Stop::Write)?;
        }
        Ok(count)
    }

    /// The count of the subproblem `left` by the walk without links.
    fn run_sets<C>(&mut self, left: [u64; 1], interval: u64, check: C) -> Result<u128, Stop>
    where
        C: FnMut(&Snapshot) -> ControlFlow<()>,
    {
        self.open_stats();
        let sets = self.sets.as_ref().expect("counting without links");
        let mut walk = Walk {
            sets,
            table: &mut self.table,
            stats: &mut self.state.stats,
            memo: &mut self.memo,
            evicted: self.evicted,
            sums: Vec::new(),
            children: Vec::new(),
            interval,
            next_check: interval,
            check,
        };
        let result = walk.count(left);
        self.close_stats();
        result
    }

    /// DLX6's search: every node is looked up, a count found there ends
    /// it, and a count searched is stored when its level ends. Returns
    /// the count and its ZDD node.
    fn walk<C>(
        &mut self,
        frames: &mut Vec<Frame>,
        zdd: &mut Option<&mut dyn Write>,
        interval: u64,
        mut check: C,
    ) -> Result<(u128, u32), Stop>
    where
        C: FnMut(&Snapshot) -> ControlFlow<()>,
    {
        let mut next_check = interval;
        let mut from = 0;
        let mut guess = vec![0; self.state.key.len()];
        self.absent = None;
        if self.state.active == 0 {
            // No primary item: the empty set of options is the solution.
            self.state.stats.nodes = 2;
            self.memo.leaves = 1;
            return Ok((1, TOP));
        }
        loop {
            // Forward: a new node, the subproblem of the current state.
            self.state.stats.nodes += 1;
            if self.state.stats.nodes >= next_check {
                next_check = next_check.saturating_add(interval);
                if check(&self.snapshot(frames)).is_break() {
                    return Err(Stop::Asked);
                }
            }
            let done = self.enter(frames, from, &mut guess);
            match self.advance(frames, zdd, done)? {
                ControlFlow::Continue(next) => from = next,
                ControlFlow::Break(root) => return Ok((root.count, root.zdd)),
            }
        }
    }

    /// The node of the current state, entered: its count if the table has
    /// it or it is a dead end, else `None`, its item covered and its
    /// level pushed (`from`: where the scan of the order starts).
    #[inline(always)]
    fn enter(&mut self, frames: &mut Vec<Frame>, from: u32, guess: &mut [u64]) -> Option<Entry> {
        let hash = match self.absent.take() {
            Some(known) => {
                debug_assert_eq!(known, hash(&self.state.key));
                known
            }
            None => {
                let hash = hash(&self.state.key);
                if let Some(entry) = self.table.get(&self.state.key, hash) {
                    self.memo.hits += 1;
                    return Some(entry);
                }
                hash
            }
        };
        if self.state.empty > 0 {
            // A dead end: DLX6 covers the empty item, and stores the
            // signature it looked up.
            self.state.stats.updates += 1;
            let nothing = Entry { count: 0, zdd: 0 };
            self.store(hash, nothing, 1);
            return Some(nothing);
        }
        let (best, next) = self.choose(from);
        self.state.cover(best);
        self.prefetch_children(best, guess);
        frames.push(Frame {
            best,
            cur: self.state.nodes[best as usize].down,
            from: next,
            hash,
            count: 0,
            zdd: 0,
            entered: self.state.stats.nodes - 1,
        });
        None
    }

    /// Advances and backs up from a node entered (`done`: its count, if
    /// it was found) until a new node is to be entered: `Continue` with
    /// where its scan of the order starts, or `Break` with the root's
    /// count when every level is done.
    #[inline(always)]
    fn advance(
        &mut self,
        frames: &mut Vec<Frame>,
        zdd: &mut Option<&mut dyn Write>,
        mut done: Option<Entry>,
    ) -> Result<ControlFlow<Entry, u32>, Stop> {
        // Whether the option of the child counted was committed (not if
        // its count was found by a peek).
        let mut committed = true;
        while let Some(frame) = frames.last_mut() {
            if let Some(child) = done.take() {
                // A subproblem below `cur` is counted: add it, and try the
                // next option.
                frame.count = frame.count.checked_add(child.count).ok_or(Stop::Overflow)?;
                if child.count != 0 {
                    let option = self.state.option_of(frame.cur) + 1;
                    frame.zdd = zdd_node(zdd, &mut self.memo, option, frame.zdd, child.zdd)?;
                }
                let cur = frame.cur;
                if committed {
                    self.state.uncommit_others(cur);
                }
                committed = true;
                frame.cur = self.state.nodes[cur as usize].down;
                continue;
            }
            if frame.cur != frame.best {
                let (cur, from) = (frame.cur, frame.from);
                if let Some(entry) = self.peek(cur) {
                    // The child is a node found in the table, as if
                    // entered; its option is never danced.
                    self.state.stats.nodes += 1;
                    self.memo.hits += 1;
                    (done, committed) = (Some(entry), false);
                    continue;
                }
                self.state.commit_others(cur);
                if self.state.active > 0 {
                    return Ok(ControlFlow::Continue(from));
                }
                self.absent = None;
                // Every primary item covered: one solution.
                self.state.stats.nodes += 1;
                self.memo.leaves += 1;
                done = Some(Entry { count: 1, zdd: TOP });
                continue;
            }
            // Backup: every option tried; store the count.
            let frame = frames.pop().expect("a level is active");
            self.state.uncover(frame.best);
            let entry = Entry {
                count: frame.count,
                zdd: frame.zdd,
            };
            self.store(frame.hash, entry, self.state.stats.nodes - frame.entered);
            done = Some(entry);
        }
        Ok(ControlFlow::Break(done.expect("the root ended")))
    }

    /// The count of the subproblem below option node `cur` of the item
    /// covered, if the table has it and its signature is known without
    /// committing the option: with [`Order::Frontier`] on problems
    /// without secondary items, where the guess of `State::guess_child`
    /// is exact. Most nodes of the counts the memo is for are found in
    /// the table (set partitions of 14 things: 797 162 of 805 354), and
    /// committing an option only to undo it is most of their updates.
    /// (DLX6 dances them, and [`Order::Fewest`] and [`Order::First`]
    /// keep its updates.)
    #[inline(always)]
    fn peek(&mut self, cur: u32) -> Option<Entry> {
        if !self.peek {
            return None;
        }
        self.state.guess_child(cur, &mut self.child);
        let hash = hash(&self.child);
        let found = self.table.get(&self.child, hash);
        if found.is_none() {
            self.absent = Some(hash);
        }
        found
    }

    /// Prefetches the counts of the subproblems below covered item `best`,
    /// as far as they can be guessed (see `State::guess_child`), when
    /// signatures are short enough for that to cost little.
    fn prefetch_children(&self, best: u32, guess: &mut [u64]) {
        if guess.len() > PREFETCH_WORDS {
            return;
        }
        let mut x = self.state.nodes[best as usize].down;
        while x != best {
            self.state.guess_child(x, guess);
            self.table.prefetch(hash(guess));
            x = self.state.nodes[x as usize].down;
        }
    }

    /// Stores `entry` for the current state, whose hash is `hash`.
    fn store(&mut self, hash: u64, entry: Entry, weight: u64) {
        self.table.insert(&self.state.key, hash, entry, weight);
        self.memo.memos += 1;
    }

    /// The item to branch on, and where the next level's scan of the order
    /// starts (the items before it are all covered).
    fn choose(&self, from: u32) -> (u32, u32) {
        let len = &self.state.len;
        if self.rule == Order::Fewest {
            let lens = &len[1..=self.state.primary];
            let fewest = lens.iter().fold(COVERED, |a, &l| a.min(l));
            let at = lens.iter().position(|&l| l == fewest).unwrap_or(0);
            return (at as u32 + 1, 0);
        }
        let mut at = from as usize;
        while len[self.order[at] as usize] & COVERED != 0 {
            at += 1;
        }
        (self.order[at], at as u32 + 1)
    }

    /// Where the count stands.
    fn snapshot(&self, frames: &[Frame]) -> Snapshot {
        let found = frames
            .iter()
            .fold(0u128, |sum, frame| sum.saturating_add(frame.count));
        snapshot(
            self.state.stats,
            self.memo,
            &self.table,
            self.evicted,
            found,
        )
    }

    /// Statistics start afresh for a count.
    fn open_stats(&mut self) {
        self.state.stats = Stats::default();
        self.memo = MemoStats::default();
        self.evicted = self.table.evictions;
    }

    /// The table's part of the statistics, when a count ends.
    fn close_stats(&mut self) {
        self.memo.evictions = self.table.evictions - self.evicted;
        self.memo.peak_bytes = self.table.peak as u64;
    }

    /// The number of the next ZDD node (the root's, at the end).
    fn next_zdd_id(&self) -> Result<u32, Stop> {
        u32::try_from(self.memo.zdd_nodes + 2).map_err(|_| Stop::ZddTooLarge)
    }

    /// What the latest count did, counted as DLX6 counts: nodes (a
    /// solution is one, a subproblem found in the table another), updates
    /// and cleansings.
    pub fn stats(&self) -> Stats {
        self.state.stats
    }

    /// What the latest count's memo did.
    pub fn memo_stats(&self) -> MemoStats {
        self.memo
    }
}

/// Where a count stands: its statistics with the table's peak and the
/// evictions since the count began (at `evicted`), and the solutions
/// `found` in the subtrees done.
fn snapshot(stats: Stats, memo: MemoStats, table: &Table, evicted: u64, found: u128) -> Snapshot {
    let mut memo = memo;
    memo.peak_bytes = table.peak as u64;
    memo.evictions = table.evictions - evicted;
    Snapshot { stats, memo, found }
}

/// A new ZDD node, `(~option ? lo : hi)`, written to `zdd` if there is
/// one; its number (DLX6's `Make a new ZDD node`).
fn zdd_node(
    zdd: &mut Option<&mut dyn Write>,
    memo: &mut MemoStats,
    option: usize,
    lo: u32,
    hi: u32,
) -> Result<u32, Stop> {
    let id = memo.zdd_nodes + 2;
    memo.zdd_nodes += 1;
    let id = match zdd {
        Some(out) => {
            let id = u32::try_from(id).map_err(|_| Stop::ZddTooLarge)?;
            writeln!(out, "{id:x}: (~{option}?{lo:x}:{hi:x})").map_err(Stop::Write)?;
            id
        }
        // Without a ZDD to write, only "some solutions" matters.
        None => id.min(u64::from(u32::MAX)) as u32,
    };
    Ok(id)
}

#[cfg(test)]
mod tests;
