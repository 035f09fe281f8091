//! The command line, shared by `bundler` and `cargo submit` (the same
//! program run as a cargo subcommand: `cargo submit --bin a`).
//!
//! ```text
//! bundler p4205                  this project: writes submissions/p4205/main.rs
//! cargo submit --bin a           a user's package: the bundle to stdout
//! ```

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

use crate::{Bundle, Error, Judge, Options, Source};

/// Bundles a solution into one file for an online judge: a bin of your
/// Cargo package with the library crates it uses (--bin), or an adapter of
/// a library (a problem id).
///
/// A bin's bundle goes to stdout, or to --out FILE: nothing is written
/// into your package. In this project, only the committed form of a
/// problem (the default judge profile, neither stripped nor minified) is
/// written to submissions/<id>/main.rs; any other goes to --out FILE, or
/// to stdout. --explain and --sizes only look: they write nothing unless
/// --out says where.
#[derive(Parser, Debug)]
#[command(name = "bundler", version, about, long_about, after_help = EXAMPLES)]
struct Args {
    /// Problem id (a file of library/src/problems/), or `all` for every
    /// problem. An alias such as `cube` is the judge's: `make submit-cube`.
    #[arg(required_unless_present = "bin", conflicts_with = "bin")]
    id: Option<String>,
    /// The bin of your Cargo package to bundle, with every library crate
    /// it uses (your own, path and registry dependencies).
    #[arg(long, value_name = "NAME", conflicts_with = "library")]
    bin: Option<String>,
    /// The Cargo.toml of the package holding --bin (default: the current
    /// folder's package).
    #[arg(long, value_name = "PATH", requires = "bin")]
    manifest_path: Option<PathBuf>,
    /// Where to write (default: stdout; submissions/<id>/main.rs for this
    /// project's committed form).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Compare with the existing file instead of writing; fail if it is stale.
    #[arg(long)]
    check: bool,
    /// Print the chain of uses that keeps ITEM (a path such as
    /// dlx::bitset::Solver, a method by its type such as
    /// dlx::Solver::first, or last segments such as Search::first).
    #[arg(long, value_name = "ITEM")]
    explain: Option<String>,
    /// Print bytes per module and per item, biggest first.
    #[arg(long)]
    sizes: bool,
    /// Judge profile: its rustc, edition and source-size limit (the table,
    /// with the source of each fact: docs/bundling.md, "Judge profiles").
    /// Default: `stable` for --bin (today's rustc, edition 2024, no size
    /// limit), `default` (this project's committed form) for an ID.
    #[arg(long, value_parser = judge_names())]
    judge: Option<String>,
    /// Drop doc comments.
    #[arg(long)]
    strip_docs: bool,
    /// Print compactly instead of formatted.
    #[arg(long)]
    minify: bool,
    /// Keep every item of the crates the bin reaches, unshaken (a
    /// reference build for tests: refused if it does not compile; it
    /// draws warnings).
    #[arg(long)]
    keep_everything: bool,
    /// The judge's rustc version, if the judge table's is out of date or
    /// unknown: the bundle is checked against it.
    #[arg(long, value_name = "VERSION")]
    rustc: Option<String>,
    /// The judge's source-size limit in bytes, where the table's is a
    /// stand-in (yukicoder, LeetCode) or out of date: the bundle is
    /// fitted to it instead.
    #[arg(long, value_name = "BYTES", value_parser = clap::value_parser!(u64).range(1..))]
    max_bytes: Option<u64>,
    /// The edition to compile as, where the judge offers several
    /// (codeforces and baekjoon: 2021 and 2024). Without it, a bin's
    /// bundle takes the newest its crates are written in; the header says
    /// which and why.
    #[arg(long, value_name = "EDITION")]
    edition: Option<String>,
    /// The library package to read (default: this project's library/,
    /// found from the current folder up).
    #[arg(long, value_name = "DIR")]
    library: Option<PathBuf>,
    /// Print the size of the cut, each rustc round and the time taken.
    #[arg(short, long)]
    verbose: bool,
    /// The samples to run the bin and its bundle on (NAME.in with
    /// NAME.out, or in/ and out/ folders of .txt files). Without it, the
    /// package's testcases/BIN.yml (cargo-compete) or test/ (oj) is used
    /// where there is one. A bundle whose output differs is refused.
    #[arg(long, value_name = "DIR", requires = "bin")]
    cases: Option<PathBuf>,
    /// Where cargo builds your package, if you build with --target-dir:
    /// the procedural macros cargo built and what build scripts printed
    /// are read there, and the bin is built there to run the samples.
    #[arg(long, value_name = "DIR", requires = "bin")]
    target_dir: Option<PathBuf>,
}

/// The examples `--help` ends with (the tests run each of them).
const EXAMPLES: &str = "\
Examples:
  bundler p4205                       writes submissions/p4205/main.rs
  bundler all --check                 fails, naming the file, if one is stale
  bundler p4205 --explain dlx::bitset::Solver::first
  bundler p4205 --sizes               bytes per module and item, biggest first
  bundler p4205 --judge codeforces --out /tmp/cf.rs
  bundler p4205 --judge uva           the uva profile's bundle, to stdout
  bundler --bin components --manifest-path bundler/tests/workspace/sol/Cargo.toml --judge atcoder
  cargo submit --bin a > a.rs         the same, as a cargo subcommand in your package";

/// The `--judge` values, straight from the table so they cannot drift.
fn judge_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(Judge::all().iter().map(|j| j.name))
}

/// Runs the command line `args` (the program's name first).
pub fn main(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let args: Vec<OsString> = args.into_iter().collect();
    if args.len() <= 1 {
        eprint!("{}", TWO_WAYS_IN);
        return ExitCode::from(2);
    }
    let args = Args::parse_from(args);
    match run(&args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// What the command says when it is given nothing to bundle.
const TWO_WAYS_IN: &str = "\
Nothing to bundle. Two ways in:
  cargo submit --bin NAME [--judge atcoder]   a bin of your Cargo package, run in the package
  bundler ID                                  a problem of this project (library/src/problems/ID.rs)
More: --help
";

/// What the command works on.
enum Work {
    /// This project's library, found from the current folder up: its
    /// committed submissions live beside it.
    Project(PathBuf),
    /// A library named by `--library`.
    Library(PathBuf),
    /// A bin of a Cargo package.
    Bin,
}

impl Work {
    fn library(&self) -> &Path {
        match self {
            Work::Project(l) | Work::Library(l) => l,
            Work::Bin => Path::new("."),
        }
    }
}

/// This project's `library/`, from the current folder up (never the one
/// this program was built from: run elsewhere, it says so).
fn find_library() -> Result<PathBuf, Error> {
    let here = std::env::current_dir().map_err(|source| Error::Io {
        path: PathBuf::from("."),
        source,
    })?;
    here.ancestors()
        .map(|dir| dir.join("library"))
        .find(|lib| lib.join("src/lib.rs").is_file() && lib.join("src/problems").is_dir())
        .map(|lib| lib.canonicalize().unwrap_or(lib))
        .ok_or(Error::NoLibrary)
}

fn run(args: &Args) -> Result<ExitCode, Error> {
    let work = match (&args.bin, &args.library) {
        (Some(_), _) => Work::Bin,
        (None, Some(dir)) => Work::Library(dir.clone()),
        (None, None) => Work::Project(find_library()?),
    };
    let id = args.id.as_deref().unwrap_or_default();
    let ids = if id == "all" {
        if let Some(refusal) = all_refused(args, &work) {
            eprintln!("error: {refusal}");
            return Ok(ExitCode::FAILURE);
        }
        crate::problems(&crate::adapters::library(work.library())?)?
    } else {
        vec![id.to_string()]
    };
    let mut code = ExitCode::SUCCESS;
    for id in ids {
        if one(args, &work, &id)? != ExitCode::SUCCESS {
            code = ExitCode::FAILURE;
        }
    }
    Ok(code)
}

/// Why `all` cannot do what the other arguments ask, if it cannot.
fn all_refused(args: &Args, work: &Work) -> Option<&'static str> {
    if args.out.is_some() {
        return Some("--out needs one problem id, not `all`");
    }
    let looking = args.explain.is_some() || args.sizes;
    if looking {
        return None;
    }
    if !matches!(work, Work::Project(_)) {
        return Some(
            "`all` writes this project's committed submissions only; with --library, bundle \
             one problem at a time (to stdout, or --out FILE)",
        );
    }
    let committed = options(args, work, "all").is_ok_and(|o| o.is_committed_form());
    (!committed).then_some(
        "`all` writes the committed submissions only (default profile, formatted); \
         bundle one problem with --out FILE for another form",
    )
}

/// The options `args` ask for, for problem `id` (an `--edition` the judge
/// does not offer is refused, with those it does).
fn options(args: &Args, work: &Work, id: &str) -> Result<Options, String> {
    let mut options = match &args.bin {
        Some(bin) => Options::bin(bin, args.manifest_path.clone()),
        None => Options::new(id, work.library().to_path_buf()),
    };
    if let (Work::Library(given), Source::Problem { library, .. }) = (work, &mut options.source) {
        // As typed, so that the header's command works where it was typed.
        *library = given.clone();
    }
    if let Some(judge) = &args.judge {
        options.judge = Judge::named(judge).expect("clap checks the judge name");
    }
    if let Some(bytes) = args.max_bytes {
        options.judge = options.judge.with_limit(bytes as usize);
    }
    if let Some(edition) = &args.edition {
        options.judge = options.judge.with_edition(edition)?;
    }
    options.strip_docs = args.strip_docs;
    options.minify = args.minify;
    options.explain = args.explain.clone();
    options.keep_everything = args.keep_everything;
    options.rustc = args.rustc.clone();
    options.target_dir = args.target_dir.clone();
    Ok(options)
}

/// Where a bundle goes.
enum Destination {
    /// `submissions/<id>/main.rs` (the committed form) or `--out`.
    File(PathBuf),
    Stdout,
    /// Nowhere: `--explain` and `--sizes` only look.
    Nowhere,
}

/// Where `args` send the bundle of `options`; `committed` is this
/// project's file for it, if it has one.
fn destination(
    args: &Args,
    options: &Options,
    committed: Option<&Path>,
) -> Result<Destination, &'static str> {
    let committed = committed.filter(|_| options.is_committed_form());
    Ok(match (&args.out, committed) {
        (Some(out), _) => Destination::File(out.clone()),
        (None, Some(file)) if args.check => Destination::File(file.to_path_buf()),
        (None, None) if args.check => {
            return Err(
                "--check compares with a file, and this form of the bundle has none: give \
                 --out FILE (submissions/ holds this project's default profile, formatted, only)",
            )
        }
        (None, _) if args.explain.is_some() || args.sizes => Destination::Nowhere,
        (None, Some(file)) => Destination::File(file.to_path_buf()),
        (None, None) => Destination::Stdout,
    })
}

/// What `asked` gives, or `None` with its refusal said on stderr.
fn said_if_refused<T, E: std::fmt::Display>(asked: Result<T, E>) -> Option<T> {
    asked.map_err(|refusal| eprintln!("error: {refusal}")).ok()
}

/// Bundles, or with --check compares, one problem or bin.
fn one(args: &Args, work: &Work, id: &str) -> Result<ExitCode, Error> {
    let Some(options) = said_if_refused(options(args, work, id)) else {
        return Ok(ExitCode::FAILURE);
    };
    let bundle = crate::bundle(&options)?;
    show(args, &options, &bundle);
    if matches!(work, Work::Bin) && !options.keep_everything {
        compare_with_program(args, &bundle)?;
    }
    let project = match work {
        Work::Project(library) => library.parent(),
        _ => None,
    };
    let committed = project.map(|p| crate::committed(p, &bundle.id));
    let Some(destination) = said_if_refused(destination(args, &options, committed.as_deref()))
    else {
        return Ok(ExitCode::FAILURE);
    };
    let shown = |path: &Path| {
        let relative = project.and_then(|p| path.strip_prefix(p).ok());
        relative.unwrap_or(path).display().to_string()
    };
    match destination {
        Destination::File(out) if args.check => {
            let again = match work {
                Work::Project(_) => format!(
                    "`make submit-{id}` (or `cargo run -q -p bundler -- {id}`)",
                    id = bundle.id
                ),
                _ => "the command on its Regenerate line".to_string(),
            };
            Ok(check(&bundle, &out, &shown(&out), &again))
        }
        Destination::File(out) => {
            write(&bundle, &out)?;
            let described = how(&bundle, &options);
            eprintln!("{:>12} {} ({described})", "Bundled", shown(&out));
            Ok(ExitCode::SUCCESS)
        }
        Destination::Stdout => {
            print!("{}", bundle.text);
            let left = match &committed {
                Some(file) => format!("; {} is left as it is", shown(file)),
                None => String::new(),
            };
            let described = how(&bundle, &options);
            eprintln!(
                "{:>12} {} to stdout ({described}){left}",
                "Bundled", bundle.id
            );
            Ok(ExitCode::SUCCESS)
        }
        Destination::Nowhere => Ok(ExitCode::SUCCESS),
    }
}

/// Runs the bin and its bundle on the package's samples (`verify.rs`),
/// saying what it compared; an error if they differ.
fn compare_with_program(args: &Args, bundle: &Bundle) -> Result<(), Error> {
    let (Some(bin), Some(manifest)) = (&args.bin, &bundle.manifest) else {
        return Ok(());
    };
    let package_dir = manifest.parent().unwrap_or(Path::new("."));
    let (from, samples) = crate::samples(package_dir, bin, args.cases.as_deref())?;
    let Some(from) = from.filter(|_| !samples.is_empty()) else {
        if args.verbose {
            eprintln!("{bin}: no samples (testcases/{bin}.yml, test/, --cases DIR): not run");
        }
        return Ok(());
    };
    let subject = crate::Subject {
        bin,
        manifest,
        bundle: &bundle.text,
        edition: bundle.judge.edition,
        target: args.target_dir.as_deref(),
    };
    let compared = crate::compare(&subject, &samples)?;
    let shown = from
        .strip_prefix(package_dir)
        .unwrap_or(&from)
        .display()
        .to_string();
    if let Some(why) = compared.why_not_built() {
        eprintln!("note: {bin}: the samples in {shown} were not run: cargo cannot build the program ({why})");
        return Ok(());
    }
    eprintln!(
        "{:>12} {bin} with its bundle on {} sample{} ({shown}): the same output",
        "Compared",
        compared.samples,
        if compared.samples == 1 { "" } else { "s" }
    );
    if !compared.program_differs.is_empty() {
        eprintln!(
            "note: {bin}: the program itself does not print the expected output of {}",
            compared.program_differs.join(", ")
        );
    }
    Ok(())
}

/// Notes a size limit no source confirmed where it decided something
/// (the bundle was printed with less to fit it), and a stand-in every
/// time.
fn note_an_unconfirmed_limit(options: &Options, bundle: &Bundle) {
    let judge = options.judge;
    let fitted = bundle.style != options.asked_style();
    if judge.seen.limit.confirmed || !(fitted || judge.limit_is_stand_in()) {
        return;
    }
    let what = match judge.limit_is_stand_in() {
        true => "stands in for one not known here",
        false => "is not confirmed by a source read here",
    };
    eprintln!(
        "note: {}: {}'s limit of {} bytes {what}; --max-bytes BYTES gives the judge's own",
        bundle.id, judge.name, judge.limit
    );
}

/// Prints what the user should see besides the file: the library's
/// warnings, and what --verbose, --explain and --sizes ask for.
fn show(args: &Args, options: &Options, bundle: &Bundle) {
    for warning in &bundle.warnings {
        eprintln!("{warning}\n");
    }
    // A fallback is said every time: the bundle is bigger than it could be.
    let report = &bundle.report;
    if report.fell_back.is_some() || report.unshaken.is_some() {
        let what = match (&report.fell_back, &report.unshaken) {
            (None, _) => "the code the walk reached is kept whole (shaking it failed)",
            (Some(_), None) => "the whole library was shaken (the cut did not compile)",
            (Some(_), Some(_)) => "the whole library is kept whole (the cut did not compile, and shaking the library failed)",
        };
        eprintln!("note: {}: {what}; --verbose says why", bundle.id);
    }
    note_an_unconfirmed_limit(options, bundle);
    // Which check stood in for a judge's rustc is said for any judge but
    // the committed form's (whose check `make check-old-rustc` repeats).
    let judged = args.verbose
        || args.judge.as_deref().is_some_and(|j| j != "default")
        || args.rustc.is_some();
    if let Some(toolchain) = bundle.toolchain.as_ref().filter(|_| judged) {
        let (rustc, with) = (&toolchain.rustc, &toolchain.checked_with);
        eprintln!(
            "{:>12} {} against rustc {rustc} with {with}",
            "Checked", bundle.id
        );
    }
    if args.verbose {
        let report = bundle.report.to_string();
        let prefix = format!("\n{}: ", bundle.id);
        eprintln!("{}: {}", bundle.id, report.replace('\n', &prefix));
    }
    // With `all`, say whose answer follows.
    if args.id.as_deref() == Some("all") && (args.explain.is_some() || args.sizes) {
        println!("{}:", bundle.id);
    }
    if let Some(explanation) = &bundle.explanation {
        print!("{explanation}");
    }
    if args.sizes {
        for (size, name) in &bundle.sizes {
            println!("{size:>8}  {name}");
        }
    }
}

/// `37187 bytes, docs stripped`, with the judge when it is not the default.
fn how(bundle: &Bundle, options: &Options) -> String {
    let mut how = vec![format!("{} bytes", bundle.text.len())];
    if !options.judge.is_default() {
        how.push(format!("judge {}", options.judge.name));
    }
    if bundle.style.strip_docs {
        how.push("docs stripped".into());
    }
    if bundle.style.minify {
        how.push("minified".into());
    }
    if bundle.style.unrun {
        how.push("what never runs taken".into());
    }
    if bundle.style.short {
        how.push("names shortened".into());
    }
    how.join(", ")
}

/// Compares the bundle with the file at `out`; `again` says how to make it
/// again.
fn check(bundle: &Bundle, out: &Path, shown: &str, again: &str) -> ExitCode {
    let current = std::fs::read_to_string(out).unwrap_or_default();
    if current != bundle.text {
        let id = &bundle.id;
        eprintln!(
            "error: {shown} is stale: it differs from a fresh bundle of {id}; regenerate it with \
             {again}"
        );
        return ExitCode::FAILURE;
    }
    let size = bundle.text.len();
    eprintln!("{:>12} {shown} is up to date ({size} bytes)", "Fresh");
    ExitCode::SUCCESS
}

/// Writes the bundle to `out`.
fn write(bundle: &Bundle, out: &Path) -> Result<(), Error> {
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).map_err(|source| Error::Io {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    std::fs::write(out, &bundle.text).map_err(|source| Error::Io {
        path: out.to_path_buf(),
        source,
    })
}
