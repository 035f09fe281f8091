//! Reads the input with std only.
use std::io::Read;

/// `n`, the edges, and the grid's rows.
pub fn input() -> (usize, Vec<(usize, usize)>, Vec<String>) {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).expect("stdin");
    let mut words = text.split_whitespace();
    let mut next = || words.next().expect("more input").to_string();
    let n: usize = next().parse().expect("n");
    let m: usize = next().parse().expect("m");
    let edges = (0..m)
        .map(|_| (next().parse().expect("a"), next().parse().expect("b")))
        .collect();
    let h: usize = next().parse().expect("h");
    let rows = (0..h).map(|_| next()).collect();
    (n, edges, rows)
}
