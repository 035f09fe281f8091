use num_bigint::{BigInt, BigUint};

fn main() {
    // 2^100 and 50!, and a negative product.
    let two = BigUint::from(2u32);
    println!("{}", two.pow(100));
    let fact = (1..=50u32).fold(BigUint::from(1u32), |acc, k| acc * k);
    println!("{fact}");
    let a: BigInt = "-123456789012345678901234567890".parse().unwrap();
    println!("{}", &a * &a - BigInt::from(7));
}
