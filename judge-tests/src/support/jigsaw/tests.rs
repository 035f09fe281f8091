//! Tests of the jigsaw reference, checker, generators and committed cases.

use super::*;
use crate::compare::relaxed_lines;
use grid::{boxes, NO_SOLUTION};

const GRID: &str =
    ".3.159.8.2.9...6.3..78.34..9...4...57.6...1.83...9...6..29.75..5.1...8.2.7.516.2.";
const REGIONS: &str = "1 2 2 3 3 3 4 4 4\n1 2 2 3 3 3 4 4 4\n1 2 2 2 3 3 4 4 4\n\
                       1 2 5 2 5 3 6 6 6\n1 1 5 5 5 5 5 6 6\n1 1 1 8 5 9 5 9 6\n\
                       7 7 7 8 8 9 9 9 6\n7 7 7 8 8 8 9 9 6\n7 7 7 8 8 8 9 9 6\n";
const ANSWER: &str =
    "634159287259478613127863459918642375746325198385291746462987531591734862873516924";

fn sample() -> String {
    format!("{GRID}\n{REGIONS}end\n")
}

#[test]
fn reference_solves_the_sample_and_its_completion_is_unique() {
    assert_eq!(reference(&sample()).unwrap(), format!("{ANSWER}\n"));
    let puzzle = &parse(&sample()).unwrap()[0];
    assert_eq!(search::count(&puzzle.regions, &puzzle.givens, 10), 1);
}

#[test]
fn labels_are_ranked_and_bad_input_names_its_line() {
    let relabelled: String = REGIONS
        .lines()
        .map(|row| {
            let row: Vec<String> = row
                .split(' ')
                .map(|l| (1000 - 300 * l.parse::<i64>().unwrap()).to_string())
                .collect();
            row.join("  ") + "\r\n"
        })
        .collect();
    let text = format!("{GRID}\r\n{relabelled}end\r\n");
    assert_eq!(reference(&text).unwrap(), format!("{ANSWER}\n"));
    let error = |text: &str| reference(text).unwrap_err().to_string();
    assert!(error(&format!("{GRID}\n{REGIONS}")).starts_with("line 10: expected a grid"));
    let ten = REGIONS.replacen('1', "10", 1);
    assert!(error(&format!("{GRID}\n{ten}end\n")).starts_with("line 10: the labels name 10"));
    let uneven = REGIONS.replacen("1 2", "2 2", 1);
    assert_eq!(
        error(&format!("{GRID}\n{uneven}end\n")),
        "line 10: region 1 has 8 cells, not 9"
    );
    assert!(error(&format!("{}\n", &GRID[1..])).starts_with("line 1: a grid has 81"));
    assert!(error(&format!("{GRID}\n1 x")).starts_with("line 2: expected a region label"));
}

#[test]
fn checker_accepts_any_valid_grid_and_names_the_broken_rule() {
    let input = sample();
    let expected = format!("{ANSWER}\n");
    let judge = |actual: &str| check(&input, &expected, actual);
    assert!(judge(&format!("{ANSWER}  \r\n\n")).is_ok());
    // Swapping two digits of a row breaks a column (or a given).
    let mut swapped: Vec<u8> = ANSWER.bytes().collect();
    swapped.swap(0, 1);
    let swapped = String::from_utf8(swapped).unwrap();
    let m = judge(&swapped).unwrap_err();
    assert_eq!(m.summary, "case 1 (line 1): r1c2 is given as 3 but holds 6");
    let mut swapped: Vec<u8> = ANSWER.bytes().collect();
    swapped.swap(0, 2);
    let m = judge(&String::from_utf8(swapped).unwrap()).unwrap_err();
    assert_eq!(
        m.summary,
        "case 1 (line 1): column 1 holds 4 twice (r1c1 and r7c1)"
    );
    let m = judge(NO_SOLUTION).unwrap_err();
    assert!(m.summary.contains("has a solution"), "{m}");
    let m = judge("").unwrap_err();
    assert_eq!(m.summary, "1 cases but 0 output lines: one line per case");
    let m = judge(&ANSWER[1..]).unwrap_err();
    assert!(m.summary.contains("expected 81 digits"), "{m}");
    // `No solution` only where the expected output says so.
    assert!(check(&input, NO_SOLUTION, NO_SOLUTION).is_ok());
    let m = check(&input, NO_SOLUTION, ANSWER).unwrap_err();
    assert!(m.summary.contains("is the reference wrong"), "{m}");
}

#[test]
fn checker_names_regions_by_their_labels_and_counts_rejected_cases() {
    // No givens, the boxes labelled 3, -2, ..., -37; a cyclic Latin
    // square keeps every row and column but breaks boxes.
    let relabelled: String = boxes()
        .iter()
        .map(|&b| format!("{} ", 3 - 5 * b as i64))
        .collect();
    let empty = ".".repeat(CELLS);
    let input = format!(
        "{empty}
{relabelled}
{empty}
{relabelled}
end
"
    );
    let expected = reference(&input).unwrap();
    assert!(check(&input, &expected, &expected).is_ok());
    let latin: String = (0..CELLS)
        .map(|cell| char::from(b'1' + ((cell / SIDE + cell % SIDE) % SIDE) as u8))
        .collect();
    let m = check(
        &input,
        &expected,
        &format!(
            "{latin}
{latin}
"
        ),
    )
    .unwrap_err();
    assert_eq!(
        m.summary,
        "case 1 (line 1): region -37 holds 5 twice (r7c8 and r8c7)"
    );
    assert_eq!(
        m.details,
        [
            "case 2 (line 2): region -37 holds 5 twice (r7c8 and r8c7)",
            "2 of 2 cases rejected"
        ]
    );
}

#[test]
fn generated_layouts_are_connected_regions_of_nine() {
    let mut rng = Rng::new(5);
    for moves in [0, 10, 200] {
        let regions = random_regions(&mut rng, moves);
        for region in 0..SIDE {
            assert_eq!(regions.iter().filter(|&&r| r == region).count(), SIDE);
            assert!(connected(&regions, region));
        }
    }
    let text = generate(&mut rng);
    assert_eq!(format(&parse(&text).unwrap()), text);
}

/// Where two givens of `puzzle` clash: `Some(true)` in a row or a
/// column, `Some(false)` only in a region.
fn clash(puzzle: &Puzzle) -> Option<bool> {
    let mut found = None;
    for a in (0..CELLS).filter(|&a| puzzle.givens[a] != 0) {
        for b in (0..a).filter(|&b| puzzle.givens[b] == puzzle.givens[a]) {
            if a / SIDE == b / SIDE || a % SIDE == b % SIDE {
                return Some(true);
            }
            if puzzle.regions[a] == puzzle.regions[b] {
                found = Some(false);
            }
        }
    }
    found
}

#[test]
fn committed_cases_are_what_their_names_say() {
    for (name, input, expected) in crate::verdict::committed_cases("jigsaw") {
        let puzzles = parse(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
        let answers = relaxed_lines(&expected);
        let count = |p: &Puzzle| search::count(&p.regions, &p.givens, 2);
        match name.as_str() {
            "no-solution" => {
                assert_eq!(answers, [NO_SOLUTION]);
                assert_eq!(
                    clash(&puzzles[0]),
                    None,
                    "{name}: not for an obvious reason"
                );
            }
            "no-solution-region-clash" => {
                assert_eq!(answers, [NO_SOLUTION]);
                assert_eq!(clash(&puzzles[0]), Some(false), "{name}");
            }
            "several-solutions" => assert!(puzzles.iter().all(|p| count(p) == 2)),
            "several-cases" => assert!(puzzles.len() >= 3),
            "crlf" => assert!(input.contains("\r\n") && puzzles.len() >= 2),
            "relabelled-regions" => {
                for puzzle in &puzzles {
                    let mut labels = puzzle.labels.to_vec();
                    labels.sort_unstable();
                    labels.dedup();
                    assert_ne!(labels, (1..=9).collect::<Vec<i64>>(), "{name}");
                }
                assert!(puzzles.iter().any(|p| p.labels.contains(&i64::MIN)));
            }
            "many-layouts" => {
                assert!(puzzles.len() >= 100, "{name}");
                let irregular = puzzles.iter().filter(|p| {
                    let boxes = boxes();
                    (0..CELLS).any(|a| {
                        (0..a).any(|b| (boxes[a] == boxes[b]) != (p.regions[a] == p.regions[b]))
                    })
                });
                assert!(irregular.count() >= 90, "{name}");
                let none = answers.iter().filter(|&&a| a == NO_SOLUTION).count();
                assert!((5..30).contains(&none), "{name}: {none} without a solution");
                for puzzle in &puzzles {
                    assert!((0..SIDE).all(|r| connected(&puzzle.regions, r)), "{name}");
                }
            }
            _ => {}
        }
    }
}
