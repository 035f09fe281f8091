//! One adapter per judge problem. Each has a pure
//! `solve(&str) -> Result<String, crate::input::Error>` and a `main` that
//! the bundled submission calls.
pub mod latin;
pub mod p4205;
pub mod uva197;
pub mod uva745;
