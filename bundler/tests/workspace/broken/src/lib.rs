/// Half of `x`, with a type error.
pub fn half(x: u64) -> u32 {
    x / 2
}
