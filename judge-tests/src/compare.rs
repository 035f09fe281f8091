//! Checkers: pure functions that accept or reject an output, explaining why.
//!
//! ```
//! use judge_tests::compare::check;
//! use judge_tests::settings::CheckerKind;
//! assert!(check(CheckerKind::Lines, "", "B\nBK\n", "B  \nBK\n\n").is_ok());
//! let wrong = check(CheckerKind::Lines, "", "B\nBK\n", "B\nKB\n").unwrap_err();
//! assert_eq!(wrong.summary, "line 2 differs (1 line differs)");
//! ```

use crate::settings::CheckerKind;
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

    fn with(mut self, detail: impl Into<String>) -> Mismatch {
        self.details.push(detail.into());
        self
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

/// How many differing lines a diff shows before it stops.
const SHOWN: usize = 3;

/// Compares `actual` with `expected` by the rule `kind`; `input` is for special judges.
pub fn check(kind: CheckerKind, input: &str, expected: &str, actual: &str) -> Result<(), Mismatch> {
    match kind {
        CheckerKind::Lines => lines(expected, actual),
        CheckerKind::Exact => exact(expected, actual),
        CheckerKind::LineSets => line_sets(expected, actual),
        CheckerKind::Latin => latin(expected, actual),
        CheckerKind::Special(name) => match crate::special::find(name) {
            Some(judge) => (judge.check)(input, expected, actual),
            None => Err(Mismatch::new(format!("unknown special judge `{name}`"))),
        },
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
fn relaxed_lines(text: &str) -> Vec<&str> {
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

/// The latin problem's answer when no grid exists.
pub const LATIN_NONE: &str = "无解";

/// A parsed latin answer: `None` for `无解`, else the grids with their number line.
type LatinGrids = Option<Vec<(usize, [String; 6])>>;

/// Reads numbered 6x6 grids (`1`, then 6 rows of letters A–F separated by
/// spaces), or `无解`. Blank lines and trailing spaces are ignored.
fn latin_grids(text: &str) -> Result<LatinGrids, Mismatch> {
    let lines: Vec<(usize, &str)> = text
        .split('\n')
        .map(str::trim_end)
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    if lines.len() == 1 && lines[0].1 == LATIN_NONE {
        return Ok(None);
    }
    if !lines.len().is_multiple_of(7) || lines.is_empty() {
        return Err(Mismatch::new(format!(
            "{} non-blank lines: not `{LATIN_NONE}` and not a whole number of 7-line solutions",
            lines.len()
        )));
    }
    let mut grids = Vec::new();
    for (k, chunk) in lines.chunks(7).enumerate() {
        let (number_line, number) = chunk[0];
        if number.trim() != (k + 1).to_string() {
            return Err(Mismatch::new(format!(
                "line {number_line}: expected solution number {}, found {}",
                k + 1,
                visible(number)
            )));
        }
        let mut rows: [String; 6] = Default::default();
        for (row, &(line_no, line)) in rows.iter_mut().zip(&chunk[1..]) {
            let cells: Vec<&str> = line.split(' ').collect();
            let ok = cells.len() == 6
                && cells
                    .iter()
                    .all(|c| c.len() == 1 && matches!(c.as_bytes()[0], b'A'..=b'F'));
            if !ok {
                return Err(Mismatch::new(format!(
                    "line {line_no}: expected 6 letters A-F separated by single spaces, found {}",
                    visible(line)
                )));
            }
            *row = cells.concat();
        }
        grids.push((number_line, rows));
    }
    Ok(Some(grids))
}

/// The set of numbered solution grids must equal the expected set.
pub fn latin(expected: &str, actual: &str) -> Result<(), Mismatch> {
    let want = latin_grids(expected).map_err(|m| Mismatch {
        summary: format!("the expected output is malformed: {}", m.summary),
        details: m.details,
    })?;
    let got = latin_grids(actual)?;
    let (want, got) = match (want, got) {
        (None, None) => return Ok(()),
        (None, Some(got)) => {
            return Err(Mismatch::new(format!(
                "expected `{LATIN_NONE}`, got {} solutions",
                got.len()
            )))
        }
        (Some(want), None) => {
            return Err(Mismatch::new(format!(
                "expected {} solutions, got `{LATIN_NONE}`",
                want.len()
            )))
        }
        (Some(want), Some(got)) => (want, got),
    };
    let key = |grid: &[String; 6]| grid.join("/");
    let mut want_keys = BTreeMap::new();
    for (_, grid) in &want {
        *want_keys.entry(key(grid)).or_insert(0usize) += 1;
    }
    let mut seen = BTreeMap::new();
    let mut mismatch = Mismatch::new(format!(
        "expected {} solutions, got {}",
        want.len(),
        got.len()
    ));
    let mut wrong = 0;
    for (line, grid) in &got {
        let k = key(grid);
        let count = seen.entry(k.clone()).or_insert(0usize);
        *count += 1;
        let allowed = want_keys.get(&k).copied().unwrap_or(0);
        if *count > allowed {
            wrong += 1;
            if wrong <= SHOWN {
                let why = if allowed == 0 {
                    "not a solution"
                } else {
                    "printed twice"
                };
                mismatch = mismatch.with(format!("line {line}: grid {k} is {why}"));
            }
        }
    }
    let missing: Vec<&String> = want_keys
        .iter()
        .filter(|(k, n)| seen.get(*k).copied().unwrap_or(0) < **n)
        .map(|(k, _)| k)
        .collect();
    for k in missing.iter().take(SHOWN) {
        mismatch = mismatch.with(format!("missing grid {k}"));
    }
    if wrong == 0 && missing.is_empty() {
        return Ok(());
    }
    if missing.len() > SHOWN || wrong > SHOWN {
        mismatch = mismatch.with(format!("{} missing, {wrong} wrong in all", missing.len()));
    }
    Err(mismatch)
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

    const GRID_1: &str =
        "E F C B D A\nA C E D F B\nD A B E C F\nF B D C A E\nB D F A E C\nC E A F B D\n";
    const GRID_2: &str =
        "D C E F B A\nE F A D C B\nA B F C E D\nB E D A F C\nF D C B A E\nC A B E D F\n";

    #[test]
    fn latin_compares_sets_of_numbered_grids() {
        let want = format!("1\n{GRID_1}2\n{GRID_2}");
        assert!(latin(&want, &want).is_ok());
        // Either order, trailing spaces, blank lines between solutions.
        let swapped = format!("1\n{GRID_2}\n2 \n{}", GRID_1.replace('\n', " \n"));
        assert!(latin(&want, &swapped).is_ok());
        assert!(latin(LATIN_NONE, "无解\n\n").is_ok());
        let m = latin(&want, &format!("1\n{GRID_1}")).unwrap_err();
        assert_eq!(m.summary, "expected 2 solutions, got 1");
        assert!(m.details[0].starts_with("missing grid DCEFBA/"), "{m}");
        let m = latin(&want, &format!("1\n{GRID_1}2\n{GRID_1}")).unwrap_err();
        assert!(m.details[0].contains("printed twice"), "{m}");
        let m = latin(&want, &format!("1\n{GRID_1}3\n{GRID_2}")).unwrap_err();
        assert_eq!(m.summary, "line 8: expected solution number 2, found \"3\"");
        let m = latin(&want, &format!("1\n{}", GRID_1.replace("E F C", "EF C"))).unwrap_err();
        assert!(m.summary.starts_with("line 2: expected 6 letters"), "{m}");
        assert!(latin(&want, LATIN_NONE)
            .unwrap_err()
            .summary
            .contains("got `无解`"));
        assert!(latin(LATIN_NONE, &want).is_err());
        assert!(latin("1\nA\n", &want)
            .unwrap_err()
            .summary
            .starts_with("the expected output is malformed"));
    }

    #[test]
    fn visible_marks_whitespace() {
        assert_eq!(visible(" a\tb\r"), "\"·a→b␍\"");
    }
}
