//! LeetCode 51, N-Queens, from the judge's side: the driver that stands
//! in for LeetCode's, the reference (placing queens row by row,
//! [`super::leetcode::placements`]), random sizes and a hard class. The
//! statement accepts the boards in any order: the checker is
//! `line-sets`, each n's block a set of lines.
//!
//! ```
//! use judge_tests::support::leetcode_51;
//! assert_eq!(leetcode_51::reference("4\n").unwrap(), "4 2\n.Q.. ...Q Q... ..Q.\n..Q. Q... ...Q .Q..\n");
//! ```
//!
//! # The driver's text form
//!
//! Input: one n per line (1 to 9, the statement's range), blank lines
//! skipped; each is one call of `Solution::solve_n_queens(n)`. Output,
//! per call, a block: the line `n count`, then each board returned on a
//! line of its own, its n rows separated by spaces; blocks are separated
//! by a blank line. A line that is not such an n ends the run with
//! `input:LINE: …` on stderr and exit code 1.

use super::leetcode::{placements, random_sizes, shrink_sizes, size_of_sizes, sizes};
use super::{Class, Generator, Support};

/// What the harness knows of this problem.
pub const SUPPORT: Support = Support {
    id: "leetcode-51",
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
    name: "every-size-twice",
    about: "n = 1 to 9, each twice, shuffled: 1 010 boards to list",
    generate: |rng| {
        let mut sizes: Vec<usize> = (1..=9).chain(1..=9).collect();
        rng.shuffle(&mut sizes);
        sizes.iter().map(|n| format!("{n}\n")).collect()
    },
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
        let n = match line.parse::<i32>() {
            Ok(n) if (1..=9).contains(&n) => n,
            _ => fail(&format!("input:{}: expected n from 1 to 9", k + 1)),
        };
        let boards = Solution::solve_n_queens(n);
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&format!("{} {}\n", n, boards.len()));
        for board in &boards {
            out.push_str(&board.join(" "));
            out.push('\n');
        }
    }
    std::io::stdout().write_all(out.as_bytes()).expect("writing stdout");
}

fn fail(message: &str) -> ! {
    eprintln!("{message}");
    std::process::exit(1)
}
"#;

/// The expected output: each n's block, its boards in the order of the
/// row-by-row search.
pub fn reference(input: &str) -> Result<String, String> {
    let blocks: Vec<String> = sizes(input)?
        .into_iter()
        .map(|n| {
            let all = placements(n);
            let mut block = format!("{n} {}\n", all.len());
            for columns in &all {
                let rows: Vec<String> = columns
                    .iter()
                    .map(|&c| (0..n).map(|k| if k == c { 'Q' } else { '.' }).collect())
                    .collect();
                block.push_str(&rows.join(" "));
                block.push('\n');
            }
            block
        })
        .collect();
    Ok(blocks.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::line_sets;

    #[test]
    fn boards_in_another_order_are_accepted_a_missing_or_wrong_one_is_not() {
        let expected = reference("6\n4\n").unwrap();
        let mut blocks: Vec<Vec<&str>> = expected
            .split("\n\n")
            .map(|b| b.lines().collect())
            .collect();
        blocks.iter_mut().for_each(|b| b[1..].reverse());
        let reordered: Vec<String> = blocks.iter().map(|b| b.join("\n") + "\n").collect();
        assert!(line_sets(&expected, &reordered.join("\n")).is_ok());
        let missing = expected.replacen("..Q. Q... ...Q .Q..\n", "", 1);
        assert!(line_sets(&expected, &missing).is_err());
        let twice = expected.replacen("..Q. Q... ...Q .Q..", ".Q.. ...Q Q... ..Q.", 1);
        assert!(line_sets(&expected, &twice).is_err());
    }
}
