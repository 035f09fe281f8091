//! Every committed submission, compiled with plain rustc as a judge would,
//! must be accepted on every case of its problem, and compile without a
//! single warning, then survive a short stress run against the brute-force
//! reference (regressions go to a temporary directory, never into the tree).
//! One test per problem, so a missing submission is named.

use judge_tests::judge::{find_cases, judge_case, Verdict};
use judge_tests::report::{case_report, Style};
use judge_tests::run::compile;
use judge_tests::settings::Settings;
use judge_tests::stress::{stress, StressOptions};
use std::path::PathBuf;

fn judge_submission(id: &str) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let source = root
        .parent()
        .unwrap()
        .join("submissions")
        .join(id)
        .join("main.rs");
    assert!(
        source.is_file(),
        "{} does not exist yet: generate it with `make submit-{id}` and commit it",
        source.display()
    );
    let cases_dir = root.join(id);
    let settings = Settings::load_dir(&cases_dir).unwrap();
    let cases = find_cases(std::slice::from_ref(&cases_dir)).unwrap();
    assert!(!cases.is_empty(), "no cases in {}", cases_dir.display());
    let build = tempfile::tempdir().unwrap();
    let compiled =
        compile(&source, build.path()).unwrap_or_else(|e| panic!("{id}: rustc failed:\n{e}"));
    assert!(
        compiled.warnings.trim().is_empty(),
        "{id}: rustc printed warnings:\n{}",
        compiled.warnings
    );
    let limits = judge_tests::judge::limits_of(&settings);
    let failures: Vec<String> = cases
        .iter()
        .map(|case| judge_case(&compiled.exe, case, &settings))
        .filter(|result| result.verdict != Verdict::Accepted)
        .map(|result| case_report(&result, &limits, Style::plain()))
        .collect();
    assert!(
        failures.is_empty(),
        "{id}: {} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );

    let save = tempfile::tempdir().unwrap();
    let options = StressOptions {
        count: 10,
        seed: 2026,
        save_dir: save.path().to_path_buf(),
    };
    let mut log = Vec::new();
    let passed = stress(id, &compiled.exe, &settings, &options, &mut log).unwrap();
    assert!(
        passed,
        "{id}: stress failed:\n{}",
        String::from_utf8_lossy(&log)
    );
}

#[test]
fn p4205() {
    judge_submission("p4205");
}

#[test]
fn uva745() {
    judge_submission("uva745");
}

#[test]
fn uva197() {
    judge_submission("uva197");
}

#[test]
fn latin() {
    judge_submission("latin");
}
