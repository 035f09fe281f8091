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
//! nodes entered and the items covered and options hidden there, counted
//! as DLX1 counts them), and a child that is already a solution is
//! folded into a sibling ([`Part::solved`]).
//!
//! This is Algorithm X's tree: problems with colors or bounds are not cut
//! (their engines count cleansings and bounds differently), and
//! [`split`] gives them back whole.

use std::borrow::Cow;
use std::cmp::Reverse;

use crate::dlx::{Branching, Problem, Stats};

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
    /// This part's share of the nodes and updates above it: the sums of
    /// `above` and of the parts' own searches are the whole search's.
    pub above: Stats,
    /// Solutions found while cutting (a sibling that had nothing left to
    /// cover), in the whole problem's option numbers.
    pub solved: Vec<Vec<usize>>,
    /// Knuth's estimate of the fraction of the tree that the part is.
    pub weight: f64,
    /// The position of the part's root among its parent's children, level
    /// by level: parts sorted by it are in the order of the search.
    path: Vec<u32>,
    /// Whether cutting further gains nothing (a dead end, or a problem
    /// with colors or bounds).
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
            path: Vec::new(),
            whole: !problem.is_plain() || problem.primary() == 0,
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
/// or a huge sparse problem, is not copied level after level). Problems
/// with colors or bounds come back whole.
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
        let (item, len) = branch_item(&part.problem);
        let cost = part.size() * len.get(item).map_or(0, |&t| t as usize);
        if copied + cost > budget {
            done.push(Part {
                whole: true,
                ..part
            });
            continue;
        }
        copied += cost;
        match children(&part, item, &len) {
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

/// The item that the search branches on at the root of `problem`, and the
/// number of options of each primary item (none if there is none).
fn branch_item(problem: &Problem) -> (usize, Vec<u32>) {
    let mut len = vec![0u32; problem.primary()];
    if len.is_empty() {
        return (0, len);
    }
    for &item in &problem.items {
        if let Some(l) = len.get_mut(item as usize) {
            *l += 1;
        }
    }
    let mut best = 0;
    for (i, &l) in len.iter().enumerate() {
        if l < len[best] {
            best = i;
        }
    }
    if problem.branching == Branching::InOrder && len[best] > 1 {
        best = 0;
    }
    (best, len)
}

/// The parts below `part`'s root, one per option of `item`, the item it
/// branches on (`len`: the number of options of each item), with the
/// solved ones folded into a sibling; `None` if there is no part to
/// search below it (a dead end, or only solutions).
fn children<'a>(part: &Part<'_>, item: usize, len: &[u32]) -> Option<Vec<Part<'a>>> {
    if part.whole {
        return None;
    }
    let problem = &part.problem;
    let t = len[item];
    let options: Vec<usize> = (0..problem.options())
        .filter(|&k| problem.slice(k).contains(&(item as u32)))
        .collect();
    // Entering the root, and covering `item`: one update, and one per
    // other node of each of its options. The first child carries them.
    let mut first_share = Stats {
        nodes: part.above.nodes + 1,
        updates: part.above.updates + 1,
        cleansings: 0,
    };
    for &k in &options {
        first_share.updates += problem.slice(k).len() as u64 - 1;
    }
    let mut kids: Vec<Part<'a>> = Vec::with_capacity(options.len());
    let mut solved: Vec<(Vec<usize>, Stats)> = Vec::new();
    for (position, &chosen) in options.iter().enumerate() {
        let mut kid = reduce(part, item, chosen);
        kid.path.push(position as u32);
        kid.weight = part.weight / f64::from(t);
        if position == 0 {
            kid.above.nodes += first_share.nodes;
            kid.above.updates += first_share.updates;
        }
        if kid.problem.primary() == 0 {
            // A solution: the node entered for it is all there is below.
            kid.above.nodes += 1;
            solved.push((kid.fixed, kid.above));
        } else {
            kid.solved.extend(solved.drain(..).map(|(s, above)| {
                kid.above.nodes += above.nodes;
                kid.above.updates += above.updates;
                s
            }));
            kids.push(kid);
        }
    }
    let last = kids.last_mut()?;
    for (s, above) in solved {
        last.above.nodes += above.nodes;
        last.above.updates += above.updates;
        last.solved.push(s);
    }
    kids[0].solved.splice(0..0, part.solved.iter().cloned());
    Some(kids)
}

/// The part below `part` once option `chosen` is taken for `item`: the
/// items of `chosen` covered, the options that meet them gone. Its
/// `above` counts the other items of `chosen` covered and the nodes those
/// covers hide (the cover of `item` itself is the parent's).
fn reduce<'a>(part: &Part<'_>, item: usize, chosen: usize) -> Part<'a> {
    let problem = &part.problem;
    let n = problem.primary() + problem.secondary();
    let mut taken = vec![false; n];
    for &i in problem.slice(chosen) {
        taken[i as usize] = true;
    }
    // New numbers for the items left, in order.
    let mut renumber = vec![u32::MAX; n];
    let mut items = Vec::new();
    let (mut primary, mut secondary) = (0, 0);
    for i in (0..n).filter(|&i| !taken[i]) {
        renumber[i] = items.len() as u32;
        items.push(part.items[i]);
        match i < problem.primary() {
            true => primary += 1,
            false => secondary += 1,
        }
    }
    let mut reduced = Problem::new(primary, secondary);
    reduced.branching = problem.branching;
    let mut options = Vec::new();
    let mut updates = problem.slice(chosen).len() as u64 - 1;
    let mut kept: Vec<usize> = Vec::new();
    for k in 0..problem.options() {
        let slice = problem.slice(k);
        let meets = slice.iter().any(|&i| taken[i as usize]);
        if !meets {
            kept.clear();
            kept.extend(slice.iter().map(|&i| renumber[i as usize] as usize));
            reduced
                .add_option(&kept)
                .expect("a part of a valid problem is valid");
            options.push(part.options[k]);
        } else if !slice.contains(&(item as u32)) {
            updates += slice.len() as u64 - 1;
        }
    }
    let mut fixed = part.fixed.clone();
    fixed.push(part.options[chosen]);
    Part {
        problem: Cow::Owned(reduced),
        fixed,
        options,
        items,
        above: Stats {
            nodes: 0,
            updates,
            cleansings: 0,
        },
        solved: Vec::new(),
        weight: part.weight,
        path: part.path.clone(),
        whole: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::oracle::{brute_force, problems, sorted};
    use crate::dlx::{bitset, Search, Solver};
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
            stats.nodes += part.above.nodes + solver.stats().nodes;
            stats.updates += part.above.updates + solver.stats().updates;
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

    #[test]
    fn problems_with_colors_stay_whole() {
        let mut problem = Problem::new(2, 1);
        problem.add_colored_option(&[(0, 0), (2, 1)]).unwrap();
        problem.add_colored_option(&[(1, 0), (2, 1)]).unwrap();
        let cut = split(&problem, 8);
        assert_eq!(cut.len(), 1);
        assert_eq!(cut[0].fixed, Vec::<usize>::new());
    }
}
