//! AtCoder ABC345 D (Tiling) from the judge's side: the editorial's
//! search as a reference, a generator of grids cut into rectangles, and a
//! hard class where the tiles' areas add up to the grid's but they do not
//! fit.
//!
//! ```
//! use judge_tests::support::abc345_d;
//! assert_eq!(abc345_d::reference("5 5 5\n1 1\n3 3\n4 4\n2 3\n2 5\n").unwrap(), "Yes\n");
//! assert_eq!(abc345_d::reference("5 3 3\n1 1\n2 2\n2 2\n2 2\n2 2\n").unwrap(), "No\n");
//! ```
//!
//! The reference fills the first empty cell in reading order with the
//! top-left corner of an unused tile in one of its two orientations, as
//! the editorial argues every tiling can be built; it shares nothing with
//! `library/`.

use super::{Class, Generator, Support};
use crate::rng::Rng;

/// What the harness knows of this problem.
pub const SUPPORT: Support = Support {
    id: "abc345-d",
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
    name: "exact-area-reshaped",
    about: "a 10 x 10 grid cut into seven rectangles, one of them reshaped to another rectangle of the same area",
    generate: |rng| format(&reshaped(rng, 10, 10).expect("10 x 10 has reshapeable cuts")),
}];

/// One input: the grid's height and width, and the tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub h: usize,
    pub w: usize,
    pub tiles: Vec<(usize, usize)>,
}

/// Reads `N H W` and the N tiles.
pub fn parse(input: &str) -> Result<Input, String> {
    let numbers: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().map_err(|_| format!("not a number: {t:?}")))
        .collect::<Result<_, _>>()?;
    let [n, h, w, rest @ ..] = numbers.as_slice() else {
        return Err("expected N H W".to_string());
    };
    if !(1..=7).contains(n) || rest.len() != 2 * n {
        return Err(format!(
            "expected 1 to 7 tiles, found N = {n} and {} numbers",
            rest.len()
        ));
    }
    if [*h, *w].iter().chain(rest).any(|x| !(1..=10).contains(x)) {
        return Err("a side out of 1..=10".to_string());
    }
    let tiles = rest.chunks(2).map(|p| (p[0], p[1])).collect();
    Ok(Input {
        h: *h,
        w: *w,
        tiles,
    })
}

/// The search: `filled` marks the covered cells (bit r·w + c).
fn fill(input: &Input, filled: u128, used: u8) -> bool {
    let all = (1u128 << (input.h * input.w)) - 1;
    if filled == all {
        return true;
    }
    let cell = (!filled).trailing_zeros() as usize;
    let (r, c) = (cell / input.w, cell % input.w);
    for (k, &(a, b)) in input.tiles.iter().enumerate() {
        if used >> k & 1 == 1 {
            continue;
        }
        for (rows, columns) in [(a, b), (b, a)] {
            if r + rows > input.h || c + columns > input.w {
                continue;
            }
            let mut mask = 0u128;
            for dr in 0..rows {
                for dc in 0..columns {
                    mask |= 1 << ((r + dr) * input.w + c + dc);
                }
            }
            if mask & filled == 0 && fill(input, filled | mask, used | 1 << k) {
                return true;
            }
        }
    }
    false
}

/// The expected output.
pub fn reference(input: &str) -> Result<String, String> {
    let input = parse(input)?;
    Ok(if fill(&input, 0, 0) { "Yes\n" } else { "No\n" }.to_string())
}

/// The input text.
pub fn format(input: &Input) -> String {
    let mut text = format!("{} {} {}\n", input.tiles.len(), input.h, input.w);
    for (a, b) in &input.tiles {
        text.push_str(&format!("{a} {b}\n"));
    }
    text
}

/// The grid cut into `pieces` rectangles by guillotine cuts, as tiles
/// given in a random orientation and order.
fn cut(rng: &mut Rng, h: usize, w: usize, pieces: usize) -> Vec<(usize, usize)> {
    let mut parts = vec![(h, w)];
    while parts.len() < pieces {
        let k = rng.below(parts.len());
        let (a, b) = parts[k];
        if a * b == 1 {
            if parts.iter().all(|&(x, y)| x * y == 1) {
                break;
            }
            continue;
        }
        let across = b == 1 || (a > 1 && rng.below(2) == 0);
        parts.swap_remove(k);
        if across {
            let at = rng.between(1, a - 1);
            parts.extend([(at, b), (a - at, b)]);
        } else {
            let at = rng.between(1, b - 1);
            parts.extend([(a, at), (a, b - at)]);
        }
    }
    rng.shuffle(&mut parts);
    parts
        .into_iter()
        .map(|(a, b)| if rng.below(2) == 0 { (a, b) } else { (b, a) })
        .collect()
}

/// A cut into seven whose one tile is reshaped to another rectangle of
/// the same area, if one of 100 cuts has such a tile.
fn reshaped(rng: &mut Rng, h: usize, w: usize) -> Option<Input> {
    for _ in 0..100 {
        let mut tiles = cut(rng, h, w, 7);
        let k = rng.below(tiles.len());
        let area = tiles[k].0 * tiles[k].1;
        let others: Vec<(usize, usize)> = (1..=10)
            .filter(|a| area.is_multiple_of(*a) && area / a <= 10)
            .map(|a| (a, area / a))
            .filter(|&(a, b)| (a, b) != tiles[k] && (b, a) != tiles[k])
            .collect();
        if others.is_empty() {
            continue;
        }
        tiles[k] = others[rng.below(others.len())];
        return Some(Input { h, w, tiles });
    }
    None
}

/// A random input: a cut grid with tiles dropped or added, a reshaped
/// cut, or random tiles.
pub fn generate(rng: &mut Rng) -> String {
    let (h, w) = (rng.between(1, 10), rng.between(1, 10));
    let reshape = rng.below(3) == 1;
    if let Some(input) = reshape.then(|| reshaped(rng, h, w)).flatten() {
        return format(&input);
    }
    let input = match rng.below(2) {
        0 => {
            let pieces = rng.between(1, 7);
            let mut tiles = cut(rng, h, w, pieces);
            if rng.below(2) == 0 && tiles.len() > 1 {
                tiles.pop();
            }
            while tiles.len() < 7 && rng.below(2) == 0 {
                tiles.push((rng.between(1, 10), rng.between(1, 10)));
            }
            rng.shuffle(&mut tiles);
            Input { h, w, tiles }
        }
        _ => {
            let n = rng.between(1, 7);
            let tiles = (0..n)
                .map(|_| (rng.between(1, h.max(2)), rng.between(1, w.max(2))))
                .collect();
            Input { h, w, tiles }
        }
    };
    format(&input)
}

/// The size of an input: its cells and tiles.
pub fn size(input: &str, _expected: &str) -> usize {
    parse(input).map_or(usize::MAX, |i| i.h * i.w + i.tiles.len())
}

/// Smaller inputs: a tile fewer, a row or a column fewer.
pub fn shrink(input: &str) -> Vec<String> {
    let Ok(input) = parse(input) else {
        return Vec::new();
    };
    let mut smaller = Vec::new();
    for tiles in super::each_without_one(&input.tiles) {
        smaller.push(format(&Input {
            tiles,
            ..input.clone()
        }));
    }
    if input.h > 1 {
        smaller.push(format(&Input {
            h: input.h - 1,
            ..input.clone()
        }));
    }
    if input.w > 1 {
        smaller.push(format(&Input {
            w: input.w - 1,
            ..input.clone()
        }));
    }
    smaller
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_answers_the_statement_samples() {
        assert_eq!(reference("1 1 2\n2 3\n").unwrap(), "No\n");
        assert_eq!(reference("1 2 2\n1 1\n").unwrap(), "No\n");
    }

    #[test]
    fn cuts_tile_their_grid() {
        let mut rng = Rng::new(4);
        for _ in 0..50 {
            let (h, w) = (rng.between(1, 10), rng.between(1, 10));
            let tiles = cut(&mut rng, h, w, 7);
            assert_eq!(tiles.iter().map(|(a, b)| a * b).sum::<usize>(), h * w);
            let text = format(&Input { h, w, tiles });
            assert_eq!(reference(&text).unwrap(), "Yes\n", "{text}");
        }
    }

    #[test]
    fn reshaped_cuts_keep_the_area_and_often_fail() {
        let mut rng = Rng::new(5);
        let mut no = 0;
        for _ in 0..20 {
            let input = reshaped(&mut rng, 10, 10).unwrap();
            assert_eq!(input.tiles.iter().map(|(a, b)| a * b).sum::<usize>(), 100);
            no += usize::from(reference(&format(&input)).unwrap() == "No\n");
        }
        assert!(no >= 5, "{no} of 20");
    }

    #[test]
    fn bad_input_is_declined() {
        for bad in [
            "",
            "0 1 1",
            "8 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1",
            "1 11 1 1 1",
            "1 1 1 1",
            "1 1 1 1 1 1",
        ] {
            assert!(reference(bad).is_err(), "{bad:?}");
        }
    }
}
