use super::*;
use crate::dlx::{color, oracle, Problem, Search};
use proptest::prelude::*;

/// The problem of the module docs: a, b, c, and four options with costs.
fn small() -> Problem {
    let mut problem = Problem::new(3, 0);
    for (items, price) in [
        (&[0, 1][..], 3),
        (&[2], 1),
        (&[0], 1),
        (&[1, 2], 2),
        (&[1, 2], 5),
    ] {
        let k = problem.add_option(items).unwrap();
        problem.set_cost(k, price).unwrap();
    }
    problem
}

#[test]
fn taxes_leave_every_item_an_option_of_net_cost_zero() {
    // a: least 1 (`a`); then b: `a b` 2, `b c` 2, `b c` 5 → 2; then c:
    // `c` 1, `b c` 0 → 0.
    let solver = Solver::new(&small());
    assert_eq!(solver.tax(), 3);
    let net: Vec<u32> = (0..5)
        .map(|k| {
            let x = solver.option.iter().position(|&o| o == k).unwrap();
            solver.nodes[x].cost
        })
        .collect();
    assert_eq!(net, [0, 1, 0, 0, 3]);
}

#[test]
fn the_cheapest_solutions_come_cheapest_first() {
    let problem = small();
    assert_eq!(Solver::new(&problem).cheapest(), [(3, vec![2, 3])]);
    let all = Solver::with_best(&problem, 5).cheapest();
    assert_eq!(all, [(3, vec![2, 3]), (4, vec![0, 1]), (6, vec![2, 4])]);
    // DLX5 finds `a b` `c` ($4) first, then `a` `b c` ($3): two
    // solutions, five nodes, nine updates (dlx5 on the same file).
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 2);
    let stats = solver.stats();
    assert_eq!((stats.nodes, stats.updates, stats.cleansings), (5, 9, 0));
    assert_eq!(solver.best_costs(), [3]);
}

#[test]
fn a_search_stopped_early_leaves_the_links_as_they_were() {
    let problem = small();
    let fresh = Solver::new(&problem);
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.first(), Some(vec![0, 1]));
    assert_eq!(solver.nodes, fresh.nodes);
    assert_eq!(solver.active, fresh.active);
    assert_eq!(solver.len, fresh.len);
}

#[test]
fn no_primary_item_has_the_empty_solution() {
    let mut problem = Problem::new(0, 1);
    problem.set_branching(crate::dlx::Branching::Fewest);
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.cheapest(), [(0, vec![])]);
    assert_eq!(solver.stats().nodes, 2);
}

/// The `wanted` cheapest costs of `problem`, by brute force.
fn cheapest_by_brute_force(problem: &Problem, wanted: usize) -> Vec<u64> {
    let mut costs: Vec<u64> = oracle::brute_force(problem)
        .iter()
        .map(|s| oracle::cost_of(problem, s))
        .collect();
    costs.sort_unstable();
    costs.truncate(wanted);
    costs
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The `k` cheapest solutions, as brute force finds their costs;
    /// each a solution, costing what it says; with the taxes levied at
    /// every node too, the same solutions found in the same order, in no
    /// more nodes.
    #[test]
    fn finds_the_cheapest_solutions(problem in oracle::costed_problems(6), wanted in 1usize..=4) {
        let expected = cheapest_by_brute_force(&problem, wanted);
        let all = oracle::brute_force(&problem);
        let fresh = Solver::with_best(&problem, wanted);
        let mut nodes = Vec::new();
        let mut orders = Vec::new();
        for bound in [Bound::Cutoff, Bound::Taxes] {
            let mut solver = Solver::with_best(&problem, wanted);
            solver.set_bound(bound);
            let found = solver.cheapest();
            let costs: Vec<u64> = found.iter().map(|(c, _)| *c).collect();
            prop_assert_eq!(&costs, &expected, "{:?}", bound);
            prop_assert_eq!(solver.best_costs(), expected.clone());
            for (cost, solution) in &found {
                prop_assert_eq!(*cost, oracle::cost_of(&problem, solution));
                let mut sorted = solution.clone();
                sorted.sort_unstable();
                prop_assert!(all.contains(&sorted));
            }
            prop_assert_eq!(&solver.nodes, &fresh.nodes);
            prop_assert_eq!(&solver.len, &fresh.len);
            nodes.push(solver.stats().nodes);
            let mut again = Solver::with_best(&problem, wanted);
            again.set_bound(bound);
            orders.push(oracle::in_search_order(&mut again));
        }
        prop_assert!(nodes[1] <= nodes[0]);
        prop_assert_eq!(&orders[0], &orders[1]);
    }

    /// Without costs, and every solution wanted, DLX2's tree: the same
    /// solutions in the same order, nodes and cleansings; and DLX2's
    /// updates but one per dead end (DLX2 covers the item without
    /// options first, DLX5 backs up at once).
    #[test]
    fn without_costs_walks_dlx2_tree(problem in oracle::colored_problems()) {
        let mut dlx2 = color::Solver::new(&problem);
        let mut dlx5 = Solver::with_best(&problem, usize::MAX);
        prop_assert_eq!(
            oracle::in_search_order(&mut dlx5),
            oracle::in_search_order(&mut dlx2)
        );
        let mut stats = dlx5.stats();
        stats.updates += dlx5.dead_ends;
        prop_assert_eq!(stats, dlx2.stats());
    }

    /// Counting without naming reports what the search that names does.
    #[test]
    fn counting_reports_as_the_search_does(problem in oracle::costed_problems(3)) {
        let mut counted = Vec::new();
        let mut solver = Solver::with_best(&problem, 2);
        let count = solver.count_with_progress(1, |p, found| counted.push((*p, found)));
        let found = std::cell::Cell::new(0);
        let mut searched = Vec::new();
        let _ = Solver::with_best(&problem, 2).search_with_progress(
            |_| {
                found.set(found.get() + 1);
                ControlFlow::<()>::Continue(())
            },
            1,
            |p| searched.push((*p, found.get())),
        );
        prop_assert_eq!((count, counted), (found.get(), searched));
    }
}
