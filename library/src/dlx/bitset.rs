//! Exact cover by compatibility bitsets: the same search as
//! [`crate::dlx::Solver`], with state that is copied instead of undone.
//!
//! ```
//! use library::dlx::{bitset, Problem, Search};
//!
//! let mut problem = Problem::new(3, 1);
//! for option in [&[0, 1][..], &[2, 3], &[1, 2], &[0, 3]] {
//!     problem.add_option(option)?;
//! }
//! let mut solver = bitset::Solver::new(&problem);
//! assert_eq!(solver.first(), Some(vec![0, 1]));
//! assert_eq!(solver.count(), 2);
//! # Ok::<(), library::dlx::Error>(())
//! ```
//!
//! Dancing links spend most of their time on scattered memory: every hidden
//! node is a write to two neighbours that may sit anywhere in the arena, and
//! every hide is undone later in reverse. Here the state of a level is two
//! small dense arrays:
//!
//! * `alive`, one bit per option: the option is still compatible with the
//!   partial solution (DLX's invariant I4 as a bitset), preceded by a
//!   summary with one bit per word of `alive` that is not zero, so that
//!   covering skips the options of pieces already placed;
//! * `count`, one number per item: how many live options contain it (DLX's
//!   list lengths, I1), or `COVERED` once the item is covered.
//!
//! Covering item `c` kills `alive & options_of[c]` with a few word
//! operations and decrements the counts of the killed options' items. Each
//! option's items sit in a row of `rows`, every row padded to the longest
//! option with a scratch item whose count nobody reads, so that the
//! decrement loop has one trip count and no bounds to check. Backtracking
//! copies nothing back: each level owns a slot of the state stack, and
//! trying the next option starts again from the level's saved slot.
//!
//! The search branches exactly as DLX1 does (fewest live options, leftmost
//! on ties, options in input order; or leftmost with
//! [`Branching::InOrder`]), so it walks the same tree, finds the solutions
//! in the same order, and counts the same nodes and updates. Its cost per
//! node grows with the number of options / 64 and with the number of
//! primary items (the choice scans them all), and its memory with items ×
//! options / 8 bytes ([`Solver::memory`]): it pays on the dense problems of
//! puzzles (a few thousand options), not on huge sparse ones, which are the
//! links solver's.

use std::ops::ControlFlow;

use crate::dlx::{wide, Branching, Problem, Progress, Search, Stats, SCAN_LIMIT};

/// The most bytes of tables ([`Solver::memory`]) for which
/// [`Solver::suits`] picks this engine.
pub const DENSE_MEMORY: u64 = 64 << 20;

/// `count` of an item that is covered: never the minimum of a choice.
const COVERED: u32 = u32::MAX;

/// Bitset search over one [`Problem`]; see the module docs.
#[derive(Clone, Debug)]
pub struct Solver {
    primary: usize,
    items: usize,
    options: usize,
    /// Words per option bitset.
    words: usize,
    /// Words of the summary of an option bitset (one bit per word).
    summary: usize,
    /// `options_of[i * words..][..words]`: the options that contain item `i`.
    options_of: Vec<u64>,
    /// `words_of[i * summary..][..summary]`: the words where `options_of`
    /// of item `i` is not zero.
    words_of: Vec<u64>,
    /// Option `k`'s items are `rows[k * stride..][..stride]`, padded with
    /// the scratch item `items`. Invariant: every entry is `<= items`.
    rows: Vec<u32>,
    stride: usize,
    in_order: bool,
    stats: Stats,
}

/// The state of one level. `bits` is the summary, then `alive`. Invariant:
/// a summary bit is set exactly when its word of `alive` is not zero.
struct Slot<'a> {
    bits: &'a mut [u64],
    count: &'a mut [u32],
}

impl Search for Solver {
    /// Builds the bitsets for `problem`; [`Solver::memory`] says how big
    /// they will be.
    /// (Its items and options only: see [`crate::dlx::Links`] for colors
    /// and bounds.)
    fn new(problem: &Problem) -> Solver {
        let items = problem.primary + problem.secondary;
        let options = problem.options();
        let words = ((options + 63) / 64).max(1);
        let summary = (words + 63) / 64;
        let mut options_of = vec![0u64; items * words];
        let mut words_of = vec![0u64; items * summary];
        for k in 0..options {
            for &item in problem.slice(k) {
                let (item, w) = (item as usize, k / 64);
                options_of[item * words + w] |= 1 << (k % 64);
                words_of[item * summary + w / 64] |= 1 << (w % 64);
            }
        }
        let stride = (0..options)
            .map(|k| problem.option(k).len())
            .max()
            .unwrap_or(1);
        let mut rows = vec![items as u32; options * stride];
        for k in 0..options {
            let option = problem.slice(k);
            rows[k * stride..][..option.len()].copy_from_slice(option);
        }
        Solver {
            primary: problem.primary,
            items,
            options,
            words,
            summary,
            options_of,
            words_of,
            rows,
            stride,
            in_order: problem.branching() == Branching::InOrder,
            stats: Stats::default(),
        }
    }

    fn search_with_progress<B, F, R>(
        &mut self,
        visit: F,
        interval: u64,
        mut report: R,
    ) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>,
        R: FnMut(&Progress),
    {
        self.run(visit, interval, |stats, position| {
            report(&Progress::new(stats, position))
        })
    }

    fn search<B, F>(&mut self, visit: F) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>,
    {
        self.run(visit, u64::MAX, |_, _| {})
    }

    fn stats(&self) -> Stats {
        self.stats
    }
}

impl Solver {
    /// About how many bytes [`Search::new`] and a search take for
    /// `problem`: decide with it before building a solver for a huge one.
    pub fn memory(problem: &Problem) -> u64 {
        let (items, options) = (
            problem.primary + problem.secondary,
            problem.options() as u64,
        );
        let words = (options + 63) / 64;
        let stride = (0..problem.options())
            .map(|k| problem.option(k).len())
            .max()
            .unwrap_or(1);
        // options_of and the branch stack: items and levels × words; the
        // slot stack: levels × (words + counts); rows.
        let levels = problem.primary as u64 + 2;
        8 * (items as u64 * words + levels * 2 * words)
            + 4 * (levels * (items as u64 + 1) + options * stride as u64)
    }

    /// Whether this engine is the faster one for `problem`, by CPU time
    /// measured against dancing links on the same tree: no colors or
    /// bounds (it searches neither), no secondary items, at most
    /// [`SCAN_LIMIT`] primary items (each level copies a count per item and
    /// scans them all to choose), and tables of at most [`DENSE_MEMORY`]
    /// bytes. Measured: 0.43x the links' time on pentominoes (also with
    /// 74 480 options), 0.84x on the Latin square, 0.9x on Langford pairs,
    /// but 1.04–1.11x on queens (two thirds of their items secondary) and
    /// 3–5x on 16 × 16 and 25 × 25 sudoku (1024 and 2500 primary items).
    /// (Problems of at most [`crate::dlx::popcount::MAX_OPTIONS`] options
    /// are the popcount search's: see [`crate::dlx::engine`].)
    pub fn suits(problem: &Problem) -> bool {
        problem.is_plain()
            && problem.secondary == 0
            && problem.primary <= SCAN_LIMIT
            && Solver::memory(problem) <= DENSE_MEMORY
    }

    /// The search, specialised to the row length and compiled for AVX2
    /// where the processor has it ([`wide`]: 0.8x the time on the Latin
    /// square, 0.95x on pentominoes). `report` gets the stats and each
    /// level's `(k, t)` (trying the k-th of t options).
    fn run<B, F, R>(&mut self, visit: F, interval: u64, report: R) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>,
        R: FnMut(Stats, &[(u32, u32)]),
    {
        wide::avx2(
            #[inline(always)]
            || self.strides(visit, interval, report),
        )
    }

    #[inline(always)]
    fn strides<B, F, R>(&mut self, visit: F, interval: u64, report: R) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>,
        R: FnMut(Stats, &[(u32, u32)]),
    {
        match self.stride {
            3 => self.walk::<3, B, F, R>(visit, interval, report),
            4 => self.walk::<4, B, F, R>(visit, interval, report),
            5 => self.walk::<5, B, F, R>(visit, interval, report),
            6 => self.walk::<6, B, F, R>(visit, interval, report),
            7 => self.walk::<7, B, F, R>(visit, interval, report),
            8 => self.walk::<8, B, F, R>(visit, interval, report),
            _ => self.walk::<0, B, F, R>(visit, interval, report),
        }
    }

    /// Algorithm X's steps X1–X8 on this state; `STRIDE` is `self.stride`,
    /// or 0 for "not known at compile time".
    #[inline(always)]
    fn walk<const STRIDE: usize, B, F, R>(
        &mut self,
        mut visit: F,
        interval: u64,
        mut report: R,
    ) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>,
        R: FnMut(Stats, &[(u32, u32)]),
    {
        let (words, counts) = (self.words, self.items + 1);
        self.stats = Stats::default();
        let mut next_report = interval;
        let depth = self.primary + 1;
        let mut state = self.initial_state();
        let mut solution: Vec<usize> = Vec::with_capacity(depth);
        // position[l] = (k, t): level l is trying the k-th of its t options.
        let mut position: Vec<(u32, u32)> = Vec::with_capacity(depth);
        self.stats.nodes += 1;
        let mut level = 0;
        match self.choose(&state.count[..counts]) {
            None => {
                self.stats.nodes += 1;
                return visit(&[]);
            }
            Some(best) => position.push((0, self.enter::<STRIDE>(level, best, &mut state))),
        }
        loop {
            // X5 [Try x_l], X6 [Try again]: the next option of this level.
            let to_try = &mut state.branch[level * words..][..words];
            let option = match take_first(to_try, &mut state.next_word[level]) {
                Some(option) => option,
                None => {
                    // X7 [Backtrack]: every option of this level is tried.
                    if level == 0 {
                        return ControlFlow::Continue(());
                    }
                    level -= 1;
                    position.pop();
                    continue;
                }
            };
            solution.truncate(level);
            solution.push(option);
            position[level].0 += 1;
            let chosen = self.try_option::<STRIDE>(&mut state, level, option);
            self.stats.nodes += 1;
            if self.stats.nodes >= next_report {
                next_report = next_report.saturating_add(interval);
                report(self.stats, &position);
            }
            match chosen {
                // X2: every primary item covered, a solution.
                None => {
                    if let ControlFlow::Break(value) = visit(&solution) {
                        return ControlFlow::Break(value);
                    }
                }
                // A dead end: DLX1 would enter the level, cover the item
                // (one update) and find no option to try. Count just that.
                Some((_, 0)) => self.stats.updates += 1,
                Some((best, _)) => {
                    level += 1;
                    position.push((0, self.enter::<STRIDE>(level, best, &mut state)));
                }
            }
        }
    }

    /// X1: the slots and stacks of a search, slot 0 with every option
    /// alive. Level l owns slot l: the state after its branch item was
    /// covered; slot l + 1 is rebuilt from it for every option tried. There
    /// is at most one level per primary item, plus the slot of a leaf.
    fn initial_state(&self) -> State {
        // A slot's bits: summary then alive. Counts: items, then scratch.
        let (bits, counts) = (self.summary + self.words, self.items + 1);
        let depth = self.primary + 1;
        let mut state = State {
            bits: vec![0u64; (depth + 1) * bits],
            count: vec![0u32; (depth + 1) * counts],
            branch: vec![0u64; depth * self.words],
            next_word: vec![0; depth],
        };
        let (summary, alive) = state.bits[..bits].split_at_mut(self.summary);
        for k in 0..self.options {
            alive[k / 64] |= 1 << (k % 64);
            summary[k / 4096] |= 1 << (k / 64 % 64);
        }
        for item in 0..self.items {
            state.count[item] = self.live_options(alive, item);
        }
        state
    }

    /// X5 [Try x_l]: slot `level + 1` becomes slot `level` with the other
    /// items of `option` covered. Returns X3's choice there, with its number
    /// of live options; `None` when every primary item is covered.
    #[inline(always)]
    fn try_option<const STRIDE: usize>(
        &mut self,
        state: &mut State,
        level: usize,
        option: usize,
    ) -> Option<(usize, u32)> {
        let (bits, counts) = (self.summary + self.words, self.items + 1);
        let (done, next) = state.bits.split_at_mut((level + 1) * bits);
        next[..bits].copy_from_slice(&done[level * bits..]);
        let (done, next_count) = state.count.split_at_mut((level + 1) * counts);
        next_count[..counts].copy_from_slice(&done[level * counts..]);
        let mut slot = Slot {
            bits: &mut next[..bits],
            count: &mut next_count[..counts],
        };
        for j in 0..self.stride {
            let item = self.rows[option * self.stride + j] as usize;
            // The padding (`items`) and the branch item are skipped.
            if item < self.items && slot.count[item] != COVERED {
                self.cover::<STRIDE>(&mut slot, item);
            }
        }
        self.choose(slot.count).map(|best| (best, slot.count[best]))
    }

    /// Starts level `level`: records the live options of `best` as the ones
    /// to try, and covers `best` in the level's slot. Returns their number.
    #[inline(always)]
    fn enter<const STRIDE: usize>(&mut self, level: usize, best: usize, state: &mut State) -> u32 {
        let (words, bits, counts) = (self.words, self.summary + self.words, self.items + 1);
        let slot_bits = &mut state.bits[level * bits..][..bits];
        let to_try = &mut state.branch[level * words..][..words];
        let of_best = &self.options_of[best * words..][..words];
        for ((t, &of), &live) in to_try
            .iter_mut()
            .zip(of_best)
            .zip(&slot_bits[self.summary..])
        {
            *t = of & live;
        }
        state.next_word[level] = 0;
        let mut slot = Slot {
            bits: slot_bits,
            count: &mut state.count[level * counts..][..counts],
        };
        let options = slot.count[best];
        self.cover::<STRIDE>(&mut slot, best);
        options.max(1)
    }

    /// Covers `item` in `slot`: kills its live options and takes them off
    /// the counts of their other items. Counts updates as DLX1 does.
    #[inline(always)]
    fn cover<const STRIDE: usize>(&mut self, slot: &mut Slot<'_>, item: usize) {
        let (words, stride, rows) = (self.words, self.stride, &self.rows);
        let of_item = &self.options_of[item * words..][..words];
        let words_of = &self.words_of[item * self.summary..][..self.summary];
        let (summary, alive) = slot.bits.split_at_mut(self.summary);
        let count = &mut slot.count[..=self.items];
        let scratch_before = count[self.items];
        let mut killed = 0u64;
        for (s, (live_words, &item_words)) in summary.iter_mut().zip(words_of).enumerate() {
            let mut candidates = *live_words & item_words;
            while candidates != 0 {
                let w = s * 64 + candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                debug_assert!(w < words);
                // SAFETY: `words_of` has bits only for words below `words`
                // (see `new`), and both slices have `words` entries.
                let (of, live) = unsafe { (*of_item.get_unchecked(w), alive.get_unchecked_mut(w)) };
                let mut kill = of & *live;
                if kill == 0 {
                    continue;
                }
                *live &= !kill;
                if *live == 0 {
                    *live_words &= !(1 << (w % 64));
                }
                killed += u64::from(kill.count_ones());
                while kill != 0 {
                    let option = w * 64 + kill.trailing_zeros() as usize;
                    kill &= kill - 1;
                    debug_assert!(option < self.options);
                    // SAFETY (both rows): only bits of real options are
                    // ever set in `alive` (see `search`), so the row lies in
                    // `rows`; `STRIDE` is 0 or `stride`.
                    if STRIDE == 0 {
                        let row =
                            unsafe { rows.get_unchecked(option * stride..(option + 1) * stride) };
                        decrement(count, row);
                    } else {
                        let row =
                            unsafe { &*rows.as_ptr().add(option * STRIDE).cast::<[u32; STRIDE]>() };
                        decrement(count, row);
                    }
                }
            }
        }
        count[item] = COVERED;
        // DLX1 counts one update for the item and one per node hidden, that
        // is `size - 1` per killed option. The rows hold `stride` entries
        // each, and the scratch entry took the padding's decrements.
        let padding = u64::from(scratch_before.wrapping_sub(count[self.items]));
        self.stats.updates += 1 + killed * (stride as u64 - 1) - padding;
    }

    /// X3: the uncovered primary item with the fewest live options, the
    /// leftmost on ties; branching in order, the leftmost uncovered one
    /// unless that item has at most one option (as the links solver
    /// chooses). `None` when every primary item is covered.
    #[inline(always)]
    fn choose(&self, count: &[u32]) -> Option<usize> {
        let primary = &count[..self.primary];
        // Two passes: the minimum, which compiles to branch-free vector
        // code, then its first place. One early-exit scan mispredicts at
        // every new minimum, and that cost more than the second pass.
        let fewest = primary.iter().copied().min().unwrap_or(COVERED);
        if fewest == COVERED {
            return None;
        }
        if self.in_order && fewest > 1 {
            return primary.iter().position(|&c| c != COVERED);
        }
        primary.iter().position(|&c| c == fewest)
    }

    fn live_options(&self, alive: &[u64], item: usize) -> u32 {
        let of_item = &self.options_of[item * self.words..][..self.words];
        of_item
            .iter()
            .zip(alive)
            .map(|(a, b)| (a & b).count_ones())
            .sum()
    }
}

/// The stack of slots, and for each level the options left to try.
struct State {
    bits: Vec<u64>,
    count: Vec<u32>,
    branch: Vec<u64>,
    /// `next_word[l]`: the words of level l's `branch` before it are zero.
    next_word: Vec<usize>,
}

/// Takes one off the count of every item in `row`.
#[inline(always)]
fn decrement<'a>(count: &mut [u32], row: impl IntoIterator<Item = &'a u32>) {
    for &item in row {
        debug_assert!((item as usize) < count.len());
        // SAFETY: row entries are at most `items` (see `Solver::rows`), and
        // `count` has `items + 1` entries.
        let c = unsafe { count.get_unchecked_mut(item as usize) };
        // Only the scratch entry ever wraps; `cover` reads it as a
        // difference.
        *c = c.wrapping_sub(1);
    }
}

/// Removes and returns the lowest set bit's index, starting the search at
/// word `*from` and moving `*from` past the words found empty.
fn take_first(bits: &mut [u64], from: &mut usize) -> Option<usize> {
    while let Some(word) = bits.get_mut(*from) {
        if *word != 0 {
            let bit = word.trailing_zeros() as usize;
            *word &= *word - 1;
            return Some(*from * 64 + bit);
        }
        *from += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Random problems with up to 8 primary and 3 secondary items and up to
    /// 150 options (so bitsets span several words).
    fn problems() -> impl Strategy<Value = Problem> {
        (1usize..=8, 0usize..=3).prop_flat_map(|(primary, secondary)| {
            let n = primary + secondary;
            let option = proptest::sample::subsequence((0..n).collect::<Vec<_>>(), 1..=n.min(4))
                .prop_shuffle();
            proptest::collection::vec(option, 0..=150).prop_map(move |options| {
                let mut problem = Problem::new(primary, secondary);
                for option in options {
                    problem.add_option(&option).unwrap();
                }
                problem
            })
        })
    }

    fn every_solution<F>(search: F) -> Vec<Vec<usize>>
    where
        F: FnOnce(&mut dyn FnMut(&[usize]) -> ControlFlow<()>),
    {
        let mut found = Vec::new();
        search(&mut |s| {
            found.push(s.to_vec());
            ControlFlow::Continue(())
        });
        found
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Same tree as dancing links: same solutions in the same order,
        /// same nodes and updates. (Dancing links are checked against a
        /// brute force in `dlx::tests`.)
        #[test]
        fn walks_the_dancing_links_tree(problem in problems()) {
            let mut links = crate::dlx::Solver::new(&problem);
            let mut bits = Solver::new(&problem);
            let want = every_solution(|f| { let _ = links.search(f); });
            let got = every_solution(|f| { let _ = bits.search(f); });
            prop_assert!(Solver::memory(&problem) > 0);
            prop_assert_eq!(got, want);
            prop_assert_eq!(bits.stats(), links.stats());
            prop_assert_eq!(bits.first(), links.first());
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(100))]

        /// Both engines report the same snapshots, at the same nodes, and
        /// the estimate is a fraction.
        #[test]
        fn progress_reports_agree(problem in problems()) {
            let mut from_links = Vec::new();
            let mut from_bits = Vec::new();
            let _ = crate::dlx::Solver::new(&problem).search_with_progress(
                |_| ControlFlow::<()>::Continue(()), 1, |p| from_links.push(*p));
            let _ = Solver::new(&problem).search_with_progress(
                |_| ControlFlow::<()>::Continue(()), 1, |p| from_bits.push(*p));
            prop_assert_eq!(&from_bits, &from_links);
            for p in &from_bits {
                prop_assert!(p.explored > 0.0 && p.explored < 1.0, "{:?}", p);
            }
        }
    }

    #[test]
    fn no_primary_items_has_one_empty_solution() {
        let mut problem = Problem::new(0, 1);
        problem.add_option(&[0]).unwrap();
        assert_eq!(Solver::new(&problem).first(), Some(vec![]));
    }

    #[test]
    fn no_options_no_solution() {
        let problem = Problem::new(2, 0);
        assert_eq!(Solver::new(&problem).count(), 0);
    }
}
