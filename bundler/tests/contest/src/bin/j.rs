//! Scrabble-like word scores from a literal map (maplit's btreemap!).
use maplit::{btreemap, hashset};

fn main() {
    let values = btreemap! { 'a' => 1, 'b' => 3, 'c' => 3, 'x' => 8 };
    let banned = hashset! { "xx" };
    let score = |w: &str| -> u32 { w.chars().map(|c| values.get(&c).copied().unwrap_or(0)).sum() };
    let best = ["cab", "xx", "ax", "abc"]
        .iter()
        .filter(|w| !banned.contains(*w))
        .map(|w| (score(w), *w))
        .max()
        .expect("a word");
    println!("{} {}", best.0, best.1);
}
