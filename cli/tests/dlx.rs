//! The `dlx` command end to end: counts, limits, printing, both engines,
//! and errors that name their place; in `dlx/tiling.rs`, the tiling
//! subcommands, drawing, and the examples of `examples/`.

#[path = "dlx/cells.rs"]
mod cells;
#[path = "dlx/cost.rs"]
mod cost;
#[path = "dlx/memo.rs"]
mod memo;
#[path = "dlx/scale.rs"]
mod scale;
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

/// The numbers of the closing `solutions: N  nodes: N  updates: N  seconds: S`
/// (with `cleansings: N` before `seconds` for colors and bounds).
fn summary(stdout: &str) -> (u64, u64, u64) {
    let (solutions, nodes, updates, _) = stats(stdout);
    (solutions, nodes, updates)
}

/// The closing line's numbers, cleansings `None` when it has none.
fn stats(stdout: &str) -> (u64, u64, u64, Option<u64>) {
    let last = stdout.lines().last().expect("a closing line");
    let fields: Vec<&str> = last.split_whitespace().collect();
    let value = |key: &str| {
        let at = fields.iter().position(|&f| f == key)?;
        Some(fields[at + 1])
    };
    let number = |key: &str| value(key).map(|v| v.parse::<u64>().unwrap());
    assert_eq!(fields[0], "solutions:", "{last}");
    assert_eq!(fields[fields.len() - 2], "seconds:", "{last}");
    value("seconds:")
        .unwrap()
        .parse::<f64>()
        .expect("seconds are a number");
    let n = |key: &str| number(key).unwrap_or_else(|| panic!("no {key} in {last}"));
    (
        n("solutions:"),
        n("nodes:"),
        n("updates:"),
        number("cleansings:"),
    )
}

/// dlx2.w's example of colors, and dlx3.w's of bounds.
const DLX2_EXAMPLE: &str = "| A simple example of color controls\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
const DLX3_EXAMPLE: &str = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";

#[test]
fn counts_like_dlx1_by_default() {
    // 92 solutions; nodes and updates as DLX1 reports them (instances/counts.tsv).
    let (ok, out, _) = run(&[QUEENS_8], "");
    assert!(ok);
    assert_eq!(summary(&out), (92, 975, 16126));
    for engine in [
        "--fast",
        "--engine=links",
        "--engine=bitset",
        "--engine=auto",
    ] {
        let (ok, out, err) = run(&[QUEENS_8, engine], "");
        assert!(ok, "{engine}: {err}");
        assert_eq!(stats(&out), (92, 975, 16126, None), "{engine}");
    }
}

#[test]
fn colors_count_as_dlx2_and_bounds_as_dlx3() {
    // The numbers Knuth's DLX2 and DLX3 print for their examples.
    let (ok, out, err) = run(&["--print"], DLX2_EXAMPLE);
    assert!(ok, "{err}");
    assert_eq!(stats(&out), (1, 4, 14, Some(5)));
    assert!(out.starts_with("A C X:1 Y:1\nB X:1\n\n"), "{out}");
    let (ok, out, err) = run(&["--print"], DLX3_EXAMPLE);
    assert!(ok, "{err}");
    assert_eq!(stats(&out), (1, 6, 14, Some(7)));
    assert!(out.starts_with("A C X:1 Y:1\nB X:1\nC Y:1\n\n"), "{out}");
    // Dancing links are the only engine for them; the bitsets refuse.
    let (ok, out, _) = run(&["--engine", "links"], DLX2_EXAMPLE);
    assert!(ok);
    assert_eq!(stats(&out), (1, 4, 14, Some(5)));
    let (ok, _, err) = run(&["--fast"], DLX3_EXAMPLE);
    assert!(!ok);
    assert_eq!(
        err.trim(),
        "dlx: <stdin>: the bitset engine searches problems without colors or bounds \
         (run without --fast or --engine bitset)"
    );
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
fn places_are_file_line_column_everywhere() {
    let dir = std::env::temp_dir().join(format!("dlx-places-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let problem = dir.join("bad.dlx");
    std::fs::write(&problem, "a | x\n| a comment\na x:\n").unwrap();
    let (ok, _, err) = run(&[problem.to_str().unwrap()], "");
    assert!(!ok);
    let shown = problem.display();
    assert_eq!(
        err.trim(),
        format!("dlx: {shown}:3:4: item `x` has a `:` but no color after it")
    );
    let description = dir.join("bad.polyomino");
    std::fs::write(&description, b"00 01\nA 00\nB \xff\n").unwrap();
    let (ok, _, err) = run(&["polyomino", description.to_str().unwrap()], "");
    assert!(!ok);
    let shown = description.display();
    assert_eq!(
        err.trim(),
        format!("dlx: {shown}:3:3: a description is text (UTF-8); this byte is not")
    );
    let (ok, _, err) = run(&["polyomino"], "00 01\nA 0[1-]\n");
    assert!(!ok);
    assert!(err.starts_with("dlx: <stdin>:2:"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
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
    for option in [
        "--first",
        "--limit",
        "--print",
        "--engine",
        "--fast",
        "--progress",
        "--memo",
        "--no-memo",
        "--memo-cap",
        "--zdd",
    ] {
        assert!(out.contains(option), "{option} missing from --help");
    }
}
