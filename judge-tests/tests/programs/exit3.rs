// Prints the right answer, then exits with status 3: still a runtime error.
fn main() {
    println!("c\nb\na");
    std::process::exit(3);
}
