//! Practice J (Segment Tree): point set, range max, and the first index
//! from X with a value of at least V.
use crate::segtree::{Max, Segtree};
use std::io::Read;

pub fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut next = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<i32>().unwrap());
    let (n, q) = (next.next().unwrap() as usize, next.next().unwrap());
    let a: Vec<i32> = (0..n).map(|_| next.next().unwrap()).collect();
    let mut tree: Segtree<Max<i32>> = a.into();
    for _ in 0..q {
        let (t, x, y) = (
            next.next().unwrap(),
            next.next().unwrap(),
            next.next().unwrap(),
        );
        match t {
            1 => tree.set(x as usize - 1, y),
            2 => println!("{}", tree.prod(x as usize - 1..y as usize)),
            _ => println!("{}", tree.max_right(x as usize - 1, |&v| v < y) + 1),
        }
    }
}
