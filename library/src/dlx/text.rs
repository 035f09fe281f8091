//! Knuth's DLX text format: the input that DLX1, DLX2, DLX3 and most
//! exact-cover tools read, with colors and bounds.
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
//! The format, read byte by byte exactly as Knuth's programs read it
//! (`dlx1.w`, "Inputting the matrix"; colors as in `dlx2.w`, bounds as in
//! `dlx3.w`):
//! * blanks are C's `isspace` bytes: space, tab, `\n`, vertical tab, form
//!   feed, carriage return;
//! * a line whose first non-blank byte is `|` is a comment, and blank lines
//!   are skipped;
//! * the first other line names the items, separated by blanks; a `|`
//!   where a name would start separates the primary items from the
//!   secondary ones (at most once); a name may not contain `|` or `:`;
//! * a primary item may carry bounds (DLX3): `lo:hi|name` is covered
//!   between `lo` and `hi` times, `hi|name` exactly `hi` times (decimal
//!   numbers, `hi >= 1`; an empty number reads as 0, as in DLX3);
//! * every following line is an option: the names of the items it covers,
//!   each at most once; a secondary item may be given a color (DLX2),
//!   `name:color`. Options that give an item the same color may share it;
//! * an option may have costs (DLX5): words `|n` after its first item,
//!   `n` a decimal number; its cost is their sum, at most
//!   [`MAX_COST`](crate::dlx::MAX_COST). A file with costs asks for the
//!   cheapest solutions ([`crate::dlx::cost`]), and takes no bounds.
//!
//! ```
//! use library::dlx::{multi, text, Search};
//!
//! // Knuth's example from dlx3.w: C is covered 2 or 3 times; X and Y colored.
//! let text = b"A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
//! let instance = text::parse(text.to_vec())?;
//! assert_eq!(instance.item_name(2), "C");
//! assert_eq!(instance.problem.bounds(2), (2, 3));
//! let solution = multi::Solver::new(&instance.problem).first().unwrap();
//! let lines: Vec<_> = solution.iter().map(|&k| instance.option_text(k)).collect();
//! assert_eq!(lines, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
//! # Ok::<(), library::dlx::text::ParseError>(())
//! ```
//!
//! ```
//! use library::dlx::{cost, text, Search};
//!
//! let instance = text::parse(b"a b c\na b |3\nc |1\na |1\nb c |2\n".to_vec())?;
//! assert_eq!(instance.problem.cost(0), 3);
//! let best = cost::Solver::new(&instance.problem).cheapest();
//! let lines: Vec<_> = best[0].1.iter().map(|&k| instance.option_text(k)).collect();
//! assert_eq!((best[0].0, lines), (3, vec!["a |1".to_string(), "b c |2".to_string()]));
//! # Ok::<(), library::dlx::text::ParseError>(())
//! ```
//!
//! An option that names no primary item can never be chosen; like DLX1 the
//! reader drops it (so option numbers count only the options kept). Bytes
//! need not be UTF-8: DLX1 reads a Latin-1 comment or name as it reads any
//! other bytes, and so does this reader (a name is shown with `\xNN` for a
//! byte that is not UTF-8). Unlike Knuth's programs, names may be of any
//! length, and lines too (they stop at 8 bytes a name and a fixed buffer a
//! line), and a color may be any word, not only one character: colors are
//! told apart by their text.
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

    /// The name of item `i` as it was read.
    ///
    /// # Panics
    /// If `i` is not an item of the problem.
    pub fn item_bytes(&self, i: usize) -> &[u8] {
        self.span(self.names[i])
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

    /// The problem alone, the text and its names let go: what a count
    /// needs (a million options hold about 45 bytes each of text and
    /// places).
    pub fn into_problem(self) -> Problem {
        self.problem
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
    /// An item with nothing before its `:` (an option) or after its
    /// bounds (the item line).
    EmptyName,
    /// The bounds before a primary item's `|` are not `lo:hi` or `hi` in
    /// decimal, or too large.
    BadBounds(String),
    /// This item's upper bound is 0.
    ZeroBound(String),
    /// This item's lower bound exceeds its upper bound.
    LowAboveHigh(String),
    /// Bounds before a secondary item.
    BoundsOnSecondary(String),
    /// An option gives this primary item a color.
    ColoredPrimary(String),
    /// An option names this item with `:` and no color after it.
    EmptyColor(String),
    /// A word `|…` of an option that is not `|` and a decimal number.
    BadCost(String),
    /// The costs of an option add up to more than
    /// [`MAX_COST`](crate::dlx::MAX_COST).
    CostTooLarge,
    /// A cost in a file whose items have bounds.
    CostWithBounds,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: ", self.line, self.column)?;
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
            ParseErrorKind::EmptyName => write!(f, "an item name is empty"),
            ParseErrorKind::BadBounds(bounds) => write!(
                f,
                "bounds `{bounds}` are not `lo:hi` or `hi` in decimal (at most {})",
                u32::MAX
            ),
            ParseErrorKind::ZeroBound(name) => {
                write!(f, "item `{name}` has upper bound 0 (it must be at least 1)")
            }
            ParseErrorKind::LowAboveHigh(name) => {
                write!(f, "item `{name}` has a lower bound above its upper bound")
            }
            ParseErrorKind::BoundsOnSecondary(name) => write!(
                f,
                "secondary item `{name}` has bounds (only primary items take `lo:hi|`)"
            ),
            ParseErrorKind::ColoredPrimary(name) => write!(
                f,
                "primary item `{name}` has a color (only secondary items take colors)"
            ),
            ParseErrorKind::EmptyColor(name) => {
                write!(f, "item `{name}` has a `:` but no color after it")
            }
            ParseErrorKind::BadCost(word) => write!(
                f,
                "`{word}` is not a cost (`|` then a decimal number, as in `|12`)"
            ),
            ParseErrorKind::CostTooLarge => write!(
                f,
                "the costs of this option add up to more than {}, the largest cost",
                crate::dlx::MAX_COST
            ),
            ParseErrorKind::CostWithBounds => write!(
                f,
                "a cost in a file whose items have bounds (costs are DLX5's, \
                 bounds DLX3's, and no engine takes both)"
            ),
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

/// A name for a message: at most 60 characters, then `…`; control
/// characters escaped as Rust escapes them (`\0`, `\u{1b}`), so that a
/// message never carries them to the terminal.
fn quoted(bytes: &[u8]) -> String {
    let mut out = String::new();
    for (n, c) in show(bytes).chars().enumerate() {
        if n == 60 {
            out.push('…');
            break;
        }
        match c.is_control() {
            true => out.extend(c.escape_debug()),
            false => out.push(c),
        }
    }
    out
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

impl Line {
    /// The error `kind` at byte `at` of this line of `text`.
    fn error(&self, text: &[u8], at: usize, kind: ParseErrorKind) -> ParseError {
        ParseError {
            line: self.number,
            column: column(&text[self.start..self.end], at),
            kind,
        }
    }
}

/// The byte-order mark some editors put first: read as nothing, so that
/// it is neither part of the first name nor counted in a column.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// The lines that are not comments or blank, split at `\n` as `fgets` does.
fn content_lines(text: &[u8]) -> impl Iterator<Item = Line> + '_ {
    let mut start = if text.starts_with(BOM) { BOM.len() } else { 0 };
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
    if text.len() > u32::MAX as usize {
        return Err(ParseError {
            line: 1,
            column: 1,
            kind: ParseErrorKind::Engine(Error::TooLarge),
        });
    }
    let (problem, names, options) = read(&text)?;
    Ok(Instance {
        problem,
        text,
        names,
        options,
    })
}

/// The problem, where each item's name is and where each option's line is.
type Read = (Problem, Vec<(u32, u32)>, Vec<(u32, u32)>);

/// [`parse`] on borrowed text: the item line, then the options.
fn read(text: &[u8]) -> Result<Read, ParseError> {
    let mut lines = content_lines(text);
    let header = lines.next().ok_or(ParseError {
        // The line after the last one.
        line: 1
            + text.iter().filter(|&&b| b == b'\n').count()
            + usize::from(text.last().map_or(false, |&b| b != b'\n')),
        column: 1,
        kind: ParseErrorKind::MissingItems,
    })?;
    let items = read_items(text, &header)?;
    let mut problem = Problem::new(items.primary, items.spans.len() - items.primary);
    for &(item, lo, hi) in &items.bounds {
        // Checked on the item line already.
        problem
            .set_bounds(item, lo, hi)
            .map_err(|e| header.error(text, 0, ParseErrorKind::Engine(e)))?;
    }
    let mut reader = OptionReader::new(&items);
    let mut options = Vec::new();
    for line in lines {
        if let Some(span) = reader.read(text, &line, &mut problem)? {
            options.push(span);
        }
    }
    problem.shrink_to_fit();
    options.shrink_to_fit();
    Ok((problem, items.spans, options))
}

/// What the item line says.
struct Items<'a> {
    /// Item numbers by name.
    lookup: HashMap<&'a [u8], u32>,
    /// Where each item's name is in the text.
    spans: Vec<(u32, u32)>,
    primary: usize,
    /// `(item, lo, hi)` for every primary item given bounds.
    bounds: Vec<(usize, u32, u32)>,
}

/// Reads the item line: names, the separator, bounds.
fn read_items<'a>(text: &'a [u8], header: &Line) -> Result<Items<'a>, ParseError> {
    let mut items = Items {
        lookup: HashMap::new(),
        spans: Vec::new(),
        primary: usize::MAX,
        bounds: Vec::new(),
    };
    for (at, word) in names(&text[header.start..header.end]) {
        // Knuth's programs take a `|` where a name starts as the
        // separator, even with more after it (`a |b` is `a | b`).
        let (at, word) = match word.strip_prefix(b"|") {
            Some(rest) => {
                if items.primary != usize::MAX {
                    return Err(header.error(text, at, ParseErrorKind::SecondSeparator));
                }
                items.primary = items.spans.len();
                if rest.is_empty() {
                    continue;
                }
                (at + 1, rest)
            }
            None => (at, word),
        };
        let secondary = items.primary != usize::MAX;
        let (skip, bounds) =
            split_bounds(word, secondary).map_err(|kind| header.error(text, at, kind))?;
        let name = &word[skip..];
        if name.iter().any(|&b| b == b'|' || b == b':') {
            let kind = ParseErrorKind::BadName(quoted(name));
            return Err(header.error(text, at + skip, kind));
        }
        let item = items.spans.len();
        if items.lookup.insert(name, item as u32).is_some() {
            let kind = ParseErrorKind::DuplicateItem(quoted(name));
            return Err(header.error(text, at + skip, kind));
        }
        if let Some((lo, hi)) = bounds {
            items.bounds.push((item, lo, hi));
        }
        let start = header.start + at + skip;
        items
            .spans
            .push((start as u32, (start + name.len()) as u32));
    }
    // A line whose first name is `|` is a comment, so at least one primary
    // item precedes any separator.
    items.primary = items.primary.min(items.spans.len());
    Ok(items)
}

/// Splits the bounds `lo:hi|` or `hi|` off an item line's word: how many
/// bytes they take and `(lo, hi)`, or `(0, None)` for a word without `|`.
fn split_bounds(
    word: &[u8],
    secondary: bool,
) -> Result<(usize, Option<(u32, u32)>), ParseErrorKind> {
    let bar = match word.iter().position(|&b| b == b'|') {
        Some(bar) => bar,
        None => return Ok((0, None)),
    };
    let name = &word[bar + 1..];
    if secondary {
        return Err(ParseErrorKind::BoundsOnSecondary(quoted(name)));
    }
    if name.is_empty() {
        return Err(ParseErrorKind::EmptyName);
    }
    let prefix = &word[..bar];
    let bad = || ParseErrorKind::BadBounds(quoted(prefix));
    let number = |digits: &[u8]| -> Result<u32, ParseErrorKind> {
        if !digits.iter().all(u8::is_ascii_digit) {
            return Err(bad());
        }
        // No digits read as 0, as in DLX3.
        digits.iter().try_fold(0u32, |n, &d| {
            n.checked_mul(10)
                .and_then(|n| n.checked_add(u32::from(d - b'0')))
                .ok_or_else(bad)
        })
    };
    let (lo, hi) = match prefix.iter().position(|&b| b == b':') {
        Some(colon) => (number(&prefix[..colon])?, number(&prefix[colon + 1..])?),
        None => {
            let hi = number(prefix)?;
            (hi, hi)
        }
    };
    if hi == 0 {
        return Err(ParseErrorKind::ZeroBound(quoted(name)));
    }
    if lo > hi {
        return Err(ParseErrorKind::LowAboveHigh(quoted(name)));
    }
    Ok((bar + 1, Some((lo, hi))))
}

/// Reads option lines one by one, numbering the colors as they come.
struct OptionReader<'i, 'a> {
    items: &'i Items<'a>,
    /// Color numbers (from 1) by name.
    colors: HashMap<&'a [u8], u32>,
    /// `seen[i] == stamp` while the current line names item `i`: a
    /// repeat in one step.
    seen: Vec<u32>,
    stamp: u32,
    entries: Vec<(usize, u32)>,
    plain: Vec<usize>,
}

impl<'i, 'a> OptionReader<'i, 'a> {
    fn new(items: &'i Items<'a>) -> Self {
        OptionReader {
            items,
            colors: HashMap::new(),
            seen: vec![0; items.spans.len()],
            stamp: 0,
            entries: Vec::new(),
            plain: Vec::new(),
        }
    }

    /// Adds the option on `line` to `problem`, and returns where it is,
    /// unless it names no primary item (DLX1 drops those).
    fn read(
        &mut self,
        text: &'a [u8],
        line: &Line,
        problem: &mut Problem,
    ) -> Result<Option<(u32, u32)>, ParseError> {
        let bytes = &text[line.start..line.end];
        self.stamp += 1;
        self.entries.clear();
        let mut cost = None;
        for (at, word) in names(bytes) {
            if let Some(digits) = word.strip_prefix(b"|") {
                let add = |sum: Option<u64>| self.cost(word, digits, sum.unwrap_or(0));
                cost = Some(add(cost).map_err(|kind| line.error(text, at, kind))?);
                continue;
            }
            let entry = self
                .entry(word)
                .map_err(|(skip, kind)| line.error(text, at + skip, kind))?;
            self.entries.push(entry);
        }
        let primary = self.items.primary;
        if self.entries.iter().all(|&(item, _)| item >= primary) {
            return Ok(None);
        }
        let added = if self.entries.iter().any(|&(_, color)| color != 0) {
            problem.add_colored_option(&self.entries)
        } else {
            self.plain.clear();
            self.plain
                .extend(self.entries.iter().map(|&(item, _)| item));
            problem.add_option(&self.plain)
        };
        let k = added.map_err(|e| line.error(text, 0, ParseErrorKind::Engine(e)))?;
        if let Some(cost) = cost {
            problem
                .set_cost(k, cost)
                .map_err(|e| line.error(text, 0, ParseErrorKind::Engine(e)))?;
        }
        let first = bytes.iter().position(|&b| !is_blank(b)).unwrap_or(0);
        let last = bytes
            .iter()
            .rposition(|&b| !is_blank(b))
            .map_or(0, |p| p + 1);
        Ok(Some((
            (line.start + first) as u32,
            (line.start + last) as u32,
        )))
    }

    /// `sum` plus the cost `|digits` (the option's word `word`), or what
    /// is wrong with it.
    fn cost(&self, word: &[u8], digits: &[u8], sum: u64) -> Result<u64, ParseErrorKind> {
        if !self.items.bounds.is_empty() {
            return Err(ParseErrorKind::CostWithBounds);
        }
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return Err(ParseErrorKind::BadCost(quoted(word)));
        }
        let value = digits.iter().try_fold(0u64, |n, &d| {
            n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        });
        match value.and_then(|v| v.checked_add(sum)) {
            Some(total) if total <= crate::dlx::MAX_COST => Ok(total),
            _ => Err(ParseErrorKind::CostTooLarge),
        }
    }

    /// One word of an option: its item and color (0: none), or the error
    /// and how far into the word it is.
    fn entry(&mut self, word: &'a [u8]) -> Result<(usize, u32), (usize, ParseErrorKind)> {
        let (name, color) = match word.iter().position(|&b| b == b':') {
            Some(colon) => (&word[..colon], Some(&word[colon + 1..])),
            None => (word, None),
        };
        if name.is_empty() {
            return Err((0, ParseErrorKind::EmptyName));
        }
        let item = match self.items.lookup.get(name) {
            Some(&item) => item as usize,
            None => return Err((0, ParseErrorKind::UnknownItem(quoted(name)))),
        };
        if self.seen[item] == self.stamp {
            return Err((0, ParseErrorKind::RepeatedItem(quoted(name))));
        }
        self.seen[item] = self.stamp;
        let color = match color {
            None => 0,
            Some([]) => return Err((name.len(), ParseErrorKind::EmptyColor(quoted(name)))),
            Some(_) if item < self.items.primary => {
                return Err((name.len(), ParseErrorKind::ColoredPrimary(quoted(name))))
            }
            Some(color) => {
                let next = self.colors.len() as u32 + 1;
                *self.colors.entry(color).or_insert(next)
            }
        };
        Ok((item, color))
    }
}

#[cfg(test)]
mod tests;
