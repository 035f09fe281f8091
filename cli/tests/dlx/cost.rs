//! `dlx` on files with costs: the cheapest solutions, as Knuth's DLX5
//! finds them, and its counts.

use super::{run, stats};

/// Three items; `a` and `b c` cost 3 in all, `a b` and `c` 4, `a` and
/// the dearer `b c` 6.
const SMALL: &str = "a b c\na b |3\nc |1\na |1\nb c |2\nb |5 c\n";

#[test]
fn prints_the_cheapest_then_dlx5s_counts() {
    let (ok, out, err) = run(&["-"], SMALL);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..4], ["cost: 3", "a |1", "b c |2", ""]);
    // dlx5 on SMALL: 2 solutions, 5 nodes, 9 updates, 0 cleansings.
    assert_eq!(stats(&out), (2, 5, 9, Some(0)));
}

#[test]
fn best_k_prints_the_k_cheapest_cheapest_first() {
    let (ok, out, _) = run(&["--best", "3", "-"], SMALL);
    assert!(ok);
    let costs: Vec<&str> = out.lines().filter(|l| l.starts_with("cost:")).collect();
    assert_eq!(costs, ["cost: 3", "cost: 4", "cost: 6"]);
    // dlx5 k3: 3 solutions, 6 nodes, 11 updates.
    assert_eq!(stats(&out), (3, 6, 11, Some(0)));
}

#[test]
fn print_writes_each_solution_found_as_found() {
    let (ok, out, _) = run(&["--print", "-"], SMALL);
    assert!(ok);
    let costs: Vec<&str> = out.lines().filter(|l| l.starts_with("cost:")).collect();
    // DLX5 finds the one of cost 4 first, then the cheaper one.
    assert_eq!(costs, ["cost: 4", "cost: 3"]);
    let (ok, out, _) = run(&["--first", "-"], SMALL);
    assert!(ok);
    assert!(out.starts_with("cost: 4\na b |3\nc |1\n\n"), "{out}");
}

#[test]
fn taxes_find_the_same_in_fewer_nodes() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/target-sample-2.dlx"
    );
    let (ok, dlx5, _) = run(&[path], "");
    assert!(ok);
    // The statement's score, 2852, is 5130 less the cheapest cost.
    assert!(dlx5.starts_with("cost: 2278\n"), "{dlx5}");
    assert!(ok);
    let (ok, taxes, _) = run(&["--bound", "taxes", path], "");
    assert!(ok);
    let body = |out: &str| {
        out.lines()
            .filter(|l| !l.starts_with("solutions:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&taxes), body(&dlx5));
    assert!(stats(&taxes).1 < stats(&dlx5).1);
}

#[test]
fn bad_costs_and_what_cannot_take_costs_are_errors() {
    let (ok, _, err) = run(&["-"], "a b\na b |x1\n");
    assert!(!ok);
    assert_eq!(
        err,
        "dlx: <stdin>:2:5: `|x1` is not a cost (`|` then a decimal number, as in `|12`)\n"
    );
    let (ok, _, err) = run(&["-"], "a b\na |99999999999 b\n");
    assert!(!ok);
    assert!(
        err.contains("2:3: the costs of this option add up to more than 4294967295"),
        "{err}"
    );
    let (ok, _, err) = run(&["-"], "2|a b\na |1\nb\n");
    assert!(!ok);
    assert!(
        err.contains("2:3: a cost in a file whose items have bounds"),
        "{err}"
    );
    for args in [
        &["--engine", "links", "-"][..],
        &["--memo", "-"],
        &["--fast", "-"],
    ] {
        let (ok, _, err) = run(args, SMALL);
        assert!(!ok, "{args:?}");
        assert!(err.contains("costs"), "{args:?}: {err}");
    }
    let (ok, _, err) = run(&["--best", "2", "-"], "a b\na\nb\n");
    assert!(!ok);
    assert!(
        err.contains("--best asks for the cheapest solutions"),
        "{err}"
    );
    let dir = std::env::temp_dir().join(format!("dlx-cost-split-{}", std::process::id()));
    let (ok, _, err) = run(&["split", "--out", dir.to_str().unwrap(), "-"], SMALL);
    assert!(!ok);
    assert!(err.contains("not cut into parts"), "{err}");
    assert!(!dir.exists());
}
