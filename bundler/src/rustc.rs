//! rustc as the judge of what is dead: `rustc --emit=metadata
//! --error-format=json` on a bundle, and its diagnostics as data.
//!
//! Positions are given as proc-macro2 gives them (1-based line, 0-based
//! column in characters), so that they compare directly with the spans of
//! the same text parsed by syn.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::error::Error;

/// A position in the checked text: 1-based line, 0-based character column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

impl Pos {
    pub fn of(lc: proc_macro2::LineColumn) -> Pos {
        Pos {
            line: lc.line,
            column: lc.column,
        }
    }
}

/// A range of the checked text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Range {
    pub start: Pos,
    pub end: Pos,
}

impl Range {
    pub fn of(span: proc_macro2::Span) -> Range {
        Range {
            start: Pos::of(span.start()),
            end: Pos::of(span.end()),
        }
    }

    pub fn contains(&self, other: &Range) -> bool {
        self.start <= other.start && other.end <= self.end
    }
}

/// Where a span came from when a macro wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion {
    /// The invocation (itself possibly inside another expansion).
    pub call_site: Box<DiagSpan>,
    /// `name!`.
    pub macro_name: String,
    /// The `macro_rules!` definition, when it is in the checked text.
    pub def_site: Option<Range>,
}

/// One span of a diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagSpan {
    pub range: Range,
    pub primary: bool,
    /// What rustc writes under the span (`expected `u32`, found `&str``).
    pub label: Option<String>,
    /// The text a suggestion would put there.
    pub replacement: Option<String>,
    pub expansion: Option<Expansion>,
}

impl DiagSpan {
    /// The outermost invocation this span was written by, if a macro wrote
    /// it.
    pub fn outermost_call(&self) -> Option<&DiagSpan> {
        let mut call = self.expansion.as_ref().map(|e| &*e.call_site)?;
        while let Some(e) = &call.expansion {
            call = &e.call_site;
        }
        Some(call)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Error,
    Warning,
    Other,
}

/// One diagnostic of rustc.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub level: Level,
    /// The lint name (`dead_code`) or error code (`E0412`).
    pub code: Option<String>,
    pub message: String,
    pub spans: Vec<DiagSpan>,
    /// The notes and help under it (`help: remove the unused import`).
    pub children: Vec<Child>,
}

/// A note or help under a diagnostic.
#[derive(Clone, Debug)]
pub struct Child {
    /// `note`, `help`, …
    pub level: String,
    pub message: String,
    /// What a suggestion would write, when it writes one thing.
    pub replacement: Option<String>,
}

impl Diagnostic {
    pub fn primary(&self) -> impl Iterator<Item = &DiagSpan> {
        self.spans.iter().filter(|s| s.primary)
    }
}

/// The rustc to run: `$RUSTC`, else `rustc` from the path.
pub(crate) fn rustc() -> std::ffi::OsString {
    std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into())
}

/// Runs `command` (a rustc or clippy-driver) on `source` from stdin as the
/// binary crate of a submission, generating no code, and returns its exit
/// status and what it wrote on stderr.
pub fn run_on(
    command: Command,
    source: &str,
    edition: &str,
) -> Result<(std::process::ExitStatus, String), Error> {
    let (status, stderr, _) = run_emitting(command, source, edition, "metadata", false)?;
    Ok((status, stderr))
}

/// [`run_on`], emitting `emit` (`metadata`, or `obj` to have every
/// function the program instantiates generated), with what it emitted
/// when `read`.
fn run_emitting(
    mut command: Command,
    source: &str,
    edition: &str,
    emit: &str,
    read: bool,
) -> Result<(std::process::ExitStatus, String, Option<String>), Error> {
    let dir = tempfile::tempdir().map_err(|source| Error::Io {
        path: std::env::temp_dir(),
        source,
    })?;
    let program = command.get_program().to_string_lossy().into_owned();
    let out = dir.path().join(format!("bundle.{emit}"));
    let mut child = command
        .args(["--edition", edition, "--crate-type", "bin"])
        .args([
            "--crate-name",
            "bundle",
            "--error-format=json",
            "-C",
            "opt-level=0",
        ])
        .arg(format!("--emit={emit}"))
        .arg("-o")
        .arg(&out)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Error::Rustc {
            message: format!("cannot run {program}: {e}"),
        })?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let text = source.to_string();
    // Write from another thread: rustc may fill stderr before reading all.
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let output = child.wait_with_output().map_err(|e| Error::Rustc {
        message: format!("{program} failed to run: {e}"),
    })?;
    let _ = writer.join();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let emitted = (read && output.status.success())
        .then(|| std::fs::read_to_string(&out).ok())
        .flatten();
    Ok((output.status, stderr, emitted))
}

/// Builds `source` to an object file, which makes rustc evaluate every
/// constant the functions the program reaches instantiate, and returns
/// what it says (post-monomorphisation errors among it).
pub fn instantiate(source: &str, edition: &str) -> Result<Vec<Diagnostic>, Error> {
    let (_, stderr, _) = run_emitting(Command::new(rustc()), source, edition, "obj", false)?;
    Ok(diagnostics_in(&stderr))
}

/// Builds `source` to LLVM's text, unoptimised, with each function's line
/// and its symbol in rustc's own mangling (`v0`, which spells out type
/// arguments): what it says, and the text when it built.
pub fn llvm_ir(source: &str, edition: &str) -> Result<(Vec<Diagnostic>, Option<String>), Error> {
    let mut command = Command::new(rustc());
    command.args(["-C", "debuginfo=1", "-C", "no-prepopulate-passes"]);
    command.args(["-C", "codegen-units=1", "-C", "symbol-mangling-version=v0"]);
    let (_, stderr, ir) = run_emitting(command, source, edition, "llvm-ir", true)?;
    Ok((diagnostics_in(&stderr), ir))
}

fn diagnostics_in(stderr: &str) -> Vec<Diagnostic> {
    stderr
        .lines()
        .filter(|l| l.starts_with('{'))
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|v| diagnostic(&v))
        .collect()
}

/// Checks `source` as the binary crate of a submission (no code is
/// generated) and returns what rustc says about it.
pub fn check(source: &str, edition: &str) -> Result<Vec<Diagnostic>, Error> {
    Ok(check_with_lints(source, edition, &[])?.0)
}

/// A fix that rustc offers and calls machine-applicable: byte ranges of
/// the checked text and what goes in each, all or none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// The lint whose fix it is.
    pub lint: String,
    /// The index of its report among the diagnostics returned with it.
    pub report: usize,
    pub edits: Vec<(std::ops::Range<usize>, String)>,
}

/// [`check`], with the lints (or groups) `lints` forced on, and the fixes
/// rustc offers with its reports.
pub fn check_with_lints(
    source: &str,
    edition: &str,
    lints: &[&str],
) -> Result<(Vec<Diagnostic>, Vec<Fix>), Error> {
    let mut command = Command::new(rustc());
    for lint in lints {
        command.args(["--force-warn", lint]);
    }
    let (status, stderr) = run_on(command, source, edition).map_err(|e| match e {
        Error::Rustc { message } => Error::Rustc {
            message: format!("{message}; the bundler needs rustc on the PATH (or in $RUSTC)"),
        },
        e => e,
    })?;
    let mut diagnostics = Vec::new();
    let mut fixes = Vec::new();
    let mut lints_by_code = std::collections::HashMap::new();
    for line in stderr.lines().filter(|l| l.starts_with('{')) {
        let value: Value = serde_json::from_str(line).map_err(|e| Error::Rustc {
            message: format!("cannot read rustc's JSON diagnostic ({e}): {line}"),
        })?;
        if let Some(d) = diagnostic(&value) {
            // rustc names the lint behind an error code once, in a note on
            // its first report.
            let lint = match lint_name(&d) {
                Some(lint) => {
                    lints_by_code.insert(d.code.clone(), lint.clone());
                    lint
                }
                None => lints_by_code.get(&d.code).cloned().unwrap_or_default(),
            };
            fixes.extend(machine_fixes(&value, &lint, diagnostics.len()));
            diagnostics.push(d);
        }
    }
    if !status.success() && !diagnostics.iter().any(|d| d.level == Level::Error) {
        return Err(Error::Rustc {
            message: format!("rustc failed without a diagnostic:\n{stderr}"),
        });
    }
    Ok((diagnostics, fixes))
}

/// The lint that gave `d`: its code, unless that is an error code (a lint
/// such as `unsafe_op_in_unsafe_fn` reports as E0133), then the one a note
/// names as forced on (`None` when no note does).
fn lint_name(d: &Diagnostic) -> Option<String> {
    let code = d.code.clone().unwrap_or_default();
    let is_error_code = code.starts_with('E') && code[1..].chars().all(|c| c.is_ascii_digit());
    if !is_error_code {
        return Some(code);
    }
    d.children.iter().find_map(|c| {
        let (_, rest) = c.message.split_once("`--force-warn ")?;
        let lint = rest.split('`').next()?;
        Some(lint.replace('-', "_"))
    })
}

/// Deny-by-default lints that cargo caps in a dependency, whose offered
/// fix only writes out what rustc does anyway: `(*p).v[i]` autorefs
/// `(*p).v`, and the fix writes `(&(*p).v)[i]` (rustc calls it "maybe
/// incorrect" as the reference may not be what the author meant; it is
/// what the code did). In a bundle the library is the user's crate, where
/// the lint is an error.
pub const EXPLICIT_AUTOREFS: &str = "dangerous_implicit_autorefs";

/// The machine-applicable fixes among the children of diagnostic `value`
/// (and those of [`EXPLICIT_AUTOREFS`]).
fn machine_fixes(value: &Value, lint: &str, report: usize) -> Vec<Fix> {
    let children = value.get("children").and_then(Value::as_array);
    let mut fixes = Vec::new();
    for child in children.into_iter().flatten() {
        let spans = child.get("spans").and_then(Value::as_array);
        let edits: Vec<_> = spans
            .into_iter()
            .flatten()
            .filter(|s| {
                let applicability = &s["suggestion_applicability"];
                applicability == "MachineApplicable"
                    || (lint == EXPLICIT_AUTOREFS && applicability == "MaybeIncorrect")
            })
            .filter_map(|s| {
                let start = s["byte_start"].as_u64()? as usize;
                let end = s["byte_end"].as_u64()? as usize;
                Some((start..end, s["suggested_replacement"].as_str()?.to_string()))
            })
            .collect();
        if !edits.is_empty() {
            fixes.push(Fix {
                lint: lint.to_string(),
                report,
                edits,
            });
        }
    }
    fixes
}

fn diagnostic(value: &Value) -> Option<Diagnostic> {
    let level = match value.get("level")?.as_str()? {
        "error" | "error: internal compiler error" => Level::Error,
        "warning" => Level::Warning,
        _ => Level::Other,
    };
    let message = value.get("message")?.as_str()?.to_string();
    let code = value
        .get("code")
        .and_then(|c| c.get("code"))
        .and_then(Value::as_str)
        .map(str::to_string);
    let spans = value
        .get("spans")
        .and_then(Value::as_array)
        .map(|spans| spans.iter().filter_map(span).collect())
        .unwrap_or_default();
    let children = value
        .get("children")
        .and_then(Value::as_array)
        .map(|children| children.iter().filter_map(child).collect())
        .unwrap_or_default();
    Some(Diagnostic {
        level,
        code,
        message,
        spans,
        children,
    })
}

fn child(value: &Value) -> Option<Child> {
    let spans: Vec<DiagSpan> = value
        .get("spans")
        .and_then(Value::as_array)
        .map(|spans| spans.iter().filter_map(span).collect())
        .unwrap_or_default();
    let mut replacements = spans.iter().filter_map(|s| s.replacement.clone());
    let replacement = match (replacements.next(), replacements.next()) {
        (Some(one), None) => Some(one),
        _ => None,
    };
    Some(Child {
        level: value.get("level")?.as_str()?.to_string(),
        message: value.get("message")?.as_str()?.to_string(),
        replacement,
    })
}

fn span(value: &Value) -> Option<DiagSpan> {
    let number = |key: &str| value.get(key).and_then(Value::as_u64).map(|n| n as usize);
    let range = Range {
        start: Pos {
            line: number("line_start")?,
            column: number("column_start")?.saturating_sub(1),
        },
        end: Pos {
            line: number("line_end")?,
            column: number("column_end")?.saturating_sub(1),
        },
    };
    let expansion = value
        .get("expansion")
        .filter(|e| !e.is_null())
        .and_then(|e| {
            Some(Expansion {
                call_site: Box::new(span(e.get("span")?)?),
                macro_name: e.get("macro_decl_name")?.as_str()?.to_string(),
                def_site: e
                    .get("def_site_span")
                    .and_then(span)
                    .filter(|s| s.range.start.line > 0)
                    .map(|s| s.range),
            })
        });
    let text = |key: &str| value.get(key).and_then(Value::as_str).map(str::to_string);
    Some(DiagSpan {
        range,
        primary: value
            .get("is_primary")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        label: text("label"),
        replacement: text("suggested_replacement"),
        expansion,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dead_code_comes_back_with_its_place() {
        let diagnostics = check("fn main() {}\nfn unused() {}\n", "2021").expect("rustc runs");
        let dead: Vec<&Diagnostic> = diagnostics
            .iter()
            .filter(|d| d.code.as_deref() == Some("dead_code"))
            .collect();
        assert_eq!(dead.len(), 1, "{diagnostics:?}");
        let span = dead[0].primary().next().expect("a primary span");
        assert_eq!(span.range.start, Pos { line: 2, column: 3 });
    }

    #[test]
    fn errors_are_diagnostics_not_failures() {
        let diagnostics = check("fn main() { missing() }\n", "2021").expect("rustc runs");
        assert!(diagnostics
            .iter()
            .any(|d| d.level == Level::Error && d.code.as_deref() == Some("E0425")));
    }
}
