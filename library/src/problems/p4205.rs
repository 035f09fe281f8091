//! Luogu P4205, NOI2005 bead game (智慧珠游戏): complete a triangle of 55
//! cells with the twelve pieces `A`–`L`.
//!
//! ```
//! use library::problems::p4205;
//!
//! let board = ".\n..\n...\n....\n.....\n.....C\n...CCC.\nEEEHH...\nE.HHH....\nE.........\n";
//! let answer = library::input::answer(p4205::solve, board)?;
//! assert_eq!(answer.lines().next(), Some("B"));
//! assert_eq!(answer.lines().last(), Some("ELLLLIFFFF"));
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! # Exact cover
//!
//! All items are primary: the pieces `A`..`L` are items 0..12, then come
//! the cells row by row (cell `r_c`, row `r` and column `c <= r` counted
//! from 0, is item `12 + r(r+1)/2 + c`). A piece not yet on the board has
//! an option for every orientation (in lexicographic order of its sorted
//! cells) and every position (row-major) where it lies on empty cells; a
//! piece already on the board has one option, the cells it covers. On the
//! empty board this is `instances/p4205-empty.dlx` option for option, so
//! the search walks the very tree whose size that file's counts record.
//!
//! # Input
//!
//! Ten lines, line `i` with `i` cells, each `.` or a piece letter. Blanks
//! at the end of a line and blank lines after the tenth are ignored: they
//! carry nothing and old contest data often has them. Everything else that
//! differs from the statement is an error naming its line, including a
//! pre-placed piece that is not exactly one orientation of itself (the
//! statement promises complete pieces; a broken promise is reported rather
//! than silently solved around).

// The bitset engine: same search, about 2.8x faster than dancing links on
// this problem's judge cases (1644 options of at most 6 items).
use crate::dlx::{bitset::Solver, Search};
use crate::geometry::{self, Point, Symmetry};
use crate::input::{self, Error, Lines};
use crate::tiling::Tiling;
use std::io::Write;

/// Rows of the triangle; row `r` (from 0) has `r + 1` cells.
const ROWS: usize = 10;
const CELLS: usize = ROWS * (ROWS + 1) / 2;
const PIECES: usize = 12;

/// One orientation of each piece, as the statement's table draws it:
/// rows separated by `/`, `#` a bead.
const PIECE_PICTURES: [&str; PIECES] = [
    ".#/##",
    "#/#/#/#",
    "..#/###",
    "##/##",
    "###/#../#..",
    "..#./####",
    "#.#/###",
    ".##/###",
    ".#/##/#./#.",
    ".#./###/.#.",
    "#../##./.##",
    "#.../####",
];

/// A piece in one orientation: its beads as `[row, column]`, normalized
/// ([`geometry::normalize`]).
type Shape = Vec<Point<2>>;

/// The board, cell by cell in row-major order: the piece (0 = `A`) on it,
/// or `None` if it is empty.
type Board = [Option<u8>; CELLS];

/// Solves one board: writes the completed board, or `No solution`.
///
/// # Errors
/// A line count or line length that is not the triangle's, a character
/// other than `.` and `A`–`L`, or a pre-placed piece whose cells are not
/// one orientation of that piece.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let board = parse(input)?;
    let orientations: Vec<Vec<Shape>> = PIECE_PICTURES.iter().map(|p| orientations(p)).collect();
    let tiling = exact_cover(&board, &orientations)?;
    let text = match Solver::new(tiling.problem()).first() {
        Some(solution) => format(&tiling.pieces_by_cell(&solution)),
        None => "No solution\n".to_string(),
    };
    Ok(out.write_all(text.as_bytes())?)
}

/// Reads stdin, writes the answer: what the submission runs.
pub fn main() {
    input::run(solve)
}

/// Every distinct orientation (rotations and mirror images) of the piece
/// drawn in `picture`, sorted.
fn orientations(picture: &str) -> Vec<Shape> {
    let beads: Vec<Point<2>> = picture
        .split('/')
        .enumerate()
        .flat_map(|(r, row)| {
            row.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'#')
                .map(move |(c, _)| [r as i32, c as i32])
        })
        .collect();
    let mut shapes = geometry::base_placements(&beads, &Symmetry::all());
    shapes.sort();
    shapes
}

/// The index of cell (`row`, `column`) in a [`Board`].
fn cell_index(row: usize, column: usize) -> usize {
    row * (row + 1) / 2 + column
}

/// The `[row, column]` of every cell, in [`Board`] order.
fn triangle() -> Vec<Point<2>> {
    (0..ROWS as i32)
        .flat_map(|r| (0..=r).map(move |c| [r, c]))
        .collect()
}

fn parse(input: &[u8]) -> Result<Board, Error> {
    let mut board: Board = [None; CELLS];
    let mut rows = 0;
    for line in Lines::new(input) {
        let number = line.number;
        let text = line.trimmed();
        if number > ROWS {
            if text.is_empty() {
                continue;
            }
            return Err(Error::at(
                number,
                format!("expected {ROWS} lines, found more"),
            ));
        }
        let row = number - 1;
        let mut width = 0;
        for (column, &b) in text.iter().enumerate() {
            let piece = match b {
                b'.' => None,
                b'A'..=b'L' => Some(b - b'A'),
                _ => return Err(line.expected_at(column, "'.' or a piece letter A-L")),
            };
            if column <= row {
                board[cell_index(row, column)] = piece;
            }
            width = column + 1;
        }
        if width != number {
            return Err(Error::at(
                number,
                format!("line {number} must have {number} cells, found {width}"),
            ));
        }
        rows = number;
    }
    if rows < ROWS {
        return Err(Error::at(
            rows + 1,
            format!("expected {ROWS} lines, found {rows}"),
        ));
    }
    Ok(board)
}

/// The exact-cover problem of the board (see the module docs).
///
/// # Errors
/// A piece on the board that covers no placement of itself; the error
/// names its first cell.
fn exact_cover(board: &Board, orientations: &[Vec<Shape>]) -> Result<Tiling, Error> {
    let points = triangle();
    // The triangle numbers its cells row by row, as the board does.
    let triangle = geometry::Board::new(&points);
    let mut tiling = Tiling::new(PIECES, CELLS);
    for (piece, shapes) in orientations.iter().enumerate() {
        let placed: Vec<usize> = (0..CELLS)
            .filter(|&i| board[i] == Some(piece as u8))
            .collect();
        let mut kept = false;
        for shape in shapes {
            for covered in triangle.placements(shape) {
                // A piece on the board keeps the one placement that covers
                // its cells (both in board order); the others go on empty
                // cells.
                let free = placed.is_empty() && covered.iter().all(|&i| board[i].is_none());
                if free || covered == placed {
                    tiling.place(piece, &covered);
                    kept = true;
                }
            }
        }
        if let (false, Some(&first)) = (kept, placed.first()) {
            let [row, column] = points[first];
            let letter = char::from(b'A' + piece as u8);
            return Err(Error::at_column(
                row as usize + 1,
                column as usize + 1,
                format!(
                    "piece {letter} (first cell here) covers {} cells that are not one \
                     orientation of {letter} ({} beads, rotated or mirrored)",
                    placed.len(),
                    shapes[0].len()
                ),
            ));
        }
    }
    Ok(tiling)
}

/// The completed board: the piece on each cell, in [`Board`] order.
fn format(pieces: &[usize]) -> String {
    let mut out = String::with_capacity(CELLS + ROWS);
    for (i, &[r, c]) in triangle().iter().enumerate() {
        out.push(char::from(b'A' + pieces[i] as u8));
        if c == r {
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn run(text: &str) -> Result<String, Error> {
        input::answer(solve, text)
    }

    const SAMPLE: &str =
        ".\n..\n...\n....\n.....\n.....C\n...CCC.\nEEEHH...\nE.HHH....\nE.........\n";
    /// The sample's answer, from the statement.
    const SAMPLE_ANSWER: &str =
        "B\nBK\nBKK\nBJKK\nJJJDD\nGJGDDC\nGGGCCCI\nEEEHHIIA\nELHHHIAAF\nELLLLIFFFF\n";

    fn all_orientations() -> Vec<Vec<Shape>> {
        PIECE_PICTURES.iter().map(|p| orientations(p)).collect()
    }

    fn error_of(text: &str) -> Error {
        run(text).expect_err("the input is bad")
    }

    /// A byte that is not UTF-8 is named with its place.
    #[test]
    fn a_byte_that_is_not_utf8_is_named_with_its_place() {
        let mut input = SAMPLE.as_bytes().to_vec();
        input[SAMPLE.find("...CCC").unwrap() + 1] = 0xa0;
        let error = solve(&input, &mut Vec::new()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "input:7:2: expected '.' or a piece letter A-L, found byte 0xa0"
        );
    }

    #[test]
    fn sample() {
        assert_eq!(run(SAMPLE).as_deref(), Ok(SAMPLE_ANSWER));
    }

    #[test]
    fn crlf_and_trailing_blanks_read_like_the_plain_sample() {
        let crlf = SAMPLE.replace('\n', "\r\n");
        assert_eq!(run(&crlf).as_deref(), Ok(SAMPLE_ANSWER));
        let blanks = SAMPLE.replace('\n', "  \n") + "\n\n";
        assert_eq!(run(&blanks).as_deref(), Ok(SAMPLE_ANSWER));
        let no_final_newline = SAMPLE.trim_end();
        assert_eq!(run(no_final_newline).as_deref(), Ok(SAMPLE_ANSWER));
    }

    #[test]
    fn sixty_shapes_as_the_statement_says() {
        let counts: Vec<usize> = all_orientations().iter().map(Vec::len).collect();
        assert_eq!(counts, [4, 2, 8, 1, 4, 8, 4, 8, 8, 1, 4, 8]);
        assert_eq!(counts.iter().sum::<usize>(), 60);
        let sizes: Vec<usize> = all_orientations().iter().map(|s| s[0].len()).collect();
        assert_eq!(sizes, [3, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5]);
        assert_eq!(sizes.iter().sum::<usize>(), CELLS);
    }

    #[test]
    fn every_piece_of_the_sample_answer_is_one_orientation() {
        let board = parse(SAMPLE_ANSWER.as_bytes()).expect("the answer is a board");
        let tiling = exact_cover(&board, &all_orientations()).expect("whole pieces");
        // One option per piece: where it is.
        assert_eq!(tiling.problem().options(), PIECES);
    }

    #[test]
    fn empty_board_is_the_reference_instance_option_for_option() {
        let text = include_bytes!("../../instances/p4205-empty.dlx").to_vec();
        let instance = crate::dlx::text::parse(text).expect("the reference instance parses");
        let tiling = exact_cover(&[None; CELLS], &all_orientations()).unwrap();
        let problem = tiling.problem();
        assert_eq!(problem.primary(), instance.problem.primary());
        assert_eq!(problem.options(), instance.problem.options());
        for k in 0..problem.options() {
            assert_eq!(
                problem.option(k).collect::<Vec<_>>(),
                instance.problem.option(k).collect::<Vec<_>>(),
                "option {k}: {}",
                instance.option_text(k)
            );
        }
    }

    #[test]
    fn an_isolated_corner_has_no_solution() {
        // D fills rows 2 and 3, so the top cell has no neighbour left.
        let board = ".\nDD\nDD.\n....\n.....\n......\n.......\n........\n.........\n..........\n";
        assert_eq!(run(board).as_deref(), Ok("No solution\n"));
    }

    #[test]
    fn a_full_board_is_its_own_answer() {
        assert_eq!(run(SAMPLE_ANSWER).as_deref(), Ok(SAMPLE_ANSWER));
    }

    #[test]
    fn wrong_line_counts_name_the_line() {
        let nine: String = SAMPLE.lines().take(9).map(|l| format!("{l}\n")).collect();
        assert_eq!(error_of(&nine), Error::at(10, "expected 10 lines, found 9"));
        assert_eq!(error_of(""), Error::at(1, "expected 10 lines, found 0"));
        let eleven = format!("{SAMPLE}\n...........\n");
        assert_eq!(
            error_of(&eleven),
            Error::at(12, "expected 10 lines, found more")
        );
    }

    #[test]
    fn wrong_line_lengths_name_the_line() {
        let short = SAMPLE.replace("\n.....C\n", "\n....C\n");
        assert_eq!(
            error_of(&short),
            Error::at(6, "line 6 must have 6 cells, found 5")
        );
        let long = SAMPLE.replacen("..\n", "...\n", 1);
        assert_eq!(
            error_of(&long),
            Error::at(2, "line 2 must have 2 cells, found 3")
        );
    }

    #[test]
    fn unknown_characters_name_line_and_column() {
        let lower = SAMPLE.replace("...CCC.", "...CcC.");
        let error = error_of(&lower);
        assert_eq!(error.place(), Some((7, Some(5))));
        assert_eq!(
            error.to_string(),
            "input:7:5: expected '.' or a piece letter A-L, found 'c'"
        );
        let m = error_of(&SAMPLE.replace("E.........", "E........M"));
        assert_eq!(m.place(), Some((10, Some(10))));
        let wide = error_of(&SAMPLE.replace("....\n", ".é..\n"));
        assert_eq!(wide.place(), Some((4, Some(2))));
        let tab = error_of(&SAMPLE.replace("EEEHH...", "EEE\tH..."));
        assert_eq!(tab.place(), Some((8, Some(4))));
    }

    #[test]
    fn a_broken_piece_names_its_first_cell() {
        // C with a bead missing.
        let error = error_of(&SAMPLE.replace(".....C\n", "......\n"));
        assert_eq!(error.place(), Some((7, Some(4))));
        assert!(error.message().starts_with("piece C "), "{error}");
        // E bent the wrong way: not a rotation or mirror image.
        let bent = SAMPLE
            .replace("E.HHH....", "..HHH....")
            .replace("E.........", "EE........");
        let error = error_of(&bent);
        assert_eq!(error.place(), Some((8, Some(1))));
        // Two copies of D.
        let twice = SAMPLE
            .replace("\n..\n...\n", "\nDD\nDD.\n")
            .replace(".....\n.....C", "DD...\nDD...C");
        let error = error_of(&twice);
        assert_eq!(error.place(), Some((2, Some(1))));
        assert!(error.message().contains("covers 8 cells"), "{error}");
    }

    /// Checks that `answer` completes `board`: every cell filled, the
    /// board's pieces kept, every piece one orientation of itself.
    fn assert_completes(board: &str, answer: &str) {
        let given = parse(board.as_bytes()).expect("the board parses");
        let filled = parse(answer.as_bytes()).expect("the answer is a board");
        assert!(filled.iter().all(Option::is_some), "{answer}");
        for (g, f) in given.iter().zip(filled.iter()) {
            assert!(g.is_none() || g == f, "{board} -> {answer}");
        }
        assert!(exact_cover(&filled, &all_orientations()).is_ok());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn random_text_never_panics(text in "[.A-LZ\n\r \t]{0,80}|\\PC{0,80}") {
            let _ = run(&text);
        }

        #[test]
        fn random_triangles_never_panic(
            cells in proptest::collection::vec(prop_oneof![
                8 => Just('.'), 1 => Just('A'), 1 => Just('D'), 1 => Just('J')
            ], CELLS)
        ) {
            let mut text = String::new();
            for (i, &[r, c]) in triangle().iter().enumerate() {
                text.push(cells[i]);
                if c == r {
                    text.push('\n');
                }
            }
            if let Ok(answer) = run(&text) {
                if answer != "No solution\n" {
                    assert_completes(&text, &answer);
                }
            }
        }

        /// Boards made by keeping some pieces of the sample's answer always
        /// have a completion (the answer itself shows one).
        #[test]
        fn sub_boards_of_a_full_solution_are_completed(keep in proptest::collection::vec(any::<bool>(), PIECES)) {
            let board: String = SAMPLE_ANSWER
                .chars()
                .map(|ch| match ch {
                    'A'..='L' if !keep[(ch as u8 - b'A') as usize] => '.',
                    _ => ch,
                })
                .collect();
            let answer = run(&board).expect("the board is valid");
            assert_completes(&board, &answer);
        }
    }
}
