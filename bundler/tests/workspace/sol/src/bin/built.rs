fn main() {
    println!("{}", built::VERSION);
}
