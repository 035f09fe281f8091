//! Tiling puzzles as exact cover: pieces placed on the cells of a board.
//!
//! ```
//! use library::dlx::{Search, Solver};
//! use library::geometry::Board;
//! use library::tiling::Tiling;
//!
//! // A domino (piece 0) and a monomino (piece 1) on a row of three cells.
//! let row = Board::new(&[[0, 0], [0, 1], [0, 2]]);
//! let mut tiling = Tiling::new(2, row.len());
//! for cells in row.placements(&[[0, 0], [0, 1]]) {
//!     tiling.place(0, &cells);
//! }
//! for cells in row.placements(&[[0, 0]]) {
//!     tiling.place(1, &cells);
//! }
//! assert_eq!(Solver::new(tiling.problem()).count(), 2);
//! let first = Solver::new(tiling.problem()).first().unwrap();
//! assert_eq!(tiling.pieces_by_cell(&first), [0, 0, 1]);
//! ```
//!
//! The items are those of Knuth's polyomino and Soma examples (TAOCP
//! 7.2.2.1), all primary: the pieces first, then the cells; an option is
//! a piece and the cells it covers. [`Tiling`] numbers the items, so that
//! an adapter speaks of pieces and cells only, from the options it adds
//! to the solution it reads back.
//!
//! Pieces that may stay in the box ([`Tiling::optional`]) are secondary
//! items instead, covered at most once (Knuth's way to let a piece go
//! unused, TAOCP 7.2.2.1): the cells come first then, as primary items
//! must.
//!
//! It is [`crate::model`] for one kind of puzzle: a `Model` with a family
//! of pieces, a family of cells and the cells as payloads would do the
//! same, but costs each tiling submission about 2 KB more (they are single
//! files under a size limit) for numbering that is one addition, and
//! keeps every option's cells twice.

use crate::dlx::Problem;

/// The exact-cover problem of putting `pieces` pieces on `cells` cells,
/// each piece once and each cell covered once.
#[derive(Clone, Debug)]
pub struct Tiling {
    problem: Problem,
    pieces: usize,
    cells: usize,
    /// The item of piece 0, and of cell 0.
    first_piece: usize,
    first_cell: usize,
}

impl Tiling {
    /// No placement yet. Piece `p` is item `p`, cell `c` item `pieces + c`
    /// (the numbering of `instances/p4205-empty.dlx`).
    pub fn new(pieces: usize, cells: usize) -> Tiling {
        Tiling {
            problem: Problem::new(pieces + cells, 0),
            pieces,
            cells,
            first_piece: 0,
            first_cell: pieces,
        }
    }

    /// No placement yet, and every piece optional: each used at most
    /// once, the cells still covered exactly once. Cell `c` is item `c`,
    /// piece `p` the secondary item `cells + p`.
    ///
    /// ```
    /// use library::dlx::{Search, Solver};
    /// use library::tiling::Tiling;
    ///
    /// // Two cells, and three monominoes of which two are needed.
    /// let mut tiling = Tiling::optional(3, 2);
    /// for piece in 0..3 {
    ///     for cell in 0..2 {
    ///         tiling.place(piece, &[cell]);
    ///     }
    /// }
    /// assert_eq!(Solver::new(tiling.problem()).count(), 6);
    /// ```
    pub fn optional(pieces: usize, cells: usize) -> Tiling {
        Tiling {
            problem: Problem::new(cells, pieces),
            pieces,
            cells,
            first_piece: cells,
            first_cell: 0,
        }
    }

    /// Adds the option of `piece` covering `cells`: the piece's item, then
    /// the cells' items in the order given.
    ///
    /// # Panics
    /// If the piece or a cell is out of range, or a cell is named twice:
    /// a caller's bug, as in [`crate::model::Model::add`].
    pub fn place(&mut self, piece: usize, cells: &[usize]) {
        assert!(piece < self.pieces);
        let mut items = vec![self.first_piece + piece];
        items.extend(cells.iter().map(|&cell| self.first_cell + cell));
        if let Err(e) = self.problem.add_option(&items) {
            panic!("an invalid option: {e}");
        }
    }

    /// The problem to search.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The piece on each cell when the options of `solution` are chosen
    /// (0 for a cell they leave uncovered, which a solution never does).
    pub fn pieces_by_cell(&self, solution: &[usize]) -> Vec<usize> {
        let mut pieces = vec![0; self.cells];
        for &k in solution {
            let mut items = self.problem.option(k);
            if let Some(piece) = items.next() {
                for item in items {
                    pieces[item - self.first_cell] = piece - self.first_piece;
                }
            }
        }
        pieces
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_come_first_then_cells() {
        let mut tiling = Tiling::new(2, 3);
        tiling.place(1, &[2, 0]);
        tiling.place(0, &[1]);
        let problem = tiling.problem();
        assert_eq!((problem.primary(), problem.secondary()), (5, 0));
        assert_eq!(problem.option(0).collect::<Vec<_>>(), [1, 4, 2]);
        assert_eq!(problem.option(1).collect::<Vec<_>>(), [0, 3]);
        assert_eq!(tiling.pieces_by_cell(&[1, 0]), [1, 0, 1]);
        assert_eq!(tiling.pieces_by_cell(&[]), [0, 0, 0]);
    }

    #[test]
    fn optional_pieces_are_secondary_after_the_cells() {
        let mut tiling = Tiling::optional(2, 3);
        tiling.place(1, &[2, 0]);
        tiling.place(0, &[1]);
        let problem = tiling.problem();
        assert_eq!((problem.primary(), problem.secondary()), (3, 2));
        assert_eq!(problem.option(0).collect::<Vec<_>>(), [4, 2, 0]);
        assert_eq!(tiling.pieces_by_cell(&[1, 0]), [1, 0, 1]);
    }

    #[test]
    #[should_panic(expected = "an invalid option")]
    fn a_cell_named_twice_is_a_bug() {
        Tiling::new(1, 2).place(0, &[1, 1]);
    }

    #[test]
    #[should_panic(expected = "an invalid option")]
    fn a_cell_out_of_range_is_a_bug() {
        Tiling::new(1, 2).place(0, &[2]);
    }

    #[test]
    #[should_panic(expected = "piece < self.pieces")]
    fn a_piece_out_of_range_is_a_bug() {
        Tiling::new(1, 2).place(1, &[0]);
    }
}
