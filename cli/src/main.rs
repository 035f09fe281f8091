//! `dlx`: solves an exact-cover problem written in Knuth's DLX text format,
//! and writes such problems for polyomino and polycube puzzles.
//!
//! ```text
//! $ dlx library/instances/queens-8.dlx
//! solutions: 92  nodes: 975  updates: 16126  seconds: 0.000
//! $ dlx polyomino examples/pentomino-6x10.polyomino | dlx --first --draw
//! ```

mod draw;
mod tiling;

use std::io::{self, IsTerminal, Read, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand, ValueEnum};
use library::dlx::{
    bitset, text, Links, Listed, Problem, Progress, Search, Solver, Stats, SCAN_LIMIT,
};

/// Counts, finds or prints the solutions of an exact-cover problem in
/// Knuth's DLX text format (the input of his DLX1 program).
///
/// By default every solution is counted and the last line reads
/// `solutions: N  nodes: N  updates: N  seconds: S`, with nodes and updates
/// counted as DLX1 counts them.
///
/// The subcommands `polyomino` and `polycube` write the DLX file of a
/// tiling puzzle described in the format of Knuth's polyomino-dlx and
/// polycube-dlx; pipe it into `dlx --draw` to see solutions as boards.
#[derive(Parser, Debug)]
#[command(
    name = "dlx",
    version,
    args_conflicts_with_subcommands = true,
    disable_help_subcommand = true
)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,

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

    /// Draw every solution found as a picture of the board, one character
    /// per piece (layers side by side in 3D), then an empty line. The
    /// cells must be items named by their coordinates, as `dlx polyomino`
    /// and `dlx polycube` name them (`0a`, `123`) or as `3_7`.
    #[arg(short, long)]
    draw: bool,

    /// Write the first solution found to FILE as an SVG picture (2D
    /// boards; cells named as for --draw).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,

    /// Colour the pieces drawn by --draw: auto (when standard output is
    /// a terminal), always or never.
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    color: When,

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

#[derive(Subcommand, Debug)]
enum Command {
    /// Write the DLX file of a polyomino puzzle, as Knuth's polyomino-dlx
    /// does.
    ///
    /// A board line, then a line per piece: `[0-5][0-9]`, then
    /// `F 01 02 10 11 21`, ... Coordinates are radix-62 digits 0-9a-zA-Z
    /// or sets like [0-5]; a suffix (`00!`) makes a secondary item; `2|Z`
    /// gives a multiplicity; `*:T` (ours) lets T be used any number of
    /// times; lines starting with `|` are comments. The item line and the
    /// options are polyomino-dlx's, in its order. See cli/README.md.
    Polyomino {
        /// The description; `-` or nothing reads standard input.
        file: Option<PathBuf>,
    },
    /// Write the DLX file of a polycube puzzle, as Knuth's polycube-dlx
    /// does.
    ///
    /// As for polyomino, with three coordinates per cell, no suffixes, and
    /// multiplicities written `2*Z`; `*:T` lets T be used any number of
    /// times. The item line and the options are polycube-dlx's, in its
    /// order. See cli/README.md.
    Polycube {
        /// The description; `-` or nothing reads standard input.
        file: Option<PathBuf>,
    },
}

/// When to colour the drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum When {
    Auto,
    Always,
    Never,
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
    match &args.command {
        Some(Command::Polyomino { file }) => describe(tiling::Kind::Polyomino, file.as_ref()),
        Some(Command::Polycube { file }) => describe(tiling::Kind::Polycube, file.as_ref()),
        None => solve(args),
    }
}

/// `dlx polyomino` and `dlx polycube`: a description in, its DLX file out.
fn describe(kind: tiling::Kind, file: Option<&PathBuf>) -> Result<(), String> {
    let (name, bytes) = read_input(file)?;
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        let line = 1 + bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        format!("{name}:{line}: a description is text (UTF-8); this byte is not")
    })?;
    let generated = tiling::generate(kind, text).map_err(|e| format!("{name}:{e}"))?;
    for warning in &generated.warnings {
        eprintln!("dlx {}: warning: {warning}", kind.name());
    }
    eprintln!("dlx {}: {}", kind.name(), generated.summary);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    out.write_all(generated.dlx.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| format!("cannot write the DLX file: {e}"))
}

/// Solves a DLX file: counts, prints or draws its solutions.
fn solve(args: &Args) -> Result<(), String> {
    let (name, text) = read_input(args.file.as_ref())?;
    let instance = text::parse(text).map_err(|e| format!("{name}:{e}"))?;
    let layout = if args.draw || args.svg.is_some() {
        let names: Vec<String> = (0..instance.items())
            .map(|i| instance.item_name(i))
            .collect();
        let layout = draw::Layout::new(&names, instance.problem.primary()).ok_or_else(|| {
            format!(
                "{name}: cannot draw: no primary item is named like a cell \
                 (two or three radix-62 digits such as 0a, or numbers such as 3_7)"
            )
        })?;
        if args.svg.is_some() && layout.dimensions != 2 {
            return Err(format!(
                "{name}: --svg draws 2D boards, and this one has {} coordinates (use --draw)",
                layout.dimensions
            ));
        }
        Some(layout)
    } else {
        None
    };
    let colour = match args.color {
        When::Always => true,
        When::Never => false,
        When::Auto => io::stdout().is_terminal(),
    };
    let mut svg = None;
    let limit = if args.first { Some(1) } else { args.limit };
    let show_progress = args.progress || (!args.no_progress && io::stderr().is_terminal());

    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut solutions = 0u64;
    // Breaks with the write error, if any; a limit reached breaks with None.
    let mut visit = |solution: &[usize]| {
        solutions += 1;
        let mut lines = Vec::new();
        if args.print {
            // The option lines as they were read, bytes and all.
            for &k in solution {
                lines.extend_from_slice(instance.option_bytes(k));
                lines.push(b'\n');
            }
            lines.push(b'\n');
        }
        if let Some(layout) = &layout {
            let options: Vec<String> = solution.iter().map(|&k| instance.option_text(k)).collect();
            let options: Vec<&str> = options.iter().map(String::as_str).collect();
            let picture = layout.picture(&options);
            if args.draw {
                lines.extend_from_slice(picture.text(colour).as_bytes());
                lines.push(b'\n');
            }
            if args.svg.is_some() && svg.is_none() {
                svg = picture.svg();
            }
        }
        if !lines.is_empty() {
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
    .map_err(|e| format!("cannot write the result: {e}"))?;
    if let Some(path) = &args.svg {
        let svg = svg.ok_or_else(|| {
            format!(
                "no solution found, so no picture written to {}",
                path.display()
            )
        })?;
        std::fs::write(path, svg).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
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
