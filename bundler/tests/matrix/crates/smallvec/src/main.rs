use smallvec::{smallvec, SmallVec};

fn main() {
    let mut v: SmallVec<[u32; 4]> = smallvec![3, 1, 2];
    v.push(7);
    println!("{:?} {}", v, v.spilled());
    v.extend([9, 8]);
    v.sort_unstable();
    println!("{:?} {}", v, v.spilled());
}
