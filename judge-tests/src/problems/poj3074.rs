//! POJ 3074, Sudoku (alias `sudoku`), from the judge's side: a bitmask
//! backtracking search (shared with the other sudoku references, `p1784`
//! and `p1074`), the brute-force reference, a generator of random minimal
//! puzzles, a shrinker, and the known hard puzzles of the case files.
//!
//! ```
//! use judge_tests::problems::poj3074;
//! let input = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\nend\n";
//! let answer = poj3074::reference(input).unwrap();
//! assert!(answer.starts_with("527389416819426735"));
//! ```
//!
//! The search keeps one 9-bit mask of used digits per row, column and box
//! and always branches on the empty cell with the fewest candidates, trying
//! its digits in ascending order. It shares nothing with `library/`.
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

use crate::rng::Rng;

/// Side of the grid; cells are numbered row by row, `row * SIDE + column`.
pub const SIDE: usize = 9;
/// Number of cells.
pub const CELLS: usize = SIDE * SIDE;

/// The digit of each cell, row by row; 0 for an empty cell.
pub type Grid = [u8; CELLS];

/// Every digit, as bits: digit d is bit d - 1.
const DIGITS: u16 = 0x1ff;

/// The 3 × 3 box of a cell, 0..9 row by row.
pub fn box_of(cell: usize) -> usize {
    (cell / 27) * 3 + (cell % SIDE) / 3
}

/// The search state: the grid and the digits used in each row, column and box.
#[derive(Clone)]
struct Board {
    grid: Grid,
    rows: [u16; SIDE],
    columns: [u16; SIDE],
    boxes: [u16; SIDE],
}

impl Board {
    /// The board with `givens` written in; `None` when two of them clash.
    fn new(givens: &Grid) -> Option<Board> {
        let mut board = Board {
            grid: [0; CELLS],
            rows: [0; SIDE],
            columns: [0; SIDE],
            boxes: [0; SIDE],
        };
        for (cell, &digit) in givens.iter().enumerate() {
            if digit == 0 {
                continue;
            }
            if board.candidates(cell) & (1 << (digit - 1)) == 0 {
                return None;
            }
            board.toggle(cell, digit);
        }
        Some(board)
    }

    /// The digits an empty cell may still take.
    fn candidates(&self, cell: usize) -> u16 {
        let used = self.rows[cell / SIDE] | self.columns[cell % SIDE] | self.boxes[box_of(cell)];
        DIGITS & !used
    }

    /// Writes `digit` into an empty cell, or takes it back out.
    fn toggle(&mut self, cell: usize, digit: u8) {
        let bit = 1 << (digit - 1);
        self.rows[cell / SIDE] ^= bit;
        self.columns[cell % SIDE] ^= bit;
        self.boxes[box_of(cell)] ^= bit;
        self.grid[cell] = if self.grid[cell] == 0 { digit } else { 0 };
    }

    /// The empty cell with the fewest candidates (the first on ties) and
    /// its candidates; `None` when the grid is full.
    fn most_constrained(&self) -> Option<(usize, u16)> {
        let mut best: Option<(usize, u16)> = None;
        let mut fewest = u32::MAX;
        for cell in (0..CELLS).filter(|&cell| self.grid[cell] == 0) {
            let free = self.candidates(cell);
            if free.count_ones() < fewest {
                (best, fewest) = (Some((cell, free)), free.count_ones());
                if fewest <= 1 {
                    break;
                }
            }
        }
        best
    }

    /// Calls `visit` on each completion until it returns false; false if it did.
    fn each(&mut self, visit: &mut dyn FnMut(&Grid) -> bool) -> bool {
        let Some((cell, mut free)) = self.most_constrained() else {
            return visit(&self.grid);
        };
        while free != 0 {
            let digit = free.trailing_zeros() as u8 + 1;
            free &= free - 1;
            self.toggle(cell, digit);
            let go_on = self.each(visit);
            self.toggle(cell, digit);
            if !go_on {
                return false;
            }
        }
        true
    }

    /// Completes the grid with digits tried in random order; false if it cannot.
    fn fill_randomly(&mut self, rng: &mut Rng) -> bool {
        let Some((cell, free)) = self.most_constrained() else {
            return true;
        };
        let mut digits: Vec<u8> = (1..=9).filter(|d| free & (1 << (d - 1)) != 0).collect();
        rng.shuffle(&mut digits);
        for digit in digits {
            self.toggle(cell, digit);
            if self.fill_randomly(rng) {
                return true;
            }
            self.toggle(cell, digit);
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

/// The first `limit` completions of `givens`.
pub fn solutions(givens: &Grid, limit: usize) -> Vec<Grid> {
    let mut found = Vec::new();
    if limit > 0 {
        completions(givens, &mut |grid| {
            found.push(*grid);
            found.len() < limit
        });
    }
    found
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
    match solutions(givens, 2).as_slice() {
        [grid] => Ok(*grid),
        several => Err(several.len()),
    }
}

/// A random completed grid.
pub fn random_grid(rng: &mut Rng) -> Grid {
    random_completion(&[0; CELLS], rng).expect("the empty grid has completions")
}

/// A random completion of `givens`, if there is one.
pub fn random_completion(givens: &Grid, rng: &mut Rng) -> Option<Grid> {
    let mut board = Board::new(givens)?;
    board.fill_randomly(rng).then_some(board.grid)
}

/// `grid` with the cells of `order` emptied one by one, each only if the
/// puzzle keeps exactly one completion (so `grid`, if it was full). The
/// result needs every given among `order` that it keeps.
pub fn minimise(grid: &Grid, order: &[usize]) -> Grid {
    let mut puzzle = *grid;
    for &cell in order {
        let digit = std::mem::take(&mut puzzle[cell]);
        if count(&puzzle, 2) != 1 {
            puzzle[cell] = digit;
        }
    }
    puzzle
}

/// A random minimal puzzle: a random full grid with givens removed in
/// random order while the solution stays unique; no given can go.
pub fn minimal_puzzle(rng: &mut Rng) -> Grid {
    let grid = random_grid(rng);
    let mut order: Vec<usize> = (0..CELLS).collect();
    rng.shuffle(&mut order);
    minimise(&grid, &order)
}

/// The number of givens of a puzzle.
pub fn givens(puzzle: &Grid) -> usize {
    puzzle.iter().filter(|&&d| d != 0).count()
}

/// A grid in this problem's format: 81 characters, `.` for an empty cell.
pub fn format_line(grid: &Grid) -> String {
    grid.iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect()
}

/// Reads a line of 81 characters `1`-`9` or `.`.
pub fn parse_line(line: &str) -> Option<Grid> {
    let bytes = line.as_bytes();
    if bytes.len() != CELLS {
        return None;
    }
    let mut grid = [0; CELLS];
    for (cell, &b) in grid.iter_mut().zip(bytes) {
        *cell = match b {
            b'.' => 0,
            b'1'..=b'9' => b - b'0',
            _ => return None,
        };
    }
    Some(grid)
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
pub fn reference(input: &str) -> Result<String, String> {
    let lines = puzzle_lines(input).ok_or("no line `end`")?;
    let mut out = String::new();
    for (number, line) in lines {
        let puzzle = parse_line(line)
            .ok_or_else(|| format!("line {number}: expected 81 characters 1-9 or '.'"))?;
        let grid = unique(&puzzle).map_err(|n| match n {
            0 => format!("line {number}: no solution"),
            _ => format!("line {number}: several solutions"),
        })?;
        out.push_str(&format_line(&grid));
        out.push('\n');
    }
    Ok(out)
}

/// Hard puzzles, each with exactly one solution (the tests check it),
/// known by these names.
pub const KNOWN: [(&str, &str); 14] = [
    (
        "AI Escargot (Arto Inkala, 2006)",
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ),
    (
        "Arto Inkala's \"world's hardest\" (2012)",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    ),
    (
        "Easter Monster",
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    ),
    (
        "Golden Nugget",
        ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
    ),
    (
        "Platinum Blonde",
        ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...",
    ),
    (
        "17 givens, hard for naive backtracking (its first row is empty)",
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    ),
    (
        "17 givens (Royle's list)",
        ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...",
    ),
    (
        "17 givens (Royle's list)",
        ".......1.4.........2...........5.6.4..8...3....1.9....3..4..2...5.1........8.7...",
    ),
    (
        "17 givens (Royle's list)",
        ".......12....35......6...7.7.....3.....4..8..1...........12.....8.....4..5....6..",
    ),
    (
        "17 givens (Royle's list)",
        ".......12..36..........7...41..2.......5..3..7.....6..28.....4....3..5...........",
    ),
    (
        "top95 #1, 17 givens",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ),
    (
        "top95 #2",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    ),
    (
        "top95 #3",
        "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    ),
    (
        "top95 #4",
        "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
    ),
];

/// The seed of the generated part of `thousand-puzzles.in`.
pub const THOUSAND_SEED: u64 = 3074;
/// How many generated puzzles it holds after the [`KNOWN`] ones.
pub const GENERATED: usize = 1000;

/// The input of `thousand-puzzles.in`: every [`KNOWN`] puzzle, then
/// `generated` random minimal puzzles from seed [`THOUSAND_SEED`], then `end`.
pub fn thousand_puzzles(generated: usize) -> String {
    let mut rng = Rng::new(THOUSAND_SEED);
    let known = KNOWN.iter().map(|(_, line)| line.to_string());
    let random = (0..generated).map(|_| format_line(&minimal_puzzle(&mut rng)));
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
            _ => format_line(&minimal_puzzle(rng)),
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
        text.push_str(&format_line(puzzle));
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
    let mut candidates = Vec::new();
    if puzzles.len() > 1 {
        for drop in 0..puzzles.len() {
            let mut fewer = puzzles.clone();
            fewer.remove(drop);
            candidates.push(format_input(&fewer, newline));
        }
    }
    for (k, puzzle) in puzzles.iter().enumerate() {
        let Ok(solution) = unique(puzzle) else {
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
    puzzles.len() + puzzles.iter().map(|p| CELLS - givens(p)).sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let sample = crate::judge::committed_cases("poj3074")
            .into_iter()
            .find(|(name, _, _)| name == "sample-1")
            .unwrap();
        assert_eq!(reference(&sample.1).unwrap(), sample.2);
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
        assert!(reference(one).unwrap_err().contains("end"));
        let short = format!("{one}\n{}\nend\n", &two[1..]);
        assert!(reference(&short).unwrap_err().starts_with("line 2:"));
        let open = format!("{}\nend\n", ".".repeat(CELLS));
        assert_eq!(reference(&open).unwrap_err(), "line 1: several solutions");
        let clash = format!("11{}\nend\n", ".".repeat(CELLS - 2));
        assert_eq!(reference(&clash).unwrap_err(), "line 1: no solution");
    }

    #[test]
    fn shrinking_makes_smaller_inputs_with_answers() {
        let mut rng = Rng::new(3);
        let input = format!(
            "{}\r\n{}\r\nend\r\n",
            KNOWN[2].1,
            format_line(&minimal_puzzle(&mut rng))
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
        for (name, input, _) in crate::judge::committed_cases("poj3074") {
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
        let committed = crate::judge::committed_cases("poj3074")
            .into_iter()
            .find(|(name, _, _)| name == "thousand-puzzles")
            .unwrap()
            .1;
        assert_eq!(committed, thousand_puzzles(GENERATED));
    }

    #[test]
    #[ignore = "writes judge-tests/poj3074/thousand-puzzles.in"]
    fn write_thousand_puzzles() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("poj3074")
            .join("thousand-puzzles.in");
        std::fs::write(path, thousand_puzzles(GENERATED)).unwrap();
    }
}
