//! AtCoder ABC322 D (Polyomino) from the judge's side: a brute-force
//! reference over every rotation and shift of each piece's drawing, a
//! generator of three connected pieces, and a hard class of chiral pieces.
//!
//! ```
//! use judge_tests::support::abc322_d;
//! let halves = "####\n####\n....\n....\n####\n....\n....\n....\n....\n....\n....\n####\n";
//! assert_eq!(abc322_d::reference(halves).unwrap(), "Yes\n");
//! ```
//!
//! The reference turns each drawing on its 4 × 4 grid (a quarter turn
//! maps row r, column c to row c, column 3 − r), shifts the result every
//! way that keeps it on the grid, and tries every triple of such masks,
//! as the editorial does; it never mirrors. Nothing of `library/` is used.

use super::{Class, Generator, Support};
use crate::rng::Rng;

/// What the harness knows of this problem.
pub const SUPPORT: Support = Support {
    id: "abc322-d",
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
    name: "mirrored-piece",
    about: "three connected pieces that tile the grid, one of them mirrored: chiral pieces that fit only flipped",
    generate: |rng| format(&mirrored(rng)),
}];

/// A piece as a 16-bit mask of its drawing, cell (r, c) at bit 4r + c.
type Mask = u16;

/// Reads the three drawings.
pub fn parse(input: &str) -> Result<[Mask; 3], String> {
    let lines: Vec<&str> = input.lines().map(|l| l.trim_end()).collect();
    let (rows, rest) = lines.split_at(lines.len().min(12));
    if rows.len() < 12 || rest.iter().any(|l| !l.is_empty()) {
        return Err(format!("expected 12 lines of 4, found {}", lines.len()));
    }
    let mut pieces = [0; 3];
    for (k, row) in rows.iter().enumerate() {
        if row.len() != 4 || !row.bytes().all(|b| b == b'#' || b == b'.') {
            return Err(format!(
                "line {}: expected 4 of '#' or '.', found {row:?}",
                k + 1
            ));
        }
        for (c, b) in row.bytes().enumerate() {
            if b == b'#' {
                pieces[k / 4] |= 1 << (4 * (k % 4) + c);
            }
        }
    }
    if pieces.contains(&0) {
        return Err("an empty piece".to_string());
    }
    Ok(pieces)
}

/// The piece turned a quarter on the 4 × 4 drawing.
fn turn(mask: Mask) -> Mask {
    let mut turned = 0;
    for r in 0..4 {
        for c in 0..4 {
            if mask >> (4 * r + c) & 1 == 1 {
                turned |= 1 << (4 * c + 3 - r);
            }
        }
    }
    turned
}

/// The piece moved by (dr, dc), if it stays on the grid.
fn shift(mask: Mask, dr: i32, dc: i32) -> Option<Mask> {
    let mut moved = 0;
    for r in 0..4 {
        for c in 0..4 {
            if mask >> (4 * r + c) & 1 == 1 {
                let (nr, nc) = (r + dr, c + dc);
                if !(0..4).contains(&nr) || !(0..4).contains(&nc) {
                    return None;
                }
                moved |= 1 << (4 * nr + nc);
            }
        }
    }
    Some(moved)
}

/// Every rotation of the piece at every shift, as masks on the grid.
fn images(mask: Mask) -> Vec<Mask> {
    let mut all = Vec::new();
    let mut turned = mask;
    for _ in 0..4 {
        for dr in -3..=3 {
            for dc in -3..=3 {
                all.extend(shift(turned, dr, dc));
            }
        }
        turned = turn(turned);
    }
    all.sort_unstable();
    all.dedup();
    all
}

/// Whether the three pieces tile the grid.
pub fn tiles(pieces: &[Mask; 3]) -> bool {
    let [a, b, c] = [images(pieces[0]), images(pieces[1]), images(pieces[2])];
    a.iter().any(|&x| {
        b.iter().any(|&y| {
            x & y == 0
                && c.iter()
                    .any(|&z| (x | y) & z == 0 && x | y | z == Mask::MAX)
        })
    })
}

/// The expected output.
pub fn reference(input: &str) -> Result<String, String> {
    let pieces = parse(input)?;
    Ok(if tiles(&pieces) { "Yes\n" } else { "No\n" }.to_string())
}

/// The input text of three drawings.
pub fn format(pieces: &[Mask; 3]) -> String {
    let mut text = String::new();
    for &mask in pieces {
        for r in 0..4 {
            for c in 0..4 {
                text.push(if mask >> (4 * r + c) & 1 == 1 {
                    '#'
                } else {
                    '.'
                });
            }
            text.push('\n');
        }
    }
    text
}

/// Whether the cells of `mask` are connected through edges.
pub fn connected(mask: Mask) -> bool {
    let start = mask & mask.wrapping_neg();
    let mut seen = start;
    loop {
        let mut grown = seen | (seen << 4) | (seen >> 4);
        grown |= (seen << 1) & 0xEEEE | (seen >> 1) & 0x7777;
        grown &= mask;
        if grown == seen {
            return seen == mask;
        }
        seen = grown;
    }
}

/// The grid cut into three connected pieces, grown from three seeds.
fn partition(rng: &mut Rng) -> [Mask; 3] {
    loop {
        let mut owner = [3usize; 16];
        let mut left = 16;
        for piece in 0..3 {
            let cell = rng.below(16);
            if owner[cell] == 3 {
                owner[cell] = piece;
                left -= 1;
            }
        }
        while left > 0 {
            let cell = rng.below(16);
            let (r, c) = (cell / 4, cell % 4);
            let neighbours = [
                (r > 0, cell.wrapping_sub(4)),
                (r < 3, cell + 4),
                (c > 0, cell.wrapping_sub(1)),
                (c < 3, cell + 1),
            ];
            let (ok, next) = neighbours[rng.below(4)];
            if owner[cell] == 3 || !ok || owner[next] != 3 {
                continue;
            }
            owner[next] = owner[cell];
            left -= 1;
        }
        let mut pieces = [0; 3];
        for (cell, &piece) in owner.iter().enumerate() {
            if piece < 3 {
                pieces[piece] |= 1 << cell;
            }
        }
        if pieces.iter().all(|&p| p != 0 && connected(p)) {
            return pieces;
        }
    }
}

/// The piece moved to the top left of its drawing.
fn to_corner(mut mask: Mask) -> Mask {
    while mask & 0x000F == 0 {
        mask >>= 4;
    }
    while mask & 0x1111 == 0 {
        mask >>= 1;
    }
    mask
}

/// The piece mirrored left to right on its drawing.
fn mirror(mask: Mask) -> Mask {
    let mut mirrored = 0;
    for cell in 0..16 {
        if mask >> cell & 1 == 1 {
            mirrored |= 1 << (cell / 4 * 4 + 3 - cell % 4);
        }
    }
    mirrored
}

/// A partition with one piece mirrored: the pieces tile the grid flipped.
fn mirrored(rng: &mut Rng) -> [Mask; 3] {
    let mut pieces = partition(rng);
    let k = rng.below(3);
    pieces[k] = mirror(pieces[k]);
    pieces.map(|p| to_corner(turn_times(p, rng.below(4))))
}

fn turn_times(mask: Mask, times: usize) -> Mask {
    (0..times).fold(mask, |m, _| turn(m))
}

/// A random input: a partition (always Yes) with its pieces turned and
/// drawn anywhere, a mirrored one, or one whose piece lost or gained a cell.
pub fn generate(rng: &mut Rng) -> String {
    let mut pieces = match rng.below(3) {
        0 => mirrored(rng),
        _ => partition(rng).map(|p| to_corner(turn_times(p, rng.below(4)))),
    };
    if rng.below(3) == 0 {
        let k = rng.below(3);
        let cell = rng.below(16);
        let changed = pieces[k] ^ 1 << cell;
        if changed != 0 && connected(changed) {
            pieces[k] = changed;
        }
    }
    format(&pieces)
}

/// The size of an input: its cells.
pub fn size(input: &str, _expected: &str) -> usize {
    parse(input).map_or(usize::MAX, |p| {
        p.iter().map(|m| m.count_ones() as usize).sum()
    })
}

/// Smaller inputs: a piece with one cell fewer, still connected.
pub fn shrink(input: &str) -> Vec<String> {
    let Ok(pieces) = parse(input) else {
        return Vec::new();
    };
    let mut smaller = Vec::new();
    for k in 0..3 {
        for cell in 0..16 {
            let fewer = pieces[k] & !(1 << cell);
            if fewer != pieces[k] && fewer != 0 && connected(fewer) {
                let mut next = pieces;
                next[k] = fewer;
                smaller.push(format(&next));
            }
        }
    }
    smaller
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(k: usize) -> (String, String) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("abc322-d");
        let read =
            |ext: &str| std::fs::read_to_string(dir.join(format!("sample-{k}.{ext}"))).unwrap();
        (read("in"), read("out"))
    }

    #[test]
    fn reference_answers_the_statement_samples() {
        for k in 1..=1 {
            let (input, output) = sample(k);
            assert_eq!(reference(&input).unwrap(), output, "sample {k}");
        }
    }

    #[test]
    fn turns_and_mirrors_are_what_they_say() {
        let l = 0b0001_0001_0011; // rows: #... , #... , ##..
        assert_eq!(turn(turn(turn(turn(l)))), l);
        assert_eq!(mirror(mirror(l)), l);
        assert_ne!(to_corner(turn(l)), to_corner(mirror(l)));
        assert!(connected(l) && !connected(0b1001));
    }

    #[test]
    fn partitions_tile_and_mirrored_pieces_often_do_not() {
        let mut rng = Rng::new(3);
        let mut no = 0;
        for _ in 0..50 {
            let pieces = partition(&mut rng);
            assert_eq!(pieces.iter().fold(0, |a, p| a | p), Mask::MAX);
            assert!(tiles(&pieces.map(|p| to_corner(turn(p)))));
            no += usize::from(!tiles(&mirrored(&mut rng)));
        }
        assert!(no > 5, "{no} of 50 mirrored inputs have no tiling");
    }

    #[test]
    fn bad_input_is_declined() {
        let (input, _) = sample(1);
        assert!(reference(&input.replacen('.', "x", 1)).is_err());
        assert!(reference(&input[..input.len() - 5]).is_err());
        assert!(reference(&format!("{input}....\n")).is_err());
    }
}
