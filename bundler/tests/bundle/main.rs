//! The bundler end to end: fixture libraries (one per feature and one per
//! error), every real problem of the workspace, and the command line with
//! every example the READMEs and `--help` show. Every bundle is compiled
//! with plain `rustc -O -D warnings`, as the edition its header names
//! (2021 for the committed form), and run.

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod fixtures;
mod hard_cases;
mod macro_cases;
mod proc_macros;
mod profiles;
mod real;
mod sound_cuts;
mod workspace;

use std::path::{Path, PathBuf};

use bundler::{bundle, Bundle, Options};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("fixtures")
        .join(name)
}

/// The line (from 1) of the first line of fixture file `file` that starts
/// with `start`.
fn line_of(file: &str, start: &str) -> usize {
    let path = fixture("").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    1 + text
        .lines()
        .position(|line| line.starts_with(start))
        .unwrap_or_else(|| panic!("{path:?}: no line starts with {start:?}"))
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("bundler/ is inside the workspace")
        .to_path_buf()
}

fn bundle_fixture(name: &str) -> Bundle {
    bundle(&Options::new("demo", fixture(name))).unwrap_or_else(|e| panic!("{name}: {e}"))
}
