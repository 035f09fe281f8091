//! SPOJ 1110, SUDOKU (16 × 16, letters `A`–`P`), from the judge's side:
//! a bitmask backtracking search, the brute-force reference, a generator
//! of random and of locally minimal puzzles, a shrinker.
//!
//! ```
//! use judge_tests::support::spoj1110;
//! let mut rng = judge_tests::rng::Rng::new(1);
//! let puzzle = spoj1110::sparse_puzzle(&mut rng, 150);
//! let input = format!("1\n{}", spoj1110::format_grid(&puzzle));
//! let answer = spoj1110::reference(&input).unwrap();
//! assert_eq!(answer.lines().count(), 16);
//! ```
//!
//! The search keeps one 16-bit mask of used letters per row, column and
//! box. At each step it places what is forced (an empty cell with one
//! candidate, a letter with one place left in a row, column or box) and
//! otherwise branches on the empty cell with the fewest candidates, trying
//! its letters in alphabetical order; an empty cell without a candidate or
//! a letter without a place is a dead end. It shares nothing with
//! `library/`.
//!
//! The committed hard cases are [`minimal_file`]s: puzzles from which no
//! given can be removed without losing uniqueness, generated from fixed
//! seeds. The test `the_minimal_files_are_what_the_generator_makes`
//! checks them; to write them again:
//!
//! ```text
//! cargo test --release -p judge-tests --lib spoj1110 -- --ignored write_case_files
//! ```

use super::{Class, Generator, Support};
use crate::rng::Rng;

/// What the judge has for spoj1110: the reference, the generator.
pub const SUPPORT: Support = Support {
    id: "spoj1110",
    reference: Some(reference),
    generator: Some(Generator {
        generate,
        shrink,
        size,
    }),
    checker: None,
    classes: &CLASSES,
};

/// The hard classes: locally minimal puzzles (issue 32: a plain search
/// takes seconds on one in a few hundred).
pub const CLASSES: [Class; 2] = [
    Class {
        name: "locally-minimal",
        about: "one locally minimal puzzle (no given can go and leave the solution unique)",
        generate: |rng| format_input(&[minimal_puzzle(rng)]),
    },
    Class {
        name: "ten-minimal",
        about: "a file of ten locally minimal puzzles",
        generate: |rng| format_input(&(0..10).map(|_| minimal_puzzle(rng)).collect::<Vec<_>>()),
    },
];

/// Side of the grid; cells are numbered row by row, `row * SIDE + column`.
pub const SIDE: usize = 16;
/// Number of cells.
pub const CELLS: usize = SIDE * SIDE;
/// The letters, in order; a cell holds the place of its letter plus one.
pub const LETTERS: &[u8; SIDE] = b"ABCDEFGHIJKLMNOP";

/// The letter of each cell (1 for `A`, ..., 16 for `P`), row by row; 0
/// for an empty cell.
pub type Grid = [u8; CELLS];

/// Every letter, as bits: letter `k` (1-based) is bit `k - 1`.
const ALL: u16 = 0xffff;

/// The three houses of a cell: its row (0..16), its column (16..32) and
/// its 4 × 4 box (32..48).
pub fn houses_of(cell: usize) -> [usize; 3] {
    let (row, column) = (cell / SIDE, cell % SIDE);
    [row, SIDE + column, 2 * SIDE + row / 4 * 4 + column / 4]
}

/// The cells of house `house` (numbered as in [`houses_of`]).
pub fn cells_of(house: usize) -> [usize; SIDE] {
    let k = house % SIDE;
    let mut cells = [0; SIDE];
    for (i, cell) in cells.iter_mut().enumerate() {
        *cell = match house / SIDE {
            0 => k * SIDE + i,
            1 => i * SIDE + k,
            _ => (k / 4 * 4 + i / 4) * SIDE + k % 4 * 4 + i % 4,
        };
    }
    cells
}

/// The search state: the grid and the letters used in each house.
#[derive(Clone)]
struct Board {
    grid: Grid,
    used: [u16; 3 * SIDE],
}

/// What to do next: a cell to try some letters in, or nothing possible.
enum Step {
    Full,
    DeadEnd,
    Try(usize, u16),
}

impl Board {
    /// The board with `givens` written in; `None` when two of them clash.
    fn new(givens: &Grid) -> Option<Board> {
        let mut board = Board {
            grid: [0; CELLS],
            used: [0; 3 * SIDE],
        };
        for (cell, &letter) in givens.iter().enumerate() {
            if letter != 0 {
                if board.candidates(cell) & 1 << (letter - 1) == 0 {
                    return None;
                }
                board.toggle(cell, letter);
            }
        }
        Some(board)
    }

    /// The letters an empty cell may still take.
    fn candidates(&self, cell: usize) -> u16 {
        let [row, column, square] = houses_of(cell);
        ALL & !(self.used[row] | self.used[column] | self.used[square])
    }

    /// Writes `letter` into an empty cell, or takes it back out.
    fn toggle(&mut self, cell: usize, letter: u8) {
        for house in houses_of(cell) {
            self.used[house] ^= 1 << (letter - 1);
        }
        self.grid[cell] = if self.grid[cell] == 0 { letter } else { 0 };
    }

    /// A forced placement if there is one, else the empty cell with the
    /// fewest candidates (the first on ties).
    fn next_step(&self) -> Step {
        let mut best: Option<(usize, u16)> = None;
        let mut fewest = u32::MAX;
        for cell in (0..CELLS).filter(|&cell| self.grid[cell] == 0) {
            let free = self.candidates(cell);
            match free.count_ones() {
                0 => return Step::DeadEnd,
                1 => return Step::Try(cell, free),
                n if n < fewest => (best, fewest) = (Some((cell, free)), n),
                _ => {}
            }
        }
        let Some((cell, free)) = best else {
            return Step::Full;
        };
        // A letter a house still needs, with one place left, or none.
        for house in 0..3 * SIDE {
            let cells = cells_of(house);
            let (mut once, mut twice) = (0u16, 0u16);
            for &c in cells.iter().filter(|&&c| self.grid[c] == 0) {
                let free = self.candidates(c);
                twice |= once & free;
                once |= free;
            }
            let needed = ALL & !self.used[house];
            if needed & !once != 0 {
                return Step::DeadEnd;
            }
            let single = needed & once & !twice;
            if single != 0 {
                let bit = single & single.wrapping_neg();
                let place = cells
                    .iter()
                    .find(|&&c| self.grid[c] == 0 && self.candidates(c) & bit != 0);
                return Step::Try(*place.expect("a letter with one place"), bit);
            }
        }
        Step::Try(cell, free)
    }

    /// Calls `visit` on each completion until it returns false; false if it did.
    fn each(&mut self, visit: &mut dyn FnMut(&Grid) -> bool) -> bool {
        let (cell, mut free) = match self.next_step() {
            Step::Full => return visit(&self.grid),
            Step::DeadEnd => return true,
            Step::Try(cell, free) => (cell, free),
        };
        while free != 0 {
            let letter = free.trailing_zeros() as u8 + 1;
            free &= free - 1;
            self.toggle(cell, letter);
            let go_on = self.each(visit);
            self.toggle(cell, letter);
            if !go_on {
                return false;
            }
        }
        true
    }

    /// Completes the grid with letters tried in random order; false if it cannot.
    fn fill_randomly(&mut self, rng: &mut Rng) -> bool {
        let (cell, free) = match self.next_step() {
            Step::Full => return true,
            Step::DeadEnd => return false,
            Step::Try(cell, free) => (cell, free),
        };
        let mut letters: Vec<u8> = (1..=16).filter(|k| free & 1 << (k - 1) != 0).collect();
        rng.shuffle(&mut letters);
        for letter in letters {
            self.toggle(cell, letter);
            if self.fill_randomly(rng) {
                return true;
            }
            self.toggle(cell, letter);
        }
        false
    }
}

/// Calls `visit` on every completion of `givens` (none if two givens
/// clash) until it returns false.
pub fn completions(givens: &Grid, visit: &mut dyn FnMut(&Grid) -> bool) {
    if let Some(mut board) = Board::new(givens) {
        board.each(visit);
    }
}

/// How many completions `givens` has, counting no further than `limit`.
pub fn count(givens: &Grid, limit: usize) -> usize {
    let mut n = 0;
    if limit > 0 {
        completions(givens, &mut |_| {
            n += 1;
            n < limit
        });
    }
    n
}

/// The one completion of `givens`, or how many there are (0, or 2 for "several").
pub fn unique(givens: &Grid) -> Result<Grid, usize> {
    let mut found = Vec::new();
    completions(givens, &mut |grid| {
        found.push(*grid);
        found.len() < 2
    });
    match found.as_slice() {
        [grid] => Ok(*grid),
        several => Err(several.len()),
    }
}

/// A random completed grid.
pub fn random_grid(rng: &mut Rng) -> Grid {
    let mut board = Board::new(&[0; CELLS]).expect("the empty grid has no clash");
    assert!(board.fill_randomly(rng), "the empty grid has completions");
    board.grid
}

/// `grid` with the cells of `order` emptied one by one, each only if the
/// puzzle keeps exactly one completion, until `keep` givens are left.
pub fn minimise(grid: &Grid, order: &[usize], keep: usize) -> Grid {
    let mut puzzle = *grid;
    for &cell in order {
        if givens(&puzzle) <= keep {
            break;
        }
        let letter = std::mem::replace(&mut puzzle[cell], 0);
        if count(&puzzle, 2) != 1 {
            puzzle[cell] = letter;
        }
    }
    puzzle
}

/// A random grid emptied in random order while its solution stays
/// unique, down to `keep` givens or as far as it goes.
pub fn sparse_puzzle(rng: &mut Rng, keep: usize) -> Grid {
    let grid = random_grid(rng);
    let mut order: Vec<usize> = (0..CELLS).collect();
    rng.shuffle(&mut order);
    minimise(&grid, &order, keep)
}

/// A random locally minimal puzzle: no given can go without a second
/// solution (each cell was tried once, and emptying a cell only makes
/// the others more needed).
pub fn minimal_puzzle(rng: &mut Rng) -> Grid {
    sparse_puzzle(rng, 0)
}

/// The number of givens of a puzzle.
pub fn givens(puzzle: &Grid) -> usize {
    puzzle.iter().filter(|&&letter| letter != 0).count()
}

/// A grid as 16 lines of 16 letters, `-` for an empty cell.
pub fn format_grid(grid: &Grid) -> String {
    let mut text = String::with_capacity(CELLS + SIDE);
    for row in grid.chunks(SIDE) {
        for &letter in row {
            text.push(match letter {
                0 => '-',
                k => char::from(LETTERS[usize::from(k) - 1]),
            });
        }
        text.push('\n');
    }
    text
}

/// An input: the number of puzzles, then the puzzles with a blank line
/// between two, as in the statement.
pub fn format_input(puzzles: &[Grid]) -> String {
    let grids: Vec<String> = puzzles.iter().map(format_grid).collect();
    format!("{}\n{}", puzzles.len(), grids.join("\n"))
}

/// The puzzles of an input: the count on the first line that is not
/// blank, then that many grids of 16 rows, blank lines skipped; what
/// follows the last grid is not read. The error names the line.
pub fn parse_input(input: &str) -> Result<Vec<Grid>, String> {
    let mut lines = input
        .lines()
        .enumerate()
        .map(|(k, line)| (k + 1, line.trim_end()))
        .filter(|(_, line)| !line.is_empty());
    let (number, first) = lines.next().ok_or("no number of grids")?;
    let count: usize = first
        .trim_start()
        .parse()
        .map_err(|_| format!("line {number}: expected the number of grids"))?;
    let mut puzzles = Vec::new();
    for k in 0..count {
        let mut puzzle = [0; CELLS];
        for row in 0..SIDE {
            let (number, line) = lines
                .next()
                .ok_or_else(|| format!("grid {}: row {} is missing", k + 1, row + 1))?;
            let bad = || format!("line {number}: expected 16 letters A-P or '-'");
            if line.len() != SIDE {
                return Err(bad());
            }
            for (column, b) in line.bytes().enumerate() {
                puzzle[row * SIDE + column] = match b {
                    b'-' => 0,
                    b'A'..=b'P' => b - b'A' + 1,
                    _ => return Err(bad()),
                };
            }
        }
        puzzles.push(puzzle);
    }
    Ok(puzzles)
}

/// The expected output: each puzzle's one completion as 16 lines, a blank
/// line between two; an input whose puzzle has no or several completions
/// has none.
pub fn reference(input: &str) -> Result<String, String> {
    let puzzles = parse_input(input)?;
    let mut answers = Vec::new();
    for (k, puzzle) in puzzles.iter().enumerate() {
        let grid = unique(puzzle).map_err(|n| match n {
            0 => format!("grid {}: no solution", k + 1),
            _ => format!("grid {}: several solutions", k + 1),
        })?;
        answers.push(format_grid(&grid));
    }
    Ok(answers.join("\n"))
}

/// The seed of the minimal puzzles of the case files.
pub const MINIMAL_SEED: u64 = 1110;
/// How many minimal puzzles the case files hold, ten a file.
pub const MINIMAL: usize = 40;

/// The committed case files that generators make, by name: ten random
/// puzzles of 100 to 180 givens, the [`MINIMAL`] locally minimal puzzles
/// from seed [`MINIMAL_SEED`] ten a file (`minimal-1`, ...), and the ten
/// of them with the fewest givens (`fewest-givens`, fewest first).
pub fn case_files() -> Vec<(String, String)> {
    let mut rng = Rng::new(1);
    let random: Vec<Grid> = (0..10)
        .map(|_| {
            let keep = rng.between(100, 180);
            sparse_puzzle(&mut rng, keep)
        })
        .collect();
    let mut files = vec![("random-puzzles".to_string(), format_input(&random))];
    let mut rng = Rng::new(MINIMAL_SEED);
    let minimal: Vec<Grid> = (0..MINIMAL).map(|_| minimal_puzzle(&mut rng)).collect();
    for (k, ten) in minimal.chunks(10).enumerate() {
        files.push((format!("minimal-{}", k + 1), format_input(ten)));
    }
    let mut fewest = minimal;
    fewest.sort_by_key(givens);
    files.push(("fewest-givens".to_string(), format_input(&fewest[..10])));
    files
}

/// A random input: one to three puzzles emptied while unique down to 120
/// to 220 givens, with CRLF line ends one time in four and without the
/// blank lines between grids one time in four.
pub fn generate(rng: &mut Rng) -> String {
    let puzzles: Vec<Grid> = (0..rng.between(1, 3))
        .map(|_| {
            let keep = rng.between(120, 220);
            sparse_puzzle(rng, keep)
        })
        .collect();
    let mut text = format_input(&puzzles);
    if rng.below(4) == 0 {
        text = text.replace("\n\n", "\n");
    }
    if rng.below(4) == 0 {
        text = text.replace('\n', "\r\n");
    }
    text
}

/// Smaller inputs: one puzzle dropped, or one empty cell filled with its
/// solution's letter.
pub fn shrink(input: &str) -> Vec<String> {
    let puzzles = parse_input(input).unwrap_or_default();
    let mut candidates: Vec<String> = super::each_without_one(&puzzles)
        .iter()
        .map(|fewer| format_input(fewer))
        .collect();
    for (k, puzzle) in puzzles.iter().enumerate() {
        let Ok(solution) = unique(puzzle) else {
            continue;
        };
        for cell in (0..CELLS).filter(|&cell| puzzle[cell] == 0) {
            let mut more = puzzles.clone();
            more[k][cell] = solution[cell];
            candidates.push(format_input(&more));
        }
    }
    candidates
}

/// The size of an input: its puzzles and their empty cells.
pub fn size(input: &str, _expected: &str) -> usize {
    let puzzles = parse_input(input).unwrap_or_default();
    puzzles.len() + puzzles.iter().map(|p| CELLS - givens(p)).sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every house holds every letter once, and the givens are kept.
    fn solves(puzzle: &Grid, grid: &Grid) -> bool {
        let houses_ok = (0..3 * SIDE).all(|house| {
            let letters = cells_of(house).into_iter().map(|c| 1u32 << grid[c]);
            letters.fold(0, |all, bit| all | bit) == 0x1_fffe
        });
        houses_ok && puzzle.iter().zip(grid).all(|(&p, &g)| p == 0 || p == g)
    }

    fn committed(name: &str) -> (String, String) {
        crate::verdict::committed_case("spoj1110", name)
    }

    #[test]
    fn houses_and_cells_agree() {
        for house in 0..3 * SIDE {
            let cells = cells_of(house);
            for cell in cells {
                assert!(houses_of(cell).contains(&house), "{house} {cell}");
            }
            let mut sorted = cells;
            sorted.sort_unstable();
            sorted.windows(2).for_each(|w| assert!(w[0] < w[1]));
        }
        // Box 5 is the second box of the second band: rows 4-7, columns 4-7.
        assert_eq!(cells_of(2 * SIDE + 5)[0], 4 * SIDE + 4);
        assert_eq!(houses_of(255), [15, 31, 47]);
    }

    #[test]
    fn the_statements_sample_has_its_answer() {
        let (input, expected) = committed("sample-1");
        assert_eq!(reference(&input).unwrap(), expected);
    }

    #[test]
    fn reference_reads_crlf_and_blank_lines_and_declines_bad_input() {
        let mut rng = Rng::new(2);
        let puzzles = [sparse_puzzle(&mut rng, 150), sparse_puzzle(&mut rng, 120)];
        let plain = format_input(&puzzles);
        let answer = reference(&plain).unwrap();
        assert_eq!(answer.lines().count(), 2 * SIDE + 1);
        assert_eq!(answer.lines().nth(SIDE), Some(""));
        let squeezed = plain.replace("\n\n", "\n").replace('\n', "\r\n");
        assert_eq!(
            reference(&format!("\n{squeezed}\n\nnot read")).unwrap(),
            answer
        );
        assert_eq!(reference("0\n").unwrap(), "");
        assert!(reference("").unwrap_err().contains("number of grids"));
        assert!(reference("x\n").unwrap_err().starts_with("line 1:"));
        let short = plain.replacen("\n", "\n-", 2);
        assert!(reference(&short).unwrap_err().starts_with("line 2:"));
        let lower = plain.replacen('-', "a", 1);
        assert!(reference(&lower).unwrap_err().contains("letters A-P"));
        assert_eq!(
            reference(&plain.replacen('2', "3", 1)).unwrap_err(),
            "grid 3: row 1 is missing"
        );
        let open = format_input(&[[0; CELLS]]);
        assert_eq!(reference(&open).unwrap_err(), "grid 1: several solutions");
        let mut clash = [0; CELLS];
        clash[0..2].copy_from_slice(&[1, 1]);
        let clash = format_input(&[clash]);
        assert_eq!(reference(&clash).unwrap_err(), "grid 1: no solution");
    }

    #[test]
    fn generated_puzzles_are_unique_and_minimal_ones_minimal() {
        let mut rng = Rng::new(5);
        let sparse = sparse_puzzle(&mut rng, 140);
        assert!(givens(&sparse) <= 140);
        assert!(solves(&sparse, &unique(&sparse).unwrap()));
        let minimal = minimal_puzzle(&mut rng);
        assert!(solves(&minimal, &unique(&minimal).unwrap()));
        assert_minimal(&minimal);
    }

    /// Every given of `puzzle` is needed: without it there are two
    /// completions.
    fn assert_minimal(puzzle: &Grid) {
        for cell in (0..CELLS).filter(|&cell| puzzle[cell] != 0) {
            let mut fewer = *puzzle;
            fewer[cell] = 0;
            assert_eq!(count(&fewer, 2), 2, "given {cell} can go");
        }
    }

    /// The ten have 86 to 99 givens, fewest first (tests/references.rs
    /// checks that each has one solution; that they are minimal takes the
    /// ignored test below, which makes them again: checking it given by
    /// given takes as long).
    #[test]
    fn the_hard_cases_have_86_to_99_givens_fewest_first() {
        let (input, _) = committed("fewest-givens");
        let puzzles = parse_input(&input).unwrap();
        assert_eq!(puzzles.len(), 10);
        for pair in puzzles.windows(2) {
            assert!(givens(&pair[0]) <= givens(&pair[1]));
        }
        for puzzle in &puzzles {
            assert!((86..=99).contains(&givens(puzzle)), "{}", givens(puzzle));
        }
    }

    #[test]
    fn shrinking_makes_smaller_inputs_with_answers() {
        let mut rng = Rng::new(3);
        let input = format_input(&[sparse_puzzle(&mut rng, 200), sparse_puzzle(&mut rng, 250)]);
        let before = size(&input, &reference(&input).unwrap());
        let candidates = shrink(&input);
        assert!(!candidates.is_empty());
        for candidate in candidates {
            let answer = reference(&candidate).unwrap();
            assert!(size(&candidate, &answer) < before);
        }
    }

    #[test]
    #[ignore = "generates 40 minimal puzzles: minutes"]
    fn the_case_files_are_what_the_generator_makes() {
        for (name, text) in case_files() {
            assert_eq!(committed(&name).0, text, "{name}");
        }
    }

    #[test]
    #[ignore = "UPDATE_JUDGE_TESTS=1: writes judge-tests/spoj1110/*.in"]
    fn write_case_files() {
        // A writer, not a check: `make test-all` runs ignored tests too.
        if !crate::support::updating() {
            return;
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spoj1110");
        for (name, text) in case_files() {
            std::fs::write(dir.join(format!("{name}.in")), text).unwrap();
            std::fs::write(dir.join(format!("{name}.out")), "").unwrap();
        }
    }
}
