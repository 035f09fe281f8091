//! Baekjoon 4574, 스도미노쿠 (Su-domino-ku, Mid-Central USA 2011): a
//! sudoku whose 72 open cells are covered by the 36 dominoes 1+2 … 8+9,
//! each used once, some placed already, and the digits 1 to 9 each given
//! once in a cell of its own.
//!
//! ```
//! use library::{input, problems::boj_4574};
//!
//! // The statement's first puzzle.
//! let puzzle = "10\n6 B2 1 B3\n2 C4 9 C3\n6 D3 8 E3\n7 E1 4 F1\n8 B7 4 B8\n\
//!               3 F5 2 F6\n7 F7 6 F8\n5 G4 9 G5\n7 I8 8 I9\n7 C9 2 B9\n\
//!               C5 A3 D9 I4 A9 E5 A2 C6 I1\n0\n";
//! let answer = input::answer(boj_4574::solve, puzzle)?;
//! assert!(answer.starts_with("Puzzle 1\n872643195\n361975842\n"));
//! # Ok::<(), library::input::Error>(())
//! ```
//!
//! # Exact cover
//!
//! Primary items: each cell; each row, column and box with each digit;
//! each domino. A given digit is one option (its cell, and its digit in
//! its row, column and box), a given domino one option (its two cells,
//! their digits in their houses, the domino); every other domino has an
//! option for each pair of neighbouring open cells and each of its two
//! ways round. A domino's two digits differ, so its two cells never put
//! one digit twice in a house they share. Dancing links find the solution
//! (the statement promises exactly one).
//!
//! # Input
//!
//! Puzzles until a line `0`: N, then N dominoes `U LU V LV` (digits 1-9,
//! places a letter A-I for the row and a digit 1-9 for the column), then
//! the places of the digits 1 to 9. Tokens are blank-separated. An error
//! names the place of a token out of range, of a domino with two equal
//! digits or on cells that do not touch, and the puzzle with no solution.

use crate::dlx::{Search, Solver};
use crate::input::{self, Error, Token, Tokens};
use crate::model::{Family, Items, Model, Table};
use std::io::Write;

/// The digits placed on the grid, cell by cell (row-major).
type Grid = [u8; 81];

/// Writes `Puzzle k` and the solved grid of every puzzle of `input`.
///
/// # Errors
/// See the module docs.
pub fn solve(input: &[u8], out: &mut dyn Write) -> Result<(), Error> {
    let mut tokens = Tokens::new(input);
    let mut text = String::new();
    for puzzle in 1.. {
        let (n, first) =
            tokens.placed_number::<usize>("the number of dominoes N (0 ends)", 0..=35)?;
        if n == 0 {
            break;
        }
        let givens = read_puzzle(&mut tokens, n)?;
        let grid = complete(&givens)
            .ok_or_else(|| first.error(format!("puzzle {puzzle} has no solution")))?;
        text.push_str(&format!("Puzzle {puzzle}\n"));
        for row in grid.chunks(9) {
            text.extend(row.iter().map(|&d| char::from(b'0' + d)));
            text.push('\n');
        }
    }
    tokens.end("the line 0")?;
    Ok(out.write_all(text.as_bytes())?)
}

/// Reads stdin, writes the answer: what the submission runs.
pub fn main() {
    input::run(solve)
}

/// What a puzzle gives: its dominoes as (cell, digit, cell, digit), and
/// the cell of each digit 1 to 9.
struct Givens {
    dominoes: Vec<(usize, u8, usize, u8)>,
    singles: [usize; 9],
}

/// Reads the N dominoes and the nine places of a puzzle.
fn read_puzzle(tokens: &mut Tokens, n: usize) -> Result<Givens, Error> {
    let mut dominoes = Vec::with_capacity(n);
    for _ in 0..n {
        let (u, at) = tokens.placed_number::<u8>("a digit U (1 to 9)", 1..=9)?;
        let lu = place(tokens.expect("a place such as B2")?)?;
        let v: u8 = tokens.number("a digit V (1 to 9)", 1..=9)?;
        let lv = place(tokens.expect("a place such as B2")?)?;
        if u == v {
            return Err(at.error(format!("a domino has two digits {u}")));
        }
        let (du, dv) = ((lu / 9).abs_diff(lv / 9), (lu % 9).abs_diff(lv % 9));
        if du + dv != 1 {
            return Err(at.error("a domino's two places do not touch"));
        }
        dominoes.push((lu, u, lv, v));
    }
    let mut singles = [0; 9];
    for cell in singles.iter_mut() {
        *cell = place(tokens.expect("the place of a digit")?)?;
    }
    Ok(Givens { dominoes, singles })
}

/// The cell a place such as `B2` names: row B (the second), column 2.
fn place(token: Token) -> Result<usize, Error> {
    match token.text {
        [row @ b'A'..=b'I', column @ b'1'..=b'9'] => {
            Ok(usize::from(row - b'A') * 9 + usize::from(column - b'1'))
        }
        _ => Err(token.error(format!(
            "expected a place, a letter A-I and a digit 1-9, found {}",
            input::quote(token.text)
        ))),
    }
}

/// The items of the exact cover.
struct Lines {
    cells: Family,
    rows: Table,
    columns: Table,
    boxes: Table,
    dominoes: Family,
}

impl Lines {
    /// The items of digit `d` (1-9) in `cell`: the cell, and the digit in
    /// its row, column and box.
    fn digit(&self, cell: usize, d: u8) -> [usize; 4] {
        let (r, c, d) = (cell / 9, cell % 9, usize::from(d - 1));
        let b = r / 3 * 3 + c / 3;
        [
            self.cells.at(cell),
            self.rows.at(r, d),
            self.columns.at(c, d),
            self.boxes.at(b, d),
        ]
    }

    /// The items of domino `a`+`b` with `a` in cell `p` and `b` in `q`.
    fn domino(&self, p: usize, a: u8, q: usize, b: u8) -> Vec<usize> {
        let mut items = vec![self.dominoes.at(domino(a, b))];
        items.extend(self.digit(p, a));
        items.extend(self.digit(q, b));
        items
    }
}

/// The number of domino `a`+`b` (a ≠ b, 1-9) among the 36: 1+2 is 0,
/// 1+9 is 7, 2+3 is 8, …, 8+9 is 35.
fn domino(a: u8, b: u8) -> usize {
    let (low, high) = (usize::from(a.min(b) - 1), usize::from(a.max(b) - 1));
    low * (17 - low) / 2 + high - low - 1
}

/// The solved grid, if the givens have a solution.
fn complete(givens: &Givens) -> Option<Grid> {
    let mut items = Items::new();
    let lines = Lines {
        cells: items.primary(81),
        rows: items.primary_table(9, 9),
        columns: items.primary_table(9, 9),
        boxes: items.primary_table(9, 9),
        dominoes: items.primary(36),
    };
    let mut model: Model<Vec<(usize, u8)>> = Model::new(&items);
    let mut given = [false; 81];
    let mut placed = [false; 36];
    for (d, &cell) in (1u8..).zip(&givens.singles) {
        given[cell] = true;
        model.add(vec![(cell, d)], &lines.digit(cell, d));
    }
    for &(p, a, q, b) in &givens.dominoes {
        given[p] = true;
        given[q] = true;
        placed[domino(a, b)] = true;
        model.add(vec![(p, a), (q, b)], &lines.domino(p, a, q, b));
    }
    for p in (0..81).filter(|&p| !given[p]) {
        let neighbours = [(p % 9 < 8, p + 1), (p < 72, p + 9)];
        for (_, q) in neighbours.into_iter().filter(|&(ok, q)| ok && !given[q]) {
            for a in 1..=9u8 {
                for b in (a + 1..=9).filter(|&b| !placed[domino(a, b)]) {
                    model.add(vec![(p, a), (q, b)], &lines.domino(p, a, q, b));
                    model.add(vec![(p, b), (q, a)], &lines.domino(p, b, q, a));
                }
            }
        }
    }
    let solution = Solver::new(model.problem()).first()?;
    let mut grid = [0; 81];
    for digits in model.payloads(&solution) {
        for &(cell, d) in digits {
            grid[cell] = d;
        }
    }
    Some(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Result<String, Error> {
        input::answer(solve, text)
    }

    const FIRST: &str = "10\n6 B2 1 B3\n2 C4 9 C3\n6 D3 8 E3\n7 E1 4 F1\n8 B7 4 B8\n\
                         3 F5 2 F6\n7 F7 6 F8\n5 G4 9 G5\n7 I8 8 I9\n7 C9 2 B9\n\
                         C5 A3 D9 I4 A9 E5 A2 C6 I1\n";

    #[test]
    fn the_statement_sample() {
        let second = "11\n5 I9 2 H9\n6 A5 7 A6\n4 B8 6 C8\n3 B5 8 B4\n3 C3 2 D3\n\
                      9 D2 8 E2\n3 G2 5 H2\n1 A2 8 A1\n1 H8 3 I8\n8 I3 7 I4\n4 I6 9 I7\n\
                      I5 E6 D1 F2 B3 G9 H7 C9 E5\n";
        let answer = run(&format!("{FIRST}{second}0\n")).unwrap();
        assert_eq!(
            answer,
            "Puzzle 1\n872643195\n361975842\n549218637\n126754983\n738169254\n\
             495832761\n284597316\n657381429\n913426578\n\
             Puzzle 2\n814267593\n965831247\n273945168\n392176854\n586492371\n\
             741358629\n137529486\n459683712\n628714935\n"
        );
    }

    #[test]
    fn dominoes_are_numbered_0_to_35() {
        let numbers: Vec<usize> = (1..=9u8)
            .flat_map(|a| (a + 1..=9).map(move |b| domino(a, b)))
            .collect();
        assert_eq!(numbers, (0..36).collect::<Vec<_>>());
        assert_eq!(domino(9, 8), 35);
    }

    #[test]
    fn bad_input_names_its_place() {
        let error = |text: &str| run(text).unwrap_err().to_string();
        assert_eq!(
            error(&FIRST.replacen("B2", "J2", 1)),
            "input:2:3: expected a place, a letter A-I and a digit 1-9, found \"J2\""
        );
        assert_eq!(
            error(&FIRST.replacen("1 B3", "6 B3", 1)),
            "input:2:1: a domino has two digits 6"
        );
        assert_eq!(
            error(&FIRST.replacen("1 B3", "1 B4", 1)),
            "input:2:1: a domino's two places do not touch"
        );
        assert_eq!(
            error(FIRST),
            "input:13: expected the number of dominoes N (0 ends) (0 to 35), found the end of the input"
        );
        // Digit 1 given in row B, where the first domino puts a 1 already.
        let clash = FIRST.replacen("C5 A3", "B5 A3", 1);
        assert_eq!(
            error(&format!("{clash}0\n")),
            "input:1:1: puzzle 1 has no solution"
        );
    }
}
