fn main() {
    let evens: Vec<u32> = num_iter::range_step(0u32, 20, 4).collect();
    println!("{evens:?}");
    let down: i64 = num_iter::range_inclusive(1i64, 10).rev().take(3).sum();
    println!("{down}");
}
