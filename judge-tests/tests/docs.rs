//! Every command the project documents works as written: each command line
//! of the fenced ```` ```sh ```` (`bash`, `shell`, `console`) blocks of
//! every `README.md` of the workspace, and each `$ command` line of the
//! `--help` texts of its programs, is run from the workspace root. A
//! command that exits non-zero, prints an error, or changes a file of the
//! workspace fails the test (the file is restored; a new file it wrote,
//! such as an SVG it was asked for, is removed).
//!
//! New commands are picked up by themselves; only these lists are kept by
//! hand, each entry with its reason: [`PLACEHOLDERS`] (what a synopsis's
//! `<id>` stands for; a `[--optional FLAG]` is dropped), [`CHEAPER_PARTS`],
//! [`CHEAPER_COMMANDS`] and [`SKIPPED`] (commands too expensive or
//! impossible to run here), [`WRITERS`] (commands documented to write a
//! file of the workspace, and which), and [`KNOWN_BROKEN`] (a tool's bug
//! being fixed elsewhere: run and reported, not failed). A command outside
//! a runnable block (an untagged or
//! indented code block that starts with `cargo`, `make`, ...) fails the
//! test too: tag the block `sh`, or `text` if it is not meant to run.
//!
//! ```text
//! cargo test -p judge-tests --test docs -- --include-ignored
//! ```
//!
//! Running them takes a release build of its own and minutes: `make test`
//! only checks that every command is found and can be planned; `make
//! test-all` runs them.
//!
//! The commands run in a copy of the workspace, `target/docs-workspace/`,
//! with a target folder of its own (`target/docs-target/`): no command can
//! change the real tree or its binaries, nor be disturbed by edits made
//! while the test runs. The copy and its target are kept between runs and
//! only files that changed are rewritten, so cargo rebuilds in it only what
//! changed. The
//! release binaries are built once first; `target/release` is put in front
//! of `PATH`, so the READMEs may call `dlx` as an installed command.

use judge_tests::catalog::default_root;
use judge_tests::figures;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Info strings of fenced blocks whose lines are commands to run.
const RUNNABLE: [&str; 4] = ["sh", "bash", "shell", "console"];

/// What a synopsis's placeholder stands for when it is run.
const PLACEHOLDERS: &[(&str, &str)] = &[("<id>", "p4205")];

/// Commands not run, by their start, and why.
const SKIPPED: &[(&str, &str)] = &[
    ("make test", "it runs the suite this test is part of"),
    (
        "make check-old-rustc",
        "it downloads Debian's rustc 1.63 with apt-get; CI runs it",
    ),
    ("make bench", "minutes of benchmarks; CI builds them"),
    ("cargo bench", "minutes of benchmarks; CI builds them"),
    (
        "oj ",
        "online-judge-tools is installed with pip, not by the workspace",
    ),
];

/// Parts of commands replaced by cheaper equivalents, and why.
const CHEAPER_PARTS: &[(&str, &str, &str)] = &[
    (
        "bundler -- all",
        "bundler -- p4205",
        "bundling every problem takes a minute; `make check` runs `all --check`",
    ),
    (
        "make submit-all",
        "make submit-p4205",
        "one problem shows the target works",
    ),
    (
        "COUNT=200",
        "COUNT=5",
        "a stress run of 200 inputs takes a minute",
    ),
    (
        "--count 200",
        "--count 5",
        "a stress run of 200 inputs takes a minute",
    ),
];

/// Whole commands (without their comment) replaced by cheaper ones, and why.
const CHEAPER_COMMANDS: &[(&str, &str, &str)] = &[
    (
        "dlx polyomino examples/pentomino-6x10.polyomino | dlx",
        "dlx polyomino examples/pentomino-6x10.polyomino | dlx -n 500",
        "counting all 9356 solutions takes seconds; cargo test -p dlx-cli checks the count",
    ),
    (
        "$dlx polyomino examples/pentomino-6x10.polyomino | $dlx",
        "$dlx polyomino examples/pentomino-6x10.polyomino | $dlx -n 500",
        "counting all 9356 solutions takes seconds; cargo test -p dlx-cli checks the count",
    ),
];

/// Commands (as run, without their comment) documented to write into the
/// workspace, and the file they write: a stale file they rewrite is put
/// back, and any other file they change fails the test.
const WRITERS: &[(&str, &str)] = &[
    ("make submit-p4205", "submissions/p4205/main.rs"),
    (
        "cargo run -q -p bundler -- p4205",
        "submissions/p4205/main.rs",
    ),
    (
        "cargo run -q -p bundler -- p4205 --verbose",
        "submissions/p4205/main.rs",
    ),
];

/// Documented commands (as run, without their comment) that fail today
/// because of a tool's bug being fixed elsewhere: they are run and
/// reported, but do not fail the test. One that works, or that no README
/// shows any more, fails the test, so that the list cannot rot.
const KNOWN_BROKEN: &[(&str, &str)] = &[];

/// Words that start a command: a code block that is not runnable but
/// starts with one of them is probably a command block left untagged.
const COMMAND_WORDS: [&str; 6] = ["cargo ", "make ", "rustc ", "target/", "oj ", "$ "];

/// A command found in a document.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Found {
    /// `README.md:41`, or `dlx --help`.
    place: String,
    /// The command as written (a `console` block's `$ ` removed).
    command: String,
    /// The block's standalone variable assignments before it (`dlx=...`),
    /// which the command may use.
    setup: Vec<String>,
}

/// What a document holds: commands to run, and code blocks that look like
/// commands but are not in a runnable block.
#[derive(Debug, Default)]
struct Extracted {
    commands: Vec<Found>,
    untagged: Vec<String>,
}

/// A fence line: its indentation and info string.
fn fence(line: &str) -> Option<(usize, &str)> {
    let trimmed = line.trim_start();
    let indent = line.len() - trimmed.len();
    let rest = trimmed
        .strip_prefix("```")
        .or_else(|| trimmed.strip_prefix("~~~"))?;
    Some((indent, rest.trim_start_matches(['`', '~']).trim()))
}

/// The commands of a markdown document called `name`.
fn extract(name: &str, text: &str) -> Extracted {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Extracted::default();
    let mut k = 0;
    while k < lines.len() {
        if let Some((indent, info)) = fence(lines[k]) {
            let start = k + 1;
            let mut end = start;
            while end < lines.len() && fence(lines[end]).is_none() {
                end += 1;
            }
            let body: Vec<(usize, &str)> = (start..end)
                .map(|i| (i + 1, lines[i].get(indent..).unwrap_or("").trim_end()))
                .collect();
            let language = info.split_whitespace().next().unwrap_or("");
            block(name, language, &body, &mut found);
            k = end + 1;
        } else if is_indented_block_start(&lines, k) {
            let start = k;
            while k < lines.len() && (lines[k].starts_with("    ") || lines[k].trim().is_empty()) {
                k += 1;
            }
            let body: Vec<(usize, &str)> = (start..k).map(|i| (i + 1, lines[i].trim())).collect();
            block(name, "", &body, &mut found);
        } else {
            k += 1;
        }
    }
    found
}

/// Whether line `k` opens an indented code block: four spaces after a blank line.
fn is_indented_block_start(lines: &[&str], k: usize) -> bool {
    lines[k].starts_with("    ")
        && !lines[k].trim().is_empty()
        && (k == 0 || lines[k - 1].trim().is_empty())
}

/// Adds the commands of one code block (numbered lines) to `found`.
fn block(name: &str, language: &str, body: &[(usize, &str)], found: &mut Extracted) {
    if !RUNNABLE.contains(&language) {
        let first = body.iter().find(|(_, line)| !line.is_empty());
        if let Some((number, line)) = first {
            if language.is_empty() && COMMAND_WORDS.iter().any(|w| line.starts_with(w)) {
                found.untagged.push(format!("{name}:{number}: {line}"));
            }
        }
        return;
    }
    let mut setup = Vec::new();
    let mut pending: Option<(usize, String)> = None;
    for &(number, line) in body {
        let line = match language {
            "console" => match line.strip_prefix("$ ") {
                Some(command) => command,
                None => continue,
            },
            _ => line,
        };
        // A line ending in `\` goes on with the next one.
        let (start, mut command) = pending.take().unwrap_or((number, String::new()));
        command.push_str(line.strip_suffix('\\').unwrap_or(line));
        if line.ends_with('\\') {
            pending = Some((start, command));
            continue;
        }
        let command = command.trim().to_string();
        if command.is_empty() || command.starts_with('#') {
            continue;
        }
        if is_assignment(&command) {
            setup.push(command);
            continue;
        }
        found.commands.push(Found {
            place: format!("{name}:{start}"),
            command,
            setup: setup.clone(),
        });
    }
}

/// `name=value` alone on a line: a shell variable for the lines after it.
fn is_assignment(command: &str) -> bool {
    match command.split_once('=') {
        Some((name, value)) => {
            !name.is_empty()
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !value.contains(char::is_whitespace)
        }
        None => false,
    }
}

/// What to do with a command.
#[derive(Debug, PartialEq, Eq)]
enum Plan {
    /// Run this (the command with its placeholders filled in and, maybe, a
    /// cheaper equivalent).
    Run(String),
    /// Do not run it, for this reason.
    Skip(&'static str),
    /// A placeholder no entry of [`PLACEHOLDERS`] fills.
    Unknown(String),
}

/// The command to run for `command`, or why not.
fn plan(command: &str) -> Plan {
    let command = without_comment(command);
    // `KNUTH=/path cargo bench ...` is the command `cargo bench ...`.
    let bare = without_assignments(command);
    if let Some((_, why)) = SKIPPED.iter().find(|(start, _)| bare.starts_with(start)) {
        return Plan::Skip(why);
    }
    let mut run = drop_optional(command);
    for (placeholder, value) in PLACEHOLDERS {
        run = run.replace(placeholder, value);
    }
    if let Some(word) = placeholder(&run) {
        return Plan::Unknown(word.to_string());
    }
    for (part, cheaper, _) in CHEAPER_PARTS {
        run = run.replace(part, cheaper);
    }
    match CHEAPER_COMMANDS.iter().find(|(whole, _, _)| *whole == run) {
        Some((_, cheaper, _)) => Plan::Run(cheaper.to_string()),
        None => Plan::Run(run),
    }
}

/// The command without the `NAME=value` assignments in front of it.
fn without_assignments(command: &str) -> &str {
    let mut rest = command.trim_start();
    while let Some((word, after)) = rest.split_once(' ') {
        if !is_assignment(word) {
            break;
        }
        rest = after.trim_start();
    }
    rest
}

/// The command without a shell comment at its end (a `#` after a blank,
/// outside quotes).
fn without_comment(command: &str) -> &str {
    let mut quote = None;
    let mut previous = ' ';
    for (at, c) in command.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '#') if previous.is_whitespace() => return command[..at].trim_end(),
            _ => {}
        }
        previous = c;
    }
    command.trim_end()
}

/// The first `<word>` placeholder in `command`, if any (a redirection
/// such as `< file` is none).
fn placeholder(command: &str) -> Option<&str> {
    command.match_indices('<').find_map(|(at, _)| {
        let rest = &command[at..];
        let end = rest.find('>')?;
        let word = &rest[1..end];
        let named = !word.is_empty()
            && word
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        named.then(|| &rest[..=end])
    })
}

/// A synopsis without its optional parts: ` [--flag VALUE]` and ` [--flag]...`.
fn drop_optional(command: &str) -> String {
    let mut out = String::new();
    let mut rest = command;
    while let Some(open) = rest.find(" [-") {
        out.push_str(&rest[..open]);
        let after = &rest[open..];
        let close = after.find(']').map_or(after.len(), |c| c + 1);
        rest = after[close..]
            .strip_prefix("...")
            .unwrap_or(&after[close..]);
    }
    out.push_str(rest);
    out
}

/// Whether a line of output reports an error.
fn is_error_line(line: &str) -> bool {
    let line = line.trim_start().to_lowercase();
    ["error:", "error[", "error "]
        .iter()
        .any(|start| line.starts_with(start))
        || line.contains(": error:")
        || line.contains("panicked at")
}

/// The pages of the workspace, sorted: every `README.md` and `docs/*.md`.
fn readmes(root: &Path) -> Vec<PathBuf> {
    let docs = root.join("docs");
    let mut found: Vec<PathBuf> = files(root)
        .into_iter()
        .filter(|path| {
            path.file_name().is_some_and(|name| name == "README.md")
                || (path.parent() == Some(docs.as_path())
                    && path.extension().is_some_and(|e| e == "md"))
        })
        .collect();
    found.sort();
    found
}

/// Every file of the workspace but the build's and git's.
fn files(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            if name == ".git" || (dir == root && name == "target") {
                continue;
            }
            match entry.file_type() {
                Ok(kind) if kind.is_dir() => dirs.push(path),
                Ok(kind) if kind.is_file() => out.push(path),
                _ => {}
            }
        }
    }
    out
}

/// Brings the copy of the workspace at `root/target/docs-workspace` up to
/// date (files written only where they differ, files gone from the
/// workspace removed) and returns its path.
fn mirror(root: &Path) -> PathBuf {
    let copy = root.join("target/docs-workspace");
    let mut kept = std::collections::BTreeSet::new();
    for path in files(root) {
        let relative = path
            .strip_prefix(root)
            .expect("under the root")
            .to_path_buf();
        let target = copy.join(&relative);
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if std::fs::read(&target).ok().as_ref() != Some(&bytes) {
            std::fs::create_dir_all(target.parent().expect("a file has a folder")).unwrap();
            std::fs::write(&target, &bytes).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
        }
        kept.insert(relative);
    }
    for path in files(&copy) {
        if !kept.contains(path.strip_prefix(&copy).expect("under the copy")) {
            let _ = std::fs::remove_file(&path);
        }
    }
    // The copy builds into a target folder of its own: sharing the
    // workspace's would let cargo put the copy's binaries at
    // `target/release/judge` and the like, where the workspace's own `cargo
    // run` would then find them (cargo does not put back a binary it
    // considers fresh), with the copy's paths compiled in.
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| root.join("target"), PathBuf::from)
        .join("docs-target");
    std::fs::create_dir_all(&target).expect("the copy's target folder");
    let link = copy.join("target");
    if std::fs::read_link(&link).ok() != Some(target.clone()) {
        // A copy made by an older version of this test holds a real
        // folder there.
        let _ = match std::fs::symlink_metadata(&link) {
            Ok(meta) if meta.is_dir() => std::fs::remove_dir_all(&link),
            _ => std::fs::remove_file(&link),
        };
        std::os::unix::fs::symlink(&target, &link).expect("a symlink to the target folder");
    }
    copy
}

/// The workspace's files and their bytes, to notice what a command changed.
struct Snapshot {
    root: PathBuf,
    files: BTreeMap<PathBuf, Vec<u8>>,
}

impl Snapshot {
    fn take(root: &Path) -> Snapshot {
        let files = files(root)
            .into_iter()
            .filter_map(|path| std::fs::read(&path).ok().map(|bytes| (path, bytes)))
            .collect();
        Snapshot {
            root: root.to_path_buf(),
            files,
        }
    }

    /// Puts back every file that changed or vanished and removes every new
    /// one; returns what changed (a fault) and what was new (a note).
    fn restore(&self) -> (Vec<String>, Vec<String>) {
        let (mut changed, mut new) = (Vec::new(), Vec::new());
        let shown = |path: &Path| {
            let relative = path.strip_prefix(&self.root).unwrap_or(path);
            relative.display().to_string()
        };
        for (path, bytes) in &self.files {
            if std::fs::read(path).ok().as_ref() != Some(bytes) {
                changed.push(shown(path));
                let _ = std::fs::write(path, bytes);
            }
        }
        for path in files(&self.root) {
            if !self.files.contains_key(&path) {
                new.push(shown(&path));
                let _ = std::fs::remove_file(&path);
            }
        }
        (changed, new)
    }
}

/// What became of one command.
enum Outcome {
    Passed,
    Failed(String),
}

/// Runs `command` (after `setup`) with bash from `root`; fails on a non-zero
/// exit, an error printed, or a file of the workspace changed.
fn run(root: &Path, setup: &[String], command: &str, notes: &mut Vec<String>) -> Outcome {
    let snapshot = Snapshot::take(root);
    let script = format!("set -o pipefail\n{}\n{command}\n", setup.join("\n"));
    let path = format!(
        "{}:{}",
        root.join("target/release").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(root)
        .env("PATH", path)
        .env("CARGO_TARGET_DIR", root.join("target"))
        .env("CARGO_TERM_COLOR", "never")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output();
    let (mut changed, new) = snapshot.restore();
    if !new.is_empty() {
        notes.push(format!("`{command}` wrote {} (removed)", new.join(", ")));
    }
    let writes = WRITERS.iter().find(|(writer, _)| *writer == command);
    if let Some((_, file)) = writes {
        if changed.iter().any(|path| path == file) {
            notes.push(format!(
                "`{command}` rewrote {file}, which was stale (restored)"
            ));
        }
        changed.retain(|path| path != file);
    }
    let output = match output {
        Ok(output) => output,
        Err(e) => return Outcome::Failed(format!("cannot run bash: {e}")),
    };
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    // Errors are looked for on stderr only: stdout is the command's product,
    // and a bundle printed there holds lines such as `Error::TooLarge => ...`.
    let stderr = String::from_utf8_lossy(&output.stderr);
    let errors: Vec<&str> = stderr.lines().filter(|l| is_error_line(l)).collect();
    let why = if !output.status.success() {
        format!("it exited with {}", output.status)
    } else if !errors.is_empty() {
        format!("it printed an error: {}", errors[0])
    } else if !changed.is_empty() {
        format!("it changed {} (restored)", changed.join(", "))
    } else {
        return Outcome::Passed;
    };
    let lines: Vec<&str> = text.lines().collect();
    let tail = lines[lines.len().saturating_sub(12)..].join("\n      ");
    Outcome::Failed(format!("{why}\n      {tail}"))
}

/// Builds the release binaries once, so that commands naming
/// `target/release/...` find them and `cargo run --release` starts at once;
/// returns the programs built (cargo's `executable` of each artifact).
fn build_release(root: &Path) -> Vec<PathBuf> {
    let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "--release", "--workspace", "--bins", "-q"])
        .env("CARGO_TARGET_DIR", root.join("target"))
        .arg("--message-format=json")
        .current_dir(root)
        .stderr(Stdio::inherit())
        .output()
        .expect("cargo runs");
    assert!(output.status.success(), "cargo build --release failed");
    let json = String::from_utf8_lossy(&output.stdout);
    let key = "\"executable\":\"";
    let mut programs: Vec<PathBuf> = json
        .match_indices(key)
        .filter_map(|(at, _)| {
            let rest = &json[at + key.len()..];
            rest.find('"').map(|end| PathBuf::from(&rest[..end]))
        })
        .collect();
    programs.sort();
    programs.dedup();
    programs
}

/// The commands of every README of the workspace.
fn readme_commands(root: &Path) -> Extracted {
    let mut all = Extracted::default();
    for path in readmes(root) {
        let name = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let found = extract(&name, &text);
        all.commands.extend(found.commands);
        all.untagged.extend(found.untagged);
    }
    all
}

/// The `$ command` lines of the help of each program of the workspace
/// (and of each of its subcommands).
fn help_commands(programs: &[PathBuf]) -> Vec<Found> {
    let mut found = Vec::new();
    for exe in programs {
        let program = exe.file_name().unwrap_or_default().to_string_lossy();
        let mut helps = vec![vec!["--help".to_string()]];
        let top = help_text(exe, &helps[0]);
        helps.extend(
            subcommands(&top)
                .into_iter()
                .map(|sub| vec![sub, "--help".to_string()]),
        );
        for args in helps {
            let text = help_text(exe, &args);
            let place = format!("{program} {}", args.join(" "));
            for line in text.lines() {
                if let Some(command) = line.trim_start().strip_prefix("$ ") {
                    found.push(Found {
                        place: place.clone(),
                        command: command.trim().to_string(),
                        setup: Vec::new(),
                    });
                }
            }
        }
    }
    found
}

/// The help a program prints for `args`; it must exit 0.
fn help_text(exe: &Path, args: &[String]) -> String {
    let output = Command::new(exe)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", exe.display()));
    assert!(
        output.status.success(),
        "{} {}: {}",
        exe.display(),
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The subcommands listed under `Commands:` in a clap help text, but `help`.
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|line| line.trim() != "Commands:")
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// The commands of the READMEs, after checking that none is outside a
/// runnable block and that each has a plan (no unknown placeholder).
fn planned_readme_commands(root: &Path) -> Vec<Found> {
    let readme = readme_commands(root);
    assert!(
        readme.untagged.is_empty(),
        "commands outside a runnable block (tag the block ```sh, or ```text if it is not \
         meant to run):\n{}",
        readme.untagged.join("\n")
    );
    let unknown: Vec<String> = readme
        .commands
        .iter()
        .filter_map(|found| match plan(&found.command) {
            Plan::Unknown(word) => Some(format!(
                "{}: `{}`: no value for the placeholder {word} (add one to PLACEHOLDERS)",
                found.place, found.command
            )),
            _ => None,
        })
        .collect();
    assert!(unknown.is_empty(), "\n{}", unknown.join("\n"));
    readme.commands
}

/// What `make test` checks of the documents: every command is where the
/// heavy test below finds it, and can be run.
#[test]
fn every_documented_command_is_found_and_planned() {
    let commands = planned_readme_commands(&default_root());
    assert!(commands.len() > 10, "too few commands found: {commands:?}");
}

#[test]
#[ignore = "heavy: make test-all (a release build in a copy of the workspace, then every command)"]
fn every_documented_command_works_as_written() {
    let root = mirror(&default_root());
    let readme_commands = planned_readme_commands(&root);
    let programs = build_release(&root);
    assert!(!programs.is_empty(), "cargo reported no programs");
    let mut commands = readme_commands;
    commands.extend(help_commands(&programs));
    assert!(commands.len() > 10, "too few commands found: {commands:?}");
    let (mut failures, mut notes) = (Vec::new(), Vec::new());
    for found in &commands {
        let run_as = match plan(&found.command) {
            Plan::Skip(why) => {
                notes.push(format!(
                    "{}: skipped `{}`: {why}",
                    found.place, found.command
                ));
                continue;
            }
            Plan::Unknown(word) => {
                failures.push(format!(
                    "{}: `{}`: no value for the placeholder {word} (add one to PLACEHOLDERS)",
                    found.place, found.command
                ));
                continue;
            }
            Plan::Run(run_as) => run_as,
        };
        let broken = KNOWN_BROKEN.iter().find(|(command, _)| *command == run_as);
        match (run(&root, &found.setup, &run_as, &mut notes), broken) {
            (Outcome::Passed, None) => {}
            (Outcome::Passed, Some(_)) => failures.push(format!(
                "{}: `{run_as}` works now: remove it from KNOWN_BROKEN",
                found.place
            )),
            (Outcome::Failed(why), Some((_, known))) => notes.push(format!(
                "{}: `{run_as}` still fails ({known}): {why}",
                found.place
            )),
            (Outcome::Failed(why), None) => {
                failures.push(format!("{}: `{run_as}`: {why}", found.place))
            }
        }
    }
    let planned: Vec<String> = commands
        .iter()
        .filter_map(|found| match plan(&found.command) {
            Plan::Run(run_as) => Some(run_as),
            _ => None,
        })
        .collect();
    for (command, _) in KNOWN_BROKEN.iter().chain(WRITERS) {
        if !planned.iter().any(|run_as| run_as == command) {
            failures.push(format!(
                "no README shows `{command}` any more: remove its entry"
            ));
        }
    }
    for note in &notes {
        println!("{note}");
    }
    println!("{} documented commands checked", commands.len());
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// Every relative link of every page leads to a file or folder of the
/// workspace (anchors are not checked).
#[test]
fn every_link_of_the_pages_resolves() {
    let root = default_root();
    let mut broken = Vec::new();
    for page in readmes(&root) {
        let text = std::fs::read_to_string(&page).expect("a page");
        let mut rest = text.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = rest[..end].split('#').next().unwrap_or_default();
            let outside = ["http://", "https://", "mailto:"];
            if target.is_empty() || outside.iter().any(|o| target.starts_with(o)) {
                continue;
            }
            if !page.parent().expect("a folder").join(target).exists() {
                let shown = page.strip_prefix(&root).unwrap_or(&page).display();
                broken.push(format!("{shown}: ({target})"));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to nothing:\n{}",
        broken.join("\n")
    );
}

/// Every table of measured figures says when and with what it was
/// measured: either it is a region the `figures` program wrote (stamped
/// with its day and command, its chart drawing the table as it stands, no
/// picture left over), or the text of its section around it names a day
/// and a command.
#[test]
fn every_table_of_figures_names_its_day_and_command() {
    let root = default_root();
    let mut problems = Vec::new();
    let mut drawn = Vec::new();
    for page in readmes(&root) {
        let name = page
            .strip_prefix(&root)
            .unwrap_or(&page)
            .display()
            .to_string();
        let text = std::fs::read_to_string(&page).expect("a page");
        match figures::regions(&text) {
            Ok(regions) => {
                for region in &regions {
                    problems.extend(
                        region_problems(&page, region).into_iter().map(|p| {
                            format!("{name}:{}: region `{}`: {p}", region.line, region.name)
                        }),
                    );
                    if region.chart.is_some() {
                        drawn.push(picture_of(&page, &region.name));
                    }
                }
            }
            Err(e) => problems.push(format!("{name}: {e}")),
        }
        for (line, context) in unmarked_tables_of_figures(&text) {
            if !names_a_day(&context) || !names_a_command(&context) {
                problems.push(format!(
                    "{name}:{line}: a table of figures whose section names no day (YYYY-MM-DD) \
                     and command: say when and with what it was measured, or make it a region \
                     the `figures` program writes"
                ));
            }
        }
    }
    let folders: std::collections::BTreeSet<PathBuf> = readmes(&root)
        .iter()
        .filter_map(|p| Some(p.parent()?.join("figures")))
        .collect();
    for folder in folders {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            if !drawn.contains(&entry.path()) {
                problems.push(format!(
                    "{}: no region of a page draws it",
                    entry
                        .path()
                        .strip_prefix(&root)
                        .unwrap_or(&entry.path())
                        .display()
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// What is wrong with a region as its page holds it.
fn region_problems(page: &Path, region: &figures::Region) -> Vec<String> {
    let mut problems = Vec::new();
    if region.measured_on().is_none() {
        problems.push("no `Measured on DAY` line: write it with the `figures` program".to_string());
    }
    if !region.has_figures() {
        problems.push("its table holds no figure".to_string());
    }
    if region.chart.is_none() {
        return problems;
    }
    if !region
        .body
        .iter()
        .any(|line| line.trim() == region.picture_link())
    {
        problems.push(format!("no link `{}` to its chart", region.picture_link()));
    }
    let path = picture_of(page, &region.name);
    match (figures::chart(region), std::fs::read_to_string(&path)) {
        (Err(e), _) => problems.push(e),
        (Ok(_), Err(e)) => problems.push(format!("{}: {e}", path.display())),
        (Ok(drawn), Ok(committed)) if drawn != committed => problems.push(format!(
            "figures/{}.svg does not draw the table as it stands: write both with the \
             `figures` program",
            region.name
        )),
        (Ok(_), Ok(_)) => {}
    }
    problems
}

fn picture_of(page: &Path, region: &str) -> PathBuf {
    page.parent()
        .expect("a folder")
        .join("figures")
        .join(format!("{region}.svg"))
}

/// The tables of figures outside regions and code blocks: each table's
/// first line, and the text of its section around it (from the heading
/// above, or the table before, to the next heading, table or region).
fn unmarked_tables_of_figures(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let (mut fenced, mut in_region, mut section_start) = (false, false, 0);
    let mut found = Vec::new();
    let mut k = 0;
    while k < lines.len() {
        let line = lines[k].trim();
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with(figures::OPEN) {
            in_region = true;
        } else if !fenced && line.starts_with(figures::CLOSE) {
            in_region = false;
            section_start = k + 1;
        } else if !fenced && line.starts_with('#') {
            section_start = k;
        } else if !fenced && !in_region && line.starts_with('|') {
            let start = k;
            while k < lines.len() && lines[k].trim().starts_with('|') {
                k += 1;
            }
            let mut end = k;
            while end < lines.len()
                && !["#", "|", figures::OPEN]
                    .iter()
                    .any(|s| lines[end].trim().starts_with(s))
            {
                end += 1;
            }
            let rows = &lines[start..k];
            if rows
                .iter()
                .skip(2)
                .any(|row| row.split('|').any(is_a_figure))
            {
                let mut context = lines[section_start..start].join("\n");
                context.push('\n');
                context.push_str(&lines[k..end].join("\n"));
                found.push((start + 1, context));
            }
            section_start = k;
            continue;
        }
        k += 1;
    }
    found
}

/// A measured quantity: a number with a unit of time, size or ratio
/// (`2.2 ms`, `0.28x DLX1`, `31%`, `580 MB`).
fn is_a_figure(cell: &str) -> bool {
    let cell = cell.trim().trim_start_matches("< ");
    let digits = cell
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(cell.len());
    if digits == 0 {
        return false;
    }
    let rest = cell[digits..].trim_start();
    ["µs", "ms", "s", "x", "%", "MB", "KB", "GB"]
        .iter()
        .any(|unit| {
            rest.strip_prefix(unit)
                .is_some_and(|after| !after.starts_with(|c: char| c.is_alphanumeric()))
        })
}

/// Whether text names a day or a month: `2026-11-25`, `2026-11`.
fn names_a_day(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.windows(7).any(|w| {
        w[..4].iter().all(u8::is_ascii_digit)
            && w[0] == b'2'
            && w[4] == b'-'
            && w[5..].iter().all(u8::is_ascii_digit)
    })
}

/// Whether text names a command that measures: quoted in backticks or in
/// a fenced block of commands.
fn names_a_command(text: &str) -> bool {
    let starts = [
        "cargo ",
        "scripts/",
        "dlx ",
        "make ",
        "judge ",
        "rustc ",
        "/usr/bin/time",
        "KNUTH=",
        "TDOKU=",
        "farm-bench",
    ];
    text.contains("```sh")
        || backticked(text)
            .iter()
            .any(|(_, quoted)| starts.iter().any(|s| quoted.starts_with(s)))
}

#[test]
fn tables_of_figures_are_told_from_other_tables() {
    let page = "# A\n\nMeasured on 2026-12-05 with `cargo bench`:\n\n| a | b |\n|---|---|\n| x | 2.2 ms |\n\n\
                # B\n\n| a | b |\n|---|---|\n| x | 0.5x |\n\n\
                # C\n\n| limit | bytes |\n|---|---|\n| atcoder | 524288 (not confirmed) |\n\n\
                ```text\n| 1.5 s |\n```\n";
    let found = unmarked_tables_of_figures(page);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[0].0, 5);
    assert!(names_a_day(&found[0].1) && names_a_command(&found[0].1));
    assert_eq!(found[1].0, 11);
    assert!(!names_a_day(&found[1].1) && !names_a_command(&found[1].1));
    for figure in [
        "2.2 ms",
        "0.28x DLX1",
        "31%",
        "580 MB",
        "< 10 ms",
        "12.06 s, 580 MB (memo)",
    ] {
        assert!(is_a_figure(figure), "{figure}");
    }
    for other in ["524288", "1.63 or later", "2021", "3 solutions", "x", ""] {
        assert!(!is_a_figure(other), "{other}");
    }
}

/// The README is the short page a newcomer reads first: at most 150
/// lines, and how to bundle one's own package on its first screen.
#[test]
fn the_readme_is_short_and_starts_with_bundling() {
    let text = std::fs::read_to_string(default_root().join("README.md")).expect("README.md");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() <= 150, "README.md has {} lines", lines.len());
    let first_screen = lines[..lines.len().min(40)].join("\n");
    assert!(
        first_screen.contains("cargo submit --bin"),
        "{first_screen}"
    );
}

/// Each crate's overview (the `//!` docs of its root, and of `dlx.rs`)
/// names every module the file declares, so that a module added without a
/// word fails here.
#[test]
fn every_module_is_named_in_its_overview() {
    let root = default_root();
    let overviews = [
        "library/src/lib.rs",
        "library/src/dlx.rs",
        "bundler/src/lib.rs",
        "judge-tests/src/lib.rs",
        "cli/src/main.rs",
    ];
    let mut unnamed = Vec::new();
    for file in overviews {
        let text = std::fs::read_to_string(root.join(file)).expect("a crate root");
        let overview: String = text
            .lines()
            .filter_map(|l| l.strip_prefix("//!"))
            .collect::<Vec<_>>()
            .join("\n");
        let mut test_only = false;
        for line in text.lines().map(str::trim) {
            let declared = ["pub mod ", "pub(crate) mod ", "mod "]
                .iter()
                .find_map(|p| line.strip_prefix(p))
                .and_then(|rest| rest.strip_suffix(';'));
            if let (Some(name), false) = (declared, test_only) {
                let named = [
                    format!("`{name}`"),
                    format!("`{name}::"),
                    format!("`{name}.rs`"),
                ];
                if !named.iter().any(|n| overview.contains(n.as_str())) {
                    unnamed.push(format!("{file}: mod {name}"));
                }
            }
            test_only = line == "#[cfg(test)]";
        }
    }
    assert!(
        unnamed.is_empty(),
        "modules their overview does not name:\n{}",
        unnamed.join("\n")
    );
}

/// Every Rust path a page names (`library::dlx::memo::Trial`) leads to a
/// module of the workspace and an item declared there, and every source
/// file it names in backticks (`bundler/src/verify.rs`, `shake/guard.rs`,
/// `cfg.rs`) is a file of the workspace: a module renamed or deleted
/// fails here until the pages follow.
#[test]
fn every_module_and_file_a_page_names_exists() {
    let root = default_root();
    let workspace: Vec<String> = files(&root)
        .iter()
        .filter_map(|f| f.strip_prefix(&root).ok())
        .map(|f| f.to_string_lossy().replace('\\', "/"))
        .collect();
    let mut missing = Vec::new();
    for page in readmes(&root) {
        let text = std::fs::read_to_string(&page).expect("a page");
        let shown = page
            .strip_prefix(&root)
            .unwrap_or(&page)
            .display()
            .to_string();
        for (line, quoted) in backticked(&text) {
            let problem = if quoted.contains("::") {
                rust_path_problem(&root, quoted)
            } else {
                file_problem(&workspace, quoted)
            };
            if let Some(problem) = problem {
                missing.push(format!("{shown}:{line}: `{quoted}`: {problem}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "pages name what does not exist:\n{}",
        missing.join("\n")
    );
}

/// Files the pages name that are not the workspace's, by design: a user's
/// package layout or another crate's file, each with where it is shown.
const NOT_OURS: &[(&str, &str)] = &[
    ("x.rs", "bundler/README: a user's module layout"),
    ("x/mod.rs", "bundler/README: a user's module layout"),
    (
        "src/serde.rs",
        "bundler/README: bitflags' own file, missing from its package",
    ),
];

/// The backticked spans of a page, with their line numbers (fenced
/// blocks skipped: their commands have tests of their own).
fn backticked(text: &str) -> Vec<(usize, &str)> {
    let mut spans = Vec::new();
    let mut fenced = false;
    for (k, line) in text.lines().enumerate() {
        if fence(line).is_some() {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut parts = line.split('`');
        parts.next();
        while let (Some(inside), Some(_)) = (parts.next(), parts.next()) {
            spans.push((k + 1, inside));
        }
    }
    spans
}

/// Why the source file named `quoted` is not found, if it is a source
/// file's name (`*.rs`, `*.py`, `*.sh`) and no file of the workspace ends
/// with it (a `<placeholder>` stands for any one folder or file).
fn file_problem(workspace: &[String], quoted: &str) -> Option<String> {
    let is_source = [".rs", ".py", ".sh"].iter().any(|e| quoted.ends_with(e));
    if !is_source || quoted.contains(char::is_whitespace) || quoted.starts_with("target/") {
        return None;
    }
    if NOT_OURS.iter().any(|(name, _)| *name == quoted) {
        return None;
    }
    let wanted: Vec<&str> = quoted.split('/').collect();
    let found = workspace.iter().any(|f| {
        let have: Vec<&str> = f.split('/').collect();
        have.len() >= wanted.len()
            && wanted
                .iter()
                .zip(&have[have.len() - wanted.len()..])
                .all(|(w, h)| w == h || fills(w, h))
    });
    (!found).then(|| "no file of the workspace has this path".to_string())
}

/// Whether name `have` fills the pattern `wanted` with a placeholder:
/// `<id>.rs` is filled by `p4205.rs`.
fn fills(wanted: &str, have: &str) -> bool {
    let (Some(open), Some(close)) = (wanted.find('<'), wanted.find('>')) else {
        return false;
    };
    let (before, after) = (&wanted[..open], &wanted[close + 1..]);
    have.len() > before.len() + after.len() && have.starts_with(before) && have.ends_with(after)
}

/// Why the Rust path `quoted` does not resolve, if it starts with one of
/// the workspace's crates: each segment must be a module (a file, or an
/// inline `mod`) until one is an item declared in the module reached.
fn rust_path_problem(root: &Path, quoted: &str) -> Option<String> {
    let path = quoted
        .split(['(', '<', ' ', '!'])
        .next()
        .unwrap_or_default();
    let mut segments = path.split("::").filter(|s| !s.is_empty());
    let krate = segments.next()?;
    let src = match krate {
        "library" => root.join("library/src"),
        "bundler" => root.join("bundler/src"),
        "judge_tests" => root.join("judge-tests/src"),
        _ => return None,
    };
    let mut dir = src.clone();
    let mut module = std::fs::read_to_string(src.join("lib.rs")).ok()?;
    let mut reached = krate.to_string();
    for segment in segments {
        let file = [
            dir.join(format!("{segment}.rs")),
            dir.join(segment).join("mod.rs"),
        ]
        .into_iter()
        .find(|f| f.is_file());
        if let Some(file) = file {
            module = std::fs::read_to_string(&file).expect("a module");
            dir = dir.join(segment);
            reached = format!("{reached}::{segment}");
            continue;
        }
        if declares(&module, segment) {
            return None;
        }
        return Some(format!("`{reached}` declares no `{segment}`"));
    }
    None
}

/// Whether module text declares or re-exports an item called `name`.
fn declares(module: &str, name: &str) -> bool {
    let kinds = [
        "struct", "enum", "trait", "fn", "type", "const", "static", "mod", "union",
    ];
    let declared = kinds.iter().any(|kind| {
        let head = format!("{kind} {name}");
        module.match_indices(&head).any(|(at, _)| {
            let after = module[at + head.len()..].chars().next();
            !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
        })
    });
    let reexported = module.lines().any(|line| {
        let line = line.trim_start();
        (line.starts_with("pub use ") || line.starts_with("pub(crate) use "))
            && line
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|word| word == name)
    });
    let macro_rules = module.contains(&format!("macro_rules! {name}"));
    declared || reexported || macro_rules
}

#[cfg(test)]
mod extraction {
    use super::*;

    const DOC: &str = "\
# Title

```sh
cargo build --release   # a comment
# an output line
dlx=target/release/dlx
$dlx file.dlx | \\
  $dlx --first
```

```console
$ make submit-p4205
AC  sample-1
```

```text
cargo run -q -p bundler -- p4205
```

```
make untagged
```

    cargo run -q --bin judge -- <id> [--seed S]

1. A list item
   ```sh
   make help
   ```
";

    #[test]
    fn commands_come_from_runnable_blocks_with_their_places() {
        let found = extract("R.md", DOC);
        let commands: Vec<(&str, &str)> = found
            .commands
            .iter()
            .map(|f| (f.place.as_str(), f.command.as_str()))
            .collect();
        assert_eq!(
            commands,
            [
                ("R.md:4", "cargo build --release   # a comment"),
                ("R.md:7", "$dlx file.dlx |   $dlx --first"),
                ("R.md:12", "make submit-p4205"),
                ("R.md:28", "make help"),
            ]
        );
        assert_eq!(found.commands[1].setup, ["dlx=target/release/dlx"]);
        assert_eq!(
            found.untagged,
            [
                "R.md:21: make untagged",
                "R.md:24: cargo run -q --bin judge -- <id> [--seed S]"
            ]
        );
    }

    #[test]
    fn synopses_are_filled_in_and_expensive_commands_replaced() {
        assert_eq!(
            plan("cargo run -q --bin judge -- stress <id> --count 200 [--seed S]"),
            Plan::Run("cargo run -q --bin judge -- stress p4205 --count 5".into())
        );
        assert_eq!(
            plan("judge <id> [--cases DIR]... --deny-warnings"),
            Plan::Run("judge p4205 --deny-warnings".into())
        );
        assert_eq!(plan("x <new>"), Plan::Unknown("<new>".into()));
        assert_eq!(
            plan("make stress-p4205 COUNT=200 SEED=1   # a comment"),
            Plan::Run("make stress-p4205 COUNT=5 SEED=1".into())
        );
        assert_eq!(
            plan("dlx polyomino examples/pentomino-6x10.polyomino | dlx   # 9356"),
            Plan::Run("dlx polyomino examples/pentomino-6x10.polyomino | dlx -n 500".into())
        );
        assert_eq!(
            without_comment("echo '# not' \"#\" x#y # yes"),
            "echo '# not' \"#\" x#y"
        );
        assert_eq!(plan("dlx < in.dlx"), Plan::Run("dlx < in.dlx".into()));
        assert!(matches!(plan("make test"), Plan::Skip(_)));
        // Assignments in front do not hide what runs.
        let bench = plan("KNUTH=/path/to/knuth cargo bench -p library --bench engines");
        assert!(matches!(bench, Plan::Skip(_)), "{bench:?}");
    }

    #[test]
    fn names_of_modules_and_files_are_resolved() {
        let root = default_root();
        assert_eq!(rust_path_problem(&root, "library::dlx::memo::Trial"), None);
        assert_eq!(rust_path_problem(&root, "library::dlx::Problem::new"), None);
        assert_eq!(
            rust_path_problem(&root, "library::dlx::nowhere::Trial"),
            Some("`library::dlx` declares no `nowhere`".to_string())
        );
        assert!(rust_path_problem(&root, "bundler::judge").is_some());
        assert_eq!(rust_path_problem(&root, "std::fmt::Write"), None);
        let workspace = ["library/src/problems/p4205.rs".to_string()];
        assert_eq!(file_problem(&workspace, "problems/p4205.rs"), None);
        assert_eq!(
            file_problem(&workspace, "library/src/problems/<id>.rs"),
            None
        );
        assert!(file_problem(&workspace, "problems/p9999.rs").is_some());
        assert!(file_problem(&workspace, "src/p4205.rs").is_some());
        assert_eq!(file_problem(&workspace, "README.md"), None);
    }

    #[test]
    fn errors_are_recognised_in_output() {
        assert!(is_error_line("error: unknown problem `x`"));
        assert!(is_error_line("  error[E0308]: mismatched types"));
        assert!(is_error_line("thread 'main' panicked at src/main.rs:1:1:"));
        assert!(!is_error_line("test errors_name_their_place ... ok"));
        assert!(!is_error_line("0 passed, 1 failed"));
    }

    #[test]
    fn help_texts_list_their_subcommands() {
        let help = "Usage: x\n\nCommands:\n  stress   Judge\n  list     Print\n  help     Print\n\nOptions:\n";
        assert_eq!(subcommands(help), ["stress", "list"]);
    }
}
