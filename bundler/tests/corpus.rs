//! The bundler on real libraries it was not written for, bundled as a
//! user's registry dependencies: contest-algorithms 0.3.0 (EbTech's
//! contest library, edition 2018) and superslice 1.0.0 (slice searches and
//! permutations, edition 2015), each with solutions of ours in
//! `tests/corpus/<library>/` as the bins of a package that depends on it.
//!
//! Each bundle must compile with `-D warnings` once the library's own
//! `#[allow]`s are stripped, hold no dead code (every `pub` narrowed, still
//! warning-free), not need the whole-crate fallback, and print what the
//! unbundled program prints (built by cargo from the same sources), which
//! must be the output worked out by hand in `<bin>.out`. The one leeway:
//! a warning today's rustc gives on the library's own code (cargo hides a
//! dependency's warnings) is allowed when the bundler reported it, placed
//! in the library's file; the test prints each.

mod common;

use std::path::{Path, PathBuf};

use bundler::{bundle, Judge, Options};
use common::{cargo, compile_allowing, crate_visible, run, without_allows};

/// The libraries: crate name, pinned version (a dev-dependency of the
/// bundler, so that cargo has downloaded it), folder of solutions.
const LIBRARIES: &[(&str, &str)] = &[("contest-algorithms", "0.3.0"), ("superslice", "1.0.0")];

fn solutions(library: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("corpus")
        .join(library)
}

/// The solutions' names, sorted.
fn bins(library: &str) -> Vec<String> {
    common::rs_stems(&solutions(library))
}

/// A package in a temporary folder whose bins are the solutions over
/// `library`, resolved and built by cargo from the downloaded sources.
fn package(library: &str, version: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temporary directory");
    let manifest = format!(
        "[package]\nname = \"corpus\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\n{library} = \"={version}\"\n\n[workspace]\n"
    );
    std::fs::write(dir.path().join("Cargo.toml"), manifest).expect("Cargo.toml");
    let bin_dir = dir.path().join("src").join("bin");
    std::fs::create_dir_all(&bin_dir).expect("src/bin");
    for bin in bins(library) {
        let name = format!("{bin}.rs");
        std::fs::copy(solutions(library).join(&name), bin_dir.join(&name)).expect("copy");
    }
    cargo(dir.path(), &["generate-lockfile", "--offline", "--quiet"]);
    cargo(dir.path(), &["build", "--offline", "--quiet", "--bins"]);
    dir
}

#[test]
fn every_corpus_solution_bundles_small_clean_and_right() {
    let mut table = Vec::new();
    let mut warned = std::collections::BTreeSet::new();
    for &(library, version) in LIBRARIES {
        let package = package(library, version);
        let manifest = package.path().join("Cargo.toml");
        let mut whole_size = None;
        for bin in bins(library) {
            let expected = std::fs::read_to_string(solutions(library).join(format!("{bin}.out")))
                .expect("the expected output");
            let built = common::Program::at(package.path().join("target/debug").join(&bin));
            assert_eq!(run(&built, "").0, expected, "{library} {bin}: unbundled");

            let mut options = Options::bin(&bin, Some(manifest.clone()));
            options.judge = Judge::named("atcoder").expect("a judge");
            options.target_dir = Some(package.path().join("target"));
            let shaken = bundle(&options).unwrap_or_else(|e| panic!("{library} {bin}: {e}"));
            assert_eq!(
                shaken.report.fell_back, None,
                "{bin}: the cut did not compile"
            );
            // The library's own warnings, reported by the bundler in its
            // files: the only ones rustc may give.
            let own: Vec<String> = shaken.warnings.iter().map(|w| w.lint.clone()).collect();
            for warning in &shaken.warnings {
                let place = warning.place.as_ref().map(|p| p.file.as_str());
                let prefix = format!("{library}-{version}/src/");
                assert!(
                    place.is_some_and(|p| p.starts_with(&prefix)),
                    "{bin}: {warning}"
                );
            }
            warned.extend(shaken.warnings.iter().map(|w| {
                w.rendered
                    .lines()
                    .next()
                    .map(str::to_string)
                    .unwrap_or_default()
            }));
            let stripped = without_allows(&shaken.text);
            compile_allowing(&crate_visible(&stripped), true, false, &own);
            let program = compile_allowing(&stripped, true, true, &own);
            let (got, code) = run(&program, "");
            assert_eq!(code, Some(0), "{library} {bin}: exit code");
            assert_eq!(got, expected, "{library} {bin}: bundled");

            let whole = *whole_size.get_or_insert_with(|| {
                options.keep_everything = true;
                bundle(&options).expect("the whole library").text.len()
            });
            table.push(format!(
                "| {library} {version} | {bin} | {} | {whole} | {:.0}% |",
                shaken.text.len(),
                100.0 * shaken.text.len() as f64 / whole as f64
            ));
        }
    }
    // A region of docs/bundling.md: the `figures` program writes it there.
    println!(
        "<!-- figures bundle-sizes-corpus · `cargo test -p bundler --test corpus -- --nocapture` · chart share -->"
    );
    println!("Each solution a bin of a package that depends on the library, bundled with `--bin` for atcoder, docs kept; \"whole\" is `--keep-everything`:\n");
    println!("| library | solution | bundle bytes | whole library bytes | share |");
    println!("|---|---|---|---|---|");
    for row in table {
        println!("{row}");
    }
    println!("<!-- end figures bundle-sizes-corpus -->");
    println!("\nthe libraries' own warnings (today's rustc): {warned:?}");
}
