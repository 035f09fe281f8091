use super::*;
use crate::dlx::oracle::{brute_force, colored_problems, problems};
use proptest::prelude::*;

const ORDERS: [Order; 3] = [Order::Fewest, Order::First, Order::Frontier];

/// Counts `problem` with `order` in a table of `cap` bytes, checking that
/// the links and the signature are as they were before.
fn count(problem: &Problem, order: Order, cap: usize) -> Result<u128, Stop> {
    let mut counter = Counter::with_config(problem, Config { order, cap });
    let before = format!(
        "{:?}",
        (&counter.state.len, &counter.state.nodes, &counter.state.key)
    );
    let result = counter.count();
    let after = format!(
        "{:?}",
        (&counter.state.len, &counter.state.nodes, &counter.state.key)
    );
    assert_eq!(before, after, "the count did not restore the links");
    assert_eq!(counter.state.key, counter.state.fresh_key());
    result
}

/// The solutions a ZDD in ZDDREAD's text format stands for, sorted.
fn zdd_solutions(text: &str) -> Vec<Vec<usize>> {
    let mut nodes = std::collections::HashMap::new();
    let mut root = None;
    for line in text.lines() {
        let (id, rest) = line.split_once(": (~").expect("a node line");
        let (v, rest) = rest.split_once('?').unwrap();
        let (lo, hi) = rest.trim_end_matches(')').split_once(':').unwrap();
        let hex = |s: &str| u32::from_str_radix(s, 16).unwrap();
        let node = (v.parse::<usize>().unwrap(), hex(lo), hex(hi));
        if node.0 == 0 {
            root = Some(node.2);
        }
        assert!(nodes.insert(hex(id), node).is_none(), "node {id} twice");
    }
    fn expand(
        z: u32,
        nodes: &std::collections::HashMap<u32, (usize, u32, u32)>,
    ) -> Vec<Vec<usize>> {
        match z {
            0 => Vec::new(),
            1 => vec![Vec::new()],
            _ => {
                let (v, lo, hi) = nodes[&z];
                let mut all = expand(lo, nodes);
                for mut s in expand(hi, nodes) {
                    s.push(v - 1);
                    all.push(s);
                }
                all
            }
        }
    }
    let mut all = expand(root.expect("a root line"), &nodes);
    all.iter_mut().for_each(|s| s.sort_unstable());
    all.sort();
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Every order counts the brute force's solutions, with or without
    /// colors, and restores the state.
    #[test]
    fn counts_what_brute_force_finds(problem in problems(), colored in colored_problems()) {
        for problem in [&problem, &colored] {
            let expected = brute_force(problem).len() as u128;
            for order in ORDERS {
                prop_assert_eq!(count(problem, order, 1 << 20), Ok(expected));
            }
        }
    }

    /// The ZDD holds exactly the solutions.
    #[test]
    fn the_zdd_holds_every_solution(problem in colored_problems(), order in 0usize..3) {
        let mut counter = Counter::with_config(&problem, Config { order: ORDERS[order], cap: 1 << 20 });
        let mut out = Vec::new();
        let count = counter.count_zdd(&mut out).unwrap();
        let solutions = zdd_solutions(std::str::from_utf8(&out).unwrap());
        prop_assert_eq!(count, solutions.len() as u128);
        prop_assert_eq!(solutions, brute_force(&problem));
    }
}

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

/// (n − 1)!!
fn double_factorial(n: u128) -> u128 {
    (1..n).step_by(2).product()
}

#[test]
fn a_table_too_small_to_hold_everything_still_counts_exactly() {
    let problem = matchings(16);
    let expected = double_factorial(16);
    let mut roomy = Counter::with_config(
        &problem,
        Config {
            order: Order::First,
            cap: 1 << 30,
        },
    );
    assert_eq!(roomy.count(), Ok(expected));
    assert_eq!(roomy.memo_stats().evictions, 0);
    // The smallest table (1 024 slots) for 32 768 subproblems.
    let mut tight = Counter::with_config(
        &problem,
        Config {
            order: Order::First,
            cap: 0,
        },
    );
    assert_eq!(tight.count(), Ok(expected));
    let memo = tight.memo_stats();
    assert!(memo.evictions > 0 && memo.peak_bytes < 100_000, "{memo:?}");
    assert!(tight.stats().nodes > roomy.stats().nodes);
}

#[test]
fn a_count_past_u128_is_an_overflow_not_a_wrapped_number() {
    // n items, each with two options of its own: 2^n solutions.
    let doubled = |n: usize| {
        let mut problem = Problem::new(n, 0);
        for i in 0..n {
            problem.add_option(&[i]).unwrap();
            problem.add_option(&[i]).unwrap();
        }
        problem
    };
    for order in ORDERS {
        assert_eq!(count(&doubled(127), order, 1 << 20), Ok(1 << 127));
        assert_eq!(count(&doubled(128), order, 1 << 20), Err(Stop::Overflow));
    }
}

#[test]
fn a_stopped_count_restores_the_links_and_counts_again() {
    let problem = matchings(14);
    let mut counter = Counter::new(&problem);
    let mut checks = 0;
    let stopped = counter.count_with(100, |snapshot| {
        checks += 1;
        assert!(snapshot.stats.nodes >= 100 * checks);
        ControlFlow::Break(())
    });
    assert_eq!((stopped, checks), (Err(Stop::Asked), 1));
    assert_eq!(counter.state.key, counter.state.fresh_key());
    assert_eq!(counter.count(), Ok(double_factorial(14)));
}

#[test]
fn no_primary_item_has_one_solution_and_a_dead_end_none() {
    let mut problem = Problem::new(0, 1);
    problem.add_option(&[0]).unwrap();
    assert_eq!(Counter::new(&problem).count(), Ok(1));
    let mut problem = Problem::new(2, 0);
    problem.add_option(&[0]).unwrap();
    assert_eq!(Counter::new(&problem).count(), Ok(0));
}

#[test]
#[should_panic(expected = "without bounds")]
fn bounds_are_refused() {
    let mut problem = Problem::new(1, 0);
    problem.set_bounds(0, 1, 2).unwrap();
    Counter::new(&problem);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// On threads, parts counted below their fixed options add up.
    #[test]
    fn threads_count_what_brute_force_finds(problem in colored_problems(), threads in 1usize..4) {
        let expected = brute_force(&problem).len() as u128;
        let (count, _, _) = count_on_threads(&problem, threads, Config::default()).unwrap();
        prop_assert_eq!(count, expected);
    }

    /// The walk without links, on threads too, counts what the links'
    /// walk and brute force count, dead ends included; a ZDD written in
    /// between (by the links) leaves its table as it found it.
    #[test]
    fn the_walk_without_links_counts_what_brute_force_finds(
        problem in problems().prop_map(|p| primary_only(&p)),
        threads in 1usize..4,
    ) {
        let expected = brute_force(&problem).len() as u128;
        prop_assert!(counter_walks_without_links(&problem));
        prop_assert_eq!(with_order(&problem, Order::First).count(), Ok(expected));
        let mut counter = Counter::new(&problem);
        prop_assert_eq!(counter.count(), Ok(expected));
        prop_assert_eq!(counter.count_zdd(&mut Vec::new()), Ok(expected));
        prop_assert_eq!(counter.count(), Ok(expected));
        let (count, _, _) = count_on_threads(&problem, threads, Config::default()).unwrap();
        prop_assert_eq!(count, expected);
    }
}

/// `problem` without its secondary items (an option left with none is
/// dropped).
fn primary_only(problem: &Problem) -> Problem {
    let mut primary = Problem::new(problem.primary(), 0);
    for k in 0..problem.options() {
        let items: Vec<usize> = problem
            .option(k)
            .filter(|&i| i < problem.primary())
            .collect();
        if !items.is_empty() {
            primary.add_option(&items).unwrap();
        }
    }
    primary
}

/// A counter of `problem` that branches in `order`, with room for every
/// count.
fn with_order(problem: &Problem, order: Order) -> Counter {
    Counter::with_config(
        problem,
        Config {
            order,
            cap: 1 << 30,
        },
    )
}

/// Whether the default counter of `problem` walks without links.
fn counter_walks_without_links(problem: &Problem) -> bool {
    Counter::new(problem).sets.is_some()
}

#[test]
fn set_partitions_are_counted_without_dancing_their_long_lists() {
    // Every nonempty subset of 10 things is an option: covering one thing
    // hides hundreds of options, and the links' walk dances them all.
    let n = 10;
    let mut problem = Problem::new(n, 0);
    for subset in 1u32..1 << n {
        let items: Vec<usize> = (0..n).filter(|&i| subset >> i & 1 == 1).collect();
        problem.add_option(&items).unwrap();
    }
    assert!(counter_walks_without_links(&problem));
    let run = |order| {
        let mut counter = with_order(&problem, order);
        (counter.count(), counter.stats())
    };
    let (first, frontier) = (run(Order::First), run(Order::Frontier));
    // Bell's number B(10).
    assert_eq!(first.0, Ok(115_975));
    assert_eq!(frontier.0, first.0);
    assert!(
        frontier.1.updates * 10 < first.1.updates,
        "{} against {}",
        frontier.1.updates,
        first.1.updates
    );
}

#[test]
fn a_count_below_fixed_options_counts_the_solutions_that_contain_them() {
    let problem = matchings(8);
    let mut counter = Counter::new(&problem);
    // Options 0 (vertices 0 1) and 13 (vertices 2 3): 3!! = 3 ways left.
    assert_eq!(problem.option(13).collect::<Vec<_>>(), [2, 3]);
    assert_eq!(counter.count_below(&[0, 13]), Ok(3));
    assert_eq!(counter.state.key, counter.state.fresh_key());
    assert_eq!(counter.count(), Ok(double_factorial(8)));
    // Options 0 (vertices 0 1) and 1 (vertices 0 2) meet: no solution.
    assert_eq!(counter.count_below(&[0, 1]), Ok(0));
    // The same by the links' walk.
    assert_eq!(
        with_order(&problem, Order::First).count_below(&[0, 13]),
        Ok(3)
    );
}

#[test]
fn the_trial_keeps_the_memo_where_it_pays_only() {
    // 10 395 matchings in a few hundred nodes: the memo pays.
    assert_eq!(
        Counter::new(&matchings(12)).count_if_it_pays(&matchings(12)),
        Ok(Some(10_395))
    );
    // One solution per branch: it does not, even done within the trial.
    let mut problem = Problem::new(3, 0);
    for option in [&[0, 1][..], &[2], &[0], &[1, 2]] {
        problem.add_option(option).unwrap();
    }
    assert_eq!(Counter::new(&problem).count_if_it_pays(&problem), Ok(None));
}

#[test]
fn the_frontier_order_finds_a_childs_count_before_dancing_its_option() {
    // On the complete graph every order walks the same tree: the same
    // nodes, subproblems and hits; but the frontier order walks it without
    // links (no secondary items, few primary ones), where a subproblem
    // costs an update per option of its item, none per node found.
    let problem = matchings(14);
    let run = |order| {
        let mut counter = with_order(&problem, order);
        let count = counter.count();
        (count, counter.stats(), counter.memo_stats())
    };
    let (first, frontier) = (run(Order::First), run(Order::Frontier));
    assert_eq!(first.0, Ok(double_factorial(14)));
    assert_eq!(frontier.0, first.0);
    assert!(counter_walks_without_links(&problem));
    assert_eq!(frontier.1.nodes, first.1.nodes);
    let tree = |m: MemoStats| (m.memos, m.hits, m.leaves, m.evictions);
    assert_eq!(tree(frontier.2), tree(first.2));
    assert!(
        frontier.1.updates * 2 < first.1.updates,
        "{} against {}",
        frontier.1.updates,
        first.1.updates
    );
    // With a secondary item the signature of a child is not known before
    // its option is committed: the same updates.
    let mut with_secondary = Problem::new(14, 1);
    for k in 0..problem.options() {
        let items: Vec<usize> = problem.option(k).collect();
        with_secondary.add_option(&items).unwrap();
    }
    // Edge 0-1 again, naming the secondary item: 11!! more.
    with_secondary.add_option(&[0, 1, 14]).unwrap();
    for order in [Order::First, Order::Frontier] {
        assert_eq!(
            count(&with_secondary, order, 1 << 30),
            Ok(double_factorial(14) + double_factorial(12))
        );
    }
    let mut counter = Counter::new(&with_secondary);
    counter.count().unwrap();
    assert!(counter.stats().updates > frontier.1.updates);
}
