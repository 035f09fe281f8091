//! Judges a single-file submission locally, as an online judge would.
//!
//! * [`catalog`]: the problems, discovered on disk (adapters and case folders), with aliases:
//!   the one owner of the catalog. [`error`]: what can go wrong in the harness.
//! * [`settings`]: per-problem limits, checker and aliases (`judge-tests/<id>/.problem.toml`).
//! * [`run`]: compile with plain rustc; run one case under time, memory and output limits;
//!   [`watch`]: the CPU-time and idle limits, as the kernel counts them.
//! * [`compare`]: the generic checkers (`lines`, `exact`, `line-sets`) and the shape of any checker.
//! * [`verdict`]: cases on disk and the verdict of a run; [`report`]: what the user reads.
//! * [`support`]: the registry of optional per-problem support (brute-force
//!   reference, stress generator, own checker), one module per problem.
//! * [`stress`]: random inputs against the references, shrinking failures;
//!   [`rng`] the seeded PRNG.
//! * [`unbundled`]: the adapter run as the library, beside its bundle (`judge submit`).
//! * [`figures`]: the docs' measured tables, written into their pages by the
//!   benches that measure them (the `figures` program), with their charts.

pub mod catalog;
pub mod compare;
pub mod error;
pub mod figures;
pub mod report;
pub mod rng;
pub mod run;
pub mod settings;
pub mod stress;
pub mod support;
pub mod unbundled;
pub mod verdict;
pub mod watch;
