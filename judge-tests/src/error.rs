//! What can go wrong in the harness itself, as one enum whose Display names
//! the place. A submission that fails is not an error: that is a verdict
//! ([`crate::verdict::Verdict`]).
//!
//! ```
//! use judge_tests::catalog::{default_root, Catalog};
//! use judge_tests::error::Error;
//! let catalog = Catalog::discover(&default_root()).unwrap();
//! let error = catalog.resolve("p42O5").unwrap_err();
//! assert!(matches!(error, Error::UnknownProblem { .. }));
//! assert_eq!(error.to_string(), "unknown problem `p42O5`; did you mean `p4205`?");
//! ```

use crate::settings;
use std::fmt;
use std::io;
use std::path::PathBuf;

/// An error of the harness.
#[derive(Debug)]
pub enum Error {
    /// A file or folder could not be read or written.
    Io {
        /// The file or folder.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A `.problem.toml` that does not parse.
    Settings(settings::Error),
    /// A name that is neither a problem id nor an alias.
    UnknownProblem {
        /// The name as given.
        name: String,
        /// The id or alias it is one typo away from, if any.
        near: Option<String>,
        /// Every id with its aliases, for the message when nothing is near.
        known: String,
    },
    /// An alias that is also a problem id.
    AliasIsAnId {
        /// The problem whose settings list the alias.
        id: String,
        /// The alias.
        alias: String,
    },
    /// An alias listed by two problems.
    AliasOfTwo {
        /// The alias.
        alias: String,
        /// The two problems, in id order.
        ids: (String, String),
    },
    /// A case folder without its adapter.
    NoAdapter {
        /// The problem.
        id: String,
    },
    /// An adapter without its case folder.
    NoCaseFolder {
        /// The problem.
        id: String,
    },
    /// `checker = "problem"`, but the registry has no checker for it.
    NoOwnChecker {
        /// The problem.
        id: String,
    },
    /// No generator and reference for a stress run.
    NoStressSupport {
        /// The problem.
        id: String,
    },
    /// `--class` names no hard class of the problem.
    NoSuchClass {
        /// The problem.
        id: String,
        /// The name given.
        class: String,
        /// The problem's classes, comma-separated.
        known: String,
    },
    /// A case input without the expected output beside it.
    NoExpectedOutput {
        /// The `.in` file.
        input: PathBuf,
    },
    /// Case folders without a single `*.in`.
    NoCases {
        /// The folders.
        dirs: Vec<PathBuf>,
    },
    /// A stress run that could not go on (a generator without an answer
    /// for its own input, a regression that could not be saved).
    Stress(io::Error),
    /// The submission to judge does not exist.
    NoSource(PathBuf),
    /// The bundler could not write the submission: its message.
    Bundle(String),
    /// Arguments that do not go together: why.
    Usage(String),
}

impl Error {
    /// An I/O error about `path`.
    pub fn io(path: impl Into<PathBuf>, source: io::Error) -> Error {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io { path, source } => write!(f, "{}: {source}", path.display()),
            Error::Settings(e) => write!(f, "{e}"),
            Error::UnknownProblem { name, near, known } => match near {
                Some(near) => write!(f, "unknown problem `{name}`; did you mean `{near}`?"),
                None => write!(f, "unknown problem `{name}`; known: {known}"),
            },
            Error::AliasIsAnId { id, alias } => write!(f, "{id}: alias `{alias}` is an id too"),
            Error::AliasOfTwo { alias, ids } => {
                write!(f, "alias `{alias}` names both {} and {}", ids.0, ids.1)
            }
            Error::NoAdapter { id } => write!(
                f,
                "{id}: judge-tests/{id}/ has no adapter library/src/problems/{}.rs",
                bundler::adapters::module_name(id)
            ),
            Error::NoCaseFolder { id } => write!(
                f,
                "{id}: no case folder judge-tests/{id}/ with a {}",
                settings::FILE_NAME
            ),
            Error::NoOwnChecker { id } => write!(
                f,
                "{id}: checker = \"problem\" but judge-tests/src/support.rs lists no checker for `{id}`"
            ),
            Error::NoStressSupport { id } => write!(
                f,
                "{id} has no stress support: judge-tests/src/support.rs lists no generator \
                 and reference for it (its cases are still judged with `judge {id}`)"
            ),
            Error::NoSuchClass { id, class, known } if known.is_empty() => write!(
                f,
                "{id} has no hard class `{class}`: it has none (judge-tests/src/support/{id}.rs)"
            ),
            Error::NoSuchClass { id, class, known } => write!(
                f,
                "{id} has no hard class `{class}`; its classes: {known}"
            ),
            Error::NoExpectedOutput { input } => write!(
                f,
                "{}: no expected output beside it ({} is missing)",
                input.display(),
                input.with_extension("out").display()
            ),
            Error::NoCases { dirs } => {
                let shown: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
                write!(f, "no *.in cases in {}", shown.join(", "))
            }
            Error::Stress(e) => write!(f, "the stress run stopped: {e}"),
            Error::NoSource(path) => write!(
                f,
                "{}: no such file (bundle it first: `make submit-<id>` or `judge submit <id>`)",
                path.display()
            ),
            Error::Bundle(message) => write!(f, "the bundler failed: {message}"),
            Error::Usage(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<settings::Error> for Error {
    fn from(e: settings::Error) -> Error {
        Error::Settings(e)
    }
}
