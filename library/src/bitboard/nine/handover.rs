//! What the bitboard search hands to the board engine: a puzzle it has
//! not decided within [`HANDOVER`] guesses.

use super::Solver;
use crate::board::{self, Houses, Plain};

/// Guesses [`Solver::complete`] may make before it hands a puzzle to the
/// board engine. No puzzle of the public benchmark sets needs more than
/// 801 to prove its solution unique (the forum's hardest; 17-clue
/// puzzles at most 623), about a millisecond; this is sixteen times as
/// many, for grids built to defeat a search.
pub const HANDOVER: u64 = 1 << 14;

impl Solver {
    /// A completion of `givens` (81 cells row by row, 0 or a digit 1-9),
    /// or `None` when there is none: the first the bitboard search finds
    /// within [`HANDOVER`] guesses, else the board engine's
    /// ([`crate::board::solve`], which learns from its failures).
    ///
    /// # Panics
    /// As [`Solver::solve`].
    pub fn complete(&mut self, givens: &[u8]) -> Option<Vec<u8>> {
        self.complete_within(givens, HANDOVER)
    }

    pub(super) fn complete_within(&mut self, givens: &[u8], budget: u64) -> Option<Vec<u8>> {
        match self.solve(givens, 1, budget) {
            Some(found) => found.grid,
            None => board::complete(&Houses::sudoku(3, 3), &Plain, givens),
        }
    }

    /// The completions of `givens` up to `limit` (at least 1) and the
    /// first one's grid: as [`Solver::complete`] decides whether there is
    /// one; then, if there is, counted by the bitboard search, which
    /// needs no budget once a solution is known (the board engine would
    /// list them without learning too, [`board::each`], only slower).
    ///
    /// # Panics
    /// As [`Solver::solve`].
    pub fn count(&mut self, givens: &[u8], limit: usize) -> (usize, Option<Vec<u8>>) {
        self.count_within(givens, limit, HANDOVER)
    }

    pub(super) fn count_within(
        &mut self,
        givens: &[u8],
        limit: usize,
        budget: u64,
    ) -> (usize, Option<Vec<u8>>) {
        match self.complete_within(givens, budget) {
            None => (0, None),
            Some(grid) if limit == 1 => (1, Some(grid)),
            Some(_) => {
                let found = self.solve(givens, limit, u64::MAX).expect("no budget");
                (found.solutions, found.grid)
            }
        }
    }
}
