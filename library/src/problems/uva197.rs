//! UVa 197, Cube: every assembly of the 3x3x3 cube from the seven Soma
//! pieces, with piece `a` kept in the orientation the input gives it.
//!
//! ```
//! use library::{input, problems::uva197};
//!
//! let answer = input::answer(uva197::solve, "aa.a..a....................\n")?;
//! let lines: Vec<&str> = answer.lines().collect();
//! assert_eq!(lines.len(), 481); // 480 assemblies, then the empty line
//! assert_eq!(lines[0], "aababbadceffgdcgdceefedfggc");
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! The exact cover is the usual one for the Soma cube (TAOCP 7.2.2.1): an
//! item per cell and per piece; an option per placement of a piece,
//! naming the piece and its cells. Pieces `b`–`g` are placed in every
//! distinct proper rotation (no mirror images) and translation; piece `a`
//! only in the translations of the input's shape. Each case therefore has
//! 480 assemblies: the 11520 of the cube with rotatable pieces, divided by
//! the 24 orientations of `a`, none of which coincide.

// The bitset engine: same search, about 2.2x faster than dancing links on
// this problem's judge cases.
use crate::dlx::{bitset::Solver, Search};
use crate::geometry::{self, Board, Point, Symmetry};
use crate::input::{self, Error, Lines};
use crate::tiling::Tiling;
use std::io::Write;

/// A cube cell as (plane, row, column), each 0..3; plane 0 is the front,
/// row 0 the top, column 0 the left. Cell `[p, r, c]` is number
/// `9p + 3r + c`, its place in the cube's sorted cells.
type Cell = Point<3>;

/// The pieces and their cells as the statement's sample answer
/// `adcaccaacddgbfgffedggbfebee` places them.
const PIECES: [(u8, &[Cell]); 7] = [
    (b'a', &[[0, 0, 0], [0, 1, 0], [0, 2, 0], [0, 2, 1]]),
    (b'b', &[[1, 1, 0], [2, 1, 0], [2, 2, 0]]),
    (b'c', &[[0, 0, 2], [0, 1, 1], [0, 1, 2], [0, 2, 2]]),
    (b'd', &[[0, 0, 1], [1, 0, 0], [1, 0, 1], [2, 0, 0]]),
    (b'e', &[[1, 2, 2], [2, 1, 2], [2, 2, 1], [2, 2, 2]]),
    (b'f', &[[1, 1, 1], [1, 2, 0], [1, 2, 1], [2, 1, 1]]),
    (b'g', &[[1, 0, 2], [1, 1, 2], [2, 0, 1], [2, 0, 2]]),
];

/// Cells of the cube, and the number of characters of a case line.
const CELLS: usize = 27;

/// Solves every case of `input`: one line per case, up to the end or an
/// empty line. Each case's assemblies come sorted, then an empty line,
/// written before the next case is read.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let cube = cube();
    let rotations = Symmetry::rotations();
    // Pieces b-g go in the same places in every case; only a's change.
    let mut others = Tiling::new(PIECES.len(), CELLS);
    for (piece, &(_, shape)) in PIECES.iter().enumerate().skip(1) {
        for orientation in geometry::base_placements(shape, &rotations) {
            for cells in cube.placements(&orientation) {
                others.place(piece, &cells);
            }
        }
    }
    let a_orientations = geometry::base_placements(PIECES[0].1, &rotations);
    let mut text = Vec::new();
    for line in Lines::new(input) {
        // Trailing blanks are invisible in a judge's file; ignore them.
        if line.trimmed().is_empty() {
            break;
        }
        let shape = parse_case(&line)?;
        if !a_orientations.contains(&shape) {
            return Err(Error::at(
                line.number,
                "the 'a' cells are not piece a in some rotation",
            ));
        }
        let mut tiling = others.clone();
        for cells in cube.placements(&shape) {
            tiling.place(0, &cells);
        }
        text.clear();
        for assembly in assemblies(&tiling) {
            text.extend_from_slice(&assembly);
            text.push(b'\n');
        }
        text.push(b'\n');
        out.write_all(&text)?;
    }
    Ok(())
}

/// Runs the solver on stdin as the judge does.
pub fn main() {
    input::run(solve)
}

/// The cells of piece `a` in one case line, normalized
/// ([`geometry::normalize`]).
fn parse_case(line: &input::Line) -> Result<Vec<Cell>, Error> {
    let number = line.number;
    let mut cells = Vec::new();
    let mut length = 0;
    for (k, &ch) in line.trimmed().iter().enumerate() {
        if ch != b'a' && ch != b'.' {
            return Err(line.expected_at(k, "'a' or '.'"));
        }
        if k == CELLS {
            return Err(Error::at_column(
                number,
                k + 1,
                format!("a case has {CELLS} characters; this line is longer"),
            ));
        }
        if ch == b'a' {
            cells.push([(k / 9) as i32, (k / 3 % 3) as i32, (k % 3) as i32]);
        }
        length = k + 1;
    }
    if length < CELLS {
        return Err(Error::at(
            number,
            format!("a case has {CELLS} characters; this line has {length}"),
        ));
    }
    let size = PIECES[0].1.len();
    if cells.len() != size {
        return Err(Error::at(
            number,
            format!("piece a has {size} cells; this line has {}", cells.len()),
        ));
    }
    Ok(geometry::normalize(&cells))
}

/// The 27 cells of the cube.
fn cube() -> Board<3> {
    let cells: Vec<Cell> = (0..27).map(|k| [k / 9, k / 3 % 3, k % 3]).collect();
    Board::new(&cells)
}

/// Every assembly of `tiling` as the piece letter of each cell, sorted.
fn assemblies(tiling: &Tiling) -> Vec<Vec<u8>> {
    let mut found = Vec::new();
    Solver::new(tiling.problem()).for_each(|solution| {
        let pieces = tiling.pieces_by_cell(solution);
        found.push(pieces.iter().map(|&p| PIECES[p].0).collect());
    });
    found.sort_unstable();
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn run(text: &str) -> Result<String, Error> {
        input::answer(solve, text)
    }

    const SAMPLE: &str = "aa.a..a....................\n.........a..a..aa..........\n";

    fn cases(answer: &str) -> Vec<Vec<&str>> {
        let mut blocks = vec![Vec::new()];
        for line in answer.lines() {
            if line.is_empty() {
                blocks.push(Vec::new());
            } else {
                blocks.last_mut().unwrap().push(line);
            }
        }
        assert_eq!(
            blocks.pop(),
            Some(Vec::new()),
            "every case ends with an empty line"
        );
        blocks
    }

    /// 10 000 cases make 134 MB of output: each case's is written before
    /// the next is read, never all held at once.
    #[test]
    fn each_case_is_written_before_the_next() {
        let mut writes = input::Writes::default();
        solve(SAMPLE.as_bytes(), &mut writes).unwrap();
        assert_eq!(writes.0.len(), 2);
        let whole = run(SAMPLE).unwrap();
        assert_eq!(writes.0.concat(), whole.as_bytes());
        assert_eq!(writes.0[0].len(), 480 * 28 + 1);
    }

    #[test]
    fn sample_has_the_lines_the_statement_quotes() {
        let answer = run(SAMPLE).unwrap();
        assert!(answer.ends_with("\n\n"));
        let blocks = cases(&answer);
        assert_eq!(blocks.len(), 2);
        for block in &blocks {
            assert_eq!(block.len(), 480);
            assert!(block.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
        }
        assert_eq!(blocks[0][0], "aababbadceffgdcgdceefedfggc");
        for quoted in [
            "aababbadcggeffcddcgeegfedfc",
            "aababbadceffgdcgdceefedfggc",
            "aababbadcffegfcddcfeeggedgc",
        ] {
            assert!(blocks[0].contains(&quoted), "{quoted}");
        }
        assert!(blocks[1].contains(&"adcaccaacfddfebgeeffdggbgeb"));
    }

    #[test]
    fn there_are_24_rotations_and_piece_a_has_24_orientations() {
        let rotations = Symmetry::rotations();
        assert_eq!(rotations.len(), 24);
        let orientations = |shape| geometry::base_placements(shape, &rotations);
        assert_eq!(orientations(PIECES[0].1).len(), 24);
        // The three-cube V looks the same after 2 of the 24 rotations.
        assert_eq!(orientations(PIECES[1].1).len(), 12);
    }

    #[test]
    fn mirror_images_are_not_rotations() {
        // Pieces f and g are the two screws, each the other's mirror image.
        let rotations = Symmetry::rotations();
        let orientations = |shape| geometry::base_placements(shape, &rotations);
        let mirror: Vec<Cell> = PIECES[5].1.iter().map(|&[p, r, c]| [p, r, -c]).collect();
        let mirror = geometry::normalize(&mirror);
        assert!(!orientations(PIECES[5].1).contains(&mirror));
        assert!(orientations(PIECES[6].1).contains(&mirror));
    }

    #[test]
    fn input_ends_at_an_empty_line_or_the_end() {
        assert_eq!(run("").unwrap(), "");
        assert_eq!(run("\n").unwrap(), "");
        let one = run("aa.a..a....................").unwrap();
        assert_eq!(
            run("aa.a..a....................\r\n\r\nnot a case\n").unwrap(),
            one
        );
        assert_eq!(one.lines().count(), 481);
        let blanks = "aa.a..a.................... \t\n  \nnot a case\n";
        assert_eq!(run(blanks).unwrap(), one);
    }

    #[test]
    fn a_translated_shape_gives_the_same_assemblies() {
        // Case 2 of the sample is piece a as the table gives it, moved back.
        let front = run("a..a..aa...................\n").unwrap();
        let middle = run(".........a..a..aa..........\n").unwrap();
        assert_eq!(front, middle);
    }

    /// A byte that is not UTF-8 is named with its place; after the empty
    /// line that ends the input, nothing is read.
    #[test]
    fn bytes_that_are_not_utf8() {
        let mut input = SAMPLE.as_bytes().to_vec();
        input[3] = 0xc3;
        let error = solve(&input, &mut Vec::new()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "input:1:4: expected 'a' or '.', found byte 0xc3"
        );
        let mut ended = SAMPLE.as_bytes().to_vec();
        ended.extend_from_slice(b"\n\xff\xfe after the end\n");
        let mut out = Vec::new();
        solve(&ended, &mut out).unwrap();
        assert_eq!(out, run(SAMPLE).unwrap().as_bytes());
    }

    #[test]
    fn bad_lines_are_errors_with_their_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        assert_eq!(
            error("aa.a..a....................\naa.a..a...x................\n"),
            "input:2:11: expected 'a' or '.', found 'x'"
        );
        assert_eq!(
            error("aa.a..a.................\n"),
            "input:1: a case has 27 characters; this line has 24"
        );
        assert_eq!(
            error("aa.a..a.....................\n"),
            "input:1:28: a case has 27 characters; this line is longer"
        );
        assert_eq!(
            error("aa.a..a...... .............\n"),
            "input:1:14: expected 'a' or '.', found ' '"
        );
        assert_eq!(
            error("aa.aa......................\n"),
            "input:1: the 'a' cells are not piece a in some rotation"
        );
        assert_eq!(
            error("aa.a.......................\n"),
            "input:1: piece a has 4 cells; this line has 3"
        );
        assert_eq!(
            error("aa.a..a..a.................\n"),
            "input:1: piece a has 4 cells; this line has 5"
        );
        // Four cells that do not touch are no piece at all.
        assert_eq!(
            error("a.a.....a...........a......\n"),
            "input:1: the 'a' cells are not piece a in some rotation"
        );
        // Piece c (a T) has four cells too, but it is not piece a.
        assert_eq!(
            error(".........aaa.a.............\n"),
            "input:1: the 'a' cells are not piece a in some rotation"
        );
        assert_eq!(
            error("aé.a..a....................\n"),
            "input:1:2: expected 'a' or '.', found 'é'"
        );
    }

    proptest! {
        #[test]
        fn random_text_never_panics(text in "\\PC{0,80}") {
            let _ = run(&text);
        }

        #[test]
        fn random_case_lines_never_panic(text in "[a.\n]{0,60}") {
            let _ = run(&text);
        }
    }
}
