//! `dlx FILE` on a file with costs: DLX5's search for the cheapest
//! solutions (`--best K` of them), written cheapest first, each after a
//! `cost: N` line, then the closing line with DLX5's counts.

use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use library::dlx::cost::{Cheapest, Solver};
use library::dlx::engine::Engine;
use library::dlx::{text, Problem, Search};

use crate::args::{Args, When};
use crate::draw;
use crate::error::Error;
use crate::print::Printer;
use crate::progress::Reporter;

/// Searches `instance` (read from `name`) for its cheapest solutions and
/// writes them, drawn too where `layout` says.
pub fn solve(
    args: &Args,
    name: &str,
    instance: &text::Instance,
    layout: Option<draw::Layout>,
) -> Result<(), Error> {
    if args.memo_forced() {
        return Err(Error::refused(
            name,
            "options have costs: the memo counts solutions, it does not look \
             for the cheapest (run without --memo or --zdd)",
        ));
    }
    if args.threads.is_some_and(|n| n > 1) {
        eprintln!("dlx: {name}: searching on 1 thread: DLX5's cutoff is learnt along one search");
    }
    let show_progress = args.progress || (!args.no_progress && io::stderr().is_terminal());
    let found = AtomicU64::new(0);
    let mut printer = Printer {
        args,
        options: true,
        instance: Some(instance),
        layout,
        colour: match args.color {
            When::Always => true,
            When::Never => false,
            When::Auto => io::stdout().is_terminal(),
        },
        limit: if args.first { Some(1) } else { args.limit },
        solutions: &found,
        svg: None,
        out: io::BufWriter::new(io::stdout()),
    };
    let start = Instant::now();
    let mut reporter = Reporter::new(show_progress, start, &found);
    let wanted = args.best.map_or(1, |k| k as usize);
    let mut solver = Solver::with_best(&instance.problem, wanted);
    solver.set_bound(args.bound.bound());
    let (flow, kept) = search(&mut solver, &mut printer, &mut reporter, wanted);
    let seconds = start.elapsed().as_secs_f64();
    reporter.finish(&[]);
    let mut written = match flow {
        ControlFlow::Break(Some(e)) => Err(e),
        _ => Ok(()),
    };
    if !args.print {
        for (cost, solution) in kept.into_sorted() {
            written = written.and_then(|()| write(&mut printer, cost, &solution));
        }
    }
    written.map_err(Error::write("a solution"))?;
    printer.finish(&Engine::Cost, None, solver.stats(), seconds)
}

/// Runs the search: every solution found counted, written at once with
/// `--print`, and the cheapest `wanted` kept; stops at `--first` or `-n`.
fn search(
    solver: &mut Solver,
    printer: &mut Printer<'_>,
    reporter: &mut Reporter<'_>,
    wanted: usize,
) -> (ControlFlow<Option<io::Error>>, Cheapest) {
    let problem: &Problem = &printer.instance.expect("the text is kept").problem;
    let interval = if reporter.on() { 1 << 16 } else { u64::MAX };
    let mut kept = Cheapest::new(wanted);
    let flow = solver.search_with_progress(
        |solution| {
            let found = printer.solutions.fetch_add(1, Ordering::Relaxed) + 1;
            let cost = solution.iter().map(|&k| problem.cost(k)).sum();
            if printer.args.print {
                if let Err(e) = write(printer, cost, solution) {
                    return ControlFlow::Break(Some(e));
                }
            }
            kept.offer(cost, solution);
            match printer.limit {
                Some(limit) if found >= limit => ControlFlow::Break(None),
                _ => ControlFlow::Continue(()),
            }
        },
        interval,
        |progress| reporter.report(progress),
    );
    (flow, kept)
}

/// Writes one solution: `cost: N`, then its option lines (and picture).
fn write(printer: &mut Printer<'_>, cost: u64, solution: &[usize]) -> io::Result<()> {
    let lines = printer.lines(solution);
    writeln!(printer.out, "cost: {cost}")?;
    printer.out.write_all(&lines)
}
