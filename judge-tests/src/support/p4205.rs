//! P4205 (the bead game) seen from the judge: piece geometry, a brute-force
//! reference solver, a board checker, and a generator of uniquely completable boards.
//!
//! ```
//! use judge_tests::support::p4205;
//! let board = ".\n..\n...\n....\n.....\n.....C\n...CCC.\nEEEHH...\nE.HHH....\nE.........\n";
//! let answer = p4205::reference(board).unwrap();
//! assert!(answer.starts_with("B\nBK\nBKK\n"));
//! ```
//!
//! Written independently of `library/`: plain backtracking on the first empty
//! cell (row-major), trying every unused piece in every orientation anchored
//! there. Slow on an empty board, fast once a few pieces are placed, and
//! simple enough to trust as an oracle.

use super::{Generator, OwnChecker, Support};
use crate::compare::{lines, Mismatch};
use crate::rng::Rng;

/// What the harness knows of this problem.
pub const SUPPORT: Support = Support {
    id: "p4205",
    reference: Some(reference),
    generator: Some(Generator {
        generate,
        shrink,
        size,
    }),
    checker: Some(OwnChecker {
        about: "any completion of the given board with every piece in a legal orientation",
        check: check_answer,
    }),
    classes: &[],
};

/// The pieces as drawn in the statement (`#` = bead, rows separated by `/`).
pub const SHAPES: [(u8, &str); 12] = [
    (b'A', ".#/##"),
    (b'B', "#/#/#/#"),
    (b'C', "..#/###"),
    (b'D', "##/##"),
    (b'E', "###/#../#.."),
    (b'F', "..#./####"),
    (b'G', "#.#/###"),
    (b'H', ".##/###"),
    (b'I', ".#/##/#./#."),
    (b'J', ".#./###/.#."),
    (b'K', "#../##./.##"),
    (b'L', "#.../####"),
];

/// Rows of the triangle; row r (0-based) has r + 1 cells.
pub const ROWS: usize = 10;
const EMPTY: u8 = b'.';

/// The answer when the board cannot be completed.
pub const NO_SOLUTION: &str = "No solution";

type Cells = Vec<(i32, i32)>;

/// Shifts cells so the smallest row and column are 0, then sorts them
/// (row-major), so equal shapes compare equal.
fn normalise(mut cells: Cells) -> Cells {
    let min_r = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let min_c = cells.iter().map(|c| c.1).min().unwrap_or(0);
    for cell in &mut cells {
        *cell = (cell.0 - min_r, cell.1 - min_c);
    }
    cells.sort_unstable();
    cells
}

/// Every distinct rotation and mirror image of a piece, normalised.
pub fn orientations(shape: &str) -> Vec<Cells> {
    let base: Cells = shape
        .split('/')
        .enumerate()
        .flat_map(|(r, row)| {
            row.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'#')
                .map(move |(c, _)| (r as i32, c as i32))
        })
        .collect();
    let mut all: Vec<Cells> = Vec::new();
    for mirror in [false, true] {
        let mut cells: Cells = base
            .iter()
            .map(|&(r, c)| if mirror { (r, -c) } else { (r, c) })
            .collect();
        for _ in 0..4 {
            cells = cells.iter().map(|&(r, c)| (c, -r)).collect();
            let shape = normalise(cells.clone());
            if !all.contains(&shape) {
                all.push(shape);
            }
        }
    }
    all
}

/// A board: `board[r][c]` for `c <= r` is `.` or a piece letter.
pub type Board = [[u8; ROWS]; ROWS];

/// Reads the 10-line triangle; the error names the 1-based line.
pub fn parse_board(text: &str) -> Result<Board, String> {
    let rows: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let rows: Vec<&str> = match rows.iter().rposition(|l| !l.trim().is_empty()) {
        Some(last) => rows[..=last].to_vec(),
        None => Vec::new(),
    };
    if rows.len() != ROWS {
        return Err(format!("expected {ROWS} lines, found {}", rows.len()));
    }
    let mut board = [[EMPTY; ROWS]; ROWS];
    for (r, row) in rows.iter().enumerate() {
        let row = row.trim_end();
        if row.len() != r + 1 {
            return Err(format!(
                "line {}: expected {} cells, found {}",
                r + 1,
                r + 1,
                row.len()
            ));
        }
        for (c, b) in row.bytes().enumerate() {
            if b != EMPTY && !(b'A'..=b'L').contains(&b) {
                return Err(format!(
                    "line {}: unexpected character {:?}",
                    r + 1,
                    b as char
                ));
            }
            board[r][c] = b;
        }
    }
    Ok(board)
}

/// The board as 10 lines, each ending in a newline.
pub fn format_board(board: &Board) -> String {
    let mut text = String::new();
    for (r, row) in board.iter().enumerate() {
        text.push_str(&String::from_utf8_lossy(&row[..=r]));
        text.push('\n');
    }
    text
}

fn cells_of(board: &Board, letter: u8) -> Cells {
    let mut cells = Cells::new();
    for (r, row) in board.iter().enumerate() {
        for (c, &cell) in row[..=r].iter().enumerate() {
            if cell == letter {
                cells.push((r as i32, c as i32));
            }
        }
    }
    cells
}

/// Checks that each letter on the board is one orientation of its piece;
/// names the first letter that is not.
pub fn check_pieces(board: &Board) -> Result<(), String> {
    for (letter, shape) in SHAPES {
        let cells = cells_of(board, letter);
        if !cells.is_empty() && !orientations(shape).contains(&normalise(cells)) {
            return Err(format!(
                "piece {} is not one orientation of itself",
                letter as char
            ));
        }
    }
    Ok(())
}

/// A placement table: per piece, its orientations with the row-major first cell
/// moved to the origin, so a placement is anchored at an empty cell.
fn anchored() -> Vec<Vec<Cells>> {
    SHAPES
        .iter()
        .map(|(_, shape)| {
            orientations(shape)
                .into_iter()
                .map(|cells| {
                    let (ar, ac) = cells[0];
                    cells.iter().map(|&(r, c)| (r - ar, c - ac)).collect()
                })
                .collect()
        })
        .collect()
}

/// The cells of the triangle in row-major order.
fn triangle() -> impl Iterator<Item = (usize, usize)> {
    (0..ROWS).flat_map(|r| (0..=r).map(move |c| (r, c)))
}

/// The bit of cell (r, c) in a board of 55 bits, numbered row-major.
fn bit(r: usize, c: usize) -> u64 {
    1 << (r * (r + 1) / 2 + c)
}

/// The cells of `shape` anchored on (r, c) as a mask, if all lie in the triangle.
fn mask_at(shape: &Cells, (r, c): (usize, usize)) -> Option<u64> {
    shape.iter().try_fold(0, |mask, &(dr, dc)| {
        let (r, c) = (r as i32 + dr, c as i32 + dc);
        let inside = (0..ROWS as i32).contains(&r) && (0..=r).contains(&c);
        inside.then(|| mask | bit(r as usize, c as usize))
    })
}

/// `placements[cell][piece]`: the masks of every orientation of the piece
/// whose first cell (row-major) lies on the cell, where it fits.
fn placements() -> Vec<Vec<Vec<u64>>> {
    let table = anchored();
    triangle()
        .map(|at| {
            let fitting =
                |shapes: &Vec<Cells>| shapes.iter().filter_map(|s| mask_at(s, at)).collect();
            table.iter().map(fitting).collect()
        })
        .collect()
}

/// Fills the first empty cell (row-major) with every unused piece in every
/// orientation that covers it, depth first; a piece is `(index, mask)`.
struct Search<'a> {
    placements: &'a [Vec<Vec<u64>>],
    order: &'a [usize],
    placed: Vec<(usize, u64)>,
    found: Vec<Vec<(usize, u64)>>,
    limit: usize,
}

impl Search<'_> {
    fn go(&mut self, covered: u64, used: u16) {
        if self.found.len() >= self.limit {
            return;
        }
        let cell = (!covered).trailing_zeros() as usize;
        if cell >= ROWS * (ROWS + 1) / 2 {
            self.found.push(self.placed.clone());
            return;
        }
        let placements = self.placements;
        for &piece in self.order {
            if used & (1 << piece) != 0 {
                continue;
            }
            for &mask in &placements[cell][piece] {
                if covered & mask == 0 {
                    self.placed.push((piece, mask));
                    self.go(covered | mask, used | (1 << piece));
                    self.placed.pop();
                }
            }
        }
    }
}

/// Up to `limit` completions of `board`, trying pieces in `order`.
fn completions(board: &Board, limit: usize, order: &[usize]) -> Vec<Board> {
    let (mut covered, mut used) = (0u64, 0u16);
    for (r, c) in triangle().filter(|&(r, c)| board[r][c] != EMPTY) {
        covered |= bit(r, c);
        used |= 1 << (board[r][c] - b'A');
    }
    let placements = placements();
    let mut search = Search {
        placements: &placements,
        order,
        placed: Vec::new(),
        found: Vec::new(),
        limit,
    };
    search.go(covered, used);
    let paint = |placed: Vec<(usize, u64)>| {
        let mut filled = *board;
        for (piece, mask) in placed {
            for (r, c) in triangle().filter(|&(r, c)| mask & bit(r, c) != 0) {
                filled[r][c] = SHAPES[piece].0;
            }
        }
        filled
    };
    search.found.into_iter().map(paint).collect()
}

const IN_ORDER: [usize; 12] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

/// The expected answer for a board with at most one completion.
pub fn reference(input: &str) -> Result<String, String> {
    let board = parse_board(input)?;
    check_pieces(&board)?;
    match completions(&board, 2, &IN_ORDER).as_slice() {
        [] => Ok(format!("{NO_SOLUTION}\n")),
        [one] => Ok(format_board(one)),
        _ => Err("the board has more than one completion".into()),
    }
}

/// Special judge `p4205-board`: any valid completion is accepted (the
/// statement allows any one when several exist); `No solution` must match.
pub fn check_answer(input: &str, expected: &str, actual: &str) -> Result<(), Mismatch> {
    if expected.trim() == NO_SOLUTION || actual.trim() == NO_SOLUTION {
        return lines(expected, actual);
    }
    let given = parse_board(input).map_err(|e| Mismatch::new(format!("input: {e}")))?;
    let answer = parse_board(actual).map_err(|e| Mismatch::new(format!("output: {e}")))?;
    for r in 0..ROWS {
        for c in 0..=r {
            if answer[r][c] == EMPTY {
                return Err(Mismatch::new(format!(
                    "line {}: cell {} left empty",
                    r + 1,
                    c + 1
                )));
            }
            if given[r][c] != EMPTY && given[r][c] != answer[r][c] {
                return Err(Mismatch::new(format!(
                    "line {}: cell {} was given as {}, output has {}",
                    r + 1,
                    c + 1,
                    given[r][c] as char,
                    answer[r][c] as char
                )));
            }
        }
    }
    check_pieces(&answer).map_err(|e| Mismatch::new(format!("output: {e}")))
}

/// A board with a unique completion: a random full tiling with pieces
/// removed one by one, in random order, while the completion stays unique.
pub fn generate(rng: &mut Rng) -> String {
    let mut order = IN_ORDER;
    rng.shuffle(&mut order);
    let empty = [[EMPTY; ROWS]; ROWS];
    let full = completions(&empty, 1, &order)[0];
    let mut letters: Vec<u8> = SHAPES.iter().map(|s| s.0).collect();
    rng.shuffle(&mut letters);
    // Keep at least 3 pieces: proving uniqueness of a near-empty board is slow.
    let target = rng.between(1, 9);
    let mut board = full;
    for letter in letters.into_iter().take(target) {
        let mut candidate = board;
        for row in candidate.iter_mut() {
            for cell in row.iter_mut() {
                if *cell == letter {
                    *cell = EMPTY;
                }
            }
        }
        if completions(&candidate, 2, &IN_ORDER).len() == 1 {
            board = candidate;
        }
    }
    format_board(&board)
}

/// A board's size is its number of empty cells.
pub fn size(input: &str, _expected: &str) -> usize {
    input.bytes().filter(|&b| b == EMPTY).count()
}

/// Smaller problems than `input`: the same board with one more piece put back.
pub fn shrink(input: &str) -> Vec<String> {
    let Ok(board) = parse_board(input) else {
        return Vec::new();
    };
    let Some(full) = completions(&board, 1, &IN_ORDER).pop() else {
        return Vec::new();
    };
    let mut candidates = Vec::new();
    for (letter, _) in SHAPES {
        if board.iter().any(|row| row.contains(&letter)) {
            continue;
        }
        let mut candidate = board;
        for r in 0..ROWS {
            for c in 0..=r {
                if full[r][c] == letter {
                    candidate[r][c] = letter;
                }
            }
        }
        candidates.push(format_board(&candidate));
    }
    candidates
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE_IN: &str =
        ".\n..\n...\n....\n.....\n.....C\n...CCC.\nEEEHH...\nE.HHH....\nE.........\n";
    const SAMPLE_OUT: &str =
        "B\nBK\nBKK\nBJKK\nJJJDD\nGJGDDC\nGGGCCCI\nEEEHHIIA\nELHHHIAAF\nELLLLIFFFF\n";

    #[test]
    fn sixty_orientations_in_all() {
        let total: usize = SHAPES.iter().map(|(_, s)| orientations(s).len()).sum();
        assert_eq!(total, 60);
    }

    #[test]
    fn reference_solves_the_statement_sample() {
        assert_eq!(reference(SAMPLE_IN).unwrap(), SAMPLE_OUT);
    }

    #[test]
    fn board_checker_accepts_the_sample_and_rejects_broken_boards() {
        assert!(check_answer(SAMPLE_IN, SAMPLE_OUT, SAMPLE_OUT).is_ok());
        // Swapping two cells of different pieces breaks both shapes.
        let broken = SAMPLE_OUT.replacen("BK\n", "KB\n", 1);
        assert!(check_answer(SAMPLE_IN, SAMPLE_OUT, &broken).is_err());
        let m = check_answer(SAMPLE_IN, SAMPLE_OUT, NO_SOLUTION).unwrap_err();
        assert!(m.summary.contains("line 1"), "{m}");
        let short = &SAMPLE_OUT[..SAMPLE_OUT.len() - 11];
        assert!(check_answer(SAMPLE_IN, SAMPLE_OUT, short).is_err());
    }

    #[test]
    fn generated_boards_have_exactly_one_completion() {
        let mut rng = Rng::new(3);
        for _ in 0..3 {
            let board = parse_board(&generate(&mut rng)).unwrap();
            assert_eq!(completions(&board, 2, &IN_ORDER).len(), 1);
        }
    }

    #[test]
    fn the_empty_board_has_32288_completions_as_the_statement_says() {
        let empty = [[EMPTY; ROWS]; ROWS];
        assert_eq!(completions(&empty, usize::MAX, &IN_ORDER).len(), 32288);
    }

    #[test]
    fn committed_cases_hold_the_pieces_their_names_promise() {
        let promises = [
            ("one-piece", 1),
            ("two-pieces", 2),
            ("three-pieces", 3),
            ("full-board", 12),
        ];
        for (name, input, _) in crate::verdict::committed_cases("p4205") {
            let board = parse_board(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
            let given = SHAPES
                .iter()
                .filter(|(letter, _)| board.iter().any(|row| row.contains(letter)))
                .count();
            for (prefix, pieces) in promises {
                if name.starts_with(prefix) {
                    assert_eq!(given, pieces, "{name}");
                }
            }
        }
    }
}
