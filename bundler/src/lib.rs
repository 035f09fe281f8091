//! Turns one adapter of a library into a single-file, std-only submission
//! that holds exactly what the adapter uses.
//!
//! The work is a series of passes, one module each, in this order:
//! [`discover`] reads the module tree (tests dropped), [`resolve`] knows
//! what every name and path means, [`reach`] walks from the adapter's
//! `main` to a conservative cut of the library, [`prune`] prints that cut
//! as one file, [`shake`] lets rustc delete everything dead in it (with
//! [`expand`] writing out macro invocations when rustc finds dead code in
//! what they write), and [`emit`] prints the result. [`syntax`], [`refs`],
//! [`rustc`], [`error`] and [`judge`] are leaves the passes share.
//!
//! ```no_run
//! use bundler::{bundle, Options};
//!
//! let options = Options::new("p4205", "library".into());
//! let bundle = bundle(&options)?;
//! std::fs::write("submissions/p4205/main.rs", &bundle.text)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod discover;
pub mod emit;
pub mod error;
pub mod expand;
pub mod judge;
pub mod prune;
pub mod reach;
pub mod refs;
pub mod resolve;
pub mod rustc;
pub mod shake;
pub mod syntax;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub use emit::Style;
pub use error::{Error, Place};
pub use judge::Judge;

use discover::{Crate, ItemId};
use reach::Cut;
use resolve::Names;
use shake::{Failure, Shaken};

/// What to bundle and how.
#[derive(Clone, Debug)]
pub struct Options {
    /// A problem id (a file of `src/problems/`) or an alias.
    pub id: String,
    /// The library package directory (the one with `src/lib.rs`).
    pub library: PathBuf,
    pub judge: Judge,
    pub strip_docs: bool,
    pub minify: bool,
    /// An item to explain (`--explain`).
    pub explain: Option<String>,
    /// Keep every item (tests only drop test code): the reference the
    /// tree-shaken bundle is compared with.
    pub keep_everything: bool,
}

impl Options {
    /// Readable output for the default judge profile.
    pub fn new(id: &str, library: PathBuf) -> Options {
        Options {
            id: id.to_string(),
            library,
            judge: judge::JUDGES[0],
            strip_docs: false,
            minify: false,
            explain: None,
            keep_everything: false,
        }
    }
}

/// A finished bundle.
#[derive(Clone, Debug)]
pub struct Bundle {
    /// The problem id the alias resolved to.
    pub id: String,
    pub text: String,
    /// How it was printed in the end (the size limit may force more).
    pub style: Style,
    /// Bytes per module and item, biggest first.
    pub sizes: Vec<(usize, String)>,
    /// The answer to `--explain`.
    pub explanation: Option<String>,
    /// Warnings rustc gives on the library's own code (not about dead
    /// code, which is deleted): the user must see them.
    pub warnings: Vec<Warning>,
    /// How the work went, for `--verbose`.
    pub report: Report,
}

/// A warning on the library's code, placed in the library's files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    pub lint: String,
    pub message: String,
    /// The item it is in, e.g. `crate::dlx::Solver::new`.
    pub item: String,
    /// Where that item is, when it is in the library's files (not written
    /// by a macro).
    pub place: Option<Place>,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(place) = &self.place {
            write!(f, "{place}: ")?;
        }
        write!(
            f,
            "warning[{}]: {} (in {})",
            self.lint, self.message, self.item
        )
    }
}

/// Timings and sizes of one bundle.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Items in the cut, and the bytes rustc first checked.
    pub cut_items: usize,
    /// Per rustc run: bytes checked, time taken, what it deleted.
    pub rounds: Vec<shake::Round>,
    /// The cut did not compile, so the whole library was shaken instead:
    /// rustc's first error on the cut.
    pub fell_back: Option<String>,
    pub total: Duration,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "cut: {} items", self.cut_items)?;
        if let Some(error) = &self.fell_back {
            writeln!(f, "the cut did not compile; the whole library was shaken instead. rustc said:\n{error}")?;
        }
        for (k, round) in self.rounds.iter().enumerate() {
            write!(
                f,
                "rustc round {}: {} bytes, {:.0} ms",
                k + 1,
                round.bytes,
                round.time.as_secs_f64() * 1e3
            )?;
            match (round.deleted, round.expanded) {
                (0, 0) => writeln!(f, ", clean")?,
                (d, 0) => writeln!(f, ", {d} deleted")?,
                (d, e) => writeln!(f, ", {d} deleted, {e} macro calls written out")?,
            }
        }
        write!(f, "total: {:.0} ms", self.total.as_secs_f64() * 1e3)
    }
}

/// The problem ids of `library`: the files of `src/problems/`, sorted.
pub fn problems(library: &Path) -> Result<Vec<String>, Error> {
    let dir = library.join("src").join("problems");
    let mut ids = Vec::new();
    for entry in walkdir::WalkDir::new(&dir)
        .min_depth(1)
        .max_depth(1)
        .sort_by_file_name()
    {
        let entry = entry.map_err(|e| Error::Io {
            path: dir.clone(),
            source: e.into(),
        })?;
        let path = entry.path();
        if entry.file_type().is_file() && path.extension().is_some_and(|e| e == "rs") {
            if let Some(stem) = path.file_stem() {
                ids.push(stem.to_string_lossy().into_owned());
            }
        }
    }
    Ok(ids)
}

/// Other names for problem ids: `aliases = ["cube"]` in the problem's
/// `judge-tests/<id>/.problem.toml`, beside the library.
pub fn aliases(library: &Path) -> Vec<(String, String)> {
    let Some(workspace) = library.parent() else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for id in problems(library).unwrap_or_default() {
        let settings = workspace
            .join("judge-tests")
            .join(&id)
            .join(".problem.toml");
        let Ok(text) = std::fs::read_to_string(settings) else {
            continue;
        };
        for alias in aliases_in(&text) {
            found.push((alias, id.clone()));
        }
    }
    found.sort();
    found
}

/// The strings of an `aliases = ["a", "b"]` line.
fn aliases_in(toml: &str) -> Vec<String> {
    toml.lines()
        .filter_map(|line| {
            let line = line.split('#').next()?.trim();
            let (key, value) = line.split_once('=')?;
            (key.trim() == "aliases").then(|| value.trim().to_string())
        })
        .flat_map(|value| {
            value
                .trim_start_matches('[')
                .trim_end_matches(']')
                .split(',')
                .map(|s| s.trim().trim_matches('"').to_string())
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The problem id `id` names, resolving aliases.
pub fn resolve_id(library: &Path, id: &str) -> Result<String, Error> {
    let known = problems(library)?;
    let aliases = aliases(library);
    let id = aliases
        .iter()
        .find(|(alias, _)| alias == id)
        .map_or(id, |(_, real)| real.as_str());
    if known.iter().any(|k| k == id) {
        Ok(id.to_string())
    } else {
        let mut listed = known.clone();
        for (alias, real) in &aliases {
            listed.push(format!("{alias} (= {real})"));
        }
        Err(Error::UnknownProblem {
            id: id.to_string(),
            known: listed,
        })
    }
}

/// Bundles `options.id`, stripping docs and then minifying if the judge's
/// limit requires it.
pub fn bundle(options: &Options) -> Result<Bundle, Error> {
    let started = Instant::now();
    // Absolute, so that `--library .` still has a name and a parent.
    let library = options.library.canonicalize().map_err(|source| Error::Io {
        path: options.library.clone(),
        source,
    })?;
    let id = resolve_id(&library, &options.id)?;
    let base = library.parent().unwrap_or(Path::new("."));
    let krate = discover::discover(&library, base)?;
    let library_name = library
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "library".into());
    let main = entry_point(&krate, &id, &library_name)?;

    let names = Names::new(&krate);
    let cut = reach::cut(&names, main)?;
    let entry = vec!["problems".to_string(), id.clone()];
    let mut report = Report {
        cut_items: cut.items.len(),
        ..Report::default()
    };
    let (file, shaken) = if options.keep_everything {
        (prune::assemble(&names, None, &cut.foreign, &entry), None)
    } else {
        let shaken = shake_cut(&names, &cut, &entry, options.judge.edition, &mut report)?;
        let file = shaken.file.clone().expect("a shaken file");
        (file, Some(shaken))
    };
    let explanation = options
        .explain
        .as_deref()
        .map(|name| explain(&names, &cut, shaken.as_ref(), &file, &entry, name))
        .transpose()?;
    let warnings = shaken
        .as_ref()
        .map(|s| s.warnings.iter().map(|w| placed(&krate, w)).collect())
        .unwrap_or_default();
    let header = |style| header(&id, &library_name, &sources(&krate, &file), options, style);
    let (text, style, sizes) = print_within_limit(&file, options, header)?;
    report.total = started.elapsed();
    Ok(Bundle {
        id,
        text,
        style,
        sizes,
        explanation,
        warnings,
        report,
    })
}

/// The adapter's `main`.
fn entry_point(krate: &Crate, id: &str, library_name: &str) -> Result<ItemId, Error> {
    let adapter = krate
        .module(&["problems", id])
        .ok_or_else(|| Error::NotDeclared {
            id: id.to_string(),
            file: format!("{library_name}/src/problems.rs"),
        })?;
    krate
        .get(adapter)
        .items
        .iter()
        .position(|item| matches!(item, syn::Item::Fn(f) if f.sig.ident == "main"))
        .map(|index| ItemId {
            module: adapter,
            index,
        })
        .ok_or(Error::NoMain {
            file: format!("{library_name}/src/problems/{id}.rs"),
        })
}

/// A library warning, placed in the library's files.
fn placed(krate: &Crate, warning: &shake::LibraryWarning) -> Warning {
    Warning {
        lint: warning.lint.clone(),
        message: warning.message.clone(),
        item: warning.node.clone(),
        place: locate(krate, &warning.segments),
    }
}

/// A printed bundle: its text, how it was printed, and the bytes per
/// module and item.
type Printed = (String, Style, Vec<(usize, String)>);

/// Prints `file` as the options ask, stripping docs and then minifying
/// while it is over the judge's limit.
fn print_within_limit(
    file: &syn::File,
    options: &Options,
    header: impl Fn(Style) -> String,
) -> Result<Printed, Error> {
    let mut style = Style {
        strip_docs: options.strip_docs,
        minify: options.minify,
    };
    loop {
        let mut printed = file.clone();
        if style.strip_docs {
            syntax::strip_docs(&mut printed);
        }
        let text = format!("{}{}", header(style), emit::print(&printed, style));
        emit::self_check(&text)?;
        let sizes = emit::sizes(&printed, style);
        if text.len() <= options.judge.limit {
            return Ok((text, style, sizes));
        }
        if !style.strip_docs {
            style.strip_docs = true;
        } else if !style.minify {
            style.minify = true;
        } else {
            let breakdown = sizes
                .iter()
                .take(15)
                .map(|(size, name)| format!("{size:>8}  {name}"))
                .collect::<Vec<_>>()
                .join("\n");
            return Err(Error::TooLarge {
                size: text.len(),
                limit: options.judge.limit,
                judge: options.judge.name.to_string(),
                breakdown,
            });
        }
    }
}

/// Shakes the cut; if the cut does not compile (it missed something the
/// walk could not see), shakes the whole library instead.
fn shake_cut(
    names: &Names,
    cut: &Cut,
    entry: &[String],
    edition: &str,
    report: &mut Report,
) -> Result<Shaken, Error> {
    let protected = [
        "crate::main".to_string(),
        format!("crate::{}::main", entry.join("::")),
    ];
    let file = prune::assemble(names, Some(cut), &cut.foreign, entry);
    let errors = match shake::shake(file, edition, &protected) {
        Ok(shaken) => {
            report.rounds = shaken.rounds.clone();
            return Ok(shaken);
        }
        Err(Failure::Error(e)) => return Err(e),
        Err(Failure::DoesNotCompile(errors)) => errors,
    };
    if let Some(e) = foreign_error(names, cut, &errors) {
        return Err(e);
    }
    report.fell_back = Some(
        errors
            .iter()
            .find(|d| d.level == rustc::Level::Error)
            .map_or_else(String::new, |d| d.rendered.trim_end().to_string()),
    );
    let file = prune::assemble(names, None, &cut.foreign, entry);
    match shake::shake(file, edition, &protected) {
        Ok(shaken) => {
            report.rounds = shaken.rounds.clone();
            Ok(shaken)
        }
        Err(Failure::Error(e)) => Err(e),
        Err(Failure::DoesNotCompile(errors)) => {
            Err(foreign_error(names, cut, &errors).unwrap_or_else(|| does_not_compile(&errors)))
        }
    }
}

/// The error when rustc's complaint is about an item left out because it
/// uses another crate.
fn foreign_error(names: &Names, cut: &Cut, errors: &[rustc::Diagnostic]) -> Option<Error> {
    cut.foreign.iter().find_map(|foreign| {
        let name = reach::foreign_name(names, foreign)?;
        let quoted = format!("`{name}`");
        errors
            .iter()
            .any(|d| d.level == rustc::Level::Error && d.message.contains(&quoted))
            .then(|| Error::ExternalCrate {
                place: foreign.place.clone(),
                name: foreign.krate.clone(),
            })
    })
}

fn does_not_compile(errors: &[rustc::Diagnostic]) -> Error {
    let shown: Vec<String> = errors
        .iter()
        .filter(|d| d.level == rustc::Level::Error)
        .take(5)
        .map(|d| d.rendered.trim_end().to_string())
        .collect();
    Error::Rustc {
        message: format!(
            "the library does not compile as one file (positions are in the bundle):\n{}",
            shown.join("\n")
        ),
    }
}

/// The files whose code is in `file`: the root's, and each kept module's.
fn sources<'k>(krate: &'k Crate, file: &syn::File) -> BTreeSet<&'k str> {
    fn walk<'k>(
        krate: &'k Crate,
        items: &[syn::Item],
        path: &mut Vec<String>,
        out: &mut BTreeSet<&'k str>,
    ) {
        for item in items {
            if let syn::Item::Mod(m) = item {
                path.push(m.ident.to_string());
                let segments: Vec<&str> = path.iter().map(String::as_str).collect();
                if let Some(module) = krate.module(&segments) {
                    out.insert(krate.get(module).file.as_str());
                }
                if let Some((_, inner)) = &m.content {
                    walk(krate, inner, path, out);
                }
                path.pop();
            }
        }
    }
    let mut out = BTreeSet::new();
    out.insert(krate.get(discover::ModuleId::ROOT).file.as_str());
    walk(krate, &file.items, &mut Vec::new(), &mut out);
    out
}

/// Where the item or member at `segments` (`crate`, modules, the item's
/// label, a member's name) is in the library's files.
fn locate(krate: &Crate, segments: &[String]) -> Option<Place> {
    let names: Vec<&str> = segments.iter().skip(1).map(String::as_str).collect();
    (0..names.len()).rev().find_map(|split| {
        let module = krate.module(&names[..split])?;
        let item = names.get(split)?;
        let found = krate.get(module).items.iter().find(|candidate| {
            let label = syntax::item_label(candidate);
            *item == label
                || *item == format!("<{label}>")
                || inherent_type(candidate).as_deref() == Some(*item)
        })?;
        let member = names.get(split + 1).and_then(|member| match found {
            syn::Item::Impl(imp) => imp
                .items
                .iter()
                .find(|m| syntax::impl_member_name(m).as_deref() == Some(*member))
                .map(syntax::impl_member_line),
            syn::Item::Trait(t) => t
                .items
                .iter()
                .find(|m| syntax::trait_member_name(m).as_deref() == Some(*member))
                .map(syntax::trait_member_line),
            _ => None,
        });
        Some(Place {
            file: krate.get(module).file.clone(),
            line: member.unwrap_or_else(|| syntax::item_line(found)),
            column: None,
        })
    })
}

/// The self type of an inherent `impl`, as its members' paths name it.
fn inherent_type(item: &syn::Item) -> Option<String> {
    match item {
        syn::Item::Impl(imp) if imp.trait_.is_none() => Some(syntax::tidy(&imp.self_ty)),
        _ => None,
    }
}

/// The comment that opens every bundle: what, from what, how to redo it.
fn header(
    id: &str,
    library: &str,
    sources: &BTreeSet<&str>,
    options: &Options,
    style: Style,
) -> String {
    let mut command = format!("cargo run -q -p bundler -- {id}");
    if library != "library" {
        command.push_str(&format!(" --library {library}"));
    }
    if options.judge.name != "default" {
        command.push_str(&format!(" --judge {}", options.judge.name));
    }
    if options.strip_docs {
        command.push_str(" --strip-docs");
    }
    if options.minify {
        command.push_str(" --minify");
    }
    let regenerate = if library == "library"
        && options.judge.name == "default"
        && !options.strip_docs
        && !options.minify
    {
        format!("make submit-{id} (or: {command})")
    } else {
        command
    };
    let mut lines = vec![
        format!("// Problem {id}: a single-file submission generated by the bundler; do not edit."),
        "// Sources:".to_string(),
    ];
    for source in sources {
        lines.push(format!("//   {source}"));
    }
    lines.push(format!("// Regenerate: {regenerate}"));
    let mut judge = format!(
        "// Judge profile: {} (rustc {} -O --edition {}, at most {} bytes)",
        options.judge.name, options.judge.rustc, options.judge.edition, options.judge.limit
    );
    if style.strip_docs && !options.strip_docs {
        judge.push_str("; docs stripped to fit");
    }
    if style.minify && !options.minify {
        judge.push_str("; minified to fit");
    }
    lines.push(judge);
    lines.join("\n") + "\n\n"
}

/// Why `name` is in the bundle or not: the chain of uses from the entry
/// point, or what dropped it.
fn explain(
    names: &Names,
    cut: &Cut,
    shaken: Option<&Shaken>,
    file: &syn::File,
    entry: &[String],
    name: &str,
) -> Result<String, Error> {
    let wanted = name.trim_start_matches("crate::");
    let matching = |path: &str| {
        let short = path.trim_start_matches("crate::");
        short == wanted || short.ends_with(&format!("::{wanted}"))
    };
    let whole = prune::assemble(names, None, &cut.foreign, entry);
    let all = shake::node_paths(&whole);
    let kept: BTreeSet<String> = shake::node_paths(file)
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    let matches: Vec<&(String, Option<String>)> = all.iter().filter(|(p, _)| matching(p)).collect();
    if matches.is_empty() {
        return Err(Error::UnknownItem {
            name: name.to_string(),
        });
    }
    let item_of = |path: &str| {
        names
            .krate
            .item_ids()
            .find(|&id| names.item_path(id) == path)
    };
    let mut out = String::new();
    let mut seen = BTreeSet::new();
    for (path, parent) in matches {
        if !seen.insert(path.clone()) {
            continue;
        }
        let removed = shaken.and_then(|s| s.removed.iter().find(|(p, _)| p == path));
        let item = item_of(parent.as_deref().unwrap_or(path));
        if kept.contains(path) {
            out.push_str(&format!("{path} is kept:\n"));
            let chain = item
                .filter(|i| cut.items.contains_key(i))
                .map(|i| reach::chain(names, cut, i))
                .unwrap_or_default();
            for line in &chain {
                out.push_str(&format!("  {line}\n"));
            }
            if parent.is_some() {
                let indent = "  ".repeat(chain.len() + 1);
                out.push_str(&format!("{indent}{path} (a member rustc finds used)\n"));
            }
        } else if let Some((_, message)) = removed {
            out.push_str(&format!("{path} is dropped: rustc reports: {message}\n"));
        } else {
            out.push_str(&format!("{path} is dropped: no kept code names it\n"));
        }
    }
    Ok(out)
}
