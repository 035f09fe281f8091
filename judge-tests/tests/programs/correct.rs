// Correct for the `reverse` cases: prints the input lines in reverse order.
use std::io::Read;
fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    for line in text.lines().rev() {
        println!("{line}");
    }
}
