//! `judge`: compile a submission with plain rustc and judge it on every case.
//!
//! ```text
//! judge <id> [--source FILE] [--judge PROFILE] [--cases DIR]... [--time-limit MS] [--memory-limit MB] [--deny-warnings] [--root DIR]
//! judge --source FILE --cases DIR... [--checker RULE] [--time-limit MS] [--memory-limit MB]   anyone's program, no id
//! judge submit <id> [--judge PROFILE] [--out FILE]   bundle, then judge: `make submit-<id>`
//! judge stress <id> [--count N] [--seed S] [--class NAME] [--save-slowest NAME] [--source FILE] [--time-limit MS] [--memory-limit MB] [--root DIR]
//! judge resolve <name>...     the id each name (an id or an alias) names
//! judge list                  every id, then its aliases, one problem a line
//! ```
//!
//! The ids (and aliases) are discovered under the workspace root: by default
//! the one this binary was built in, or `--root DIR`.

use bundler::Judge;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use judge_tests::catalog::{default_root, Catalog, Problem};
use judge_tests::compare::{Checker, Rule};
use judge_tests::error::Error;
use judge_tests::report::{case_report, name_width, summary, Style};
use judge_tests::run::Compiler;
use judge_tests::settings::Settings;
use judge_tests::stress::{stress, StressKit, StressOptions};
use judge_tests::verdict::{all_accepted, find_cases, judge_cases, limits_of};
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// Judges a submission locally as an online judge would: compiled with
/// plain rustc, run on every case of its problem under the problem's limits.
#[derive(Parser)]
#[command(name = "judge", subcommand_negates_reqs = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The problem: an id or an alias. Without one, --source and --cases
    /// say what to judge (anyone's program, with --checker and the limits
    /// given or the defaults).
    id: Option<String>,
    /// A folder of cases to judge on instead of the problem's (NAME.in
    /// beside NAME.out, as online-judge-tools' test/ holds them); repeat for more.
    #[arg(long = "cases", value_name = "DIR")]
    cases: Vec<PathBuf>,
    /// Without an id: how outputs are compared, `lines` (trailing spaces
    /// and blank lines ignored), `exact` or `line-sets`.
    #[arg(long, value_name = "RULE", default_value = "lines", value_parser = rule_names())]
    checker: String,
    #[command(flatten)]
    run: RunArgs,
    /// The workspace whose problems to use (default: the one the judge was built in).
    #[arg(long, global = true, value_name = "DIR")]
    root: Option<PathBuf>,
}

/// How to build and run the submission.
#[derive(Args)]
struct RunArgs {
    /// The submission (default: submissions/<id>/main.rs).
    #[arg(long, value_name = "FILE")]
    source: Option<PathBuf>,
    /// The time limit, on CPU time (default: the problem's).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    time_limit: Option<u64>,
    /// The memory limit (default: the problem's).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..=1 << 20))]
    memory_limit: Option<u64>,
    /// Fail when rustc prints a warning.
    #[arg(long)]
    deny_warnings: bool,
    /// The judge profile to compile as (the bundler's table: edition, and
    /// the judge's rustc where it is installed here).
    #[arg(long, value_name = "PROFILE", default_value = "default", value_parser = profile_names())]
    judge: String,
}

impl RunArgs {
    /// How the submission is compiled.
    fn compiler(&self) -> Compiler {
        Compiler::of(Judge::named(&self.judge).expect("clap checks the profile's name"))
    }
}

/// The `--checker` values: the generic rules.
fn rule_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(Rule::ALL.iter().map(|r| r.name()))
}

/// The `--judge` values, from the bundler's table.
fn profile_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(Judge::all().iter().map(|j| j.name))
}

#[derive(Subcommand)]
enum Command {
    /// Judge random inputs against the problem's brute-force reference; the
    /// first failure is shrunk and saved as judge-tests/<id>/regress-K.in/.out.
    Stress {
        /// The problem: an id or an alias.
        id: String,
        /// How many random inputs.
        #[arg(long, default_value_t = 100)]
        count: usize,
        /// The seed of the first input: a run replays exactly from it.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Draw the inputs from one hard class of the problem instead of
        /// its mix (the sudoku family and p4929 have some; a wrong name lists them).
        #[arg(long, value_name = "NAME")]
        class: Option<String>,
        /// When every input passes, save the slowest as judge-tests/<id>/NAME.in/.out.
        #[arg(long, value_name = "NAME")]
        save_slowest: Option<String>,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Bundle the problem's adapter (library/src/problems/<id>.rs) into its
    /// submission, then judge it on every case with --deny-warnings and
    /// print its path and size: what `make submit-<id>` runs. `all` does
    /// every problem and prints a total.
    Submit {
        /// The problem: an id, an alias, or `all`.
        id: String,
        /// The judge profile to bundle and compile for: `default` writes
        /// the committed submissions/<id>/main.rs; another needs --out.
        #[arg(long, value_name = "PROFILE", default_value = "default", value_parser = profile_names())]
        judge: String,
        /// Where to write the bundle (default: submissions/<id>/main.rs,
        /// for the default profile only).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Print the problem id that each name (an id or an alias) names, one a line.
    Resolve {
        /// Ids or aliases.
        #[arg(required = true)]
        names: Vec<String>,
    },
    /// Print every problem, one a line: its id, then its aliases.
    List,
}

const DEFAULTS: &str = "\
Limits and checker come from judge-tests/<id>/.problem.toml; without an id (--source
and --cases), 1000 ms, 256 MiB and --checker lines unless given. The time limit is on
CPU time; a program that sleeps or blocks for 3 x the time limit is stopped (ILE).
Exit status: 0 when every case is accepted, 1 when one is not, 2 on an error.";

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<ExitCode, Error> {
    let args: Vec<OsString> = std::env::args_os().collect();
    let root = root_before_parsing(&args);
    // The help lists the problems, so the catalog comes first; a catalog
    // that does not load is reported after parsing, help or not.
    let catalog = Catalog::discover(&root);
    let ids = match &catalog {
        Ok(catalog) => format!("Problems: {}", catalog.known()),
        Err(e) => format!("Problems: none ({e})"),
    };
    let command = Cli::command().after_help(format!("{ids}\n\n{DEFAULTS}"));
    let cli = Cli::from_arg_matches(&command.get_matches_from(args)).unwrap_or_else(|e| e.exit());
    if cli.command.is_none() && cli.id.is_none() {
        return judge_file(&cli.cases, &cli.checker, &cli.run);
    }
    let catalog = catalog?;
    match cli.command {
        Some(Command::Resolve { names }) => resolve(&catalog, &names),
        Some(Command::Submit { id, judge, out }) => submit(&catalog, &id, &judge, out),
        Some(Command::List) => {
            list(&catalog);
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Stress {
            id,
            count,
            seed,
            class,
            save_slowest,
            run,
        }) => {
            let draw = Draw {
                count,
                seed,
                class,
                save_slowest,
            };
            stress_problem(&catalog, &id, draw, &run)
        }
        None => {
            let id = cli.id.expect("clap requires an id without a subcommand");
            judge_problem(&catalog, &id, &cli.cases, &cli.run)
        }
    }
}

/// The `--root` of the command line, read before clap parses it so that
/// `--help` lists the problems of that workspace.
fn root_before_parsing(args: &[OsString]) -> PathBuf {
    let mut root = None;
    for (k, arg) in args.iter().enumerate() {
        let arg = arg.to_string_lossy();
        if arg == "--root" {
            root = args.get(k + 1).map(PathBuf::from);
        } else if let Some(value) = arg.strip_prefix("--root=") {
            root = Some(PathBuf::from(value));
        }
    }
    root.unwrap_or_else(default_root)
}

/// `judge resolve NAME...`: the canonical id of each name.
fn resolve(catalog: &Catalog, names: &[String]) -> Result<ExitCode, Error> {
    for name in names {
        println!("{}", catalog.resolve(name)?.id);
    }
    Ok(ExitCode::SUCCESS)
}

/// `judge list`: each id, then its aliases.
fn list(catalog: &Catalog) {
    for problem in &catalog.problems {
        let mut line = problem.id.clone();
        for alias in &problem.settings.aliases {
            line.push(' ');
            line.push_str(alias);
        }
        println!("{line}");
    }
}

/// The problem `name` names, with the limits of the command line.
fn with_limits(catalog: &Catalog, name: &str, run: &RunArgs) -> Result<Problem, Error> {
    let mut problem = catalog.resolve(name)?.clone();
    if let Some(ms) = run.time_limit {
        problem.settings.time_limit = Duration::from_millis(ms);
    }
    if let Some(mb) = run.memory_limit {
        problem.settings.memory_limit = mb << 20;
    }
    Ok(problem)
}

/// `judge --source FILE --cases DIR`: anyone's program on anyone's cases,
/// with the checker and limits given (or the defaults, said on the line
/// that starts the judging); no problem of this project is involved.
fn judge_file(cases: &[PathBuf], checker: &str, run: &RunArgs) -> Result<ExitCode, Error> {
    let Some(source) = &run.source else {
        return Err(Error::Usage(
            "give a problem id (`judge p4205`), or --source FILE and --cases DIR to judge \
             any program on any cases (`judge list` lists the ids)"
                .into(),
        ));
    };
    if cases.is_empty() {
        return Err(Error::Usage(format!(
            "--source {} without a problem id needs --cases DIR: a folder of NAME.in and \
             NAME.out files (online-judge-tools' test/ is one)",
            source.display()
        )));
    }
    let mut settings = Settings::default();
    if let Some(ms) = run.time_limit {
        settings.time_limit = Duration::from_millis(ms);
    }
    if let Some(mb) = run.memory_limit {
        settings.memory_limit = mb << 20;
    }
    let checker = Checker::Rule(Rule::from_name(checker).expect("clap checks the rule"));
    with_compiled(source, run, "", |exe| {
        judge_submission(&settings, &checker, exe, cases)
    })
}

/// `judge <id>`: every case of the problem (or of `--cases`).
fn judge_problem(
    catalog: &Catalog,
    name: &str,
    cases: &[PathBuf],
    run: &RunArgs,
) -> Result<ExitCode, Error> {
    let problem = with_limits(catalog, name, run)?;
    // Run from elsewhere, the workspace is the one the judge was built in:
    // say which.
    eprintln!("     Problem {} of {}", problem.id, catalog.root.display());
    let dirs = match cases {
        [] => vec![problem.case_dir()?.to_path_buf()],
        dirs => dirs.to_vec(),
    };
    let source = run.source.as_ref().unwrap_or(&problem.submission);
    let checker = problem.checker()?;
    with_compiled(source, run, &problem.id, |exe| {
        judge_submission(&problem.settings, &checker, exe, &dirs)
    })
}

/// `judge submit <id>`: bundles the adapter, writes the file, judges it on
/// every case as `judge <id> --deny-warnings` does, then prints its path
/// and size; `judge submit all`: every problem, then a total.
fn submit(
    catalog: &Catalog,
    name: &str,
    profile: &str,
    out: Option<PathBuf>,
) -> Result<ExitCode, Error> {
    if name != "all" {
        let problem = catalog.resolve(name)?;
        return submit_one(catalog, problem, profile, out).map(|(code, _)| code);
    }
    if out.is_some() {
        return Err(Error::Usage("--out needs one problem, not `all`".into()));
    }
    let (mut failed, mut bytes) = (Vec::new(), 0);
    for problem in &catalog.problems {
        let (code, size) = submit_one(catalog, problem, profile, None)?;
        bytes += size;
        if code != ExitCode::SUCCESS {
            failed.push(problem.id.as_str());
        }
    }
    let count = catalog.problems.len();
    println!(
        "submit all: {} of {count} problems bundled and accepted, {bytes} bytes in all{}",
        count - failed.len(),
        match failed.is_empty() {
            true => String::new(),
            false => format!("; failed: {}", failed.join(", ")),
        }
    );
    Ok(exit_code(failed.is_empty()))
}

/// [`submit`] for one problem: how its judging ended, and the bundle's size.
fn submit_one(
    catalog: &Catalog,
    problem: &Problem,
    profile: &str,
    out: Option<PathBuf>,
) -> Result<(ExitCode, usize), Error> {
    let cases = problem.case_dir()?.to_path_buf();
    let judge = Judge::named(profile).expect("clap checks the profile's name");
    let file = match out {
        Some(out) => out,
        None if judge.is_default() => problem.submission.clone(),
        None => {
            return Err(Error::Usage(format!(
                "--judge {profile}: only the default profile is committed \
                 (submissions/<id>/main.rs); give --out FILE for this one"
            )))
        }
    };
    let mut options = bundler::Options::new(&problem.id, catalog.root.join("library"));
    options.judge = judge;
    eprintln!("    Bundling {} ({profile} profile)", problem.id);
    let bundle = bundler::bundle(&options).map_err(|e| Error::Bundle(e.to_string()))?;
    for warning in &bundle.warnings {
        eprintln!("{warning}\n");
    }
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    }
    std::fs::write(&file, &bundle.text).map_err(|e| Error::io(&file, e))?;
    let mut code = judge_apart(catalog, problem, &file, profile, &cases)?;
    if code == ExitCode::SUCCESS
        && !compared_unbundled(catalog, problem, &bundle.text, &judge, &cases)
    {
        code = ExitCode::FAILURE;
    }
    let shown = file.strip_prefix(&catalog.root).unwrap_or(&file);
    let size = bundle.text.len();
    println!("submission: {} ({size} bytes)", shown.display());
    Ok((code, size))
}

/// Runs the adapter unbundled beside its bundle on every case
/// ([`judge_tests::unbundled`]), saying what came of it; false when they
/// differ.
fn compared_unbundled(
    catalog: &Catalog,
    problem: &Problem,
    bundle: &str,
    judge: &Judge,
    cases: &Path,
) -> bool {
    match judge_tests::unbundled::compare(catalog, problem, bundle, judge.edition, cases) {
        Ok(compared) => match compared.why_not_built() {
            Some(why) => {
                eprintln!("note: the library was not built to run unbundled, so the bundle was not compared with it ({why})");
                true
            }
            None => {
                println!(
                    "unbundled: the library prints what the bundle prints on all {} cases",
                    compared.samples
                );
                true
            }
        },
        Err(e) => {
            println!("unbundled: {e}");
            false
        }
    }
}

/// Judges `file` in a judge process of its own, as `judge <id> --source
/// FILE --deny-warnings` does: the kernel's peak memory of a submission
/// counts the process it was forked from, and this one holds the
/// bundler's syntax trees.
fn judge_apart(
    catalog: &Catalog,
    problem: &Problem,
    file: &Path,
    profile: &str,
    cases: &Path,
) -> Result<ExitCode, Error> {
    let me = std::env::current_exe().map_err(|e| Error::io("the judge's own path", e))?;
    let status = std::process::Command::new(&me)
        .arg(&problem.id)
        .arg("--source")
        .arg(file)
        .arg("--cases")
        .arg(cases)
        .args(["--deny-warnings", "--judge", profile, "--root"])
        .arg(&catalog.root)
        .status()
        .map_err(|e| Error::io(&me, e))?;
    match status.code() {
        Some(0) => Ok(ExitCode::SUCCESS),
        Some(1) => Ok(ExitCode::FAILURE),
        _ => Err(Error::Usage(format!(
            "the judge of {} stopped: {status}",
            problem.id
        ))),
    }
}

/// Which random inputs a stress run draws.
struct Draw {
    count: usize,
    seed: u64,
    class: Option<String>,
    save_slowest: Option<String>,
}

/// `judge stress <id>`: random inputs against the reference.
fn stress_problem(
    catalog: &Catalog,
    name: &str,
    draw: Draw,
    run: &RunArgs,
) -> Result<ExitCode, Error> {
    let problem = with_limits(catalog, name, run)?;
    // Before compiling: a problem without a generator says so at once.
    let kit = match &draw.class {
        Some(class) => StressKit::of_class(&problem, class)?,
        None => StressKit::of(&problem)?,
    };
    let options = StressOptions {
        count: draw.count,
        seed: draw.seed,
        save_dir: problem.case_dir()?.to_path_buf(),
        save_slowest: draw.save_slowest,
    };
    let source = run.source.as_ref().unwrap_or(&problem.submission);
    with_compiled(source, run, &problem.id, |exe| {
        stress_submission(&kit, exe, &options)
    })
}

/// Compiles `source` like the profile's judge (with the driver of problem
/// `id` appended when it is of LeetCode's shape) and hands the executable
/// to `then`; a compile error (or a warning, with `--deny-warnings`) is
/// one failed case, a missing file an error.
fn with_compiled(
    source: &Path,
    run: &RunArgs,
    id: &str,
    then: impl FnOnce(&Path) -> Result<ExitCode, Error>,
) -> Result<ExitCode, Error> {
    if !source.is_file() {
        return Err(Error::NoSource(source.to_path_buf()));
    }
    let deny_warnings = run.deny_warnings;
    let compiler = run.compiler().with_driver(judge_tests::support::driver(id));
    let build = tempfile::tempdir().map_err(|e| Error::io(std::env::temp_dir(), e))?;
    eprintln!(
        "   Compiling {} ({})",
        source.display(),
        compiler.describe()
    );
    let compiled = match compiler.compile(source, build.path()) {
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

/// Judges `exe` on every case of `dirs` under `settings`, one line per
/// case, then the summary.
fn judge_submission(
    settings: &Settings,
    checker: &Checker,
    exe: &Path,
    dirs: &[PathBuf],
) -> Result<ExitCode, Error> {
    let cases = find_cases(dirs)?;
    if cases.is_empty() {
        return Err(Error::NoCases {
            dirs: dirs.to_vec(),
        });
    }
    let limits = limits_of(settings);
    eprintln!(
        "     Judging {} {}: time {} ms of CPU (idle {} ms), memory {} MiB, checker {checker}",
        cases.len(),
        if cases.len() == 1 { "case" } else { "cases" },
        settings.time_limit.as_millis(),
        limits.idle().as_millis(),
        settings.memory_limit >> 20,
    );
    let style = Style::for_stdout();
    let width = name_width(cases.iter().map(|case| case.name.as_str()));
    let mut stdout = std::io::stdout();
    let results = judge_cases(exe, &cases, settings, checker, |result| {
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
) -> Result<ExitCode, Error> {
    eprintln!(
        "   Stressing {} random inputs from seed {} against the brute-force reference; \
         failures are shrunk and saved in {}",
        options.count,
        options.seed,
        options.save_dir.display()
    );
    let passed = stress(kit, exe, options, &mut std::io::stdout()).map_err(Error::Stress)?;
    Ok(exit_code(passed))
}

fn exit_code(passed: bool) -> ExitCode {
    if passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
