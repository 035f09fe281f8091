//! Every committed expected output recomputed by its problem's brute-force
//! reference (`judge-tests/src/support/<id>.rs`, which shares no code with
//! `library/`): the `.out` must be the reference's answer byte for byte,
//! and every input must have one (judge data is well formed, its tilings
//! unique where the statement promises it); a reference that declines an
//! input fails the test with its reason.
//!
//! After adding a case (`<name>.in` and an empty `<name>.out`), write its
//! expected output from the reference:
//!
//! ```text
//! UPDATE_JUDGE_TESTS=1 cargo test -p judge-tests --test references
//! ```
//!
//! That rewrites every `.out` that differs, except the statement's samples
//! (`sample-*`), which are the statement's word and are only compared.

use judge_tests::catalog::{default_root, Catalog, Problem};
use judge_tests::compare::{exact, Checker};
use judge_tests::support::Reference;
use judge_tests::verdict::{find_cases, read_text, Case};

/// What became of one case that is not wrong.
enum Outcome {
    Agrees,
    Rewritten,
}

/// Recomputes one case; with `update`, rewrites a differing non-sample
/// `.out`. An error says why the case is wrong. Where the problem has its
/// own checker (any of several answers accepted, as SPOJ NQUEEN's), a
/// `.out` other than the reference's agrees when that checker accepts both
/// it and the reference's answer: a statement's sample answer need not be
/// the one the reference finds.
fn recompute(
    reference: Reference,
    own: Option<&Checker>,
    case: &Case,
    update: bool,
) -> Result<Outcome, String> {
    let input = read_text(&case.input).map_err(|e| e.to_string())?;
    let answer = reference(&input).map_err(|why| format!("the reference has no answer: {why}"))?;
    let expected = read_text(&case.expected).map_err(|e| e.to_string())?;
    let Err(mismatch) = exact(&answer, &expected) else {
        return Ok(Outcome::Agrees);
    };
    let accepted = |text: &str| own.is_some_and(|c| c.check(&input, &answer, text).is_ok());
    if accepted(&expected) && accepted(&answer) {
        return Ok(Outcome::Agrees);
    }
    if update && !case.name.starts_with("sample-") {
        std::fs::write(&case.expected, answer)
            .map_err(|e| format!("{}: {e}", case.expected.display()))?;
        return Ok(Outcome::Rewritten);
    }
    Err(format!(
        "{} is not the reference's answer (expected: the reference; got: the file): {mismatch}",
        case.expected.display(),
    ))
}

/// One problem's notes (rewritten cases, the count) and disagreements.
fn check_problem(
    problem: &Problem,
    reference: Reference,
    update: bool,
) -> (Vec<String>, Vec<String>) {
    let (mut notes, mut disagreements) = (Vec::new(), Vec::new());
    let dirs: Vec<_> = problem.cases.iter().cloned().collect();
    let cases = find_cases(&dirs).unwrap_or_else(|e| panic!("{}: {e}", problem.id));
    let own = problem
        .checker()
        .ok()
        .filter(|checker| matches!(checker, Checker::Own { .. }));
    for case in &cases {
        let place = format!("{}/{}", problem.id, case.name);
        match recompute(reference, own.as_ref(), case, update) {
            Ok(Outcome::Agrees) => {}
            Ok(Outcome::Rewritten) => notes.push(format!("{place}: rewrote the .out")),
            Err(why) => disagreements.push(format!("{place}: {why}")),
        }
    }
    notes.push(format!("{}: {} cases recomputed", problem.id, cases.len()));
    (notes, disagreements)
}

#[test]
fn every_expected_output_is_the_references_answer() {
    let update = std::env::var_os("UPDATE_JUDGE_TESTS").is_some();
    let catalog = Catalog::discover(&default_root()).unwrap();
    let mut disagreements = Vec::new();
    let mut checked = 0;
    for problem in &catalog.problems {
        let Some(reference) = problem.support().and_then(|s| s.reference) else {
            println!("{}: no reference; its cases are only judged", problem.id);
            continue;
        };
        let (notes, wrong) = check_problem(problem, reference, update);
        notes.iter().for_each(|note| println!("{note}"));
        disagreements.extend(wrong);
        checked += 1;
    }
    assert!(
        disagreements.is_empty(),
        "\n{}\n(after checking the reference, `UPDATE_JUDGE_TESTS=1 cargo test -p judge-tests \
         --test references` rewrites the .out files that are not statement samples)",
        disagreements.join("\n")
    );
    assert!(checked > 0, "no problem has a reference");
}
