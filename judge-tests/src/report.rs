//! Verdict lines and the closing summary, coloured only on a terminal.
//!
//! ```
//! use judge_tests::report::{closing_line, name_width, Style};
//! assert_eq!(closing_line(3, 1), "3 passed, 1 failed");
//! assert_eq!(Style::plain().verdict("AC"), "AC ");
//! assert_eq!(name_width(["sample-1", "no-solution-overlapping-rows"]), 28);
//! ```

use crate::run::{signal_name, Exit, Limits, RunOutcome, IDLE_FACTOR};
use crate::verdict::{CaseResult, Verdict};
use std::fmt::Write as _;
use std::io::IsTerminal;

/// Whether to use ANSI colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    colour: bool,
}

impl Style {
    /// No escape codes at all.
    pub fn plain() -> Style {
        Style { colour: false }
    }

    /// Colour when stdout is a terminal and `NO_COLOR` is unset.
    pub fn for_stdout() -> Style {
        Style {
            colour: std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        }
    }

    /// A verdict code padded to 3 columns, green when accepted, red otherwise.
    pub fn verdict(&self, code: &str) -> String {
        let padded = format!("{code:<3}");
        if !self.colour {
            return padded;
        }
        let colour = if code == "AC" { "32" } else { "31" };
        format!("\x1b[1;{colour}m{padded}\x1b[0m")
    }
}

/// Memory as MiB with one decimal.
pub fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
}

fn millis(d: std::time::Duration) -> u128 {
    d.as_millis()
}

fn exit_text(exit: Exit) -> String {
    match exit {
        Exit::Code(code) => format!("exit code {code}"),
        Exit::Signal(signal) => format!("killed by {}", signal_name(signal)),
    }
}

/// CPU time (what the limit applies to) and peak memory.
fn measurements(o: &RunOutcome) -> String {
    format!("{:>6} ms cpu {:>10}", millis(o.cpu), mib(o.peak_memory))
}

/// The width of the name column for these case names: the longest, so that
/// the columns after it line up.
pub fn name_width<'a>(names: impl IntoIterator<Item = &'a str>) -> usize {
    names
        .into_iter()
        .map(|name| name.chars().count())
        .max()
        .unwrap_or(0)
}

/// The report of one case: a verdict line (the name padded to `width`),
/// then indented details for failures.
pub fn case_report(result: &CaseResult, limits: &Limits, style: Style, width: usize) -> String {
    let code = style.verdict(result.verdict.code());
    let measured = result
        .outcome
        .as_ref()
        .map(measurements)
        .unwrap_or_default();
    let details = details(&result.verdict, result.outcome.as_ref(), limits);
    format!("{code} {:<width$} {measured}{details}", result.name)
}

/// What follows the verdict line: why, with the evidence.
fn details(verdict: &Verdict, outcome: Option<&RunOutcome>, limits: &Limits) -> String {
    match (verdict, outcome) {
        (Verdict::Accepted, _) => String::new(),
        (Verdict::WrongAnswer(mismatch), _) => {
            let mut text = format!("  {}", mismatch.summary);
            for detail in &mismatch.details {
                let _ = write!(text, "\n    {detail}");
            }
            text
        }
        (Verdict::Failed(message), _) => format!("  {message}"),
        (_, Some(o)) => measured_details(verdict, o, limits),
        (_, None) => String::new(),
    }
}

/// The details of a verdict decided from measurements: TLE, ILE, MLE, OLE, RE.
fn measured_details(verdict: &Verdict, o: &RunOutcome, limits: &Limits) -> String {
    match verdict {
        Verdict::TimeLimit => format!(
            "  cpu {} ms, over the limit of {} ms of CPU time{} (wall {} ms)",
            millis(o.cpu),
            millis(limits.time),
            if o.killed.is_some() { ", killed" } else { "" },
            millis(o.wall),
        ),
        Verdict::Idle => format!(
            "  sleeping or blocked for {} ms, the idle limit ({IDLE_FACTOR} × the time limit), \
             killed (cpu {} ms, wall {} ms)",
            millis(o.idle),
            millis(o.cpu),
            millis(o.wall),
        ),
        Verdict::MemoryLimit => format!(
            "  limit {}: peak {}, {}{}",
            mib(limits.memory),
            mib(o.peak_memory),
            exit_text(o.exit),
            stderr_tail(o)
        ),
        Verdict::OutputLimit => format!(
            "  more than {} of output, killed{}",
            mib(limits.output),
            stderr_tail(o)
        ),
        Verdict::RuntimeError(exit) => format!("  {}{}", exit_text(*exit), stderr_tail(o)),
        _ => String::new(),
    }
}

/// The last few non-blank lines of stderr, each on its own indented line.
fn stderr_tail(o: &RunOutcome) -> String {
    let lines: Vec<&str> = o
        .stderr_tail
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let from = lines.len().saturating_sub(6);
    lines[from..]
        .iter()
        .map(|line| format!("\n    stderr| {line}"))
        .collect()
}

/// The exact closing line of every run.
pub fn closing_line(passed: usize, failed: usize) -> String {
    format!("{passed} passed, {failed} failed")
}

/// The slowest case, the peak memory, then `N passed, M failed`.
pub fn summary(results: &[CaseResult]) -> String {
    let mut text = String::new();
    let measured: Vec<(&str, &RunOutcome)> = results
        .iter()
        .filter_map(|r| r.outcome.as_ref().map(|o| (r.name.as_str(), o)))
        .collect();
    if let Some((name, o)) = measured.iter().max_by_key(|(_, o)| o.cpu) {
        let _ = writeln!(
            text,
            "slowest: {name} ({} ms cpu, {} ms wall)",
            millis(o.cpu),
            millis(o.wall)
        );
    }
    if let Some((name, o)) = measured.iter().max_by_key(|(_, o)| o.peak_memory) {
        let _ = writeln!(text, "peak memory: {} ({name})", mib(o.peak_memory));
    }
    let passed = results
        .iter()
        .filter(|r| r.verdict == Verdict::Accepted)
        .count();
    text.push_str(&closing_line(passed, results.len() - passed));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::Mismatch;
    use std::time::Duration;

    fn result(name: &str, verdict: Verdict, wall_ms: u64, memory: u64) -> CaseResult {
        CaseResult {
            name: name.into(),
            verdict,
            outcome: Some(RunOutcome {
                exit: Exit::Code(0),
                killed: None,
                output_overflow: false,
                stdout: Vec::new(),
                stderr_tail: "thread 'main' panicked at main.rs:1:1:\nboom\n".into(),
                wall: Duration::from_millis(wall_ms),
                cpu: Duration::from_millis(wall_ms),
                idle: Duration::ZERO,
                peak_memory: memory,
            }),
        }
    }

    const LIMITS: Limits = Limits {
        time: Duration::from_millis(1000),
        memory: 125 << 20,
        output: 1 << 20,
    };

    #[test]
    fn summary_names_slowest_and_peak_and_closes_with_counts() {
        let results = [
            result("a", Verdict::Accepted, 10, 3 << 20),
            result("b", Verdict::Accepted, 30, 2 << 20),
            result(
                "c",
                Verdict::WrongAnswer(Mismatch::new("line 1 differs")),
                20,
                1 << 20,
            ),
        ];
        let text = summary(&results);
        assert_eq!(
            text,
            "slowest: b (30 ms cpu, 30 ms wall)\npeak memory: 3.0 MiB (a)\n2 passed, 1 failed"
        );
    }

    #[test]
    fn failures_carry_their_evidence_and_no_colour_when_plain() {
        let wa = result(
            "x",
            Verdict::WrongAnswer(Mismatch {
                summary: "line 2 differs (1 line differs)".into(),
                details: vec!["line 2: expected \"a\"".into()],
            }),
            1,
            0,
        );
        let text = case_report(&wa, &LIMITS, Style::plain(), 1);
        assert!(text.starts_with("WA  x      1 ms cpu"), "{text}");
        assert!(text.contains("line 2 differs") && text.contains("\n    line 2: expected"));
        assert!(!text.contains('\x1b'));
        let re = result(
            "y",
            Verdict::RuntimeError(Exit::Signal(libc::SIGSEGV)),
            1,
            0,
        );
        let text = case_report(&re, &LIMITS, Style::plain(), 1);
        assert!(text.contains("killed by SIGSEGV (11)"), "{text}");
        assert!(text.contains("stderr| boom"), "{text}");
        assert!(Style { colour: true }.verdict("AC").contains("\x1b[1;32m"));
    }

    #[test]
    fn long_names_keep_the_columns_aligned() {
        let long = "no-solution-overlapping-rows-and-more";
        let results = [
            result("sample-1", Verdict::Accepted, 5, 1 << 20),
            result(long, Verdict::Accepted, 5, 1 << 20),
        ];
        let width = name_width(results.iter().map(|r| r.name.as_str()));
        let lines: Vec<String> = results
            .iter()
            .map(|r| case_report(r, &LIMITS, Style::plain(), width))
            .collect();
        assert_eq!(
            lines[0].find(" ms cpu"),
            lines[1].find(" ms cpu"),
            "{lines:?}"
        );
    }

    #[test]
    fn time_verdicts_say_which_limit() {
        let mut tle = result("t", Verdict::TimeLimit, 0, 0);
        let o = tle.outcome.as_mut().unwrap();
        (o.cpu, o.wall, o.killed) = (
            Duration::from_millis(1004),
            Duration::from_millis(2500),
            Some(crate::watch::Kill::CpuTime),
        );
        let text = case_report(&tle, &LIMITS, Style::plain(), 1);
        assert!(
            text.ends_with(
                "cpu 1004 ms, over the limit of 1000 ms of CPU time, killed (wall 2500 ms)"
            ),
            "{text}"
        );
        let mut ile = result("i", Verdict::Idle, 0, 0);
        let o = ile.outcome.as_mut().unwrap();
        (o.idle, o.wall) = (Duration::from_millis(3000), Duration::from_millis(3020));
        let text = case_report(&ile, &LIMITS, Style::plain(), 1);
        assert!(
            text.ends_with("sleeping or blocked for 3000 ms, the idle limit (3 × the time limit), killed (cpu 0 ms, wall 3020 ms)"),
            "{text}"
        );
    }
}
