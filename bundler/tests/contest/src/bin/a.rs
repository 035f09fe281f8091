//! Pairs whose sum is a multiple of k (itertools' combinations).
use itertools::Itertools;

fn main() {
    let (k, a) = (3, [1, 2, 3, 4, 5, 6]);
    let pairs = a
        .iter()
        .combinations(2)
        .filter(|p| (p[0] + p[1]) % k == 0)
        .count();
    println!("{pairs}");
}
