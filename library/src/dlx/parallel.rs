//! One search on several threads: the tree cut into parts
//! ([`crate::dlx::parts`]) that the threads take from a shared queue, the
//! biggest first, so that a thread that finishes early takes more.
//!
//! ```
//! use library::dlx::{Parallel, Problem, Search, Solver};
//!
//! let mut problem = Problem::new(3, 0);
//! for option in [&[0][..], &[1], &[2], &[0, 1], &[1, 2]] {
//!     problem.add_option(option)?;
//! }
//! let mut one = Solver::new(&problem);
//! let mut two = Parallel::<Solver>::with_threads(&problem, 2);
//! assert_eq!(two.count(), one.count()); // 3, counted on two threads
//! assert_eq!(two.stats(), one.stats()); // nodes and updates add up exactly
//! # Ok::<(), library::dlx::Error>(())
//! ```
//!
//! [`Parallel`] is a [`Search`] like any engine: its `count` runs on the
//! threads ([`count_parallel`], with progress reports too), and
//! [`Parallel::search_parallel`] gives each solution to a visitor shared
//! by the threads. The other methods of the trait search on
//! one thread, exactly as the engine does, solutions in the same order.
//! Submissions never name it, so they carry none of it.
//!
//! Each run tells what every thread did ([`Share`]: the parts it took and
//! the nodes it spent on them), so that a test sees threads that wait for
//! each other without timing anything: no worker holds the queue while it
//! searches a part.

use std::marker::PhantomData;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use crate::dlx::parts::{split, Part};
use crate::dlx::{Problem, Progress, Search, Stats};

/// How many parts per thread the tree is cut into: enough that the last
/// parts to finish are small (pentominoes 6x10 in 64 parts: the largest
/// is under 5% of the work).
pub const PARTS_PER_THREAD: usize = 32;

/// Engine `S` on several threads; see the module docs.
#[derive(Clone, Debug)]
pub struct Parallel<S> {
    problem: Problem,
    threads: usize,
    stats: Stats,
    shares: Vec<Share>,
    engine: PhantomData<fn() -> S>,
}

/// What one thread of a search on threads did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Share {
    /// The parts it took from the queue.
    pub parts: usize,
    /// The statistics of its searches below those parts' roots.
    pub stats: Stats,
}

/// What a search on threads gives: its result, its statistics summed over
/// the threads (with the levels above the parts), and each thread's share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run<T> {
    pub value: T,
    pub stats: Stats,
    pub shares: Vec<Share>,
}

impl<S: Search> Search for Parallel<S> {
    /// On as many threads as the machine runs at once.
    fn new(problem: &Problem) -> Parallel<S> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        Parallel::with_threads(problem, threads)
    }

    fn search_with_progress<B, F, R>(
        &mut self,
        visit: F,
        interval: u64,
        report: R,
    ) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>,
        R: FnMut(&Progress),
    {
        let mut engine = S::new(&self.problem);
        let flow = engine.search_with_progress(visit, interval, report);
        self.stats = engine.stats();
        flow
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn search<B, F>(&mut self, visit: F) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>,
    {
        let mut engine = S::new(&self.problem);
        let flow = engine.search(visit);
        self.stats = engine.stats();
        flow
    }

    /// Counts on the threads ([`count_parallel`]).
    fn count(&mut self) -> u64 {
        let run = count_parallel::<S, _>(&self.problem, self.threads, u64::MAX, |_, _| {});
        self.stats = run.stats;
        self.shares = run.shares;
        run.value
    }
}

impl<S: Search> Parallel<S> {
    /// Engine `S` on `threads` threads (at least one).
    pub fn with_threads(problem: &Problem, threads: usize) -> Parallel<S> {
        Parallel {
            problem: problem.clone(),
            threads: threads.max(1),
            stats: Stats::default(),
            shares: Vec::new(),
            engine: PhantomData,
        }
    }

    /// What each thread did in the last [`Search::count`] or
    /// [`Parallel::search_parallel`] (empty before either).
    pub fn shares(&self) -> &[Share] {
        &self.shares
    }

    /// [`search_parallel`] on this engine's problem and threads;
    /// [`Search::stats`] then gives its statistics.
    pub fn search_parallel<B, F, R>(&mut self, visit: F, interval: u64, report: R) -> ControlFlow<B>
    where
        B: Send,
        F: FnMut(&[usize]) -> ControlFlow<B> + Send,
        R: FnMut(&Progress) + Send,
    {
        let run =
            search_parallel::<S, _, _, _>(&self.problem, self.threads, visit, interval, report);
        self.stats = run.stats;
        self.shares = run.shares;
        run.value
    }
}

/// Searches `problem` with engine `S` on `threads` threads: calls `visit`
/// with every solution, from any thread but one call at a time, until it
/// breaks; then every thread stops at its next solution or part. Calls
/// `report`, one call at a time too, about every `interval` nodes of each
/// thread with the progress of the whole search. Returns what `visit`
/// broke with, and the statistics summed over the threads: exactly the
/// engine's numbers when the search ran to the end; and each thread's share.
///
/// Nothing is copied for one thread; for more, the parts below the root
/// are (see [`split`]).
pub fn search_parallel<S, B, F, R>(
    problem: &Problem,
    threads: usize,
    visit: F,
    interval: u64,
    report: R,
) -> Run<ControlFlow<B>>
where
    S: Search,
    B: Send,
    F: FnMut(&[usize]) -> ControlFlow<B> + Send,
    R: FnMut(&Progress) + Send,
{
    let threads = threads.max(1);
    let parts = match threads {
        1 => vec![Part::root(problem)],
        n => split(problem, n * PARTS_PER_THREAD),
    };
    let shared = Shared {
        queue: Mutex::new(biggest_last(parts)),
        stop: AtomicBool::new(false),
        visit: Mutex::new((visit, None)),
        totals: Mutex::new(Totals::new(threads, ignoring_solutions(report))),
    };
    std::thread::scope(|scope| {
        for worker in 0..threads {
            let shared = &shared;
            scope.spawn(move || shared.work::<S>(worker, interval));
        }
    });
    let totals = shared.totals.into_inner().expect("no worker panicked");
    let value = match shared.visit.into_inner().expect("no worker panicked").1 {
        Some(value) => ControlFlow::Break(value),
        None => ControlFlow::Continue(()),
    };
    Run {
        value,
        stats: totals.done,
        shares: totals.shares,
    }
}

/// Counts the solutions of `problem` with engine `S` on `threads`
/// threads, without naming them ([`Search::count_with_progress`] on each
/// part). Calls `report`, one call at a time, about every `interval` nodes
/// of each thread with the progress of the whole search and the solutions
/// found so far. Returns the count and the statistics summed over the
/// threads: exactly the engine's numbers; and each thread's share.
pub fn count_parallel<S, R>(problem: &Problem, threads: usize, interval: u64, report: R) -> Run<u64>
where
    S: Search,
    R: FnMut(&Progress, u64) + Send,
{
    let threads = threads.max(1);
    let parts = match threads {
        1 => vec![Part::root(problem)],
        n => split(problem, n * PARTS_PER_THREAD),
    };
    let queue = Mutex::new(biggest_last(parts));
    let totals = Mutex::new(Totals::new(threads, report));
    std::thread::scope(|scope| {
        for worker in 0..threads {
            let (queue, totals) = (&queue, &totals);
            scope.spawn(move || count_parts::<S, R>(queue, totals, worker, interval));
        }
    });
    let totals = totals.into_inner().expect("no worker panicked");
    Run {
        value: totals.solutions,
        stats: totals.done,
        shares: totals.shares,
    }
}

/// One thread's loop of [`count_parallel`]: take a part, count it, add up,
/// until the queue is empty.
fn count_parts<S: Search, R: FnMut(&Progress, u64)>(
    queue: &Mutex<Vec<Part<'_>>>,
    totals: &Mutex<Totals<R>>,
    worker: usize,
    interval: u64,
) {
    // The part is taken in a statement of its own: in `while let Some(part)
    // = queue.lock()…pop()` the guard lives to the end of the body, so the
    // queue stayed locked while the part was counted and the other threads
    // waited (one worker did all the work).
    while let Some(part) = take(queue) {
        let mut engine = S::new(&part.problem);
        let found = engine.count_with_progress(interval, |progress, found| {
            let mut totals = totals.lock().expect("no worker panicked");
            totals.running(worker, part.weight, progress, found);
        });
        let found = part.solved.len() as u64 + found;
        let mut totals = totals.lock().expect("no worker panicked");
        totals.finished(worker, &part, engine.stats(), found, interval);
    }
}

/// The next part from `queue`, the queue unlocked again on return.
fn take<'a>(queue: &Mutex<Vec<Part<'a>>>) -> Option<Part<'a>> {
    queue.lock().expect("no worker panicked").pop()
}

/// A report of [`search_parallel`], whose visitor counts the solutions.
fn ignoring_solutions<R: FnMut(&Progress)>(mut report: R) -> impl FnMut(&Progress, u64) {
    move |progress, _| report(progress)
}

/// The parts in the order the threads take them from the end: the biggest
/// first, so that the small ones even out the finish.
fn biggest_last(mut parts: Vec<Part<'_>>) -> Vec<Part<'_>> {
    parts.sort_by(|a, b| a.weight.total_cmp(&b.weight));
    parts
}

/// What the threads share.
struct Shared<'a, B, F, R> {
    queue: Mutex<Vec<Part<'a>>>,
    /// Set once `visit` has broken.
    stop: AtomicBool,
    /// The visitor, and what it broke with.
    visit: Mutex<(F, Option<B>)>,
    totals: Mutex<Totals<R>>,
}

impl<B, F, R> Shared<'_, B, F, R>
where
    F: FnMut(&[usize]) -> ControlFlow<B>,
{
    /// One thread's loop: take a part, search it, add up, until the queue
    /// is empty or the visitor broke.
    fn work<S: Search>(&self, worker: usize, interval: u64)
    where
        R: FnMut(&Progress, u64),
    {
        let mut whole = Vec::new();
        while !self.stop.load(Ordering::Relaxed) {
            let part = match take(&self.queue) {
                Some(part) => part,
                None => break,
            };
            for solution in &part.solved {
                self.deliver(solution);
            }
            let mut engine = S::new(&part.problem);
            let _ = engine.search_with_progress(
                |solution| {
                    part.name(solution, &mut whole);
                    match self.deliver(&whole) {
                        true => ControlFlow::Continue(()),
                        false => ControlFlow::Break(()),
                    }
                },
                interval,
                |progress| {
                    let mut totals = self.totals.lock().expect("no worker panicked");
                    totals.running(worker, part.weight, progress, 0);
                },
            );
            // The visitor counts the solutions here.
            let mut totals = self.totals.lock().expect("no worker panicked");
            totals.finished(worker, &part, engine.stats(), 0, interval);
        }
    }

    /// Gives `solution` to the visitor unless it has broken; whether the
    /// search goes on.
    fn deliver(&self, solution: &[usize]) -> bool {
        let mut visit = self.visit.lock().expect("no worker panicked");
        if visit.1.is_some() {
            return false;
        }
        if let ControlFlow::Break(value) = (visit.0)(solution) {
            visit.1 = Some(value);
            self.stop.store(true, Ordering::Relaxed);
            return false;
        }
        true
    }
}

/// The statistics of the parts done and of those being searched.
struct Totals<R> {
    done: Stats,
    /// The fraction of the tree in the parts done.
    explored: f64,
    /// The solutions of the parts done, where the threads count them.
    solutions: u64,
    /// Per thread: the statistics of its part so far, the fraction of the
    /// tree it has explored, and the solutions it has counted.
    running: Vec<(Stats, f64, u64)>,
    /// Per thread: the parts it has finished.
    shares: Vec<Share>,
    report: R,
}

impl<R: FnMut(&Progress, u64)> Totals<R> {
    fn new(threads: usize, report: R) -> Totals<R> {
        Totals {
            done: Stats::default(),
            explored: 0.0,
            solutions: 0,
            running: vec![(Stats::default(), 0.0, 0); threads],
            shares: vec![Share::default(); threads],
            report,
        }
    }

    /// Worker `worker` is at `progress` in a part of `weight`, with `found`
    /// solutions counted there so far: reports the whole search.
    fn running(&mut self, worker: usize, weight: f64, progress: &Progress, found: u64) {
        self.running[worker] = (progress.stats, weight * progress.explored, found);
        self.report();
    }

    /// Worker `worker` is done with `part`: its statistics, `searched`
    /// below it, and `found` solutions join the parts done.
    fn finished(
        &mut self,
        worker: usize,
        part: &Part<'_>,
        searched: Stats,
        found: u64,
        interval: u64,
    ) {
        self.running[worker] = (Stats::default(), 0.0, 0);
        let share = &mut self.shares[worker];
        share.parts += 1;
        share.stats.accumulate(searched);
        self.done.accumulate(part.above);
        self.done.accumulate(searched);
        self.explored += part.weight;
        self.solutions += found;
        if interval != u64::MAX {
            // Parts smaller than the interval report nothing themselves.
            self.report();
        }
    }

    /// Reports the whole search: the parts done and those under way.
    fn report(&mut self) {
        let (mut stats, mut explored, mut solutions) = (self.done, self.explored, self.solutions);
        for (running, fraction, found) in &self.running {
            stats.accumulate(*running);
            explored += fraction;
            solutions += found;
        }
        let progress = Progress {
            stats,
            explored: explored.min(1.0),
        };
        (self.report)(&progress, solutions);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::oracle::{bounded_problems, brute_force, colored_problems, problems, sorted};
    use crate::dlx::{color, multi, Branching, Links, Listed, Never, Solver};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// On any number of threads: every solution once, and the engine's
        /// statistics exactly.
        #[test]
        fn threads_find_every_solution_and_add_up(
            problem in problems(),
            threads in 1usize..5,
            in_order in any::<bool>(),
        ) {
            let mut problem = problem;
            if in_order {
                problem.set_branching(Branching::InOrder);
            }
            let mut one = Solver::new(&problem);
            let count = one.count();
            let mut many = Parallel::<Links<Listed>>::with_threads(&problem, threads);
            prop_assert_eq!(many.count(), count);
            prop_assert_eq!(many.stats(), one.stats());
            // Counting with reports: the same, and the solutions reported
            // never go back nor past the count.
            let mut reported = vec![0];
            let run = count_parallel::<Solver, _>(&problem, threads, 1, |p, found| {
                assert!((0.0..=1.0).contains(&p.explored));
                reported.push(found);
            });
            prop_assert_eq!((run.value, run.stats), (count, one.stats()));
            prop_assert!(reported.windows(2).all(|w| w[0] <= w[1] && w[1] <= count), "{:?}", reported);
            let found = Mutex::new(Vec::new());
            let flow = many.search_parallel::<Never, _, _>(
                |s| {
                    found.lock().unwrap().push(s.to_vec());
                    ControlFlow::Continue(())
                },
                1,
                |p| assert!((0.0..=1.0).contains(&p.explored)),
            );
            prop_assert!(flow.is_continue());
            prop_assert_eq!(sorted(found.into_inner().unwrap()), brute_force(&problem));
        }

        /// Algorithms C and M too: their parts add up to one thread's
        /// nodes, updates and cleansings.
        #[test]
        fn colors_and_bounds_on_threads_add_up(
            colored in colored_problems(),
            bounded in bounded_problems(),
            threads in 2usize..5,
        ) {
            let mut one = color::Solver::new(&colored);
            let count = one.count();
            let mut many = Parallel::<color::Solver>::with_threads(&colored, threads);
            prop_assert_eq!((many.count(), many.stats()), (count, one.stats()));
            let mut one = multi::Solver::new(&bounded);
            let count = one.count();
            let mut many = Parallel::<multi::Solver>::with_threads(&bounded, threads);
            prop_assert_eq!((many.count(), many.stats()), (count, one.stats()));
        }

        /// A visitor that breaks stops every thread: no solution is given
        /// after it broke.
        #[test]
        fn a_break_stops_every_thread(problem in problems(), threads in 2usize..5, k in 1usize..4) {
            let total = brute_force(&problem).len();
            let mut given = 0;
            let flow = Parallel::<Solver>::with_threads(&problem, threads).search_parallel(
                |_| {
                    given += 1;
                    match given {
                        n if n == k => ControlFlow::Break(n),
                        _ => ControlFlow::Continue(()),
                    }
                },
                u64::MAX,
                |_| {},
            );
            prop_assert_eq!(given, k.min(total));
            prop_assert_eq!(flow.is_break(), total >= k);
        }
    }

    /// The n-queens problem (rows and columns primary, diagonals
    /// secondary): a tree of many parts.
    fn queens(n: usize) -> Problem {
        let mut problem = Problem::new(2 * n, 4 * n - 2);
        for r in 0..n {
            for c in 0..n {
                let (up, down) = (2 * n + r + c, 4 * n - 1 + r + n - 1 - c);
                problem.add_option(&[r, n + c, up, down]).unwrap();
            }
        }
        problem
    }

    /// The regression of stop 37: a worker held the queue's lock while it
    /// counted its part, so the others waited and one did all the work.
    /// Seen without a clock: while a part is counted, the queue is free.
    #[test]
    fn no_worker_holds_the_queue_while_it_counts() {
        let problem = queens(8);
        let parts = split(&problem, 16);
        let taken = parts.len();
        let queue = Mutex::new(biggest_last(parts));
        let free = std::cell::Cell::new(0u64);
        let totals = Mutex::new(Totals::new(1, |_: &Progress, _| {
            assert!(
                queue.try_lock().is_ok(),
                "the queue is locked during a count"
            );
            free.set(free.get() + 1);
        }));
        count_parts::<Solver, _>(&queue, &totals, 0, 1);
        assert!(free.get() > 100, "reports: {}", free.get());
        let mut one = Solver::new(&problem);
        let totals = totals.into_inner().unwrap();
        assert_eq!(totals.solutions, one.count());
        assert_eq!(totals.shares[0].parts, taken);
    }

    /// Each thread says what it took; on a tree of thousands of nodes cut
    /// into many parts, the shares add up to the search below the parts,
    /// and at least two threads take some. The count takes milliseconds:
    /// on 2 cores shared with other tests a thread can start after the
    /// others have emptied the queue, so a count counts when two took
    /// parts in any of five tries (with the queue held during a count,
    /// none would: `no_worker_holds_the_queue_while_it_counts`).
    #[test]
    fn every_worker_takes_parts() {
        let problem = queens(11);
        for threads in [2, 3] {
            let shared = (0..5).any(|_| {
                let run = count_parallel::<Solver, _>(&problem, threads, u64::MAX, |_, _| {});
                assert_eq!(run.value, 2680);
                assert_eq!(run.shares.len(), threads);
                let parts: usize = run.shares.iter().map(|s| s.parts).sum();
                assert_eq!(parts, split(&problem, threads * PARTS_PER_THREAD).len());
                let below: u64 = run.shares.iter().map(|s| s.stats.nodes).sum();
                assert!(below < run.stats.nodes, "{below} {:?}", run.stats);
                let working = run
                    .shares
                    .iter()
                    .filter(|s| s.parts > 0 && s.stats.nodes > 0);
                working.count() >= 2
            });
            assert!(shared, "{threads} threads: one took every part, five times");
        }
    }

    #[test]
    fn one_thread_is_the_engine_itself() {
        let mut problem = Problem::new(2, 0);
        problem.add_option(&[0]).unwrap();
        problem.add_option(&[1]).unwrap();
        problem.add_option(&[0, 1]).unwrap();
        let mut one = Parallel::<Solver>::with_threads(&problem, 1);
        let mut solutions = Vec::new();
        one.for_each(|s| solutions.push(s.to_vec()));
        assert_eq!(solutions, [vec![0, 1], vec![2]]);
        assert_eq!(one.stats(), {
            let mut s = Solver::new(&problem);
            s.count();
            s.stats()
        });
    }
}
