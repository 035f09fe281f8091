//! The engine against the reference instances: every solution counted, and
//! the nodes and updates equal to Knuth's DLX1 on the same files
//! (library/instances/counts.tsv). The big instances are left to the bench
//! (`cargo bench -p library`), which checks them too.

use library::dlx::{bitset, text, Search, Solver, Stats};

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

struct Expected {
    solutions: u64,
    stats: Stats,
}

fn expected(name: &str) -> Expected {
    let table = std::fs::read_to_string(format!("{INSTANCES}/counts.tsv")).unwrap();
    let row = table
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| line.split('\t').collect::<Vec<_>>())
        .find(|fields| fields[0] == name)
        .unwrap_or_else(|| panic!("{name} is not in counts.tsv"));
    let number = |k: usize| row[k].parse::<u64>().unwrap();
    Expected {
        solutions: number(1),
        stats: Stats {
            nodes: number(2),
            updates: number(3),
            cleansings: 0,
        },
    }
}

fn load(name: &str) -> text::Instance {
    let text = std::fs::read(format!("{INSTANCES}/{name}.dlx")).unwrap();
    text::parse(text).unwrap_or_else(|e| panic!("{name}.dlx: {e}"))
}

#[test]
fn dancing_links_walk_dlx1_tree() {
    for name in FAST {
        let instance = load(name);
        let want = expected(name);
        let mut solver = Solver::new(&instance.problem);
        assert_eq!(solver.count(), want.solutions, "{name}: solutions");
        assert_eq!(solver.stats(), want.stats, "{name}: nodes and updates");
    }
}

#[test]
fn bitsets_walk_dlx1_tree_too() {
    for name in FAST {
        let instance = load(name);
        let want = expected(name);
        let mut solver = bitset::Solver::new(&instance.problem);
        assert_eq!(solver.count(), want.solutions, "{name}: solutions");
        assert_eq!(solver.stats(), want.stats, "{name}: nodes and updates");
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
    assert_eq!(names.len(), 15);
    for name in names {
        expected(&name);
        load(&name);
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
