//! The failure classes the bundler met on real libraries after the first
//! corpus (issue 20), one fixture each: qualified-self paths read as
//! crates, an error that follows from a deletion blamed on live code, a
//! tuple field only dead code reads, and an API newer than the judge's
//! rustc.

use bundler::{bundle, Error, Judge, Options};

use crate::fixtures::check_fixture;
use crate::{fixture, line_of};

#[test]
fn qualified_self_paths_are_types_not_crates() {
    // `<[T]>::to_vec`, `<Vec<T>>::new()`, `<[u8; 2]>::default()` and
    // `<UnionFind>::new(3)`: syn gives each path a leading `::`, which is
    // not a crate's.
    check_fixture(
        "qualified_self",
        "true [1, 2] [0, 0]\n",
        &[
            "<crate::dsu::UnionFind>::new(3)",
            "<[T]>::to_vec(items)",
            "<Vec<T>>::new()",
            "<[u8; 2]>::default()",
        ],
        &["fn unused", "with_capacity"],
    );
}

#[test]
fn an_error_that_follows_from_a_deletion_never_deletes_live_code() {
    // Deleting the dead `Dead` orphans its `impl Iterator`, and rustc then
    // reports E0034 at `p[1].min(..)` in the live `G::live` too: that
    // error names nothing deleted, so it waits while the orphan goes.
    check_fixture(
        "followup_error",
        "-1\n",
        &["pub fn live(&self) -> i64", "p[1].min(p[0] - 4)"],
        &["struct Dead", "fn dead", "impl Iterator for"],
    );
}

#[test]
fn a_tuple_field_only_dead_code_reads_becomes_unit() {
    // rustc's own suggestion: `()` keeps the other fields' numbers; the
    // value given for it is still evaluated where it has side effects.
    check_fixture(
        "tuple_field",
        "weighed\n10 6\n",
        &[
            "pub struct Edge(pub usize, pub usize, pub ());",
            "pub struct Pair(pub (), pub u32);",
            "Edge(1, 2, { let _ = weight(); })",
            "Edge(3, 4, ())",
        ],
        &["fn cost", "fn first", "pub i64"],
    );
}

#[test]
fn what_needs_a_newer_rustc_than_the_judges_is_named() {
    // `Option::is_none_or` is stable since 1.82; Kattis's rustc is 1.78.
    let mut options = Options::new("demo", fixture("newer_rustc"));
    options.judge = Judge::named("kattis").expect("a judge");
    let e = bundle(&options).expect_err("too new for 1.78");
    let Error::TooNew {
        rustc,
        needs,
        checked_with,
        ..
    } = &e
    else {
        panic!("expected TooNew, got {e:?}");
    };
    assert_eq!(rustc, "1.78");
    // Led by the item's line in the library's own file.
    let line = line_of("newer_rustc/src/seq.rs", "pub fn rising");
    assert_eq!(
        needs,
        &[format!(
            "newer_rustc/src/seq.rs:{line}: crate::seq::rising: `is_none_or` is stable since 1.82.0"
        )],
        "{e}"
    );
    assert!(
        checked_with.contains("clippy") || checked_with.starts_with("rustc 1.78"),
        "{checked_with}"
    );
    // Told that the judge's rustc is newer, it bundles.
    options.rustc = Some("1.85".into());
    let bundle = bundle(&options).expect("fine for 1.85");
    let toolchain = bundle.toolchain.expect("checked");
    assert!(toolchain.needs.is_empty() && toolchain.rustc == "1.85");
    // A judge whose rustc is not known is not checked.
    options.rustc = None;
    options.judge = Judge::named("spoj").expect("a judge");
    assert_eq!(bundle_with(&options).toolchain, None);
}

fn bundle_with(options: &Options) -> bundler::Bundle {
    bundle(options).unwrap_or_else(|e| panic!("{e}"))
}
