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

mod cargo;
mod cfg;
pub mod cli;
mod discover;
mod emit;
mod error;
mod expand;
mod explain;
mod judge;
mod mount;
mod problems;
mod prune;
mod reach;
mod refs;
mod resolve;
mod rustc;
mod shake;
mod sourcemap;
mod syntax;
mod toolchain;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub use emit::Style;
pub use error::{Error, Place, Warning};
pub use judge::{Judge, Rustc};
pub use problems::{committed, problems};
pub use shake::Round;
pub use toolchain::{installed_rustc, Toolchain};

use discover::{Crate, ItemId, ModuleId};
use prune::Keep;
use reach::Cut;
use resolve::Names;
use shake::{Failure, Shaken};
use sourcemap::{SourceMap, Sources};

/// What to bundle and how.
#[derive(Clone, Debug)]
pub struct Options {
    pub source: Source,
    pub judge: Judge,
    pub strip_docs: bool,
    pub minify: bool,
    /// An item to explain (`--explain`).
    pub explain: Option<String>,
    /// Keep every item (tests only drop test code): the reference the
    /// tree-shaken bundle is compared with.
    pub keep_everything: bool,
    /// The judge's rustc version, when the judge table's is out of date
    /// or unknown (`--rustc`): the bundle is checked against it.
    pub rustc: Option<String>,
}

/// Where the code to bundle is.
#[derive(Clone, Debug)]
pub enum Source {
    /// An adapter of a library: `src/problems/<id>.rs`, whose `pub fn
    /// main()` is the entry point, in the library package `library` (as
    /// given: the header's command names it so).
    Problem { id: String, library: PathBuf },
    /// A bin of a user's Cargo package (`--bin`): its `fn main` is the
    /// entry point, and every library crate it uses is bundled with it.
    /// `manifest` is the package's `Cargo.toml` (`None`: the current
    /// directory's).
    Bin {
        name: String,
        manifest: Option<PathBuf>,
    },
}

impl Options {
    /// Adapter `id` of `library`, readable, for the default judge profile.
    pub fn new(id: &str, library: PathBuf) -> Options {
        Options::of(Source::Problem {
            id: id.to_string(),
            library,
        })
    }

    /// Bin `name` of the package at `manifest` (`None`: the current
    /// directory's), readable, for the default judge profile.
    pub fn bin(name: &str, manifest: Option<PathBuf>) -> Options {
        Options::of(Source::Bin {
            name: name.to_string(),
            manifest,
        })
    }

    fn of(source: Source) -> Options {
        Options {
            source,
            judge: Judge::all()[0],
            strip_docs: false,
            minify: false,
            explain: None,
            keep_everything: false,
            rustc: None,
        }
    }

    /// Whether the bundle is in the form `submissions/<id>/main.rs` holds:
    /// the default profile, printed as it is by default, tree-shaken.
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
    /// How the bundle was checked against the judge's rustc, when its
    /// version is known.
    pub toolchain: Option<Toolchain>,
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
            let mut did = Vec::new();
            if round.deleted > 0 {
                did.push(format!("{} deleted", round.deleted));
            }
            if round.expanded > 0 {
                did.push(format!("{} macro calls written out", round.expanded));
            }
            if round.retyped > 0 {
                did.push(format!("{} made `()`", round.retyped));
            }
            match did.is_empty() {
                true => writeln!(f, ", clean")?,
                false => writeln!(f, ", {}", did.join(", "))?,
            }
        }
        write!(f, "total: {:.0} ms", self.total.as_secs_f64() * 1e3)
    }
}

/// Bundles what `options` name, stripping docs and then minifying if the
/// judge's limit requires it.
pub fn bundle(options: &Options) -> Result<Bundle, Error> {
    let started = Instant::now();
    let read = read(options)?;
    let names = Names::new(&read.krate);
    let with_reason = |e| with_reason(e, &read.refused);
    let cut = reach::cut(&names, read.main).map_err(with_reason)?;
    let adapter = read.adapter.as_deref();
    let mut report = Report {
        cut_items: cut.items.len(),
        ..Report::default()
    };
    let sources = Arc::new(Sources::new(&read.krate));
    let (file, shaken) = if options.keep_everything {
        (
            prune::assemble(&names, Keep::Whole(&cut), &cut.foreign, adapter),
            None,
        )
    } else {
        let entry = Entry {
            adapter,
            refused: &read.refused,
        };
        let shaken = shake_cut(&names, &cut, &entry, options, sources, &mut report);
        let shaken = shaken.map_err(with_reason)?;
        (shaken.file.clone(), Some(shaken))
    };
    let explanation = options
        .explain
        .as_deref()
        .map(|query| explain(&names, &cut, shaken.as_ref(), &file, adapter, query))
        .transpose()?;
    let header = emit::Header {
        title: read.title.clone(),
        sources: emit::sources(&read.krate, &file),
        command: read.command.clone(),
        make: read.make.clone(),
        judge: options.judge,
        asked: Style {
            strip_docs: options.strip_docs,
            minify: options.minify,
        },
    };
    let (text, style, sizes) = print_within_limit(&file, options, &header)?;
    let toolchain = check_toolchain(&text, options)?;
    report.total = started.elapsed();
    Ok(Bundle {
        id: read.name,
        text,
        style,
        sizes,
        explanation,
        toolchain,
        warnings: shaken.map(|s| s.warnings).unwrap_or_default(),
        report,
    })
}

/// Checks `text` against the judge's rustc, when its version is known (a
/// reference build with `--keep-everything` is not for a judge).
fn check_toolchain(text: &str, options: &Options) -> Result<Option<Toolchain>, Error> {
    let version = options.rustc.as_deref().or(options.judge.rustc_version());
    let Some(version) = version.filter(|_| !options.keep_everything) else {
        return Ok(None);
    };
    let toolchain = toolchain::check(text, version)?;
    if toolchain.needs.is_empty() {
        return Ok(Some(toolchain));
    }
    Err(Error::TooNew {
        judge: options.judge.name.to_string(),
        rustc: toolchain.rustc,
        checked_with: toolchain.checked_with,
        needs: toolchain.needs,
    })
}

/// `e`, saying why the crate it names cannot be bundled when that is known.
fn with_reason(e: Error, refused: &BTreeMap<String, String>) -> Error {
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

/// The code read and the entry point found: what every later pass starts
/// from.
struct Read {
    /// The problem id or the bin's name.
    name: String,
    /// What the header calls it (`Problem p4205`).
    title: String,
    krate: Crate,
    main: ItemId,
    /// The adapter's module, which a generated `fn main` calls (`None`:
    /// the crate root's own `fn main` is the entry point).
    adapter: Option<Vec<String>>,
    /// Dependencies that cannot be bundled, by the name code uses.
    refused: BTreeMap<String, String>,
    /// The command that bundles it again, and the make target if any.
    command: String,
    make: Option<String>,
}

/// Reads what `options` name.
fn read(options: &Options) -> Result<Read, Error> {
    match &options.source {
        Source::Problem { id, library } => read_problem(id, library),
        Source::Bin { name, manifest } => read_bin(name, manifest.as_deref()),
    }
}

/// Reads the library and finds the adapter's `main`.
fn read_problem(id: &str, given: &Path) -> Result<Read, Error> {
    let library = problems::library(given)?;
    let id = problems::known(&library, id)?;
    let base = library.parent().unwrap_or(Path::new("."));
    let krate = discover::discover(&library, base)?;
    let library_name = library
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "library".into());
    let main = entry_point(&krate, &id, &library_name)?;
    // This project's own library (beside submissions/) is bundled with
    // `make submit-<id>`; any other with the installed `bundler`.
    let own = library_name == "library" && base.join("submissions").is_dir();
    let (command, make) = match own {
        true => (
            format!("cargo run -q -p bundler -- {id}"),
            Some(format!("make submit-{id}")),
        ),
        false => (format!("bundler {id} --library {}", given.display()), None),
    };
    Ok(Read {
        title: format!("Problem {id}"),
        adapter: Some(vec!["problems".to_string(), id.clone()]),
        name: id,
        krate,
        main,
        refused: BTreeMap::new(),
        command,
        make,
    })
}

/// Reads the bin of a user's package and the library crates it may use.
fn read_bin(name: &str, manifest: Option<&Path>) -> Result<Read, Error> {
    let workspace = cargo::workspace(manifest, name)?;
    let krate = discover::discover_workspace(&workspace)?;
    let root_file = krate.get(ModuleId::ROOT).file.clone();
    let main = krate
        .get(ModuleId::ROOT)
        .items
        .iter()
        .position(|item| matches!(item, syn::Item::Fn(f) if f.sig.ident == "main"))
        .map(|index| ItemId {
            module: ModuleId::ROOT,
            index,
        })
        .ok_or(Error::NoMain { file: root_file })?;
    let mut command = format!("cargo submit --bin {name}");
    if let Some(manifest) = manifest {
        command.push_str(&format!(" --manifest-path {}", manifest.display()));
    }
    Ok(Read {
        name: name.to_string(),
        title: format!("Bin {name} of package {}", workspace.package),
        refused: discover::refused(&workspace),
        krate,
        main,
        adapter: None,
        command,
        make: None,
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
    entry: &Entry,
    options: &Options,
    sources: Arc<Sources>,
    report: &mut Report,
) -> Result<Shaken, Error> {
    let adapter = entry.adapter;
    let mut protected = vec!["crate::main".to_string()];
    protected.extend(adapter.map(|a| format!("crate::{}::main", a.join("::"))));
    let edition = options.judge.edition;
    let file = prune::assemble(names, Keep::Cut(cut), &cut.foreign, adapter);
    let (errors, map) = match shake::shake(file, edition, &protected, Arc::clone(&sources)) {
        Ok(shaken) => {
            report.rounds = shaken.rounds.clone();
            return Ok(shaken);
        }
        Err(Failure::Error(e)) => return Err(e),
        Err(Failure::DoesNotCompile(errors, map)) => (errors, map),
    };
    let foreign = foreign_error(names, cut, &errors);
    if let Some(e) = foreign.or_else(|| refused_error(&errors, &map, entry.refused)) {
        return Err(e);
    }
    report.fell_back = errors
        .iter()
        .find(|d| d.level == rustc::Level::Error)
        .map(|d| map.render(d));
    let file = prune::assemble(names, Keep::Whole(cut), &cut.foreign, adapter);
    match shake::shake(file, edition, &protected, sources) {
        Ok(shaken) => {
            report.rounds = shaken.rounds.clone();
            Ok(shaken)
        }
        Err(Failure::Error(e)) => Err(e),
        Err(Failure::DoesNotCompile(errors, map)) => Err(foreign_error(names, cut, &errors)
            .or_else(|| dropped_import(names, cut, &errors, &map))
            .unwrap_or_else(|| does_not_compile(&errors, &map, entry))),
    }
}

/// Where the bundle's entry point is, and what cannot be bundled.
struct Entry<'a> {
    /// The adapter's module (`None`: the crate root's `fn main`).
    adapter: Option<&'a [String]>,
    /// Dependencies that cannot be bundled, by the names code uses.
    refused: &'a BTreeMap<String, String>,
}

/// The error when rustc cannot find a crate that cannot be bundled (a
/// procedural macro crate named in a macro call, say).
fn refused_error(
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
fn dropped_import(
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
                why: None,
            })
    })
}

/// Every error and every warning rustc gives on the whole library, but
/// those about dead code (a library has some; the bundle would lose it).
fn does_not_compile(diagnostics: &[rustc::Diagnostic], map: &SourceMap, entry: &Entry) -> Error {
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
    adapter: Option<&[String]>,
    query: &str,
) -> Result<String, Error> {
    let whole = prune::assemble(names, Keep::Whole(cut), &cut.foreign, adapter);
    let facts = explain::Facts {
        names,
        cut,
        removed: shaken.map_or(&[], |s| s.removed.as_slice()),
        whole: shake::node_paths(&whole),
        kept: shake::node_paths(file)
            .into_iter()
            .map(|(path, _)| path)
            .collect::<BTreeSet<String>>(),
        adapter: match adapter {
            Some(adapter) => format!("crate::{}", adapter.join("::")),
            None => "crate".to_string(),
        },
    };
    explain::explain(&facts, query)
}
