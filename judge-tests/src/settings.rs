//! Per-problem judging settings, read from `judge-tests/<id>/.problem.toml`.
//!
//! ```
//! use judge_tests::settings::{CheckerKind, Settings};
//! let s = Settings::parse("time_limit_ms = 3000\nchecker = \"line-sets\"\n", "problem.toml").unwrap();
//! assert_eq!(s.time_limit.as_millis(), 3000);
//! assert_eq!(s.checker, CheckerKind::LineSets);
//! ```
//!
//! The file is a small subset of TOML (`key = value`, `#` comments,
//! integers and double-quoted strings) so that it stays valid TOML for any
//! other tool, yet needs no parser crate. Unknown keys are errors: a typo
//! such as `time_limit = 1000` must not silently fall back to a default.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The name of the settings file kept beside each problem's cases. Hidden
/// (leading dot) because `oj test` refuses a case directory holding any other
/// visible file with a dot in its name; it skips hidden ones.
pub const FILE_NAME: &str = ".problem.toml";

/// Problem ids with cases under `judge-tests/`, and the aliases users may type.
pub const PROBLEMS: &[&str] = &["p4205", "uva745", "uva197", "latin"];
const ALIASES: &[(&str, &str)] = &[("cube", "uva197")];

/// Maps an id or alias (`cube`) to the problem id, or explains which ids exist.
pub fn resolve_id(name: &str) -> Result<&'static str, String> {
    if let Some(id) = PROBLEMS.iter().find(|id| **id == name) {
        return Ok(id);
    }
    if let Some((_, id)) = ALIASES.iter().find(|(alias, _)| *alias == name) {
        return Ok(id);
    }
    Err(format!(
        "unknown problem `{name}`; known: {} (alias: cube = uva197)",
        PROBLEMS.join(", ")
    ))
}

/// How an actual output is compared with the expected one (see [`crate::compare`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckerKind {
    /// Line by line; trailing spaces and trailing blank lines ignored.
    Lines,
    /// Byte for byte.
    Exact,
    /// Blank-line-separated blocks, each compared as a set of lines.
    LineSets,
    /// The set of numbered 6x6 solution grids of the latin problem.
    Latin,
    /// A special judge written in Rust, by name (see [`crate::special`]).
    Special(&'static str),
}

impl CheckerKind {
    /// Parses a checker name as written in the settings file.
    pub fn from_name(name: &str) -> Result<CheckerKind, String> {
        match name {
            "lines" => Ok(CheckerKind::Lines),
            "exact" => Ok(CheckerKind::Exact),
            "line-sets" => Ok(CheckerKind::LineSets),
            "latin" => Ok(CheckerKind::Latin),
            _ => match name.strip_prefix("special:") {
                Some(judge) => crate::special::find(judge)
                    .map(|j| CheckerKind::Special(j.name))
                    .ok_or_else(|| {
                        format!(
                            "unknown special judge `{judge}`; known: {}",
                            crate::special::names().join(", ")
                        )
                    }),
                None => Err(format!(
                    "unknown checker `{name}`; known: lines, exact, line-sets, latin, special:<name>"
                )),
            },
        }
    }
}

impl fmt::Display for CheckerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckerKind::Lines => f.write_str("lines"),
            CheckerKind::Exact => f.write_str("exact"),
            CheckerKind::LineSets => f.write_str("line-sets"),
            CheckerKind::Latin => f.write_str("latin"),
            CheckerKind::Special(name) => write!(f, "special:{name}"),
        }
    }
}

/// Limits and checker of one problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// CPU and wall time allowed per case.
    pub time_limit: Duration,
    /// Address space allowed per case, in bytes (also the bound on peak memory).
    pub memory_limit: u64,
    /// Standard output beyond this many bytes is OLE.
    pub output_limit: u64,
    /// How outputs are compared.
    pub checker: CheckerKind,
}

const MIB: u64 = 1024 * 1024;

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            time_limit: Duration::from_millis(1000),
            memory_limit: 256 * MIB,
            output_limit: 64 * MIB,
            checker: CheckerKind::Lines,
        }
    }
}

/// A settings file that could not be read or understood, with its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// The file, as given.
    pub path: PathBuf,
    /// 1-based line, when the problem is on one line.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.path.display(), line, self.message),
            None => write!(f, "{}: {}", self.path.display(), self.message),
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
                message: e.to_string(),
            }),
        }
    }

    /// Parses the text of a settings file; `path` only names it in errors.
    pub fn parse(text: &str, path: impl AsRef<Path>) -> Result<Settings, Error> {
        let mut settings = Settings::default();
        let fail = |line: usize, message: String| Error {
            path: path.as_ref().to_path_buf(),
            line: Some(line),
            message,
        };
        for (index, raw) in text.lines().enumerate() {
            let line_no = index + 1;
            let line = strip_comment(raw).trim();
            if line.is_empty() {
                continue;
            }
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| fail(line_no, format!("expected `key = value`, found `{line}`")))?;
            let (key, value) = (key.trim(), value.trim());
            let number = |unit_bytes: u64| -> Result<u64, Error> {
                value
                    .parse::<u64>()
                    .ok()
                    .filter(|n| *n > 0)
                    .and_then(|n| n.checked_mul(unit_bytes))
                    .ok_or_else(|| {
                        fail(
                            line_no,
                            format!("`{key}` needs a positive integer, found `{value}`"),
                        )
                    })
            };
            match key {
                "time_limit_ms" => settings.time_limit = Duration::from_millis(number(1)?),
                "memory_limit_mb" => settings.memory_limit = number(MIB)?,
                "output_limit_mb" => settings.output_limit = number(MIB)?,
                "checker" => {
                    let name = value
                        .strip_prefix('"')
                        .and_then(|v| v.strip_suffix('"'))
                        .ok_or_else(|| {
                            fail(line_no, format!("`checker` needs a quoted string, found `{value}`"))
                        })?;
                    settings.checker = CheckerKind::from_name(name).map_err(|m| fail(line_no, m))?;
                }
                _ => {
                    return Err(fail(
                        line_no,
                        format!(
                            "unknown key `{key}`; known: time_limit_ms, memory_limit_mb, output_limit_mb, checker"
                        ),
                    ))
                }
            }
        }
        Ok(settings)
    }
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
            "# limits\ntime_limit_ms = 3000 # UVa\nmemory_limit_mb = 125\noutput_limit_mb=1\nchecker = \"latin\"\n",
            "x.toml",
        )
        .unwrap();
        assert_eq!(s.time_limit, Duration::from_secs(3));
        assert_eq!(s.memory_limit, 125 * MIB);
        assert_eq!(s.output_limit, MIB);
        assert_eq!(s.checker, CheckerKind::Latin);
        assert_eq!(Settings::parse("", "x").unwrap(), Settings::default());
    }

    #[test]
    fn errors_name_the_line() {
        let e = Settings::parse("\ntime_limit = 5\n", "p/problem.toml").unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e
            .to_string()
            .starts_with("p/problem.toml:2: unknown key `time_limit`"));
        let e = Settings::parse("time_limit_ms = -4", "x").unwrap_err();
        assert!(e.message.contains("positive integer"), "{e}");
        let e = Settings::parse("checker = lines", "x").unwrap_err();
        assert!(e.message.contains("quoted"), "{e}");
        let e = Settings::parse("checker = \"setz\"", "x").unwrap_err();
        assert!(e.message.contains("unknown checker"), "{e}");
        let e = Settings::parse("checker = \"special:nope\"", "x").unwrap_err();
        assert!(e.message.contains("unknown special judge"), "{e}");
        let e = Settings::parse("just words", "x").unwrap_err();
        assert!(e.message.contains("key = value"), "{e}");
    }

    #[test]
    fn ids_and_aliases() {
        assert_eq!(resolve_id("cube"), Ok("uva197"));
        assert_eq!(resolve_id("p4205"), Ok("p4205"));
        assert!(resolve_id("uva10109")
            .unwrap_err()
            .contains("p4205, uva745"));
    }
}
