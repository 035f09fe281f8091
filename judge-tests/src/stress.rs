//! Stress mode: random valid inputs, judged against a brute-force reference;
//! the first failure is shrunk and saved as a regression case.
//!
//! ```no_run
//! use judge_tests::catalog::{default_root, Catalog};
//! use judge_tests::stress::{stress, StressKit, StressOptions};
//! use std::path::{Path, PathBuf};
//! let catalog = Catalog::discover(&default_root()).unwrap();
//! let kit = StressKit::of(catalog.resolve("p4205").unwrap()).unwrap();
//! let options = StressOptions { count: 50, seed: 1, save_dir: PathBuf::from("judge-tests/p4205") };
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
use crate::judge::{decide, limits_of, CaseResult, Verdict};
use crate::problems::{Generator, Reference};
use crate::report::{case_report, closing_line, Style};
use crate::rng::Rng;
use crate::run::{run, Limits};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

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
}

impl StressKit {
    /// The kit of `problem`, or why it cannot be stress-tested (no entry
    /// with a generator and a reference in `judge-tests/src/problems.rs`).
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
        })
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
        std::fs::write(&self.input_file, input)?;
        let outcome = run(self.exe, &self.input_file, &self.kit.limits)?;
        let verdict = decide(&outcome, &self.kit.limits, |actual| {
            self.kit.checker.check(input, expected, actual)
        });
        Ok((verdict != Verdict::Accepted).then(|| CaseResult {
            name: String::new(),
            verdict,
            outcome: Some(outcome),
        }))
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
    for round in 1..=options.count {
        let input = (kit.generator.generate)(&mut rng);
        let expected = (kit.reference)(&input).map_err(|e| {
            io::Error::other(format!(
                "generator bug, input {round} has no answer: {e}\n{input}"
            ))
        })?;
        if let Some(failure) = runner.judge(&input, &expected)? {
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
    writeln!(out, "{}", closing_line(options.count, 0))?;
    Ok(true)
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
    fn regression_names_skip_taken_numbers() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(next_regression_name(dir.path()), "regress-1");
        std::fs::write(dir.path().join("regress-1.in"), "").unwrap();
        std::fs::write(dir.path().join("regress-2.in"), "").unwrap();
        assert_eq!(next_regression_name(dir.path()), "regress-3");
    }
}
