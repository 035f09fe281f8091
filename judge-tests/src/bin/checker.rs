//! `checker`: one comparison, in the argument order of online-judge-tools'
//! `oj test --judge-command` (input file, actual output, expected output).
//!
//! ```text
//! checker [--problem ID | --checker NAME] <input> <actual> <expected>
//! ```
//!
//! Exit 0 = accepted, 1 = wrong answer (the explanation goes to stdout),
//! 2 = usage or I/O error. Without `--problem`/`--checker`, the checker of
//! `.problem.toml` beside the input file is used, so one command serves
//! every problem: `oj t -d judge-tests/latin --judge-command 'checker' ...`.
//! When that file says `checker = "problem"`, the folder's name is the
//! problem id whose own checker the registry supplies.

use judge_tests::catalog::{default_root, own_checker, Catalog};
use judge_tests::compare::{Checker, Rule};
use judge_tests::judge::read_text;
use judge_tests::settings::{CheckerKind, Settings};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: checker [--problem ID | --checker NAME] <input> <actual> <expected>";

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(message) => {
            eprintln!("checker: {message}");
            ExitCode::from(2)
        }
    }
}

/// How the checker was chosen on the command line, if it was.
enum Choice {
    Beside,
    Rule(String),
    Problem(String),
}

fn run() -> Result<bool, String> {
    let mut choice = Choice::Beside;
    let mut files: Vec<PathBuf> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(true);
            }
            "--checker" => choice = Choice::Rule(args.next().ok_or("--checker needs a name")?),
            "--problem" => choice = Choice::Problem(args.next().ok_or("--problem needs an id")?),
            _ => files.push(arg.into()),
        }
    }
    let [input, actual, expected] =
        <[PathBuf; 3]>::try_from(files).map_err(|_| USAGE.to_string())?;
    let checker = choose(choice, &input)?;
    let verdict = checker.check(
        &read_text(&input)?,
        &read_text(&expected)?,
        &read_text(&actual)?,
    );
    match verdict {
        Ok(()) => Ok(true),
        Err(mismatch) => {
            // On stdout: `oj test` shows the judge command's stdout as "judge's output".
            println!("{mismatch}");
            Ok(false)
        }
    }
}

/// The checker asked for, or the one of the settings beside the input.
fn choose(choice: Choice, input: &Path) -> Result<Checker, String> {
    match choice {
        Choice::Rule(name) => Rule::from_name(&name).map(Checker::Rule).ok_or_else(|| {
            format!("unknown checker `{name}`; known: lines, exact, line-sets (or --problem ID)")
        }),
        Choice::Problem(name) => {
            let catalog = Catalog::discover(&default_root())?;
            catalog.resolve(&name)?.checker()
        }
        Choice::Beside => beside(input),
    }
}

/// The checker that `.problem.toml` beside the input names.
fn beside(input: &Path) -> Result<Checker, String> {
    let dir = match input.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    match Settings::load_dir(dir).map_err(|e| e.to_string())?.checker {
        CheckerKind::Rule(rule) => Ok(Checker::Rule(rule)),
        CheckerKind::Problem => {
            let folder = dir
                .canonicalize()
                .map_err(|e| format!("{}: {e}", dir.display()))?;
            let id = folder.file_name().unwrap_or_default().to_string_lossy();
            own_checker(&id).map_err(|e| format!("{e} (name the problem with --problem ID)"))
        }
    }
}
