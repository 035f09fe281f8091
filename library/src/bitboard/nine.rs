//! The 9 × 9 sudoku of 3 × 3 boxes on bitboards: per digit, one 27-bit
//! word per band ([`crate::bitboard`] gives the layout, the invariants
//! and why each rule is sound).
//!
//! ```
//! use library::bitboard::nine::Solver;
//!
//! let puzzle = b"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
//! let givens: Vec<u8> = puzzle.iter().map(|&b| if b == b'.' { 0 } else { b - b'0' }).collect();
//! let mut solver = Solver::new();
//! let found = solver.solve(&givens, 2, u64::MAX).unwrap();
//! assert_eq!(found.solutions, 1);
//! assert_eq!(found.grid.unwrap()[..9], [8, 1, 2, 7, 5, 3, 6, 4, 9]);
//! ```

use crate::bitboard::{Contradiction, Found};

/// The 27 cells of a band.
const BAND: u32 = 0x7FF_FFFF;
/// The 9 cells of a row (of the first row of a band).
const ROW: u32 = 0x1FF;
/// The first cell of each row of a band: a 9-bit set of columns times
/// `LOW` is those columns in all three rows.
const LOW: u32 = 0x4_0201;
/// The last cell of each row, and the eight before it.
const HIGH: u32 = 0x402_0100;
const LOW8: u32 = 0x3FD_FEFF;
/// Triads alive (bit `3r + k`: row `r` of the band meets box `k`) → the
/// cells of the triads some permutation of alive triads uses (rule R1).
static KEEP: [u32; 512] = keep_table();
/// Columns where a band has a candidate → those alone in their box, in
/// all three rows (rule R2).
static POINT: [u32; 512] = point_table();
/// Columns where only this band has a candidate → the cells of the band
/// the digit may keep (rule R3): a box holding one such column keeps only
/// it, one holding two keeps nothing.
static CLAIM: [u32; 512] = claim_table();

const fn keep_table() -> [u32; 512] {
    const PERMUTATIONS: [[u32; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0; 512];
    let mut alive = 0;
    while alive < 512 {
        let mut used = 0;
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let triads = 1 << perm[0] | 1 << (3 + perm[1]) | 1 << (6 + perm[2]);
            if alive & triads == triads {
                used |= triads;
            }
            p += 1;
        }
        let mut cells = 0;
        let mut t = 0;
        while t < 9 {
            if used >> t & 1 == 1 {
                cells |= 7 << (3 * t);
            }
            t += 1;
        }
        table[alive as usize] = cells;
        alive += 1;
    }
    table
}

const fn point_table() -> [u32; 512] {
    let mut table = [0; 512];
    let mut columns: u32 = 0;
    while columns < 512 {
        let mut alone = 0;
        let mut k = 0;
        while k < 3 {
            let stack = columns >> (3 * k) & 7;
            if stack.count_ones() == 1 {
                alone |= stack << (3 * k);
            }
            k += 1;
        }
        table[columns as usize] = alone * LOW;
        columns += 1;
    }
    table
}

const fn claim_table() -> [u32; 512] {
    let mut table = [0; 512];
    let mut only: u32 = 0;
    while only < 512 {
        let mut keep = 0;
        let mut k = 0;
        while k < 3 {
            let stack = only >> (3 * k) & 7;
            let kept = match stack.count_ones() {
                0 => 7,
                1 => stack,
                _ => 0,
            };
            keep |= kept << (3 * k);
            k += 1;
        }
        table[only as usize] = keep * LOW;
        only += 1;
    }
    table
}

/// A row's cells → the boxes where it has one, as 3 bits. (Three reads
/// of it cost fewer instructions than folding the band's triads by
/// shifts.)
static ROW_TRIADS: [u8; 512] = {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut k = 0;
        while k < 3 {
            if row >> (3 * k) & 7 != 0 {
                table[row] |= 1 << k;
            }
            k += 1;
        }
        row += 1;
    }
    table
};

/// The triads of a band with a candidate, as 9 bits `3r + k`: with
/// `BMI`, the first cell of each triad that has one, gathered by PEXT
/// (a chain of four instructions, where the table takes a load more).
///
/// `BMI` must be true only in code that runs where the processor has
/// BMI2 ([`search_bmi`]).
#[inline(always)]
fn triads<const BMI: bool>(w: u32) -> usize {
    #[cfg(target_arch = "x86_64")]
    if BMI {
        let first = (w | w >> 1 | w >> 2) & 0o111_111_111;
        // SAFETY: the processor has BMI2 (the requirement above).
        return unsafe { std::arch::x86_64::_pext_u32(first, 0o111_111_111) } as usize;
    }
    let row = |r: u32| usize::from(ROW_TRIADS[(w >> (9 * r) & ROW) as usize]) << (3 * r);
    row(0) | row(1) | row(2)
}

/// The columns of a band with a candidate.
#[inline(always)]
fn columns(w: u32) -> u32 {
    (w | w >> 9 | w >> 18) & ROW
}

/// The cells of a band alone in their row; every row must have one.
#[inline(always)]
fn row_singles(w: u32) -> u32 {
    let rest = w & w.wrapping_sub(LOW);
    let more = (rest | ((rest & LOW8) + LOW8)) & HIGH;
    w & (((HIGH & !more) >> 8) * ROW)
}

/// The cells of the row of bit `p` of a band, `p` itself excepted.
#[inline(always)]
fn row_mates(p: u32) -> u32 {
    let row = if p < 9 {
        ROW
    } else if p < 18 {
        ROW << 9
    } else {
        ROW << 18
    };
    row & !(1 << p)
}

/// Which of the nine words of the band whose first word is `cand[first]`
/// have any of `cells`, as a bit per word.
#[inline(always)]
fn having(cand: &[u32; 48], first: usize, cells: u32) -> u32 {
    let band = &cand[first..first + 12];
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is part of x86-64; the three loads of four words
        // each are the twelve words of `band`.
        unsafe {
            let at = band.as_ptr().cast::<__m128i>();
            let cells = _mm_set1_epi32(cells as i32);
            let zero = _mm_setzero_si128();
            let none = |v| _mm_cmpeq_epi32(_mm_and_si128(_mm_loadu_si128(v), cells), zero);
            let bytes = _mm_packs_epi16(
                _mm_packs_epi32(none(at), none(at.add(1))),
                _mm_packs_epi32(none(at.add(2)), zero),
            );
            !(_mm_movemask_epi8(bytes) as u32) & ROW
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    having_plain(band, cells)
}

/// [`having`] word by word, where there is no SSE2 (and for the tests).
#[cfg(any(test, not(target_arch = "x86_64")))]
fn having_plain(band: &[u32], cells: u32) -> u32 {
    band[..9]
        .iter()
        .enumerate()
        .fold(0, |hit, (e, &w)| hit | u32::from(w & cells != 0) << e)
}

/// Removes `cells` from the words of the band whose first word is
/// `cand[first]`; which of its nine had any, as a bit per word.
#[inline(always)]
fn clear(cand: &mut [u32; 48], first: usize, cells: u32) -> u32 {
    let band = &mut cand[first..first + 12];
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is part of x86-64; the three loads and stores of
        // four words each are the twelve words of `band`.
        unsafe {
            let at = band.as_mut_ptr().cast::<__m128i>();
            let cells = _mm_set1_epi32(cells as i32);
            let zero = _mm_setzero_si128();
            let (a, b, c) = (
                _mm_loadu_si128(at),
                _mm_loadu_si128(at.add(1)),
                _mm_loadu_si128(at.add(2)),
            );
            let none = |v| _mm_cmpeq_epi32(_mm_and_si128(v, cells), zero);
            let bytes = _mm_packs_epi16(
                _mm_packs_epi32(none(a), none(b)),
                _mm_packs_epi32(none(c), zero),
            );
            _mm_storeu_si128(at, _mm_andnot_si128(cells, a));
            _mm_storeu_si128(at.add(1), _mm_andnot_si128(cells, b));
            _mm_storeu_si128(at.add(2), _mm_andnot_si128(cells, c));
            !(_mm_movemask_epi8(bytes) as u32) & ROW
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    clear_plain(band, cells)
}

/// [`clear`] word by word, where there is no SSE2 (and for the tests).
#[cfg(any(test, not(target_arch = "x86_64")))]
fn clear_plain(band: &mut [u32], cells: u32) -> u32 {
    let mut hit = 0;
    for (e, v) in band[..9].iter_mut().enumerate() {
        hit |= u32::from(*v & cells != 0) << e;
        *v &= !cells;
    }
    hit
}

/// The box (0, 1 or 2 within its band) of each bit of a band.
const BOX_OF: [u8; 27] = {
    let mut boxes = [0; 27];
    let mut p = 0;
    while p < 27 {
        boxes[p] = (p % 9 / 3) as u8;
        p += 1;
    }
    boxes
};

/// The cells of box `k` of a band.
const BOX: [u32; 3] = [7 * LOW, (7 * LOW) << 3, (7 * LOW) << 6];

/// A board: the candidates of each digit by band, the open cells.
#[derive(Clone, Copy)]
struct Board {
    /// Digit `d`'s candidate cells in band `b` at `16 * b + d` (I1); the
    /// words of "digits" 9 to 15 stay empty, so that a band's words are
    /// 16 in a row, which a loop takes four at a time.
    cand: [u32; 48],
    /// The cells of each band not placed yet (I3).
    open: [u32; 3],
}

/// The words of digits 1-9 in band 0, as bits of a set of words.
const DIGITS: u64 = ROW as u64;

impl Board {
    /// The board of `givens` (0 or a digit 1-9 per cell), the givens
    /// placed and nothing deduced yet: a given digit keeps only its cells
    /// in their rows, the other digits leave them, and they are not open
    /// (I2). A digit given twice in a row has no candidate left in that
    /// band, a contradiction the first look at its word finds (every word
    /// is pending at the start); a clash in a column or a box R1 and R2
    /// find.
    ///
    /// # Panics
    /// If `givens` is not 81 values 0-9.
    fn new(givens: &[u8]) -> Board {
        assert_eq!(givens.len(), 81, "81 cells");
        let top = givens.iter().fold(0, |m, &d| m.max(d));
        assert!(top <= 9, "a digit 0-9");
        let mut board = Board {
            cand: [0; 48],
            open: [0; 3],
        };
        for (b, band) in givens.chunks_exact(27).enumerate() {
            // Bit `k` of each cell's value, as four sets of cells: eight
            // cells a word of eight bytes, whose bits a product gathers.
            let mut planes = [0u32; 4];
            let mut shift = 0;
            for eight in band.chunks(8) {
                let x = eight
                    .iter()
                    .rev()
                    .fold(0u64, |x, &value| x << 8 | u64::from(value));
                for (k, plane) in planes.iter_mut().enumerate() {
                    let bits = (x >> k & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080);
                    *plane |= ((bits >> 56) as u32) << shift;
                }
                shift += 8;
            }
            // The cells given each value (0: the empty cells).
            let given = |value: usize| {
                planes.iter().enumerate().fold(BAND, |cells, (k, &plane)| {
                    cells & if value >> k & 1 == 1 { plane } else { !plane }
                })
            };
            let open = given(0);
            board.open[b] = open;
            for d in 0..9 {
                let mine = given(d + 1);
                // The rows of the band where `d` is given; none may have
                // it twice.
                let r = [mine & ROW, mine >> 9 & ROW, mine >> 18];
                let rows = (u32::from(r[0] != 0) * ROW)
                    | (u32::from(r[1] != 0) * (ROW << 9))
                    | (u32::from(r[2] != 0) * (ROW << 18));
                let twice = r[0] & r[0].wrapping_sub(1)
                    | r[1] & r[1].wrapping_sub(1)
                    | r[2] & r[2].wrapping_sub(1);
                let alive = u32::from(twice == 0).wrapping_neg();
                board.cand[16 * b + d] = (open & !rows | mine) & alive;
            }
        }
        board
    }

    /// Rules R1, R4 and R2 on word `i`: its triads, the cells it places,
    /// the columns it points along. The other words that changed.
    #[inline(always)]
    fn update<const BMI: bool>(&mut self, i: usize) -> Result<u64, Contradiction> {
        let b = i >> 4;
        let keep = KEEP[triads::<BMI>(self.cand[i])];
        if keep == 0 {
            return Err(Contradiction);
        }
        let w = self.cand[i] & keep;
        let fresh = row_singles(w) & self.open[b];
        let mut touched = 0;
        if fresh != 0 {
            self.open[b] &= !fresh;
            let hit = clear(&mut self.cand, 16 * b, fresh);
            touched = u64::from(hit) << (16 * b) & !(1 << i);
        }
        self.cand[i] = w;
        let pointed = POINT[columns(w) as usize];
        for j in [(i + 16) % 48, (i + 32) % 48] {
            let v = self.cand[j];
            self.cand[j] = v & !pointed;
            touched |= u64::from(v & pointed != 0) << j;
        }
        Ok(touched)
    }

    /// Rule R3 on every digit: columns where one band alone has the
    /// digit. The words that changed.
    #[inline(always)]
    fn claims(&mut self, changed: u64) -> Result<u64, Contradiction> {
        let mut touched = 0;
        let mut digits = (changed | changed >> 16 | changed >> 32) as u32 & ROW;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let c = [
                columns(self.cand[d]),
                columns(self.cand[16 + d]),
                columns(self.cand[32 + d]),
            ];
            if c[0] | c[1] | c[2] != ROW {
                return Err(Contradiction);
            }
            let only = [
                c[0] & !(c[1] | c[2]),
                c[1] & !(c[0] | c[2]),
                c[2] & !(c[0] | c[1]),
            ];
            for (b, &only) in only.iter().enumerate() {
                let v = self.cand[16 * b + d];
                let kept = v & CLAIM[only as usize];
                if kept != v {
                    self.cand[16 * b + d] = kept;
                    touched |= 1 << (16 * b + d);
                }
            }
        }
        Ok(touched)
    }

    /// Applies the rules until none applies: R1, R4 and R2 on every word
    /// that changed (`pending`, a bit per word), then R5 (naked singles),
    /// then R3 on the digits whose words changed since it last ran (the
    /// others it left as they are). The cells with two digits, from the
    /// last pass of R5.
    ///
    /// `pending` must hold every word changed since the board was last at
    /// a fixpoint (every word, for a new board): the digits R3 then skips
    /// are as it left them at that fixpoint.
    ///
    /// # Errors
    /// [`Contradiction`] when a rule finds that no solution completes the
    /// board; it is then left part way.
    #[inline(always)]
    fn settle<const BMI: bool>(&mut self, mut pending: u64) -> Result<[u32; 3], Contradiction> {
        let mut changed = 0;
        loop {
            while pending != 0 {
                changed |= pending;
                let mut round = pending;
                pending = 0;
                while round != 0 {
                    let i = round.trailing_zeros() as usize;
                    round &= round - 1;
                    let more = self.update::<BMI>(i)?;
                    pending |= more & !round;
                }
            }
            let pairs;
            (pending, pairs) = self.naked_singles()?;
            if pending == 0 {
                pending = self.claims(changed)?;
                changed = 0;
                if pending == 0 {
                    return Ok(pairs);
                }
            }
        }
    }

    /// Rule R5: an open cell with one digit left takes it (the rest of
    /// its row loses the digit); an open cell with none is a
    /// contradiction. The words that changed.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<(u64, [u32; 3]), Contradiction> {
        let mut placed = 0;
        let mut pairs = [0; 3];
        for (b, pairs) in pairs.iter_mut().enumerate() {
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for &w in &self.cand[16 * b..16 * b + 9] {
                thrice |= twice & w;
                twice |= once & w;
                once |= w;
            }
            let open = self.open[b];
            if open & !once != 0 {
                return Err(Contradiction);
            }
            *pairs = twice & !thrice & open;
            let singles = open & once & !twice;
            if singles == 0 {
                continue;
            }
            let mut words = having(&self.cand, 16 * b, singles);
            placed |= u64::from(words) << (16 * b);
            while words != 0 {
                let i = 16 * b + words.trailing_zeros() as usize;
                words &= words - 1;
                let mut cells = self.cand[i] & singles;
                while cells != 0 {
                    let p = cells.trailing_zeros();
                    cells &= cells - 1;
                    self.cand[i] &= !row_mates(p);
                }
            }
        }
        Ok((placed, pairs))
    }

    /// The open cell to guess on, at a fixpoint of the rules, given the
    /// cells with two digits (`pairs`, from the pass of R5 that found
    /// the fixpoint): one of them in the box with the most open cells
    /// (the first such box's first); else the first cell with three
    /// digits, else the first open cell; `None` when every cell is
    /// placed. Its band and bit.
    ///
    /// The box matters: on 488 of the forum's hardest puzzles the first
    /// cell with two digits took 65 guesses a puzzle, one in the box with
    /// the most open cells 50. Scoring each such cell by the candidates
    /// its digits have in its row, column and box took 46, but cost more
    /// than it saved; the box with the fewest open cells took 72. Among
    /// the cells of the best boxes, the one whose row and then column
    /// have the most open cells took 2-6 % fewer guesses on every set,
    /// and 3-8 % more time (a loop over those cells).
    #[inline(always)]
    fn choose(&self, pairs: [u32; 3]) -> Option<(usize, u32)> {
        if pairs == [0; 3] {
            let mut triples = [0; 3];
            for (b, triples) in triples.iter_mut().enumerate() {
                let (mut once, mut twice, mut thrice, mut more) = (0, 0, 0, 0);
                for &w in &self.cand[16 * b..16 * b + 9] {
                    more |= thrice & w;
                    thrice |= twice & w;
                    twice |= once & w;
                    once |= w;
                }
                *triples = thrice & !more & self.open[b];
            }
            let first = |cells: [u32; 3]| {
                let b = (0..3).find(|&b| cells[b] != 0)?;
                Some((b, cells[b].trailing_zeros()))
            };
            return first(triples).or_else(|| first(self.open));
        }
        // The open cells of each box that holds a pair, and the most.
        let mut open = [[0; 3]; 3];
        let mut best = 0;
        for b in 0..3 {
            for k in 0..3 {
                let n = if pairs[b] & BOX[k] != 0 {
                    (self.open[b] & BOX[k]).count_ones()
                } else {
                    0
                };
                open[b][k] = n;
                best = best.max(n);
            }
        }
        for b in 0..3 {
            let mut boxes = 0;
            for k in 0..3 {
                if open[b][k] == best {
                    boxes |= BOX[k];
                }
            }
            let cells = pairs[b] & boxes;
            if cells != 0 {
                return Some((b, cells.trailing_zeros()));
            }
        }
        None
    }

    /// The grid of a board whose cells are all placed: bit `k` of each
    /// cell's digit as a set of cells, spread eight cells at a time to
    /// eight bytes.
    fn grid(&self) -> Vec<u8> {
        let mut grid = vec![0; 81];
        for (b, band) in grid.chunks_exact_mut(27).enumerate() {
            let mut planes = [0u32; 4];
            for (d, &w) in self.cand[16 * b..16 * b + 9].iter().enumerate() {
                for (k, plane) in planes.iter_mut().enumerate() {
                    if (d + 1) >> k & 1 == 1 {
                        *plane |= w;
                    }
                }
            }
            for (c, eight) in band.chunks_mut(8).enumerate() {
                let mut bytes = 0;
                for (k, &plane) in planes.iter().enumerate() {
                    // Byte `i` keeps bit `i` of the eight, then becomes
                    // 1 if it is not 0.
                    let bits = u64::from(plane >> (8 * c) & 0xFF) * 0x0101_0101_0101_0101;
                    let kept = bits & 0x8040_2010_0804_0201;
                    let ones = (kept + 0x7F7F_7F7F_7F7F_7F7F) >> 7 & 0x0101_0101_0101_0101;
                    bytes |= ones << k;
                }
                let n = eight.len();
                eight.copy_from_slice(&u64::to_le_bytes(bytes)[..n]);
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

/// A search. It keeps nothing from one puzzle to the next (the boards
/// it guesses on live in the frames of its recursion), so one solver
/// serves as well as many.
#[derive(Default)]
pub struct Solver {}

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    /// The completions of `givens` (81 cells row by row, 0 or a digit
    /// 1-9): how many up to `limit`, the first one's grid, the guesses
    /// made; `None` when deciding would take more than `budget` guesses.
    ///
    /// # Panics
    /// If `givens` is not 81 values 0-9, or `limit` is 0.
    pub fn solve(&mut self, givens: &[u8], limit: usize, budget: u64) -> Option<Found> {
        assert!(limit > 0, "a limit of at least one solution");
        let mut board = Board::new(givens);
        let mut found = Found::default();
        let all = DIGITS | DIGITS << 16 | DIGITS << 32;
        match search_here(&mut board, all, &mut found, limit, budget) {
            Some(Stop::Budget) => None,
            Some(Stop::Enough) | None => Some(found),
        }
    }
}

/// Every completion of `board` after the words `pending` changed, until
/// `limit` solutions or `budget` guesses: depth first; a guess puts a
/// digit in a cell and searches that board with `deeper` (the search
/// itself, compiled as its caller is), then goes on with the board
/// without that digit there.
///
/// The digit guessed first is, of the cell's, the one with the most
/// candidates in the cell's box: on the sets with several solutions
/// (`serg_benchmark`) that took 5.0 guesses to the first solution
/// where the smallest digit took 5.4, the fewest candidates 8.1; on the
/// forum's hardest 1106 82.6, 84.6 and 96.5.
#[inline(always)]
fn search<const BMI: bool>(
    board: &mut Board,
    mut pending: u64,
    found: &mut Found,
    limit: usize,
    budget: u64,
    deeper: impl Fn(&mut Board, u64, &mut Found) -> Option<Stop>,
) -> Option<Stop> {
    loop {
        let pairs = board.settle::<BMI>(pending).ok()?;
        let (b, p) = match board.choose(pairs) {
            Some(cell) => cell,
            None => {
                if found.solutions == 0 {
                    found.grid = Some(board.grid());
                }
                found.solutions += 1;
                return if found.solutions == limit {
                    Some(Stop::Enough)
                } else {
                    None
                };
            }
        };
        if found.guesses == budget {
            return Some(Stop::Budget);
        }
        found.guesses += 1;
        let square = BOX[usize::from(BOX_OF[p as usize])];
        let band = &board.cand[16 * b..16 * b + 9];
        let mut digits = having(&board.cand, 16 * b, 1 << p);
        let mut d = digits.trailing_zeros() as usize;
        let mut most = (band[d] & square).count_ones();
        digits &= digits - 1;
        while digits != 0 {
            let e = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let n = (band[e] & square).count_ones();
            if n > most {
                most = n;
                d = e;
            }
        }
        let i = 16 * b + d;
        let mut placed = *board;
        placed.cand[i] &= !row_mates(p);
        if let Some(stop) = deeper(&mut placed, 1 << i, found) {
            return Some(stop);
        }
        board.cand[i] &= !(1 << p);
        pending = 1 << i;
    }
}

/// [`search_bmi`] where the processor has what it is compiled with, else
/// [`search_plain`].
fn search_here(
    board: &mut Board,
    pending: u64,
    found: &mut Found,
    limit: usize,
    budget: u64,
) -> Option<Stop> {
    #[cfg(target_arch = "x86_64")]
    if crate::bitboard::has_bmi() {
        // SAFETY: the processor has every instruction `search_bmi` is
        // compiled with.
        return unsafe { search_bmi(board, pending, found, limit, budget) };
    }
    search_plain(board, pending, found, limit, budget)
}

/// [`search`] compiled for any processor.
fn search_plain(
    board: &mut Board,
    pending: u64,
    found: &mut Found,
    limit: usize,
    budget: u64,
) -> Option<Stop> {
    search::<false>(
        board,
        pending,
        found,
        limit,
        budget,
        |board, pending, found| search_plain(board, pending, found, limit, budget),
    )
}

/// [`search`] compiled with POPCNT, BMI1 and BMI2 (see
/// [`crate::bitboard::fast`]).
///
/// # Safety
/// The processor must have them.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
unsafe fn search_bmi(
    board: &mut Board,
    pending: u64,
    found: &mut Found,
    limit: usize,
    budget: u64,
) -> Option<Stop> {
    // The closure calls this function within its unsafe body (rustc
    // 1.63 calls an `unsafe` block there unnecessary): as safe as this
    // call.
    search::<true>(
        board,
        pending,
        found,
        limit,
        budget,
        |board, pending, found| search_bmi(board, pending, found, limit, budget),
    )
}

mod handover;
pub use handover::HANDOVER;

/// [`Solver::solve`] with a solver of its own.
///
/// # Panics
/// As [`Solver::solve`].
pub fn solve(givens: &[u8], limit: usize, budget: u64) -> Option<Found> {
    Solver::new().solve(givens, limit, budget)
}

#[cfg(test)]
mod tests;
