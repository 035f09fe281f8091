//! The problems of the workspace, discovered on disk: the ids are the
//! adapters `library/src/problems/<module>.rs` and the case folders
//! `judge-tests/<id>/` that hold a `.problem.toml`; aliases come from the
//! `aliases` key of that file. An id's dashes are underscores in its
//! module's name (`kattis-sudokunique` is `kattis_sudokunique.rs`), as
//! the bundler's [`bundler::adapters::module_name`] says.
//!
//! ```
//! use judge_tests::catalog::{default_root, Catalog};
//! let catalog = Catalog::discover(&default_root()).unwrap();
//! let cube = catalog.resolve("cube").unwrap();
//! assert_eq!(cube.id, "uva197");
//! assert!(cube.adapter.is_some() && cube.cases.is_some());
//! ```
//!
//! This is the one owner of the catalog: no list of problems is kept
//! anywhere else, and nothing else reads `.problem.toml`. The judge's usage
//! text, the tests that judge every submission and recompute every expected
//! output start from here; the Makefile globs the adapters for its targets
//! and asks `judge resolve NAME` for the id an alias names, and the bundler
//! takes canonical ids only.

use crate::compare::Checker;
use crate::error::Error;
use crate::settings::{CheckerKind, Settings, FILE_NAME};
use crate::support::{self, Support};
use std::path::{Path, PathBuf};

/// One problem: whichever of its two halves exist, and its settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The id: the adapter's file stem, the case folder's name.
    pub id: String,
    /// `library/src/problems/<module>.rs`, when it exists.
    pub adapter: Option<PathBuf>,
    /// `judge-tests/<id>/`, when it holds a `.problem.toml`.
    pub cases: Option<PathBuf>,
    /// `submissions/<id>/main.rs`, whether or not it exists yet.
    pub submission: PathBuf,
    /// From the case folder's `.problem.toml`; the defaults without one.
    pub settings: Settings,
}

impl Problem {
    /// The problem's entry in the registry of `judge-tests/src/support.rs`.
    pub fn support(&self) -> Option<&'static Support> {
        support::find(&self.id)
    }

    /// The case folder, or why there is none.
    pub fn case_dir(&self) -> Result<&Path, Error> {
        self.cases.as_deref().ok_or_else(|| Error::NoCaseFolder {
            id: self.id.clone(),
        })
    }

    /// What is missing for the problem to be whole (an adapter and a case
    /// folder), or `None`.
    pub fn missing_half(&self) -> Option<Error> {
        match (&self.adapter, &self.cases) {
            (Some(_), Some(_)) => None,
            (None, _) => Some(Error::NoAdapter {
                id: self.id.clone(),
            }),
            (_, None) => self.case_dir().err(),
        }
    }

    /// The checker the settings ask for; `problem` is looked up in the registry.
    pub fn checker(&self) -> Result<Checker, Error> {
        match self.settings.checker {
            CheckerKind::Rule(rule) => Ok(Checker::Rule(rule)),
            CheckerKind::Problem => own_checker(&self.id),
        }
    }
}

/// The own checker of problem `id`, as `checker = "problem"` asks.
pub fn own_checker(id: &str) -> Result<Checker, Error> {
    match support::find(id).and_then(|support| support.checker) {
        Some(own) => Ok(Checker::Own {
            about: own.about,
            check: own.check,
        }),
        None => Err(Error::NoOwnChecker { id: id.to_string() }),
    }
}

/// Every problem of one workspace, sorted by id.
#[derive(Clone, Debug)]
pub struct Catalog {
    /// The workspace root (holding `library/` and `judge-tests/`).
    pub root: PathBuf,
    /// The problems, sorted by id.
    pub problems: Vec<Problem>,
}

/// The workspace to judge: the nearest folder, from the current one up,
/// that holds both `library/src/problems/` and `judge-tests/`; else the
/// workspace this crate was compiled in. The current folder comes first
/// because one binary may serve several checkouts (a copy of the workspace
/// built into the same `target/` would otherwise judge the copy's files).
pub fn default_root() -> PathBuf {
    let is_root =
        |dir: &Path| dir.join("library/src/problems").is_dir() && dir.join("judge-tests").is_dir();
    let here = std::env::current_dir().ok();
    let found = here
        .as_deref()
        .and_then(|here| here.ancestors().find(|dir| is_root(dir)));
    match found {
        Some(dir) => dir.to_path_buf(),
        None => {
            let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
            manifest.parent().unwrap_or(manifest).to_path_buf()
        }
    }
}

impl Catalog {
    /// Finds every problem under `root`. Fails on an unreadable folder, a
    /// settings file that does not parse, or an alias that names two things.
    pub fn discover(root: &Path) -> Result<Catalog, Error> {
        let adapters: Vec<String> = files_with_extension(&root.join("library/src/problems"), "rs")?
            .iter()
            .map(|stem| bundler::adapters::id_of(stem))
            .collect();
        let folders = case_folders(&root.join("judge-tests"))?;
        let mut ids: Vec<String> = adapters.iter().chain(&folders).cloned().collect();
        ids.sort();
        ids.dedup();
        let problems = ids
            .into_iter()
            .map(|id| load(root, id, &adapters, &folders))
            .collect::<Result<Vec<_>, _>>()?;
        let catalog = Catalog {
            root: root.to_path_buf(),
            problems,
        };
        catalog.check_aliases()?;
        Ok(catalog)
    }

    /// The ids, sorted.
    pub fn ids(&self) -> Vec<&str> {
        self.problems.iter().map(|p| p.id.as_str()).collect()
    }

    /// Every `(alias, id)` pair, sorted by alias.
    pub fn aliases(&self) -> Vec<(&str, &str)> {
        let mut pairs: Vec<(&str, &str)> = self
            .problems
            .iter()
            .flat_map(|p| {
                p.settings
                    .aliases
                    .iter()
                    .map(|a| (a.as_str(), p.id.as_str()))
            })
            .collect();
        pairs.sort();
        pairs
    }

    /// The problem an id or alias names, or an error that suggests the id
    /// or alias one typo away (or lists them all).
    pub fn resolve(&self, name: &str) -> Result<&Problem, Error> {
        let id = self
            .aliases()
            .into_iter()
            .find(|(alias, _)| *alias == name)
            .map_or(name, |(_, id)| id);
        self.problems
            .iter()
            .find(|p| p.id == id)
            .ok_or_else(|| Error::UnknownProblem {
                name: name.to_string(),
                near: self.near_miss(name).map(str::to_string),
                known: self.known(),
            })
    }

    /// The id or alias closest to `name`, if it is close enough to be a
    /// typo: an edit or two away (a letter wrong, missing, extra, or two
    /// swapped), ignoring case; one edit for a name of up to 4 letters.
    fn near_miss(&self, name: &str) -> Option<&str> {
        let name = name.to_lowercase();
        let allowed = if name.chars().count() <= 4 { 1 } else { 2 };
        let names = self
            .ids()
            .into_iter()
            .chain(self.aliases().into_iter().map(|(a, _)| a));
        names
            .map(|candidate| (edit_distance(&name, &candidate.to_lowercase()), candidate))
            .filter(|(distance, _)| *distance <= allowed)
            .min()
            .map(|(_, candidate)| candidate)
    }

    /// `latin, p4205, uva197 (alias cube), uva745`: every id with its aliases.
    pub fn known(&self) -> String {
        let named: Vec<String> = self
            .problems
            .iter()
            .map(|p| match p.settings.aliases.as_slice() {
                [] => p.id.clone(),
                aliases => format!("{} (alias {})", p.id, aliases.join(", ")),
            })
            .collect();
        named.join(", ")
    }

    /// An alias must not be an id, nor the alias of two problems.
    fn check_aliases(&self) -> Result<(), Error> {
        let aliases = self.aliases();
        for (k, (alias, id)) in aliases.iter().enumerate() {
            if self.problems.iter().any(|p| p.id == *alias) {
                return Err(Error::AliasIsAnId {
                    id: id.to_string(),
                    alias: alias.to_string(),
                });
            }
            if let Some((_, other)) = aliases[..k].iter().find(|(a, _)| a == alias) {
                return Err(Error::AliasOfTwo {
                    alias: alias.to_string(),
                    ids: (other.to_string(), id.to_string()),
                });
            }
        }
        Ok(())
    }
}

/// The optimal string alignment distance: how many letters must be
/// replaced, inserted, deleted or swapped with a neighbour to turn `a` into
/// `b` (Damerau's typos).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // rows[i][j]: the distance between a[..i] and b[..j].
    let mut rows = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    rows[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let replace = rows[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = replace.min(rows[i - 1][j] + 1).min(rows[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

/// One problem's paths and settings.
fn load(
    root: &Path,
    id: String,
    adapters: &[String],
    folders: &[String],
) -> Result<Problem, Error> {
    let adapter = adapters.contains(&id).then(|| {
        let module = bundler::adapters::module_name(&id);
        root.join("library/src/problems")
            .join(format!("{module}.rs"))
    });
    let cases = folders
        .contains(&id)
        .then(|| root.join("judge-tests").join(&id));
    let settings = match &cases {
        Some(dir) => Settings::load_dir(dir)?,
        None => Settings::default(),
    };
    Ok(Problem {
        submission: bundler::committed(root, &id),
        id,
        adapter,
        cases,
        settings,
    })
}

/// The stems of the files `dir/*.<extension>`, sorted.
fn files_with_extension(dir: &Path, extension: &str) -> Result<Vec<String>, Error> {
    let mut stems = Vec::new();
    for path in entries(dir)? {
        if path.is_file() && path.extension().is_some_and(|e| e == extension) {
            stems.extend(path.file_stem().map(|s| s.to_string_lossy().into_owned()));
        }
    }
    stems.sort();
    Ok(stems)
}

/// The names of the folders `dir/<id>/` that hold a settings file, sorted.
fn case_folders(dir: &Path) -> Result<Vec<String>, Error> {
    let mut names = Vec::new();
    for path in entries(dir)? {
        if path.join(FILE_NAME).is_file() {
            names.extend(path.file_name().map(|s| s.to_string_lossy().into_owned()));
        }
    }
    names.sort();
    Ok(names)
}

/// The paths in `dir`; a missing directory has none.
fn entries(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .map(|entry| entry.map(|e| e.path()))
            .collect::<Result<_, _>>()
            .map_err(|e| Error::io(dir, e)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(Error::io(dir, e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A workspace with the given adapters and case folders (settings text each).
    fn workspace(adapters: &[&str], folders: &[(&str, &str)]) -> tempfile::TempDir {
        let root = tempfile::tempdir().unwrap();
        let library = root.path().join("library/src/problems");
        std::fs::create_dir_all(&library).unwrap();
        for id in adapters {
            std::fs::write(library.join(format!("{id}.rs")), "").unwrap();
        }
        for (id, settings) in folders {
            let dir = root.path().join("judge-tests").join(id);
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join(FILE_NAME), settings).unwrap();
        }
        std::fs::create_dir_all(root.path().join("judge-tests/src")).unwrap();
        root
    }

    #[test]
    fn ids_come_from_adapters_and_case_folders() {
        let root = workspace(&["b", "a"], &[("a", "aliases = [\"first\"]"), ("c", "")]);
        let catalog = Catalog::discover(root.path()).unwrap();
        assert_eq!(catalog.ids(), ["a", "b", "c"]);
        assert_eq!(catalog.aliases(), [("first", "a")]);
        assert_eq!(catalog.resolve("first").unwrap().id, "a");
        assert_eq!(catalog.known(), "a (alias first), b, c");
        let b = catalog.resolve("b").unwrap();
        assert!(b
            .missing_half()
            .unwrap()
            .to_string()
            .contains("no case folder judge-tests/b/"));
        let c = catalog.resolve("c").unwrap();
        assert!(c.missing_half().unwrap().to_string().contains("no adapter"));
        assert!(catalog.resolve("a").unwrap().missing_half().is_none());
        let unknown = catalog.resolve("zz").unwrap_err().to_string();
        assert_eq!(
            unknown,
            "unknown problem `zz`; known: a (alias first), b, c"
        );
    }

    #[test]
    fn a_dashed_id_is_an_underscored_adapter() {
        let root = workspace(&["kattis_sudokunique"], &[("kattis-sudokunique", "")]);
        let catalog = Catalog::discover(root.path()).unwrap();
        assert_eq!(catalog.ids(), ["kattis-sudokunique"]);
        let problem = catalog.resolve("kattis-sudokunique").unwrap();
        assert!(problem.missing_half().is_none());
        let adapter = problem.adapter.as_ref().unwrap();
        assert!(adapter.ends_with("library/src/problems/kattis_sudokunique.rs"));
        assert!(problem
            .submission
            .ends_with("submissions/kattis-sudokunique/main.rs"));
        let unknown = catalog.resolve("kattis_sudokunique").unwrap_err();
        assert_eq!(
            unknown.to_string(),
            "unknown problem `kattis_sudokunique`; did you mean `kattis-sudokunique`?"
        );
    }

    #[test]
    fn bad_settings_and_ambiguous_aliases_are_errors() {
        let root = workspace(&["a"], &[("a", "checker = \"nope\"")]);
        let error = Catalog::discover(root.path()).unwrap_err().to_string();
        assert!(
            error.contains(".problem.toml:1: unknown checker"),
            "{error}"
        );
        let root = workspace(&["a", "b"], &[("a", "aliases = [\"b\"]")]);
        let error = Catalog::discover(root.path()).unwrap_err().to_string();
        assert_eq!(error, "a: alias `b` is an id too");
        let twice = "aliases = [\"x\"]";
        let root = workspace(&["a", "b"], &[("a", twice), ("b", twice)]);
        let error = Catalog::discover(root.path()).unwrap_err().to_string();
        assert_eq!(error, "alias `x` names both a and b");
    }

    #[test]
    fn the_problem_checker_comes_from_the_registry() {
        let root = workspace(
            &["latin", "new"],
            &[
                ("latin", "checker = \"problem\""),
                ("new", "checker = \"problem\""),
            ],
        );
        let catalog = Catalog::discover(root.path()).unwrap();
        let latin = catalog.resolve("latin").unwrap().checker().unwrap();
        assert!(latin.to_string().starts_with("problem ("), "{latin}");
        let error = catalog.resolve("new").unwrap().checker().unwrap_err();
        assert!(
            error.to_string().contains("lists no checker for `new`"),
            "{error}"
        );
    }

    #[test]
    fn a_near_miss_gets_a_suggestion() {
        let root = workspace(
            &["p4205", "uva197", "poj3074"],
            &[
                ("uva197", "aliases = [\"cube\"]"),
                ("poj3074", "aliases = [\"sudoku\"]"),
            ],
        );
        let catalog = Catalog::discover(root.path()).unwrap();
        let suggestion = |name: &str| match catalog.resolve(name) {
            Err(Error::UnknownProblem { near, .. }) => near,
            other => panic!("{name}: {other:?}"),
        };
        assert_eq!(suggestion("p42O5").as_deref(), Some("p4205"));
        assert_eq!(suggestion("P4250").as_deref(), Some("p4205"));
        assert_eq!(suggestion("uva19").as_deref(), Some("uva197"));
        assert_eq!(suggestion("sudok").as_deref(), Some("sudoku"));
        assert_eq!(suggestion("cub").as_deref(), Some("cube"));
        assert_eq!(suggestion("tube"), Some("cube".to_string()));
        assert_eq!(suggestion("uva10109"), None);
        assert_eq!(suggestion("tile"), None);
        let error = catalog.resolve("p42O5").unwrap_err().to_string();
        assert_eq!(error, "unknown problem `p42O5`; did you mean `p4205`?");
    }

    #[test]
    fn edit_distances_count_typos() {
        assert_eq!(edit_distance("p4205", "p4205"), 0);
        assert_eq!(edit_distance("p4250", "p4205"), 1);
        assert_eq!(edit_distance("p420", "p4205"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
