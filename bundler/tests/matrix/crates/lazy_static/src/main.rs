use lazy_static::lazy_static;
use std::collections::HashMap;

lazy_static! {
    static ref ROMAN: HashMap<char, u32> =
        [('I', 1), ('V', 5), ('X', 10), ('L', 50), ('C', 100)].into_iter().collect();
}

fn value(s: &str) -> u32 {
    let v: Vec<u32> = s.chars().map(|c| ROMAN[&c]).collect();
    (0..v.len()).map(|i| if i + 1 < v.len() && v[i] < v[i + 1] { 0 } else { v[i] }).sum::<u32>()
        + 0
}

fn main() {
    println!("{} {}", value("XVI"), value("LXXX"));
}
