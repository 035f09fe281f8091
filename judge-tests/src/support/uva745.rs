//! UVa 745 from the judge's side: a brute-force reference, a generator of
//! partitions with a unique tiling, and a shrinker.
//!
//! ```
//! use judge_tests::support::uva745;
//! // A cell and an L: the only tiling is 22/12; its first turn 22/21 sums highest.
//! let answer = uva745::reference("2\n2\n1\n22\n 2\n#\n0\n").unwrap();
//! assert_eq!(answer, "22\n21\n\n");
//! ```
//!
//! The reference places pieces by translation only, on the first empty cell
//! in row-major order, each piece anchored at its own first cell; it counts
//! up to two tilings so that a generated input is kept only when unique.

use super::{Generator, Support};
use crate::rng::Rng;

/// What the harness knows of this problem.
pub const SUPPORT: Support = Support {
    id: "uva745",
    reference: Some(reference),
    generator: Some(Generator {
        generate,
        shrink,
        size,
    }),
    checker: None,
    classes: &[],
};

/// One piece: its digit and its cells relative to its top-left bounding corner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The digit 1-9 it is made of.
    pub digit: u8,
    /// (row, column), sorted row-major, smallest row and column 0.
    pub cells: Vec<(usize, usize)>,
}

/// One puzzle: the side of the square and the pieces in input order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// Side N of the square.
    pub n: usize,
    /// The pieces.
    pub pieces: Vec<Piece>,
}

fn piece_from_lines(digit: u8, lines: &[&str]) -> Piece {
    let mut cells = Vec::new();
    for (r, line) in lines.iter().enumerate() {
        for (c, b) in line.bytes().enumerate() {
            if b == digit {
                cells.push((r, c));
            }
        }
    }
    let min_c = cells.iter().map(|c| c.1).min().unwrap_or(0);
    for cell in &mut cells {
        cell.1 -= min_c;
    }
    Piece { digit, cells }
}

/// Reads every instance up to the line `0`.
pub fn parse(input: &str) -> Result<Vec<Instance>, String> {
    let lines: Vec<&str> = input.lines().map(|l| l.trim_end_matches('\r')).collect();
    let mut at = 0;
    let mut instances = Vec::new();
    let mut next = |what: &str| -> Result<(usize, &str), String> {
        let line = lines.get(at).ok_or(format!("missing {what} at the end"))?;
        at += 1;
        Ok((at, line))
    };
    loop {
        let (line_no, line) = next("N or 0")?;
        let n: usize = line
            .trim()
            .parse()
            .map_err(|_| format!("line {line_no}: bad N"))?;
        if n == 0 {
            return Ok(instances);
        }
        let (line_no, line) = next("P")?;
        let p: usize = line
            .trim()
            .parse()
            .map_err(|_| format!("line {line_no}: bad P"))?;
        let mut pieces: Vec<Piece> = Vec::new();
        let mut current: Vec<&str> = Vec::new();
        let mut digit = 0u8;
        loop {
            let (line_no, line) = next("#")?;
            if line.trim() == "#" {
                break;
            }
            let mut digits = line.bytes().filter(|b| *b != b' ');
            let d = digits
                .next()
                .ok_or(format!("line {line_no}: blank line inside a piece"))?;
            if !d.is_ascii_digit() || d == b'0' || digits.any(|b| b != d) {
                return Err(format!("line {line_no}: a piece line needs one digit 1-9"));
            }
            if d != digit && !current.is_empty() {
                pieces.push(piece_from_lines(digit, &current));
                current.clear();
            }
            digit = d;
            current.push(line);
        }
        if !current.is_empty() {
            pieces.push(piece_from_lines(digit, &current));
        }
        if pieces.len() != p {
            return Err(format!("P is {p} but {} pieces were given", pieces.len()));
        }
        instances.push(Instance { n, pieces });
    }
}

/// Writes instances in the input format, each piece flush left.
pub fn format(instances: &[Instance]) -> String {
    let mut text = String::new();
    for instance in instances {
        text.push_str(&format!("{}\n{}\n", instance.n, instance.pieces.len()));
        for piece in &instance.pieces {
            let rows = piece.cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
            for r in 0..rows {
                let mut line = Vec::new();
                for &(_, c) in piece.cells.iter().filter(|cell| cell.0 == r) {
                    line.resize(c + 1, b' ');
                    line[c] = piece.digit;
                }
                text.push_str(&String::from_utf8_lossy(&line));
                text.push('\n');
            }
        }
        text.push_str("#\n");
    }
    text.push_str("0\n");
    text
}

/// A free cell of a tiling grid.
const FREE: usize = usize::MAX;

/// Fills the first free cell (row-major) with every unused piece, each
/// anchored on its own first cell; `grid` holds piece indices.
struct Tiler<'a> {
    anchored: &'a [Vec<(isize, isize)>],
    grid: Vec<Vec<usize>>,
    used: Vec<bool>,
    found: Vec<Vec<Vec<usize>>>,
    limit: usize,
}

impl Tiler<'_> {
    /// The free cells `piece` covers when anchored on `(r0, c0)`, if it fits.
    fn fit(&self, piece: usize, (r0, c0): (usize, usize)) -> Option<Vec<(usize, usize)>> {
        let n = self.grid.len() as isize;
        self.anchored[piece]
            .iter()
            .map(|&(dr, dc)| {
                let (r, c) = (r0 as isize + dr, c0 as isize + dc);
                let inside = (0..n).contains(&r) && (0..n).contains(&c);
                let cell = (r as usize, c as usize);
                (inside && self.grid[cell.0][cell.1] == FREE).then_some(cell)
            })
            .collect()
    }

    fn paint(&mut self, cells: &[(usize, usize)], value: usize) {
        for &(r, c) in cells {
            self.grid[r][c] = value;
        }
    }

    fn go(&mut self) {
        if self.found.len() >= self.limit {
            return;
        }
        let n = self.grid.len();
        let Some(at) = (0..n * n)
            .map(|k| (k / n, k % n))
            .find(|&(r, c)| self.grid[r][c] == FREE)
        else {
            self.found.push(self.grid.clone());
            return;
        };
        for piece in 0..self.anchored.len() {
            if self.used[piece] {
                continue;
            }
            let Some(cells) = self.fit(piece, at) else {
                continue;
            };
            self.used[piece] = true;
            self.paint(&cells, piece);
            self.go();
            self.paint(&cells, FREE);
            self.used[piece] = false;
        }
    }
}

/// Up to `limit` tilings, each as the grid of piece indices.
fn tilings(instance: &Instance, limit: usize) -> Vec<Vec<Vec<usize>>> {
    let n = instance.n;
    let area: usize = instance.pieces.iter().map(|p| p.cells.len()).sum();
    if area != n * n {
        return Vec::new();
    }
    let anchored: Vec<Vec<(isize, isize)>> = instance
        .pieces
        .iter()
        .map(|p| {
            let (ar, ac) = p.cells[0];
            p.cells
                .iter()
                .map(|&(r, c)| (r as isize - ar as isize, c as isize - ac as isize))
                .collect()
        })
        .collect();
    let mut tiler = Tiler {
        anchored: &anchored,
        grid: vec![vec![FREE; n]; n],
        used: vec![false; instance.pieces.len()],
        found: Vec::new(),
        limit,
    };
    tiler.go();
    tiler.found
}

/// A square of digits, row by row.
type Square = Vec<Vec<u8>>;

/// Rotates 90 degrees counter-clockwise: new row i is old column N-1-i, top to bottom.
fn turn(square: &[Vec<u8>]) -> Square {
    let n = square.len();
    (0..n)
        .map(|i| (0..n).map(|j| square[j][n - 1 - i]).collect())
        .collect()
}

/// The square and its three quarter turns, in the statement's order.
fn rotations(square: Square) -> Vec<Square> {
    let mut all = vec![square];
    for k in 0..3 {
        all.push(turn(&all[k]));
    }
    all
}

/// The sum of the rows read as decimal numbers (20 digits pass 64 bits).
fn row_sum(square: &[Vec<u8>]) -> u128 {
    square
        .iter()
        .map(|row| row.iter().fold(0u128, |v, d| v * 10 + u128::from(d - b'0')))
        .sum()
}

/// The rotation with the largest sum of rows read as numbers; earliest on ties.
fn best_rotation(square: Square) -> Square {
    let mut best: Option<(u128, Square)> = None;
    for rotation in rotations(square) {
        let sum = row_sum(&rotation);
        if best.as_ref().is_none_or(|(most, _)| sum > *most) {
            best = Some((sum, rotation));
        }
    }
    best.map(|(_, rotation)| rotation).unwrap_or_default()
}

/// The expected output; an error when a tiling is not unique.
pub fn reference(input: &str) -> Result<String, String> {
    let mut out = String::new();
    for (k, instance) in parse(input)?.iter().enumerate() {
        match tilings(instance, 2).as_slice() {
            [] => {}
            [grid] => {
                let square = grid
                    .iter()
                    .map(|row| row.iter().map(|&p| instance.pieces[p].digit).collect())
                    .collect();
                for row in best_rotation(square) {
                    out.push_str(&String::from_utf8_lossy(&row));
                    out.push('\n');
                }
            }
            _ => return Err(format!("instance {} has more than one tiling", k + 1)),
        }
        out.push('\n');
    }
    Ok(out)
}

/// Pieces from a grid of piece indices (0..count), digits kept from `digits`.
fn instance_from_grid(grid: &[Vec<usize>], digits: &[u8]) -> Instance {
    let n = grid.len();
    let pieces = digits
        .iter()
        .enumerate()
        .filter_map(|(index, &digit)| {
            let cells: Vec<(usize, usize)> = (0..n * n)
                .map(|k| (k / n, k % n))
                .filter(|&(r, c)| grid[r][c] == index)
                .collect();
            if cells.is_empty() {
                return None;
            }
            let (min_r, min_c) = (cells[0].0, cells.iter().map(|c| c.1).min().unwrap_or(0));
            Some(Piece {
                digit,
                cells: cells.iter().map(|&(r, c)| (r - min_r, c - min_c)).collect(),
            })
        })
        .collect();
    Instance { n, pieces }
}

/// A random partition of an N x N square into P connected pieces of distinct
/// digits, grown from random seeds; redrawn until its tiling is unique.
fn random_instance(rng: &mut Rng) -> Instance {
    loop {
        // Mostly small squares (quick to shrink and read); sometimes large
        // ones, up to 20, where rows no longer fit in 64 bits.
        let n = if rng.below(4) == 0 {
            rng.between(6, 20)
        } else {
            rng.between(1, 5)
        };
        let p = rng.between(1, 9.min(n * n));
        let mut grid = vec![vec![usize::MAX; n]; n];
        let mut all: Vec<(usize, usize)> = (0..n * n).map(|k| (k / n, k % n)).collect();
        rng.shuffle(&mut all);
        for (piece, &(r, c)) in all.iter().take(p).enumerate() {
            grid[r][c] = piece;
        }
        let mut free = n * n - p;
        while free > 0 {
            let (r, c) = (rng.below(n), rng.below(n));
            if grid[r][c] != usize::MAX {
                continue;
            }
            let neighbours = [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ];
            let taken: Vec<usize> = neighbours
                .iter()
                .filter(|&&(y, x)| y < n && x < n && grid[y][x] != usize::MAX)
                .map(|&(y, x)| grid[y][x])
                .collect();
            if !taken.is_empty() {
                grid[r][c] = taken[rng.below(taken.len())];
                free -= 1;
            }
        }
        let mut digits: Vec<u8> = (b'1'..=b'9').collect();
        rng.shuffle(&mut digits);
        let mut instance = instance_from_grid(&grid, &digits[..p]);
        rng.shuffle(&mut instance.pieces);
        if tilings(&instance, 2).len() == 1 {
            return instance;
        }
    }
}

/// One or two random instances with unique tilings, then `0`.
pub fn generate(rng: &mut Rng) -> String {
    let count = rng.between(1, 2);
    let instances: Vec<Instance> = (0..count).map(|_| random_instance(rng)).collect();
    format(&instances)
}

/// The size of an input: per instance, its cells plus its pieces.
pub fn size(input: &str, _expected: &str) -> usize {
    parse(input)
        .map(|instances| instances.iter().map(|i| i.n * i.n + i.pieces.len()).sum())
        .unwrap_or(usize::MAX)
}

/// Smaller inputs: an instance dropped, or two touching pieces merged into one.
pub fn shrink(input: &str) -> Vec<String> {
    let Ok(instances) = parse(input) else {
        return Vec::new();
    };
    let mut candidates: Vec<String> = super::each_without_one(&instances)
        .iter()
        .map(|fewer| format(fewer))
        .collect();
    for (k, instance) in instances.iter().enumerate() {
        let Some(grid) = tilings(instance, 1).pop() else {
            continue;
        };
        let n = instance.n;
        let digits: Vec<u8> = instance.pieces.iter().map(|p| p.digit).collect();
        for keep in 0..digits.len() {
            for gone in 0..digits.len() {
                let touching = (0..n * n).any(|cell| {
                    let (r, c) = (cell / n, cell % n);
                    grid[r][c] == keep
                        && ((r + 1 < n && grid[r + 1][c] == gone)
                            || (c + 1 < n && grid[r][c + 1] == gone)
                            || (r > 0 && grid[r - 1][c] == gone)
                            || (c > 0 && grid[r][c - 1] == gone))
                });
                if keep == gone || !touching {
                    continue;
                }
                let merged: Vec<Vec<usize>> = grid
                    .iter()
                    .map(|row| {
                        row.iter()
                            .map(|&p| if p == gone { keep } else { p })
                            .collect()
                    })
                    .collect();
                let mut smaller = instances.clone();
                smaller[k] = instance_from_grid(&merged, &digits);
                candidates.push(format(&smaller));
            }
        }
    }
    candidates
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE_IN: &str = "7\n6\n3333\n33\n3333\n 33\n 33\n7  7\n7  7\n7777\n88888\n 6\n666\n 66\n  22\n222\n  2\n  5\n 55\n 55\n555\n5 5\n#\n0\n";
    const SAMPLE_OUT: &str = "8777333\n8733333\n8733323\n8777323\n8655222\n6665552\n6655555\n\n";

    #[test]
    fn reference_solves_the_statement_sample() {
        assert_eq!(reference(SAMPLE_IN).unwrap(), SAMPLE_OUT);
    }

    #[test]
    fn rotation_follows_the_worked_example() {
        // 223/233/113 has sums 569, 785, 965, 587: the third rotation wins.
        let square = vec![b"223".to_vec(), b"233".to_vec(), b"113".to_vec()];
        assert_eq!(
            best_rotation(square),
            vec![b"311".to_vec(), b"332".to_vec(), b"322".to_vec()]
        );
    }

    #[test]
    fn format_round_trips_and_generated_tilings_are_unique() {
        let mut rng = Rng::new(5);
        for _ in 0..10 {
            let text = generate(&mut rng);
            let instances = parse(&text).unwrap();
            assert_eq!(format(&instances), text);
            for instance in &instances {
                assert_eq!(tilings(instance, 2).len(), 1, "{text}");
            }
        }
    }

    /// An instance's tiling as digits turned four ways, with their row sums.
    fn turned(instance: &Instance) -> (Vec<u128>, Vec<Square>) {
        let grid = tilings(instance, 1).pop().expect("a tiling");
        let square = grid
            .iter()
            .map(|row| row.iter().map(|&p| instance.pieces[p].digit).collect())
            .collect();
        let turns = rotations(square);
        (turns.iter().map(|t| row_sum(t)).collect(), turns)
    }

    #[test]
    fn committed_cases_are_what_their_names_say() {
        for (name, input, _) in crate::verdict::committed_cases("uva745") {
            let instances = parse(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
            let promise = |holds: bool| assert!(holds, "{name} is not what its name says");
            match name.as_str() {
                "several-instances" => promise(instances.len() >= 3),
                "n-1" => promise(instances.iter().all(|i| i.n == 1)),
                "holes-and-leading-blanks" => {
                    promise(input.lines().any(|l| l.starts_with(' ') && l.trim() != ""));
                    promise(input.lines().any(|l| l.trim().contains(' ')));
                }
                "tie-between-rotations" => {
                    promise(instances.iter().map(turned).any(|(sums, turns)| {
                        // Tied rotations that look different: the earliest must win.
                        let most = sums.iter().max();
                        let tied: Vec<usize> = (0..4).filter(|&k| sums.get(k) == most).collect();
                        tied.iter().any(|&k| turns[k] != turns[tied[0]])
                    }))
                }
                "n-20-nine-pieces" => {
                    promise(instances.iter().all(|i| (i.n, i.pieces.len()) == (20, 9)));
                    for (sums, _) in instances.iter().map(turned) {
                        // Past 64 bits, and wrapped sums would pick another rotation.
                        promise(sums.iter().all(|&s| s > u128::from(u64::MAX)));
                        let best = |values: Vec<u128>| {
                            let most = values.iter().max().copied();
                            values.iter().position(|&v| Some(v) == most)
                        };
                        let wrapped = sums.iter().map(|&s| u128::from(s as u64)).collect();
                        promise(best(wrapped) != best(sums));
                    }
                }
                _ => {}
            }
        }
    }
}
