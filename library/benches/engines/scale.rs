//! Counting at scale: threads on the counting instances, and the planted
//! random triples of a million options (time per node and memory per
//! option against DLX1).
//!
//! Threads: two CPU-time figures that a busy machine does not distort,
//! and one wall-clock figure that it does. `parts x` is the speed-up that
//! the cut allows on 2 cores: the time of one thread over the time to cut
//! plus the finish of the slower of 2 workers taking the parts as the
//! threads do (each part's search timed alone, in CPU time); `cpu` is the
//! CPU time of all threads of a real 2-thread run over one thread's (the
//! price of cutting: 1.00 is none); `wall x` is the real 2-thread run's
//! wall-clock speed-up, which is only meaningful on an idle machine with
//! 2 free cores.
//!
//! Memory: a counting allocator gives the peak of the heap while `dlx`
//! counts (the text read and parsed, then the problem alone and the
//! engine), and the engine's own bytes (its allocations once built);
//! DLX1's bytes are its own report's formula (`dlx1.w`: 16 per item and per node, headers and
//! spacers included, and 4 per level).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use library::dlx::engine::{self, Engine};
use library::dlx::parallel::{self, PARTS_PER_THREAD};
use library::dlx::{parts, text, Buckets, Links, Listed, Problem, Search, Stats};

use crate::race::{self, cpu};

/// The global allocator, counting the bytes in use and their peak.
pub struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call goes to the system allocator unchanged; the counters
// only watch.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = IN_USE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        if size > layout.size() {
            let now =
                IN_USE.fetch_add(size - layout.size(), Ordering::Relaxed) + size - layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        } else {
            IN_USE.fetch_sub(layout.size() - size, Ordering::Relaxed);
        }
        System.realloc(ptr, layout, size)
    }
}

/// This process's CPU time, all threads, in seconds.
fn process_cpu() -> f64 {
    // SAFETY: an all-zero rusage is a valid value for getrusage to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: the pointer is valid.
    let failed = unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    assert_eq!(failed, 0, "getrusage");
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Counts `problem` with engine `S` on `threads` threads as `dlx` counts
/// (`count_parallel`, the solutions not named): (solutions, statistics,
/// wall seconds, CPU seconds of the process).
fn timed<S: Search>(problem: &Problem, threads: usize) -> (u128, Stats, f64, f64) {
    let (wall, cpu) = (Instant::now(), process_cpu());
    let run = parallel::count_parallel::<S, _>(problem, threads, u64::MAX, |_, _| {});
    (
        u128::from(run.value),
        run.stats,
        wall.elapsed().as_secs_f64(),
        process_cpu() - cpu,
    )
}

/// The CPU time to cut `problem` for 2 threads, and when the slower of 2
/// workers would finish the parts, each part's search timed alone, the
/// parts taken biggest first as the threads take them.
fn two_workers<S: Search>(problem: &Problem) -> (f64, f64) {
    let mut cut = Vec::new();
    let cutting = cpu(|| {
        cut = parts::split(problem, 2 * PARTS_PER_THREAD);
        (0, None)
    })
    .seconds;
    cut.sort_by(|a, b| b.weight.total_cmp(&a.weight));
    let mut workers = [0.0f64; 2];
    for part in &cut {
        let seconds = cpu(|| (u128::from(S::new(&part.problem).count()), None)).seconds;
        let first_free = if workers[0] <= workers[1] { 0 } else { 1 };
        workers[first_free] += seconds;
    }
    (cutting, workers[0].max(workers[1]))
}

/// The threads table: every plain instance of at least 100 000 nodes, with
/// the engine `dlx` picks for it. False on a count that differs from
/// counts.tsv.
pub fn threads(instances: &str, wanted: &[String], runs: usize) -> bool {
    let head: Vec<String> = [
        "instance",
        "1 thread s",
        "2 cpu s",
        "2 wall s",
        "parts x",
        "cpu",
        "wall x",
        "engine",
    ]
    .iter()
    .map(|h| h.to_string())
    .collect();
    let mut rows = Vec::new();
    let mut ok = true;
    let (mut one_total, mut parts_total) = (0.0, 0.0);
    for (name, expected) in race::rows(&format!("{instances}/counts.tsv"), wanted) {
        if expected.stats.nodes < 100_000 {
            continue;
        }
        let text = std::fs::read(format!("{instances}/{name}.dlx")).expect("the instance");
        let instance = text::parse(text).expect("a valid instance");
        let problem = &instance.problem;
        let engine = Engine::auto(problem);
        let row = engine.run(problem, Rows(runs, engine.name()));
        let exact = row
            .counts
            .iter()
            .all(|&c| c == (expected.solutions, expected.stats));
        if !exact {
            eprintln!("MISMATCH {name} on threads: {:?}", row.counts);
            ok = false;
        }
        one_total += row.one;
        parts_total += row.cutting + row.slower;
        rows.push(vec![
            name,
            format!("{:.3}", row.one),
            format!("{:.3}", row.cpu_two),
            format!("{:.3}", row.wall_two),
            format!("{:.2}x", row.one / (row.cutting + row.slower)),
            format!("{:.2}", row.cpu_two / row.one),
            format!("{:.2}x", row.wall_one / row.wall_two),
            row.engine.to_string(),
        ]);
    }
    let mut total = vec![String::new(); head.len()];
    total[0] = "total".to_string();
    total[1] = format!("{one_total:.3}");
    total[4] = format!("{:.2}x", one_total / parts_total);
    rows.push(total);
    race::print_region(
        "engines-threads",
        "threads (2), counting: CPU-time figures, and wall clock (noisy on a shared machine)",
        Some("parts x"),
        &head,
        &rows,
    );
    ok
}

/// One instance's figures, the best of `runs`.
struct Row {
    one: f64,
    wall_one: f64,
    cpu_two: f64,
    wall_two: f64,
    cutting: f64,
    slower: f64,
    counts: Vec<(u128, Stats)>,
    engine: &'static str,
}

/// [`row`] as code the engine policy runs: the runs and the engine's name.
struct Rows(usize, &'static str);

impl engine::Run for Rows {
    type Output = Row;
    fn run<S: Search>(self, problem: &Problem) -> Row {
        row::<S>(problem, self.0, self.1)
    }
}

fn row<S: Search>(problem: &Problem, runs: usize, engine: &'static str) -> Row {
    let mut row = Row {
        one: f64::MAX,
        wall_one: f64::MAX,
        cpu_two: f64::MAX,
        wall_two: f64::MAX,
        cutting: f64::MAX,
        slower: f64::MAX,
        counts: Vec::new(),
        engine,
    };
    for _ in 0..runs {
        let (count, stats, wall, cpu) = timed::<S>(problem, 1);
        row.counts.push((count, stats));
        row.one = row.one.min(cpu);
        row.wall_one = row.wall_one.min(wall);
        let (count, stats, wall, cpu) = timed::<S>(problem, 2);
        row.counts.push((count, stats));
        row.cpu_two = row.cpu_two.min(cpu);
        row.wall_two = row.wall_two.min(wall);
        let (cutting, slower) = two_workers::<S>(problem);
        if cutting + slower < row.cutting + row.slower {
            (row.cutting, row.slower) = (cutting, slower);
        }
    }
    row
}

/// The planted random triples: time per node as they grow (the choice in
/// buckets against DLX1's list), and memory per option against DLX1.
pub fn planted(generate: impl Fn(&str) -> Option<String>) {
    let head: Vec<String> = [
        "instance",
        "nodes",
        "buckets",
        "listed",
        "engine",
        "dlx",
        "dlx1",
        "engine/dlx1",
        "dlx/dlx1",
    ]
    .iter()
    .map(|h| h.to_string())
    .collect();
    let mut rows = Vec::new();
    for options in [100_000usize, 300_000, 1_000_000] {
        let name = format!("planted-{options}");
        let text = generate(&name).expect("a planted instance").into_bytes();
        let entries = 3 * options;
        let items = options * 9 / 10 / 3 * 3;
        // The peak of the heap over what `dlx` does to count (the text
        // read, the problem alone, the engine), and the engine's bytes.
        let base = IN_USE.load(Ordering::Relaxed);
        let copy = text.clone();
        PEAK.store(IN_USE.load(Ordering::Relaxed), Ordering::Relaxed);
        let problem = text::parse(copy).expect("a valid instance").into_problem();
        let before = IN_USE.load(Ordering::Relaxed);
        let mut solver = Links::<Buckets>::new(&problem);
        let engine_bytes = IN_USE.load(Ordering::Relaxed) - before;
        let run = cpu(|| (u128::from(solver.count()), Some(solver.stats())));
        let peak = PEAK.load(Ordering::Relaxed) - base;
        drop((solver, problem));
        let nodes = run.stats.expect("our statistics").nodes;
        let listed = (options <= 100_000).then(|| {
            let instance = text::parse(text.clone()).expect("a valid instance");
            let mut solver = Links::<Listed>::new(&instance.problem);
            cpu(|| (u128::from(solver.count()), None)).seconds
        });
        // DLX1's own count (dlx1.w): items and nodes at 16 bytes, a level
        // at 4.
        let dlx1 = 16 * (items + 1) + 16 * (1 + items + entries + options) + 4 * nodes as usize;
        let per = |bytes: usize| bytes as f64 / options as f64;
        let per_node = |s: f64| s / nodes as f64 * 1e6;
        rows.push(vec![
            name,
            nodes.to_string(),
            format!("{:.3}", per_node(run.seconds)),
            listed.map_or("-".to_string(), |s| format!("{:.3}", per_node(s))),
            format!("{:.1}", per(engine_bytes)),
            format!("{:.1}", per(peak)),
            format!("{:.1}", per(dlx1)),
            format!("{:.2}x", engine_bytes as f64 / dlx1 as f64),
            format!("{:.2}x", peak as f64 / dlx1 as f64),
        ]);
    }
    race::print_region(
        "engines-planted",
        "planted random triples (one exact cover hidden): CPU seconds per 1e6 nodes (buckets: \
         the engine's choice; listed: DLX1's list), bytes per option (the engine's, the whole \
         count's peak, DLX1's)",
        Some("buckets"),
        &head,
        &rows,
    );
}
