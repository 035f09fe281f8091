//! `bundler <id>`: writes `submissions/<id>/main.rs` from the library.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

use bundler::{Bundle, Error, Judge, Options};

/// Bundles one problem of the library into a single-file submission.
///
/// Only the committed form (the default judge profile, neither stripped
/// nor minified) is written to submissions/<id>/main.rs; any other goes to
/// --out FILE, or to stdout. --explain and --sizes only look: they write
/// nothing unless --out says where.
#[derive(Parser, Debug)]
#[command(version, about, long_about, after_help = EXAMPLES)]
struct Args {
    /// Problem id (a file of library/src/problems/), or `all` for every
    /// problem. An alias such as `cube` is the judge's: `make submit-cube`.
    id: String,
    /// Where to write (default: submissions/<id>/main.rs for the committed
    /// form, stdout for any other).
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
    /// Judge profile: its edition and source-size limit.
    #[arg(long, default_value = "default", value_parser = judge_names())]
    judge: String,
    /// Drop doc comments.
    #[arg(long)]
    strip_docs: bool,
    /// Print compactly instead of formatted.
    #[arg(long)]
    minify: bool,
    /// Keep every item, unused ones too (a reference build for tests; it
    /// compiles with warnings).
    #[arg(long)]
    keep_everything: bool,
    /// The library package to read (default: the workspace's library/).
    #[arg(long, value_name = "DIR")]
    library: Option<PathBuf>,
    /// Print the size of the cut, each rustc round and the time taken.
    #[arg(short, long)]
    verbose: bool,
}

/// The examples `--help` ends with (the tests run each of them).
const EXAMPLES: &str = "\
Examples:
  bundler p4205                       writes submissions/p4205/main.rs
  bundler all --check                 fails, naming the file, if one is stale
  bundler p4205 --explain dlx::bitset::Solver::first
  bundler p4205 --sizes               bytes per module and item, biggest first
  bundler p4205 --judge codeforces --out /tmp/cf.rs
  bundler p4205 --judge uva           the uva profile's bundle, to stdout";

/// The `--judge` values, straight from the table so they cannot drift.
fn judge_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(Judge::all().iter().map(|j| j.name))
}

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace's `library/`: from the current directory up, else beside
/// this package's sources.
fn find_library() -> Result<PathBuf, Error> {
    let here = std::env::current_dir().map_err(|source| Error::Io {
        path: PathBuf::from("."),
        source,
    })?;
    let built = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    here.ancestors()
        .map(Path::to_path_buf)
        .chain(std::iter::once(built))
        .map(|dir| dir.join("library"))
        .find(|lib| lib.join("src").join("lib.rs").is_file())
        .map(|lib| lib.canonicalize().unwrap_or(lib))
        .ok_or(Error::NoLibrary)
}

fn run() -> Result<ExitCode, Error> {
    let args = Args::parse();
    let library = match &args.library {
        Some(dir) => dir.canonicalize().map_err(|source| Error::Io {
            path: dir.clone(),
            source,
        })?,
        None => find_library()?,
    };
    let ids = if args.id == "all" {
        if let Some(refusal) = all_refused(&args) {
            eprintln!("error: {refusal}");
            return Ok(ExitCode::FAILURE);
        }
        bundler::problems(&library)?
    } else {
        vec![args.id.clone()]
    };
    let mut code = ExitCode::SUCCESS;
    for id in ids {
        if one(&args, &library, &id)? != ExitCode::SUCCESS {
            code = ExitCode::FAILURE;
        }
    }
    Ok(code)
}

/// Why `all` cannot do what the other arguments ask, if it cannot.
fn all_refused(args: &Args) -> Option<&'static str> {
    if args.out.is_some() {
        return Some("--out needs one problem id, not `all`");
    }
    let looking = args.explain.is_some() || args.sizes;
    let committed = options(args, Path::new("."), "all").is_committed_form();
    (!committed && !looking).then_some(
        "`all` writes the committed submissions only (default profile, formatted); \
         bundle one problem with --out FILE for another form",
    )
}

/// The options `args` ask for, for problem `id`.
fn options(args: &Args, library: &Path, id: &str) -> Options {
    let mut options = Options::new(id, library.to_path_buf());
    options.judge = Judge::named(&args.judge).expect("clap checks the judge name");
    options.strip_docs = args.strip_docs;
    options.minify = args.minify;
    options.explain = args.explain.clone();
    options.keep_everything = args.keep_everything;
    options
}

/// Where a bundle goes.
enum Destination {
    /// `submissions/<id>/main.rs` (the committed form) or `--out`.
    File(PathBuf),
    Stdout,
    /// Nowhere: `--explain` and `--sizes` only look.
    Nowhere,
}

/// Bundles, or with --check compares, one problem.
fn one(args: &Args, library: &Path, id: &str) -> Result<ExitCode, Error> {
    let options = options(args, library, id);
    let bundle = bundler::bundle(&options)?;
    show(args, &bundle);
    let workspace = library.parent().unwrap_or(Path::new("."));
    let committed = workspace
        .join("submissions")
        .join(&bundle.id)
        .join("main.rs");
    let destination = match &args.out {
        Some(out) => Destination::File(out.clone()),
        None if args.check && options.is_committed_form() => Destination::File(committed.clone()),
        None if args.check => {
            eprintln!(
                "error: --check compares with a file, and this form of the bundle has none: \
                 give --out FILE (submissions/ holds the default profile, formatted, only)"
            );
            return Ok(ExitCode::FAILURE);
        }
        None if args.explain.is_some() || args.sizes => Destination::Nowhere,
        None if options.is_committed_form() => Destination::File(committed.clone()),
        None => Destination::Stdout,
    };
    let shown = |path: &Path| {
        let relative = path.strip_prefix(workspace).unwrap_or(path);
        relative.display().to_string()
    };
    match destination {
        Destination::File(out) if args.check => Ok(check(&bundle, &out, &shown(&out))),
        Destination::File(out) => {
            write(&bundle, &out)?;
            let described = how(&bundle, &options);
            eprintln!("{:>12} {} ({described})", "Bundled", shown(&out));
            Ok(ExitCode::SUCCESS)
        }
        Destination::Stdout => {
            print!("{}", bundle.text);
            eprintln!(
                "{:>12} {} to stdout ({}); {} is left as it is",
                "Bundled",
                bundle.id,
                how(&bundle, &options),
                shown(&committed)
            );
            Ok(ExitCode::SUCCESS)
        }
        Destination::Nowhere => Ok(ExitCode::SUCCESS),
    }
}

/// Prints what the user should see besides the file: the library's
/// warnings, and what --verbose, --explain and --sizes ask for.
fn show(args: &Args, bundle: &Bundle) {
    for warning in &bundle.warnings {
        eprintln!("{warning}\n");
    }
    if args.verbose {
        let report = bundle.report.to_string();
        let prefix = format!("\n{}: ", bundle.id);
        eprintln!("{}: {}", bundle.id, report.replace('\n', &prefix));
    }
    // With `all`, say whose answer follows.
    if args.id == "all" && (args.explain.is_some() || args.sizes) {
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
    how.join(", ")
}

/// Compares the bundle with the file at `out`.
fn check(bundle: &Bundle, out: &Path, shown: &str) -> ExitCode {
    let current = std::fs::read_to_string(out).unwrap_or_default();
    if current != bundle.text {
        let id = &bundle.id;
        eprintln!(
            "error: {shown} is stale: it differs from a fresh bundle of {id}; regenerate it with \
             `make submit-{id}` (or `cargo run -q -p bundler -- {id}`)"
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
