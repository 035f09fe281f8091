//! Kattis sudokunique from the judge's side: the grid kit's search counts
//! up to two completions (givens that clash count none), a generator of
//! boards with none, one or several, and a hard class of minimal puzzles
//! one given away from uniqueness.
//!
//! ```
//! use judge_tests::support::kattis_sudokunique;
//! let empty = "0 0 0 0 0 0 0 0 0\n".repeat(9);
//! assert_eq!(kattis_sudokunique::reference(&empty).unwrap(), "Non-unique\n");
//! ```
//!
//! Nothing of `library/` is used: the counts come from
//! [`super::grid::search`].

use super::grid::{self, sudoku, Grid, CELLS};
use super::{Class, Generator, Support};
use crate::rng::Rng;

/// What the harness knows of this problem.
pub const SUPPORT: Support = Support {
    id: "kattis-sudokunique",
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
    name: "minimal-edited",
    about: "ten minimal puzzles, each left as it is, a given removed (several) or a given changed (often none)",
    generate: |rng| {
        let boards: Vec<Grid> = (0..10)
            .map(|_| {
                let puzzle = sudoku::minimal_puzzle(rng);
                edited(rng, puzzle)
            })
            .collect();
        format(&boards)
    },
}];

/// Reads boards of 81 digits.
pub fn parse(input: &str) -> Result<Vec<Grid>, String> {
    let digits: Vec<u8> = input
        .split_ascii_whitespace()
        .map(|t| match t.as_bytes() {
            [d @ b'0'..=b'9'] => Ok(d - b'0'),
            _ => Err(format!("not a digit: {t:?}")),
        })
        .collect::<Result<_, _>>()?;
    if !digits.len().is_multiple_of(CELLS) {
        return Err(format!("{} digits are not whole boards", digits.len()));
    }
    Ok(digits
        .chunks(CELLS)
        .map(|c| c.try_into().expect("81 digits"))
        .collect())
}

/// The input text of `boards`, a blank line between two.
pub fn format(boards: &[Grid]) -> String {
    let texts: Vec<String> = boards.iter().map(numbers).collect();
    texts.join("\n")
}

/// A grid as nine lines of nine digits separated by blanks.
pub fn numbers(grid: &Grid) -> String {
    grid.chunks(9)
        .map(|row| {
            let digits: Vec<String> = row.iter().map(|d| d.to_string()).collect();
            digits.join(" ") + "\n"
        })
        .collect()
}

/// Whether two givens share a digit in a row, column or box.
pub fn clash(givens: &Grid) -> bool {
    (0..CELLS).any(|a| {
        givens[a] != 0
            && (0..a).any(|b| {
                givens[b] == givens[a]
                    && (a / 9 == b / 9 || a % 9 == b % 9 || grid::box_of(a) == grid::box_of(b))
            })
    })
}

/// Up to `limit` completions of `givens`.
pub fn completions(givens: &Grid, limit: usize) -> Vec<Grid> {
    if clash(givens) {
        return Vec::new();
    }
    grid::search::solutions(&grid::boxes(), givens, limit)
}

/// The expected output.
pub fn reference(input: &str) -> Result<String, String> {
    let answers: Vec<String> = parse(input)?
        .iter()
        .map(|givens| match completions(givens, 2).as_slice() {
            [] => "Find another job\n".to_string(),
            [one] => numbers(one),
            _ => "Non-unique\n".to_string(),
        })
        .collect();
    Ok(answers.join("\n"))
}

/// A minimal puzzle as it is, with a given removed, or with one changed.
fn edited(rng: &mut Rng, mut puzzle: Grid) -> Grid {
    let givens: Vec<usize> = (0..CELLS).filter(|&c| puzzle[c] != 0).collect();
    let cell = givens[rng.below(givens.len())];
    match rng.below(3) {
        0 => {}
        1 => puzzle[cell] = 0,
        _ => puzzle[cell] = (puzzle[cell] + rng.between(0, 7) as u8) % 9 + 1,
    }
    puzzle
}

/// A random input: one to four boards, minimal puzzles edited or not,
/// full grids, and now and then an empty board.
pub fn generate(rng: &mut Rng) -> String {
    let boards: Vec<Grid> = (0..rng.between(1, 4))
        .map(|_| match rng.below(6) {
            0 => [0; CELLS],
            1 => sudoku::random_grid(rng),
            _ => {
                let puzzle = sudoku::minimal_puzzle(rng);
                edited(rng, puzzle)
            }
        })
        .collect();
    format(&boards)
}

/// The size of an input: its boards' empty cells, and the boards.
pub fn size(input: &str, _expected: &str) -> usize {
    parse(input).map_or(usize::MAX, |boards| {
        boards
            .iter()
            .map(|g| 1 + g.iter().filter(|&&d| d == 0).count())
            .sum()
    })
}

/// Smaller inputs: a board fewer.
pub fn shrink(input: &str) -> Vec<String> {
    let Ok(boards) = parse(input) else {
        return Vec::new();
    };
    super::each_without_one(&boards)
        .iter()
        .map(|b| format(b))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_answers() {
        let mut rng = Rng::new(3);
        let puzzle = sudoku::minimal_puzzle(&mut rng);
        let solved = reference(&format(&[puzzle])).unwrap();
        assert_eq!(parse(&solved).unwrap().len(), 1);
        let mut open = puzzle;
        let cell = (0..CELLS).find(|&c| open[c] != 0).unwrap();
        open[cell] = 0;
        let answer = reference(&format(&[open, puzzle])).unwrap();
        assert_eq!(answer, format!("Non-unique\n\n{solved}"));
        let mut twice = [0; CELLS];
        twice[..2].copy_from_slice(&[1, 1]);
        assert!(clash(&twice));
    }

    #[test]
    fn bad_input_is_declined() {
        assert!(reference("0 0 x").is_err());
        assert!(reference(&"0 ".repeat(80)).is_err());
        assert_eq!(reference("").unwrap(), "");
    }
}
