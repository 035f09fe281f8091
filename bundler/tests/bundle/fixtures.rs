//! Fixture libraries under `tests/fixtures/`: one per feature (each bundle
//! compiled warning-free, run, and compared) and one per error.

use bundler::{bundle, Error, Judge, Options, Place, Rustc};

use crate::common::{compile, crate_visible, run, without_allows};
use crate::{bundle_fixture, fixture};

/// Bundles fixture `name`, checks what it must and must not contain, then
/// compiles it warning-free, runs it and compares its output.
pub(crate) fn check_fixture(name: &str, expected: &str, present: &[&str], absent: &[&str]) {
    let bundle = bundle_fixture(name);
    for text in present {
        assert!(
            bundle.text.contains(text),
            "{name}: `{text}` is missing:\n{}",
            bundle.text
        );
    }
    for text in absent {
        assert!(
            !bundle.text.contains(text),
            "{name}: `{text}` should be dropped:\n{}",
            bundle.text
        );
    }
    let again = bundle_fixture(name);
    assert_eq!(bundle.text, again.text, "{name}: two bundles differ");
    assert!(bundle.warnings.is_empty(), "{name}: {:?}", bundle.warnings);
    compile(&crate_visible(&without_allows(&bundle.text)), true);
    let program = compile(&bundle.text, true);
    let (stdout, code) = run(&program, "");
    assert_eq!(code, Some(0), "{name}: exit code");
    assert_eq!(stdout, expected, "{name}: output");
}

// ---- ordinary Rust the first bundler could not carry (issue 10) ----

#[test]
fn item_level_macro_calls_keep_what_is_used_and_lose_the_rest() {
    check_fixture(
        "item_macros",
        "6 15\n",
        // The call writes an impl of `Zero`, which nothing uses: it is
        // written out, and rustc then judges each impl it stood for.
        &["impl Twice for u32", "impl Twice for u64", "fn thrice"],
        &["Zero", "Named", "named!", "unreached", "macro_rules!"],
    );
}

#[test]
fn associated_items_reached_through_a_type_parameter() {
    check_fixture(
        "generic_monoid",
        "9\n",
        &[
            "type S: Copy",
            "fn id() -> Self::S",
            "fn op(",
            "impl Monoid for Max",
        ],
        &["Sum", "fn square"],
    );
}

#[test]
fn a_phantom_field_stays_with_its_type_parameter() {
    check_fixture(
        "phantom",
        "4\n",
        &[
            "phantom: PhantomData<fn() -> T>",
            "use std::marker::PhantomData;",
        ],
        &[],
    );
}

#[test]
fn underscore_imports_go_with_their_module() {
    check_fixture(
        "underscore_imports",
        "HI!\n",
        &["use crate::shout::Shout as _;"],
        &["unreached", "Write as _"],
    );
}

#[test]
fn a_module_and_its_function_of_the_same_name() {
    check_fixture(
        "same_name",
        "[3, 10, 8]\n",
        &["pub use conv::conv;", "pub fn conv("],
        &["unused_other"],
    );
}

#[test]
fn a_turbofish_inside_a_macro_call() {
    check_fixture("turbofish", "0\n", &["pub fn make()"], &["fn unused"]);
}

#[test]
fn an_associated_function_through_a_type_alias() {
    check_fixture(
        "type_alias",
        "3\n",
        &["pub type S8 = S<u8>;", "pub fn new("],
        &["Unused", "fn unused"],
    );
}

#[test]
fn a_library_type_in_a_std_traits_generic_arguments() {
    check_fixture(
        "std_trait_args",
        "2 7\n",
        &[
            "impl Mul<V> for f64",
            "type Output = V;",
            "fn mul(self, v: V)",
        ],
        // rustc counts every impl of a std trait for a live type as used,
        // so `impl Add for V` stays: as small as its analysis allows.
        &["struct W", "Mul<W>"],
    );
}

#[test]
fn warnings_of_the_library_itself_are_reported_at_their_line_and_column() {
    let bundle = bundle_fixture("library_warning");
    let mut found: Vec<(String, String, String, Option<Place>)> = bundle
        .warnings
        .iter()
        .map(|w| {
            (
                w.lint.clone(),
                w.message.clone(),
                w.item.clone(),
                w.place.clone(),
            )
        })
        .collect();
    found.sort_by_key(|w| w.3.as_ref().map(|p| p.file.clone()));
    let place = |file: &str, line, column| {
        Some(Place {
            file: file.into(),
            line,
            column: Some(column),
        })
    };
    assert_eq!(
        found,
        [
            (
                "unused_mut".to_string(),
                "variable does not need to be mutable".to_string(),
                "crate::problems::demo::main".to_string(),
                place("library_warning/src/problems/demo.rs", 2, 9)
            ),
            (
                "unused_variables".to_string(),
                "unused variable: `count`".to_string(),
                "crate::sums::total".to_string(),
                place("library_warning/src/sums.rs", 5, 9)
            ),
        ]
    );
    // Each as rustc writes it, the library's line quoted and marked.
    let count = bundle
        .warnings
        .iter()
        .find(|w| w.lint == "unused_variables")
        .expect("the unused variable");
    let expected = "warning[unused_variables]: unused variable: `count`\n \
                    --> library_warning/src/sums.rs:5:9\n  |\n\
                    5 |     let count = values.len();\n  |         ^^^^^\n";
    assert!(count.rendered.starts_with(expected), "{}", count.rendered);
    // Not hidden: the bundle still carries the code, and says nothing to
    // silence it.
    assert!(bundle.text.contains("let count = values.len();"));
    assert!(bundle.text.contains("let mut scale = 1;"));
    assert!(!bundle.text.contains("allow("));
}

#[test]
fn a_type_error_is_placed_in_the_library_not_in_the_bundle() {
    let e = fixture_error("err_type");
    let Error::DoesNotCompile {
        errors, reports, ..
    } = &e
    else {
        panic!("expected DoesNotCompile, got {e:?}");
    };
    assert_eq!(*errors, 1, "{e}");
    let message = e.to_string();
    assert!(
        message.starts_with("the library does not compile as one file: 1 error, 0 warnings"),
        "{message}"
    );
    let report = reports
        .iter()
        .find(|r| r.starts_with("error[E0308]: mismatched types"))
        .unwrap_or_else(|| panic!("no E0308 in {message}"));
    let expected = "error[E0308]: mismatched types\n \
                    --> err_type/src/problems/demo.rs:4:21\n  |\n\
                    4 |     let half: u32 = crate::halves::halve(7);\n  \
                    |                     ^^^^^^^^^^^^^^^^^^^^^^^ expected `u32`, found `u64`\n  \
                    |               --- expected due to this\n";
    assert!(report.starts_with(expected), "{report}");
    assert!(!message.contains("<anon>"), "{message}");
}

#[test]
fn a_function_a_macro_defines_falls_back_to_the_whole_library_and_says_where() {
    // `make!(seven)` is written out before the walk, which then sees
    // `seven`; `make_mod!(numbers)` writes a module, stays a call, and the
    // walk cannot see into it: the cut does not compile, the whole library
    // is shaken, and the report places rustc's complaint in the adapter.
    check_fixture(
        "macro_defined",
        "7 8\n",
        &["pub fn seven() -> u32", "make_mod!(numbers);"],
        &["make!(seven)"],
    );
    let fell_back = bundle_fixture("macro_defined")
        .report
        .fell_back
        .expect("the cut does not compile");
    assert!(
        fell_back.starts_with("error[E0433]: ")
            && fell_back.contains("\n --> macro_defined/src/problems/demo.rs:2:46\n"),
        "{fell_back}"
    );
}

// ---- the rest of ordinary Rust ----

#[test]
fn glob_imports_of_modules_and_enum_variants() {
    check_fixture(
        "globs",
        "red,green 4\n",
        &[
            "use crate::shapes::*;",
            "use Color::*;",
            "Shapes to import by glob.",
        ],
        &["unused_glob_target", "unused_extra", "mod extras"],
    );
    let bundle = bundle_fixture("globs");
    assert_eq!(bundle.report.fell_back, None, "the cut did not compile");
}

#[test]
fn renamed_imports() {
    check_fixture(
        "renames",
        "14\n",
        &["use crate::math::add as plus;", "self as m"],
        &["never_called"],
    );
}

#[test]
fn use_groups_keep_only_used_leaves() {
    check_fixture(
        "use_groups",
        "HELLO 42\n",
        // A group left with one leaf is written bare (it reads back so);
        // `{self, …}` stays a group.
        &[
            "numbers::double",
            "GREETING",
            "text::{self, shout, GREETING}",
        ],
        &["triple", "FAREWELL", "fn unused", "{double}"],
    );
}

#[test]
fn super_and_self_paths_in_nested_inline_modules() {
    check_fixture(
        "super_self",
        "15\n",
        &["pub mod deeper", "super::super::base()"],
        &["unused_deep", "unused_module", "fn nothing"],
    );
}

#[test]
fn module_files_flat_and_mod_rs() {
    check_fixture(
        "mod_files",
        "flat child nested leaf\n",
        &[
            "pub mod flat",
            "pub mod child",
            "pub mod nested",
            "pub mod leaf",
        ],
        &["mod child;"],
    );
    let bundle = bundle_fixture("mod_files");
    for file in [
        "mod_files/src/flat/child.rs",
        "mod_files/src/nested/mod.rs",
        "mod_files/src/nested/leaf.rs",
    ] {
        assert!(
            bundle.text.contains(file),
            "header lists {file}:\n{}",
            bundle.text
        );
    }
}

#[test]
fn path_attribute() {
    check_fixture(
        "path_attr",
        "42\n",
        &["pub mod renamed", "fn answer"],
        &["#[path"],
    );
}

#[test]
fn re_exports_are_followed_and_unused_ones_dropped() {
    check_fixture(
        "reexports",
        "10\n",
        &[
            "pub use crate::inner::Thing;",
            "pub use inner::Widget as Gadget;",
            "pub use self::deep::Thing;",
        ],
        &["Other"],
    );
}

#[test]
fn macro_rules_kept_by_name() {
    check_fixture(
        "macros",
        "14\n",
        &["macro_rules! squared_sum", "fn square"],
        &["never_used"],
    );
}

#[test]
fn trait_impls_kept_only_with_their_type_and_trait() {
    check_fixture(
        "trait_impls",
        "square 2 has area 4\n",
        &[
            "impl Shape for Square",
            "impl fmt::Display for Square",
            "fn new",
        ],
        &["Circle", "Unused", "perimeter", "unused_method"],
    );
}

#[test]
fn unused_items_of_every_kind_are_dropped() {
    check_fixture(
        "unused_items",
        "count=4\n",
        &["use std::fmt::Write;", "pub const USED", "fn bump"],
        &[
            "UNUSED_CONST",
            "UNUSED_STATIC",
            "UnusedAlias",
            "UnusedEnum",
            "unused_fn",
            "HashMap",
            "label",
            "regex",
            "Regex",
            "allow(",
        ],
    );
}

#[test]
fn test_code_is_dropped() {
    check_fixture(
        "cfg_test",
        "2\n",
        &["fn get"],
        &[
            "only_in_tests",
            "adds_one",
            "loose_test",
            "mod tests",
            "missing_test_file",
        ],
    );
}

fn fixture_error(name: &str) -> Error {
    match bundle(&Options::new("demo", fixture(name))) {
        Ok(b) => panic!("{name}: expected an error, got a bundle:\n{}", b.text),
        Err(e) => e,
    }
}

#[test]
fn error_other_crate_names_it_and_its_place() {
    let e = fixture_error("err_external_crate");
    let message = e.to_string();
    assert!(
        matches!(&e, Error::ExternalCrate { name, place, why: None } if name == "regex"
            && place.file == "err_external_crate/src/problems/demo.rs" && place.line == 1),
        "{e:?}"
    );
    assert!(
        message.starts_with("err_external_crate/src/problems/demo.rs:1: uses the crate `regex`"),
        "{message}"
    );
}

#[test]
fn error_an_import_of_another_crate_is_named_not_dropped_silently() {
    // `use itertools::Itertools;` cannot be carried: rustc would then say
    // only that `join` is no method of the iterator.
    let e = fixture_error("err_dropped_import");
    assert!(
        matches!(&e, Error::ExternalCrate { name, place, why: None } if name == "itertools"
            && place.file == "err_dropped_import/src/problems/demo.rs" && place.line == 1),
        "{e:?}"
    );
}

#[test]
fn error_a_wrong_library_says_what_library_takes() {
    for (dir, what) in [
        (fixture("no_such_fixture"), "no such folder"),
        (fixture("globs").join("src"), "it has no src/lib.rs"),
        (
            crate::workspace().join("bundler"),
            "it has no src/problems/",
        ),
    ] {
        let e = bundle(&Options::new("demo", dir.clone())).expect_err("no library");
        let message = e.to_string();
        assert!(
            message.starts_with(&format!(
                "--library {}: {what}: --library takes",
                dir.display()
            )),
            "{message}"
        );
    }
}

#[test]
fn error_missing_mod_file_lists_what_was_tried() {
    let e = fixture_error("err_missing_mod");
    let message = e.to_string();
    assert!(
        matches!(&e, Error::MissingModFile { module, .. } if module == "gone"),
        "{e:?}"
    );
    assert!(
        message.starts_with("err_missing_mod/src/lib.rs:2: `mod gone;` has no file"),
        "{message}"
    );
    assert!(
        message.contains("err_missing_mod/src/gone.rs or err_missing_mod/src/gone/mod.rs"),
        "{message}"
    );
}

#[test]
fn error_module_cycle_through_path() {
    let e = fixture_error("err_cycle");
    assert!(matches!(&e, Error::ModuleCycle { .. }), "{e:?}");
    assert!(
        e.to_string()
            .starts_with("err_cycle/src/lib.rs:2: module cycle"),
        "{e}"
    );
}

#[test]
fn error_parse_has_line_and_column() {
    let e = fixture_error("err_parse");
    assert!(matches!(&e, Error::Parse { .. }), "{e:?}");
    assert!(
        e.to_string()
            .starts_with("err_parse/src/problems/demo.rs:2:13: cannot parse"),
        "{e}"
    );
}

#[test]
fn error_adapter_not_declared_in_problems_rs() {
    let e = bundle(&Options::new("orphan", fixture("err_not_declared"))).expect_err("not declared");
    assert!(
        matches!(&e, Error::NotDeclared { id, .. } if id == "orphan"),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "err_not_declared/src/problems.rs: problem `orphan` is not declared; add `pub mod orphan;` to problems.rs"
    );
}

#[test]
fn error_adapter_without_main() {
    let e = fixture_error("err_no_main");
    assert!(matches!(&e, Error::NoMain { .. }), "{e:?}");
    assert!(
        e.to_string()
            .starts_with("err_no_main/src/problems/demo.rs: the adapter has no `pub fn main()`"),
        "{e}"
    );
}

#[test]
fn error_module_file_both_flat_and_mod_rs() {
    let e = fixture_error("err_ambiguous_mod");
    assert!(
        matches!(&e, Error::AmbiguousModFile { module, .. } if module == "twice"),
        "{e:?}"
    );
    assert!(
        e.to_string()
            .starts_with("err_ambiguous_mod/src/lib.rs:2: `mod twice;` matches both"),
        "{e}"
    );
}

#[test]
fn error_unknown_problem_lists_the_known_ones() {
    let e = bundle(&Options::new("nope", fixture("globs"))).expect_err("unknown id");
    assert!(
        matches!(&e, Error::UnknownProblem { known, near, .. } if known == &["demo"] && near.is_empty()),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "unknown problem `nope`; the problems are demo (the bundler takes the ids of src/problems/; \
         `make submit-<alias>` resolves an alias)"
    );
    let e = bundle(&Options::new("dem", fixture("globs"))).expect_err("unknown id");
    assert!(
        e.to_string()
            .starts_with("unknown problem `dem`; did you mean `demo`?"),
        "{e}"
    );
}

#[test]
fn explain_prints_the_chain_from_main() {
    let mut options = Options::new("demo", fixture("renames"));
    options.explain = Some("math::mul".into());
    let explanation = bundle(&options)
        .expect("bundle")
        .explanation
        .expect("explained");
    let lines: Vec<&str> = explanation.lines().collect();
    assert_eq!(lines[0], "crate::math::mul is kept:");
    assert!(
        lines[1].contains("crate::problems::demo::main (the entry point)"),
        "{explanation}"
    );
    assert!(
        lines.last().expect("a chain").contains("crate::math::mul"),
        "{explanation}"
    );

    options.explain = Some("never_called".into());
    let explanation = bundle(&options)
        .expect("bundle")
        .explanation
        .expect("explained");
    assert_eq!(
        explanation,
        "crate::math::never_called is dropped: no kept code names it\n"
    );

    options.explain = Some("no_such_item".into());
    assert!(matches!(bundle(&options), Err(Error::UnknownItem { .. })));
}

/// `--explain` of fixture `name` for `query`.
fn explained(name: &str, query: &str) -> String {
    let mut options = Options::new("demo", fixture(name));
    options.explain = Some(query.into());
    let bundle = bundle(&options).unwrap_or_else(|e| panic!("{query}: {e}"));
    bundle.explanation.expect("explained")
}

#[test]
fn explain_finds_a_provided_method_by_the_type_it_is_called_on() {
    check_fixture(
        "explain_methods",
        "3\n",
        &["fn first(&mut self) -> u32", "impl Search for Fast"],
        &["Slow", "Solver"],
    );
    assert_eq!(
        explained("explain_methods", "engine::Fast::first"),
        "crate::engine::Fast::first is crate::engine::Search::first, a provided method of the \
         trait, through crate::engine::<impl Search for Fast>
crate::engine::Fast is kept:
  crate::problems::demo::main (the entry point)
    crate::engine::Fast (named by the item above)
crate::engine::Search::first is kept:
  crate::problems::demo::main (the entry point)
    crate::problems::demo::solve (named by the item above)
      crate::engine::Search (trait declaring `first`, which the item above may call)
        crate::engine::Search::first (a member rustc finds used)
"
    );
    // Through a type alias to a type no kept code names.
    let solver = explained("explain_methods", "crate::engine::Solver::first");
    let lines: Vec<&str> = solver.lines().collect();
    assert_eq!(
        lines[..3],
        [
            "crate::engine::Solver::first is crate::engine::Search::first, a provided method of \
             the trait, through crate::engine::<impl Search for Slow>",
            "crate::engine::Solver is dropped: no kept code names it",
            "crate::engine::Search::first is kept:",
        ]
    );
    // Only what this adapter's bundle is about: not the other adapter's
    // `use` of the same name.
    assert_eq!(
        explained("explain_methods", "engine::Solver"),
        "crate::engine::Solver is dropped: no kept code names it\n"
    );
    assert_eq!(
        explained("explain_methods", "Solver"),
        "crate::engine::Solver is dropped: no kept code names it\n"
    );
    assert_eq!(
        explained("explain_methods", "Search::first"),
        explained("explain_methods", "crate::engine::Search::first")
    );
}

#[test]
fn sizes_are_biggest_first_and_add_up_per_module() {
    let bundle = bundle_fixture("super_self");
    assert!(
        bundle.sizes.windows(2).all(|w| w[0].0 >= w[1].0),
        "{:?}",
        bundle.sizes
    );
    let size_of = |name: &str| {
        bundle
            .sizes
            .iter()
            .find(|(_, n)| n == name)
            .unwrap_or_else(|| panic!("no row {name} in {:?}", bundle.sizes))
            .0
    };
    let inner = size_of("crate::outer::inner (module)");
    let deeper = size_of("crate::outer::inner::deeper (module)");
    let step = size_of("crate::outer::inner::step");
    assert!(inner > deeper + step, "{inner} <= {deeper} + {step}");
}

/// A judge with a made-up limit (and the default's rustc, so that headers
/// keep their length).
fn judge_with_limit(limit: usize) -> Judge {
    Judge {
        name: "test",
        limit,
        ..Judge::all()[0]
    }
}

#[test]
fn over_the_limit_strips_docs_then_minifies_then_fails() {
    let with_limit = |limit: usize| {
        let mut options = Options::new("demo", fixture("globs"));
        options.judge = judge_with_limit(limit);
        bundle(&options)
    };
    // Limits of the same number of digits keep the header the same length.
    let full = with_limit(9_999).expect("bundle");
    assert!(!full.style.strip_docs && !full.style.minify);
    let mut options = Options::new("demo", fixture("globs"));
    options.strip_docs = true;
    let stripped = bundle(&options).expect("bundle");
    assert!(!stripped.text.contains("Shapes to import by glob."));
    options.minify = true;
    let minified = bundle(&options).expect("bundle");
    assert!(minified.text.len() < stripped.text.len() && stripped.text.len() < full.text.len());

    let fitted = with_limit(full.text.len() - 1).expect("fits stripped");
    assert!(full.text.len() < 9_999 && full.text.len() >= 1_000);
    assert!(
        fitted.style.strip_docs && !fitted.style.minify,
        "{:?}",
        fitted.style
    );
    assert!(fitted.text.contains("docs stripped to fit"));
    let fitted = with_limit(minified.text.len() + 40).expect("fits minified");
    assert!(minified.text.len() + 40 < stripped.text.len());
    assert!(
        fitted.style.strip_docs && fitted.style.minify,
        "{:?}",
        fitted.style
    );
    let (stdout, _) = run(&compile(&fitted.text, true), "");
    assert_eq!(stdout, "red,green 4\n");

    match with_limit(100) {
        Err(Error::TooLarge {
            limit, breakdown, ..
        }) => {
            assert_eq!(limit, 100);
            // Items, not the modules that hold them.
            assert!(breakdown.contains("crate::shapes::"), "{breakdown}");
            assert!(!breakdown.contains("(module)\n"), "{breakdown}");
        }
        other => panic!("expected TooLarge, got {other:?}"),
    }
}

#[test]
fn judge_profiles_know_their_limits() {
    let limit = |name| Judge::named(name).map(|j| j.limit);
    assert_eq!(limit("codeforces"), Some(65_536));
    assert_eq!(limit("uva"), Some(40_000));
    assert_eq!(limit("spoj"), Some(50_000));
    assert_eq!(limit("library-checker"), Some(1 << 20));
    let edition = |name| Judge::named(name).map(|j| j.edition);
    assert_eq!(edition("default"), Some("2021"));
    assert_eq!(edition("atcoder"), Some("2024"));
    // The library is held to the oldest compiler of any judge that takes Rust.
    let rustc = |name| Judge::named(name).map(|j| j.rustc);
    assert_eq!(rustc("default"), Some(Rustc::AtLeast("1.63")));
    assert_eq!(rustc("atcoder"), Some(Rustc::Version("1.89")));
    assert_eq!(rustc("uva"), Some(Rustc::NoRust));
    assert_eq!(Judge::named("nowhere"), None);
    assert!(Judge::all()[0].is_default());
}

// ---- LeetCode's shape (issue 42) ----

/// What LeetCode's judge adds to the pasted code: `struct Solution;` and
/// a driver calling the methods.
const LEETCODE_DRIVER: &str = "\nstruct Solution;\n\
    fn main() {\n    println!(\"{} {}\", Solution::total_n_queens(6), Solution::first_row(2));\n}\n";

#[test]
fn leetcode_shape_keeps_the_impl_at_the_root_and_no_main() {
    let bundle = bundle_fixture("leetcode_shape");
    let text = &bundle.text;
    assert!(text.contains("\nimpl Solution {\n"), "{text}");
    assert!(
        text.contains("pub fn total_n_queens(n: i32) -> i32"),
        "{text}"
    );
    assert!(text.contains("pub mod queens {"), "{text}");
    for gone in [
        "fn main",
        "struct Solution",
        "never_called",
        "unused_field",
        "unused_method",
        "unused_function",
        "fn solve",
        "mod problems",
        "mod demo",
    ] {
        assert!(!text.contains(gone), "`{gone}` should be dropped:\n{text}");
    }
    assert_eq!(bundle_fixture("leetcode_shape").text, *text);
    // Dead code gone: with every `pub` narrowed, the driver still finds
    // nothing unused; and the file as pasted runs under the judge's driver.
    let driven = format!("{text}{LEETCODE_DRIVER}");
    compile(&crate_visible(&without_allows(&driven)), true);
    let (stdout, code) = run(&compile(&driven, true), "");
    assert_eq!(
        (stdout.as_str(), code),
        ("4 [1, 18446744073709551615]\n", Some(0))
    );
}

#[test]
fn leetcode_shape_compiles_as_the_leetcode_profile() {
    let mut options = Options::new("demo", fixture("leetcode_shape"));
    options.judge = Judge::named("leetcode").expect("the leetcode profile");
    let bundle = bundle(&options).unwrap_or_else(|e| panic!("{e}"));
    assert!(bundle.text.contains("--edition 2024"), "{}", bundle.text);
    assert!(!bundle.text.contains("fn main"), "{}", bundle.text);
    let driven = format!("{}{LEETCODE_DRIVER}", bundle.text);
    let (stdout, _) = run(&compile(&driven, true), "");
    assert_eq!(stdout, "4 [1, 18446744073709551615]\n");
}

#[test]
fn an_adapter_with_neither_main_nor_solution_methods_is_told_both() {
    let e = fixture_error("err_no_main");
    assert!(
        e.to_string()
            .contains("an `impl Solution` with a `pub` method"),
        "{e}"
    );
}
