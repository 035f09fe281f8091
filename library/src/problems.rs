//! One adapter per judge problem. Each has a
//! `solve(&[u8], &mut dyn Write) -> Result<(), crate::input::Error>` that
//! reads the whole input and writes the answer, and a `main` that the
//! bundled submission calls.
pub mod latin;
pub mod p4205;
pub mod uva197;
pub mod uva745;
