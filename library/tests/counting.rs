//! The counting instances (library/instances/counts-memo.tsv): each count
//! recomputed by a method of its own (a transfer-matrix count of the
//! tilings, Bell's triangle, a product), then counted by the memo; and
//! the memo against Knuth's DLX6 on its trees (counts-dlx6.tsv): the same
//! nodes, updates, cleansings, signatures, hits and ZDD nodes.
//!
//! The big instances are left to the bench (`KNUTH=... cargo bench -p
//! library --bench engines -- memo`), and to `cargo test -p library --test
//! counting -- --include-ignored` (about 5 s of CPU).

#[path = "../examples/instances.rs"]
#[allow(dead_code)]
mod generated;

use std::collections::HashMap;

use std::ops::ControlFlow;

use library::dlx::memo::{self, Config, Counter, Decision, Order, Reason, Trial, PATIENCE};
use library::dlx::{text, Problem};

const INSTANCES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/instances");

/// The rows of a table of `library/instances/`, split at tabs.
fn rows(table: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(format!("{INSTANCES}/{table}")).unwrap();
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| line.split('\t').map(str::to_string).collect())
        .collect()
}

/// The count that counts-memo.tsv gives `name`.
fn published(name: &str) -> u128 {
    let row = rows("counts-memo.tsv")
        .into_iter()
        .find(|row| row[0] == name)
        .unwrap_or_else(|| panic!("{name} is not in counts-memo.tsv"));
    row[1].parse().unwrap()
}

fn load(name: &str) -> text::Instance {
    let text = generated::generate(name).unwrap_or_else(|| panic!("no instance {name}"));
    text::parse(text.into_bytes()).unwrap()
}

/// The tilings of a `rows × columns` board by any number of copies of the
/// pieces (cells `(row, column)`), turned and flipped: a transfer matrix
/// over the cells in order, the state being which of the next cells are
/// filled; each step fills the first empty cell with a piece whose first
/// cell (in reading order) lands there. Along the shorter side (the
/// board turned a quarter has as many tilings), for fewer states.
fn tilings(rows: usize, columns: usize, pieces: &[&[(i64, i64)]]) -> u128 {
    let (rows, columns) = (rows.max(columns), rows.min(columns));
    // Each image as offsets from its first cell.
    let mut images: Vec<Vec<(i64, i64)>> = Vec::new();
    for piece in pieces {
        for turn in 0..8 {
            let mut cells: Vec<(i64, i64)> = piece
                .iter()
                .map(|&(r, c)| {
                    let (r, c) = if turn & 4 != 0 { (c, r) } else { (r, c) };
                    (
                        if turn & 1 != 0 { -r } else { r },
                        if turn & 2 != 0 { -c } else { c },
                    )
                })
                .collect();
            cells.sort_unstable();
            let first = cells[0];
            let offsets: Vec<(i64, i64)> = cells
                .iter()
                .map(|&(r, c)| (r - first.0, c - first.1))
                .collect();
            if !images.contains(&offsets) {
                images.push(offsets);
            }
        }
    }
    let (rows, columns) = (rows as i64, columns as i64);
    let mut states: HashMap<u64, u128> = HashMap::from([(0, 1)]);
    for at in 0..rows * columns {
        let (r, c) = (at / columns, at % columns);
        let mut next: HashMap<u64, u128> = HashMap::new();
        for (&filled, &count) in &states {
            if filled & 1 == 1 {
                *next.entry(filled >> 1).or_default() += count;
                continue;
            }
            for image in &images {
                let mut now = filled;
                let fits = image.iter().all(|&(dr, dc)| {
                    let (rr, cc) = (r + dr, c + dc);
                    let bit = 1u64 << (dr * columns + dc);
                    let free =
                        (0..rows).contains(&rr) && (0..columns).contains(&cc) && now & bit == 0;
                    now |= bit;
                    free
                });
                if fits {
                    *next.entry(now >> 1).or_default() += count;
                }
            }
        }
        states = next;
    }
    states.get(&0).copied().unwrap_or(0)
}

const MONOMINO: &[(i64, i64)] = &[(0, 0)];
const DOMINO: &[(i64, i64)] = &[(0, 0), (0, 1)];
const STRAIGHT: &[(i64, i64)] = &[(0, 0), (0, 1), (0, 2)];
const BENT: &[(i64, i64)] = &[(0, 0), (0, 1), (1, 0)];

/// The count of `name` by a method of its own.
fn independent(name: &str) -> u128 {
    let (family, size) = name.rsplit_once('-').unwrap();
    let board = || {
        let (r, c) = size.split_once('x').unwrap();
        (r.parse().unwrap(), c.parse().unwrap())
    };
    match family {
        "dominoes" => tilings(board().0, board().1, &[DOMINO]),
        "small-pieces" => tilings(board().0, board().1, &[MONOMINO, DOMINO, STRAIGHT, BENT]),
        "triominoes" => tilings(board().0, board().1, &[STRAIGHT, BENT]),
        "bell" => {
            // Bell's triangle: each row starts with the last of the one
            // before, and each entry adds its left neighbour to the one
            // above that.
            let n: usize = size.parse().unwrap();
            let mut row = vec![1u128];
            for _ in 1..n {
                let mut next = vec![*row.last().unwrap()];
                for &above in &row {
                    next.push(next.last().unwrap() + above);
                }
                row = next;
            }
            *row.last().unwrap()
        }
        "matchings" => {
            let n: u128 = size.parse().unwrap();
            (1..n).step_by(2).product()
        }
        _ => panic!("no independent count for {name}"),
    }
}

/// Instances small enough for a test run.
const FAST: &[&str] = &[
    "dominoes-8x8",
    "dominoes-12x12",
    "small-pieces-8x8",
    "triominoes-9x12",
    "bell-12",
    "matchings-20",
];

#[test]
fn every_counting_instance_is_listed_with_its_count() {
    let listed: Vec<String> = rows("counts-memo.tsv")
        .into_iter()
        .map(|r| r[0].clone())
        .collect();
    assert_eq!(listed, generated::COUNTING);
    for name in FAST {
        assert_eq!(independent(name), published(name), "{name}");
    }
}

#[test]
fn the_memo_counts_the_fast_instances_exactly() {
    for name in FAST {
        let instance = load(name);
        assert_eq!(
            Counter::new(&instance.problem).count(),
            Ok(published(name)),
            "{name}"
        );
    }
}

#[test]
// About 5 s of CPU.
#[ignore = "heavy: run by make test-all"]
fn the_memo_counts_every_instance_exactly() {
    for name in generated::COUNTING {
        assert_eq!(independent(name), published(name), "{name}");
        let instance = load(name);
        assert_eq!(
            Counter::new(&instance.problem).count(),
            Ok(published(name)),
            "{name}"
        );
    }
}

/// DLX6's rows that a test run takes (the others: the bench).
const FAST_DLX6: &[&str] = &[
    "dominoes-8x8",
    "dominoes-12x12",
    "matchings-20",
    "small-pieces-8x8",
];

/// Checks the memo against DLX6's row: its order walks DLX6's tree.
fn walks_dlx6_tree(row: &[String]) {
    let (name, program) = (&row[0], &row[1]);
    let order = match program.as_str() {
        "dlx6" => Order::Fewest,
        "dlx6-nomrv" => Order::First,
        other => panic!("{name}: no order walks {other}'s tree"),
    };
    let instance = std::fs::read(format!("{INSTANCES}/{name}.dlx"))
        .ok()
        .or_else(|| generated::generate(name).map(String::into_bytes))
        .unwrap();
    let instance = text::parse(instance).unwrap();
    let mut counter = Counter::with_config(
        &instance.problem,
        Config {
            order,
            ..Config::default()
        },
    );
    counter.count().unwrap();
    let (stats, memo) = (counter.stats(), counter.memo_stats());
    assert_eq!(
        memo.evictions, 0,
        "{name}: a count evicted, the tree is not DLX6's"
    );
    let ours = [
        stats.nodes,
        stats.updates,
        stats.cleansings,
        memo.memos + 1,
        memo.hits + memo.leaves,
        memo.zdd_nodes + 2,
    ];
    let theirs: Vec<u64> = row[2..8].iter().map(|n| n.parse().unwrap()).collect();
    assert_eq!(ours[..], theirs[..], "{name} against {program}");
}

#[test]
fn the_memo_walks_dlx6_trees() {
    for row in rows("counts-dlx6.tsv") {
        if FAST_DLX6.contains(&row[0].as_str()) {
            walks_dlx6_tree(&row);
        }
    }
}

#[test]
fn the_zdd_of_the_domino_tilings_counts_them() {
    let instance = load("dominoes-8x8");
    let mut out = Vec::new();
    let count = Counter::new(&instance.problem).count_zdd(&mut out).unwrap();
    // Paths to the sink 1, node by node: a node's lines are written after
    // those of the nodes below it.
    let mut paths: HashMap<u32, u128> = HashMap::from([(0, 0), (1, 1)]);
    let mut root = 0;
    for line in std::str::from_utf8(&out).unwrap().lines() {
        let (id, rest) = line.split_once(": (~").unwrap();
        let (v, rest) = rest.split_once('?').unwrap();
        let (lo, hi) = rest.trim_end_matches(')').split_once(':').unwrap();
        let hex = |s: &str| u32::from_str_radix(s, 16).unwrap();
        let total = paths[&hex(lo)] + paths[&hex(hi)];
        paths.insert(hex(id), total);
        let option: usize = v.parse().unwrap();
        assert!(option <= instance.problem.options());
        root = hex(id);
    }
    assert_eq!(count, published("dominoes-8x8"));
    assert_eq!(paths[&root], count);
}

/// What plain `dlx` decides on `problem`: the count by memo under trial,
/// stopped as soon as the trial has decided; the decision, why, the
/// updates the count had spent by then (all of them if it ended first),
/// and the search's estimated cost (updates and nodes) if the trial made
/// the estimate.
fn decided(problem: &Problem) -> (Decision, Reason, u64, Option<f64>) {
    let mut counter = Counter::new(problem);
    let mut trial = Trial::new(problem);
    let result = counter.count_with(Trial::INTERVAL, |snapshot| {
        let flow = trial.check(snapshot);
        match trial.decision() {
            Some(_) => ControlFlow::Break(()),
            None => flow,
        }
    });
    let spent = match trial.decision() {
        Some(_) => trial.spent().updates,
        None => {
            trial.verdict(result, counter.stats().nodes).unwrap();
            counter.stats().updates
        }
    };
    let (decision, reason) = trial.decision().unwrap();
    let search = trial.estimate().map(|e| e.updates + e.nodes);
    (decision, reason, spent, search)
}

/// The counting families at the sizes of counts-memo.tsv and past them
/// (bell-14 was searched for minutes when a trial of 2^17 updates asked
/// for four solutions per node: it had 3.7).
const FAMILIES: &[&str] = &[
    "dominoes-8x8",
    "dominoes-12x12",
    "dominoes-16x16",
    "dominoes-20x20",
    "small-pieces-8x8",
    "small-pieces-10x10",
    "triominoes-9x12",
    "triominoes-12x12",
    "triominoes-12x15",
    "bell-11",
    "bell-12",
    "bell-13",
    "bell-14",
    "bell-15",
    "bell-16",
    "matchings-20",
    "matchings-30",
    "matchings-32",
    "matchings-34",
    "matchings-36",
];

#[test]
fn plain_dlx_counts_every_counting_family_by_memo() {
    for name in FAMILIES {
        let problem = load(name).problem;
        assert!(memo::tried(&problem), "{name}");
        let (decision, reason, spent, _) = decided(&problem);
        assert_eq!(decision, Decision::Memo, "{name}: {reason:?}");
        // Decided within the memo's first 1536 nodes (its dearest: set
        // partitions of 16 things cover items of 32 768 options).
        assert!(spent <= 1 << 20, "{name}: {spent} updates");
    }
}

/// Every instance of the tables that a plain `dlx` tries the memo on,
/// and whether it counts it by memo (the others are puzzles).
fn tables() -> Vec<(String, bool)> {
    let mut names = Vec::new();
    for table in ["counts.tsv", "counts-xcc.tsv"] {
        names.extend(rows(table).into_iter().map(|row| row[0].clone()));
    }
    names.sort();
    names.dedup();
    let by_memo = ["colors-dense-1", "colors-dense-2"];
    names
        .into_iter()
        .map(|name| (name.clone(), by_memo.contains(&name.as_str())))
        .collect()
}

#[test]
fn puzzles_are_searched_after_a_short_trial() {
    let mut tried = 0;
    for (name, by_memo) in tables() {
        let text = std::fs::read(format!("{INSTANCES}/{name}.dlx"))
            .ok()
            .or_else(|| generated::generate(&name).map(String::into_bytes))
            .unwrap();
        let problem = text::parse(text).unwrap().into_problem();
        if !memo::tried(&problem) {
            continue;
        }
        tried += 1;
        let (decision, reason, spent, search) = decided(&problem);
        let expected = [Decision::Search, Decision::Memo][usize::from(by_memo)];
        assert_eq!(decision, expected, "{name}: {reason:?}");
        match (decision, reason) {
            // Pentominoes, queens, sudoku, Langford pairs, word squares:
            // the first look (2^14 updates, and the rest of 256 nodes),
            // with no estimate made.
            (Decision::Search, Reason::FewSolutions | Reason::Done) => {
                assert!(spent <= 1 << 17, "{name}: {spent} updates");
                assert_eq!(search, None, "{name}");
            }
            // Random colored problems: behind once the memo has spent a
            // PATIENCEth of the search's estimated cost.
            (Decision::Search, _) => {
                let search = search.unwrap();
                assert!(
                    spent as f64 <= 2.0 * search / PATIENCE,
                    "{name}: {spent} of {search}"
                );
            }
            (Decision::Memo, _) => assert!(spent <= 1 << 17, "{name}: {spent} updates"),
        }
    }
    assert!(tried >= 20, "{tried}");
}
