// A wrong P4205 solver: claims every board is unsolvable.
fn main() {
    println!("No solution");
}
