//! The registry of what the harness knows about a problem beyond its cases:
//! an independent reference solver, a stress generator, its own checker.
//! Everything here is optional: a problem without an entry is still judged
//! with a generic checker, staleness-checked and listed, since the list of
//! problems comes from the files on disk (see [`crate::catalog`]).
//!
//! ```
//! use judge_tests::problems;
//! let p4205 = problems::find("p4205").unwrap();
//! assert!(p4205.reference.is_some() && p4205.generator.is_some());
//! assert!(problems::find("no-such-problem").is_none());
//! ```
//!
//! None of this uses `library/`: an oracle must not share the code it judges.
//! To give a problem support, write `problems/<id>.rs` and add its `mod`
//! line and one entry to [`ALL`].

pub mod jigsaw;
pub mod killer;
pub mod latin;
pub mod p1074;
pub mod p1219;
pub mod p1784;
pub mod p4205;
pub mod p4929;
pub mod poj3074;
pub mod poj3740;
pub mod spoj1110;
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
}

/// Every problem with support, by id.
pub const ALL: &[Support] = &[
    Support {
        id: "jigsaw",
        reference: Some(jigsaw::reference),
        generator: Some(Generator {
            generate: jigsaw::generate,
            shrink: jigsaw::shrink,
            size: jigsaw::size,
        }),
        checker: Some(OwnChecker {
            about: "per case any grid keeping the givens with 1-9 once per row, column and region; `No solution` only where none exists",
            check: jigsaw::check,
        }),
    },
    Support {
        id: "killer",
        reference: Some(killer::reference),
        generator: Some(Generator {
            generate: killer::generate,
            shrink: killer::shrink,
            size: killer::size,
        }),
        checker: Some(OwnChecker {
            about: "per case any grid keeping the givens with 1-9 once per row, column and box and every cage's digits distinct and adding up to its sum; `No solution` only where none exists",
            check: killer::check,
        }),
    },
    Support {
        id: "latin",
        reference: Some(latin::reference),
        generator: Some(Generator {
            generate: latin::generate,
            shrink: latin::shrink,
            size: latin::size,
        }),
        checker: Some(OwnChecker {
            about: "the set of numbered solution grids, in any order",
            check: latin::check,
        }),
    },
    Support {
        id: "p1074",
        reference: Some(p1074::reference),
        generator: Some(Generator {
            generate: p1074::generate,
            shrink: p1074::shrink,
            size: p1074::size,
        }),
        checker: None,
    },
    Support {
        id: "p1219",
        reference: Some(p1219::reference),
        generator: Some(Generator {
            generate: p1219::generate,
            shrink: p1219::shrink,
            size: p1219::size,
        }),
        checker: None,
    },
    Support {
        id: "p1784",
        reference: Some(p1784::reference),
        generator: Some(Generator {
            generate: p1784::generate,
            shrink: p1784::shrink,
            size: p1784::size,
        }),
        checker: None,
    },
    Support {
        id: "p4205",
        reference: Some(p4205::reference),
        generator: Some(Generator {
            generate: p4205::generate,
            shrink: p4205::shrink,
            size: p4205::size,
        }),
        checker: Some(OwnChecker {
            about: "any completion of the given board with every piece in a legal orientation",
            check: p4205::check_answer,
        }),
    },
    Support {
        id: "p4929",
        reference: Some(p4929::reference),
        generator: Some(Generator {
            generate: p4929::generate,
            shrink: p4929::shrink,
            size: p4929::size,
        }),
        checker: Some(OwnChecker {
            about:
                "any exact cover: existing, distinct rows covering every column once, in any order",
            check: p4929::check,
        }),
    },
    Support {
        id: "poj3074",
        reference: Some(poj3074::reference),
        generator: Some(Generator {
            generate: poj3074::generate,
            shrink: poj3074::shrink,
            size: poj3074::size,
        }),
        checker: None,
    },
    Support {
        id: "poj3740",
        reference: Some(poj3740::reference),
        generator: Some(Generator {
            generate: poj3740::generate,
            shrink: poj3740::shrink,
            size: poj3740::size,
        }),
        checker: None,
    },
    Support {
        id: "spoj1110",
        reference: Some(spoj1110::reference),
        generator: Some(Generator {
            generate: spoj1110::generate,
            shrink: spoj1110::shrink,
            size: spoj1110::size,
        }),
        checker: None,
    },
    Support {
        id: "uva197",
        reference: Some(uva197::reference),
        generator: Some(Generator {
            generate: uva197::generate,
            shrink: uva197::shrink,
            size: uva197::size,
        }),
        checker: None,
    },
    Support {
        id: "uva745",
        reference: Some(uva745::reference),
        generator: Some(Generator {
            generate: uva745::generate,
            shrink: uva745::shrink,
            size: uva745::size,
        }),
        checker: None,
    },
];

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
