// Asks for 4 GiB at once: the allocation fails under the memory limit.
fn main() {
    let v = vec![7u8; 4 << 30];
    println!("{}", v[v.len() / 2]);
}
