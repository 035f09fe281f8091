//! AtCoder ABC196 D (Hanjo) from the judge's side: a cell-by-cell count
//! as the reference, a generator of every room of at most 16 cells, and a
//! hard class of the largest rooms.
//!
//! ```
//! use judge_tests::support::abc196_d;
//! assert_eq!(abc196_d::reference("2 2 1 2\n").unwrap(), "4\n");
//! assert_eq!(abc196_d::reference("4 4 8 0\n").unwrap(), "36\n");
//! ```
//!
//! The reference walks the cells in reading order; the first free cell
//! takes a square mat, or a long mat to its right or below, while mats of
//! that kind are left (the editorial's count: each covering is met once,
//! since the first free cell's mat is decided at each step). Nothing of
//! `library/` is used.

use super::{Class, Generator, Support};
use crate::rng::Rng;

/// What the harness knows of this problem.
pub const SUPPORT: Support = Support {
    id: "abc196-d",
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
    name: "sixteen-cells",
    about: "rooms of 16 cells (1 x 16, 2 x 8, 4 x 4, ...), any number of long mats",
    generate: |rng| {
        let h = [1, 2, 4, 8, 16][rng.below(5)];
        room(rng, h, 16 / h)
    },
}];

/// Reads `H W A B`.
pub fn parse(input: &str) -> Result<[usize; 4], String> {
    let numbers: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().map_err(|_| format!("not a number: {t:?}")))
        .collect::<Result<_, _>>()?;
    let [h, w, a, b] = numbers[..] else {
        return Err(format!("expected H W A B, found {} numbers", numbers.len()));
    };
    if h == 0 || w == 0 || h * w > 16 || 2 * a + b != h * w {
        return Err(format!(
            "H = {h}, W = {w}, A = {a}, B = {b} break the constraints"
        ));
    }
    Ok([h, w, a, b])
}

/// Coverings of the cells from `cell` on, `taken` marking covered ones.
fn count(h: usize, w: usize, cell: usize, taken: u32, long: usize, square: usize) -> u64 {
    if cell == h * w {
        return 1;
    }
    if taken >> cell & 1 == 1 {
        return count(h, w, cell + 1, taken, long, square);
    }
    let mut total = 0;
    if square > 0 {
        total += count(h, w, cell + 1, taken | 1 << cell, long, square - 1);
    }
    if long > 0 {
        if cell % w + 1 < w && taken >> (cell + 1) & 1 == 0 {
            total += count(h, w, cell + 1, taken | 3 << cell, long - 1, square);
        }
        if cell + w < h * w {
            total += count(
                h,
                w,
                cell + 1,
                taken | 1 << cell | 1 << (cell + w),
                long - 1,
                square,
            );
        }
    }
    total
}

/// The expected output.
pub fn reference(input: &str) -> Result<String, String> {
    let [h, w, a, b] = parse(input)?;
    Ok(format!("{}\n", count(h, w, 0, 0, a, b)))
}

/// A room of `h` × `w` with a random number of long mats.
fn room(rng: &mut Rng, h: usize, w: usize) -> String {
    let a = rng.between(0, h * w / 2);
    format!("{h} {w} {a} {}\n", h * w - 2 * a)
}

/// A random input: any room of at most 16 cells.
pub fn generate(rng: &mut Rng) -> String {
    let h = rng.between(1, 16);
    let w = rng.between(1, 16 / h);
    room(rng, h, w)
}

/// The size of an input: its cells.
pub fn size(input: &str, _expected: &str) -> usize {
    parse(input).map_or(usize::MAX, |[h, w, ..]| h * w)
}

/// Smaller inputs: a row or a column fewer, with a long mat fewer where
/// the cells left would not hold them.
pub fn shrink(input: &str) -> Vec<String> {
    let Ok([h, w, a, _]) = parse(input) else {
        return Vec::new();
    };
    let mut smaller = Vec::new();
    for (h, w) in [(h - 1, w), (h, w - 1)] {
        if h * w > 0 {
            let a = a.min(h * w / 2);
            smaller.push(format!("{h} {w} {a} {}\n", h * w - 2 * a));
        }
    }
    smaller
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_answers_the_statement_samples() {
        assert_eq!(reference("3 3 4 1").unwrap(), "18\n");
    }

    #[test]
    fn the_largest_answer_is_the_editorials() {
        // The editorial: "the maximum answer is 3388".
        let most = (1..=16)
            .flat_map(|h| (1..=16 / h).map(move |w| (h, w)))
            .flat_map(|(h, w)| (0..=h * w / 2).map(move |a| count(h, w, 0, 0, a, h * w - 2 * a)))
            .max();
        assert_eq!(most, Some(3388));
    }

    #[test]
    fn bad_input_is_declined() {
        for bad in ["", "2 2 1 1", "0 1 0 0", "5 4 0 20", "2 2 1 2 3"] {
            assert!(reference(bad).is_err(), "{bad:?}");
        }
    }
}
