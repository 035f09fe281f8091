//! Procedural macros run at bundling: a package's own macro crate
//! (`fixtures/proc_macros`, std only: an attribute that rewrites its item,
//! one that adds an impl beside it, a derive with a helper attribute, one
//! that throws its item away), and today's proconio with `#[fastout]` and
//! `#[derive_readable]` (`fixtures/fastout`). Each package is copied and
//! built by cargo first, as a user has built theirs; each bundle is
//! compiled with `-D warnings` and run, and must print what the program
//! cargo built prints.

use std::path::Path;

use bundler::{bundle, Bundle, Judge, Options};

use crate::common::{cargo, compile, copy_tree, run, Program};
use crate::fixture;

fn bundle_for(manifest: &Path, bin: &str, judge: &str) -> Result<Bundle, String> {
    let mut options = Options::bin(bin, Some(manifest.to_path_buf()));
    options.judge = Judge::named(judge).expect("a judge");
    // Where `cargo` built it (the workspace's `target/`), whatever
    // CARGO_TARGET_DIR says to the test.
    let root = manifest
        .ancestors()
        .find(|d| d.join("Cargo.lock").is_file())
        .expect("a workspace with its lock");
    options.target_dir = Some(root.join("target"));
    bundle(&options).map_err(|e| e.to_string())
}

/// The bundle and the program cargo built print the same on `input`.
fn same_output(bundle: &Bundle, built: &Path, input: &str) -> String {
    let (want, want_code) = run(&Program::at(built.to_path_buf()), input);
    let (got, code) = run(&compile(&bundle.text, true), input);
    assert_eq!((&got, code), (&want, want_code), "{}", bundle.text);
    got
}

#[test]
fn a_packages_own_attribute_macros_and_derives_run_at_bundling() {
    let dir = tempfile::tempdir().expect("temporary folder");
    copy_tree(&fixture("proc_macros"), dir.path());
    let manifest = dir.path().join("sol").join("Cargo.toml");
    // Before cargo has built the macro crate there is nothing to run.
    let before = bundle_for(&manifest, "expanded", "codeforces").expect_err("not built");
    assert!(
        before.starts_with(
            "sol/src/bin/expanded.rs:7: #[counted]: it is a procedural macro of shapes 0.1.0"
        ) && before.contains("run `cargo build` in your package first"),
        "{before}"
    );
    cargo(dir.path(), &["build", "--offline", "--quiet"]);
    let built = dir.path().join("target").join("debug").join("expanded");
    for judge in ["codeforces", "atcoder", "stable"] {
        let bundle = bundle_for(&manifest, "expanded", judge).unwrap_or_else(|e| panic!("{e}"));
        let text = &bundle.text;
        assert!(
            text.contains(
                "// Procedural macros run at bundling:\n//   #[again] (shapes 0.1.0)\n\
                 //   #[counted] (shapes 0.1.0)\n\
                 //   #[trace] (shapes 0.1.0)\n//   derive(Describe) (shapes 0.1.0)\n"
            ),
            "{text}"
        );
        // The macros' crate, its derive and the derive's helper are gone;
        // the built-in derives stay as written.
        let (_, code) = text.split_once("\n\n").expect("a header");
        for gone in [
            "shapes",
            "#[describe",
            "Describe)]",
            "#[trace]",
            "#[counted]",
            "#[again]",
        ] {
            assert!(!code.contains(gone), "{gone} in:\n{text}");
        }
        assert!(text.contains("#[derive(Debug, Clone)]"), "{text}");
        assert!(bundle.warnings.is_empty(), "{:?}", bundle.warnings);
        let printed = same_output(&bundle, &built, "3 4\n");
        assert_eq!(
            printed,
            "> sol::area\n12\n> sol::taxicab\n7\n> sol::taxicab\n> sol::taxicab\n28\n3 Point { x, label }\nPoint { x: 3, y: 4, label: [112] } 1\n"
        );
    }
}

#[test]
fn a_macro_whose_expansion_cannot_be_seen_is_named_with_what_to_write() {
    let dir = tempfile::tempdir().expect("temporary folder");
    copy_tree(&fixture("proc_macros"), dir.path());
    cargo(dir.path(), &["build", "--offline", "--quiet"]);
    let manifest = dir.path().join("sol").join("Cargo.toml");
    let e = bundle_for(&manifest, "replaced", "codeforces").expect_err("cannot be seen");
    assert_eq!(
        e,
        "sol/src/bin/replaced.rs:1: #[shapes::replace]: its expansion drops the attributes \
         after it, so the bundler cannot see what it wrote; write out the code it generates by \
         hand instead of the attribute"
    );
}

#[test]
fn proconios_fastout_and_derive_readable_run_at_bundling() {
    let dir = tempfile::tempdir().expect("temporary folder");
    copy_tree(&fixture("fastout"), dir.path());
    cargo(dir.path(), &["build", "--offline", "--quiet"]);
    let manifest = dir.path().join("Cargo.toml");
    let built = dir.path().join("target").join("debug").join("fastout");
    let inputs = [
        "3 3\n1 2 5\n1 3 2\n2 1 7\n",
        "1 0\n",
        "4 5\n4 1 9\n4 2 3\n1 4 3\n2 3 1\n4 3 3\n",
    ];
    for judge in ["atcoder", "codeforces"] {
        let bundle = bundle_for(&manifest, "fastout", judge).unwrap_or_else(|e| panic!("{e}"));
        let text = &bundle.text;
        assert!(
            text.contains("//   #[derive_readable] (proconio-derive 0.2.1)\n")
                && text.contains("//   #[fastout] (proconio-derive 0.2.1)\n"),
            "{text}"
        );
        // What `#[fastout]` wrote: the program's output buffered, its
        // `println!`s the macro's own.
        assert!(
            text.contains("::std::io::BufWriter::new(__proconio_stdout.lock())")
                && !text.contains("use proconio_derive"),
            "{text}"
        );
        for input in inputs {
            same_output(&bundle, &built, input);
        }
    }
}

#[test]
fn registry_crates_derives_and_attribute_macros_run_at_bundling() {
    let dir = tempfile::tempdir().expect("temporary folder");
    copy_tree(&fixture("registry_macros"), dir.path());
    cargo(dir.path(), &["build", "--offline", "--quiet"]);
    let manifest = dir.path().join("Cargo.toml");
    let built = dir.path().join("target").join("debug").join("derived");
    for judge in ["atcoder", "codeforces"] {
        let bundle = bundle_for(&manifest, "derived", judge).unwrap_or_else(|e| panic!("{e}"));
        let text = &bundle.text;
        for run in [
            "//   #[ext] (easy-ext 1.0.3)\n",
            "//   derive(FromPrimitive) (num-derive 0.5.1)\n",
            "//   derive(ToPrimitive) (num-derive 0.5.1)\n",
        ] {
            assert!(text.contains(run), "no {run} in:\n{text}");
        }
        // `#[ext]` wrote a trait and its impl, both kept; num-derive's
        // `extern crate num_traits as _num_traits;` is the bundle's module.
        assert!(
            text.contains("trait Turn") && text.contains("impl Turn for Dir"),
            "{text}"
        );
        assert!(
            !text.contains("_num_traits") && !text.contains("extern crate num_traits"),
            "{text}"
        );
        let printed = same_output(&bundle, &built, "1 2 8 3 4\n");
        assert_eq!(
            printed,
            "Up -> Right\nRight -> Down\nLeft -> Up\n3: no direction\nDown -> Left\n"
        );
    }
    // memoise's expansion does not keep the attributes after its own.
    let e = bundle_for(&manifest, "memoised", "atcoder").expect_err("cannot be seen");
    assert!(
        e.starts_with("src/bin/memoised.rs:3: #[memoise]: its expansion drops the attributes"),
        "{e}"
    );
}

/// Registry packages a `Cargo.lock` pins: (name, version).
fn registry_pins(lock: &Path) -> std::collections::BTreeSet<(String, String)> {
    let text = std::fs::read_to_string(lock).unwrap_or_else(|e| panic!("{lock:?}: {e}"));
    let mut pins = std::collections::BTreeSet::new();
    for package in text.split("[[package]]").skip(1) {
        let field = |key: &str| {
            package
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{key} = \"")))
                .map(|v| v.trim_end_matches('"').to_string())
        };
        if let (Some(name), Some(version), Some(_)) =
            (field("name"), field("version"), field("source"))
        {
            pins.insert((name, version));
        }
    }
    pins
}

#[test]
fn every_packages_lock_pins_only_what_the_workspace_downloads() {
    // The tests build and read these packages offline, from what cargo
    // fetched for the bundler's dev-dependencies: a version the
    // workspace's lock does not pin is not there on a fresh machine.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let downloaded = registry_pins(&root.join("..").join("Cargo.lock"));
    let locks: Vec<_> = walkdir::WalkDir::new(root.join("tests"))
        .into_iter()
        .flatten()
        .filter(|e| e.file_name() == "Cargo.lock")
        .filter(|e| !e.path().components().any(|c| c.as_os_str() == "target"))
        // The crate matrix is fetched by `make test-all` itself; the
        // outside libraries by the `cargo metadata` of their test.
        .filter(|e| !e.path().starts_with(root.join("tests").join("matrix")))
        .filter(|e| !e.path().starts_with(root.join("tests").join("outside")))
        .map(|e| e.path().to_path_buf())
        .collect();
    assert!(locks.len() >= 7, "{locks:?}");
    for lock in locks {
        let missing: Vec<_> = registry_pins(&lock)
            .difference(&downloaded)
            .cloned()
            .collect();
        assert!(
            missing.is_empty(),
            "{lock:?} pins {missing:?}, which the workspace's lock does not"
        );
    }
}
