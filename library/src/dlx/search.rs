//! What every engine does: the [`Search`] trait, the statistics a search
//! keeps, and the snapshots of a running one.

use std::ops::ControlFlow;

use crate::dlx::Problem;

/// What both engines do: the same search tree over a [`Problem`], with
/// different state. Solutions are reported as the numbers of their
/// options, in the order they were chosen.
///
/// ```
/// use library::dlx::{bitset, Problem, Search, Solver};
///
/// /// How many ways to tile: any engine.
/// fn tilings<S: Search>(problem: &Problem) -> u64 {
///     S::new(problem).count()
/// }
/// let mut problem = Problem::new(2, 0);
/// problem.add_option(&[0])?;
/// problem.add_option(&[1])?;
/// problem.add_option(&[0, 1])?;
/// assert_eq!(tilings::<Solver>(&problem), 2);
/// assert_eq!(tilings::<bitset::Solver>(&problem), 2);
/// # Ok::<(), library::dlx::Error>(())
/// ```
pub trait Search: Sized {
    /// Builds the engine's state for `problem`.
    fn new(problem: &Problem) -> Self;

    /// Calls `visit` with every solution, in the order the search finds
    /// them, until `visit` breaks, and returns what it broke with; calls
    /// `report` every `interval` nodes with a snapshot of the search
    /// (`u64::MAX`: never).
    ///
    /// The engine can search again afterwards; [`Search::stats`] then
    /// describes the latest search.
    fn search_with_progress<B, F, R>(
        &mut self,
        visit: F,
        interval: u64,
        report: R,
    ) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>,
        R: FnMut(&Progress);

    /// What the latest search did.
    fn stats(&self) -> Stats;

    /// [`Search::search_with_progress`] without reports. (Not a provided
    /// method calling that one: a submission that never asks for progress
    /// then carries none of its code.)
    fn search<B, F>(&mut self, visit: F) -> ControlFlow<B>
    where
        F: FnMut(&[usize]) -> ControlFlow<B>;

    /// Calls `visit` with every solution, in the order the search finds
    /// them.
    fn for_each<F>(&mut self, mut visit: F)
    where
        F: FnMut(&[usize]),
    {
        let flow = self.search::<Never, _>(|solution| {
            visit(solution);
            ControlFlow::Continue(())
        });
        match flow {
            ControlFlow::Continue(()) => {}
            ControlFlow::Break(never) => match never {},
        }
    }

    /// The first solution, or `None` if there is none.
    fn first(&mut self) -> Option<Vec<usize>> {
        match self.search(|solution| ControlFlow::Break(solution.to_vec())) {
            ControlFlow::Break(solution) => Some(solution),
            ControlFlow::Continue(()) => None,
        }
    }

    /// The number of solutions.
    fn count(&mut self) -> u64 {
        let mut count = 0;
        self.for_each(|_| count += 1);
        count
    }

    /// The number of solutions, calling `report` every `interval` nodes
    /// with a snapshot of the search and the solutions found so far.
    /// Engines whose search names each solution's options for `visit`
    /// (dancing links, cells) count here without naming them: on problems
    /// where most nodes are solutions, naming is most of the cost.
    fn count_with_progress<R>(&mut self, interval: u64, mut report: R) -> u64
    where
        R: FnMut(&Progress, u64),
    {
        let found = std::cell::Cell::new(0);
        let flow = self.search_with_progress::<Never, _, _>(
            |_| {
                found.set(found.get() + 1);
                ControlFlow::Continue(())
            },
            interval,
            |progress| report(progress, found.get()),
        );
        counted(flow, &found)
    }
}

/// A visitor of an engine's own form of a solution that only counts them,
/// in `found`: how the engines count without naming options.
pub(crate) fn counter<A: ?Sized, B: ?Sized>(
    found: &std::cell::Cell<u64>,
) -> impl FnMut(&A, &B) -> ControlFlow<Never> + '_ {
    move |_, _| {
        found.set(found.get() + 1);
        ControlFlow::Continue(())
    }
}

/// What a walk with a [`counter`] found.
pub(crate) fn counted(flow: ControlFlow<Never>, found: &std::cell::Cell<u64>) -> u64 {
    match flow {
        ControlFlow::Continue(()) => found.get(),
        ControlFlow::Break(never) => match never {},
    }
}

/// A value that cannot exist: a search that never breaks (`Infallible`
/// would do, but says "error").
#[derive(Clone, Copy, Debug)]
pub enum Never {}

/// What a search did, counted as Knuth's programs count it: DLX1 for
/// Algorithm X, DLX2 for C, DLX3 for M (see the module docs of
/// [`crate::dlx`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Levels entered, the root included, plus one per solution.
    pub nodes: u64,
    /// Items covered plus nodes hidden from other items' lists.
    pub updates: u64,
    /// Colors fixed on secondary items plus the options that agreed with
    /// them (0 without colors).
    pub cleansings: u64,
}

impl Stats {
    /// Adds the statistics of another search of the same tree (a part, a
    /// thread). A method rather than `AddAssign`: an impl of a std trait
    /// on a type a submission keeps is kept too, used or not.
    pub fn accumulate(&mut self, more: Stats) {
        self.nodes += more.nodes;
        self.updates += more.updates;
        self.cleansings += more.cleansings;
    }
}

/// A snapshot of a running search, given to the `report` callback of
/// `search_with_progress`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// What the search has done so far.
    pub stats: Stats,
    /// Knuth's estimate of the fraction of the tree already explored, in
    /// `[0, 1]`: at level `l` the current choice is the `k_l`-th of `t_l`,
    /// and the estimate is the sum of `(k_l - 1) / (t_1 ... t_l)`, plus half
    /// of the deepest level's share (TAOCP 7.2.2.1, progress reports).
    pub explored: f64,
}

impl Progress {
    /// `position[l]` is `(k_l, t_l)`: the 1-based choice among `t_l`.
    pub(crate) fn new(stats: Stats, position: &[(u32, u32)]) -> Progress {
        let mut explored = 0.0;
        let mut share = 1.0;
        for &(k, t) in position {
            share /= f64::from(t);
            explored += f64::from(k - 1) * share;
        }
        Progress {
            stats,
            explored: explored + share / 2.0,
        }
    }
}
