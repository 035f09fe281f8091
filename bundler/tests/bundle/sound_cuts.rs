//! The shapes of issue 38, where a cut once changed what a program printed
//! or stopped it compiling: one fixture each, bundled readable and
//! minified, compiled with `-D warnings`, run, and compared with what the
//! program prints (worked out by hand from its source). With every `pub`
//! narrowed, rustc may still call dead exactly what the bundle reports as
//! kept, and nothing else.

use bundler::{bundle, Bundle, Judge, Options};

use crate::common::{compile, crate_visible, run, unexplained_warnings};
use crate::fixture;

/// Bundles adapter `demo` of fixture `name`, readable or minified.
fn bundle_of(name: &str, minify: bool) -> Bundle {
    let mut options = Options::new("demo", fixture(name));
    options.minify = minify;
    bundle(&options).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Checks both forms of `bundle`: `present` in the text and `absent` not,
/// warning-free, printing `expected`; `kept` the names the report keeps.
fn check(
    name: &str,
    bundle: &Bundle,
    expected: &str,
    present: &[&str],
    absent: &[&str],
    kept: &[&str],
) {
    for text in present {
        assert!(
            bundle.text.contains(text),
            "{name}: no `{text}`:\n{}",
            bundle.text
        );
    }
    for text in absent {
        assert!(
            !bundle.text.contains(text),
            "{name}: `{text}` is in:\n{}",
            bundle.text
        );
    }
    assert!(bundle.warnings.is_empty(), "{name}: {:?}", bundle.warnings);
    let reported: Vec<&str> = bundle
        .report
        .kept
        .iter()
        .map(|(path, _)| path.as_str())
        .collect();
    for path in kept {
        assert!(
            reported.iter().any(|r| r.ends_with(path)),
            "{name}: {path} not kept: {reported:?}"
        );
    }
    let unexplained = unexplained_warnings(bundle, &crate_visible(&bundle.text));
    assert!(
        unexplained.is_empty(),
        "{name}: warnings about nothing kept: {unexplained:?}, kept: {:?}",
        bundle.report.kept
    );
    let (stdout, code) = run(&compile(&bundle.text, true), "");
    assert_eq!(code, Some(0), "{name}: exit code");
    assert_eq!(stdout, expected, "{name}: output\n{}", bundle.text);
}

fn check_fixture(name: &str, expected: &str, present: &[&str], absent: &[&str], kept: &[&str]) {
    for minify in [false, true] {
        let bundle = bundle_of(name, minify);
        let (present, absent) = match minify {
            false => (present, absent),
            // The minified text spaces differently; what it holds is
            // checked on the readable one.
            true => (&[][..], &[][..]),
        };
        check(name, &bundle, expected, present, absent, kept);
    }
}

#[test]
fn what_the_program_observes_is_never_cut() {
    check_fixture(
        "observed_fields",
        "Node { parent: 4, parent_char: 5, link: 0 }\n7\nP(3, 9)\n2\n1 32\n2\n",
        &[
            "pub parent_char: u8",
            "pub pad: [u64; 3]",
            "pub spare: u64",
            "L = 2",
            "#[allow(dead_code)]",
        ],
        &["pub unread", "derive(Debug)]\npub struct Quiet", "    U,"],
        &["Node::parent", "Padded::pad", "P::0", "P::1"],
    );
}

#[test]
fn a_parameters_only_user_stays() {
    check_fixture(
        "parameter_users",
        "3\n6\nout\n2\n6\n",
        &[
            "pub prev: Vec<Option<&'a E>>",
            "pub index: I",
            "Buf(&'s mut Vec<u8>)",
            // A reference given `self` is a marker of the same parameters.
            "pub table: core::marker::PhantomData<&'t mut M>",
            "table: core::marker::PhantomData,\n",
            // The other `Slot`'s is read: its literal keeps its value.
            "pub table: &'t mut Vec<u32>",
            "Slot { at, table: cells }",
        ],
        &[],
        &["Walk::prev", "Indexed::index", "Dest::Buf"],
    );
}

#[test]
fn effects_of_an_unread_fields_value_are_kept() {
    check_fixture(
        "effect_initialisers",
        "4\npicked\n1\nfresh\n2\n",
        &["let _sel0 = pick();", "id: fresh()"],
        &["struct Real", "pub r:", "vec![1, 2]", "pub sel:"],
        &["Counter::id"],
    );
}

#[test]
fn minified_closures_and_struct_bases_print_what_they_parse_from() {
    check_fixture(
        "printer_shapes",
        "14 1 7\n",
        &["(|a, b| a + b)(x, y) * 2"],
        &["unused"],
        &[],
    );
}

#[test]
fn macro_tokens_read_as_rustc_reads_them() {
    let manifest = fixture("macro_crates").join("sol").join("Cargo.toml");
    for minify in [false, true] {
        let mut options = Options::bin("fidelity", Some(manifest.clone()));
        options.judge = Judge::named("atcoder").expect("a judge");
        options.minify = minify;
        let bundle = bundle(&options).unwrap_or_else(|e| panic!("fidelity: {e}"));
        let present: &[&str] = match minify {
            false => &["self.0 += v;", "(1 as u64) << n"],
            true => &[],
        };
        check(
            "fidelity",
            &bundle,
            "30 1099511627776 8\n[(1, 3), (2, 4)]\n",
            present,
            &["div_assign"],
            &[],
        );
    }
}

#[test]
fn crates_of_older_editions_are_brought_to_the_judges() {
    // A 2018 crate's `unsafe fn` body, `ref` in a borrowing pattern, `gen`
    // and `$e:expr`, fixed by rustc's 2024 migration lints; its
    // `include_str!` and feature-gated statements written out; a 2021
    // crate's function of the crate's own name.
    let manifest = fixture("editions").join("sol").join("Cargo.toml");
    for minify in [false, true] {
        let mut options = Options::bin("editions", Some(manifest.clone()));
        options.judge = Judge::named("atcoder").expect("a judge");
        options.minify = minify;
        let bundle = bundle(&options).unwrap_or_else(|e| panic!("editions: {e}"));
        let migrated = bundle.report.migrated.join("\n");
        for lint in [
            "unsafe_op_in_unsafe_fn",
            "rust_2024_incompatible_pat",
            "keyword_idents_2024",
            "edition_2024_expr_fragment_specifier",
        ] {
            assert!(migrated.contains(lint), "no {lint} in {migrated}");
        }
        assert!(migrated.starts_with("edition 2021 → 2024"), "{migrated}");
        let present: &[&str] = match minify {
            false => &["unsafe { *p }", "r#gen", "\"alpha\\nbeta\\n\""],
            true => &[],
        };
        check(
            "editions",
            &bundle,
            "7 7 21\n9 [\"alpha\", \"beta\"] 64\nname = \"old\"\n",
            present,
            &["include_str", "#[cfg"],
            &[],
        );
    }
    // Kept whole, the crates are migrated all the same: it compiles.
    let mut options = Options::bin("editions", Some(manifest));
    options.judge = Judge::named("atcoder").expect("a judge");
    options.keep_everything = true;
    let whole = bundle(&options).unwrap_or_else(|e| panic!("editions, whole: {e}"));
    assert!(whole.report.migrated[0].starts_with("edition 2021 → 2024"));
    let (stdout, _) = run(&compile(&whole.text, false), "");
    assert_eq!(
        stdout,
        "7 7 21\n9 [\"alpha\", \"beta\"] 64\nname = \"old\"\n"
    );
}

#[test]
fn a_match_left_without_arms_ends_its_block() {
    check_fixture(
        "uninhabited",
        "6\n7\n",
        &[
            "pub enum ErrorKind {}",
            "match self.kind {}",
            "pub enum Layout {}",
            "match *layout {}",
        ],
        &["Empty", "fn strict", "text.fmt"],
        &[],
    );
}

#[test]
fn generic_code_observes_the_layouts_of_the_types_the_program_gives_it() {
    // `size_of::<T>()` is asked of rustc for the program's instantiations:
    // `Cell` is stored, so its unbuilt `Wide` stays (16 bytes, printed);
    // `Mode` is not, so its unbuilt `Slow` goes. `Block::NONE` runs a
    // `transmute` while rustc type-checks, which the probe must survive;
    // `size_of::<T>() as u32 * 8` begins a statement, which its wrapping
    // must not end.
    check_fixture(
        "generic_layouts",
        "32 2 128\n1 4\n1\n",
        &["Wide(u64)", "Fast,"],
        &["Slow"],
        &["Cell::Wide"],
    );
}
