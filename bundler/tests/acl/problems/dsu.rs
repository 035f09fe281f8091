//! Practice A (Disjoint Set Union): `0 u v` merges, `1 u v` asks.
use std::io::{Read, Write};

pub fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut next = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    let (n, q) = (next.next().unwrap(), next.next().unwrap());
    let mut dsu = crate::dsu::Dsu::new(n);
    let mut out = String::new();
    for _ in 0..q {
        let (t, u, v) = (
            next.next().unwrap(),
            next.next().unwrap(),
            next.next().unwrap(),
        );
        if t == 0 {
            dsu.merge(u, v);
        } else {
            out.push_str(if dsu.same(u, v) { "1\n" } else { "0\n" });
        }
    }
    std::io::stdout().write_all(out.as_bytes()).unwrap();
}
