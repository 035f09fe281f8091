use bitset_fixed::BitSet;

fn main() {
    // Subset sum by shifting a bitset.
    let items = [3usize, 5, 11, 20];
    let mut reach = BitSet::new(64);
    reach.set(0, true);
    for &w in &items {
        let shifted = &reach << w;
        reach |= &shifted;
    }
    let sums: Vec<usize> = (0..64).filter(|&s| reach[s]).collect();
    println!("{sums:?} {}", reach.count_ones());
}
