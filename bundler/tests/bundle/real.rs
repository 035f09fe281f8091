//! Every problem of the workspace's own library: bundled the same twice,
//! compiled warning-free and run on its judge cases against a build of
//! the whole library (two problems in `make test`, every problem in `make
//! test-all`: each costs about ten rustc runs, one of them the whole
//! library with optimisations).

use bundler::{bundle, Bundle, Error, Judge, Options};

use crate::common::{compile, crate_visible, run};
use crate::workspace;

pub fn real_problems() -> Vec<String> {
    let ids = bundler::problems(&workspace().join("library")).expect("library/src/problems");
    assert!(!ids.is_empty(), "no adapters in library/src/problems");
    ids
}

/// The problems `make test` bundles twice and runs: one on dancing
/// links, one on the board engine.
const SAMPLE: [&str; 2] = ["p4929", "jigsaw"];

fn sample_problems() -> Vec<String> {
    let all = real_problems();
    let sample: Vec<String> = all
        .into_iter()
        .filter(|id| SAMPLE.contains(&id.as_str()))
        .collect();
    assert_eq!(sample.len(), SAMPLE.len(), "a sample problem was renamed");
    sample
}

fn bundle_real(id: &str) -> Bundle {
    bundle(&Options::new(id, workspace().join("library"))).unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// The judge cases of `id`: (name, input).
fn judge_cases(id: &str) -> Vec<(String, String)> {
    let dir = workspace().join("judge-tests").join(id);
    let mut cases: Vec<(String, String)> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "in"))
                .map(|p| {
                    let input = std::fs::read_to_string(&p).expect("read a case");
                    (p.display().to_string(), input)
                })
                .collect()
        })
        .unwrap_or_default();
    cases.sort();
    cases
}

#[test]
fn sample_problems_bundle_identically_twice() {
    bundle_identically_twice(sample_problems());
}

#[test]
#[ignore = "heavy: make test-all (every problem bundled twice)"]
fn real_problems_bundle_identically_twice() {
    bundle_identically_twice(real_problems());
}

fn bundle_identically_twice(ids: Vec<String>) {
    for id in ids {
        assert_eq!(
            bundle_real(&id).text,
            bundle_real(&id).text,
            "{id}: two bundles differ"
        );
    }
}

// Whether every committed submission is a fresh bundle is `make check`'s
// `bundler all --check` (CI runs it): the same bundles and comparison,
// not repeated here.

#[test]
fn sample_bundles_compile_warning_free_and_behave_like_the_library() {
    behave_like_the_library(sample_problems());
}

#[test]
#[ignore = "heavy: make test-all (every problem compiled four ways)"]
fn real_bundles_compile_warning_free_and_behave_like_the_library() {
    behave_like_the_library(real_problems());
}

/// The tree-shaken bundle, compiled warning-free, behaves like the whole
/// library (every item kept) on every judge case; so does the minified one.
fn behave_like_the_library(ids: Vec<String>) {
    for id in ids {
        let shaken = bundle_real(&id);
        assert!(
            shaken.text.len() <= 40_000,
            "{id}: {} bytes",
            shaken.text.len()
        );
        for silencer in ["allow(", "expect("] {
            let silenced = shaken
                .text
                .lines()
                .any(|l| l.trim_start().starts_with("#") && l.contains(silencer));
            assert!(!silenced, "{id}: a lint is silenced with {silencer}");
        }
        assert!(
            !shaken.text.contains("pub mod text"),
            "{id}: dlx::text is not used by adapters"
        );
        assert!(
            !shaken.text.contains("#[cfg(test)]"),
            "{id}: test code left"
        );

        let mut options = Options::new(&id, workspace().join("library"));
        options.judge = Judge::named("atcoder").expect("a roomy judge");
        options.keep_everything = true;
        let reference = bundle(&options).expect("reference bundle");
        options.keep_everything = false;
        options.minify = true;
        options.strip_docs = true;
        let minified = bundle(&options).expect("minified bundle");

        compile(&crate_visible(&shaken.text), true);
        let shaken_program = compile(&shaken.text, true);
        let minified_program = compile(&minified.text, true);
        let reference_program = compile(&reference.text, false);
        for (case, input) in judge_cases(&id) {
            let expected = run(&reference_program, &input);
            assert_eq!(
                run(&shaken_program, &input),
                expected,
                "{id} {case}: shaken differs"
            );
            assert_eq!(
                run(&minified_program, &input),
                expected,
                "{id} {case}: minified differs"
            );
        }
    }
}

#[test]
fn aliases_are_not_the_bundlers_business() {
    // `cube` is uva197's alias in the judge's settings, which the bundler
    // never reads: `make submit-cube` resolves it first.
    match bundle(&Options::new("cube", workspace().join("library"))) {
        Err(Error::UnknownProblem { id, known, .. }) => {
            assert_eq!(id, "cube");
            assert_eq!(known, real_problems());
        }
        other => panic!("expected an unknown problem, got {other:?}"),
    }
}
