//! Subsets of coins that make 15, as bit sets (itertools' powerset,
//! fixedbitset).
use fixedbitset::FixedBitSet;
use itertools::Itertools;

fn main() {
    let coins = [3, 5, 7, 10, 12];
    let mut makers = FixedBitSet::with_capacity(coins.len());
    let mut ways = 0;
    for subset in (0..coins.len()).powerset() {
        if subset.iter().map(|&i| coins[i]).sum::<i32>() == 15 {
            ways += 1;
            makers.extend(subset);
        }
    }
    println!("{ways} {}", makers.ones().map(|i| coins[i]).join(" "));
}
