//! Modular arithmetic with a modulus read at run time (`DynamicModInt`),
//! and the Z-function.
use crate::modint::ModInt;
use crate::string::z_algorithm;
use std::io::Read;

pub fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut words = text.split_ascii_whitespace();
    let modulus: u32 = words.next().unwrap().parse().unwrap();
    ModInt::set_modulus(modulus);
    let values: Vec<ModInt> = words
        .by_ref()
        .take_while(|w| *w != "|")
        .map(|w| ModInt::new(w.parse::<u64>().unwrap()))
        .collect();
    let product: ModInt = values.iter().product();
    let sum: ModInt = values.iter().sum();
    println!("{} {} {}", product, sum, product.pow(3) - sum);
    let z = z_algorithm(words.next().unwrap_or(""));
    let line: Vec<String> = z.iter().map(ToString::to_string).collect();
    println!("{}", line.join(" "));
}
