// Prints without end.
fn main() {
    loop {
        println!("spam spam spam spam spam spam spam spam");
    }
}
