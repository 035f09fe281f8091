//! Cases, verdicts, and judging a compiled submission on a list of cases.
//!
//! ```no_run
//! use judge_tests::compare::{Checker, Rule};
//! use judge_tests::verdict::{find_cases, judge_case};
//! use judge_tests::settings::Settings;
//! use std::path::Path;
//! let dir = Path::new("judge-tests/p4205");
//! let settings = Settings::load_dir(dir).unwrap();
//! let checker = Checker::Rule(Rule::Lines);
//! for case in find_cases(&[dir.to_path_buf()]).unwrap() {
//!     let result = judge_case(Path::new("/tmp/main"), &case, &settings, &checker);
//!     println!("{} {}", case.name, result.verdict.code());
//! }
//! ```

use crate::compare::{Checker, Mismatch};
use crate::error::Error;
use crate::run::{run, Exit, Limits, RunOutcome};
use crate::settings::Settings;
use crate::watch::Kill;
use std::path::{Path, PathBuf};

/// One test: an input file and the expected output beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The file stem, e.g. `sample-1`.
    pub name: String,
    /// `<name>.in`.
    pub input: PathBuf,
    /// `<name>.out`.
    pub expected: PathBuf,
}

/// Every `*.in` of the given directories, sorted by name within each directory.
/// A missing `.out` is an error, not a silently skipped case.
pub fn find_cases(dirs: &[PathBuf]) -> Result<Vec<Case>, Error> {
    let mut cases = Vec::new();
    for dir in dirs {
        let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
        let mut inputs: Vec<PathBuf> = entries
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|path| path.extension().is_some_and(|ext| ext == "in") && path.is_file())
            .collect();
        inputs.sort();
        for input in inputs {
            let expected = input.with_extension("out");
            if !expected.is_file() {
                return Err(Error::NoExpectedOutput { input });
            }
            let name = input
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            cases.push(Case {
                name,
                input,
                expected,
            });
        }
    }
    Ok(cases)
}

/// The judgement of one run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted.
    Accepted,
    /// Wrong answer, with the checker's explanation.
    WrongAnswer(Mismatch),
    /// Time limit exceeded: CPU time over the limit (killed when it reached it).
    TimeLimit,
    /// Idleness limit exceeded: sleeping or blocked for the idle limit,
    /// without reaching the time limit (killed).
    Idle,
    /// Memory limit exceeded (peak over the limit, or an allocation failed under it).
    MemoryLimit,
    /// Output limit exceeded.
    OutputLimit,
    /// Runtime error: non-zero exit or a signal.
    RuntimeError(Exit),
    /// The harness itself could not run the case (unreadable file, spawn failure).
    Failed(String),
}

impl Verdict {
    /// The two- or three-letter code judges print.
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::TimeLimit => "TLE",
            Verdict::Idle => "ILE",
            Verdict::MemoryLimit => "MLE",
            Verdict::OutputLimit => "OLE",
            Verdict::RuntimeError(_) => "RE",
            Verdict::Failed(_) => "FAIL",
        }
    }
}

/// A case's verdict with what was measured.
#[derive(Debug, Clone)]
pub struct CaseResult {
    /// The case's name.
    pub name: String,
    /// What the judge decided.
    pub verdict: Verdict,
    /// The measurements, when the program ran at all.
    pub outcome: Option<RunOutcome>,
}

/// Rust's default allocation-error handler prints this and aborts.
const ALLOCATION_FAILED: &str = "memory allocation of ";

/// Decides the verdict of a finished run, with an explicit precedence: a
/// program over the CPU time limit is TLE whatever it printed, one killed
/// for idleness ILE; memory beats output; a crash beats a wrong answer; only
/// a clean exit is compared at all.
pub fn decide(
    outcome: &RunOutcome,
    limits: &Limits,
    compare: impl FnOnce(&str) -> Result<(), Mismatch>,
) -> Verdict {
    let allocation_failed = matches!(outcome.exit, Exit::Signal(libc::SIGABRT))
        && outcome.stderr_tail.contains(ALLOCATION_FAILED);
    match outcome {
        o if o.killed == Some(Kill::CpuTime)
            || o.cpu > limits.time
            || o.exit == Exit::Signal(libc::SIGXCPU) =>
        {
            Verdict::TimeLimit
        }
        o if o.killed == Some(Kill::Idle) => Verdict::Idle,
        o if o.peak_memory > limits.memory || allocation_failed => Verdict::MemoryLimit,
        o if o.output_overflow => Verdict::OutputLimit,
        RunOutcome {
            exit: Exit::Code(0),
            stdout,
            ..
        } => match compare(&String::from_utf8_lossy(stdout)) {
            Ok(()) => Verdict::Accepted,
            Err(mismatch) => Verdict::WrongAnswer(mismatch),
        },
        o => Verdict::RuntimeError(o.exit),
    }
}

/// The limits of a problem's settings.
pub fn limits_of(settings: &Settings) -> Limits {
    Limits {
        time: settings.time_limit,
        memory: settings.memory_limit,
        output: settings.output_limit,
    }
}

/// A file as text (invalid UTF-8 replaced, as a judge's checker would see
/// bytes it cannot read); the error names the file.
pub fn read_text(path: &Path) -> Result<String, Error> {
    std::fs::read(path)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .map_err(|e| Error::io(path, e))
}

/// Runs one case under the limits of `settings` and judges it by `checker`.
pub fn judge_case(exe: &Path, case: &Case, settings: &Settings, checker: &Checker) -> CaseResult {
    let failed = |message: String| CaseResult {
        name: case.name.clone(),
        verdict: Verdict::Failed(message),
        outcome: None,
    };
    let (input, expected) = match (read_text(&case.input), read_text(&case.expected)) {
        (Ok(input), Ok(expected)) => (input, expected),
        (Err(e), _) | (_, Err(e)) => return failed(e.to_string()),
    };
    let limits = limits_of(settings);
    let outcome = match run(exe, &case.input, &limits) {
        Ok(outcome) => outcome,
        Err(e) => return failed(format!("cannot run {}: {e}", exe.display())),
    };
    let verdict = decide(&outcome, &limits, |actual| {
        checker.check(&input, &expected, actual)
    });
    CaseResult {
        name: case.name.clone(),
        verdict,
        outcome: Some(outcome),
    }
}

/// Judges every case in order, handing each result to `each` as soon as it
/// is known (so a long run shows progress), and returns them all.
pub fn judge_cases(
    exe: &Path,
    cases: &[Case],
    settings: &Settings,
    checker: &Checker,
    mut each: impl FnMut(&CaseResult),
) -> Vec<CaseResult> {
    let mut results = Vec::with_capacity(cases.len());
    for case in cases {
        let result = judge_case(exe, case, settings, checker);
        each(&result);
        results.push(result);
    }
    results
}

/// Whether every case was accepted.
pub fn all_accepted(results: &[CaseResult]) -> bool {
    results.iter().all(|r| r.verdict == Verdict::Accepted)
}

/// The committed cases of problem `id` as (name, input, expected output),
/// for the unit tests that check what each case's name promises.
#[cfg(test)]
pub(crate) fn committed_cases(id: &str) -> Vec<(String, String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(id);
    let cases = find_cases(&[dir]).unwrap_or_else(|e| panic!("{e}"));
    let text = |path: &Path| read_text(path).unwrap_or_else(|e| panic!("{e}"));
    let cases: Vec<_> = cases
        .into_iter()
        .map(|case| (text(&case.input), text(&case.expected), case.name))
        .map(|(input, expected, name)| (name, input, expected))
        .collect();
    assert!(!cases.is_empty(), "no cases for {id}");
    cases
}

/// The committed case `name` of problem `id` as (input, expected output).
#[cfg(test)]
pub(crate) fn committed_case(id: &str, name: &str) -> (String, String) {
    committed_cases(id)
        .into_iter()
        .find(|(case, _, _)| case == name)
        .map(|(_, input, expected)| (input, expected))
        .unwrap_or_else(|| panic!("{id} has no case {name}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn outcome(exit: Exit) -> RunOutcome {
        RunOutcome {
            exit,
            killed: None,
            output_overflow: false,
            stdout: b"42\n".to_vec(),
            stderr_tail: String::new(),
            wall: Duration::from_millis(5),
            cpu: Duration::from_millis(4),
            idle: Duration::ZERO,
            peak_memory: 1 << 20,
        }
    }

    const LIMITS: Limits = Limits {
        time: Duration::from_millis(100),
        memory: 8 << 20,
        output: 1 << 20,
    };

    fn same(actual: &str) -> Result<(), Mismatch> {
        crate::compare::lines("42", actual)
    }

    #[test]
    fn precedence_tle_mle_ole_re_wa() {
        assert_eq!(
            decide(&outcome(Exit::Code(0)), &LIMITS, same),
            Verdict::Accepted
        );
        let mut o = outcome(Exit::Code(0));
        o.stdout = b"41\n".to_vec();
        assert_eq!(decide(&o, &LIMITS, same).code(), "WA");
        o.exit = Exit::Code(101);
        assert_eq!(
            decide(&o, &LIMITS, same),
            Verdict::RuntimeError(Exit::Code(101))
        );
        o.output_overflow = true;
        assert_eq!(decide(&o, &LIMITS, same), Verdict::OutputLimit);
        o.peak_memory = 9 << 20;
        assert_eq!(decide(&o, &LIMITS, same), Verdict::MemoryLimit);
        o.cpu = Duration::from_millis(101);
        assert_eq!(decide(&o, &LIMITS, same), Verdict::TimeLimit);
    }

    #[test]
    fn allocation_failure_is_mle_and_other_aborts_are_re() {
        let mut o = outcome(Exit::Signal(libc::SIGABRT));
        o.stderr_tail = "memory allocation of 1073741824 bytes failed\n".into();
        assert_eq!(decide(&o, &LIMITS, same), Verdict::MemoryLimit);
        o.stderr_tail = "fatal runtime error\n".into();
        assert_eq!(
            decide(&o, &LIMITS, same),
            Verdict::RuntimeError(Exit::Signal(libc::SIGABRT))
        );
        let mut killed = outcome(Exit::Signal(libc::SIGKILL));
        killed.killed = Some(Kill::CpuTime);
        assert_eq!(decide(&killed, &LIMITS, same), Verdict::TimeLimit);
        killed.killed = Some(Kill::Idle);
        assert_eq!(decide(&killed, &LIMITS, same), Verdict::Idle);
        // Over the CPU limit is TLE even if it then slept until killed.
        killed.cpu = Duration::from_millis(101);
        assert_eq!(decide(&killed, &LIMITS, same), Verdict::TimeLimit);
        assert_eq!(
            decide(&outcome(Exit::Signal(libc::SIGXCPU)), &LIMITS, same),
            Verdict::TimeLimit
        );
    }
}
