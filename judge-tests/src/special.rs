//! Special judges: checkers written in Rust for answers that are not unique.
//!
//! ```
//! use judge_tests::special;
//! assert!(special::find("p4205-board").is_some());
//! ```
//!
//! A problem opts in with `checker = "special:<name>"` in its settings. To
//! add one: write `fn(input, expected, actual) -> Result<(), Mismatch>` (pure,
//! like every checker) and list it in [`ALL`].

use crate::compare::Mismatch;

/// A named checker that also sees the input.
pub struct SpecialJudge {
    /// The name used in settings after `special:`.
    pub name: &'static str,
    /// What it accepts, in one line.
    pub about: &'static str,
    /// Accepts or explains; arguments are input, expected output, actual output.
    pub check: fn(&str, &str, &str) -> Result<(), Mismatch>,
}

/// Every special judge.
pub const ALL: &[SpecialJudge] = &[SpecialJudge {
    name: "p4205-board",
    about: "any completion of the given board with every piece in a legal orientation",
    check: crate::problems::p4205::check_answer,
}];

/// The special judge with this name.
pub fn find(name: &str) -> Option<&'static SpecialJudge> {
    ALL.iter().find(|judge| judge.name == name)
}

/// The names of every special judge, for error messages.
pub fn names() -> Vec<&'static str> {
    ALL.iter().map(|judge| judge.name).collect()
}
