use proconio::marker::Usize1;
use proconio::{fastout, input};

#[fastout]
fn main() {
    input! { n: usize, a: [(Usize1, i64); n] }
    let mut best = vec![i64::MIN; n];
    for &(i, v) in &a {
        best[i] = best[i].max(v);
    }
    for b in best {
        println!("{b}");
    }
}
