//! What the engines are tested against: every solution of a small problem
//! by brute force, and random small problems.

use proptest::prelude::*;

use crate::dlx::{Problem, Search};

/// Every solution, by trying every subset of the options that name a
/// primary item (the others are never chosen, as in Knuth's programs),
/// sorted: each primary item covered within its bounds, and each secondary
/// item either by one option without a color or by options that all give
/// it the same color.
pub(crate) fn brute_force(problem: &Problem) -> Vec<Vec<usize>> {
    let m = problem.options();
    let options: Vec<Vec<(usize, u32)>> = (0..m)
        .map(|k| problem.colored_option(k).collect())
        .collect();
    let useless: u32 = (0..m)
        .filter(|&k| problem.option(k).all(|i| i >= problem.primary()))
        .map(|k| 1 << k)
        .sum();
    let mut solutions = Vec::new();
    for subset in (0u32..1 << m).filter(|s| s & useless == 0) {
        let chosen: Vec<usize> = (0..m).filter(|k| subset >> k & 1 == 1).collect();
        if is_solution(problem, chosen.iter().map(|&k| &options[k][..])) {
            solutions.push(chosen);
        }
    }
    solutions.sort();
    solutions
}

/// Whether `chosen` (each option as `(item, color)` entries) solves
/// `problem`.
fn is_solution<'a>(problem: &Problem, chosen: impl Iterator<Item = &'a [(usize, u32)]>) -> bool {
    let n = problem.primary() + problem.secondary();
    let mut covered = vec![0u32; n];
    // Per secondary item: no use yet, one color, or not sharable (None).
    let mut color: Vec<Option<u32>> = vec![Some(0); n];
    for option in chosen {
        for &(item, c) in option {
            covered[item] += 1;
            color[item] = match (color[item], c) {
                (Some(0), c) if covered[item] == 1 => Some(c),
                (Some(was), c) if c != 0 && was == c => Some(c),
                _ => None,
            };
        }
    }
    let primary_ok = (0..problem.primary()).all(|i| {
        let (lo, hi) = problem.bounds(i);
        (lo..=hi).contains(&covered[i])
    });
    let secondary_ok = (problem.primary()..n).all(|i| {
        // An uncolored use that is alone is `Some(0)` with one cover.
        color[i].is_some() && (color[i] != Some(0) || covered[i] <= 1)
    });
    primary_ok && secondary_ok
}

/// Every solution in the order the search finds them.
pub(crate) fn in_search_order<S: Search>(solver: &mut S) -> Vec<Vec<usize>> {
    let mut solutions = Vec::new();
    solver.for_each(|solution| solutions.push(solution.to_vec()));
    solutions
}

/// Solutions as sets, sorted: what [`brute_force`] gives.
pub(crate) fn sorted(mut solutions: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    solutions.iter_mut().for_each(|s| s.sort_unstable());
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

/// A random problem with colors: up to 5 primary and 3 secondary items, up
/// to 12 options of distinct items, each secondary item in an option given
/// no color or one of two.
pub(crate) fn colored_problems() -> impl Strategy<Value = Problem> {
    (1usize..=5, 1usize..=3).prop_flat_map(|(primary, secondary)| {
        let n = primary + secondary;
        let option = proptest::sample::subsequence((0..n).collect::<Vec<_>>(), 1..=n.min(4))
            .prop_shuffle()
            .prop_flat_map(|items| {
                let len = items.len();
                (Just(items), proptest::collection::vec(0u32..=2, len))
            });
        proptest::collection::vec(option, 0..=12).prop_map(move |options| {
            let mut problem = Problem::new(primary, secondary);
            for (items, colors) in options {
                let entries: Vec<(usize, u32)> = items
                    .iter()
                    .zip(colors)
                    .map(|(&i, c)| (i, if i < primary { 0 } else { c }))
                    .collect();
                problem.add_colored_option(&entries).unwrap();
            }
            problem
        })
    })
}

/// A random problem with bounds and colors: [`colored_problems`] with each
/// primary item given bounds `lo..=hi`, `0 <= lo <= hi <= 3`, `hi >= 1`.
pub(crate) fn bounded_problems() -> impl Strategy<Value = Problem> {
    colored_problems().prop_flat_map(|problem| {
        let bounds = proptest::collection::vec((0u32..=3, 1u32..=3), problem.primary());
        (Just(problem), bounds).prop_map(|(mut problem, bounds)| {
            for (i, (a, b)) in bounds.into_iter().enumerate() {
                problem.set_bounds(i, a.min(b), b).unwrap();
            }
            problem
        })
    })
}

/// A random problem with colors and costs: [`colored_problems`] with
/// each option given a cost of 0 to `most`.
pub(crate) fn costed_problems(most: u64) -> impl Strategy<Value = Problem> {
    colored_problems().prop_flat_map(move |problem| {
        let costs = proptest::collection::vec(0..=most, problem.options());
        (Just(problem), costs).prop_map(|(mut problem, costs)| {
            for (k, cost) in costs.into_iter().enumerate() {
                problem.set_cost(k, cost).unwrap();
            }
            problem
        })
    })
}

/// The cost of a solution: its options' costs added up.
pub(crate) fn cost_of(problem: &Problem, solution: &[usize]) -> u64 {
    solution.iter().map(|&k| problem.cost(k)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::text;

    fn solutions(text: &str) -> Vec<Vec<String>> {
        let instance = text::parse(text.as_bytes().to_vec()).unwrap();
        brute_force(&instance.problem)
            .iter()
            .map(|s| s.iter().map(|&k| instance.option_text(k)).collect())
            .collect()
    }

    #[test]
    fn knuths_examples_have_their_one_solution() {
        // dlx2.w and dlx3.w state these.
        let dlx2 = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
        assert_eq!(solutions(dlx2), [["A C X:1 Y:1", "B X:1"]]);
        let dlx3 = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
        assert_eq!(solutions(dlx3), [["A C X:1 Y:1", "B X:1", "C Y:1"]]);
    }

    #[test]
    fn an_uncolored_secondary_item_is_taken_once() {
        let text = "a b | x\na x\nb x\na x:1\nb x:1\nb\n";
        assert_eq!(
            solutions(text),
            [["a x", "b"], ["a x:1", "b x:1"], ["a x:1", "b"]]
        );
    }
}
