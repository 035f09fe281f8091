//! Tests of the killer reference, checker, generators and committed cases.

use super::*;
use crate::compare::relaxed_lines;
use crate::support::grid::{ALL, NO_SOLUTION};

const EMPTY: &str =
    ".................................................................................";
const FULL: &str =
    "15 24 11 17 5 14 10 16 10 15 10 9 10 21 7 20 15 15 12 17 8 16 18 10 13 12 13 32 10 0\n\
     1  2  3  3  5  5  8  8  8\n 1  2  2  4  6  7  7  9  9\n 1  2  2  4  6  6 14 15  9\n\
    10 10 12 13 13 14 14 15 16\n11 11 12 19 18 17 17 16 16\n20 19 19 19 18 22 17 16 23\n\
    20 20 21 21 22 22 22 23 23\n24 25 25 25 25 28 28 28 28\n24 26 26 27 27 27 29 29 28\n";
const FULL_ANSWER: &str =
    "946532781183974652527816943691287534378495216452163897765348129814629375239751468";
const PARTIAL: &str = "26 14 16 12 16 6 14 14 12 8 20 12 26 22 6 6 38 16 14 6 14 0\n\
    -1 1 2 2 3 3 -1 4 -1\n1 1 1 5 5 3 -1 4 4\n6 1 -1 5 5 8 8 -1 7\n\
    6 9 9 -1 10 10 11 12 7\n13 13 13 14 -1 10 11 12 12\n15 13 13 14 14 -1 11 11 21\n\
    15 -1 16 16 17 17 -1 -1 21\n18 -1 -1 17 17 17 -1 19 19\n18 18 -1 17 17 20 20 19 -1\n";
const PARTIAL_ANSWER: &str =
    "956834217742169583183725946539241768867953124214678395421587639395416872678392451";

fn one(text: &str) -> Puzzle {
    parse(&format!("{EMPTY}\n{text}end\n"))
        .unwrap()
        .pop()
        .unwrap()
}

#[test]
fn reference_solves_both_samples_whose_solutions_are_unique() {
    for (cages, answer) in [(FULL, FULL_ANSWER), (PARTIAL, PARTIAL_ANSWER)] {
        let puzzle = one(cages);
        assert_eq!(grid::answer_line(&solve(&puzzle).unwrap()), answer);
    }
}

#[test]
fn cage_support_keeps_the_digits_of_some_filling() {
    let bits = |digits: &[u8]| digits.iter().fold(0, |b, &d| b | grid::bit(d));
    assert_eq!(DIGIT_SUMS[0b1_1111_1111], 45);
    // Two cells adding up to 3: 1 and 2; to 17: 8 and 9; to 18: none.
    assert_eq!(cage_support(&[ALL, ALL], 3), [bits(&[1, 2]); 2]);
    assert_eq!(cage_support(&[ALL, ALL], 17), [bits(&[8, 9]); 2]);
    assert_eq!(cage_support(&[ALL, ALL], 18), [0, 0]);
    // Three cells adding up to 10 with the first at most 1 (1+2+7,
    // 1+3+6, 1+4+5): the others take 2-7.
    let support = cage_support(&[bits(&[1]), ALL, ALL], 10);
    assert_eq!(
        support,
        [
            bits(&[1]),
            bits(&[2, 3, 4, 5, 6, 7]),
            bits(&[2, 3, 4, 5, 6, 7])
        ]
    );
    // Nine cells: 45 only, any digit anywhere.
    assert_eq!(cage_support(&[ALL; 9], 45), [ALL; 9]);
    assert_eq!(cage_support(&[ALL; 9], 44), [0; 9]);
    // No cells left: fine exactly when nothing is left to add.
    assert!(cage_support(&[], 0).is_empty());
}

#[test]
fn impossible_sums_givens_and_bad_input() {
    let impossible = FULL.replacen("15 24", "25 24", 1);
    assert_eq!(solve(&one(&impossible)), None);
    let huge = FULL.replacen("15 24", "4000000000 24", 1);
    assert_eq!(solve(&one(&huge)), None);
    let mut given = one(FULL);
    given.givens[0] = 9;
    assert_eq!(solve(&given).map(|g| g[0]), Some(9));
    given.givens[0] = 8;
    assert_eq!(solve(&given), None);
    let error = |text: &str| reference(text).unwrap_err().to_string();
    assert!(error(&format!("{EMPTY}\n{FULL}")).starts_with("line 11: expected a grid"));
    let zero = FULL.replacen("0\n1  2", "0\n0  2", 1);
    assert!(error(&format!("{EMPTY}\n{zero}end")).contains("positive or -1, found 0"));
    let fewer = FULL.replacen("15 24 ", "24 ", 1);
    assert!(error(&format!("{EMPTY}\n{fewer}end")).contains("29 cages but there are 28"));
    let ten = format!("{EMPTY}\n5 0\n{}\nend", "1 ".repeat(10) + &"-1 ".repeat(71));
    assert_eq!(error(&ten), "line 3: cage 1 has 10 cells");
}

#[test]
fn checker_accepts_any_valid_grid_and_names_the_broken_rule() {
    let input = format!("{EMPTY}\n{FULL}end\n");
    let expected = format!("{FULL_ANSWER}\n");
    let judge = |actual: &str| check(&input, &expected, actual);
    assert!(judge(&expected).is_ok());
    // Cages only: any sudoku adding up right. Rows 1-3 of the answer
    // moved down by three rows keep rows, columns and boxes.
    let shifted = format!("{}{}", &FULL_ANSWER[54..], &FULL_ANSWER[..54]);
    let m = judge(&shifted).unwrap_err();
    assert_eq!(
        m.summary,
        "case 1 (line 1): cage 1 (r1c1..) adds up to 17, not 15"
    );
    let mut swapped: Vec<u8> = FULL_ANSWER.bytes().collect();
    swapped.swap(0, 1);
    let m = judge(std::str::from_utf8(&swapped).unwrap()).unwrap_err();
    assert_eq!(
        m.summary,
        "case 1 (line 1): column 1 holds 4 twice (r1c1 and r6c1)"
    );
    let m = judge(NO_SOLUTION).unwrap_err();
    assert!(m.summary.contains("has a solution"), "{m}");
    // A cage of two cells apart (r1c1, r2c4) summing to 18 has no
    // solution; the sample's answer holds 9 twice in it.
    let mut labels = vec!["-1"; CELLS];
    labels[0] = "1";
    labels[12] = "1";
    let apart = format!("{EMPTY}\n18 0\n{}\nend\n", labels.join(" "));
    assert_eq!(reference(&apart).unwrap(), "No solution\n");
    let m = check(&apart, "No solution\n", FULL_ANSWER).unwrap_err();
    assert_eq!(
        m.summary,
        "case 1 (line 1): cage 1 holds 9 twice (r1c1 and r2c4)"
    );
}

/// The least and the most `n` distinct digits add up to.
fn bounds(n: usize) -> (i64, i64) {
    let n = n as i64;
    (n * (n + 1) / 2, n * (19 - n) / 2)
}

/// Whether a cage has more than `limit` fillings: distinct digits
/// adding up to its sum, each cell's digit its given or one no given
/// of its row, column or box holds (the adapter's count, made apart).
fn more_fillings_than(puzzle: &Puzzle, cage: &Cage, limit: usize) -> bool {
    let allowed = |cell: usize| -> Digits {
        if puzzle.givens[cell] != 0 {
            return grid::bit(puzzle.givens[cell]);
        }
        let sees = |other: usize| {
            other / SIDE == cell / SIDE
                || other % SIDE == cell % SIDE
                || boxes()[other] == boxes()[cell]
        };
        (0..CELLS)
            .filter(|&o| puzzle.givens[o] != 0 && sees(o))
            .fold(ALL, |bits, o| bits & !grid::bit(puzzle.givens[o]))
    };
    let domains: Vec<Digits> = cage.cells.iter().map(|&c| allowed(c)).collect();
    fn count(domains: &[Digits], used: Digits, left: i64, found: &mut usize, limit: usize) {
        let Some((first, rest)) = domains.split_first() else {
            *found += usize::from(left == 0);
            return;
        };
        for digit in 1..=SIDE as i64 {
            if *found > limit || digit > left {
                return;
            }
            if (first & !used) >> (digit - 1) & 1 == 1 {
                count(rest, used | 1 << (digit - 1), left - digit, found, limit);
            }
        }
    }
    let mut found = 0;
    count(&domains, 0, cage.sum, &mut found, limit);
    found > limit
}

#[test]
fn committed_cases_are_what_their_names_say() {
    let both = format!("{FULL_ANSWER}\n{PARTIAL_ANSWER}\n");
    for (name, input, expected) in crate::verdict::committed_cases("killer") {
        let puzzles = parse(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
        let answers = relaxed_lines(&expected);
        let none = answers.iter().filter(|&&a| a == NO_SOLUTION).count();
        let biggest = |p: &Puzzle| p.cages.iter().map(|c| c.cells.len()).max().unwrap_or(0);
        let givens = |p: &Puzzle| p.givens.iter().filter(|&&d| d != 0).count();
        let by_sets = puzzles
            .iter()
            .filter(|p| p.cages.iter().any(|c| more_fillings_than(p, c, 5000)))
            .count();
        if name.starts_with("no-solution") {
            assert_eq!(none, puzzles.len(), "{name}");
        }
        match name.as_str() {
            "crlf-both-samples" => {
                assert!(input.contains("\r\n"));
                assert_eq!(expected, both);
            }
            "no-solution-impossible-sum" => {
                for puzzle in &puzzles {
                    let out_of_reach = puzzle.cages.iter().any(|c| {
                        let (low, high) = bounds(c.cells.len());
                        !(low..=high).contains(&c.sum)
                    });
                    assert!(out_of_reach, "{name}");
                }
            }
            "no-solution-big-cages" => {
                assert!(puzzles.iter().all(|p| biggest(p) >= 7));
                assert!(by_sets >= 1, "{name}");
            }
            "sample-2" => assert_eq!(by_sets, 1),
            "big-cages" => {
                assert!(puzzles.iter().all(|p| biggest(p) >= 6));
                let whole = |c: &Cage| c.sum == 45 && c.cells.len() == 9;
                let rows = |c: &Cage| c.cells.iter().all(|&x| x / SIDE == c.cells[0] / SIDE);
                let boxed = |c: &Cage| c.cells.iter().all(|&x| boxes()[x] == boxes()[c.cells[0]]);
                let cages = || puzzles.iter().flat_map(|p| &p.cages);
                assert!(
                    cages().any(|c| whole(c) && rows(c)),
                    "{name}: a row as one cage"
                );
                assert!(
                    cages().any(|c| whole(c) && boxed(c)),
                    "{name}: a box as one cage"
                );
                assert!(cages().any(|c| c.cells.len() >= 7 && c.sum < 45), "{name}");
                assert_eq!(none, 0, "{name}");
                assert!(by_sets >= 3, "{name}: {by_sets} cases past 5000 fillings");
            }
            "big-cages-with-givens" => {
                for puzzle in &puzzles {
                    let inside = puzzle.cages.iter().any(|c| {
                        c.cells.len() >= 8 && c.cells.iter().any(|&x| puzzle.givens[x] != 0)
                    });
                    assert!(inside, "{name}");
                }
                assert_eq!(none, 0, "{name}");
                assert_eq!(by_sets, puzzles.len(), "{name}");
            }
            "relabelled-cages" => {
                for puzzle in &puzzles {
                    let labels: Vec<i64> = puzzle.cages.iter().map(|c| c.label).collect();
                    assert_ne!(labels, (1..=labels.len() as i64).collect::<Vec<_>>());
                }
                assert_eq!(expected, both);
            }
            "partial-with-givens" => {
                for puzzle in &puzzles {
                    assert!(puzzle.labels.contains(&NO_CAGE) && givens(puzzle) >= 15);
                }
            }
            "no-cages-and-one-cell-cages" => {
                let cages: Vec<usize> = puzzles.iter().map(|p| p.cages.len()).collect();
                assert!(cages.contains(&0) && cages.contains(&CELLS), "{cages:?}");
            }
            "hard-jigsaw-cages" => {
                let layout =
                    |p: &Puzzle| p.cages.iter().all(|c| c.cells.len() == SIDE && c.sum == 45);
                assert!(puzzles.iter().all(layout), "{name}");
                assert_eq!(none, puzzles.len(), "{name}");
            }
            "many-generated" => {
                assert!(puzzles.len() >= 50, "{name}");
                let partial = puzzles.iter().filter(|p| p.labels.contains(&NO_CAGE));
                assert!((5..40).contains(&partial.count()), "{name}");
                assert!(puzzles.iter().any(|p| biggest(p) >= 6), "{name}");
                assert!(by_sets >= 1, "{name}");
                assert!((1..20).contains(&none), "{name}: {none} without a solution");
            }
            _ => {}
        }
    }
}

#[test]
fn jigsaw_cages_are_a_second_layout_of_nine_cells_each() {
    let mut rng = crate::rng::Rng::new(3);
    let class = CLASSES.iter().find(|c| c.name == "jigsaw-cages").unwrap();
    for _ in 0..3 {
        let puzzle = parse(&(class.generate)(&mut rng)).unwrap().remove(0);
        let mut regions = [0; CELLS];
        for (k, cage) in puzzle.cages.iter().enumerate() {
            assert_eq!((cage.cells.len(), cage.sum), (SIDE, 45));
            cage.cells.iter().for_each(|&c| regions[c] = k);
        }
        assert_eq!(puzzle.cages.len(), SIDE);
        assert!((0..SIDE).all(|k| grid::connected(&regions, k)));
        assert_eq!(grid::givens(&puzzle.givens), 0);
    }
}

/// A layout of the class that the search took minutes to refute (the
/// library's board tests hold the same one): the SAT model refutes it;
/// with its cages on the boxes instead, it completes it.
#[test]
fn the_sat_model_decides_second_layouts() {
    let layout = "111122233114122333514142233554446223557746663\
                  577746888557746668597796888999999988";
    let labels: [i64; CELLS] = std::array::from_fn(|c| i64::from(layout.as_bytes()[c] - b'0'));
    let puzzle = Puzzle::new([0; CELLS], vec![45; SIDE], labels).unwrap();
    assert_eq!(grid::sat::complete(sat_model(&puzzle)), None);
    let on_boxes: [i64; CELLS] = std::array::from_fn(|c| boxes()[c] as i64 + 1);
    let puzzle = Puzzle::new([0; CELLS], vec![45; SIDE], on_boxes).unwrap();
    let grid = grid::sat::complete(sat_model(&puzzle)).unwrap();
    assert_eq!(broken_rule(&puzzle, &grid), None);
}
