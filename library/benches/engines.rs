//! Races our two engines against the `dlx` crate (0.8.5) on every reference
//! instance, in one process, and prints time ratios side by side.
//!
//! ```text
//! cargo bench -p library --bench engines              # every instance
//! cargo bench -p library --bench engines -- queens-15 # the names given
//! cargo bench -p library --bench engines -- --runs 5  # best of 5 (default 3)
//! cargo bench -p library --bench engines -- --only links queens-8
//!                                   # one engine (crate, links, bitset), for a profiler
//! ```
//!
//! Each engine counts all solutions of each instance; the best of the runs
//! is kept, the runs of the three engines interleaved so that a noisy
//! neighbour hurts all of them alike. A ratio above 1 means ours is faster
//! than the crate. The bench also checks every count against
//! `instances/counts.tsv` (solutions, and DLX1's nodes and updates for our
//! engines) and reports each engine's peak heap bytes.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use library::dlx::{bitset, text, Search, Solver, Stats};

/// Counts live heap bytes and their high-water mark.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(live, Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` came from `alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const INSTANCES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/instances");

struct Expected {
    solutions: u64,
    stats: Stats,
}

/// One engine's best run: seconds, peak heap bytes above the baseline,
/// solutions and (for ours) DLX1 statistics.
struct Run {
    seconds: f64,
    peak: usize,
    solutions: u64,
    stats: Option<Stats>,
}

fn measure(mut search: impl FnMut() -> (u64, Option<Stats>)) -> Run {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let start = Instant::now();
    let (solutions, stats) = search();
    Run {
        seconds: start.elapsed().as_secs_f64(),
        peak: PEAK.load(Ordering::Relaxed) - base,
        solutions,
        stats,
    }
}

fn links(instance: &text::Instance) -> (u64, Option<Stats>) {
    let mut solver = Solver::new(&instance.problem);
    let count = solver.count();
    (count, Some(solver.stats()))
}

fn bits(instance: &text::Instance) -> (u64, Option<Stats>) {
    let mut solver = bitset::Solver::new(&instance.problem);
    let count = solver.count();
    (count, Some(solver.stats()))
}

fn crate_dlx(options: &[Vec<dlx::Uint>], primary: usize, secondary: usize) -> (u64, Option<Stats>) {
    use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
    let mut problem = dlx::x::make_problem(
        primary as dlx::Uint,
        secondary as dlx::Uint,
        options,
        dlx::OptOrder::Seq,
    );
    let mut solver = dlx::Solver::new(&mut problem);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut count = 0;
    while solver.next_solution(&mut chooser) {
        count += 1;
    }
    (count, None)
}

fn main() {
    let mut runs = 3;
    let mut only = None;
    let mut wanted = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--runs" => runs = args.next().and_then(|n| n.parse().ok()).expect("--runs N"),
            "--only" => only = args.next(),
            "--bench" => {}
            name => wanted.push(name.to_string()),
        }
    }
    let table = std::fs::read_to_string(format!("{INSTANCES}/counts.tsv")).expect("counts.tsv");
    let mut rows: Vec<(String, Expected)> = Vec::new();
    for line in table.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let n = |k: usize| f[k].parse::<u64>().expect("a number in counts.tsv");
        let expected = Expected {
            solutions: n(1),
            stats: Stats {
                nodes: n(2),
                updates: n(3),
                cleansings: 0,
            },
        };
        if wanted.is_empty() || wanted.iter().any(|w| w == f[0]) {
            rows.push((f[0].to_string(), expected));
        }
    }

    println!(
        "{:<20} {:>9} {:>9} {:>9} {:>8} {:>8} {:>10} {:>10} {:>10}",
        "instance",
        "crate s",
        "links s",
        "bitset s",
        "links x",
        "bitset x",
        "crate KiB",
        "links KiB",
        "bitset KiB"
    );
    let mut failures = 0;
    for (name, expected) in rows {
        let text = std::fs::read(format!("{INSTANCES}/{name}.dlx")).expect("instance file");
        let instance = text::parse(text).expect("a valid instance");
        let problem = &instance.problem;
        let options: Vec<Vec<dlx::Uint>> = (0..problem.options())
            .map(|k| problem.option(k).map(|i| i as dlx::Uint).collect())
            .collect();
        let skip = |engine: &str| matches!(only.as_deref(), Some(o) if o != engine);
        let mut best: [Option<Run>; 3] = [None, None, None];
        for _ in 0..runs {
            let results = [
                measure(|| match skip("crate") {
                    true => (expected.solutions, None),
                    false => crate_dlx(&options, problem.primary(), problem.secondary()),
                }),
                measure(|| match skip("links") {
                    true => (expected.solutions, Some(expected.stats)),
                    false => links(&instance),
                }),
                measure(|| match skip("bitset") {
                    true => (expected.solutions, Some(expected.stats)),
                    false => bits(&instance),
                }),
            ];
            for (slot, run) in best.iter_mut().zip(results) {
                if slot.as_ref().map_or(true, |b| run.seconds < b.seconds) {
                    *slot = Some(run);
                }
            }
        }
        let [ours_crate, ours_links, ours_bits] = best.map(|r| r.expect("at least one run"));
        for (engine, run) in [
            ("crate", &ours_crate),
            ("links", &ours_links),
            ("bitset", &ours_bits),
        ] {
            let stats_ok = run.stats.map_or(true, |s| s == expected.stats);
            if run.solutions != expected.solutions || !stats_ok {
                failures += 1;
                eprintln!(
                    "MISMATCH {name} {engine}: {} solutions {:?}, expected {} {:?}",
                    run.solutions, run.stats, expected.solutions, expected.stats
                );
            }
        }
        // With --only, the engines skipped show as "-".
        let shown =
            |engine: &str, value: String| if skip(engine) { "-".to_string() } else { value };
        let ratio = |engine: &str, run: &Run| match skip("crate") || skip(engine) {
            true => "-".to_string(),
            false => format!("{:.2}x", ours_crate.seconds / run.seconds),
        };
        println!(
            "{:<20} {:>9} {:>9} {:>9} {:>8} {:>8} {:>10} {:>10} {:>10}",
            name,
            shown("crate", format!("{:.3}", ours_crate.seconds)),
            shown("links", format!("{:.3}", ours_links.seconds)),
            shown("bitset", format!("{:.3}", ours_bits.seconds)),
            ratio("links", &ours_links),
            ratio("bitset", &ours_bits),
            shown("crate", (ours_crate.peak / 1024).to_string()),
            shown("links", (ours_links.peak / 1024).to_string()),
            shown("bitset", (ours_bits.peak / 1024).to_string()),
        );
    }
    if failures > 0 {
        eprintln!("{failures} mismatches against instances/counts.tsv");
        std::process::exit(1);
    }
}
