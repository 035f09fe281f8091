use num_integer::{binomial, lcm, Integer, Roots};

fn main() {
    println!("{} {}", lcm(12u64, 18), binomial(20u64, 10));
    println!("{:?}", (-7i32).div_mod_floor(&3));
    println!("{} {}", 1_000_000u64.sqrt(), 1_000u64.cbrt());
}
