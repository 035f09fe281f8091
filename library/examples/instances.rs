//! Writes the generated instances of `library/instances/`: word squares
//! with colors, random colored problems, and queens and Langford pairs with
//! multiplicities, in Knuth's DLX text format; and the planted family
//! `planted-M` of any size M (random triples hiding an exact cover), for
//! the benches and tests of huge problems.
//!
//! ```text
//! cargo run -q -p library --example instances -- --list
//! cargo run -q -p library --example instances -- wordsquare-4 > library/instances/wordsquare-4.dlx
//! cargo run -q --release -p library --example instances -- planted-1000000 > planted.dlx
//! ```
//!
//! The instances test (`library/tests/instances.rs`) checks that every
//! committed file is what this program writes.

use std::fmt::Write;

/// Every instance this program writes, by name.
pub const NAMES: &[&str] = &[
    "crossword-5x5",
    "wordsquare-4",
    "wordsquare-5",
    "colors-random-1",
    "colors-random-2",
    "queens-bands-10-2",
    "queens-bands-12-2",
    "queens-bands-12-3",
    "langford-multi-7-22",
    "langford-multi-8-24",
    "colors-dense-1",
    "colors-dense-2",
    "bounds-dense-1",
    "bounds-dense-2",
];

/// The DLX text of instance `name`, or `None` for a name not in [`NAMES`]
/// nor of the form `planted-M`.
pub fn generate(name: &str) -> Option<String> {
    if let Some(options) = name.strip_prefix("planted-") {
        return options.parse().ok().filter(|&m| m >= 10).map(planted);
    }
    let words_4 = include_str!("../instances/words-4.txt");
    let words_5 = include_str!("../instances/words-5.txt");
    Some(match name {
        "crossword-5x5" => crossword(words_5, &[".....", ".#.#.", ".....", ".#.#.", "....."]),
        "wordsquare-4" => word_square(words_4, 4),
        "wordsquare-5" => word_square(words_5, 5),
        "colors-random-1" => random_colored(1, 24, 16, 260),
        "colors-random-2" => random_colored(2, 28, 16, 300),
        "queens-bands-10-2" => queens_bands(10, 2),
        "queens-bands-12-2" => queens_bands(12, 2),
        "queens-bands-12-3" => queens_bands(12, 3),
        "langford-multi-7-22" => langford_multi(7, 22, 3),
        "langford-multi-8-24" => langford_multi(8, 24, 2),
        "colors-dense-1" => random_dense(SEED1, 21, 14, 147, false),
        "colors-dense-2" => random_dense(SEED2, 21, 14, 147, false),
        "bounds-dense-1" => random_dense(SEED3, 16, 10, 120, true),
        "bounds-dense-2" => random_dense(SEED4, 16, 10, 120, true),
        _ => return None,
    })
}

/// Double word squares of side `n` (Knuth, TAOCP 7.2.2.1): every row and
/// every column a word of the list, all `2n` of them different.
fn word_square(list: &str, n: usize) -> String {
    let open = ".".repeat(n);
    let grid: Vec<&str> = (0..n).map(|_| open.as_str()).collect();
    crossword(list, &grid)
}

/// Fills of a crossword grid (`.` a cell, `#` a block) with words of the
/// list, all different: a primary item per slot (`a0_0`: across from row
/// 0, column 0; `d..` down) of two cells or more, the cells `00..`
/// secondary items colored by their letter, and a secondary item per word
/// so that none is used twice.
fn crossword(list: &str, grid: &[&str]) -> String {
    let slots = slots(grid);
    let lengths: Vec<usize> = slots.iter().map(|(_, cells)| cells.len()).collect();
    let words: Vec<&str> = list
        .lines()
        .filter(|w| lengths.contains(&w.len()))
        .collect();
    let mut cells: Vec<(usize, usize)> = slots.iter().flat_map(|(_, c)| c.clone()).collect();
    cells.sort_unstable();
    cells.dedup();
    let mut out = format!(
        "| Fills of the grid {} from {} words, all different.\n",
        grid.join("/"),
        words.len()
    );
    let names: Vec<&str> = slots.iter().map(|(name, _)| name.as_str()).collect();
    let cell_names: Vec<String> = cells.iter().map(|(r, c)| format!("{r}{c}")).collect();
    let _ = writeln!(
        out,
        "{} | {} {}",
        names.join(" "),
        cell_names.join(" "),
        words.join(" ")
    );
    for (name, cells) in &slots {
        for word in words.iter().filter(|w| w.len() == cells.len()) {
            let _ = write!(out, "{name} {word}");
            for (&(r, c), letter) in cells.iter().zip(word.chars()) {
                let _ = write!(out, " {r}{c}:{letter}");
            }
            out.push('\n');
        }
    }
    out
}

/// The slots of a grid: across ones row by row, then down ones column by
/// column, each a name and its cells.
fn slots(grid: &[&str]) -> Vec<(String, Vec<(usize, usize)>)> {
    let open =
        |r: usize, c: usize| grid.get(r).and_then(|row| row.as_bytes().get(c)) == Some(&b'.');
    let (rows, columns) = (grid.len(), grid.first().map_or(0, |row| row.len()));
    let mut slots = Vec::new();
    for (across, outer, inner) in [(true, rows, columns), (false, columns, rows)] {
        for i in 0..outer {
            let at = |j: usize| if across { (i, j) } else { (j, i) };
            let mut j = 0;
            while j < inner {
                let start = j;
                while j < inner && open(at(j).0, at(j).1) {
                    j += 1;
                }
                if j - start >= 2 {
                    let (r, c) = at(start);
                    let name = format!("{}{r}_{c}", if across { 'a' } else { 'd' });
                    slots.push((name, (start..j).map(at).collect()));
                }
                j += 1;
            }
        }
    }
    slots
}

/// A random problem with colors: `primary` primary items `p0..`,
/// `secondary` secondary ones `s0..`, and `options` options of one to
/// three of each, a secondary item given one of the colors `a`, `b`, `c`
/// five times in six.
fn random_colored(seed: u64, primary: usize, secondary: usize, options: usize) -> String {
    let mut random = Random(seed);
    let mut out = format!(
        "| A random problem with colors (seed {seed}): {primary} primary items, \
         {secondary} secondary, {options} options.\n"
    );
    let names = |prefix: char, n: usize| (0..n).map(|i| format!("{prefix}{i}")).collect::<Vec<_>>();
    let _ = writeln!(
        out,
        "{} | {}",
        names('p', primary).join(" "),
        names('s', secondary).join(" ")
    );
    for _ in 0..options {
        let mut entries: Vec<String> = Vec::new();
        let k = 1 + random.below(3);
        for i in random.sample(primary, k) {
            entries.push(format!("p{i}"));
        }
        let k = 1 + random.below(3);
        for i in random.sample(secondary, k) {
            match random.below(6) {
                0 => entries.push(format!("s{i}")),
                _ => entries.push(format!("s{i}:{}", ['a', 'b', 'c'][random.below(3)])),
            }
        }
        out.push_str(&entries.join(" "));
        out.push('\n');
    }
    out
}

/// A random problem most of whose nodes are solutions (millions of them,
/// about 0.6 per node), where what a search pays per node and per solution
/// shows: `primary` primary items `p0..`, `secondary` secondary ones
/// `s0..`, and `options` options of one primary item and one or two
/// secondary ones colored `a`, `b` or `c` five times in six. With
/// `bounded`, each primary item is covered `lo..=hi` times, `lo` 0 or 1
/// and `hi` 1 or 2, and an option names one to three of them and one to
/// three secondary items.
fn random_dense(
    seed: u64,
    primary: usize,
    secondary: usize,
    options: usize,
    bounded: bool,
) -> String {
    let mut random = Random(seed);
    let mut out = format!(
        "| A random problem whose nodes are mostly solutions (seed {seed}): {primary} primary \
         items, {secondary} secondary, {options} options.\n"
    );
    let mut items = Vec::new();
    for p in 0..primary {
        let (lo, hi) = match bounded {
            true => (random.below(2), 1 + random.below(2)),
            false => (1, 1),
        };
        items.push(match (lo, hi) {
            (1, 1) => format!("p{p}"),
            _ => format!("{lo}:{hi}|p{p}"),
        });
    }
    let names: Vec<String> = (0..secondary).map(|i| format!("s{i}")).collect();
    let _ = writeln!(out, "{} | {}", items.join(" "), names.join(" "));
    let most = if bounded { 3 } else { 1 };
    for _ in 0..options {
        let mut entries: Vec<String> = Vec::new();
        let k = 1 + random.below(most);
        for i in random.sample(primary, k) {
            entries.push(format!("p{i}"));
        }
        let most = if bounded { 3 } else { 2 };
        let k = 1 + random.below(most);
        for i in random.sample(secondary, k) {
            match random.below(6) {
                0 => entries.push(format!("s{i}")),
                _ => entries.push(format!("s{i}:{}", ['a', 'b', 'c'][random.below(3)])),
            }
        }
        out.push_str(&entries.join(" "));
        out.push('\n');
    }
    out
}

/// `n` queens on an `n × n` board, one per file, `band` per band of
/// `band` consecutive ranks, at most one per diagonal: the bands are
/// primary items with multiplicity `band`.
fn queens_bands(n: usize, band: usize) -> String {
    let mut out = format!(
        "| {n} queens on an {n} x {n} board, one per file, {band} in each band of {band} ranks,\n\
         | at most one on any diagonal.\n"
    );
    let bands: Vec<String> = (0..n / band).map(|b| format!("{band}|b{b}")).collect();
    let files: Vec<String> = (0..n).map(|f| format!("f{f}")).collect();
    let diagonals: Vec<String> = (0..2 * n - 1)
        .map(|d| format!("d{d}"))
        .chain((0..2 * n - 1).map(|a| format!("a{a}")))
        .collect();
    let _ = writeln!(
        out,
        "{} {} | {}",
        bands.join(" "),
        files.join(" "),
        diagonals.join(" ")
    );
    for rank in 0..n {
        for file in 0..n {
            let _ = writeln!(
                out,
                "b{} f{file} d{} a{}",
                rank / band,
                rank + file,
                rank + n - 1 - file
            );
        }
    }
    out
}

/// Langford-like sequences: positions `1..=length` each filled once by
/// pairs `k … k` at distance `k + 1`, `k` in `1..=n`, each pair used once
/// up to `most` times.
fn langford_multi(n: usize, length: usize, most: usize) -> String {
    let mut out = format!(
        "| Positions 1..{length} filled by pairs k .. k at distance k + 1, for k in 1..{n},\n\
         | each pair used 1 to {most} times.\n"
    );
    let pairs: Vec<String> = (1..=n).map(|k| format!("1:{most}|k{k}")).collect();
    let positions: Vec<String> = (1..=length).map(|p| format!("p{p}")).collect();
    let _ = writeln!(out, "{} {}", pairs.join(" "), positions.join(" "));
    for k in 1..=n {
        for p in 1..length.saturating_sub(k) {
            let _ = writeln!(out, "k{k} p{p} p{}", p + k + 1);
        }
    }
    out
}

/// A planted exact cover with `options` options, each a triple of items:
/// `n` items (nine tenths of `options`, down to a multiple of 3) split at
/// random into `n / 3` triples, which cover them exactly, hidden in random
/// order among random triples. So every instance has a solution, and few
/// others: with this density each level of DLX1's tree is nearly always
/// forced, the tree is a path of about `n / 3` nodes, and the time per
/// node is what the choice of the item to branch on costs.
fn planted(options: usize) -> String {
    let n = options * 9 / 10 / 3 * 3;
    let mut random = Random(options as u64);
    let mut items: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        items.swap(i, random.below(i + 1));
    }
    let mut triples: Vec<[usize; 3]> = items.chunks(3).map(|c| [c[0], c[1], c[2]]).collect();
    while triples.len() < options {
        let a = random.below(n);
        let (mut b, mut c) = (a, a);
        while b == a {
            b = random.below(n);
        }
        while c == a || c == b {
            c = random.below(n);
        }
        triples.push([a, b, c]);
    }
    for i in (1..triples.len()).rev() {
        triples.swap(i, random.below(i + 1));
    }
    let mut out = format!(
        "| {options} random triples over {n} items, {} of which cover them exactly.\n",
        n / 3
    );
    let names: Vec<String> = (0..n).map(|i| format!("i{i}")).collect();
    out.push_str(&names.join(" "));
    out.push('\n');
    for [a, b, c] in triples {
        let _ = writeln!(out, "i{a} i{b} i{c}");
    }
    out
}

/// The seeds of the dense family: chosen so that each instance has a few
/// million solutions (random dense problems range from none to billions).
const SEED1: u64 = 10;
const SEED2: u64 = 1;
const SEED3: u64 = 7;
const SEED4: u64 = 12;

/// A small deterministic generator (SplitMix64), so that the instances
/// never change.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// `k` distinct numbers of `0..n` (all of them if `k >= n`), in the
    /// order drawn.
    fn sample(&mut self, n: usize, k: usize) -> Vec<usize> {
        let mut all: Vec<usize> = (0..n).collect();
        for i in 0..k.min(n) {
            let j = i + self.below(n - i);
            all.swap(i, j);
        }
        all.truncate(k.min(n));
        all
    }
}

#[allow(dead_code)]
fn main() {
    let name = std::env::args().nth(1).unwrap_or_default();
    if name == "--list" || name.is_empty() {
        for name in NAMES {
            println!("{name}");
        }
        return;
    }
    match generate(&name) {
        Some(text) => print!("{text}"),
        None => {
            eprintln!("instances: no instance `{name}` (--list names them)");
            std::process::exit(1);
        }
    }
}
