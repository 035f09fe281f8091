//! Practice K (Range Affine Range Sum): `a_i = b a_i + c` on a range, and
//! range sums, modulo 998244353; a user-defined monoid and map monoid.
use crate::lazysegtree::{LazySegtree, MapMonoid};
use crate::modint::ModInt998244353 as Mint;
use crate::segtree::Monoid;
use std::io::Read;

/// A sum and the length it covers.
struct Sum;

impl Monoid for Sum {
    type S = (Mint, usize);
    fn identity() -> Self::S {
        (Mint::new(0), 0)
    }
    fn binary_operation(&(a, n): &Self::S, &(b, m): &Self::S) -> Self::S {
        (a + b, n + m)
    }
}

/// `x -> b x + c`, as `(b, c)`.
struct Affine;

impl MapMonoid for Affine {
    type M = Sum;
    type F = (Mint, Mint);
    fn identity_map() -> Self::F {
        (Mint::new(1), Mint::new(0))
    }
    fn mapping(&(b, c): &Self::F, &(x, n): &(Mint, usize)) -> (Mint, usize) {
        (b * x + c * Mint::new(n), n)
    }
    fn composition(&(b1, c1): &Self::F, &(b0, c0): &Self::F) -> Self::F {
        (b1 * b0, b1 * c0 + c1)
    }
}

pub fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut next = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().unwrap());
    let (n, q) = (next.next().unwrap() as usize, next.next().unwrap());
    let a: Vec<(Mint, usize)> = (0..n)
        .map(|_| (Mint::new(next.next().unwrap()), 1))
        .collect();
    let mut tree: LazySegtree<Affine> = a.into();
    for _ in 0..q {
        let (t, l, r) = (
            next.next().unwrap(),
            next.next().unwrap() as usize,
            next.next().unwrap() as usize,
        );
        if t == 0 {
            let (b, c) = (
                Mint::new(next.next().unwrap()),
                Mint::new(next.next().unwrap()),
            );
            tree.apply_range(l..r, (b, c));
        } else {
            println!("{}", tree.prod(l..r).0);
        }
    }
}
