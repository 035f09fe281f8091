//! Puzzle input and output as a judge gives and takes them: bytes in (read
//! line by line or token by token, never all split at once), errors that
//! name their place, answers written as they are found.
//!
//! ```
//! use library::input::{self, Error, Lines, Tokens};
//!
//! let mut lines = Lines::new(b"ab\r\ncd\n");
//! let first = lines.next().unwrap();
//! assert_eq!((first.number, first.text), (1, &b"ab"[..]));
//!
//! let mut tokens = Tokens::new(b"3 x\n");
//! assert_eq!(tokens.number::<u32>("a size", 1..=9)?, 3);
//! let error = tokens.number::<u32>("a size", 1..=9).unwrap_err();
//! assert_eq!(error.to_string(), "input:1:3: expected a size (1 to 9), found \"x\"");
//! # Ok::<(), Error>(())
//! ```
//!
//! An adapter is `solve(input, out)`: it reads the whole input (a judge's
//! input is at most a few megabytes, and reading it at once is fastest),
//! writes its answer to `out` as it goes, and returns an [`Error`] for bad
//! input. [`run`] is the `main` every adapter shares; [`answer`] runs an
//! adapter on a string, for tests.

use std::fmt;
use std::io::{self, Read, Write};
use std::ops::RangeInclusive;
use std::str::FromStr;

/// What went wrong: bad input, with its place, or an answer that could
/// not be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// Something is wrong at a place of the input: a 1-based line and,
    /// when one character is to blame, its 1-based column.
    Input {
        line: usize,
        column: Option<usize>,
        message: String,
    },
    /// The answer could not be written (a closed pipe, a full disk): no
    /// place of the input is to blame.
    Output(String),
}

impl Error {
    /// An error about line `line` as a whole.
    pub fn at(line: usize, message: impl Into<String>) -> Error {
        Error::Input {
            line,
            column: None,
            message: message.into(),
        }
    }

    /// An error about the character at `line`:`column`.
    pub fn at_column(line: usize, column: usize, message: impl Into<String>) -> Error {
        Error::Input {
            line,
            column: Some(column),
            message: message.into(),
        }
    }

    /// The line and column of an input error; `None` for an output error.
    pub fn place(&self) -> Option<(usize, Option<usize>)> {
        match self {
            Error::Input { line, column, .. } => Some((*line, *column)),
            Error::Output(_) => None,
        }
    }

    /// The line of an input error; `None` for an output error.
    pub fn line(&self) -> Option<usize> {
        self.place().map(|(line, _)| line)
    }

    /// What is wrong, without the place.
    pub fn message(&self) -> &str {
        match self {
            Error::Input { message, .. } | Error::Output(message) => message,
        }
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Error {
        Error::Output(format!("cannot write the answer: {e}"))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input {
                line,
                column: Some(column),
                message,
            } => write!(f, "input:{line}:{column}: {message}"),
            Error::Input {
                line,
                column: None,
                message,
            } => write!(f, "input:{line}: {message}"),
            Error::Output(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {}

/// An adapter: the input in, the answer out.
pub type Solve = fn(&[u8], &mut dyn Write) -> Result<(), Error>;

/// Runs an adapter as a judge does: all of stdin in, the answer written to
/// stdout as the adapter produces it; bad input goes to stderr with exit
/// code 1 (after whatever answer was already written).
pub fn run(solve: Solve) {
    let mut input = Vec::new();
    if let Err(e) = io::stdin().lock().read_to_end(&mut input) {
        eprintln!("cannot read the input: {e}");
        std::process::exit(1);
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = solve(&input, &mut out).and_then(|()| out.flush().map_err(Error::from));
    if let Err(e) = result {
        let _ = out.flush();
        eprintln!("{e}");
        std::process::exit(1);
    }
}

/// The answer of `solve` for `input`, as a string (for tests).
///
/// # Panics
/// If the answer is not UTF-8.
pub fn answer(solve: Solve, input: &str) -> Result<String, Error> {
    let mut out = Vec::new();
    solve(input.as_bytes(), &mut out)?;
    Ok(String::from_utf8(out).expect("answers are UTF-8"))
}

/// How a piece of input reads in a message: in double quotes, at most 60
/// characters and then `…`; control characters and quotes escaped as Rust
/// escapes them, and a byte that is not UTF-8 as `\xNN` (escapes count
/// in the 60), so that no raw byte of the input reaches the terminal.
pub fn quote(bytes: &[u8]) -> String {
    let mut out = String::from("\"");
    // 60 characters take at most 240 bytes: the rest is never looked at.
    let mut rest = &bytes[..bytes.len().min(4 * 61)];
    let mut shown = 0;
    while let Some(&first) = rest.first() {
        let (piece, len) = match first_char(rest) {
            Some((ch, len)) => (ch.escape_debug().to_string(), len),
            None => (format!("\\x{first:02x}"), 1),
        };
        shown += piece.chars().count();
        if shown > 60 {
            out.push('…');
            break;
        }
        out.push_str(&piece);
        rest = &rest[len..];
    }
    out.push('"');
    out
}

/// The character `bytes` start with and its length, if they start with
/// one in UTF-8.
fn first_char(bytes: &[u8]) -> Option<(char, usize)> {
    (1..=bytes.len().min(4)).find_map(|n| {
        let ch = std::str::from_utf8(&bytes[..n]).ok()?.chars().next()?;
        Some((ch, n))
    })
}

/// The character that starts at byte `at` of `line`, for a message: `'x'`,
/// or `byte 0xNN` when the bytes there are not UTF-8, or `the end of the
/// line`.
pub fn describe_at(line: &[u8], at: usize) -> String {
    let rest = &line[at.min(line.len())..];
    match (rest.first(), first_char(rest)) {
        (None, _) => "the end of the line".to_string(),
        (_, Some((ch, _))) => format!("{ch:?}"),
        (Some(first), None) => format!("byte 0x{first:02x}"),
    }
}

/// The 1-based column of byte `at` of `line`, counting characters (a byte
/// that is not UTF-8 counts as one).
pub fn column(line: &[u8], at: usize) -> usize {
    1 + line[..at.min(line.len())]
        .iter()
        .filter(|&&b| b & 0xc0 != 0x80)
        .count()
}

/// `bytes` without ASCII blanks at the end.
pub fn trim_end(bytes: &[u8]) -> &[u8] {
    let end = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |p| p + 1);
    &bytes[..end]
}

/// Whether `bytes` is blank (empty or ASCII whitespace only).
pub fn is_blank(bytes: &[u8]) -> bool {
    bytes.iter().all(u8::is_ascii_whitespace)
}

/// One line of input: its 1-based number and its bytes, without the `\n`
/// or `\r\n` that ends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    pub number: usize,
    pub text: &'a [u8],
}

impl Line<'_> {
    /// The line without blanks at its end.
    pub fn trimmed(&self) -> &[u8] {
        trim_end(self.text)
    }

    /// An error at byte `at` of the line: `expected {what}, found` the
    /// character there (or the end of the line).
    pub fn expected_at(&self, at: usize, what: &str) -> Error {
        Error::at_column(
            self.number,
            column(self.text, at),
            format!("expected {what}, found {}", describe_at(self.text, at)),
        )
    }

    /// The place in `symbols` of the byte at `at`, or an error saying that
    /// `what` was expected there.
    pub fn symbol(&self, at: usize, symbols: &[u8], what: &str) -> Result<usize, Error> {
        self.text
            .get(at)
            .and_then(|b| symbols.iter().position(|s| s == b))
            .ok_or_else(|| self.expected_at(at, what))
    }

    /// An error unless nothing but blanks follows byte `at`.
    pub fn ends_at(&self, at: usize) -> Result<(), Error> {
        let rest = self.text.get(at..).unwrap_or_default();
        match rest.iter().position(|b| !b.is_ascii_whitespace()) {
            None => Ok(()),
            Some(blanks) => Err(self.expected_at(at + blanks, "the end of the line")),
        }
    }
}

/// The lines of an input, one at a time.
#[derive(Clone, Debug)]
pub struct Lines<'a> {
    rest: &'a [u8],
    number: usize,
}

impl<'a> Lines<'a> {
    pub fn new(input: &'a [u8]) -> Lines<'a> {
        Lines {
            rest: input,
            number: 0,
        }
    }

    /// The number of the line after the last one returned: where "found
    /// the end of the input" happens.
    pub fn next_number(&self) -> usize {
        self.number + 1
    }

    /// The next line that is not blank.
    pub fn next_filled(&mut self) -> Option<Line<'a>> {
        self.find(|line| !is_blank(line.text))
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        if self.rest.is_empty() {
            return None;
        }
        let (text, rest) = match self.rest.iter().position(|&b| b == b'\n') {
            Some(end) => (&self.rest[..end], &self.rest[end + 1..]),
            None => (self.rest, &self.rest[self.rest.len()..]),
        };
        self.rest = rest;
        self.number += 1;
        Some(Line {
            number: self.number,
            text: text.strip_suffix(b"\r").unwrap_or(text),
        })
    }
}

/// A blank-separated token and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub line: usize,
    pub column: usize,
    pub text: &'a [u8],
}

impl Token<'_> {
    /// An error about this token.
    pub fn error(&self, message: impl Into<String>) -> Error {
        Error::at_column(self.line, self.column, message)
    }

    /// This token as a whole number in `range` (digits, with a `-` in
    /// front for a negative one), or an error naming it (`what` says what
    /// the number is). For a token already taken, say to tell the end of
    /// the input from a number.
    pub fn number<T>(&self, what: &str, range: RangeInclusive<i64>) -> Result<T, Error>
    where
        T: TryFrom<i64>,
    {
        std::str::from_utf8(self.text)
            .ok()
            .filter(|text| {
                let digits = text.strip_prefix('-').unwrap_or(text);
                !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
            })
            .and_then(|text| i64::from_str(text).ok())
            .filter(|n| range.contains(n))
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| {
                self.error(format!(
                    "expected {}, found {}",
                    expected_number(what, &range),
                    quote(self.text)
                ))
            })
    }
}

/// The blank-separated tokens of an input, one at a time, with their
/// places.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    input: &'a [u8],
    at: usize,
    line: usize,
    column: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(input: &'a [u8]) -> Tokens<'a> {
        Tokens {
            input,
            at: 0,
            line: 1,
            column: 1,
        }
    }

    /// The next token, if any.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        while let Some(&b) = self.input.get(self.at) {
            if !b.is_ascii_whitespace() {
                break;
            }
            self.step(b);
        }
        if self.at == self.input.len() {
            return None;
        }
        let (start, line, column) = (self.at, self.line, self.column);
        while let Some(&b) = self.input.get(self.at) {
            if b.is_ascii_whitespace() {
                break;
            }
            self.step(b);
        }
        Some(Token {
            line,
            column,
            text: &self.input[start..self.at],
        })
    }

    fn step(&mut self, b: u8) {
        self.at += 1;
        if b == b'\n' {
            self.line += 1;
            self.column = 1;
        } else if b & 0xc0 != 0x80 {
            self.column += 1;
        }
    }

    /// The place after the last token: where "found the end of the input"
    /// happens.
    pub fn end_error(&self, expected: &str) -> Error {
        Error::at(
            self.line,
            format!("expected {expected}, found the end of the input"),
        )
    }

    /// An error unless no token is left; `after` says what came last.
    pub fn end(&mut self, after: &str) -> Result<(), Error> {
        match self.next_token() {
            None => Ok(()),
            Some(extra) => Err(extra.error(format!(
                "expected the end of the input after {after}, found {}",
                quote(extra.text)
            ))),
        }
    }

    /// The next token, or an error saying that `expected` was.
    pub fn expect(&mut self, expected: &str) -> Result<Token<'a>, Error> {
        match self.next_token() {
            Some(token) => Ok(token),
            None => Err(self.end_error(expected)),
        }
    }

    /// The next token as a whole number in `range`, or an error naming it
    /// (`what` says what the number is).
    pub fn number<T>(&mut self, what: &str, range: RangeInclusive<i64>) -> Result<T, Error>
    where
        T: TryFrom<i64>,
    {
        self.placed_number(what, range).map(|(n, _)| n)
    }

    /// [`Tokens::number`], and the token it was read from.
    pub fn placed_number<T>(
        &mut self,
        what: &str,
        range: RangeInclusive<i64>,
    ) -> Result<(T, Token<'a>), Error>
    where
        T: TryFrom<i64>,
    {
        match self.next_token() {
            Some(token) => token.number(what, range).map(|n| (n, token)),
            None => Err(self.end_error(&expected_number(what, &range))),
        }
    }
}

/// What a number in `range` is called in a message. Only an error spells
/// it out: inputs of millions of numbers read them without an allocation
/// each.
fn expected_number(what: &str, range: &RangeInclusive<i64>) -> String {
    match (*range.start(), *range.end()) {
        (i64::MIN, i64::MAX) => format!("{what} (an integer)"),
        (low, i64::MAX) => format!("{what} ({low} or more)"),
        (low, high) => format!("{what} ({low} to {high})"),
    }
}

/// A writer for tests that keeps every write apart: an adapter that
/// streams its answer writes once per case, before it reads the next.
#[cfg(test)]
#[derive(Default)]
pub(crate) struct Writes(pub Vec<Vec<u8>>);

#[cfg(test)]
impl Write for Writes {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.push(buf.to_vec());
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_strip_their_ends_and_count() {
        let lines: Vec<(usize, &[u8])> = Lines::new(b"a\r\n\nb")
            .map(|l| (l.number, l.text))
            .collect();
        assert_eq!(lines, [(1, &b"a"[..]), (2, &b""[..]), (3, &b"b"[..])]);
        let mut lines = Lines::new(b"\n \nx\n");
        assert_eq!(lines.next_filled().map(|l| l.number), Some(3));
        assert_eq!(lines.next_filled(), None);
        assert_eq!(lines.next_number(), 4);
    }

    #[test]
    fn tokens_know_their_place() {
        let mut tokens = Tokens::new("  12\n\té -3\n".as_bytes());
        let places: Vec<(usize, usize, &[u8])> = std::iter::from_fn(|| tokens.next_token())
            .map(|t| (t.line, t.column, t.text))
            .collect();
        assert_eq!(
            places,
            [
                (1, 3, &b"12"[..]),
                (2, 2, "é".as_bytes()),
                (2, 4, &b"-3"[..])
            ]
        );
    }

    #[test]
    fn numbers_are_checked_whole() {
        let mut tokens = Tokens::new(b"7 +7 1x 99999999999999999999 -2");
        assert_eq!(tokens.number::<u8>("n", 0..=9), Ok(7));
        for _ in 0..3 {
            assert!(tokens.number::<u8>("n", 0..=9).is_err());
        }
        assert_eq!(tokens.number::<i32>("n", -5..=5), Ok(-2));
        assert_eq!(
            tokens.number::<i32>("n", -5..=5),
            Err(Error::at(
                1,
                "expected n (-5 to 5), found the end of the input"
            ))
        );
    }

    #[test]
    fn quotes_are_short_and_show_bad_bytes() {
        assert_eq!(quote(b"abc"), "\"abc\"");
        assert_eq!(quote(b"a\xffb\t\0\""), r#""a\xffb\t\0\"""#);
        let binary = quote(&[0x9b; 300]);
        assert_eq!(binary, format!("\"{}…\"", r"\x9b".repeat(15)));
        let long = quote("é".repeat(1_000_000).as_bytes());
        assert_eq!(long.chars().count(), 63, "{long}");
        assert!(long.ends_with("é…\""), "{long}");
        assert_eq!(quote(&[b'x'; 60]).chars().count(), 62);
    }

    #[test]
    fn characters_are_described_even_when_not_utf8() {
        assert_eq!(describe_at(b"ab", 1), "'b'");
        assert_eq!(describe_at("aé".as_bytes(), 1), "'é'");
        assert_eq!(describe_at(b"a\xe9", 1), "byte 0xe9");
        assert_eq!(describe_at(b"a", 1), "the end of the line");
        assert_eq!(column("éx".as_bytes(), 2), 2);
    }

    #[test]
    fn errors_display_their_place() {
        let e = Error::at_column(2, 3, "m");
        assert_eq!(e.to_string(), "input:2:3: m");
        assert_eq!((e.place(), e.message()), (Some((2, Some(3))), "m"));
        assert_eq!(Error::at(4, "m").to_string(), "input:4: m");
        let e = Error::from(io::Error::new(io::ErrorKind::BrokenPipe, "gone"));
        assert_eq!(e.to_string(), "cannot write the answer: gone");
        assert_eq!(e.place(), None);
    }

    #[test]
    fn a_token_already_taken_parses_as_a_number() {
        let mut tokens = Tokens::new(b"12 x");
        let twelve = tokens.next_token().unwrap();
        assert_eq!(twelve.number::<u8>("n", 0..=20), Ok(12));
        assert_eq!(
            twelve.number::<u8>("n", 0..=9).unwrap_err().to_string(),
            "input:1:1: expected n (0 to 9), found \"12\""
        );
        let x = tokens.next_token().unwrap();
        assert_eq!(
            x.number::<u8>("n", 0..=i64::MAX).unwrap_err().to_string(),
            "input:1:4: expected n (0 or more), found \"x\""
        );
    }
}
