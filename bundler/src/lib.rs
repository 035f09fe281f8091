//! Turns one adapter of the library into a single-file, std-only submission.
//!
//! The work is a series of syn passes, one module each:
//! [`discover`] reads the module tree, [`graph`] resolves paths ([`refs`]
//! collects them from the code) and [`reach`] walks
//! from the adapter's `main` to every item it reaches, [`prune`] drops tests,
//! unreached items and unused imports, and [`emit`] prints the result and
//! parses it again. [`judge`] knows each judge's size limit.
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
pub mod graph;
pub mod judge;
pub mod prune;
pub mod reach;
pub mod refs;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

pub use emit::Style;
pub use error::Error;
pub use judge::Judge;

use graph::{Graph, Node};

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
}

/// Other names for problem ids.
const ALIASES: &[(&str, &str)] = &[("cube", "uva197")];

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

/// The problem id `id` names, resolving aliases.
pub fn resolve_id(library: &Path, id: &str) -> Result<String, Error> {
    let known = problems(library)?;
    let id = ALIASES
        .iter()
        .find(|(alias, _)| *alias == id)
        .map_or(id, |(_, real)| *real);
    if known.iter().any(|k| k == id) {
        Ok(id.to_string())
    } else {
        let mut listed = known.clone();
        for (alias, real) in ALIASES {
            if known.iter().any(|k| k == real) {
                listed.push(format!("{alias} (= {real})"));
            }
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
    let adapter_file = format!("{library_name}/src/problems/{id}.rs");
    let entry = vec!["problems".to_string(), id.clone()];
    let adapter = krate
        .module(&["problems", &id])
        .ok_or_else(|| Error::NotDeclared {
            id: id.clone(),
            file: format!("{library_name}/src/problems.rs"),
        })?;
    let main = krate.modules[adapter]
        .items
        .iter()
        .position(|item| matches!(item, syn::Item::Fn(f) if f.sig.ident == "main"))
        .ok_or(Error::NoMain { file: adapter_file })?;

    let graph = Graph::new(&krate);
    let mut reach = graph.reach(Node::Item(adapter, main))?;
    if options.keep_everything {
        for node in graph.all_nodes() {
            reach.nodes.entry(node).or_insert(reach::Why {
                by: None,
                how: "everything is kept".into(),
            });
        }
        reach.leaves.extend(0..graph.leaves.len());
    }
    let mut kept = prune::prune(&krate, &graph, &reach);
    if !options.keep_everything {
        prune::drop_unread_fields(&mut kept, &reach.fields_read);
    }
    let explanation = options
        .explain
        .as_deref()
        .map(|name| explain(&graph, &reach, name))
        .transpose()?;

    let sources: BTreeSet<&str> = krate
        .modules
        .iter()
        .enumerate()
        .filter(|&(m, _)| m == 0 || !kept[m].is_empty())
        .map(|(_, module)| module.file.as_str())
        .collect();
    let mut style = Style {
        strip_docs: options.strip_docs,
        minify: options.minify,
    };
    loop {
        let file = emit::build_file(&krate, &kept, &entry, style.strip_docs);
        let header = header(&id, &library_name, &sources, options, style);
        let text = format!("{header}{}", emit::print(&file, style));
        emit::self_check(&text)?;
        let sizes = emit::sizes(&file, style);
        if text.len() <= options.judge.limit {
            return Ok(Bundle {
                id,
                text,
                style,
                sizes,
                explanation,
            });
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
        "// Judge profile: {} (rustc --edition {} -O, at most {} bytes)",
        options.judge.name, options.judge.edition, options.judge.limit
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

/// Why `name` is kept: the chain of uses from the entry point, or why not.
fn explain(graph: &Graph, reach: &reach::Reach, name: &str) -> Result<String, Error> {
    let wanted = name.trim_start_matches("crate::");
    let matches: Vec<Node> = graph
        .all_nodes()
        .into_iter()
        .filter(|&node| {
            let full = graph.node_name(node);
            let short = full.trim_start_matches("crate::");
            short == wanted || short.ends_with(&format!("::{wanted}"))
        })
        .collect();
    if matches.is_empty() {
        return Err(Error::UnknownItem {
            name: name.to_string(),
        });
    }
    let mut out = String::new();
    for node in matches {
        let full = graph.node_name(node);
        match reach.nodes.get(&node) {
            None => out.push_str(&format!("{full} is dropped: no kept code names it\n")),
            Some(_) => {
                out.push_str(&format!("{full} is kept:\n"));
                let mut chain = vec![node];
                while let Some(by) = reach.nodes[chain.last().expect("not empty")].by {
                    if chain.contains(&by) {
                        break;
                    }
                    chain.push(by);
                }
                // Print from the entry point down to the item.
                for (depth, n) in chain.iter().rev().enumerate() {
                    let how = &reach.nodes[n].how;
                    out.push_str(&format!(
                        "  {}{} ({how})\n",
                        "  ".repeat(depth),
                        graph.node_name(*n)
                    ));
                }
            }
        }
    }
    Ok(out)
}
