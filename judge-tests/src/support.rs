//! The registry of what the harness knows about a problem beyond its cases:
//! an independent reference solver, a stress generator, its own checker.
//! Everything here is optional: a problem without an entry is still judged
//! with a generic checker, staleness-checked and listed, since the list of
//! problems comes from the files on disk (see [`crate::catalog`]).
//!
//! ```
//! use judge_tests::support;
//! let p4205 = support::find("p4205").unwrap();
//! assert!(p4205.reference.is_some() && p4205.generator.is_some());
//! assert!(support::find("no-such-problem").is_none());
//! ```
//!
//! None of this uses `library/`: an oracle must not share the code it
//! judges. Nor does a problem's module use another's: what several share
//! is a kit ([`grid`] for the sudoku family, [`matrix`] for 0-1 matrices,
//! [`leetcode`] for LeetCode's drivers and n-queens).
//! To give a problem support, write `support/<module>.rs` with a `SUPPORT`
//! (the module named as the adapter's, `kattis_sudokunique` for the id
//! `kattis-sudokunique`) and add its `mod` line and its `SUPPORT` to
//! [`ALL`]; a test fails while a module is left out.

pub mod abc196_d;
pub mod abc322_d;
pub mod abc345_d;
pub mod boj_2239;
pub mod boj_4574;
pub mod grid;
pub mod jigsaw;
pub mod kattis_sudokunique;
pub mod killer;
pub mod latin;
pub mod leetcode;
pub mod leetcode_37;
pub mod leetcode_51;
pub mod leetcode_52;
pub mod matrix;
pub mod p1074;
pub mod p1219;
pub mod p1784;
pub mod p4205;
pub mod p4929;
pub mod poj3074;
pub mod poj3740;
pub mod spoj1110;
pub mod spoj_nqueen;
pub mod spoj_sudogob;
pub mod uva197;
pub mod uva745;

use crate::compare::CheckFn;
use crate::rng::Rng;

/// A brute-force solver: the expected output of an input, or why the input
/// has no defined answer (malformed, several answers where one is promised).
pub type Reference = fn(&str) -> Result<String, String>;

/// What stress testing needs besides the reference.
#[derive(Clone, Copy, Debug)]
pub struct Generator {
    /// A random valid input.
    pub generate: fn(&mut Rng) -> String,
    /// Candidate smaller inputs derived from this one.
    pub shrink: fn(&str) -> Vec<String>,
    /// How big a failing case is (input, expected output); shrinking only
    /// moves to strictly smaller cases, so it always ends.
    pub size: fn(&str, &str) -> usize,
}

/// A checker that understands one problem's answers.
#[derive(Clone, Copy, Debug)]
pub struct OwnChecker {
    /// What it accepts, in a few words.
    pub about: &'static str,
    /// Input, expected output, actual output.
    pub check: CheckFn,
}

/// A named class of inputs built to be hard (for the search of a
/// submission, or its reference), for stress runs and benches.
#[derive(Clone, Copy, Debug)]
pub struct Class {
    /// A short name, e.g. `grown-empty`.
    pub name: &'static str,
    /// What its inputs are, in a few words.
    pub about: &'static str,
    /// A random input of the class.
    pub generate: fn(&mut Rng) -> String,
}

/// One problem's support; every part optional.
#[derive(Clone, Copy, Debug)]
pub struct Support {
    /// The problem id (a file of `library/src/problems/`, a folder of `judge-tests/`).
    pub id: &'static str,
    /// Recomputes every committed `.out` (tests/references.rs) and judges stress inputs.
    pub reference: Option<Reference>,
    /// Random inputs for `judge stress`; needs `reference`.
    pub generator: Option<Generator>,
    /// Used when the problem's settings say `checker = "problem"`.
    pub checker: Option<OwnChecker>,
    /// Hard classes of inputs, each generated apart (their inputs are in
    /// the generator's mix too).
    pub classes: &'static [Class],
}

/// Whether `UPDATE_JUDGE_TESTS` is set: the tests that write case files
/// (ignored, so that only `make test-all` runs them) write only then.
pub fn updating() -> bool {
    std::env::var_os("UPDATE_JUDGE_TESTS").is_some()
}

/// Every list made of `items` less one of them, none for fewer than two:
/// the first shrinking step of an input of several cases.
pub fn each_without_one<T: Clone>(items: &[T]) -> Vec<Vec<T>> {
    if items.len() < 2 {
        return Vec::new();
    }
    (0..items.len())
        .map(|k| {
            let mut fewer = items.to_vec();
            fewer.remove(k);
            fewer
        })
        .collect()
}

/// Every problem with support, by id: each module's `SUPPORT`. A module
/// of `problems/` that is neither listed here nor a kit in [`KITS`]
/// fails a test, so that no reference is silently left out.
pub const ALL: &[Support] = &[
    abc196_d::SUPPORT,
    abc322_d::SUPPORT,
    abc345_d::SUPPORT,
    boj_2239::SUPPORT,
    boj_4574::SUPPORT,
    jigsaw::SUPPORT,
    kattis_sudokunique::SUPPORT,
    killer::SUPPORT,
    latin::SUPPORT,
    leetcode_37::SUPPORT,
    leetcode_51::SUPPORT,
    leetcode_52::SUPPORT,
    p1074::SUPPORT,
    p1219::SUPPORT,
    p1784::SUPPORT,
    p4205::SUPPORT,
    p4929::SUPPORT,
    poj3074::SUPPORT,
    poj3740::SUPPORT,
    spoj1110::SUPPORT,
    spoj_nqueen::SUPPORT,
    spoj_sudogob::SUPPORT,
    uva197::SUPPORT,
    uva745::SUPPORT,
];

/// The modules of `problems/` that are kits shared by references, not
/// problems.
pub const KITS: &[&str] = &["grid", "leetcode", "matrix"];

/// The driver of a problem of LeetCode's shape (its submission is an
/// `impl Solution` with no `main`), appended for the local run only
/// ([`leetcode::driven`]); `None` for a problem whose submission is a
/// program.
pub fn driver(id: &str) -> Option<&'static str> {
    match id {
        "leetcode-37" => Some(leetcode_37::DRIVER),
        "leetcode-51" => Some(leetcode_51::DRIVER),
        "leetcode-52" => Some(leetcode_52::DRIVER),
        _ => None,
    }
}

/// The support of problem `id`, if it has any.
pub fn find(id: &str) -> Option<&'static Support> {
    ALL.iter().find(|support| support.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_generators_have_references() {
        for (k, support) in ALL.iter().enumerate() {
            assert!(
                ALL[..k].iter().all(|other| other.id != support.id),
                "{} is listed twice",
                support.id
            );
            assert!(
                support.generator.is_none() || support.reference.is_some(),
                "{}: a generator needs a reference to judge its inputs",
                support.id
            );
        }
    }

    /// The module names under `src/support/`: every `<name>.rs`.
    fn modules_on_disk() -> Vec<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/support");
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|entry| {
                let path = entry.unwrap().path();
                let is_rs = path.extension().is_some_and(|e| e == "rs");
                is_rs.then(|| path.file_stem().unwrap().to_string_lossy().into_owned())
            })
            .collect();
        names.sort();
        names
    }

    #[test]
    fn every_module_is_registered_or_a_kit() {
        let registered: Vec<String> = ALL
            .iter()
            .map(|s| bundler::adapters::module_name(s.id))
            .collect();
        let registered: Vec<&str> = registered.iter().map(String::as_str).collect();
        for name in modules_on_disk() {
            assert!(
                registered.contains(&name.as_str()) || KITS.contains(&name.as_str()),
                "src/support/{name}.rs is neither in support::ALL nor a kit in support::KITS: \
                 its reference would be silently unused"
            );
        }
        for id in registered.iter().chain(KITS) {
            assert!(
                modules_on_disk().iter().any(|n| n == id),
                "{id} has no module"
            );
        }
    }

    #[test]
    fn no_problem_module_imports_another() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/support");
        let ids: Vec<String> = ALL
            .iter()
            .map(|s| bundler::adapters::module_name(s.id))
            .collect();
        for entry in walk(&dir) {
            let text = std::fs::read_to_string(&entry).unwrap();
            let own = entry
                .strip_prefix(&dir)
                .unwrap()
                .components()
                .next()
                .unwrap()
                .as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string();
            for id in ids.iter().filter(|id| **id != own) {
                for path in [format!("super::{id}"), format!("support::{id}")] {
                    assert!(
                        !text.contains(&format!("{path}::")) && !text.contains(&format!("{path};")),
                        "{}: uses {path}; share through a kit ({KITS:?}) instead",
                        entry.display()
                    );
                }
            }
        }
    }

    /// Every `.rs` file under `dir`, recursively.
    fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        let mut files = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                files.extend(walk(&path));
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
        files
    }

    #[test]
    fn every_generator_yields_inputs_with_a_reference_answer() {
        for support in ALL {
            let (Some(generator), Some(reference)) = (support.generator, support.reference) else {
                continue;
            };
            let mut rng = Rng::new(11);
            for _ in 0..3 {
                let input = (generator.generate)(&mut rng);
                let answer = reference(&input);
                assert!(answer.is_ok(), "{}: {:?}\n{input}", support.id, answer);
                for nearby in (generator.shrink)(&input) {
                    assert_ne!(
                        nearby, input,
                        "{}: a candidate equal to its input",
                        support.id
                    );
                }
                let expected = answer.unwrap_or_default();
                assert!((generator.size)(&input, &expected) > 0, "{}", support.id);
            }
        }
    }
}
