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

use judge_tests::compare::check;
use judge_tests::settings::{resolve_id, CheckerKind, Settings};
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

fn read(path: &Path) -> Result<String, String> {
    std::fs::read(path)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn run() -> Result<bool, String> {
    let mut kind: Option<CheckerKind> = None;
    let mut files: Vec<PathBuf> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(true);
            }
            "--checker" => {
                let name = args.next().ok_or("--checker needs a name")?;
                kind = Some(CheckerKind::from_name(&name)?);
            }
            "--problem" => {
                let id = resolve_id(&args.next().ok_or("--problem needs an id")?)?;
                let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(id);
                kind = Some(Settings::load_dir(&dir).map_err(|e| e.to_string())?.checker);
            }
            _ => files.push(arg.into()),
        }
    }
    let [input, actual, expected] =
        <[PathBuf; 3]>::try_from(files).map_err(|_| USAGE.to_string())?;
    let kind = match kind {
        Some(kind) => kind,
        None => {
            let dir = input.parent().unwrap_or(Path::new("."));
            Settings::load_dir(dir).map_err(|e| e.to_string())?.checker
        }
    };
    match check(kind, &read(&input)?, &read(&expected)?, &read(&actual)?) {
        Ok(()) => Ok(true),
        Err(mismatch) => {
            // On stdout: `oj test` shows the judge command's stdout as "judge's output".
            println!("{mismatch}");
            Ok(false)
        }
    }
}
