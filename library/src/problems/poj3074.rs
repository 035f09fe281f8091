//! POJ 3074, Sudoku (alias `sudoku`), in the seed article's format: one
//! puzzle per line, 81 characters `1`–`9` or `.`, until a line `end`.
//!
//! ```
//! use library::{input, problems::poj3074};
//!
//! let puzzles = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\nend\n";
//! let answer = input::answer(poj3074::solve, puzzles)?;
//! assert_eq!(answer, "527389416819426735436751829375692184194538267268174593643217958951843672782965341\n");
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! Each puzzle is completed by the bitboard engine
//! ([`crate::bitboard::nine`]), which hands what it does not decide within
//! its budget of guesses to the board engine's clause learning. A
//! puzzle with no solution (never in the judge's data) is answered `No
//! solution`. Blank lines between puzzles are skipped; what follows `end`
//! is never read.

use crate::bitboard::nine;
use crate::input::{self, Error, Lines};
use crate::sudoku::{self, STANDARD};
use std::io::Write;

/// Completes every puzzle of `input`, one answer line each, written as it
/// is found.
///
/// # Errors
/// A line that is not 81 cells (naming the column to blame) and a missing
/// `end`.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let mut solver = nine::Solver::new();
    let mut lines = Lines::new(input);
    loop {
        let end = lines.next_number();
        let line = match lines.next_filled() {
            Some(line) => line,
            None => {
                return Err(Error::at(
                    end,
                    "expected a puzzle or 'end', found the end of the input",
                ))
            }
        };
        if line.trimmed() == b"end" {
            return Ok(());
        }
        let givens = STANDARD.read_line(&line)?;
        let grid = solver.complete(&givens);
        sudoku::write_answer(grid.as_ref(), out)?;
    }
}

/// Reads stdin, writes the answer: what the submission runs.
pub fn main() {
    input::run(solve)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Result<String, Error> {
        input::answer(solve, text)
    }

    /// The seed article's two puzzles and their answers.
    const SAMPLE: &str = "\
.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.
......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.
end
";
    const ANSWER: &str = "\
527389416819426735436751829375692184194538267268174593643217958951843672782965341
416837529982465371735129468571298643293746185864351297647913852359682714128574936
";

    #[test]
    fn sample() {
        assert_eq!(run(SAMPLE).unwrap(), ANSWER);
    }

    #[test]
    fn crlf_blank_lines_and_what_follows_end() {
        let crlf = SAMPLE
            .replace('\n', "\r\n")
            .replace("\r\nend", "\r\n\r\n  \r\nend  ");
        assert_eq!(run(&format!("{crlf}\u{0}\u{ff}garbage")).unwrap(), ANSWER);
        let mut bytes = SAMPLE.as_bytes().to_vec();
        bytes.extend_from_slice(b"\xff\xfe not UTF-8 after the end\n");
        let mut out = Vec::new();
        solve(&bytes, &mut out).unwrap();
        assert_eq!(out, ANSWER.as_bytes());
    }

    #[test]
    fn a_puzzle_without_solution_says_so() {
        let first = SAMPLE.lines().next().unwrap();
        let broken = format!("22{}\nend\n", &first[2..]);
        assert_eq!(run(&broken).unwrap(), "No solution\n");
    }

    #[test]
    fn bad_lines_name_their_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        let first = SAMPLE.lines().next().unwrap();
        assert_eq!(
            error(&format!("{}\n", &first[..80])),
            "input:1:81: expected a digit 1-9 or '.', found the end of the line"
        );
        assert_eq!(
            error(&format!("{first}\n0{}\nend\n", &first[1..])),
            "input:2:1: expected a digit 1-9 or '.', found '0'"
        );
        assert_eq!(
            error(&format!("{first}5\nend\n")),
            "input:1:82: expected nothing after the 81 cells, found '5'"
        );
        assert_eq!(
            error(&format!("{first}\n")),
            "input:2: expected a puzzle or 'end', found the end of the input"
        );
        assert_eq!(
            error("ENDE\n"),
            "input:1:1: expected a digit 1-9 or '.', found 'E'"
        );
        let mut bytes = first.as_bytes().to_vec();
        bytes[40] = 0xe9;
        let mut out = Vec::new();
        assert_eq!(
            solve(&bytes, &mut out).unwrap_err().to_string(),
            "input:1:41: expected a digit 1-9 or '.', found byte 0xe9"
        );
    }
}
