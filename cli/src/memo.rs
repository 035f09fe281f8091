//! `dlx` counting by memo (`library::dlx::memo`): forced by `--memo` or
//! `--zdd`, tried by a plain count, or not at all.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::time::Instant;

use library::dlx::memo::{self, Config, Counter, MemoStats, Snapshot, Stop, Trial};
use library::dlx::parts::Algorithm;
use library::dlx::{engine::Asked, Problem, Stats};

use crate::args::Args;
use crate::closing::{Closing, Lead};
use crate::error::Error;
use crate::parts::Header;
use crate::progress::Reporter;

/// Whether and how a run counts by memo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Search.
    Never,
    /// A [`Trial`], then the search if the memo does not pay.
    Trial,
    /// `--memo` or `--zdd`.
    Forced,
}

/// The plan for `problem` (named `name`; `part`: its header if it is a
/// part of `dlx split`), or why the memo asked for cannot count it.
pub fn plan(
    args: &Args,
    name: &str,
    problem: &Problem,
    part: Option<&Header>,
) -> Result<Plan, Error> {
    let bounded = problem.has_bounds() || part.is_some_and(|p| p.algorithm == Algorithm::M);
    if args.memo_forced() {
        if bounded {
            return Err(Error::refused(
                name,
                "the memo counts problems without bounds (Algorithm M takes an item's \
                 options one after another, so a subproblem is more than the items left); \
                 count it without --memo or --zdd",
            ));
        }
        return Ok(Plan::Forced);
    }
    // A part of `dlx split` is searched unless the memo is forced: the
    // sum of the parts' nodes and updates must be one tree's.
    let tried = args.counting()
        && part.is_none()
        && !args.no_memo
        && args.asked() == Asked::Auto
        && !bounded
        && memo::tried(problem);
    Ok(if tried { Plan::Trial } else { Plan::Never })
}

/// Counts `problem` by memo as `plan` says and prints the closing line;
/// false if the trial found that the memo does not pay (nothing printed).
pub fn count(
    args: &Args,
    name: &str,
    problem: &Problem,
    part: Option<Header>,
    plan: Plan,
    reporter: &mut Reporter<'_>,
) -> Result<bool, Error> {
    let config = Config {
        order: args.memo_order.order(),
        cap: args.memo_cap,
    };
    let start = Instant::now();
    let threads = args.threads.map_or(1, |n| n as usize);
    let interval = if reporter.on() { 1 << 14 } else { u64::MAX };
    let result = if let Some(path) = &args.zdd {
        zdd(problem, config, path)
    } else if plan == Plan::Forced && threads > 1 {
        memo::count_on_threads(problem, threads, config).map(Some)
    } else {
        let mut counter = Counter::with_config(problem, config);
        let count = match plan {
            Plan::Trial => {
                let mut trial = Trial::new(problem);
                let result = counter.count_with(Trial::INTERVAL, |s| {
                    reporter.memo(s);
                    trial.check(s)
                });
                trial.verdict(result, counter.stats().nodes)
            }
            _ => counter
                .count_with(interval, |s: &Snapshot| {
                    reporter.memo(s);
                    ControlFlow::Continue(())
                })
                .map(Some),
        };
        count.map(|c| c.map(|c| (c, counter.stats(), counter.memo_stats())))
    };
    let (count, stats, memo) = match result.map_err(|stop| stopped(name, stop))? {
        Some(counted) => counted,
        None => return Ok(false),
    };
    reporter.finish(&[]);
    if memo.evictions > 0 {
        eprintln!(
            "dlx: {name}: the memo's table reached its cap ({} bytes): {} counts were \
             forgotten, and counted again where they came back (--memo-cap raises it)",
            args.memo_cap, memo.evictions
        );
    }
    closing(
        problem,
        part,
        count,
        stats,
        memo,
        start.elapsed().as_secs_f64(),
    )
}

/// Counts by memo, writing the ZDD to the file at `path`.
fn zdd(
    problem: &Problem,
    config: Config,
    path: &std::path::Path,
) -> Result<Option<(u128, Stats, MemoStats)>, Stop> {
    let file = std::fs::File::create(path).map_err(Stop::Write)?;
    let mut out = io::BufWriter::new(file);
    let mut counter = Counter::with_config(problem, config);
    let count = counter.count_zdd(&mut out)?;
    out.flush().map_err(Stop::Write)?;
    Ok(Some((count, counter.stats(), counter.memo_stats())))
}

/// A stopped count as `dlx`'s error.
fn stopped(name: &str, stop: Stop) -> Error {
    match stop {
        Stop::Write(source) => Error::Write {
            what: "the ZDD".to_string(),
            source,
        },
        Stop::Overflow => Error::refused(
            name,
            "the count passed 2^128 - 1 = 340282366920938463463374607431768211455, \
             the most the memo counts (nothing printed rather than a wrong number)",
        ),
        other => Error::refused(name, other.to_string()),
    }
}

/// Prints the closing line of a count by memo.
fn closing(
    problem: &Problem,
    part: Option<Header>,
    count: u128,
    mut stats: Stats,
    memo: MemoStats,
    seconds: f64,
) -> Result<bool, Error> {
    let mut closing = Closing {
        lead: Lead::Whole,
        solutions: count,
        stats,
        cleansings: problem.has_colors(),
        memos: Some(memo.memos),
        seconds,
    };
    if let Some(part) = part {
        closing.lead = Lead::Part(part.number, part.of);
        closing.solutions += u128::from(part.solved);
        stats.nodes += part.above.nodes;
        stats.updates += part.above.updates;
        stats.cleansings += part.above.cleansings;
        closing.stats = stats;
        closing.cleansings |= part.algorithm.counts_cleansings();
    }
    let mut out = io::stdout().lock();
    writeln!(out, "{closing}")
        .and_then(|()| out.flush())
        .map_err(Error::write("the result"))?;
    Ok(true)
}
