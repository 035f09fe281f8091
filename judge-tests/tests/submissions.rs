//! Every committed submission, compiled with plain rustc as a judge would,
//! must be accepted on every case of its problem and compile without a
//! single warning, then survive a short stress run against the brute-force
//! reference when its problem has one (regressions go to a temporary
//! directory, never into the tree), and three hostile inputs of 50 MB (see
//! [`HOSTILE`]): an answer or a clear error, quickly, with a short message
//! and peak memory under three times the input plus 32 MB.
//!
//! The problems are discovered (`catalog`), so this file names none. It is
//! its own test harness (`harness = false`): it prints one line per problem
//! as the verdicts come, which `cargo test` shows whether or not output is
//! captured, and a report naming each problem that failed.
//!
//! ```text
//! cargo test -p judge-tests --test submissions             # every problem
//! cargo test -p judge-tests --test submissions -- uva      # ids containing `uva`
//! ```

use judge_tests::catalog::{default_root, Catalog, Problem};
use judge_tests::report::{case_report, name_width, Style};
use judge_tests::run::{compile_problem, run, Exit, Limits};
use judge_tests::stress::{stress, StressKit, StressOptions};
use judge_tests::verdict::{find_cases, judge_cases, limits_of, Verdict};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// The short stress run every submission gets.
const STRESS_COUNT: usize = 10;
const STRESS_SEED: u64 = 2026;

/// What the command line asks for: libtest's flags that matter here.
#[derive(Default)]
struct Args {
    list: bool,
    ignored: bool,
    filters: Vec<String>,
    skips: Vec<String>,
}

impl Args {
    fn parse(mut raw: impl Iterator<Item = String>) -> Args {
        let mut args = Args::default();
        while let Some(arg) = raw.next() {
            match arg.as_str() {
                "--list" => args.list = true,
                "--ignored" => args.ignored = true,
                "--skip" => args.skips.extend(raw.next()),
                // libtest options with a value this harness has no use for.
                "--test-threads" | "--format" | "--color" | "--logfile" | "-Z" => {
                    raw.next();
                }
                flag if flag.starts_with('-') => {}
                _ => args.filters.push(arg),
            }
        }
        args
    }

    fn wants(&self, id: &str) -> bool {
        !self.ignored
            && (self.filters.is_empty() || self.filters.iter().any(|f| id.contains(f.as_str())))
            && !self.skips.iter().any(|s| id.contains(s.as_str()))
    }
}

fn main() -> ExitCode {
    let args = Args::parse(std::env::args().skip(1));
    let catalog = match Catalog::discover(&default_root()) {
        Ok(catalog) => catalog,
        Err(e) => {
            eprintln!("cannot discover the problems: {e}");
            return ExitCode::FAILURE;
        }
    };
    let problems: Vec<&Problem> = catalog
        .problems
        .iter()
        .filter(|p| args.wants(&p.id))
        .collect();
    if args.list {
        for problem in &problems {
            println!("{}: test", problem.id);
        }
        return ExitCode::SUCCESS;
    }
    println!(
        "\nrunning {}: each committed submission judged on its cases",
        count(problems.len(), "problem")
    );
    let hostile = match write_hostile_inputs() {
        Ok(hostile) => hostile,
        Err(e) => {
            eprintln!("cannot write the hostile inputs: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut failures = Vec::new();
    in_parallel(
        &problems,
        |problem| judge_problem(problem, &hostile),
        |problem, verdict| {
            let line = match verdict {
                Ok(line) => format!("{:<8} ok      {line}", problem.id),
                Err(report) => {
                    failures.push(format!("---- {} ----\n{report}", problem.id));
                    format!("{:<8} FAILED", problem.id)
                }
            };
            println!("{line}");
        },
    );
    closing(problems.len(), &failures)
}

/// The details of every failure, then libtest's closing line.
fn closing(count: usize, failures: &[String]) -> ExitCode {
    let passed = count - failures.len();
    if failures.is_empty() {
        println!("\ntest result: ok. {passed} passed; 0 failed\n");
        return ExitCode::SUCCESS;
    }
    println!("\nfailures:\n\n{}\n", failures.join("\n\n"));
    println!(
        "test result: FAILED. {passed} passed; {} failed\n",
        failures.len()
    );
    ExitCode::FAILURE
}

/// Runs `work` on every item on a few threads and hands the results to
/// `report` in the items' order, each as soon as it and those before it are done.
fn in_parallel<T: Sync, R: Send>(
    items: &[T],
    work: impl Fn(&T) -> R + Sync,
    mut report: impl FnMut(&T, R),
) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(items.len()) {
            let (sender, next, work) = (sender.clone(), &next, &work);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::SeqCst);
                let Some(item) = items.get(index) else { break };
                let _ = sender.send((index, work(item)));
            });
        }
        drop(sender);
        let mut done: Vec<Option<R>> = items.iter().map(|_| None).collect();
        let mut shown = 0;
        for (index, result) in receiver {
            done[index] = Some(result);
            while let Some(result) = done.get_mut(shown).and_then(Option::take) {
                report(&items[shown], result);
                shown += 1;
            }
        }
    });
}

/// One problem's line when everything passes, or a report of what failed.
fn judge_problem(problem: &Problem, hostile: &HostileInputs) -> Result<String, String> {
    let started = Instant::now();
    if let Some(missing) = problem.missing_half() {
        return Err(missing.to_string());
    }
    let build = tempfile::tempdir().map_err(|e| e.to_string())?;
    let exe = compile_cleanly(problem, build.path())?;
    let cases = judge_every_case(problem, &exe)?;
    let stressed = stress_briefly(problem, &exe)?;
    let survived = survive_hostile_inputs(&exe, hostile)?;
    Ok(format!(
        "{cases}; {stressed}; {survived} ({:.1} s)",
        started.elapsed().as_secs_f64()
    ))
}

/// The committed submission, compiled without a warning.
fn compile_cleanly(problem: &Problem, build: &Path) -> Result<std::path::PathBuf, String> {
    let (id, source) = (&problem.id, &problem.submission);
    if !source.is_file() {
        return Err(format!(
            "{} does not exist yet: generate it with `make submit-{id}` and commit it",
            source.display()
        ));
    }
    let compiled = compile_problem(id, source, build).map_err(|e| format!("rustc failed:\n{e}"))?;
    if !compiled.warnings.trim().is_empty() {
        return Err(format!("rustc printed warnings:\n{}", compiled.warnings));
    }
    Ok(compiled.exe)
}

/// Every case accepted: `11 cases accepted (checker lines, slowest 40 ms of CPU)`.
fn judge_every_case(problem: &Problem, exe: &Path) -> Result<String, String> {
    let dir = problem.case_dir().map_err(|e| e.to_string())?.to_path_buf();
    let cases = find_cases(std::slice::from_ref(&dir)).map_err(|e| e.to_string())?;
    if cases.is_empty() {
        return Err(format!("no cases in {}", dir.display()));
    }
    let checker = problem.checker().map_err(|e| e.to_string())?;
    let results = judge_cases(exe, &cases, &problem.settings, &checker, |_| {});
    let limits = limits_of(&problem.settings);
    let width = name_width(results.iter().map(|result| result.name.as_str()));
    let failed: Vec<String> = results
        .iter()
        .filter(|result| result.verdict != Verdict::Accepted)
        .map(|result| case_report(result, &limits, Style::plain(), width))
        .collect();
    if !failed.is_empty() {
        return Err(format!(
            "{} of {} cases failed:\n{}",
            failed.len(),
            cases.len(),
            failed.join("\n")
        ));
    }
    let slowest = results
        .iter()
        .filter_map(|r| r.outcome.as_ref())
        .map(|o| o.cpu)
        .max();
    Ok(format!(
        "{} cases accepted (checker {}, slowest {} ms of CPU)",
        cases.len(),
        problem.settings.checker,
        slowest.unwrap_or_default().as_millis()
    ))
}

/// A short stress run when the problem has a generator; says so when not.
fn stress_briefly(problem: &Problem, exe: &Path) -> Result<String, String> {
    let Ok(kit) = StressKit::of(problem) else {
        return Ok("no stress generator".to_string());
    };
    let save = tempfile::tempdir().map_err(|e| e.to_string())?;
    let options = StressOptions {
        count: STRESS_COUNT,
        seed: STRESS_SEED,
        save_dir: save.path().to_path_buf(),
        save_slowest: None,
    };
    let mut log = Vec::new();
    match stress(&kit, exe, &options, &mut log) {
        Ok(true) => Ok(format!("stress {STRESS_COUNT} inputs (seed {STRESS_SEED})")),
        Ok(false) => Err(format!("stress failed:\n{}", String::from_utf8_lossy(&log))),
        Err(e) => Err(format!("stress could not run: {e}")),
    }
}

/// The inputs every submission must survive, each `HOSTILE_BYTES` long:
/// nothing but line ends (every line collected first would take 25 times
/// the input), one line of digits (a number, a grid, a row or a name that
/// never ends; a message quoting it whole would be as long), and that line
/// after `20` and `1` (one piece line of a 20 × 20 square, for uva745).
const HOSTILE: [&str; 3] = ["line-ends", "one-long-line", "one-long-piece-line"];
const HOSTILE_BYTES: usize = 50 << 20;

/// The files of [`HOSTILE`], in a temporary directory.
struct HostileInputs {
    _dir: tempfile::TempDir,
    files: Vec<PathBuf>,
}

fn write_hostile_inputs() -> std::io::Result<HostileInputs> {
    let dir = tempfile::tempdir()?;
    let digits = vec![b'1'; HOSTILE_BYTES - 1];
    let mut files = Vec::new();
    for name in HOSTILE {
        let mut bytes = match name {
            "line-ends" => vec![b'\n'; HOSTILE_BYTES],
            "one-long-line" => digits.clone(),
            _ => b"20\n1\n".to_vec(),
        };
        bytes.truncate(HOSTILE_BYTES - 1);
        bytes.extend_from_slice(&digits[..HOSTILE_BYTES - 1 - bytes.len()]);
        bytes.push(b'\n');
        let path = dir.path().join(name);
        std::fs::write(&path, &bytes)?;
        files.push(path);
    }
    Ok(HostileInputs { _dir: dir, files })
}

/// Each hostile input ends in an answer or an error (exit code 0 or 1,
/// never a panic's 101, a signal or a timeout) with at most a few lines on
/// stderr, within 3 × the input + 32 MB of memory.
fn survive_hostile_inputs(exe: &Path, hostile: &HostileInputs) -> Result<String, String> {
    let budget = 3 * HOSTILE_BYTES as u64 + (32 << 20);
    let limits = Limits {
        time: std::time::Duration::from_secs(20),
        memory: 4 << 30,
        output: 1 << 20,
    };
    let mut peak = 0;
    for (name, file) in HOSTILE.iter().zip(&hostile.files) {
        let outcome = run(exe, file, &limits).map_err(|e| format!("{name}: cannot run: {e}"))?;
        let fail = |why: String| Err(format!("hostile input {name}: {why}"));
        if outcome.killed.is_some() || !matches!(outcome.exit, Exit::Code(0) | Exit::Code(1)) {
            return fail(format!(
                "ended {:?} after {} ms of CPU (killed: {:?}); stderr: {}",
                outcome.exit,
                outcome.cpu.as_millis(),
                outcome.killed,
                outcome.stderr_tail
            ));
        }
        if outcome.stderr_tail.len() > 400 {
            return fail(format!(
                "a message of {} bytes or more (quote less of the input): {}…",
                outcome.stderr_tail.len(),
                &outcome.stderr_tail[..200]
            ));
        }
        if outcome.peak_memory > budget {
            return fail(format!(
                "peak memory {} MiB, over the {} MiB allowed for {} MiB of input",
                outcome.peak_memory >> 20,
                budget >> 20,
                HOSTILE_BYTES >> 20
            ));
        }
        peak = peak.max(outcome.peak_memory);
    }
    Ok(format!(
        "{} hostile inputs of {} MiB survived (peak memory {} MiB of the {} MiB allowed)",
        HOSTILE.len(),
        HOSTILE_BYTES >> 20,
        peak >> 20,
        budget >> 20
    ))
}

/// `1 problem`, `12 problems`.
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
