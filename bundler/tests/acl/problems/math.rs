//! Number theory: `pow_mod`, `inv_mod` and the Chinese remainder theorem.
use crate::math;
use std::io::Read;

pub fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut next = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().unwrap());
    let cases = next.next().unwrap();
    for _ in 0..cases {
        let (x, n, m) = (
            next.next().unwrap(),
            next.next().unwrap(),
            next.next().unwrap(),
        );
        let (r, z) = math::crt(&[x % m, n % (m + 1)], &[m, m + 1]);
        println!(
            "{} {} {r} {z}",
            math::pow_mod(x, n, m as u32),
            math::inv_mod(x % m + m * 7, m)
        );
    }
}
