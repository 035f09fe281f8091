//! Practice I (Number of Substrings): distinct substrings, from the suffix
//! array and the LCP array.
use crate::string::{lcp_array, suffix_array};
use std::io::Read;

pub fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let s = text.trim();
    let sa = suffix_array(s);
    let lcp = lcp_array(s, &sa);
    let n = s.len() as u64;
    let shared: u64 = lcp.iter().map(|&x| x as u64).sum();
    println!("{}", n * (n + 1) / 2 - shared);
}
