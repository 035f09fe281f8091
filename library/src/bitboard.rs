//! Sudoku of the standard shapes on bitboards: every digit's candidates
//! as bit sets, band by band, narrowed for all cells of a band at once by
//! word operations; a search that copies the board to guess.
//!
//! ```
//! use library::bitboard::nine::Solver;
//!
//! let puzzle = b".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
//! let givens: Vec<u8> = puzzle.iter().map(|&b| if b == b'.' { 0 } else { b - b'0' }).collect();
//! let found = Solver::new().solve(&givens, 2, u64::MAX).unwrap();
//! assert_eq!(found.solutions, 1); // the search stopped at two: one is all there is
//! assert_eq!(found.grid.unwrap()[..9], [5, 2, 7, 3, 8, 9, 4, 1, 6]);
//! ```
//!
//! [`nine`] is the 9 × 9 sudoku of 3 × 3 boxes, [`sixteen`] the 16 × 16
//! of 4 × 4 boxes (the same rules on a `u64` per band of four rows; its
//! module says what differs). The board engine
//! ([`crate::board`]) stays the engine of every other shape (jigsaw
//! regions, Latin groups, killer cages) and the fallback of these two:
//! [`nine::Solver::solve`] (and [`sixteen::Solver::solve`]) takes a
//! budget of guesses, and an adapter hands what it does not decide
//! within it to clause learning.
//!
//! Why a second engine: the board engine keeps a list of candidates per
//! cell and looks at one cell or one house at a time; the solvers people
//! race (tdoku, JCZSolve) keep a bit set per digit and decide a whole
//! band of 27 cells with a few word operations. The search itself is
//! ordinary: depth first, a guess a cell. What costs is each step, and
//! here a step is about 60 instructions (issue 40; the figures are in
//! `library/benches/sudoku.rs`).
//!
//! # Layout
//!
//! A *band* is three rows, 27 cells; cell `(r, c)` of band `b` (rows
//! `3b..3b + 3`) is bit `9r + c` of a `u32`. A *triad* is the three cells
//! where a row of a band meets a box: row `r` and box `k` of the band
//! hold bits `9r + 3k..9r + 3k + 3`, triad number `3r + k`.
//!
//! * `cand[16b + d]` is the set of cells of band `b` where digit `d + 1`
//!   may still go (digits 0-based inside). Words `16b + 9..16b + 16` stay
//!   0: a band is 16 consecutive words, so that a placement clears its
//!   cells from the band's words with three SSE2 loads and stores of four
//!   words, and learns which words had them from one movemask.
//! * `open[b]` is the set of cells of band `b` not placed yet.
//! * A set of words to look at again is a `u64`, bit `16b + d` for word
//!   `cand[16b + d]`.
//!
//! The board is 204 bytes and `Copy`: a guess copies it, and nothing is
//! ever undone.
//!
//! # Invariants
//!
//! * **I1** (soundness): every solution that completes the givens puts
//!   each of its digits on a candidate cell of that digit. Each rule below
//!   only removes cells no solution uses, so the board keeps I1.
//! * **I2**: a cell not in `open[b]` is *placed*: it is a candidate of one
//!   digit only, and the only candidate of that digit in its row.
//! * **I3**: between two calls of the rules, a word that changed since it
//!   was last looked at is in the pending set. So when the pending set is
//!   empty and R3 and R5 change nothing, no rule applies anywhere.
//!
//! # Rules
//!
//! For one digit and one band, the word `w`:
//!
//! * **R1, triads**: each row of the band holds the digit once, and so
//!   does each box: the three triads that hold it are one per row and one
//!   per box, a permutation of the boxes over the rows. A triad is
//!   *alive* while `w` has a cell in it. Keep only the triads that some
//!   permutation of alive triads uses (`KEEP`, a table of the 512 sets of
//!   alive triads); none is a contradiction. *Proof*: the triads of a
//!   solution form such a permutation and are alive by I1. R1 is the
//!   locked candidates of rows and boxes ("pointing" and "claiming"):
//!   a box whose candidates lie in one row has the only alive triad of
//!   its box column, every permutation uses it, and the row's other
//!   triads die; and it is the hidden single of a box, which becomes one
//!   of a row.
//! * **R4, placement**: a cell alone in its row for the digit holds it in
//!   every solution (the row holds the digit somewhere); it is placed and
//!   leaves every other digit's word. The cells alone in their row are
//!   found for the three rows at once: `w & (w - LOW)` clears each row's
//!   lowest cell (no row is empty after R1, so no borrow crosses rows),
//!   and a row left empty had one cell.
//! * **R2, pointing along columns**: a box of the band whose candidates
//!   lie in one column puts the digit in that column within this band, so
//!   the two other bands lose the column (`POINT`, from the set of
//!   columns where `w` has a candidate). A placed cell is such a box.
//!
//! For one digit and all three bands:
//!
//! * **R3, claims of columns**: a column where only one band has the
//!   digit holds it in that band, in the box the column crosses, so the
//!   box keeps the digit only in that column (`CLAIM`); two such columns
//!   in one box, or a column with no candidate, is a contradiction. This
//!   is the hidden single of a column (one cell left), and with R2 every
//!   locked candidate of columns and boxes: for the 3 × 3 table of the
//!   stack's columns and bands, removing what the singles of its rows
//!   (R2) and of its columns (R3) rule out leaves exactly the pairs a
//!   perfect matching uses, since a 3 × 3 table with a pair in no
//!   matching always has such a single.
//!
//! For one band and all digits:
//!
//! * **R5, naked singles**: count each cell's candidates up to two by
//!   bit-sliced addition over the nine words (`twice |= once & w; once
//!   |= w`); an open cell with none is a contradiction, one with one digit
//!   holds it, and becomes alone in its row (R4 then places it).
//!
//! A word is looked at (R1, R4, R2) when it changed; R5 and R3 run when
//! no word is pending, R3 only on the digits whose words changed since
//! it last ran. The givens are placed as the board is made (a digit
//! given twice in a row leaves its word empty, which R1 finds). At that fixpoint a board with no open cell is a
//! solution: each cell is placed for one digit (I2); a row's nine cells
//! are placed for nine different digits, since a digit is alone in its
//! row at each; two cells of a box or a column with the same digit would
//! have been removed by R1 or R2 when the first was placed.
//!
//! # Search
//!
//! At a fixpoint with open cells the search guesses: it picks an open
//! cell with two digits (where it has a choice, in the box with the most
//! open cells), puts there the one of its digits with the most
//! candidates in the cell's box, searches that board (a copy, one level
//! deeper in a recursion), then goes on with the board without that
//! digit in that cell. Both boards together hold every solution of the
//! board they came from, so the search finds every solution, each once.
//! It stops at a limit of solutions (2 proves that a puzzle has one) or
//! of guesses.

pub mod nine;
pub mod sixteen;
#[cfg(test)]
mod testing;

/// No solution completes the board as it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// What a search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Solutions found, up to the limit the search was given.
    pub solutions: usize,
    /// The first one's grid: a digit 1..=side per cell, row by row.
    pub grid: Option<Vec<u8>>,
    /// Guesses made: digits tried in a cell.
    pub guesses: u64,
}

/// Calls `f` compiled with POPCNT, BMI1 and BMI2 where the processor has
/// them (Rust's default x86-64 target has none): a bit count is then one
/// instruction rather than a dozen, and a loop over set bits two. `f` and
/// what it calls must be inlined into it (the searches mark their steps
/// `#[inline(always)]`); the answers are the same either way, since the
/// same source is compiled twice. AVX2 as well made no difference.
#[inline(always)]
pub(crate) fn fast<T>(f: impl FnOnce() -> T) -> T {
    #[cfg(target_arch = "x86_64")]
    if has_bmi() {
        // SAFETY: the processor has every instruction `with_bmi` enables.
        return unsafe { with_bmi(f) };
    }
    f()
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
unsafe fn with_bmi<T>(f: impl FnOnce() -> T) -> T {
    f()
}

/// Whether the processor has POPCNT, BMI1 and BMI2, which [`fast`]
/// compiles for. A search that recurses cannot be one closure: `nine`'s
/// is a function of its own compiled with them, called when this holds.
#[inline(always)]
pub(crate) fn has_bmi() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
