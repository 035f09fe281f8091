//! LeetCode 52, N-Queens II, from the judge's side: the driver that
//! stands in for LeetCode's, the reference (placing queens row by row,
//! [`super::leetcode::placements`]), random sizes and a hard class.
//!
//! ```
//! use judge_tests::support::leetcode_52;
//! assert_eq!(leetcode_52::reference("4\n1\n").unwrap(), "2\n1\n");
//! ```
//!
//! # The driver's text form
//!
//! Input: one n per line (1 to 9, the statement's range), blank lines
//! skipped; each is one call of `Solution::total_n_queens(n)`. Output:
//! the count returned, one line per call. A line that is not such an n
//! ends the run with `input:LINE: …` on stderr and exit code 1.

use super::leetcode::{placements, random_sizes, shrink_sizes, size_of_sizes, sizes};
use super::{Class, Generator, Support};

/// What the harness knows of this problem.
pub const SUPPORT: Support = Support {
    id: "leetcode-52",
    reference: Some(reference),
    generator: Some(Generator {
        generate: random_sizes,
        shrink: shrink_sizes,
        size: size_of_sizes,
    }),
    checker: None,
    classes: &CLASSES,
};

/// The hard class.
pub const CLASSES: [Class; 1] = [Class {
    name: "many-nines",
    about: "thirty calls with n = 9, the largest the statement allows (352 placements each)",
    generate: |_| "9\n".repeat(30),
}];

/// Appended to the submission for the local run (see the module docs).
pub const DRIVER: &str = r#"use std::io::{Read, Write};

fn main() {
    let mut text = String::new();
    if std::io::stdin().read_to_string(&mut text).is_err() {
        fail("input: not UTF-8 text");
    }
    let mut out = String::new();
    for (k, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        match line.parse::<i32>() {
            Ok(n) if (1..=9).contains(&n) => {
                out.push_str(&format!("{}\n", Solution::total_n_queens(n)));
            }
            _ => fail(&format!("input:{}: expected n from 1 to 9", k + 1)),
        }
    }
    std::io::stdout().write_all(out.as_bytes()).expect("writing stdout");
}

fn fail(message: &str) -> ! {
    eprintln!("{message}");
    std::process::exit(1)
}
"#;

/// The expected output: each n's number of placements.
pub fn reference(input: &str) -> Result<String, String> {
    Ok(sizes(input)?
        .into_iter()
        .map(|n| format!("{}\n", placements(n).len()))
        .collect())
}
