// A segment tree with range assignment and range minimum. By hand: after
// [2, 4] := -5, [5, 7] := -3, [1, 6] := 1, positions 1-6 hold 1 and 7
// holds -3: the minimum over 0-9 is -3, over 0-6 it is 0.
use contest_algorithms::range_query::{specs::AssignMin, StaticArq};

fn main() {
    let mut arq = StaticArq::<AssignMin>::new(&[0; 10]);
    arq.update(2, 4, &-5);
    arq.update(5, 7, &-3);
    arq.update(1, 6, &1);
    println!("{} {}", arq.query(0, 9), arq.query(0, 6));
}
