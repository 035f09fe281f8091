use permutohedron::LexicalPermutation;

fn main() {
    let mut p = [1, 1, 2];
    println!("{p:?}");
    while p.next_permutation() {
        println!("{p:?}");
    }
}
