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
//! threads, and [`Parallel::search_parallel`] gives each solution to a
//! visitor shared by the threads. The other methods of the trait search on
//! one thread, exactly as the engine does, solutions in the same order.
//! Submissions never name it, so they carry none of it.

use std::marker::PhantomData;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use crate::dlx::parts::{split, Part};
use crate::dlx::{Never, Problem, Progress, Search, Stats};

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
    engine: PhantomData<fn() -> S>,
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

    /// Counts on the threads.
    fn count(&mut self) -> u64 {
        let count = std::sync::atomic::AtomicU64::new(0);
        let flow = self.search_parallel::<Never, _, _>(
            |_| {
                count.fetch_add(1, Ordering::Relaxed);
                ControlFlow::Continue(())
            },
            u64::MAX,
            |_| {},
        );
        match flow {
            ControlFlow::Continue(()) => count.into_inner(),
            ControlFlow::Break(never) => match never {},
        }
    }
}

impl<S: Search> Parallel<S> {
    /// Engine `S` on `threads` threads (at least one).
    pub fn with_threads(problem: &Problem, threads: usize) -> Parallel<S> {
        Parallel {
            problem: problem.clone(),
            threads: threads.max(1),
            stats: Stats::default(),
            engine: PhantomData,
        }
    }

    /// [`search_parallel`] on this engine's problem and threads;
    /// [`Search::stats`] then gives its statistics.
    pub fn search_parallel<B, F, R>(&mut self, visit: F, interval: u64, report: R) -> ControlFlow<B>
    where
        B: Send,
        F: FnMut(&[usize]) -> ControlFlow<B> + Send,
        R: FnMut(&Progress) + Send,
    {
        let (flow, stats) =
            search_parallel::<S, _, _, _>(&self.problem, self.threads, visit, interval, report);
        self.stats = stats;
        flow
    }
}

/// Searches `problem` with engine `S` on `threads` threads: calls `visit`
/// with every solution, from any thread but one call at a time, until it
/// breaks; then every thread stops at its next solution or part. Calls
/// `report`, one call at a time too, about every `interval` nodes of each
/// thread with the progress of the whole search. Returns what `visit`
/// broke with, and the statistics summed over the threads: exactly the
/// engine's numbers when the search ran to the end.
///
/// Nothing is copied for one thread; for more, the parts below the root
/// are (see [`split`]).
pub fn search_parallel<S, B, F, R>(
    problem: &Problem,
    threads: usize,
    visit: F,
    interval: u64,
    report: R,
) -> (ControlFlow<B>, Stats)
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
        totals: Mutex::new(Totals::new(threads, report)),
    };
    std::thread::scope(|scope| {
        for worker in 0..threads {
            let shared = &shared;
            scope.spawn(move || shared.work::<S>(worker, interval));
        }
    });
    let stats = shared.totals.into_inner().expect("no worker panicked").done;
    match shared.visit.into_inner().expect("no worker panicked").1 {
        Some(value) => (ControlFlow::Break(value), stats),
        None => (ControlFlow::Continue(()), stats),
    }
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
    R: FnMut(&Progress),
{
    /// One thread's loop: take a part, search it, add up, until the queue
    /// is empty or the visitor broke.
    fn work<S: Search>(&self, worker: usize, interval: u64) {
        let mut whole = Vec::new();
        while !self.stop.load(Ordering::Relaxed) {
            let part = match self.queue.lock().expect("no worker panicked").pop() {
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
                    totals.running[worker] = (progress.stats, part.weight * progress.explored);
                    totals.report();
                },
            );
            let mut totals = self.totals.lock().expect("no worker panicked");
            totals.running[worker] = (Stats::default(), 0.0);
            totals.add(part.above, engine.stats(), part.weight);
            if interval != u64::MAX {
                // Parts smaller than the interval report nothing themselves.
                totals.report();
            }
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
    /// Per thread: the statistics of its part so far, and the fraction of
    /// the tree it has explored.
    running: Vec<(Stats, f64)>,
    report: R,
}

impl<R: FnMut(&Progress)> Totals<R> {
    fn new(threads: usize, report: R) -> Totals<R> {
        Totals {
            done: Stats::default(),
            explored: 0.0,
            running: vec![(Stats::default(), 0.0); threads],
            report,
        }
    }

    fn add(&mut self, above: Stats, searched: Stats, weight: f64) {
        for stats in [above, searched] {
            self.done.nodes += stats.nodes;
            self.done.updates += stats.updates;
            self.done.cleansings += stats.cleansings;
        }
        self.explored += weight;
    }

    /// Reports the whole search: the parts done and those under way.
    fn report(&mut self) {
        let mut stats = self.done;
        let mut explored = self.explored;
        for (running, fraction) in &self.running {
            stats.nodes += running.nodes;
            stats.updates += running.updates;
            stats.cleansings += running.cleansings;
            explored += fraction;
        }
        (self.report)(&Progress {
            stats,
            explored: explored.min(1.0),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::oracle::{bounded_problems, brute_force, colored_problems, problems, sorted};
    use crate::dlx::{color, multi, Branching, Links, Listed, Solver};
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
