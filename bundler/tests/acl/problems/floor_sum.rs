//! Practice C (Floor Sum): the sum of `floor((a i + b) / m)` for `i < n`.
use std::io::Read;

pub fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut next = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().unwrap());
    let cases = next.next().unwrap();
    for _ in 0..cases {
        let (n, m, a, b) = (
            next.next().unwrap(),
            next.next().unwrap(),
            next.next().unwrap(),
            next.next().unwrap(),
        );
        println!("{}", crate::math::floor_sum(n, m, a, b));
    }
}
