//! Diagnoses: when the bundle does not compile, which error the user sees
//! — a crate the judge does not have (named, with why it cannot be bundled
//! when that is known), or every report rustc gave, placed in the
//! library's files.

use std::collections::{BTreeMap, BTreeSet};

use crate::discover::ModuleId;
use crate::error::Error;
use crate::reach::{self, Cut};
use crate::resolve::{self, Names};
use crate::rustc;
use crate::shake;
use crate::sourcemap::SourceMap;

/// `e`, saying why the crate it names cannot be bundled when that is known.
pub(crate) fn with_reason(e: Error, refused: &BTreeMap<String, String>) -> Error {
    match e {
        Error::ExternalCrate {
            place,
            name,
            why: None,
        } => Error::ExternalCrate {
            why: refused.get(&name).cloned(),
            place,
            name,
        },
        other => other,
    }
}

/// Where the bundle's entry point is, and what cannot be bundled.
pub(crate) struct Entry<'a> {
    /// The adapter's module (`None`: the crate root's `fn main`).
    pub(crate) adapter: Option<&'a [String]>,
    /// LeetCode's shape: the methods of the adapter's `impl Solution`.
    pub(crate) solution: &'a [String],
    /// Dependencies that cannot be bundled, by the names code uses.
    pub(crate) refused: &'a BTreeMap<String, String>,
    /// The judge's edition, which every rustc run uses.
    pub(crate) edition: &'static str,
}

/// The error when rustc cannot find a crate that cannot be bundled (a
/// procedural macro crate named in a macro call, say).
pub(crate) fn refused_error(
    errors: &[rustc::Diagnostic],
    map: &SourceMap,
    refused: &BTreeMap<String, String>,
) -> Option<Error> {
    errors
        .iter()
        .filter(|d| d.level == rustc::Level::Error)
        .find_map(|d| {
            let (name, why) = refused
                .iter()
                .find(|(name, _)| d.message.contains(&format!("`{name}`")))?;
            Some(Error::ExternalCrate {
                place: map.primary_place(d)?,
                name: name.clone(),
                why: Some(why.clone()),
            })
        })
}

/// The error when the bundle does not compile and a module with an error
/// imports another crate (`use itertools::Itertools;`, which the bundle
/// cannot carry, so that rustc then finds no method `join`).
pub(crate) fn dropped_import(
    names: &Names,
    cut: &Cut,
    errors: &[rustc::Diagnostic],
    map: &SourceMap,
) -> Option<Error> {
    let failing: BTreeSet<String> = errors
        .iter()
        .filter(|d| d.level == rustc::Level::Error)
        .filter_map(|d| map.primary_place(d))
        .map(|place| place.file)
        .collect();
    let modules: BTreeSet<ModuleId> = cut.items.keys().map(|i| i.module).collect();
    names.leaves.iter().enumerate().find_map(|(l, leaf)| {
        let module = leaf.item.module;
        if !modules.contains(&module) || !failing.contains(&names.krate.get(module).file) {
            return None;
        }
        let mut scratch = BTreeSet::new();
        let targets = names.resolve_leaf(resolve::LeafId(l), &mut scratch, 0);
        targets.into_iter().find_map(|t| match t {
            resolve::Target::Crate(name) => Some(Error::ExternalCrate {
                place: names.place(module, leaf.line),
                name,
                why: None,
            }),
            _ => None,
        })
    })
}

/// The error when rustc's complaint is about an item left out because it
/// uses another crate.
pub(crate) fn foreign_error(
    names: &Names,
    cut: &Cut,
    errors: &[rustc::Diagnostic],
) -> Option<Error> {
    cut.foreign.iter().find_map(|foreign| {
        let name = reach::foreign_name(names, foreign)?;
        let quoted = format!("`{name}`");
        errors
            .iter()
            .any(|d| d.level == rustc::Level::Error && d.message.contains(&quoted))
            .then(|| Error::ExternalCrate {
                place: foreign.place.clone(),
                name: foreign.krate.clone(),
                why: None,
            })
    })
}

/// Every error and every warning rustc gives on the whole library, but
/// those about dead code (a library has some; the bundle would lose it).
pub(crate) fn does_not_compile(
    diagnostics: &[rustc::Diagnostic],
    map: &SourceMap,
    entry: &Entry,
) -> Error {
    let shown: Vec<&rustc::Diagnostic> = diagnostics
        .iter()
        .filter(|d| !d.spans.is_empty() && d.level != rustc::Level::Other)
        .filter(|d| !shake::is_dead_lint(d))
        .collect();
    let count = |level| shown.iter().filter(|d| d.level == level).count();
    Error::DoesNotCompile {
        what: match entry.adapter {
            Some(_) => "the library",
            None => "the bin and the crates it uses",
        },
        edition: entry.edition,
        errors: count(rustc::Level::Error),
        warnings: count(rustc::Level::Warning),
        reports: shown.iter().map(|d| map.render(d)).collect(),
    }
}
