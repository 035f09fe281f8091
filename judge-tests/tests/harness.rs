//! The harness judged by its own small submissions: each misbehaves in one
//! way and must get its verdict within a few seconds, whatever it does.

use judge_tests::compare::{Checker, Rule};
use judge_tests::run::{compile, Compiler, Exit};
use judge_tests::settings::{CheckerKind, Settings};
use judge_tests::verdict::{find_cases, judge_case, Case, CaseResult, Verdict};
use judge_tests::watch::Kill;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn here() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests")
}

/// The time limit of these tests.
const LIMIT: Duration = Duration::from_millis(500);

/// Short limits keep the suite fast: 500 ms, 64 MiB, 1 MiB of output.
fn settings() -> Settings {
    Settings {
        time_limit: LIMIT,
        memory_limit: 64 << 20,
        output_limit: 1 << 20,
        checker: CheckerKind::Rule(Rule::Lines),
        aliases: Vec::new(),
        judge: "default".to_string(),
    }
}

fn reverse_case() -> Case {
    find_cases(&[here().join("cases/reverse")])
        .unwrap()
        .remove(0)
}

/// How long a judgement may take at most, however loaded the machine: the
/// longest limit here is the idle limit of 1.5 s, so this only catches a
/// harness that waits for a program that never ends.
const HANG: Duration = Duration::from_secs(30);

/// Compiles `tests/programs/<name>.rs` into `dir/<name>/`.
fn compiled(name: &str, dir: &Path) -> PathBuf {
    let source = here().join("programs").join(format!("{name}.rs"));
    let dir = dir.join(name);
    std::fs::create_dir_all(&dir).unwrap();
    compile(&source, &dir).unwrap().exe
}

/// Judges a compiled program on the first reverse case.
fn judge_exe(name: &str, exe: &Path) -> (CaseResult, Duration) {
    let start = Instant::now();
    let checker = Checker::Rule(Rule::Lines);
    let result = judge_case(exe, &reverse_case(), &settings(), &checker);
    let took = start.elapsed();
    assert!(took < HANG, "{name}: the harness waited {took:?}");
    (result, took)
}

/// Compiles `tests/programs/<name>.rs` and judges it on the first reverse case.
fn judge_program(name: &str) -> (CaseResult, Duration) {
    let dir = tempfile::tempdir().unwrap();
    judge_exe(name, &compiled(name, dir.path()))
}

#[test]
fn correct_program_is_accepted_with_measurements() {
    let (result, _) = judge_program("correct");
    assert_eq!(result.verdict, Verdict::Accepted);
    let outcome = result.outcome.unwrap();
    assert!(outcome.peak_memory > 0, "ru_maxrss was not read");
    assert_eq!(outcome.exit, Exit::Code(0));
}

#[test]
fn wrong_answer_shows_the_first_differing_line() {
    let (result, _) = judge_program("wrong");
    let Verdict::WrongAnswer(mismatch) = result.verdict else {
        panic!("expected WA, got {:?}", result.verdict);
    };
    assert_eq!(mismatch.summary, "line 1 differs (2 lines differ)");
    assert_eq!(mismatch.details[0], "line 1: expected \"c\"");
    assert_eq!(mismatch.details[1], "        got      \"a\"");
}

/// The busy loop: TLE, killed when its CPU time reached the limit (not
/// before, and well before the kernel's backstop a second later).
fn assert_killed_at_the_cpu_limit((result, _): (CaseResult, Duration)) {
    assert_eq!(result.verdict, Verdict::TimeLimit);
    let outcome = result.outcome.unwrap();
    assert_eq!(outcome.killed, Some(Kill::CpuTime));
    assert_eq!(outcome.exit, Exit::Signal(libc::SIGKILL));
    let cpu = outcome.cpu;
    assert!(
        cpu >= LIMIT && cpu < LIMIT + Duration::from_millis(400),
        "cpu {cpu:?}"
    );
}

/// The sleeper: ILE at the idle limit (3 × 500 ms), having used no CPU.
fn assert_stopped_as_idle((result, took): (CaseResult, Duration)) {
    assert_eq!(result.verdict, Verdict::Idle);
    let outcome = result.outcome.unwrap();
    assert_eq!(outcome.killed, Some(Kill::Idle));
    assert!(
        outcome.cpu < Duration::from_millis(100),
        "{:?}",
        outcome.cpu
    );
    let idle_limit = 3 * LIMIT;
    assert!(outcome.idle >= idle_limit, "{:?}", outcome.idle);
    assert!(took >= idle_limit, "{took:?}");
}

#[test]
fn endless_loop_is_killed_at_the_cpu_limit() {
    assert_killed_at_the_cpu_limit(judge_program("forever"));
}

#[test]
fn sleeping_program_is_stopped_at_the_idle_limit() {
    assert_stopped_as_idle(judge_program("sleeper"));
}

#[test]
fn cpu_time_under_the_limit_is_accepted() {
    let (result, _) = judge_program("cpu_bound");
    assert_eq!(result.verdict, Verdict::Accepted);
    let cpu = result.outcome.unwrap().cpu;
    assert!(cpu >= Duration::from_millis(300) && cpu < LIMIT, "{cpu:?}");
}

/// Keeps every core busy with two spinning threads per core until dropped:
/// a judged program then gets a third of a core or less.
struct Load {
    stop: Arc<AtomicBool>,
    spinners: Vec<std::thread::JoinHandle<()>>,
}

impl Load {
    fn start() -> Load {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let stop = Arc::new(AtomicBool::new(false));
        let spinners = (0..2 * cores)
            .map(|_| {
                let stop = Arc::clone(&stop);
                std::thread::spawn(move || {
                    let mut x = 0u64;
                    while !stop.load(Ordering::Relaxed) {
                        x = std::hint::black_box(x.wrapping_add(1));
                    }
                })
            })
            .collect();
        Load { stop, spinners }
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for spinner in self.spinners.drain(..) {
            let _ = spinner.join();
        }
    }
}

#[test]
fn verdicts_are_the_same_while_every_core_is_busy() {
    let dir = tempfile::tempdir().unwrap();
    let programs = ["cpu_bound", "forever", "sleeper", "correct"];
    let exes: Vec<PathBuf> = programs
        .iter()
        .map(|name| compiled(name, dir.path()))
        .collect();
    let _load = Load::start();
    // 300 ms of CPU under a 500 ms limit, at a third of a core or less:
    // longer than the limit on the wall clock, yet accepted.
    let (result, took) = judge_exe("cpu_bound", &exes[0]);
    assert_eq!(result.verdict, Verdict::Accepted, "took {took:?}");
    let outcome = result.outcome.unwrap();
    assert!(outcome.wall > outcome.cpu, "{outcome:?}");
    assert_killed_at_the_cpu_limit(judge_exe("forever", &exes[1]));
    assert_stopped_as_idle(judge_exe("sleeper", &exes[2]));
    assert_eq!(judge_exe("correct", &exes[3]).0.verdict, Verdict::Accepted);
}

#[test]
fn a_forked_child_does_not_keep_the_harness_waiting() {
    let (result, took) = judge_program("orphan");
    assert_eq!(result.verdict, Verdict::Accepted, "took {took:?}");
}

#[test]
fn panic_is_a_runtime_error_with_the_stderr_tail() {
    let (result, _) = judge_program("panics");
    assert_eq!(result.verdict, Verdict::RuntimeError(Exit::Code(101)));
    assert!(result
        .outcome
        .unwrap()
        .stderr_tail
        .contains("boom: nothing to reverse"));
}

#[test]
fn non_zero_exit_beats_a_right_answer() {
    let (result, _) = judge_program("exit3");
    assert_eq!(result.verdict, Verdict::RuntimeError(Exit::Code(3)));
}

#[test]
fn huge_allocation_fails_under_the_limit_and_is_mle() {
    let (result, _) = judge_program("hog");
    assert_eq!(result.verdict, Verdict::MemoryLimit);
    assert!(result
        .outcome
        .unwrap()
        .stderr_tail
        .contains("memory allocation of"));
}

#[test]
fn creeping_allocation_is_mle_and_peak_memory_is_near_the_limit() {
    let (result, _) = judge_program("creeper");
    assert_eq!(result.verdict, Verdict::MemoryLimit);
    let peak = result.outcome.unwrap().peak_memory;
    assert!(peak > 32 << 20 && peak <= 64 << 20, "peak {peak}");
}

#[test]
fn endless_output_is_ole() {
    let (result, _) = judge_program("flood");
    assert_eq!(result.verdict, Verdict::OutputLimit);
    assert_eq!(result.outcome.unwrap().stdout.len(), 1 << 20);
}

#[test]
fn a_compile_error_carries_rustc_diagnostics() {
    let dir = tempfile::tempdir().unwrap();
    let error = compile(&here().join("programs/broken.rs"), dir.path()).unwrap_err();
    assert!(
        error.message.contains("mismatched types"),
        "{}",
        error.message
    );
    let missing = compile(Path::new("/nonexistent/main.rs"), dir.path()).unwrap_err();
    assert!(missing.message.contains("no such file"));
}

#[test]
fn cases_need_their_expected_output() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("b.in"), "").unwrap();
    std::fs::write(dir.path().join("b.out"), "").unwrap();
    std::fs::write(dir.path().join("a.in"), "").unwrap();
    let error = find_cases(&[dir.path().to_path_buf()]).unwrap_err();
    assert!(error.to_string().contains("a.out is missing"), "{error}");
    std::fs::write(dir.path().join("a.out"), "").unwrap();
    let names: Vec<String> = find_cases(&[dir.path().to_path_buf()])
        .unwrap()
        .into_iter()
        .map(|c| c.name)
        .collect();
    assert_eq!(names, ["a", "b"]);
}

fn judge_binary(args: &[&str]) -> (String, String, Option<i32>) {
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(args)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

#[test]
fn judge_binary_prints_a_line_per_case_and_the_closing_line() {
    let cases = here().join("cases/reverse");
    let source = here().join("programs/correct.rs");
    let (out, err, code) = judge_binary(&[
        "uva745",
        "--source",
        source.to_str().unwrap(),
        "--cases",
        cases.to_str().unwrap(),
        "--time-limit",
        "500",
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("AC  sample-1 ") && lines[0].ends_with("MiB"),
        "{out}"
    );
    assert!(lines[1].starts_with("AC  sample-2 "), "{out}");
    assert!(lines[2].starts_with("slowest: sample-"), "{out}");
    assert!(lines[3].starts_with("peak memory: "), "{out}");
    assert_eq!(lines[4], "2 passed, 0 failed");
    assert!(!out.contains('\x1b'), "colour on a pipe");
    assert!(
        err.contains("time 500 ms of CPU (idle 1500 ms), memory 128 MiB, checker lines"),
        "{err}"
    );

    let wrong = here().join("programs/wrong.rs");
    let (out, _, code) = judge_binary(&[
        "cube",
        "--source",
        wrong.to_str().unwrap(),
        "--cases",
        cases.to_str().unwrap(),
    ]);
    // The alias works and uva197's settings apply: blocks compare as sets,
    // so lines in the wrong order are still accepted.
    assert_eq!(code, Some(0), "{out}");
    assert!(out.ends_with("2 passed, 0 failed\n"), "{out}");
}

#[test]
fn judge_binary_judges_any_program_without_a_problem_id() {
    // Anyone's program on an oj-style folder: the rule and limits given,
    // the defaults said.
    let cases = here().join("cases/reverse");
    let wrong = here().join("programs/wrong.rs");
    let run = |checker: &str| {
        judge_binary(&[
            "--source",
            wrong.to_str().unwrap(),
            "--cases",
            cases.to_str().unwrap(),
            "--checker",
            checker,
            "--time-limit",
            "700",
        ])
    };
    // wrong.rs echoes its input: the answer's lines in another order.
    let (out, err, code) = run("line-sets");
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.ends_with("2 passed, 0 failed\n"), "{out}");
    assert!(
        err.contains("time 700 ms of CPU (idle 2100 ms), memory 256 MiB, checker line-sets"),
        "{err}"
    );
    let (out, _, code) = run("lines");
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("WA  sample-1"), "{out}");
    // What is missing is said.
    let (_, err, code) = judge_binary(&["--source", wrong.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(err.contains("needs --cases DIR"), "{err}");
    let (_, err, code) = judge_binary(&[]);
    assert_eq!(code, Some(2));
    assert!(err.contains("give a problem id"), "{err}");
}

#[test]
fn judge_binary_reports_failures_and_exits_non_zero() {
    let cases = here().join("cases/reverse");
    let source = here().join("programs/panics.rs");
    let (out, _, code) = judge_binary(&[
        "p4205",
        "--source",
        source.to_str().unwrap(),
        "--cases",
        cases.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1));
    assert!(out.contains("RE  sample-1"), "{out}");
    assert!(
        out.contains("exit code 101") && out.contains("stderr| "),
        "{out}"
    );
    assert!(out.ends_with("0 passed, 2 failed\n"), "{out}");

    let broken = here().join("programs/broken.rs");
    let (out, _, code) = judge_binary(&["latin", "--source", broken.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    assert!(out.starts_with("CE  compilation failed"), "{out}");

    let (_, err, code) = judge_binary(&["uva10109"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown problem `uva10109`; known: "), "{err}");
    assert!(err.contains("uva197 (alias cube)"), "{err}");
    let (_, err, code) = judge_binary(&["p4205", "--frobnicate"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("unexpected argument '--frobnicate'"), "{err}");
    let (_, err, code) = judge_binary(&["p42O5"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "error: unknown problem `p42O5`; did you mean `p4205`?\n"
    );
    // A missing file is an error (2), not a compile error (1).
    let (out, err, code) = judge_binary(&["p4205", "--source", "no-such-file.rs"]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(err.contains("no-such-file.rs: no such file"), "{err}");
    assert!(out.is_empty(), "{out}");
    let (_, err, code) = judge_binary(&["p4205", "--judge", "nojudge"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("invalid value 'nojudge'"), "{err}");
}

/// Copies the folder `from` into `to`, files and folders.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn judge_submit_bundles_writes_judges_and_sums_up() {
    // A project of one problem: a library of the bundler's fixtures and
    // a case folder.
    let root = tempfile::tempdir().unwrap();
    let fixture = here().join("../../bundler/tests/fixtures/generic_monoid");
    copy_tree(&fixture, &root.path().join("library"));
    let cases = root.path().join("judge-tests/demo");
    std::fs::create_dir_all(&cases).unwrap();
    std::fs::write(cases.join(".problem.toml"), "time_limit_ms = 1000\n").unwrap();
    std::fs::write(cases.join("sample-1.in"), "").unwrap();
    std::fs::write(cases.join("sample-1.out"), "9\n").unwrap();
    let root_arg = root.path().to_str().unwrap();
    let (out, err, code) = judge_binary(&["submit", "demo", "--root", root_arg]);
    assert_eq!(code, Some(0), "{out}{err}");
    let written = std::fs::read_to_string(root.path().join("submissions/demo/main.rs")).unwrap();
    assert!(out.contains("AC  sample-1"), "{out}");
    // The library, unbundled, was run beside the bundle.
    assert!(
        out.contains("unbundled: the library prints what the bundle prints on all 1 cases"),
        "{out}{err}"
    );
    assert!(
        out.ends_with(&format!(
            "submission: submissions/demo/main.rs ({} bytes)\n",
            written.len()
        )),
        "{out}"
    );
    // A bundle that prints otherwise than the library is refused.
    let catalog = judge_tests::catalog::Catalog::discover(root.path()).unwrap();
    let demo = catalog.resolve("demo").unwrap();
    let wrong = "fn main() { println!(\"8\"); }\n";
    let refused = judge_tests::unbundled::compare(&catalog, demo, wrong, "2021", &cases)
        .expect_err("a different output")
        .to_string();
    assert!(
        refused.contains("on sample sample-1: line 1: the program printed \"9\", the bundle \"8\""),
        "{refused}"
    );
    let (out, err, code) = judge_binary(&["submit", "all", "--root", root_arg]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains("submit all: 1 of 1 problems bundled and accepted"),
        "{out}"
    );
    // A wrong answer fails the submission, and the total says which.
    std::fs::write(cases.join("sample-1.out"), "8\n").unwrap();
    let (out, _, code) = judge_binary(&["submit", "all", "--root", root_arg]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("0 of 1 problems bundled and accepted, "),
        "{out}"
    );
    assert!(out.trim_end().ends_with("failed: demo"), "{out}");
    // Another profile is never written over the committed file.
    let (_, err, code) = judge_binary(&[
        "submit",
        "demo",
        "--judge",
        "codeforces",
        "--root",
        root_arg,
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("give --out FILE"), "{err}");
}

#[test]
fn the_compiler_takes_the_profiles_edition() {
    // `let` chains are edition 2024 only.
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("chains.rs");
    std::fs::write(
        &source,
        "fn main() {\n    let v = Some(1);\n    if let Some(x) = v && x > 0 {\n        \
         println!(\"{x}\");\n    }\n}\n",
    )
    .unwrap();
    let default = bundler::Judge::all()[0];
    assert_eq!(default.edition, "2021");
    // Any rustc that knows edition 2024 (the one on the path).
    let edition_2024 = bundler::Judge {
        edition: "2024",
        rustc: bundler::Rustc::Unknown,
        ..default
    };
    let compiled = Compiler::of(edition_2024).compile(&source, dir.path());
    assert!(compiled.is_ok(), "{compiled:?}");
    assert!(Compiler::of(edition_2024)
        .describe()
        .contains("--edition 2024"));
    let error = Compiler::of(default)
        .compile(&source, dir.path())
        .unwrap_err();
    assert!(error.message.contains("let"), "{error}");
}

#[test]
fn checker_binary_takes_input_actual_expected_in_oj_order() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    std::fs::write(
        dir.path().join(".problem.toml"),
        "checker = \"line-sets\"\n",
    )
    .unwrap();
    let input = write("case.in", "ignored\n");
    let expected = write("case.out", "x\ny\n\nz\n\n");
    let reordered = write("actual-good", "y\nx\n\nz\n");
    let wrong = write("actual-bad", "x\n\ny\nz\n");
    let checker = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_checker"))
            .args(args)
            .output()
            .unwrap();
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    };
    // The settings beside the input choose the checker.
    assert_eq!(checker(&[&input, &reordered, &expected]).0, Some(0));
    let (code, why) = checker(&[&input, &wrong, &expected]);
    assert_eq!(code, Some(1));
    assert!(why.contains("block 1"), "{why}");
    // An explicit checker wins: as lines, a reordered output is wrong.
    assert_eq!(
        checker(&["--checker", "lines", &input, &reordered, &expected]).0,
        Some(1)
    );
    assert_eq!(
        checker(&["--problem", "cube", &input, &reordered, &expected]).0,
        Some(0)
    );
    assert_eq!(checker(&[&input, &reordered]).0, Some(2));
}

const GRID_1: &str =
    "E F C B D A\nA C E D F B\nD A B E C F\nF B D C A E\nB D F A E C\nC E A F B D\n";
const GRID_2: &str =
    "D C E F B A\nE F A D C B\nA B F C E D\nB E D A F C\nF D C B A E\nC A B E D F\n";

#[test]
fn checker_binary_finds_a_problems_own_checker_by_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let folder = |name: &str| {
        let folder = dir.path().join(name);
        std::fs::create_dir(&folder).unwrap();
        std::fs::write(folder.join(".problem.toml"), "checker = \"problem\"\n").unwrap();
        std::fs::write(folder.join("case.in"), "ignored\n").unwrap();
        std::fs::write(folder.join("case.out"), format!("1\n{GRID_1}2\n{GRID_2}")).unwrap();
        std::fs::write(folder.join("actual"), format!("1\n{GRID_2}2\n{GRID_1}")).unwrap();
        let path = |file: &str| folder.join(file).to_str().unwrap().to_string();
        [path("case.in"), path("actual"), path("case.out")]
    };
    let run = |args: &[String]| {
        let output = Command::new(env!("CARGO_BIN_EXE_checker"))
            .args(args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        (output.status.code(), stderr)
    };
    // In a folder named latin: latin's own checker, which takes grids in any order.
    assert_eq!(run(&folder("latin")).0, Some(0));
    let (code, why) = run(&folder("nameless"));
    assert_eq!(code, Some(2));
    assert!(why.contains("lists no checker for `nameless`"), "{why}");
}

#[test]
fn judge_binary_lists_the_discovered_problems() {
    let (out, _, code) = judge_binary(&["--help"]);
    assert_eq!(code, Some(0));
    let ids = out.lines().find(|l| l.starts_with("Problems: ")).unwrap();
    for id in ["latin", "p4205", "uva197 (alias cube)", "uva745"] {
        assert!(ids.contains(id), "{out}");
    }
}

/// A workspace holding one problem, `scratch`, with an adapter and a case
/// folder but no entry in the registry of judge-tests/src/support.rs.
fn scratch_workspace() -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    let adapters = root.path().join("library/src/problems");
    std::fs::create_dir_all(&adapters).unwrap();
    std::fs::write(adapters.join("scratch.rs"), "").unwrap();
    let cases = root.path().join("judge-tests/scratch");
    std::fs::create_dir_all(&cases).unwrap();
    std::fs::write(cases.join(".problem.toml"), "aliases = [\"draft\"]\n").unwrap();
    root
}

#[test]
fn a_problem_without_stress_support_says_so() {
    let root = scratch_workspace();
    let root = root.path().to_str().unwrap();
    let (out, _, code) = judge_binary(&["--root", root, "--help"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("Problems: scratch (alias draft)\n"), "{out}");
    let (_, err, code) = judge_binary(&["--root", root, "stress", "draft", "--count", "3"]);
    assert_eq!(code, Some(2));
    assert!(
        err.starts_with("error: scratch has no stress support: judge-tests/src/support.rs"),
        "{err}"
    );
}

#[test]
fn judge_binary_resolves_names_and_lists_the_catalog() {
    let (out, err, code) = judge_binary(&["resolve", "cube", "p4205"]);
    assert_eq!((out.as_str(), code), ("uva197\np4205\n", Some(0)), "{err}");
    let (out, err, code) = judge_binary(&["resolve", "cubes"]);
    assert_eq!((out.as_str(), code), ("", Some(2)));
    assert_eq!(
        err,
        "error: unknown problem `cubes`; did you mean `cube`?\n"
    );
    let (out, _, code) = judge_binary(&["list"]);
    assert_eq!(code, Some(0));
    assert!(out.lines().any(|line| line == "uva197 cube"), "{out}");
    assert!(out.lines().any(|line| line == "p4205"), "{out}");
    let root = scratch_workspace();
    let root = root.path().to_str().unwrap();
    let (out, _, _) = judge_binary(&["--root", root, "resolve", "draft"]);
    assert_eq!(out, "scratch\n");
}

/// LeetCode's shape: the committed file is what one pastes (no `main`, no
/// `struct Solution`), so on its own it is no program; the local run
/// appends the problem's driver, which calls the method on each case and
/// refuses input outside the statement's range, naming the line.
#[test]
fn a_leetcode_submission_runs_only_with_its_driver_appended() {
    let source = judge_tests::catalog::default_root().join("submissions/leetcode-52/main.rs");
    let text = std::fs::read_to_string(&source).unwrap();
    assert!(!text.contains("fn main") && !text.contains("struct Solution"));
    assert!(text.contains("\nimpl Solution {\n"));
    let dir = tempfile::tempdir().unwrap();
    let error = compile(&source, dir.path()).unwrap_err();
    assert!(error.message.contains("main"), "{}", error.message);
    let compiled = judge_tests::run::compile_problem("leetcode-52", &source, dir.path()).unwrap();
    assert_eq!(compiled.warnings.trim(), "");
    let limits = judge_tests::run::Limits {
        time: Duration::from_secs(5),
        memory: 256 << 20,
        output: 1 << 20,
    };
    let input = dir.path().join("case.in");
    let outcome = |text: &str| {
        std::fs::write(&input, text).unwrap();
        judge_tests::run::run(&compiled.exe, &input, &limits).unwrap()
    };
    let counted = outcome("4\n\n8\r\n");
    assert_eq!(
        (counted.exit, counted.stdout),
        (Exit::Code(0), b"2\n92\n".to_vec())
    );
    let refused = outcome("4\n10\n");
    assert_eq!(refused.exit, Exit::Code(1));
    assert_eq!(
        refused.stderr_tail.trim(),
        "input:2: expected n from 1 to 9"
    );
}
