//! Every problem is whole: an adapter `library/src/problems/<id>.rs` and a
//! case folder `judge-tests/<id>/` with its `.problem.toml`, one never
//! without the other, and the statement's sample as the case `sample-1`.
//!
//! A failure is one line per problem found, without a backtrace: each test
//! returns its findings as an error instead of panicking.
//!
//! The case folders keep the online-judge-tools layout, so that
//! `oj test -d judge-tests/<id>` accepts them as they are: oj globs `*.*`,
//! stops at any visible file that is not `<name>.in` / `<name>.out`, and
//! rejects an output without its input. Hidden files (our `.problem.toml`)
//! are not globbed.

use judge_tests::catalog::{default_root, Catalog};
use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;

/// What a test found wrong, one line each; shown as they are (libtest
/// prints a failing test's error with `Debug`).
struct Findings(Vec<String>);

impl fmt::Debug for Findings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\n{}", self.0.join("\n"))
    }
}

/// Ok when nothing was found.
fn verdict(found: Vec<String>) -> Result<(), Findings> {
    if found.is_empty() {
        Ok(())
    } else {
        Err(Findings(found))
    }
}

fn catalog() -> Result<Catalog, Findings> {
    Catalog::discover(&default_root()).map_err(|e| Findings(vec![e.to_string()]))
}

#[test]
fn every_adapter_has_a_case_folder_and_every_case_folder_an_adapter() -> Result<(), Findings> {
    let catalog = catalog()?;
    if catalog.problems.is_empty() {
        return verdict(vec!["no problems discovered".to_string()]);
    }
    verdict(
        catalog
            .problems
            .iter()
            .filter_map(|problem| problem.missing_half())
            .map(|e| e.to_string())
            .collect(),
    )
}

#[test]
fn every_problem_checker_is_found() -> Result<(), Findings> {
    verdict(
        catalog()?
            .problems
            .iter()
            .filter_map(|problem| problem.checker().err())
            .map(|e| e.to_string())
            .collect(),
    )
}

/// What in `dir` keeps `oj test` from reading it as it is.
fn oj_layout_problems(id: &str, dir: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let (mut inputs, mut outputs) = (BTreeSet::new(), BTreeSet::new());
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        if let Some(stem) = name.strip_suffix(".in") {
            inputs.insert(stem.to_string());
        } else if let Some(stem) = name.strip_suffix(".out") {
            outputs.insert(stem.to_string());
        } else {
            problems.push(format!("{id}/{name}: oj test stops at this file"));
        }
    }
    let unpaired: Vec<&String> = inputs.symmetric_difference(&outputs).collect();
    if !unpaired.is_empty() {
        problems.push(format!(
            "{id}: {unpaired:?} lack their .in or .out (inputs and outputs come in pairs)"
        ));
    }
    if !inputs.contains("sample-1") {
        problems.push(format!(
            "judge-tests/{id}/: no sample-1.in / sample-1.out: every problem's first case is \
             its statement's sample (README, \"Adding a problem\")"
        ));
    }
    problems
}

#[test]
fn case_folders_are_in_the_oj_layout() -> Result<(), Findings> {
    let mut problems = Vec::new();
    for problem in &catalog()?.problems {
        if let Some(dir) = &problem.cases {
            problems.extend(oj_layout_problems(&problem.id, dir));
        }
    }
    verdict(problems)
}

/// The three that name problems agree: the judge's catalog, the bundler's
/// ids (adapters through `bundler::adapters::id_of`, dashes for the
/// underscores of module names), and the Makefile, whose `submit-<id>`
/// hands the judge the id as typed.
#[test]
fn the_catalog_the_bundler_and_the_makefile_agree_on_ids() -> Result<(), Findings> {
    let catalog = catalog()?;
    let bundler_ids = bundler::problems(&catalog.root.join("library"))
        .map_err(|e| Findings(vec![e.to_string()]))?;
    let mut found = Vec::new();
    if catalog.ids() != bundler_ids {
        found.push(format!(
            "the catalog's ids {:?} are not the bundler's {bundler_ids:?}",
            catalog.ids()
        ));
    }
    for problem in &catalog.problems {
        let planned = std::process::Command::new("make")
            .args(["-n", &format!("submit-{}", problem.id)])
            .current_dir(&catalog.root)
            .output()
            .map_err(|e| Findings(vec![format!("make -n: {e}")]))?;
        let plan = String::from_utf8_lossy(&planned.stdout);
        if !plan.contains(&format!(" submit {}", problem.id)) {
            found.push(format!(
                "make submit-{}: the judge is not handed the id: {plan}",
                problem.id
            ));
        }
    }
    verdict(found)
}

/// Each problem names the profile of its judge (`judge` in its
/// `.problem.toml`), and its committed submission fits that profile's
/// size limit and compiles, without a warning, under its edition: the
/// committed form is checked against rustc 1.63 elsewhere
/// (`make check-old-rustc`), and here against what the judge compiles
/// with (AtCoder's edition 2024 among them), by the rustc installed.
#[test]
fn every_submission_fits_its_judge() -> Result<(), Findings> {
    let catalog = catalog()?;
    let build = tempfile::tempdir().map_err(|e| Findings(vec![e.to_string()]))?;
    let mut found = Vec::new();
    for problem in &catalog.problems {
        let name = &problem.settings.judge;
        let Some(judge) = bundler::Judge::named(name) else {
            found.push(format!(
                "{}: judge = \"{name}\" is no profile of bundler/src/profiles.rs",
                problem.id
            ));
            continue;
        };
        if judge.is_default() {
            continue;
        }
        let Ok(source) = std::fs::read(&problem.submission) else {
            continue; // a missing submission is tests/submissions.rs's finding
        };
        if source.len() > judge.limit {
            found.push(format!(
                "{}: {} bytes, over {name}'s {}",
                problem.id,
                source.len(),
                judge.limit
            ));
        }
        // LeetCode's shape: compiled as LeetCode does, with its driver.
        let file = match judge_tests::support::driver(&problem.id) {
            None => problem.submission.clone(),
            Some(driver) => {
                let text = String::from_utf8_lossy(&source);
                let file = build
                    .path()
                    .join(format!("{}.rs", problem.id.replace('-', "_")));
                let driven = judge_tests::support::leetcode::driven(&text, driver);
                std::fs::write(&file, driven).map_err(|e| Findings(vec![e.to_string()]))?;
                file
            }
        };
        let checked = std::process::Command::new("rustc")
            .args([
                "--edition",
                judge.edition,
                "--crate-type",
                "bin",
                "--emit=metadata",
                "-D",
                "warnings",
            ])
            .arg("--out-dir")
            .arg(build.path())
            .arg(&file)
            .output()
            .map_err(|e| Findings(vec![format!("rustc: {e}")]))?;
        if !checked.status.success() {
            found.push(format!(
                "{}: rustc --edition {} refuses it:\n{}",
                problem.id,
                judge.edition,
                String::from_utf8_lossy(&checked.stderr)
            ));
        }
    }
    verdict(found)
}
