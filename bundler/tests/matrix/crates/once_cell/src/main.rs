use once_cell::sync::Lazy;
use once_cell::unsync::OnceCell;

static SQUARES: Lazy<Vec<u64>> = Lazy::new(|| (0..10).map(|x| x * x).collect());

fn main() {
    let cell = OnceCell::new();
    println!("{}", cell.get_or_init(|| SQUARES.iter().sum::<u64>()));
    println!("{:?}", cell.get());
}
