//! Checkers: pure functions that accept or reject an output, explaining why.
//!
//! ```
//! use judge_tests::compare::{Checker, Rule};
//! let lines = Checker::Rule(Rule::Lines);
//! assert!(lines.check("", "B\nBK\n", "B  \nBK\n\n").is_ok());
//! let wrong = lines.check("", "B\nBK\n", "B\nKB\n").unwrap_err();
//! assert_eq!(wrong.summary, "line 2 differs (1 line differs)");
//! ```
//!
//! This module holds the generic rules only (`lines`, `exact`, `line-sets`)
//! and the shape every checker has. A checker that must understand one
//! problem's answers (any valid completion of a board, a set of grids) lives
//! in that problem's module under `problems/` and reaches the judge as a
//! [`Checker::Own`] through the registry in `problems.rs`; nothing here
//! names a problem, so every other module can depend on this one.

use std::collections::BTreeMap;
use std::fmt;

/// Why an output was rejected: one summary line and a few lines of detail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// One line, e.g. `line 3 differs (2 lines differ)`.
    pub summary: String,
    /// The evidence, e.g. the differing lines with their whitespace visible.
    pub details: Vec<String>,
}

impl Mismatch {
    /// A mismatch with a summary and no details.
    pub fn new(summary: impl Into<String>) -> Mismatch {
        Mismatch {
            summary: summary.into(),
            details: Vec::new(),
        }
    }

    /// The same mismatch with one more line of detail.
    pub fn with(mut self, detail: impl Into<String>) -> Mismatch {
        self.details.push(detail.into());
        self
    }

    /// The same mismatch found in the expected output (the reference's),
    /// which is then malformed.
    pub fn in_expected(self) -> Mismatch {
        Mismatch {
            summary: format!("the expected output is malformed: {}", self.summary),
            ..self
        }
    }
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary)?;
        for detail in &self.details {
            write!(f, "\n  {detail}")?;
        }
        Ok(())
    }
}

/// How many differing lines (or items) a diff shows before it stops.
pub const SHOWN: usize = 3;

/// The signature of every checker: input, expected output, actual output.
/// The generic rules ignore the input; a problem's own checker may need it
/// (the givens an answer must keep).
pub type CheckFn = fn(&str, &str, &str) -> Result<(), Mismatch>;

/// A generic comparison rule, by the name `.problem.toml` uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Line by line; trailing spaces and trailing blank lines ignored.
    Lines,
    /// Byte for byte.
    Exact,
    /// Blank-line-separated blocks, each compared as a set of lines.
    LineSets,
}

impl Rule {
    /// Every rule, in the order error messages list them.
    pub const ALL: [Rule; 3] = [Rule::Lines, Rule::Exact, Rule::LineSets];

    /// The name used in settings files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Lines => "lines",
            Rule::Exact => "exact",
            Rule::LineSets => "line-sets",
        }
    }

    /// The rule with this name.
    pub fn from_name(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|rule| rule.name() == name)
    }

    /// Compares `actual` with `expected` by this rule.
    pub fn check(self, expected: &str, actual: &str) -> Result<(), Mismatch> {
        match self {
            Rule::Lines => lines(expected, actual),
            Rule::Exact => exact(expected, actual),
            Rule::LineSets => line_sets(expected, actual),
        }
    }
}

/// A checker ready to run: a generic rule, or a problem's own.
#[derive(Clone, Copy, Debug)]
pub enum Checker {
    /// One of the generic rules.
    Rule(Rule),
    /// A problem's own checker, with what it accepts in a few words.
    Own {
        /// What it accepts, e.g. `any valid completion of the board`.
        about: &'static str,
        /// The check itself.
        check: CheckFn,
    },
}

impl Checker {
    /// Accepts `actual` or explains why not.
    pub fn check(&self, input: &str, expected: &str, actual: &str) -> Result<(), Mismatch> {
        match self {
            Checker::Rule(rule) => rule.check(expected, actual),
            Checker::Own { check, .. } => check(input, expected, actual),
        }
    }
}

impl fmt::Display for Checker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Checker::Rule(rule) => f.write_str(rule.name()),
            Checker::Own { about, .. } => write!(f, "problem ({about})"),
        }
    }
}

/// Shows a line with its whitespace visible: `·` space, `→` tab, `␍` CR, quoted.
pub fn visible(line: &str) -> String {
    let mut shown = String::with_capacity(line.len() + 2);
    shown.push('"');
    for c in line.chars() {
        match c {
            ' ' => shown.push('·'),
            '\t' => shown.push('→'),
            '\r' => shown.push('␍'),
            c if c.is_control() => shown.push_str(&c.escape_default().to_string()),
            c => shown.push(c),
        }
    }
    shown.push('"');
    shown
}

/// Splits into lines with trailing whitespace (and `\r`) removed, then drops
/// trailing empty lines: the rule of Luogu and of most judges' default checker.
pub fn relaxed_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.split('\n').map(|l| l.trim_end()).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// Line-by-line diff of two already-normalised line lists.
fn diff_lines(expected: &[&str], actual: &[&str]) -> Result<(), Mismatch> {
    let total = expected.len().max(actual.len());
    let differing: Vec<usize> = (0..total)
        .filter(|&i| expected.get(i) != actual.get(i))
        .collect();
    let Some(&first) = differing.first() else {
        return Ok(());
    };
    let count = differing.len();
    let plural = if count == 1 {
        "line differs"
    } else {
        "lines differ"
    };
    let mut mismatch = Mismatch::new(format!("line {} differs ({count} {plural})", first + 1));
    if expected.len() != actual.len() {
        mismatch = mismatch.with(format!(
            "expected {} lines, got {}",
            expected.len(),
            actual.len()
        ));
    }
    let shown_or_none = |line: Option<&&str>| match line {
        Some(line) => visible(line),
        None => "(no line)".to_string(),
    };
    for &i in differing.iter().take(SHOWN) {
        mismatch = mismatch
            .with(format!(
                "line {}: expected {}",
                i + 1,
                shown_or_none(expected.get(i))
            ))
            .with(format!(
                "{:>width$}  got      {}",
                "",
                shown_or_none(actual.get(i)),
                width = digits(i + 1) + 5
            ));
    }
    if count > SHOWN {
        mismatch = mismatch.with(format!("... and {} more", count - SHOWN));
    }
    Err(mismatch)
}

fn digits(n: usize) -> usize {
    n.to_string().len()
}

/// Line by line; trailing spaces on a line and trailing blank lines ignored.
pub fn lines(expected: &str, actual: &str) -> Result<(), Mismatch> {
    diff_lines(&relaxed_lines(expected), &relaxed_lines(actual))
}

/// Byte for byte; the diff still points at the first differing line.
pub fn exact(expected: &str, actual: &str) -> Result<(), Mismatch> {
    if expected == actual {
        return Ok(());
    }
    let expected_lines: Vec<&str> = expected.split_inclusive('\n').collect();
    let actual_lines: Vec<&str> = actual.split_inclusive('\n').collect();
    let first = expected_lines
        .iter()
        .zip(&actual_lines)
        .position(|(e, a)| e != a)
        .unwrap_or(expected_lines.len().min(actual_lines.len()));
    let shown = |line: Option<&&str>| match line {
        Some(line) => match line.strip_suffix('\n') {
            Some(body) => format!("{}⏎", visible(body)),
            None => format!("{} (no final newline)", visible(line)),
        },
        None => "(end of output)".to_string(),
    };
    Err(Mismatch::new(format!(
        "line {} differs (exact comparison; {} bytes expected, {} got)",
        first + 1,
        expected.len(),
        actual.len()
    ))
    .with(format!("expected {}", shown(expected_lines.get(first))))
    .with(format!("got      {}", shown(actual_lines.get(first)))))
}

/// One blank-line-separated block: its lines and the 1-based line number where it starts.
struct Block<'a> {
    start: usize,
    lines: Vec<&'a str>,
}

/// Cuts relaxed lines into blocks at every empty line (two empty lines in a
/// row make an empty block, so separators must match too).
fn blocks(text: &str) -> Vec<Block<'_>> {
    let lines = relaxed_lines(text);
    let mut blocks = Vec::new();
    if lines.is_empty() {
        return blocks;
    }
    let mut current = Block {
        start: 1,
        lines: Vec::new(),
    };
    for (i, line) in lines.into_iter().enumerate() {
        if line.is_empty() {
            blocks.push(std::mem::replace(
                &mut current,
                Block {
                    start: i + 2,
                    lines: Vec::new(),
                },
            ));
        } else {
            current.lines.push(line);
        }
    }
    blocks.push(current);
    blocks
}

/// Counts of each line, so a line printed twice is caught.
fn multiset<'a>(lines: &[&'a str]) -> BTreeMap<&'a str, usize> {
    let mut counts = BTreeMap::new();
    for line in lines {
        *counts.entry(*line).or_insert(0) += 1;
    }
    counts
}

/// Each blank-line-separated block compared as a set of lines; block counts must match.
pub fn line_sets(expected: &str, actual: &str) -> Result<(), Mismatch> {
    let (expected, actual) = (blocks(expected), blocks(actual));
    if expected.len() != actual.len() {
        return Err(Mismatch::new(format!(
            "expected {} blank-line-separated blocks, got {}",
            expected.len(),
            actual.len()
        )));
    }
    for (index, (want, got)) in expected.iter().zip(&actual).enumerate() {
        let (want_set, got_set) = (multiset(&want.lines), multiset(&got.lines));
        if want_set == got_set {
            continue;
        }
        let missing = surplus(&want_set, &got_set);
        let extra = surplus(&got_set, &want_set);
        let mut mismatch = Mismatch::new(format!(
            "block {} (output line {}) differs: {} lines expected, {} got; {} missing, {} unexpected",
            index + 1,
            got.start,
            want.lines.len(),
            got.lines.len(),
            missing.len(),
            extra.len()
        ));
        for line in missing.iter().take(SHOWN) {
            mismatch = mismatch.with(format!("missing    {}", visible(line)));
        }
        for line in extra.iter().take(SHOWN) {
            let at = got
                .lines
                .iter()
                .position(|l| l == line)
                .map_or(0, |p| p + got.start);
            mismatch = mismatch.with(format!("unexpected {} (line {at})", visible(line)));
        }
        return Err(mismatch);
    }
    Ok(())
}

/// Lines present more often in `a` than in `b`, once per extra copy.
fn surplus<'a>(a: &BTreeMap<&'a str, usize>, b: &BTreeMap<&'a str, usize>) -> Vec<&'a str> {
    let mut out = Vec::new();
    for (line, &count) in a {
        let other = b.get(line).copied().unwrap_or(0);
        for _ in other..count {
            out.push(*line);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_ignores_trailing_space_and_blank_lines_only() {
        assert!(lines("a\nb\n", "a  \nb\t\r\n\n\n").is_ok());
        assert!(lines("a\nb", "a\nb\n").is_ok());
        assert!(lines("", "\n\n").is_ok());
        // Leading spaces and inner blank lines are significant.
        assert!(lines("a\nb\n", " a\nb\n").is_err());
        assert!(lines("a\nb\n", "a\n\nb\n").is_err());
    }

    #[test]
    fn lines_diff_names_lines_and_shows_whitespace() {
        let m = lines("B\nBK\nBKK\n", "B\nB K\n").unwrap_err();
        assert_eq!(m.summary, "line 2 differs (2 lines differ)");
        assert_eq!(m.details[0], "expected 3 lines, got 2");
        assert_eq!(m.details[1], "line 2: expected \"BK\"");
        assert_eq!(m.details[2], "        got      \"B·K\"");
        assert_eq!(m.details[3], "line 3: expected \"BKK\"");
        assert_eq!(m.details[4], "        got      (no line)");
        let many = lines("1\n2\n3\n4\n5\n", "9\n9\n9\n9\n9\n").unwrap_err();
        assert_eq!(many.details.last().unwrap(), "... and 2 more");
    }

    #[test]
    fn exact_is_byte_for_byte() {
        assert!(exact("a\n", "a\n").is_ok());
        let m = exact("a\nb\n", "a\nb").unwrap_err();
        assert!(m.summary.starts_with("line 2 differs"), "{m}");
        assert_eq!(m.details[0], "expected \"b\"⏎");
        assert_eq!(m.details[1], "got      \"b\" (no final newline)");
        let m = exact("a\n", "a \n").unwrap_err();
        assert_eq!(m.details[1], "got      \"a·\"⏎");
        let m = exact("a\n", "a\nb\n").unwrap_err();
        assert_eq!(m.details[0], "expected (end of output)");
    }

    #[test]
    fn line_sets_compare_each_block_as_a_set() {
        let want = "ab\ncd\n\nef\n\n";
        assert!(line_sets(want, "cd\nab\n\nef\n").is_ok());
        assert!(line_sets(want, "cd  \nab\n\nef\n\n\n").is_ok());
        // A line moved to another block, a block missing, a duplicate line.
        let m = line_sets(want, "cd\n\nab\nef\n").unwrap_err();
        assert!(m.summary.starts_with("block 1 "), "{m}");
        assert!(m.details.contains(&"missing    \"ab\"".to_string()), "{m}");
        assert!(line_sets(want, "ab\ncd\n")
            .unwrap_err()
            .summary
            .contains("2 blank"));
        let m = line_sets(want, "ab\ncd\ncd\n\nef\n").unwrap_err();
        assert!(m.details[0].starts_with("unexpected \"cd\""), "{m}");
        // Two separators in a row make an empty block: the count then differs.
        assert!(line_sets(want, "ab\ncd\n\n\nef\n").is_err());
    }

    #[test]
    fn visible_marks_whitespace() {
        assert_eq!(visible(" a\tb\r"), "\"·a→b␍\"");
    }
}
