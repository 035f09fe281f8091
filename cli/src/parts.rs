//! `dlx split` and `dlx sum`: one search as many independent runs, for
//! any batch engine (GNU parallel, a Slurm job array), and their reports
//! added up.
//!
//! A part file is a DLX file that says in comments what it is:
//!
//! ```text
//! | dlx split: part 3 of 32 of pentomino-6x10.dlx, with these options fixed:
//! |   I 00 01 02 03 04
//! | dlx part 3/32: nodes +1 updates +2231 solutions +0
//! 11 12 13 ...
//! ```
//!
//! `dlx` on such a file adds the part's share of the work above it (the
//! last comment) to what it finds, and begins its closing line with
//! `part: 3/32`; `dlx sum` adds up the closing lines of every part, and
//! fails unless each part is there exactly once.
//!
//! A part of a problem with colors or bounds says so in its mark, and
//! counts the cleansings above it too: `| dlx part 3/32: nodes +1 updates
//! +40 cleansings +3 solutions +0 algorithm C`. Its tree is that
//! algorithm's whatever the part has left (a part of a problem with
//! bounds may have none left, and is searched by Algorithm M all the
//! same), and an item purified above it is gone from the options that
//! agree with it (`parts::split`).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use library::dlx::parts::{self, Algorithm};
use library::dlx::{text, Stats};

use crate::closing::{Closing, Lead};
use crate::error::Error;

/// The comment that makes a DLX file a part: `| dlx part K/N: nodes +A
/// updates +B [cleansings +C] solutions +D [algorithm C|M]`.
const MARK: &str = "| dlx part ";

/// What a part file says about itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// Part `number` (1-based) of `of`.
    pub number: usize,
    pub of: usize,
    /// The part's share of the work above it.
    pub above: Stats,
    /// Solutions found above it.
    pub solved: u64,
    /// The algorithm whose tree the part was cut from.
    pub algorithm: Algorithm,
}

/// The header of a part file, if `bytes` is one: its mark is among the
/// comments before the item line.
pub fn header(name: &str, bytes: &[u8]) -> Result<Option<Header>, Error> {
    for (at, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = String::from_utf8_lossy(line);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if !line.starts_with('|') {
            return Ok(None);
        }
        if let Some(rest) = line.strip_prefix(MARK) {
            return parse_mark(rest).map(Some).ok_or_else(|| {
                Error::refused(
                    format!("{name}:{}", at + 1),
                    format!("not a part's mark: `{line}`"),
                )
            });
        }
    }
    Ok(None)
}

/// `K/N: nodes +A updates +B [cleansings +C] solutions +D [algorithm C|M]`.
fn parse_mark(rest: &str) -> Option<Header> {
    let (part, counts) = rest.split_once(": ")?;
    let (number, of) = part.split_once('/')?;
    let (number, of) = (number.parse().ok()?, of.parse().ok()?);
    let words: Vec<&str> = counts.split_whitespace().collect();
    let plus = |w: &str| w.strip_prefix('+')?.parse::<u64>().ok();
    let (mut above, mut solved, mut algorithm) = (Stats::default(), None, Algorithm::X);
    let mut seen: Vec<&str> = Vec::new();
    for pair in words.chunks(2) {
        let [key, value] = pair else { return None };
        if seen.contains(key) {
            return None;
        }
        seen.push(key);
        match *key {
            "nodes" => above.nodes = plus(value)?,
            "updates" => above.updates = plus(value)?,
            "cleansings" => above.cleansings = plus(value)?,
            "solutions" => solved = Some(plus(value)?),
            "algorithm" => {
                algorithm = match *value {
                    "C" => Algorithm::C,
                    "M" => Algorithm::M,
                    _ => return None,
                }
            }
            _ => return None,
        }
    }
    let complete = ["nodes", "updates", "solutions"]
        .iter()
        .all(|k| seen.contains(k));
    let header = Header {
        number,
        of,
        above,
        solved: solved?,
        algorithm,
    };
    (complete && (1..=of).contains(&number)).then_some(header)
}

/// Why a problem with costs is not cut into parts.
pub const COSTS_UNCUT: &str = "options have costs, and DLX5's search for the cheapest is not cut \
     into parts (each part would need the cutoff the others found)";

/// `dlx split`: writes the parts of the problem in `bytes` (named `name`)
/// into `out` as `part-0001.dlx`, …; returns how many.
pub fn split(name: &str, bytes: Vec<u8>, parts: usize, out: &Path) -> Result<usize, Error> {
    if header(name, &bytes)?.is_some() {
        return Err(Error::refused(
            name,
            "is a part already (split the whole problem)",
        ));
    }
    let instance = text::parse(bytes).map_err(|source| Error::Text {
        name: name.to_string(),
        source,
    })?;
    let problem = &instance.problem;
    if problem.has_costs() {
        return Err(Error::refused(name, COSTS_UNCUT));
    }
    let cut = parts::split(problem, parts);
    std::fs::create_dir_all(out).map_err(Error::write(out.display().to_string()))?;
    let stale = remove_earlier_parts(out)?;
    if stale > 0 {
        eprintln!(
            "dlx split: removed the {stale} parts of an earlier split from {}",
            out.display()
        );
    }
    let width = cut.len().to_string().len().max(4);
    let base = Path::new(name)
        .file_name()
        .map_or(name.into(), |f| f.to_string_lossy());
    for (k, part) in cut.iter().enumerate() {
        let path = out.join(format!("part-{:0width$}.dlx", k + 1));
        let text = part_text(&instance, part, k + 1, cut.len(), &base);
        std::fs::write(&path, text).map_err(Error::write(path.display().to_string()))?;
    }
    Ok(cut.len())
}

/// Removes the part files an earlier `dlx split` wrote into `out` (named
/// `part-K.dlx` and starting with its comment), so that `parts/*.dlx`
/// is this split's parts only; fails, removing nothing, if a file named
/// like a part is not one. Returns how many were removed.
fn remove_earlier_parts(out: &Path) -> Result<usize, Error> {
    let listing = std::fs::read_dir(out).map_err(|source| Error::Read {
        name: out.display().to_string(),
        source,
    })?;
    let mut earlier = Vec::new();
    for entry in listing.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let number = name
            .strip_prefix("part-")
            .and_then(|n| n.strip_suffix(".dlx"));
        if !number.is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())) {
            continue;
        }
        let path = entry.path();
        let ours = std::fs::read(&path).is_ok_and(|bytes| bytes.starts_with(b"| dlx split: "));
        if !ours {
            return Err(Error::refused(
                path.display().to_string(),
                "is named like a part but was not written by dlx split: \
                 move it, or split into another folder",
            ));
        }
        earlier.push(path);
    }
    for path in &earlier {
        std::fs::remove_file(path).map_err(|source| Error::Write {
            what: format!("(remove) {}", path.display()),
            source,
        })?;
    }
    Ok(earlier.len())
}

/// The DLX file of part `number` of `of`.
fn part_text(
    instance: &text::Instance,
    part: &parts::Part,
    number: usize,
    of: usize,
    base: &str,
) -> Vec<u8> {
    let mut bytes = part_head(instance, part, number, of, base).into_bytes();
    write_items(&mut bytes, instance, part);
    write_options(&mut bytes, instance, part);
    bytes
}

/// The comments that begin part `number` of `of`: what it fixed, the
/// solutions found above it, and its mark.
fn part_head(
    instance: &text::Instance,
    part: &parts::Part,
    number: usize,
    of: usize,
    base: &str,
) -> String {
    let mut head = format!("| dlx split: part {number} of {of} of {base}");
    match part.fixed.is_empty() {
        true => head.push_str(", nothing fixed\n"),
        false => head.push_str(", with these options fixed:\n"),
    }
    for &k in &part.fixed {
        let _ = writeln!(head, "|   {}", instance.option_text(k));
    }
    for solution in &part.solved {
        let options: Vec<String> = solution.iter().map(|&k| instance.option_text(k)).collect();
        let _ = writeln!(head, "| and a solution found above: {}", options.join("; "));
    }
    let _ = write!(
        head,
        "{MARK}{number}/{of}: nodes +{} updates +{}",
        part.above.nodes, part.above.updates
    );
    if part.algorithm.counts_cleansings() {
        let _ = write!(head, " cleansings +{}", part.above.cleansings);
    }
    let _ = write!(head, " solutions +{}", part.solved.len());
    match part.algorithm {
        Algorithm::X => head.push('\n'),
        Algorithm::C => head.push_str(" algorithm C\n"),
        Algorithm::M => head.push_str(" algorithm M\n"),
    }
    head
}

/// The item line of a part, with the bounds left to its primary items (a
/// part of Algorithm M's tree).
fn write_items(bytes: &mut Vec<u8>, instance: &text::Instance, part: &parts::Part) {
    let primary = part.problem.primary();
    for (j, &i) in part.items.iter().enumerate() {
        if j == primary {
            bytes.extend_from_slice(b"| ");
        }
        if j < primary {
            match part.problem.bounds(j) {
                (1, 1) => {}
                (lo, hi) if lo == hi => bytes.extend_from_slice(format!("{hi}|").as_bytes()),
                (lo, hi) => bytes.extend_from_slice(format!("{lo}:{hi}|").as_bytes()),
            }
        }
        bytes.extend_from_slice(instance.item_bytes(i));
        bytes.push(if j + 1 == part.items.len() {
            b'\n'
        } else {
            b' '
        });
    }
}

/// The options of a part, as they were read, less the items purified
/// above the part (gone from the options that agree with them).
fn write_options(bytes: &mut Vec<u8>, instance: &text::Instance, part: &parts::Part) {
    let kept: std::collections::HashSet<&[u8]> =
        part.items.iter().map(|&i| instance.item_bytes(i)).collect();
    for (j, &k) in part.options.iter().enumerate() {
        let line = instance.option_bytes(k);
        if part.problem.option(j).len() == instance.problem.option(k).len() {
            bytes.extend_from_slice(line);
        } else {
            let entries = line
                .split(|b| b.is_ascii_whitespace())
                .filter(|e| !e.is_empty());
            let left: Vec<&[u8]> = entries
                .filter(|entry| {
                    let name = entry.split(|&b| b == b':').next().unwrap_or(entry);
                    kept.contains(name)
                })
                .collect();
            bytes.extend_from_slice(&left.join(&b' '));
        }
        bytes.push(b'\n');
    }
}

/// `dlx sum`: the reports in `inputs` (name, text) added up, as the line
/// to print.
pub fn sum(inputs: &[(String, String)]) -> Result<String, Error> {
    let mut parts: BTreeMap<usize, String> = BTreeMap::new();
    let mut of = None;
    let (mut runs, mut plain) = (0, 0);
    let mut total = Closing::default();
    for (name, text) in inputs {
        for (at, line) in text.lines().enumerate() {
            let place = format!("{name}:{}", at + 1);
            let report = match Closing::parse(line) {
                None => continue,
                Some(Err(())) => {
                    let quoted = format!("not a report of dlx: `{}`", line.trim());
                    return Err(Error::refused(place, quoted));
                }
                Some(Ok(report)) => report,
            };
            runs += 1;
            match report.lead {
                Lead::Part(k, n) => {
                    if of.is_some_and(|of| of != n) {
                        let earlier = of.unwrap_or(0);
                        let why = format!("part {k} of {n}, but an earlier report is of {earlier}");
                        return Err(Error::refused(place, why));
                    }
                    of = Some(n);
                    if let Some(first) = parts.insert(k, place.clone()) {
                        let why = format!("part {k} is reported twice (also {first})");
                        return Err(Error::refused(place, why));
                    }
                }
                _ => plain += 1,
            }
            total.add(&report);
        }
    }
    complete(runs, plain, of, &parts)?;
    total.lead = of.map_or(Lead::Runs(runs), Lead::Parts);
    Ok(total.to_string())
}

/// Fails unless there are reports, and, if they are of parts, one of
/// each part (`parts`: where each was read) and no other.
fn complete(
    runs: usize,
    plain: usize,
    of: Option<usize>,
    parts: &BTreeMap<usize, String>,
) -> Result<(), Error> {
    if runs == 0 {
        let why = "no report of dlx found (`solutions: N  nodes: N  ...`)";
        return Err(Error::refused("", why));
    }
    if plain > 0 && of.is_some() {
        let why = format!("{plain} report(s) without a part number among the parts' reports");
        return Err(Error::refused("", why));
    }
    let n = of.unwrap_or(0);
    let missing: Vec<String> = (1..=n)
        .filter(|k| !parts.contains_key(k))
        .map(|k| k.to_string())
        .collect();
    match missing.is_empty() {
        true => Ok(()),
        false => Err(Error::refused(
            "",
            format!(
                "the reports of {} of the {n} parts are missing: {}",
                missing.len(),
                abbreviate(&missing)
            ),
        )),
    }
}

/// At most ten numbers, then how many more.
fn abbreviate(numbers: &[String]) -> String {
    match numbers.len() {
        0..=10 => numbers.join(", "),
        n => format!("{}, and {} more", numbers[..10].join(", "), n - 10),
    }
}

/// The texts to sum: the files named, or standard input.
pub fn read_reports(files: &[PathBuf]) -> Result<Vec<(String, String)>, Error> {
    if files.is_empty() {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text).map_err(|source| {
            Error::Read {
                name: "<stdin>".to_string(),
                source,
            }
        })?;
        return Ok(vec![("<stdin>".to_string(), text)]);
    }
    files
        .iter()
        .map(|path| {
            let name = path.display().to_string();
            match std::fs::read(path) {
                Ok(bytes) => Ok((name, String::from_utf8_lossy(&bytes).into_owned())),
                Err(source) => Err(Error::Read { name, source }),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_reads_back() {
        let text = b"| dlx split: part 2 of 3\n| dlx part 2/3: nodes +4 updates +17 solutions +1\na b\na\n";
        let part = header("p", text).unwrap().unwrap();
        assert_eq!((part.number, part.of, part.solved), (2, 3, 1));
        assert_eq!((part.above.nodes, part.above.updates), (4, 17));
        assert_eq!(part.algorithm, Algorithm::X);
        let text =
            b"| dlx part 1/3: nodes +4 updates +17 cleansings +2 solutions +0 algorithm M\na\na\n";
        let part = header("p", text).unwrap().unwrap();
        assert_eq!((part.above.cleansings, part.algorithm), (2, Algorithm::M));
        for bad in [
            "| dlx part 1/3: nodes +4 updates +17 solutions +0 algorithm Z",
            "| dlx part 1/3: nodes +4 updates +17 solutions +0 nodes +1",
            "| dlx part 1/3: nodes +4 solutions +0",
        ] {
            let text = format!("{bad}\na\na\n");
            assert!(header("p", text.as_bytes()).is_err(), "{bad}");
        }
        assert_eq!(header("p", b"| a comment\na b\na b\n").unwrap(), None);
        let bad = header(
            "p",
            b"| dlx part 4/3: nodes +4 updates +1 solutions +0\na\na\n",
        );
        assert_eq!(
            bad.unwrap_err().to_string(),
            "p:1: not a part's mark: `| dlx part 4/3: nodes +4 updates +1 solutions +0`"
        );
    }

    #[test]
    fn reports_add_up_and_every_part_must_be_there() {
        let one = "part: 1/2  solutions: 3  nodes: 10  updates: 100  seconds: 0.5\n";
        let two = "r1 c1\n\npart: 2/2  solutions: 4  nodes: 20  updates: 200  seconds: 0.25\n";
        let inputs = vec![
            ("a".to_string(), one.to_string()),
            ("b".to_string(), two.to_string()),
        ];
        assert_eq!(
            sum(&inputs).unwrap(),
            "parts: 2  solutions: 7  nodes: 30  updates: 300  seconds: 0.750"
        );
        let missing = sum(&inputs[..1]).unwrap_err().to_string();
        assert_eq!(missing, "the reports of 1 of the 2 parts are missing: 2");
        let twice = vec![inputs[0].clone(), inputs[0].clone()];
        assert_eq!(
            sum(&twice).unwrap_err().to_string(),
            "a:1: part 1 is reported twice (also a:1)"
        );
        let broken = vec![(
            "c".to_string(),
            "solutions: 3  nodes: x  updates: 1  seconds: 0".to_string(),
        )];
        assert!(sum(&broken)
            .unwrap_err()
            .to_string()
            .starts_with("c:1: not a report of dlx"));
        let cut = vec![(
            "d".to_string(),
            "part: 1/2  solutions: 3  nodes: 4".to_string(),
        )];
        assert!(sum(&cut)
            .unwrap_err()
            .to_string()
            .starts_with("d:1: not a report of dlx"));
        assert!(sum(&[("e".to_string(), "hello\n".to_string())]).is_err());
    }
}
