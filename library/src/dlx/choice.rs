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

    /// An active primary item lost its last option.
    fn emptied(&mut self);

    /// An active primary item got back its only option.
    fn refilled(&mut self);

    /// Checks this state against `len`; the first violation found.
    fn check(&self, len: &[i32]) -> Result<(), String>;
}

/// Scans every primary item's length: nothing to keep up to date.
#[derive(Clone, Debug)]
pub struct Scan {
    primary: usize,
}

impl Choice for Scan {
    fn new(len: &[i32]) -> Scan {
        Scan {
            primary: len.len() - 1,
        }
    }

    /// Two passes without a branch that depends on the lengths: their
    /// least (covered ones are larger than any live count), a vector
    /// loop, then where it is. A loop that kept the best so far
    /// mispredicted on most items (a third of Algorithm C's time on
    /// colored random problems).
    fn fewest(&self, len: &[i32]) -> Option<u32> {
        let lens = &len[1..=self.primary];
        let fewest = lens.iter().fold(COVERED, |a, &l| a.min(l));
        let at = lens.iter().position(|&l| l == fewest)?;
        Some(at as u32 + 1).filter(|_| fewest < COVERED)
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

    fn cover(&mut self, _: u32, _: &[i32]) {}

    fn uncover(&mut self, _: u32, _: &[i32]) {}

    fn emptied(&mut self) {}

    fn refilled(&mut self) {}

    fn check(&self, _: &[i32]) -> Result<(), String> {
        Ok(())
    }
}

/// DLX1's list of active primary items, and how many of them have no
/// option left.
///
/// Invariant **I5**: `next`/`prev` is a doubly linked circular list
/// through 0 of exactly the active primary items, in increasing order,
/// and `empty` is the number of those with length 0.
#[derive(Clone, Debug)]
pub struct Listed {
    next: Vec<u32>,
    prev: Vec<u32>,
    empty: u32,
}

impl Choice for Listed {
    fn new(len: &[i32]) -> Listed {
        let p = len.len() as u32 - 1;
        Listed {
            next: (0..=p).map(|i| if i == p { 0 } else { i + 1 }).collect(),
            prev: (0..=p).map(|i| if i == 0 { p } else { i - 1 }).collect(),
            empty: len[1..].iter().filter(|&&l| l == 0).count() as u32,
        }
    }

    /// Stopping at a length of 0 cannot change the choice; stopping at 1
    /// could only if a later item had 0, which `empty == 0` rules out. A
    /// million items of one option each then take a second, not hours.
    fn fewest(&self, len: &[i32]) -> Option<u32> {
        let mut best = None;
        let mut fewest = COVERED;
        let mut i = self.next[0];
        while i != 0 {
            let l = len[i as usize];
            if l < fewest {
                best = Some(i);
                fewest = l;
                if l == 0 || (l == 1 && self.empty == 0) {
                    break;
                }
            }
            i = self.next[i as usize];
        }
        best
    }

    fn leftmost(&self, _: &[i32]) -> Option<u32> {
        Some(self.next[0]).filter(|&i| i != 0)
    }

    fn each_active<F: FnMut(u32) -> bool>(&self, _: &[i32], mut visit: F) {
        let mut i = self.next[0];
        while i != 0 && visit(i) {
            i = self.next[i as usize];
        }
    }

    /// Takes `c` off the list.
    fn cover(&mut self, c: u32, len: &[i32]) {
        let (p, n) = (self.prev[c as usize], self.next[c as usize]);
        self.next[p as usize] = n;
        self.prev[n as usize] = p;
        if len[c as usize] == 0 {
            self.empty -= 1;
        }
    }

    /// Puts `c` back: it remembers its neighbours.
    fn uncover(&mut self, c: u32, len: &[i32]) {
        let (p, n) = (self.prev[c as usize], self.next[c as usize]);
        self.next[p as usize] = c;
        self.prev[n as usize] = c;
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
