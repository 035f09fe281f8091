//! A competitive programmer's own library.
#![cfg_attr(not(feature = "grid"), allow(unused))]

pub mod graph;
pub mod modular;
#[cfg(feature = "grid")]
pub mod grid;
#[cfg(feature = "unused")]
pub mod never;

/// `a = min(a, b)`; true if `a` changed.
#[macro_export]
macro_rules! chmin {
    ($a:expr, $b:expr) => {{
        let b = $b;
        let smaller = b < $a;
        if smaller {
            $a = b;
        }
        smaller
    }};
}

pub fn unused_helper() -> u8 {
    7
}
