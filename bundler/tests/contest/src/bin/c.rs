//! Derangements of four (itertools' permutations).
use itertools::Itertools;

fn main() {
    let n = 4;
    let count = (0..n)
        .permutations(n)
        .filter(|p| p.iter().enumerate().all(|(i, &x)| i != x))
        .count();
    println!("{count}");
}
