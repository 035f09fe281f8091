use num::bigint::BigUint;
use num::rational::Ratio;
use num::integer::{binomial, gcd};
use num::{Complex, One};

fn main() {
    let mut f = BigUint::one();
    for k in 1..=30u32 {
        f *= k;
    }
    println!("{f}");
    println!("{}", Ratio::new(6, 8) + Ratio::new(1, 4));
    println!("{} {}", gcd(84, 36), binomial(10u64, 3));
    let z = Complex::new(1.0f64, 2.0) * Complex::new(3.0, -1.0);
    println!("{} {}", z.re, z.im);
}
