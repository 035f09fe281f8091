use ordered_float::OrderedFloat;
use std::collections::BinaryHeap;

fn main() {
    let mut heap: BinaryHeap<OrderedFloat<f64>> = [2.5, -1.0, 9.75, 3.0].into_iter().map(OrderedFloat).collect();
    while let Some(OrderedFloat(x)) = heap.pop() {
        print!("{x} ");
    }
    println!();
}
