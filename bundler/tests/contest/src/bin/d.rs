//! Merging sorted lists (itertools' kmerge and sorted runs).
use itertools::Itertools;

fn main() {
    let lists = vec![vec![1, 4, 9], vec![2, 3, 10], vec![5]];
    println!("{}", lists.into_iter().kmerge().join(" "));
}
