//! The engines against Knuth's programs themselves, on thousands of
//! random problems: the same solutions in the same order, and the same
//! nodes and updates, as DLX1 reports them for Algorithm X's engines
//! (dancing links, bitsets, popcount), DLX2 for Algorithm C and DLX3 for
//! Algorithm M, and SSXCC for dancing cells (SSMCC for problems with
//! bounds); and for the min-cost engine DLX5's solutions, costs, nodes,
//! updates and cleansings.
//!
//! Knuth's programs are not part of the repository: the tests run them
//! from the folder that `KNUTH` names (built from his CWEB sources, as the
//! bench's are), and are ignored by default, being heavy:
//!
//! ```text
//! KNUTH=/path/to/knuth cargo test --release -p library --test knuth -- --ignored
//! ```
//!
//! (26 000 problems, about 30 million solutions compared one by one: a few
//! minutes). Without `KNUTH` they say so and check nothing.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use library::dlx::{bitset, cells, color, cost, multi, popcount, text, Search, Solver};

/// What Knuth's program printed for one problem: the solutions (each
/// option as its sorted words, level by level), and its counts.
#[derive(Debug, PartialEq, Eq)]
struct Report {
    solutions: Vec<Vec<Vec<String>>>,
    nodes: u64,
    updates: u64,
}

/// The folder of Knuth's programs, or `None` (after saying so).
fn knuth() -> Option<PathBuf> {
    match std::env::var_os("KNUTH") {
        Some(dir) => Some(PathBuf::from(dir)),
        None => {
            eprintln!("KNUTH is not set: Knuth's programs not run, nothing checked");
            None
        }
    }
}

/// Runs `program` on `text`, printing every solution (`m1`).
fn run_knuth(program: &PathBuf, text: &str) -> Report {
    let mut child = Command::new(program)
        .arg("m1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", program.display()));
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    let mut solutions: Vec<Vec<Vec<String>>> = Vec::new();
    for line in stdout.lines() {
        if line.ends_with(':') && !line.starts_with(' ') {
            solutions.push(Vec::new());
        } else if !line.starts_with(" null ") && !line.starts_with("null ") {
            // DLX3 prints a null move as `null i`, which names no option.
            // SSXCC ends an option with its place among its item's
            // options, `(k of d)`; SSMCC does not.
            let words = line.split(" (").next().unwrap();
            solutions.last_mut().unwrap().push(sorted_words(words));
        }
    }
    let last = stderr
        .lines()
        .find(|l| l.starts_with("Altogether"))
        .unwrap_or_else(|| panic!("{}: {stderr}", program.display()));
    let words: Vec<&str> = last.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let before = |key: &str| -> u64 {
        let at = words.iter().position(|w| w.starts_with(key)).unwrap();
        words[at - 1].parse().unwrap()
    };
    Report {
        solutions,
        nodes: before("nodes"),
        updates: before("updates"),
    }
}

/// The words of an option, sorted: Knuth's programs print an option from
/// the item chosen, this reader from its first.
fn sorted_words(line: &str) -> Vec<String> {
    let mut words: Vec<String> = line.split_whitespace().map(String::from).collect();
    words.sort();
    words
}

/// What engine `S` finds on `text`, in the same form.
fn run_ours<S: Search>(text: &str) -> Report {
    let instance = text::parse(text.as_bytes().to_vec()).unwrap();
    let mut solver = S::new(&instance.problem);
    let mut solutions = Vec::new();
    solver.for_each(|solution| {
        let options = solution
            .iter()
            .map(|&k| sorted_words(&instance.option_text(k)))
            .collect();
        solutions.push(options);
    });
    Report {
        solutions,
        nodes: solver.stats().nodes,
        updates: solver.stats().updates,
    }
}

/// A small deterministic generator (SplitMix64).
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi`.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next() % (hi - lo + 1) as u64) as usize
    }
}

/// The shape of the random problems of a family.
#[derive(Clone, Copy)]
struct Family {
    primary: (usize, usize),
    secondary: (usize, usize),
    options: (usize, usize),
    /// Items per option.
    width: (usize, usize),
    /// Colors in use (0: none), given to a secondary item two times in
    /// three.
    colors: usize,
    /// Bounds `lo:hi|` on primary items, one time in `bounds` (0: none).
    bounds: usize,
    /// Costs `|n` (0 to `costs`, up to two of them) on an option, two
    /// times in three (0: none).
    costs: usize,
}

/// A random problem of `family` in Knuth's format: items `p0..`, `s0..`,
/// options of distinct items with at least one primary.
fn random_problem(random: &mut Random, family: Family) -> String {
    let primary = random.range(family.primary.0, family.primary.1);
    let secondary = random.range(family.secondary.0, family.secondary.1);
    let mut out = String::new();
    for p in 0..primary {
        if family.bounds != 0 && random.range(1, family.bounds) == 1 {
            let hi = random.range(1, 3);
            let lo = random.range(0, hi);
            out += &format!("{lo}:{hi}|");
        }
        out += &format!("p{p} ");
    }
    if secondary > 0 {
        out += "|";
        for s in 0..secondary {
            out += &format!(" s{s}");
        }
    }
    out.push('\n');
    let options = random.range(family.options.0, family.options.1);
    for _ in 0..options {
        let width = random.range(family.width.0, family.width.1);
        let mut items: Vec<usize> = vec![random.range(0, primary - 1)];
        for _ in 1..width {
            let i = random.range(0, primary + secondary - 1);
            if !items.contains(&i) {
                items.push(i);
            }
        }
        let mut words: Vec<String> = items
            .iter()
            .map(|&i| match i < primary {
                true => format!("p{i}"),
                false if family.colors > 0 && random.range(0, 2) > 0 => {
                    let c = (b'a' + random.range(0, family.colors - 1) as u8) as char;
                    format!("s{}:{c}", i - primary)
                }
                false => format!("s{}", i - primary),
            })
            .collect();
        if family.costs > 0 && random.range(0, 2) > 0 {
            for _ in 0..random.range(1, 2) {
                let at = random.range(1, words.len());
                words.insert(at, format!("|{}", random.range(0, family.costs)));
            }
        }
        out += &words.join(" ");
        out.push('\n');
    }
    out
}

/// Checks `count` random problems of `family` against `program`.
fn compare<S: Search>(program: &str, family: Family, seed: u64, count: usize) {
    let dir = match knuth() {
        Some(dir) => dir,
        None => return,
    };
    let program = dir.join(program);
    let mut random = Random(seed);
    let mut solutions = 0;
    for k in 0..count {
        let text = random_problem(&mut random, family);
        let theirs = run_knuth(&program, &text);
        let ours = run_ours::<S>(&text);
        assert_eq!(ours, theirs, "problem {k} of seed {seed}:\n{text}");
        solutions += theirs.solutions.len();
    }
    eprintln!("{count} problems, {solutions} solutions, all as {program:?} finds them");
}

const PLAIN: Family = Family {
    primary: (1, 8),
    secondary: (0, 3),
    options: (1, 30),
    width: (1, 4),
    colors: 0,
    bounds: 0,
    costs: 0,
};

const COLORED: Family = Family {
    secondary: (1, 5),
    colors: 3,
    ..PLAIN
};

const BIG_COLORED: Family = Family {
    primary: (6, 12),
    secondary: (3, 8),
    options: (20, 60),
    colors: 2,
    ..PLAIN
};

#[test]
#[ignore = "heavy: runs Knuth's DLX1 from KNUTH on 6 000 problems"]
fn algorithm_x_engines_walk_dlx1_tree() {
    // Up to 256 options, so that the popcount search's sets fill their
    // four words.
    let big = Family {
        primary: (16, 24),
        options: (60, 256),
        width: (3, 7),
        ..PLAIN
    };
    for (family, seed, count) in [(PLAIN, 11, 1000), (big, 12, 1000)] {
        compare::<Solver>("dlx1", family, seed, count);
        compare::<bitset::Solver>("dlx1", family, seed, count);
        compare::<popcount::Solver>("dlx1", family, seed, count);
    }
}

#[test]
#[ignore = "heavy: runs Knuth's DLX2 and DLX3 from KNUTH on 8 000 problems"]
fn algorithms_c_and_m_walk_dlx2_and_dlx3_trees() {
    compare::<color::Solver>("dlx2", COLORED, 21, 2000);
    compare::<color::Solver>("dlx2", BIG_COLORED, 22, 2000);
    let bounded = Family {
        bounds: 2,
        ..COLORED
    };
    compare::<multi::Solver>("dlx3", bounded, 23, 2000);
    // Bounds multiply the solutions: smaller problems than BIG_COLORED.
    let wide = Family {
        primary: (4, 8),
        options: (10, 30),
        bounds: 3,
        ..BIG_COLORED
    };
    compare::<multi::Solver>("dlx3", wide, 24, 2000);
}

#[test]
#[ignore = "heavy: runs Knuth's SSXCC from KNUTH on 3 000 problems"]
fn cells_walk_ssxcc_tree_without_colors() {
    compare::<cells::Solver>("ssxcc", PLAIN, 1, 2000);
    let big = Family {
        primary: (8, 16),
        options: (20, 60),
        ..PLAIN
    };
    compare::<cells::Solver>("ssxcc", big, 2, 1000);
}

#[test]
#[ignore = "heavy: runs Knuth's SSXCC from KNUTH on 3 000 problems"]
fn cells_walk_ssxcc_tree_with_colors() {
    compare::<cells::Solver>("ssxcc", COLORED, 3, 2000);
    compare::<cells::Solver>("ssxcc", BIG_COLORED, 4, 1000);
}

#[test]
#[ignore = "heavy: runs Knuth's SSMCC from KNUTH on 6 000 problems"]
fn cells_walk_ssmcc_tree() {
    let bounded = Family { bounds: 2, ..PLAIN };
    compare::<cells::multi::Solver>("ssmcc", bounded, 5, 2000);
    let colored = Family {
        bounds: 2,
        ..COLORED
    };
    compare::<cells::multi::Solver>("ssmcc", colored, 6, 2000);
    // Without bounds SSMCC still branches two ways: a tree of its own.
    compare::<cells::multi::Solver>("ssmcc", PLAIN, 7, 1000);
    let big = Family {
        primary: (6, 12),
        secondary: (2, 6),
        options: (20, 40),
        colors: 2,
        bounds: 3,
        ..PLAIN
    };
    compare::<cells::multi::Solver>("ssmcc", big, 8, 1000);
}

/// What DLX5 printed for one problem: the solutions found, each its
/// total cost and options (sorted words, level by level); the nodes,
/// updates and cleansings; and the `k` optimum costs, cheapest first.
#[derive(Debug, PartialEq, Eq)]
struct CostReport {
    solutions: Vec<(u64, Vec<Vec<String>>)>,
    stats: (u64, u64, u64),
    best: Vec<u64>,
}

/// Runs DLX5 on `text` for the `k` cheapest, printing every solution.
fn run_dlx5(program: &PathBuf, text: &str, k: usize) -> CostReport {
    let mut child = Command::new(program)
        .args(["m1", &format!("k{k}")])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", program.display()));
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    let dollars = |s: &str| -> u64 {
        let digits: String = s
            .split('$')
            .nth(1)
            .unwrap()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().unwrap()
    };
    let mut solutions: Vec<(u64, Vec<Vec<String>>)> = Vec::new();
    for line in stdout.lines() {
        if line.contains("(total cost $") {
            solutions.push((dollars(line), Vec::new()));
        } else {
            let words = line.split(" (").next().unwrap();
            solutions.last_mut().unwrap().1.push(sorted_words(words));
        }
    }
    let last = stderr
        .lines()
        .find(|l| l.starts_with("Altogether"))
        .unwrap_or_else(|| panic!("{}: {stderr}", program.display()));
    let words: Vec<&str> = last.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let before = |key: &str| -> u64 {
        let at = words.iter().position(|w| w.starts_with(key)).unwrap();
        words[at - 1].parse().unwrap()
    };
    // `The optimum cost is $3`, or the costs one a line, a repeated one
    // as `$4 (repeated 2 times)`.
    let mut best = Vec::new();
    let optimum = stderr.lines().skip_while(|l| !l.starts_with("The optimum"));
    for line in optimum.filter(|l| l.contains('$')) {
        let times = match line.split("repeated ").nth(1) {
            Some(rest) => rest.split(' ').next().unwrap().parse().unwrap(),
            None => 1,
        };
        best.extend(std::iter::repeat(dollars(line)).take(times));
    }
    CostReport {
        solutions,
        stats: (before("nodes"), before("updates"), before("cleansings")),
        best,
    }
}

/// What the min-cost engine finds on `text` for the `k` cheapest with
/// `bound`, in the same form (an option's cost words left out, as DLX5
/// prints them).
fn run_cost(text: &str, k: usize, bound: cost::Bound) -> CostReport {
    let instance = text::parse(text.as_bytes().to_vec()).unwrap();
    let problem = &instance.problem;
    let mut solver = cost::Solver::with_best(problem, k);
    solver.set_bound(bound);
    let mut solutions = Vec::new();
    solver.for_each(|solution| {
        let price = solution.iter().map(|&k| problem.cost(k)).sum();
        let options = solution
            .iter()
            .map(|&k| {
                let line = instance.option_text(k);
                let words = line.split(' ').filter(|w| !w.starts_with('|'));
                sorted_words(&words.collect::<Vec<_>>().join(" "))
            })
            .collect();
        solutions.push((price, options));
    });
    let stats = solver.stats();
    CostReport {
        solutions,
        stats: (stats.nodes, stats.updates, stats.cleansings),
        best: solver.best_costs(),
    }
}

/// Checks `count` random problems of `family` against DLX5, each for
/// the `k` cheapest, `k` drawn in `1..=4`; and that the taxes levied at
/// every node find the same solutions in no more nodes.
fn compare_costs(family: Family, seed: u64, count: usize) {
    let Some(dir) = knuth() else { return };
    let program = dir.join("dlx5");
    let mut random = Random(seed);
    let mut solutions = 0;
    for n in 0..count {
        let text = random_problem(&mut random, family);
        let k = random.range(1, 4);
        let theirs = run_dlx5(&program, &text, k);
        let ours = run_cost(&text, k, cost::Bound::Cutoff);
        assert_eq!(ours, theirs, "problem {n} of seed {seed}, k{k}:\n{text}");
        let taxed = run_cost(&text, k, cost::Bound::Taxes);
        let what = format!("problem {n} of seed {seed}, k{k}, taxes:\n{text}");
        assert_eq!(
            (&taxed.solutions, &taxed.best),
            (&theirs.solutions, &theirs.best),
            "{what}"
        );
        assert!(taxed.stats.0 <= theirs.stats.0, "{what}");
        solutions += theirs.solutions.len();
    }
    eprintln!("{count} problems, {solutions} solutions, all as {program:?} finds them");
}

#[test]
#[ignore = "heavy: runs Knuth's DLX5 from KNUTH on 8 000 problems"]
fn cost_walks_dlx5_tree() {
    let costed = Family { costs: 9, ..PLAIN };
    compare_costs(costed, 31, 2000);
    compare_costs(
        Family {
            costs: 9,
            ..COLORED
        },
        32,
        2000,
    );
    // Costs from 0 to 2: many ties.
    compare_costs(
        Family {
            costs: 2,
            ..BIG_COLORED
        },
        33,
        2000,
    );
    // No costs at all: DLX5 stops looking once it has k solutions.
    compare_costs(BIG_COLORED, 34, 1000);
    let wide = Family {
        primary: (10, 16),
        options: (40, 90),
        width: (2, 5),
        costs: 30,
        ..BIG_COLORED
    };
    compare_costs(wide, 35, 1000);
}
