use superslice::Ext;

fn main() {
    let mut v = vec![5, 1, 4, 1, 3, 9, 2];
    v.sort();
    println!("{} {} {:?}", v.lower_bound(&4), v.upper_bound(&1), v.equal_range(&1));
    let mut p = [1, 2, 3];
    while p.next_permutation() {
        println!("{p:?}");
    }
}
