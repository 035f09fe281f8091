//! Practice B (Fenwick Tree): `0 p x` adds, `1 l r` sums `[l, r)`.
use crate::FenwickTree;
use std::io::Read;

pub fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut next = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().unwrap());
    let (n, q) = (next.next().unwrap() as usize, next.next().unwrap());
    let mut tree = FenwickTree::new(n, 0u64);
    for i in 0..n {
        tree.add(i, next.next().unwrap());
    }
    for _ in 0..q {
        let (t, a, b) = (
            next.next().unwrap(),
            next.next().unwrap(),
            next.next().unwrap(),
        );
        if t == 0 {
            tree.add(a as usize, b);
        } else {
            println!("{}", tree.sum(a as usize..b as usize));
        }
    }
}
