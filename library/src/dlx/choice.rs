//! How the dancing-links solver finds the item to branch on (step X3): the
//! one part of its state that depends on the size of the problem.
//!
//! ```
//! use library::dlx::{Links, Listed, Problem, Search, Solver};
//!
//! // A thousand items with one option each: one solution either way.
//! let mut problem = Problem::new(1000, 0);
//! for i in 0..1000 {
//!     problem.add_option(&[i])?;
//! }
//! assert_eq!(Solver::new(&problem).count(), 1);
//! assert_eq!(Links::<Listed>::new(&problem).count(), 1);
//! # Ok::<(), library::dlx::Error>(())
//! ```
//!
//! [`Scan`] looks at the length of every primary item, covered or not: one
//! small array read in order, the fastest choice for puzzles. Its cost per
//! node grows with the number of *all* primary items, so a problem with a
//! million of them would take hours; [`Listed`] keeps DLX1's doubly linked
//! list of the active ones instead. A solver that never uses it carries
//! none of its code.
//!
//! `len` is the solver's array of item lengths (internal items: `len[i]`
//! for primary item `i` in `1..=primary`, with the solver's covered bit
//! set while `i` is covered).

use std::fmt;

use crate::dlx::COVERED;

/// The state behind step X3; see the module docs.
pub trait Choice: Clone + fmt::Debug {
    /// The state for primary items `1..len.len()`, all active.
    fn new(len: &[i32]) -> Self;

    /// The active primary item with the fewest options, the leftmost on
    /// ties; `None` when every primary item is covered.
    fn fewest(&self, len: &[i32]) -> Option<u32>;

    /// The leftmost active primary item.
    fn leftmost(&self, len: &[i32]) -> Option<u32>;

    /// Calls `visit` with every active primary item, in increasing order,
    /// until it returns `false`.
    fn each_active<F: FnMut(u32) -> bool>(&self, len: &[i32], visit: F);

    /// Primary item `c` is about to be covered.
    fn cover(&mut self, c: u32, len: &[i32]);

    /// Primary item `c` was just uncovered.
    fn uncover(&mut self, c: u32, len: &[i32]);

    /// Active primary item `i` lost an option: it has `len` now.
    #[inline(always)]
    fn shrunk(&mut self, _i: u32, len: i32) {
        if len == 0 {
            self.emptied();
        }
    }

    /// Active primary item `i` got an option back: it has `len` now.
    #[inline(always)]
    fn grew(&mut self, _i: u32, len: i32) {
        if len == 1 {
            self.refilled();
        }
    }

    /// An active primary item lost its last option.
    fn emptied(&mut self);

    /// An active primary item got back its only option.
    fn refilled(&mut self);

    /// Checks this state against `len`; the first violation found.
    fn check(&self, len: &[i32]) -> Result<(), String>;
}

/// Scans every primary item's length; keeps only how many are active, so
/// that a node where none is (a solution: most nodes of some problems)
/// costs no scan.
#[derive(Clone, Debug)]
pub struct Scan {
    primary: usize,
    /// The number of active primary items.
    active: u32,
}

impl Choice for Scan {
    fn new(len: &[i32]) -> Scan {
        let active = len[1..].iter().filter(|&&l| l & COVERED == 0).count();
        Scan {
            primary: len.len() - 1,
            active: active as u32,
        }
    }

    /// Two passes without a branch that depends on the lengths: their
    /// least (covered ones are larger than any live count), a vector
    /// loop, then where it is. A loop that kept the best so far
    /// mispredicted on most items (a third of Algorithm C's time on
    /// colored random problems).
    #[inline]
    fn fewest(&self, len: &[i32]) -> Option<u32> {
        if self.active == 0 {
            return None;
        }
        let lens = &len[1..=self.primary];
        let fewest = lens.iter().fold(COVERED, |a, &l| a.min(l));
        let at = lens.iter().position(|&l| l == fewest)?;
        Some(at as u32 + 1)
    }

    fn leftmost(&self, len: &[i32]) -> Option<u32> {
        let lens = &len[1..=self.primary];
        lens.iter()
            .position(|&l| l & COVERED == 0)
            .map(|i| i as u32 + 1)
    }

    fn each_active<F: FnMut(u32) -> bool>(&self, len: &[i32], mut visit: F) {
        for (i, &l) in len[1..=self.primary].iter().enumerate() {
            if l & COVERED == 0 && !visit(i as u32 + 1) {
                return;
            }
        }
    }

    #[inline(always)]
    fn cover(&mut self, _: u32, _: &[i32]) {
        self.active -= 1;
    }

    #[inline(always)]
    fn uncover(&mut self, _: u32, _: &[i32]) {
        self.active += 1;
    }

    fn emptied(&mut self) {}

    fn refilled(&mut self) {}

    fn check(&self, len: &[i32]) -> Result<(), String> {
        let active = len[1..=self.primary]
            .iter()
            .filter(|&&l| l & COVERED == 0)
            .count();
        match active == self.active as usize {
            true => Ok(()),
            false => Err(format!(
                "{} primary items active, not {}",
                active, self.active
            )),
        }
    }
}

/// A doubly linked circular list through 0 of primary items, in
/// increasing order: DLX1's list of the active ones.
#[derive(Clone, Debug)]
struct List {
    next: Vec<u32>,
    prev: Vec<u32>,
}

impl List {
    /// Every item of `1..=primary`.
    fn new(primary: u32) -> List {
        let p = primary;
        List {
            next: (0..=p).map(|i| if i == p { 0 } else { i + 1 }).collect(),
            prev: (0..=p).map(|i| if i == 0 { p } else { i - 1 }).collect(),
        }
    }

    fn first(&self) -> Option<u32> {
        Some(self.next[0]).filter(|&i| i != 0)
    }

    #[inline(always)]
    fn each<F: FnMut(u32) -> bool>(&self, mut visit: F) {
        let mut i = self.next[0];
        while i != 0 && visit(i) {
            debug_assert!((i as usize) < self.next.len());
            // SAFETY: the links hold items of the list (I5).
            i = unsafe { *self.next.get_unchecked(i as usize) };
        }
    }

    /// Takes `c` off the list.
    #[inline(always)]
    fn take(&mut self, c: u32) {
        let (p, n) = (self.prev[c as usize], self.next[c as usize]);
        debug_assert!((p as usize) < self.next.len() && (n as usize) < self.prev.len());
        // SAFETY: the links hold items of the list (I5), which index both.
        unsafe {
            *self.next.get_unchecked_mut(p as usize) = n;
            *self.prev.get_unchecked_mut(n as usize) = p;
        }
    }

    /// Puts `c` back: it remembers its neighbours.
    #[inline(always)]
    fn put(&mut self, c: u32) {
        let (p, n) = (self.prev[c as usize], self.next[c as usize]);
        debug_assert!((p as usize) < self.next.len() && (n as usize) < self.prev.len());
        // SAFETY: as in `take`.
        unsafe {
            *self.next.get_unchecked_mut(p as usize) = c;
            *self.prev.get_unchecked_mut(n as usize) = c;
        }
    }

    /// The items listed, which must be exactly the active ones (I5).
    fn check(&self, len: &[i32]) -> Result<Vec<usize>, String> {
        let primary = self.next.len() - 1;
        let mut listed = Vec::new();
        let mut i = self.next[0] as usize;
        while i != 0 && listed.len() <= primary {
            listed.push(i);
            i = self.next[i] as usize;
        }
        let wanted: Vec<usize> = (1..=primary).filter(|&i| len[i] & COVERED == 0).collect();
        if listed != wanted {
            return Err(format!("active list is {listed:?}, not {wanted:?}"));
        }
        for (&i, &before) in listed.iter().zip(std::iter::once(&0).chain(&listed)) {
            if self.prev[i] as usize != before {
                return Err(format!("item {i}: prev is {}, not {before}", self.prev[i]));
            }
        }
        Ok(listed)
    }
}

/// DLX1's list of active primary items, and how many of them have no
/// option left.
///
/// Invariant **I5**: `list` holds exactly the active primary items, in
/// increasing order, and `empty` is the number of those with length 0.
#[derive(Clone, Debug)]
pub struct Listed {
    list: List,
    empty: u32,
}

impl Choice for Listed {
    fn new(len: &[i32]) -> Listed {
        Listed {
            list: List::new(len.len() as u32 - 1),
            empty: len[1..].iter().filter(|&&l| l == 0).count() as u32,
        }
    }

    /// Stopping at a length of 0 cannot change the choice; stopping at 1
    /// could only if a later item had 0, which `empty == 0` rules out. A
    /// million items of one option each then take a second, not hours.
    fn fewest(&self, len: &[i32]) -> Option<u32> {
        let mut best = None;
        let mut fewest = COVERED;
        self.list.each(|i| {
            let l = len[i as usize];
            if l < fewest {
                best = Some(i);
                fewest = l;
            }
            !(l == 0 || (l == 1 && self.empty == 0))
        });
        best
    }

    fn leftmost(&self, _: &[i32]) -> Option<u32> {
        self.list.first()
    }

    fn each_active<F: FnMut(u32) -> bool>(&self, _: &[i32], visit: F) {
        self.list.each(visit)
    }

    fn cover(&mut self, c: u32, len: &[i32]) {
        self.list.take(c);
        if len[c as usize] == 0 {
            self.empty -= 1;
        }
    }

    fn uncover(&mut self, c: u32, len: &[i32]) {
        self.list.put(c);
        if len[c as usize] == 0 {
            self.empty += 1;
        }
    }

    fn emptied(&mut self) {
        self.empty += 1;
    }

    fn refilled(&mut self) {
        self.empty -= 1;
    }

    /// I5.
    fn check(&self, len: &[i32]) -> Result<(), String> {
        let listed = self.list.check(len)?;
        let empty = listed.iter().filter(|&&i| len[i] == 0).count();
        if self.empty as usize != empty {
            return Err(format!(
                "empty is {}, but {empty} active items have no option",
                self.empty
            ));
        }
        Ok(())
    }
}

/// DLX3's list of active primary items, and nothing else: Algorithm M
/// looks at every active item to choose, so it has no use for
/// [`Listed`]'s count of the empty ones, which costs a test at every
/// option hidden (on bounded problems whose nodes are mostly solutions,
/// 6% of Algorithm M's instructions).
///
/// Invariant **I5**: `list` holds exactly the active primary items, in
/// increasing order.
#[derive(Clone, Debug)]
pub struct Active {
    list: List,
}

impl Choice for Active {
    fn new(len: &[i32]) -> Active {
        Active {
            list: List::new(len.len() as u32 - 1),
        }
    }

    fn fewest(&self, len: &[i32]) -> Option<u32> {
        let mut best = None;
        let mut fewest = COVERED;
        self.list.each(|i| {
            let l = len[i as usize];
            if l < fewest {
                best = Some(i);
                fewest = l;
            }
            l != 0
        });
        best
    }

    fn leftmost(&self, _: &[i32]) -> Option<u32> {
        self.list.first()
    }

    fn each_active<F: FnMut(u32) -> bool>(&self, _: &[i32], visit: F) {
        self.list.each(visit)
    }

    #[inline(always)]
    fn cover(&mut self, c: u32, _: &[i32]) {
        self.list.take(c);
    }

    #[inline(always)]
    fn uncover(&mut self, c: u32, _: &[i32]) {
        self.list.put(c);
    }

    fn emptied(&mut self) {}

    fn refilled(&mut self) {}

    /// I5.
    fn check(&self, len: &[i32]) -> Result<(), String> {
        self.list.check(len).map(|_| ())
    }
}

/// How many lengths [`Buckets`] tells apart: 0 to `BUCKETS - 2`, and
/// `BUCKETS - 1` or more. Eight buckets make a group of words one cache
/// line, so that moving an item to the next bucket costs one miss.
const BUCKETS: usize = 8;

/// The active primary items in buckets by length, each bucket a bitset
/// with summaries: the choice in a few steps whatever the number of
/// items, for a bit flip or two each time a length changes. A million
/// primary items are then chosen among in constant time, where [`Scan`]
/// and [`Listed`] look at every one (and DLX1 too: hours on a million
/// random triples, where this takes seconds).
///
/// It follows every length through [`Choice::shrunk`] and
/// [`Choice::grew`], which only [`crate::dlx::Links`] calls: the engines
/// of colors and bounds (`dance.rs`) report lists emptied and refilled
/// only, so they take [`Scan`] or [`Listed`], never this.
///
/// Items of `BUCKETS - 1` options or more share the last bucket, which is
/// scanned when every active item is there (a million items that all
/// have long lists take as long as [`Listed`]).
///
/// Invariant **I5** for buckets: `levels[0]` has bit `i` of bucket `b`
/// set exactly when primary item `i` is active with `bucket(len[i]) ==
/// b`; a bit of `levels[k + 1]` is set exactly when its word of
/// `levels[k]` is not zero; `count[b]` is the number of items in bucket
/// `b`. Word `w` of bucket `b` at each level is `w * BUCKETS + b`.
#[derive(Clone, Debug)]
pub struct Buckets {
    primary: usize,
    levels: Vec<Vec<u64>>,
    count: [u32; BUCKETS],
}

/// The bucket of an item of `len` options.
#[inline(always)]
fn bucket(len: i32) -> usize {
    (len as usize).min(BUCKETS - 1)
}

impl Buckets {
    /// Puts item `i` in bucket `b`.
    #[inline(always)]
    fn insert(&mut self, i: u32, b: usize) {
        self.count[b] += 1;
        let mut at = i as usize;
        for level in &mut self.levels {
            let word = &mut level[at / 64 * BUCKETS + b];
            let was = *word;
            *word |= 1 << (at % 64);
            if was != 0 {
                return;
            }
            at /= 64;
        }
    }

    /// Takes item `i` out of bucket `b`.
    #[inline(always)]
    fn remove(&mut self, i: u32, b: usize) {
        self.count[b] -= 1;
        let mut at = i as usize;
        for level in &mut self.levels {
            let word = &mut level[at / 64 * BUCKETS + b];
            *word &= !(1 << (at % 64));
            if *word != 0 {
                return;
            }
            at /= 64;
        }
    }

    /// The least item in bucket `b`, if any.
    fn first(&self, b: usize) -> Option<u32> {
        let mut at = 0;
        for level in self.levels.iter().rev() {
            let word = level[at * BUCKETS + b];
            if word == 0 {
                return None;
            }
            at = at * 64 + word.trailing_zeros() as usize;
        }
        Some(at as u32)
    }

    /// Calls `visit` with the items of bucket `b`, in increasing order,
    /// until it returns `false`.
    fn each<F: FnMut(u32) -> bool>(&self, b: usize, mut visit: F) {
        for (w, group) in self.levels[0].chunks_exact(BUCKETS).enumerate() {
            let mut word = group[b];
            while word != 0 {
                if !visit((w * 64) as u32 + word.trailing_zeros()) {
                    return;
                }
                word &= word - 1;
            }
        }
    }
}

impl Choice for Buckets {
    fn new(len: &[i32]) -> Buckets {
        // Items are bits 1..len.len() (bit 0 is never set); each level has
        // one word per 64 of the level below, down to one word.
        let mut levels = Vec::new();
        let mut bits = len.len();
        loop {
            let words = (bits + 63) / 64;
            levels.push(vec![0; words * BUCKETS]);
            if words == 1 {
                break;
            }
            bits = words;
        }
        let mut buckets = Buckets {
            primary: len.len() - 1,
            levels,
            count: [0; BUCKETS],
        };
        for (i, &l) in len.iter().enumerate().skip(1) {
            buckets.insert(i as u32, bucket(l));
        }
        buckets
    }

    /// The least item of the first bucket that has one; past the buckets
    /// of single lengths, the leftmost of the fewest in the last bucket
    /// (none has fewer than `BUCKETS - 1`: the first of those ends it).
    fn fewest(&self, len: &[i32]) -> Option<u32> {
        let b = self.count.iter().position(|&c| c != 0)?;
        if b < BUCKETS - 1 {
            return self.first(b);
        }
        let (mut best, mut fewest) = (0, i32::MAX);
        self.each(b, |i| {
            if len[i as usize] < fewest {
                (best, fewest) = (i, len[i as usize]);
            }
            fewest != (BUCKETS - 1) as i32
        });
        Some(best)
    }

    fn leftmost(&self, _: &[i32]) -> Option<u32> {
        (0..BUCKETS).filter_map(|b| self.first(b)).min()
    }

    fn each_active<F: FnMut(u32) -> bool>(&self, len: &[i32], mut visit: F) {
        for (i, &l) in len[1..=self.primary].iter().enumerate() {
            if l & COVERED == 0 && !visit(i as u32 + 1) {
                return;
            }
        }
    }

    fn cover(&mut self, c: u32, len: &[i32]) {
        self.remove(c, bucket(len[c as usize]));
    }

    fn uncover(&mut self, c: u32, len: &[i32]) {
        self.insert(c, bucket(len[c as usize]));
    }

    #[inline(always)]
    fn shrunk(&mut self, i: u32, len: i32) {
        if len < (BUCKETS - 1) as i32 {
            self.remove(i, len as usize + 1);
            self.insert(i, len as usize);
        }
    }

    #[inline(always)]
    fn grew(&mut self, i: u32, len: i32) {
        if len < BUCKETS as i32 {
            self.remove(i, len as usize - 1);
            self.insert(i, len as usize);
        }
    }

    fn emptied(&mut self) {}

    fn refilled(&mut self) {}

    /// I5 for buckets.
    fn check(&self, len: &[i32]) -> Result<(), String> {
        let mut fresh = Buckets::new(&[0]);
        fresh.levels = self.levels.iter().map(|l| vec![0; l.len()]).collect();
        for (i, &l) in len[..=self.primary].iter().enumerate().skip(1) {
            if l & COVERED == 0 {
                fresh.insert(i as u32, bucket(l));
            }
        }
        if fresh.count != self.count {
            return Err(format!(
                "bucket sizes {:?}, not {:?}",
                self.count, fresh.count
            ));
        }
        match fresh
            .levels
            .iter()
            .zip(&self.levels)
            .position(|(a, b)| a != b)
        {
            Some(k) => Err(format!("the bits of level {k} disagree with the lengths")),
            None => Ok(()),
        }
    }
}
