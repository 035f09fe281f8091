use rustc_hash::{FxHashMap, FxHashSet};

fn main() {
    let mut count: FxHashMap<char, usize> = FxHashMap::default();
    for c in "mississippi".chars() {
        *count.entry(c).or_default() += 1;
    }
    let mut v: Vec<_> = count.into_iter().collect();
    v.sort();
    println!("{v:?}");
    let s: FxHashSet<u64> = (0..100).map(|x| x * x % 17).collect();
    println!("{}", s.len());
}
