use easy_ext::ext;

#[ext(SliceStats)]
impl [i64] {
    fn mean(&self) -> f64 {
        self.iter().sum::<i64>() as f64 / self.len() as f64
    }
}

fn main() {
    println!("{}", [1i64, 2, 3, 10].mean());
}
