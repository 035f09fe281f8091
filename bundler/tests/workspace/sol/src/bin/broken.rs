fn main() {
    println!("{}", broken::half(7));
}
