//! The instances with costs (`counts-cost.tsv`): the min-cost engine as
//! DLX5 searches (its tree and counts, checked), the same with the taxes
//! levied at every node (`cost::Bound::Taxes`: DLX5's solutions in part
//! of its tree), and Knuth's DLX5 itself.

use library::dlx::cost::{self, Bound};
use library::dlx::{text, Search, Stats};

use crate::knuth::Programs;
use crate::race::{self, cpu, Expected, Run, Table};
use crate::{text_of, Args};

/// A row of counts-cost.tsv: the instance, the cheapest wanted (DLX5's
/// `k`), DLX5's counts and the costs of the cheapest.
struct Row {
    name: String,
    best: usize,
    expected: Expected,
    costs: Vec<u64>,
}

fn rows(path: &str, wanted: &[String]) -> Vec<Row> {
    let table = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let lines = table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let rows = lines.map(|line| {
        let f: Vec<&str> = line.split('\t').collect();
        let n = |k: usize| f[k].parse::<u64>().expect("a number");
        Row {
            name: f[0].to_string(),
            best: n(2) as usize,
            expected: Expected {
                program: f[1].to_string(),
                solutions: u128::from(n(3)),
                stats: Stats {
                    nodes: n(4),
                    updates: n(5),
                    cleansings: n(6),
                },
            },
            costs: f[7]
                .split(',')
                .map(|c| c.parse().expect("a cost"))
                .collect(),
        }
    });
    rows.filter(|r| wanted.is_empty() || wanted.contains(&r.name))
        .collect()
}

/// Reads the text and searches for the `best` cheapest with `bound`, as
/// one run; the statistics only for DLX5's tree (the taxes walk part of
/// it). False in the second place if the costs found are not `costs`.
fn ours(text: &[u8], best: usize, bound: Bound, costs: &[u64]) -> (Run, bool) {
    let mut right = true;
    let run = cpu(|| {
        let instance = text::parse(text.to_vec()).expect("a valid instance");
        let mut solver = cost::Solver::with_best(&instance.problem, best);
        solver.set_bound(bound);
        let count = solver.count();
        right = solver.best_costs() == costs;
        let stats = Some(solver.stats()).filter(|_| bound == Bound::Cutoff);
        (u128::from(count), stats)
    });
    (run, right)
}

/// The table; true when every count and cost matched.
pub fn table(args: &Args, instances: &str, knuth: &Programs) -> bool {
    let mut table = Table::new(
        "engines-cost",
        "costs (DLX5's tree; taxes: DLX5's solutions in part of it)",
        &["dlx5 tree", "taxes", "dlx5"],
    );
    let mut costs_ok = true;
    for row in rows(&format!("{instances}/counts-cost.tsv"), &args.wanted) {
        let text = text_of(&row.name);
        let k = format!("k{}", row.best);
        let best = race::best(args.runs, 3, |engine| {
            let (run, right) = match engine {
                0 if args.runs("cost") => ours(&text, row.best, Bound::Cutoff, &row.costs),
                1 if args.runs("taxes") => ours(&text, row.best, Bound::Taxes, &row.costs),
                2 if args.only.is_none() => return knuth.run_with("dlx5", &[&k], &text),
                _ => return None,
            };
            costs_ok &= right;
            Some(run)
        });
        let note = format!("k = {}", row.best);
        table.row(&row.name, &row.expected, best, &note);
    }
    if !costs_ok {
        eprintln!("MISMATCH: the cheapest costs found are not counts-cost.tsv's");
    }
    table.print(&[(1, 0)], &[(0, 2), (1, 2)]) && costs_ok
}
