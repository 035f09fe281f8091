//! Baekjoon 2239 (스도쿠) from the judge's side: the statement's own
//! search as the reference, a generator of the inputs it promises, and a
//! hard class at the edge of that promise.
//!
//! ```
//! use judge_tests::support::boj_2239;
//! let empty = "000000000\n".repeat(9);
//! let answer = boj_2239::reference(&empty).unwrap();
//! assert!(answer.starts_with("123456789\n456789123\n"));
//! ```
//!
//! The statement promises inputs that Baekjoon 12095's program solves: a
//! search over the cells in reading order, digits from 1 up, that gives
//! up after 100 000 calls. The reference is that search (written anew,
//! with bitmasks for rows, columns and boxes); it meets the completions
//! in lexicographic order, so its first is the answer, and it declines an
//! input that needs more calls. Nothing of `library/` is used.

use super::grid::{self, sudoku, Grid, CELLS};
use super::{Class, Generator, Support};
use crate::rng::Rng;

/// What the harness knows of this problem.
pub const SUPPORT: Support = Support {
    id: "boj-2239",
    reference: Some(reference),
    generator: Some(Generator {
        generate,
        shrink,
        size,
    }),
    checker: None,
    classes: &CLASSES,
};

/// The hard class.
pub const CLASSES: [Class; 1] = [Class {
    name: "many-calls",
    about:
        "puzzles whose in-order search needs 30 000 to 100 000 calls, the most the statement allows",
    generate: |rng| format(&costly(rng, 30_000)),
}];

/// The calls the statement's search may make (Baekjoon 12095).
pub const CALLS: u64 = 100_000;

/// Reads nine lines of nine digits.
pub fn parse(input: &str) -> Result<Grid, String> {
    let rows: Vec<&str> = input
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    if rows.len() != 9
        || rows
            .iter()
            .any(|r| r.len() != 9 || !r.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err("expected nine lines of nine digits".to_string());
    }
    let mut grid = [0; CELLS];
    for (cell, b) in rows.iter().flat_map(|r| r.bytes()).enumerate() {
        grid[cell] = b - b'0';
    }
    Ok(grid)
}

/// The input (or answer) text of a grid.
pub fn format(grid: &Grid) -> String {
    grid.chunks(9)
        .map(|row| row.iter().map(|d| char::from(b'0' + d)).collect::<String>() + "\n")
        .collect()
}

/// The statement's search: the smallest completion, and the calls made
/// (the search stops at [`CALLS`]).
pub fn smallest(givens: &Grid) -> (Option<Grid>, u64) {
    let mut seen = [[0u16; 9]; 3];
    let mut grid = *givens;
    for (cell, &d) in givens.iter().enumerate().filter(|(_, &d)| d > 0) {
        let bit = 1 << d;
        let houses = [cell / 9, cell % 9, grid::box_of(cell)];
        if (0..3).any(|k| seen[k][houses[k]] & bit != 0) {
            return (None, 1);
        }
        (0..3).for_each(|k| seen[k][houses[k]] |= bit);
    }
    let mut calls = 0;
    let found = go(&mut grid, &mut seen, 0, &mut calls);
    (found.then_some(grid), calls)
}

fn go(grid: &mut Grid, seen: &mut [[u16; 9]; 3], cell: usize, calls: &mut u64) -> bool {
    *calls += 1;
    if *calls >= CALLS {
        return false;
    }
    if cell == CELLS {
        return true;
    }
    if grid[cell] != 0 {
        return go(grid, seen, cell + 1, calls);
    }
    let houses = [cell / 9, cell % 9, grid::box_of(cell)];
    for d in 1..=9u8 {
        let bit = 1 << d;
        if (0..3).any(|k| seen[k][houses[k]] & bit != 0) {
            continue;
        }
        (0..3).for_each(|k| seen[k][houses[k]] |= bit);
        grid[cell] = d;
        if go(grid, seen, cell + 1, calls) {
            return true;
        }
        grid[cell] = 0;
        (0..3).for_each(|k| seen[k][houses[k]] &= !bit);
    }
    false
}

/// The expected output.
pub fn reference(input: &str) -> Result<String, String> {
    let givens = parse(input)?;
    match smallest(&givens) {
        (Some(grid), _) => Ok(format(&grid)),
        (None, calls) if calls >= CALLS => Err(format!("past the statement's {CALLS} calls")),
        (None, _) => Err("no completion".to_string()),
    }
}

/// A random full grid with random cells emptied, kept while the search
/// stays within the statement's calls and needs at least `least`.
fn costly(rng: &mut Rng, least: u64) -> Grid {
    loop {
        let full = sudoku::random_grid(rng);
        let mut order: Vec<usize> = (0..CELLS).collect();
        rng.shuffle(&mut order);
        let mut puzzle = full;
        for &cell in &order {
            let digit = std::mem::take(&mut puzzle[cell]);
            let (found, calls) = smallest(&puzzle);
            if found.is_none() {
                puzzle[cell] = digit;
            } else if calls >= least {
                return puzzle;
            }
        }
    }
}

/// A random input: a full grid with some of its cells emptied, within
/// the statement's calls.
pub fn generate(rng: &mut Rng) -> String {
    let full = sudoku::random_grid(rng);
    let mut puzzle = full;
    let empty = rng.between(1, 70);
    let mut order: Vec<usize> = (0..CELLS).collect();
    rng.shuffle(&mut order);
    for &cell in order.iter().take(empty) {
        let digit = std::mem::take(&mut puzzle[cell]);
        if smallest(&puzzle).0.is_none() {
            puzzle[cell] = digit;
        }
    }
    format(&puzzle)
}

/// The size of an input: its empty cells.
pub fn size(input: &str, _expected: &str) -> usize {
    parse(input).map_or(usize::MAX, |g| g.iter().filter(|&&d| d == 0).count())
}

/// Smaller inputs: an empty cell filled with the expected answer's digit.
pub fn shrink(input: &str) -> Vec<String> {
    let Ok(givens) = parse(input) else {
        return Vec::new();
    };
    let Some(answer) = smallest(&givens).0 else {
        return Vec::new();
    };
    (0..CELLS)
        .filter(|&c| givens[c] == 0)
        .map(|c| {
            let mut fuller = givens;
            fuller[c] = answer[c];
            format(&fuller)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_is_the_smallest_completion() {
        // A puzzle with several completions: every completion the grid
        // kit lists is at least the reference's answer.
        let mut rng = Rng::new(6);
        for _ in 0..5 {
            let input = parse(&generate(&mut rng)).unwrap();
            let answer = smallest(&input).0.unwrap();
            for other in grid::search::solutions(&grid::boxes(), &input, 50) {
                assert!(answer <= other);
            }
        }
    }

    #[test]
    fn clashing_givens_and_costly_inputs_are_declined() {
        let mut clash = [0; CELLS];
        clash[0] = 1;
        clash[1] = 1;
        assert!(reference(&format(&clash)).is_err());
        let mut rng = Rng::new(2);
        let puzzle = costly(&mut rng, 5_000);
        let (found, calls) = smallest(&puzzle);
        assert!(
            found.is_some() && (5_000..CALLS).contains(&calls),
            "{calls}"
        );
    }
}
