//! The memo on several threads: the tree cut into parts
//! ([`crate::dlx::parts`]), each thread counting parts with a counter of
//! its own on the whole problem ([`Counter::count_below`]), so that the
//! parts a thread takes share its table.
//!
//! ```
//! use library::dlx::memo::{count_on_threads, Config};
//! use library::dlx::Problem;
//!
//! // Perfect matchings of the complete graph on 10 vertices: 9!! = 945.
//! let mut problem = Problem::new(10, 0);
//! for a in 0..10 {
//!     for b in a + 1..10 {
//!         problem.add_option(&[a, b])?;
//!     }
//! }
//! let (count, _, _) = count_on_threads(&problem, 2, Config::default()).unwrap();
//! assert_eq!(count, 945);
//! # Ok::<(), library::dlx::Error>(())
//! ```
//!
//! Subproblems met by two threads are counted by both: the memo pays
//! less on threads than on one (the bench measures how much), and the
//! statistics are the sums of the threads', not one count's.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use crate::dlx::memo::{Config, Counter, MemoStats, Stop};
use crate::dlx::parts::{split, Part};
use crate::dlx::{Problem, Stats};

/// How many parts per thread: a few, so that a thread's parts share its
/// table, and one slow part does not leave the others idle for long.
const PARTS_PER_THREAD: usize = 8;

/// Counts `problem`'s solutions by memo on `threads` threads, each with a
/// table of `config.cap / threads` bytes: the count, the statistics
/// summed over the threads, and what their memos did (summed; the peak
/// is the largest table's).
///
/// # Panics
/// If the problem has bounds (see [`Counter::new`]).
pub fn count_on_threads(
    problem: &Problem,
    threads: usize,
    config: Config,
) -> Result<(u128, Stats, MemoStats), Stop> {
    let threads = threads.max(1);
    let parts = match threads {
        1 => vec![Part::root(problem)],
        n => split(problem, n * PARTS_PER_THREAD),
    };
    let config = Config {
        cap: config.cap / threads,
        ..config
    };
    let queue = Mutex::new(parts);
    let stop = AtomicBool::new(false);
    let results: Vec<Result<(u128, Stats, MemoStats), Stop>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| scope.spawn(|| work(problem, config, &queue, &stop)))
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("no worker panicked"))
            .collect()
    });
    let (mut count, mut stats, mut memo) = (0u128, Stats::default(), MemoStats::default());
    for result in results {
        let (c, s, m) = result?;
        count = count.checked_add(c).ok_or(Stop::Overflow)?;
        stats.nodes += s.nodes;
        stats.updates += s.updates;
        stats.cleansings += s.cleansings;
        memo.add(&m);
    }
    Ok((count, stats, memo))
}

/// One thread: counts parts from the queue until it is empty, or another
/// thread stopped.
fn work(
    problem: &Problem,
    config: Config,
    queue: &Mutex<Vec<Part<'_>>>,
    stop: &AtomicBool,
) -> Result<(u128, Stats, MemoStats), Stop> {
    let mut counter: Option<Counter> = None;
    let (mut count, mut stats, mut memo) = (0u128, Stats::default(), MemoStats::default());
    while !stop.load(Ordering::Relaxed) {
        let part = match queue.lock().expect("no worker panicked").pop() {
            Some(part) => part,
            None => break,
        };
        let counter = counter.get_or_insert_with(|| Counter::with_config(problem, config));
        let below = counter.count_below(&part.fixed).map_err(|stop_| {
            stop.store(true, Ordering::Relaxed);
            stop_
        })?;
        let solved = part.solved.len() as u128;
        count = count
            .checked_add(below)
            .and_then(|c| c.checked_add(solved))
            .ok_or(Stop::Overflow)?;
        let (s, m) = (counter.stats(), counter.memo_stats());
        stats.nodes += s.nodes + part.above.nodes;
        stats.updates += s.updates + part.above.updates;
        stats.cleansings += s.cleansings + part.above.cleansings;
        memo.add(&m);
    }
    Ok((count, stats, memo))
}
