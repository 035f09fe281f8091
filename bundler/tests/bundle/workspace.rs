//! A user's Cargo workspace (`tests/workspace/`): bins of `sol` that use
//! their own library (a path dependency with features and a renamed
//! registry dependency), the package's own library, ac-library-rs and
//! proconio from the registry; and the crates no submission can carry.
//! Each bundle is compiled and run; expected outputs are worked out by
//! hand from the inputs. Nothing is ever written into the workspace.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use bundler::{bundle, Bundle, Error, Judge, Options};

use crate::common::{compile, compile_allowing, copy_tree, crate_visible, run, without_allows};

fn user_workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("workspace")
}

fn manifest() -> PathBuf {
    user_workspace().join("sol").join("Cargo.toml")
}

fn bundle_bin(bin: &str) -> Result<Bundle, Error> {
    let mut options = Options::bin(bin, Some(manifest()));
    options.judge = Judge::named("atcoder").expect("a judge");
    bundle(&options)
}

/// Every file of the user's workspace with its bytes.
fn snapshot() -> BTreeMap<PathBuf, Vec<u8>> {
    crate::common::snapshot(&user_workspace())
}

#[test]
fn a_bin_with_path_and_registry_dependencies_bundles_and_runs() {
    let bundle = bundle_bin("components").unwrap_or_else(|e| panic!("{e}"));
    let text = &bundle.text;
    assert!(
        text.starts_with("// Bin components of package sol: a single-file submission"),
        "{text}"
    );
    // Given as an absolute path, the manifest is named from the current
    // folder (bundler/, where the tests run): no path of this machine is
    // uploaded to the judge.
    assert!(
        text.contains(
            "// Regenerate: cargo submit --bin components --manifest-path \
             tests/workspace/sol/Cargo.toml --judge atcoder\n"
        ) && !text.contains(env!("CARGO_MANIFEST_DIR")),
        "{text}"
    );
    for source in [
        "//   sol/src/bin/components.rs",
        "//   mylib/src/graph.rs",
        "//   ac-library-rs-0.2.0/src/dsu.rs",
        "//   proconio-0.4.5/src/lib.rs",
    ] {
        assert!(
            text.contains(source),
            "no `{source}` in the header:\n{text}"
        );
    }
    // Each crate a module; their paths rewritten; the rest dropped.
    for wanted in [
        "mod mylib {",
        "mod ac_library {",
        "mod proconio {",
        "use crate::ac_library::Dsu;",
        "crate::mylib::graph::count_groups(&mut dsu)",
        "$crate::proconio::read_value!",
    ] {
        assert!(text.contains(wanted), "no `{wanted}` in:\n{text}");
    }
    for unwanted in [
        "fn distances",
        "unused_helper",
        "mod grid",
        "mod never",
        "mod sol",
        // The library's debug assertions, which -O never runs, with the
        // function and the variable only they used.
        "out of range",
        "fn at_most",
        "vertices_bound",
    ] {
        assert!(!text.contains(unwanted), "`{unwanted}` is in:\n{text}");
    }
    // The bin's own stays as written.
    assert!(text.contains("debug_assert_eq!(pairs.len(), m);"), "{text}");
    // proconio's own code draws one warning from today's rustc (a crate's
    // warnings are hidden by cargo, not here): reported, in its file.
    let warned: Vec<String> = bundle.warnings.iter().map(|w| w.rendered.clone()).collect();
    assert!(
        warned.len() == 1 && warned[0].contains("--> proconio-0.4.5/src/source/tokens.rs:"),
        "{warned:?}"
    );
    let program = compile(text, false);
    let (stdout, code) = run(&program, "4 3\n0 1 5\n1 2 3\n0 1 7\n");
    assert_eq!(code, Some(0));
    // Components {0, 1, 2} and {3}; the cheapest edge 3; 5 * 3 * 7.
    assert_eq!(stdout, "2\n3 105\n");
}

#[test]
fn a_registry_crate_newer_than_the_judges_rustc_is_named() {
    // proconio 0.4.5 uses `OnceLock` (rustc 1.70); the default profile is
    // held to 1.63.
    let mut options = Options::bin("components", Some(manifest()));
    options.judge = Judge::all()[0];
    let e = bundle(&options).expect_err("needs 1.70");
    let message = e.to_string();
    // Said by clippy's lint, or by rustc 1.63 itself where one is
    // installed (`make check-old-rustc` unpacks one).
    // Each finding is led by the file and line in the registry crate.
    let by_clippy = "crate::proconio::STDIN_SOURCE: `OnceLock` is stable since 1.70.0";
    let by_rustc = "crate::proconio::STDIN_SOURCE: use of unstable library feature 'once_cell'";
    let finding = message
        .lines()
        .find(|l| l.ends_with(by_clippy) || l.contains(by_rustc))
        .unwrap_or_else(|| panic!("{message}"));
    let place = finding.trim_start().split(": ").next().unwrap();
    assert!(
        place.starts_with("proconio-") && place.contains("/src/") && place.contains(".rs:"),
        "{message}"
    );
    assert!(
        message.starts_with("the bundle needs a newer rustc than default's 1.63 (checked with "),
        "{message}"
    );
}

#[test]
fn a_bin_of_two_files_uses_its_packages_library_and_a_default_feature() {
    let bundle = bundle_bin("paths").unwrap_or_else(|e| panic!("{e}"));
    let text = &bundle.text;
    for wanted in [
        "mod read {",
        "mod sol {",
        "pub fn joined(",
        "pub fn walls(",
        "pub fn distances(",
    ] {
        assert!(text.contains(wanted), "no `{wanted}` in:\n{text}");
    }
    for unwanted in ["ac_library", "proconio", "fn components", "chmin"] {
        assert!(!text.contains(unwanted), "`{unwanted}` is in:\n{text}");
    }
    assert!(bundle.warnings.is_empty(), "{:?}", bundle.warnings);
    compile(&crate_visible(&without_allows(text)), true);
    let program = compile(text, true);
    let (stdout, code) = run(&program, "4 2\n0 1\n1 2\n2\n#.#\n..#\n");
    assert_eq!(code, Some(0));
    assert_eq!(stdout, format!("0 1 2 {}\n3\n", usize::MAX));
}

#[test]
fn dependencies_that_cannot_be_bundled_are_named_with_why() {
    let message = |bin: &str| match bundle_bin(bin) {
        Ok(b) => panic!("{bin}: expected an error, got:\n{}", b.text),
        Err(e) => e.to_string(),
    };
    let derived = message("derived");
    assert!(
        derived.starts_with(
            "sol/src/bin/derived.rs:2:20: uses the crate `macros`, which cannot be bundled: \
             it is a procedural-macro crate ("
        ) && derived.contains("macros/src/lib.rs)"),
        "{derived}"
    );
    // Named with an empty target folder: a build of the workspace in the
    // one CARGO_TARGET_DIR names would leave a record of the script.
    let empty = tempfile::tempdir().expect("temporary folder");
    let mut options = Options::bin("built", Some(manifest()));
    options.judge = Judge::named("atcoder").expect("a judge");
    options.target_dir = Some(empty.path().to_path_buf());
    let built = match bundle(&options) {
        Ok(b) => panic!("built: expected an error, got:\n{}", b.text),
        Err(e) => e.to_string(),
    };
    assert!(
        built.starts_with(
            "sol/src/bin/built.rs:2:20: uses the crate `built`, which cannot be bundled: it \
             has a build script ("
        ) && built.contains("built/build.rs)"),
        "{built}"
    );
    // A dependency that does not compile: rustc's error, in its file.
    let broken = message("broken");
    assert!(
        broken.starts_with(
            "the bin and the crates it uses do not compile as one file: 1 error, 0 warnings"
        ) && broken.contains("error[E0308]: mismatched types\n --> broken/src/lib.rs:3:5\n"),
        "{broken}"
    );
    // A broken crate the bin does not use stays out of the others.
    assert!(bundle_bin("paths").is_ok());
    assert_eq!(
        message("nope"),
        "no bin `nope`: package sol has bins broken, built, components, derived, modular, paths"
    );
    let missing = Options::bin("paths", Some(user_workspace().join("nowhere/Cargo.toml")));
    let e = bundle(&missing).expect_err("no such manifest").to_string();
    assert!(
        e.starts_with("--manifest-path ") && e.contains("no such file"),
        "{e}"
    );
}

/// Runs `program` with `args` in `dir`: (success, stdout, stderr).
fn run_in(program: &str, dir: &Path, args: &[&str]) -> (bool, String, String) {
    let output = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run the bundler");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn the_command_line_and_cargo_submit_write_nothing_into_the_package() {
    let before = snapshot();
    let package = user_workspace().join("sol");
    let bundler = env!("CARGO_BIN_EXE_bundler");
    let (ok, stdout, stderr) = run_in(bundler, &package, &["--bin", "paths"]);
    assert!(ok, "{stderr}");
    assert!(
        stdout.starts_with("// Bin paths of package sol"),
        "{stdout}"
    );
    assert!(
        stdout.contains("// Regenerate: cargo submit --bin paths\n"),
        "{stdout}"
    );
    // A bin is for today's stable Rust unless a judge is named.
    assert!(
        stdout.contains(
            "// Judge profile: stable (rustc -O --edition 2024 as installed here, no size limit)\n"
        ),
        "{stdout}"
    );
    let (ok, limited, stderr) = run_in(
        bundler,
        &package,
        &["--bin", "paths", "--max-bytes", "900000"],
    );
    assert!(ok, "{stderr}");
    assert!(
        limited.contains("// Regenerate: cargo submit --bin paths --max-bytes 900000\n")
            && limited.contains("as installed here, at most 900000 bytes)"),
        "{limited}"
    );
    assert!(stderr.contains("Bundled paths to stdout ("), "{stderr}");
    // The package cannot be built by cargo (its crate `broken` does not
    // compile, which `paths` does not need): its samples are not run, and
    // that is said.
    assert!(
        stderr.contains("note: paths: the samples in test/paths were not run: cargo cannot build the program (error: could not compile `broken`"),
        "{stderr}"
    );
    // As cargo runs a subcommand: `cargo-submit submit ARGS`.
    let submit = env!("CARGO_BIN_EXE_cargo-submit");
    let (ok, same, stderr) = run_in(submit, &package, &["submit", "--bin", "paths"]);
    assert!(ok, "{stderr}");
    assert_eq!(same, stdout);
    let out = tempfile::tempdir().expect("temporary directory");
    let file = out.path().join("paths.rs");
    let file = file.to_str().expect("utf-8");
    let (ok, _, stderr) = run_in(
        submit,
        &package,
        &["submit", "--bin", "paths", "--out", file],
    );
    assert!(ok, "{stderr}");
    assert_eq!(std::fs::read_to_string(file).expect("written"), stdout);
    let (ok, _, stderr) = run_in(bundler, &package, &["--bin", "nope"]);
    assert!(
        !ok && stderr.starts_with("error: no bin `nope`: package sol has bins "),
        "{stderr}"
    );
    // Outside this project, a problem id has no library to come from (the
    // one this program was built from is never used silently).
    let (ok, _, stderr) = run_in(bundler, out.path(), &["p4205"]);
    assert!(
        !ok && stderr
            .starts_with("error: no library/src/problems/ found from the current folder up"),
        "{stderr}"
    );
    assert_eq!(
        snapshot(),
        before,
        "the bundler wrote into the user's workspace"
    );
}

/// The bin and its bundle run on the package's samples (cargo-compete's
/// layout here); a bundle that prints anything else than its program on a
/// sample is refused, naming the sample and the first line that differs.
#[test]
fn bundles_are_compared_with_their_programs_on_the_samples() {
    let package = crate::fixture("macro_crates").join("sol");
    let bundler = env!("CARGO_BIN_EXE_bundler");
    let args = ["--bin", "fidelity", "--judge", "atcoder"];
    let (ok, _, stderr) = run_in(bundler, &package, &args);
    assert!(ok, "{stderr}");
    assert!(
        stderr.contains(
            "Compared fidelity with its bundle on 1 sample (testcases/fidelity.yml): the same output"
        ),
        "{stderr}"
    );
    let manifest = package.join("Cargo.toml");
    let (_, samples) = bundler::samples(&package, "fidelity", None).expect("the samples");
    let subject = |bundle| bundler::Subject {
        bin: "fidelity",
        manifest: &manifest,
        bundle,
        edition: "2024",
        target: None,
    };
    let wrong = "fn main() { println!(\"30 1099511627776 8\"); println!(\"[(1, 3)]\"); }\n";
    let message = bundler::compare(&subject(wrong), &samples)
        .expect_err("refused")
        .to_string();
    assert!(
        message.contains(
            "does not do what the program does on sample sample1: line 2: the program printed \"[(1, 3), (2, 4)]\", the bundle \"[(1, 3)]\""
        ),
        "{message}"
    );
    let crash = "fn main() { std::process::exit(3); }\n";
    let message = bundler::compare(&subject(crash), &samples)
        .expect_err("refused")
        .to_string();
    assert!(
        message.contains("the program exited with 0, the bundle exited with 3"),
        "{message}"
    );
}

#[test]
fn a_build_script_that_sets_cfgs_and_variables_is_read_from_cargos_record() {
    // Before cargo has built the package there is no record: the crate is
    // refused with what to do.
    let dir = tempfile::tempdir().expect("temporary folder");
    copy_tree(&crate::fixture("build_script"), dir.path());
    let manifest = dir.path().join("sol").join("Cargo.toml");
    let mut options = Options::bin("tables", Some(manifest));
    options.judge = Judge::named("atcoder").expect("a judge");
    // A target folder of its own, whatever CARGO_TARGET_DIR says: another
    // run's build must leave no record here.
    let target = dir.path().join("target");
    options.target_dir = Some(target.clone());
    let before = bundle(&options).expect_err("no record yet").to_string();
    assert!(
        before.contains("it has a build script (") && before.contains("run `cargo build`"),
        "{before}"
    );
    let built = Command::new(env!("CARGO"))
        .args(["build", "--offline", "--quiet", "--bin", "tables"])
        .arg("--target-dir")
        .arg(&target)
        .current_dir(dir.path())
        .output()
        .expect("run cargo");
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let bundle = bundle(&options).unwrap_or_else(|e| panic!("tables: {e}"));
    assert!(bundle.warnings.is_empty(), "{:?}", bundle.warnings);
    for text in ["\"12\"", "\"0.3.1\"", "\"fast\""] {
        assert!(bundle.text.contains(text), "no {text}:\n{}", bundle.text);
    }
    for text in ["env!", "cfg", "\"slow\""] {
        assert!(!bundle.text.contains(text), "{text} in:\n{}", bundle.text);
    }
    let (stdout, code) = run(&compile(&bundle.text, true), "");
    assert_eq!((stdout.as_str(), code), ("fast 12 0.3.1 tables\n", Some(0)));
}

#[test]
fn a_librarys_own_extern_crates_that_rustc_calls_unused_go() {
    // `strict` asks for rust_2018_idioms and keeps `extern crate std;`:
    // in the module it becomes, rustc calls that needless, so it goes.
    let mut options = Options::bin(
        "sol",
        Some(crate::fixture("idioms").join("sol").join("Cargo.toml")),
    );
    options.judge = Judge::named("atcoder").expect("a judge");
    let bundle = bundle(&options).unwrap_or_else(|e| panic!("{e}"));
    assert!(bundle.warnings.is_empty(), "{:?}", bundle.warnings);
    assert!(
        !bundle.text.contains("extern crate std;"),
        "{}",
        bundle.text
    );
    let (stdout, code) = run(&compile(&bundle.text, true), "");
    assert_eq!((stdout.as_str(), code), ("[0, 3, 4, 8, 9, 14]\n", Some(0)));
}

#[test]
fn impls_nothing_calls_through_are_trimmed() {
    // `nums` implements three traits for nine integer types by a macro;
    // the bin calls `Zero` for u64 (through a generic fn), `Halve` for u8,
    // and `Show` on a literal, which rustc makes an i32. Those stay, with
    // the `Drop` impl no error would ask for, and each trait's impl for
    // i32, the type a literal takes among several impls.
    let mut options = Options::bin(
        "sol",
        Some(
            crate::fixture("unused_impls")
                .join("sol")
                .join("Cargo.toml"),
        ),
    );
    options.judge = Judge::named("atcoder").expect("a judge");
    let bundle = bundle(&options).unwrap_or_else(|e| panic!("{e}"));
    let text = &bundle.text;
    for kept in [
        "impl Zero for u64",
        "impl Halve for u8",
        "impl Show for i32",
        "impl Halve for i32",
        "impl Drop for Loud",
    ] {
        assert!(text.contains(kept), "{kept} is gone:\n{text}");
    }
    for gone in [
        "impl Show for u16",
        "impl Zero for i8",
        "impl Zero for usize",
        "impl Halve for i64",
        "impl Halve for u16",
        "Debug for Num",
        "Debug for Loud",
        "missing_debug_implementations",
    ] {
        assert!(!text.contains(gone), "{gone} stays:\n{text}");
    }
    // Trimmed, `FromStr for Num` left `Kind::Inner` dead, and kept, as
    // `E`'s only user: the trim spared the impls naming `ParseError`.
    assert!(text.contains("FromStr for Num"), "{text}");
    let program = compile(text, true);
    let (stdout, code) = run(&program, "");
    assert_eq!(
        (stdout.as_str(), code),
        ("7\ni32:5\n4\n42\ndrop 1\n", Some(0))
    );
}

#[test]
fn a_crates_code_that_todays_rustc_warns_about_takes_rustcs_fixes() {
    // `aged` (2018) draws unused_parens and mismatched_lifetime_syntaxes:
    // the bundle carries rustc's fixes for them, as `cargo fix` would
    // write them. The bin's own `let mut` is the user's to see.
    let mut options = Options::bin(
        "sol",
        Some(crate::fixture("today_lints").join("sol").join("Cargo.toml")),
    );
    options.judge = Judge::named("atcoder").expect("a judge");
    let bundle = bundle(&options).unwrap_or_else(|e| panic!("{e}"));
    let lints: Vec<&str> = bundle.warnings.iter().map(|w| w.lint.as_str()).collect();
    assert_eq!(lints, ["unused_mut"], "{:?}", bundle.warnings);
    let mut fixed: Vec<&str> = (bundle.report.fixed.iter())
        .map(|(lint, _)| lint.as_str())
        .collect();
    fixed.sort();
    assert_eq!(fixed, ["mismatched_lifetime_syntaxes", "unused_parens"]);
    assert!(bundle.text.contains("let mut words"), "{}", bundle.text);
    // The macro named as its crate, imported beside the crate's module,
    // and `cast` the fn beside `cast` the module: the cut compiles as it
    // is, and the fn nobody calls is gone.
    assert!(
        bundle.report.fell_back.is_none(),
        "{:?}",
        bundle.report.fell_back
    );
    assert!(!bundle.text.contains("fn cast"), "{}", bundle.text);
    let program = compile_allowing(&bundle.text, true, true, &["unused_mut".to_string()]);
    let (stdout, code) = run(&program, "");
    assert_eq!((stdout.as_str(), code), ("Apple 5\nbanana None\n", Some(0)));
}

/// Past minifying, a bundle over its judge's limit is shaken again without
/// what the program never runs (`mylib::modular`: num-traits' and
/// num-bigint's shape in small, a trait asking for every operator); past
/// that, its names are made short.
#[test]
fn past_minifying_what_the_program_never_runs_goes() {
    let with_limit = |limit: usize| {
        let mut options = Options::bin("modular", Some(manifest()));
        options.judge = Judge {
            limit,
            ..Judge::named("atcoder").expect("a judge")
        };
        bundle(&options)
    };
    let mut options = Options::bin("modular", Some(manifest()));
    options.judge = Judge::named("atcoder").expect("a judge");
    options.strip_docs = true;
    let stripped = bundle(&options).expect("bundle").text.len();
    let minified = with_limit(stripped - 1).expect("fits minified");
    assert!(minified.style.minify && !minified.style.unrun);
    assert!(minified.text.contains("fn difference(") && minified.text.contains("fn inverse("));
    let fitted = with_limit(minified.text.len() - 1).expect("fits without what never runs");
    assert!(fitted.style.unrun, "{:?}", fitted.style);
    let text = &fitted.text;
    assert!(
        text.contains("minified to fit; what the program never runs taken to fit"),
        "{text}"
    );
    // `Num` asks for `Sub` and `Div`, which nothing calls; what only they
    // called goes. (The minified text breaks its lines before 100 columns.)
    let joined = text.replace('\n', "");
    for stub in ["fn sub(self,_:Mint)->Mint{", "fn div(self,_:Mint)->Mint{"] {
        let stub = format!("{stub}crate::never_run()}}");
        assert!(joined.contains(&stub), "{text}");
    }
    assert!(
        !text.contains("fn difference(") && !text.contains("fn inverse("),
        "{text}"
    );
    let (stdout, _) = run(&compile(text, true), "");
    assert_eq!(stdout, "12 917363797\n");
    // Past that, the crates' names are made short; `Mint` derives `Debug`,
    // which would print its name, and keeps it.
    let short = with_limit(text.len() - 1).expect("fits with short names");
    assert!(short.style.unrun && short.style.short, "{:?}", short.style);
    let text = &short.text;
    assert!(
        text.contains("taken to fit; names shortened to fit"),
        "{text}"
    );
    assert!(
        !text.contains("never_run") && !text.contains("#[inline]"),
        "{text}"
    );
    assert!(text.contains("struct Mint("), "{text}");
    let (stdout, _) = run(&compile(text, true), "");
    assert_eq!(stdout, "12 917363797\n");
}
