//! Progress lines on standard error while a search runs, at most about
//! one a second:
//!
//! ```text
//!      2.0s  solutions: 1200  nodes: 4100321  (2.05e6/s)  explored: 12.5000%
//! ```

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use library::dlx::memo::Snapshot;
use library::dlx::parallel::Share;
use library::dlx::Progress;

pub struct Reporter<'a> {
    /// Whether progress is reported at all.
    on: bool,
    start: Instant,
    last: Instant,
    last_nodes: u64,
    printed: bool,
    /// The solutions found so far, counted by whoever visits them (on
    /// any thread).
    solutions: &'a AtomicU64,
}

impl<'a> Reporter<'a> {
    pub fn new(on: bool, start: Instant, solutions: &'a AtomicU64) -> Reporter<'a> {
        Reporter {
            on,
            start,
            last: start,
            last_nodes: 0,
            printed: false,
            solutions,
        }
    }

    /// Whether progress is reported.
    pub fn on(&self) -> bool {
        self.on
    }

    /// Prints a line if a second has passed since the last one.
    pub fn report(&mut self, progress: &Progress) {
        if !self.on {
            return;
        }
        let now = Instant::now();
        let since = now - self.last;
        if since < Duration::from_secs(1) {
            return;
        }
        eprintln!("{}", self.line(now, progress));
        self.last = now;
        self.last_nodes = progress.stats.nodes;
        self.printed = true;
    }

    fn line(&self, now: Instant, progress: &Progress) -> String {
        let since = (now - self.last).as_secs_f64();
        let rate = progress.stats.nodes.saturating_sub(self.last_nodes) as f64 / since;
        format!(
            "{:>8.1}s  solutions: {}  nodes: {}  ({:.2e}/s)  explored: {:.4}%",
            (now - self.start).as_secs_f64(),
            self.solutions.load(Ordering::Relaxed),
            progress.stats.nodes,
            rate,
            progress.explored * 100.0
        )
    }

    /// A line about a count by memo, if a second has passed since the
    /// last one: the solutions counted so far and its statistics (the
    /// fraction explored is not known).
    pub fn memo(&mut self, snapshot: &Snapshot) {
        let now = Instant::now();
        if !self.on || now - self.last < Duration::from_secs(1) {
            return;
        }
        eprintln!("{}", self.memo_line(now, snapshot));
        self.last = now;
        self.last_nodes = snapshot.stats.nodes;
        self.printed = true;
    }

    /// The last line, `done`, if any progress was reported; then, when
    /// progress is reported and the search ran on threads, what each took.
    pub fn finish(&self, shares: &[Share]) {
        if self.printed {
            eprintln!("{:>8.1}s  done", self.start.elapsed().as_secs_f64());
        }
        if self.on && shares.len() > 1 {
            eprintln!("{}", workers_line(shares));
        }
    }

    fn memo_line(&self, now: Instant, snapshot: &Snapshot) -> String {
        format!(
            "{:>8.1}s  memo: solutions: {}  nodes: {}  memos: {}  hits: {}  evicted: {}",
            (now - self.start).as_secs_f64(),
            snapshot.found,
            snapshot.stats.nodes,
            snapshot.memo.memos,
            snapshot.memo.hits,
            snapshot.memo.evictions
        )
    }
}

/// The parts and nodes each thread took, in thread order: a thread with
/// none was left waiting (`workers: 2  parts: 33 31  nodes: 1803225 1834036`).
fn workers_line(shares: &[Share]) -> String {
    let column = |f: fn(&Share) -> u64| {
        let words: Vec<String> = shares.iter().map(|s| f(s).to_string()).collect();
        words.join(" ")
    };
    format!(
        "workers: {}  parts: {}  nodes: {}",
        shares.len(),
        column(|s| s.parts as u64),
        column(|s| s.stats.nodes)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use library::dlx::memo::MemoStats;
    use library::dlx::Stats;

    #[test]
    fn a_line_says_the_solutions_so_far() {
        let solutions = AtomicU64::new(7);
        let start = Instant::now();
        let reporter = Reporter::new(true, start, &solutions);
        let progress = Progress {
            stats: Stats {
                nodes: 2000,
                ..Stats::default()
            },
            explored: 0.125,
        };
        let line = reporter.line(start + Duration::from_secs(2), &progress);
        assert_eq!(
            line,
            "     2.0s  solutions: 7  nodes: 2000  (1.00e3/s)  explored: 12.5000%"
        );
    }

    #[test]
    fn a_memo_line_says_what_the_table_holds() {
        let solutions = AtomicU64::new(0);
        let start = Instant::now();
        let reporter = Reporter::new(true, start, &solutions);
        let snapshot = Snapshot {
            stats: Stats {
                nodes: 30,
                ..Stats::default()
            },
            memo: MemoStats {
                memos: 20,
                hits: 9,
                evictions: 4,
                ..MemoStats::default()
            },
            found: 1 << 70,
        };
        let line = reporter.memo_line(start + Duration::from_secs(3), &snapshot);
        assert_eq!(
            line,
            "     3.0s  memo: solutions: 1180591620717411303424  nodes: 30  memos: 20  hits: 9  \
             evicted: 4"
        );
    }
}
