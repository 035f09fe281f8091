// Binary searches on a sorted slice through the `Ext` trait. By hand: in
// 1 2 2 3 5, 2 starts at 1 and ends before 3; 4 would go at 4; by key
// (the tens), 20 starts at 2.
use superslice::Ext;

fn main() {
    let v = [1, 2, 2, 3, 5];
    println!("{} {} {:?}", v.lower_bound(&2), v.upper_bound(&2), v.equal_range(&4));
    let keyed = [(1, 'a'), (1, 'b'), (2, 'c')];
    println!("{}", keyed.lower_bound_by_key(&2, |&(k, _)| k));
}
