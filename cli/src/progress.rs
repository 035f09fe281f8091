//! Progress lines on standard error while a search runs, at most about
//! one a second:
//!
//! ```text
//!      2.0s  solutions: 1200  nodes: 4100321  (2.05e6/s)  explored: 12.5000%
//! ```

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use library::dlx::Progress;

pub struct Reporter<'a> {
    start: Instant,
    last: Instant,
    last_nodes: u64,
    printed: bool,
    /// The solutions found so far, counted by whoever visits them (on
    /// any thread).
    solutions: &'a AtomicU64,
}

impl<'a> Reporter<'a> {
    pub fn new(start: Instant, solutions: &'a AtomicU64) -> Reporter<'a> {
        Reporter {
            start,
            last: start,
            last_nodes: 0,
            printed: false,
            solutions,
        }
    }

    /// Prints a line if a second has passed since the last one.
    pub fn report(&mut self, progress: &Progress) {
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

    /// The last line, `done`, if any progress was reported.
    pub fn finish(&self) {
        if self.printed {
            eprintln!("{:>8.1}s  done", self.start.elapsed().as_secs_f64());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use library::dlx::Stats;

    #[test]
    fn a_line_says_the_solutions_so_far() {
        let solutions = AtomicU64::new(7);
        let start = Instant::now();
        let reporter = Reporter::new(start, &solutions);
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
}
