// Permutations in lexicographic order, and applying one. By hand: the six
// orders of 1 2 3; applying 2 0 1 puts at each place i the element at
// place p[i]: c a b.
use superslice::Ext;

fn main() {
    let mut order = [1, 2, 3];
    let mut all = vec![order];
    while order.next_permutation() {
        all.push(order);
    }
    println!("{all:?}");
    let mut letters = ['a', 'b', 'c'];
    letters.apply_permutation(&mut [2, 0, 1]);
    println!("{letters:?}");
}
