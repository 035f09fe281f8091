fn main() {
    println!("{}", macros::answer!());
}
