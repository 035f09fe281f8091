//! Per-problem judging settings, read from `judge-tests/<id>/.problem.toml`.
//!
//! ```
//! use judge_tests::compare::Rule;
//! use judge_tests::settings::{CheckerKind, Settings};
//! let text = "time_limit_ms = 3000\nchecker = \"line-sets\"\naliases = [\"cube\"]\n";
//! let s = Settings::parse(text, "problem.toml").unwrap();
//! assert_eq!(s.time_limit.as_millis(), 3000);
//! assert_eq!(s.checker, CheckerKind::Rule(Rule::LineSets));
//! assert_eq!(s.aliases, ["cube"]);
//! ```
//!
//! The file is a small subset of TOML (`key = value`, `#` comments,
//! integers, double-quoted strings and one-line arrays of them) so that it
//! stays valid TOML for any other tool, yet needs no parser crate. Unknown
//! keys are errors: a typo such as `time_limit = 1000` must not silently
//! fall back to a default.

use crate::compare::Rule;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The name of the settings file kept beside each problem's cases. Hidden
/// (leading dot) because `oj test` refuses a case directory holding any other
/// visible file with a dot in its name; it skips hidden ones. Its presence is
/// also what makes a folder of `judge-tests/` a problem's case folder.
pub const FILE_NAME: &str = ".problem.toml";

/// The keys a settings file may hold, for error messages.
const KEYS: &str = "time_limit_ms, memory_limit_mb, output_limit_mb, checker, aliases, judge";

/// Which checker a problem asks for (see [`crate::compare`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckerKind {
    /// A generic rule: `lines`, `exact` or `line-sets`.
    Rule(Rule),
    /// `problem`: the problem's own checker, from its module under
    /// `judge-tests/src/support/`, found through the registry.
    Problem,
}

impl CheckerKind {
    /// The name that asks for the problem's own checker.
    pub const PROBLEM: &'static str = "problem";

    /// Parses a checker name as written in the settings file.
    pub fn from_name(name: &str) -> Result<CheckerKind, Problem> {
        if name == CheckerKind::PROBLEM {
            return Ok(CheckerKind::Problem);
        }
        Rule::from_name(name)
            .map(CheckerKind::Rule)
            .ok_or_else(|| Problem::UnknownChecker(name.to_string()))
    }

    /// Every checker name, as error messages list them.
    pub fn names() -> String {
        let mut names: Vec<&str> = Rule::ALL.iter().map(|rule| rule.name()).collect();
        names.push(CheckerKind::PROBLEM);
        names.join(", ")
    }
}

impl fmt::Display for CheckerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckerKind::Rule(rule) => f.write_str(rule.name()),
            CheckerKind::Problem => f.write_str(CheckerKind::PROBLEM),
        }
    }
}

/// Limits, checker and other names of one problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// CPU time allowed per case (the idle limit is a multiple of it, see
    /// [`crate::run::Limits::idle`]).
    pub time_limit: Duration,
    /// Address space allowed per case, in bytes (also the bound on peak memory).
    pub memory_limit: u64,
    /// Standard output beyond this many bytes is OLE.
    pub output_limit: u64,
    /// How outputs are compared.
    pub checker: CheckerKind,
    /// Other names users may type for this problem (`cube` for `uva197`);
    /// `judge resolve` turns them into the id for the Makefile.
    pub aliases: Vec<String>,
    /// The bundler's profile of the online judge the problem is on
    /// (`kattis`, `atcoder`, ...); `default` for a problem whose judge has
    /// no profile. Its committed submission must fit that profile's size
    /// limit and compile under its edition (tests/layout.rs).
    pub judge: String,
}

const MIB: u64 = 1024 * 1024;

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            time_limit: Duration::from_millis(1000),
            memory_limit: 256 * MIB,
            output_limit: 64 * MIB,
            checker: CheckerKind::Rule(Rule::Lines),
            aliases: Vec::new(),
            judge: "default".to_string(),
        }
    }
}

/// A settings file that could not be read or understood, with its place.
#[derive(Debug)]
pub struct Error {
    /// The file, as given.
    pub path: PathBuf,
    /// 1-based line, when the problem is on one line.
    pub line: Option<usize>,
    /// What is wrong.
    pub problem: Problem,
}

/// What is wrong with a settings file.
#[derive(Debug)]
pub enum Problem {
    /// The file could not be read.
    Unreadable(std::io::Error),
    /// A line that is not `key = value`.
    NotKeyValue(String),
    /// A key this harness does not know (a typo must not fall back to a default).
    UnknownKey(String),
    /// A limit that is not a positive integer (or overflows its unit).
    NotPositive {
        /// The key.
        key: String,
        /// The value as written.
        value: String,
    },
    /// A value that is not a double-quoted string without escapes.
    NotQuoted {
        /// The key.
        key: String,
        /// The value as written.
        value: String,
    },
    /// An array that is not on one line in brackets.
    NotAnArray {
        /// The key.
        key: String,
    },
    /// A checker name that is neither a rule nor `problem`.
    UnknownChecker(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Unreadable(e) => write!(f, "{e}"),
            Problem::NotKeyValue(entry) => write!(f, "expected `key = value`, found `{entry}`"),
            Problem::UnknownKey(key) => write!(f, "unknown key `{key}`; known: {KEYS}"),
            Problem::NotPositive { key, value } => {
                write!(f, "`{key}` needs a positive integer, found `{value}`")
            }
            Problem::NotQuoted { key, value } => {
                write!(f, "`{key}` needs a quoted string, found `{value}`")
            }
            Problem::NotAnArray { key } => {
                write!(f, "`{key}` needs an array on one line, like [\"a\"]")
            }
            Problem::UnknownChecker(name) => write!(
                f,
                "unknown checker `{name}`; known: {}",
                CheckerKind::names()
            ),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.path.display(), line, self.problem),
            None => write!(f, "{}: {}", self.path.display(), self.problem),
        }
    }
}

impl std::error::Error for Error {}

impl Settings {
    /// Reads `dir/.problem.toml`; a directory without one gets the defaults.
    pub fn load_dir(dir: &Path) -> Result<Settings, Error> {
        let path = dir.join(FILE_NAME);
        match std::fs::read_to_string(&path) {
            Ok(text) => Settings::parse(&text, &path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Settings::default()),
            Err(e) => Err(Error {
                path,
                line: None,
                problem: Problem::Unreadable(e),
            }),
        }
    }

    /// Parses the text of a settings file; `path` only names it in errors.
    pub fn parse(text: &str, path: impl AsRef<Path>) -> Result<Settings, Error> {
        let mut settings = Settings::default();
        for (line, raw) in (1..).zip(text.lines()) {
            let entry = strip_comment(raw).trim();
            if entry.is_empty() {
                continue;
            }
            settings.set(entry).map_err(|problem| Error {
                path: path.as_ref().to_path_buf(),
                line: Some(line),
                problem,
            })?;
        }
        Ok(settings)
    }

    /// Applies one `key = value` line.
    fn set(&mut self, entry: &str) -> Result<(), Problem> {
        let (key, value) = entry
            .split_once('=')
            .ok_or_else(|| Problem::NotKeyValue(entry.to_string()))?;
        let (key, value) = (key.trim(), value.trim());
        match key {
            "time_limit_ms" => self.time_limit = Duration::from_millis(positive(key, value, 1)?),
            "memory_limit_mb" => self.memory_limit = positive(key, value, MIB)?,
            "output_limit_mb" => self.output_limit = positive(key, value, MIB)?,
            "checker" => self.checker = CheckerKind::from_name(&quoted(key, value)?)?,
            "aliases" => self.aliases = string_array(key, value)?,
            "judge" => self.judge = quoted(key, value)?,
            _ => return Err(Problem::UnknownKey(key.to_string())),
        }
        Ok(())
    }
}

/// A positive integer times `unit`, without overflow.
fn positive(key: &str, value: &str, unit: u64) -> Result<u64, Problem> {
    value
        .parse::<u64>()
        .ok()
        .filter(|n| *n > 0)
        .and_then(|n| n.checked_mul(unit))
        .ok_or_else(|| Problem::NotPositive {
            key: key.to_string(),
            value: value.to_string(),
        })
}

/// The inside of a double-quoted string without escapes.
fn quoted(key: &str, value: &str) -> Result<String, Problem> {
    value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .filter(|inside| !inside.contains(['"', '\\']))
        .map(str::to_string)
        .ok_or_else(|| Problem::NotQuoted {
            key: key.to_string(),
            value: value.to_string(),
        })
}

/// `["a", "b"]` on one line; an empty array is allowed.
fn string_array(key: &str, value: &str) -> Result<Vec<String>, Problem> {
    let inside = value
        .strip_prefix('[')
        .and_then(|v| v.strip_suffix(']'))
        .ok_or_else(|| Problem::NotAnArray {
            key: key.to_string(),
        })?;
    if inside.trim().is_empty() {
        return Ok(Vec::new());
    }
    inside
        .split(',')
        .map(|item| quoted(key, item.trim()))
        .collect()
}

/// Drops a `#` comment, unless the `#` sits inside a quoted string.
fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    for (at, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[..at],
            _ => {}
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_every_key() {
        let s = Settings::parse(
            "# limits\ntime_limit_ms = 3000 # UVa\nmemory_limit_mb = 125\noutput_limit_mb=1\n\
             checker = \"problem\"\naliases = [ \"cube\",\"soma\" ]\n",
            "x.toml",
        )
        .unwrap();
        assert_eq!(s.time_limit, Duration::from_secs(3));
        assert_eq!(s.memory_limit, 125 * MIB);
        assert_eq!(s.output_limit, MIB);
        assert_eq!(s.checker, CheckerKind::Problem);
        assert_eq!(s.aliases, ["cube", "soma"]);
        assert_eq!(Settings::parse("", "x").unwrap(), Settings::default());
        let none = Settings::parse("aliases = []", "x").unwrap();
        assert!(none.aliases.is_empty());
    }

    #[test]
    fn errors_name_the_line() {
        let e = Settings::parse("\ntime_limit = 5\n", "p/problem.toml").unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e
            .to_string()
            .starts_with("p/problem.toml:2: unknown key `time_limit`"));
        let e = Settings::parse("time_limit_ms = -4", "x").unwrap_err();
        assert!(e.problem.to_string().contains("positive integer"), "{e}");
        let e = Settings::parse("checker = lines", "x").unwrap_err();
        assert!(e.problem.to_string().contains("quoted"), "{e}");
        let e = Settings::parse("checker = \"setz\"", "x").unwrap_err();
        assert!(
            e.to_string()
                .ends_with("known: lines, exact, line-sets, problem"),
            "{e}"
        );
        let e = Settings::parse("aliases = \"cube\"", "x").unwrap_err();
        assert!(e.problem.to_string().contains("array"), "{e}");
        let e = Settings::parse("aliases = [cube]", "x").unwrap_err();
        assert!(e.problem.to_string().contains("quoted"), "{e}");
        let e = Settings::parse("just words", "x").unwrap_err();
        assert!(e.problem.to_string().contains("key = value"), "{e}");
    }

    #[test]
    fn checker_names_round_trip() {
        for name in ["lines", "exact", "line-sets", "problem"] {
            let kind = CheckerKind::from_name(name).unwrap();
            assert_eq!(kind.to_string(), name);
        }
    }
}
