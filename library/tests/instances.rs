//! The engines against the reference instances: every solution counted,
//! and the nodes and updates equal to Knuth's DLX1 on the plain files
//! (library/instances/counts.tsv), to DLX2 and DLX3 on those with colors
//! and multiplicities (counts-xcc.tsv, cleansings too). The big instances
//! are left to the bench (`cargo bench -p library`), which checks them
//! too. Some counts are checked once more by a search of their own.

#[path = "../examples/instances.rs"]
#[allow(dead_code)]
mod generated;

use library::dlx::{
    bitset, cells, color, cost, multi, text, Buckets, Links, Parallel, Search, Solver, Stats,
};

const INSTANCES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/instances");

/// Instances small enough for a test run (under about half a million nodes).
const FAST: &[&str] = &[
    "sudoku-seed-a",
    "sudoku-seed-b",
    "sudoku-ai-escargot",
    "queens-8",
    "queens-12",
    "langford-11",
];

/// Instances with colors or bounds small enough for a test run.
const FAST_XCC: &[&str] = &[
    "wordsquare-4",
    "wordsquare-5",
    "queens-bands-10-2",
    "langford-multi-7-22",
    "pentomino-multi-5x10",
];

struct Expected {
    program: String,
    solutions: u64,
    stats: Stats,
}

/// The row of `name` in `table`: counts.tsv (DLX1's numbers, no program
/// column) or counts-xcc.tsv.
fn expected_in(table: &str, name: &str) -> Option<Expected> {
    let table = std::fs::read_to_string(format!("{INSTANCES}/{table}")).unwrap();
    let row = table
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| line.split('\t').collect::<Vec<_>>())
        .find(|fields| fields[0] == name)?;
    let (program, numbers) = match row.len() {
        4 => ("dlx1", &row[1..]),
        _ => (row[1], &row[2..]),
    };
    let number = |k: usize| numbers.get(k).map_or(0, |n| n.parse::<u64>().unwrap());
    Some(Expected {
        program: program.to_string(),
        solutions: number(0),
        stats: Stats {
            nodes: number(1),
            updates: number(2),
            cleansings: number(3),
        },
    })
}

/// Knuth's SSXCC's or SSMCC's counts on `name` (counts-cells.tsv).
fn expected_cells(name: &str) -> Expected {
    expected_in("counts-cells.tsv", name)
        .unwrap_or_else(|| panic!("{name} is not in counts-cells.tsv"))
}

fn expected(name: &str) -> Expected {
    expected_in("counts.tsv", name)
        .or_else(|| expected_in("counts-xcc.tsv", name))
        .unwrap_or_else(|| panic!("{name} is in neither counts.tsv nor counts-xcc.tsv"))
}

/// An instance: its file in library/instances, or what the generator
/// writes for it.
fn load(name: &str) -> text::Instance {
    let text = std::fs::read(format!("{INSTANCES}/{name}.dlx"))
        .ok()
        .or_else(|| generated::generate(name).map(String::into_bytes))
        .unwrap_or_else(|| panic!("no instance {name}"));
    text::parse(text).unwrap_or_else(|e| panic!("{name}.dlx: {e}"))
}

fn check<S: Search>(name: &str) {
    let instance = load(name);
    let want = expected(name);
    let mut solver = S::new(&instance.problem);
    assert_eq!(solver.count(), want.solutions, "{name}: solutions");
    assert_eq!(
        solver.stats(),
        want.stats,
        "{name}: nodes, updates, cleansings"
    );
}

#[test]
fn dancing_links_walk_dlx1_tree() {
    FAST.iter().for_each(|name| check::<Solver>(name));
}

#[test]
fn buckets_of_items_by_length_walk_dlx1_tree() {
    FAST.iter().for_each(|name| check::<Links<Buckets>>(name));
}

/// The planted random triples (`planted-M` of the generator) that DLX1
/// can take: it stops at 10 000 levels. Its figures for them: solutions,
/// nodes and updates.
const PLANTED_DLX1: &[(&str, u64, u64, u64)] = &[
    ("planted-10000", 1, 3001, 29000),
    ("planted-30000", 1, 9001, 87000),
];

#[test]
fn buckets_walk_dlx1_tree_on_planted_triples() {
    for &(name, solutions, nodes, updates) in PLANTED_DLX1 {
        let instance = load(name);
        let mut solver = Links::<Buckets>::new(&instance.problem);
        assert_eq!(solver.count(), solutions, "{name}: solutions");
        let stats = solver.stats();
        assert_eq!((stats.nodes, stats.updates), (nodes, updates), "{name}");
    }
}

#[test]
fn threads_add_up_to_dlx1_counts() {
    for name in FAST {
        check::<Parallel<Solver>>(name);
        let instance = load(name);
        let want = expected(name);
        let mut three = Parallel::<bitset::Solver>::with_threads(&instance.problem, 3);
        assert_eq!(three.count(), want.solutions, "{name}: solutions");
        assert_eq!(three.stats(), want.stats, "{name}: nodes, updates");
    }
}

#[test]
fn threads_add_up_to_dlx2_and_dlx3_counts() {
    // The smaller half of FAST_XCC (the other half costs 2 s of CPU more).
    for name in ["wordsquare-4", "queens-bands-10-2", "langford-multi-7-22"] {
        match expected(name).program.as_str() {
            "dlx2" => check::<Parallel<color::Solver>>(name),
            "dlx3" => check::<Parallel<multi::Solver>>(name),
            other => panic!("{name}: no engine walks {other}'s tree"),
        }
    }
}

#[test]
fn bitsets_walk_dlx1_tree_too() {
    FAST.iter().for_each(|name| check::<bitset::Solver>(name));
}

#[test]
fn colors_walk_dlx2_tree_and_bounds_dlx3_tree() {
    for name in FAST_XCC {
        match expected(name).program.as_str() {
            "dlx2" => check::<color::Solver>(name),
            "dlx3" => check::<multi::Solver>(name),
            other => panic!("{name}: no engine walks {other}'s tree"),
        }
    }
}

#[test]
fn cells_walk_ssxcc_and_ssmcc_trees() {
    for name in FAST.iter().chain(FAST_XCC) {
        let instance = load(name);
        let want = expected_cells(name);
        let (count, stats) = match want.program.as_str() {
            "ssxcc" => {
                let mut solver = cells::Solver::new(&instance.problem);
                (solver.count(), solver.stats())
            }
            "ssmcc" => {
                let mut solver = cells::multi::Solver::new(&instance.problem);
                (solver.count(), solver.stats())
            }
            other => panic!("{name}: no engine walks {other}'s tree"),
        };
        assert_eq!(count, want.solutions, "{name}: solutions");
        assert_eq!(
            (stats.nodes, stats.updates),
            (want.stats.nodes, want.stats.updates),
            "{name}: nodes, updates"
        );
    }
}

/// Every instance of counts.tsv and counts-xcc.tsv is in counts-cells.tsv,
/// under the program that takes it: SSMCC where there are bounds.
#[test]
fn every_instance_has_cells_counts() {
    let table = std::fs::read_to_string(format!("{INSTANCES}/counts-cells.tsv")).unwrap();
    let rows = table.lines().filter(|l| !l.starts_with('#')).count();
    let mut names = Vec::new();
    for file in ["counts.tsv", "counts-xcc.tsv"] {
        let table = std::fs::read_to_string(format!("{INSTANCES}/{file}")).unwrap();
        let listed = table.lines().filter(|l| !l.starts_with('#'));
        names.extend(listed.map(|l| l.split('\t').next().unwrap().to_string()));
    }
    assert_eq!(rows, names.len());
    for name in names {
        let program = if expected(&name).program == "dlx3" {
            "ssmcc"
        } else {
            "ssxcc"
        };
        assert_eq!(expected_cells(&name).program, program, "{name}");
    }
}

#[test]
fn every_instance_is_listed_and_parses() {
    let mut names: Vec<String> = std::fs::read_dir(INSTANCES)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "dlx"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 16);
    // The generated ones are listed too, but for the example of examples/.
    names.extend(generated::NAMES.iter().map(|n| n.to_string()));
    names.retain(|n| n != "crossword-5x5");
    for name in names {
        let want = expected(&name);
        let instance = load(&name);
        let extended = instance.problem.has_colors() || instance.problem.has_bounds();
        assert_eq!(extended, want.program != "dlx1", "{name}: {}", want.program);
    }
}

#[test]
fn the_dlx_examples_are_what_the_generator_writes() {
    for name in ["crossword-5x5", "target-sample-2"] {
        let path = format!("{}/../examples/{name}.dlx", env!("CARGO_MANIFEST_DIR"));
        let committed = std::fs::read_to_string(path).unwrap();
        assert!(committed == generated::generate(name).unwrap(), "{name}");
    }
}

#[test]
fn a_sudoku_solution_covers_every_item_once() {
    let instance = load("sudoku-ai-escargot");
    let solution = Solver::new(&instance.problem).first().unwrap();
    let mut covered = vec![0; instance.items()];
    for &k in &solution {
        for item in instance.problem.option(k) {
            covered[item] += 1;
        }
    }
    assert!(covered.iter().all(|&c| c == 1), "{covered:?}");
}

/// Double word squares of side 4, all eight words different, by a search
/// of their own: rows one by one, each column's prefix a prefix of a word.
#[test]
fn word_squares_counted_directly() {
    let words: Vec<&[u8]> = include_str!("../instances/words-4.txt")
        .lines()
        .map(str::as_bytes)
        .collect();
    fn rows(words: &[&[u8]], square: &mut Vec<usize>) -> u64 {
        let depth = square.len();
        if depth == 4 {
            let columns: Vec<Vec<u8>> = (0..4)
                .map(|j| square.iter().map(|&w| words[w][j]).collect())
                .collect();
            let mut all: Vec<&[u8]> = square.iter().map(|&w| words[w]).collect();
            all.extend(columns.iter().map(|c| &c[..]));
            let mut distinct = all.clone();
            distinct.sort();
            distinct.dedup();
            let whole = columns.iter().all(|c| words.contains(&&c[..]));
            return u64::from(whole && distinct.len() == 8);
        }
        let mut count = 0;
        for w in 0..words.len() {
            square.push(w);
            let fits = (0..4).all(|j| {
                let prefix: Vec<u8> = square.iter().map(|&v| words[v][j]).collect();
                words.iter().any(|word| word.starts_with(&prefix))
            });
            if fits {
                count += rows(words, square);
            }
            square.pop();
        }
        count
    }
    assert_eq!(
        rows(&words, &mut Vec::new()),
        expected("wordsquare-4").solutions
    );
}

/// Queens with two per band of two ranks on a 10 × 10 board, by a search of
/// their own: rank by rank, each rank zero to two queens, checked against
/// files, diagonals and band totals.
#[test]
fn queens_in_bands_counted_directly() {
    const N: usize = 10;
    fn ranks(rank: usize, taken: [u64; 3], in_band: usize) -> u64 {
        if rank == N {
            return u64::from(taken[0] == (1 << N) - 1);
        }
        let mut count = 0;
        let mut choices: Vec<Vec<usize>> = vec![vec![]];
        for a in 0..N {
            choices.push(vec![a]);
            choices.extend((a + 1..N).map(|b| vec![a, b]));
        }
        for files in choices {
            // The second rank of a band completes it to two queens.
            if rank % 2 == 1 && in_band + files.len() != 2 {
                continue;
            }
            let mut now = taken;
            let free = files.iter().all(|&f| {
                let bits = [1 << f, 1 << (rank + f), 1 << (rank + N - 1 - f)];
                let free = (0..3).all(|k| now[k] & bits[k] == 0);
                (0..3).for_each(|k| now[k] |= bits[k]);
                free
            });
            if free {
                let in_band = if rank % 2 == 0 { files.len() } else { 0 };
                count += ranks(rank + 1, now, in_band);
            }
        }
        count
    }
    assert_eq!(ranks(0, [0; 3], 0), expected("queens-bands-10-2").solutions);
}

/// Langford-like sequences of length 22 with pairs 1..7, each used one to
/// three times, by a search of their own: fill the first empty position.
#[test]
fn langford_sequences_counted_directly() {
    fn fill(slots: &mut [bool], used: &mut [usize], n: usize) -> u64 {
        let first = match slots.iter().position(|&s| !s) {
            Some(p) => p,
            None => return u64::from(used[1..].iter().all(|&u| u >= 1)),
        };
        let mut count = 0;
        for k in 1..=n {
            let second = first + k + 1;
            if used[k] < 3 && second < slots.len() && !slots[second] {
                slots[first] = true;
                slots[second] = true;
                used[k] += 1;
                count += fill(slots, used, n);
                used[k] -= 1;
                slots[first] = false;
                slots[second] = false;
            }
        }
        count
    }
    let count = fill(&mut [false; 22], &mut [0; 8], 7);
    assert_eq!(count, expected("langford-multi-7-22").solutions);
}

/// A row of counts-cost.tsv: DLX5's report on an instance with costs, for
/// the `best` cheapest.
struct CostRow {
    name: String,
    best: usize,
    solutions: u64,
    stats: Stats,
    costs: Vec<u64>,
}

fn cost_rows() -> Vec<CostRow> {
    let table = std::fs::read_to_string(format!("{INSTANCES}/counts-cost.tsv")).unwrap();
    let rows = table.lines().filter(|line| !line.starts_with('#'));
    rows.map(|line| {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f[1], "dlx5", "{line}");
        let n = |k: usize| f[k].parse::<u64>().unwrap();
        CostRow {
            name: f[0].to_string(),
            best: n(2) as usize,
            solutions: n(3),
            stats: Stats {
                nodes: n(4),
                updates: n(5),
                cleansings: n(6),
            },
            costs: f[7].split(',').map(|c| c.parse().unwrap()).collect(),
        }
    })
    .collect()
}

/// The rows of counts-cost.tsv small enough for a test run (the others are
/// the bench's).
fn fast_cost_rows() -> impl Iterator<Item = CostRow> {
    cost_rows()
        .into_iter()
        .filter(|row| row.stats.nodes <= 100_000)
}

#[test]
fn costs_walk_dlx5_tree() {
    let mut checked = 0;
    for row in fast_cost_rows() {
        let instance = load(&row.name);
        let mut solver = cost::Solver::with_best(&instance.problem, row.best);
        let what = format!("{} for the {} cheapest", row.name, row.best);
        assert_eq!(solver.count(), row.solutions, "{what}: solutions");
        assert_eq!(
            solver.stats(),
            row.stats,
            "{what}: nodes, updates, cleansings"
        );
        assert_eq!(solver.best_costs(), row.costs, "{what}: costs");
        checked += 1;
    }
    assert!(checked >= 10, "{checked} rows checked");
}

/// The taxes levied at every node find DLX5's solutions, in DLX5's order,
/// in part of its tree.
#[test]
fn taxes_find_dlx5s_solutions_in_fewer_nodes() {
    let (mut theirs, mut ours) = (0, 0);
    for row in fast_cost_rows() {
        let instance = load(&row.name);
        let mut solver = cost::Solver::with_best(&instance.problem, row.best);
        solver.set_bound(cost::Bound::Taxes);
        let mut found = Vec::new();
        solver.for_each(|s| found.push(s.to_vec()));
        let mut dlx5 = cost::Solver::with_best(&instance.problem, row.best);
        let mut expected = Vec::new();
        dlx5.for_each(|s| expected.push(s.to_vec()));
        assert_eq!(found, expected, "{}", row.name);
        assert_eq!(solver.best_costs(), row.costs, "{}", row.name);
        assert!(solver.stats().nodes <= row.stats.nodes, "{}", row.name);
        (theirs, ours) = (theirs + row.stats.nodes, ours + solver.stats().nodes);
    }
    assert!(
        ours * 3 < theirs * 2,
        "{ours} nodes against DLX5's {theirs}"
    );
}

/// The target sudokus of the statement of Luogu P1074: the cheapest
/// completion costs 5130 (every cell's weight times 9) less the highest
/// score the statement gives.
#[test]
fn target_sudokus_cost_what_their_statement_scores() {
    for (name, score) in [("target-sample-1", 2829), ("target-sample-2", 2852)] {
        let instance = load(name);
        let best = cost::Solver::new(&instance.problem).cheapest();
        assert_eq!(best[0].0, 5130 - score, "{name}");
        // A completion: every cell, and each digit once in every house.
        assert_eq!(best[0].1.len(), 81);
    }
}
