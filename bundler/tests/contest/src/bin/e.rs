//! Cells of a 6 x 6 grid on one anti-diagonal (itertools' iproduct! macro).
use itertools::iproduct;

fn main() {
    let on_diagonal = iproduct!(0..6, 0..6).filter(|&(x, y)| x + y == 5).count();
    let corners: Vec<(i32, i32)> = iproduct!([0, 5], [0, 5]).collect();
    println!("{on_diagonal} {corners:?}");
}
