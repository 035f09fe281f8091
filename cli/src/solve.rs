//! `dlx FILE`: reads a DLX file, picks the engine, searches, and hands
//! each solution to the [`Printer`].

use std::io::{self, IsTerminal};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use library::dlx::engine::{self, Engine};
use library::dlx::parallel::{self, Share};
use library::dlx::{text, Problem, Progress, Search, Stats};

use crate::args::{Args, When};
use crate::cost;
use crate::draw;
use crate::error::Error;
use crate::memo;
use crate::parts;
use crate::print::Printer;
use crate::progress::Reporter;

/// Solves the DLX file `name` (its bytes `text`): counts, prints or draws
/// its solutions.
pub fn solve(args: &Args, name: &str, text: Vec<u8>) -> Result<(), Error> {
    let part = parts::header(name, &text)?;
    let instance = text::parse(text).map_err(|source| Error::Text {
        name: name.to_string(),
        source,
    })?;
    let layout = layout_for(args, name, &instance)?;
    let engine = engine_for(args, name, &instance.problem, part.as_ref())?;
    if engine == Engine::Cost {
        return cost::solve(args, name, &instance, layout);
    }
    if args.best.is_some() {
        return Err(Error::refused(
            name,
            "--best asks for the cheapest solutions, and no option has a cost \
             (`|n` after its items)",
        ));
    }
    let memo = memo::plan(args, name, &instance.problem, part.as_ref())?;
    let search = Solve {
        args,
        name,
        engine,
        threads: threads_for(args, name, &engine),
        part,
        memo,
    };
    if args.print || layout.is_some() {
        search.run(&instance.problem, Some(&instance), layout)
    } else {
        // Counting needs the problem only: the text and the places in it
        // go before the engine is built (45 bytes an option of a million).
        search.run(&instance.into_problem(), None, None)
    }
}

/// The engine `--engine` asks for; for a part of `dlx split`, the one
/// the library's policy gives the tree it was cut from.
fn engine_for(
    args: &Args,
    name: &str,
    problem: &Problem,
    part: Option<&parts::Header>,
) -> Result<Engine, Error> {
    if part.is_some() && problem.has_costs() {
        return Err(Error::refused(name, parts::COSTS_UNCUT));
    }
    let engine = match part {
        Some(part) => Engine::for_part(args.asked(), problem, part.algorithm),
        None => Engine::asked(args.asked(), problem),
    };
    engine.map_err(|source| Error::Engine {
        name: name.to_string(),
        source,
    })
}

/// What to search with, once the file is read.
struct Solve<'a> {
    args: &'a Args,
    name: &'a str,
    engine: Engine,
    threads: usize,
    part: Option<parts::Header>,
    memo: memo::Plan,
}

impl Solve<'_> {
    /// Searches `problem`, printing or drawing from `instance` (its text)
    /// if asked.
    fn run(
        self,
        problem: &Problem,
        instance: Option<&text::Instance>,
        layout: Option<draw::Layout>,
    ) -> Result<(), Error> {
        let args = self.args;
        let show_progress = args.progress || (!args.no_progress && io::stderr().is_terminal());
        let solutions = AtomicU64::new(0);
        let mut printer = Printer {
            args,
            instance,
            layout,
            options: args.print,
            colour: match args.color {
                When::Always => true,
                When::Never => false,
                When::Auto => io::stdout().is_terminal(),
            },
            limit: if args.first { Some(1) } else { args.limit },
            solutions: &solutions,
            svg: None,
            out: io::BufWriter::new(io::stdout()),
        };
        let start = Instant::now();
        let mut reporter = Reporter::new(show_progress, start, &solutions);
        if self.memo != memo::Plan::Never {
            let (name, part) = (self.name, self.part);
            if memo::count(args, name, problem, part, self.memo, &mut reporter)? {
                return Ok(());
            }
        }
        let interval = if show_progress { 1 << 16 } else { u64::MAX };
        let (flow, stats, shares) = if printer.limit == Some(0) {
            (ControlFlow::Continue(()), Stats::default(), Vec::new())
        } else if args.counting() {
            let (count, stats, shares) = self.count(problem, interval, &solutions, &mut reporter);
            solutions.store(count, Ordering::Relaxed);
            (ControlFlow::Continue(()), stats, shares)
        } else {
            let searching = Searching {
                threads: self.threads,
                visit: |solution: &[usize]| printer.visit(solution),
                interval,
                report: |p: &Progress| reporter.report(p),
            };
            self.engine.run(problem, searching)
        };
        let seconds = start.elapsed().as_secs_f64();
        if let ControlFlow::Break(Some(e)) = flow {
            return Err(Error::write("a solution")(e));
        }
        reporter.finish(&shares);
        printer.finish(&self.engine, self.part, stats, seconds)
    }

    /// Counts the solutions of `problem` when nothing is asked of each one:
    /// the engines count without naming the options (most of the time
    /// where most nodes are solutions). The progress lines get the count
    /// so far through `solutions`.
    fn count(
        &self,
        problem: &Problem,
        interval: u64,
        solutions: &AtomicU64,
        reporter: &mut Reporter<'_>,
    ) -> (u64, Stats, Vec<Share>) {
        let counting = Counting {
            threads: self.threads,
            interval,
            report: |p: &Progress, found: u64| {
                solutions.store(found, Ordering::Relaxed);
                reporter.report(p)
            },
        };
        self.engine.run(problem, counting)
    }
}

/// How many threads to search on: `--threads`, or by default every core
/// to count and one to print, draw or stop early; one for dancing cells,
/// whose tree is not cut into parts (said on stderr if more were asked).
fn threads_for(args: &Args, name: &str, engine: &Engine) -> usize {
    let asked = match args.threads {
        Some(n) => n as usize,
        None if args.counting() => std::thread::available_parallelism().map_or(1, |n| n.get()),
        None => 1,
    };
    if asked > 1 && !engine.walks_dlx_tree() {
        if args.threads.is_some() {
            eprintln!("dlx: {name}: searching on 1 thread, not {asked}: dancing cells' tree is not cut into parts");
        }
        return 1;
    }
    asked
}

/// Runs an engine on one thread or several, giving what the search broke
/// with, its statistics and each thread's share (none for one thread).
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
    type Output = (ControlFlow<Option<io::Error>>, Stats, Vec<Share>);

    fn run<S: Search>(self, problem: &Problem) -> Self::Output {
        if self.threads > 1 {
            let run = parallel::search_parallel::<S, _, _, _>(
                problem,
                self.threads,
                self.visit,
                self.interval,
                self.report,
            );
            return (run.value, run.stats, run.shares);
        }
        let mut solver = S::new(problem);
        let flow = solver.search_with_progress(self.visit, self.interval, self.report);
        (flow, solver.stats(), Vec::new())
    }
}

/// Counts with an engine on one thread or several, giving the count, the
/// statistics and each thread's share; `report` gets the solutions so far with each snapshot.
struct Counting<R> {
    threads: usize,
    interval: u64,
    report: R,
}

impl<R> engine::Run for Counting<R>
where
    R: FnMut(&Progress, u64) + Send,
{
    type Output = (u64, Stats, Vec<Share>);

    fn run<S: Search>(self, problem: &Problem) -> Self::Output {
        if self.threads > 1 {
            let run =
                parallel::count_parallel::<S, _>(problem, self.threads, self.interval, self.report);
            return (run.value, run.stats, run.shares);
        }
        let mut solver = S::new(problem);
        let count = solver.count_with_progress(self.interval, self.report);
        (count, solver.stats(), Vec::new())
    }
}

/// How to draw the solutions, if `--draw` or `--svg` asks for pictures.
fn layout_for(
    args: &Args,
    name: &str,
    instance: &text::Instance,
) -> Result<Option<draw::Layout>, Error> {
    if !args.draw && args.svg.is_none() {
        return Ok(None);
    }
    let names: Vec<String> = (0..instance.items())
        .map(|i| instance.item_name(i))
        .collect();
    let layout = draw::Layout::new(&names, instance.problem.primary()).ok_or_else(|| {
        Error::refused(
            name,
            "cannot draw: no primary item is named like a cell \
             (two or three radix-62 digits such as 0a, or numbers such as 3_7)",
        )
    })?;
    let texts: Vec<String> = (0..instance.problem.options())
        .map(|k| instance.option_text(k))
        .collect();
    if let Some(k) = layout.scattered(texts.iter().map(String::as_str)) {
        return Err(Error::refused(
            format!("{name}:{}", instance.option_line(k)),
            format!(
                "cannot draw: the cells of option `{}` do not touch one another, so \
                 its items are not cells of a board (pieces are connected)",
                shorten(&texts[k])
            ),
        ));
    }
    if args.svg.is_some() && layout.dimensions != 2 {
        return Err(Error::refused(
            name,
            format!(
                "--svg draws 2D boards, and this one has {} coordinates (use --draw)",
                layout.dimensions
            ),
        ));
    }
    Ok(Some(layout))
}

/// An option's text for a message: at most 60 characters, then `…`.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}
