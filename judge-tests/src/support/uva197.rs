//! UVa 197 (the Soma cube) from the judge's side: a brute-force reference
//! that lists every assembly, a generator of placements of piece `a`, a shrinker.
//!
//! ```
//! use judge_tests::support::uva197;
//! let answer = uva197::reference("aa.a..a....................\n").unwrap();
//! assert_eq!(answer.lines().count(), 480 + 1);
//! ```
//!
//! Cells are `plane*9 + row*3 + col`. Rotations are the 24 signed permutation
//! matrices of determinant +1 (no mirror images). The input fixes only the
//! orientation of `a`: the statement's second sample case answers with `a`
//! moved one plane forward, and 480 assemblies per case (240 solutions and
//! their mirror images) is 11520 / 24, every rotated assembly over the 24
//! orientations of `a`. The search fills the first empty cell with every
//! unused piece in every allowed shape, anchored there.

use super::{Generator, Support};
use crate::rng::Rng;

/// What the harness knows of this problem.
pub const SUPPORT: Support = Support {
    id: "uva197",
    reference: Some(reference),
    generator: Some(Generator {
        generate,
        shrink,
        size,
    }),
    checker: None,
    classes: &[],
};

type Cell = [i32; 3];

/// The pieces as (plane, row, col) cells, read off the statement's sample answer.
pub const PIECES: [(u8, &[Cell]); 7] = [
    (b'a', &[[0, 0, 0], [0, 1, 0], [0, 2, 0], [0, 2, 1]]),
    (b'b', &[[1, 1, 0], [2, 1, 0], [2, 2, 0]]),
    (b'c', &[[0, 0, 2], [0, 1, 1], [0, 1, 2], [0, 2, 2]]),
    (b'd', &[[0, 0, 1], [1, 0, 0], [1, 0, 1], [2, 0, 0]]),
    (b'e', &[[1, 2, 2], [2, 1, 2], [2, 2, 1], [2, 2, 2]]),
    (b'f', &[[1, 1, 1], [1, 2, 0], [1, 2, 1], [2, 1, 1]]),
    (b'g', &[[1, 0, 2], [1, 1, 2], [2, 0, 1], [2, 0, 2]]),
];

fn cells_of(piece: usize) -> Vec<Cell> {
    PIECES[piece].1.to_vec()
}

fn normalise(mut cells: Vec<Cell>) -> Vec<Cell> {
    for axis in 0..3 {
        let min = cells.iter().map(|c| c[axis]).min().unwrap_or(0);
        for cell in &mut cells {
            cell[axis] -= min;
        }
    }
    cells.sort_unstable();
    cells
}

/// The 24 proper rotations: permutations of the axes with signs, determinant +1.
fn rotations() -> Vec<[[i32; 3]; 3]> {
    let permutations = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let parity = [1, -1, -1, 1, 1, -1];
    let mut all = Vec::new();
    for (perm, sign) in permutations.iter().zip(parity) {
        for signs in 0..8 {
            let s = [1 - 2 * (signs & 1), 1 - (signs & 2), 1 - ((signs & 4) >> 1)];
            if sign * s[0] * s[1] * s[2] != 1 {
                continue;
            }
            let mut m = [[0; 3]; 3];
            for row in 0..3 {
                m[row][perm[row]] = s[row];
            }
            all.push(m);
        }
    }
    all
}

fn rotate(m: &[[i32; 3]; 3], cells: &[Cell]) -> Vec<Cell> {
    cells
        .iter()
        .map(|c| {
            let mut out = [0; 3];
            for (row, value) in out.iter_mut().enumerate() {
                *value = (0..3).map(|k| m[row][k] * c[k]).sum();
            }
            out
        })
        .collect()
}

/// Distinct normalised rotations of a piece.
fn orientations(piece: usize) -> Vec<Vec<Cell>> {
    let mut all: Vec<Vec<Cell>> = Vec::new();
    for m in rotations() {
        let shape = normalise(rotate(&m, &cells_of(piece)));
        if !all.contains(&shape) {
            all.push(shape);
        }
    }
    all
}

fn index(c: Cell) -> usize {
    (c[0] * 9 + c[1] * 3 + c[2]) as usize
}

/// The cell of a cube index.
fn cell(k: usize) -> Cell {
    [(k / 9) as i32, (k / 3 % 3) as i32, (k % 3) as i32]
}

/// A shape moved so that its first cell (in index order) is the origin.
fn anchored(cells: Vec<Cell>) -> Vec<Cell> {
    let anchor = cells[0];
    cells
        .iter()
        .map(|c| [c[0] - anchor[0], c[1] - anchor[1], c[2] - anchor[2]])
        .collect()
}

/// Fills the first empty cell with every unused piece in every allowed
/// shape anchored there; `table[piece]` lists the shapes.
struct Search<'a> {
    table: &'a [Vec<Vec<Cell>>],
    cube: [u8; 27],
    used: [bool; 7],
    found: Vec<String>,
}

impl Search<'_> {
    /// The cube indices of `shape` anchored at `at`, if it fits in the empty cells.
    fn fit(&self, shape: &[Cell], at: Cell) -> Option<Vec<usize>> {
        shape
            .iter()
            .map(|d| [at[0] + d[0], at[1] + d[1], at[2] + d[2]])
            .map(|c| (c.iter().all(|v| (0..3).contains(v))).then(|| index(c)))
            .map(|k| k.filter(|&k| self.cube[k] == b'.'))
            .collect()
    }

    fn paint(&mut self, cells: &[usize], value: u8) {
        for &k in cells {
            self.cube[k] = value;
        }
    }

    fn go(&mut self) {
        let Some(k) = self.cube.iter().position(|&b| b == b'.') else {
            self.found
                .push(String::from_utf8_lossy(&self.cube).into_owned());
            return;
        };
        let table = self.table;
        for (piece, shapes) in table.iter().enumerate() {
            if self.used[piece] {
                continue;
            }
            for shape in shapes {
                let Some(cells) = self.fit(shape, cell(k)) else {
                    continue;
                };
                self.used[piece] = true;
                self.paint(&cells, b'a' + piece as u8);
                self.go();
                self.paint(&cells, b'.');
                self.used[piece] = false;
            }
        }
    }
}

/// Every assembly with piece `a` in the orientation of `a_cells` (anywhere:
/// `a` may be translated) and the other pieces in any rotation, sorted.
fn assemblies(a_cells: &[usize]) -> Vec<String> {
    let a_shape = normalise(a_cells.iter().map(|&k| cell(k)).collect());
    let mut table: Vec<Vec<Vec<Cell>>> = vec![vec![anchored(a_shape)]];
    table.extend((1..7).map(|piece| orientations(piece).into_iter().map(anchored).collect()));
    let mut search = Search {
        table: &table,
        cube: [b'.'; 27],
        used: [false; 7],
        found: Vec::new(),
    };
    search.go();
    search.found.sort();
    search.found
}

/// The cells of piece `a` on one input line, checked to be a rotated, translated `a`.
fn parse_line(line_no: usize, line: &str) -> Result<Vec<usize>, String> {
    if line.len() != 27 || line.bytes().any(|b| b != b'a' && b != b'.') {
        return Err(format!("line {line_no}: expected 27 characters `a` or `.`"));
    }
    let cells: Vec<usize> = line
        .bytes()
        .enumerate()
        .filter(|(_, b)| *b == b'a')
        .map(|(k, _)| k)
        .collect();
    let shape = normalise(cells.iter().map(|&k| cell(k)).collect());
    if !orientations(0).contains(&shape) {
        return Err(format!("line {line_no}: not a placement of piece a"));
    }
    Ok(cells)
}

fn case_lines(input: &str) -> Vec<&str> {
    input
        .lines()
        .map(|l| l.trim_end_matches('\r'))
        .take_while(|l| !l.is_empty())
        .collect()
}

/// The expected output: per case every assembly, sorted, then an empty line.
pub fn reference(input: &str) -> Result<String, String> {
    let mut out = String::new();
    for (i, line) in case_lines(input).into_iter().enumerate() {
        for assembly in assemblies(&parse_line(i + 1, line)?) {
            out.push_str(&assembly);
            out.push('\n');
        }
        out.push('\n');
    }
    Ok(out)
}

/// One to three random placements of `a`: a random rotation, a random translation.
pub fn generate(rng: &mut Rng) -> String {
    let shapes = orientations(0);
    let mut text = String::new();
    for _ in 0..rng.between(1, 3) {
        let shape = &shapes[rng.below(shapes.len())];
        let span = |axis: usize| shape.iter().map(|c| c[axis]).max().unwrap_or(0);
        let offset: Vec<i32> = (0..3)
            .map(|axis| rng.below((3 - span(axis)) as usize) as i32)
            .collect();
        let mut line = [b'.'; 27];
        for c in shape {
            line[index([c[0] + offset[0], c[1] + offset[1], c[2] + offset[2]])] = b'a';
        }
        text.push_str(&String::from_utf8_lossy(&line));
        text.push('\n');
    }
    text
}

/// The size of an input is its number of cases.
pub fn size(input: &str, _expected: &str) -> usize {
    case_lines(input).len()
}

/// Smaller inputs: one case dropped.
pub fn shrink(input: &str) -> Vec<String> {
    let lines = case_lines(input);
    if lines.len() < 2 {
        return Vec::new();
    }
    (0..lines.len())
        .map(|drop| {
            lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != drop)
                .map(|(_, l)| format!("{l}\n"))
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_four_rotations_and_a_has_twenty_four_orientations() {
        assert_eq!(rotations().len(), 24);
        // No rotation maps the L tetracube onto itself (in-plane turns change
        // it, flips mirror it), so all 24 rotations give distinct shapes.
        assert_eq!(orientations(0).len(), 24);
    }

    #[test]
    fn both_statement_cases_have_480_assemblies_including_the_quoted_ones() {
        let first = reference("aa.a..a....................\n").unwrap();
        let lines: Vec<&str> = first.lines().collect();
        assert_eq!(lines.len(), 481);
        assert_eq!(lines[0], "aababbadceffgdcgdceefedfggc");
        for quoted in ["aababbadcggeffcddcgeegfedfc", "aababbadcffegfcddcfeeggedgc"] {
            assert!(lines.contains(&quoted), "{quoted}");
        }
        let second = reference(".........a..a..aa..........\n").unwrap();
        assert!(second.lines().any(|l| l == "adcaccaacfddfebgeeffdggbgeb"));
        assert_eq!(second.lines().count(), 481);
    }

    #[test]
    fn bad_lines_are_errors() {
        assert!(reference("aaa.a......................\n")
            .unwrap_err()
            .contains("not a placement"));
        assert!(reference("aa.a..a\n")
            .unwrap_err()
            .contains("27 characters"));
    }

    #[test]
    fn the_pieces_fill_the_cube() {
        let sizes: Vec<usize> = PIECES.iter().map(|(_, cells)| cells.len()).collect();
        assert_eq!(sizes, [4, 3, 4, 4, 4, 4, 4]);
    }

    #[test]
    fn assemblies_are_sorted_distinct_and_made_of_the_pieces() {
        let case = "aa.a..a....................";
        let answer = reference(case).unwrap();
        let lines: Vec<&str> = answer.lines().take_while(|l| !l.is_empty()).collect();
        assert!(lines.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
        let a_shape: Vec<Cell> = parse_line(1, case).unwrap().into_iter().map(cell).collect();
        for line in lines {
            for (piece, (letter, _)) in PIECES.iter().enumerate() {
                let cells: Vec<Cell> = (0..27)
                    .filter(|&k| line.as_bytes()[k] == *letter)
                    .map(cell)
                    .collect();
                let shape = normalise(cells);
                let fits = match piece {
                    0 => shape == normalise(a_shape.clone()),
                    _ => orientations(piece).contains(&shape),
                };
                assert!(
                    fits,
                    "{line}: piece {} is not one of its shapes",
                    *letter as char
                );
            }
        }
    }

    #[test]
    fn only_the_orientation_of_a_matters_not_its_place() {
        // The statement's second case is the table's piece a moved back a plane.
        let front = reference("a..a..aa...................\n").unwrap();
        assert_eq!(front, reference(".........a..a..aa..........\n").unwrap());
    }

    #[test]
    fn the_orientations_case_holds_all_24_orientations_of_a() {
        let cases = crate::verdict::committed_cases("uva197");
        let (_, input, _) = cases
            .iter()
            .find(|(name, _, _)| name == "orientations-24")
            .unwrap();
        let shapes: std::collections::BTreeSet<Vec<Cell>> = case_lines(input)
            .iter()
            .zip(1..)
            .map(|(line, number)| parse_line(number, line).unwrap())
            .map(|cells| normalise(cells.into_iter().map(cell).collect()))
            .collect();
        assert_eq!(shapes.len(), 24);
    }
}
