//! The 16 × 16 sudoku of 4 × 4 boxes on bitboards: per digit, one 64-bit
//! word per band, the same engine as [`super::nine`] one size up.
//!
//! ```
//! use library::bitboard::sixteen::Solver;
//!
//! let rows = [
//!     "--A----C-----O-I", "-J--A-B-P-CGF-H-", "--D--F-I-E----P-", "-G-EL-H----M-J--",
//!     "----E----C--G---", "-I--K-GA-B---E-J", "D-GP--J-F----A--", "-E---C-B--DP--O-",
//!     "E--F-M--D--L-K-A", "-C--------O-I-L-", "H-P-C--F-A--B---", "---G-OD---J----H",
//!     "K---J----H-A-P-L", "--B--P--E--K--A-", "-H--B--K--FI-C--", "--F---C--D--H-N-",
//! ];
//! let givens: Vec<u8> = rows
//!     .concat()
//!     .bytes()
//!     .map(|b| if b == b'-' { 0 } else { b - b'A' + 1 })
//!     .collect();
//! let found = Solver::new().solve(&givens, 2, u64::MAX).unwrap();
//! assert_eq!(found.solutions, 1);
//! // F P A H M J E C: the first row's letters, A = 1.
//! assert_eq!(found.grid.unwrap()[..8], [6, 16, 1, 8, 13, 10, 5, 3]);
//! ```
//!
//! # Layout
//!
//! A *band* is four rows, 64 cells: cell `(r, c)` of band `b` (rows
//! `4b..4b + 4`) is bit `16r + c` of a `u64`. A *tetrad* is the four cells
//! where a row of a band meets a box: row `r` and box `k` hold bits
//! `16r + 4k..16r + 4k + 4`, tetrad number `4r + k` (so tetrad `t` is the
//! nibble `t` of the word).
//!
//! * `cand[16b + d]` is the set of cells of band `b` where digit `d + 1`
//!   may still go: 64 words, none idle.
//! * `open[b]` is the set of cells of band `b` not placed yet.
//! * A set of words to look at again is a `u64`, bit `16b + d`.
//! * `alive[16b + d]` is the set of tetrads rule R1 kept when it last
//!   narrowed word `16b + d` (all 16 before it first did).
//!
//! The board is 672 bytes and `Copy`; a guess copies it.
//!
//! # Invariants and rules
//!
//! I1 (every solution stays on candidates), I2 (a placed cell is its
//! digit's only candidate, and the digit's only one in its row) and I3
//! (a word changed since it was last looked at is pending) are those of
//! [`crate::bitboard`], and so is the argument that a fixpoint with no
//! open cell is a solution. The rules, for one digit:
//!
//! * **R1, tetrads** (one band): the four tetrads holding the digit are
//!   one per row and one per box, a permutation. Keep the tetrads some
//!   permutation of alive tetrads uses; none is a contradiction. *Proof*:
//!   a solution's tetrads are such a permutation, alive by I1. The table
//!   of the 65 536 sets of alive tetrads ([`keep_table`]) is built once
//!   per [`Solver`], at run time: each of the 24 permutations is the
//!   answer for itself, and a set's answer is the union of its subsets'.
//!   The table is 128 KiB, past the first-level cache, so a word whose
//!   tetrads are still those of `alive` skips it: R1 keeps what it kept
//!   (a set it answers with answers itself), and the word lies within
//!   them.
//! * **R4, placement** (one band): a cell alone in its row holds the
//!   digit. `w & (w - LOW)` clears each row's lowest cell (R1 left no row
//!   empty, so no borrow crosses rows); a row left empty had one.
//! * **R2, pointing along columns** (one band): a box whose candidates
//!   lie in one column puts the digit in that column within this band;
//!   the three other bands lose the column.
//! * **R3, claims of columns** (four bands): a column where one band
//!   alone has the digit holds it in that band's box, which keeps the
//!   digit only in that column; two such columns in one box, or a column
//!   with no candidate, is a contradiction. Unlike 3 × 3, the 4 × 4 table
//!   of a stack's columns and bands can hold a pair no matching uses and
//!   no single of R2 or R3 removes (two columns confined to two bands);
//!   the search decides those.
//! * **R5, naked singles** (one band, sixteen words): counted to two by
//!   bit-sliced addition; an open cell with none is a contradiction, one
//!   with one takes it.
//!
//! R5 and R3 run when no word is pending, R5 on the bands and R3 on the
//! digits with a word changed since they last ran: each reads only its
//! band's (digit's) words, so on the others it would find what it found.
//!
//! The search is that of [`super::nine`] (the smaller digit first, the
//! other pushed as a copy) but for the cell it picks: among those with
//! two digits, one with the most open cells in its row, column and box,
//! and of those one whose two digits have the fewest candidates there.
//! Placing a digit where it has the most open peers removes the most
//! candidates, on both branches. On the 300 `locally-minimal` puzzles of
//! seed 32 (and of seed 33) the choice of `nine`, the box with the most
//! open cells, took 140 778 guesses in all and 10 884 at most (148 367
//! and 9 803); this one 94 613 and 3 559 (103 202 and 3 898).

use crate::bitboard::{Contradiction, Found};
use crate::board::{self, Houses, Plain};

/// The 16 cells of a row (of the first row of a band), and the columns
/// of a band as a set.
const ROW: u64 = 0xFFFF;
/// The first cell of each row of a band: a set of columns times `LOW` is
/// those columns in all four rows.
const LOW: u64 = 0x0001_0001_0001_0001;
/// The last cell of each row, and the fifteen before it.
const HIGH: u64 = LOW << 15;
const LOW15: u64 = 0x7FFF * LOW;
/// The first cell of each tetrad.
const NIBBLES: u64 = 0x1111_1111_1111_1111;

/// Tetrads alive (bit `4r + k`) → the tetrads some permutation of alive
/// tetrads uses (rule R1), for every set of alive tetrads.
fn keep_table() -> Box<[u16; 1 << 16]> {
    let mut table = vec![0u16; 1 << 16];
    for a in 0..4 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                let d = 6 - a - b - c;
                let used = 1 << a | 1 << (4 + b) | 1 << (8 + c) | 1 << (12 + d);
                table[used] = used as u16;
            }
        }
    }
    // Each set takes the union of its subsets' answers, a bit at a time:
    // the sets with the bit take those without it, a run of `1 << bit`
    // at a time (a loop the compiler vectorises; it is run at start-up).
    for bit in 0..16 {
        let run = 1 << bit;
        for pair in table.chunks_exact_mut(2 * run) {
            let (without, with) = pair.split_at_mut(run);
            for (w, &o) in with.iter_mut().zip(without.iter()) {
                *w |= o;
            }
        }
    }
    match table.into_boxed_slice().try_into() {
        Ok(table) => table,
        Err(_) => unreachable!("65 536 entries"),
    }
}

/// Two boxes' columns (a byte) → those alone in their box (rule R2).
static ALONE: [u8; 256] = {
    let mut table = [0; 256];
    let mut columns = 0;
    while columns < 256 {
        let mut k = 0;
        while k < 2 {
            let stack = columns >> (4 * k) & 15;
            if (stack as u32).count_ones() == 1 {
                table[columns] |= (stack << (4 * k)) as u8;
            }
            k += 1;
        }
        columns += 1;
    }
    table
};

/// Two boxes' columns where only this band has the digit → the columns
/// the band keeps (rule R3): a box with none keeps all four, with one
/// only it, with more none.
static CLAIM: [u8; 256] = {
    let mut table = [0; 256];
    let mut only = 0;
    while only < 256 {
        let mut k = 0;
        while k < 2 {
            let stack = only >> (4 * k) & 15;
            let kept = match (stack as u32).count_ones() {
                0 => 15,
                1 => stack,
                _ => 0,
            };
            table[only] |= (kept << (4 * k)) as u8;
            k += 1;
        }
        only += 1;
    }
    table
};

/// The tetrads of a band with a candidate, as 16 bits `4r + k`.
#[inline(always)]
fn tetrads(w: u64) -> usize {
    let t = w | w >> 1;
    let mut t = (t | t >> 2) & NIBBLES;
    // Gather bit 4t to bit t: pairs, then fours, eights, sixteen.
    t = (t | t >> 3) & 0x0303_0303_0303_0303;
    t = (t | t >> 6) & 0x000F_000F_000F_000F;
    t = (t | t >> 12) & 0x0000_00FF_0000_00FF;
    ((t | t >> 24) & 0xFFFF) as usize
}

/// The cells of a set of tetrads (bit `t` → nibble `t`).
#[inline(always)]
fn tetrad_cells(tetrads: u16) -> u64 {
    let mut t = u64::from(tetrads);
    t = (t | t << 24) & 0x0000_00FF_0000_00FF;
    t = (t | t << 12) & 0x000F_000F_000F_000F;
    t = (t | t << 6) & 0x0303_0303_0303_0303;
    t = (t | t << 3) & NIBBLES;
    t * 15
}

/// The columns of a band with a candidate.
#[inline(always)]
fn columns(w: u64) -> u64 {
    let half = w | w >> 32;
    (half | half >> 16) & ROW
}

/// The cells of a band in a column alone in its box (rule R2).
#[inline(always)]
fn pointed(columns: u64) -> u64 {
    let alone = u64::from(ALONE[(columns & 0xFF) as usize])
        | u64::from(ALONE[(columns >> 8 & 0xFF) as usize]) << 8;
    alone * LOW
}

/// The cells of a band the digit keeps, from the columns where only this
/// band has it (rule R3).
#[inline(always)]
fn claimed(only: u64) -> u64 {
    let kept = u64::from(CLAIM[(only & 0xFF) as usize])
        | u64::from(CLAIM[(only >> 8 & 0xFF) as usize]) << 8;
    kept * LOW
}

/// The cells of a band alone in their row; every row must have one.
#[inline(always)]
fn row_singles(w: u64) -> u64 {
    let rest = w & w.wrapping_sub(LOW);
    let more = (rest | ((rest & LOW15) + LOW15)) & HIGH;
    w & (((HIGH & !more) >> 15) * ROW)
}

/// The cells of the row of bit `p` of a band, `p` itself excepted.
#[inline(always)]
fn row_mates(p: u32) -> u64 {
    (ROW << (p & !15)) & !(1 << p)
}

/// The cells of box `k` of a band.
const BOX: [u64; 4] = [15 * LOW, (15 * LOW) << 4, (15 * LOW) << 8, (15 * LOW) << 12];

/// A board: the candidates of each digit by band, the open cells.
#[derive(Clone, Copy)]
struct Board {
    /// Digit `d`'s candidate cells in band `b` at `16 * b + d` (I1).
    cand: [u64; 64],
    /// The cells of each band not placed yet (I2).
    open: [u64; 4],
    /// The tetrads R1 last kept of each word (see the layout).
    alive: [u16; 64],
}

impl Board {
    /// The board of `givens` (0 or a digit 1-16 per cell), nothing
    /// deduced yet: a given digit keeps only its cells in their rows, and
    /// the other digits leave them.
    ///
    /// # Panics
    /// If `givens` is not 256 values 0-16.
    fn new(givens: &[u8]) -> Board {
        assert_eq!(givens.len(), 256, "256 cells");
        let mut given = [0u64; 64];
        let mut any = [0u64; 4];
        for (cell, &digit) in givens.iter().enumerate() {
            if digit != 0 {
                assert!(digit <= 16, "a digit 0-16");
                let bit = 1 << (cell % 64);
                given[16 * (cell / 64) + usize::from(digit) - 1] |= bit;
                any[cell / 64] |= bit;
            }
        }
        let mut board = Board {
            cand: [0; 64],
            open: [u64::MAX; 4],
            alive: [u16::MAX; 64],
        };
        for b in 0..4 {
            for d in 0..16 {
                let mine = given[16 * b + d];
                let rows = (0..4)
                    .filter(|r| mine >> (16 * r) & ROW != 0)
                    .fold(0, |m, r| m | ROW << (16 * r));
                board.cand[16 * b + d] = !any[b] & !rows | mine;
            }
        }
        board
    }

    /// Rules R1, R4 and R2 on word `i`. The other words that changed.
    #[inline(always)]
    fn update(&mut self, i: usize, keep: &[u16; 1 << 16]) -> Result<u64, Contradiction> {
        let b = i >> 4;
        let alive = tetrads(self.cand[i]) as u16;
        let w = if alive == self.alive[i] {
            self.cand[i]
        } else {
            let kept = keep[alive as usize];
            if kept == 0 {
                return Err(Contradiction);
            }
            self.alive[i] = kept;
            self.cand[i] & tetrad_cells(kept)
        };
        let mut touched = 0;
        let fresh = row_singles(w) & self.open[b];
        if fresh != 0 {
            self.open[b] &= !fresh;
            let mut hit = 0;
            for (e, v) in self.cand[16 * b..16 * b + 16].iter_mut().enumerate() {
                hit |= u64::from(*v & fresh != 0) << e;
                *v &= !fresh;
            }
            touched = hit << (16 * b) & !(1 << i);
        }
        self.cand[i] = w;
        let lost = pointed(columns(w));
        for other in 0..4 {
            let lost = if other == b { 0 } else { lost };
            let j = 16 * other + (i & 15);
            let v = self.cand[j];
            self.cand[j] = v & !lost;
            touched |= u64::from(v & lost != 0) << j;
        }
        Ok(touched)
    }

    /// Rule R3 on the digits with a word in `changed`. The words that
    /// changed.
    #[inline(always)]
    fn claims(&mut self, changed: u64) -> Result<u64, Contradiction> {
        let mut touched = 0;
        let digits = (changed | changed >> 16 | changed >> 32 | changed >> 48) & 0xFFFF;
        for d in 0..16 {
            if digits >> d & 1 == 0 {
                continue;
            }
            let c = [
                columns(self.cand[d]),
                columns(self.cand[16 + d]),
                columns(self.cand[32 + d]),
                columns(self.cand[48 + d]),
            ];
            let (mut once, mut twice) = (0, 0);
            for &x in &c {
                twice |= once & x;
                once |= x;
            }
            if once != ROW {
                return Err(Contradiction);
            }
            let only = once & !twice;
            if only == 0 {
                continue;
            }
            for (b, &mine) in c.iter().enumerate() {
                let v = self.cand[16 * b + d];
                let kept = v & claimed(mine & only);
                if kept != v {
                    self.cand[16 * b + d] = kept;
                    touched |= 1 << (16 * b + d);
                }
            }
        }
        Ok(touched)
    }

    /// Applies the rules until none applies: R1, R4 and R2 on every word
    /// that changed, then R5, then R3.
    ///
    /// # Errors
    /// [`Contradiction`] when a rule finds that no solution completes the
    /// board; it is then left part way.
    #[inline(always)]
    fn settle(&mut self, mut pending: u64, keep: &[u16; 1 << 16]) -> Result<(), Contradiction> {
        // The words changed since R5 (R3) last looked.
        let (mut since5, mut since3) = (0, 0);
        loop {
            while pending != 0 {
                since5 |= pending;
                let mut round = pending;
                pending = 0;
                while round != 0 {
                    let i = round.trailing_zeros() as usize;
                    round &= round - 1;
                    let more = self.update(i, keep)?;
                    pending |= more & !round;
                }
            }
            since3 |= since5;
            pending = self.naked_singles(since5)?;
            since5 = 0;
            if pending == 0 {
                pending = self.claims(since3)?;
                since3 = 0;
                if pending == 0 {
                    return Ok(());
                }
            }
        }
    }

    /// Rule R5 on the bands with a word in `changed`: an open cell with
    /// one digit left takes it; an open cell with none is a
    /// contradiction. The words that changed.
    #[inline(always)]
    fn naked_singles(&mut self, changed: u64) -> Result<u64, Contradiction> {
        let mut placed = 0;
        for b in 0..4 {
            if changed >> (16 * b) & 0xFFFF == 0 {
                continue;
            }
            let (mut once, mut twice) = (0, 0);
            for &w in &self.cand[16 * b..16 * b + 16] {
                twice |= once & w;
                once |= w;
            }
            let open = self.open[b];
            if open & !once != 0 {
                return Err(Contradiction);
            }
            let singles = open & once & !twice;
            if singles == 0 {
                continue;
            }
            for i in 16 * b..16 * b + 16 {
                let mut cells = self.cand[i] & singles;
                if cells == 0 {
                    continue;
                }
                placed |= 1 << i;
                while cells != 0 {
                    let p = cells.trailing_zeros();
                    cells &= cells - 1;
                    self.cand[i] &= !row_mates(p);
                }
            }
        }
        Ok(placed)
    }

    /// The open cell to guess on, at a fixpoint of the rules: among
    /// those with two digits, one with the most open cells in its row,
    /// column and box, and of those one whose two digits have the fewest
    /// candidates there; else the first with three, else the first open
    /// cell; `None` when every cell is placed. Its band and bit.
    #[inline(always)]
    fn choose(&self) -> Option<(usize, u32)> {
        let mut pairs = [0; 4];
        let mut triples = [0; 4];
        for b in 0..4 {
            let (mut once, mut twice, mut thrice, mut more) = (0, 0, 0, 0);
            for &w in &self.cand[16 * b..16 * b + 16] {
                more |= thrice & w;
                thrice |= twice & w;
                twice |= once & w;
                once |= w;
            }
            pairs[b] = twice & !thrice & self.open[b];
            triples[b] = thrice & !more & self.open[b];
        }
        if pairs == [0; 4] {
            let first = |cells: [u64; 4]| {
                let b = (0..4).find(|&b| cells[b] != 0)?;
                Some((b, cells[b].trailing_zeros()))
            };
            return first(triples).or_else(|| first(self.open));
        }
        let mut column = [0; 16];
        for open in self.open {
            for (c, n) in column.iter_mut().enumerate() {
                *n += (open >> c & LOW).count_ones();
            }
        }
        // Open peers count 128 each; the digits' candidates (at most 96)
        // only break ties.
        let mut best = (0, 0, 0);
        for (b, &cells) in pairs.iter().enumerate() {
            let open = self.open[b];
            let boxes = BOX.map(|square| (open & square).count_ones());
            let rows = [0, 1, 2, 3].map(|r| (open >> (16 * r) & ROW).count_ones());
            let mut left = cells;
            while left != 0 {
                let p = left.trailing_zeros() as usize;
                left &= left - 1;
                let peers = boxes[(p & 15) >> 2] + rows[p >> 4] + column[p & 15];
                if 128 * peers + 127 > best.0 {
                    let score = 128 * peers + 127 - self.places(b, p);
                    if score > best.0 {
                        best = (score, b, p as u32);
                    }
                }
            }
        }
        Some((best.1, best.2))
    }

    /// The candidates of the digits of cell `p` of band `b` in its row,
    /// box and column, summed over those digits (the cell counts thrice).
    #[inline(always)]
    fn places(&self, b: usize, p: usize) -> u32 {
        let (row, square, column) = (ROW << (p & !15), BOX[(p & 15) >> 2], LOW << (p & 15));
        let mut sum = 0;
        for d in 0..16 {
            let w = self.cand[16 * b + d];
            if w >> p & 1 == 1 {
                sum += (w & (row | square)).count_ones() + (w & row & square).count_ones();
                sum += (0..4)
                    .map(|o| (self.cand[16 * o + d] & column).count_ones())
                    .sum::<u32>();
            }
        }
        sum
    }

    /// The grid of a board whose cells are all placed.
    fn grid(&self) -> Vec<u8> {
        let mut grid = vec![0; 256];
        for (b, band) in self.cand.chunks(16).enumerate() {
            for (d, &w) in band.iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    grid[64 * b + w.trailing_zeros() as usize] = d as u8 + 1;
                    w &= w - 1;
                }
            }
        }
        grid
    }
}

/// How a search ends before its tree does.
enum Stop {
    /// The limit of solutions is reached.
    Enough,
    /// The budget of guesses is spent.
    Budget,
}

/// A search: the table of rule R1 (128 KiB, built when the solver is),
/// and its stack of boards from one puzzle to the next. Keep one for
/// many puzzles.
pub struct Solver {
    /// The boards left to try: a board, and the words changed on it.
    stack: Vec<(Board, u64)>,
    /// See [`keep_table`].
    keep: Box<[u16; 1 << 16]>,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver {
            stack: Vec::new(),
            keep: keep_table(),
        }
    }

    /// The completions of `givens` (256 cells row by row, 0 or a digit
    /// 1-16): how many up to `limit`, the first one's grid, the guesses
    /// made; `None` when deciding would take more than `budget` guesses.
    ///
    /// # Panics
    /// If `givens` is not 256 values 0-16, or `limit` is 0.
    pub fn solve(&mut self, givens: &[u8], limit: usize, budget: u64) -> Option<Found> {
        assert!(limit > 0, "a limit of at least one solution");
        let board = Board::new(givens);
        let mut found = Found::default();
        let stack = &mut self.stack;
        let keep = &*self.keep;
        stack.clear();
        let stop = crate::bitboard::fast(|| {
            search(board, u64::MAX, keep, stack, &mut found, limit, budget)
        });
        match stop {
            Some(Stop::Budget) => None,
            Some(Stop::Enough) | None => Some(found),
        }
    }
}

/// Every completion of `board` after the words `pending` changed, until
/// `limit` solutions or `budget` guesses: depth first; a guess puts a
/// digit in a cell, and pushes the board without that digit there.
#[inline(always)]
fn search(
    mut board: Board,
    mut pending: u64,
    keep: &[u16; 1 << 16],
    stack: &mut Vec<(Board, u64)>,
    found: &mut Found,
    limit: usize,
    budget: u64,
) -> Option<Stop> {
    loop {
        if board.settle(pending, keep).is_ok() {
            match board.choose() {
                None => {
                    if found.solutions == 0 {
                        found.grid = Some(board.grid());
                    }
                    found.solutions += 1;
                    if found.solutions == limit {
                        return Some(Stop::Enough);
                    }
                }
                Some((b, p)) => {
                    if found.guesses == budget {
                        return Some(Stop::Budget);
                    }
                    found.guesses += 1;
                    let d = (0..16)
                        .find(|&d| board.cand[16 * b + d] >> p & 1 == 1)
                        .unwrap_or(0);
                    let i = 16 * b + d;
                    let mut other = board;
                    other.cand[i] &= !(1 << p);
                    stack.push((other, 1 << i));
                    board.cand[i] &= !row_mates(p);
                    pending = 1 << i;
                    continue;
                }
            }
        }
        match stack.pop() {
            Some((next, changed)) => {
                board = next;
                pending = changed;
            }
            None => return None,
        }
    }
}

/// Guesses [`Solver::complete`] may make before it hands a puzzle to the
/// board engine.
pub const HANDOVER: u64 = 1 << 14;

impl Solver {
    /// A completion of `givens` (256 cells row by row, 0 or a digit
    /// 1-16), or `None` when there is none: the first the bitboard search
    /// finds within [`HANDOVER`] guesses, else the board engine's
    /// ([`crate::board::complete`], which learns from its failures).
    ///
    /// # Panics
    /// As [`Solver::solve`].
    pub fn complete(&mut self, givens: &[u8]) -> Option<Vec<u8>> {
        self.complete_within(givens, HANDOVER)
    }

    fn complete_within(&mut self, givens: &[u8], budget: u64) -> Option<Vec<u8>> {
        match self.solve(givens, 1, budget) {
            Some(found) => found.grid,
            None => board::complete(&Houses::sudoku(4, 4), &Plain, givens),
        }
    }
}

#[cfg(test)]
mod tests;
