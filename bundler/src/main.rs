//! `bundler <id>`: writes `submissions/<id>/main.rs` from the library.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

use bundler::{judge, Error, Options};

/// Bundles one problem of the library into a single-file submission.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// Problem id (a file of library/src/problems/), an alias such as
    /// `cube`, or `all` for every problem.
    id: String,
    /// Where to write (default: submissions/<id>/main.rs in the workspace).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Compare with the existing file instead of writing; fail if it is stale.
    #[arg(long)]
    check: bool,
    /// Print the chain of uses that keeps ITEM (e.g. dlx::Solver::first).
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

/// The `--judge` values, straight from the table so they cannot drift.
fn judge_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(judge::JUDGES.iter().map(|j| j.name))
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
    // `all` bundles (or checks) every problem; --out makes no sense then.
    let ids = if args.id == "all" {
        if args.out.is_some() {
            eprintln!("error: --out needs one problem id, not `all`");
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

/// Bundles, or with --check compares, one problem.
fn one(args: &Args, library: &Path, id: &str) -> Result<ExitCode, Error> {
    let mut options = Options::new(id, library.to_path_buf());
    options.judge = judge::judge(&args.judge).expect("clap checks the judge name");
    options.strip_docs = args.strip_docs;
    options.minify = args.minify;
    options.explain = args.explain.clone();
    options.keep_everything = args.keep_everything;
    let bundle = bundler::bundle(&options)?;
    for warning in &bundle.warnings {
        eprintln!("{warning}");
    }
    if args.verbose {
        eprintln!(
            "{}: {}",
            bundle.id,
            bundle
                .report
                .to_string()
                .replace('\n', &format!("\n{}: ", bundle.id))
        );
    }
    if let Some(explanation) = &bundle.explanation {
        print!("{explanation}");
    }
    if args.sizes {
        for (size, name) in &bundle.sizes {
            println!("{size:>8}  {name}");
        }
    }
    let workspace = library.parent().unwrap_or(Path::new("."));
    let out = args.out.clone().unwrap_or_else(|| {
        workspace
            .join("submissions")
            .join(&bundle.id)
            .join("main.rs")
    });
    let shown = out
        .strip_prefix(workspace)
        .unwrap_or(&out)
        .display()
        .to_string();
    if args.check {
        let current = std::fs::read_to_string(&out).unwrap_or_default();
        if current != bundle.text {
            eprintln!(
                "error: {shown} is stale: it differs from a fresh bundle of {}; regenerate it with `make submit-{}` (or `cargo run -q -p bundler -- {}`)",
                bundle.id, bundle.id, bundle.id
            );
            return Ok(ExitCode::FAILURE);
        }
        eprintln!(
            "{:>12} {shown} is up to date ({} bytes)",
            "Fresh",
            bundle.text.len()
        );
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).map_err(|source| Error::Io {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    std::fs::write(&out, &bundle.text).map_err(|source| Error::Io {
        path: out.clone(),
        source,
    })?;
    let mut how = Vec::new();
    if bundle.style.strip_docs {
        how.push("docs stripped");
    }
    if bundle.style.minify {
        how.push("minified");
    }
    let how = if how.is_empty() {
        String::new()
    } else {
        format!(", {}", how.join(", "))
    };
    eprintln!(
        "{:>12} {shown} ({} bytes{how})",
        "Bundled",
        bundle.text.len()
    );
    Ok(ExitCode::SUCCESS)
}
