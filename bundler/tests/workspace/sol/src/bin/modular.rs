use mylib::modular::{sum, Mint};

fn main() {
    let xs = [Mint(3), Mint(4), Mint(5)];
    let total = sum(&xs);
    println!("{} {}", total.0, total.pow(10).0);
}
