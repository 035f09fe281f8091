//! Whether the judge's rustc takes the bundle: a bundle may use what a
//! newer compiler than the judge's has (`Option::is_none_or`, stable since
//! 1.82; proconio 0.4.5's `OnceLock`, since 1.70; let-else, since 1.65).
//! Where the judge's version is known, the bundle is checked against it,
//! as the judge's edition, with the best tool at hand:
//!
//! * that rustc itself, when one is installed (a rustup toolchain named
//!   after the version, or Debian's 1.63 that `make check-old-rustc`
//!   unpacks under `target/old-rustc/`): every library API and every
//!   language feature;
//! * else two checks stand in for it: clippy's `incompatible_msrv` lint,
//!   with the judge's version as the minimum supported one, for library
//!   APIs, and the syntax walk of `language.rs` for language features
//!   (the lint does not see syntax).
//!
//! Each finding names the item of the bundle that needs the newer rustc,
//! what it uses, and since when it is stable. `Toolchain::checked_with`
//! says which checks ran, for the bundler's report.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::discover::Crate;
use crate::error::Error;
use crate::language;
use crate::syntax::{impl_member_ident, impl_member_name, item_ident, item_label, item_name, tidy};

/// What checking a bundle against the judge's rustc found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Toolchain {
    /// The judge's rustc version (`1.70`).
    pub rustc: String,
    /// How it was checked (`rustc 1.63.0 (target/old-rustc)`, or the checks
    /// that stand in for it when it is not installed).
    pub checked_with: String,
    /// What needs a newer rustc: `crate::proconio::STDIN_SOURCE: `OnceLock`
    /// is stable since 1.70.0`.
    pub needs: Vec<String>,
}

/// What stands in for a judge's rustc that is not installed, said in the
/// report: the syntax walk, with clippy's lint when clippy is installed.
const SYNTAX_CHECK: &str = "the bundler's syntax check (language features)";

/// Checks `text` against rustc `version`, compiling it as edition `edition`
/// (the judge's); `krate` is what the bundle was made of, where each
/// finding's item is placed.
pub fn check(text: &str, version: &str, edition: &str, krate: &Crate) -> Result<Toolchain, Error> {
    let file = syn::parse_file(text).ok();
    let (command, checked_with) = match installed_rustc(version) {
        Some((command, with)) => (Some(command), with),
        None => match clippy_driver(version) {
            Some(command) => (
                Some(command),
                format!(
                    "clippy's incompatible_msrv lint (library APIs) and {SYNTAX_CHECK}, \
                     as rustc {version} is not installed"
                ),
            ),
            None => (
                None,
                format!(
                    "{SYNTAX_CHECK} only, as neither rustc {version} nor clippy-driver is \
                     installed: library APIs are not checked"
                ),
            ),
        },
    };
    let mut needs = Vec::new();
    let item = |line: usize| match file.as_ref().and_then(|f| item_at(&f.items, line, "crate")) {
        Some(path) => placed(krate, path),
        None => format!("line {line}"),
    };
    if let Some(command) = command {
        for d in diagnostics(command, text, edition)? {
            let code = d["code"]["code"].as_str().unwrap_or_default();
            let level = d["level"].as_str().unwrap_or_default();
            let wanted = code == "clippy::incompatible_msrv" || level == "error";
            let Some(span) = array(&d["spans"]).iter().find(|s| s["is_primary"] == true) else {
                continue;
            };
            if !wanted {
                continue;
            }
            let line = span["line_start"].as_u64().unwrap_or(0) as usize;
            let message = d["message"].as_str().unwrap_or_default();
            needs.push(finding(&item(line), span, message));
        }
    }
    // The real rustc of that version sees every feature; the walk is for
    // when it is not there.
    let stand_in = !checked_with.starts_with("rustc ");
    if let (true, Some(file)) = (stand_in, &file) {
        for used in language::newer_than(file, version) {
            let (name, since) = (used.feature.name, used.feature.since);
            needs.push(format!("{}: {name}, stable since {since}", item(used.line)));
        }
    }
    needs.dedup();
    Ok(Toolchain {
        rustc: version.to_string(),
        checked_with,
        needs,
    })
}

/// The bundle's item `path` led by its place in the sources
/// (`src/steps.rs:7: crate::steps::first`), so that a finding sends the
/// user to their own file rather than to the bundle's text.
fn placed(krate: &Crate, path: String) -> String {
    match source_line(krate, &path) {
        Some((file, line)) => format!("{file}:{line}: {path}"),
        None => path,
    }
}

/// The file and line of the item at `path` (`crate::m::f`, or a member
/// `crate::m::Type::f`): the bundle's modules are the sources' modules.
fn source_line(krate: &Crate, path: &str) -> Option<(String, usize)> {
    let names: Vec<&str> = path.strip_prefix("crate::")?.split("::").collect();
    let (depth, module) = (0..names.len())
        .rev()
        .find_map(|depth| krate.module(&names[..depth]).map(|m| (depth, m)))?;
    let module = krate.get(module);
    let (first, member) = (names[depth], names.get(depth + 1));
    // The name's own line, not that of the docs above it.
    let ident = match member {
        Some(&member) => module.items.iter().find_map(|item| match item {
            syn::Item::Impl(imp) if tidy(&imp.self_ty) == first => imp
                .items
                .iter()
                .filter_map(impl_member_ident)
                .find(|ident| *ident == member),
            _ => None,
        }),
        None => module
            .items
            .iter()
            .filter_map(item_ident)
            .find(|ident| *ident == first),
    }?;
    let line = ident.span().start().line;
    (line > 0).then(|| (module.file.clone(), line))
}

fn array(value: &Value) -> &[Value] {
    value.as_array().map(Vec::as_slice).unwrap_or_default()
}

/// `item: `what` is stable since 1.70.0`, or rustc's error message.
fn finding(item: &str, span: &Value, message: &str) -> String {
    let first = &array(&span["text"]).first().cloned().unwrap_or_default();
    let text = first["text"].as_str().unwrap_or_default();
    let start = first["highlight_start"].as_u64().unwrap_or(1) as usize;
    let used: String = text
        .chars()
        .skip(start.saturating_sub(1))
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
        .collect();
    match message.rsplit_once("since `") {
        Some((_, since)) => {
            let since = since.trim_end_matches('`');
            let context = match message.contains("in a `const` context") {
                true => " in a const context",
                false => "",
            };
            format!("{item}: `{used}` is stable{context} since {since}")
        }
        None => format!("{item}: {message}"),
    }
}

/// The path of the innermost item or `impl` member of `items` (in module
/// `prefix`) holding line `line`.
fn item_at(items: &[syn::Item], line: usize, prefix: &str) -> Option<String> {
    use syn::spanned::Spanned;
    let holds = |span: proc_macro2::Span| span.start().line <= line && line <= span.end().line;
    let item = items.iter().find(|i| holds(i.span()))?;
    let name = item_name(item).unwrap_or_else(|| item_label(item));
    let here = format!("{prefix}::{name}");
    match item {
        syn::Item::Mod(m) => {
            let inner = m.content.as_ref().map(|(_, items)| items.as_slice())?;
            item_at(inner, line, &here).or(Some(here))
        }
        syn::Item::Impl(imp) => {
            let member = imp.items.iter().find(|m| holds(m.span()));
            let ty = tidy(&imp.self_ty);
            Some(match member.and_then(impl_member_name) {
                Some(member) => format!("{prefix}::{ty}::{member}"),
                None => format!("{prefix}::<{name}>"),
            })
        }
        _ => Some(here),
    }
}

/// Runs `command` on `text` as edition `edition`, returning its JSON
/// diagnostics.
fn diagnostics(command: Command, text: &str, edition: &str) -> Result<Vec<Value>, Error> {
    let (_, stderr) = crate::rustc::run_on(command, text, edition)?;
    Ok(stderr
        .lines()
        .filter(|l| l.starts_with('{'))
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect())
}

/// clippy-driver set to report what is newer than `version`.
fn clippy_driver(version: &str) -> Option<Command> {
    let works = Command::new("clippy-driver")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    works.then(|| {
        let mut command = Command::new("clippy-driver");
        command.env("CARGO_PKG_RUST_VERSION", version).args([
            "-A",
            "clippy::all",
            "-W",
            "clippy::incompatible_msrv",
        ]);
        command
    })
}

/// An installed rustc of `version`, and how to say which it is: a rustup
/// toolchain named after it, or Debian's unpacked by `make
/// check-old-rustc` (`target/old-rustc/root`, or `$OLD_RUSTC_ROOT`).
pub fn installed_rustc(version: &str) -> Option<(Command, String)> {
    let rustup_home = std::env::var_os("RUSTUP_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".rustup")));
    let toolchains = rustup_home.map(|h| h.join("toolchains"));
    let from_rustup = toolchains
        .and_then(|dir| std::fs::read_dir(dir).ok())
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            name.is_some_and(|n| {
                n.starts_with(&format!("{version}-")) || n.starts_with(&format!("{version}."))
            })
        })
        .map(|dir| {
            let shown = format!("rustc {version} ({})", dir.display());
            (Command::new(dir.join("bin").join("rustc")), shown)
        });
    from_rustup.or_else(|| debian_rustc(version))
}

/// Debian's rustc unpacked under `target/old-rustc/root` (from the current
/// folder up) or `$OLD_RUSTC_ROOT`, if it is of `version`.
fn debian_rustc(version: &str) -> Option<(Command, String)> {
    let here = std::env::current_dir().ok()?;
    let root = std::env::var_os("OLD_RUSTC_ROOT")
        .map(PathBuf::from)
        .into_iter()
        .chain(here.ancestors().map(|d| d.join("target/old-rustc/root")))
        .find(|root| root.join("usr/bin/rustc").is_file())?;
    let libs = root.join("usr/lib/x86_64-linux-gnu");
    let command = || {
        let mut command = Command::new(root.join("usr/bin/rustc"));
        command
            .env("LD_LIBRARY_PATH", &libs)
            .arg("--sysroot")
            .arg(root.join("usr"));
        command
    };
    let output = command().arg("--version").output().ok()?;
    let said = String::from_utf8_lossy(&output.stdout).into_owned();
    said.starts_with(&format!("rustc {version}."))
        .then(|| (command(), format!("{} ({})", said.trim(), root.display())))
}
