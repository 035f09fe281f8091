//! How plain `dlx` decides whether to count by memo: a count by memo
//! raced against an estimate of the search it would replace.
//!
//! ```
//! use library::dlx::memo::{Counter, Decision, Trial};
//! use library::dlx::Problem;
//!
//! // Perfect matchings of the complete graph on 16 vertices: 15!! of
//! // them, which a search walks one by one.
//! let mut problem = Problem::new(16, 0);
//! for a in 0..16 {
//!     for b in a + 1..16 {
//!         problem.add_option(&[a, b])?;
//!     }
//! }
//! let mut counter = Counter::new(&problem);
//! let mut trial = Trial::new(&problem);
//! let count = counter.count_with(Trial::INTERVAL, |s| trial.check(s));
//! assert_eq!(trial.verdict(count, counter.stats().nodes), Ok(Some(2_027_025)));
//! assert_eq!(trial.decision().map(|d| d.0), Some(Decision::Memo));
//! # Ok::<(), library::dlx::Error>(())
//! ```
//!
//! The race: when the count by memo has spent `spent` (its updates and
//! nodes so far) and counted `found` solutions in the subtrees it has
//! done, it is on course to spend `spent × solutions / found` in all,
//! where `solutions` is Knuth's estimate of the solutions ([`Estimate`]:
//! random probes of the tree the search would walk, a few milliseconds);
//! the search is expected to spend its estimated updates and nodes. The
//! memo is kept as soon as it is on course to spend at most half of
//! that, and dropped when, having spent one [`PATIENCE`]th of it, it is
//! on course to spend more than twice; when neither shows before it has
//! spent an eighth of the search's cost, the cheaper course wins. The projection
//! is cautious where the memo pays, since the counts found per node grow
//! as the table fills (set partitions of 14 things: 2.1 per node after
//! 2^14 updates, 3.7 after 2^17, 24 after 2^23, 237 at the end), which is
//! why it may only find the memo behind after its dearest first nodes.
//! Measured on the instances: tilings, matchings, set partitions and the
//! solution-dense colored problems are ahead within the memo's first
//! 1536 nodes (the memo takes 0.45-0.75x the search's time where a
//! search ends at all: set partitions of 11 and 12 things, the dense
//! colored pair), random colored problems behind once the memo has spent
//! a [`PATIENCE`]th of the search's cost (the memo takes 6-14x there).
//!
//! Before the race, a first look: after [`TRIAL_UPDATES`] updates a count
//! that has found less than one solution per 16 nodes is a puzzle's
//! (pentominoes, sudoku, queens, Langford pairs, word squares: none or
//! a few hundredths per node by then), and the search takes it without
//! the estimate being made, so that puzzles spend a millisecond or two
//! here. Where fewer than four probes reach a solution, the estimate of
//! the solutions is too rough to race on, and the memo is kept, once it
//! has spent one [`PATIENCE`]th of the search's estimated cost, if it
//! has found four solutions per node (a search
//! walks at least one node per solution, and a memo's node costs a few
//! of a search's). A count done before anything is decided is kept on
//! the same terms, else searched again (a small puzzle then reports the
//! search's statistics).

use std::ops::ControlFlow;

use crate::dlx::memo::estimate::{self, Estimate, Random};
use crate::dlx::memo::state::State;
use crate::dlx::memo::{Snapshot, Stop};
use crate::dlx::{Problem, Stats};

/// The updates a count by memo makes before its [`Trial`] first judges it.
pub const TRIAL_UPDATES: u64 = 1 << 14;

/// The share of the search's estimated cost a count by memo spends
/// before the race may find it behind (or, without an estimate of the
/// solutions, judge it by its solutions per node), one in `PATIENCE`: the
/// memo's first nodes are its dearest, and this is what the race may
/// cost a puzzle that passes the first look.
pub const PATIENCE: f64 = 256.0;

/// The probes that must end in a solution for the estimate of the
/// solutions to be used.
const MIN_SOLVED: u64 = 4;

/// Past this many items, plain `dlx` does not try the memo: each lookup
/// hashes the whole signature, a bit or more per item, and the problems
/// the memo is for (small frontiers, counts past what a search walks)
/// have few items; a million planted triples would spend seconds of
/// hashing in the trial alone.
pub const TRIAL_ITEMS: usize = 2048;

/// The probes of the estimate, at most, and the updates they may spend
/// (at least one probe is made): a few milliseconds.
const PROBES: u64 = 64;
const PROBE_UPDATES: u64 = 1 << 22;

/// Whether plain `dlx`, counting, tries the memo on `problem` first
/// ([`crate::dlx::memo::Counter::count_if_it_pays`]): no bounds, at most
/// [`TRIAL_ITEMS`] items.
pub fn tried(problem: &Problem) -> bool {
    !problem.has_bounds() && problem.primary() + problem.secondary() <= TRIAL_ITEMS
}

/// What a [`Trial`] decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Count by memo.
    Memo,
    /// Search.
    Search,
}

/// Why a [`Trial`] decided as it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The first look: less than one solution per 16 nodes.
    FewSolutions,
    /// On course to spend at most half the search's estimated cost.
    Ahead,
    /// On course to spend more than twice the search's estimated cost.
    Behind,
    /// Neither by an eighth of the search's cost: the cheaper course.
    Even,
    /// The probes found too few solutions to race on: kept if it found
    /// four solutions per node, judged when the race could find it behind.
    PerNode,
    /// The count ended before a decision: kept if it found four solutions
    /// per node.
    Done,
}

/// A count by memo on trial; see the module docs.
#[derive(Clone, Debug)]
pub struct Trial<'a> {
    problem: &'a Problem,
    estimate: Option<Estimate>,
    decided: Option<(Decision, Reason)>,
    /// The count's statistics when it was decided.
    spent: Stats,
}

impl<'a> Trial<'a> {
    /// How often (in nodes) a count under trial is to be checked.
    pub const INTERVAL: u64 = 1 << 8;

    /// A trial of a count of `problem`.
    pub fn new(problem: &'a Problem) -> Trial<'a> {
        Trial {
            problem,
            estimate: None,
            decided: None,
            spent: Stats::default(),
        }
    }

    /// The `check` of [`crate::dlx::memo::Counter::count_with`] that
    /// stops a count that does not pay.
    pub fn check(&mut self, snapshot: &Snapshot) -> ControlFlow<()> {
        if self.decided.is_some() || snapshot.stats.updates < TRIAL_UPDATES {
            return ControlFlow::Continue(());
        }
        let decided = self.judge(snapshot);
        if let Some(decided) = decided {
            self.decided = Some(decided);
            self.spent = snapshot.stats;
        }
        match decided {
            Some((Decision::Search, _)) => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        }
    }

    /// The decision `snapshot` shows, if any.
    fn judge(&mut self, snapshot: &Snapshot) -> Option<(Decision, Reason)> {
        let (nodes, found) = (snapshot.stats.nodes, snapshot.found);
        if found.saturating_mul(16) < u128::from(nodes) {
            return Some((Decision::Search, Reason::FewSolutions));
        }
        let problem = self.problem;
        let estimate = self.estimate.get_or_insert_with(|| {
            let mut state = State::new(problem);
            estimate::estimate(&mut state, &mut Random::new(SEED), PROBES, PROBE_UPDATES)
        });
        let search = estimate.updates + estimate.nodes;
        let spent = (snapshot.stats.updates + nodes) as f64;
        let patient = spent * PATIENCE >= search;
        if estimate.solved < MIN_SOLVED {
            let pays = found >= 4 * u128::from(nodes);
            let decision = [Decision::Search, Decision::Memo][usize::from(pays)];
            return Some((decision, Reason::PerNode)).filter(|_| patient);
        }
        // A count past the estimate's shows the estimate low: the memo is
        // then judged on what it has found.
        let projected = spent * estimate.solutions.max(found as f64) / found as f64;
        if patient && projected > 2.0 * search {
            Some((Decision::Search, Reason::Behind))
        } else if 2.0 * projected <= search {
            Some((Decision::Memo, Reason::Ahead))
        } else if 8.0 * spent >= search {
            match projected <= search {
                true => Some((Decision::Memo, Reason::Even)),
                false => Some((Decision::Search, Reason::Even)),
            }
        } else {
            None
        }
    }

    /// What the count under trial gives: its count if the memo is kept,
    /// `None` if it was stopped or, done before the trial decided, did
    /// not pay (a small problem is then searched, and reports the
    /// search's statistics); `nodes`: the count's.
    pub fn verdict(
        &mut self,
        result: Result<u128, Stop>,
        nodes: u64,
    ) -> Result<Option<u128>, Stop> {
        match result {
            Ok(count) if self.decided.is_none() => {
                let pays = count >= 4 * u128::from(nodes);
                let decision = [Decision::Search, Decision::Memo][usize::from(pays)];
                self.decided = Some((decision, Reason::Done));
                Ok(Some(count).filter(|_| pays))
            }
            Ok(count) => Ok(Some(count)),
            Err(Stop::Asked) => Ok(None),
            Err(stop) => Err(stop),
        }
    }

    /// What was decided and why, once it is.
    pub fn decision(&self) -> Option<(Decision, Reason)> {
        self.decided
    }

    /// The estimate of the search, if the race came to it.
    pub fn estimate(&self) -> Option<Estimate> {
        self.estimate
    }

    /// The count's statistics when the trial decided (zero if the count
    /// ended first).
    pub fn spent(&self) -> Stats {
        self.spent
    }
}

/// The seed of the probes: the same decision every run.
const SEED: u64 = 0x5eed;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::memo::MemoStats;

    /// A trial whose estimate of the search is given: `solutions`, and a
    /// cost (updates and nodes) of `search`.
    fn trial(problem: &Problem, solutions: f64, search: f64, solved: u64) -> Trial<'_> {
        let mut trial = Trial::new(problem);
        trial.estimate = Some(Estimate {
            probes: 64,
            solved,
            spent: 0,
            nodes: search / 4.0,
            updates: search * 3.0 / 4.0,
            solutions,
        });
        trial
    }

    /// A count that has made `updates` updates in `nodes` nodes and found
    /// `found` solutions.
    fn at(updates: u64, nodes: u64, found: u128) -> Snapshot {
        let stats = Stats {
            nodes,
            updates,
            cleansings: 0,
        };
        Snapshot {
            stats,
            memo: MemoStats::default(),
            found,
        }
    }

    #[test]
    fn the_memo_is_raced_against_the_search_estimated() {
        let problem = Problem::new(1, 0);
        let u = TRIAL_UPDATES;
        // Nothing is judged before TRIAL_UPDATES.
        let mut t = trial(&problem, 1e6, 1e9, 64);
        assert!(t.check(&at(u - 1, 1000, 0)).is_continue());
        assert_eq!(t.decision(), None);
        // Less than a solution per 16 nodes: a puzzle, searched.
        assert!(t.check(&at(u, 1600, 99)).is_break());
        assert_eq!(t.decision(), Some((Decision::Search, Reason::FewSolutions)));
        assert_eq!(t.spent().updates, u);
        // On course to spend (u + 1000) × 1e6 / 1e3, under half of 1e9.
        let mut t = trial(&problem, 1e6, 1e9, 64);
        assert!(t.check(&at(u, 1000, 1000)).is_continue());
        assert_eq!(t.decision(), Some((Decision::Memo, Reason::Ahead)));
        // Decided: not judged again, however it goes.
        assert!(t.check(&at(2 * u, 100_000, 1000)).is_continue());
        // On course to spend 87 times the search's cost: behind, but only
        // once it has spent a PATIENCEth of that cost.
        let search = 1e8;
        let patient = (search / PATIENCE) as u64;
        let mut t = trial(&problem, 1e8, search, 64);
        assert!(t.check(&at(u, 1000, 100)).is_continue());
        assert_eq!(t.decision(), None);
        assert!(t.check(&at(patient - 1000, 1000, 100)).is_break());
        assert_eq!(t.decision(), Some((Decision::Search, Reason::Behind)));
        assert_eq!(t.estimate().map(|e| e.probes), Some(64));
    }

    #[test]
    fn an_even_race_is_decided_by_an_eighth_of_the_search() {
        let problem = Problem::new(1, 0);
        // On course to spend 1.5 and then 0.9 times the search's cost.
        let search = 1e7;
        let eighth = (search / 8.0) as u64 - 1000;
        let found = |k: u64, ratio: f64| ((k + 1000) as f64 * 1e6 / (ratio * search)) as u128;
        let mut t = trial(&problem, 1e6, search, 64);
        let k = eighth / 2;
        assert!(t.check(&at(k, 1000, found(k, 1.5))).is_continue());
        assert_eq!(t.decision(), None);
        assert!(t.check(&at(eighth, 1000, found(eighth, 0.9))).is_continue());
        assert_eq!(t.decision(), Some((Decision::Memo, Reason::Even)));
        let mut t = trial(&problem, 1e6, search, 64);
        assert!(t.check(&at(eighth, 1000, found(eighth, 1.5))).is_break());
        assert_eq!(t.decision(), Some((Decision::Search, Reason::Even)));
    }

    #[test]
    fn without_solutions_in_the_probes_the_memo_is_judged_per_node() {
        let problem = Problem::new(1, 0);
        let patient = (1e8 / PATIENCE) as u64 - 1000;
        let mut t = trial(&problem, 0.0, 1e8, 3);
        assert!(t.check(&at(TRIAL_UPDATES, 1000, 3999)).is_continue());
        assert_eq!(t.decision(), None);
        assert!(t.check(&at(patient, 1000, 3999)).is_break());
        assert_eq!(t.decision(), Some((Decision::Search, Reason::PerNode)));
        let mut t = trial(&problem, 0.0, 1e8, 3);
        assert!(t.check(&at(patient, 1000, 4000)).is_continue());
        assert_eq!(t.decision(), Some((Decision::Memo, Reason::PerNode)));
    }

    #[test]
    fn a_count_done_first_is_kept_with_four_solutions_per_node() {
        let problem = Problem::new(1, 0);
        let mut t = Trial::new(&problem);
        assert_eq!(t.verdict(Ok(40), 10), Ok(Some(40)));
        assert_eq!(t.decision(), Some((Decision::Memo, Reason::Done)));
        let mut t = Trial::new(&problem);
        assert_eq!(t.verdict(Ok(39), 10), Ok(None));
        assert_eq!(t.decision(), Some((Decision::Search, Reason::Done)));
        assert_eq!(t.verdict(Err(Stop::Asked), 10), Ok(None));
        assert_eq!(t.verdict(Err(Stop::Overflow), 10), Err(Stop::Overflow));
        // The estimate is made only once the first look is passed.
        assert_eq!(t.estimate(), None);
    }
}
