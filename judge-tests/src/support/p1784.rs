//! Luogu P1784 (数独) from the judge's side: one sudoku as 9 lines of 9
//! numbers, 0 for an empty cell; the reference completes it with the
//! sudoku family's search ([`super::grid::search`]) and declines a grid
//! without exactly one completion (the statement promises one).
//!
//! ```
//! use judge_tests::support::{grid, p1784};
//! let puzzle = grid::parse_grid(1, grid::sudoku::KNOWN[1].1).unwrap();
//! let answer = p1784::reference(&grid::format_rows(&puzzle)).unwrap();
//! assert!(answer.starts_with("8 1 2 7 5 3 6 4 9\n"));
//! ```
//!
//! The statement's own sample could not be read; a mirror of it shows the
//! first row `9 0 0 5 2 4 3 0 8` completed as `9 6 1 5 2 4 3 7 8`.
//! `sample-1` is [`mirror_sample`]: a puzzle built around that row, a
//! random grid below it, reduced while the completion stays unique. To
//! write it again (its `.out` is the reference's answer):
//!
//! ```text
//! cargo test -p judge-tests --lib p1784 -- --ignored write_sample
//! ```

use super::grid::sudoku::{minimal_puzzle, minimise};
use super::grid::{self, boxes, format_rows, parse_rows, search, Grid, Malformed, CELLS, SIDE};
use super::{Generator, Support};
use crate::rng::Rng;

/// What the harness knows of Luogu P1784.
pub const SUPPORT: Support = Support {
    id: "p1784",
    reference: Some(|input| Ok(reference(input)?)),
    generator: Some(Generator {
        generate,
        shrink,
        size,
    }),
    checker: None,
    classes: &[],
};

/// The mirror's first row: the puzzle's and its completion's.
pub const MIRROR_ROW: [u8; SIDE] = [9, 0, 0, 5, 2, 4, 3, 0, 8];
/// The completed first row.
pub const MIRROR_SOLVED: [u8; SIDE] = [9, 6, 1, 5, 2, 4, 3, 7, 8];
/// The seed of [`mirror_sample`] in `sample-1.in`.
pub const MIRROR_SEED: u64 = 1784;

/// The expected output: the one completion, as 9 lines of 9 digits.
pub fn reference(input: &str) -> Result<String, Malformed> {
    let puzzle = parse_rows(input)?;
    match search::unique(&boxes(), &puzzle) {
        Ok(grid) => Ok(format_rows(&grid)),
        Err(0) => Err(Malformed::whole("no completion")),
        Err(_) => Err(Malformed::whole("several completions")),
    }
}

/// A puzzle whose first row is [`MIRROR_ROW`] and whose one completion
/// starts with [`MIRROR_SOLVED`]: a random grid under that row, then the
/// cells below it emptied in random order while the completion stays unique.
pub fn mirror_sample(seed: u64) -> Grid {
    let mut rng = Rng::new(seed);
    let mut first_row = [0; CELLS];
    first_row[..SIDE].copy_from_slice(&MIRROR_SOLVED);
    let mut grid = search::random_completion(&boxes(), &first_row, &mut rng).expect("a completion");
    for (cell, &digit) in MIRROR_ROW.iter().enumerate() {
        if digit == 0 {
            grid[cell] = 0;
        }
    }
    let mut order: Vec<usize> = (SIDE..CELLS).collect();
    rng.shuffle(&mut order);
    minimise(&grid, &order)
}

/// A random minimal puzzle, with CRLF line ends one time in four.
pub fn generate(rng: &mut Rng) -> String {
    let text = format_rows(&minimal_puzzle(rng));
    match rng.below(4) {
        0 => text.replace('\n', "\r\n"),
        _ => text,
    }
}

/// Smaller inputs: one empty cell filled with the solution's digit.
pub fn shrink(input: &str) -> Vec<String> {
    let Ok(puzzle) = parse_rows(input) else {
        return Vec::new();
    };
    let Ok(solution) = search::unique(&boxes(), &puzzle) else {
        return Vec::new();
    };
    let crlf = input.contains("\r\n");
    (0..CELLS)
        .filter(|&cell| puzzle[cell] == 0)
        .map(|cell| {
            let mut more = puzzle;
            more[cell] = solution[cell];
            let text = format_rows(&more);
            if crlf {
                text.replace('\n', "\r\n")
            } else {
                text
            }
        })
        .collect()
}

/// The size of an input: its empty cells, plus one so that it is never 0.
pub fn size(input: &str, _expected: &str) -> usize {
    1 + parse_rows(input).map_or(CELLS, |p| CELLS - grid::givens(&p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mirror_sample_keeps_the_mirrors_first_row() {
        let puzzle = mirror_sample(MIRROR_SEED);
        assert_eq!(puzzle[..SIDE], MIRROR_ROW);
        let grid = search::unique(&boxes(), &puzzle).unwrap();
        assert_eq!(grid[..SIDE], MIRROR_SOLVED);
        let (input, expected) = crate::verdict::committed_case("p1784", "sample-1");
        assert_eq!(input, format_rows(&puzzle));
        assert_eq!(expected, reference(&input).unwrap());
        assert!(expected.starts_with("9 6 1 5 2 4 3 7 8\n"));
    }

    #[test]
    fn reads_any_layout_and_declines_bad_grids() {
        let puzzle = grid::parse_grid(1, grid::sudoku::KNOWN[0].1).unwrap();
        let rows = format_rows(&puzzle);
        let answer = reference(&rows).unwrap();
        assert_eq!(answer.lines().count(), 9);
        assert!(answer.lines().all(|line| line.len() == 17));
        assert_eq!(reference(&rows.replace('\n', "\r\n")).unwrap(), answer);
        assert_eq!(reference(&rows.replace('\n', " ")).unwrap(), answer);
        assert!(reference(&format!("{rows}0\n")).is_err());
        assert!(reference(&rows.replacen('1', "10", 1)).is_err());
        assert!(reference(&rows[..rows.len() - 3]).is_err());
        assert_eq!(
            reference(&"0 ".repeat(81)).unwrap_err().to_string(),
            "several completions"
        );
        let clash = rows.replacen("1 0", "1 1", 1);
        assert_eq!(reference(&clash).unwrap_err().to_string(), "no completion");
    }

    #[test]
    fn shrinking_fills_cells_and_keeps_line_ends() {
        let mut rng = Rng::new(4);
        let input = format_rows(&minimal_puzzle(&mut rng)).replace('\n', "\r\n");
        let before = size(&input, "");
        let candidates = shrink(&input);
        assert_eq!(candidates.len(), before - 1);
        for candidate in candidates {
            assert!(reference(&candidate).is_ok());
            assert!(candidate.ends_with("\r\n"));
            assert_eq!(size(&candidate, ""), before - 1);
        }
    }

    #[test]
    fn committed_cases_are_what_their_names_say() {
        for (name, input, _) in crate::verdict::committed_cases("p1784") {
            let puzzle = parse_rows(&input).unwrap();
            let known = |k: usize| grid::parse_grid(1, grid::sudoku::KNOWN[k].1).unwrap();
            match name.as_str() {
                "crlf-line-ends" => {
                    assert_eq!(input.matches("\r\n").count(), 9)
                }
                "hardest-inkala-2012" => assert_eq!(puzzle, known(1)),
                "seventeen-givens" => {
                    assert_eq!(puzzle, known(5));
                    assert_eq!(grid::givens(&puzzle), 17);
                }
                "one-empty-cell" => assert_eq!(grid::givens(&puzzle), CELLS - 1),
                "no-empty-cell" => assert_eq!(grid::givens(&puzzle), CELLS),
                _ => {}
            }
        }
    }

    #[test]
    #[ignore = "UPDATE_JUDGE_TESTS=1: writes judge-tests/p1784/sample-1.in and .out"]
    fn write_sample() {
        // A writer, not a check: `make test-all` runs ignored tests too.
        if !crate::support::updating() {
            return;
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("p1784");
        let input = format_rows(&mirror_sample(MIRROR_SEED));
        std::fs::write(dir.join("sample-1.out"), reference(&input).unwrap()).unwrap();
        std::fs::write(dir.join("sample-1.in"), input).unwrap();
    }
}
