//! The counting instances (`counts-memo.tsv`): the memo against Knuth's
//! DLX6 and `dlx6-nomrv`, where they finish (the rows of
//! `counts-dlx6.tsv`); and what plain `dlx` costs on the other instances,
//! now that it tries the memo first.

use library::dlx::engine::{self, Engine};
use library::dlx::memo::{self, Config, Counter, Order};
use library::dlx::{text, Problem, Search, Stats};

use crate::knuth::Programs;
use crate::race::{self, cpu, Expected, Run, Table};
use crate::Args;

/// Knuth's numbers on an instance: `(program, nodes, updates,
/// cleansings)` for each row of counts-dlx6.tsv.
fn dlx6_rows(instances: &str, name: &str) -> Vec<(String, Stats)> {
    let table = std::fs::read_to_string(format!("{instances}/counts-dlx6.tsv")).expect("the table");
    table
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|f| f[0] == name)
        .map(|f| {
            let n = |k: usize| f[k].parse().expect("a number");
            let stats = Stats {
                nodes: n(2),
                updates: n(3),
                cleansings: n(4),
            };
            (f[1].to_string(), stats)
        })
        .collect()
}

/// The rows of counts-memo.tsv (instance, solutions, where the count
/// comes from), those named in `wanted` if any.
fn counting_rows(instances: &str, wanted: &[String]) -> Vec<(String, Expected)> {
    let table = std::fs::read_to_string(format!("{instances}/counts-memo.tsv")).expect("the table");
    let rows = table.lines().filter(|l| !l.starts_with('#'));
    rows.map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|f| wanted.is_empty() || wanted.iter().any(|w| w == f[0]))
        .map(|f| {
            let expected = Expected {
                program: String::new(),
                solutions: f[1].parse().expect("a count"),
                stats: Stats::default(),
            };
            (f[0].to_string(), expected)
        })
        .collect()
}

/// Counts `text` by memo with `order`, reading included.
fn by_memo(text: &[u8], order: Order) -> Run {
    cpu(|| {
        let instance = text::parse(text.to_vec()).expect("a valid instance");
        let config = Config {
            order,
            ..Config::default()
        };
        let mut counter = Counter::with_config(&instance.problem, config);
        let count = counter.count().expect("a count under 2^128");
        (count, Some(counter.stats()))
    })
}

/// What plain `dlx` does with `text`: the memo if it pays, else the
/// engine of [`Engine::auto`]; statistics only for a search on DLX1's,
/// DLX2's or DLX3's tree (the memo's are DLX6's, the cells' SSXCC's).
pub fn plain_dlx(text: &[u8]) -> Run {
    cpu(|| {
        let instance = text::parse(text.to_vec()).expect("a valid instance");
        let problem = instance.into_problem();
        if memo::tried(&problem) {
            let mut counter = Counter::new(&problem);
            if let Some(count) = counter
                .count_if_it_pays(&problem)
                .expect("a count under 2^128")
            {
                return (count, None);
            }
        }
        let engine = Engine::auto(&problem);
        let (count, stats) = engine.run(&problem, Count);
        (u128::from(count), engine.walks_dlx_tree().then_some(stats))
    })
}

/// A count by the engine picked, and its statistics.
struct Count;

impl engine::Run for Count {
    type Output = (u64, Stats);
    fn run<S: Search>(self, problem: &Problem) -> (u64, Stats) {
        let mut solver = S::new(problem);
        (solver.count(), solver.stats())
    }
}

/// The memo table; false on a count or a statistic that differs from the
/// tables.
pub fn table(args: &Args, instances: &str, knuth: &Programs) -> bool {
    let mut table = Table::new(
        "engines-memo",
        "counting by memo (counts-memo.tsv): DLX6's trees (fewest, first) and ours (frontier)",
        &[
            "frontier",
            "fewest",
            "first",
            "dlx6",
            "dlx6-nomrv",
            "dlx6 best",
        ],
    );
    let mut ok = true;
    for (name, expected) in counting_rows(instances, &args.wanted) {
        let text = crate::text_of(&name);
        let knuths = dlx6_rows(instances, &name);
        let stats_of = |program: &str| knuths.iter().find(|(p, _)| p == program).map(|r| r.1);
        let (fewest, first) = (stats_of("dlx6"), stats_of("dlx6-nomrv"));
        let mut best = race::best(args.runs, 5, |engine| match engine {
            0 if args.runs("frontier") => Some(by_memo(&text, Order::Frontier)),
            1 if args.runs("fewest") && fewest.is_some() => Some(by_memo(&text, Order::Fewest)),
            2 if args.runs("first") && first.is_some() => Some(by_memo(&text, Order::First)),
            3 if args.only.is_none() && fewest.is_some() => knuth.run("dlx6", &text),
            4 if args.only.is_none() && first.is_some() => knuth.run("dlx6-nomrv", &text),
            _ => None,
        });
        // Each tree's statistics against Knuth's; counts past 2^64 wrap
        // in his programs.
        for (engine, stats) in [(1, fewest), (2, first), (3, fewest), (4, first)] {
            if let Some(run) = &mut best[engine] {
                ok &= run.stats == stats;
                if engine >= 3 {
                    ok &= run.solutions == expected.solutions % (1 << 64);
                    run.solutions = expected.solutions;
                }
                run.stats = None;
            }
        }
        if let Some(run) = &mut best[0] {
            run.stats = None;
        }
        let knuth_best = [3, 4]
            .iter()
            .filter_map(|&e| best[e].as_ref().map(|r| r.seconds))
            .reduce(f64::min)
            .map(|seconds| Run {
                seconds,
                solutions: expected.solutions,
                stats: None,
            });
        best.push(knuth_best);
        table.row(&name, &expected, best, "");
    }
    ok &= table.print(&[], &[(0, 3), (0, 4), (0, 5)]);
    if !ok {
        eprintln!("MISMATCH against counts-memo.tsv or counts-dlx6.tsv");
    }
    ok
}
