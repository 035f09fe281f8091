//! SPOJ SUDOGOB (Sudoku goblin) from the judge's side: the grid kit's
//! search counts every completion (givens that clash count none), a
//! generator of puzzles a goblin edited, and a hard class of minimal
//! puzzles with two givens erased.
//!
//! ```
//! use judge_tests::support::spoj_sudogob;
//! let clash = format!("1\n7 7{}\n", " 0".repeat(79));
//! assert_eq!(spoj_sudogob::reference(&clash).unwrap(), "0\n");
//! ```
//!
//! Nothing of `library/` is used: the counts come from
//! [`super::grid::search`].

use super::grid::{self, sudoku, Grid, CELLS};
use super::{Class, Generator, Support};
use crate::rng::Rng;

/// What the harness knows of this problem.
pub const SUPPORT: Support = Support {
    id: "spoj-sudogob",
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
    name: "two-erased",
    about: "five minimal puzzles with two givens erased: up to tens of thousands of completions to count",
    generate: |rng| {
        let boards: Vec<Grid> = (0..5)
            .map(|_| {
                let puzzle = sudoku::minimal_puzzle(rng);
                erased(rng, puzzle, 2)
            })
            .collect();
        format(&boards)
    },
}];

/// The most completions the reference counts before it declines an
/// input: the statement bounds none, and its boards are edited puzzles.
pub const MOST: usize = 100_000;

/// Reads T and the T boards.
pub fn parse(input: &str) -> Result<Vec<Grid>, String> {
    let mut tokens = input.split_ascii_whitespace();
    let t: usize = tokens
        .next()
        .and_then(|t| t.parse().ok())
        .ok_or("expected the number of boards T")?;
    let digits: Vec<u8> = tokens
        .map(|t| match t.as_bytes() {
            [d @ b'0'..=b'9'] => Ok(d - b'0'),
            _ => Err(format!("not a digit: {t:?}")),
        })
        .collect::<Result<_, _>>()?;
    if digits.len() != t * CELLS {
        return Err(format!("{} digits for {t} boards", digits.len()));
    }
    Ok(digits
        .chunks(CELLS)
        .map(|c| c.try_into().expect("81 digits"))
        .collect())
}

/// The input text of `boards`: T, then the boards with an empty line
/// between two.
pub fn format(boards: &[Grid]) -> String {
    let texts: Vec<String> = boards.iter().map(numbers).collect();
    format!("{}\n{}", boards.len(), texts.join("\n"))
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

/// The expected output.
pub fn reference(input: &str) -> Result<String, String> {
    let mut out = String::new();
    for givens in parse(input)? {
        let found = if clash(&givens) {
            Vec::new()
        } else {
            grid::search::solutions(&grid::boxes(), &givens, MOST + 1)
        };
        if found.len() > MOST {
            return Err(format!("more than {MOST} completions"));
        }
        out.push_str(&format!("{}\n", found.len()));
        if let [one] = found.as_slice() {
            out.push_str(&numbers(one));
        }
    }
    Ok(out)
}

/// `puzzle` with `k` of its givens erased.
fn erased(rng: &mut Rng, mut puzzle: Grid, k: usize) -> Grid {
    for _ in 0..k {
        let givens: Vec<usize> = (0..CELLS).filter(|&c| puzzle[c] != 0).collect();
        puzzle[givens[rng.below(givens.len())]] = 0;
    }
    puzzle
}

/// A goblin's edit: a minimal puzzle with up to two givens erased, or one
/// given changed or added.
fn goblin(rng: &mut Rng) -> Grid {
    let mut puzzle = sudoku::minimal_puzzle(rng);
    match rng.below(4) {
        0 => puzzle,
        1 => {
            let k = rng.between(1, 2);
            erased(rng, puzzle, k)
        }
        _ => {
            let cell = rng.below(CELLS);
            puzzle[cell] = rng.between(1, 9) as u8;
            puzzle
        }
    }
}

/// A random input: one to three edited puzzles.
pub fn generate(rng: &mut Rng) -> String {
    let boards: Vec<Grid> = (0..rng.between(1, 3)).map(|_| goblin(rng)).collect();
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
    fn reference_answers_the_statement_sample() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spoj-sudogob");
        let input = std::fs::read_to_string(dir.join("sample-1.in")).unwrap();
        let output = std::fs::read_to_string(dir.join("sample-1.out")).unwrap();
        assert_eq!(reference(&input).unwrap(), output);
    }

    #[test]
    fn erased_givens_give_several_completions() {
        let mut rng = Rng::new(9);
        let puzzle = sudoku::minimal_puzzle(&mut rng);
        let answer = reference(&format(&[erased(&mut rng, puzzle, 2)])).unwrap();
        let count: usize = answer.lines().next().unwrap().parse().unwrap();
        assert!(count > 1, "{count}");
    }

    #[test]
    fn bad_input_is_declined() {
        assert!(reference("2\n").is_err());
        assert!(reference(&format!("1\n{}", "0 ".repeat(80))).is_err());
        assert!(reference("x").is_err());
    }
}
