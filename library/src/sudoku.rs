//! The 9 × 9 grids of the sudoku family: reading and writing them, and
//! completing one on any groups of [`crate::grouped`] (boxes for sudoku,
//! regions for jigsaw sudoku).
//!
//! ```
//! use library::dlx::Solver;
//! use library::sudoku;
//!
//! let puzzle = "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.";
//! let givens = sudoku::parse_line(puzzle.as_bytes()).unwrap();
//! let grid = sudoku::complete::<Solver>(&sudoku::standard(), &givens).unwrap();
//! let mut line = Vec::new();
//! sudoku::write_line(&grid, &mut line);
//! assert!(line.starts_with(b"416837529982465371"));
//! ```
//!
//! Digits `1`–`9` are the model's symbols 0–8; a grid holds the digit of
//! each cell row by row, 0 for an empty one.

use crate::dlx::Search;
use crate::grouped::Grouped;
use crate::input::{Error, Line, Token, Tokens};
use crate::model::Model;
use std::io::{self, Write};

pub const SIDE: usize = 9;
pub const CELLS: usize = SIDE * SIDE;

/// The digit of each cell, row by row; 0 for an empty cell.
pub type Grid = [u8; CELLS];

/// Rows, columns and 3 × 3 boxes.
pub fn standard() -> Grouped {
    Grouped::sudoku(3, 3)
}

/// The exact cover that completes `givens` on `groups`: every digit in an
/// empty cell, only its own in a given one. Options carry `(cell, digit -
/// 1)`.
pub fn model(groups: &Grouped, givens: &Grid) -> Model<(usize, usize)> {
    groups.model(|cell, symbol| givens[cell] == 0 || usize::from(givens[cell]) == symbol + 1)
}

/// The grid that the options of `solution` fill in.
pub fn grid_of(model: &Model<(usize, usize)>, solution: &[usize]) -> Grid {
    let mut grid = [0; CELLS];
    for &(cell, symbol) in model.payloads(solution) {
        grid[cell] = symbol as u8 + 1;
    }
    grid
}

/// The first completion of `givens` that engine `S` finds, if there is one.
pub fn complete<S: Search>(groups: &Grouped, givens: &Grid) -> Option<Grid> {
    let model = model(groups, givens);
    let solution = S::new(model.problem()).first()?;
    Some(grid_of(&model, &solution))
}

/// A grid written as one line of 81 characters, `1`–`9` or `.` for an
/// empty cell (blanks at the end ignored); the error is the byte to blame,
/// 0-based, and what was expected there.
pub fn parse_line(text: &[u8]) -> Result<Grid, (usize, &'static str)> {
    let mut grid = [0; CELLS];
    for (at, cell) in grid.iter_mut().enumerate() {
        *cell = match text.get(at) {
            Some(&b'.') => 0,
            Some(&b) if (b'1'..=b'9').contains(&b) => b - b'0',
            _ => return Err((at, "a digit 1-9 or '.'")),
        };
    }
    if crate::input::trim_end(text).len() > CELLS {
        return Err((CELLS, "nothing after the 81 cells"));
    }
    Ok(grid)
}

/// [`parse_line`] on a line of input, with the error in its place.
pub fn read_line(line: &Line) -> Result<Grid, Error> {
    parse_line(line.text).map_err(|(at, expected)| line.expected_at(at, expected))
}

/// [`parse_line`] on a token (a grid line read among numbers), with the
/// error in its place.
pub fn read_token(token: &Token) -> Result<Grid, Error> {
    parse_line(token.text).map_err(|(at, expected)| {
        // Everything before `at` is ASCII: the error is the first other byte.
        let found = crate::input::describe_at(token.text, at);
        let found = if at == token.text.len() {
            "the end of the grid".to_string()
        } else {
            found
        };
        Error::at_column(
            token.line,
            token.column + at,
            format!("expected {expected}, found {found}"),
        )
    })
}

/// A grid written as 81 numbers `0`–`9` (0 for an empty cell), separated
/// by blanks, row by row.
pub fn read_numbers(tokens: &mut Tokens) -> Result<Grid, Error> {
    let mut grid = [0; CELLS];
    for digit in grid.iter_mut() {
        *digit = tokens.number("a digit", 0..=9)?;
    }
    Ok(grid)
}

/// Appends the grid as one line of 81 digits.
pub fn write_line(grid: &Grid, out: &mut Vec<u8>) {
    out.extend(grid.iter().map(|&d| b'0' + d));
    out.push(b'\n');
}

/// Writes the answer line of a case: the grid's 81 digits, or `No
/// solution`.
pub fn write_answer(grid: Option<&Grid>, out: &mut dyn Write) -> io::Result<()> {
    let mut line = Vec::with_capacity(CELLS + 1);
    match grid {
        Some(grid) => write_line(grid, &mut line),
        None => line.extend_from_slice(b"No solution\n"),
    }
    out.write_all(&line)
}

/// Answers the cases of the seed article's formats, read as blank-separated
/// tokens until a token `end`: a grid of 81 cells, then whatever `case`
/// reads after it, which completes the grid. Each answer
/// ([`write_answer`]) is written before the next case is read; what follows
/// `end` is never read.
pub fn solve_cases(
    input: &[u8],
    out: &mut dyn Write,
    mut case: impl FnMut(&Grid, &mut Tokens) -> Result<Option<Grid>, Error>,
) -> Result<(), Error> {
    let mut tokens = Tokens::new(input);
    loop {
        let token = tokens.expect("a grid of 81 cells or 'end'")?;
        if token.text == b"end" {
            return Ok(());
        }
        let givens = read_token(&token)?;
        let grid = case(&givens, &mut tokens)?;
        write_answer(grid.as_ref(), out)?;
    }
}

/// Appends the grid as 9 lines of 9 digits separated by single blanks.
pub fn write_rows(grid: &Grid, out: &mut Vec<u8>) {
    for row in grid.chunks(SIDE) {
        for (k, &d) in row.iter().enumerate() {
            out.push(b'0' + d);
            out.push(if k + 1 == SIDE { b'\n' } else { b' ' });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::{bitset, Solver};
    use crate::input::Lines;

    const PUZZLE: &[u8] =
        b".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
    const SOLVED: &[u8] =
        b"527389416819426735436751829375692184194538267268174593643217958951843672782965341";

    #[test]
    fn both_engines_complete_the_seed_puzzle() {
        let givens = parse_line(PUZZLE).unwrap();
        let groups = standard();
        for grid in [
            complete::<Solver>(&groups, &givens),
            complete::<bitset::Solver>(&groups, &givens),
        ] {
            let grid = grid.expect("the puzzle has a solution");
            let mut line = Vec::new();
            write_line(&grid, &mut line);
            assert_eq!(&line[..CELLS], SOLVED);
        }
    }

    #[test]
    fn contradicting_givens_have_no_completion() {
        let mut text = PUZZLE.to_vec();
        text[0] = b'2'; // a second 2 in row 1
        let givens = parse_line(&text).unwrap();
        assert_eq!(complete::<Solver>(&standard(), &givens), None);
    }

    #[test]
    fn lines_are_checked_cell_by_cell() {
        assert_eq!(parse_line(b"12x").unwrap_err(), (2, "a digit 1-9 or '.'"));
        assert_eq!(parse_line(&PUZZLE[..80]).unwrap_err().0, 80);
        let mut long = PUZZLE.to_vec();
        long.extend_from_slice(b"  ");
        assert!(parse_line(&long).is_ok());
        long.push(b'1');
        assert_eq!(parse_line(&long).unwrap_err().0, 81);
        let line = Lines::new("é".as_bytes()).next().unwrap();
        assert_eq!(
            read_line(&line).unwrap_err().to_string(),
            "input:1:1: expected a digit 1-9 or '.', found 'é'"
        );
    }

    #[test]
    fn numbers_name_their_place() {
        let mut tokens = Tokens::new(b"1 2 3\n0 x");
        let error = read_numbers(&mut tokens).unwrap_err().to_string();
        assert_eq!(error, "input:2:3: expected a digit (0 to 9), found \"x\"");
    }
}
