//! The memo's walk without links, for problems whose items are all
//! primary and few ([`MAX_WORDS`] words of them): a subproblem is the set
//! of items left, a bit each, and the options that fit it are those of the
//! item it branches on that lie inside the set; no list is danced.
//!
//! Items are numbered by their place in the frontier order, so the item to
//! branch on ([`crate::dlx::memo::Order::Frontier`]'s first uncovered one)
//! is the lowest bit of the set. An option that fits a set whose lowest
//! item is `i` contains `i` and no item before it (those are covered), so
//! each option is listed once, under its lowest item:
//!
//! ```text
//! count(S) = 1                                     if S is empty
//!          = sum over options o listed under min(S)
//!            with o inside S of count(S - o)       otherwise
//! ```
//!
//! This is the tree of the links' walk with the children looked up before
//! their options are committed, but for dead ends: the links see an item
//! with no option left at once, here it is seen when it is the lowest.
//! What it saves is the dancing: covering an item of set partitions hides
//! every option that meets it (2^13 of them for 15 things), and a
//! subproblem there is done in a few thousand word operations instead.
//! Its updates are the options it tests, one word operation each.

use std::ops::ControlFlow;

use super::table::{hash, Entry, Table};
use super::{snapshot, MemoStats, Snapshot, Stop};
use crate::dlx::{Problem, Stats};

/// The most u64 words of items a problem may take to be counted here:
/// more is a board of hundreds of cells, where the links' early sight of
/// dead ends is worth their dancing (triominoes on 12 × 15, three words:
/// 1.09x the links' time here, with twice their subproblems).
pub(crate) const MAX_WORDS: usize = 1;

/// The options as sets, listed under their lowest item.
#[derive(Clone, Debug)]
pub(crate) struct Sets<const W: usize> {
    /// `start[i]..start[i + 1]`: the options listed under item `i`.
    start: Vec<u32>,
    options: Vec<[u64; W]>,
    /// Where option `k` of the problem sits in `options`.
    place: Vec<u32>,
    /// The set of every item.
    all: [u64; W],
}

impl<const W: usize> Sets<W> {
    /// The options of `problem` (no secondary items; at most `64 * W`
    /// primary items) as sets, items numbered by their place in `order`.
    pub(crate) fn new(problem: &Problem, order: &[u32]) -> Sets<W> {
        let n = problem.primary();
        let mut rank = vec![0usize; n];
        for (at, &item) in order.iter().enumerate() {
            rank[item as usize - 1] = at;
        }
        let mut listed: Vec<(usize, [u64; W], u32)> = (0..problem.options())
            .map(|k| {
                let set = set_of(problem.option(k).map(|i| rank[i]));
                (lowest(&set), set, k as u32)
            })
            .collect();
        listed.sort_by_key(|&(low, _, k)| (low, k));
        let mut start = vec![0u32; n + 1];
        for &(low, _, _) in &listed {
            start[low + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut place = vec![0u32; listed.len()];
        for (at, &(_, _, k)) in listed.iter().enumerate() {
            place[k as usize] = at as u32;
        }
        Sets {
            start,
            options: listed.iter().map(|&(_, set, _)| set).collect(),
            place,
            all: set_of(0..n),
        }
    }

    /// The set of every item.
    pub(crate) fn all(&self) -> [u64; W] {
        self.all
    }

    /// The set left once the options `fixed` are taken, or `None` if two
    /// of them meet.
    pub(crate) fn below(&self, fixed: &[usize]) -> Option<[u64; W]> {
        let mut left = self.all;
        for &k in fixed {
            let set = &self.options[*self.place.get(k)? as usize];
            if !inside(set, &left) {
                return None;
            }
            left = minus(&left, set);
        }
        Some(left)
    }
}

/// A count under way: what [`super::Counter`] keeps, lent to the walk.
pub(crate) struct Walk<'a, const W: usize, C> {
    pub(crate) sets: &'a Sets<W>,
    pub(crate) table: &'a mut Table,
    pub(crate) stats: &'a mut Stats,
    pub(crate) memo: &'a mut MemoStats,
    /// The table's evictions when the count began.
    pub(crate) evicted: u64,
    /// The counts of the levels under way (their subtrees done so far).
    pub(crate) sums: Vec<u128>,
    /// The children of the levels under way, each with its hash: a
    /// level's are pushed (and their slots prefetched) before the first
    /// is counted.
    pub(crate) children: Vec<([u64; W], u64)>,
    pub(crate) interval: u64,
    pub(crate) next_check: u64,
    pub(crate) check: C,
}

impl<const W: usize, C> Walk<'_, W, C>
where
    C: FnMut(&Snapshot) -> ControlFlow<()>,
{
    /// The number of solutions of the subproblem `left`.
    pub(crate) fn count(&mut self, left: [u64; W]) -> Result<u128, Stop> {
        self.node(left, hash(&left))
    }

    /// The number of solutions of the subproblem `left`, whose hash is
    /// `key`.
    fn node(&mut self, left: [u64; W], key: u64) -> Result<u128, Stop> {
        self.stats.nodes += 1;
        if self.stats.nodes >= self.next_check {
            self.next_check = self.next_check.saturating_add(self.interval);
            let found = self.sums.iter().fold(0u128, |a, &s| a.saturating_add(s));
            let now = snapshot(*self.stats, *self.memo, self.table, self.evicted, found);
            if (self.check)(&now).is_break() {
                return Err(Stop::Asked);
            }
        }
        if left == [0; W] {
            self.memo.leaves += 1;
            return Ok(1);
        }
        if let Some(entry) = self.table.get(&left, key) {
            self.memo.hits += 1;
            return Ok(entry.count);
        }
        let entered = self.stats.nodes;
        let low = lowest(&left);
        let sets = self.sets;
        let (from, to) = (sets.start[low] as usize, sets.start[low + 1] as usize);
        self.stats.updates += (to - from) as u64;
        // The children's slots are fetched while the first is counted:
        // on the larger counts most of the time is waiting for them.
        let base = self.children.len();
        for option in &sets.options[from..to] {
            if inside(option, &left) {
                let child = minus(&left, option);
                let key = hash(&child);
                self.table.prefetch(key);
                self.children.push((child, key));
            }
        }
        self.sums.push(0);
        for at in base..self.children.len() {
            let (child, key) = self.children[at];
            let below = self.node(child, key)?;
            let sum = self.sums.last_mut().expect("this level");
            *sum = sum.checked_add(below).ok_or(Stop::Overflow)?;
        }
        self.children.truncate(base);
        let count = self.sums.pop().expect("this level");
        let weight = self.stats.nodes - entered + 1;
        // No ZDD is kept by this walk (`Counter::count_zdd` walks the
        // links), so the entry names no node.
        self.table
            .insert(&left, key, Entry { count, zdd: 0 }, weight);
        self.memo.memos += 1;
        Ok(count)
    }
}

/// The set of `items`.
fn set_of<const W: usize>(items: impl Iterator<Item = usize>) -> [u64; W] {
    let mut set = [0u64; W];
    for i in items {
        set[i / 64] |= 1 << (i % 64);
    }
    set
}

/// The lowest item of a set that is not empty.
#[inline(always)]
fn lowest<const W: usize>(set: &[u64; W]) -> usize {
    let word = set.iter().position(|&w| w != 0).expect("a set not empty");
    word * 64 + set[word].trailing_zeros() as usize
}

/// Whether every item of `a` is in `b`.
#[inline(always)]
fn inside<const W: usize>(a: &[u64; W], b: &[u64; W]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

/// The items of `a` not in `b`.
#[inline(always)]
fn minus<const W: usize>(a: &[u64; W], b: &[u64; W]) -> [u64; W] {
    let mut out = *a;
    out.iter_mut().zip(b).for_each(|(x, y)| *x &= !y);
    out
}
