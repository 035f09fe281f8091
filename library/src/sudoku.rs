//! Sudoku grids of any box shape (9 × 9 of 3 × 3 boxes, 16 × 16 of 4 × 4,
//! 6 × 6 of 2 × 3, ...): reading and writing them, and completing one on
//! any groups of [`crate::grouped`] (boxes for sudoku, regions for jigsaw
//! sudoku).
//!
//! ```
//! use library::dlx::Solver;
//! use library::sudoku::{self, Sudoku, STANDARD};
//!
//! let puzzle = "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.";
//! let givens = STANDARD.parse_line(puzzle.as_bytes()).unwrap();
//! let grid = sudoku::complete::<Solver>(&STANDARD.groups(), &givens).unwrap();
//! let mut line = Vec::new();
//! STANDARD.write_line(&grid, &mut line);
//! assert!(line.starts_with(b"416837529982465371"));
//!
//! // 4 × 4 of 2 × 2 boxes, letters A-D, '-' for an empty cell.
//! let small = Sudoku { box_rows: 2, box_columns: 2, symbols: b"-ABCD", cell: "a letter A-D or '-'" };
//! let givens = small.parse_line(b"AB--CD----------").unwrap();
//! let grid = sudoku::complete::<Solver>(&small.groups(), &givens).unwrap();
//! let mut rows = Vec::new();
//! small.write_grid(&grid, &mut rows);
//! assert_eq!(rows, b"ABCD\nCDAB\nBADC\nDCBA\n");
//! ```
//!
//! A grid holds the value of each cell row by row: 0 for an empty cell,
//! `k + 1` for the model's symbol `k`, written as [`Sudoku::symbols`] says
//! (in a standard grid, digits `1`–`9` are themselves).

use crate::dlx::Search;
use crate::grouped::Grouped;
use crate::input::{Error, Line, Lines, Token, Tokens};
use crate::model::Model;
use std::io::{self, Write};

/// The symbol of each cell, row by row (see the module docs); 0 for an
/// empty cell.
pub type Grid = Vec<u8>;

/// The shape of a sudoku and how its cells are written.
pub struct Sudoku {
    /// Rows of one box.
    pub box_rows: usize,
    /// Columns of one box.
    pub box_columns: usize,
    /// How each value of a cell is written: first an empty cell, then
    /// each symbol in order (as many as the side).
    pub symbols: &'static [u8],
    /// What a cell may be, for errors: `a digit 1-9 or '.'`.
    pub cell: &'static str,
}

/// The standard sudoku: 9 × 9, 3 × 3 boxes, digits `1`–`9`, `.` for an
/// empty cell.
pub const STANDARD: Sudoku = Sudoku {
    box_rows: 3,
    box_columns: 3,
    symbols: b".123456789",
    cell: "a digit 1-9 or '.'",
};

impl Sudoku {
    /// Cells on a side, and symbols.
    pub fn side(&self) -> usize {
        self.box_rows * self.box_columns
    }

    /// Cells in the grid.
    pub fn cells(&self) -> usize {
        self.side() * self.side()
    }

    /// Rows, columns and boxes.
    pub fn groups(&self) -> Grouped {
        Grouped::sudoku(self.box_rows, self.box_columns)
    }

    /// A grid written as one line of [`Sudoku::cells`] characters (blanks
    /// at the end ignored); the error is the byte to blame, 0-based, and
    /// what was expected there.
    pub fn parse_line(&self, text: &[u8]) -> Result<Grid, (usize, String)> {
        let cells = self.side() * self.side();
        let mut grid = Vec::with_capacity(cells);
        for at in 0..cells {
            match text
                .get(at)
                .and_then(|b| self.symbols.iter().position(|s| s == b))
            {
                Some(value) => grid.push(value as u8),
                None => return Err((at, self.cell.into())),
            }
        }
        if crate::input::trim_end(text).len() > cells {
            return Err((cells, format!("nothing after the {cells} cells")));
        }
        Ok(grid)
    }

    /// [`Sudoku::parse_line`] on a line of input, with the error in its
    /// place.
    pub fn read_line(&self, line: &Line) -> Result<Grid, Error> {
        self.parse_line(line.text)
            .map_err(|(at, expected)| line.expected_at(at, &expected))
    }

    /// [`Sudoku::parse_line`] on a token (a grid line read among numbers),
    /// with the error in its place.
    pub fn read_token(&self, token: &Token) -> Result<Grid, Error> {
        self.parse_line(token.text).map_err(|(at, expected)| {
            // Everything before `at` is ASCII: the error is the first other byte.
            let found = if at == token.text.len() {
                "the end of the grid".to_string()
            } else {
                crate::input::describe_at(token.text, at)
            };
            Error::at_column(
                token.line,
                token.column + at,
                format!("expected {expected}, found {found}"),
            )
        })
    }

    /// A grid written as [`Sudoku::side`] lines of as many characters,
    /// the next lines of `lines` that are not blank.
    pub fn read_rows(&self, lines: &mut Lines) -> Result<Grid, Error> {
        let side = self.side();
        let mut grid = Vec::with_capacity(self.cells());
        for _ in 0..side {
            let end = lines.next_number();
            let line = lines.next_filled().ok_or_else(|| {
                let expected = format!("a row of {side} cells");
                Error::at(
                    end,
                    format!("expected {expected}, found the end of the input"),
                )
            })?;
            for at in 0..side {
                match line
                    .text
                    .get(at)
                    .and_then(|b| self.symbols.iter().position(|s| s == b))
                {
                    Some(value) => grid.push(value as u8),
                    None => return Err(line.expected_at(at, self.cell)),
                }
            }
            line.ends_at(side)?;
        }
        Ok(grid)
    }

    /// A grid written as [`Sudoku::cells`] numbers `0`–side (0 for an
    /// empty cell), separated by blanks, row by row.
    pub fn read_numbers(&self, tokens: &mut Tokens) -> Result<Grid, Error> {
        let side = self.side() as i64;
        let what = if side < 10 { "a digit" } else { "a number" };
        (0..self.cells())
            .map(|_| tokens.number(what, 0..=side))
            .collect()
    }

    /// Appends the grid as one line of [`Sudoku::cells`] characters.
    pub fn write_line(&self, grid: &[u8], out: &mut Vec<u8>) {
        out.extend(grid.iter().map(|&value| self.symbols[usize::from(value)]));
        out.push(b'\n');
    }

    /// Appends the grid as [`Sudoku::side`] lines of as many characters.
    pub fn write_grid(&self, grid: &[u8], out: &mut Vec<u8>) {
        for row in grid.chunks(self.side()) {
            self.write_line(row, out);
        }
    }

    /// Appends the grid as [`Sudoku::side`] lines of as many numbers
    /// separated by single blanks.
    pub fn write_numbers(&self, grid: &[u8], out: &mut Vec<u8>) {
        let side = self.side();
        for row in grid.chunks(side) {
            for (k, value) in row.iter().enumerate() {
                out.extend(value.to_string().bytes());
                out.push(if k + 1 == side { b'\n' } else { b' ' });
            }
        }
    }
}

/// Writes the answer line of a standard case: the grid as one line, or
/// `No solution`.
pub fn write_answer(grid: Option<&Grid>, out: &mut dyn Write) -> io::Result<()> {
    let mut line = Vec::with_capacity(STANDARD.cells() + 1);
    match grid {
        Some(grid) => STANDARD.write_line(grid, &mut line),
        None => line.extend_from_slice(b"No solution\n"),
    }
    out.write_all(&line)
}

/// The exact cover that completes `givens` on `groups`: every symbol in an
/// empty cell, only its own in a given one. Options carry `(cell, value -
/// 1)`.
pub fn model(groups: &Grouped, givens: &[u8]) -> Model<(usize, usize)> {
    groups.model(|cell, symbol| givens[cell] == 0 || usize::from(givens[cell]) == symbol + 1)
}

/// The grid that the options of `solution` fill in: one option a cell.
pub fn grid_of(model: &Model<(usize, usize)>, solution: &[usize]) -> Grid {
    let mut grid = vec![0; solution.len()];
    for &(cell, symbol) in model.payloads(solution) {
        grid[cell] = symbol as u8 + 1;
    }
    grid
}

/// The first completion of `givens` that engine `S` finds, if there is one.
pub fn complete<S: Search>(groups: &Grouped, givens: &[u8]) -> Option<Grid> {
    let model = model(groups, givens);
    let solution = S::new(model.problem()).first()?;
    Some(grid_of(&model, &solution))
}

/// Answers the standard cases of the seed article's formats, read as
/// blank-separated tokens until a token `end`: a grid of 81 cells, then
/// whatever `case` reads after it, which completes the grid. Each answer
/// ([`write_answer`]) is written before the next case is read;
/// what follows `end` is never read.
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
        let givens = STANDARD.read_token(&token)?;
        let grid = case(&givens, &mut tokens)?;
        write_answer(grid.as_ref(), out)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::{bitset, Solver};

    const PUZZLE: &[u8] =
        b".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
    const SOLVED: &[u8] =
        b"527389416819426735436751829375692184194538267268174593643217958951843672782965341";

    /// 16 × 16, letters A-P: SPOJ 1110's shape.
    const HEX: Sudoku = Sudoku {
        box_rows: 4,
        box_columns: 4,
        symbols: b"-ABCDEFGHIJKLMNOP",
        cell: "a letter A-P or '-'",
    };

    /// Every row, column and box of `grid` holds every symbol once, and
    /// the givens are kept.
    fn solves(shape: &Sudoku, givens: &[u8], grid: &[u8]) -> bool {
        let side = shape.side();
        let groups = shape.groups();
        let mut seen = vec![vec![false; side]; 3 * side];
        for (cell, &value) in grid.iter().enumerate() {
            for &group in groups.groups_of(cell) {
                seen[group][usize::from(value) - 1] = true;
            }
        }
        let kept = givens.iter().zip(grid).all(|(&g, &v)| g == 0 || g == v);
        kept && grid.len() == shape.cells() && seen.iter().flatten().all(|&s| s)
    }

    #[test]
    fn both_engines_complete_the_seed_puzzle() {
        let givens = STANDARD.parse_line(PUZZLE).unwrap();
        let groups = STANDARD.groups();
        for grid in [
            complete::<Solver>(&groups, &givens),
            complete::<bitset::Solver>(&groups, &givens),
        ] {
            let grid = grid.expect("the puzzle has a solution");
            let mut line = Vec::new();
            STANDARD.write_line(&grid, &mut line);
            assert_eq!(&line[..81], SOLVED);
        }
    }

    #[test]
    fn contradicting_givens_have_no_completion() {
        let mut text = PUZZLE.to_vec();
        text[0] = b'2'; // a second 2 in row 1
        let givens = STANDARD.parse_line(&text).unwrap();
        assert_eq!(complete::<Solver>(&STANDARD.groups(), &givens), None);
    }

    #[test]
    fn other_shapes_are_completed_and_written() {
        // The empty 16 × 16 grid, the empty 6 × 6 one of 2 × 3 boxes, and
        // the empty 25 × 25 one.
        let six = Sudoku {
            box_rows: 2,
            box_columns: 3,
            symbols: b".123456",
            ..STANDARD
        };
        let big = Sudoku {
            box_rows: 5,
            box_columns: 5,
            symbols: b"-ABCDEFGHIJKLMNOPQRSTUVWXY",
            ..HEX
        };
        for shape in [HEX, six, big] {
            let givens = vec![0; shape.cells()];
            let grid = complete::<Solver>(&shape.groups(), &givens).unwrap();
            assert!(solves(&shape, &givens, &grid), "side {}", shape.side());
            let mut text = Vec::new();
            shape.write_grid(&grid, &mut text);
            let lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
            assert_eq!(lines.len(), shape.side() + 1);
            let mut line = Vec::new();
            shape.write_line(&grid, &mut line);
            assert_eq!(shape.parse_line(&line).unwrap(), grid);
        }
    }

    #[test]
    fn letters_and_dashes_are_read_in_rows() {
        let mut text = Vec::new();
        let grid = complete::<Solver>(&HEX.groups(), &[0; 256]).unwrap();
        HEX.write_grid(&grid, &mut text);
        let mut puzzle = text.clone();
        puzzle[0] = b'-';
        puzzle[17 * 3 + 5] = b'-';
        let mut lines = Lines::new(&puzzle);
        let givens = HEX.read_rows(&mut lines).unwrap();
        assert_eq!((givens[0], givens[16 * 3 + 5]), (0, 0));
        assert_eq!(complete::<Solver>(&HEX.groups(), &givens), Some(grid));
        let error = |text: &[u8]| {
            let error = HEX.read_rows(&mut Lines::new(text)).unwrap_err();
            error.to_string()
        };
        let mut bad = text.clone();
        bad[17 + 3] = b'Q';
        assert_eq!(
            error(&bad),
            "input:2:4: expected a letter A-P or '-', found 'Q'"
        );
        assert_eq!(
            error(&text[..17 * 2 + 10]),
            "input:3:11: expected a letter A-P or '-', found the end of the line"
        );
        bad = text.clone();
        bad[16] = b'A';
        assert_eq!(
            error(&bad),
            "input:1:17: expected the end of the line, found 'A'"
        );
        assert_eq!(
            error(&text[..17 * 15]),
            "input:16: expected a row of 16 cells, found the end of the input"
        );
    }

    #[test]
    fn lines_are_checked_cell_by_cell() {
        let cell = "a digit 1-9 or '.'".to_string();
        assert_eq!(STANDARD.parse_line(b"12x").unwrap_err(), (2, cell));
        assert_eq!(STANDARD.parse_line(&PUZZLE[..80]).unwrap_err().0, 80);
        let mut long = PUZZLE.to_vec();
        long.extend_from_slice(b"  ");
        assert!(STANDARD.parse_line(&long).is_ok());
        long.push(b'1');
        let after = "nothing after the 81 cells".to_string();
        assert_eq!(STANDARD.parse_line(&long).unwrap_err(), (81, after));
        let line = Lines::new("é".as_bytes()).next().unwrap();
        assert_eq!(
            STANDARD.read_line(&line).unwrap_err().to_string(),
            "input:1:1: expected a digit 1-9 or '.', found 'é'"
        );
    }

    #[test]
    fn numbers_name_their_place() {
        let mut tokens = Tokens::new(b"1 2 3\n0 x");
        let error = STANDARD.read_numbers(&mut tokens).unwrap_err().to_string();
        assert_eq!(error, "input:2:3: expected a digit (0 to 9), found \"x\"");
        let mut tokens = Tokens::new(b"16 17");
        let error = HEX.read_numbers(&mut tokens).unwrap_err().to_string();
        assert_eq!(
            error,
            "input:1:4: expected a number (0 to 16), found \"17\""
        );
    }

    #[test]
    fn numbers_are_written_with_two_digits_past_nine() {
        let grid = complete::<Solver>(&HEX.groups(), &[0; 256]).unwrap();
        let mut text = Vec::new();
        HEX.write_numbers(&grid, &mut text);
        let first = text.split(|&b| b == b'\n').next().unwrap();
        let numbers: Vec<u8> = std::str::from_utf8(first)
            .unwrap()
            .split(' ')
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(numbers, grid[..16]);
    }
}
