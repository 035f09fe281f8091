//! The problems of a library: one adapter file each in `src/problems/`,
//! named by its id. The bundler takes these ids only; other names for a
//! problem (aliases) are the judge's business, resolved before the bundler
//! is called (`make submit-cube` bundles `uva197`).
//!
//! An id may have dashes (`kattis-sudokunique`, as the judges name their
//! problems) where a module name cannot: the adapter of id `a-b` is the
//! module `a_b`, file `src/problems/a_b.rs`, and its case folder and
//! submission keep the dashes (`judge-tests/a-b/`, `submissions/a-b/`).
//! [`module_name`] and [`id_of`] are the one place that says so; ids have
//! no underscores, so the two are inverse.
//!
//! ```
//! use bundler::adapters::{id_of, module_name};
//! assert_eq!(module_name("kattis-sudokunique"), "kattis_sudokunique");
//! assert_eq!(id_of("kattis_sudokunique"), "kattis-sudokunique");
//! assert_eq!(id_of("p4205"), "p4205");
//! ```

use std::path::Path;

use crate::error::Error;

/// The module (and file stem) of the adapter of problem `id`: its
/// dashes written as underscores.
pub fn module_name(id: &str) -> String {
    id.replace('-', "_")
}

/// The problem id of the adapter module `module`: its underscores written
/// as dashes.
pub fn id_of(module: &str) -> String {
    module.replace('_', "-")
}

/// Where the committed submission of problem `id` lives in the project
/// whose root (the folder holding `library/`) is `root`:
/// `submissions/<id>/main.rs`. The one place that says so: the bundler
/// writes it, the judge reads it.
pub fn committed(root: &Path, id: &str) -> std::path::PathBuf {
    root.join("submissions").join(id).join("main.rs")
}

/// The library package at `given`, made absolute (so that `--library .`
/// still has a name and a parent), or an error saying what is missing.
pub fn library(given: &Path) -> Result<std::path::PathBuf, Error> {
    let missing = |what: &str| Error::Library {
        path: given.to_path_buf(),
        problem: format!(
            "{what}: --library takes the folder of a library package, the one holding \
             src/lib.rs and one adapter per problem in src/problems/<id>.rs (to bundle a \
             bin of a Cargo package with its dependencies, use --bin NAME there instead)"
        ),
    };
    if !given.is_dir() {
        return Err(missing("no such folder"));
    }
    if !given.join("src").join("lib.rs").is_file() {
        return Err(missing("it has no src/lib.rs"));
    }
    if !given.join("src").join("problems").is_dir() {
        return Err(missing("it has no src/problems/"));
    }
    given.canonicalize().map_err(|source| Error::Io {
        path: given.to_path_buf(),
        source,
    })
}

/// The problem ids of `library`: the files of `src/problems/`, each
/// through [`id_of`], sorted.
pub fn problems(library: &Path) -> Result<Vec<String>, Error> {
    let dir = library.join("src").join("problems");
    let mut ids = Vec::new();
    for entry in walkdir::WalkDir::new(&dir)
        .min_depth(1)
        .max_depth(1)
        .sort_by_file_name()
    {
        let entry = entry.map_err(|e| Error::Io {
            path: dir.clone(),
            source: e.into(),
        })?;
        let path = entry.path();
        if entry.file_type().is_file() && path.extension().is_some_and(|e| e == "rs") {
            if let Some(stem) = path.file_stem() {
                ids.push(id_of(&stem.to_string_lossy()));
            }
        }
    }
    ids.sort();
    Ok(ids)
}

/// `id` if it is a problem of `library`, else an error naming the ids it
/// may be a typo of. The module's name is taken for its id
/// (`kattis_sudokunique` for `kattis-sudokunique`): a library outside this
/// project names its adapters as Rust names modules.
pub fn known(library: &Path, id: &str) -> Result<String, Error> {
    let known = problems(library)?;
    if let Some(found) = known.iter().find(|k| **k == id || **k == id_of(id)) {
        return Ok(found.clone());
    }
    let near = near_misses(id, &known);
    Err(Error::UnknownProblem {
        id: id.to_string(),
        near,
        known,
    })
}

/// The ids of `known` that `typed` is probably a typo of: the same but for
/// case, or at most a third of its characters off (at least one).
pub fn near_misses(typed: &str, known: &[String]) -> Vec<String> {
    let typed = typed.to_lowercase();
    let most = (typed.chars().count() / 3).max(1);
    let mut near: Vec<(usize, &String)> = known
        .iter()
        .map(|k| (distance(&typed, &k.to_lowercase()), k))
        .filter(|&(d, _)| d <= most)
        .collect();
    near.sort();
    near.into_iter().map(|(_, k)| k.clone()).collect()
}

/// Edits (insert, delete, replace, swap two neighbours) from `a` to `b`.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // d[i][j]: edits from a[..i] to b[..j].
    let mut d = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let replace = d[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = replace.min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids() -> Vec<String> {
        [
            "p4205", "uva745", "uva197", "poj3740", "poj3074", "p1784", "p1074",
        ]
        .map(String::from)
        .to_vec()
    }

    #[test]
    fn typos_find_their_id() {
        assert_eq!(near_misses("p420", &ids()), ["p4205"]);
        assert_eq!(near_misses("P4205", &ids()), ["p4205"]);
        assert_eq!(near_misses("poj3704", &ids()), ["poj3074", "poj3740"]);
        assert_eq!(near_misses("uva-745", &ids()), ["uva745"]);
        assert_eq!(near_misses("p1874", &ids()), ["p1074", "p1784"]);
    }

    #[test]
    fn dashed_ids_are_underscored_modules_and_back() {
        for (id, module) in [
            ("kattis-sudokunique", "kattis_sudokunique"),
            ("p4205", "p4205"),
        ] {
            assert_eq!(module_name(id), module);
            assert_eq!(id_of(module), id);
        }
        let library = tempfile::tempdir().unwrap();
        let problems_dir = library.path().join("src/problems");
        std::fs::create_dir_all(&problems_dir).unwrap();
        for stem in ["spoj_nqueen", "abc322_d", "p4205"] {
            std::fs::write(problems_dir.join(format!("{stem}.rs")), "").unwrap();
        }
        assert_eq!(
            problems(library.path()).unwrap(),
            ["abc322-d", "p4205", "spoj-nqueen"]
        );
        assert_eq!(known(library.path(), "spoj-nqueen").unwrap(), "spoj-nqueen");
        assert_eq!(known(library.path(), "spoj_nqueen").unwrap(), "spoj-nqueen");
        assert!(known(library.path(), "spoj-nqeen").is_err());
    }

    #[test]
    fn names_far_from_every_id_find_none() {
        assert!(near_misses("cube", &ids()).is_empty());
        assert!(near_misses("sudoku", &ids()).is_empty());
        assert!(near_misses("x", &ids()).is_empty());
    }
}
