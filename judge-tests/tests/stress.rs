//! Stress mode end to end: a wrong submission is caught, its failing input
//! shrunk to the smallest the problem's shrinker reaches, and saved.

use judge_tests::run::compile;
use judge_tests::settings::Settings;
use judge_tests::stress::{stress, StressOptions};
use std::path::PathBuf;

fn program(name: &str, build: &std::path::Path) -> PathBuf {
    let source =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/programs/{name}.rs"));
    compile(&source, build).unwrap().exe
}

fn settings(id: &str) -> Settings {
    Settings::load_dir(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(id)).unwrap()
}

#[test]
fn p4205_failure_shrinks_to_a_full_board_and_is_saved() {
    let build = tempfile::tempdir().unwrap();
    let save = tempfile::tempdir().unwrap();
    std::fs::write(save.path().join("regress-1.in"), "taken").unwrap();
    let exe = program("always_no_solution", build.path());
    let options = StressOptions {
        count: 3,
        seed: 1,
        save_dir: save.path().to_path_buf(),
    };
    let mut log = Vec::new();
    let passed = stress("p4205", &exe, &settings("p4205"), &options, &mut log).unwrap();
    let log = String::from_utf8(log).unwrap();
    assert!(!passed, "{log}");
    assert!(log.contains("input 1 of 3 (seed 1) fails: WA"), "{log}");
    assert!(log.ends_with("0 passed, 1 failed\n"), "{log}");
    // Putting pieces back keeps failing until none is missing.
    let input = std::fs::read_to_string(save.path().join("regress-2.in")).unwrap();
    let expected = std::fs::read_to_string(save.path().join("regress-2.out")).unwrap();
    assert!(!input.contains('.'), "not shrunk to a full board:\n{input}");
    assert_eq!(input, expected);
    assert_eq!(input.lines().count(), 10);
}

#[test]
fn uva197_failure_shrinks_to_one_case() {
    let build = tempfile::tempdir().unwrap();
    let save = tempfile::tempdir().unwrap();
    let exe = program("silent", build.path());
    let options = StressOptions {
        count: 2,
        seed: 4,
        save_dir: save.path().to_path_buf(),
    };
    let mut log = Vec::new();
    assert!(stress("no-such-id", &exe, &settings("uva197"), &options, &mut log).is_err());
    assert!(!stress("uva197", &exe, &settings("uva197"), &options, &mut log).unwrap());
    let input = std::fs::read_to_string(save.path().join("regress-1.in")).unwrap();
    assert_eq!(input.lines().count(), 1, "{input}");
    let expected = std::fs::read_to_string(save.path().join("regress-1.out")).unwrap();
    assert_eq!(expected.lines().count(), 481);
}

#[test]
fn a_seed_replays_the_same_inputs() {
    use judge_tests::rng::Rng;
    for problem in judge_tests::stress::PROBLEMS {
        let (mut a, mut b) = (Rng::new(99), Rng::new(99));
        assert_eq!(
            (problem.generate)(&mut a),
            (problem.generate)(&mut b),
            "{}",
            problem.id
        );
    }
}
