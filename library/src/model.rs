//! Modelling helpers: items named by what they stand for, and options that
//! carry the candidate they stand for.
//!
//! ```
//! use library::dlx::{Search, Solver};
//! use library::model::{Items, Model};
//!
//! // Two pieces, each to be put on one of three cells in a row.
//! let mut items = Items::new();
//! let pieces = items.primary(2);
//! let cells = items.secondary(3);
//! let mut model = Model::new(&items);
//! for piece in 0..2 {
//!     for cell in 0..3 {
//!         model.add((piece, cell), &[pieces.at(piece), cells.at(cell)]);
//!     }
//! }
//! let solution = Solver::new(model.problem()).first().unwrap();
//! let placed: Vec<_> = model.payloads(&solution).collect();
//! assert_eq!(placed, [&(0, 0), &(1, 1)]);
//! ```
//!
//! An adapter asks a [`Items`] for one family of items per kind of
//! constraint (cells, row × digit, …), so that no item number is computed
//! by hand; a [`Model`] is the [`Problem`] built from them together with
//! one payload per option, so that a solution reads back as the candidates
//! chosen instead of item numbers to decode.

use crate::dlx::Problem;

/// Hands out the item numbers of a problem, family by family: the primary
/// families first, then the secondary ones.
#[derive(Clone, Debug, Default)]
pub struct Items {
    primary: usize,
    secondary: usize,
}

impl Items {
    /// No items yet.
    pub fn new() -> Items {
        Items::default()
    }

    /// The next `len` primary items.
    ///
    /// # Panics
    /// If a secondary family was handed out already (secondary items come
    /// after every primary one).
    pub fn primary(&mut self, len: usize) -> Family {
        assert!(
            self.secondary == 0,
            "primary items must come before secondary ones"
        );
        self.primary += len;
        Family {
            start: self.primary - len,
            len,
        }
    }

    /// The next `rows × columns` primary items, numbered row by row.
    ///
    /// # Panics
    /// As [`Items::primary`].
    pub fn primary_table(&mut self, rows: usize, columns: usize) -> Table {
        Table::of(self.primary(rows * columns), columns)
    }

    /// The next `len` secondary items.
    pub fn secondary(&mut self, len: usize) -> Family {
        self.secondary += len;
        Family {
            start: self.primary + self.secondary - len,
            len,
        }
    }

    /// The next `rows × columns` secondary items, numbered row by row.
    pub fn secondary_table(&mut self, rows: usize, columns: usize) -> Table {
        Table::of(self.secondary(rows * columns), columns)
    }

    /// A problem with these items and no option.
    pub fn problem(&self) -> Problem {
        Problem::new(self.primary, self.secondary)
    }
}

/// Consecutive items, one per index `0..len`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Family {
    start: usize,
    len: usize,
}

impl Family {
    /// The item of index `i`.
    ///
    /// # Panics
    /// If `i >= self.len()` (in debug builds).
    #[inline]
    pub fn at(self, i: usize) -> usize {
        debug_assert!(i < self.len, "index {i} of a family of {}", self.len);
        self.start + i
    }

    pub fn len(self) -> usize {
        self.len
    }

    pub fn is_empty(self) -> bool {
        self.len == 0
    }
}

/// Items indexed by two numbers, `(row, column)`, numbered row by row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    items: Family,
    columns: usize,
}

impl Table {
    fn of(items: Family, columns: usize) -> Table {
        Table { items, columns }
    }

    /// The item of `(row, column)`.
    ///
    /// # Panics
    /// If `column` is out of range (in debug builds), or `row` is.
    #[inline]
    pub fn at(self, row: usize, column: usize) -> usize {
        debug_assert!(column < self.columns);
        self.items.at(row * self.columns + column)
    }
}

/// An exact-cover problem whose options each stand for a value of type `T`.
#[derive(Clone, Debug)]
pub struct Model<T> {
    problem: Problem,
    payloads: Vec<T>,
}

impl<T> Model<T> {
    /// A model with the items handed out by `items` and no option.
    pub fn new(items: &Items) -> Model<T> {
        Model {
            problem: items.problem(),
            payloads: Vec::new(),
        }
    }

    /// Adds an option covering `items` that stands for `payload`; returns
    /// its number.
    ///
    /// # Panics
    /// If the option is not valid (an item out of range or named twice):
    /// items taken from [`Family`] and [`Table`] are valid by construction,
    /// so that is a bug of the caller.
    pub fn add(&mut self, payload: T, items: &[usize]) -> usize {
        match self.problem.add_option(items) {
            Ok(k) => {
                self.payloads.push(payload);
                k
            }
            Err(e) => panic!("an invalid option: {e}"),
        }
    }

    /// Lets each primary item of `family` be covered between `lo` and `hi`
    /// times (both included) instead of once: a problem for
    /// [`crate::dlx::multi`]. (On the model, not on [`Items`], so that
    /// models without bounds carry none of this.)
    ///
    /// ```
    /// use library::dlx::{multi, Search};
    /// use library::model::{Items, Model};
    ///
    /// // Cover a strip of 4 cells with dominoes (one or two) and squares
    /// // (at most one).
    /// let mut items = Items::new();
    /// let cells = items.primary(4);
    /// let (dominoes, squares) = (items.primary(1), items.primary(1));
    /// let mut model = Model::new(&items);
    /// model.set_bounds(dominoes, 1, 2);
    /// model.set_bounds(squares, 0, 1);
    /// for c in 0..3 {
    ///     model.add(("domino", c), &[dominoes.at(0), cells.at(c), cells.at(c + 1)]);
    /// }
    /// for c in 0..4 {
    ///     model.add(("square", c), &[squares.at(0), cells.at(c)]);
    /// }
    /// // Four cells need two dominoes (a domino and two squares would be
    /// // one square too many): one way.
    /// assert_eq!(multi::Solver::new(model.problem()).count(), 1);
    /// ```
    ///
    /// # Panics
    /// If `family` is not primary, `hi == 0` or `lo > hi`: a bug of the
    /// caller.
    pub fn set_bounds(&mut self, family: Family, lo: u32, hi: u32) {
        for i in 0..family.len {
            if let Err(e) = self.problem.set_bounds(family.at(i), lo, hi) {
                panic!("invalid bounds: {e}");
            }
        }
    }

    /// Adds an option whose entries are `(item, color)`, color 0 for none,
    /// that stands for `payload`; returns its number. Options that give a
    /// secondary item the same color may share it: a problem for
    /// [`crate::dlx::color`] (or [`crate::dlx::multi`] with bounds).
    ///
    /// ```
    /// use library::dlx::{color, Search};
    /// use library::model::{Items, Model};
    ///
    /// // Word squares of side 2 from "at", "to", "ta", "oa": rows and
    /// // columns primary, the four cells colored by their letters.
    /// let words = ["at", "to", "ta", "oa"];
    /// let mut items = Items::new();
    /// let (rows, columns) = (items.primary(2), items.primary(2));
    /// let cells = items.secondary_table(2, 2);
    /// let mut model = Model::new(&items);
    /// for word in words {
    ///     let letter = |k: usize| u32::from(word.as_bytes()[k]);
    ///     for i in 0..2 {
    ///         model.add_colored((word, 'r', i), &[(rows.at(i), 0), (cells.at(i, 0), letter(0)), (cells.at(i, 1), letter(1))]);
    ///         model.add_colored((word, 'c', i), &[(columns.at(i), 0), (cells.at(0, i), letter(0)), (cells.at(1, i), letter(1))]);
    ///     }
    /// }
    /// // Rows at/to, at/ta, to/oa, ta/at and oa/at: their columns are words.
    /// assert_eq!(color::Solver::new(model.problem()).count(), 5);
    /// ```
    ///
    /// # Panics
    /// If the option is not valid (an item out of range or named twice, a
    /// color on a primary item): a bug of the caller, as for [`Model::add`].
    pub fn add_colored(&mut self, payload: T, entries: &[(usize, u32)]) -> usize {
        match self.problem.add_colored_option(entries) {
            Ok(k) => {
                self.payloads.push(payload);
                k
            }
            Err(e) => panic!("an invalid option: {e}"),
        }
    }

    /// The problem to search.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The problem to search, to set how it branches.
    pub fn problem_mut(&mut self) -> &mut Problem {
        &mut self.problem
    }

    /// What option `k` stands for.
    ///
    /// # Panics
    /// If `k` is not an option of the model.
    pub fn payload(&self, k: usize) -> &T {
        &self.payloads[k]
    }

    /// What the options of a solution stand for, in the solution's order.
    pub fn payloads<'a>(&'a self, solution: &'a [usize]) -> impl Iterator<Item = &'a T> + 'a {
        solution.iter().map(move |&k| &self.payloads[k])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_are_consecutive_and_secondary_come_last() {
        let mut items = Items::new();
        let cells = items.primary(4);
        let digits = items.primary_table(2, 3);
        let marks = items.secondary(2);
        let pairs = items.secondary_table(2, 2);
        assert_eq!((cells.at(0), cells.at(3)), (0, 3));
        assert_eq!((digits.at(0, 0), digits.at(1, 2)), (4, 9));
        assert_eq!((marks.at(0), marks.at(1)), (10, 11));
        assert_eq!((pairs.at(0, 0), pairs.at(1, 1)), (12, 15));
        let problem = items.problem();
        assert_eq!((problem.primary(), problem.secondary()), (10, 6));
    }

    #[test]
    #[should_panic(expected = "primary items must come before")]
    fn primary_after_secondary_is_a_bug() {
        let mut items = Items::new();
        items.secondary(1);
        items.primary(1);
    }

    #[test]
    fn payloads_follow_their_options() {
        let mut items = Items::new();
        let cells = items.primary(2);
        let mut model = Model::new(&items);
        assert_eq!(model.add('a', &[cells.at(0)]), 0);
        assert_eq!(model.add('b', &[cells.at(0), cells.at(1)]), 1);
        assert_eq!(model.add('c', &[cells.at(1)]), 2);
        assert_eq!(model.payload(1), &'b');
        let chosen: String = model.payloads(&[2, 0]).collect();
        assert_eq!(chosen, "ca");
    }

    #[test]
    #[should_panic(expected = "an invalid option")]
    fn a_repeated_item_is_a_bug() {
        let mut items = Items::new();
        let cells = items.primary(2);
        let mut model = Model::new(&items);
        model.add((), &[cells.at(1), cells.at(1)]);
    }

    #[test]
    fn bounds_are_set_family_by_family() {
        let mut items = Items::new();
        let cells = items.primary(2);
        let pieces = items.primary(2);
        let marks = items.secondary(1);
        let mut model: Model<()> = Model::new(&items);
        model.set_bounds(pieces, 0, 3);
        let problem = model.problem();
        assert_eq!((cells.at(1), pieces.at(0), marks.at(0)), (1, 2, 4));
        assert_eq!(problem.bounds(cells.at(0)), (1, 1));
        assert_eq!(problem.bounds(pieces.at(1)), (0, 3));
        assert!(problem.has_bounds());
    }

    #[test]
    #[should_panic(expected = "invalid bounds")]
    fn bounds_on_secondary_items_are_a_bug() {
        let mut items = Items::new();
        let marks = items.secondary(1);
        let mut model: Model<()> = Model::new(&items);
        model.set_bounds(marks, 1, 2);
    }

    #[test]
    #[should_panic(expected = "an invalid option")]
    fn a_color_on_a_primary_item_is_a_bug() {
        let mut items = Items::new();
        let cells = items.primary(1);
        let mut model = Model::new(&items);
        model.add_colored((), &[(cells.at(0), 1)]);
    }
}
