//! Stress mode: random valid inputs, judged against a brute-force reference;
//! the first failure is shrunk and saved as a regression case.
//!
//! ```no_run
//! use judge_tests::catalog::{default_root, Catalog};
//! use judge_tests::stress::{stress, StressKit, StressOptions};
//! use std::path::{Path, PathBuf};
//! let catalog = Catalog::discover(&default_root()).unwrap();
//! let kit = StressKit::of(catalog.resolve("p4205").unwrap()).unwrap();
//! let options = StressOptions {
//!     count: 50,
//!     seed: 1,
//!     save_dir: PathBuf::from("judge-tests/p4205"),
//!     save_slowest: None,
//! };
//! let ok = stress(&kit, Path::new("/tmp/main"), &options, &mut std::io::stdout()).unwrap();
//! ```
//!
//! Shrinking is greedy: each problem proposes nearby inputs (one more piece
//! given, one test case fewer, one given more or less, ...) and a size; the
//! first strictly smaller candidate that still fails replaces the current
//! input, until none does. Candidates whose
//! reference answer is undefined (say, a tiling that stopped being unique)
//! are skipped, so a saved case is always one the judge data could contain.

use crate::catalog::Problem;
use crate::compare::Checker;
use crate::error::Error;
use crate::report::{case_report, closing_line, Style};
use crate::rng::Rng;
use crate::run::{run, Limits};
use crate::support::grid::NO_SOLUTION;
use crate::support::{Generator, Reference};
use crate::verdict::{decide, limits_of, CaseResult, Verdict};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Everything a stress run needs of one problem.
#[derive(Clone, Copy, Debug)]
pub struct StressKit {
    /// Random inputs and how to shrink them.
    pub generator: Generator,
    /// The expected output of an input.
    pub reference: Reference,
    /// The problem's limits.
    pub limits: Limits,
    /// The problem's checker.
    pub checker: Checker,
    /// Whether grids the problem's own checker validates stand without the
    /// reference (a hard class's run: see [`stress`]).
    pub certify: bool,
}

impl StressKit {
    /// The kit of `problem`, or why it cannot be stress-tested (no entry
    /// with a generator and a reference in `judge-tests/src/support.rs`).
    pub fn of(problem: &Problem) -> Result<StressKit, Error> {
        let support = problem.support();
        let generator = support.and_then(|s| s.generator);
        let reference = support.and_then(|s| s.reference);
        let (Some(generator), Some(reference)) = (generator, reference) else {
            return Err(Error::NoStressSupport {
                id: problem.id.clone(),
            });
        };
        Ok(StressKit {
            generator,
            reference,
            limits: limits_of(&problem.settings),
            checker: problem.checker()?,
            certify: false,
        })
    }

    /// The kit of `problem` with its hard class `name` as the generator
    /// (see [`crate::support::Class`]), shrinking as the problem does.
    pub fn of_class(problem: &Problem, name: &str) -> Result<StressKit, Error> {
        let mut kit = StressKit::of(problem)?;
        let classes = problem.support().map_or(&[][..], |s| s.classes);
        let Some(class) = classes.iter().find(|c| c.name == name) else {
            return Err(Error::NoSuchClass {
                id: problem.id.clone(),
                class: name.to_string(),
                known: classes
                    .iter()
                    .map(|c| c.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        };
        kit.generator.generate = class.generate;
        kit.certify = true;
        Ok(kit)
    }
}

/// How many inputs, from which seed, and where regressions go.
#[derive(Debug, Clone)]
pub struct StressOptions {
    /// Number of random inputs.
    pub count: usize,
    /// Seed of the first input; the run replays exactly from it.
    pub seed: u64,
    /// Where `regress-K.in` / `.out` are written.
    pub save_dir: PathBuf,
    /// When all pass, also write the slowest input there as `NAME.in` /
    /// `.out` (the hardest case a class found, to commit).
    pub save_slowest: Option<String>,
}

/// A failing input: the input, its expected output, how it failed.
type Failing = (String, String, CaseResult);

/// Runs the submission on inputs written to one scratch file.
struct Runner<'a> {
    kit: &'a StressKit,
    exe: &'a Path,
    input_file: PathBuf,
}

impl Runner<'_> {
    /// Runs the submission on one input; `Ok(None)` when accepted.
    fn judge(&self, input: &str, expected: &str) -> io::Result<Option<CaseResult>> {
        Ok(self.judge_timed(input, expected)?.1)
    }

    /// [`Runner::judge`], and the CPU time the run took.
    fn judge_timed(
        &self,
        input: &str,
        expected: &str,
    ) -> io::Result<(Duration, Option<CaseResult>)> {
        std::fs::write(&self.input_file, input)?;
        let outcome = run(self.exe, &self.input_file, &self.kit.limits)?;
        let verdict = decide(&outcome, &self.kit.limits, |actual| {
            self.kit.checker.check(input, expected, actual)
        });
        let cpu = outcome.cpu;
        Ok((
            cpu,
            (verdict != Verdict::Accepted).then(|| CaseResult {
                name: String::new(),
                verdict,
                outcome: Some(outcome),
            }),
        ))
    }

    /// Judges one generated input: its expected output, the run's CPU
    /// time, and the failure if any. Where the problem has its own checker
    /// and the submission answers every case with a grid, the checker
    /// validating those grids (each one proof that its case is solvable)
    /// is enough, and the reference is not asked: it is asked only to
    /// confirm `No solution`, or to judge a failure.
    fn judge_round(
        &self,
        input: &str,
        round: usize,
    ) -> io::Result<(String, Duration, Option<CaseResult>)> {
        if let (true, Checker::Own { check, .. }) = (self.kit.certify, self.kit.checker) {
            std::fs::write(&self.input_file, input)?;
            let outcome = run(self.exe, &self.input_file, &self.kit.limits)?;
            let actual = String::from_utf8_lossy(&outcome.stdout).into_owned();
            let certified = !actual.contains(NO_SOLUTION)
                && decide(&outcome, &self.kit.limits, |a| check(input, a, a)) == Verdict::Accepted;
            if certified {
                return Ok((actual, outcome.cpu, None));
            }
        }
        let expected = (self.kit.reference)(input).map_err(|e| {
            io::Error::other(format!(
                "generator bug, input {round} has no answer: {e}\n{input}"
            ))
        })?;
        let (cpu, failure) = self.judge_timed(input, &expected)?;
        Ok((expected, cpu, failure))
    }

    /// The smallest failing case that greedy shrinking reaches from `failing`.
    fn shrink(&self, failing: Failing) -> io::Result<Failing> {
        let Generator { shrink, size, .. } = self.kit.generator;
        let mut current = failing;
        'smaller: loop {
            let current_size = size(&current.0, &current.1);
            for candidate in shrink(&current.0) {
                let Ok(expected) = (self.kit.reference)(&candidate) else {
                    continue;
                };
                if size(&candidate, &expected) >= current_size {
                    continue;
                }
                if let Some(failure) = self.judge(&candidate, &expected)? {
                    current = (candidate, expected, failure);
                    continue 'smaller;
                }
            }
            return Ok(current);
        }
    }
}

/// The first `regress-K` name (K = 1, 2, ...) not taken in `dir`.
pub fn next_regression_name(dir: &Path) -> String {
    (1..)
        .map(|k| format!("regress-{k}"))
        .find(|name| !dir.join(format!("{name}.in")).exists())
        .expect("some number is free")
}

/// Stress-tests `exe` with `kit`; prints progress and returns whether all passed.
pub fn stress(
    kit: &StressKit,
    exe: &Path,
    options: &StressOptions,
    out: &mut dyn Write,
) -> io::Result<bool> {
    let scratch = tempfile::tempdir()?;
    let runner = Runner {
        kit,
        exe,
        input_file: scratch.path().join("input.txt"),
    };
    let mut rng = Rng::new(options.seed);
    let mut times = Vec::with_capacity(options.count);
    let mut slowest: Option<(Duration, String, String)> = None;
    for round in 1..=options.count {
        let input = (kit.generator.generate)(&mut rng);
        let (expected, cpu, failure) = runner.judge_round(&input, round)?;
        times.push(cpu);
        if slowest.as_ref().is_none_or(|s| cpu > s.0) {
            slowest = Some((cpu, input.clone(), expected.clone()));
        }
        if let Some(failure) = failure {
            writeln!(
                out,
                "input {round} of {} (seed {}) fails: {}; shrinking ({} bytes)",
                options.count,
                options.seed,
                failure.verdict.code(),
                input.len()
            )?;
            let smallest = runner.shrink((input, expected, failure))?;
            save_and_report(smallest, kit, &options.save_dir, out)?;
            writeln!(out, "{}", closing_line(round - 1, 1))?;
            return Ok(false);
        }
    }
    writeln!(out, "{}", time_line(&mut times, kit.limits.time))?;
    if let (Some(name), Some((_, input, expected))) = (&options.save_slowest, slowest) {
        let path = options.save_dir.join(format!("{name}.in"));
        std::fs::write(&path, &input)?;
        std::fs::write(options.save_dir.join(format!("{name}.out")), &expected)?;
        writeln!(out, "saved the slowest input as {}", path.display())?;
    }
    writeln!(out, "{}", closing_line(options.count, 0))?;
    Ok(true)
}

/// The distribution of the CPU `times` of a run against the `limit`:
/// median, 99th percentile (nearest rank) and maximum.
pub fn time_line(times: &mut [Duration], limit: Duration) -> String {
    if times.is_empty() {
        return "no inputs run".to_string();
    }
    times.sort_unstable();
    let rank = |q: f64| times[((q * times.len() as f64).ceil() as usize).clamp(1, times.len()) - 1];
    let ms = |d: Duration| format!("{:.1}", d.as_secs_f64() * 1000.0);
    format!(
        "CPU time of {} inputs: median {} ms, p99 {} ms, max {} ms (limit {} ms, max {:.0}% of it)",
        times.len(),
        ms(rank(0.5)),
        ms(rank(0.99)),
        ms(times[times.len() - 1]),
        limit.as_millis(),
        100.0 * times[times.len() - 1].as_secs_f64() / limit.as_secs_f64()
    )
}

/// Writes the failing case as the next `regress-K` and shows its verdict.
fn save_and_report(
    (input, expected, mut failure): Failing,
    kit: &StressKit,
    dir: &Path,
    out: &mut dyn Write,
) -> io::Result<()> {
    let name = next_regression_name(dir);
    let input_path = dir.join(format!("{name}.in"));
    std::fs::write(&input_path, &input)?;
    std::fs::write(dir.join(format!("{name}.out")), &expected)?;
    failure.name = name;
    let width = failure.name.len();
    let shown = case_report(&failure, &kit.limits, Style::for_stdout(), width);
    writeln!(out, "{shown}")?;
    writeln!(
        out,
        "saved {} bytes as {}",
        input.len(),
        input_path.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_line_reads_median_p99_and_max() {
        let mut times: Vec<Duration> = (1..=200).rev().map(Duration::from_millis).collect();
        assert_eq!(
            time_line(&mut times, Duration::from_millis(1000)),
            "CPU time of 200 inputs: median 100.0 ms, p99 198.0 ms, max 200.0 ms (limit 1000 ms, max 20% of it)"
        );
        assert_eq!(
            time_line(&mut [], Duration::from_millis(1)),
            "no inputs run"
        );
    }

    #[test]
    fn regression_names_skip_taken_numbers() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(next_regression_name(dir.path()), "regress-1");
        std::fs::write(dir.path().join("regress-1.in"), "").unwrap();
        std::fs::write(dir.path().join("regress-2.in"), "").unwrap();
        assert_eq!(next_regression_name(dir.path()), "regress-3");
    }
}
