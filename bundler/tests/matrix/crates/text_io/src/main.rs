use text_io::read;

fn main() {
    let n: usize = read!();
    let total: i64 = (0..n).map(|_| -> i64 { read!() }).sum();
    println!("{total}");
}
