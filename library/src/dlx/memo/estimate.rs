//! Knuth's estimate of a search tree's size by random probes (TAOCP
//! 7.2.2, "Estimating the running time", after Hall and Knuth 1965):
//! walk one path from the root, at each node taking one of its `d`
//! children at random, and weigh each node met by the product of the
//! degrees above it. The weighted sums of nodes, updates and solutions
//! along the path are unbiased estimates of the whole tree's; their mean
//! over many probes converges on them.
//!
//! The tree estimated is the one a search without memo walks: DLX1's for
//! a plain problem, DLX2's with colors (the item with the fewest live
//! options, leftmost on ties). It is walked on the memo's links, which
//! count updates as DLX6 does.

use crate::dlx::memo::state::State;

/// The estimated size of a search tree.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Estimate {
    /// The probes made, and those that ended in a solution.
    pub probes: u64,
    pub solved: u64,
    /// The updates they made (what the estimate cost).
    pub spent: u64,
    /// The search's nodes, updates and solutions, estimated.
    pub nodes: f64,
    pub updates: f64,
    pub solutions: f64,
}

/// A small seeded generator (SplitMix64): the same probes every run.
pub(crate) struct Random(u64);

impl Random {
    pub(crate) fn new(seed: u64) -> Random {
        Random(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n`, `n > 0`.
    fn below(&mut self, n: u64) -> u64 {
        // The high half of a 128-bit product: no bias worth a division.
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }
}

/// Probes the search tree of the problem whose links are `state` (every
/// item uncovered; restored on return) until `probes` probes are made or
/// they have spent `budget` updates, whichever comes first, at least one.
pub(crate) fn estimate(
    state: &mut State,
    random: &mut Random,
    probes: u64,
    budget: u64,
) -> Estimate {
    let mut sum = Estimate::default();
    let before = state.stats;
    let mut path: Vec<(u32, u32)> = Vec::with_capacity(state.primary);
    while sum.probes < probes.max(1) && state.stats.updates - before.updates < budget {
        let (nodes, updates, solutions) = probe(state, random, &mut path);
        sum.probes += 1;
        sum.nodes += nodes;
        sum.updates += updates;
        sum.solutions += solutions;
        sum.solved += u64::from(solutions > 0.0);
    }
    sum.spent = state.stats.updates - before.updates;
    state.stats = before;
    let n = sum.probes as f64;
    Estimate {
        nodes: sum.nodes / n,
        updates: sum.updates / n,
        solutions: sum.solutions / n,
        ..sum
    }
}

/// One random path from the root: its weighted nodes, updates and
/// solutions. `path` is scratch space for the levels taken.
fn probe(state: &mut State, random: &mut Random, path: &mut Vec<(u32, u32)>) -> (f64, f64, f64) {
    let (mut weight, mut nodes, mut updates) = (1.0f64, 1.0f64, 0.0f64);
    let mut solutions = 0.0;
    path.clear();
    loop {
        if state.active == 0 {
            solutions = weight;
            break;
        }
        if state.empty > 0 {
            break;
        }
        let best = fewest(state);
        let degree = state.len[best as usize] as u64;
        let at = state.stats.updates;
        state.cover(best);
        updates += weight * (state.stats.updates - at) as f64;
        let mut x = state.nodes[best as usize].down;
        for _ in 0..random.below(degree) {
            x = state.nodes[x as usize].down;
        }
        weight *= degree as f64;
        let at = state.stats.updates;
        state.commit_others(x);
        updates += weight * (state.stats.updates - at) as f64;
        nodes += weight;
        path.push((best, x));
    }
    for &(best, x) in path.iter().rev() {
        state.uncommit_others(x);
        state.uncover(best);
    }
    (nodes, updates, solutions)
}

/// The uncovered primary item with the fewest live options, the leftmost
/// on ties (covered items carry `COVERED`, larger than any length).
fn fewest(state: &State) -> u32 {
    let lens = &state.len[1..=state.primary];
    let fewest = lens.iter().fold(i32::MAX, |a, &l| a.min(l));
    lens.iter().position(|&l| l == fewest).unwrap_or(0) as u32 + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::{Problem, Search, Solver, Stats};

    /// The perfect matchings of the complete graph on `n` vertices.
    fn matchings(n: usize) -> Problem {
        let mut problem = Problem::new(n, 0);
        for a in 0..n {
            for b in a + 1..n {
                problem.add_option(&[a, b]).unwrap();
            }
        }
        problem
    }

    /// `n` queens: ranks and files primary, diagonals secondary.
    fn queens(n: usize) -> Problem {
        let mut problem = Problem::new(2 * n, 4 * n - 2);
        for r in 0..n {
            for c in 0..n {
                let (d, a) = (2 * n + r + c, 2 * n + (2 * n - 1) + (r + n - 1 - c));
                problem.add_option(&[r, n + c, d, a]).unwrap();
            }
        }
        problem
    }

    fn probed(problem: &Problem, probes: u64, budget: u64) -> Estimate {
        let mut state = State::new(problem);
        estimate(&mut state, &mut Random::new(1), probes, budget)
    }

    fn searched(problem: &Problem) -> (f64, f64, f64) {
        let mut solver = Solver::new(problem);
        let solutions = solver.count() as f64;
        let stats = solver.stats();
        (stats.nodes as f64, stats.updates as f64, solutions)
    }

    #[test]
    fn where_every_level_has_one_degree_one_probe_is_exact() {
        // Matchings: at each level every item has the same options left,
        // so every path weighs the same, and is the tree DLX1 walks.
        let problem = matchings(10);
        let one = probed(&problem, 1, u64::MAX);
        assert_eq!(one.probes, 1);
        assert_eq!(one.solved, 1);
        assert_eq!((one.nodes, one.updates, one.solutions), searched(&problem));
        assert_eq!(one.solutions, 945.0);
    }

    #[test]
    fn probes_average_to_the_tree_dlx1_walks() {
        let problem = queens(8);
        let (nodes, updates, solutions) = searched(&problem);
        let e = probed(&problem, 4000, u64::MAX);
        assert_eq!(e.probes, 4000);
        for (estimated, walked) in [
            (e.nodes, nodes),
            (e.updates, updates),
            (e.solutions, solutions),
        ] {
            assert!(
                (estimated / walked - 1.0).abs() < 0.1,
                "{estimated} against {walked}"
            );
        }
    }

    #[test]
    fn the_budget_stops_the_probes_and_the_links_are_restored() {
        let problem = queens(6);
        let mut state = State::new(&problem);
        let before = format!("{:?}", (&state.len, &state.nodes, &state.key, state.active));
        let e = estimate(&mut state, &mut Random::new(1), 100, 1);
        assert_eq!(e.probes, 1);
        assert!(e.spent > 0);
        let after = format!("{:?}", (&state.len, &state.nodes, &state.key, state.active));
        assert_eq!(before, after);
        assert_eq!(state.stats, Stats::default());
        assert_eq!(state.key, state.fresh_key());
    }
}
