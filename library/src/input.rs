//! Puzzle input: errors that name their place, and the `main` every adapter
//! shares.
//!
//! ```
//! use library::input::{self, Error};
//!
//! let lines: Vec<(usize, &str)> = input::lines("ab\r\ncd\n").collect();
//! assert_eq!(lines, [(1, "ab"), (2, "cd")]);
//! let error = Error::at_column(2, 3, "expected a digit 1-9, found 'x'");
//! assert_eq!(error.to_string(), "input:2:3: expected a digit 1-9, found 'x'");
//! ```

use std::fmt;
use std::io::{self, Read, Write};

/// What is wrong with an input, and where: a 1-based line and, when one
/// character is to blame, its 1-based column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub line: usize,
    pub column: Option<usize>,
    pub message: String,
}

impl Error {
    /// An error about line `line` as a whole.
    pub fn at(line: usize, message: impl Into<String>) -> Error {
        Error {
            line,
            column: None,
            message: message.into(),
        }
    }

    /// An error about the character at `line`:`column`.
    pub fn at_column(line: usize, column: usize, message: impl Into<String>) -> Error {
        Error {
            line,
            column: Some(column),
            message: message.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "input:{}:{}: {}", self.line, column, self.message),
            None => write!(f, "input:{}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for Error {}

/// The lines of `text` numbered from 1, each without its `\n` or `\r\n`.
pub fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, line)| (i + 1, line))
}

/// Runs an adapter as a judge does: all of stdin in, the answer written to
/// stdout at once; a bad input goes to stderr with exit code 1.
pub fn run(solve: fn(&str) -> Result<String, Error>) {
    let mut text = String::new();
    if let Err(e) = io::stdin().read_to_string(&mut text) {
        eprintln!("cannot read the input: {e}");
        std::process::exit(1);
    }
    match solve(&text) {
        Ok(answer) => {
            let mut out = io::stdout().lock();
            if let Err(e) = out.write_all(answer.as_bytes()).and_then(|()| out.flush()) {
                eprintln!("cannot write the answer: {e}");
                std::process::exit(1);
            }
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
