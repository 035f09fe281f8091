//! Every hard class of every problem, as `judge stress ID --class NAME
//! --count 500 --seed 32` runs it: the committed submission must answer
//! every input within its limit of CPU time, its answers confirmed by the
//! problem's checker or, for `No solution`, by the reference (the SAT
//! models of the grid kit where the references' own searches are slow).
//! README's table of hard inputs holds the figures these runs print.
//!
//! Heavy: an hour or more of CPU in all in a release build (generating
//! locally minimal 16 × 16 puzzles dominates), so ignored by `cargo test`;
//! `make test-all` runs it in a debug build with 20 inputs a class. The
//! 500-input runs, one class, or fewer inputs:
//!
//! ```text
//! cargo test --release -p judge-tests --test hard_classes -- --ignored --nocapture
//! HARD_CLASS=killer/jigsaw-cages HARD_COUNT=50 cargo test --release -p judge-tests --test hard_classes -- --ignored --nocapture
//! ```
//!
//! p4929's class is left out: exact cover by random 3-sets near the
//! threshold takes the submission (and Knuth's DLX1) tens of seconds, past
//! its limit; README reports its figures.

use judge_tests::catalog::{default_root, Catalog};
use judge_tests::run::compile_problem;
use judge_tests::stress::{stress, StressKit, StressOptions};

/// The seed of every run, and the inputs per class: 500 in a release
/// build (README's figures), 20 in a debug one (`make test-all`), where
/// the generators and references run ten times slower.
const SEED: u64 = 32;
const COUNT: usize = if cfg!(debug_assertions) { 20 } else { 500 };

/// Classes reported but not required to pass.
const REPORTED_ONLY: [&str; 1] = ["p4929/threshold-3sets"];

#[test]
#[ignore = "heavy: run by make test-all"]
fn every_hard_class_stays_under_its_limit() {
    let catalog = Catalog::discover(&default_root()).unwrap();
    let only = std::env::var("HARD_CLASS").ok();
    let count = std::env::var("HARD_COUNT").map_or(COUNT, |c| c.parse().unwrap());
    let mut failed = Vec::new();
    for problem in &catalog.problems {
        let classes = problem.support().map_or(&[][..], |s| s.classes);
        if classes.is_empty() {
            continue;
        }
        let build = tempfile::tempdir().unwrap();
        let exe = compile_problem(&problem.id, &problem.submission, build.path())
            .unwrap()
            .exe;
        for class in classes {
            let name = format!("{}/{}", problem.id, class.name);
            if only
                .as_ref()
                .map_or(REPORTED_ONLY.contains(&name.as_str()), |o| *o != name)
            {
                continue;
            }
            let kit = StressKit::of_class(problem, class.name).unwrap();
            let save = tempfile::tempdir().unwrap();
            let options = StressOptions {
                count,
                seed: SEED,
                save_dir: save.path().to_path_buf(),
                save_slowest: None,
            };
            let mut log = Vec::new();
            let passed = stress(&kit, &exe, &options, &mut log).unwrap();
            let log = String::from_utf8_lossy(&log);
            println!("{name}: {}", log.trim_end().replace('\n', "\n    "));
            if !passed {
                failed.push(name);
            }
        }
    }
    assert!(failed.is_empty(), "failed: {failed:?}");
}
