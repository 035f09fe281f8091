//! POJ 3074, Sudoku (alias `sudoku`), from the judge's side: the
//! reference (the one completion, by the sudoku family's search of
//! [`super::grid`]), a generator of random minimal puzzles, a shrinker,
//! and the known hard puzzles of the case files.
//!
//! ```
//! use judge_tests::support::poj3074;
//! let input = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\nend\n";
//! let answer = poj3074::reference(input).unwrap();
//! assert!(answer.starts_with("527389416819426735"));
//! ```
//!
//! `judge-tests/poj3074/thousand-puzzles.in` is [`thousand_puzzles`]: the
//! [`KNOWN`] hard puzzles, then [`GENERATED`] random minimal puzzles from
//! [`minimal_puzzle`] with an [`Rng`] seeded [`THOUSAND_SEED`]. The test
//! `the_thousand_puzzles_file_is_what_the_generator_makes` checks it; to
//! write it again:
//!
//! ```text
//! cargo test -p judge-tests --lib poj3074 -- --ignored write_thousand_puzzles
//! ```

use super::grid::sudoku::{minimal_puzzle, KNOWN};
use super::grid::{self, boxes, search, Grid, Malformed, CELLS};
use super::{Generator, Support};
use crate::rng::Rng;

/// What the harness knows of POJ 3074.
pub const SUPPORT: Support = Support {
    id: "poj3074",
    reference: Some(|input| Ok(reference(input)?)),
    generator: Some(Generator {
        generate,
        shrink,
        size,
    }),
    checker: None,
    classes: &[],
};

/// Reads a line of 81 characters `1`-`9` or `.`.
pub fn parse_line(line: &str) -> Option<Grid> {
    grid::parse_grid(0, line).ok()
}

/// The puzzle lines of an input with their line numbers (1-based): lines
/// trimmed at the end, blank ones skipped, up to the line `end`; `None`
/// without that line.
fn puzzle_lines(input: &str) -> Option<Vec<(usize, &str)>> {
    let mut lines = Vec::new();
    for (line, number) in input.split('\n').map(str::trim_end).zip(1..) {
        match line {
            "" => {}
            "end" => return Some(lines),
            _ => lines.push((number, line)),
        }
    }
    None
}

/// The expected output: each puzzle's solution as 81 digits on a line.
/// Declines a malformed line, a missing `end`, and a puzzle without
/// exactly one solution (the statement promises one).
pub fn reference(input: &str) -> Result<String, Malformed> {
    let lines = puzzle_lines(input).ok_or(Malformed::whole("no line `end`"))?;
    let mut out = String::new();
    for (number, line) in lines {
        let puzzle = parse_line(line)
            .ok_or_else(|| Malformed::at(number, "expected 81 characters 1-9 or '.'"))?;
        let grid = search::unique(&boxes(), &puzzle).map_err(|n| match n {
            0 => Malformed::at(number, "no solution"),
            _ => Malformed::at(number, "several solutions"),
        })?;
        out.push_str(&grid::answer_line(&grid));
        out.push('\n');
    }
    Ok(out)
}

/// The seed of the generated part of `thousand-puzzles.in`.
pub const THOUSAND_SEED: u64 = 3074;
/// How many generated puzzles it holds after the [`KNOWN`] ones.
pub const GENERATED: usize = 1000;

/// The input of `thousand-puzzles.in`: every [`KNOWN`] puzzle, then
/// `generated` random minimal puzzles from seed [`THOUSAND_SEED`], then `end`.
pub fn thousand_puzzles(generated: usize) -> String {
    let mut rng = Rng::new(THOUSAND_SEED);
    let known = KNOWN.iter().map(|(_, line)| line.to_string());
    let random = (0..generated).map(|_| grid::grid_word(&minimal_puzzle(&mut rng)));
    let mut text: String = known.chain(random).map(|line| line + "\n").collect();
    text.push_str("end\n");
    text
}

/// A random input: one to four random minimal puzzles (sometimes a known
/// hard one), with CRLF line ends one time in four and blank lines between
/// puzzles one time in four.
pub fn generate(rng: &mut Rng) -> String {
    let puzzles: Vec<String> = (0..rng.between(1, 4))
        .map(|_| match rng.below(8) {
            0 => KNOWN[rng.below(KNOWN.len())].1.to_string(),
            _ => grid::grid_word(&minimal_puzzle(rng)),
        })
        .collect();
    let newline = if rng.below(4) == 0 { "\r\n" } else { "\n" };
    let separator = if rng.below(4) == 0 {
        format!("{newline}{newline}")
    } else {
        newline.to_string()
    };
    format!("{}{separator}end{newline}", puzzles.join(&separator))
}

/// The puzzles of an input and its line end, for the shrinker.
fn puzzles_of(input: &str) -> (Vec<Grid>, &'static str) {
    let newline = if input.contains("\r\n") { "\r\n" } else { "\n" };
    let lines = puzzle_lines(input).unwrap_or_default();
    let puzzles = lines.iter().filter_map(|(_, line)| parse_line(line));
    (puzzles.collect(), newline)
}

fn format_input(puzzles: &[Grid], newline: &str) -> String {
    let mut text = String::new();
    for puzzle in puzzles {
        text.push_str(&grid::grid_word(puzzle));
        text.push_str(newline);
    }
    text.push_str("end");
    text.push_str(newline);
    text
}

/// Smaller inputs: one puzzle dropped, or one empty cell filled with its
/// solution's digit.
pub fn shrink(input: &str) -> Vec<String> {
    let (puzzles, newline) = puzzles_of(input);
    let mut candidates: Vec<String> = super::each_without_one(&puzzles)
        .iter()
        .map(|fewer| format_input(fewer, newline))
        .collect();
    for (k, puzzle) in puzzles.iter().enumerate() {
        let Ok(solution) = search::unique(&boxes(), puzzle) else {
            continue;
        };
        for cell in (0..CELLS).filter(|&cell| puzzle[cell] == 0) {
            let mut more = puzzles.clone();
            more[k][cell] = solution[cell];
            candidates.push(format_input(&more, newline));
        }
    }
    candidates
}

/// The size of an input: its puzzles and their empty cells.
pub fn size(input: &str, _expected: &str) -> usize {
    let (puzzles, _) = puzzles_of(input);
    puzzles.len()
        + puzzles
            .iter()
            .map(|p| CELLS - grid::givens(p))
            .sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid::sudoku::count;
    use grid::{box_of, givens, SIDE};

    fn unique(puzzle: &Grid) -> Result<Grid, usize> {
        search::unique(&boxes(), puzzle)
    }

    /// Every row, column and box holds 1-9 once, and the givens are kept.
    fn solves(puzzle: &Grid, grid: &Grid) -> bool {
        let mut masks = [[0u16; SIDE]; 3];
        for (cell, &digit) in grid.iter().enumerate() {
            let houses = [cell / SIDE, cell % SIDE, box_of(cell)];
            for (kind, house) in houses.into_iter().enumerate() {
                masks[kind][house] |= 1 << digit;
            }
        }
        let houses_ok = masks.iter().flatten().all(|&m| m == 0x3fe);
        houses_ok && puzzle.iter().zip(grid).all(|(&p, &g)| p == 0 || p == g)
    }

    #[test]
    fn the_seed_articles_puzzles_have_the_samples_answers() {
        let (input, expected) = crate::verdict::committed_case("poj3074", "sample-1");
        assert_eq!(reference(&input).unwrap(), expected);
    }

    #[test]
    fn every_known_puzzle_has_exactly_one_solution() {
        for (name, line) in KNOWN {
            let puzzle = parse_line(line).unwrap();
            let grid = unique(&puzzle).unwrap_or_else(|n| panic!("{name}: {n} solutions"));
            assert!(solves(&puzzle, &grid), "{name}");
        }
        let seventeen = KNOWN.iter().filter(|(name, _)| name.contains("17 givens"));
        for (name, line) in seventeen {
            assert_eq!(givens(&parse_line(line).unwrap()), 17, "{name}");
        }
    }

    /// `/work/shared/instances/sudoku-ai-escargot.dlx` (not read here) has
    /// one option for each of these 23 cells and nine for every other.
    #[test]
    fn ai_escargot_has_the_23_givens_of_its_exact_cover_instance() {
        let givens_of_instance: [(usize, usize, u8); 23] = [
            (0, 0, 1),
            (0, 5, 7),
            (0, 7, 9),
            (1, 1, 3),
            (1, 4, 2),
            (1, 8, 8),
            (2, 2, 9),
            (2, 3, 6),
            (2, 6, 5),
            (3, 2, 5),
            (3, 3, 3),
            (3, 6, 9),
            (4, 1, 1),
            (4, 4, 8),
            (4, 8, 2),
            (5, 0, 6),
            (5, 5, 4),
            (6, 0, 3),
            (6, 7, 1),
            (7, 1, 4),
            (7, 8, 7),
            (8, 2, 7),
            (8, 6, 3),
        ];
        let mut expected = [0; CELLS];
        for (r, c, d) in givens_of_instance {
            expected[r * SIDE + c] = d;
        }
        assert_eq!(parse_line(KNOWN[0].1).unwrap(), expected);
    }

    #[test]
    fn completions_are_counted_and_clashes_have_none() {
        let mut puzzle = parse_line(KNOWN[1].1).unwrap();
        let grid = unique(&puzzle).unwrap();
        // A solution with one row emptied has one completion.
        let mut row_free = grid;
        row_free[..SIDE].fill(0);
        assert_eq!(count(&row_free, 10), 1);
        let mut empty = [0; CELLS];
        assert_eq!(count(&empty, 1000), 1000);
        empty[0] = 5;
        empty[1] = 5;
        assert_eq!(count(&empty, 10), 0);
        puzzle[1] = 8;
        assert_eq!(unique(&puzzle), Err(0));
    }

    #[test]
    fn generated_puzzles_are_minimal_and_unique() {
        let mut rng = Rng::new(5);
        for _ in 0..3 {
            let puzzle = minimal_puzzle(&mut rng);
            let grid = unique(&puzzle).unwrap();
            assert!(solves(&puzzle, &grid));
            for cell in (0..CELLS).filter(|&cell| puzzle[cell] != 0) {
                let mut fewer = puzzle;
                fewer[cell] = 0;
                assert_eq!(count(&fewer, 2), 2, "given {cell} can go");
            }
        }
    }

    #[test]
    fn reference_reads_blank_lines_and_crlf_and_declines_bad_input() {
        let (one, two) = (KNOWN[0].1, KNOWN[1].1);
        let plain = reference(&format!("{one}\n{two}\nend\n")).unwrap();
        assert_eq!(plain.lines().count(), 2);
        let spaced = format!("\r\n{one}\r\n\r\n  \r\n{two}  \r\nend\r\nnot read");
        assert_eq!(reference(&spaced).unwrap(), plain);
        assert_eq!(reference("end\n").unwrap(), "");
        assert!(reference(one).unwrap_err().to_string().contains("end"));
        let short = format!("{one}\n{}\nend\n", &two[1..]);
        assert!(reference(&short)
            .unwrap_err()
            .to_string()
            .starts_with("line 2:"));
        let open = format!("{}\nend\n", ".".repeat(CELLS));
        assert_eq!(
            reference(&open).unwrap_err().to_string(),
            "line 1: several solutions"
        );
        let clash = format!("11{}\nend\n", ".".repeat(CELLS - 2));
        assert_eq!(
            reference(&clash).unwrap_err().to_string(),
            "line 1: no solution"
        );
    }

    #[test]
    fn shrinking_makes_smaller_inputs_with_answers() {
        let mut rng = Rng::new(3);
        let input = format!(
            "{}\r\n{}\r\nend\r\n",
            KNOWN[2].1,
            grid::grid_word(&minimal_puzzle(&mut rng))
        );
        let expected = reference(&input).unwrap();
        let before = size(&input, &expected);
        let candidates = shrink(&input);
        assert!(!candidates.is_empty());
        for candidate in candidates {
            assert!(candidate.ends_with("end\r\n"));
            let answer = reference(&candidate).unwrap();
            assert!(size(&candidate, &answer) < before);
        }
    }

    #[test]
    fn committed_cases_are_what_their_names_say() {
        for (name, input, _) in crate::verdict::committed_cases("poj3074") {
            let puzzles = puzzle_lines(&input).unwrap();
            match name.as_str() {
                "thousand-puzzles" => assert!(puzzles.len() >= 1000),
                "crlf-line-ends" => {
                    assert_eq!(input.matches("\r\n").count(), input.matches('\n').count())
                }
                "blank-lines-between" => assert!(input.contains("\n\n")),
                "hardest-known" => {
                    let lines: Vec<&str> = puzzles.iter().map(|(_, line)| *line).collect();
                    let known: Vec<&str> = KNOWN.iter().map(|(_, line)| *line).collect();
                    assert_eq!(lines, known);
                }
                _ => {}
            }
        }
    }

    #[test]
    fn the_thousand_puzzles_file_is_what_the_generator_makes() {
        let (committed, _) = crate::verdict::committed_case("poj3074", "thousand-puzzles");
        assert_eq!(committed, thousand_puzzles(GENERATED));
    }

    #[test]
    #[ignore = "UPDATE_JUDGE_TESTS=1: writes judge-tests/poj3074/thousand-puzzles.in"]
    fn write_thousand_puzzles() {
        // A writer, not a check: `make test-all` runs ignored tests too.
        if !crate::support::updating() {
            return;
        }
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("poj3074")
            .join("thousand-puzzles.in");
        std::fs::write(path, thousand_puzzles(GENERATED)).unwrap();
    }
}
