//! Turns one adapter of a library into a single-file, std-only submission
//! that holds exactly what the adapter uses.
//!
//! The work is a series of passes, one module each, in this order:
//! `discover` reads the module tree (tests dropped), `resolve` knows what
//! every name and path means, `reach` walks from the adapter's `main` to a
//! conservative cut of the library, `prune` prints that cut as one file,
//! `shake` lets rustc delete everything dead in it (with `expand` writing
//! out macro invocations when rustc finds dead code in what they write, and
//! `sourcemap` placing rustc's reports in the library's files), and `emit`
//! prints the result. `explain` answers `--explain`; `syntax`, `refs`,
//! `rustc`, `error`, `judge` and `problems` are leaves the passes share.
//!
//! ```no_run
//! use bundler::{bundle, Options};
//!
//! let options = Options::new("p4205", "library".into());
//! let bundle = bundle(&options)?;
//! std::fs::write("submissions/p4205/main.rs", &bundle.text)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod discover;
mod emit;
mod error;
mod expand;
mod explain;
mod judge;
mod problems;
mod prune;
mod reach;
mod refs;
mod resolve;
mod rustc;
mod shake;
mod sourcemap;
mod syntax;

use std::collections::BTreeSet;
use std::path::Path;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use emit::Style;
pub use error::{Error, Place, Warning};
pub use judge::{Judge, Rustc};
pub use problems::problems;
pub use shake::Round;

use discover::{Crate, ItemId};
use reach::Cut;
use resolve::Names;
use shake::{Failure, Shaken};
use sourcemap::{SourceMap, Sources};

/// What to bundle and how.
#[derive(Clone, Debug)]
pub struct Options {
    /// A problem id: the name of a file of `src/problems/`.
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
            judge: Judge::all()[0],
            strip_docs: false,
            minify: false,
            explain: None,
            keep_everything: false,
        }
    }

    /// Whether the bundle is what `submissions/<id>/main.rs` holds: the
    /// default profile, printed as it is by default, tree-shaken.
    pub fn is_committed_form(&self) -> bool {
        self.judge.is_default() && !self.strip_docs && !self.minify && !self.keep_everything
    }
}

/// A finished bundle.
#[derive(Clone, Debug)]
pub struct Bundle {
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

/// Timings and sizes of one bundle.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Items in the cut, and the bytes rustc first checked.
    pub cut_items: usize,
    /// Per rustc run: bytes checked, time taken, what it deleted.
    pub rounds: Vec<Round>,
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

/// The library read and the adapter found: what every later pass starts
/// from.
struct Read {
    id: String,
    library_name: String,
    krate: Crate,
    main: ItemId,
}

/// Bundles `options.id`, stripping docs and then minifying if the judge's
/// limit requires it.
pub fn bundle(options: &Options) -> Result<Bundle, Error> {
    let started = Instant::now();
    let read = read(options)?;
    let names = Names::new(&read.krate);
    let cut = reach::cut(&names, read.main)?;
    let entry = vec!["problems".to_string(), read.id.clone()];
    let mut report = Report {
        cut_items: cut.items.len(),
        ..Report::default()
    };
    let sources = Arc::new(Sources::new(&read.krate));
    let (file, shaken) = if options.keep_everything {
        (prune::assemble(&names, None, &cut.foreign, &entry), None)
    } else {
        let shaken = shake_cut(&names, &cut, &entry, options, sources, &mut report)?;
        (shaken.file.clone(), Some(shaken))
    };
    let explanation = options
        .explain
        .as_deref()
        .map(|query| explain(&names, &cut, shaken.as_ref(), &file, &entry, query))
        .transpose()?;
    let header = emit::Header {
        id: &read.id,
        library: &read.library_name,
        sources: emit::sources(&read.krate, &file),
        judge: options.judge,
        asked: Style {
            strip_docs: options.strip_docs,
            minify: options.minify,
        },
    };
    let (text, style, sizes) = print_within_limit(&file, options, &header)?;
    report.total = started.elapsed();
    Ok(Bundle {
        id: read.id,
        text,
        style,
        sizes,
        explanation,
        warnings: shaken.map(|s| s.warnings).unwrap_or_default(),
        report,
    })
}

/// Reads the library and finds the adapter's `main`.
fn read(options: &Options) -> Result<Read, Error> {
    // Absolute, so that `--library .` still has a name and a parent.
    let library = options.library.canonicalize().map_err(|source| Error::Io {
        path: options.library.clone(),
        source,
    })?;
    let id = problems::known(&library, &options.id)?;
    let base = library.parent().unwrap_or(Path::new("."));
    let krate = discover::discover(&library, base)?;
    let library_name = library
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "library".into());
    let main = entry_point(&krate, &id, &library_name)?;
    Ok(Read {
        id,
        library_name,
        krate,
        main,
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

/// A printed bundle: its text, how it was printed, and the bytes per
/// module and item.
type Printed = (String, Style, Vec<(usize, String)>);

/// Prints `file` as the options ask, stripping docs and then minifying
/// while it is over the judge's limit.
fn print_within_limit(
    file: &syn::File,
    options: &Options,
    header: &emit::Header,
) -> Result<Printed, Error> {
    let mut style = header.asked;
    loop {
        let mut printed = file.clone();
        if style.strip_docs {
            syntax::strip_docs(&mut printed);
        }
        let text = format!("{}{}", header.text(style), emit::print(&printed, style));
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
    options: &Options,
    sources: Arc<Sources>,
    report: &mut Report,
) -> Result<Shaken, Error> {
    let protected = [
        "crate::main".to_string(),
        format!("crate::{}::main", entry.join("::")),
    ];
    let edition = options.judge.edition;
    let file = prune::assemble(names, Some(cut), &cut.foreign, entry);
    let (errors, map) = match shake::shake(file, edition, &protected, Arc::clone(&sources)) {
        Ok(shaken) => {
            report.rounds = shaken.rounds.clone();
            return Ok(shaken);
        }
        Err(Failure::Error(e)) => return Err(e),
        Err(Failure::DoesNotCompile(errors, map)) => (errors, map),
    };
    if let Some(e) = foreign_error(names, cut, &errors) {
        return Err(e);
    }
    report.fell_back = errors
        .iter()
        .find(|d| d.level == rustc::Level::Error)
        .map(|d| map.render(d));
    let file = prune::assemble(names, None, &cut.foreign, entry);
    match shake::shake(file, edition, &protected, sources) {
        Ok(shaken) => {
            report.rounds = shaken.rounds.clone();
            Ok(shaken)
        }
        Err(Failure::Error(e)) => Err(e),
        Err(Failure::DoesNotCompile(errors, map)) => {
            Err(foreign_error(names, cut, &errors)
                .unwrap_or_else(|| does_not_compile(&errors, &map)))
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

/// Every error and every warning rustc gives on the whole library, but
/// those about dead code (a library has some; the bundle would lose it).
fn does_not_compile(diagnostics: &[rustc::Diagnostic], map: &SourceMap) -> Error {
    let shown: Vec<&rustc::Diagnostic> = diagnostics
        .iter()
        .filter(|d| !d.spans.is_empty() && d.level != rustc::Level::Other)
        .filter(|d| !shake::is_dead_lint(d))
        .collect();
    let count = |level| shown.iter().filter(|d| d.level == level).count();
    Error::DoesNotCompile {
        errors: count(rustc::Level::Error),
        warnings: count(rustc::Level::Warning),
        reports: shown.iter().map(|d| map.render(d)).collect(),
    }
}

/// Why `query` is in the bundle or not.
fn explain(
    names: &Names,
    cut: &Cut,
    shaken: Option<&Shaken>,
    file: &syn::File,
    entry: &[String],
    query: &str,
) -> Result<String, Error> {
    let whole = prune::assemble(names, None, &cut.foreign, entry);
    let facts = explain::Facts {
        names,
        cut,
        removed: shaken.map_or(&[], |s| s.removed.as_slice()),
        whole: shake::node_paths(&whole),
        kept: shake::node_paths(file)
            .into_iter()
            .map(|(path, _)| path)
            .collect::<BTreeSet<String>>(),
        adapter: format!("crate::{}", entry.join("::")),
    };
    explain::explain(&facts, query)
}
