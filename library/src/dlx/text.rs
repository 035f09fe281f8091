//! Knuth's DLX text format: the input that DLX1 and most exact-cover tools
//! read.
//!
//! ```
//! use library::dlx::{text, Solver};
//!
//! let instance = text::parse("| a comment\nx y | z\nx z\ny\nx\n")?;
//! assert_eq!(instance.item_names, ["x", "y", "z"]);
//! let solution = Solver::new(&instance.problem).first().unwrap();
//! let lines: Vec<&str> = solution.iter().map(|&k| instance.option_text(k)).collect();
//! assert_eq!(lines, ["y", "x z"]); // y has fewer options: it goes first
//! # Ok::<(), library::dlx::text::ParseError>(())
//! ```
//!
//! The format, line by line:
//! * a line whose first non-blank character is `|` is a comment, and blank
//!   lines are skipped;
//! * the first other line names the items, separated by blanks (spaces or
//!   tabs); a lone `|` separates the primary items from the secondary ones;
//! * every following line is an option: the names of the items it covers.
//!
//! An option that names no primary item can never be chosen; like DLX1 the
//! reader drops it (so option numbers count only the options kept). Unlike
//! DLX1, names may be of any length; a name may not contain `|`.

use std::fmt;

use crate::dlx::{Error, Problem};

/// A problem read from text, with the names needed to print its solutions.
#[derive(Clone, Debug)]
pub struct Instance {
    pub problem: Problem,
    /// The items' names: primary ones first, in the order given.
    pub item_names: Vec<String>,
    /// For option `k` of `problem`: its 1-based line number in the text.
    pub option_lines: Vec<usize>,
    /// The text of every option line kept, trimmed, in problem order.
    option_texts: Vec<String>,
}

impl Instance {
    /// The line that gave option `k`, without leading and trailing blanks.
    ///
    /// # Panics
    /// If `k` is not an option of the problem.
    pub fn option_text(&self, k: usize) -> &str {
        &self.option_texts[k]
    }
}

/// What is wrong with a DLX text, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters) of the offending name, or 1.
    pub column: usize,
    pub kind: ParseErrorKind,
}

/// The kinds of [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The text has no line naming the items.
    MissingItems,
    /// The item line has a second `|`.
    SecondSeparator,
    /// The item line names this item twice.
    DuplicateItem(String),
    /// A name contains `|`.
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
            ParseErrorKind::BadName(name) => write!(f, "name `{name}` contains `|`"),
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

/// Reads a problem in DLX text format.
pub fn parse(text: &str) -> Result<Instance, ParseError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line))
        .filter(|(_, line)| {
            let line = line.trim_start_matches([' ', '\t']);
            !(line.trim_end().is_empty() || line.starts_with('|'))
        });
    let (item_line, header) = lines.next().ok_or(ParseError {
        line: text.lines().count() + 1,
        column: 1,
        kind: ParseErrorKind::MissingItems,
    })?;
    let error = |line, column, kind| ParseError { line, column, kind };

    let mut names: std::collections::HashMap<&str, usize> = Default::default();
    let mut item_names = Vec::new();
    let mut primary = None;
    for (column, name) in words(header) {
        if name == "|" {
            if primary.is_some() {
                return Err(error(item_line, column, ParseErrorKind::SecondSeparator));
            }
            primary = Some(item_names.len());
            continue;
        }
        if name.contains('|') {
            return Err(error(
                item_line,
                column,
                ParseErrorKind::BadName(name.into()),
            ));
        }
        if names.insert(name, item_names.len()).is_some() {
            return Err(error(
                item_line,
                column,
                ParseErrorKind::DuplicateItem(name.into()),
            ));
        }
        item_names.push(name.to_string());
    }
    // The line cannot start with `|` (it would be a comment), so at least
    // one primary item precedes any separator.
    let primary = primary.unwrap_or(item_names.len());

    let mut problem = Problem::new(primary, item_names.len() - primary);
    let mut option_lines = Vec::new();
    let mut option_texts = Vec::new();
    let mut option = Vec::new();
    for (line, text) in lines {
        option.clear();
        for (column, name) in words(text) {
            let item = *names
                .get(name)
                .ok_or_else(|| error(line, column, ParseErrorKind::UnknownItem(name.into())))?;
            if option.contains(&item) {
                return Err(error(
                    line,
                    column,
                    ParseErrorKind::RepeatedItem(name.into()),
                ));
            }
            option.push(item);
        }
        if option.iter().all(|&item| item >= primary) {
            continue;
        }
        problem
            .add_option(&option)
            .map_err(|e| error(line, 1, ParseErrorKind::Engine(e)))?;
        option_lines.push(line);
        option_texts.push(text.trim_matches([' ', '\t', '\r']).to_string());
    }
    Ok(Instance {
        problem,
        item_names,
        option_lines,
        option_texts,
    })
}

/// The blank-separated words of a line, with their 1-based columns.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split([' ', '\t', '\r'])
        .scan(1, |column, word| {
            let at = *column;
            *column += word.chars().count() + 1;
            Some((at, word))
        })
        .filter(|(_, word)| !word.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind_at(text: &str) -> (usize, usize, ParseErrorKind) {
        let e = parse(text).unwrap_err();
        (e.line, e.column, e.kind)
    }

    #[test]
    fn reads_items_options_and_comments() {
        let text = "| comment\n\n  a b | c d\n a  c\n\tb d\r\nc\n| another\nb\n";
        let instance = parse(text).unwrap();
        assert_eq!(instance.item_names, ["a", "b", "c", "d"]);
        assert_eq!(instance.problem.primary(), 2);
        assert_eq!(instance.problem.secondary(), 2);
        // `c` alone names no primary item and is dropped, as DLX1 does.
        assert_eq!(instance.option_lines, [4, 5, 8]);
        assert_eq!(instance.option_text(1), "b d");
        assert_eq!(instance.problem.option(1), [1, 3]);
    }

    #[test]
    fn names_may_be_long() {
        let long = "x".repeat(100);
        let instance = parse(&format!("{long} y\n{long} y\n")).unwrap();
        assert_eq!(instance.item_names[0], long);
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
            kind_at("a b\na\nb  zz\n"),
            (3, 4, ParseErrorKind::UnknownItem("zz".into()))
        );
        assert_eq!(
            kind_at("a b\na b a\n"),
            (2, 5, ParseErrorKind::RepeatedItem("a".into()))
        );
    }

    #[test]
    fn display_says_where_and_what() {
        let e = parse("a b\nb c\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 3: unknown item `c` (not on the item line)"
        );
    }
}
