//! What to bundle and how: the one value every pass reads its settings
//! from.

use std::path::PathBuf;

use crate::emit::Style;
use crate::profiles::Judge;

/// What to bundle and how.
#[derive(Clone, Debug)]
pub struct Options {
    pub source: Source,
    pub judge: Judge,
    pub strip_docs: bool,
    pub minify: bool,
    /// An item to explain (`--explain`).
    pub explain: Option<String>,
    /// Keep every item (tests only drop test code): the reference the
    /// tree-shaken bundle is compared with.
    pub keep_everything: bool,
    /// The judge's rustc version, when the judge table's is out of date
    /// or unknown (`--rustc`): the bundle is checked against it.
    pub rustc: Option<String>,
    /// Where cargo builds a bin's package (`--target-dir`, as cargo takes
    /// it): where the procedural macros it built and what build scripts
    /// printed are read. `None`: where cargo says (`CARGO_TARGET_DIR`, its
    /// configuration, or the workspace's `target/`).
    pub target_dir: Option<PathBuf>,
}

/// Where the code to bundle is.
#[derive(Clone, Debug)]
pub enum Source {
    /// An adapter of a library: `src/problems/<id>.rs`, whose `pub fn
    /// main()` is the entry point, in the library package `library` (as
    /// given: the header's command names it so).
    Problem { id: String, library: PathBuf },
    /// A bin of a user's Cargo package (`--bin`): its `fn main` is the
    /// entry point, and every library crate it uses is bundled with it.
    /// `manifest` is the package's `Cargo.toml` (`None`: the current
    /// directory's).
    Bin {
        name: String,
        manifest: Option<PathBuf>,
    },
}

impl Source {
    /// The profile a bundle of this source is for when none is named:
    /// `stable` for a bin, `default` for a problem of the library.
    pub fn unnamed_judge(&self) -> Judge {
        match self {
            Source::Bin { .. } => Judge::named("stable").expect("the stable profile"),
            Source::Problem { .. } => Judge::all()[0],
        }
    }
}

impl Options {
    /// Adapter `id` of `library`, readable, for the `default` profile
    /// (this project's committed form).
    pub fn new(id: &str, library: PathBuf) -> Options {
        Options::of(Source::Problem {
            id: id.to_string(),
            library,
        })
    }

    /// Bin `name` of the package at `manifest` (`None`: the current
    /// directory's), readable, for the `stable` profile: today's rustc as
    /// a judge that asks for nothing in particular (edition 2024, no size
    /// limit), not this project's committed form.
    pub fn bin(name: &str, manifest: Option<PathBuf>) -> Options {
        Options::of(Source::Bin {
            name: name.to_string(),
            manifest,
        })
    }

    fn of(source: Source) -> Options {
        Options {
            judge: source.unnamed_judge(),
            source,
            strip_docs: false,
            minify: false,
            explain: None,
            keep_everything: false,
            rustc: None,
            target_dir: None,
        }
    }

    /// How the user asked for the bundle to be printed (the judge's size
    /// limit may make it print with less).
    pub fn asked_style(&self) -> Style {
        Style {
            strip_docs: self.strip_docs,
            minify: self.minify,
            unrun: false,
            short: false,
        }
    }

    /// Whether the bundle is in the form `submissions/<id>/main.rs` holds:
    /// the default profile, printed as it is by default, tree-shaken.
    pub fn is_committed_form(&self) -> bool {
        self.judge.is_default() && !self.strip_docs && !self.minify && !self.keep_everything
    }
}
