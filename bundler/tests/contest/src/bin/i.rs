//! A table whose size is checked at compile time (static_assertions).
use static_assertions::{const_assert, const_assert_eq};

const N: usize = 10;
const TABLE: [u64; N] = {
    let mut t = [1u64; N];
    let mut i = 2;
    while i < N {
        t[i] = t[i - 1] + t[i - 2];
        i += 1;
    }
    t
};

const_assert!(N >= 2);
const_assert_eq!(TABLE.len(), N);

fn main() {
    println!("{}", TABLE[N - 1]);
}
