//! Judges a single-file submission locally, as an online judge would.
//!
//! * [`settings`]: per-problem limits and checker (`judge-tests/<id>/.problem.toml`).
//! * [`run`]: compile with plain rustc; run one case under time, memory and output limits.
//! * [`compare`]: pure checkers (`lines`, `exact`, `line-sets`, `latin`); [`special`] judges.
//! * [`judge`]: cases on disk and the verdict of a run; [`report`]: what the user reads.
//! * [`stress`]: random inputs against brute-force references, shrinking failures;
//!   [`problems`] holds the per-problem generators and references, [`rng`] the seeded PRNG.

pub mod compare;
pub mod judge;
pub mod problems;
pub mod report;
pub mod rng;
pub mod run;
pub mod settings;
pub mod special;
pub mod stress;
