//! The bundler on a real library it was not written for: ac-library-rs
//! (the AtCoder Library port, from crates.io) with one adapter of ours per
//! practice problem in `tests/acl/problems/`. Each bundle must compile with
//! `-D warnings` once the library's own `#[allow]`s are stripped, hold no
//! dead code (every `pub` narrowed, still warning-free), and answer every
//! case in `tests/acl/cases/<id>/` as the whole library does; where the
//! answer is unique its first lines are also checked against the expected
//! output, computed by brute force (`tests/acl/make_cases.py`).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use bundler::{bundle, Judge, Options};
use common::{compile, compile_with, crate_visible, run, unexplained_warnings, without_allows};

fn here() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("acl")
}

/// The sources of ac-library-rs as cargo downloaded them.
fn acl_sources() -> PathBuf {
    let output = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--manifest-path"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
        .output()
        .expect("run cargo metadata");
    assert!(output.status.success(), "cargo metadata failed");
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON");
    let manifest = metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .find(|p| p["name"] == "ac-library-rs")
        .and_then(|p| p["manifest_path"].as_str())
        .expect("ac-library-rs is a dev-dependency of the bundler");
    Path::new(manifest)
        .parent()
        .expect("a package dir")
        .join("src")
}

/// The adapters' ids, sorted.
fn adapters() -> Vec<String> {
    common::rs_stems(&here().join("problems"))
}

/// A copy of ac-library-rs with our adapters as its `problems` module, in
/// a temporary directory named `acl`.
fn library_with_adapters() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let library = dir.path().join("acl");
    let src = library.join("src");
    std::fs::create_dir_all(src.join("problems")).expect("create the copy");
    for entry in std::fs::read_dir(acl_sources()).expect("the crate's sources") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "rs") {
            std::fs::copy(&path, src.join(path.file_name().expect("a name"))).expect("copy");
        }
    }
    let lib = src.join("lib.rs");
    let text = std::fs::read_to_string(&lib).expect("lib.rs");
    std::fs::write(&lib, format!("{text}\npub mod problems;\n")).expect("lib.rs");
    let mut declarations = String::new();
    for id in adapters() {
        declarations.push_str(&format!("pub mod {id};\n"));
        std::fs::copy(
            here().join("problems").join(format!("{id}.rs")),
            src.join("problems").join(format!("{id}.rs")),
        )
        .expect("copy an adapter");
    }
    std::fs::write(src.join("problems.rs"), declarations).expect("problems.rs");
    (dir, library)
}

/// The cases of `id`: (name, input, expected first lines).
fn cases(id: &str) -> Vec<(String, String, String)> {
    let dir = here().join("cases").join(id);
    let mut cases: Vec<(String, String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|_| panic!("{id}: no cases in {}", dir.display()))
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .map(|p| {
            let name = p
                .file_stem()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            let input = std::fs::read_to_string(&p).expect("read a case");
            let expected =
                std::fs::read_to_string(p.with_extension("out")).expect("read its output");
            (name, input, expected)
        })
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "{id}: no cases");
    cases
}

/// The adapters `make test` bundles: a plain struct (dsu), a generic one
/// with a trait (segtree), and modular arithmetic behind macros
/// (convolution). `make test-all` bundles all of them.
const SAMPLE: [&str; 3] = ["dsu", "segtree", "convolution"];

#[test]
fn sample_acl_adapters_bundle_small_clean_and_right() {
    let sample: Vec<String> = adapters()
        .into_iter()
        .filter(|id| SAMPLE.contains(&id.as_str()))
        .collect();
    assert_eq!(sample.len(), SAMPLE.len(), "a sample adapter was renamed");
    bundle_small_clean_and_right(&sample, false);
}

#[test]
#[ignore = "heavy: make test-all (14 adapters, each bundled twice and compiled three times)"]
fn every_acl_adapter_bundles_small_clean_and_right() {
    bundle_small_clean_and_right(&adapters(), true);
}

/// Bundles, compiles and runs each adapter, then prints the sizes: for
/// every adapter (`all`), as the region of docs/bundling.md that the
/// `figures` program writes there.
fn bundle_small_clean_and_right(ids: &[String], all: bool) {
    let (_dir, library) = library_with_adapters();
    let mut table = Vec::new();
    for id in ids {
        let id = id.as_str();
        let mut options = Options::new(id, library.clone());
        options.judge = Judge::named("atcoder").expect("the atcoder profile");
        let shaken = bundle(&options).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(shaken.warnings.is_empty(), "{id}: {:?}", shaken.warnings);
        // The whole library as a fallback is right but slow: the cut must
        // have been enough.
        assert_eq!(
            shaken.report.fell_back, None,
            "{id}: the cut did not compile"
        );
        options.keep_everything = true;
        let whole = bundle(&options).unwrap_or_else(|e| panic!("{id}: whole library: {e}"));

        // Warning-free with nothing silenced; with every `pub` narrowed, no
        // dead code left but what the report says it kept and why.
        let narrowed = crate_visible(&without_allows(&shaken.text));
        let unexplained = unexplained_warnings(&shaken, &narrowed);
        assert!(
            unexplained.is_empty(),
            "{id}: {unexplained:?}; kept: {:?}",
            shaken.report.kept
        );
        let program = compile(&without_allows(&shaken.text), true);
        let reference = compile_with(&whole.text, false, true);
        for (case, input, expected) in cases(id) {
            let (got, code) = run(&program, &input);
            assert_eq!(code, Some(0), "{id} {case}: exit code");
            assert_eq!(
                got,
                run(&reference, &input).0,
                "{id} {case}: differs from the whole library"
            );
            let lines = expected.lines().count();
            let head: Vec<&str> = got.lines().take(lines).collect();
            let wanted: Vec<&str> = expected.lines().collect();
            assert_eq!(head, wanted, "{id} {case}: differs from the brute force");
        }
        table.push(format!(
            "| {id} | {} | {} | {:.0}% |",
            shaken.text.len(),
            whole.text.len(),
            100.0 * shaken.text.len() as f64 / whole.text.len() as f64
        ));
    }
    if all {
        println!(
            "<!-- figures bundle-sizes-acl · `cargo test -p bundler --test acl -- --include-ignored \
             --nocapture` · chart share -->"
        );
        println!("ac-library-rs 0.2.0, each adapter bundled for atcoder; \"whole\" is `--keep-everything`:\n");
    }
    println!("| adapter | bundle bytes | whole library bytes | share |\n|---|---|---|---|");
    for row in table {
        println!("{row}");
    }
    if all {
        println!("<!-- end figures bundle-sizes-acl -->");
    }
}
