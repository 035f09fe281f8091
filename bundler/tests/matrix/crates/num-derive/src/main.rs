use num_derive::FromPrimitive;
use num_traits::FromPrimitive;

#[derive(Debug, FromPrimitive)]
enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

fn main() {
    for n in [0, 2, 3, 4] {
        println!("{n}: {:?}", Suit::from_u8(n));
    }
}
