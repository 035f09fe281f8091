//! The judge cases of UVa 745 against an independent oracle: a reader, a
//! backtracking tiler and a rotation chooser written here, sharing no code
//! with the library's adapter or its dancing-links engine. For every
//! instance of every case the oracle proves that the pieces tile the square
//! in exactly one way (or in none), and derives the expected answer from
//! that tiling.

use std::fs;
use std::path::{Path, PathBuf};

use library::problems::uva745;

/// One piece: its digit and its cells, relative to its first cell in
/// reading order.
#[derive(Debug)]
struct Piece {
    digit: u8,
    cells: Vec<(i32, i32)>,
    /// Some line of the piece starts with a blank.
    leading_blank: bool,
    /// Some line of the piece has a blank between two digits.
    inner_blank: bool,
}

#[derive(Debug)]
struct Instance {
    n: usize,
    pieces: Vec<Piece>,
}

/// Reads well-formed input only (the adapter's own tests cover bad input).
fn read(text: &str) -> Vec<Instance> {
    let mut lines = text.lines().map(|l| l.trim_end());
    let mut instances = Vec::new();
    loop {
        let n: usize = lines.next().expect("N or 0").trim().parse().expect("N");
        if n == 0 {
            return instances;
        }
        let p: usize = lines.next().expect("P").trim().parse().expect("P");
        // Group the lines up to '#' into runs of one digit.
        let mut runs: Vec<(char, Vec<&str>)> = Vec::new();
        for line in lines.by_ref() {
            if line.trim() == "#" {
                break;
            }
            let digit = line.trim().chars().next().expect("a digit");
            match runs.last_mut() {
                Some((d, run)) if *d == digit => run.push(line),
                _ => runs.push((digit, vec![line])),
            }
        }
        assert_eq!(runs.len(), p, "instance {}", instances.len() + 1);
        let pieces = runs
            .into_iter()
            .map(|(digit, run)| {
                let mut cells = Vec::new();
                for (r, line) in run.iter().enumerate() {
                    for (c, ch) in line.chars().enumerate() {
                        if ch == digit {
                            cells.push((r as i32, c as i32));
                        }
                    }
                }
                let (r0, c0) = cells[0];
                Piece {
                    digit: digit.to_digit(10).expect("a digit") as u8,
                    cells: cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect(),
                    leading_blank: run.iter().any(|l| l.starts_with(' ')),
                    inner_blank: run.iter().any(|l| l.trim().contains(' ')),
                }
            })
            .collect();
        instances.push(Instance { n, pieces });
    }
}

/// The tilings of the square by the pieces (stopping once `limit` are
/// found): the first empty cell in reading order must be some unused
/// piece's first cell.
fn tilings(instance: &Instance, limit: usize) -> Vec<Vec<Vec<u8>>> {
    fn fill(
        instance: &Instance,
        square: &mut Vec<Vec<u8>>,
        used: &mut Vec<bool>,
        found: &mut Vec<Vec<Vec<u8>>>,
        limit: usize,
    ) {
        let n = instance.n;
        let Some((r, c)) = (0..n * n)
            .map(|i| (i / n, i % n))
            .find(|&(r, c)| square[r][c] == 0)
        else {
            found.push(square.clone());
            return;
        };
        for (k, piece) in instance.pieces.iter().enumerate() {
            if used[k] {
                continue;
            }
            let cells: Vec<(usize, usize)> = piece
                .cells
                .iter()
                .map(|&(dr, dc)| (r as i32 + dr, c as i32 + dc))
                .filter(|&(rr, cc)| rr >= 0 && cc >= 0 && (rr as usize) < n && (cc as usize) < n)
                .map(|(rr, cc)| (rr as usize, cc as usize))
                .filter(|&(rr, cc)| square[rr][cc] == 0)
                .collect();
            if cells.len() < piece.cells.len() {
                continue;
            }
            for &(rr, cc) in &cells {
                square[rr][cc] = piece.digit;
            }
            used[k] = true;
            fill(instance, square, used, found, limit);
            used[k] = false;
            for &(rr, cc) in &cells {
                square[rr][cc] = 0;
            }
            if found.len() >= limit {
                return;
            }
        }
    }
    let mut square = vec![vec![0; instance.n]; instance.n];
    let mut used = vec![false; instance.pieces.len()];
    let mut found = Vec::new();
    fill(instance, &mut square, &mut used, &mut found, limit);
    found
}

/// The square and its quarter turns counter-clockwise, as text rows: new
/// row i is old column N-1-i read top to bottom.
fn rotations(square: &[Vec<u8>]) -> Vec<Vec<String>> {
    let n = square.len();
    let mut turns = vec![square.to_vec()];
    for _ in 1..4 {
        let last = &turns[turns.len() - 1];
        let next = (0..n)
            .map(|i| (0..n).map(|j| last[j][n - 1 - i]).collect())
            .collect();
        turns.push(next);
    }
    turns
        .iter()
        .map(|t| {
            t.iter()
                .map(|row| row.iter().map(|d| d.to_string()).collect())
                .collect()
        })
        .collect()
}

fn row_sum(rows: &[String]) -> u128 {
    rows.iter()
        .map(|row| row.parse::<u128>().expect("at most 20 digits"))
        .sum()
}

/// The index of the rotation with the largest row sum, the earliest on a
/// tie, and the sums.
fn best(rotations: &[Vec<String>]) -> (usize, Vec<u128>) {
    let sums: Vec<u128> = rotations.iter().map(|r| row_sum(r)).collect();
    let max = *sums.iter().max().expect("four sums");
    (sums.iter().position(|&s| s == max).expect("the max"), sums)
}

fn cases() -> Vec<(String, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../judge-tests/uva745");
    let mut cases: Vec<(String, PathBuf)> = fs::read_dir(&dir)
        .expect("judge-tests/uva745 exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    cases.sort();
    cases
}

#[test]
fn the_statements_worked_example() {
    let square = vec![vec![2, 2, 3], vec![2, 3, 3], vec![1, 1, 3]];
    let turns = rotations(&square);
    assert_eq!(best(&turns), (2, vec![569, 785, 965, 587]));
    assert_eq!(turns[2], ["311", "332", "322"]);
}

#[test]
fn every_case_has_the_oracles_answer() {
    let cases = cases();
    assert!(cases.len() >= 8, "{cases:?}");
    for (name, input_path) in &cases {
        let input = fs::read_to_string(input_path).expect("the case reads");
        let expected = fs::read_to_string(input_path.with_extension("out")).expect("an .out");
        let instances = read(&input);
        let mut answer = String::new();
        for (i, instance) in instances.iter().enumerate() {
            let found = tilings(instance, 2);
            assert!(found.len() <= 1, "{name}: instance {} tiles twice", i + 1);
            if let Some(square) = found.first() {
                let turns = rotations(square);
                let (k, sums) = best(&turns);
                for row in &turns[k] {
                    answer.push_str(row);
                    answer.push('\n');
                }
                check_promise(name, instance, &turns, &sums);
            }
            answer.push('\n');
        }
        assert_eq!(expected, answer, "{name}");
        assert_eq!(uva745::solve(&input), Ok(answer), "{name}");
        check_file_promise(name, &instances);
    }
}

/// What a case's name promises about each of its instances.
fn check_promise(name: &str, instance: &Instance, turns: &[Vec<String>], sums: &[u128]) {
    if name.starts_with("tie-between-rotations") {
        let max = sums.iter().max().copied();
        let tied: Vec<usize> = (0..4).filter(|&k| Some(sums[k]) == max).collect();
        assert!(tied.len() >= 2, "{name}: {sums:?}");
        // A tie only matters if the tied rotations look different.
        assert!(
            tied.iter().any(|&k| turns[k] != turns[tied[0]]),
            "{name}: {turns:?}"
        );
    }
    if name.starts_with("n-20-nine-pieces") {
        assert_eq!((instance.n, instance.pieces.len()), (20, 9), "{name}");
        // The sums pass 64 bits, and a sum wrapped to 64 bits would pick
        // another rotation.
        assert!(sums.iter().all(|&s| s > u128::from(u64::MAX)), "{name}");
        let wrapped: Vec<u64> = sums.iter().map(|&s| s as u64).collect();
        let wrapped_best = wrapped
            .iter()
            .position(|w| Some(w) == wrapped.iter().max())
            .expect("a max");
        assert_ne!(wrapped_best, best(turns).0, "{name}");
    }
}

/// What a case's name promises about the whole file.
fn check_file_promise(name: &str, instances: &[Instance]) {
    if name.starts_with("several-instances") {
        assert!(instances.len() >= 3, "{name}");
    }
    if name.starts_with("n-1") {
        assert!(instances.iter().all(|i| i.n == 1), "{name}");
    }
    if name.starts_with("holes-and-leading-blanks") {
        let pieces = || instances.iter().flat_map(|i| &i.pieces);
        assert!(pieces().any(|p| p.leading_blank), "{name}");
        assert!(pieces().any(|p| p.inner_blank), "{name}");
    }
}
