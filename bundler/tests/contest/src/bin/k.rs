//! Primes below 100 by Eratosthenes' sieve on a bit set (fixedbitset).
use fixedbitset::FixedBitSet;

fn main() {
    let n = 100;
    let mut composite = FixedBitSet::with_capacity(n);
    composite.insert_range(0..2);
    for p in 2..n {
        if !composite[p] {
            for m in (p * p..n).step_by(p) {
                composite.insert(m);
            }
        }
    }
    println!("{} {}", n - composite.count_ones(..), composite.ones().take(5).map(|c| c.to_string()).collect::<Vec<_>>().join(","));
}
