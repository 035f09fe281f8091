//! Counting at scale, end to end: `--threads`, and `dlx split` run by GNU
//! parallel (for real: CI installs it) then `dlx sum`, against the counts
//! of Knuth's DLX1 in `library/instances/counts.tsv`.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::{run, stats, summary, QUEENS_8};

const INSTANCES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../library/instances");

/// Every row of counts.tsv: name, solutions, nodes, updates.
fn counts() -> Vec<(String, (u64, u64, u64))> {
    let table = std::fs::read_to_string(format!("{INSTANCES}/counts.tsv")).unwrap();
    table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let n = |k: usize| f[k].parse::<u64>().unwrap();
            (f[0].to_string(), (n(1), n(2), n(3)))
        })
        .collect()
}

fn file(name: &str) -> String {
    format!("{INSTANCES}/{name}.dlx")
}

/// A fresh folder of this test's own under cargo's scratch space.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn two_threads_count_exactly_what_one_does() {
    for name in ["queens-8", "queens-12", "langford-11", "sudoku-ai-escargot"] {
        let want = counts().into_iter().find(|(n, _)| n == name).unwrap().1;
        for engine in ["links", "bitset"] {
            let (ok, out, err) = run(&[&file(name), "--threads", "2", "--engine", engine], "");
            assert!(ok, "{name}: {err}");
            assert_eq!(summary(&out), want, "{name} on {engine}");
        }
    }
}

/// With progress on, a count on threads ends with what each worker took:
/// the parts add up to the cut (64 asked, 68 made for queens-12) and
/// both workers take some (at stop 37 the queue stayed locked while a
/// part was counted, and one worker took them all). The count takes
/// milliseconds, so on a loaded machine the second thread can start after
/// the first has emptied the queue (CI saw it once): a run counts when
/// both took parts in any of five tries. With the queue locked, none
/// does. The lock itself is checked without threads in the library
/// (`no_worker_holds_the_queue_while_it_counts`).
#[test]
fn both_workers_take_parts_of_a_count() {
    let mut lines = Vec::new();
    for _ in 0..5 {
        let (ok, out, err) = run(&[&file("queens-12"), "--threads", "2", "--progress"], "");
        assert!(ok, "{err}");
        assert_eq!(summary(&out).0, 14200);
        let line = err
            .lines()
            .find(|l| l.starts_with("workers: 2  "))
            .expect(&err)
            .to_string();
        let parts: Vec<u64> = line
            .split("parts: ")
            .nth(1)
            .and_then(|rest| rest.split("  ").next())
            .map(|words| words.split(' ').map(|w| w.parse().unwrap()).collect())
            .expect(&line);
        assert_eq!(parts.len(), 2, "{line}");
        assert_eq!(parts.iter().sum::<u64>(), 68, "{line}");
        if parts.iter().all(|&p| p > 0) {
            return;
        }
        lines.push(line);
    }
    panic!("one worker took every part, five times: {lines:?}");
}

#[test]
fn threads_stop_at_the_limit_and_print_whole_solutions() {
    let (ok, out, _) = run(&[QUEENS_8, "-j", "2", "--first"], "");
    assert!(ok);
    assert_eq!(summary(&out).0, 1);
    let (ok, out, err) = run(&[QUEENS_8, "-j", "3", "-n", "7", "--print"], "");
    assert!(ok, "{err}");
    assert_eq!(summary(&out).0, 7);
    // Each solution: eight option lines of a queen (r c a b), then a blank.
    let blocks: Vec<&str> = out
        .trim_end()
        .rsplit_once('\n')
        .unwrap()
        .0
        .split("\n\n")
        .collect();
    assert_eq!(blocks.len(), 7, "{out}");
    for block in blocks {
        let lines: Vec<&str> = block.trim().lines().collect();
        assert_eq!(lines.len(), 8, "{block}");
        let mut ranks: Vec<&str> = lines.iter().map(|l| l.split(' ').next().unwrap()).collect();
        ranks.sort_unstable();
        ranks.dedup();
        assert_eq!(ranks.len(), 8, "{block}");
    }
    let (ok, _, err) = run(&[QUEENS_8, "--threads", "0"], "");
    assert!(!ok && err.contains("--threads"), "{err}");
}

/// Runs GNU parallel with `args`; its standard output.
fn gnu_parallel(args: &[&str]) -> String {
    let out = Command::new("parallel")
        .args(["--will-cite", "--halt", "now,fail=1"])
        .args(args)
        .output()
        .expect("GNU parallel runs the parts: install it (apt-get install parallel)");
    assert!(
        out.status.success(),
        "parallel {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn split_then_gnu_parallel_then_sum_gives_the_counts() {
    // A tree of many parts, and one of a few forced choices.
    let some = ["queens-8", "sudoku-seed-a"];
    split_parallel_sum(
        counts()
            .into_iter()
            .filter(|(n, _)| some.contains(&n.as_str())),
    );
}

#[test]
#[ignore = "heavy: make test-all (every instance of counts.tsv counted through parts)"]
fn split_then_gnu_parallel_then_sum_gives_every_count() {
    split_parallel_sum(counts().into_iter());
}

fn split_parallel_sum(instances: impl Iterator<Item = (String, (u64, u64, u64))>) {
    let dlx = env!("CARGO_BIN_EXE_dlx");
    for (name, want) in instances {
        let dir = scratch(&format!("split-{name}"));
        let (ok, _, err) = run(
            &[
                "split",
                "--parts",
                "6",
                &file(&name),
                "--out",
                dir.to_str().unwrap(),
            ],
            "",
        );
        assert!(ok, "{name}: {err}");
        let parts: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path().to_str().unwrap().to_string())
            .collect();
        // Sudokus are nearly paths of forced choices: fewer parts there.
        let enough = if want.1 > 10_000 { 6 } else { 1 };
        assert!(parts.len() >= enough, "{name}: {} parts", parts.len());
        let mut args = vec![dlx, "--threads", "1", ":::"];
        args.extend(parts.iter().map(String::as_str));
        let reports = gnu_parallel(&args);
        let (ok, total, err) = run(&["sum"], &reports);
        assert!(ok, "{name}: {err}");
        assert!(
            total.starts_with(&format!("parts: {}  ", parts.len())),
            "{total}"
        );
        let line = total.trim().split_once("  ").unwrap().1;
        assert_eq!(summary(line), want, "{name}");
        // A part lost: the sum fails and says which.
        let some: String = reports.lines().skip(1).map(|l| format!("{l}\n")).collect();
        let (ok, _, err) = run(&["sum"], &some);
        let lost = if parts.len() > 1 {
            "missing"
        } else {
            "no report"
        };
        assert!(!ok && err.contains(lost), "{name}: {err}");
    }
}

#[test]
fn a_part_says_what_it_fixed_and_is_a_dlx_file() {
    let dir = scratch("split-queens-8-fixed");
    let out = dir.to_str().unwrap();
    let (ok, _, err) = run(&["split", "--parts", "3", QUEENS_8, "--out", out], "");
    assert!(ok, "{err}");
    let first = std::fs::read_to_string(dir.join("part-0001.dlx")).unwrap();
    assert!(first.starts_with("| dlx split: part 1 of "), "{first}");
    assert!(first.contains("with these options fixed:\n|   "), "{first}");
    // The reports of the parts, from files this time.
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let part = entry.unwrap().path();
        let (ok, report, err) = run(&[part.to_str().unwrap()], "");
        assert!(ok, "{err}");
        assert!(report.starts_with("part: "), "{report}");
        let saved = part.with_extension("out");
        std::fs::write(&saved, report).unwrap();
        files.push(saved.to_str().unwrap().to_string());
    }
    let mut args = vec!["sum"];
    args.extend(files.iter().map(String::as_str));
    let (ok, total, err) = run(&args, "");
    assert!(ok, "{err}");
    assert_eq!(summary(total.split_once("  ").unwrap().1), (92, 975, 16126));
}

#[test]
fn a_second_split_into_a_folder_replaces_the_first_parts() {
    let dir = scratch("split-twice");
    let out = dir.to_str().unwrap();
    let parts = |dir: &Path| std::fs::read_dir(dir).unwrap().count();
    let (ok, _, err) = run(&["split", "--parts", "12", QUEENS_8, "--out", out], "");
    assert!(ok, "{err}");
    let many = parts(&dir);
    let (ok, _, err) = run(&["split", "--parts", "2", QUEENS_8, "--out", out], "");
    assert!(ok, "{err}");
    assert!(
        err.contains(&format!("removed the {many} parts of an earlier split")),
        "{err}"
    );
    let few = parts(&dir);
    assert!(few < many, "{few} parts after {many}");
    // A file named like a part but not one is the user's: nothing is removed.
    std::fs::write(dir.join("part-9999.dlx"), "mine\n").unwrap();
    let (ok, _, err) = run(&["split", "--parts", "12", QUEENS_8, "--out", out], "");
    assert!(
        !ok && err.contains("part-9999.dlx: is named like a part"),
        "{err}"
    );
    assert_eq!(parts(&dir), few + 1);
}

/// A problem with colors of a few hundred thousand nodes: `options`
/// random options over 12 primary and 8 secondary items (one to three of
/// each, a secondary item colored `a` or `b` three times in four).
fn colored(options: usize) -> String {
    let mut state = 7u64;
    let mut next = |n: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    let mut text =
        String::from("p0 p1 p2 p3 p4 p5 p6 p7 p8 p9 p10 p11 | s0 s1 s2 s3 s4 s5 s6 s7\n");
    for _ in 0..options {
        let mut items: Vec<String> = Vec::new();
        for _ in 0..1 + next(3) {
            let p = format!("p{}", next(12));
            if !items.contains(&p) {
                items.push(p);
            }
        }
        for _ in 0..1 + next(3) {
            let s = next(8);
            if !items
                .iter()
                .any(|i| i.split(':').next() == Some(&format!("s{s}")))
            {
                items.push(match next(4) {
                    0 => format!("s{s}"),
                    c => format!("s{s}:{}", if c == 1 { 'a' } else { 'b' }),
                });
            }
        }
        text += &items.join(" ");
        text.push('\n');
    }
    text
}

/// Runs `dlx split` on `text` into a scratch folder `folder`, each part
/// with `dlx -j1`, and sums them: the sum's closing line.
fn split_and_sum(text: &str, folder: &str, parts: &str) -> (usize, String) {
    let dir = scratch(folder);
    let (ok, _, err) = run(
        &["split", "--parts", parts, "--out", dir.to_str().unwrap()],
        text,
    );
    assert!(ok, "{err}");
    let mut reports = String::new();
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let (ok, out, err) = run(&["-j1", entry.unwrap().path().to_str().unwrap()], "");
        assert!(ok, "{err}");
        reports += &out;
        count += 1;
    }
    let (ok, total, err) = run(&["sum"], &reports);
    assert!(ok, "{err}");
    (count, total.trim().split_once("  ").unwrap().1.to_string())
}

#[test]
fn colors_and_bounds_on_threads_and_in_parts_count_as_one_thread() {
    let tetrominoes = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/tetrominoes-twice-5x8.polyomino"
    );
    let (ok, bounded, err) = run(&["polyomino", tetrominoes], "");
    assert!(ok, "{err}");
    for (text, name) in [(colored(120), "colors"), (bounded, "bounds")] {
        let (ok, one, err) = run(&["-j1", "--no-memo"], &text);
        assert!(ok, "{err}");
        let one = one.trim().rsplit_once("  seconds").unwrap().0.to_string();
        assert!(one.contains("cleansings: "), "{one}");
        let (ok, two, err) = run(&["-j2", "--no-memo"], &text);
        assert!(ok, "{err}");
        assert!(
            two.starts_with(&one) && err.is_empty(),
            "{name}: {two} vs {one}"
        );
        let (parts, sum) = split_and_sum(&text, &format!("split-{name}"), "8");
        assert!(parts >= 8, "{name}: {parts} parts");
        assert!(sum.starts_with(&one), "{name}: {sum} vs {one}");
    }
}

#[test]
fn split_and_sum_refuse_what_they_cannot_do() {
    let (ok, _, err) = run(&["sum"], "no report here\n");
    assert!(!ok && err.contains("no report"), "{err}");
    let (ok, _, err) = run(
        &["sum"],
        "solutions: 1  nodes: 2  updates: three  seconds: 0\n",
    );
    assert!(
        !ok && err.contains("<stdin>:1: not a report of dlx"),
        "{err}"
    );
    let mixed = "part: 1/2  solutions: 1  nodes: 2  updates: 3  seconds: 0\n\
                 part: 2/2  solutions: 1  nodes: 2  updates: 3  seconds: 0\n\
                 solutions: 1  nodes: 2  updates: 3  seconds: 0\n";
    let (ok, _, err) = run(&["sum"], mixed);
    assert!(!ok && err.contains("without a part number"), "{err}");
    let _ = stats;
}

/// The Slurm example, run as the array's tasks would run it (no Slurm
/// here: its variables set by hand), then the sum.
#[test]
fn the_slurm_example_counts_every_part() {
    let dir = scratch("slurm-queens-12");
    let out = dir.to_str().unwrap();
    let (ok, _, err) = run(
        &["split", "--parts", "5", &file("queens-12"), "--out", out],
        "",
    );
    assert!(ok, "{err}");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/dlx-split.sbatch");
    let parts = std::fs::read_dir(&dir).unwrap().count();
    for task in 1..=parts {
        let status = Command::new("bash")
            .args([script, out])
            .env("SLURM_ARRAY_TASK_ID", task.to_string())
            .env("DLX", env!("CARGO_BIN_EXE_dlx"))
            .status()
            .unwrap();
        assert!(status.success(), "task {task}");
    }
    let reports: Vec<String> = (1..=parts)
        .map(|k| format!("{out}/part-{k:04}.out"))
        .collect();
    let mut args = vec!["sum"];
    args.extend(reports.iter().map(String::as_str));
    let (ok, total, err) = run(&args, "");
    assert!(ok, "{err}");
    assert_eq!(
        summary(total.split_once("  ").unwrap().1),
        (14200, 207138, 3571448)
    );
    // A task beyond the parts fails.
    let status = Command::new("bash")
        .args([script, out])
        .env("SLURM_ARRAY_TASK_ID", (parts + 1).to_string())
        .env("DLX", env!("CARGO_BIN_EXE_dlx"))
        .status()
        .unwrap();
    assert!(!status.success());
}
