//! Practice L (Lazy Segment Tree): a 0/1 sequence; flip a range, count the
//! inversions of a range. The monoid counts zeros, ones and inversions.
use crate::lazysegtree::{LazySegtree, MapMonoid};
use crate::segtree::Monoid;
use std::io::Read;

#[derive(Clone, Copy)]
struct Counts {
    zeros: u64,
    ones: u64,
    inversions: u64,
}

struct Merge;

impl Monoid for Merge {
    type S = Counts;
    fn identity() -> Counts {
        Counts {
            zeros: 0,
            ones: 0,
            inversions: 0,
        }
    }
    fn binary_operation(a: &Counts, b: &Counts) -> Counts {
        Counts {
            zeros: a.zeros + b.zeros,
            ones: a.ones + b.ones,
            inversions: a.inversions + b.inversions + a.ones * b.zeros,
        }
    }
}

struct Flip;

impl MapMonoid for Flip {
    type M = Merge;
    type F = bool;
    fn identity_map() -> bool {
        false
    }
    fn mapping(&flip: &bool, x: &Counts) -> Counts {
        if !flip {
            return *x;
        }
        Counts {
            zeros: x.ones,
            ones: x.zeros,
            inversions: x.zeros * x.ones - x.inversions,
        }
    }
    fn composition(&f: &bool, &g: &bool) -> bool {
        f ^ g
    }
}

pub fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut next = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    let (n, q) = (next.next().unwrap(), next.next().unwrap());
    let a: Vec<Counts> = (0..n)
        .map(|_| {
            let one = next.next().unwrap() as u64;
            Counts {
                zeros: 1 - one,
                ones: one,
                inversions: 0,
            }
        })
        .collect();
    let mut tree = LazySegtree::<Flip>::from(a);
    for _ in 0..q {
        let (t, l, r) = (
            next.next().unwrap(),
            next.next().unwrap() - 1,
            next.next().unwrap(),
        );
        if t == 1 {
            tree.apply_range(l..r, true);
        } else {
            println!("{}", tree.prod(l..r).inversions);
        }
    }
}
