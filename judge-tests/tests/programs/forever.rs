// Burns CPU forever.
fn main() {
    let mut x: u64 = 0;
    loop {
        // Volatile, so that rustc 1.63 compiles it too (no `black_box`).
        x = unsafe { std::ptr::read_volatile(&x.wrapping_add(1)) };
    }
}
