//! The kit of the LeetCode problems: what stands in for LeetCode's own
//! driver, and a plain n-queens search that the references of 51 and 52
//! share.
//!
//! ```
//! use judge_tests::support::leetcode;
//! assert_eq!(leetcode::placements(4), [[1, 3, 0, 2], [2, 0, 3, 1]]);
//! assert!(leetcode::driven("impl Solution {}\n", "fn main() {}\n").contains("struct Solution;"));
//! ```
//!
//! LeetCode compiles the pasted `impl Solution { … }` with a driver of its
//! own that declares `struct Solution;` and calls the method. Locally, a
//! problem's driver (its module's `DRIVER`, listed by
//! [`super::driver`]) does that: it reads a case's input in a documented
//! text form, calls the method and prints the result. It is appended to
//! the submission only for the local run ([`driven`]); the file to paste
//! is without it. The unbundled library runs the same driver with the
//! library's `Solution` imported instead.

/// The numbers of n-queens solutions for n = 1..=9 (OEIS A000170): the
/// statements' range, and a check of [`placements`].
pub const KNOWN: [usize; 9] = [1, 0, 0, 2, 10, 4, 40, 92, 352];

/// `submission` with LeetCode's `struct Solution;` and `driver` appended:
/// what the local run compiles.
pub fn driven(submission: &str, driver: &str) -> String {
    format!(
        "{submission}\n// Appended for the local run only: LeetCode declares `Solution` \
         and calls its method.\nstruct Solution;\n{driver}"
    )
}

/// The sizes n of an input of 51 or 52: one per line, blank lines
/// skipped, each from 1 to 9 as the statements promise.
pub fn sizes(input: &str) -> Result<Vec<usize>, String> {
    input
        .lines()
        .enumerate()
        .map(|(k, line)| (k, line.trim()))
        .filter(|(_, line)| !line.is_empty())
        .map(|(k, line)| match line.parse::<usize>() {
            Ok(n) if (1..=9).contains(&n) => Ok(n),
            _ => Err(format!("line {}: expected n from 1 to 9", k + 1)),
        })
        .collect()
}

/// Every placement of n queens, as the column of each row, found row by
/// row with the columns tried from the left (so the statement's two
/// boards of n = 4 come in the statement's order).
pub fn placements(n: usize) -> Vec<Vec<usize>> {
    let mut found = Vec::new();
    place(n, &mut Vec::new(), &mut found);
    found
}

fn place(n: usize, columns: &mut Vec<usize>, found: &mut Vec<Vec<usize>>) {
    let row = columns.len();
    if row == n {
        found.push(columns.clone());
        return;
    }
    for c in 0..n {
        let free = columns
            .iter()
            .enumerate()
            .all(|(r, &q)| q != c && q.abs_diff(c) != row - r);
        if free {
            columns.push(c);
            place(n, columns, found);
            columns.pop();
        }
    }
}

/// Random sizes: one to five lines, each n from 1 to 9.
pub fn random_sizes(rng: &mut crate::rng::Rng) -> String {
    (0..rng.between(1, 5))
        .map(|_| format!("{}\n", rng.between(1, 9)))
        .collect()
}

/// Smaller inputs of sizes: a line less, or one n one smaller.
pub fn shrink_sizes(input: &str) -> Vec<String> {
    let Ok(sizes) = sizes(input) else {
        return Vec::new();
    };
    let text = |sizes: &[usize]| sizes.iter().map(|n| format!("{n}\n")).collect::<String>();
    let mut smaller: Vec<String> = super::each_without_one(&sizes)
        .iter()
        .map(|s| text(s))
        .collect();
    for k in (0..sizes.len()).filter(|&k| sizes[k] > 1) {
        let mut less = sizes.clone();
        less[k] -= 1;
        smaller.push(text(&less));
    }
    smaller
}

/// The size of an input of sizes: its lines and their n.
pub fn size_of_sizes(input: &str, _expected: &str) -> usize {
    sizes(input).map_or(usize::MAX, |s| s.len() + s.iter().sum::<usize>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_are_the_known_numbers_each_valid_and_distinct() {
        for (n, &count) in (1..).zip(&KNOWN) {
            let mut all = placements(n);
            assert_eq!(all.len(), count, "n = {n}");
            for columns in &all {
                for a in 0..n {
                    for b in 0..a {
                        assert_ne!(columns[a], columns[b]);
                        assert_ne!(columns[a].abs_diff(columns[b]), a - b);
                    }
                }
            }
            all.sort();
            all.dedup();
            assert_eq!(all.len(), count);
        }
    }

    #[test]
    fn sizes_outside_the_promise_are_declined_and_shrinking_ends() {
        assert_eq!(sizes("4\n\n 1 \r\n"), Ok(vec![4, 1]));
        assert!(sizes("10\n").is_err() && sizes("0\n").is_err() && sizes("x\n").is_err());
        let input = "3\n1\n";
        for smaller in shrink_sizes(input) {
            assert!(size_of_sizes(&smaller, "") < size_of_sizes(input, ""));
        }
    }
}
