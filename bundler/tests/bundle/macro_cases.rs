//! The failure classes of issue 27, one fixture each: what `macro_rules!`
//! calls write, and enums rustc trims. Each bundle is compiled
//! warning-free (every `pub` narrowed, every `#[allow]` stripped) and run.
//! The classes that need crates are bins of the user's package in
//! `tests/fixtures/macro_crates/` (crate `p` is shaped like pathfinding 4).

use bundler::{bundle, Bundle, Judge, Options};

use crate::common::{compile, crate_visible, run, without_allows};
use crate::fixture;
use crate::fixtures::check_fixture;

/// Bundles bin `bin` of the package in `tests/fixtures/macro_crates/`.
fn bundle_bin(bin: &str) -> Bundle {
    let manifest = fixture("macro_crates").join("sol").join("Cargo.toml");
    let mut options = Options::bin(bin, Some(manifest));
    options.judge = Judge::named("atcoder").expect("a judge");
    bundle(&options).unwrap_or_else(|e| panic!("{bin}: {e}"))
}

/// Bundles `bin`, checks what it must and must not contain, compiles it
/// warning-free and compares its output.
fn check_bin(bin: &str, expected: &str, present: &[&str], absent: &[&str]) {
    let bundle = bundle_bin(bin);
    for text in present {
        assert!(
            bundle.text.contains(text),
            "{bin}: no `{text}`:\n{}",
            bundle.text
        );
    }
    for text in absent {
        assert!(
            !bundle.text.contains(text),
            "{bin}: `{text}` is in:\n{}",
            bundle.text
        );
    }
    assert!(bundle.warnings.is_empty(), "{bin}: {:?}", bundle.warnings);
    assert_eq!(
        bundle.report.fell_back, None,
        "{bin}: the cut did not compile"
    );
    compile(&crate_visible(&without_allows(&bundle.text)), true);
    let (stdout, code) = run(&compile(&bundle.text, true), "");
    assert_eq!(code, Some(0), "{bin}: exit code");
    assert_eq!(stdout, expected, "{bin}: output");
}

#[test]
fn a_crate_reached_only_through_macro_written_items_is_bundled() {
    // `c::convolve_u64` is written by `impl_convolve!`, and its code calls
    // `W::crt`, which calls `Reduce::reduce` of crate `g`.
    check_bin(
        "convolve_both",
        "757 9\n",
        &["mod g {", "mod c {", "pub fn convolve_u64(", "fn reduce("],
        &["convolve_unused"],
    );
    check_bin(
        "convolve_only",
        "757\n",
        &["mod g {", "mod c {", "pub fn convolve_u64("],
        &["convolve_unused"],
    );
}

#[test]
fn a_cfg_given_to_a_macro_is_decided_with_the_crates_features() {
    // `imp!(u8, cfg(feature = "std"))`: the package enables `std`.
    check_bin(
        "cfg_argument",
        "u8 u32 true\n",
        &["impl Name for u8", "impl Name for u32", "true"],
        &["u16", "cfg(", "false"],
    );
}

#[test]
fn macros_are_found_by_scope_not_by_name_across_crates() {
    // `x` and `y` both have a private `imp!`; only `x` is used.
    check_bin(
        "scoped",
        "42\n",
        &["impl Double for u32"],
        &["mod y", "Half", "fn test"],
    );
}

#[test]
fn an_unread_field_of_an_enum_variant_becomes_unit_with_its_constructors() {
    check_fixture(
        "variant_field",
        "built 4\n6\n",
        &[
            "Dense(())",
            "Sparse((), usize)",
            "Pre::Dense(())",
            "let _ = noisy(n);",
            "Pre::Sparse((), 3)",
        ],
        &["Dense(u32)", "Vec<u32>, usize"],
    );
}

#[test]
fn a_variant_that_alone_uses_a_type_parameter_stays() {
    check_fixture(
        "marker_variant",
        "5 true 7\n",
        &["_Marker(T)", "_Phantom(PhantomData<T>)", "Left,"],
        &["Right"],
    );
}

#[test]
fn a_macro_call_writing_live_and_dead_items_keeps_the_live_ones() {
    check_fixture(
        "mixed_macro_call",
        "0 1\n",
        &["impl Zero for i32", "impl Zero for i64"],
        &["AddComm", "impl_trait"],
    );
}

#[test]
fn a_macro_call_writing_a_traits_members_is_written_out() {
    check_fixture(
        "trait_member_macros",
        "5\n",
        &["fn nodes(&self) -> usize;"],
        &["fn edges", "members!"],
    );
}

#[test]
fn a_library_shaped_like_pathfinding_is_cut_without_falling_back() {
    // Crate `p`: a module and a `#[macro_export]` macro both named `board`,
    // the macro writing `p::board::Board`, a prelude of globs, `pub use
    // g;`, and `impl Pack<Small>` (an alias only its header names). `main`
    // imports in its own blocks, by glob and by alias. `board` imports
    // `Board` again through `exports`, for an uncalled `shown`: that
    // import goes with `exports` (petgraph's `use crate::prelude::…`).
    // `raw` calls `alloc(layout)`, a function imported under the name of
    // the `alloc` crate (hashbrown's allocator): the import stays.
    check_bin(
        "library_shapes",
        "2 3\n13\n4\n321\n77\n6 3\n",
        &["mod p {", "mod g {", "fn reduce(", "fn small("],
        &["Vector", "macro_rules! vec"],
    );
    // The bare `vec!` of `main` and of `p::board::size` is std's, not the
    // one `g` exports (allocator-api2's, which petgraph's cut kept, with
    // its `Vec` and `Box`: 35 of 119 KB). (`board!`'s own `vec!` would be
    // resolved where it is called: the walk keeps every `vec!` for it.)
    let mut options = Options::bin(
        "prelude_only",
        Some(fixture("macro_crates").join("sol").join("Cargo.toml")),
    );
    options.explain = Some("g::vectors::Vector".into());
    let explanation = bundle(&options).expect("explained").explanation;
    assert_eq!(
        explanation.as_deref(),
        Some("crate::g::vectors::Vector is dropped: no kept code names it\n")
    );
    // The macro is not called: its re-export, reached through the
    // prelude's glob, goes with it.
    check_bin(
        "prelude_only",
        "1\n",
        &["mod p {", "fn size("],
        &["macro_rules!", "use board"],
    );
}

#[test]
fn macro_use_on_an_extern_crate_brings_its_macros_into_every_module() {
    // `#[macro_use] extern crate p;` goes from the bundle; `board!` is
    // imported where it is called (the root, `mod inner`), and nowhere
    // else.
    check_bin(
        "macro_use",
        "3 3 3\n",
        &["use crate::p::board;"],
        &["extern crate p", "extern crate y", "Vector"],
    );
}

#[test]
fn a_crate_kept_whole_keeps_the_crates_its_unreached_code_names() {
    // The walk cannot see into the module `make_mod!` writes, so the cut
    // does not compile and crate `w` is kept whole: with it `reduced`,
    // which no bin calls and which alone names crate `g`. `g` comes too,
    // and shaking then takes both out again.
    let bundle = bundle_bin("whole_fallback");
    let fell_back = bundle.report.fell_back.as_deref().unwrap_or("");
    assert!(fell_back.contains("numbers"), "{fell_back:?}");
    for gone in ["mod g", "fn reduced"] {
        assert!(!bundle.text.contains(gone), "{gone} in:\n{}", bundle.text);
    }
    assert!(bundle.warnings.is_empty(), "{:?}", bundle.warnings);
    compile(&crate_visible(&without_allows(&bundle.text)), true);
    let (stdout, code) = run(&compile(&bundle.text, true), "");
    assert_eq!((stdout.as_str(), code), ("8\n", Some(0)));
}
