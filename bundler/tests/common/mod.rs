//! What the bundler's integration tests share: compiling a bundle as a
//! judge does, running it, and the two stricter readings of a bundle
//! (every `pub` narrowed, every `#[allow]` stripped) under which it must
//! still compile with `-D warnings`.

#![allow(dead_code)] // Each test binary uses its own part of this module.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A compiled submission in its own temporary directory.
pub struct Program {
    _dir: tempfile::TempDir,
    pub binary: PathBuf,
}

impl Program {
    /// A program someone else built (cargo), at `binary`.
    pub fn at(binary: PathBuf) -> Program {
        Program {
            _dir: tempfile::tempdir().expect("temporary directory"),
            binary,
        }
    }
}

/// Runs `cargo ARGS` in `dir` with its own target folder, failing the test
/// with cargo's stderr if it fails.
pub fn cargo(dir: &Path, args: &[&str]) {
    let output = Command::new(env!("CARGO"))
        .args(args)
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .output()
        .expect("run cargo");
    assert!(
        output.status.success(),
        "cargo {args:?} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Copies folder `from` into `to` (made if need be), file by file, for a
/// test that builds or writes where a fixture must stay as committed.
pub fn copy_tree(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.expect("an entry");
        let target = to.join(entry.path().strip_prefix(from).expect("below"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).expect("create a directory");
        } else {
            std::fs::copy(entry.path(), &target).expect("copy a file");
        }
    }
}

/// Compiles `source` as a judge does (`rustc --edition 2021 -O`, or the
/// edition its header's judge profile names); with `deny_warnings`, any
/// warning fails the test.
pub fn compile(source: &str, deny_warnings: bool) -> Program {
    compile_with(source, deny_warnings, true)
}

/// [`compile`], optimised or not.
pub fn compile_with(source: &str, deny_warnings: bool, optimise: bool) -> Program {
    compile_allowing(source, deny_warnings, optimise, &[])
}

/// [`compile_with`], with the lints `allowed` allowed (the library's own
/// warnings, which the bundler reports: a crate that today's rustc warns
/// about draws the same warnings as a dependency, where cargo hides them).
pub fn compile_allowing(
    source: &str,
    deny_warnings: bool,
    optimise: bool,
    allowed: &[String],
) -> Program {
    rustc_on(source, deny_warnings, optimise, allowed).unwrap_or_else(|said| {
        panic!("rustc rejected the bundle:\n{said}\n--- bundle ---\n{source}")
    })
}

/// [`compile`] as a judge does (optimised, warnings denied), or what rustc
/// said: for a test that tallies failures instead of stopping at one.
pub fn try_compile(source: &str) -> Result<Program, String> {
    rustc_on(source, true, true, &[])
}

fn rustc_on(
    source: &str,
    deny_warnings: bool,
    optimise: bool,
    allowed: &[String],
) -> Result<Program, String> {
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("main.rs");
    std::fs::write(&file, source).expect("write the bundle");
    let binary = dir.path().join("main");
    let mut rustc = Command::new("rustc");
    rustc.args(["--edition", edition_of(source)]);
    if optimise {
        rustc.arg("-O");
    }
    if deny_warnings {
        rustc.args(["-D", "warnings"]);
    }
    for lint in allowed {
        rustc.args(["-A", lint]);
    }
    let output = rustc
        .arg(&file)
        .arg("-o")
        .arg(&binary)
        .output()
        .expect("run rustc");
    match output.status.success() {
        true => Ok(Program { _dir: dir, binary }),
        false => Err(String::from_utf8_lossy(&output.stderr).into_owned()),
    }
}

/// The edition the header of bundle `source` names (`// Judge profile:
/// atcoder (rustc 1.89 -O --edition 2024, …)`), or 2021.
pub fn edition_of(source: &str) -> &str {
    let profile = source
        .lines()
        .take_while(|l| l.starts_with("//"))
        .find(|l| l.starts_with("// Judge profile: "));
    profile
        .and_then(|l| l.split_once("--edition ").map(|(_, rest)| &rest[..4]))
        .unwrap_or("2021")
}

/// Runs `program` on `input`: (stdout, exit code).
pub fn run(program: &Program, input: &str) -> (String, Option<i32>) {
    let mut child = Command::new(&program.binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the submission");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().expect("wait for the submission");
    writer.join().expect("writer thread").expect("write stdin");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        output.status.code(),
    )
}

fn rewrite(source: &str, mut visitor: impl syn::visit_mut::VisitMut) -> String {
    let mut file = syn::parse_file(source).expect("the bundle parses");
    visitor.visit_file_mut(&mut file);
    prettyplease::unparse(&file)
}

/// `source` with every `pub` made `pub(crate)`. rustc does not report
/// unused `pub` items of a binary crate, but does report `pub(crate)` ones:
/// if this compiles with `-D warnings`, the bundle holds no dead code.
pub fn crate_visible(source: &str) -> String {
    struct Narrow;
    impl syn::visit_mut::VisitMut for Narrow {
        fn visit_visibility_mut(&mut self, vis: &mut syn::Visibility) {
            if let syn::Visibility::Public(_) = vis {
                *vis = syn::parse_quote!(pub(crate));
            }
        }
    }
    rewrite(source, Narrow)
}

/// `source` without any `#[allow(..)]` or `#[expect(..)]`: the library's
/// own may stay in a bundle, but must not be what keeps it warning-free.
pub fn without_allows(source: &str) -> String {
    struct Strip;
    impl syn::visit_mut::VisitMut for Strip {
        fn visit_attributes_mut(&mut self, attrs: &mut Vec<syn::Attribute>) {
            attrs.retain(|a| !a.path().is_ident("allow") && !a.path().is_ident("expect"));
            for attr in attrs {
                self.visit_attribute_mut(attr);
            }
        }
    }
    rewrite(source, Strip)
}

/// The names of the `.rs` files in `dir`, without the extension, sorted.
pub fn rs_stems(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| {
            p.file_stem()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// Every file under `dir` with its bytes, to see that a command wrote
/// nothing there.
pub fn snapshot(dir: &std::path::Path) -> std::collections::BTreeMap<PathBuf, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.expect("an entry"))
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            (
                e.path().to_path_buf(),
                std::fs::read(e.path()).expect("read"),
            )
        })
        .collect()
}

/// The warnings rustc gives on `source` (checked only, as the edition its
/// header names), one line each: `field `spare` is never read`.
pub fn warnings(source: &str) -> Vec<String> {
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("main.rs");
    std::fs::write(&file, source).expect("write the bundle");
    let output = Command::new("rustc")
        .args(["--edition", edition_of(source), "--emit=metadata"])
        .arg("--out-dir")
        .arg(dir.path())
        .arg(&file)
        .output()
        .expect("run rustc");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "rustc rejected:\n{stderr}\n--- source ---\n{source}"
    );
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix("warning: "))
        .filter(|l| !l.contains("warning emitted") && !l.contains("warnings emitted"))
        .map(str::to_string)
        .collect()
}

/// The warnings of `source` (a stricter reading of `bundle`: every `pub`
/// narrowed) about nothing the bundle's report says it kept on purpose.
/// The report's kept fields and variants are dead to rustc by design (a
/// value with effects, a `size_of`, …): narrowed, they draw `never read`.
pub fn unexplained_warnings(bundle: &bundler::Bundle, source: &str) -> Vec<String> {
    let kept: Vec<&str> = bundle
        .report
        .kept
        .iter()
        .map(|(path, _)| path.rsplit("::").next().unwrap_or(path))
        .collect();
    warnings(source)
        .into_iter()
        .filter(|warning| {
            !kept
                .iter()
                .any(|name| warning.contains(&format!("`{name}`")))
        })
        .collect()
}
