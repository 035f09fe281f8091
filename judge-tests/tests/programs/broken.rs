// Does not compile.
fn main() {
    let x: u32 = "not a number";
}
