//! One level of a search, as sets rather than links: which options are
//! live, which items are gone, what each step costs as the engines count
//! it; and the part below each child of the level.
//!
//! ```text
//! enter(i)        X, C: cover i.   M: one fewer option may cover i;
//!                 cover it if none may
//! next_child(i)   the next option x of i (M: tweaked away first, when i
//!                 may take more), its other items committed; then, for M
//!                 when i may stay short, the null move
//! ```
//!
//! The steps are those of `links.rs`, `color.rs`, `multi.rs` and
//! `dance.rs`, counted the same way: a cover is an update and one per
//! node it hides; a hidden node on a purified item is not counted (DLX2's
//! cleansed nodes); a purification is a cleansing, and one per option
//! that agrees with it; a tweak an update, and one per node it hides.

use std::borrow::Cow;

use crate::dlx::parts::{Algorithm, Part};
use crate::dlx::{Branching, Problem, Stats};

/// The options of each item of `problem`, in order.
pub(crate) fn lists(problem: &Problem) -> Vec<Vec<u32>> {
    let mut lists = vec![Vec::new(); problem.primary() + problem.secondary()];
    for k in 0..problem.options() {
        for &i in problem.slice(k) {
            lists[i as usize].push(k as u32);
        }
    }
    lists
}

/// The item that `algorithm`'s engine branches on at the root of
/// `problem` (`lists`: the options of each item), or `None` if there is
/// none or it is a dead end.
pub(crate) fn branch_item(
    problem: &Problem,
    algorithm: Algorithm,
    lists: &[Vec<u32>],
) -> Option<usize> {
    let primary = problem.primary();
    let in_order = problem.branching == Branching::InOrder;
    if primary == 0 {
        return None;
    }
    if algorithm != Algorithm::M {
        // The fewest options, the leftmost on ties; in order, the first
        // item unless that is a dead end or forced.
        let best = (0..primary).min_by_key(|&i| (lists[i].len(), i))?;
        let best = if in_order && lists[best].len() > 1 {
            0
        } else {
            best
        };
        return Some(best).filter(|&i| !lists[i].is_empty());
    }
    // DLX3's: the least branching degree `len + min(slack, bound) -
    // bound + 1`, then the least `min(slack, bound)`, then the longest
    // list, then the leftmost; a degree of 0 is a dead end.
    let degree = |i: usize| {
        let (lo, hi) = problem.bounds(i);
        let s = (hi - lo).min(hi) as i64;
        (lists[i].len() as i64 + s - hi as i64 + 1, s, lists[i].len())
    };
    let mut best = 0;
    for i in 0..primary {
        let (t, s, l) = degree(i);
        if t <= 0 {
            return None;
        }
        let (bt, bs, bl) = degree(best);
        if t < bt || (t == bt && (s < bs || (s == bs && l > bl))) {
            best = i;
        }
    }
    if in_order && degree(best).0 > 1 {
        best = 0;
    }
    Some(best)
}

/// The state below a part's root, level by level: see the module docs.
#[derive(Clone, Debug)]
pub(crate) struct Level<'p> {
    problem: &'p Problem,
    algorithm: Algorithm,
    lists: &'p [Vec<u32>],
    /// Per option: not hidden yet.
    live: Vec<bool>,
    /// Per item: covered, purified, or left by the null move.
    gone: Vec<bool>,
    /// Per item: purified.
    purified: Vec<bool>,
    /// Per primary item: how many more options may cover it.
    bound: Vec<u32>,
    /// What the steps so far cost.
    stats: Stats,
    /// The children given so far, and whether the level is over.
    tried: usize,
    over: bool,
}

impl<'p> Level<'p> {
    /// The state at the root of `problem`: every option live.
    pub(crate) fn new(problem: &'p Problem, algorithm: Algorithm, lists: &'p [Vec<u32>]) -> Self {
        let n = problem.primary() + problem.secondary();
        Level {
            problem,
            algorithm,
            lists,
            live: vec![true; problem.options()],
            gone: vec![false; n],
            purified: vec![false; n],
            bound: (0..problem.primary())
                .map(|i| problem.bounds(i).1)
                .collect(),
            stats: Stats::default(),
            tried: 0,
            over: false,
        }
    }

    /// Enters the node and starts the level on `item`; what that cost.
    pub(crate) fn enter(&mut self, item: usize) -> Stats {
        self.stats.nodes += 1;
        self.bound[item] -= 1;
        if self.bound[item] == 0 {
            self.cover(item);
        }
        std::mem::take(&mut self.stats)
    }

    /// Whether the level on `item` tweaks: DLX3, with `item` allowed
    /// more than this one option or fewer.
    fn tweaking(&self, item: usize) -> bool {
        let (lo, hi) = self.problem.bounds(item);
        self.algorithm == Algorithm::M && !(lo == 1 && hi == 1)
    }

    /// The state of the next child of the level on `item`, its cost in
    /// its `stats`, and the option it chose (`None` for the null move);
    /// `None` when the level is over.
    pub(crate) fn next_child(&mut self, item: usize) -> Option<(Level<'p>, Option<usize>)> {
        if self.over {
            return None;
        }
        let list = &self.lists[item];
        let (lo, hi) = self.problem.bounds(item);
        let bound = i64::from(self.bound[item]);
        let slack = i64::from(hi - lo);
        let tweaking = self.tweaking(item);
        let left = (list.len() - self.tried) as i64;
        if tweaking && left <= bound - slack {
            // Too few options left for what the item needs.
            self.over = true;
            return None;
        }
        if self.tried == list.len() {
            self.over = true;
            if !tweaking {
                return None;
            }
            // The null move: the item takes no more options.
            let mut child = self.clone();
            child.gone[item] = true;
            return Some((child, None));
        }
        let x = list[self.tried] as usize;
        self.tried += 1;
        if tweaking {
            if self.bound[item] != 0 {
                self.stats.updates += self.hide(x, item);
            } else {
                self.live[x] = false;
            }
            self.stats.updates += 1;
        }
        let mut child = self.clone();
        self.stats = Stats::default();
        child.commit_others(x, item);
        Some((child, Some(x)))
    }

    /// Hides option `o` from the lists of its items other than `except`;
    /// the nodes hidden that count (not those on purified items).
    fn hide(&mut self, o: usize, except: usize) -> u64 {
        self.live[o] = false;
        let counted = self.problem.slice(o).iter().map(|&i| i as usize);
        counted
            .filter(|&i| i != except && !self.purified[i])
            .count() as u64
    }

    /// Covers item `c`: it goes, and so do the options that name it.
    fn cover(&mut self, c: usize) {
        self.gone[c] = true;
        self.stats.updates += 1;
        for &o in &self.lists[c] {
            if self.live[o as usize] {
                self.stats.updates += self.hide(o as usize, c);
            }
        }
    }

    /// Purifies secondary item `c` for `color`: the options that give it
    /// another color or none go, the others are cleansed.
    fn purify(&mut self, c: usize, color: u32) {
        self.gone[c] = true;
        self.purified[c] = true;
        self.stats.cleansings += 1;
        for &o in &self.lists[c] {
            let o = o as usize;
            if !self.live[o] {
                continue;
            }
            if self.color_of(o, c) == color {
                self.stats.cleansings += 1;
            } else {
                self.stats.updates += self.hide(o, c);
            }
        }
    }

    /// The color option `o` gives item `c` (0 for none).
    fn color_of(&self, o: usize, c: usize) -> u32 {
        let mut colored = self.problem.colored_option(o);
        colored.find(|&(i, _)| i == c).map_or(0, |(_, color)| color)
    }

    /// Commits the items of option `x` other than `item`, left to right
    /// after it and wrapping around, as the engine does.
    fn commit_others(&mut self, x: usize, item: usize) {
        let entries: Vec<(usize, u32)> = self.problem.colored_option(x).collect();
        let at = entries.iter().position(|&(i, _)| i == item).unwrap_or(0);
        let primary = self.problem.primary();
        for k in 1..entries.len() {
            let (j, color) = entries[(at + k) % entries.len()];
            if self.algorithm == Algorithm::M && j < primary {
                self.bound[j] -= 1;
                if self.bound[j] == 0 {
                    self.cover(j);
                }
            } else if color == 0 || self.algorithm == Algorithm::X {
                self.cover(j);
            } else if !self.purified[j] {
                self.purify(j, color);
            }
        }
    }

    /// The part this child is: `parent` with `chosen` fixed (if any), the
    /// items gone and the options hidden taken out, and the purified
    /// items out of the options that agree with them.
    pub(crate) fn into_part<'a>(self, parent: &Part<'_>, chosen: Option<usize>) -> Part<'a> {
        let problem = self.problem;
        let n = problem.primary() + problem.secondary();
        let mut renumber = vec![usize::MAX; n];
        let mut items = Vec::new();
        let (mut primary, mut secondary) = (0, 0);
        for i in (0..n).filter(|&i| !self.gone[i]) {
            renumber[i] = items.len();
            items.push(parent.items[i]);
            match i < problem.primary() {
                true => primary += 1,
                false => secondary += 1,
            }
        }
        let mut reduced = Problem::new(primary, secondary);
        reduced.branching = problem.branching;
        for i in (0..problem.primary()).filter(|&i| !self.gone[i]) {
            // What is used of the item's bounds since the part's root.
            let (lo, hi) = problem.bounds(i);
            let used = hi - self.bound[i];
            let bounds = (lo.saturating_sub(used), self.bound[i]);
            if bounds != (1, 1) {
                reduced
                    .set_bounds(renumber[i], bounds.0, bounds.1)
                    .expect("a bound left is at least 1");
            }
        }
        let mut options = Vec::new();
        let mut entries = Vec::new();
        for o in (0..problem.options()).filter(|&o| self.live[o]) {
            entries.clear();
            let kept = problem.colored_option(o).filter(|&(i, _)| !self.gone[i]);
            entries.extend(kept.map(|(i, c)| (renumber[i], c)));
            if entries.is_empty() {
                // Only purified items, all agreeing: never chosen, never
                // hidden again.
                continue;
            }
            reduced
                .add_colored_option(&entries)
                .expect("a part of a valid problem is valid");
            options.push(parent.options[o]);
        }
        let mut fixed = parent.fixed.clone();
        fixed.extend(chosen.map(|x| parent.options[x]));
        Part {
            problem: Cow::Owned(reduced),
            fixed,
            options,
            items,
            above: self.stats,
            solved: Vec::new(),
            weight: parent.weight,
            algorithm: parent.algorithm,
            path: parent.path.clone(),
            whole: false,
        }
    }
}
