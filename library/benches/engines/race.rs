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
    region: String,
    title: String,
    engines: Vec<String>,
    rows: Vec<(String, Vec<Option<f64>>, String)>,
    mismatches: usize,
    chart: Option<String>,
}

impl Table {
    /// A table printed as the region `region` of the docs (`figures`).
    pub fn new(region: &str, title: &str, engines: &[&str]) -> Table {
        Table {
            region: region.to_string(),
            title: title.to_string(),
            engines: engines.iter().map(|e| e.to_string()).collect(),
            rows: Vec::new(),
            mismatches: 0,
            chart: None,
        }
    }

    /// The column the docs draw as a chart (a ratio's header, such as
    /// `auto/dlx1`); by default the first ratio against Knuth.
    pub fn chart(mut self, column: &str) -> Table {
        self.chart = Some(column.to_string());
        self
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

    /// Prints the table as a Markdown region of the docs: the seconds,
    /// then `reference / ours` for each `(ours, reference)` of `faster`
    /// (above 1: ours faster) and `ours / knuth` for each of `knuth`
    /// (below 1: ours faster), with a row of totals over the instances
    /// that have both. True when every count matched.
    pub fn print(&self, faster: &[(usize, usize)], knuth: &[(usize, usize)]) -> bool {
        let names = |(a, b): &(usize, usize)| format!("{}/{}", self.engines[*a], self.engines[*b]);
        let mut head = vec!["instance".to_string()];
        head.extend(self.engines.iter().map(|engine| format!("{engine} s")));
        head.extend(
            faster
                .iter()
                .map(|pair| format!("{} x", names(&(pair.1, pair.0)))),
        );
        head.extend(knuth.iter().map(names));
        head.push("note".to_string());
        let mut rows = Vec::new();
        for (name, seconds, note) in &self.rows {
            let mut row = vec![name.clone()];
            row.extend(
                seconds
                    .iter()
                    .map(|s| s.map_or("-".to_string(), |s| format!("{s:.3}"))),
            );
            row.extend(
                faster
                    .iter()
                    .map(|&(ours, other)| shown(seconds[other], seconds[ours])),
            );
            row.extend(
                knuth
                    .iter()
                    .map(|&(ours, other)| shown(seconds[ours], seconds[other])),
            );
            row.push(note.clone());
            rows.push(row);
        }
        let mut total = vec!["total".to_string()];
        total.extend(self.engines.iter().map(|_| String::new()));
        total.extend(faster.iter().map(|&(ours, other)| self.total(other, ours)));
        total.extend(knuth.iter().map(|&(ours, other)| self.total(ours, other)));
        total.push(String::new());
        rows.push(total);
        let chart = self.chart.clone().or_else(|| knuth.first().map(names));
        print_region(&self.region, &self.title, chart.as_deref(), &head, &rows);
        self.mismatches == 0
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

/// The command that ran this bench, as the docs name it: its arguments,
/// and `KNUTH=…` when it raced Knuth's programs.
pub fn command() -> String {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let knuth = if std::env::var_os("KNUTH").is_some() {
        "KNUTH=/path/to/knuth "
    } else {
        ""
    };
    let bench = std::env::args()
        .next()
        .and_then(|exe| {
            let stem = std::path::Path::new(&exe)
                .file_stem()?
                .to_string_lossy()
                .into_owned();
            Some(stem.split('-').next().unwrap_or(&stem).to_string())
        })
        .unwrap_or_default();
    let mut command = format!("{knuth}cargo bench -p library --bench {bench}");
    if !args.is_empty() {
        command += &format!(" -- {}", args.join(" "));
    }
    command
}

/// Prints a table as the region `region` of the docs, between the markers
/// the `figures` program reads (judge-tests/src/figures.rs), its cells
/// padded so that the terminal shows columns too.
pub fn print_region(
    region: &str,
    title: &str,
    chart: Option<&str>,
    head: &[String],
    rows: &[Vec<String>],
) {
    let chart = chart.map_or(String::new(), |c| format!(" · chart {c}"));
    println!("<!-- figures {region} · `{}`{chart} -->", command());
    println!("{title}:");
    println!();
    let mut widths: Vec<usize> = head.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(cell, &width)| format!("{cell:<width$}"))
            .collect();
        println!("| {} |", padded.join(" | "));
    };
    line(head);
    println!(
        "|{}|",
        widths
            .iter()
            .map(|w| "-".repeat(w + 2))
            .collect::<Vec<_>>()
            .join("|")
    );
    for row in rows {
        line(row);
    }
    println!("<!-- end figures {region} -->");
}

/// `a / b` as `0.45x`, or `-` when either is missing.
fn shown(a: Option<f64>, b: Option<f64>) -> String {
    match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => format!("{:.2}x", a / b),
        _ => "-".to_string(),
    }
}
