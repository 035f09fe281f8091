// Correct for the `reverse` cases after burning 300 ms of CPU time, as the
// kernel counts it for this thread (/proc/self/schedstat, in nanoseconds):
// the same work on a quiet machine and on a loaded one, where it takes
// longer on the wall clock.
use std::io::Read;
fn cpu_nanos() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/schedstat").unwrap();
    stat.split_whitespace().next().unwrap().parse().unwrap()
}
fn main() {
    let mut x: u64 = 0;
    while cpu_nanos() < 300_000_000 {
        for _ in 0..10_000 {
            // A volatile read, not `hint::black_box` (rustc 1.66): the
            // default profile's rustc 1.63 compiles these programs where
            // `make check-old-rustc` has unpacked it.
            x = unsafe { std::ptr::read_volatile(&x.wrapping_add(1)) };
        }
    }
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    for line in text.lines().rev() {
        println!("{line}");
    }
}
