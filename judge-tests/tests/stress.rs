//! Stress mode end to end: a wrong submission is caught, its failing input
//! shrunk to the smallest the problem's shrinker reaches, and saved.

use judge_tests::catalog::{default_root, Catalog};
use judge_tests::run::compile;
use judge_tests::stress::{stress, StressKit, StressOptions};
use std::path::{Path, PathBuf};

fn program(name: &str, build: &Path) -> PathBuf {
    let source =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/programs/{name}.rs"));
    compile(&source, build).unwrap().exe
}

fn kit(id: &str) -> StressKit {
    let catalog = Catalog::discover(&default_root()).unwrap();
    StressKit::of(catalog.resolve(id).unwrap()).unwrap()
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
        save_slowest: None,
    };
    let mut log = Vec::new();
    let passed = stress(&kit("p4205"), &exe, &options, &mut log).unwrap();
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
        save_slowest: None,
    };
    let mut log = Vec::new();
    assert!(!stress(&kit("cube"), &exe, &options, &mut log).unwrap());
    let input = std::fs::read_to_string(save.path().join("regress-1.in")).unwrap();
    assert_eq!(input.lines().count(), 1, "{input}");
    let expected = std::fs::read_to_string(save.path().join("regress-1.out")).unwrap();
    assert_eq!(expected.lines().count(), 481);
}

#[test]
fn a_seed_replays_the_same_inputs() {
    use judge_tests::rng::Rng;
    for support in judge_tests::support::ALL {
        let Some(generator) = support.generator else {
            continue;
        };
        let (mut a, mut b) = (Rng::new(99), Rng::new(99));
        assert_eq!(
            (generator.generate)(&mut a),
            (generator.generate)(&mut b),
            "{}",
            support.id
        );
    }
}

#[test]
fn a_class_run_names_the_classes_and_catches_a_wrong_no_solution() {
    let catalog = Catalog::discover(&default_root()).unwrap();
    let killer = catalog.resolve("killer").unwrap();
    let error = StressKit::of_class(killer, "nope").unwrap_err().to_string();
    assert!(
        error.contains("killer has no hard class `nope`; its classes: row-or-box-cages"),
        "{error}"
    );
    let p4205 = catalog.resolve("p4205").unwrap();
    let error = StressKit::of_class(p4205, "nope").unwrap_err().to_string();
    assert!(error.contains("it has none"), "{error}");
    // A wrong `No solution` is never certified: the reference is asked.
    let build = tempfile::tempdir().unwrap();
    let save = tempfile::tempdir().unwrap();
    let exe = program("always_no_solution", build.path());
    let kit = StressKit::of_class(killer, "row-or-box-cages").unwrap();
    let options = StressOptions {
        count: 20,
        seed: 1,
        save_dir: save.path().to_path_buf(),
        save_slowest: None,
    };
    let mut log = Vec::new();
    assert!(!stress(&kit, &exe, &options, &mut log).unwrap());
    let log = String::from_utf8(log).unwrap();
    assert!(log.contains("(seed 1) fails: WA"), "{log}");
}
