//! Every problem is whole: an adapter `library/src/problems/<id>.rs` and a
//! case folder `judge-tests/<id>/` with its `.problem.toml`, one never
//! without the other.
//!
//! The case folders keep the online-judge-tools layout, so that
//! `oj test -d judge-tests/<id>` accepts them as they are: oj globs `*.*`,
//! stops at any visible file that is not `<name>.in` / `<name>.out`, and
//! rejects an output without its input. Hidden files (our `.problem.toml`)
//! are not globbed.

use judge_tests::catalog::{default_root, Catalog};
use std::collections::BTreeSet;
use std::path::Path;

fn catalog() -> Catalog {
    Catalog::discover(&default_root()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_adapter_has_a_case_folder_and_every_case_folder_an_adapter() {
    let catalog = catalog();
    let missing: Vec<String> = catalog
        .problems
        .iter()
        .filter_map(|problem| problem.missing_half())
        .collect();
    assert!(missing.is_empty(), "\n{}", missing.join("\n"));
    assert!(!catalog.problems.is_empty(), "no problems discovered");
}

#[test]
fn every_problem_checker_is_found() {
    let unresolved: Vec<String> = catalog()
        .problems
        .iter()
        .filter_map(|problem| problem.checker().err())
        .collect();
    assert!(unresolved.is_empty(), "\n{}", unresolved.join("\n"));
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
    if inputs != outputs {
        problems.push(format!(
            "{id}: inputs {inputs:?} and outputs {outputs:?} do not pair up"
        ));
    }
    if !inputs.contains("sample-1") {
        problems.push(format!("{id}: no sample-1 case"));
    }
    problems
}

#[test]
fn case_folders_are_in_the_oj_layout() {
    let mut problems = Vec::new();
    for problem in &catalog().problems {
        if let Some(dir) = &problem.cases {
            problems.extend(oj_layout_problems(&problem.id, dir));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
