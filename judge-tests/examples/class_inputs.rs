//! Writes inputs of a problem's hard class to a folder, and times the
//! reference on each (CPU of this process), slowest last.
//!
//! ```text
//! cargo run --release -p judge-tests --example class_inputs -- killer big-cages 500 1 /tmp/inputs
//! cargo run --release -p judge-tests --example class_inputs -- killer off-by-one 500 1 /tmp/inputs --no-reference
//! ```

use judge_tests::rng::Rng;
use judge_tests::support;
use std::time::Instant;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let with_reference = !args.iter().any(|a| a == "--no-reference");
    args.retain(|a| a != "--no-reference");
    let [id, class, count, seed, dir] = &args[..] else {
        eprintln!("usage: class_inputs ID CLASS COUNT SEED DIR [--no-reference]");
        std::process::exit(2);
    };
    let support = support::find(id).expect("a problem with support");
    let class = support
        .classes
        .iter()
        .find(|c| c.name == class)
        .expect("a class of the problem");
    let reference = support.reference.expect("a reference");
    std::fs::create_dir_all(dir).expect("the folder");
    let mut rng = Rng::new(seed.parse().expect("a seed"));
    let mut times = Vec::new();
    for k in 1..=count.parse::<usize>().expect("a count") {
        let input = (class.generate)(&mut rng);
        std::fs::write(format!("{dir}/{k}.in"), &input).expect("written");
        if !with_reference {
            continue;
        }
        let start = Instant::now();
        let answer = reference(&input).expect("an answer");
        let took = start.elapsed();
        std::fs::write(format!("{dir}/{k}.out"), &answer).expect("written");
        if took.as_millis() > 500 {
            eprintln!("input {k}: the reference took {took:?}");
        }
        times.push((took, k));
    }
    times.sort();
    let n = times.len();
    if n == 0 {
        return;
    }
    println!(
        "reference: median {:?}, p99 {:?}, max {:?} (input {})",
        times[n / 2].0,
        times[(n * 99).div_ceil(100) - 1].0,
        times[n - 1].0,
        times[n - 1].1
    );
}
