//! The `dlx` command end to end: counts, limits, printing, both engines,
//! and errors that name their place; in `dlx/tiling.rs`, the tiling
//! subcommands, drawing, and the examples of `examples/`.

#[path = "dlx/tiling.rs"]
mod tiling;

use assert_cmd::Command;

const QUEENS_8: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../library/instances/queens-8.dlx"
);

fn dlx() -> Command {
    Command::cargo_bin("dlx").expect("the dlx binary is built")
}

/// Runs `dlx` with `args` and `stdin`; returns (status ok, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (bool, String, String) {
    let out = dlx().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The numbers of the closing `solutions: N  nodes: N  updates: N  seconds: S`.
fn summary(stdout: &str) -> (u64, u64, u64) {
    let last = stdout.lines().last().expect("a closing line");
    let fields: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(
        [fields[0], fields[2], fields[4], fields[6]],
        ["solutions:", "nodes:", "updates:", "seconds:"],
        "{last}"
    );
    fields[7].parse::<f64>().expect("seconds are a number");
    let n = |k: usize| fields[k].parse::<u64>().unwrap();
    (n(1), n(3), n(5))
}

#[test]
fn counts_like_dlx1_by_default() {
    // 92 solutions; nodes and updates as DLX1 reports them (instances/counts.tsv).
    let (ok, out, _) = run(&[QUEENS_8], "");
    assert!(ok);
    assert_eq!(summary(&out), (92, 975, 16126));
    let (ok, fast, _) = run(&[QUEENS_8, "--fast"], "");
    assert!(ok);
    assert_eq!(summary(&fast), (92, 975, 16126));
}

#[test]
fn reads_standard_input() {
    let text = std::fs::read_to_string(QUEENS_8).unwrap();
    let (ok, out, _) = run(&[], &text);
    assert!(ok);
    assert_eq!(summary(&out).0, 92);
    let (ok, out, _) = run(&["-"], &text);
    assert!(ok);
    assert_eq!(summary(&out).0, 92);
}

#[test]
fn stops_after_the_first_or_k_solutions() {
    assert_eq!(summary(&run(&[QUEENS_8, "--first"], "").1).0, 1);
    assert_eq!(summary(&run(&[QUEENS_8, "-n", "5"], "").1).0, 5);
    assert_eq!(summary(&run(&[QUEENS_8, "-n", "1000"], "").1).0, 92);
    assert_eq!(summary(&run(&[QUEENS_8, "-n", "0"], "").1).0, 0);
}

#[test]
fn prints_solutions_as_option_lines() {
    // x y | z: options "x z", "y", "x": the solutions are {y, x z} and {x, y}.
    let problem = "| a comment\nx y | z\nx z\ny\nx\n";
    let (ok, out, _) = run(&["--print"], problem);
    assert!(ok);
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks[0], "y\nx z");
    assert_eq!(blocks[1], "y\nx");
    assert_eq!(summary(&out).0, 2);
}

#[test]
fn every_solution_printed_is_an_exact_cover() {
    let (ok, out, _) = run(&[QUEENS_8, "--print", "--fast"], "");
    assert!(ok);
    let solutions: Vec<&str> = out.split("\n\n").filter(|b| b.starts_with('r')).collect();
    assert_eq!(solutions.len(), 92);
    for solution in solutions {
        let mut names: Vec<&str> = solution.split_whitespace().collect();
        names.sort();
        let primary: Vec<&str> = names
            .iter()
            .copied()
            .filter(|n| n.starts_with('r') || n.starts_with('c'))
            .collect();
        // Every rank and file exactly once, no diagonal twice.
        assert_eq!(primary.len(), 16, "{solution}");
        let mut all = names.clone();
        all.dedup();
        assert_eq!(all.len(), names.len(), "{solution}");
    }
}

#[test]
fn progress_goes_to_stderr_only() {
    let (ok, out, _) = run(&[QUEENS_8, "--progress"], "");
    assert!(ok);
    assert_eq!(out.lines().count(), 1);
}

#[test]
fn bad_input_names_the_line() {
    let (ok, out, err) = run(&[], "a b\na c\n");
    assert!(!ok);
    assert!(out.is_empty());
    assert_eq!(
        err.trim(),
        "dlx: <stdin>:2:3: unknown item `c` (not on the item line)"
    );
    let (ok, _, err) = run(&[], "| nothing but a comment\n");
    assert!(!ok);
    assert!(
        err.trim() == "dlx: <stdin>:2:1: no line names the items",
        "{err}"
    );
}

#[test]
fn a_missing_file_is_an_error() {
    let (ok, _, err) = run(&["/nonexistent/problem.dlx"], "");
    assert!(!ok);
    assert!(err.starts_with("dlx: /nonexistent/problem.dlx: "), "{err}");
}

#[test]
fn help_describes_the_options() {
    let (ok, out, _) = run(&["--help"], "");
    assert!(ok);
    for option in ["--first", "--limit", "--print", "--fast", "--progress"] {
        assert!(out.contains(option), "{option} missing from --help");
    }
}
