//! Tokens parsed as numbers or kept as words (either, with itertools'
//! partition_map and either's for_both! macro).
use either::{for_both, Either};
use itertools::Itertools;

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
    let (numbers, words): (Vec<u32>, Vec<&str>) = parsed.into_iter().partition_map(|t| t);
    println!("{} {} {widths}", numbers.iter().sum::<u32>(), words.join(","));
}
