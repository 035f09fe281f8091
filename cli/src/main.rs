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
use library::dlx::{bitset, text, Progress, Solver, Stats};

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
    let instance = text::parse(&text).map_err(|e| format!("{name}:{e}"))?;
    let limit = if args.first { Some(1) } else { args.limit };
    let show_progress = args.progress || (!args.no_progress && io::stderr().is_terminal());

    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut solutions = 0u64;
    let mut write_error = None;
    let mut visit = |solution: &[usize]| {
        solutions += 1;
        if args.print {
            let mut lines = String::new();
            for &k in solution {
                lines.push_str(instance.option_text(k));
                lines.push('\n');
            }
            lines.push('\n');
            if let Err(e) = out.write_all(lines.as_bytes()) {
                write_error = Some(e);
                return ControlFlow::Break(());
            }
        }
        if limit.is_some_and(|limit| solutions >= limit) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };

    let start = Instant::now();
    let mut reporter = Reporter::new(start);
    let interval = if show_progress { 1 << 16 } else { u64::MAX };
    let stats = if limit == Some(0) {
        Stats::default()
    } else if args.fast {
        let mut solver = bitset::Solver::new(&instance.problem);
        let _ = solver.search_with_progress(&mut visit, interval, |p| reporter.report(p));
        solver.stats()
    } else {
        let mut solver = Solver::new(&instance.problem);
        let _ = solver.search_with_progress(&mut visit, interval, |p| reporter.report(p));
        solver.stats()
    };
    let seconds = start.elapsed().as_secs_f64();
    if let Some(e) = write_error {
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

fn read_input(file: Option<&PathBuf>) -> Result<(String, String), String> {
    match file {
        Some(path) if path.as_os_str() != "-" => {
            let name = path.display().to_string();
            let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
            Ok((name, text))
        }
        _ => {
            let mut text = String::new();
            io::stdin()
                .read_to_string(&mut text)
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
