//! Killer sudoku in the seed article's format: a sudoku whose cages (all
//! cells, or only some) hold distinct digits adding up to the cage's sum.
//!
//! ```
//! use library::{input, problems::killer};
//!
//! let case = ".................................................................................\n\
//!     15 24 11 17 5 14 10 16 10 15 10 9 10 21 7 20 15 15 12 17 8 16 18 10 13 12 13 32 10 0\n\
//!      1  2  3  3  5  5  8  8  8\n 1  2  2  4  6  7  7  9  9\n 1  2  2  4  6  6 14 15  9\n\
//!     10 10 12 13 13 14 14 15 16\n11 11 12 19 18 17 17 16 16\n20 19 19 19 18 22 17 16 23\n\
//!     20 20 21 21 22 22 22 23 23\n24 25 25 25 25 28 28 28 28\n24 26 26 27 27 27 29 29 28\nend\n";
//! let answer = input::answer(killer::solve, case)?;
//! assert_eq!(answer, "946532781183974652527816943691287534378495216452163897765348129814629375239751468\n");
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! # Input
//!
//! Cases until a token `end`: the grid as 81 characters (`1`–`9` or `.`);
//! the cage sums, ended by a `0`; the cage label of each cell row by row,
//! `-1` for a cell in no cage. The k-th smallest label is the cage of the
//! k-th sum. Everything is read as blank-separated tokens.
//!
//! # Exact cover
//!
//! The seed article's: [`crate::sudoku`]'s items, and for each cage one
//! option per way to fill all its cells with distinct digits that add up to
//! its sum (covering the items of every cell it fills); cells in no cage
//! keep their one-cell options. A large cage can have hundreds of thousands
//! of fillings (a 9-cell cage 9! = 362 880): past [`MAX_FILLINGS`] that
//! cage is modelled by its digit *sets* instead. It gets ten more items,
//! "the cage is decided" and "digit d is not in the cage" for d = 1–9; an
//! option per set of digits with the right sum covers the first and the
//! digits *not* in the set, and its cells keep one-cell options that also
//! cover their digit's item, so the cells take exactly the set's digits.

use crate::dlx::{Search, Solver};
use crate::input::{self, Error, Token, Tokens};
use crate::model::Model;
use crate::sudoku::{self, Grid, STANDARD};
use std::io::Write;

/// The cells of the grid.
const CELLS: usize = 81;

/// The most fillings a cage gets options for; past it, its digit sets.
pub const MAX_FILLINGS: usize = 5000;

/// A cage: its cells in reading order and the sum of their digits.
struct Cage {
    cells: Vec<usize>,
    sum: u32,
}

/// Completes every case of `input`, one line each (`No solution` for a
/// case without one), written as it is found.
///
/// # Errors
/// A bad grid, sum or label (naming its place), a number of cages that is
/// not the number of sums, a cage of more than 9 cells, or a missing `end`.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    sudoku::solve_cases(input, out, |givens, tokens| {
        let cages = read_cages(tokens)?;
        Ok(complete(givens, &cages, MAX_FILLINGS))
    })
}

/// Reads stdin, writes the answer: what the submission runs.
pub fn main() {
    input::run(solve)
}

/// Reads the sums up to their `0` and the 81 labels: the cages.
fn read_cages(tokens: &mut Tokens) -> Result<Vec<Cage>, Error> {
    let mut sums = Vec::new();
    loop {
        let sum: i64 = tokens.number("a cage sum or 0", 0..=i64::MAX)?;
        if sum == 0 {
            break;
        }
        // A sum past 45 is out of reach (no solution, not an error) however
        // large: the larger ones are kept as u32::MAX.
        sums.push(u32::try_from(sum).unwrap_or(u32::MAX));
    }
    let mut labels: Vec<(i64, Token)> = Vec::with_capacity(CELLS);
    for _ in 0..CELLS {
        let (label, token) = tokens.placed_number("a cage label", -1..=i64::MAX)?;
        if label == 0 {
            return Err(token.error("a cage label is positive, or -1 for no cage"));
        }
        labels.push((label, token));
    }
    let mut distinct: Vec<i64> = labels.iter().map(|&(l, _)| l).filter(|&l| l > 0).collect();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != sums.len() {
        return Err(labels[CELLS - 1].1.error(format!(
            "the labels name {} cages but {} sums were given",
            distinct.len(),
            sums.len()
        )));
    }
    let mut cages = Vec::with_capacity(sums.len());
    for (&label, &sum) in distinct.iter().zip(&sums) {
        let cells: Vec<usize> = (0..CELLS).filter(|&c| labels[c].0 == label).collect();
        if cells.len() > 9 {
            return Err(labels[cells[0]].1.error(format!(
                "cage {label} (first cell here) has {} cells; a cage holds distinct digits, at most 9",
                cells.len()
            )));
        }
        cages.push(Cage { cells, sum });
    }
    Ok(cages)
}

/// A way to fill a cage: `(cell, digit)` for each of its cells.
type Filling = Vec<(usize, u8)>;

/// The first completion of `givens` that fills every cage right, cages
/// of more than `max_fillings` fillings modelled by their digit sets.
fn complete(givens: &[u8], cages: &[Cage], max_fillings: usize) -> Option<Grid> {
    let groups = STANDARD.groups();
    // Digits each cell may take (bit d): its given, or none given in its
    // groups.
    let mut allowed = [0b11_1111_1110u16; CELLS];
    for (cell, &given) in givens.iter().enumerate().filter(|&(_, &g)| g != 0) {
        for (other, bits) in allowed.iter_mut().enumerate() {
            if groups
                .groups_of(other)
                .iter()
                .any(|g| groups.groups_of(cell).contains(g))
            {
                *bits &= !(1 << given);
            }
        }
    }
    for (bits, &given) in allowed.iter_mut().zip(givens).filter(|&(_, &g)| g != 0) {
        *bits = 1 << given;
    }
    let fillings: Vec<Option<Vec<Filling>>> = cages
        .iter()
        .map(|cage| {
            let mut found = Vec::new();
            let fits = fill(cage, &allowed, &mut Vec::new(), &mut found, max_fillings);
            fits.then_some(found)
        })
        .collect();
    let (mut items, _, _) = groups.items();
    let by_sets = fillings.iter().filter(|f| f.is_none()).count();
    let decided = items.primary(by_sets);
    let absent = items.primary_table(by_sets, 9);

    // Each option carries the cells it fills.
    let mut model: Model<Filling> = Model::new(&items);
    let mut option = Vec::new();
    let mut filled = [false; CELLS];
    let mut set_of = [None; CELLS];
    let mut set = 0;
    for (cage, fillings) in cages.iter().zip(fillings) {
        match fillings {
            Some(fillings) => {
                for filling in fillings {
                    option.clear();
                    for &(cell, digit) in &filling {
                        groups.items_of(cell, usize::from(digit) - 1, &mut option);
                    }
                    model.add(filling, &option);
                }
                cage.cells.iter().for_each(|&cell| filled[cell] = true);
            }
            None => {
                for digits in digit_sets(cage.cells.len(), cage.sum) {
                    option.clear();
                    option.push(decided.at(set));
                    let missing = (1..=9).filter(|d| digits & 1 << d == 0);
                    option.extend(missing.map(|d| absent.at(set, d - 1)));
                    model.add(Vec::new(), &option);
                }
                cage.cells.iter().for_each(|&cell| set_of[cell] = Some(set));
                set += 1;
            }
        }
    }
    for cell in (0..CELLS).filter(|&cell| !filled[cell]) {
        for digit in (1..=9u8).filter(|&d| allowed[cell] & 1 << d != 0) {
            option.clear();
            groups.items_of(cell, usize::from(digit) - 1, &mut option);
            option.extend(set_of[cell].map(|set| absent.at(set, usize::from(digit) - 1)));
            model.add(vec![(cell, digit)], &option);
        }
    }
    let solution = Solver::new(model.problem()).first()?;
    let mut grid = vec![0; CELLS];
    for &(cell, digit) in model.payloads(&solution).flatten() {
        grid[cell] = digit;
    }
    Some(grid)
}

/// Extends `filling` (of the cage's first cells) with distinct allowed
/// digits in every way that adds up to the cage's sum, in lexicographic
/// order, into `found`; false once that would be more than `limit`.
fn fill(
    cage: &Cage,
    allowed: &[u16; CELLS],
    filling: &mut Filling,
    found: &mut Vec<Filling>,
    limit: usize,
) -> bool {
    let total: u32 = filling.iter().map(|&(_, d)| u32::from(d)).sum();
    let cell = match cage.cells.get(filling.len()) {
        Some(&cell) => cell,
        None if total != cage.sum => return true,
        None if found.len() == limit => return false,
        None => {
            found.push(filling.clone());
            return true;
        }
    };
    for d in 1..=9u8 {
        let fresh = filling.iter().all(|&(_, e)| e != d);
        if fresh && allowed[cell] & 1 << d != 0 && total + u32::from(d) <= cage.sum {
            filling.push((cell, d));
            let more = fill(cage, allowed, filling, found, limit);
            filling.pop();
            if !more {
                return false;
            }
        }
    }
    true
}

/// The sets of `size` distinct digits 1–9 adding up to `sum`, as bits.
fn digit_sets(size: usize, sum: u32) -> Vec<u16> {
    (0u16..1 << 9)
        .map(|s| s << 1)
        .filter(|&s| s.count_ones() as usize == size)
        .filter(|&s| (1..=9).filter(|d| s & 1 << d != 0).sum::<u32>() == sum)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Result<String, Error> {
        input::answer(solve, text)
    }

    const EMPTY: &str =
        ".................................................................................";
    const FULL: &str =
        "15 24 11 17 5 14 10 16 10 15 10 9 10 21 7 20 15 15 12 17 8 16 18 10 13 12 13 32 10 0\n\
         1  2  3  3  5  5  8  8  8\n 1  2  2  4  6  7  7  9  9\n 1  2  2  4  6  6 14 15  9\n\
        10 10 12 13 13 14 14 15 16\n11 11 12 19 18 17 17 16 16\n20 19 19 19 18 22 17 16 23\n\
        20 20 21 21 22 22 22 23 23\n24 25 25 25 25 28 28 28 28\n24 26 26 27 27 27 29 29 28\n";
    const FULL_ANSWER: &str =
        "946532781183974652527816943691287534378495216452163897765348129814629375239751468\n";
    const PARTIAL: &str =
        "26    14  16  12  16   6  14  14   12  8  20  12  26  22 6   6  38  16  14   6 14  0\n\
        -1     1     2     2      3      3    -1    4   -1\n\
        1      1      1    5      5     3    -1    4   4\n\
        6      1    -1    5      5     8    8     -1   7\n\
        6     9     9    -1     10    10    11   12   7\n\
        13   13    13    14    -1    10    11   12   12\n\
        15   13   13    14    14    -1    11   11   21\n\
        15    -1    16    16    17    17    -1   -1   21\n\
        18    -1    -1    17    17   17    -1   19   19\n\
        18    18    -1    17    17   20    20   19   -1\n";
    const PARTIAL_ANSWER: &str =
        "956834217742169583183725946539241768867953124214678395421587639395416872678392451\n";

    #[test]
    fn samples() {
        let both = format!("{EMPTY}\n{FULL}{EMPTY}\n{PARTIAL}end\n");
        assert_eq!(
            run(&both).unwrap(),
            format!("{FULL_ANSWER}{PARTIAL_ANSWER}")
        );
    }

    /// Modelling every cage by its digit sets finds solutions too: both
    /// models are exact covers of the same puzzle.
    #[test]
    fn digit_sets_model_the_same_puzzle() {
        for (cages_text, answer) in [(FULL, FULL_ANSWER), (PARTIAL, PARTIAL_ANSWER)] {
            let mut tokens = Tokens::new(cages_text.as_bytes());
            let cages = read_cages(&mut tokens).unwrap();
            let grid = complete(&[0; CELLS], &cages, 0).unwrap();
            let mut line = Vec::new();
            STANDARD.write_line(&grid, &mut line);
            // The samples' solutions are unique, so both models find them.
            assert_eq!(String::from_utf8(line).unwrap(), answer);
        }
    }

    #[test]
    fn digit_sets_are_the_right_ones() {
        assert_eq!(digit_sets(2, 3), [0b110]);
        assert_eq!(digit_sets(9, 45).len(), 1);
        assert_eq!(digit_sets(3, 6).len(), 1);
        assert_eq!(digit_sets(3, 15).len(), 8);
        assert!(digit_sets(2, 18).is_empty());
    }

    #[test]
    fn impossible_sums_have_no_solution() {
        // Cage 1 (two cells) cannot add up to 18 with distinct digits.
        let bad = FULL.replacen("15 24", "18 24", 1);
        assert_eq!(
            run(&format!("{EMPTY}\n{bad}end\n")).unwrap(),
            "No solution\n"
        );
        // However large: past u32 and up to i64::MAX.
        for huge in ["5000000000", "9223372036854775807"] {
            let bad = FULL.replacen("15 24", &format!("{huge} 24"), 1);
            let answer = run(&format!("{EMPTY}\n{bad}end\n"));
            assert_eq!(answer.unwrap(), "No solution\n", "{huge}");
        }
    }

    #[test]
    fn a_whole_box_as_one_cage_takes_the_digit_set_model() {
        // One cage of nine cells (the top-left box, sum 45): 9! fillings.
        let mut labels = vec!["-1"; CELLS];
        for cell in [0, 1, 2, 9, 10, 11, 18, 19, 20] {
            labels[cell] = "1";
        }
        let input = format!("{EMPTY}\n45 0\n{}\nend\n", labels.join(" "));
        let answer = run(&input).unwrap();
        assert_eq!(answer.len(), 82);
        let wrong_sum = input.replacen("45 0", "44 0", 1);
        assert_eq!(run(&wrong_sum).unwrap(), "No solution\n");
    }

    #[test]
    fn bad_input_names_its_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        assert_eq!(
            error(&format!("{EMPTY}\n5 x")),
            "input:2:3: expected a cage sum or 0 (0 or more), found \"x\""
        );
        let labels = "1 ".repeat(CELLS);
        assert_eq!(
            error(&format!("{EMPTY}\n5 0\n{labels}\nend")),
            "input:3:1: cage 1 (first cell here) has 81 cells; a cage holds distinct digits, at most 9"
        );
        assert_eq!(
            error(&format!("{EMPTY}\n5 6 0\n{}\n", "-1 ".repeat(CELLS))),
            "input:3:241: the labels name 0 cages but 2 sums were given"
        );
        assert_eq!(
            error(&format!("{EMPTY}\n0\n-1 0")),
            "input:3:4: a cage label is positive, or -1 for no cage"
        );
        assert_eq!(
            error(&format!("{EMPTY}\n0\n-2")),
            "input:3:1: expected a cage label (-1 or more), found \"-2\""
        );
    }
}
