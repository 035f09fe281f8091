use either::Either;

fn parse(s: &str) -> Either<i64, String> {
    match s.parse() {
        Ok(n) => Either::Left(n),
        Err(_) => Either::Right(s.to_uppercase()),
    }
}

fn main() {
    for s in ["12", "ab", "-3"] {
        let v = parse(s);
        println!("{} {}", v.is_left(), v.either(|n| (n * 2).to_string(), |s| s));
    }
}
