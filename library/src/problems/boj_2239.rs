//! Baekjoon 2239, 스도쿠 (Sudoku): the lexicographically smallest
//! completion of a 9 × 9 sudoku, the 81 digits read as one number.
//!
//! ```
//! use library::{input, problems::boj_2239};
//!
//! // No given at all: the smallest sudoku starts 123456789 / 456789123.
//! let empty = "000000000\n".repeat(9);
//! let answer = input::answer(boj_2239::solve, &empty)?;
//! assert!(answer.starts_with("123456789\n456789123\n789123456\n214365897\n"));
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! The board engine lists solutions in lexicographic order
//! ([`crate::board::each`]: the first open cell in reading order, its
//! digits from the smallest, every board settled by singles, which only
//! remove digits no solution has there); the first one listed is the
//! answer, which [`crate::board::count`] up to one keeps (after deciding
//! with clause learning that there is one). The order is checked against
//! every 4 × 4 sudoku found by brute force (the board module's tests).
//!
//! # Input
//!
//! Nine lines of nine digits `0`–`9` (0 for an empty cell), as the
//! statement writes them; blank lines between them are skipped. An error
//! names the line and column of a character that is not a digit, of a
//! line too short or too long and of anything after the ninth line, and
//! the first line of a grid with no completion (the statement promises
//! one).

use crate::board::{self, Houses, Plain};
use crate::input::{self, Error, Lines};
use crate::sudoku::Sudoku;
use std::io::Write;

/// The statement's grid: 9 × 9, digits written without blanks, `0` empty.
const DIGITS: Sudoku = Sudoku {
    box_rows: 3,
    box_columns: 3,
    symbols: b"0123456789",
    cell: "a digit 0-9",
};

/// Writes the smallest completion of the grid of `input`, 9 lines of 9
/// digits.
///
/// # Errors
/// See the module docs.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let mut lines = Lines::new(input);
    let givens = DIGITS.read_rows(&mut lines)?;
    if let Some(extra) = lines.next_filled() {
        return Err(extra.expected_at(0, "the end of the input after 9 rows"));
    }
    let houses = Houses::sudoku(3, 3);
    let grid = match board::count(&houses, &Plain, houses.board(&givens), 1) {
        (_, Some(first)) => first.grid(),
        (_, None) => return Err(Error::at(1, "the grid has no completion")),
    };
    let mut text = Vec::with_capacity(90);
    DIGITS.write_grid(&grid, &mut text);
    Ok(out.write_all(&text)?)
}

/// Reads stdin, writes the answer: what the submission runs.
pub fn main() {
    input::run(solve)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Result<String, Error> {
        input::answer(solve, text)
    }

    #[test]
    fn the_smallest_of_several_completions() {
        // Two rows left open in a solved grid: their digits may swap
        // column by column only where both orders fit; the answer keeps
        // the smaller digit first.
        let solved = "123456789\n456789123\n789123456\n214365897\n365897214\n\
                      897214365\n531642978\n642978531\n978531642\n";
        assert_eq!(run(solved).unwrap(), solved);
        let open = solved.replacen("214365897\n365897214", "000000000\n000000000", 1);
        assert_eq!(run(&open).unwrap(), solved);
        assert_eq!(run(&open.replace('\n', "\r\n")).unwrap(), solved);
    }

    #[test]
    fn bad_input_names_its_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        let empty = "000000000\n".repeat(9);
        assert_eq!(
            error(&empty.replacen("000000000", "0000x0000", 1)),
            "input:1:5: expected a digit 0-9, found 'x'"
        );
        assert_eq!(
            error(&empty.replacen("000000000", "0 0 0 0 0", 1)),
            "input:1:2: expected a digit 0-9, found ' '"
        );
        assert_eq!(
            error(&format!("{empty}1\n")),
            "input:10:1: expected the end of the input after 9 rows, found '1'"
        );
        assert_eq!(
            error(&empty.replacen("000000000", "110000000", 1)),
            "input:1: the grid has no completion"
        );
    }
}
