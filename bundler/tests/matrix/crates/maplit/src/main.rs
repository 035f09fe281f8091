use maplit::{btreemap, btreeset};

fn main() {
    let m = btreemap! { "b" => 2, "a" => 1 };
    let s = btreeset! { 3, 1, 2, 3 };
    println!("{m:?} {s:?}");
}
