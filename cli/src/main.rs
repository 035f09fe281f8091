//! `dlx`: solves an exact-cover problem written in Knuth's DLX text format,
//! and writes such problems for polyomino and polycube puzzles.
//!
//! ```text
//! $ dlx library/instances/queens-8.dlx
//! solutions: 92  nodes: 975  updates: 16126  seconds: 0.000
//! $ dlx library/instances/wordsquare-4.dlx   # colors: DLX2's counts
//! $ dlx polyomino examples/pentomino-6x10.polyomino | dlx --first --draw
//! ```

mod draw;
mod parts;
mod tiling;

use std::io::{self, IsTerminal, Read, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand, ValueEnum};
use library::dlx::engine::{self, Asked, Engine};
use library::dlx::{parallel, text, Problem, Progress, Search, Stats};

/// Counts, finds or prints the solutions of an exact-cover problem in
/// Knuth's DLX text format (the input of his DLX1, DLX2 and DLX3 programs:
/// secondary items may take colors, `item:color`, and primary items
/// bounds, `lo:hi|item`).
///
/// By default every solution is counted and the last line reads
/// `solutions: N  nodes: N  updates: N  seconds: S`, with nodes and updates
/// counted as DLX1 counts them; for a file with colors as DLX2 counts them
/// and for one with bounds as DLX3 does, with their cleansings too
/// (`cleansings: N` before `seconds`).
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

    /// Which engine searches: `auto` picks Algorithm M for bounds, C for
    /// colors, and for other problems the bitset engine where it is
    /// measured faster (dense puzzles of up to a few thousand options),
    /// else dancing links; `links` and `bitset` force one (all walk the
    /// same tree).
    #[arg(long, value_name = "ENGINE", default_value = "auto")]
    engine: Which,

    /// The same as --engine bitset.
    #[arg(long, conflicts_with = "engine")]
    fast: bool,

    /// Report progress on stderr about once a second (solutions so far,
    /// nodes per second, estimated fraction of the tree explored). The
    /// default is to report when stderr is a terminal.
    #[arg(long, overrides_with = "no_progress")]
    progress: bool,

    /// Never report progress.
    #[arg(long)]
    no_progress: bool,

    /// Search on N threads (the tree cut into parts that the threads take
    /// in turn; nodes and updates are the sums, exactly the counts of one
    /// thread). The default is every core the machine has when counting,
    /// one thread when solutions are printed, drawn or limited; --threads
    /// 1 searches as one thread always did, solutions in the same order.
    /// With several threads printed solutions come whole, in any order.
    /// Problems with colors or bounds are searched on one thread.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
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
    /// Cut a problem's search into independent DLX files, one search per
    /// file, for a batch engine (GNU parallel, Slurm): `dlx split --parts
    /// 64 big.dlx --out parts && parallel dlx ::: parts/*.dlx | dlx sum`.
    ///
    /// Each file fixes the options chosen at the first levels of the
    /// search (its comments say which) and holds what is left; their
    /// solutions are disjoint and together are all. `dlx` on a part
    /// begins its closing line with `part: K/N` and counts the part's
    /// share of the levels above it, so that `dlx sum` gives exactly the
    /// counts of one search. Problems without colors or bounds only.
    Split {
        /// The problem; `-` or nothing reads standard input.
        file: Option<PathBuf>,
        /// At least this many parts, where the tree has them.
        #[arg(long, value_name = "N", default_value = "64", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        parts: u32,
        /// The folder to write part-0001.dlx, … into (created if needed).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
    /// Add up the closing lines of `dlx` runs (of the parts of `dlx
    /// split`, or any runs) read from the files, or from standard input;
    /// fail if a part's report is missing, repeated or malformed.
    Sum {
        /// Files holding the output of the runs; none reads standard input.
        files: Vec<PathBuf>,
    },
}

/// The `--engine` choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Which {
    Auto,
    Links,
    Bitset,
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
        Some(Command::Split { file, parts, out }) => {
            let (name, bytes) = read_input(file.as_ref())?;
            let written = parts::split(&name, bytes, *parts as usize, out)?;
            eprintln!("dlx split: {written} parts in {}", out.display());
            Ok(())
        }
        Some(Command::Sum { files }) => {
            println!("{}", parts::sum(&parts::read_reports(files)?)?);
            Ok(())
        }
        None => solve(args),
    }
}

/// `dlx polyomino` and `dlx polycube`: a description in, its DLX file out.
fn describe(kind: tiling::Kind, file: Option<&PathBuf>) -> Result<(), String> {
    let (name, bytes) = read_input(file)?;
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        let valid = &bytes[..e.valid_up_to()];
        let line = 1 + valid.iter().filter(|&&b| b == b'\n').count();
        let start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let column = 1 + String::from_utf8_lossy(&valid[start..]).chars().count();
        format!("{name}:{line}:{column}: a description is text (UTF-8); this byte is not")
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
    let part = parts::header(&name, &text)?;
    let instance = text::parse(text).map_err(|e| format!("{name}:{e}"))?;
    let layout = layout_for(args, &name, &instance)?;
    let asked = match (args.fast, args.engine) {
        (true, _) | (_, Which::Bitset) => Asked::Bitset,
        (_, Which::Links) => Asked::Links,
        (_, Which::Auto) => Asked::Auto,
    };
    let engine = Engine::asked(asked, &instance.problem).map_err(|e| format!("{name}: {e}"))?;
    let search = Solve { args, engine, part };
    if args.print || layout.is_some() {
        search.run(&instance.problem, Some(&instance), layout)
    } else {
        // Counting needs the problem only: the text and the places in it
        // go before the engine is built (45 bytes an option of a million).
        search.run(&instance.into_problem(), None, None)
    }
}

/// What to search with, once the file is read.
struct Solve<'a> {
    args: &'a Args,
    engine: Engine,
    part: Option<parts::Header>,
}

impl Solve<'_> {
    /// Searches `problem`, printing or drawing from `instance` (its text)
    /// if asked.
    fn run(
        self,
        problem: &Problem,
        instance: Option<&text::Instance>,
        layout: Option<draw::Layout>,
    ) -> Result<(), String> {
        let (args, engine, part) = (self.args, self.engine, self.part);
        let show_progress = args.progress || (!args.no_progress && io::stderr().is_terminal());
        let mut printer = Printer {
            args,
            instance,
            layout,
            colour: match args.color {
                When::Always => true,
                When::Never => false,
                When::Auto => io::stdout().is_terminal(),
            },
            limit: if args.first { Some(1) } else { args.limit },
            solutions: 0,
            svg: None,
            out: io::BufWriter::new(io::stdout()),
        };
        let start = Instant::now();
        let mut reporter = Reporter::new(start);
        let interval = if show_progress { 1 << 16 } else { u64::MAX };
        let (flow, stats) = if printer.limit == Some(0) {
            (ControlFlow::Continue(()), Stats::default())
        } else {
            let searching = Searching {
                threads: if engine.splits() {
                    threads_for(args)
                } else {
                    1
                },
                visit: |solution: &[usize]| printer.visit(solution),
                interval,
                report: |p: &Progress| reporter.report(p),
            };
            engine.run(problem, searching)
        };
        let seconds = start.elapsed().as_secs_f64();
        if let ControlFlow::Break(Some(e)) = flow {
            return Err(format!("cannot write a solution: {e}"));
        }
        reporter.finish();
        printer.finish(&engine, part, stats, seconds)
    }
}

/// How many threads to search on: `--threads`, or by default every core
/// to count and one to print, draw or stop early.
fn threads_for(args: &Args) -> usize {
    let counting =
        !(args.print || args.draw || args.svg.is_some() || args.first) && args.limit.is_none();
    match args.threads {
        Some(n) => n as usize,
        None if counting => std::thread::available_parallelism().map_or(1, |n| n.get()),
        None => 1,
    }
}

/// How to draw the solutions, if `--draw` or `--svg` asks for pictures.
fn layout_for(
    args: &Args,
    name: &str,
    instance: &text::Instance,
) -> Result<Option<draw::Layout>, String> {
    if !args.draw && args.svg.is_none() {
        return Ok(None);
    }
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
    Ok(Some(layout))
}

/// Writes what is asked of each solution found, and counts them.
struct Printer<'a> {
    args: &'a Args,
    /// The text, kept to print or draw solutions.
    instance: Option<&'a text::Instance>,
    layout: Option<draw::Layout>,
    colour: bool,
    limit: Option<u64>,
    solutions: u64,
    /// The first solution's picture, for `--svg`.
    svg: Option<String>,
    out: io::BufWriter<io::Stdout>,
}

impl Printer<'_> {
    /// One solution: breaks with the write error, if any, or with `None`
    /// at the limit.
    fn visit(&mut self, solution: &[usize]) -> ControlFlow<Option<io::Error>> {
        self.solutions += 1;
        let mut lines = Vec::new();
        let instance = self.instance;
        if let Some(instance) = instance.filter(|_| self.args.print) {
            // The option lines as they were read, bytes, colors and all.
            for &k in solution {
                lines.extend_from_slice(instance.option_bytes(k));
                lines.push(b'\n');
            }
            lines.push(b'\n');
        }
        if let (Some(layout), Some(instance)) = (&self.layout, instance) {
            let options: Vec<String> = solution.iter().map(|&k| instance.option_text(k)).collect();
            let options: Vec<&str> = options.iter().map(String::as_str).collect();
            let picture = layout.picture(&options);
            if self.args.draw {
                lines.extend_from_slice(picture.text(self.colour).as_bytes());
                lines.push(b'\n');
            }
            if self.args.svg.is_some() && self.svg.is_none() {
                self.svg = picture.svg();
            }
        }
        if !lines.is_empty() {
            if let Err(e) = self.out.write_all(&lines) {
                return ControlFlow::Break(Some(e));
            }
        }
        match self.limit {
            Some(limit) if self.solutions >= limit => ControlFlow::Break(None),
            _ => ControlFlow::Continue(()),
        }
    }

    /// The closing line (for a part of `dlx split`, its number first and
    /// its share of the levels above it counted in), and the picture for
    /// `--svg`.
    fn finish(
        mut self,
        engine: &Engine,
        part: Option<parts::Header>,
        mut stats: Stats,
        seconds: f64,
    ) -> Result<(), String> {
        let mut tag = String::new();
        if let Some(part) = part {
            tag = format!("part: {}/{}  ", part.number, part.of);
            self.solutions += part.solved;
            stats.nodes += part.above.nodes;
            stats.updates += part.above.updates;
        }
        let cleansings = match engine.counts_cleansings() {
            true => format!("cleansings: {}  ", stats.cleansings),
            false => String::new(),
        };
        writeln!(
            self.out,
            "{tag}solutions: {}  nodes: {}  updates: {}  {cleansings}seconds: {seconds:.3}",
            self.solutions, stats.nodes, stats.updates
        )
        .and_then(|()| self.out.flush())
        .map_err(|e| format!("cannot write the result: {e}"))?;
        if let Some(path) = &self.args.svg {
            let svg = self.svg.take().ok_or_else(|| {
                format!(
                    "no solution found, so no picture written to {}",
                    path.display()
                )
            })?;
            std::fs::write(path, svg).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(())
    }
}

/// Runs an engine on one thread or several, as `threads` says (Algorithm
/// X's engines only: C and M search on one), giving what the search broke
/// with and its statistics.
struct Searching<F, R> {
    threads: usize,
    visit: F,
    interval: u64,
    report: R,
}

impl<F, R> engine::Run for Searching<F, R>
where
    F: FnMut(&[usize]) -> ControlFlow<Option<io::Error>> + Send,
    R: FnMut(&Progress) + Send,
{
    type Output = (ControlFlow<Option<io::Error>>, Stats);

    fn run<S: Search>(self, problem: &Problem) -> Self::Output {
        if self.threads > 1 {
            return parallel::search_parallel::<S, _, _, _>(
                problem,
                self.threads,
                self.visit,
                self.interval,
                self.report,
            );
        }
        let mut solver = S::new(problem);
        let flow = solver.search_with_progress(self.visit, self.interval, self.report);
        (flow, solver.stats())
    }
}

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
