//! Spread and median of scores (itertools' minmax and sorted).
use itertools::{Itertools, MinMaxResult};

fn main() {
    let scores = [7, 3, 9, 1, 5];
    let spread = match scores.iter().minmax() {
        MinMaxResult::MinMax(lo, hi) => hi - lo,
        MinMaxResult::OneElement(_) | MinMaxResult::NoElements => 0,
    };
    let sorted: Vec<i32> = scores.iter().copied().sorted().collect();
    println!("{spread} {}", sorted[sorted.len() / 2]);
}
