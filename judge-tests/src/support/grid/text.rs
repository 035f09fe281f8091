//! Grids as text: the blank-separated words of an input with their lines,
//! a grid as one word of 81 characters (`1`-`9` or `.`) or as 81 numbers
//! (0 for an empty cell), and the answer line of a completed grid.
//!
//! ```
//! use judge_tests::support::grid::{self, Words};
//! let mut words = Words::new("..3\n 5 x");
//! assert_eq!(words.word("a grid").unwrap(), (1, "..3"));
//! assert_eq!(words.number("a digit").unwrap(), (2, 5));
//! assert_eq!(
//!     words.number("a digit").unwrap_err().to_string(),
//!     "line 2: expected a digit, found \"x\""
//! );
//! assert!(grid::parse_rows(&"0 ".repeat(81)).is_ok());
//! ```

use super::{Grid, CELLS, SIDE};
use std::fmt;

/// Why an input is not one the statement allows, with its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Malformed {
    /// The input ended where `expected` was due.
    End { line: usize, expected: String },
    /// A word that is not what was due.
    Word {
        line: usize,
        expected: String,
        found: String,
    },
    /// A rule of the format broken (where a line can be named, there).
    Broken { line: Option<usize>, rule: String },
}

impl Malformed {
    /// A rule broken at `line`.
    pub fn at(line: usize, rule: impl Into<String>) -> Malformed {
        Malformed::Broken {
            line: Some(line),
            rule: rule.into(),
        }
    }

    /// A rule broken by the input as a whole.
    pub fn whole(rule: impl Into<String>) -> Malformed {
        Malformed::Broken {
            line: None,
            rule: rule.into(),
        }
    }

    /// The same error, placed at `line` if it had no place yet.
    pub fn placed(self, line: usize) -> Malformed {
        match self {
            Malformed::Broken { line: None, rule } => Malformed::at(line, rule),
            other => other,
        }
    }
}

impl fmt::Display for Malformed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Malformed::End { line, expected } => {
                write!(
                    f,
                    "line {line}: expected {expected}, found the end of the input"
                )
            }
            Malformed::Word {
                line,
                expected,
                found,
            } => write!(f, "line {line}: expected {expected}, found {found:?}"),
            Malformed::Broken {
                line: Some(line),
                rule,
            } => write!(f, "line {line}: {rule}"),
            Malformed::Broken { line: None, rule } => f.write_str(rule),
        }
    }
}

impl std::error::Error for Malformed {}

/// The registry's references answer `Result<String, String>`.
impl From<Malformed> for String {
    fn from(error: Malformed) -> String {
        error.to_string()
    }
}

/// The blank-separated words of a text, each with its 1-based line, read
/// one at a time; errors name the line.
pub struct Words<'a> {
    list: Vec<(usize, &'a str)>,
    next: usize,
    lines: usize,
}

impl<'a> Words<'a> {
    /// The words of `text` (any blanks, `\r` included, separate them).
    pub fn new(text: &'a str) -> Words<'a> {
        let list: Vec<(usize, &str)> = text
            .lines()
            .zip(1..)
            .flat_map(|(line, number)| line.split_whitespace().map(move |w| (number, w)))
            .collect();
        Words {
            list,
            next: 0,
            lines: text.lines().count().max(1),
        }
    }

    /// The next word and its line, or an error saying what was expected.
    pub fn word(&mut self, expected: &str) -> Result<(usize, &'a str), Malformed> {
        let word = self.list.get(self.next).copied().ok_or(Malformed::End {
            line: self.lines,
            expected: expected.to_string(),
        })?;
        self.next += 1;
        Ok(word)
    }

    /// The next word as an integer, with its line.
    pub fn number(&mut self, expected: &str) -> Result<(usize, i64), Malformed> {
        let (line, word) = self.word(expected)?;
        let number = word.parse().map_err(|_| Malformed::Word {
            line,
            expected: expected.to_string(),
            found: word.to_string(),
        })?;
        Ok((line, number))
    }

    /// The next case's grid (see [`parse_grid`]), or `None` at the word `end`.
    pub fn grid_or_end(&mut self) -> Result<Option<Grid>, Malformed> {
        let (line, word) = self.word("a grid or `end`")?;
        if word == "end" {
            return Ok(None);
        }
        parse_grid(line, word).map(Some)
    }

    /// The next 81 numbers, one per cell (each `expected`), with the line
    /// of the last.
    pub fn per_cell(&mut self, expected: &str) -> Result<(usize, [i64; CELLS]), Malformed> {
        let mut numbers = [0; CELLS];
        let mut last = 0;
        for number in numbers.iter_mut() {
            (last, *number) = self.number(expected)?;
        }
        Ok((last, numbers))
    }

    /// Nothing left, or an error naming what follows `after`.
    pub fn end(&mut self, after: &str) -> Result<(), Malformed> {
        match self.list.get(self.next) {
            None => Ok(()),
            Some(&(line, word)) => Err(Malformed::Word {
                line,
                expected: format!("the end of the input after {after}"),
                found: word.to_string(),
            }),
        }
    }
}

/// A grid word: 81 characters, `1`-`9` or `.`.
pub fn parse_grid(line: usize, word: &str) -> Result<Grid, Malformed> {
    let bytes = word.as_bytes();
    if bytes.len() != CELLS {
        let rule = format!("a grid has 81 cells, found {} characters", bytes.len());
        return Err(Malformed::at(line, rule));
    }
    let mut grid = [0; CELLS];
    for (cell, &b) in grid.iter_mut().zip(bytes) {
        *cell = match b {
            b'.' => 0,
            b'1'..=b'9' => b - b'0',
            _ => return Err(Malformed::at(line, "a grid cell is 1-9 or '.'")),
        };
    }
    Ok(grid)
}

/// A grid as its input word: digits, `.` for an empty cell.
pub fn grid_word(grid: &Grid) -> String {
    grid.iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect()
}

/// A completed grid as its answer line (no newline).
pub fn answer_line(grid: &Grid) -> String {
    grid.iter().map(|&d| char::from(b'0' + d)).collect()
}

/// An answer line read back: exactly 81 digits 1-9.
pub fn read_answer_line(line: &str) -> Option<Grid> {
    let grid = parse_grid(0, line).ok()?;
    grid.iter().all(|&d| d != 0).then_some(grid)
}

/// A grid as 9 lines of 9 digits separated by single blanks (0 for an
/// empty cell).
pub fn format_rows(grid: &Grid) -> String {
    let mut text = String::new();
    for row in grid.chunks(SIDE) {
        let digits: Vec<String> = row.iter().map(u8::to_string).collect();
        text.push_str(&digits.join(" "));
        text.push('\n');
    }
    text
}

/// 81 blank-separated digits 0-9, in any layout, and nothing after them.
pub fn parse_rows(input: &str) -> Result<Grid, Malformed> {
    let mut words = Words::new(input);
    let mut grid = [0; CELLS];
    for cell in grid.iter_mut() {
        let (line, word) = words.word("a digit 0-9")?;
        *cell = match word.as_bytes() {
            [b @ b'0'..=b'9'] => b - b'0',
            _ => {
                return Err(Malformed::Word {
                    line,
                    expected: "a digit 0-9".to_string(),
                    found: word.to_string(),
                })
            }
        };
    }
    words.end("81 digits")?;
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_read_and_write_back() {
        let mut grid = [0; CELLS];
        grid[0] = 5;
        grid[80] = 9;
        let word = grid_word(&grid);
        assert_eq!(parse_grid(3, &word).unwrap(), grid);
        assert_eq!(parse_rows(&format_rows(&grid)).unwrap(), grid);
        assert_eq!(read_answer_line(&word), None);
        let full = [4; CELLS];
        assert_eq!(read_answer_line(&answer_line(&full)), Some(full));
    }

    #[test]
    fn errors_name_their_line() {
        let error = |e: Malformed| e.to_string();
        assert_eq!(
            error(parse_grid(4, "12").unwrap_err()),
            "line 4: a grid has 81 cells, found 2 characters"
        );
        let zero = format!("0{}", ".".repeat(80));
        assert_eq!(
            error(parse_grid(1, &zero).unwrap_err()),
            "line 1: a grid cell is 1-9 or '.'"
        );
        assert_eq!(
            error(parse_rows("1 2\n10").unwrap_err()),
            "line 2: expected a digit 0-9, found \"10\""
        );
        assert_eq!(
            error(parse_rows("1 2").unwrap_err()),
            "line 1: expected a digit 0-9, found the end of the input"
        );
        let extra = format!("{}\n\n7", "0 ".repeat(81));
        assert_eq!(
            error(parse_rows(&extra).unwrap_err()),
            "line 3: expected the end of the input after 81 digits, found \"7\""
        );
        assert_eq!(error(Malformed::whole("no line `end`")), "no line `end`");
        let mut words = Words::new("end");
        assert_eq!(words.grid_or_end().unwrap(), None);
        assert!(words
            .grid_or_end()
            .unwrap_err()
            .to_string()
            .starts_with("line 1: expected a grid"));
    }
}
