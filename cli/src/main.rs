//! `dlx`: solves an exact-cover problem written in Knuth's DLX text format.
//!
//! ```text
//! $ dlx library/instances/queens-8.dlx
//! solutions: 92  nodes: 975  updates: 16126  seconds: 0.000
//! ```

use std::io::{self, IsTerminal, Read, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use library::dlx::{
    bitset, text, Links, Listed, Problem, Progress, Search, Solver, Stats, SCAN_LIMIT,
};

/// Counts, finds or prints the solutions of an exact-cover problem in
/// Knuth's DLX text format (the input of his DLX1 program).
///
/// By default every solution is counted and the last line reads
/// `solutions: N  nodes: N  updates: N  seconds: S`, with nodes and updates
/// counted as DLX1 counts them.
#[derive(Parser, Debug)]
#[command(name = "dlx", version)]
struct Args {
    /// The problem file; `-` or nothing reads standard input.
    file: Option<PathBuf>,

    /// Stop after the first solution.
    #[arg(short, long, conflicts_with = "limit")]
    first: bool,

    /// Stop after K solutions.
    #[arg(short = 'n', long, value_name = "K")]
    limit: Option<u64>,

    /// Print every solution found: its option lines, then an empty line.
    #[arg(short, long)]
    print: bool,

    /// Search with compatibility bitsets: the same tree and solutions,
    /// faster on puzzles with up to a few thousand options.
    #[arg(long)]
    fast: bool,

    /// Report progress on stderr about once a second (solutions so far,
    /// nodes per second, estimated fraction of the tree explored). The
    /// default is to report when stderr is a terminal.
    #[arg(long, overrides_with = "no_progress")]
    progress: bool,

    /// Never report progress.
    #[arg(long)]
    no_progress: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("dlx: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), String> {
    let (name, text) = read_input(args.file.as_ref())?;
    let instance = text::parse(text).map_err(|e| format!("{name}:{e}"))?;
    let limit = if args.first { Some(1) } else { args.limit };
    let show_progress = args.progress || (!args.no_progress && io::stderr().is_terminal());

    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut solutions = 0u64;
    // Breaks with the write error, if any; a limit reached breaks with None.
    let mut visit = |solution: &[usize]| {
        solutions += 1;
        if args.print {
            // The option lines as they were read, bytes and all.
            let mut lines = Vec::new();
            for &k in solution {
                lines.extend_from_slice(instance.option_bytes(k));
                lines.push(b'\n');
            }
            lines.push(b'\n');
            if let Err(e) = out.write_all(&lines) {
                return ControlFlow::Break(Some(e));
            }
        }
        if limit.is_some_and(|limit| solutions >= limit) {
            ControlFlow::Break(None)
        } else {
            ControlFlow::Continue(())
        }
    };

    let start = Instant::now();
    let mut reporter = Reporter::new(start);
    let interval = if show_progress { 1 << 16 } else { u64::MAX };
    let mut report = |p: &Progress| reporter.report(p);
    let (flow, stats) = if limit == Some(0) {
        (ControlFlow::Continue(()), Stats::default())
    } else if args.fast {
        let bytes = bitset::Solver::memory(&instance.problem);
        if bytes > FAST_MEMORY_LIMIT {
            return Err(format!(
                "{name}: --fast would need about {} MiB for this problem (items × options bits); \
                 run without --fast (dancing links need only the input's size)",
                bytes >> 20
            ));
        }
        search::<bitset::Solver, _, _>(&instance.problem, &mut visit, interval, &mut report)
    } else if instance.problem.primary() > SCAN_LIMIT {
        search::<Links<Listed>, _, _>(&instance.problem, &mut visit, interval, &mut report)
    } else {
        search::<Solver, _, _>(&instance.problem, &mut visit, interval, &mut report)
    };
    let seconds = start.elapsed().as_secs_f64();
    if let ControlFlow::Break(Some(e)) = flow {
        return Err(format!("cannot write a solution: {e}"));
    }
    reporter.finish();
    writeln!(
        out,
        "solutions: {solutions}  nodes: {}  updates: {}  seconds: {seconds:.3}",
        stats.nodes, stats.updates
    )
    .and_then(|()| out.flush())
    .map_err(|e| format!("cannot write the result: {e}"))
}

/// Runs engine `S` on `problem`: what the search broke with, and its
/// statistics.
fn search<S, F, R>(
    problem: &Problem,
    visit: F,
    interval: u64,
    report: R,
) -> (ControlFlow<Option<io::Error>>, Stats)
where
    S: Search,
    F: FnMut(&[usize]) -> ControlFlow<Option<io::Error>>,
    R: FnMut(&Progress),
{
    let mut solver = S::new(problem);
    let flow = solver.search_with_progress(visit, interval, report);
    (flow, solver.stats())
}

/// The bitset engine's tables grow with items × options; past this it is
/// the wrong engine (and would exhaust memory).
const FAST_MEMORY_LIMIT: u64 = 1 << 30;

/// The input's name and bytes: DLX files need not be UTF-8.
fn read_input(file: Option<&PathBuf>) -> Result<(String, Vec<u8>), String> {
    match file {
        Some(path) if path.as_os_str() != "-" => {
            let name = path.display().to_string();
            let text = std::fs::read(path).map_err(|e| format!("{name}: {e}"))?;
            Ok((name, text))
        }
        _ => {
            let mut text = Vec::new();
            io::stdin()
                .read_to_end(&mut text)
                .map_err(|e| format!("<stdin>: {e}"))?;
            Ok(("<stdin>".to_string(), text))
        }
    }
}

/// Progress lines on stderr, at most about one a second.
struct Reporter {
    start: Instant,
    last: Instant,
    last_nodes: u64,
    printed: bool,
}

impl Reporter {
    fn new(start: Instant) -> Reporter {
        Reporter {
            start,
            last: start,
            last_nodes: 0,
            printed: false,
        }
    }

    fn report(&mut self, progress: &Progress) {
        let now = Instant::now();
        let since = now - self.last;
        if since < Duration::from_secs(1) {
            return;
        }
        let rate = (progress.stats.nodes - self.last_nodes) as f64 / since.as_secs_f64();
        eprintln!(
            "{:>8.1}s  nodes: {}  ({:.2e}/s)  explored: {:.4}%",
            (now - self.start).as_secs_f64(),
            progress.stats.nodes,
            rate,
            progress.explored * 100.0
        );
        self.last = now;
        self.last_nodes = progress.stats.nodes;
        self.printed = true;
    }

    fn finish(&self) {
        if self.printed {
            eprintln!("{:>8.1}s  done", self.start.elapsed().as_secs_f64());
        }
    }
}
