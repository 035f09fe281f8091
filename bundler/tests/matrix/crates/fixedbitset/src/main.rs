use fixedbitset::FixedBitSet;

fn main() {
    let n = 50;
    let mut composite = FixedBitSet::with_capacity(n + 1);
    for p in 2..=n {
        if !composite[p] {
            for m in (p * p..=n).step_by(p) {
                composite.insert(m);
            }
        }
    }
    let primes: Vec<usize> = (2..=n).filter(|&p| !composite[p]).collect();
    println!("{primes:?} {}", composite.count_ones(..));
}
