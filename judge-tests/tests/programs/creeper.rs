// Grows memory 1 MiB at a time, touching every page, until it is stopped.
fn main() {
    let mut blocks: Vec<Vec<u8>> = Vec::new();
    loop {
        blocks.push(vec![1u8; 1 << 20]);
        // A volatile read of the new block keeps it (rustc 1.63 has no
        // `hint::black_box`).
        let block = &blocks[blocks.len() - 1];
        unsafe { std::ptr::read_volatile(&block[block.len() - 1]) };
    }
}
