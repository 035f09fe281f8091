// Wrong for the `reverse` cases: echoes the input unchanged.
use std::io::Read;
fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    print!("{text}");
}
