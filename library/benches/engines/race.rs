//! The bench's bookkeeping: expected counts, timed runs, best of several,
//! and the table of times and ratios.

use library::dlx::Stats;

/// A row of counts.tsv (DLX1's numbers) or counts-xcc.tsv.
pub struct Expected {
    /// Whose tree: `dlx1`, `dlx2` or `dlx3`.
    pub program: String,
    pub solutions: u128,
    pub stats: Stats,
}

/// One engine's run: CPU seconds, solutions and (ours, Knuth's) statistics.
pub struct Run {
    pub seconds: f64,
    pub solutions: u128,
    pub stats: Option<Stats>,
}

/// Runs `search` and measures the CPU time this thread spent in it.
pub fn cpu(search: impl FnOnce() -> (u128, Option<Stats>)) -> Run {
    let start = thread_cpu();
    let (solutions, stats) = search();
    Run {
        seconds: thread_cpu() - start,
        solutions,
        stats,
    }
}

/// This thread's CPU time in seconds.
fn thread_cpu() -> f64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for the call to fill.
    let failed = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(failed, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9
}

/// The rows of a counts table, those named in `wanted` if any.
pub fn rows(path: &str, wanted: &[String]) -> Vec<(String, Expected)> {
    let table = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut rows = Vec::new();
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        // counts.tsv has no program column: its numbers are DLX1's.
        let (program, numbers) = if f.len() == 4 {
            ("dlx1", &f[1..])
        } else {
            (f[1], &f[2..])
        };
        let n = |k: usize| {
            numbers
                .get(k)
                .map_or(0, |v| v.parse::<u64>().expect("a number"))
        };
        let expected = Expected {
            program: program.to_string(),
            solutions: numbers[0].parse().expect("a number"),
            stats: Stats {
                nodes: n(1),
                updates: n(2),
                cleansings: n(3),
            },
        };
        if wanted.is_empty() || wanted.iter().any(|w| w == f[0]) {
            rows.push((f[0].to_string(), expected));
        }
    }
    rows
}

/// The best of `runs` runs of `engines` engines, interleaved; `run(e)` is
/// `None` for an engine that does not run on this instance.
pub fn best(
    runs: usize,
    engines: usize,
    mut run: impl FnMut(usize) -> Option<Run>,
) -> Vec<Option<Run>> {
    let mut best: Vec<Option<Run>> = (0..engines).map(|_| None).collect();
    for _ in 0..runs {
        for (engine, slot) in best.iter_mut().enumerate() {
            if let Some(r) = run(engine) {
                if slot.as_ref().map_or(true, |b| r.seconds < b.seconds) {
                    *slot = Some(r);
                }
            }
        }
    }
    best
}

/// Times per instance and engine, then ratios and totals.
pub struct Table {
    title: String,
    engines: Vec<String>,
    rows: Vec<(String, Vec<Option<f64>>, String)>,
    mismatches: usize,
}

impl Table {
    pub fn new(title: &str, engines: &[&str]) -> Table {
        Table {
            title: title.to_string(),
            engines: engines.iter().map(|e| e.to_string()).collect(),
            rows: Vec::new(),
            mismatches: 0,
        }
    }

    /// Adds an instance's best runs, checking each against `expected`.
    pub fn row(&mut self, name: &str, expected: &Expected, runs: Vec<Option<Run>>, note: &str) {
        for (engine, run) in self.engines.iter().zip(&runs) {
            let run = match run {
                Some(run) => run,
                None => continue,
            };
            let stats_ok = run.stats.map_or(true, |s| s == expected.stats);
            if run.solutions != expected.solutions || !stats_ok {
                self.mismatches += 1;
                eprintln!(
                    "MISMATCH {name} {engine}: {} solutions {:?}, expected {} {:?}",
                    run.solutions, run.stats, expected.solutions, expected.stats
                );
            }
        }
        let seconds = runs.iter().map(|r| r.as_ref().map(|r| r.seconds)).collect();
        self.rows
            .push((name.to_string(), seconds, note.to_string()));
    }

    /// Prints the table: the seconds, then `reference / ours` for each
    /// `(ours, reference)` of `faster` (above 1: ours faster) and
    /// `ours / knuth` for each of `knuth` (below 1: ours faster), with a
    /// line of totals over the instances that have both. True when every
    /// count matched.
    pub fn print(&self, faster: &[(usize, usize)], knuth: &[(usize, usize)]) -> bool {
        println!("{}", self.title);
        let mut head = format!("{:<22}", "instance");
        for engine in &self.engines {
            head += &format!(" {:>12}", format!("{engine} s"));
        }
        let names = |(a, b): &(usize, usize), sep: &str| {
            format!("{}{sep}{}", self.engines[*a], self.engines[*b])
        };
        for pair in faster {
            head += &format!(" {:>14}", format!("{} x", names(&(pair.1, pair.0), "/")));
        }
        for pair in knuth {
            head += &format!(" {:>14}", names(pair, "/"));
        }
        println!("{head}");
        for (name, seconds, note) in &self.rows {
            let mut line = format!("{name:<22}");
            for s in seconds {
                line += &format!(" {:>12}", s.map_or("-".to_string(), |s| format!("{s:.3}")));
            }
            for &(ours, other) in faster {
                line += &format!(" {:>14}", shown(seconds[other], seconds[ours]));
            }
            for &(ours, other) in knuth {
                line += &format!(" {:>14}", shown(seconds[ours], seconds[other]));
            }
            println!("{line}  {note}");
        }
        self.totals(faster, knuth);
        self.mismatches == 0
    }

    /// The line of totals: each ratio over the instances both engines ran.
    fn totals(&self, faster: &[(usize, usize)], knuth: &[(usize, usize)]) {
        let mut line = format!("{:<22}", "total");
        line += &" ".repeat(13 * self.engines.len());
        for &(ours, other) in faster {
            line += &format!(" {:>14}", self.total(other, ours));
        }
        for &(ours, other) in knuth {
            line += &format!(" {:>14}", self.total(ours, other));
        }
        println!("{line}");
    }

    /// The sum of engine `a`'s times over engine `b`'s, on the instances
    /// both ran.
    fn total(&self, a: usize, b: usize) -> String {
        let both = self
            .rows
            .iter()
            .filter_map(|(_, s, _)| Some((s[a]?, s[b]?)));
        let (p, q) = both.fold((0.0, 0.0), |(p, q), (x, y)| (p + x, q + y));
        shown(Some(p), Some(q))
    }
}

/// `a / b` as `0.45x`, or `-` when either is missing.
fn shown(a: Option<f64>, b: Option<f64>) -> String {
    match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => format!("{:.2}x", a / b),
        _ => "-".to_string(),
    }
}
