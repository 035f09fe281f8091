//! What the engines are tested against: every solution of a small problem
//! by brute force, and random small problems.

use proptest::prelude::*;

use crate::dlx::Problem;

/// Every exact cover, by trying every subset of the options that name a
/// primary item (the others are never chosen, as in DLX1), sorted.
pub(crate) fn brute_force(problem: &Problem) -> Vec<Vec<usize>> {
    let m = problem.options();
    let useless: u32 = (0..m)
        .filter(|&k| problem.option(k).all(|i| i >= problem.primary()))
        .map(|k| 1 << k)
        .sum();
    let mut solutions = Vec::new();
    for subset in (0u32..1 << m).filter(|s| s & useless == 0) {
        let mut covered = vec![0; problem.primary() + problem.secondary()];
        for k in (0..m).filter(|k| subset >> k & 1 == 1) {
            for item in problem.option(k) {
                covered[item] += 1;
            }
        }
        let primary_ok = covered[..problem.primary()].iter().all(|&c| c == 1);
        let secondary_ok = covered[problem.primary()..].iter().all(|&c| c <= 1);
        if primary_ok && secondary_ok {
            solutions.push((0..m).filter(|k| subset >> k & 1 == 1).collect());
        }
    }
    solutions.sort();
    solutions
}

/// A random problem: up to 6 primary and 3 secondary items, up to 12
/// options of distinct items.
pub(crate) fn problems() -> impl Strategy<Value = Problem> {
    (1usize..=6, 0usize..=3).prop_flat_map(|(primary, secondary)| {
        let n = primary + secondary;
        let option =
            proptest::sample::subsequence((0..n).collect::<Vec<_>>(), 1..=n.min(4)).prop_shuffle();
        proptest::collection::vec(option, 0..=12).prop_map(move |options| {
            let mut problem = Problem::new(primary, secondary);
            for option in options {
                problem.add_option(&option).unwrap();
            }
            problem
        })
    })
}
