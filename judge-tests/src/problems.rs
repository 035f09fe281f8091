//! Per problem, what stress testing needs: a generator of random valid
//! inputs, an independent brute-force reference solver, and a shrinker.
//! None of this uses `library/`: an oracle must not share the code it judges.

pub mod latin;
pub mod p4205;
pub mod uva197;
pub mod uva745;
