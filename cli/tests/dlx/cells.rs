//! `dlx --engine cells`: dancing cells give the solutions of Knuth's SSXCC
//! (SSMCC's where items have bounds) in his order, with his counts.

use super::{run, stats, DLX2_EXAMPLE, DLX3_EXAMPLE, QUEENS_8};

/// The first three solutions SSXCC prints for queens-8 (`ssxcc m1`, run
/// outside the repository), level by level; an option's items as the file
/// names them, in any order.
const SSXCC_QUEENS_8: [[&str; 8]; 3] = [
    [
        "r3 c3 a6 b7",
        "r4 c7 a11 b4",
        "c5 a12 b9 r7",
        "r2 c1 a3 b8",
        "c0 a5 b12 r5",
        "r1 c6 a7 b2",
        "c4 a4 b3 r0",
        "c2 a8 b11 r6",
    ],
    [
        "r3 c3 a6 b7",
        "r4 c6 a10 b5",
        "r5 c0 a5 b12",
        "r1 c2 a3 b6",
        "r6 c5 a11 b8",
        "c4 a4 b3 r0",
        "c7 a9 b2 r2",
        "r7 c1 a8 b13",
    ],
    [
        "r3 c3 a6 b7",
        "r4 c0 a4 b11",
        "r2 c1 a3 b8",
        "r6 c4 a10 b9",
        "c5 a5 b2 r0",
        "c6 a11 b6 r5",
        "c7 a8 b1 r1",
        "c2 a9 b12 r7",
    ],
];

/// An option line's items, sorted.
fn items(line: &str) -> Vec<&str> {
    let mut items: Vec<&str> = line.split_whitespace().collect();
    items.sort_unstable();
    items
}

/// The solutions printed by `--print`, each a list of options.
fn printed(out: &str) -> Vec<Vec<Vec<&str>>> {
    let body = &out[..out.rfind("solutions:").expect("a closing line")];
    body.split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| block.lines().map(items).collect())
        .collect()
}

#[test]
fn cells_find_ssxccs_solutions_in_its_order() {
    let (ok, out, err) = run(&[QUEENS_8, "--engine", "cells", "--print", "-n", "3"], "");
    assert!(ok, "{err}");
    let wanted: Vec<Vec<Vec<&str>>> = SSXCC_QUEENS_8
        .iter()
        .map(|solution| solution.iter().map(|&line| items(line)).collect())
        .collect();
    assert_eq!(printed(&out), wanted);
    // dlx2.w's and dlx3.w's examples, as SSXCC and SSMCC solve them: one
    // solution, in 3 nodes and 16 updates, and in 5 nodes and 13 updates.
    let (ok, out, err) = run(&["--engine", "cells", "--print"], DLX2_EXAMPLE);
    assert!(ok, "{err}");
    assert_eq!(stats(&out), (1, 3, 16, None));
    assert_eq!(printed(&out), [[items("A C X:1 Y:1"), items("B X:1")]]);
    let (ok, out, err) = run(&["--engine=cells", "--print"], DLX3_EXAMPLE);
    assert!(ok, "{err}");
    assert_eq!(stats(&out), (1, 5, 13, None));
    assert_eq!(
        printed(&out),
        [[items("A C X:1 Y:1"), items("B X:1"), items("C Y:1")]]
    );
}

#[test]
fn cells_count_as_ssxcc_on_the_small_instances() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../library/instances");
    let table = std::fs::read_to_string(format!("{root}/counts-cells.tsv")).unwrap();
    let mut checked = Vec::new();
    for line in table.lines().filter(|line| !line.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let number = |k: usize| fields[k].parse::<u64>().expect("a count");
        let path = format!("{root}/{}.dlx", fields[0]);
        // The fast ones with a file (the others are generated or heavy).
        if number(3) > 5_000 || !std::path::Path::new(&path).exists() {
            continue;
        }
        let (ok, out, err) = run(&[&path, "--engine", "cells"], "");
        assert!(ok, "{}: {err}", fields[0]);
        let counts = (number(2), number(3), number(4), None);
        assert_eq!(stats(&out), counts, "{}", fields[0]);
        checked.push(fields[0]);
    }
    checked.sort_unstable();
    assert_eq!(
        checked,
        [
            "queens-8",
            "sudoku-ai-escargot",
            "sudoku-seed-a",
            "sudoku-seed-b"
        ]
    );
}

#[test]
fn cells_search_on_one_thread_and_not_the_parts_of_a_split() {
    // Their tree is not cut into parts: two threads asked for are one,
    // with SSXCC's counts, and said so.
    let (ok, out, err) = run(&[QUEENS_8, "--engine", "cells", "-j", "2"], "");
    assert!(ok, "{err}");
    assert_eq!(stats(&out), (92, 806, 15235, None));
    assert!(err.contains("searching on 1 thread, not 2"), "{err}");
    // A part of `dlx split` belongs to DLX1's tree.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("split-cells");
    let _ = std::fs::remove_dir_all(&dir);
    let (ok, _, err) = run(
        &[
            "split",
            "--parts",
            "2",
            QUEENS_8,
            "--out",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert!(ok, "{err}");
    let part = dir.join("part-0001.dlx");
    let (ok, _, err) = run(&[part.to_str().unwrap(), "--engine", "cells"], "");
    assert!(!ok);
    assert!(err.contains("part-0001.dlx"), "{err}");
    assert!(err.contains("run it without --engine cells"), "{err}");
}

/// A word grid in miniature: two slots of 100 options each, crossing on a
/// colored cell, so that `auto` takes dancing cells (at least 100 options
/// per primary item) while `--engine links` asks for Algorithm C.
fn two_slots() -> String {
    let mut text = String::from("p q | s t u\n");
    for x in 0..10 {
        for y in 0..10 {
            text += &format!("p s:{x} t:{y}\nq s:{y} u:{x}\n");
        }
    }
    text
}

#[test]
fn auto_takes_cells_for_word_grids_and_links_is_algorithm_c() {
    // Counts of Knuth's SSXCC and DLX2 on this text (run outside the
    // repository): 1000 solutions, 1101 nodes; 20501 updates for SSXCC,
    // 19301 updates and 2200 cleansings for DLX2.
    let (ok, out, err) = run(&["--no-memo"], &two_slots());
    assert!(ok, "{err}");
    assert_eq!(stats(&out), (1000, 1101, 20501, None));
    let (ok, out, err) = run(&["--no-memo", "--engine", "links"], &two_slots());
    assert!(ok, "{err}");
    assert_eq!(stats(&out), (1000, 1101, 19301, Some(2200)));
}
