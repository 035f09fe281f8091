//! `judge`: compile a submission with plain rustc and judge it on every case.
//!
//! ```text
//! judge <id> [--source FILE] [--cases DIR]... [--time-limit MS] [--memory-limit MB] [--deny-warnings] [--root DIR]
//! judge stress <id> --count N [--seed S] [--source FILE] [--time-limit MS] [--memory-limit MB] [--root DIR]
//! ```
//!
//! The ids (and aliases) are discovered under the workspace root: by default
//! the one this binary was built in, or `--root DIR`.

use judge_tests::catalog::{default_root, Catalog, Problem};
use judge_tests::judge::{all_accepted, find_cases, judge_cases, limits_of};
use judge_tests::report::{case_report, name_width, summary, Style};
use judge_tests::run::compile;
use judge_tests::stress::{stress, StressKit, StressOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "\
usage: judge <id> [--source FILE] [--cases DIR]... [--time-limit MS] [--memory-limit MB] [--deny-warnings] [--root DIR]
       judge stress <id> --count N [--seed S] [--source FILE] [--time-limit MS] [--memory-limit MB] [--root DIR]";

const DEFAULTS: &str = "\
defaults: --source submissions/<id>/main.rs, --cases judge-tests/<id>, --root the workspace
the judge was built in; limits and checker from judge-tests/<id>/.problem.toml.
Exit status 0 only when every case is accepted.";

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// The full help: usage, the discovered ids, the defaults.
fn help(catalog: &Catalog) -> String {
    format!("{USAGE}\nids: {}\n{DEFAULTS}", catalog.known())
}

#[derive(Default)]
struct Args {
    help: bool,
    stress: bool,
    id: Option<String>,
    root: Option<PathBuf>,
    source: Option<PathBuf>,
    cases: Vec<PathBuf>,
    time_limit: Option<u64>,
    memory_limit: Option<u64>,
    deny_warnings: bool,
    count: Option<usize>,
    seed: Option<u64>,
}

/// The value after a flag.
fn value(flag: &str, raw: &mut impl Iterator<Item = String>) -> Result<String, String> {
    raw.next().ok_or_else(|| format!("{flag} needs a value"))
}

/// The number after a flag.
fn number(flag: &str, raw: &mut impl Iterator<Item = String>) -> Result<u64, String> {
    let text = value(flag, raw)?;
    text.parse()
        .map_err(|_| format!("{flag} needs a non-negative integer, found `{text}`"))
}

fn parse_args(mut raw: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut args = Args::default();
    while let Some(arg) = raw.next() {
        let raw = &mut raw;
        match arg.as_str() {
            "-h" | "--help" => args.help = true,
            "--root" => args.root = Some(value(&arg, raw)?.into()),
            "--source" => args.source = Some(value(&arg, raw)?.into()),
            "--cases" => args.cases.push(value(&arg, raw)?.into()),
            "--time-limit" => args.time_limit = Some(number(&arg, raw)?),
            "--memory-limit" => args.memory_limit = Some(number(&arg, raw)?),
            "--count" => args.count = Some(number(&arg, raw)? as usize),
            "--seed" => args.seed = Some(number(&arg, raw)?),
            "--deny-warnings" => args.deny_warnings = true,
            "stress" if args.id.is_none() && !args.stress => args.stress = true,
            flag if flag.starts_with('-') => {
                return Err(format!("unknown option `{flag}`\n{USAGE}"))
            }
            _ if args.id.is_none() => args.id = Some(arg),
            _ => return Err(format!("unexpected argument `{arg}`\n{USAGE}")),
        }
    }
    Ok(args)
}

fn run() -> Result<ExitCode, String> {
    let args = parse_args(std::env::args().skip(1))?;
    let catalog = Catalog::discover(&args.root.clone().unwrap_or_else(default_root))?;
    if args.help {
        println!("{}", help(&catalog));
        return Ok(ExitCode::SUCCESS);
    }
    let name = args.id.as_deref().ok_or_else(|| help(&catalog))?;
    let mut problem = catalog.resolve(name)?.clone();
    if let Some(ms) = args.time_limit {
        problem.settings.time_limit = Duration::from_millis(ms);
    }
    if let Some(mb) = args.memory_limit {
        problem.settings.memory_limit = mb << 20;
    }
    let source = args.source.clone().unwrap_or(problem.submission.clone());
    if args.stress {
        // Before compiling: a problem without a generator says so at once.
        let kit = StressKit::of(&problem)?;
        let options = StressOptions {
            count: args.count.ok_or("stress needs --count N")?,
            seed: args.seed.unwrap_or(1),
            save_dir: problem.case_dir()?.to_path_buf(),
        };
        return with_compiled(&source, args.deny_warnings, |exe| {
            stress_submission(&kit, exe, &options)
        });
    }
    let dirs = match args.cases.as_slice() {
        [] => vec![problem.case_dir()?.to_path_buf()],
        dirs => dirs.to_vec(),
    };
    with_compiled(&source, args.deny_warnings, |exe| {
        judge_submission(&problem, exe, &dirs)
    })
}

/// Compiles `source` like a judge and hands the executable to `then`; a
/// compile error (or a warning, with `deny_warnings`) is one failed case.
fn with_compiled(
    source: &Path,
    deny_warnings: bool,
    then: impl FnOnce(&Path) -> Result<ExitCode, String>,
) -> Result<ExitCode, String> {
    let build = tempfile::tempdir().map_err(|e| format!("temporary directory: {e}"))?;
    eprintln!(
        "   Compiling {} (rustc --edition 2021 -O)",
        source.display()
    );
    let compiled = match compile(source, build.path()) {
        Ok(compiled) => compiled,
        Err(e) => {
            let ce = Style::for_stdout().verdict("CE");
            println!("{ce} compilation failed\n{}", e.message.trim_end());
            println!("0 passed, 1 failed");
            return Ok(ExitCode::FAILURE);
        }
    };
    if !compiled.warnings.trim().is_empty() {
        eprintln!("{}", compiled.warnings.trim_end());
        if deny_warnings {
            println!("rustc printed warnings (--deny-warnings)\n0 passed, 1 failed");
            return Ok(ExitCode::FAILURE);
        }
    }
    then(&compiled.exe)
}

/// Judges `exe` on every case of `dirs`, one line per case, then the summary.
fn judge_submission(problem: &Problem, exe: &Path, dirs: &[PathBuf]) -> Result<ExitCode, String> {
    let cases = find_cases(dirs)?;
    if cases.is_empty() {
        let shown: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
        return Err(format!("no *.in cases in {}", shown.join(", ")));
    }
    let settings = &problem.settings;
    let checker = problem.checker()?;
    eprintln!(
        "     Judging {} cases: time {} ms of CPU (idle {} ms), memory {} MiB, checker {checker}",
        cases.len(),
        settings.time_limit.as_millis(),
        limits_of(settings).idle().as_millis(),
        settings.memory_limit >> 20,
    );
    let (style, limits) = (Style::for_stdout(), limits_of(settings));
    let width = name_width(cases.iter().map(|case| case.name.as_str()));
    let mut stdout = std::io::stdout();
    let results = judge_cases(exe, &cases, settings, &checker, |result| {
        let _ = writeln!(stdout, "{}", case_report(result, &limits, style, width));
        let _ = stdout.flush();
    });
    println!("{}", summary(&results));
    Ok(exit_code(all_accepted(&results)))
}

/// Stress-tests `exe`; failures are shrunk and saved in the case folder.
fn stress_submission(
    kit: &StressKit,
    exe: &Path,
    options: &StressOptions,
) -> Result<ExitCode, String> {
    eprintln!(
        "   Stressing {} random inputs from seed {} against the brute-force reference; \
         failures are shrunk and saved in {}",
        options.count,
        options.seed,
        options.save_dir.display()
    );
    let passed = stress(kit, exe, options, &mut std::io::stdout()).map_err(|e| e.to_string())?;
    Ok(exit_code(passed))
}

fn exit_code(passed: bool) -> ExitCode {
    if passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
