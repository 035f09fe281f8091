//! Cutting a search tree into independent parts: each part fixes the
//! options chosen at the first levels, and is a smaller problem whose tree
//! is exactly the subtree below them.
//!
//! ```
//! use library::dlx::{parts, Problem, Search, Solver};
//!
//! // Items 0 and 1; two ways to cover them.
//! let mut problem = Problem::new(2, 0);
//! problem.add_option(&[0])?;
//! problem.add_option(&[1])?;
//! problem.add_option(&[0, 1])?;
//! let mut whole = Solver::new(&problem);
//! let count = whole.count();
//! let (mut solutions, mut nodes, mut updates) = (0, 0, 0);
//! for part in parts::split(&problem, 2) {
//!     let mut solver = Solver::new(&part.problem);
//!     solutions += part.solved.len() as u64 + solver.count();
//!     nodes += part.above.nodes + solver.stats().nodes;
//!     updates += part.above.updates + solver.stats().updates;
//! }
//! assert_eq!((solutions, nodes, updates), (count, whole.stats().nodes, whole.stats().updates));
//! # Ok::<(), library::dlx::Error>(())
//! ```
//!
//! Choosing option `o` for item `i` covers the items of `o`, which hides
//! every option that meets them; what is left is the problem of the
//! remaining items and options, in the same order, so the next levels
//! choose the same items (the fewest options, the leftmost on ties, or
//! in order) and try the same options in the same order: the part's tree
//! is the subtree, node for node. So the statistics add up exactly: each
//! part carries in [`Part::above`] its share of the work above it (the
//! nodes entered, and the items covered, options hidden and colors fixed
//! there, counted as the engine counts them), and a child that is already
//! a solution is folded into a sibling ([`Part::solved`]).
//!
//! That holds for the three algorithms, each cut as its engine walks
//! (`parts/level.rs` counts the steps as the engines do):
//!
//! * **X** ([`crate::dlx::Links`], DLX1): as above.
//! * **C** ([`crate::dlx::color`], DLX2): an option that gives a secondary
//!   item a color *purifies* it: the options that give it another color,
//!   or none, go, and those that agree lose the item, since DLX2 never
//!   counts their cleansed nodes again.
//! * **M** ([`crate::dlx::multi`], DLX3): the item branched on may take
//!   more options: its bounds go down by one in each child, and the
//!   options tried before (*tweaked* away) are gone from the later ones;
//!   the last child may choose none (the *null move*). An item's `slack`
//!   past its `bound` never changes DLX3's choices, so bounds `lo..=hi`
//!   with `lo` floored at 0 say all of it.
//!
//! A part's problem may have lost every color or bound, yet its tree is
//! still its algorithm's ([`Part::algorithm`]): DLX3's counts differ from
//! DLX1's on plain problems (a dead end costs it no update), so a part of
//! a problem with bounds is searched by [`crate::dlx::multi`].

mod level;

use std::borrow::Cow;
use std::cmp::Reverse;

use crate::dlx::{Problem, Stats};
use level::Level;

/// The algorithm whose tree is cut, and whose engine searches the parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Exact cover: DLX1's tree.
    X,
    /// With colors: DLX2's.
    C,
    /// With bounds (and colors): DLX3's.
    M,
}

impl Algorithm {
    /// The algorithm that searches `problem`: M for bounds, C for colors.
    pub fn of(problem: &Problem) -> Algorithm {
        if problem.has_bounds() {
            Algorithm::M
        } else if problem.has_colors() {
            Algorithm::C
        } else {
            Algorithm::X
        }
    }

    /// Whether the engine counts cleansings (DLX2's and DLX3's statistics).
    pub fn counts_cleansings(&self) -> bool {
        *self != Algorithm::X
    }
}

/// One part of a search: a problem, and what was fixed to reach it.
#[derive(Clone, Debug)]
pub struct Part<'a> {
    /// What is left to search, its items and options renumbered in order
    /// (the whole problem itself, not a copy, for the root).
    pub problem: Cow<'a, Problem>,
    /// The options fixed above the part (numbers in the whole problem),
    /// in the order the search chose them.
    pub fixed: Vec<usize>,
    /// The whole problem's number of each of the part's options.
    pub options: Vec<usize>,
    /// The whole problem's number of each of the part's items.
    pub items: Vec<usize>,
    /// This part's share of the nodes, updates and cleansings above it:
    /// the sums of `above` and of the parts' own searches are the whole
    /// search's.
    pub above: Stats,
    /// Solutions found while cutting (a sibling that had nothing left to
    /// cover), in the whole problem's option numbers.
    pub solved: Vec<Vec<usize>>,
    /// Knuth's estimate of the fraction of the tree that the part is.
    pub weight: f64,
    /// The tree the part is cut from, whose engine searches it.
    pub algorithm: Algorithm,
    /// The position of the part's root among its parent's children, level
    /// by level: parts sorted by it are in the order of the search.
    path: Vec<u32>,
    /// Whether cutting further gains nothing (a dead end, or nothing
    /// left to choose).
    whole: bool,
}

impl<'a> Part<'a> {
    /// The whole problem as one part.
    pub fn root(problem: &'a Problem) -> Part<'a> {
        let n = problem.primary() + problem.secondary();
        Part {
            problem: Cow::Borrowed(problem),
            fixed: Vec::new(),
            options: (0..problem.options()).collect(),
            items: (0..n).collect(),
            above: Stats::default(),
            solved: Vec::new(),
            weight: 1.0,
            algorithm: Algorithm::of(problem),
            path: Vec::new(),
            whole: problem.primary() == 0,
        }
    }

    /// A solution of the part (its option numbers, in the order found)
    /// as a solution of the whole problem, into `whole`.
    pub fn name(&self, solution: &[usize], whole: &mut Vec<usize>) {
        whole.clear();
        whole.extend_from_slice(&self.fixed);
        whole.extend(solution.iter().map(|&k| self.options[k]));
    }

    /// The number of item mentions: what cutting this part costs, and a
    /// guess at how big its tree is.
    fn size(&self) -> usize {
        self.problem.items.len()
    }
}

/// Cuts `problem`'s tree into at least `parts` parts where it can, biggest
/// first, level by level below the root, and returns them in the order of
/// the search. Fewer parts come back when the tree is too small, or when
/// cutting would cost more than it gives: each child is a copy of what is
/// left, and the copies stop at twice the problem's size plus four
/// million item mentions (a long path of forced choices, as in a sudoku
/// or a huge sparse problem, is not copied level after level).
pub fn split(problem: &Problem, parts: usize) -> Vec<Part<'_>> {
    let mut done = Vec::new();
    let mut open = vec![Part::root(problem)];
    let budget = 2 * problem.items.len() + (4 << 20);
    let mut copied = 0;
    while done.len() + open.len() < parts {
        let at = match (0..open.len()).max_by_key(|&k| (open[k].size(), Reverse(k))) {
            Some(at) => at,
            None => break,
        };
        let part = open.swap_remove(at);
        let lists = level::lists(&part.problem);
        let branch = match level::branch_item(&part.problem, part.algorithm, &lists) {
            Some(item) => item,
            None => {
                done.push(Part {
                    whole: true,
                    ..part
                });
                continue;
            }
        };
        let cost = part.size() * (lists[branch].len() + 1);
        if copied + cost > budget {
            done.push(Part {
                whole: true,
                ..part
            });
            continue;
        }
        copied += cost;
        match children(&part, branch, &lists) {
            Some(children) => open.extend(children),
            None => done.push(Part {
                whole: true,
                ..part
            }),
        }
        let (whole, rest): (Vec<Part>, Vec<Part>) = open.into_iter().partition(|p| p.whole);
        done.extend(whole);
        open = rest;
    }
    done.extend(open);
    done.sort_by(|a, b| a.path.cmp(&b.path));
    done
}

/// The parts below `part`'s root, which branches on `item` (`lists`: the
/// options of each item), one per child of the root in the engine's
/// order, with the solved ones folded into a sibling; `None` if there is
/// no part to search below it (a dead end, or only solutions).
fn children<'a>(part: &Part<'_>, item: usize, lists: &[Vec<u32>]) -> Option<Vec<Part<'a>>> {
    if part.whole {
        return None;
    }
    let mut level = Level::new(&part.problem, part.algorithm, lists);
    // The share of the levels above, entering the root, and what the
    // level does before its first child: the first child carries them.
    let mut first_share = part.above;
    first_share.accumulate(level.enter(item));
    let mut kids: Vec<Part<'a>> = Vec::new();
    let mut solved: Vec<(Vec<usize>, Stats)> = Vec::new();
    let mut position = 0;
    while let Some((kid, chosen)) = level.next_child(item) {
        let mut kid = kid.into_part(part, chosen);
        kid.path.push(position);
        if position == 0 {
            kid.above.accumulate(first_share);
        }
        position += 1;
        if kid.problem.primary() == 0 {
            // A solution: the node entered for it is all there is below.
            kid.above.nodes += 1;
            let fixed = std::mem::take(&mut kid.fixed);
            solved.push((fixed, kid.above));
        } else {
            kid.solved.extend(solved.drain(..).map(|(s, above)| {
                kid.above.accumulate(above);
                s
            }));
            kids.push(kid);
        }
    }
    let t = f64::from(position.max(1));
    for kid in &mut kids {
        kid.weight = part.weight / t;
    }
    let last = kids.last_mut()?;
    for (s, above) in solved {
        last.above.accumulate(above);
        last.solved.push(s);
    }
    kids[0].solved.splice(0..0, part.solved.iter().cloned());
    Some(kids)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::oracle::{bounded_problems, brute_force, colored_problems, problems, sorted};
    use crate::dlx::{bitset, color, multi, Branching, Search, Solver};
    use proptest::prelude::*;

    /// The solutions and statistics of every part, added up.
    fn sum_of_parts<S: Search>(parts: &[Part]) -> (Vec<Vec<usize>>, Stats) {
        let mut solutions = Vec::new();
        let mut stats = Stats::default();
        let mut whole = Vec::new();
        for part in parts {
            solutions.extend(part.solved.iter().cloned());
            let mut solver = S::new(&part.problem);
            solver.for_each(|s| {
                part.name(s, &mut whole);
                solutions.push(whole.clone());
            });
            stats.accumulate(part.above);
            stats.accumulate(solver.stats());
        }
        (solutions, stats)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Whatever the number of parts, they hold every solution once and
        /// their statistics add up to the whole search's, either engine,
        /// either branching.
        #[test]
        fn parts_add_up_to_the_whole(
            problem in problems(),
            parts in 1usize..12,
            in_order in any::<bool>(),
        ) {
            let mut problem = problem;
            if in_order {
                problem.set_branching(Branching::InOrder);
            }
            let mut whole = Solver::new(&problem);
            let mut solutions = Vec::new();
            whole.for_each(|s| solutions.push(s.to_vec()));
            let cut = split(&problem, parts);
            let (found, stats) = sum_of_parts::<Solver>(&cut);
            prop_assert_eq!(sorted(found.clone()), brute_force(&problem));
            prop_assert_eq!(stats, whole.stats());
            // Solutions folded into a sibling come first; the others keep
            // the search's order.
            let searched: Vec<Vec<usize>> = solutions
                .iter()
                .filter(|s| !cut.iter().any(|p| p.solved.contains(s)))
                .cloned()
                .collect();
            let in_parts: Vec<Vec<usize>> = found
                .into_iter()
                .filter(|s| !cut.iter().any(|p| p.solved.contains(s)))
                .collect();
            prop_assert_eq!(in_parts, searched);
            prop_assert_eq!(sum_of_parts::<bitset::Solver>(&cut).1, whole.stats());
            let weights: f64 = cut.iter().map(|p| p.weight).sum();
            prop_assert!(weights <= 1.0 + 1e-9);
        }
    }

    /// The parts of a problem with colors or bounds, searched by `S` (its
    /// algorithm's engine, whatever each part has left), add up to `S`'s
    /// search of the whole.
    fn adds_up<S: Search>(problem: &Problem, parts: usize) -> Result<(), TestCaseError> {
        let mut whole = S::new(problem);
        whole.count();
        let cut = split(problem, parts);
        let (found, stats) = sum_of_parts::<S>(&cut);
        prop_assert_eq!(sorted(found), brute_force(problem));
        prop_assert_eq!(stats, whole.stats());
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Algorithm C's tree: purified items leave the options that
        /// agree with them, and the cleansings add up too.
        #[test]
        fn parts_with_colors_add_up(problem in colored_problems(), parts in 1usize..12, in_order in any::<bool>()) {
            let mut problem = problem;
            if in_order {
                problem.set_branching(Branching::InOrder);
            }
            prop_assert_eq!(split(&problem, parts)[0].algorithm, Algorithm::of(&problem));
            adds_up::<color::Solver>(&problem, parts)?;
        }

        /// Algorithm M's tree: bounds go down, tweaked options go, null
        /// moves are children too.
        #[test]
        fn parts_with_bounds_add_up(problem in bounded_problems(), parts in 1usize..16, in_order in any::<bool>()) {
            let mut problem = problem;
            if in_order {
                problem.set_branching(Branching::InOrder);
            }
            adds_up::<multi::Solver>(&problem, parts)?;
        }
    }

    #[test]
    fn a_part_of_a_problem_with_bounds_is_searched_by_algorithm_m() {
        // Item 0 exactly twice, among three options: once one is taken,
        // what is left has no bounds, but its tree is still DLX3's.
        let mut problem = Problem::new(1, 0);
        problem.set_bounds(0, 2, 2).unwrap();
        for _ in 0..3 {
            problem.add_option(&[0]).unwrap();
        }
        let cut = split(&problem, 4);
        assert!(cut.len() > 1);
        assert!(cut.iter().all(|p| p.algorithm == Algorithm::M));
        assert!(cut.iter().any(|p| !p.problem.has_bounds()));
    }
}
