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
mod profiles;
mod real;
mod workspace;

use std::path::{Path, PathBuf};

use bundler::{bundle, Bundle, Options};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("fixtures")
        .join(name)
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
