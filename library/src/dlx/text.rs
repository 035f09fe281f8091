//! Knuth's DLX text format: the input that DLX1 and most exact-cover tools
//! read.
//!
//! ```
//! use library::dlx::{text, Search, Solver};
//!
//! let instance = text::parse(b"| a comment\nx y | z\nx z\ny\nx\n".to_vec())?;
//! assert_eq!(instance.item_name(0), "x");
//! let solution = Solver::new(&instance.problem).first().unwrap();
//! let lines: Vec<_> = solution.iter().map(|&k| instance.option_text(k)).collect();
//! assert_eq!(lines, ["y", "x z"]); // y has fewer options: it goes first
//! # Ok::<(), library::dlx::text::ParseError>(())
//! ```
//!
//! The format, read byte by byte exactly as DLX1 reads it (`dlx1.w`,
//! "Inputting the matrix"):
//! * blanks are C's `isspace` bytes: space, tab, `\n`, vertical tab, form
//!   feed, carriage return;
//! * a line whose first non-blank byte is `|` is a comment, and blank lines
//!   are skipped;
//! * the first other line names the items, separated by blanks; a `|`
//!   where a name would start separates the primary items from the
//!   secondary ones (at most once); a name may not contain `|` or `:`;
//! * every following line is an option: the names of the items it covers,
//!   each at most once.
//!
//! An option that names no primary item can never be chosen; like DLX1 the
//! reader drops it (so option numbers count only the options kept). Bytes
//! need not be UTF-8: DLX1 reads a Latin-1 comment or name as it reads any
//! other bytes, and so does this reader (a name is shown with `\xNN` for a
//! byte that is not UTF-8). Unlike DLX1, names may be of any length, and
//! lines too (DLX1 stops at 8 bytes a name and a fixed buffer a line).
//!
//! Reading takes time linear in the input, and keeps the input and about
//! 8 bytes per item mention, 8 per option and 24 per item name besides.

use std::collections::HashMap;
use std::fmt;

use crate::dlx::{Error, Problem};

/// A problem read from text, with what is needed to print its solutions.
#[derive(Clone, Debug)]
pub struct Instance {
    pub problem: Problem,
    /// The text read.
    text: Vec<u8>,
    /// Where item `i`'s name is in `text`.
    names: Vec<(u32, u32)>,
    /// Where option `k`'s line is in `text`, without blanks at its ends.
    options: Vec<(u32, u32)>,
}

impl Instance {
    /// The number of items, primary ones first.
    pub fn items(&self) -> usize {
        self.names.len()
    }

    /// The name of item `i`, with `\xNN` for bytes that are not UTF-8.
    ///
    /// # Panics
    /// If `i` is not an item of the problem.
    pub fn item_name(&self, i: usize) -> String {
        show(self.span(self.names[i]))
    }

    /// The line that gave option `k`, without blanks at its ends, as it was
    /// read.
    ///
    /// # Panics
    /// If `k` is not an option of the problem.
    pub fn option_bytes(&self, k: usize) -> &[u8] {
        self.span(self.options[k])
    }

    /// [`Instance::option_bytes`] as text, with `\xNN` for bytes that are
    /// not UTF-8.
    pub fn option_text(&self, k: usize) -> String {
        show(self.option_bytes(k))
    }

    /// The 1-based number of the line that gave option `k`.
    pub fn option_line(&self, k: usize) -> usize {
        let start = self.options[k].0 as usize;
        1 + self.text[..start].iter().filter(|&&b| b == b'\n').count()
    }

    fn span(&self, (start, end): (u32, u32)) -> &[u8] {
        &self.text[start as usize..end as usize]
    }
}

/// What is wrong with a DLX text, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters; a byte that is not UTF-8 counts as
    /// one) of the offending name, or 1.
    pub column: usize,
    pub kind: ParseErrorKind,
}

/// The kinds of [`ParseError`]. Names are shown at most 60 characters long.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The text has no line naming the items.
    MissingItems,
    /// The item line has a second `|`.
    SecondSeparator,
    /// The item line names this item twice.
    DuplicateItem(String),
    /// A name contains `|` or `:`.
    BadName(String),
    /// An option names an item the item line does not.
    UnknownItem(String),
    /// An option names this item twice.
    RepeatedItem(String),
    /// The problem does not fit the engine.
    Engine(Error),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match &self.kind {
            ParseErrorKind::MissingItems => write!(f, "no line names the items"),
            ParseErrorKind::SecondSeparator => {
                write!(f, "a second `|` on the item line (only one may separate primary from secondary items)")
            }
            ParseErrorKind::DuplicateItem(name) => write!(f, "item `{name}` is named twice"),
            ParseErrorKind::BadName(name) => write!(
                f,
                "name `{name}` contains `|` or `:` (reserved by Knuth's format)"
            ),
            ParseErrorKind::UnknownItem(name) => {
                write!(f, "unknown item `{name}` (not on the item line)")
            }
            ParseErrorKind::RepeatedItem(name) => {
                write!(f, "item `{name}` appears twice in this option")
            }
            ParseErrorKind::Engine(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for ParseError {}

/// C's `isspace` in the "C" locale, which is what DLX1 skips.
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// `bytes` as text: UTF-8 as it is, any other byte as `\xNN`.
fn show(mut bytes: &[u8]) -> String {
    let mut out = String::new();
    loop {
        match std::str::from_utf8(bytes) {
            Ok(valid) => {
                out.push_str(valid);
                return out;
            }
            Err(e) => {
                let (valid, rest) = bytes.split_at(e.valid_up_to());
                out.push_str(std::str::from_utf8(valid).unwrap_or_default());
                let bad = e.error_len().unwrap_or(rest.len());
                for b in &rest[..bad] {
                    out.push_str(&format!("\\x{b:02x}"));
                }
                bytes = &rest[bad..];
            }
        }
    }
}

/// A name for a message: at most 60 characters, then `…`.
fn quoted(bytes: &[u8]) -> String {
    let shown = show(bytes);
    match shown.char_indices().nth(60) {
        Some((end, _)) => format!("{}…", &shown[..end]),
        None => shown,
    }
}

/// The 1-based column of byte `at` of `line`, counting characters.
fn column(line: &[u8], at: usize) -> usize {
    1 + String::from_utf8_lossy(&line[..at]).chars().count()
}

/// One line of the text: its number and where it is.
struct Line {
    number: usize,
    start: usize,
    end: usize,
}

/// The lines that are not comments or blank, split at `\n` as `fgets` does.
fn content_lines(text: &[u8]) -> impl Iterator<Item = Line> + '_ {
    let mut start = 0;
    let mut number = 0;
    std::iter::from_fn(move || loop {
        if start >= text.len() {
            return None;
        }
        let end = text[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(text.len(), |p| start + p);
        number += 1;
        let line = Line { number, start, end };
        start = end + 1;
        match text[line.start..line.end].iter().find(|&&b| !is_blank(b)) {
            None | Some(b'|') => continue,
            Some(_) => return Some(line),
        }
    })
}

/// The names on a line: (byte offset in the line, name).
fn names(line: &[u8]) -> impl Iterator<Item = (usize, &[u8])> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < line.len() && is_blank(line[at]) {
            at += 1;
        }
        if at == line.len() {
            return None;
        }
        let start = at;
        while at < line.len() && !is_blank(line[at]) {
            at += 1;
        }
        Some((start, &line[start..at]))
    })
}

/// Reads a problem in DLX text format; see the module docs.
pub fn parse(text: Vec<u8>) -> Result<Instance, ParseError> {
    let error = |line: &Line, at: usize, kind| ParseError {
        line: line.number,
        column: column(&text[line.start..line.end], at),
        kind,
    };
    let mut lines = content_lines(&text);
    let header = lines.next().ok_or(ParseError {
        // The line after the last one.
        line: 1
            + text.iter().filter(|&&b| b == b'\n').count()
            + usize::from(text.last().map_or(false, |&b| b != b'\n')),
        column: 1,
        kind: ParseErrorKind::MissingItems,
    })?;
    let header_bytes = &text[header.start..header.end];

    let mut lookup: HashMap<&[u8], u32> = HashMap::new();
    let mut item_spans = Vec::new();
    let mut primary = None;
    for (at, name) in names(header_bytes) {
        // DLX1 takes a `|` where a name starts as the separator, even
        // with more after it (`a |b` is `a | b`).
        let (at, name) = match name.strip_prefix(b"|") {
            Some(rest) => {
                if primary.is_some() {
                    return Err(error(&header, at, ParseErrorKind::SecondSeparator));
                }
                primary = Some(item_spans.len());
                if rest.is_empty() {
                    continue;
                }
                (at + 1, rest)
            }
            None => (at, name),
        };
        if name.iter().any(|&b| b == b'|' || b == b':') {
            return Err(error(&header, at, ParseErrorKind::BadName(quoted(name))));
        }
        if lookup.insert(name, item_spans.len() as u32).is_some() {
            return Err(error(
                &header,
                at,
                ParseErrorKind::DuplicateItem(quoted(name)),
            ));
        }
        let start = header.start + at;
        item_spans.push((start as u32, (start + name.len()) as u32));
    }
    // A line whose first name is `|` is a comment, so at least one primary
    // item precedes any separator.
    let primary = primary.unwrap_or(item_spans.len());
    let total = item_spans.len();

    let mut problem = Problem::new(primary, total - primary);
    let mut option_spans = Vec::new();
    let mut option = Vec::new();
    // seen[i] == k + 1 while line k names item i: a repeat in one step.
    let mut seen = vec![0u32; total];
    for (k, line) in lines.enumerate() {
        let bytes = &text[line.start..line.end];
        let stamp = k as u32 + 1;
        option.clear();
        for (at, name) in names(bytes) {
            let item = *lookup
                .get(name)
                .ok_or_else(|| error(&line, at, ParseErrorKind::UnknownItem(quoted(name))))?
                as usize;
            if seen[item] == stamp {
                return Err(error(&line, at, ParseErrorKind::RepeatedItem(quoted(name))));
            }
            seen[item] = stamp;
            option.push(item);
        }
        if option.iter().all(|&item| item >= primary) {
            continue;
        }
        problem
            .add_option(&option)
            .map_err(|e| error(&line, 0, ParseErrorKind::Engine(e)))?;
        let first = bytes.iter().position(|&b| !is_blank(b)).unwrap_or(0);
        let last = bytes
            .iter()
            .rposition(|&b| !is_blank(b))
            .map_or(0, |p| p + 1);
        option_spans.push(((line.start + first) as u32, (line.start + last) as u32));
    }
    drop(lookup);
    if text.len() > u32::MAX as usize {
        return Err(ParseError {
            line: 1,
            column: 1,
            kind: ParseErrorKind::Engine(Error::TooLarge),
        });
    }
    Ok(Instance {
        problem,
        text,
        names: item_spans,
        options: option_spans,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Instance, ParseError> {
        parse(text.as_bytes().to_vec())
    }

    fn kind_at(text: &str) -> (usize, usize, ParseErrorKind) {
        let e = read(text).unwrap_err();
        (e.line, e.column, e.kind)
    }

    #[test]
    fn reads_items_options_and_comments() {
        let text = "| comment\n\n  a b | c d\n a  c\n\tb d\r\nc\n| another\nb\n";
        let instance = read(text).unwrap();
        let names: Vec<String> = (0..instance.items())
            .map(|i| instance.item_name(i))
            .collect();
        assert_eq!(names, ["a", "b", "c", "d"]);
        assert_eq!(instance.problem.primary(), 2);
        assert_eq!(instance.problem.secondary(), 2);
        // `c` alone names no primary item and is dropped, as DLX1 does.
        let lines: Vec<usize> = (0..3).map(|k| instance.option_line(k)).collect();
        assert_eq!(lines, [4, 5, 8]);
        assert_eq!(instance.option_text(1), "b d");
        assert_eq!(instance.problem.option(1).collect::<Vec<_>>(), [1, 3]);
    }

    #[test]
    fn blanks_are_cs_isspace_as_for_dlx1() {
        // Vertical tab and form feed separate names; a line of them is blank.
        let instance = read("a\x0bb\x0cc\n\x0b\x0c\na\x0cb\nc\n").unwrap();
        assert_eq!(instance.items(), 3);
        assert_eq!(instance.problem.options(), 2);
        assert_eq!(instance.option_text(0), "a\x0cb");
    }

    #[test]
    fn bytes_that_are_not_utf8_are_read_as_dlx1_reads_them() {
        // A Latin-1 comment, and a Latin-1 name.
        let mut text = b"| caf\xe9\na b \xe9\n".to_vec();
        text.extend_from_slice(b"a \xe9\nb\n");
        let instance = parse(text).unwrap();
        assert_eq!(instance.item_name(2), "\\xe9");
        assert_eq!(instance.option_bytes(0), b"a \xe9");
        assert_eq!(instance.option_text(0), "a \\xe9");
    }

    #[test]
    fn a_bar_starting_a_name_is_the_separator() {
        let instance = read("a |b c\na b\n").unwrap();
        assert_eq!(instance.problem.primary(), 1);
        assert_eq!(instance.item_name(1), "b");
    }

    #[test]
    fn names_may_be_long() {
        let long = "x".repeat(100);
        let instance = read(&format!("{long} y\n{long} y\n")).unwrap();
        assert_eq!(instance.item_name(0), long);
    }

    #[test]
    fn a_wide_option_is_read_in_linear_time() {
        // 200 000 distinct names in one option: seconds with a scan per
        // name, milliseconds with the stamps.
        let names: Vec<String> = (0..200_000).map(|i| format!("i{i}")).collect();
        let line = names.join(" ");
        let instance = read(&format!("{line}\n{line}\n")).unwrap();
        assert_eq!(instance.problem.option(0).len(), 200_000);
    }

    #[test]
    fn errors_name_the_place() {
        assert_eq!(kind_at(""), (1, 1, ParseErrorKind::MissingItems));
        assert_eq!(kind_at("| only\n\n"), (3, 1, ParseErrorKind::MissingItems));
        assert_eq!(kind_at("| a b\n"), (2, 1, ParseErrorKind::MissingItems));
        assert_eq!(kind_at("| \n| x\n"), (3, 1, ParseErrorKind::MissingItems));
        assert_eq!(
            kind_at("a | b | c\n"),
            (1, 7, ParseErrorKind::SecondSeparator)
        );
        assert_eq!(kind_at(" | b\n"), (2, 1, ParseErrorKind::MissingItems));
        assert_eq!(
            kind_at("a b a\n"),
            (1, 5, ParseErrorKind::DuplicateItem("a".into()))
        );
        assert_eq!(
            kind_at("a b|c\n"),
            (1, 3, ParseErrorKind::BadName("b|c".into()))
        );
        assert_eq!(
            kind_at("a b:c\n"),
            (1, 3, ParseErrorKind::BadName("b:c".into()))
        );
        assert_eq!(
            kind_at("a b\na\nb  zz\n"),
            (3, 4, ParseErrorKind::UnknownItem("zz".into()))
        );
        assert_eq!(
            kind_at("a b\na b a\n"),
            (2, 5, ParseErrorKind::RepeatedItem("a".into()))
        );
        assert_eq!(
            kind_at("é b\né x\n"),
            (2, 3, ParseErrorKind::UnknownItem("x".into()))
        );
    }

    #[test]
    fn long_names_are_shortened_in_messages() {
        let long = "y".repeat(1000);
        let e = read(&format!("a\na {long}\n")).unwrap_err();
        let message = e.to_string();
        assert!(message.len() < 150, "{message}");
        assert!(
            message.contains(&format!("{}…", "y".repeat(60))),
            "{message}"
        );
    }

    #[test]
    fn display_says_where_and_what() {
        let e = read("a b\nb c\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 3: unknown item `c` (not on the item line)"
        );
    }
}
