// Reads tokens with the library's scanner, then sorts and searches. By
// hand: 5 1 4 sorted is 1 4 5; 4 is at 1; 20 is the 2nd of 10 20 30.
use contest_algorithms::order::{merge_sort, slice_lower_bound, SparseIndex};
use contest_algorithms::scanner::Scanner;

fn main() {
    let mut scan = Scanner::new(&b"3\n5 1 4\n"[..]);
    let n: usize = scan.token();
    let values: Vec<i64> = (0..n).map(|_| scan.token()).collect();
    let sorted = merge_sort(values);
    println!("{sorted:?} {}", slice_lower_bound(&sorted, &4));
    println!("{:?}", SparseIndex::new(vec![10, 30, 20]).compress(20));
}
