// Counts the connected components of a graph, then the cheapest edge.
use ac_library::ModInt998244353 as Mint;
use proconio::input;

fn main() {
    input! {
        n: usize,
        m: usize,
        edges: [(usize, usize, u64); m],
    }
    let pairs: Vec<(usize, usize)> = edges.iter().map(|&(a, b, _)| (a, b)).collect();
    debug_assert_eq!(pairs.len(), m);
    let mut cheapest = u64::MAX;
    for &(_, _, w) in &edges {
        mylib::chmin!(cheapest, w);
    }
    let product: Mint = edges.iter().map(|&(_, _, w)| Mint::new(w)).product();
    println!("{}", mylib::graph::components(n, &pairs));
    println!("{cheapest} {product}");
}
