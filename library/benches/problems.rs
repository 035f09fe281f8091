//! The engine choices of the sudoku-family adapters, measured: both
//! engines on the judge cases that make time matter, in one process, the
//! runs interleaved, best of `--runs` (default 5).
//!
//! ```text
//! cargo bench -p library --bench problems
//! cargo bench -p library --bench problems -- poj3074 --only links   # for callgrind
//! ```
//!
//! Arguments name the groups to run (`poj3074`, `hardest`, `spoj1110`; all by
//! default); `--only links` or `--only bitset` runs one engine, for a
//! profiler or for `valgrind --tool=callgrind`, whose instruction counts do
//! not depend on what else the machine is doing.
//!
//! * `poj3074 1000 puzzles`: every puzzle of
//!   `judge-tests/poj3074/thousand-puzzles.in`, first solution each;
//! * `hardest`: the slowest single puzzle of that file, per puzzle;
//! * `spoj1110`: each file of `judge-tests/spoj1110/` (16 × 16, 1024
//!   primary items), first solution of each grid, with a third engine:
//!   dancing links with DLX1's list of active items (`--only listed`).
//!
//! A ratio above 1 means dancing links take longer than the bitsets (for
//! spoj1110, than the listed links).
//!
//! (p1074 no longer searches with these engines: it is a branch and bound
//! over boards of candidates; its times are in judge-tests' `hard` bench.)

use std::time::{Duration, Instant};

use library::dlx::{bitset, Links, Listed, Search, Solver};
use library::input::Lines;
use library::problems::spoj1110;
use library::sudoku::{self, Grid, STANDARD};

const CASES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../judge-tests");

/// The puzzles of a poj3074 input, up to `end`.
fn poj3074_puzzles(file: &str) -> Vec<Grid> {
    let text = std::fs::read(format!("{CASES}/poj3074/{file}")).expect("the case file");
    let mut puzzles = Vec::new();
    let mut lines = Lines::new(&text);
    while let Some(line) = lines.next_filled() {
        if line.trimmed() == b"end" {
            break;
        }
        puzzles.push(STANDARD.read_line(&line).expect("a valid puzzle"));
    }
    puzzles
}

/// The best time of `runs` runs of `f`, and what it returned.
fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = None;
    let mut value = None;
    for _ in 0..runs {
        let start = Instant::now();
        value = Some(f());
        let elapsed = start.elapsed();
        best = Some(best.map_or(elapsed, |b: Duration| b.min(elapsed)));
    }
    (
        best.expect("at least one run"),
        value.expect("at least one run"),
    )
}

/// What the command line asks for.
struct Args {
    runs: usize,
    groups: Vec<String>,
    only: Option<String>,
}

impl Args {
    fn parse() -> Args {
        let mut args = Args {
            runs: 5,
            groups: Vec::new(),
            only: None,
        };
        let mut raw = std::env::args().skip(1);
        while let Some(arg) = raw.next() {
            match arg.as_str() {
                "--runs" => args.runs = raw.next().and_then(|n| n.parse().ok()).expect("--runs N"),
                "--only" => args.only = raw.next(),
                "--bench" => {}
                group => args.groups.push(group.to_string()),
            }
        }
        args
    }

    fn wants(&self, group: &str) -> bool {
        self.groups.is_empty() || self.groups.iter().any(|g| g == group)
    }

    /// `f` timed for `engine` (best of the runs), or zero if not wanted.
    fn time<T>(&self, engine: &str, f: impl FnMut() -> T) -> (Duration, Option<T>) {
        if matches!(&self.only, Some(only) if only != engine) {
            return (Duration::ZERO, None);
        }
        let (elapsed, value) = best_of(self.runs, f);
        (elapsed, Some(value))
    }
}

fn row(name: &str, links: Duration, bits: Duration) {
    println!(
        "{name:<28} {:>10.3} {:>10.3} {:>8.2}x",
        links.as_secs_f64() * 1e3,
        bits.as_secs_f64() * 1e3,
        links.as_secs_f64() / bits.as_secs_f64()
    );
}

/// The grids of every spoj1110 case, file by file.
fn spoj1110_files() -> Vec<(String, Vec<Grid>)> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(format!("{CASES}/spoj1110")).expect("the case folder") {
        let path = entry.expect("an entry").path();
        if path.extension().map_or(false, |e| e == "in") {
            let text = std::fs::read(&path).expect("the case file");
            let mut lines = Lines::new(&text);
            let count = lines.next_filled().expect("a count");
            let count: usize = String::from_utf8_lossy(count.trimmed())
                .trim()
                .parse()
                .expect("a count");
            let grids = (0..count)
                .map(|_| spoj1110::HEX.read_rows(&mut lines).expect("a valid grid"))
                .collect();
            let name = path
                .file_stem()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            files.push((name, grids));
        }
    }
    files.sort();
    files
}

/// Times the three engines on the spoj1110 grids: each file, then the
/// slowest grid alone.
fn spoj1110_rows(args: &Args) {
    let groups = spoj1110::HEX.groups();
    println!(
        "{:<28} {:>10} {:>10} {:>10}",
        "case", "scan ms", "listed ms", "bitset ms"
    );
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let mut slowest = [Duration::ZERO; 3];
    for (name, grids) in spoj1110_files() {
        let mut times = [Duration::ZERO; 3];
        for grid in &grids {
            let one = [
                args.time("links", || sudoku::complete::<Solver>(&groups, grid))
                    .0,
                args.time("listed", || {
                    sudoku::complete::<Links<Listed>>(&groups, grid)
                })
                .0,
                args.time("bitset", || {
                    sudoku::complete::<bitset::Solver>(&groups, grid)
                })
                .0,
            ];
            for k in 0..3 {
                times[k] += one[k];
                slowest[k] = slowest[k].max(one[k]);
            }
        }
        let [s, l, b] = times;
        println!(
            "spoj1110 {name:<19} {:>10.3} {:>10.3} {:>10.3}",
            ms(s),
            ms(l),
            ms(b)
        );
    }
    let [s, l, b] = slowest;
    println!(
        "{:<28} {:>10.3} {:>10.3} {:>10.3}",
        "slowest grid alone",
        ms(s),
        ms(l),
        ms(b)
    );
}

fn complete_all<S: Search>(puzzles: &[Grid]) -> usize {
    let groups = STANDARD.groups();
    puzzles
        .iter()
        .filter(|p| sudoku::complete::<S>(&groups, p).is_some())
        .count()
}

fn main() {
    let args = Args::parse();
    println!(
        "{:<28} {:>10} {:>10} {:>9}",
        "case", "links ms", "bitset ms", "ratio"
    );

    let thousand = poj3074_puzzles("thousand-puzzles.in");
    if args.wants("poj3074") {
        let (links, solved) = args.time("links", || complete_all::<Solver>(&thousand));
        let (bits, same) = args.time("bitset", || complete_all::<bitset::Solver>(&thousand));
        for count in solved.iter().chain(&same) {
            assert_eq!(*count, thousand.len(), "every puzzle has a solution");
        }
        row(&format!("poj3074 {} puzzles", thousand.len()), links, bits);
    }

    // Each puzzle alone: the slowest one, and the known hard ones.
    if args.wants("hardest") {
        let groups = STANDARD.groups();
        let mut slowest = (Duration::ZERO, Duration::ZERO);
        for puzzle in &thousand {
            let (l, _) = args.time("links", || sudoku::complete::<Solver>(&groups, puzzle));
            let (b, _) = args.time("bitset", || {
                sudoku::complete::<bitset::Solver>(&groups, puzzle)
            });
            slowest = (slowest.0.max(l), slowest.1.max(b));
        }
        row("slowest of those, alone", slowest.0, slowest.1);
        for (k, puzzle) in poj3074_puzzles("hardest-known.in").iter().enumerate() {
            let (l, _) = args.time("links", || sudoku::complete::<Solver>(&groups, puzzle));
            let (b, _) = args.time("bitset", || {
                sudoku::complete::<bitset::Solver>(&groups, puzzle)
            });
            row(&format!("hardest-known #{}", k + 1), l, b);
        }
    }

    if args.wants("spoj1110") {
        spoj1110_rows(&args);
    }
}
