//! cargo-equip beside the bundler, on the same programs. With
//! `OUTSIDE_EQUIP=DIR`, a folder holding a `cargo-equip` binary installed
//! outside the repository (nothing here builds or downloads it), each
//! program is also given to `cargo equip --bin NAME` in its package, as
//! a user runs it, and the file it writes is compiled as AtCoder compiles
//! a submission (`rustc -O`, the atcoder profile's edition) and run on the
//! same inputs as the unbundled program.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use bundler::Judge;

use crate::{compare_runs, normalise, run, Run};

/// The folder of `cargo-equip`, if `OUTSIDE_EQUIP` names one.
pub fn tool() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("OUTSIDE_EQUIP")?);
    assert!(
        dir.join("cargo-equip").is_file(),
        "OUTSIDE_EQUIP={}: no cargo-equip there",
        dir.display()
    );
    Some(dir)
}

/// How cargo-equip's file for one program ended.
#[derive(Clone, Debug)]
pub enum Equipped {
    /// The same output; its size, and how many warnings rustc gives.
    Same { bytes: usize, warnings: usize },
    /// cargo-equip wrote no file: the kind of its error.
    Fails(String),
    /// rustc's first error on its file.
    DoesNotCompile(String),
    /// Different output.
    Differs(String),
}

/// Runs cargo-equip from `tool` on bin `bin` of the package in `package`;
/// compiles its file in `scratch` and runs it on `inputs`.
pub fn equip(
    tool: &Path,
    package: &Path,
    bin: &str,
    scratch: &Path,
    inputs: &[Vec<u8>],
    expected: &[Run],
) -> Equipped {
    let path = std::env::join_paths(std::iter::once(tool.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("a PATH");
    let output = Command::new(env!("CARGO"))
        .args(["equip", "--bin", bin])
        .current_dir(package)
        .env("PATH", path)
        .env("CARGO_TARGET_DIR", package.join("target"))
        .output()
        .expect("run cargo equip");
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() || output.stdout.is_empty() {
        return Equipped::Fails(failure_kind(&stderr));
    }
    let source = scratch.join(format!("{bin}-equip.rs"));
    let binary = scratch.join(format!("{bin}-equip"));
    std::fs::write(&source, &output.stdout).expect("write cargo-equip's file");
    let edition = Judge::named("atcoder").expect("a profile").edition;
    let rustc = Command::new("rustc")
        .args(["--edition", edition, "-O"])
        .arg(&source)
        .arg("-o")
        .arg(&binary)
        .output()
        .expect("run rustc");
    let said = String::from_utf8_lossy(&rustc.stderr);
    if !rustc.status.success() {
        let first = said.lines().find(|l| l.starts_with("error")).unwrap_or("");
        return Equipped::DoesNotCompile(normalise(first));
    }
    let warnings = said
        .lines()
        .filter(|l| l.starts_with("warning") && !l.contains(" emitted"))
        .count();
    let got: Vec<Run> = inputs.iter().map(|i| run(&binary, i)).collect();
    match compare_runs(expected, &got) {
        Some((kind, _)) => Equipped::Differs(kind),
        None => Equipped::Same {
            bytes: output.stdout.len(),
            warnings,
        },
    }
}

/// The kind of cargo-equip's error: its first `error` line, and the cause
/// it gives for "could not bundle the code". (Its try at cargo-udeps, a
/// nightly tool, fails first, and it goes on without: not its error.)
fn failure_kind(stderr: &str) -> String {
    let mut lines = stderr.lines();
    let error = |l: &&str| l.starts_with("error") && !l.starts_with("error: no such command");
    let Some(first) = lines.find(error) else {
        let last = stderr.lines().rfind(|l| !l.trim().is_empty()).unwrap_or("");
        return normalise(&format!("no file; it said last: {last}"));
    };
    let cause = lines
        .skip_while(|l| !l.starts_with("Caused by"))
        .nth(1)
        .map(|c| format!(": {}", c.trim()))
        .unwrap_or_default();
    normalise(&format!("{first}{cause}"))
}

/// One program's results beside each other: the library, the program's
/// origin, cargo-equip's outcome, and the bundler's size for atcoder
/// where its output was the same.
pub type Row = (String, String, Equipped, Option<usize>);

/// The table per library: how cargo-equip did, and the sizes where both
/// gave the same output; then cargo-equip's failures by kind.
pub fn print(rows: &[Row]) {
    println!("\ncargo-equip beside the bundler (atcoder):\n");
    println!("| library | programs | cargo-equip: same output | of them clean | writes no file | does not compile | output differs | bundler: same output | bundler's size / cargo-equip's (median, both same) |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut per: BTreeMap<&str, Vec<&Row>> = BTreeMap::new();
    for row in rows {
        per.entry(row.0.as_str()).or_default().push(row);
        per.entry("all").or_default().push(row);
    }
    for (library, rows) in &per {
        let count = |f: &dyn Fn(&Equipped) -> bool| rows.iter().filter(|r| f(&r.2)).count();
        let mut ratios: Vec<f64> = rows
            .iter()
            .filter_map(|r| match (&r.2, r.3) {
                (Equipped::Same { bytes, .. }, Some(ours)) => Some(ours as f64 / *bytes as f64),
                _ => None,
            })
            .collect();
        ratios.sort_by(f64::total_cmp);
        let median = ratios.get(ratios.len() / 2).map_or("-".to_string(), |r| {
            format!("{:.0}% ({} pairs)", r * 100.0, ratios.len())
        });
        println!(
            "| {library} | {} | {} | {} | {} | {} | {} | {} | {median} |",
            rows.len(),
            count(&|e| matches!(e, Equipped::Same { .. })),
            count(&|e| matches!(e, Equipped::Same { warnings: 0, .. })),
            count(&|e| matches!(e, Equipped::Fails(_))),
            count(&|e| matches!(e, Equipped::DoesNotCompile(_))),
            count(&|e| matches!(e, Equipped::Differs(_))),
            rows.iter().filter(|r| r.3.is_some()).count(),
        );
    }
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    for (_, _, equipped, _) in rows {
        let kind = match equipped {
            Equipped::Same { .. } => continue,
            Equipped::Fails(k) => format!("writes no file: {k}"),
            Equipped::DoesNotCompile(k) => format!("does not compile: {k}"),
            Equipped::Differs(k) => format!("output differs: {k}"),
        };
        *kinds.entry(kind).or_default() += 1;
    }
    println!("\ncargo-equip's failures by kind:");
    for (kind, n) in kinds {
        println!("{n} × {kind}");
    }
}
