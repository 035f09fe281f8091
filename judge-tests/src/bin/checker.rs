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

use clap::Parser;
use judge_tests::catalog::{default_root, own_checker, Catalog};
use judge_tests::compare::{Checker, Rule};
use judge_tests::error::Error;
use judge_tests::settings::{CheckerKind, Settings};
use judge_tests::verdict::read_text;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Compares one output with the expected one, as `oj test --judge-command`
/// calls it. Exit status: 0 accepted, 1 wrong answer (why, on stdout), 2 error.
#[derive(Parser)]
#[command(name = "checker")]
struct Cli {
    /// The case's input file (its folder's .problem.toml picks the checker).
    input: PathBuf,
    /// The output to judge.
    actual: PathBuf,
    /// The expected output.
    expected: PathBuf,
    /// Use this generic checker instead.
    #[arg(long, value_name = "NAME", value_parser = rule_names(), conflicts_with = "problem")]
    checker: Option<String>,
    /// Use the checker of this problem (an id or an alias) instead.
    #[arg(long, value_name = "ID")]
    problem: Option<String>,
}

/// The `--checker` values, from the rules themselves so they cannot drift.
fn rule_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(Rule::ALL.map(Rule::name))
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("checker: {e}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<bool, Error> {
    let cli = Cli::parse();
    let checker = choose(&cli)?;
    let verdict = checker.check(
        &read_text(&cli.input)?,
        &read_text(&cli.expected)?,
        &read_text(&cli.actual)?,
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
fn choose(cli: &Cli) -> Result<Checker, Error> {
    if let Some(name) = &cli.checker {
        let rule = Rule::from_name(name).expect("clap checks the name");
        return Ok(Checker::Rule(rule));
    }
    if let Some(name) = &cli.problem {
        let catalog = Catalog::discover(&default_root())?;
        return catalog.resolve(name)?.checker();
    }
    beside(&cli.input)
}

/// The checker that `.problem.toml` beside the input names; for the
/// problem's own, the folder's name is the problem id.
fn beside(input: &Path) -> Result<Checker, Error> {
    let dir = match input.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    match Settings::load_dir(dir)?.checker {
        CheckerKind::Rule(rule) => Ok(Checker::Rule(rule)),
        CheckerKind::Problem => {
            let folder = dir.canonicalize().map_err(|e| Error::io(dir, e))?;
            let id = folder.file_name().unwrap_or_default().to_string_lossy();
            own_checker(&id).inspect_err(|_| {
                eprintln!(
                    "checker: the folder's name `{id}` is taken as the problem id; \
                     name the problem with --problem ID"
                )
            })
        }
    }
}
