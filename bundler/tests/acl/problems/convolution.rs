//! Practice F (Convolution): `c_k = sum a_i b_(k-i)` modulo 998244353.
use crate::convolution::convolution;
use crate::modint::ModInt998244353 as Mint;
use std::io::Read;

pub fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut next = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().unwrap());
    let (n, m) = (next.next().unwrap() as usize, next.next().unwrap() as usize);
    let a: Vec<Mint> = (0..n).map(|_| Mint::new(next.next().unwrap())).collect();
    let b: Vec<Mint> = (0..m).map(|_| Mint::new(next.next().unwrap())).collect();
    let c = convolution(&a, &b);
    let line: Vec<String> = c.iter().map(|x| x.to_string()).collect();
    println!("{}", line.join(" "));
}
