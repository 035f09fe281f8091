//! The committed cases checked against the harness's own brute-force
//! references, which share no code with `library/`: an independent second
//! opinion on every expected output. Inputs without a defined reference
//! answer (malformed on purpose, several tilings, too many solutions) are
//! listed, never skipped silently.

use judge_tests::compare::check;
use judge_tests::judge::find_cases;
use judge_tests::settings::Settings;
use judge_tests::stress::PROBLEMS;
use std::path::PathBuf;

#[test]
fn every_case_agrees_with_the_brute_force_reference() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut disagreements = Vec::new();
    let mut checked = 0;
    for problem in PROBLEMS {
        let dir = root.join(problem.id);
        if !dir.is_dir() {
            println!("{}: no cases yet", problem.id);
            continue;
        }
        let settings = Settings::load_dir(&dir).unwrap();
        for case in find_cases(&[dir]).unwrap() {
            let input = std::fs::read_to_string(&case.input).unwrap();
            let expected = std::fs::read_to_string(&case.expected).unwrap();
            match (problem.reference)(&input) {
                Ok(answer) => {
                    checked += 1;
                    if let Err(mismatch) = check(settings.checker, &input, &expected, &answer) {
                        disagreements.push(format!("{}/{}: {mismatch}", problem.id, case.name));
                    }
                }
                Err(why) => println!("{}/{}: no reference answer ({why})", problem.id, case.name),
            }
        }
    }
    println!("{checked} cases agree with the references");
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
    assert!(checked > 0);
}
