//! Tokens parsed as numbers or kept as words (either: `Either`, its
//! `for_both!` macro, `left` and `right`).
use either::{for_both, Either};

fn main() {
    let tokens = ["12", "apple", "7", "kiwi", "30"];
    let parsed: Vec<Either<u32, &str>> = tokens
        .iter()
        .map(|t| match t.parse::<u32>() {
            Ok(n) => Either::Left(n),
            Err(_) => Either::Right(*t),
        })
        .collect();
    let widths: usize = parsed
        .iter()
        .map(|t| for_both!(t, x => x.to_string().len()))
        .sum();
    let numbers: u32 = parsed.iter().filter_map(|t| t.left()).sum();
    let words: Vec<&str> = parsed.iter().filter_map(|t| t.right()).collect();
    println!("{numbers} {} {widths}", words.join(","));
}
