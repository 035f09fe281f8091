//! Run-length encoding (itertools' dedup_with_count and join).
use itertools::Itertools;

fn main() {
    let s = "aaabccdddd";
    let encoded = s
        .chars()
        .dedup_with_count()
        .map(|(n, c)| format!("{c}{n}"))
        .join("");
    println!("{encoded}");
}
