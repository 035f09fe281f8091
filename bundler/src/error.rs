//! What rustc and the bundler have to say about a library: why it could not
//! be bundled ([`Error`]), with the place to look and what to do, and the
//! warnings rustc gives on its code ([`Warning`]), placed in its files.

use std::fmt;
use std::path::PathBuf;

/// A source position shown as `file:line` (or `file:line:column`); the file
/// is workspace-relative so messages match the header of a bundle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub file: String,
    pub line: usize,
    pub column: Option<usize>,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "{}:{}:{}", self.file, self.line, column),
            None => write!(f, "{}:{}", self.file, self.line),
        }
    }
}

/// Everything that stops a bundle; each variant's message says what to do.
#[derive(Debug)]
pub enum Error {
    /// A file could not be read or written.
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// No `library/src/lib.rs` was found from the current directory up.
    NoLibrary,
    /// `--library` names no library package.
    Library { path: PathBuf, problem: String },
    /// syn could not parse a source file.
    Parse { place: Place, message: String },
    /// `include_bytes!`/`include_str!` names a file that cannot be read.
    Include {
        place: Place,
        call: String,
        file: String,
        source: std::io::Error,
    },
    /// `mod name;` names a file that does not exist.
    MissingModFile {
        place: Place,
        module: String,
        tried: Vec<String>,
    },
    /// Both `name.rs` and `name/mod.rs` exist, as rustc also refuses.
    AmbiguousModFile { place: Place, module: String },
    /// A `#[path]` chain includes a file inside itself: no tree of modules
    /// can be printed for that.
    ModuleCycle { place: Place, file: String },
    /// Reached code refers to a crate a judge does not have; `why` it
    /// cannot be bundled, when it is a dependency that cannot.
    ExternalCrate {
        place: Place,
        name: String,
        why: Option<String>,
    },
    /// A procedural macro could not be run at bundling: why, and what to
    /// write instead.
    ProcMacro {
        place: Place,
        /// The attribute as written (`#[fastout]`).
        attribute: String,
        message: String,
    },
    /// `cargo metadata` failed, or what it says does not fit.
    Workspace { message: String },
    /// `--bin NAME` names no bin; `bins` lists those there are.
    NoBin { bin: String, bins: String },
    /// The problem id is not a file of `src/problems/`; `near` are the
    /// known ids it may be a typo of.
    UnknownProblem {
        id: String,
        near: Vec<String>,
        known: Vec<String>,
    },
    /// The adapter file exists but `problems.rs` does not declare it.
    NotDeclared { id: String, file: String },
    /// The adapter has no `fn main`.
    NoMain { file: String },
    /// Even stripped and minified, the bundle is over the judge's limit.
    TooLarge {
        size: usize,
        limit: usize,
        judge: String,
        /// Whether the limit is the project's stand-in for one not known.
        stand_in: bool,
        breakdown: String,
    },
    /// The printed bundle did not parse again: a bug in the bundler.
    SelfCheck { message: String },
    /// `--explain` named an item that is not in the library.
    UnknownItem { name: String },
    /// The judge's rustc would not take the bundle: what needs a newer one.
    TooNew {
        judge: String,
        rustc: String,
        checked_with: String,
        needs: Vec<String>,
    },
    /// rustc could not be run.
    Rustc { message: String },
    /// The library does not compile as one file: rustc's reports, placed in
    /// the library's files.
    DoesNotCompile {
        /// `the library`, `the bin and the crates it uses`.
        what: &'static str,
        /// The edition it was compiled as: the judge's.
        edition: &'static str,
        errors: usize,
        warnings: usize,
        reports: Vec<String>,
    },
    /// rustc reports dead code the bundler cannot delete, or a deletion
    /// broke the bundle: a bug in the bundler or a case it does not handle.
    Shake { message: String },
    /// On a sample, the bundle printed or exited otherwise than the
    /// program: refused, and kept at `kept` to look at.
    Differs {
        bin: String,
        sample: String,
        detail: String,
        kept: PathBuf,
    },
}

/// How `--explain` takes a name.
const NAMING: &str = "name an item by its path from the crate root (dlx::Solver), a member by \
    its type or trait (dlx::Solver::first, dlx::Search::first), or by its last segments \
    (Search::first)";

impl Error {
    /// The messages of the errors in reading the library's files.
    fn fmt_reading(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        Some(match self {
            Error::Io { path, source } => write!(f, "{}: {source}", path.display()),
            Error::NoLibrary => write!(
                f,
                "no library/src/problems/ found from the current folder up: to bundle a bin of \
                 your Cargo package (with the crates it uses), pass --bin NAME; to bundle an \
                 adapter of a library, pass its id and --library DIR"
            ),
            Error::Library { path, problem } => write!(f, "--library {}: {problem}", path.display()),
            Error::Parse { place, message } => {
                write!(f, "{place}: cannot parse: {message}; fix the syntax (cargo build -p library shows the same error)")
            }
            Error::Include {
                place,
                call,
                file,
                source,
            } => write!(f, "{place}: {call} reads {file}, which cannot be read: {source}"),
            Error::MissingModFile { place, module, tried } => write!(
                f,
                "{place}: `mod {module};` has no file: create one of {} (or add #[path = \"...\"])",
                tried.join(" or ")
            ),
            Error::AmbiguousModFile { place, module } => write!(
                f,
                "{place}: `mod {module};` matches both {module}.rs and {module}/mod.rs; delete one"
            ),
            Error::ModuleCycle { place, file } => write!(
                f,
                "{place}: module cycle: {file} would include itself through #[path]; point #[path] at another file"
            ),
            _ => return None,
        })
    }
}

/// A judge's size limit, as an error names it.
fn whose_limit(limit: usize, judge: &str, stand_in: bool) -> String {
    match stand_in {
        true => format!(
            "the limit of {limit} bytes that stands in for {judge}'s (not known here: \
             --max-bytes BYTES gives the judge's own)"
        ),
        false => format!("{judge}'s limit of {limit} bytes"),
    }
}

/// The message of [`Error::Shake`].
fn shake_failed(f: &mut fmt::Formatter<'_>, message: &str) -> fmt::Result {
    write!(
        f,
        "the bundle cannot be made free of dead code: {message}\n\
         (`--keep-everything` bundles the whole library instead; please report this case)"
    )
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(result) = self.fmt_reading(f) {
            return result;
        }
        match self {
            Error::ExternalCrate { place, name, why } => external_crate(f, place, name, why),
            Error::ProcMacro { place, attribute: a, message: m } => write!(f, "{place}: {a}: {m}"),
            Error::Workspace { message } | Error::Rustc { message } => write!(f, "{message}"),
            Error::NoBin { bin, bins } => write!(f, "no bin `{bin}`: {bins}"),
            Error::UnknownProblem { id, near, known } => unknown_problem(f, id, near, known),
            Error::NotDeclared { id, file } => {
                write!(f, "{file}: problem `{id}` is not declared; add `pub mod {id};` to problems.rs")
            }
            Error::NoMain { file } => write!(
                f,
                "{file}: the adapter has no `pub fn main()`; add `pub fn main() {{ crate::input::run(solve) }}` \
                 (or, for LeetCode's shape, an `impl Solution` with a `pub` method)"
            ),
            Error::TooLarge { size, limit, judge, stand_in, breakdown } => write!(
                f,
                "the bundle is {size} bytes even stripped and minified, over {}; \
                 the largest items:\n{breakdown}",
                whose_limit(*limit, judge, *stand_in)
            ),
            Error::SelfCheck { message } => {
                write!(f, "internal error: the bundle does not parse again ({message}); please report it")
            }
            Error::UnknownItem { name } => write!(f, "no item `{name}` in the library; {NAMING}"),
            Error::TooNew {
                judge,
                rustc,
                checked_with,
                needs,
            } => too_new(f, (judge, rustc), checked_with, needs),
            Error::DoesNotCompile {
                what,
                edition,
                errors,
                warnings,
                reports,
            } => does_not_compile(f, (what, edition), (*errors, *warnings), reports),
            Error::Differs { bin, sample, detail, kept } => write!(
                f,
                "the bundle of `{bin}` does not do what the program does on sample {sample}: {detail}; \
                 it is not written (kept at {} to look at); please report this case",
                kept.display()
            ),
            Error::Shake { message } => shake_failed(f, message),
            Error::Io { .. }
            | Error::NoLibrary
            | Error::Library { .. }
            | Error::Parse { .. }
            | Error::Include { .. }
            | Error::MissingModFile { .. }
            | Error::AmbiguousModFile { .. }
            | Error::ModuleCycle { .. } => Ok(()),
        }
    }
}

fn too_new(
    f: &mut fmt::Formatter<'_>,
    (judge, rustc): (&str, &str),
    checked_with: &str,
    needs: &[String],
) -> fmt::Result {
    write!(
        f,
        "the bundle needs a newer rustc than {judge}'s {rustc} (checked with \
         {checked_with}):\n  {}\nkeep the library to rustc {rustc}, pick a judge whose \
         rustc is newer (--judge), or give the judge's actual rustc if the table is out of \
         date (--rustc VERSION)",
        needs.join("\n  ")
    )
}

fn external_crate(
    f: &mut fmt::Formatter<'_>,
    place: &Place,
    name: &str,
    why: &Option<String>,
) -> fmt::Result {
    match why {
        Some(why) => write!(
            f,
            "{place}: uses the crate `{name}`, which cannot be bundled: {why}"
        ),
        None => write!(
            f,
            "{place}: uses the crate `{name}`, but a submission may use only std, core and \
             alloc; move the code you need into the library or write it with std (or bundle \
             a bin of a Cargo package that depends on `{name}` with --bin, which inlines it)"
        ),
    }
}

fn unknown_problem(
    f: &mut fmt::Formatter<'_>,
    id: &str,
    near: &[String],
    known: &[String],
) -> fmt::Result {
    write!(f, "unknown problem `{id}`; ")?;
    match near {
        [] => write!(
            f,
            "the problems are {} (the bundler takes the ids of src/problems/; \
             `make submit-<alias>` resolves an alias)",
            known.join(", ")
        ),
        [one] => write!(f, "did you mean `{one}`?"),
        more => write!(f, "did you mean one of {}?", more.join(", ")),
    }
}

fn does_not_compile(
    f: &mut fmt::Formatter<'_>,
    (what, edition): (&str, &str),
    (errors, warnings): (usize, usize),
    reports: &[String],
) -> fmt::Result {
    let plural = |n: usize, what: &str| match n {
        1 => format!("1 {what}"),
        n => format!("{n} {what}s"),
    };
    write!(
        f,
        "{what} {} not compile as one file: {}, {} (as edition {edition}, the judge's; places \
         are in the library's files)",
        if what.contains(" and ") { "do" } else { "does" },
        plural(errors, "error"),
        plural(warnings, "warning")
    )?;
    for report in reports {
        write!(f, "\n\n{report}")?;
    }
    Ok(())
}

/// A warning rustc gives on the library's own code (not about dead code,
/// which the bundler deletes): the bundle keeps the code, so the user must
/// see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The lint, e.g. `unused_variables`.
    pub lint: String,
    pub message: String,
    /// The item it is in, e.g. `crate::dlx::Solver::new`.
    pub item: String,
    /// Where it is in the library's files (`None` if rustc gives no place
    /// there).
    pub place: Option<Place>,
    /// rustc's report as it writes it, with its places and quoted lines in
    /// the library's files.
    pub rendered: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rendered)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
