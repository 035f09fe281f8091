//! The engine's tests: the bit tricks against plain definitions, the
//! rules against solutions, the counts against the board engine.

use super::*;
use crate::bitboard::testing::{puzzle, solved_grid, solves, Rng};
use crate::sudoku::Sudoku;
use proptest::prelude::*;

const HEX: Sudoku = Sudoku {
    box_rows: 4,
    box_columns: 4,
    symbols: b"",
    cell: "",
};

/// The solutions of `givens` up to `limit` by the board engine.
fn board_count(givens: &[u8], limit: u64) -> u64 {
    let houses = Houses::sudoku(4, 4);
    board::count(&houses, &Plain, houses.board(givens), limit).0
}

/// The tetrads, columns, cells alone in their row, cell by cell.
fn plain_tetrads(w: u64) -> usize {
    (0..16)
        .filter(|t| w >> (4 * t) & 15 != 0)
        .fold(0, |s, t| s | 1 << t)
}

fn plain_tetrad_cells(t: u16) -> u64 {
    (0..16)
        .filter(|k| t >> k & 1 == 1)
        .fold(0, |s, k| s | 15 << (4 * k))
}

fn plain_columns(w: u64) -> u64 {
    (0..16)
        .filter(|c| (0..4).any(|r| w >> (16 * r + c) & 1 == 1))
        .fold(0, |s, c| s | 1 << c)
}

fn plain_row_singles(w: u64) -> u64 {
    (0..4)
        .filter(|r| (w >> (16 * r) & ROW).count_ones() == 1)
        .fold(0, |s, r| s | w & ROW << (16 * r))
}

/// The tetrads some permutation of alive tetrads uses, by trying the
/// 24.
fn plain_keep(alive: usize) -> u16 {
    let mut used = 0;
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                for d in 0..4 {
                    let boxes = 1 << a | 1 << b | 1 << c | 1 << d;
                    let tetrads = 1 << a | 1 << (4 + b) | 1 << (8 + c) | 1 << (12 + d);
                    if boxes == 15 && alive & tetrads == tetrads {
                        used |= tetrads;
                    }
                }
            }
        }
    }
    used as u16
}

#[test]
fn the_tables_say_what_their_rules_say() {
    let keep = keep_table();
    for alive in 0..1 << 16 {
        assert_eq!(keep[alive], plain_keep(alive), "keep[{alive:#b}]");
    }
    // Row 0 confined to box 1: box 1's other rows die.
    assert_eq!(keep[0xFFF2], 0xDDD2);
    // Rows 0 and 1 confined to boxes 0 and 1: rows 2 and 3 lose them.
    assert_eq!(keep[0xFF33], 0xCC33);
    // Rows 0 and 1 both confined to box 1: no permutation.
    assert_eq!(keep[0xFF22], 0);
    for x in 0..1u64 << 16 {
        let box_of = |k: u64| x >> (4 * k) & 15;
        let alone = (0..4)
            .filter(|&k| box_of(k).count_ones() == 1)
            .fold(0, |s, k| s | box_of(k) << (4 * k));
        assert_eq!(pointed(x), alone * LOW, "pointed({x:#b})");
        let kept: u64 = (0..4)
            .map(|k| match box_of(k).count_ones() {
                0 => 15 << (4 * k),
                1 => box_of(k) << (4 * k),
                _ => 0,
            })
            .sum();
        assert_eq!(claimed(x), kept * LOW, "claimed({x:#b})");
        assert_eq!(tetrad_cells(x as u16), plain_tetrad_cells(x as u16));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn word_operations_match_their_definitions(w in any::<u64>(), sparse in any::<u64>()) {
        // Dense and sparse words both.
        for w in [w, w & sparse, w & sparse & sparse.rotate_left(17)] {
            prop_assert_eq!(tetrads(w), plain_tetrads(w));
            prop_assert_eq!(columns(w), plain_columns(w));
            // Row singles are asked of words with no empty row.
            if (0..4).all(|r| w >> (16 * r) & ROW != 0) {
                prop_assert_eq!(row_singles(w), plain_row_singles(w));
            }
        }
    }
}

#[test]
fn row_singles_of_single_cells() {
    for cells in [[0, 0, 0, 0], [15, 15, 15, 15], [3, 7, 0, 15], [1, 2, 4, 8]] {
        let w = (0..4).fold(0, |s, r| s | 1 << (16 * r + cells[r]) | 1 << (16 * r));
        assert_eq!(row_singles(w), plain_row_singles(w));
    }
}

/// Settles `givens`, then each cell of `grid` (a solution of them)
/// must still be a candidate of its digit.
fn keeps_the_solution(givens: &[u8], grid: &[u8]) -> Result<(), TestCaseError> {
    let mut board = Board::new(givens);
    prop_assert!(board.settle(u64::MAX, &keep_table()).is_ok());
    for (cell, &digit) in grid.iter().enumerate() {
        let (b, p) = (cell / 64, cell % 64);
        let w = board.cand[16 * b + usize::from(digit) - 1];
        prop_assert!(w >> p & 1 == 1, "cell {} lost its {}", cell, digit);
    }
    Ok(())
}

fn solve(givens: &[u8], limit: usize, budget: u64) -> Option<Found> {
    Solver::new().solve(givens, limit, budget)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// I1: no rule removes a solution's digit.
    #[test]
    fn the_rules_keep_every_solution(seed in any::<u64>(), blanks in 0usize..=256) {
        let mut rng = Rng::new(seed);
        let grid = solved_grid(4, &mut rng);
        keeps_the_solution(&puzzle(&grid, blanks, &mut rng), &grid)?;
    }

}

proptest! {
    // The board engine's counts take a while on 16 x 16.
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Up to three solutions, the counts are the board engine's, and
    /// every grid found solves its puzzle: dense puzzles, and some with
    /// a given that clashes in its row. The board engine counts by
    /// listing, without learning, which has heavy tails on 16 x 16:
    /// past 150 blanks (or with a random wrong given) one puzzle in a
    /// few hundred took it minutes in a debug build, so the sparse
    /// puzzles are checked below by what a grid must be, and the
    /// hard ones in between are the hard classes' (judge-tests),
    /// checked against the reference there.
    #[test]
    fn counts_agree_with_the_board_engine(
        seed in any::<u64>(),
        blanks in 60usize..=140,
        clash in any::<bool>(),
    ) {
        let mut rng = Rng::new(seed);
        let grid = solved_grid(4, &mut rng);
        let mut givens = puzzle(&grid, blanks, &mut rng);
        if clash {
            // A given repeated elsewhere in its row: no solution.
            let cell = rng.below(256);
            let other = cell / 16 * 16 + (cell % 16 + 1 + rng.below(15)) % 16;
            givens[cell] = grid[cell];
            givens[other] = grid[cell];
        }
        let mut solver = Solver::new();
        let found = solver.solve(&givens, 3, 1 << 12);
        prop_assume!(found.is_some());
        let found = found.unwrap();
        prop_assert_eq!(found.solutions as u64, board_count(&givens, 3));
        if let Some(solution) = &found.grid {
            prop_assert!(solves(&HEX, &givens, solution));
            let completed = solver.complete(&givens);
            prop_assert_eq!(completed.as_ref(), Some(solution));
        } else {
            prop_assert_eq!(solver.complete(&givens), None);
        }
        prop_assert_eq!(found.grid.is_some(), found.solutions > 0);
    }

    /// Sparse puzzles (many solutions) are completed, each grid a
    /// solution of its puzzle, within the budget.
    #[test]
    fn sparse_puzzles_are_completed(seed in any::<u64>(), blanks in 141usize..=256) {
        let mut rng = Rng::new(seed);
        let givens = puzzle(&solved_grid(4, &mut rng), blanks, &mut rng);
        let found = Solver::new().solve(&givens, 3, 1 << 12);
        prop_assume!(found.is_some());
        let found = found.unwrap();
        prop_assert!(found.solutions >= 1);
        prop_assert!(solves(&HEX, &givens, found.grid.as_ref().unwrap()));
    }

    /// The search compiled for the default target walks the same tree
    /// as the one compiled with POPCNT and BMI.
    #[test]
    fn both_compilations_agree(seed in any::<u64>(), blanks in 100usize..=200) {
        let mut rng = Rng::new(seed);
        let givens = puzzle(&solved_grid(4, &mut rng), blanks, &mut rng);
        let mut plain = Found::default();
        let keep = keep_table();
        let budget = 1 << 12;
        let stop = search(Board::new(&givens), u64::MAX, &keep, &mut Vec::new(), &mut plain, 2, budget);
        let fast = solve(&givens, 2, budget);
        match stop {
            Some(Stop::Budget) => prop_assert_eq!(fast, None),
            _ => prop_assert_eq!(Some(plain), fast),
        }
    }
}

/// A locally minimal puzzle (no given can go) of the judge's
/// `locally-minimal` class (seed 32): one solution, a few dozen
/// guesses.
const MINIMAL: &[u8] = b"\
-C---F-PG--D-H--H-------AB-F----GM------L--HONK------J-LNO--F-I-\
--NM-LP---E--------JN-BK--O-C---FP---DJ--C--I-G--HK--C---G-----J\
D----E---FP---AHA-------I--B-GF--I-PG----K--E-M--NO--------AD--B\
B-EAI----J----LOK-L-C-------M-------P--DCA---BH-I--------MKE----";

fn a_hard_puzzle() -> (Vec<u8>, Found) {
    let givens = letters(MINIMAL);
    let found = solve(&givens, 2, u64::MAX).unwrap();
    assert!(found.guesses > 1);
    assert!(solves(&HEX, &givens, found.grid.as_ref().unwrap()));
    (givens, found)
}

/// The two puzzles of that class (seed 32) that took the most guesses
/// when the search guessed in the box with the most open cells: 10 884
/// and 4 560 guesses to the first solution, 3 174 and 3 559 now.
const SLOWEST: [&[u8]; 2] = [
    b"\
-K---NF--C-H---IO--C-----------L-H-I--B--KL-AO--NM-L---G--------\
-L-OK--A--HN--BEGI---H------KD---E---FL----D---H--AM---B------GN\
---D-P--L--O-A-M--GNO------P-F--EA-PDM-C--I-ON--K-----N--HABE---\
A------H--JLB--------JI-F----P----O----D-BEK-M-J-FDKP------MIL-A",
    b"\
------FL-----M-B-----PI--LG-AO---PNM--K----O---IJL-C----K-P--EN-\
---------DF-----B-M-C-ON-A-LE---FA-P-IE-N------J--G-MF--E----CA-\
---GP----J-----MPE--------OB---DI----J---PACKN-L-K-H--N---D-CB-P\
A---O----GL-NI--E-FKB---O-JPD---------LDBF----G-------JKHM-N--OC",
];

fn letters(text: &[u8]) -> Vec<u8> {
    text.iter()
        .map(|&b| if b == b'-' { 0 } else { b - b'A' + 1 })
        .collect()
}

/// A count of guesses, not a clock: a change of the rules or of the
/// choice of cell that makes the search walk more shows here.
#[test]
fn the_slowest_puzzles_take_few_guesses() {
    let mut solver = Solver::new();
    for text in SLOWEST {
        let givens = letters(text);
        let found = solver.solve(&givens, 1, u64::MAX).unwrap();
        assert!(solves(&HEX, &givens, found.grid.as_ref().unwrap()));
        assert!(found.guesses <= 3600, "{} guesses", found.guesses);
    }
}

#[test]
fn a_budget_of_guesses_stops_the_search() {
    let (givens, found) = a_hard_puzzle();
    assert_eq!(board_count(&givens, 2), 1);
    assert_eq!(solve(&givens, 2, found.guesses - 1), None);
    assert_eq!(solve(&givens, 2, found.guesses), Some(found));
    // A solved grid needs no guess, an empty one a few.
    let grid = solve(&givens, 1, u64::MAX).unwrap().grid.unwrap();
    assert_eq!(solve(&grid, 2, 0).unwrap().solutions, 1);
    assert_eq!(solve(&[0; 256], 1, 0), None);
    let empty = solve(&[0; 256], 1, u64::MAX).unwrap();
    assert!(solves(&HEX, &[0; 256], &empty.grid.unwrap()));
}

#[test]
fn clashing_givens_have_no_solution() {
    let (givens, _) = a_hard_puzzle();
    let given = (0..256).find(|&c| givens[c] != 0).unwrap();
    let (row, column) = (given / 16 * 16, given % 16);
    let box_row = (given % 64 / 16 + 1) % 4;
    let in_box = given / 64 * 64 + 16 * box_row + column / 4 * 4 + (column + 1) % 4;
    // The same digit twice in a row, a column, a box.
    for other in [row + (column + 7) % 16, (given + 16 * 7) % 256, in_box] {
        let mut clash = givens.clone();
        clash[other] = clash[given];
        let found = solve(&clash, 2, u64::MAX).unwrap();
        assert_eq!(
            (found.solutions, found.grid),
            (0, None),
            "{given} and {other}"
        );
    }
}

#[test]
fn what_the_budget_leaves_goes_to_the_board_engine() {
    let (givens, _) = a_hard_puzzle();
    let mut solver = Solver::new();
    let grid = solver.complete_within(&givens, 0).unwrap();
    assert!(solves(&HEX, &givens, &grid));
    assert_eq!(solver.complete(&givens), Some(grid));
    let mut clash = givens.clone();
    let given = (0..256).find(|&c| givens[c] != 0).unwrap();
    clash[given ^ 1] = clash[given];
    assert_eq!(solver.complete_within(&clash, 0), None);
    assert_eq!(solver.complete(&clash), None);
}

#[test]
#[should_panic(expected = "256 cells")]
fn a_short_grid_is_refused() {
    solve(&[0; 255], 1, 0);
}
