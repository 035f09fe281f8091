//! Exact cover by compatibility bitsets: the same search as
//! [`crate::dlx::Solver`], with state that is copied instead of undone.
//!
//! ```
//! use library::dlx::{bitset, Problem};
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
//!   partial solution (DLX's invariant I4 as a bitset);
//! * `count`, one number per item: how many live options contain it (DLX's
//!   list lengths, I1), or [`COVERED`] once the item is covered.
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
//! on ties, options in input order), so it walks the same tree, finds the
//! solutions in the same order, and counts the same nodes and updates. Its
//! cost per node grows with the number of options / 64, so it pays on the
//! dense problems of puzzles (a few thousand options), not on huge sparse
//! ones.

use std::ops::ControlFlow;

use crate::dlx::{Problem, Progress, Stats};

/// `count` of an item that is covered: never the minimum of a choice.
const COVERED: u32 = u32::MAX;

/// Bitset search over one [`Problem`]; see the module docs.
#[derive(Clone, Debug)]
pub struct Solver {
    primary: usize,
    items: usize,
    /// Words per option bitset.
    words: usize,
    /// `options_of[i * words..][..words]`: the options that contain item `i`.
    options_of: Vec<u64>,
    /// The number of options.
    options: usize,
    /// Option `k`'s items are `rows[k * stride..][..stride]`, padded with
    /// the scratch item `items`. Invariant: every entry is `<= items`.
    rows: Vec<u32>,
    stride: usize,
    /// `sizes[k]`: the number of items of option `k`.
    sizes: Vec<u32>,
    stats: Stats,
}

/// The state of one level: which options live, and how many per item.
struct Slot<'a> {
    alive: &'a mut [u64],
    count: &'a mut [u32],
}

impl Solver {
    /// Builds the bitsets for `problem`.
    pub fn new(problem: &Problem) -> Solver {
        let items = problem.primary + problem.secondary;
        let words = ((problem.options() + 63) / 64).max(1);
        let mut options_of = vec![0u64; items * words];
        for k in 0..problem.options() {
            for &item in problem.option(k) {
                options_of[item as usize * words + k / 64] |= 1 << (k % 64);
            }
        }
        let options = problem.options();
        let stride = (0..options)
            .map(|k| problem.option(k).len())
            .max()
            .unwrap_or(0);
        let mut rows = vec![items as u32; options * stride];
        for k in 0..options {
            let option = problem.option(k);
            rows[k * stride..][..option.len()].copy_from_slice(option);
        }
        Solver {
            primary: problem.primary,
            items,
            words,
            options_of,
            options,
            rows,
            stride,
            sizes: (0..options)
                .map(|k| problem.option(k).len() as u32)
                .collect(),
            stats: Stats::default(),
        }
    }

    /// The first solution, or `None` if there is none.
    pub fn first(&mut self) -> Option<Vec<usize>> {
        let mut found = None;
        let _ = self.search(|solution| {
            found = Some(solution.to_vec());
            ControlFlow::Break(())
        });
        found
    }

    /// The number of solutions.
    pub fn count(&mut self) -> u64 {
        let mut count = 0;
        let _ = self.search(|_| {
            count += 1;
            ControlFlow::Continue(())
        });
        count
    }

    /// What the latest search did.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Calls `visit` with every solution, in the order the search finds
    /// them, until `visit` breaks. Returns `Break` if it did.
    pub fn search<F>(&mut self, visit: F) -> ControlFlow<()>
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        self.search_with_progress(visit, u64::MAX, |_| {})
    }

    /// [`Solver::search`], calling `report` every `interval` nodes with a
    /// snapshot of the search.
    pub fn search_with_progress<F, R>(
        &mut self,
        mut visit: F,
        interval: u64,
        mut report: R,
    ) -> ControlFlow<()>
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
        R: FnMut(&Progress),
    {
        // Count arrays hold one more entry: the scratch item.
        let (words, items) = (self.words, self.items + 1);
        self.stats = Stats::default();
        let mut next_report = interval;
        // Level l owns alive[l * words..] and count[l * items..]: the state
        // after its branch item was covered. Level l + 1's slot is rebuilt
        // from it for every option tried. At most one level per primary item.
        let depth = self.primary + 1;
        let mut alive = vec![0u64; (depth + 1) * words];
        let mut count = vec![0u32; (depth + 1) * items];
        // branch[l * words..]: the options of level l's item still to try.
        let mut branch = vec![0u64; depth * words];
        let mut solution: Vec<usize> = Vec::with_capacity(depth);
        // position[l] = (k, t): level l is trying the k-th of its t options.
        let mut position: Vec<(u32, u32)> = Vec::with_capacity(depth);

        for k in 0..self.options {
            alive[k / 64] |= 1 << (k % 64);
        }
        for item in 0..self.items {
            count[item] = self.live_options(&alive[..words], item);
        }
        self.stats.nodes += 1;
        let mut level = 0;
        match self.choose(&count[..items]) {
            None => {
                self.stats.nodes += 1;
                return visit(&[]);
            }
            Some(best) => {
                let t = self.enter(level, best, &mut alive, &mut count, &mut branch);
                position.push((0, t));
            }
        }
        loop {
            let Some(option) = take_first(&mut branch[level * words..][..words]) else {
                // Every option of this level is tried: back up.
                if level == 0 {
                    return ControlFlow::Continue(());
                }
                level -= 1;
                position.pop();
                continue;
            };
            solution.truncate(level);
            solution.push(option);
            position[level].0 += 1;
            // Level l + 1 starts from level l's state, then covers the other
            // items of `option`.
            let (done, next) = alive.split_at_mut((level + 1) * words);
            next[..words].copy_from_slice(&done[level * words..]);
            let (done, next_count) = count.split_at_mut((level + 1) * items);
            next_count[..items].copy_from_slice(&done[level * items..]);
            let mut slot = Slot {
                alive: &mut next[..words],
                count: &mut next_count[..items],
            };
            for j in 0..self.sizes[option] as usize {
                let item = self.rows[option * self.stride + j] as usize;
                if slot.count[item] != COVERED {
                    self.cover(&mut slot, item);
                }
            }
            let chosen = self.choose(slot.count);
            self.stats.nodes += 1;
            if self.stats.nodes >= next_report {
                next_report = next_report.saturating_add(interval);
                report(&Progress::new(self.stats, &position));
            }
            match chosen {
                None => {
                    if visit(&solution).is_break() {
                        return ControlFlow::Break(());
                    }
                }
                // A dead end: DLX1 would enter the level, cover the item
                // (one update) and find no option to try. Count just that.
                Some(best) if slot.count[best] == 0 => self.stats.updates += 1,
                Some(best) => {
                    level += 1;
                    let t = self.enter(level, best, &mut alive, &mut count, &mut branch);
                    position.push((0, t));
                }
            }
        }
    }

    /// Starts level `level`: records the live options of `best` as the ones
    /// to try, and covers `best` in the level's slot. Returns their number.
    fn enter(
        &mut self,
        level: usize,
        best: usize,
        alive: &mut [u64],
        count: &mut [u32],
        branch: &mut [u64],
    ) -> u32 {
        let (words, items) = (self.words, self.items + 1);
        let alive = &mut alive[level * words..][..words];
        let to_try = &mut branch[level * words..][..words];
        let of_best = &self.options_of[best * words..][..words];
        for w in 0..words {
            to_try[w] = of_best[w] & alive[w];
        }
        let mut slot = Slot {
            alive,
            count: &mut count[level * items..][..items],
        };
        let options = slot.count[best];
        self.cover(&mut slot, best);
        options.max(1)
    }

    /// Covers `item` in `slot`: kills its live options and takes them off
    /// the counts of their other items. Counts updates as DLX1 does.
    fn cover(&mut self, slot: &mut Slot<'_>, item: usize) {
        let (words, stride) = (self.words, self.stride);
        let of_item = &self.options_of[item * words..][..words];
        let alive = &mut slot.alive[..words];
        let count = &mut slot.count[..=self.items];
        let mut updates = 1;
        for w in 0..words {
            let mut kill = of_item[w] & alive[w];
            if kill == 0 {
                continue;
            }
            alive[w] &= !kill;
            while kill != 0 {
                let option = w * 64 + kill.trailing_zeros() as usize;
                kill &= kill - 1;
                for &other in &self.rows[option * stride..][..stride] {
                    debug_assert!(other as usize <= self.items);
                    // SAFETY: row entries are at most `items` (see `rows`),
                    // and `count` has `items + 1` entries.
                    let c = unsafe { count.get_unchecked_mut(other as usize) };
                    // Only the scratch entry ever wraps; nobody reads it.
                    *c = c.wrapping_sub(1);
                }
                updates += u64::from(self.sizes[option]) - 1;
            }
        }
        count[item] = COVERED;
        self.stats.updates += updates;
    }

    /// The uncovered primary item with the fewest live options, the
    /// leftmost on ties; `None` when every primary item is covered.
    fn choose(&self, count: &[u32]) -> Option<usize> {
        let mut best = None;
        let mut fewest = COVERED;
        for (item, &c) in count[..self.primary].iter().enumerate() {
            if c < fewest {
                best = Some(item);
                fewest = c;
                if c == 0 {
                    break;
                }
            }
        }
        best
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

/// Removes and returns the lowest set bit's index.
fn take_first(bits: &mut [u64]) -> Option<usize> {
    for (w, word) in bits.iter_mut().enumerate() {
        if *word != 0 {
            let bit = word.trailing_zeros() as usize;
            *word &= *word - 1;
            return Some(w * 64 + bit);
        }
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
            prop_assert_eq!(got, want);
            prop_assert_eq!(bits.stats(), links.stats());
            prop_assert_eq!(bits.first(), links.first());
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
