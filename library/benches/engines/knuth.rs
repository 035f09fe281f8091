//! Knuth's programs, run as child processes: DLX1, DLX2, DLX3, DLX5,
//! DLX6, SSXCC and SSMCC from the folder that `KNUTH` names, their CPU time as the kernel counts it and
//! their statistics as they print them.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use library::dlx::Stats;

use crate::race::Run;

/// The folder of Knuth's programs, if given, and which are missing there.
pub struct Programs {
    dir: Option<PathBuf>,
    missing: Vec<&'static str>,
}

impl Programs {
    /// The programs in `$KNUTH`.
    pub fn find() -> Programs {
        let dir = std::env::var_os("KNUTH").map(PathBuf::from);
        let missing = match &dir {
            Some(dir) => [
                "dlx1",
                "dlx2",
                "dlx3",
                "dlx5",
                "dlx6",
                "dlx6-nomrv",
                "ssxcc",
                "ssmcc",
            ]
            .into_iter()
            .filter(|p| !dir.join(p).is_file())
            .collect(),
            None => Vec::new(),
        };
        Programs { dir, missing }
    }

    /// A line saying which of Knuth's programs the bench races.
    pub fn describe(&self) -> String {
        match &self.dir {
            None => "Knuth's programs: not raced (set KNUTH to the folder holding dlx1, dlx2, \
                     dlx3, dlx5, dlx6, dlx6-nomrv, ssxcc and ssmcc: his programs, not in the repository)"
                .to_string(),
            Some(dir) if self.missing.is_empty() => format!(
                "Knuth's programs: dlx1, dlx2, dlx3, dlx5, dlx6, dlx6-nomrv, ssxcc, ssmcc from {}",
                dir.display()
            ),
            Some(dir) => format!(
                "Knuth's programs: {} missing from {} (not raced)",
                self.missing.join(", "),
                dir.display()
            ),
        }
    }

    /// Runs `program` on `text`: its CPU time and what it reports, or
    /// `None` when it is not there.
    pub fn run(&self, program: &str, text: &[u8]) -> Option<Run> {
        self.run_with(program, &[], text)
    }

    /// [`Programs::run`] with command-line arguments (DLX5's `k3`).
    pub fn run_with(&self, program: &str, args: &[&str], text: &[u8]) -> Option<Run> {
        let dir = self.dir.as_ref()?;
        if self.missing.contains(&program) {
            return None;
        }
        // Reaped by `wait_cpu` (wait4 gives the child's CPU time; `wait`
        // does not).
        #[allow(clippy::zombie_processes)]
        let mut child = Command::new(dir.join(program))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{program}: {e}"));
        let mut stdin = child.stdin.take().expect("a pipe");
        stdin
            .write_all(text)
            .expect("the instance written to Knuth's program");
        drop(stdin);
        let mut report = String::new();
        let mut stderr = child.stderr.take().expect("a pipe");
        stderr
            .read_to_string(&mut report)
            .expect("Knuth's program's report");
        let seconds = wait_cpu(child.id() as libc::pid_t);
        let (solutions, stats) =
            parse(&report).unwrap_or_else(|| panic!("{program} said: {report}"));
        Some(Run {
            seconds,
            solutions,
            stats: Some(stats),
        })
    }
}

/// Reaps child `pid`: the user and system CPU seconds it used.
fn wait_cpu(pid: libc::pid_t) -> f64 {
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our child, not yet reaped; the pointers are valid.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid, "wait4");
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Solutions and statistics from Knuth's closing line: `Altogether N
/// solutions, ... U updates, [C cleansings,] ... B bytes, N [search]
/// nodes, ...`.
fn parse(report: &str) -> Option<(u128, Stats)> {
    let line = report.lines().find(|l| l.starts_with("Altogether"))?;
    let words: Vec<&str> = line.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    // DLX6 writes `N search nodes`.
    let before = |key: &str| -> Option<u64> {
        let mut at = words.iter().position(|w| w.starts_with(key))?;
        if words.get(at.checked_sub(1)?) == Some(&"search") {
            at -= 1;
        }
        words.get(at.checked_sub(1)?)?.parse().ok()
    };
    let solutions = words.get(1)?.parse().ok()?;
    let stats = Stats {
        nodes: before("nodes")?,
        updates: before("updates")?,
        cleansings: before("cleansings").unwrap_or(0),
    };
    Some((solutions, stats))
}
