//! A contest package as cargo-compete lays one out (`tests/contest/`: one
//! bin `contest-<task>` per task), over six registry libraries nobody here
//! wrote: itertools 0.15.0 and either 1.19.0 (macro-written impls, `cfg`s
//! given as macro arguments), bitflags 2.13.2 (a bin's own items written by
//! the library's macros), static_assertions 1.1.0 and maplit 1.0.2 (macros
//! only), fixedbitset 0.5.9. They are the bundler's dev-dependencies, so
//! cargo has downloaded them; the package is resolved offline in a
//! temporary folder and nothing is written into the repository.
//!
//! Each bundle must compile with `-D warnings`, also with every `pub`
//! narrowed (so it holds no dead code but what its report says it kept,
//! such as itertools' `EitherOrBoth::Both`), not need the whole-crate fallback,
//! draw no warning, and print `out/<task>.out`, the answer worked out
//! by hand. The default run bundles three small tasks for AtCoder and one
//! for Codeforces; the heavy run (`make test-all`) bundles all twelve for
//! both and
//! checks that cargo's own build of each bin prints the same, and prints
//! the sizes the table of docs/bundling.md shows beside cargo-equip.

mod common;

use std::path::{Path, PathBuf};

use bundler::{bundle, Judge, Options};
use common::{cargo, compile, crate_visible, run, unexplained_warnings};

fn package_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("contest")
}

/// The tasks: `a` for `src/bin/a.rs` (bin `contest-a`), sorted.
fn tasks() -> Vec<String> {
    common::rs_stems(&package_dir().join("src").join("bin"))
}

fn expected(task: &str) -> String {
    let file = package_dir().join("out").join(format!("{task}.out"));
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// A copy of the package in a temporary folder, resolved offline.
fn package() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temporary directory");
    let bin_dir = dir.path().join("src").join("bin");
    std::fs::create_dir_all(&bin_dir).expect("src/bin");
    std::fs::copy(
        package_dir().join("Cargo.toml"),
        dir.path().join("Cargo.toml"),
    )
    .expect("Cargo.toml");
    for task in tasks() {
        let name = format!("{task}.rs");
        let from = package_dir().join("src").join("bin").join(&name);
        std::fs::copy(from, bin_dir.join(&name)).expect("copy a bin");
    }
    cargo(dir.path(), &["generate-lockfile", "--offline", "--quiet"]);
    dir
}

/// Bundles task `task` of the package in `dir` for `judge`, checks it,
/// and returns its size.
fn check_task(dir: &Path, task: &str, judge: &str) -> usize {
    let bin = format!("contest-{task}");
    let mut options = Options::bin(&bin, Some(dir.join("Cargo.toml")));
    options.judge = Judge::named(judge).expect("a judge");
    options.target_dir = Some(dir.join("target"));
    let bundle = bundle(&options).unwrap_or_else(|e| panic!("{bin} for {judge}: {e}"));
    assert_eq!(
        bundle.report.fell_back, None,
        "{bin}: the cut did not compile"
    );
    assert!(bundle.warnings.is_empty(), "{bin}: {:?}", bundle.warnings);
    // The libraries' own `#[allow]`s stay: either allows `deprecated` on
    // its `Error::description`, which rustc counts as used.
    assert!(
        !bundle.text.contains("dead_code"),
        "{bin}: an allow of dead code"
    );
    let unexplained = unexplained_warnings(&bundle, &crate_visible(&bundle.text));
    assert!(
        unexplained.is_empty(),
        "{bin}: {unexplained:?}; kept: {:?}",
        bundle.report.kept
    );
    let (got, code) = run(&compile(&bundle.text, true), "");
    assert_eq!(code, Some(0), "{bin}: exit code");
    assert_eq!(got, expected(task), "{bin}: bundled");
    bundle.text.len()
}

#[test]
fn representative_tasks_bundle_clean_and_right() {
    let dir = package();
    // either's impls written by macro calls with cfgs as arguments, and
    // its `for_both!` in a body; static_assertions' and maplit's macros;
    // itertools' `combinations`, whose trim is undone (what a back-off
    // protected while it stood must go again: four unused imports stayed,
    // unexplained, from 2026-12-05 to 12-07). The other itertools bins and
    // bitflags take seconds each (rustc judges a 700 KB cut of
    // itertools): the heavy run bundles them.
    for task in ["a", "g", "i", "j"] {
        check_task(dir.path(), task, "atcoder");
    }
    // Codeforces offers edition 2021 too: the package's crates are
    // compiled as they are (the header says so), within its 64 KB.
    let size = check_task(dir.path(), "g", "codeforces");
    assert!(size <= 65_536, "{size}");
}

#[test]
#[ignore = "heavy: run by make test-all"]
fn every_task_bundles_clean_and_right() {
    let dir = package();
    cargo(dir.path(), &["build", "--offline", "--quiet", "--bins"]);
    println!("| task | libraries | bundle bytes |");
    println!("|---|---|---|");
    for task in tasks() {
        let built = common::Program::at(
            dir.path()
                .join("target/debug")
                .join(format!("contest-{task}")),
        );
        assert_eq!(
            run(&built, "").0,
            expected(&task),
            "contest-{task}: unbundled"
        );
        let size = check_task(dir.path(), &task, "atcoder");
        let fitted = check_task(dir.path(), &task, "codeforces");
        assert!(
            fitted <= 65_536,
            "contest-{task}: {fitted} bytes for codeforces"
        );
        let source =
            std::fs::read_to_string(package_dir().join("src/bin").join(format!("{task}.rs")))
                .expect("the bin");
        let libraries: Vec<&str> = [
            "itertools",
            "either",
            "bitflags",
            "static_assertions",
            "maplit",
            "fixedbitset",
        ]
        .into_iter()
        .filter(|l| source.contains(&format!("{l}::")))
        .collect();
        println!("| {task} | {} | {size} |", libraries.join(", "));
    }
}
