//! Exact-cover puzzles for online judges: one engine, one adapter per problem.
//!
//! * [`dlx`] is the engine: Knuth's dancing links.
//! * [`input`] has what every adapter shares: errors with a place, `main`.
//! * [`problems`] holds one adapter per judge problem: input text → exact
//!   cover → answer text.
//!
//! Every module refers to the others by absolute `crate::…` paths; the
//! bundler follows those paths to build a single-file submission.

pub mod dlx;
pub mod geometry;
pub mod input;
pub mod problems;
