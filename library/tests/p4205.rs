//! The judge cases of P4205 against an independent oracle: a plain
//! backtracking solver written here (it shares no code with the library's
//! adapter or its dancing-links engine) proves that every case's expected
//! output is the one completion of its board, or that there is none.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use library::problems::p4205;

/// The pieces as the statement's table draws them, `A` first.
const PICTURES: [&str; 12] = [
    ".#/##",
    "#/#/#/#",
    "..#/###",
    "##/##",
    "###/#../#..",
    "..#./####",
    "#.#/###",
    ".##/###",
    ".#/##/#./#.",
    ".#./###/.#.",
    "#../##./.##",
    "#.../####",
];

type Grid = Vec<Vec<bool>>;

fn rotate(grid: &Grid) -> Grid {
    // Clockwise quarter turn: new row i is old column i read bottom-up.
    (0..grid[0].len())
        .map(|i| grid.iter().rev().map(|row| row[i]).collect())
        .collect()
}

fn mirror(grid: &Grid) -> Grid {
    grid.iter()
        .map(|row| row.iter().rev().copied().collect())
        .collect()
}

/// The distinct orientations of each piece as lists of (row, column)
/// offsets from the orientation's first bead in reading order.
fn orientations() -> Vec<Vec<Vec<(i32, i32)>>> {
    PICTURES
        .iter()
        .map(|picture| {
            let mut grid: Grid = picture
                .split('/')
                .map(|row| row.chars().map(|c| c == '#').collect())
                .collect();
            let mut shapes = BTreeSet::new();
            for _ in 0..4 {
                for g in [grid.clone(), mirror(&grid)] {
                    let beads: Vec<(i32, i32)> = g
                        .iter()
                        .enumerate()
                        .flat_map(|(r, row)| {
                            row.iter()
                                .enumerate()
                                .filter(|&(_, &b)| b)
                                .map(move |(c, _)| (r as i32, c as i32))
                        })
                        .collect();
                    let (r0, c0) = beads[0];
                    shapes.insert(beads.iter().map(|&(r, c)| (r - r0, c - c0)).collect());
                }
                grid = rotate(&grid);
            }
            shapes.into_iter().collect()
        })
        .collect()
}

/// A board as 10 rows of bytes (`.` or a letter), row `r` of length `r + 1`.
type Board = Vec<Vec<u8>>;

fn read_board(text: &str) -> Board {
    let board: Board = text
        .lines()
        .map(|l| l.trim_end().as_bytes().to_vec())
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(board.len(), 10, "{text}");
    for (r, row) in board.iter().enumerate() {
        assert_eq!(row.len(), r + 1, "{text}");
    }
    board
}

/// The bit of cell (`r`, `c`) in a 55-bit board mask.
fn bit(r: usize, c: usize) -> u64 {
    1 << (r * (r + 1) / 2 + c)
}

/// Counts the completions of `board` (stopping once `limit` are found) by
/// filling the first empty cell in reading order with every unused piece
/// in every orientation; returns the count and the first completion.
fn completions(board: &Board, limit: usize) -> (usize, Option<Board>) {
    // anchored[cell][piece]: the masks of the piece in each orientation
    // with its first bead on `cell`, where it lies inside the triangle.
    let shapes = orientations();
    let cells: Vec<(usize, usize)> = (0..10).flat_map(|r| (0..=r).map(move |c| (r, c))).collect();
    let anchored: Vec<Vec<Vec<u64>>> = cells
        .iter()
        .map(|&(r, c)| {
            shapes
                .iter()
                .map(|orientations| {
                    orientations
                        .iter()
                        .filter_map(|shape| {
                            shape.iter().try_fold(0, |mask, &(dr, dc)| {
                                let (rr, cc) = (r as i32 + dr, c as i32 + dc);
                                (rr < 10 && cc >= 0 && cc <= rr)
                                    .then(|| mask | bit(rr as usize, cc as usize))
                            })
                        })
                        .collect()
                })
                .collect()
        })
        .collect();

    struct Search<'a> {
        anchored: &'a [Vec<Vec<u64>>],
        placed: Vec<(usize, u64)>,
        count: usize,
        limit: usize,
        first: Option<Vec<(usize, u64)>>,
    }
    impl Search<'_> {
        fn fill(&mut self, covered: u64, used: u16) {
            let cell = (!covered).trailing_zeros() as usize;
            if cell >= 55 {
                self.count += 1;
                if self.first.is_none() {
                    self.first = Some(self.placed.clone());
                }
                return;
            }
            for piece in 0..12 {
                if used & (1 << piece) != 0 {
                    continue;
                }
                for &mask in &self.anchored[cell][piece] {
                    if covered & mask == 0 {
                        self.placed.push((piece, mask));
                        self.fill(covered | mask, used | (1 << piece));
                        self.placed.pop();
                        if self.count >= self.limit {
                            return;
                        }
                    }
                }
            }
        }
    }
    let mut covered = 0;
    let mut used = 0u16;
    for &(r, c) in &cells {
        if board[r][c] != b'.' {
            covered |= bit(r, c);
            used |= 1 << (board[r][c] - b'A');
        }
    }
    let mut search = Search {
        anchored: &anchored,
        placed: Vec::new(),
        count: 0,
        limit,
        first: None,
    };
    search.fill(covered, used);
    let first = search.first.map(|placed| {
        let mut filled = board.clone();
        for (piece, mask) in placed {
            for &(r, c) in &cells {
                if mask & bit(r, c) != 0 {
                    filled[r][c] = b'A' + piece as u8;
                }
            }
        }
        filled
    });
    (search.count, first)
}

/// The pieces on `board` that each form one orientation of themselves.
fn whole_pieces(board: &Board) -> BTreeSet<u8> {
    let shapes = orientations();
    let mut pieces = BTreeSet::new();
    for letter in b'A'..=b'L' {
        let cells: Vec<(i32, i32)> = (0..10)
            .flat_map(|r| (0..=r).map(move |c| (r, c)))
            .filter(|&(r, c)| board[r][c] == letter)
            .map(|(r, c)| (r as i32, c as i32))
            .collect();
        if let Some(&(r0, c0)) = cells.first() {
            let shape: Vec<(i32, i32)> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
            assert!(
                shapes[(letter - b'A') as usize].contains(&shape),
                "piece {} is not whole",
                letter as char
            );
            pieces.insert(letter);
        }
    }
    pieces
}

fn cases() -> Vec<(String, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../judge-tests/p4205");
    let mut cases: Vec<(String, PathBuf)> = fs::read_dir(&dir)
        .expect("judge-tests/p4205 exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    cases.sort();
    cases
}

#[test]
fn the_oracle_counts_the_empty_board_as_the_statement_does() {
    let empty: Board = (1..=10).map(|n| vec![b'.'; n]).collect();
    assert_eq!(completions(&empty, usize::MAX).0, 32288);
}

#[test]
fn every_case_has_the_oracles_answer() {
    let cases = cases();
    assert!(cases.len() >= 5, "{cases:?}");
    for (name, input_path) in &cases {
        let input = fs::read_to_string(input_path).expect("the case reads");
        let expected = fs::read_to_string(input_path.with_extension("out")).expect("an .out");
        let board = read_board(&input);
        let given = whole_pieces(&board);
        let (count, first) = completions(&board, 2);
        match count {
            0 => assert_eq!(expected.trim_end(), "No solution", "{name}"),
            1 => {
                let answer = first.expect("one completion");
                assert_eq!(whole_pieces(&answer).len(), 12, "{name}");
                let text: String = answer
                    .iter()
                    .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
                    .collect();
                assert_eq!(expected, text, "{name}");
            }
            _ => panic!("{name}: the board has several completions; judge data promise one"),
        }
        // Names promise how many pieces are on the board.
        for (prefix, pieces) in [
            ("one-piece", 1),
            ("two-pieces", 2),
            ("three-pieces", 3),
            ("full-board", 12),
        ] {
            if name.starts_with(prefix) {
                assert_eq!(given.len(), pieces, "{name}");
            }
        }
        assert_eq!(
            p4205::solve(&input).as_deref(),
            Ok(expected.as_str()),
            "{name}"
        );
    }
}
