//! UVa 745, Numeric Puzzles Again!: put a square of digits back together
//! from its pieces, then show it in the rotation whose rows, read as
//! numbers, have the largest sum.
//!
//! ```
//! use library::{input, problems::uva745};
//!
//! // The statement's worked example: the square 223/233/113, cut in three.
//! let puzzle = "3\n3\n22\n2\n  3\n 33\n  3\n11\n#\n0\n";
//! assert_eq!(input::answer(uva745::solve, puzzle)?, "311\n332\n322\n\n");
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! # Exact cover
//!
//! All items are primary: the pieces (items `0..P`, in input order), then
//! the cells of the square row by row (cell `r_c` is item `P + r*N + c`).
//! Each piece has an option for every translation that keeps it inside the
//! square (row-major); pieces are never turned.
//!
//! # Input
//!
//! Instances follow each other until a line `0` (or the end of the input:
//! nothing is lost without it). In an instance, the numbers and the `#`
//! may have blanks around them and blank lines may come between them. A
//! piece is a run of consecutive lines holding one digit each, and ends
//! where the digit changes, at a blank line, or at the `#`; the column of a
//! digit is its character position on its line, so leading and inner
//! blanks shape the piece, and blanks at the end of a line are ignored.
//!
//! Errors name the line (and column, when one character is to blame): N or
//! P out of range, a character that is neither a digit 1-9 nor a blank,
//! two digits on one line, more or fewer pieces than P, a missing `#`, and
//! pieces whose digits do not add up to N² (a count, knowable while
//! reading, is a broken input). Pieces whose digits add up to N² but whose
//! shapes cannot tile the square get the statement's answer for that
//! case: the empty line alone.

// Dancing links: with hundreds of cells and few options per cell, they
// beat the bitset engine here (0.86x its time).
use crate::dlx::{Search, Solver};
use crate::geometry::{Board, Point};
use crate::input::{self, Error, Lines};
use crate::tiling::Tiling;
use std::io::Write;

const MAX_SIDE: usize = 20;
const MAX_PIECES: usize = 9;

/// One piece: its digit and its cells as (row, column), the rows counted
/// from its first line and the columns from the start of the lines. It
/// need not touch row 0 or column 0: a board places a shape wherever it
/// fits.
struct Piece {
    digit: u8,
    cells: Vec<Point<2>>,
}

/// One puzzle: the side of the square and its pieces in input order.
struct Instance {
    side: usize,
    pieces: Vec<Piece>,
}

/// Solves every instance of the input: for each, the square in its best
/// rotation and an empty line, or only the empty line if the pieces cannot
/// be put together. Each answer is written before the next instance is
/// read.
///
/// # Errors
/// See the module docs; every error names the line to blame.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let mut lines = Lines::new(input);
    let mut text = Vec::new();
    while let Some(instance) = read_instance(&mut lines)? {
        text.clear();
        if let Some(square) = assemble(&instance) {
            for row in best_rotation(square) {
                text.extend(row.iter().map(|&d| b'0' + d));
                text.push(b'\n');
            }
        }
        text.push(b'\n');
        out.write_all(&text)?;
    }
    Ok(())
}

/// Reads stdin, writes the answer: what the submission runs.
pub fn main() {
    input::run(solve)
}

/// The next line that is not blank, with blanks trimmed at both ends.
fn next_filled<'a>(lines: &mut Lines<'a>) -> Option<(usize, &'a [u8])> {
    lines.next_filled().map(|line| {
        let text = line.text;
        let start = text
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(0);
        (line.number, input::trim_end(&text[start..]))
    })
}

/// A number on a line of its own, checked against `range`.
fn read_number(
    number: usize,
    line: &[u8],
    what: &str,
    range: std::ops::RangeInclusive<usize>,
) -> Result<usize, Error> {
    let value = if line.iter().all(u8::is_ascii_digit) {
        std::str::from_utf8(line)
            .ok()
            .and_then(|t| t.parse::<usize>().ok())
    } else {
        None
    };
    match value {
        Some(value) if range.contains(&value) => Ok(value),
        _ => Err(Error::at(
            number,
            format!(
                "expected {what} from {} to {}, found {}",
                range.start(),
                range.end(),
                input::quote(line)
            ),
        )),
    }
}

/// Reads one instance, or `None` at the final `0` or the end of the input
/// (what follows the `0` is never read).
fn read_instance(lines: &mut Lines) -> Result<Option<Instance>, Error> {
    let (number, line) = match next_filled(lines) {
        Some(found) => found,
        None => return Ok(None),
    };
    if line == b"0" {
        return Ok(None);
    }
    let side = read_number(number, line, "the side N", 1..=MAX_SIDE)?;
    let (number, line) = match next_filled(lines) {
        Some(found) => found,
        None => {
            return Err(Error::at(
                number + 1,
                "expected the piece count P, found the end of the input",
            ))
        }
    };
    let count = read_number(number, line, "the piece count P", 1..=MAX_PIECES)?;
    let pieces = read_pieces(lines, side, count)?;
    Ok(Some(Instance { side, pieces }))
}

/// Reads the `count` pieces of an instance of side `side`, up to its `#`.
fn read_pieces(lines: &mut Lines, side: usize, count: usize) -> Result<Vec<Piece>, Error> {
    let area = side * side;
    let mut pieces = Vec::with_capacity(count);
    let mut digits = 0;
    // The piece being read, and its first line.
    let mut current: Option<(usize, Piece)> = None;
    loop {
        let next_number = lines.next_number();
        let line = lines.next().ok_or_else(|| {
            let expected = format!("expected '#' to end the instance of N = {side}");
            Error::at(next_number, expected + ", found the end of the input")
        })?;
        let text = line.trimmed();
        let hash = text.iter().filter(|b| !b.is_ascii_whitespace()).eq(b"#");
        if hash || text.is_empty() {
            pieces.extend(current.take().map(|(_, piece)| piece));
            if hash {
                check_total(line.number, pieces.len(), count, digits, side)?;
                return Ok(pieces);
            }
            continue;
        }
        let (digit, columns) = read_piece_line(&line, area - digits)?;
        if !matches!(&current, Some((_, piece)) if piece.digit == digit) {
            pieces.extend(current.take().map(|(_, piece)| piece));
            if pieces.len() == count {
                let expected = format!("expected '#' after P = {count} pieces");
                return Err(Error::at(line.number, expected + ", found another piece"));
            }
        }
        let (first, piece) = current.get_or_insert_with(|| {
            let cells = Vec::new();
            (line.number, Piece { digit, cells })
        });
        let row = (line.number - *first) as i32;
        piece.cells.extend(columns.iter().map(|&c| [row, c as i32]));
        // Checked line by line, so that the pieces never hold more than N²
        // cells, whatever the input.
        if let Some(&column) = columns.get(area - digits) {
            let message = format!(
                "the pieces have more digits than the {side}x{side} square has cells ({area})"
            );
            return Err(Error::at_column(line.number, column + 1, message));
        }
        digits += columns.len();
    }
}

/// At the `#` on line `number`: checks that `found` pieces of `digits`
/// digits in all are the instance's `count` pieces, filling the square.
fn check_total(
    number: usize,
    found: usize,
    count: usize,
    digits: usize,
    side: usize,
) -> Result<(), Error> {
    let area = side * side;
    if found != count {
        let message = format!("found {found} of P = {count} pieces before '#'");
        return Err(Error::at(number, message));
    }
    if digits != area {
        let message = format!(
            "the pieces have {digits} digits, but the {side}x{side} square has {area} cells"
        );
        return Err(Error::at(number, message));
    }
    Ok(())
}

/// The digit of a line of a piece and the columns where it stands; past
/// `room` of them (the cells the square has left) it stops at one more, so
/// that a huge line costs no memory. `line` must not be blank.
fn read_piece_line(line: &input::Line, room: usize) -> Result<(u8, Vec<usize>), Error> {
    let mut digit = 0;
    let mut columns = Vec::new();
    for (column, &ch) in line.trimmed().iter().enumerate() {
        match ch {
            b' ' => continue,
            b'1'..=b'9' if digit == 0 || digit == ch - b'0' => digit = ch - b'0',
            b'1'..=b'9' => {
                return Err(Error::at_column(
                    line.number,
                    column + 1,
                    format!(
                        "a line holds one piece, but '{}' follows '{digit}'",
                        char::from(ch)
                    ),
                ))
            }
            _ => return Err(line.expected_at(column, "a digit 1-9 or a blank")),
        }
        columns.push(column);
        if columns.len() > room {
            break;
        }
    }
    Ok((digit, columns))
}

/// The square put together from the pieces, as digits row by row, or
/// `None` if the pieces do not fit.
fn assemble(instance: &Instance) -> Option<Vec<Vec<u8>>> {
    let n = instance.side;
    let cells: Vec<Point<2>> = (0..n * n)
        .map(|k| [(k / n) as i32, (k % n) as i32])
        .collect();
    // Cell [r, c] is number r * n + c, its place in sorted order.
    let square = Board::new(&cells);
    let mut tiling = Tiling::new(instance.pieces.len(), n * n);
    for (k, piece) in instance.pieces.iter().enumerate() {
        for cells in square.placements(&piece.cells) {
            tiling.place(k, &cells);
        }
    }
    let solution = Solver::new(tiling.problem()).first()?;
    let digits: Vec<u8> = (tiling.pieces_by_cell(&solution).iter())
        .map(|&p| instance.pieces[p].digit)
        .collect();
    Some(digits.chunks(n).map(|row| row.to_vec()).collect())
}

/// Of the square and its three successive quarter turns counter-clockwise,
/// the one whose rows, read as decimal numbers, have the largest sum; the
/// earliest of them on a tie. Rows have up to 20 digits, so the sums need
/// more than 64 bits.
fn best_rotation(square: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
    let mut best_sum = row_sum(&square);
    let mut best = square.clone();
    let mut turned = square;
    for _ in 1..4 {
        turned = turn_counter_clockwise(&turned);
        let sum = row_sum(&turned);
        if sum > best_sum {
            best_sum = sum;
            best = turned.clone();
        }
    }
    best
}

/// The sum of the rows of `square`, each read as a decimal number.
fn row_sum(square: &[Vec<u8>]) -> u128 {
    square
        .iter()
        .map(|row| {
            row.iter()
                .fold(0u128, |value, &d| value * 10 + u128::from(d))
        })
        .sum()
}

/// The square turned 90 degrees counter-clockwise: new row `i` is old
/// column `N - 1 - i` read top to bottom.
fn turn_counter_clockwise(square: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let n = square.len();
    (0..n)
        .map(|i| square.iter().map(|row| row[n - 1 - i]).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Result<String, Error> {
        input::answer(solve, text)
    }
    use proptest::prelude::*;

    const SAMPLE: &str = "7\n6\n3333\n33\n3333\n 33\n 33\n7  7\n7  7\n7777\n88888\n 6\n666\n 66\n  22\n222\n  2\n  5\n 55\n 55\n555\n5 5\n#\n0\n";
    /// The sample's answer, from the statement.
    const SAMPLE_ANSWER: &str = "8777333\n8733333\n8733323\n8777323\n8655222\n6665552\n6655555\n\n";
    /// The statement's worked example 223/233/113, cut into three pieces.
    const WORKED: &str = "3\n3\n22\n2\n  3\n 33\n  3\n11\n#\n0\n";

    fn error_of(text: &str) -> Error {
        run(text).expect_err("the input is bad")
    }

    /// Each instance's answer is written before the next is read.
    #[test]
    fn each_instance_is_written_before_the_next() {
        let two = format!("{}{WORKED}", SAMPLE.strip_suffix("0\n").unwrap());
        let mut writes = input::Writes::default();
        solve(two.as_bytes(), &mut writes).unwrap();
        assert_eq!(writes.0.len(), 2);
        assert_eq!(writes.0[0], SAMPLE_ANSWER.as_bytes());
        assert_eq!(writes.0[1], b"311\n332\n322\n\n");
    }

    #[test]
    fn sample() {
        assert_eq!(run(SAMPLE).as_deref(), Ok(SAMPLE_ANSWER));
    }

    #[test]
    fn worked_example_rotation_sums() {
        let square: Vec<Vec<u8>> = vec![vec![2, 2, 3], vec![2, 3, 3], vec![1, 1, 3]];
        let mut sums = vec![row_sum(&square)];
        let mut turned = square.clone();
        for _ in 1..4 {
            turned = turn_counter_clockwise(&turned);
            sums.push(row_sum(&turned));
        }
        assert_eq!(sums, [569, 785, 965, 587]);
        assert_eq!(best_rotation(square), [[3, 1, 1], [3, 3, 2], [3, 2, 2]]);
        assert_eq!(run(WORKED).as_deref(), Ok("311\n332\n322\n\n"));
    }

    #[test]
    fn a_tie_keeps_the_earliest_rotation() {
        // Every rotation of 12/21 sums to 33, and its turns differ from it.
        assert_eq!(
            best_rotation(vec![vec![1, 2], vec![2, 1]]),
            [[1, 2], [2, 1]]
        );
        // 12/34 (46) turned: 24/13 (37), 43/21 (64), 31/42 (73): the
        // third turn wins.
        assert_eq!(
            best_rotation(vec![vec![1, 2], vec![3, 4]]),
            [[3, 1], [4, 2]]
        );
    }

    #[test]
    fn sums_past_64_bits() {
        let nines = vec![vec![9; 20]; 20];
        assert_eq!(row_sum(&nines), 20 * (10u128.pow(20) - 1));
        assert!(row_sum(&nines) > u128::from(u64::MAX));
        let row = format!("{}\n", "9".repeat(20));
        let input = format!("20\n1\n{}#\n0\n", row.repeat(20));
        assert_eq!(run(&input), Ok(format!("{}\n", row.repeat(20))));
    }

    #[test]
    fn several_instances_and_line_endings() {
        let both = format!("{}{}", SAMPLE.trim_end_matches("0\n"), WORKED);
        let answer = format!("{SAMPLE_ANSWER}311\n332\n322\n\n");
        assert_eq!(run(&both), Ok(answer.clone()));
        assert_eq!(run(&both.replace('\n', "\r\n")), Ok(answer.clone()));
        // Without the final 0, and with blanks around numbers and '#'.
        let loose = both
            .trim_end_matches("0\n")
            .replace("\n#\n", "\n #  \n")
            .replace("7\n6\n", " 7 \n\n6\n");
        assert_eq!(run(&loose), Ok(answer));
        assert_eq!(run("0\n"), Ok(String::new()));
        assert_eq!(run(""), Ok(String::new()));
    }

    #[test]
    fn pieces_that_do_not_fit_give_the_empty_answer() {
        // Four digits for four cells, but a 1x4 bar cannot lie in a 2x2
        // square, and a 2x1 bar and a diagonal pair cannot tile it.
        assert_eq!(run("2\n1\n1111\n#\n0\n"), Ok("\n".to_string()));
        assert_eq!(run("2\n2\n11\n2\n 2\n#\n0\n"), Ok("\n".to_string()));
    }

    /// A byte that is not UTF-8 is named with its place; after the `0`
    /// that ends the input, nothing is read.
    #[test]
    fn bytes_that_are_not_utf8() {
        let mut input = WORKED.as_bytes().to_vec();
        let at = WORKED.find(" 33").unwrap();
        input[at] = 0xe9;
        let error = solve(&input, &mut Vec::new()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "input:6:1: expected a digit 1-9 or a blank, found byte 0xe9"
        );
        let mut ended = WORKED.as_bytes().to_vec();
        ended.extend_from_slice(b"\xff\xfe after the end\n");
        let mut out = Vec::new();
        solve(&ended, &mut out).unwrap();
        assert_eq!(out, b"311\n332\n322\n\n");
    }

    #[test]
    fn bad_numbers_name_the_line() {
        assert_eq!(
            error_of("21\n1\n"),
            Error::at(1, "expected the side N from 1 to 20, found \"21\"")
        );
        assert_eq!(error_of("x\n").line(), Some(1));
        assert_eq!(error_of("2 2\n").line(), Some(1));
        assert_eq!(error_of("99999999999999999999999\n").line(), Some(1));
        assert_eq!(
            error_of("2\n\n10\n"),
            Error::at(3, "expected the piece count P from 1 to 9, found \"10\"")
        );
        assert_eq!(error_of("2\n0\n").line(), Some(2));
        assert_eq!(error_of("2\n").line(), Some(2));
    }

    #[test]
    fn bad_characters_name_line_and_column() {
        let error = error_of("2\n1\n11\n1x\n#\n");
        assert_eq!(error.place(), Some((4, Some(2))));
        assert_eq!(
            error.to_string(),
            "input:4:2: expected a digit 1-9 or a blank, found 'x'"
        );
        assert_eq!(error_of("2\n1\n10\n").place(), Some((3, Some(2))));
        assert_eq!(error_of("2\n1\n1\t1\n").place(), Some((3, Some(2))));
        let two = error_of("2\n2\n11\n 12\n#\n");
        assert_eq!(two.place(), Some((4, Some(3))));
    }

    #[test]
    fn wrong_piece_counts_and_a_missing_hash_name_the_line() {
        assert_eq!(
            error_of("2\n2\n11\n11\n#\n"),
            Error::at(5, "found 1 of P = 2 pieces before '#'")
        );
        assert_eq!(
            error_of("1\n1\n1\n1\n1\n1\n"),
            Error::at_column(
                4,
                1,
                "the pieces have more digits than the 1x1 square has cells (1)"
            )
        );
        // The next instance's N and P read as pieces: one too many.
        assert_eq!(
            error_of("1\n1\n5\n1\n1\n3\n#\n"),
            Error::at(4, "expected '#' after P = 1 pieces, found another piece")
        );
        assert_eq!(
            error_of("2\n1\n11\n11\n"),
            Error::at(
                5,
                "expected '#' to end the instance of N = 2, found the end of the input"
            )
        );
        assert_eq!(
            error_of("2\n2\n11\n2\n#\n"),
            Error::at(
                5,
                "the pieces have 3 digits, but the 2x2 square has 4 cells"
            )
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn random_text_never_panics(text in "[0-9 #\n\r\tx]{0,60}|\\PC{0,60}") {
            let _ = run(&text);
        }

        #[test]
        fn random_pieces_never_panic(
            side in 1usize..5,
            pieces in proptest::collection::vec("[1-3 ]{1,5}(\n[1-3 ]{1,5}){0,3}", 1..5)
        ) {
            let text = format!("{side}\n{}\n{}\n#\n0\n", pieces.len(), pieces.join("\n"));
            if let Ok(answer) = run(&text) {
                let lines: Vec<&str> = answer.lines().collect();
                prop_assert!(lines.len() == 1 || lines.len() == side + 1, "{answer:?}");
            }
        }
    }
}
