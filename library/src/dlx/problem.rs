//! The exact-cover problem that every engine searches: items, options made
//! of items, and how a search branches.
//!
//! ```
//! use library::dlx::{Error, Problem};
//!
//! let mut problem = Problem::new(2, 1); // items 0, 1 primary; 2 secondary
//! assert_eq!(problem.add_option(&[0, 2])?, 0);
//! assert_eq!(problem.add_option(&[1])?, 1);
//! assert_eq!(problem.add_option(&[1, 1]), Err(Error::RepeatedItem { option: 2, item: 1 }));
//! assert_eq!(problem.option(0).collect::<Vec<_>>(), [0, 2]);
//! # Ok::<(), library::dlx::Error>(())
//! ```

use std::fmt;

use crate::dlx::COVERED;

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
    pub(crate) primary: usize,
    pub(crate) secondary: usize,
    /// The items of every option, one after another.
    pub(crate) items: Vec<u32>,
    /// Option `k` is `items[starts[k]..starts[k + 1]]`.
    starts: Vec<u32>,
    pub(crate) branching: Branching,
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

    /// The items of option `k`, as stored.
    pub(crate) fn slice(&self, k: usize) -> &[u32] {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
