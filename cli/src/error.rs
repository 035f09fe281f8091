//! What stops a `dlx` run, each kind with the place it names; `main`
//! prints it after `dlx: ` and exits with status 1.

use std::{fmt, io};

use library::dlx::{engine, text};

use crate::tiling;

#[derive(Debug)]
pub enum Error {
    /// A file (or `<stdin>`) could not be read.
    Read { name: String, source: io::Error },
    /// Something could not be written: standard output (`what` says
    /// what was being written) or the file `what` names.
    Write { what: String, source: io::Error },
    /// A DLX file is not valid: the parser says where and why.
    Text {
        name: String,
        source: text::ParseError,
    },
    /// A tiling description is not valid.
    Description { name: String, source: tiling::Error },
    /// A tiling description is not UTF-8 from this place on.
    NotUtf8 {
        name: String,
        line: usize,
        column: usize,
    },
    /// The engine asked for cannot search this problem.
    Engine {
        name: String,
        source: engine::Refused,
    },
    /// `dlx` will not do what was asked, at this place, for this reason:
    /// drawing what is not a board, splitting a part, a report of `dlx sum`
    /// that is malformed or missing.
    Refused { place: String, reason: String },
}

impl Error {
    /// A refusal at `place`.
    pub fn refused(place: impl Into<String>, reason: impl Into<String>) -> Error {
        Error::Refused {
            place: place.into(),
            reason: reason.into(),
        }
    }

    /// A failed write of `what`.
    pub fn write(what: impl Into<String>) -> impl FnOnce(io::Error) -> Error {
        let what = what.into();
        move |source| Error::Write { what, source }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Read { name, source } => write!(f, "{name}: {source}"),
            Error::Write { what, source } => write!(f, "cannot write {what}: {source}"),
            Error::Text { name, source } => write!(f, "{name}:{source}"),
            Error::Description { name, source } => write!(f, "{name}:{source}"),
            Error::NotUtf8 { name, line, column } => write!(
                f,
                "{name}:{line}:{column}: a description is text (UTF-8); this byte is not"
            ),
            Error::Engine { name, source } => write!(f, "{name}: {source}"),
            Error::Refused { place, reason } if place.is_empty() => write!(f, "{reason}"),
            Error::Refused { place, reason } => write!(f, "{place}: {reason}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Read { source, .. } | Error::Write { source, .. } => Some(source),
            Error::Text { source, .. } => Some(source),
            Error::Description { source, .. } => Some(source),
            Error::Engine { source, .. } => Some(source),
            Error::NotUtf8 { .. } | Error::Refused { .. } => None,
        }
    }
}
