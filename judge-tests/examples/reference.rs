//! Prints the reference's answer to an input file (the `.out` of a case
//! to commit), and on stderr how long it took.
//!
//! ```text
//! cargo run --release -p judge-tests --example reference -- killer judge-tests/killer/hard-big-cages.in
//! ```

use judge_tests::support;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [id, file] = &args[..] else {
        eprintln!("usage: reference ID FILE");
        std::process::exit(2);
    };
    let support = support::find(id).expect("a problem with support");
    let reference = support.reference.expect("a reference");
    let input = std::fs::read_to_string(file).expect("the input file");
    let start = Instant::now();
    match reference(&input) {
        Ok(answer) => print!("{answer}"),
        Err(e) => {
            eprintln!("{file}: {e}");
            std::process::exit(1);
        }
    }
    eprintln!("the reference took {:?}", start.elapsed());
}
