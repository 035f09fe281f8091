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
    /// Option `option` gives a color to primary item `item` (only
    /// secondary items take colors).
    ColoredPrimary { option: usize, item: usize },
    /// Bounds were given to item `item`, which is not a primary item.
    BoundsOnSecondary { item: usize },
    /// Item `item` was given bounds `lo..=hi` with `hi == 0` or `lo > hi`.
    InvalidBounds { item: usize, lo: u32, hi: u32 },
    /// Option `option` was given a cost above [`MAX_COST`].
    CostTooLarge { option: usize, cost: u64 },
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
            Error::ColoredPrimary { option, item } => write!(
                f,
                "option {option} gives a color to item {item}, a primary item (only secondary items take colors)"
            ),
            Error::BoundsOnSecondary { item } => write!(
                f,
                "item {item} is not a primary item (only primary items take bounds)"
            ),
            Error::InvalidBounds { item, lo, hi } => match hi {
                0 => write!(f, "item {item}: the upper bound is 0 (it must be at least 1)"),
                _ => write!(f, "item {item}: the lower bound {lo} exceeds the upper bound {hi}"),
            },
            Error::CostTooLarge { option, cost } => write!(
                f,
                "option {option} costs {cost}, more than the largest cost, {MAX_COST}"
            ),
        }
    }
}

impl std::error::Error for Error {}

/// The largest cost an option may have ([`Problem::set_cost`]): a
/// solution of at most 2^30 options then costs less than 2^62, so that
/// sums never overflow and `u64::MAX` stays free to mean "no cutoff yet".
pub const MAX_COST: u64 = u32::MAX as u64;

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
///
/// Three generalisations, each searched by its own engine:
///
/// * **Colors** ([`Problem::add_colored_option`]): an option may give a
///   secondary item a color. Options that give it the same color may share
///   it; an option that names it without a color still takes it alone.
///   Knuth's Algorithm C ([`crate::dlx::color`]).
/// * **Bounds** ([`Problem::set_bounds`]): a primary item may be covered
///   between `lo` and `hi` times instead of exactly once. Knuth's
///   Algorithm M ([`crate::dlx::multi`]), which takes colors too.
///
/// ```
/// use library::dlx::Problem;
///
/// // Item 0 primary, covered one or two times; item 1 secondary.
/// let mut problem = Problem::new(1, 1);
/// problem.set_bounds(0, 1, 2)?;
/// problem.add_colored_option(&[(0, 0), (1, 7)])?; // 1 with color 7
/// problem.add_colored_option(&[(0, 0), (1, 7)])?; // the same color: both fit
/// problem.add_option(&[0, 1])?; // 1 without color: alone
/// assert!(problem.has_colors() && problem.has_bounds());
/// assert_eq!(problem.colored_option(0).collect::<Vec<_>>(), [(0, 0), (1, 7)]);
/// # Ok::<(), library::dlx::Error>(())
/// ```
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
    /// `(entry, color)` for every entry of `items` that has a color, in
    /// increasing order of entries; empty for a problem without colors.
    pub(crate) colors: Vec<(u32, u32)>,
    /// `(lo, hi)` for every primary item, or empty while every primary
    /// item is to be covered exactly once.
    pub(crate) bounds: Vec<(u32, u32)>,
    /// The cost of every option, or empty while no option was given one.
    costs: Vec<u32>,
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
            colors: Vec::new(),
            bounds: Vec::new(),
            costs: Vec::new(),
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
        if !self.costs.is_empty() {
            self.costs.push(0);
        }
        Ok(option)
    }

    /// Adds an option whose entries are `(item, color)`, color 0 standing
    /// for none, and returns its number. Only secondary items take colors.
    ///
    /// Fails, leaving the problem unchanged, as [`Problem::add_option`]
    /// does, or if it gives a primary item a color.
    pub fn add_colored_option(&mut self, entries: &[(usize, u32)]) -> Result<usize, Error> {
        let option = self.options();
        let primary = self.primary;
        if let Some(&(item, _)) = entries.iter().find(|&&(i, c)| c != 0 && i < primary) {
            return Err(Error::ColoredPrimary { option, item });
        }
        let items: Vec<usize> = entries.iter().map(|&(item, _)| item).collect();
        let first = self.items.len();
        self.add_option(&items)?;
        let colored = entries.iter().enumerate().filter(|(_, (_, c))| *c != 0);
        self.colors
            .extend(colored.map(|(j, &(_, color))| ((first + j) as u32, color)));
        Ok(option)
    }

    /// Lets primary item `item` be covered between `lo` and `hi` times
    /// (both included) instead of exactly once.
    ///
    /// Fails, leaving the problem unchanged, if `item` is not primary,
    /// `hi == 0` or `lo > hi`.
    pub fn set_bounds(&mut self, item: usize, lo: u32, hi: u32) -> Result<(), Error> {
        if item >= self.primary {
            return Err(Error::BoundsOnSecondary { item });
        }
        if hi == 0 || lo > hi {
            return Err(Error::InvalidBounds { item, lo, hi });
        }
        if self.bounds.is_empty() {
            self.bounds = vec![(1, 1); self.primary];
        }
        self.bounds[item] = (lo, hi);
        Ok(())
    }

    /// How many times primary item `item` may be covered: `(lo, hi)`,
    /// `(1, 1)` unless [`Problem::set_bounds`] said otherwise.
    ///
    /// # Panics
    /// If `item` is not a primary item.
    pub fn bounds(&self, item: usize) -> (u32, u32) {
        assert!(item < self.primary, "item {item} is not primary");
        self.bounds.get(item).copied().unwrap_or((1, 1))
    }

    /// Gives option `option` the cost `cost` (0 until then): the min-cost
    /// engine ([`crate::dlx::cost`]) looks for the solutions whose
    /// options cost least in all.
    ///
    /// Fails, leaving the problem unchanged, if `cost` exceeds
    /// [`MAX_COST`].
    ///
    /// # Panics
    /// If `option >= self.options()`.
    pub fn set_cost(&mut self, option: usize, cost: u64) -> Result<(), Error> {
        assert!(option < self.options(), "no option {option}");
        if cost > MAX_COST {
            return Err(Error::CostTooLarge { option, cost });
        }
        if self.costs.is_empty() {
            self.costs = vec![0; self.options()];
        }
        self.costs[option] = cost as u32;
        Ok(())
    }

    /// The cost of option `option` (0 unless [`Problem::set_cost`] gave
    /// it one).
    ///
    /// # Panics
    /// If `option >= self.options()`.
    pub fn cost(&self, option: usize) -> u64 {
        assert!(option < self.options(), "no option {option}");
        self.costs.get(option).map_or(0, |&c| u64::from(c))
    }

    /// Whether an option was given a cost (even 0): a problem for the
    /// min-cost engine.
    pub fn has_costs(&self) -> bool {
        !self.costs.is_empty()
    }

    /// Whether the problem is one for Algorithm X: no colors, no bounds.
    pub(crate) fn is_plain(&self) -> bool {
        !self.has_colors() && !self.has_bounds()
    }

    /// Whether an option gives a color to an item.
    pub fn has_colors(&self) -> bool {
        !self.colors.is_empty()
    }

    /// Whether a primary item has bounds other than `(1, 1)`.
    pub fn has_bounds(&self) -> bool {
        self.bounds.iter().any(|&b| b != (1, 1))
    }

    /// The entries of option `k` with their colors (0: none), in the order
    /// they were given.
    ///
    /// # Panics
    /// If `k >= self.options()`.
    pub fn colored_option(&self, k: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
        let first = self.starts[k];
        let colors = self.entry_colors(k);
        self.option(k).zip(first..).map(move |(item, entry)| {
            let color = colors.iter().find(|&&(e, _)| e == entry);
            (item, color.map_or(0, |&(_, c)| c))
        })
    }

    /// The `(entry, color)` pairs of option `k`'s colored entries.
    pub(crate) fn entry_colors(&self, k: usize) -> &[(u32, u32)] {
        let (first, end) = (self.starts[k], self.starts[k + 1]);
        let from = self.colors.partition_point(|&(e, _)| e < first);
        let to = self.colors.partition_point(|&(e, _)| e < end);
        &self.colors[from..to]
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

    /// Frees what only adding options needs, and the spare room of the
    /// growing arrays: a problem read whole keeps what it holds.
    pub(crate) fn shrink_to_fit(&mut self) {
        self.seen = Vec::new();
        self.items.shrink_to_fit();
        self.starts.shrink_to_fit();
        self.colors.shrink_to_fit();
        self.costs.shrink_to_fit();
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

    #[test]
    fn colors_are_kept_per_entry() {
        let mut problem = Problem::new(2, 2);
        problem.add_option(&[0, 2]).unwrap();
        assert!(!problem.has_colors());
        assert_eq!(problem.add_colored_option(&[(3, 5), (1, 0), (2, 0)]), Ok(1));
        problem.add_option(&[1, 3]).unwrap();
        assert_eq!(problem.add_colored_option(&[(2, 9), (0, 0)]), Ok(3));
        assert!(problem.has_colors() && !problem.is_plain());
        let colored: Vec<Vec<(usize, u32)>> = (0..4)
            .map(|k| problem.colored_option(k).collect())
            .collect();
        assert_eq!(
            colored,
            [
                vec![(0, 0), (2, 0)],
                vec![(3, 5), (1, 0), (2, 0)],
                vec![(1, 0), (3, 0)],
                vec![(2, 9), (0, 0)]
            ]
        );
        // What the plain view sees: the items only.
        assert_eq!(problem.option(1).collect::<Vec<_>>(), [3, 1, 2]);
    }

    #[test]
    fn invalid_colors_and_bounds_are_errors() {
        let mut problem = Problem::new(2, 1);
        assert_eq!(
            problem.add_colored_option(&[(2, 1), (1, 3)]),
            Err(Error::ColoredPrimary { option: 0, item: 1 })
        );
        assert_eq!(
            problem.add_colored_option(&[(2, 1), (2, 1)]),
            Err(Error::RepeatedItem { option: 0, item: 2 })
        );
        assert_eq!(problem.options(), 0);
        assert!(!problem.has_colors());
        assert_eq!(
            problem.set_bounds(2, 1, 2),
            Err(Error::BoundsOnSecondary { item: 2 })
        );
        assert_eq!(
            problem.set_bounds(0, 0, 0),
            Err(Error::InvalidBounds {
                item: 0,
                lo: 0,
                hi: 0
            })
        );
        assert_eq!(
            problem.set_bounds(0, 3, 2),
            Err(Error::InvalidBounds {
                item: 0,
                lo: 3,
                hi: 2
            })
        );
        assert!(problem.is_plain());
        problem.set_bounds(1, 1, 1).unwrap();
        assert!(problem.is_plain());
        problem.set_bounds(1, 0, 2).unwrap();
        assert_eq!((problem.bounds(0), problem.bounds(1)), ((1, 1), (0, 2)));
        assert!(problem.has_bounds());
        assert!(Error::InvalidBounds {
            item: 0,
            lo: 3,
            hi: 2
        }
        .to_string()
        .contains("lower bound 3 exceeds the upper bound 2"));
    }
}
