use num_rational::Rational64;

fn main() {
    // The harmonic number H_10 as a fraction.
    let h = (1..=10).map(|k| Rational64::new(1, k)).fold(Rational64::from(0), |a, b| a + b);
    println!("{h} {}", h.floor());
}
