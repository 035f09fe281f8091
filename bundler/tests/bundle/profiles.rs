//! The judge profiles of today (issue 27): a bundle is checked against the
//! judge's rustc and compiled as its edition, language features newer than
//! an old judge's rustc are named when that rustc is not installed, and a
//! bundle's header names no absolute path.

use bundler::{bundle, Error, Judge, Options};

use crate::common::{compile, run};
use crate::{fixture, line_of};

fn for_judge(name: &str, judge: &str) -> Options {
    let mut options = Options::new("demo", fixture(name));
    options.judge = Judge::named(judge).expect("a profile");
    options
}

/// The findings of a bundle refused as too new for its judge's rustc.
fn too_new(options: &Options) -> (String, Vec<String>) {
    match bundle(options) {
        Err(Error::TooNew {
            checked_with,
            needs,
            ..
        }) => (checked_with, needs),
        other => panic!("expected TooNew, got {other:?}"),
    }
}

#[test]
fn atcoder_takes_what_rustc_1_89_takes_as_edition_2024() {
    // `u64::div_ceil` (1.73) and `mem::swap` in a `const fn` (1.85): the
    // 2023 table's 1.70 refused both.
    let bundle = bundle(&for_judge("judge_today", "atcoder")).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        bundle
            .text
            .contains("// Judge profile: atcoder (rustc 1.89 -O --edition 2024 for x86,"),
        "{}",
        bundle.text
    );
    // The fixture was named by its absolute path: the header names it from
    // the current folder (the tests run in bundler/), uploaded as it is.
    let header: Vec<&str> = bundle
        .text
        .lines()
        .take_while(|l| l.starts_with("//"))
        .collect();
    assert!(
        header.contains(
            &"// Regenerate: bundler demo --library tests/fixtures/judge_today --judge atcoder"
        ),
        "{header:#?}"
    );
    let root = env!("CARGO_MANIFEST_DIR");
    assert!(
        header
            .iter()
            .all(|l| !l.contains(root) && !l.contains(" /")),
        "{header:#?}"
    );
    let toolchain = bundle.toolchain.expect("checked against 1.89");
    assert_eq!(toolchain.rustc, "1.89");
    assert!(toolchain.needs.is_empty(), "{toolchain:?}");
    // Compiled as the header says: edition 2024.
    let (stdout, code) = run(&compile(&bundle.text, true), "");
    assert_eq!((stdout.as_str(), code), ("3 (4, 9)\n", Some(0)));
}

#[test]
fn an_older_judge_names_what_its_rustc_lacks() {
    // Kattis shows rustc 1.78: `div_ceil` is older, the const `mem::swap`
    // is not.
    let (checked_with, needs) = too_new(&for_judge("judge_today", "kattis"));
    // Each finding starts at the item's line in the user's own file.
    let ordered = line_of("judge_today/src/numbers.rs", "pub const fn ordered");
    let by_clippy = format!(
        "judge_today/src/numbers.rs:{ordered}: crate::numbers::ordered: \
         `std::mem::swap` is stable in a const context since 1.85.0"
    );
    let by_rustc = format!("judge_today/src/numbers.rs:{ordered}: crate::numbers::ordered: ");
    assert!(
        needs.contains(&by_clippy)
            || (checked_with.starts_with("rustc 1.78") && needs[0].starts_with(&by_rustc)),
        "{checked_with}: {needs:?}"
    );
    assert!(!needs.iter().any(|n| n.contains("div_ceil")), "{needs:?}");
    // The project's own 1.63 lacks both. rustc 1.63 itself (unpacked by
    // `make check-old-rustc`) stops at the unstable `div_ceil` before its
    // const checks, so only the stand-ins see the second.
    let (checked_with, needs) = too_new(&Options::new("demo", fixture("judge_today")));
    let named = |what| needs.iter().any(|n| n.contains(what));
    assert!(named("crate::numbers::blocks"), "{checked_with}: {needs:?}");
    if !checked_with.starts_with("rustc 1.63") {
        assert!(
            named("crate::numbers::ordered"),
            "{checked_with}: {needs:?}"
        );
    }
}

#[test]
fn language_features_newer_than_the_judges_rustc_are_named() {
    // let-else (1.65) in the library, an inline format argument (1.58) in
    // the adapter: clippy's lint sees neither; the syntax check stands in
    // for a rustc that is not installed, and says so.
    let mut options = Options::new("demo", fixture("newer_syntax"));
    options.rustc = Some("1.57".into());
    let (checked_with, needs) = too_new(&options);
    if !checked_with.starts_with("rustc 1.57") {
        assert!(
            checked_with.contains("the bundler's syntax check (language features)"),
            "{checked_with}"
        );
        let main = line_of("newer_syntax/src/problems/demo.rs", "pub fn main");
        let first_drop = line_of("newer_syntax/src/steps.rs", "pub fn first_drop");
        assert_eq!(
            needs,
            [
                format!(
                    "newer_syntax/src/problems/demo.rs:{main}: crate::problems::demo::main: \
                     inline format arguments, stable since 1.58.0"
                ),
                format!(
                    "newer_syntax/src/steps.rs:{first_drop}: crate::steps::first_drop: let-else, \
                     stable since 1.65.0"
                ),
            ],
            "{checked_with}"
        );
    }
    // Told of a rustc that has both, it bundles; its report says what stood in.
    options.rustc = Some("1.65".into());
    let bundle = bundle(&options).unwrap_or_else(|e| panic!("{e}"));
    let toolchain = bundle.toolchain.expect("checked");
    assert!(toolchain.needs.is_empty(), "{toolchain:?}");
    let (stdout, _) = run(&compile(&bundle.text, true), "");
    assert_eq!(stdout, "Some(2)\n");
}
