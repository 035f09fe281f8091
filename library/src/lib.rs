//! Exact-cover puzzles for online judges: one engine, one adapter per problem.
//!
//! * [`dlx`] holds the exact-cover engines: Knuth's dancing links and
//!   dancing cells, bitset searches, counting by memo (its overview lists
//!   them all).
//! * [`board`] is the sudoku family's engine: boards of candidates,
//!   their deductions, a search with restarts and clause learning;
//!   [`bitboard`] is the fast one of the standard shapes (9 × 9,
//!   16 × 16), every digit's candidates as bit sets, with [`board`] as
//!   its fallback.
//! * [`model`] names items by family and gives options a payload;
//!   [`matrix`] reads a 0/1 matrix as an exact cover;
//!   [`grouped`] is the model of sudoku-like grids, [`sudoku`] reads and
//!   writes their grids; [`geometry`] has cells, the symmetries
//!   of the square and the cube, and placements on a board; [`tiling`]
//!   is the model of pieces placed on cells.
//! * [`assignment`] is the assignment problem (the Hungarian method): the
//!   bound of p1074's branch and bound.
//! * [`input`] has what every adapter shares: reading lines and tokens,
//!   errors with a place, `main`.
//! * [`problems`] holds one adapter per judge problem: input → exact
//!   cover → answer.
//!
//! Every module refers to the others by absolute `crate::…` paths; the
//! bundler follows those paths to build a single-file submission.

pub mod assignment;
pub mod bitboard;
pub mod board;
pub mod dlx;
pub mod geometry;
pub mod grouped;
pub mod input;
pub mod matrix;
pub mod model;
pub mod problems;
pub mod sudoku;
pub mod tiling;
