//! The measured tables of the docs, written by the programs that measure
//! them: a bench prints each table between two markers, and the `figures`
//! program puts it into the page that holds the same markers, stamped with
//! the day and the command, with a bar chart of one column where the
//! marker asks for one.
//!
//! ```text
//! <!-- figures sudoku-process · `cargo bench -p library --bench sudoku -- DIR` · chart ours / tdoku -->
//! | set | ours | … | ours / tdoku |
//! |---|---|---|---|
//! | 17-clue | 3.59 | … | 0.95x |
//! <!-- end figures sudoku-process -->
//! ```
//!
//! In the page the region also holds the line `Measured on DAY with
//! `COMMAND`.` above the table and, for a chart, the picture's link below
//! it; the picture is `figures/NAME.svg` beside the page. A chart is a
//! function of its table ([`chart`]), so a test can tell that a committed
//! picture still draws the committed figures.

/// One marked region: its name, the command that measures it, the column
/// its chart draws, and the lines between the markers.
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    pub name: String,
    pub command: String,
    pub chart: Option<String>,
    /// The lines between the markers, the markers excluded.
    pub body: Vec<String>,
    /// The 1-based line of the opening marker.
    pub line: usize,
}

/// How a region's opening marker starts.
pub const OPEN: &str = "<!-- figures ";
/// How a region's closing marker starts.
pub const CLOSE: &str = "<!-- end figures ";
const TAIL: &str = " -->";
/// How the line that dates a region in its page starts.
const STAMP: &str = "Measured on ";

impl Region {
    /// The opening marker, as the bench prints it.
    pub fn opening(&self) -> String {
        let chart = match &self.chart {
            Some(column) => format!(" · chart {column}"),
            None => String::new(),
        };
        format!("{OPEN}{} · `{}`{chart}{TAIL}", self.name, self.command)
    }

    /// The closing marker.
    pub fn closing(&self) -> String {
        format!("{CLOSE}{}{TAIL}", self.name)
    }

    /// The lines of the body that are the Markdown table.
    pub fn table(&self) -> Vec<&str> {
        self.body
            .iter()
            .map(|line| line.trim())
            .skip_while(|line| !line.starts_with('|'))
            .take_while(|line| line.starts_with('|'))
            .collect()
    }

    /// Whether the table holds a figure: a number in a row below its head,
    /// past the row's first cell (a run on some instances only leaves the
    /// other tables with their totals, and nothing to total).
    pub fn has_figures(&self) -> bool {
        self.table().iter().skip(2).any(|row| {
            let cells = cells(row);
            cells.iter().skip(1).any(|c| leading_number(c).is_some())
        })
    }

    /// The link to the chart's picture, as the page writes it.
    pub fn picture_link(&self) -> String {
        format!("![{}](figures/{}.svg)", self.name, self.name)
    }

    /// The day the page's region says it was measured on, if it says so.
    pub fn measured_on(&self) -> Option<&str> {
        let rest = self.body.iter().find_map(|line| line.strip_prefix(STAMP))?;
        let day = rest.get(..10)?;
        let digits = day.chars().filter(char::is_ascii_digit).count();
        (digits == 8 && day.as_bytes()[4] == b'-' && day.as_bytes()[7] == b'-').then_some(day)
    }
}

/// Every region of `text` (a page, or a bench's output), in order. An
/// error names the line: a marker not closed, closed without being
/// opened, nested, of a name used twice, or without its command.
pub fn regions(text: &str) -> Result<Vec<Region>, String> {
    let mut found: Vec<Region> = Vec::new();
    let mut open: Option<Region> = None;
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let number = index + 1;
        if let Some(inner) = line.strip_prefix(OPEN) {
            if let Some(region) = &open {
                return Err(format!(
                    "line {number}: `{line}` opens a region inside `{}` (line {})",
                    region.name, region.line
                ));
            }
            let region = opening(inner, number)?;
            if found.iter().any(|r| r.name == region.name) {
                return Err(format!(
                    "line {number}: a second region named `{}`",
                    region.name
                ));
            }
            open = Some(region);
        } else if let Some(inner) = line.strip_prefix(CLOSE) {
            let name = inner.strip_suffix(TAIL).unwrap_or(inner).trim();
            match open.take() {
                Some(region) if region.name == name => found.push(region),
                Some(region) => {
                    return Err(format!(
                        "line {number}: `{line}` closes `{name}`, but `{}` is open (line {})",
                        region.name, region.line
                    ))
                }
                None => return Err(format!("line {number}: `{line}` closes no open region")),
            }
        } else if let Some(region) = &mut open {
            region.body.push(raw.to_string());
        }
    }
    match open {
        Some(region) => Err(format!(
            "line {}: region `{}` is never closed",
            region.line, region.name
        )),
        None => Ok(found),
    }
}

/// Reads an opening marker after `<!-- figures `.
fn opening(inner: &str, line: usize) -> Result<Region, String> {
    let inner = inner
        .strip_suffix(TAIL)
        .ok_or_else(|| format!("line {line}: the marker does not end with `-->`"))?;
    let mut parts = inner.split(" · ");
    let name = parts.next().unwrap_or("").trim();
    let valid = |c: char| c.is_ascii_alphanumeric() || c == '-';
    if name.is_empty() || !name.chars().all(valid) {
        return Err(format!(
            "line {line}: `{name}` is no region name (letters, digits and `-`)"
        ));
    }
    let command = parts
        .next()
        .and_then(|c| c.trim().strip_prefix('`')?.strip_suffix('`'))
        .filter(|c| !c.is_empty())
        .ok_or_else(|| format!("line {line}: region `{name}` names no `command`"))?;
    let chart = match parts.next() {
        Some(part) => Some(
            part.trim()
                .strip_prefix("chart ")
                .ok_or_else(|| format!("line {line}: `{part}` is not `chart COLUMN`"))?
                .to_string(),
        ),
        None => None,
    };
    Ok(Region {
        name: name.to_string(),
        command: command.to_string(),
        chart,
        body: Vec::new(),
        line,
    })
}

/// `page` with each region of `measured` written into the region of the
/// same name, stamped `Measured on DAY with `COMMAND`.`, and the names
/// written. A region the page does not hold is an error: markers are put
/// into a page by hand, once, where the table belongs.
pub fn update(page: &str, measured: &[Region], day: &str) -> Result<(String, Vec<String>), String> {
    let held = regions(page)?;
    for region in measured {
        if !held.iter().any(|r| r.name == region.name) {
            return Err(format!(
                "no region `{}` in the page: add `{}` and `{}` where its table belongs",
                region.name,
                region.opening(),
                region.closing()
            ));
        }
    }
    let mut out = String::new();
    let mut written = Vec::new();
    let mut skipping = false;
    for raw in page.lines() {
        let line = raw.trim();
        if skipping {
            // The old body and its closing marker: `stamped` wrote new ones.
            skipping = !line.starts_with(CLOSE);
            continue;
        } else if let Some(inner) = line.strip_prefix(OPEN) {
            let name = inner.split(" · ").next().unwrap_or("").trim();
            if let Some(new) = measured.iter().find(|r| r.name == name) {
                out.push_str(&stamped(new, day));
                written.push(new.name.clone());
                skipping = true;
                continue;
            }
        }
        out.push_str(raw);
        out.push('\n');
    }
    Ok((out, written))
}

/// The region as the page holds it, both markers included.
fn stamped(region: &Region, day: &str) -> String {
    // A region read back from a page brings its stamp and link along.
    let link = region.picture_link();
    let mut body: Vec<&str> = region
        .body
        .iter()
        .map(String::as_str)
        .filter(|line| !line.starts_with(STAMP) && line.trim() != link)
        .collect();
    body.dedup_by(|a, b| a.trim().is_empty() && b.trim().is_empty());
    while body.first().is_some_and(|l| l.trim().is_empty()) {
        body.remove(0);
    }
    while body.last().is_some_and(|l| l.trim().is_empty()) {
        body.pop();
    }
    let mut text = format!(
        "{}\n{STAMP}{day} with `{}`.\n\n",
        region.opening(),
        region.command
    );
    for line in body {
        text.push_str(line);
        text.push('\n');
    }
    if region.chart.is_some() {
        text.push('\n');
        text.push_str(&region.picture_link());
        text.push('\n');
    }
    text.push_str(&region.closing());
    text.push('\n');
    text
}

/// The cells of a Markdown table row, trimmed.
fn cells(row: &str) -> Vec<String> {
    let row = row.trim().trim_start_matches('|').trim_end_matches('|');
    row.split('|').map(|c| c.trim().to_string()).collect()
}

/// The number a cell starts with (`0.86x`, `12.1 s`, `3.44`), if any.
fn leading_number(cell: &str) -> Option<f64> {
    let cell = cell.trim_start_matches('`');
    let end = cell
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(cell.len());
    cell[..end].parse().ok()
}

/// One bar of a chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// The row's first cell, and the words of the cells before the chart's
    /// column (a set's mode, say).
    pub label: String,
    pub value: f64,
    /// The cell as the table shows it, up to a comma or a parenthesis.
    pub shown: String,
}

/// The bars of a chart, one per row with a number in the chart's column.
pub fn bars(region: &Region) -> Result<Vec<Bar>, String> {
    let column = region
        .chart
        .as_deref()
        .ok_or_else(|| format!("region `{}` asks for no chart", region.name))?;
    let table = region.table();
    let head = table
        .first()
        .map(|row| cells(row))
        .ok_or_else(|| format!("region `{}` holds no table", region.name))?;
    let at = head
        .iter()
        .position(|h| h.trim_matches('`') == column.trim_matches('`'))
        .ok_or_else(|| {
            format!(
                "region `{}`: no column `{column}` (columns: {})",
                region.name,
                head.join(", ")
            )
        })?;
    let mut bars = Vec::new();
    for row in table.iter().skip(2) {
        let cells = cells(row);
        let value = match cells.get(at).and_then(|c| leading_number(c)) {
            Some(value) => value,
            None => continue,
        };
        let words = |(i, cell): &(usize, &String)| {
            *i == 0 || (leading_number(cell).is_none() && !matches!(cell.as_str(), "" | "-"))
        };
        let label: Vec<&str> = cells
            .iter()
            .take(at)
            .enumerate()
            .filter(words)
            .map(|(_, c)| c.trim_matches('`'))
            .collect();
        let cell = &cells[at];
        let shown = cell.split([',', '(']).next().unwrap_or(cell).trim();
        bars.push(Bar {
            label: label.join(", "),
            value,
            shown: shown.trim_matches('`').to_string(),
        });
    }
    if bars.is_empty() {
        return Err(format!(
            "region `{}`: column `{column}` holds no number",
            region.name
        ));
    }
    Ok(bars)
}

/// The chart of a region: one horizontal bar per row of its table, the
/// value of its chart column written at the bar's end, and a line at 1
/// when the column is a ratio (its cells end in `x`), where "even" is.
pub fn chart(region: &Region) -> Result<String, String> {
    let bars = bars(region)?;
    let column = region.chart.clone().unwrap_or_default();
    let ratio = bars.iter().any(|b| b.shown.ends_with('x'));
    let widest_label = bars
        .iter()
        .map(|b| b.label.chars().count())
        .max()
        .unwrap_or(0);
    let (left, bar_room, row, top) = (16 + 7 * widest_label, 400.0, 22, 40);
    let top_value = bars
        .iter()
        .map(|b| b.value)
        .fold(if ratio { 1.0 } else { 0.0 }, f64::max)
        * 1.1;
    let width = left + bar_room as usize + 70;
    let height = top + row * bars.len() + 20;
    let scale = |v: f64| v / top_value * bar_room;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"8\" y=\"20\" font-size=\"14\">{}: {}</text>\n",
        escape(&region.name),
        escape(&column)
    );
    for (i, bar) in bars.iter().enumerate() {
        svg += &bar_svg(bar, top + row * i, left, scale(bar.value), row - 6, ratio);
    }
    if ratio {
        let x = left as f64 + scale(1.0);
        svg += &format!(
            "<line x1=\"{x:.1}\" y1=\"{}\" x2=\"{x:.1}\" y2=\"{}\" stroke=\"black\" \
             stroke-dasharray=\"4 3\"/>\n<text x=\"{x:.1}\" y=\"{}\" text-anchor=\"middle\">1x</text>\n",
            top - 4,
            height - 14,
            height - 2
        );
    }
    svg += "</svg>\n";
    Ok(svg)
}

/// One bar at height `y`: its label right-aligned before `left`, the bar
/// `width` long, and the value as the table shows it after its end; a
/// ratio past 1 (ours slower) in red.
fn bar_svg(bar: &Bar, y: usize, left: usize, width: f64, thickness: usize, ratio: bool) -> String {
    let fill = if ratio && bar.value > 1.0 {
        "#c0504d"
    } else {
        "#4f81bd"
    };
    format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n\
         <rect x=\"{left}\" y=\"{}\" width=\"{width:.1}\" height=\"{thickness}\" fill=\"{fill}\"/>\n\
         <text x=\"{:.1}\" y=\"{}\">{}</text>\n",
        left - 6,
        y + 14,
        escape(&bar.label),
        y + 3,
        left as f64 + width + 4.0,
        y + 14,
        escape(&bar.shown)
    )
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Today as `YYYY-MM-DD` (UTC), from the system clock.
pub fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil_day(seconds / 86_400)
}

/// The Gregorian date of a day counted from 1970-01-01: years of 365
/// days, moved back by one day at each leap day passed, counted in
/// 400-year eras (146 097 days) from 0000-03-01, so that the leap day is
/// the last of its year.
fn civil_day(days: u64) -> String {
    let shifted = days + 719_468;
    let era = shifted / 146_097;
    let of_era = shifted % 146_097;
    let year_of_era = (of_era - of_era / 1_460 + of_era / 36_524 - of_era / 146_096) / 365;
    let day_of_year = of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = era * 400 + year_of_era + u64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    const MEASURED: &str = "noise before\n\
        <!-- figures speed · `cargo bench -p x` · chart ours / theirs -->\n\
        | case | ours | ours / theirs |\n\
        |---|---|---|\n\
        | small | 1.5 | 0.50x |\n\
        | large | 3.0 | 1.20x |\n\
        | broken | - | - |\n\
        <!-- end figures speed -->\n\
        noise after\n";

    const PAGE: &str = "# Speed\n\ntext\n\
        <!-- figures speed · `old` -->\n\
        Measured on 2020-01-01 with `old`.\n\n| old |\n|---|\n| 1 |\n\
        <!-- end figures speed -->\n\nmore text\n";

    #[test]
    fn a_measured_region_replaces_the_pages_and_is_stamped() {
        let measured = regions(MEASURED).unwrap();
        assert_eq!(measured.len(), 1);
        assert_eq!(measured[0].command, "cargo bench -p x");
        assert_eq!(measured[0].chart.as_deref(), Some("ours / theirs"));
        let (page, written) = update(PAGE, &measured, "2026-12-05").unwrap();
        assert_eq!(written, vec!["speed".to_string()]);
        assert!(page.starts_with("# Speed\n\ntext\n<!-- figures speed · `cargo bench -p x`"));
        assert!(page.contains("Measured on 2026-12-05 with `cargo bench -p x`.\n\n| case |"));
        assert!(page.contains("| broken | - | - |\n\n![speed](figures/speed.svg)\n<!-- end"));
        assert!(page.ends_with("<!-- end figures speed -->\n\nmore text\n"));
        assert!(!page.contains("| old |"));
        let again = regions(&page).unwrap();
        assert_eq!(again[0].measured_on(), Some("2026-12-05"));
        // Updating with the same figures changes nothing.
        assert_eq!(update(&page, &again, "2026-12-05").unwrap().0, page);
    }

    #[test]
    fn a_region_the_page_lacks_is_refused_with_its_markers() {
        let measured = regions(MEASURED).unwrap();
        let error = update("# nothing\n", &measured, "2026-12-05").unwrap_err();
        assert!(error.contains("no region `speed`"), "{error}");
        assert!(error.contains("<!-- end figures speed -->"), "{error}");
    }

    #[test]
    fn broken_markers_are_named_by_line() {
        let cases = [
            (
                "<!-- figures a · `c` -->\n",
                "line 1: region `a` is never closed",
            ),
            (
                "x\n<!-- end figures a -->\n",
                "line 2: `<!-- end figures a -->` closes no open region",
            ),
            (
                "<!-- figures a · `c` -->\n<!-- figures b · `c` -->\n",
                "line 2:",
            ),
            (
                "<!-- figures a · `c` -->\n<!-- end figures b -->\n",
                "closes `b`, but `a` is open",
            ),
            ("<!-- figures a -->\n", "region `a` names no `command`"),
            ("<!-- figures a b · `c` -->\n", "`a b` is no region name"),
            (
                "<!-- figures a · `c` · bars -->\n",
                "`bars` is not `chart COLUMN`",
            ),
            (
                "<!-- figures a · `c` -->\n<!-- end figures a -->\n<!-- figures a · `c` -->\n",
                "line 3: a second region named `a`",
            ),
        ];
        for (text, expected) in cases {
            let error = regions(text).unwrap_err();
            assert!(error.contains(expected), "{text:?}: {error}");
        }
    }

    #[test]
    fn a_chart_draws_one_bar_per_row_with_a_number_and_the_line_of_even() {
        let region = &regions(MEASURED).unwrap()[0];
        let drawn: Vec<(String, f64, String)> = bars(region)
            .unwrap()
            .into_iter()
            .map(|b| (b.label, b.value, b.shown))
            .collect();
        let bar = |label: &str, value, shown: &str| (label.to_string(), value, shown.to_string());
        assert_eq!(
            drawn,
            vec![bar("small", 0.5, "0.50x"), bar("large", 1.2, "1.20x")]
        );
        let svg = chart(region).unwrap();
        assert_eq!(svg.matches("<rect x=").count(), 2);
        assert!(svg.contains(">0.50x<") && svg.contains(">1.20x<") && svg.contains(">1x<"));
        assert!(svg.contains("speed: ours / theirs"));
        assert!(region.has_figures());
        let totals_only = "<!-- figures t · `c` -->\n| a | b x |\n|---|---|\n| total | - |\n\
                           <!-- end figures t -->\n";
        assert!(!regions(totals_only).unwrap()[0].has_figures());
        let mut other = region.clone();
        other.chart = Some("nope".to_string());
        assert!(chart(&other).unwrap_err().contains("no column `nope`"));
    }

    #[test]
    fn days_are_counted_from_the_epoch_across_leap_years() {
        assert_eq!(civil_day(0), "1970-01-01");
        assert_eq!(civil_day(59), "1970-03-01");
        assert_eq!(civil_day(11_016), "2000-02-29");
        assert_eq!(civil_day(11_017), "2000-03-01");
        assert_eq!(civil_day(20_427), "2025-12-05");
        assert_eq!(civil_day(20_792), "2026-12-05");
    }
}
