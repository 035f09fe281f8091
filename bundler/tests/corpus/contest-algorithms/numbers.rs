// Number theory. By hand: gcd(240, 46) = 2; 97 is prime, 91 = 7 * 13 is
// not; 360 = 2^3 3^2 5; 1/2 + 1/3 = 5/6; 3 * 5 = 15 = 1 (mod 7).
use contest_algorithms::math::num::{Modulo, Rational};
use contest_algorithms::math::{extended_gcd, factorize, is_prime};

fn main() {
    let (d, a, b) = extended_gcd(240, 46);
    println!("{d} {}", 240 * a + 46 * b == d);
    println!("{} {}", is_prime(97), is_prime(91));
    println!("{:?}", factorize(360));
    let sum = Rational::new(1, 2) + Rational::new(1, 3);
    println!("{}/{}", sum.num, sum.den);
    println!("{}", Modulo::<7>::from(3).recip().val);
}
