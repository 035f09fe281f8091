//! Stress mode: random valid inputs, judged against a brute-force reference;
//! the first failure is shrunk and saved as a regression case.
//!
//! ```no_run
//! use judge_tests::settings::Settings;
//! use judge_tests::stress::{stress, StressOptions};
//! use std::path::{Path, PathBuf};
//! let options = StressOptions { count: 50, seed: 1, save_dir: PathBuf::from("judge-tests/p4205") };
//! let ok = stress("p4205", Path::new("/tmp/main"), &Settings::default(), &options, &mut std::io::stdout()).unwrap();
//! ```
//!
//! Shrinking is greedy: each problem proposes nearby inputs (one more piece
//! given, one test case fewer, one given more or less, ...) and a size; the
//! first strictly smaller candidate that still fails replaces the current
//! input, until none does. Candidates whose
//! reference answer is undefined (say, a tiling that stopped being unique)
//! are skipped, so a saved case is always one the judge data could contain.

use crate::judge::{decide, limits_of, Verdict};
use crate::problems;
use crate::report::{case_report, closing_line, Style};
use crate::rng::Rng;
use crate::run::run;
use crate::settings::Settings;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// What stress testing needs from one problem.
pub struct StressProblem {
    /// The problem id.
    pub id: &'static str,
    /// A random valid input.
    pub generate: fn(&mut Rng) -> String,
    /// The expected output, by brute force; `Err` when the input has no defined answer.
    pub reference: fn(&str) -> Result<String, String>,
    /// Candidate smaller inputs derived from this one.
    pub shrink: fn(&str) -> Vec<String>,
    /// How big a failing case is (input, expected output); shrinking only
    /// moves to strictly smaller cases, so it always ends.
    pub size: fn(&str, &str) -> usize,
}

/// Every problem that has a stress generator.
pub const PROBLEMS: &[StressProblem] = &[
    StressProblem {
        id: "p4205",
        generate: problems::p4205::generate,
        reference: problems::p4205::reference,
        shrink: problems::p4205::shrink,
        size: problems::p4205::size,
    },
    StressProblem {
        id: "uva745",
        generate: problems::uva745::generate,
        reference: problems::uva745::reference,
        shrink: problems::uva745::shrink,
        size: problems::uva745::size,
    },
    StressProblem {
        id: "uva197",
        generate: problems::uva197::generate,
        reference: problems::uva197::reference,
        shrink: problems::uva197::shrink,
        size: problems::uva197::size,
    },
    StressProblem {
        id: "latin",
        generate: problems::latin::generate,
        reference: problems::latin::reference,
        shrink: problems::latin::shrink,
        size: problems::latin::size,
    },
];

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

/// Runs the submission on one input; `Ok(None)` when accepted.
fn judge_input(
    exe: &Path,
    settings: &Settings,
    scratch: &Path,
    input: &str,
    expected: &str,
) -> io::Result<Option<crate::judge::CaseResult>> {
    let path = scratch.join("input.txt");
    std::fs::write(&path, input)?;
    let limits = limits_of(settings);
    let outcome = run(exe, &path, &limits)?;
    let verdict = decide(&outcome, &limits, |actual| {
        crate::compare::check(settings.checker, input, expected, actual)
    });
    if verdict == Verdict::Accepted {
        return Ok(None);
    }
    Ok(Some(crate::judge::CaseResult {
        name: String::new(),
        verdict,
        outcome: Some(outcome),
    }))
}

/// The first `regress-K` name (K = 1, 2, ...) not taken in `dir`.
pub fn next_regression_name(dir: &Path) -> String {
    (1..)
        .map(|k| format!("regress-{k}"))
        .find(|name| !dir.join(format!("{name}.in")).exists())
        .expect("some number is free")
}

/// Stress-tests `exe` on problem `id`; prints progress and returns whether all passed.
pub fn stress(
    id: &str,
    exe: &Path,
    settings: &Settings,
    options: &StressOptions,
    out: &mut dyn Write,
) -> io::Result<bool> {
    let problem = PROBLEMS
        .iter()
        .find(|p| p.id == id)
        .ok_or_else(|| io::Error::other(format!("no stress generator for `{id}`")))?;
    let scratch = tempfile::tempdir()?;
    let mut rng = Rng::new(options.seed);
    let mut passed = 0;
    for round in 1..=options.count {
        let input = (problem.generate)(&mut rng);
        let expected = (problem.reference)(&input).map_err(|e| {
            io::Error::other(format!(
                "generator bug, input {round} has no answer: {e}\n{input}"
            ))
        })?;
        let Some(failure) = judge_input(exe, settings, scratch.path(), &input, &expected)? else {
            passed += 1;
            continue;
        };
        writeln!(
            out,
            "input {round} of {} (seed {}) fails: {}; shrinking ({} bytes)",
            options.count,
            options.seed,
            failure.verdict.code(),
            input.len()
        )?;
        let (small, small_expected, small_failure) = shrink(
            problem,
            exe,
            settings,
            scratch.path(),
            input,
            expected,
            failure,
        )?;
        let name = next_regression_name(&options.save_dir);
        std::fs::write(options.save_dir.join(format!("{name}.in")), &small)?;
        std::fs::write(
            options.save_dir.join(format!("{name}.out")),
            &small_expected,
        )?;
        let mut shown = small_failure;
        shown.name = name.clone();
        writeln!(
            out,
            "{}",
            case_report(&shown, &limits_of(settings), Style::for_stdout())
        )?;
        writeln!(
            out,
            "saved {} bytes as {}",
            small.len(),
            options.save_dir.join(format!("{name}.in")).display()
        )?;
        writeln!(out, "{}", closing_line(passed, 1))?;
        return Ok(false);
    }
    writeln!(out, "{}", closing_line(passed, 0))?;
    Ok(true)
}

type Failing = (String, String, crate::judge::CaseResult);

fn shrink(
    problem: &StressProblem,
    exe: &Path,
    settings: &Settings,
    scratch: &Path,
    input: String,
    expected: String,
    failure: crate::judge::CaseResult,
) -> io::Result<Failing> {
    let mut current = (input, expected, failure);
    'smaller: loop {
        let current_size = (problem.size)(&current.0, &current.1);
        for candidate in (problem.shrink)(&current.0) {
            let Ok(expected) = (problem.reference)(&candidate) else {
                continue;
            };
            if (problem.size)(&candidate, &expected) >= current_size {
                continue;
            }
            if let Some(failure) = judge_input(exe, settings, scratch, &candidate, &expected)? {
                current = (candidate, expected, failure);
                continue 'smaller;
            }
        }
        return Ok(current);
    }
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

    #[test]
    fn every_generator_yields_inputs_with_a_reference_answer() {
        for problem in PROBLEMS {
            let mut rng = Rng::new(11);
            for _ in 0..3 {
                let input = (problem.generate)(&mut rng);
                let answer = (problem.reference)(&input);
                assert!(answer.is_ok(), "{}: {:?}\n{input}", problem.id, answer);
                let expected = answer.unwrap();
                for nearby in (problem.shrink)(&input) {
                    assert_ne!(
                        nearby, input,
                        "{}: a candidate equal to its input",
                        problem.id
                    );
                }
                assert!((problem.size)(&input, &expected) > 0, "{}", problem.id);
            }
        }
    }
}
