//! The Latin square adapter against an independent brute force written
//! here: it fills the cells in reading order, trying A to F, so it finds
//! the solutions already in the order the output wants (no sorting, no
//! exact cover). Every committed
//! `judge-tests/latin/*.out` is recomputed by it and compared.
//!
//! To rewrite the `.out` files from the brute force (after adding a case):
//! `UPDATE_JUDGE_TESTS=1 cargo test -p library --test latin`.

use library::problems::latin::solve;
use proptest::prelude::*;

const CASES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../judge-tests/latin");

const MAP_1: &str = "000011\n022013\n221113\n243333\n244455\n445555\n";
const MAP_2: &str = "001111\n002113\n022243\n022443\n544433\n555553\n";

/// A puzzle as the brute force sees it: groups, and givens as
/// (row, column, letter index).
struct Puzzle {
    group: Vec<usize>,
    givens: Vec<(usize, usize, usize)>,
}

/// Reads a well-formed input (the brute force is only given those).
fn read(input: &str) -> Puzzle {
    let lines: Vec<&str> = input.lines().map(str::trim_end).collect();
    let group = lines[..6]
        .iter()
        .flat_map(|line| line.bytes().map(|b| usize::from(b - b'0')))
        .collect();
    let n: usize = lines[6].parse().unwrap();
    let givens = lines[7..7 + n]
        .iter()
        .map(|line| {
            let b = line.as_bytes();
            (
                usize::from(b[0] - b'0'),
                usize::from(b[1] - b'0'),
                usize::from(b[2] - b'A'),
            )
        })
        .collect();
    Puzzle { group, givens }
}

/// Every solution, in ascending reading order, each as 36 letter indices.
fn brute_force(puzzle: &Puzzle) -> Vec<Vec<usize>> {
    let mut fixed = [None; 36];
    for &(r, c, letter) in &puzzle.givens {
        match fixed[r * 6 + c] {
            Some(other) if other != letter => return Vec::new(),
            _ => fixed[r * 6 + c] = Some(letter),
        }
    }
    let mut search = Search {
        group: &puzzle.group,
        fixed,
        grid: vec![0; 36],
        used: [[false; 6]; 18],
        found: Vec::new(),
    };
    search.fill(0);
    search.found
}

/// Cells filled in reading order, letters tried from A to F. A given is
/// checked against the others when its cell is reached.
struct Search<'a> {
    group: &'a [usize],
    fixed: [Option<usize>; 36],
    grid: Vec<usize>,
    /// used[house][letter]: houses 0-5 are rows, 6-11 columns, 12-17 groups.
    used: [[bool; 6]; 18],
    found: Vec<Vec<usize>>,
}

impl Search<'_> {
    fn fill(&mut self, cell: usize) {
        if cell == 36 {
            self.found.push(self.grid.clone());
            return;
        }
        let houses = [cell / 6, 6 + cell % 6, 12 + self.group[cell]];
        for letter in 0..6 {
            if self.fixed[cell].is_some_and(|f| f != letter) {
                continue;
            }
            if houses.iter().any(|&h| self.used[h][letter]) {
                continue;
            }
            for &h in &houses {
                self.used[h][letter] = true;
            }
            self.grid[cell] = letter;
            self.fill(cell + 1);
            for &h in &houses {
                self.used[h][letter] = false;
            }
        }
    }
}

/// The expected answer, written out here from the statement's format.
fn expected(input: &str) -> String {
    let solutions = brute_force(&read(input));
    if solutions.is_empty() {
        return "无解\n".to_string();
    }
    let mut out = String::new();
    for (k, grid) in solutions.iter().enumerate() {
        out += &format!("{}\n", k + 1);
        for row in grid.chunks(6) {
            let letters: Vec<String> = row
                .iter()
                .map(|&l| char::from(b'A' + l as u8).to_string())
                .collect();
            out += &letters.join(" ");
            out += "\n";
        }
    }
    out
}

/// Where two texts first differ, as a line number and both lines.
fn first_difference(got: &str, want: &str) -> Option<String> {
    let (mut g, mut w) = (got.split('\n'), want.split('\n'));
    for number in 1.. {
        match (g.next(), w.next()) {
            (None, None) => return None,
            (a, b) if a == b => continue,
            (a, b) => return Some(format!("line {number}: got {a:?}, expected {b:?}")),
        }
    }
    None
}

fn check(input: &str) {
    if let Some(diff) = first_difference(&solve(input).unwrap(), &expected(input)) {
        panic!("{input}\n{diff}");
    }
}

#[test]
fn the_brute_force_agrees_with_the_statements_samples() {
    let sample_1 = format!("{MAP_1}6\n02C\n03B\n05A\n20D\n35E\n53F\n");
    let want_1 =
        "1\nE F C B D A\nA C E D F B\nD A B E C F\nF B D C A E\nB D F A E C\nC E A F B D\n";
    assert_eq!(expected(&sample_1), want_1);
    let sample_2 = format!("{MAP_2}7\n04B\n05A\n13D\n14C\n24E\n50C\n51A\n");
    let want_2 = std::fs::read_to_string(format!("{CASES}/sample-2.out")).unwrap();
    assert_eq!(expected(&sample_2), want_2);
    // The statement's nine solutions, first rows and last rows.
    let firsts: Vec<&str> = want_2.lines().skip(1).step_by(7).collect();
    assert_eq!(firsts.len(), 9);
    assert_eq!(want_2.lines().nth(7 * 8 + 6), Some("C A B F D E"));
}

/// Sample 1's map with no givens: 79920 solutions, as the statement says.
/// Sample 2's map: the statement says 218880, but this brute force (and a
/// second one written apart from it) finds 109440.
#[test]
fn empty_givens_agree_with_the_brute_force() {
    for (map, count) in [(MAP_1, 79920), (MAP_2, 109440)] {
        let input = format!("{map}0\n");
        assert_eq!(brute_force(&read(&input)).len(), count);
        check(&input);
    }
}

/// A simple generator for a grouping: six of each digit, shuffled.
fn shuffled_map(seed: &[usize]) -> String {
    let mut digits: Vec<usize> = (0..36).map(|k| k / 6).collect();
    for (k, &s) in seed.iter().enumerate() {
        digits.swap(k, k + s % (36 - k));
    }
    let mut map = String::new();
    for row in digits.chunks(6) {
        map.extend(row.iter().map(|d| char::from(b'0' + *d as u8)));
        map.push('\n');
    }
    map
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random groupings (not connected, as the statement allows) and random
    /// givens, contradictions included.
    #[test]
    fn random_puzzles_agree_with_the_brute_force(
        seed in prop::collection::vec(0usize..36, 35),
        givens in prop::collection::vec((0usize..6, 0usize..6, 0usize..6), 8..16),
    ) {
        let mut input = shuffled_map(&seed);
        input += &format!("{}\n", givens.len());
        for (r, c, l) in &givens {
            input += &format!("{r}{c}{}\n", char::from(b'A' + *l as u8));
        }
        check(&input);
    }

    /// The samples' maps with a few random givens: many solutions.
    #[test]
    fn sample_maps_with_few_givens_agree_with_the_brute_force(
        second in any::<bool>(),
        givens in prop::collection::vec((0usize..6, 0usize..6, 0usize..6), 3..6),
    ) {
        let mut input = if second { MAP_2 } else { MAP_1 }.to_string();
        input += &format!("{}\n", givens.len());
        for (r, c, l) in &givens {
            input += &format!("{r}{c}{}\n", char::from(b'A' + *l as u8));
        }
        check(&input);
    }
}

/// Every committed case: the `.out` is what the brute force prints and
/// what the adapter prints.
#[test]
fn judge_cases_match_the_brute_force_and_the_adapter() {
    let update = std::env::var_os("UPDATE_JUDGE_TESTS").is_some();
    let mut inputs: Vec<_> = std::fs::read_dir(CASES)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    assert!(
        inputs.len() >= 5,
        "samples, no solution, contradiction, many"
    );
    for input_path in inputs {
        let input = std::fs::read_to_string(&input_path).unwrap();
        let want = expected(&input);
        let output_path = input_path.with_extension("out");
        // The statement's samples are the statement's: never rewritten.
        let from_statement = input_path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with("sample-"));
        if update && !from_statement {
            std::fs::write(&output_path, &want).unwrap();
        }
        let committed = std::fs::read_to_string(&output_path).unwrap();
        if let Some(diff) = first_difference(&committed, &want) {
            panic!(
                "{} is not the brute force's answer: {diff}",
                output_path.display()
            );
        }
        if let Some(diff) = first_difference(&solve(&input).unwrap(), &want) {
            panic!("the adapter on {}: {diff}", input_path.display());
        }
    }
}

#[test]
fn the_special_cases_are_what_their_names_say() {
    let read_case = |name: &str| std::fs::read_to_string(format!("{CASES}/{name}")).unwrap();
    assert_eq!(read_case("no-solution.out"), "无解\n");
    assert_eq!(read_case("contradicting-givens.out"), "无解\n");
    let many = brute_force(&read(&read_case("thousands.in"))).len();
    assert!((1000..10000).contains(&many), "{many} solutions");
    // No two givens of the no-solution case clash by themselves.
    let puzzle = read(&read_case("no-solution.in"));
    for (k, a) in puzzle.givens.iter().enumerate() {
        for b in &puzzle.givens[..k] {
            let same_house = a.0 == b.0
                || a.1 == b.1
                || puzzle.group[a.0 * 6 + a.1] == puzzle.group[b.0 * 6 + b.1];
            assert!(!(same_house && a.2 == b.2), "{a:?} and {b:?} clash");
        }
    }
}
