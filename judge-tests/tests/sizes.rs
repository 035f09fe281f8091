//! Rooms a newcomer can read in one sitting (issue 22): no source file of
//! the workspace over [`MAX_FILE_LINES`] lines, and at most
//! [`MAX_LONG_FUNCTIONS`] production functions over [`MAX_FUNCTION_LINES`]
//! lines (Algorithm X's search loops may stay whole).
//!
//! The sources are every `*.rs` under `<member>/src/` of each workspace
//! member (a folder of the root holding a `Cargo.toml` and a `src/`); tests,
//! benches, examples and the generated submissions are not sources. A
//! function is measured from its `fn` to its closing brace (doc comments and
//! attributes not counted), by syn's spans; production means outside
//! `#[cfg(test)]` items and `#[test]` functions.
//!
//! ```text
//! cargo test -p judge-tests --test sizes
//! ```
//!
//! A failure lists every offender, longest first.

use std::path::{Path, PathBuf};
use syn::visit::{self, Visit};

const MAX_FILE_LINES: usize = 800;
const MAX_FUNCTION_LINES: usize = 60;
const MAX_LONG_FUNCTIONS: usize = 4;

/// A function and its length.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Function {
    /// `Type::method` or `function`.
    name: String,
    /// 1-based line of its `fn`.
    line: usize,
    /// Lines from its `fn` to its closing brace.
    lines: usize,
}

/// Whether attributes mark an item as test-only: `#[test]` or a `cfg`
/// that names `test` (`#[cfg(test)]`, `#[cfg(all(test, ...))]`).
fn test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        let path = attr.path();
        path.is_ident("test")
            || (path.is_ident("cfg")
                && attr.meta.require_list().is_ok_and(|list| {
                    list.tokens
                        .clone()
                        .into_iter()
                        .any(|token| token.to_string() == "test")
                }))
    })
}

/// Collects the production functions of one file.
#[derive(Default)]
struct Functions {
    /// The type of the `impl` being walked, for method names.
    within: Option<String>,
    found: Vec<Function>,
}

impl Functions {
    fn add(&mut self, name: &syn::Ident, sig: &syn::Signature, block: &syn::Block) {
        let line = sig.fn_token.span.start().line;
        let end = block.brace_token.span.close().end().line;
        let name = match &self.within {
            Some(owner) => format!("{owner}::{name}"),
            None => name.to_string(),
        };
        self.found.push(Function {
            name,
            line,
            lines: end + 1 - line,
        });
    }
}

impl<'ast> Visit<'ast> for Functions {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Fn(f) => &f.attrs,
            syn::Item::Mod(m) => &m.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Trait(t) => &t.attrs,
            _ => return visit::visit_item(self, item),
        };
        if !test_only(attrs) {
            visit::visit_item(self, item);
        }
    }

    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        self.add(&f.sig.ident, &f.sig, &f.block);
        // A function inside a method is not one of the impl's methods.
        let owner = self.within.take();
        visit::visit_item_fn(self, f);
        self.within = owner;
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        // `impl Type` and `impl Trait for Type` name their methods
        // `Type::method`; an impl for a slice or a tuple names none.
        let owner = match &*item.self_ty {
            syn::Type::Path(path) => path.path.segments.last().map(|s| s.ident.to_string()),
            _ => None,
        };
        let outer = std::mem::replace(&mut self.within, owner);
        visit::visit_item_impl(self, item);
        self.within = outer;
    }

    fn visit_item_trait(&mut self, item: &'ast syn::ItemTrait) {
        let outer = self.within.replace(item.ident.to_string());
        visit::visit_item_trait(self, item);
        self.within = outer;
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        if !test_only(&f.attrs) {
            self.add(&f.sig.ident, &f.sig, &f.block);
            visit::visit_impl_item_fn(self, f);
        }
    }

    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if let Some(block) = &f.default {
            self.add(&f.sig.ident, &f.sig, block);
        }
        visit::visit_trait_item_fn(self, f);
    }
}

/// The production functions of a source text.
fn functions(source: &str) -> Result<Vec<Function>, syn::Error> {
    let file = syn::parse_file(source)?;
    let mut visitor = Functions::default();
    visitor.visit_file(&file);
    Ok(visitor.found)
}

/// The workspace's source files: `<member>/src/**/*.rs`, sorted.
fn sources(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(root) else {
        return found;
    };
    for member in entries.flatten().map(|entry| entry.path()) {
        if member.join("Cargo.toml").is_file() && member.join("src").is_dir() {
            rust_files(&member.join("src"), &mut found);
        }
    }
    found.sort();
    found
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for path in std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
    {
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// What is too long, as lines for the report.
#[derive(Debug, Default)]
struct Offenders {
    long_files: Vec<(usize, String)>,
    long_functions: Vec<(usize, String)>,
}

fn measure(root: &Path) -> Offenders {
    let mut offenders = Offenders::default();
    for path in sources(root) {
        let shown = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{shown}: {e}"));
        let lines = source.lines().count();
        if lines > MAX_FILE_LINES {
            offenders
                .long_files
                .push((lines, format!("{shown}: {lines} lines")));
        }
        let found = functions(&source).unwrap_or_else(|e| panic!("{shown}: {e}"));
        for f in found.into_iter().filter(|f| f.lines > MAX_FUNCTION_LINES) {
            offenders.long_functions.push((
                f.lines,
                format!("{shown}:{} {}: {} lines", f.line, f.name, f.lines),
            ));
        }
    }
    offenders.long_files.sort_by(|a, b| b.cmp(a));
    offenders.long_functions.sort_by(|a, b| b.cmp(a));
    offenders
}

/// The offenders, one a line; shown as they are (libtest prints a failing
/// test's error with `Debug`), without a backtrace.
struct Report(Vec<String>);

impl std::fmt::Debug for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "\n{}\n", self.0.join("\n"))
    }
}

#[test]
fn files_and_functions_are_short() -> Result<(), Report> {
    let root = judge_tests::catalog::default_root();
    let offenders = measure(&root);
    let mut report = Vec::new();
    if !offenders.long_files.is_empty() {
        report.push(format!(
            "{} source files over {MAX_FILE_LINES} lines (none may be):",
            offenders.long_files.len()
        ));
        report.extend(
            offenders
                .long_files
                .iter()
                .map(|(_, line)| format!("  {line}")),
        );
    }
    if offenders.long_functions.len() > MAX_LONG_FUNCTIONS {
        report.push(format!(
            "{} production functions over {MAX_FUNCTION_LINES} lines (at most \
             {MAX_LONG_FUNCTIONS} may be; split them at their phase boundaries):",
            offenders.long_functions.len()
        ));
        report.extend(
            offenders
                .long_functions
                .iter()
                .map(|(_, line)| format!("  {line}")),
        );
    }
    if report.is_empty() {
        Ok(())
    } else {
        Err(Report(report))
    }
}

#[test]
fn functions_are_measured_from_fn_to_brace_outside_tests() {
    let source = "\
/// Doc comments do not count.
#[inline]
pub fn three(x: u32)
    -> u32 {
    x
}

struct S;

impl S {
    fn method(&self) {}
}

trait T {
    fn provided(&self) {
        let _ = 1;
    }
    fn required(&self);
}

#[cfg(test)]
mod tests {
    fn helper() {}
}

#[test]
fn a_test() {}
";
    let found: Vec<(String, usize, usize)> = functions(source)
        .unwrap()
        .into_iter()
        .map(|f| (f.name, f.line, f.lines))
        .collect();
    assert_eq!(
        found,
        [
            ("three".to_string(), 3, 4),
            ("S::method".to_string(), 11, 1),
            ("T::provided".to_string(), 15, 3),
        ]
    );
}

#[test]
fn the_sources_are_the_members_src_folders() {
    let root = judge_tests::catalog::default_root();
    let sources = sources(&root);
    let shown = |path: &PathBuf| path.strip_prefix(&root).unwrap().display().to_string();
    let names: Vec<String> = sources.iter().map(shown).collect();
    for expected in [
        "library/src/dlx.rs",
        "bundler/src/lib.rs",
        "judge-tests/src/run.rs",
        "cli/src/main.rs",
    ] {
        assert!(names.iter().any(|n| n == expected), "{expected}: {names:?}");
    }
    assert!(!names
        .iter()
        .any(|n| n.contains("/tests/") || n.starts_with("submissions")));
}
