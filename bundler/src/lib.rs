//! Turns one adapter of a library, or a bin of a user's Cargo package,
//! into a single-file, std-only submission that holds exactly what it uses.
//!
//! [`bundle`] runs the passes in order, one module each:
//!
//! 1. **read** (`read`: `cargo` for a package, `discover` for the module
//!    tree with `cfg` deciding `#[cfg]`s, `include` writing out
//!    `include_bytes!` and `include_str!`, `proc_macros` running procedural
//!    attribute macros and derives, and `mount` making each library
//!    crate a module of the bin's; 1b `unfold` writing out item-level
//!    macro calls) — the code and its entry point;
//! 2. **resolve** (`resolve` for what names mean, `refs` for what code
//!    names);
//! 3. **reach** (`reach`) — a conservative cut from the entry point;
//! 4. **prune** (`prune`) — the cut printed as one file; 4b **migrate**
//!    (`migrate`), for a bin: its crates brought to the judge's edition;
//! 5. **shake** (`shake`) — rustc deletes everything dead, with `expand`
//!    writing out macro calls and `sourcemap` placing reports in the
//!    library's files; `diagnose` names what stops it;
//! 6. **emit** (`emit`, `fit`) — header, text, within the judge's size
//!    limit (docs stripped, then minified, then what the program never
//!    runs taken, then `shorten` making the crates' names short, then the
//!    largest items named);
//! 7. **check** (`toolchain`, `language`) — against the judge's rustc, or
//!    the syntax check of language features where it is not installed;
//! 8. **verify**, for a bin (`verify`) — the bundle and the program run on
//!    the package's samples; a different output refuses the bundle.
//!
//! `explain` answers `--explain`; `syntax`, `rustc`, `error` and `options`
//! are leaves the passes share; `profiles` holds what each judge accepts,
//! `adapters` the problem ids of a library, `cli` the command line of
//! `bundler` and `cargo submit`.
//!
//! ```no_run
//! use bundler::{bundle, Options};
//!
//! let options = Options::new("p4205", "library".into());
//! let bundle = bundle(&options)?;
//! std::fs::write("submissions/p4205/main.rs", &bundle.text)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod adapters;
mod cargo;
mod cfg;
pub mod cli;
mod diagnose;
mod discover;
mod emit;
mod error;
mod expand;
mod explain;
mod fit;
mod include;
mod language;
mod migrate;
mod mount;
mod options;
mod proc_macros;
mod profiles;
mod prune;
mod reach;
mod read;
mod refs;
mod resolve;
mod rustc;
mod shake;
mod shorten;
mod sourcemap;
mod syntax;
mod toolchain;
mod unfold;
mod verify;

use std::sync::Arc;
use std::time::{Duration, Instant};

pub use adapters::{committed, problems};
pub use cfg::Machine;
pub use emit::Style;
pub use error::{Error, Place, Warning};
pub use options::{Options, Source};
pub use profiles::{Facts, Judge, Rustc, Seen};
pub use shake::Round;
pub use toolchain::{installed_rustc, Toolchain};
pub use verify::{compare, samples, Compared, Sample, Subject};

use diagnose::{
    does_not_compile, dropped_import, foreign_error, refused_error, with_reason, Entry,
};
use discover::Crate;
use prune::Keep;
use reach::Cut;
use resolve::Names;
use shake::{Failure, Shaken};
use sourcemap::Sources;

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
    /// For a bin, the `Cargo.toml` of its package (what [`compare`] builds).
    pub manifest: Option<std::path::PathBuf>,
    /// The profile it was made for, with the edition chosen where the judge
    /// offers several.
    pub judge: Judge,
    /// How the work went, for `--verbose`.
    pub report: Report,
}

/// Timings and sizes of one bundle.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Items in the cut, and the bytes rustc first checked.
    pub cut_items: usize,
    /// How the crates were brought to the judge's edition, step by step.
    pub migrated: Vec<String>,
    /// Per rustc run: bytes checked, time taken, what it deleted.
    pub rounds: Vec<Round>,
    /// The cut did not compile, so the whole library was shaken instead:
    /// rustc's first error on the cut.
    pub fell_back: Option<String>,
    /// What rustc called dead but the bundle keeps, as cutting it could
    /// change what the program does: (readable path, why).
    pub kept: Vec<(String, String)>,
    /// rustc's machine-applicable fixes written into the crates' code:
    /// (lint, item).
    pub fixed: Vec<(String, String)>,
    /// Why rustc's deletions were given up and the cut (or, after
    /// `fell_back`, the whole library) kept as it was: the last fallback.
    pub unshaken: Option<String>,
    pub total: Duration,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "cut: {} items", self.cut_items)?;
        for step in &self.migrated {
            writeln!(f, "{step}")?;
        }
        if let Some(error) = &self.fell_back {
            writeln!(f, "the cut did not compile; the whole library was shaken instead. rustc said:\n{error}")?;
        }
        if let Some(why) = &self.unshaken {
            writeln!(f, "nothing was deleted: shaking failed, and the bundle keeps everything the walk reached. Why:\n{why}")?;
        }
        for (path, why) in &self.kept {
            writeln!(f, "kept {path} (rustc calls it dead): {why}")?;
        }
        for (lint, item) in &self.fixed {
            writeln!(f, "rustc's fix for {lint} written into {item}")?;
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
/// judge's limit requires it (`fit.rs`).
pub fn bundle(options: &Options) -> Result<Bundle, Error> {
    let started = Instant::now();
    let read = read::read(options)?;
    let options = &for_crates(options, &read.krate);
    let names = Names::new(&read.krate);
    let with_reason = |e| with_reason(e, &read.refused);
    let cut = reach::cut(&names, read.main).map_err(with_reason)?;
    let adapter = read.adapter.as_deref();
    let solution = read.solution.as_slice();
    let mut report = Report {
        cut_items: cut.items.len(),
        ..Report::default()
    };
    let sources = Arc::new(Sources::new(&read.krate));
    let entry = Entry {
        adapter,
        solution,
        refused: &read.refused,
        edition: options.judge.edition,
    };
    let (file, shaken) = if options.keep_everything {
        let file = unshaken(&names, &cut, &entry, &sources, &mut report);
        (file.map_err(with_reason)?, None)
    } else {
        let shaken = shake_cut(&names, &cut, &entry, Arc::clone(&sources), &mut report);
        let shaken = shaken.map_err(with_reason)?;
        (shaken.file.clone(), Some(shaken))
    };
    let explanation = options
        .explain
        .as_deref()
        .map(|query| explain::answer(&names, &cut, shaken.as_ref(), &file, adapter, query))
        .transpose()?;
    let file = for_judge(file, solution);
    // Over the limit even minified: shaken again, taking what the program
    // never runs (a reference build keeps everything).
    let unrun = || {
        let shaken = shaken.as_ref().map(|s| s.file.clone());
        let unrun = shaken.and_then(|file| unrun(&names, &entry, file, sources));
        unrun.map(|file| for_judge(file, solution))
    };
    // Still over: the crates' names made short.
    let shorten = |file: &syn::File| {
        let fixable = fixable(names.krate);
        match fixable.is_empty() {
            true => None,
            false => shorten::shorten(file, &fixable, entry.edition)
                .ok()
                .flatten(),
        }
    };
    let header = |file: &syn::File, style| header(&read, file, options).text(style);
    let asked = options.asked_style();
    let fit::Printed { text, style, sizes } =
        fit::fit(&file, asked, &options.judge, header, unrun, shorten)?;
    let toolchain = check_toolchain(&checked_text(&text, solution), options, &read.krate)?;
    report.total = started.elapsed();
    Ok(Bundle {
        id: read.name,
        text,
        style,
        sizes,
        explanation,
        toolchain,
        warnings: shaken.map(|s| s.warnings).unwrap_or_default(),
        manifest: read.manifest.clone(),
        judge: options.judge,
        report,
    })
}

/// `file` in the shape its judge takes: LeetCode's (`solution` names the
/// methods its driver calls), or as it is.
fn for_judge(file: syn::File, solution: &[String]) -> syn::File {
    match solution.is_empty() {
        true => file,
        false => prune::for_leetcode(file),
    }
}

/// `options` for the crates of `krate`: where the judge offers several
/// editions and the user named none, the one that fits them.
fn for_crates(options: &Options, krate: &Crate) -> Options {
    let judge = match &krate.newest_edition {
        Some(newest) => options.judge.for_crates(newest),
        None => options.judge,
    };
    Options {
        judge,
        ..options.clone()
    }
}

/// The header of the bundle of `file`: what it is, where it came from and
/// how to make it again.
fn header<'k>(read: &'k read::Read, file: &syn::File, options: &Options) -> emit::Header<'k> {
    emit::Header {
        title: read.title.clone(),
        sources: emit::sources(&read.krate, file),
        macros_run: &read.krate.macros_run,
        command: read.command.clone(),
        run_in: read.run_in.clone(),
        make: read.make.clone(),
        judge: options.judge,
        unnamed: options.source.unnamed_judge(),
        asked: options.asked_style(),
    }
}

/// What the judge compiles of `text`: for LeetCode's shape (`solution`
/// names the methods), with the `struct Solution` its driver declares and
/// a `fn main` standing in for that driver.
fn checked_text(text: &str, solution: &[String]) -> String {
    match solution.is_empty() {
        true => text.to_string(),
        false => format!("{text}\nstruct Solution;\nfn main() {{}}\n"),
    }
}

/// Checks `text` against the judge's rustc, when its version is known (a
/// reference build with `--keep-everything` is not for a judge).
fn check_toolchain(
    text: &str,
    options: &Options,
    krate: &Crate,
) -> Result<Option<Toolchain>, Error> {
    let version = options.rustc.as_deref().or(options.judge.rustc_version());
    let Some(version) = version.filter(|_| !options.keep_everything) else {
        return Ok(None);
    };
    let toolchain = toolchain::check(text, version, options.judge.edition, krate)?;
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

/// Shakes the cut; if the cut does not compile (it missed something the
/// walk could not see), shakes the whole library instead. Where shaking
/// fails, what it was given is kept as it is, unshaken: it compiled, and
/// a program is never refused that keeping more compiles. The levels, in
/// order: the cut shaken, the cut whole, the library shaken, the library
/// whole; `report` says which one the bundle is.
fn shake_cut(
    names: &Names,
    cut: &Cut,
    entry: &Entry,
    sources: Arc<Sources>,
    report: &mut Report,
) -> Result<Shaken, Error> {
    let protected = protected(entry);
    // The bundle is one crate that the judge compiles with one edition, so
    // every rustc run on it uses the judge's. A user's crate is still read
    // by its own edition (mount.rs: a 2015 crate's paths), so that its code
    // means what it meant; where that code does not compile under the
    // judge's edition (`gen` as a name under 2024), rustc says so in the
    // crate's own file.
    let edition = entry.edition;
    let (file, map) = assembled(names, Keep::Cut(cut), entry, &sources, report)?;
    let fixable = fixable(names.krate);
    let shake =
        |file, map, sources| shake::shake(file, map, edition, &protected, &fixable, sources, false);
    let shaken = shake(file.clone(), map, Arc::clone(&sources));
    let (errors, map) = match kept_whole(shaken, file, report)? {
        Ok(shaken) => return Ok(shaken),
        Err(failure) => failure,
    };
    let foreign = foreign_error(names, cut, &errors);
    if let Some(e) = foreign.or_else(|| refused_error(&errors, &map, entry.refused)) {
        return Err(e);
    }
    report.fell_back = errors
        .iter()
        .find(|d| d.level == rustc::Level::Error)
        .map(|d| map.render(d));
    let (file, map) = assembled(names, Keep::Whole(cut), entry, &sources, report)?;
    let shaken = shake(file.clone(), map, sources);
    match kept_whole(shaken, file, report)? {
        Ok(shaken) => Ok(shaken),
        Err((errors, map)) => Err(whole_error(names, cut, &errors, &map, entry)),
    }
}

/// The paths shaking never deletes: the entry points.
fn protected(entry: &Entry) -> Vec<String> {
    let mut protected = vec!["crate::main".to_string()];
    let adapter = entry.adapter;
    protected.extend(adapter.map(|a| format!("crate::{}::main", a.join("::"))));
    // LeetCode's shape: the driver calls the methods, so they are roots.
    protected.extend(
        entry
            .solution
            .iter()
            .map(|m| format!("crate::Solution::{m}")),
    );
    protected
}

/// `file`, shaken already, shaken again taking what the program never
/// runs (`shake/instances.rs`), for a bundle over its judge's limit even
/// minified; `None` if that fails or there are no crates (the bundle is
/// then too large).
fn unrun(
    names: &Names,
    entry: &Entry,
    file: syn::File,
    sources: Arc<Sources>,
) -> Option<syn::File> {
    // Only the crates' code loses anything: the user's own stays as written.
    let fixable = fixable(names.krate);
    if fixable.is_empty() {
        return None;
    }
    let protected = protected(entry);
    let shaken = shake::shake(
        file,
        None,
        entry.edition,
        &protected,
        &fixable,
        sources,
        true,
    );
    shaken.ok().map(|s| s.file)
}

/// Every item of the crates the cut reaches, unshaken
/// (`--keep-everything`): brought to the judge's edition as a shaken
/// bundle is, and refused with rustc's reports if it does not compile,
/// as a reference to compare bundles with must build.
fn unshaken(
    names: &Names,
    cut: &Cut,
    entry: &Entry,
    sources: &Arc<Sources>,
    report: &mut Report,
) -> Result<syn::File, Error> {
    let (file, map) = assembled(names, Keep::Whole(cut), entry, sources, report)?;
    match shake::errors(&file, entry.edition, map.as_ref(), sources)? {
        None => Ok(file),
        Some((errors, map)) => Err(whole_error(names, cut, &errors, &map, entry)),
    }
}

/// What `keep` says, assembled and brought to the judge's edition (what
/// was migrated goes into `report`), with the places of the migrated text.
fn assembled(
    names: &Names,
    keep: Keep,
    entry: &Entry,
    sources: &Arc<Sources>,
    report: &mut Report,
) -> Result<(syn::File, Option<sourcemap::SourceMap>), Error> {
    let (adapter, solution) = (entry.adapter, entry.solution);
    let (Keep::Cut(cut) | Keep::Whole(cut)) = keep;
    let file = prune::assemble(names, keep, &cut.foreign, adapter, solution);
    let oldest = (names.krate.oldest_edition.as_deref()).unwrap_or(entry.edition);
    let migrated = migrate::migrate(file, oldest, entry.edition, sources)?;
    report.migrated = migrated.steps;
    Ok((migrated.file, migrated.map))
}

/// Why the whole of the crates does not compile: a crate a judge lacks,
/// an import of something the cut dropped, or rustc's reports.
fn whole_error(
    names: &Names,
    cut: &Cut,
    errors: &[rustc::Diagnostic],
    map: &sourcemap::SourceMap,
    entry: &Entry,
) -> Error {
    foreign_error(names, cut, errors)
        .or_else(|| dropped_import(names, cut, errors, map))
        .unwrap_or_else(|| does_not_compile(errors, map, entry))
}

/// Where rustc's fixes go: the crates' own code takes those rustc offers
/// for what today's rustc warns about (`unused_parens` in a crate of 2019),
/// as `cargo fix` would; the user's bin keeps its warnings, to be seen.
fn fixable(krate: &Crate) -> Vec<String> {
    (krate.mounted.iter())
        .map(|&m| format!("crate::{}", krate.get(m).path.join("::")))
        .collect()
}

/// What came of shaking `file`: the shaken file; or, where shaking failed
/// on a file that compiled, `file` itself, unshaken (said in `report`);
/// or the errors of a file that does not compile.
fn kept_whole(
    shaken: Result<Shaken, Failure>,
    file: syn::File,
    report: &mut Report,
) -> Result<Result<Shaken, (Vec<rustc::Diagnostic>, sourcemap::SourceMap)>, Error> {
    match shaken {
        Ok(shaken) => {
            report.rounds = shaken.rounds.clone();
            report.kept = shaken.kept.clone();
            report.fixed = shaken.fixed.clone();
            Ok(Ok(shaken))
        }
        Err(Failure::Error(e @ (Error::Shake { .. } | Error::SelfCheck { .. }))) => {
            report.unshaken = Some(e.to_string());
            Ok(Ok(Shaken {
                file,
                rounds: Vec::new(),
                removed: Vec::new(),
                kept: Vec::new(),
                warnings: Vec::new(),
                fixed: Vec::new(),
            }))
        }
        Err(Failure::Error(e)) => Err(e),
        Err(Failure::DoesNotCompile(errors, map)) => Ok(Err((errors, map))),
    }
}
