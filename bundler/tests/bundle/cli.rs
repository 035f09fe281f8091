//! The command line: what it prints, where it writes (and where it must
//! not), and every example the READMEs and `--help` show, run as written
//! in a copy of the workspace.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::copy_tree;
use crate::{fixture, workspace};

/// What one run of the bundler did.
struct Run {
    ok: bool,
    stdout: String,
    stderr: String,
}

/// Runs the bundler with `args` in `dir`.
fn cli_in(dir: &Path, args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_bundler"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run the bundler");
    Run {
        ok: output.status.success(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Runs the bundler with `args` in the workspace (on a fixture library,
/// or looking only: these never write into the workspace).
fn cli(args: &[&str]) -> Run {
    cli_in(&workspace(), args)
}

fn utf8(path: &Path) -> &str {
    path.to_str().expect("a utf-8 path")
}

/// A copy of the workspace's library sources and committed submissions,
/// for commands that would write into the workspace.
struct Scratch {
    dir: tempfile::TempDir,
}

impl Scratch {
    fn new() -> Scratch {
        let dir = tempfile::tempdir().expect("temporary directory");
        let from = workspace();
        for part in ["library/src", "submissions"] {
            copy_tree(&from.join(part), &dir.path().join(part));
        }
        std::fs::copy(
            from.join("library/Cargo.toml"),
            dir.path().join("library/Cargo.toml"),
        )
        .expect("copy library/Cargo.toml");
        Scratch { dir }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Every file of the copy, with its bytes.
    fn snapshot(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        crate::common::snapshot(self.path())
    }
}

#[test]
fn cli_check_names_a_stale_file() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let out = dir.path().join("main.rs");
    let out = utf8(&out);
    let library = fixture("renames");
    let library = utf8(&library);
    let run = cli(&["demo", "--library", library, "--out", out, "--check"]);
    assert!(!run.ok && run.stderr.contains("is stale"), "{}", run.stderr);
    let run = cli(&["demo", "--library", library, "--out", out]);
    assert!(run.ok && run.stderr.contains("Bundled"), "{}", run.stderr);
    let run = cli(&["demo", "--library", library, "--out", out, "--check"]);
    assert!(run.ok, "{}", run.stderr);
    std::fs::write(out, "// edited by hand\n").expect("write");
    let run = cli(&["demo", "--library", library, "--out", out, "--check"]);
    assert!(
        !run.ok && run.stderr.contains("main.rs is stale") && run.stderr.contains("regenerate"),
        "{}",
        run.stderr
    );
}

/// `--library DIR` is not this project: its bundle goes to stdout, never
/// into `DIR/../submissions/`, and its header's command works where the
/// user typed it.
#[test]
fn another_library_is_bundled_to_stdout_with_a_command_that_works_there() {
    let library = fixture("renames");
    let run = cli(&["demo", "--library", "bundler/tests/fixtures/renames"]);
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("// Regenerate: bundler demo --library bundler/tests/fixtures/renames\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr.contains("Bundled demo to stdout ("),
        "{}",
        run.stderr
    );
    let parent = library.parent().expect("fixtures/");
    assert!(!parent.join("submissions").exists());
    assert!(!parent
        .parent()
        .expect("tests/")
        .join("submissions")
        .exists());
    let run = cli(&[
        "demo",
        "--library",
        "bundler/tests/fixtures/renames",
        "--check",
    ]);
    assert!(
        !run.ok && run.stderr.contains("--check compares with a file"),
        "{}",
        run.stderr
    );
    let run = cli(&["all", "--library", "bundler/tests/fixtures/renames"]);
    assert!(
        !run.ok
            && run
                .stderr
                .contains("`all` writes this project's committed submissions only"),
        "{}",
        run.stderr
    );
}

#[test]
fn cli_errors_exit_non_zero_with_the_message() {
    let library = fixture("err_missing_mod");
    let run = cli(&["demo", "--library", utf8(&library), "--out", "/dev/null"]);
    assert!(!run.ok);
    assert!(
        run.stderr
            .starts_with("error: err_missing_mod/src/lib.rs:2:"),
        "{}",
        run.stderr
    );
    let run = cli(&["no-such-problem", "--sizes"]);
    assert!(
        !run.ok
            && run
                .stderr
                .starts_with("error: unknown problem `no-such-problem`; the problems are "),
        "{}",
        run.stderr
    );
    let run = cli(&["p420", "--sizes"]);
    assert!(
        !run.ok
            && run
                .stderr
                .starts_with("error: unknown problem `p420`; did you mean `p4205`?"),
        "{}",
        run.stderr
    );
}

#[test]
fn verbose_prints_the_cut_and_every_rustc_round() {
    let library = fixture("renames");
    let run = cli(&["demo", "--library", utf8(&library), "--sizes", "--verbose"]);
    assert!(run.ok, "{}", run.stderr);
    for wanted in ["demo: cut: ", "demo: rustc round 1: ", "demo: total: "] {
        assert!(
            run.stderr.contains(wanted),
            "no `{wanted}` in:\n{}",
            run.stderr
        );
    }
}

#[test]
fn every_warning_is_printed_with_its_library_place() {
    let library = fixture("library_warning");
    let run = cli(&["demo", "--library", utf8(&library), "--sizes"]);
    assert!(run.ok, "{}", run.stderr);
    for wanted in [
        "warning[unused_variables]: unused variable: `count`\n --> library_warning/src/sums.rs:5:9\n",
        "warning[unused_mut]: variable does not need to be mutable\n --> library_warning/src/problems/demo.rs:2:9\n",
    ] {
        assert!(run.stderr.contains(wanted), "no `{wanted}` in:\n{}", run.stderr);
    }
}

#[test]
fn a_type_error_is_printed_with_its_library_place() {
    // Kept whole, unshaken, the bundle must compile too: it is a reference.
    let library = fixture("err_type");
    for form in ["--sizes", "--keep-everything"] {
        let run = cli(&["demo", "--library", utf8(&library), form]);
        assert!(!run.ok, "{form}");
        assert!(
            run.stderr.starts_with(
                "error: the library does not compile as one file: 1 error, 0 warnings"
            ) && run.stderr.contains(
                "error[E0308]: mismatched types\n --> err_type/src/problems/demo.rs:4:21\n"
            ),
            "{form}: {}",
            run.stderr
        );
    }
}

/// Commands that only look (`--explain`, `--sizes`) and bundles in a form
/// other than the committed one (another judge, stripped, minified) leave
/// the workspace as it was; the latter go to stdout.
#[test]
fn looks_and_other_profiles_write_nothing() {
    let scratch = Scratch::new();
    let before = scratch.snapshot();
    let submission = scratch.path().join("submissions/p4205/main.rs");
    // Stale on purpose: a command that rewrote it would show.
    std::fs::write(&submission, "// stale\n").expect("write");
    let before_stale = scratch.snapshot();
    for args in [
        &["p4205", "--explain", "dlx::bitset::Solver::first"][..],
        &["p4205", "--sizes"],
        &["p4205", "--judge", "uva"],
        &["p4205", "--judge", "codeforces", "--strip-docs"],
        &["p4205", "--minify"],
        &["p4205", "--keep-everything", "--judge", "atcoder"],
    ] {
        let run = cli_in(scratch.path(), args);
        assert!(run.ok, "{args:?}: {}", run.stderr);
        assert_eq!(
            scratch.snapshot(),
            before_stale,
            "{args:?} wrote into the workspace"
        );
    }
    let run = cli_in(scratch.path(), &["p4205", "--judge", "uva"]);
    assert!(
        run.stdout.starts_with("// Problem p4205: ")
            && run.stdout.contains(
                "// Judge profile: uva (this judge takes no Rust; the profile is for its size limit, at most 40000 bytes, not confirmed)"
            ),
        "{}",
        run.stdout
    );
    assert!(
        run.stderr.contains("Bundled p4205 to stdout (") && run.stderr.contains("judge uva"),
        "{}",
        run.stderr
    );
    let out = scratch.path().join("uva.rs");
    let written = cli_in(
        scratch.path(),
        &["p4205", "--judge", "uva", "--out", utf8(&out)],
    );
    assert!(written.ok, "{}", written.stderr);
    assert_eq!(std::fs::read_to_string(&out).expect("written"), run.stdout);
    std::fs::remove_file(&out).expect("remove");
    // The committed form does write, and restores the file.
    let run = cli_in(scratch.path(), &["p4205"]);
    assert!(run.ok, "{}", run.stderr);
    assert_eq!(scratch.snapshot(), before);
}

#[test]
fn a_judges_size_limit_is_given_with_max_bytes() {
    // yukicoder's limit is not known here: the given one is fitted to, and
    // the header states it without doubt.
    let run = cli(&["p4205", "--judge", "yukicoder", "--max-bytes", "100000"]);
    assert!(run.ok, "{}", run.stderr);
    let profile = run
        .stdout
        .lines()
        .find(|l| l.starts_with("// Judge profile: yukicoder"))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert!(profile.ends_with(", at most 100000 bytes)"), "{profile}");
    assert!(!run.stderr.contains("note:"), "{}", run.stderr);
    // A given limit is repeated on the Regenerate line, even where it
    // equals another profile's.
    let same = cli(&["p4205", "--judge", "codeforces", "--max-bytes", "40000"]);
    assert!(
        same.stdout.contains("// Regenerate: ")
            && same
                .stdout
                .contains(" --judge codeforces --max-bytes 40000"),
        "{}",
        same.stdout
    );
    // Without it, a stand-in is said every time, and a limit no source
    // confirmed where the bundle was printed with less to fit it.
    let stand_in = cli(&["p4205", "--judge", "yukicoder", "--sizes"]);
    assert!(
        stand_in.stderr.contains(
            "note: p4205: yukicoder's limit of 40000 bytes stands in for one not known here; \
             --max-bytes BYTES gives the judge's own"
        ),
        "{}",
        stand_in.stderr
    );
    let fitted = cli(&["p4205", "--judge", "uva"]);
    assert!(
        fitted.stdout.contains("; docs stripped to fit")
            && fitted.stderr.contains(
                "note: p4205: uva's limit of 40000 bytes is not confirmed by a source read here"
            ),
        "{}",
        fitted.stderr
    );
    let small = cli(&["p4205", "--judge", "yukicoder", "--max-bytes", "3000"]);
    assert!(!small.ok);
    assert!(
        small
            .stderr
            .contains("over yukicoder's limit of 3000 bytes; the largest items:"),
        "{}",
        small.stderr
    );
    for bad in ["0", "4k", "-1"] {
        let run = cli(&["p4205", "--max-bytes", bad]);
        assert!(!run.ok && run.stderr.contains(bad), "{bad}: {}", run.stderr);
    }
    // Another limit is another form than the committed one.
    let all = cli(&["all", "--max-bytes", "50000"]);
    assert!(
        !all.ok && all.stderr.contains("committed submissions only"),
        "{}",
        all.stderr
    );
}

#[test]
fn forms_that_have_no_file_are_refused_where_a_file_is_needed() {
    let scratch = Scratch::new();
    let before = scratch.snapshot();
    let run = cli_in(scratch.path(), &["all", "--judge", "uva"]);
    assert!(
        !run.ok
            && run
                .stderr
                .contains("`all` writes the committed submissions only"),
        "{}",
        run.stderr
    );
    let run = cli_in(scratch.path(), &["p4205", "--check", "--minify"]);
    assert!(
        !run.ok && run.stderr.contains("--check compares with a file"),
        "{}",
        run.stderr
    );
    assert_eq!(scratch.snapshot(), before);
}

/// The bundler commands the READMEs and `--help` show: the arguments after
/// `cargo run -q -p bundler --` (or `bundler`), comments dropped.
fn documented_examples() -> Vec<(String, Vec<String>)> {
    let mut examples = Vec::new();
    for readme in ["README.md", "bundler/README.md", "docs/bundling.md"] {
        let text = std::fs::read_to_string(workspace().join(readme)).expect("read a README");
        for line in text.lines() {
            if let Some(rest) = line.trim().strip_prefix("cargo run -q -p bundler -- ") {
                let command = rest.split(" #").next().unwrap_or(rest);
                examples.push((readme.to_string(), words(command)));
            }
        }
    }
    let help = cli(&["--help"]);
    assert!(help.ok, "{}", help.stderr);
    for line in help.stdout.lines() {
        if let Some(rest) = line.strip_prefix("  bundler ") {
            // The description follows after a run of spaces.
            let command = rest.split("   ").next().unwrap_or(rest);
            examples.push(("--help".to_string(), words(command)));
        }
    }
    examples
}

fn words(command: &str) -> Vec<String> {
    command.split_whitespace().map(str::to_string).collect()
}

/// Every example runs as written (in a copy of the workspace: paths in
/// `/tmp` go to a temporary directory, `bundler/tests/fixtures` is the
/// real one) and leaves the workspace as it was: the committed
/// submissions are fresh, so bundling them writes the same bytes.
#[test]
#[ignore = "heavy: make test-all (every documented bundler command, `all --check` among them)"]
fn every_documented_example_runs_and_leaves_the_workspace_as_it_was() {
    let examples = documented_examples();
    let from = |source: &str| examples.iter().filter(|(s, _)| s == source).count();
    assert!(
        from("docs/bundling.md") >= 5 && from("bundler/README.md") >= 6 && from("--help") >= 5,
        "too few examples found: {examples:?}"
    );
    let scratch = Scratch::new();
    let before = scratch.snapshot();
    let outside = tempfile::tempdir().expect("temporary directory");
    for (source, args) in &examples {
        let args: Vec<String> = args
            .iter()
            .map(|a| match a.strip_prefix("/tmp/") {
                Some(name) => utf8(&outside.path().join(name)).to_string(),
                None if a.starts_with("bundler/") => utf8(&workspace().join(a)).to_string(),
                None => a.clone(),
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = cli_in(scratch.path(), &args);
        assert!(run.ok, "{source}: {args:?} failed:\n{}", run.stderr);
        assert_eq!(
            scratch.snapshot(),
            before,
            "{source}: {args:?} changed the workspace"
        );
        if args.contains(&"--explain") {
            assert!(
                run.stdout.contains(" is kept:") || run.stdout.contains(" is dropped"),
                "{source}: {args:?}:\n{}",
                run.stdout
            );
        }
        if let Some(k) = args.iter().position(|a| *a == "--out") {
            let written = std::fs::read_to_string(args[k + 1]).expect("the file --out names");
            assert!(written.starts_with("// Problem "), "{source}: {args:?}");
        }
    }
}

/// Given nothing, the command shows both ways in rather than asking for a
/// problem id; `cargo submit` alone says the same.
#[test]
fn with_no_arguments_both_ways_in_are_shown() {
    let run = cli(&[]);
    assert!(!run.ok);
    assert!(
        run.stderr.starts_with("Nothing to bundle. Two ways in:"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("cargo submit --bin NAME"),
        "{}",
        run.stderr
    );
    let output = Command::new(env!("CARGO_BIN_EXE_cargo-submit"))
        .arg("submit")
        .current_dir(workspace())
        .output()
        .expect("run cargo-submit");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("Two ways in"));
}

#[test]
fn an_edition_is_given_with_edition_or_chosen_for_the_crates() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/workspace/sol/Cargo.toml");
    let manifest = utf8(&manifest);
    let bin = |extra: &[&str]| {
        let mut args = vec![
            "--bin",
            "paths",
            "--manifest-path",
            manifest,
            "--judge",
            "codeforces",
        ];
        args.extend_from_slice(extra);
        cli(&args)
    };
    // The package's crates are edition 2021 at newest, and codeforces
    // offers 2021: they are compiled as they are, and the header says so.
    let chosen = bin(&[]);
    assert!(chosen.ok, "{}", chosen.stderr);
    assert!(
        chosen
            .stdout
            .contains("-O --edition 2021 for x86, at most 65536 bytes")
            && chosen.stdout.contains(
                "// Edition: edition 2021 of the 2021 and 2024 codeforces offers: the newest \
                 your crates are written in, so none is migrated (--edition picks another)\n"
            )
            && !chosen.stdout.contains("--edition 2021\n"),
        "{}",
        chosen.stdout
    );
    let given = bin(&["--edition", "2024"]);
    assert!(given.ok, "{}", given.stderr);
    assert!(
        given
            .stdout
            .contains("-O --edition 2024 for x86, at most 65536 bytes")
            && given
                .stdout
                .contains(" --judge codeforces --edition 2024\n")
            && given.stdout.contains("as --edition asked"),
        "{}",
        given.stdout
    );
    let refused = bin(&["--edition", "2018"]);
    assert!(!refused.ok);
    assert!(
        refused
            .stderr
            .contains("error: --edition 2018: codeforces offers editions 2021 and 2024"),
        "{}",
        refused.stderr
    );
    // A judge of one edition takes only that one.
    let atcoder = cli(&["p4205", "--judge", "atcoder", "--edition", "2021"]);
    assert!(
        !atcoder.ok && atcoder.stderr.contains("atcoder offers edition 2024"),
        "{}",
        atcoder.stderr
    );
}

#[test]
fn target_dir_says_where_cargo_built_the_package() {
    // Nothing is built there: the procedural macro is looked for in the
    // folder given, and the error names it.
    let manifest = fixture("proc_macros").join("sol").join("Cargo.toml");
    let nowhere = tempfile::tempdir().expect("temporary folder");
    let run = cli(&[
        "--bin",
        "expanded",
        "--manifest-path",
        utf8(&manifest),
        "--target-dir",
        utf8(nowhere.path()),
    ]);
    assert!(!run.ok);
    assert!(
        run.stderr
            .contains(&format!("there is none under {}", nowhere.path().display())),
        "{}",
        run.stderr
    );
}
