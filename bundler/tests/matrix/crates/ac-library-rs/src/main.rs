use ac_library::{Dsu, FenwickTree, ModInt998244353};

fn main() {
    let mut dsu = Dsu::new(6);
    for (a, b) in [(0, 1), (2, 3), (1, 2)] {
        dsu.merge(a, b);
    }
    println!("{} {}", dsu.same(0, 3), dsu.groups().len());
    let mut fw = FenwickTree::new(5, 0i64);
    for i in 0..5 {
        fw.add(i, (i * i) as i64);
    }
    println!("{}", fw.sum(1..4));
    let x = ModInt998244353::new(2).pow(100);
    println!("{x}");
}
