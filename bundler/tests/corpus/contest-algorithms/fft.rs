// Convolutions by number-theoretic and floating-point FFT. By hand:
// (1 + 2x + 3x^2)(4 + 5x) = 4 + 13x + 22x^2 + 15x^3; (1 + x)^2 = 1 + 2x + x^2.
use contest_algorithms::math::fft::convolution;

fn main() {
    println!("{:?}", convolution(&[1i64, 2, 3], &[4, 5]));
    let square = convolution(&[1.0f64, 1.0], &[1.0, 1.0]);
    let rounded: Vec<i64> = square.iter().map(|x| x.round() as i64).collect();
    println!("{rounded:?}");
}
