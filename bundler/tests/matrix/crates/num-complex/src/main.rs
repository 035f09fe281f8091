use num_complex::Complex64;

fn main() {
    let z = Complex64::new(3.0, 4.0);
    println!("{} {}", z.norm(), (z * z.conj()).re);
    let w = Complex64::from_polar(1.0, std::f64::consts::PI / 2.0);
    println!("{:.3} {:.3}", w.re, w.im);
}
