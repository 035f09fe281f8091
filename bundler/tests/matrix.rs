//! The crate matrix (`tests/matrix/`): one package per crate of AtCoder's
//! Rust environment, each bin bundled for atcoder and codeforces, compiled
//! with `-D warnings` as the header's edition and run; it must print what
//! cargo's own build of the bin prints (on its `input.txt`, if any).
//!
//! Not every crate bundles yet. [`FAILING`] lists those that do not, each
//! with why, and the test holds both ways: a listed crate that starts to
//! pass fails the test until it is taken off the list, so the list is
//! always the truth. The crates are fetched by `make test-all` (`cargo
//! fetch --locked`), not downloaded by the bundler's dev-dependencies,
//! which would build them for every test run.

mod common;

use std::path::{Path, PathBuf};

use bundler::{bundle, Judge, Options};
use common::{cargo, copy_tree, run, try_compile, Program};

/// (crate, judge, why it does not bundle clean and right today).
const FAILING: &[(&str, &str, &str)] = &[];

const JUDGES: [&str; 2] = ["atcoder", "codeforces"];

fn matrix_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("matrix")
}

/// The matrix's crates: its members' folder names, sorted.
fn crates() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(matrix_dir().join("crates"))
        .expect("the matrix's crates")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// Bundles crate `name`'s bin for `judge` and runs it on `input`, where
/// it must print `want` as cargo's build did: `Err` says what went wrong.
fn check(
    dir: &Path,
    name: &str,
    judge: &str,
    input: &str,
    want: &(String, Option<i32>),
) -> Result<usize, String> {
    let member = dir.join("crates").join(name);
    let mut options = Options::bin(&format!("m-{name}"), Some(member.join("Cargo.toml")));
    options.judge = Judge::named(judge).expect("a judge");
    options.target_dir = Some(dir.join("target"));
    let bundle = bundle(&options).map_err(|e| e.to_string())?;
    if !bundle.warnings.is_empty() {
        return Err(format!("warnings: {:?}", bundle.warnings));
    }
    let program = try_compile(&bundle.text).map_err(|said| {
        let first = said.lines().next().unwrap_or_default().to_string();
        format!("the bundle does not compile clean: {first}")
    })?;
    let got = run(&program, input);
    match got == *want {
        true => Ok(bundle.text.len()),
        false => Err(format!("prints {got:?}, the program {want:?}")),
    }
}

#[test]
#[ignore = "heavy: make test-all (fetches and builds every crate of the matrix)"]
fn every_crate_of_the_matrix_bundles_for_both_judges() {
    let dir = tempfile::tempdir().expect("temporary folder");
    copy_tree(&matrix_dir(), dir.path());
    cargo(dir.path(), &["build", "--offline", "--quiet", "--bins"]);
    let mut wrong = Vec::new();
    println!("| crate | atcoder | codeforces |");
    println!("|---|---|---|");
    for name in crates() {
        let built = Program::at(dir.path().join("target/debug").join(format!("m-{name}")));
        let input_file = dir.path().join("crates").join(&name).join("input.txt");
        let input = std::fs::read_to_string(input_file).unwrap_or_default();
        let want = run(&built, &input);
        let mut row = Vec::new();
        for judge in JUDGES {
            let known = FAILING.iter().find(|(c, j, _)| *c == name && *j == judge);
            let outcome = check(dir.path(), &name, judge, &input, &want);
            row.push(match &outcome {
                Ok(size) => format!("{size} B"),
                Err(_) => "fails".to_string(),
            });
            match (outcome, known) {
                (Ok(_), None) | (Err(_), Some(_)) => {}
                (Ok(_), Some((_, _, why))) => wrong.push(format!(
                    "{name} for {judge} now passes: take it off FAILING ({why})"
                )),
                (Err(e), None) => wrong.push(format!("{name} for {judge}: {e}")),
            }
        }
        println!("| {name} | {} | {} |", row[0], row[1]);
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_failing_list_names_crates_of_the_matrix() {
    let crates = crates();
    assert!(crates.len() >= 20, "{crates:?}");
    for (name, judge, why) in FAILING {
        assert!(
            crates.iter().any(|c| c == name),
            "{name} is not in the matrix"
        );
        assert!(JUDGES.contains(judge) && !why.is_empty(), "{name}: {judge}");
    }
}
