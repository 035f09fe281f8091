//! Counting by memo, end to end: by itself where it pays (counts past
//! 2^64 printed whole), forced (`--memo`, `--zdd`) or never (`--no-memo`),
//! on threads, on the parts of `dlx split`, and the errors it gives.

use super::{run, stats, QUEENS_8};

/// Monominoes, dominoes and triominoes tiling an 8 x 8 board, any number
/// of each: 92 109 458 286 284 989 468 604 ways (past 2^64).
const SMALL_PIECES: &str = "[0-7][0-7]\n*:M 00\n*:D 00 01\n*:I 00 01 02\n*:L 00 01 10\n";

/// Dominoes on a 4 x 4 board: 36 tilings.
const DOMINOES_4: &str = "[0-3][0-3]\n*:D 00 01\n";

/// Dominoes on a 6 x 6 board: 6 728 tilings.
const DOMINOES_6: &str = "[0-5][0-5]\n*:D 00 01\n";

/// The DLX file of a polyomino description.
fn polyomino(description: &str) -> String {
    let (ok, text, err) = run(&["polyomino"], description);
    assert!(ok, "{err}");
    text
}

/// The closing line's words after `key`, as text.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|&w| w == key)?;
    words.get(at + 1).copied()
}

#[test]
fn a_count_past_u64_comes_out_whole_by_itself() {
    let (ok, out, err) = run(&[], &polyomino(SMALL_PIECES));
    assert!(ok, "{err}");
    let line = out.trim();
    assert_eq!(
        field(line, "solutions:"),
        Some("92109458286284989468604"),
        "{line}"
    );
    assert!(field(line, "memos:").is_some(), "{line}");
}

#[test]
fn a_puzzle_is_searched_and_the_memo_can_be_forced_or_refused() {
    // Queens: the trial finds the memo does not pay; DLX1's counts.
    let (ok, out, _) = run(&[QUEENS_8], "");
    assert!(ok && !out.contains("memos:"), "{out}");
    assert_eq!(stats(&out), (92, 975, 16126, None));
    let (ok, out, err) = run(&[QUEENS_8, "--memo"], "");
    assert!(ok, "{err}");
    assert_eq!(field(&out, "solutions:"), Some("92"));
    assert!(field(&out, "memos:").is_some(), "{out}");
    // Dominoes: the memo pays, unless refused; not on a board so small
    // that it counts about as many nodes as solutions.
    let dominoes = polyomino(DOMINOES_6);
    let (ok, out, _) = run(&[], &dominoes);
    assert!(ok && out.contains("memos:"), "{out}");
    let (ok, out, _) = run(&["--no-memo"], &dominoes);
    assert!(ok && !out.contains("memos:"), "{out}");
    assert_eq!(stats(&out).0, 6728);
    let (ok, out, _) = run(&[], &polyomino(DOMINOES_4));
    assert!(ok && !out.contains("memos:"), "{out}");
    // An engine asked for is a search.
    let (ok, out, _) = run(&["--engine", "links"], &dominoes);
    assert!(ok && !out.contains("memos:"), "{out}");
}

#[test]
fn every_order_and_thread_count_counts_the_same() {
    let text = polyomino(SMALL_PIECES);
    for args in [
        // (The fewest options, DLX6's rule, takes minutes here: its
        // subproblems rarely meet. It is tried on the dominoes below.)
        &["--memo", "--memo-order", "first"][..],
        &["--memo", "--threads", "2"],
        &["--memo", "--memo-cap", "2M"],
    ] {
        let (ok, out, err) = run(args, &text);
        assert!(ok, "{args:?}: {err}");
        assert_eq!(
            field(&out, "solutions:"),
            Some("92109458286284989468604"),
            "{args:?}"
        );
        if args.contains(&"2M") {
            // A table of 2 MiB where 5 would do: counts forgotten (a
            // third of the subproblems counted twice), and said so.
            assert!(err.contains("counts were forgotten"), "{err}");
        }
        if args.contains(&"first") {
            // DLX6-nomrv's numbers on this file (Knuth's program, run
            // outside).
            assert_eq!(field(&out, "nodes:"), Some("512226"));
            assert_eq!(field(&out, "updates:"), Some("8971067"));
        }
    }
    let (ok, out, err) = run(
        &["--memo", "--memo-order", "fewest", "--memo-cap", "64M"],
        &polyomino(DOMINOES_4),
    );
    assert!(ok, "{err}");
    assert_eq!(field(&out, "solutions:"), Some("36"));
}

#[test]
fn the_zdd_written_holds_every_tiling() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("zdd");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("dominoes-4x4.zdd");
    let (ok, out, err) = run(&["--zdd", path.to_str().unwrap()], &polyomino(DOMINOES_4));
    assert!(ok, "{err}");
    assert_eq!(field(&out, "solutions:"), Some("36"));
    // Paths to the sink 1: each node's lines come after its children's.
    let zdd = std::fs::read_to_string(&path).unwrap();
    let mut paths = std::collections::HashMap::from([(0u32, 0u64), (1, 1)]);
    let mut root = 0;
    for line in zdd.lines() {
        let (id, rest) = line.split_once(": (~").unwrap();
        let (_, rest) = rest.split_once('?').unwrap();
        let (lo, hi) = rest.trim_end_matches(')').split_once(':').unwrap();
        let hex = |s: &str| u32::from_str_radix(s, 16).unwrap();
        let total = paths[&hex(lo)] + paths[&hex(hi)];
        paths.insert(hex(id), total);
        root = hex(id);
    }
    assert_eq!(paths[&root], 36);
}

#[test]
fn the_parts_of_a_split_counted_by_memo_add_up() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("split-memo");
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_str().unwrap();
    let (ok, _, err) = run(
        &["split", "--parts", "4", "--out", out],
        &polyomino(SMALL_PIECES),
    );
    assert!(ok, "{err}");
    let mut reports = String::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let part = entry.unwrap().path();
        let (ok, report, err) = run(&["--memo", part.to_str().unwrap()], "");
        assert!(ok, "{err}");
        reports += &report;
    }
    let (ok, total, err) = run(&["sum"], &reports);
    assert!(ok, "{err}");
    assert_eq!(
        field(&total, "solutions:"),
        Some("92109458286284989468604"),
        "{total}"
    );
    assert!(field(&total, "memos:").is_some(), "{total}");
}

#[test]
fn what_the_memo_cannot_do_is_an_error() {
    let bounds = "A 2|B\nA B\nB\n";
    let (ok, _, err) = run(&["--memo"], bounds);
    assert!(!ok);
    assert!(
        err.contains("<stdin>: the memo counts problems without bounds"),
        "{err}"
    );
    let (ok, _, err) = run(&["--zdd", "/tmp/never.zdd"], bounds);
    assert!(!ok && err.contains("without bounds"), "{err}");
    for args in [
        &["--memo", "--print"][..],
        &["--memo", "--first"],
        &["--zdd", "x", "--no-memo"],
    ] {
        let (ok, _, err) = run(args, "A\nA\n");
        assert!(
            !ok && err.contains("cannot be used with"),
            "{args:?}: {err}"
        );
    }
    let (ok, _, err) = run(&["--memo-cap", "12Q"], "A\nA\n");
    assert!(!ok && err.contains("`12Q` is not a size"), "{err}");
    let (ok, _, err) = run(&["--zdd", "/nonexistent/dir/x.zdd"], "A\nA\n");
    assert!(!ok && err.contains("cannot write the ZDD"), "{err}");
}
