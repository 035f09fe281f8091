//! Grids of grouped symbols: every cell takes one symbol, and every group
//! of cells holds each symbol exactly once. Sudoku (rows, columns, boxes),
//! jigsaw sudoku (irregular regions instead of boxes) and Latin squares
//! (rows, columns, and any groups) are all this one model.
//!
//! ```
//! use library::dlx::{Search, Solver};
//! use library::grouped::Grouped;
//!
//! // A 4x4 sudoku with 2x2 boxes and the top row given.
//! let grid = Grouped::sudoku(2, 2);
//! let given = [Some(0), Some(1), Some(2), Some(3)];
//! let model = grid.model(|cell, symbol| match given.get(cell) {
//!     Some(&Some(s)) => s == symbol,
//!     _ => true,
//! });
//! let solution = Solver::new(model.problem()).first().unwrap();
//! let mut filled = vec![0; 16];
//! for &(cell, symbol) in model.payloads(&solution) {
//!     filled[cell] = symbol;
//! }
//! assert_eq!(&filled[..8], &[0, 1, 2, 3, 2, 3, 0, 1]);
//! ```
//!
//! # Exact cover
//!
//! Items: one per cell ("the cell holds a symbol"), numbered as the cells,
//! then one per (group, symbol) ("the group holds the symbol"), group by
//! group. The option for symbol `s` in cell `c` covers the cell's item and
//! `(g, s)` for every group `g` of the cell. All items are primary, so
//! every group must have as many cells as there are symbols.
//!
//! Options come cell by cell, symbols in increasing order: with
//! [`Branching::InOrder`](crate::dlx::Branching::InOrder) the search then
//! fills the cells in order and finds the solutions in lexicographic order
//! of the grid read cell by cell.

use crate::model::{Family, Items, Model, Table};

/// The cells, symbols and groups of a grid; see the module docs.
#[derive(Clone, Debug)]
pub struct Grouped {
    cells: usize,
    symbols: usize,
    /// The groups of each cell, in the order the groups were added.
    groups_of: Vec<Vec<usize>>,
    groups: usize,
}

impl Grouped {
    /// `cells` cells taking `symbols` symbols, and no group yet.
    pub fn new(cells: usize, symbols: usize) -> Grouped {
        Grouped {
            cells,
            symbols,
            groups_of: vec![Vec::new(); cells],
            groups: 0,
        }
    }

    /// A `side × side` square whose rows and columns are groups (cell
    /// `(r, c)` is `r * side + c`; symbols `0..side`).
    pub fn square(side: usize) -> Grouped {
        let mut grid = Grouped::new(side * side, side);
        for r in 0..side {
            grid.add_group((0..side).map(|c| r * side + c));
        }
        for c in 0..side {
            grid.add_group((0..side).map(|r| r * side + c));
        }
        grid
    }

    /// A sudoku of `box_rows × box_columns` boxes: a square of side
    /// `box_rows * box_columns` whose boxes are groups too.
    pub fn sudoku(box_rows: usize, box_columns: usize) -> Grouped {
        let side = box_rows * box_columns;
        let mut grid = Grouped::square(side);
        // Boxes are box_columns wide, so a row of boxes holds box_rows of them.
        for b in 0..side {
            let (top, left) = (b / box_rows * box_rows, b % box_rows * box_columns);
            grid.add_group(
                (0..side).map(|k| (top + k / box_columns) * side + left + k % box_columns),
            );
        }
        grid
    }

    /// Adds a group: the cells that must hold each symbol once.
    ///
    /// # Panics
    /// If a cell is out of range.
    pub fn add_group(&mut self, cells: impl IntoIterator<Item = usize>) {
        for cell in cells {
            self.groups_of[cell].push(self.groups);
        }
        self.groups += 1;
    }

    /// The groups of `cell`, in the order they were added.
    pub fn groups_of(&self, cell: usize) -> &[usize] {
        &self.groups_of[cell]
    }

    /// The item families: cells, then (group, symbol).
    pub fn items(&self) -> (Items, Family, Table) {
        let mut items = Items::new();
        let cells = items.primary(self.cells);
        let holds = items.primary_table(self.groups, self.symbols);
        (items, cells, holds)
    }

    /// Appends to `out` the items that `symbol` in `cell` covers.
    pub fn items_of(&self, cell: usize, symbol: usize, out: &mut Vec<usize>) {
        let (_, cells, holds) = self.items();
        out.push(cells.at(cell));
        out.extend(self.groups_of[cell].iter().map(|&g| holds.at(g, symbol)));
    }

    /// The exact cover with an option for every `(cell, symbol)` that
    /// `allowed` allows, cell by cell, symbols in increasing order; each
    /// option carries its `(cell, symbol)`.
    pub fn model(&self, allowed: impl Fn(usize, usize) -> bool) -> Model<(usize, usize)> {
        let (items, _, _) = self.items();
        let mut model = Model::new(&items);
        let mut option = Vec::with_capacity(4);
        for cell in 0..self.cells {
            for symbol in (0..self.symbols).filter(|&s| allowed(cell, s)) {
                option.clear();
                self.items_of(cell, symbol, &mut option);
                model.add((cell, symbol), &option);
            }
        }
        model
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::{Search, Solver};

    #[test]
    fn sudoku_boxes_are_the_usual_ones() {
        let grid = Grouped::sudoku(3, 3);
        // Rows 0..9, columns 9..18, boxes 18..27; cell 40 is the centre.
        assert_eq!(grid.groups_of(40), &[4, 13, 22]);
        assert_eq!(grid.groups_of(80), &[8, 17, 26]);
        assert_eq!(grid.groups_of(27), &[3, 9, 21]);
        // 2x3 boxes: two boxes side by side, three rows of them.
        let six = Grouped::sudoku(2, 3);
        assert_eq!(six.groups_of(3)[2], 12 + 1);
        assert_eq!(six.groups_of(6 * 2)[2], 12 + 2);
        assert_eq!(six.groups_of(35)[2], 12 + 5);
    }

    #[test]
    fn latin_squares_of_order_four_number_576() {
        let grid = Grouped::square(4);
        let model = grid.model(|_, _| true);
        assert_eq!(Solver::new(model.problem()).count(), 576);
    }

    #[test]
    fn four_by_four_sudokus_number_288() {
        let model = Grouped::sudoku(2, 2).model(|_, _| true);
        assert_eq!(Solver::new(model.problem()).count(), 288);
    }

    #[test]
    fn options_carry_cell_and_symbol_in_order() {
        let grid = Grouped::square(2);
        let model = grid.model(|cell, symbol| cell != 0 || symbol == 1);
        let payloads: Vec<_> = (0..model.problem().options())
            .map(|k| *model.payload(k))
            .collect();
        assert_eq!(
            payloads,
            [(0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1)]
        );
        let mut items = Vec::new();
        grid.items_of(3, 1, &mut items);
        // Cell 3, then row 1 with symbol 1, then column 1 with symbol 1.
        assert_eq!(items, [3, 4 + 2 + 1, 4 + 3 * 2 + 1]);
    }
}
