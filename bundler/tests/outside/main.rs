//! The bundler on programs nobody here wrote: every example and every
//! documentation example of published libraries the project had not used
//! (`LIBRARIES`), taken from the sources cargo downloaded for the
//! package in `tests/outside/Cargo.toml` and made the bins of a package in
//! a temporary folder (nothing of them is written into the repository).
//! A documentation example is the program rustdoc compiles for it
//! (`programs.rs`); inputs, where a program reads one, come from a
//! generator of its format (`inputs.rs`).
//!
//! Cargo builds each program as it is (the release profile at opt-level
//! 0: no debug assertions or overflow checks, as a judge's `-O`); a
//! program cargo cannot build (it needs a dev-dependency or a feature) is
//! counted apart and not bundled. Each other is bundled with `--bin` for
//! the `codeforces` and `atcoder` profiles, compiled by plain `rustc -O`
//! as the profile's edition, and run on the same inputs: stdout byte for
//! byte and the exit status must be the unbundled program's. Each
//! (program, profile) ends as one of: the same output (the cut, or the
//! whole-crate fallback), over the judge's size limit (what the program
//! reaches is larger, stripped and minified: the bundler's error names the
//! largest items; counted apart, not a failure), refused (the bundler's
//! error), does not compile (rustc's first error), a warning the bundler
//! did not report (what its report lists as kept, with why, is reported),
//! or different output.
//!
//! `cargo test -p bundler --test outside -- --ignored --nocapture` runs
//! every program and prints a table per library and the failures grouped
//! by kind; `OUTSIDE_ONLY=petgraph,cplit` runs those libraries only,
//! `OUTSIDE_MATCH=doc-cache,ex-` the programs whose names hold one of those,
//! `OUTSIDE_JOBS=2` runs two programs at once, and `OUTSIDE_KEEP=DIR`
//! writes each failure's program, bundle and report there.
//! `OUTSIDE_EQUIP=DIR` gives each program to cargo-equip too (`equip.rs`).

#[path = "../common/mod.rs"]
mod common;
mod equip;
mod inputs;
mod programs;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;

use bundler::{bundle, Bundle, Error, Judge, Options};
use programs::Program;

/// The libraries: crate name, pinned version (a dependency of the package
/// in `tests/outside/Cargo.toml`, whose metadata downloads it).
const LIBRARIES: &[(&str, &str)] = &[
    ("algorithm", "0.1.18"),
    ("bit-set", "0.11.1"),
    ("bit-vec", "0.10.1"),
    ("bstr", "1.13.1"),
    ("cplit", "0.4.2"),
    ("fenwick", "2.0.1"),
    ("indexmap", "2.14.2"),
    ("memchr", "2.8.3"),
    ("once_cell", "1.21.4"),
    ("pathfinding", "4.16.0"),
    ("petgraph", "0.8.3"),
    ("primal", "0.3.3"),
    ("primal-check", "0.3.4"),
    ("rustc-hash", "2.1.3"),
    ("segment-tree", "2.0.0"),
    ("suffix", "1.3.0"),
    ("union-find", "0.4.4"),
];

/// The profiles every program is bundled for.
const PROFILES: [&str; 2] = ["codeforces", "atcoder"];

/// How long one run of a program may take.
const TIME_LIMIT_SECONDS: &str = "20";

/// A library's downloaded package: its folder, edition and name in code.
struct Library {
    name: &'static str,
    version: &'static str,
    dir: PathBuf,
    edition: String,
    /// Its own dependencies as `Cargo.toml` lines: rustdoc lets a doc
    /// example use them (bit-set's use bit-vec), so the package has them.
    dependencies: Vec<String>,
}

impl Library {
    fn crate_name(&self) -> String {
        self.name.replace('-', "_")
    }
}

/// Where cargo downloaded each library, from `cargo metadata` of the
/// package naming them (which downloads what is missing).
fn libraries(only: Option<&[&str]>) -> Vec<Library> {
    let output = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--locked",
            "--manifest-path",
        ])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/outside/Cargo.toml"))
        .output()
        .expect("run cargo metadata");
    assert!(output.status.success(), "cargo metadata failed");
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON");
    let packages = metadata["packages"].as_array().expect("packages");
    LIBRARIES
        .iter()
        .filter(|(name, _)| only.is_none_or(|o| o.contains(name)))
        .map(|&(name, version)| {
            let package = packages
                .iter()
                .find(|p| p["name"] == name && p["version"] == version)
                .unwrap_or_else(|| panic!("{name} {version} is in tests/outside/Cargo.toml"));
            let manifest = package["manifest_path"].as_str().expect("a manifest");
            let dependencies = resolved_dependencies(&metadata, package);
            Library {
                dependencies,
                name,
                version,
                dir: Path::new(manifest).parent().expect("a folder").to_owned(),
                edition: package["edition"].as_str().expect("an edition").to_string(),
            }
        })
        .collect()
}

/// The normal dependencies cargo resolved for `package` (for the
/// outside package's lock, so all downloaded), each pinned to its version and the
/// features cargo enabled, as `Cargo.toml` lines under the names its code
/// calls them.
fn resolved_dependencies(metadata: &serde_json::Value, package: &serde_json::Value) -> Vec<String> {
    let nodes = metadata["resolve"]["nodes"]
        .as_array()
        .expect("the resolve graph");
    let node = nodes
        .iter()
        .find(|n| n["id"] == package["id"])
        .expect("the library's node");
    let packages = metadata["packages"].as_array().expect("packages");
    let normal = |d: &&serde_json::Value| {
        let kinds = d["dep_kinds"].as_array().expect("dep kinds");
        kinds
            .iter()
            .any(|k| k["kind"].is_null() && k["target"].is_null())
    };
    let deps = node["deps"].as_array().expect("deps");
    deps.iter()
        .filter(normal)
        .map(|d| {
            let dep = packages
                .iter()
                .find(|p| p["id"] == d["pkg"])
                .expect("a package");
            let (name, version) = (&dep["name"], dep["version"].as_str().expect("a version"));
            // The features cargo enabled for it, and no others: a default
            // feature the library turned off may need a crate not downloaded.
            let its = nodes.iter().find(|n| n["id"] == d["pkg"]).expect("its node");
            let features = &its["features"];
            format!(
                "{} = {{ package = {name}, version = \"={version}\", default-features = false, features = {features} }}",
                d["name"].as_str().expect("a name")
            )
        })
        .collect()
}

/// A temporary package whose bins are `programs`, over `library` (and its
/// own dependencies), built by cargo offline; the programs cargo built,
/// and the others with cargo's first error on each.
fn package(
    library: &Library,
    programs: Vec<Program>,
) -> (tempfile::TempDir, Vec<Program>, Vec<(Program, String)>) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let manifest = format!(
        "[package]\nname = \"outside-{}\"\nversion = \"0.1.0\"\nedition = \"{}\"\npublish = false\n\n\
         [dependencies]\n{} = \"={}\"\n{}\n\n[profile.release]\nopt-level = 0\n\n[workspace]\n",
        library.name,
        library.edition,
        library.name,
        library.version,
        library.dependencies.join("\n")
    );
    std::fs::write(dir.path().join("Cargo.toml"), manifest).expect("Cargo.toml");
    let bins = dir.path().join("src").join("bin");
    for program in &programs {
        for (path, text) in &program.files {
            let file = bins.join(path);
            std::fs::create_dir_all(file.parent().expect("a folder")).expect("src/bin");
            std::fs::write(file, text).expect("a program");
        }
    }
    common::cargo(dir.path(), &["generate-lockfile", "--offline", "--quiet"]);
    // Each program is its own crate: one that cargo cannot build does not
    // stop the others.
    let output = Command::new(env!("CARGO"))
        .args(["build", "--release", "--offline", "--quiet", "--bins"])
        .args(["--keep-going", "--message-format", "short"])
        .current_dir(dir.path())
        .env("CARGO_TARGET_DIR", dir.path().join("target"))
        .output()
        .expect("run cargo");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let built = |p: &Program| binary(dir.path(), &p.name).exists();
    let (ok, not): (Vec<Program>, Vec<Program>) = programs.into_iter().partition(built);
    let why = |p: Program| {
        let file = format!("src/bin/{}", p.name);
        let error = stderr
            .lines()
            .find(|l| l.starts_with(&file) && l.contains("error"))
            .map(|l| l.split_once(": ").map_or(l, |(_, e)| e).to_string())
            .unwrap_or_else(|| "cargo built no binary".to_string());
        (p, error)
    };
    (dir, ok, not.into_iter().map(why).collect())
}

fn binary(package: &Path, name: &str) -> PathBuf {
    package.join("target").join("release").join(name)
}

/// What one run printed: stdout and the exit status (`None`: killed, or
/// over the time limit).
type Run = (Vec<u8>, Option<i32>);

/// Runs `binary` on `input` under the time limit.
fn run(binary: &Path, input: &[u8]) -> Run {
    let mut child = Command::new("timeout")
        .args(["-s", "KILL", TIME_LIMIT_SECONDS])
        .arg(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start a program");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        // A program may stop reading early; that is its business.
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("wait for a program");
    writer.join().expect("the writer");
    (output.stdout, output.status.code().filter(|&c| c != 137))
}

/// How one (program, profile) ended.
#[derive(Clone, Debug)]
enum Outcome {
    /// Same output; whether the whole-crate fallback was needed.
    Same { fell_back: bool },
    /// The code the program reaches is over the judge's size limit even
    /// stripped and minified: the bundler says so, naming the largest
    /// items. Not a failure: no cut could have kept less.
    TooLarge(String),
    /// The bundler's error: its kind and text.
    Refused(String, String),
    /// rustc's first error on the bundle, and its report.
    DoesNotCompile(String, String),
    /// A warning rustc gives on the bundle that the bundler did not report.
    Warned(String, String),
    /// Different output: what differed.
    Differs(String, String),
}

impl Outcome {
    /// The failure's kind (for grouping) and its details.
    fn failure(&self) -> Option<(String, &str)> {
        match self {
            Outcome::Same { .. } | Outcome::TooLarge(_) => None,
            Outcome::Refused(kind, text) => Some((format!("refused: {kind}"), text)),
            Outcome::DoesNotCompile(kind, text) => {
                Some((format!("does not compile: {kind}"), text))
            }
            Outcome::Warned(kind, text) => Some((format!("unreported warning: {kind}"), text)),
            Outcome::Differs(kind, text) => Some((format!("output differs: {kind}"), text)),
        }
    }
}

/// `text` with what varies between instances of one kind of message
/// taken out: quoted names, numbers, places.
fn normalise(text: &str) -> String {
    let mut out = String::new();
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '`' if quoted => quoted = false,
            '`' => {
                quoted = true;
                out.push_str("`…`");
            }
            _ if quoted => {}
            '0'..='9' if !out.ends_with('N') => out.push('N'),
            '0'..='9' => {}
            _ => out.push(c),
        }
    }
    out.split_whitespace()
        .filter(|w| !w.contains(".rs:"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The kind of a bundler error: its variant, and for rustc's reports the
/// first error's first line.
fn error_kind(error: &Error) -> String {
    match error {
        Error::DoesNotCompile { reports, .. } => {
            let first = reports
                .iter()
                .find(|r| r.starts_with("error"))
                .or(reports.first())
                .map(|r| r.lines().next().unwrap_or("").to_string())
                .unwrap_or_default();
            format!("does not compile as one file: {}", normalise(&first))
        }
        Error::ExternalCrate { name, why, .. } => {
            format!(
                "external crate `{name}`{}",
                why.as_ref().map(|w| format!(" ({w})")).unwrap_or_default()
            )
        }
        Error::TooLarge { judge, .. } => format!("over {judge}'s size limit"),
        other => normalise(other.to_string().lines().next().unwrap_or("")),
    }
}

/// A compiled bundle, or rustc's first error and report, or a warning the
/// bundler did not report (the library's own warnings, which the bundler
/// reports in its files, are allowed: matched by lint name or code, as
/// rustc's JSON gives either).
fn compile(bundle: &Bundle, out: &Path) -> Result<(), Outcome> {
    let source = out.with_extension("rs");
    std::fs::write(&source, &bundle.text).expect("write the bundle");
    let output = Command::new("rustc")
        .args(["--edition", common::edition_of(&bundle.text), "-O"])
        .args(["--error-format", "json"])
        .arg(&source)
        .arg("-o")
        .arg(out)
        .output()
        .expect("run rustc");
    let reported: Vec<&str> = bundle.warnings.iter().map(|w| w.lint.as_str()).collect();
    // What rustc calls dead and the report says was kept, and why (the
    // program observes the type's layout, …), is reported too.
    let kept = |message: &serde_json::Value| {
        let text = message["message"].as_str().unwrap_or("");
        message["code"]["code"] == "dead_code"
            && bundle.report.kept.iter().any(|(path, _)| {
                let name = path.rsplit("::").next().unwrap_or(path);
                text.contains(&format!("`{name}`"))
            })
    };
    let mut unreported = None;
    for line in String::from_utf8_lossy(&output.stderr).lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let rendered = message["rendered"].as_str().unwrap_or("").to_string();
        let code = message["code"]["code"].as_str();
        let first = normalise(rendered.lines().next().unwrap_or(""));
        match message["level"].as_str() {
            Some("error") => return Err(Outcome::DoesNotCompile(first, rendered)),
            Some("warning") if code.is_some_and(|c| !reported.contains(&c)) && !kept(&message) => {
                unreported.get_or_insert(Outcome::Warned(first, rendered));
            }
            _ => {}
        }
    }
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        return Err(Outcome::DoesNotCompile("rustc failed".to_string(), stderr));
    }
    unreported.map_or(Ok(()), Err)
}

/// The bundle's runs against the unbundled program's, as an outcome.
fn compare(expected: &[Run], got: &[Run], fell_back: bool) -> Outcome {
    match compare_runs(expected, got) {
        Some((kind, detail)) => Outcome::Differs(kind, detail),
        None => Outcome::Same { fell_back },
    }
}

/// The first run that differs, if one does: what differs (stdout or the
/// exit status) and how.
fn compare_runs(expected: &[Run], got: &[Run]) -> Option<(String, String)> {
    for (k, (want, have)) in expected.iter().zip(got).enumerate() {
        if want == have {
            continue;
        }
        let kind = if want.1 != have.1 {
            "exit status"
        } else {
            "stdout"
        };
        let text = |r: &Run| String::from_utf8_lossy(&r.0).into_owned();
        let line = text(want)
            .lines()
            .zip(text(have).lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        let detail = format!(
            "input {k}: exit {:?} unbundled, {:?} bundled; first differing line {}:\n  unbundled: {:?}\n  bundled:   {:?}",
            want.1,
            have.1,
            line + 1,
            text(want).lines().nth(line).unwrap_or(""),
            text(have).lines().nth(line).unwrap_or(""),
        );
        return Some((kind.to_string(), detail));
    }
    None
}

/// The text of a bundle without its header: two bundles with the same body
/// compile to the same program.
fn body(text: &str) -> &str {
    let header: usize = text
        .lines()
        .take_while(|l| l.starts_with("//"))
        .map(|l| l.len() + 1)
        .sum();
    &text[header.min(text.len())..]
}

/// One program of a library, ready to bundle.
struct Job<'a> {
    library: &'a Library,
    package: &'a Path,
    program: &'a Program,
    inputs: Vec<Vec<u8>>,
    expected: Vec<Run>,
    /// Why its output is not compared (it is still bundled and compiled).
    not_compared: Option<&'static str>,
}

impl<'a> Job<'a> {
    /// Runs the unbundled `program` of the package in `package` on its
    /// inputs, twice: a program whose output varies from run to run (a
    /// time, an address, a hash order) cannot be compared.
    fn new(library: &'a Library, package: &'a Path, program: &'a Program) -> Job<'a> {
        let mut not_compared = inputs::not_run(library.name, &program.name);
        let inputs = match not_compared {
            Some(_) => Vec::new(),
            None => inputs::inputs(library.name, program),
        };
        let built = binary(package, &program.name);
        let expected: Vec<Run> = inputs.iter().map(|i| run(&built, i)).collect();
        let again: Vec<Run> = inputs.iter().map(|i| run(&built, i)).collect();
        let mut inputs = inputs;
        if expected != again {
            not_compared = Some("its output varies from run to run");
            inputs.clear();
        }
        Job {
            library,
            package,
            program,
            expected: expected.into_iter().take(inputs.len()).collect(),
            inputs,
            not_compared,
        }
    }
}

/// One profile's result: the outcome, and the bundle when there is one.
type Checked = (&'static str, Outcome, Option<String>);

/// Bundles `job` for each profile, compiles and runs each bundle; and
/// gives it to cargo-equip where `OUTSIDE_EQUIP` says.
fn check(job: &Job, scratch: &Path) -> (Vec<Checked>, Option<equip::Equipped>) {
    let equipped = equip::tool().map(|tool| {
        let name = &job.program.name;
        equip::equip(
            &tool,
            job.package,
            name,
            scratch,
            &job.inputs,
            &job.expected,
        )
    });
    (bundle_each(job, scratch), equipped)
}

/// Bundles `job` for each profile, compiles and runs each bundle.
fn bundle_each(job: &Job, scratch: &Path) -> Vec<Checked> {
    let mut results = Vec::new();
    let mut compiled: Option<(String, Outcome)> = None;
    for profile in PROFILES {
        let mut options = Options::bin(&job.program.name, Some(job.package.join("Cargo.toml")));
        options.judge = Judge::named(profile).expect("a profile");
        options.target_dir = Some(job.package.join("target"));
        let bundled = match bundle(&options) {
            Ok(b) => b,
            Err(e @ Error::TooLarge { .. }) => {
                results.push((profile, Outcome::TooLarge(e.to_string()), None));
                continue;
            }
            Err(e) => {
                results.push((
                    profile,
                    Outcome::Refused(error_kind(&e), e.to_string()),
                    None,
                ));
                continue;
            }
        };
        let fell_back = bundled.report.fell_back.is_some();
        let outcome = match &compiled {
            Some((text, outcome)) if text == body(&bundled.text) => match outcome {
                Outcome::Same { .. } => Outcome::Same { fell_back },
                other => other.clone(),
            },
            _ => {
                let out = scratch.join(format!("{}-{profile}", job.program.name));
                let outcome = match compile(&bundled, &out) {
                    Err(outcome) => outcome,
                    Ok(()) => {
                        let got: Vec<Run> = job.inputs.iter().map(|i| run(&out, i)).collect();
                        compare(&job.expected, &got, fell_back)
                    }
                };
                compiled = Some((body(&bundled.text).to_string(), outcome.clone()));
                outcome
            }
        };
        results.push((profile, outcome, Some(bundled.text)));
    }
    results
}

/// Every (library, program, profile) and how it ended, with what was
/// not a program here.
#[derive(Default)]
struct Tally {
    rows: Vec<(String, String, String, &'static str, Outcome)>,
    /// Per library: examples and doc examples found, and not built by cargo.
    found: BTreeMap<String, (usize, usize, usize)>,
    /// Per library: doc blocks that are not programs, by reason.
    skipped: BTreeMap<String, programs::Skipped>,
    /// Programs cargo could not build: library, origin, cargo's error.
    unbuilt: Vec<(String, String, String)>,
    /// Per library: programs whose output (unbundled) is not empty; the
    /// others are compared by their exit status alone.
    printing: BTreeMap<String, usize>,
    /// Programs bundled and compiled but not run: library, origin, why.
    not_compared: Vec<(String, String, &'static str)>,
    /// cargo-equip's outcomes, where `OUTSIDE_EQUIP` asked for them.
    equipped: Vec<equip::Row>,
}

/// Runs every program of `libraries` that `keep` accepts.
fn run_corpus(libraries: &[Library], keep: &dyn Fn(&str, &Program) -> bool) -> Tally {
    let tally = Mutex::new(Tally::default());
    for library in libraries {
        let crate_name = library.crate_name();
        let mut found = programs::examples(&library.dir, &crate_name);
        let (docs, skipped) = programs::doc_examples(&library.dir, &crate_name);
        found.extend(docs);
        found.retain(|p| keep(library.name, p));
        let examples = found.iter().filter(|p| p.name.starts_with("ex-")).count();
        let docs = found.len() - examples;
        if found.is_empty() {
            // A package of no bins is no package to cargo.
            let mut t = tally.lock().expect("the tally");
            t.found.insert(library.name.to_string(), (0, 0, 0));
            t.skipped.insert(library.name.to_string(), skipped);
            continue;
        }
        let (dir, programs, unbuilt) = package(library, found);
        for (program, why) in &unbuilt {
            eprintln!(
                "{} {}: not built by cargo: {why}",
                library.name, program.origin
            );
        }
        {
            let mut t = tally.lock().expect("the tally");
            let name = library.name.to_string();
            t.found
                .insert(name.clone(), (examples, docs, unbuilt.len()));
            t.skipped.insert(name.clone(), skipped);
            t.unbuilt.extend(
                unbuilt
                    .iter()
                    .map(|(p, why)| (name.clone(), p.origin.clone(), why.clone())),
            );
        }
        let jobs: Vec<Job> = programs
            .iter()
            .map(|p| Job::new(library, dir.path(), p))
            .collect();
        in_parallel(&jobs, |job, results| {
            tally.lock().expect("the tally").add(job, results)
        });
    }
    let mut tally = tally.into_inner().expect("the tally");
    tally
        .rows
        .sort_by(|a, b| (&a.0, &a.1, a.3).cmp(&(&b.0, &b.1, b.3)));
    tally
}

/// Checks every job, `OUTSIDE_JOBS` at a time (1 unless set), handing each
/// job's results to `done`.
fn in_parallel(jobs: &[Job], done: impl Fn(&Job, (Vec<Checked>, Option<equip::Equipped>)) + Sync) {
    let threads: usize = std::env::var("OUTSIDE_JOBS")
        .ok()
        .and_then(|j| j.parse().ok())
        .unwrap_or(1);
    let next = Mutex::new(jobs.iter());
    let scratch = tempfile::tempdir().expect("temporary directory");
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let Some(job) = next.lock().expect("the queue").next() else {
                    break;
                };
                done(job, check(job, scratch.path()));
            });
        }
    });
}

/// Writes a failure's program, bundle and report under `dir`.
fn keep_failure(dir: &Path, job: &Job, profile: &str, outcome: &Outcome, bundle: Option<&str>) {
    let stem = dir.join(format!(
        "{}-{}-{profile}",
        job.library.name, job.program.name
    ));
    std::fs::create_dir_all(dir).expect("the folder to keep failures in");
    std::fs::write(stem.with_extension("program.rs"), job.program.source()).expect("write");
    if let Some(text) = bundle {
        std::fs::write(stem.with_extension("bundle.rs"), text).expect("write");
    }
    let (kind, text) = outcome.failure().expect("a failure");
    std::fs::write(
        stem.with_extension("txt"),
        format!("{}\n{kind}\n\n{text}\n", job.program.origin),
    )
    .expect("write");
}

impl Tally {
    /// Records `job`'s results (and keeps its failures where `OUTSIDE_KEEP`
    /// says), printing one line per result as it comes.
    fn add(&mut self, job: &Job, (results, equipped): (Vec<Checked>, Option<equip::Equipped>)) {
        let (library, program) = (job.library.name, job.program);
        if let Some(equipped) = equipped {
            let ours = results.iter().find_map(|(profile, outcome, text)| {
                let same = matches!(outcome, Outcome::Same { .. }) && *profile == "atcoder";
                text.as_ref().filter(|_| same).map(String::len)
            });
            eprintln!("{library} {} (cargo-equip): {equipped:?}", program.origin);
            let row = (library.to_string(), program.origin.clone(), equipped, ours);
            self.equipped.push(row);
        }
        if job.expected.iter().any(|(stdout, _)| !stdout.is_empty()) {
            *self.printing.entry(library.to_string()).or_default() += 1;
        }
        if let Some(why) = job.not_compared {
            self.not_compared
                .push((library.to_string(), program.origin.clone(), why));
        }
        let keep_dir = std::env::var_os("OUTSIDE_KEEP").map(PathBuf::from);
        for (profile, outcome, text) in results {
            if let (Some(dir), Some(_)) = (&keep_dir, outcome.failure()) {
                keep_failure(dir, job, profile, &outcome, text.as_deref());
            }
            let same = match job.not_compared {
                Some(why) => format!("compiled, output not compared ({why})"),
                None => "same output".to_string(),
            };
            let what = match &outcome {
                Outcome::TooLarge(_) => "over the judge's size limit".to_string(),
                _ => outcome.failure().map_or(same, |(k, _)| k),
            };
            eprintln!("{library} {} ({profile}): {what}", program.origin);
            let row = (
                library.to_string(),
                program.name.clone(),
                program.origin.clone(),
                profile,
                outcome,
            );
            self.rows.push(row);
        }
    }

    fn failures(&self) -> Vec<&(String, String, String, &'static str, Outcome)> {
        self.rows
            .iter()
            .filter(|r| r.4.failure().is_some())
            .collect()
    }

    /// The table per library and profile, then the failures by kind.
    fn print(&self) {
        println!("| library | profile | programs | bundled | fell back | identical output | over the size limit | refused | does not compile | unreported warning | output differs |");
        println!("|---|---|---|---|---|---|---|---|---|---|---|");
        let mut totals: BTreeMap<&str, [usize; 9]> = BTreeMap::new();
        let mut per: BTreeMap<(&str, &str), [usize; 9]> = BTreeMap::new();
        for (library, _, _, profile, outcome) in &self.rows {
            let column = match outcome {
                Outcome::Same { fell_back: false } => 3,
                Outcome::Same { fell_back: true } => 2,
                Outcome::TooLarge(_) => 8,
                Outcome::Refused(..) => 4,
                Outcome::DoesNotCompile(..) => 5,
                Outcome::Warned(..) => 6,
                Outcome::Differs(..) => 7,
            };
            for counts in [
                per.entry((library, profile)).or_default(),
                totals.entry(profile).or_default(),
            ] {
                counts[0] += 1;
                counts[column] += 1;
                if column != 4 && column != 8 {
                    counts[1] += 1;
                }
            }
        }
        let line = |name: &str, profile: &str, c: &[usize; 9]| {
            println!(
                "| {name} | {profile} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                c[0],
                c[1],
                c[2],
                c[2] + c[3],
                c[8],
                c[4],
                c[5],
                c[6],
                c[7]
            );
        };
        for ((library, profile), counts) in &per {
            line(library, profile, counts);
        }
        for (profile, counts) in &totals {
            line("all", profile, counts);
        }
        println!("\nprograms found (examples, doc examples, not built by cargo as they are):");
        for (library, (examples, docs, unbuilt)) in &self.found {
            let skipped = &self.skipped[library];
            let printing = self.printing.get(library).copied().unwrap_or(0);
            println!("  {library}: {examples} examples, {docs} doc examples, {unbuilt} not built, {printing} printing something; doc blocks not programs: {skipped:?}");
        }
        for (library, origin, why) in &self.unbuilt {
            println!("  not built: {library} {origin}: {why}");
        }
        for (library, origin, why) in &self.not_compared {
            println!("  bundled and compiled, output not compared: {library} {origin}: {why}");
        }
        for (library, _, origin, profile, outcome) in &self.rows {
            if let Outcome::TooLarge(text) = outcome {
                let first = text.lines().next().unwrap_or("");
                println!("  over the size limit: {library} {origin} ({profile}): {first}");
            }
        }
        let mut kinds: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (library, _, origin, profile, outcome) in self.failures() {
            let (kind, _) = outcome.failure().expect("a failure");
            kinds
                .entry(kind)
                .or_default()
                .push(format!("{library} {origin} ({profile})"));
        }
        if !self.equipped.is_empty() {
            equip::print(&self.equipped);
        }
        println!("\nfailures by kind:");
        for (kind, places) in &kinds {
            println!("{} × {kind}", places.len());
            for place in places {
                println!("    {place}");
            }
        }
    }
}

fn only() -> Option<Vec<String>> {
    list("OUTSIDE_ONLY")
}

/// The comma-separated values of environment variable `name`, if set.
fn list(name: &str) -> Option<Vec<String>> {
    std::env::var(name)
        .ok()
        .map(|o| o.split(',').map(str::to_string).collect())
}

#[test]
#[ignore = "heavy: make test-all (every example and doc example of seventeen libraries, two profiles)"]
fn every_outside_program_bundles_and_prints_the_same() {
    let only = only();
    let names: Option<Vec<&str>> = only
        .as_ref()
        .map(|o| o.iter().map(String::as_str).collect());
    let matching = list("OUTSIDE_MATCH");
    let keep = |_: &str, p: &Program| {
        matching
            .as_ref()
            .is_none_or(|m| m.iter().any(|part| p.name.contains(part.as_str())))
    };
    let tally = run_corpus(&libraries(names.as_deref()), &keep);
    tally.print();
    let failures = tally.failures();
    assert!(
        failures.is_empty(),
        "{} of {} bundles failed (table above)",
        failures.len(),
        tally.rows.len()
    );
}

/// A few programs that run in seconds (`make test`): cplit's union-find
/// and shortest paths on generated inputs, a doc example of bit-set that
/// uses bit-vec directly too (two crates), rustc-hash's crate example.
const SAMPLE: &[(&str, &str)] = &[
    ("bit-set", "doc-set-113"),
    ("cplit", "doc-data-structure-disjoint-set-union-7"),
    ("cplit", "doc-graph-dijkstra-17"),
    ("rustc-hash", "doc-lib-5"),
];

#[test]
fn sample_outside_programs_bundle_and_print_the_same() {
    let names: Vec<&str> = SAMPLE.iter().map(|(l, _)| *l).collect();
    let keep = |library: &str, p: &Program| SAMPLE.contains(&(library, p.name.as_str()));
    let tally = run_corpus(&libraries(Some(&names)), &keep);
    tally.print();
    assert_eq!(
        tally.rows.len(),
        SAMPLE.len() * PROFILES.len(),
        "a sample program was not found or not built"
    );
    assert!(tally.failures().is_empty());
    assert!(tally.not_compared.is_empty());
    assert_eq!(tally.printing["cplit"], 2, "cplit's programs print answers");
}
