//! One adapter per judge problem. Each has a
//! `solve(&[u8], &mut dyn Write) -> Result<(), crate::input::Error>` that
//! reads the whole input and writes the answer, and a `main` that the
//! bundled submission calls; but those of LeetCode's shape
//! (`leetcode_*`), which have neither: their judge calls the methods of
//! their `impl Solution` (the bundle keeps those at its root).
pub mod abc196_d;
pub mod abc322_d;
pub mod abc345_d;
pub mod boj_2239;
pub mod boj_4574;
pub mod jigsaw;
pub mod kattis_sudokunique;
pub mod killer;
pub mod latin;
pub mod leetcode_37;
pub mod leetcode_51;
pub mod leetcode_52;
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
