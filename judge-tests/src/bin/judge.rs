//! `judge`: compile a submission with plain rustc and judge it on every case.
//!
//! ```text
//! judge <id> [--source FILE] [--cases DIR]... [--time-limit MS] [--memory-limit MB] [--deny-warnings]
//! judge stress <id> --count N [--seed S] [--source FILE] [--time-limit MS] [--memory-limit MB]
//! ```

use judge_tests::judge::{find_cases, judge_case, limits_of, Verdict};
use judge_tests::report::{case_report, summary, Style};
use judge_tests::run::compile;
use judge_tests::settings::{resolve_id, Settings};
use judge_tests::stress::{stress, StressOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "\
usage: judge <id> [--source FILE] [--cases DIR]... [--time-limit MS] [--memory-limit MB] [--deny-warnings]
       judge stress <id> --count N [--seed S] [--source FILE] [--time-limit MS] [--memory-limit MB]
ids: p4205, uva745, uva197 (alias cube), latin
defaults: --source submissions/<id>/main.rs, --cases judge-tests/<id>; limits and checker
from judge-tests/<id>/.problem.toml. Exit status 0 only when every case is accepted.";

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// The workspace root: defaults are relative to it, so the command works from any directory.
fn workspace() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

#[derive(Default)]
struct Args {
    help: bool,
    stress: bool,
    id: Option<String>,
    source: Option<PathBuf>,
    cases: Vec<PathBuf>,
    time_limit: Option<u64>,
    memory_limit: Option<u64>,
    deny_warnings: bool,
    count: Option<usize>,
    seed: Option<u64>,
}

fn parse_args(mut raw: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut args = Args::default();
    let number = |flag: &str, value: Option<String>| -> Result<u64, String> {
        let value = value.ok_or_else(|| format!("{flag} needs a value"))?;
        value
            .parse()
            .map_err(|_| format!("{flag} needs a non-negative integer, found `{value}`"))
    };
    while let Some(arg) = raw.next() {
        match arg.as_str() {
            "-h" | "--help" => args.help = true,
            "--source" => args.source = Some(raw.next().ok_or("--source needs a file")?.into()),
            "--cases" => args
                .cases
                .push(raw.next().ok_or("--cases needs a directory")?.into()),
            "--time-limit" => args.time_limit = Some(number(&arg, raw.next())?),
            "--memory-limit" => args.memory_limit = Some(number(&arg, raw.next())?),
            "--count" => args.count = Some(number(&arg, raw.next())? as usize),
            "--seed" => args.seed = Some(number(&arg, raw.next())?),
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
    if args.help {
        println!("{USAGE}");
        return Ok(ExitCode::SUCCESS);
    }
    let id = resolve_id(args.id.as_deref().ok_or_else(|| USAGE.to_string())?)?;
    let root = workspace();
    let problem_dir = root.join("judge-tests").join(id);
    let mut settings = Settings::load_dir(&problem_dir).map_err(|e| e.to_string())?;
    if let Some(ms) = args.time_limit {
        settings.time_limit = Duration::from_millis(ms);
    }
    if let Some(mb) = args.memory_limit {
        settings.memory_limit = mb << 20;
    }
    let source = args
        .source
        .clone()
        .unwrap_or_else(|| root.join("submissions").join(id).join("main.rs"));

    let build = tempfile::tempdir().map_err(|e| format!("temporary directory: {e}"))?;
    eprintln!(
        "   Compiling {} (rustc --edition 2021 -O)",
        source.display()
    );
    let compiled = match compile(&source, build.path()) {
        Ok(compiled) => compiled,
        Err(e) => {
            println!(
                "{} compilation failed\n{}",
                Style::for_stdout().verdict("CE"),
                e.message.trim_end()
            );
            println!("0 passed, 1 failed");
            return Ok(ExitCode::FAILURE);
        }
    };
    if !compiled.warnings.trim().is_empty() {
        eprintln!("{}", compiled.warnings.trim_end());
        if args.deny_warnings {
            println!("rustc printed warnings (--deny-warnings)\n0 passed, 1 failed");
            return Ok(ExitCode::FAILURE);
        }
    }

    if args.stress {
        let count = args.count.ok_or("stress needs --count N")?;
        eprintln!(
            "   Stressing {count} random inputs from seed {} against the brute-force reference; \
             failures are shrunk and saved in {}",
            args.seed.unwrap_or(1),
            problem_dir.display()
        );
        let options = StressOptions {
            count,
            seed: args.seed.unwrap_or(1),
            save_dir: problem_dir,
        };
        let all_passed = stress(
            id,
            &compiled.exe,
            &settings,
            &options,
            &mut std::io::stdout(),
        )
        .map_err(|e| e.to_string())?;
        return Ok(if all_passed {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        });
    }

    let dirs = if args.cases.is_empty() {
        vec![problem_dir]
    } else {
        args.cases.clone()
    };
    let cases = find_cases(&dirs)?;
    if cases.is_empty() {
        return Err(format!(
            "no *.in cases in {}",
            dirs.iter()
                .map(|d| d.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    eprintln!(
        "     Judging {} cases: time {} ms, memory {} MiB, checker {}",
        cases.len(),
        settings.time_limit.as_millis(),
        settings.memory_limit >> 20,
        settings.checker
    );
    let style = Style::for_stdout();
    let limits = limits_of(&settings);
    let mut results = Vec::new();
    let mut stdout = std::io::stdout();
    for case in &cases {
        let result = judge_case(&compiled.exe, case, &settings);
        let _ = writeln!(stdout, "{}", case_report(&result, &limits, style));
        let _ = stdout.flush();
        results.push(result);
    }
    println!("{}", summary(&results));
    let all_passed = results.iter().all(|r| r.verdict == Verdict::Accepted);
    Ok(if all_passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
