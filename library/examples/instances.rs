//! Writes the generated instances of `library/instances/`: word squares
//! with colors, random colored problems, and queens and Langford pairs with
//! multiplicities, in Knuth's DLX text format; the counting instances of
//! `counts-memo.tsv` (tilings by unlimited copies of small pieces, set
//! partitions, perfect matchings: counts far past what a search walks);
//! the planted family `planted-M` of any size M (random triples hiding
//! an exact cover), for the benches and tests of huge problems; and the
//! instances with costs of `counts-cost.tsv` (Knuth's DLX5: target
//! sudokus, assignments, cheapest tilings, partitions, random ones).
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

/// The counting instances (`counts-memo.tsv`), by name.
pub const COUNTING: &[&str] = &[
    "dominoes-8x8",
    "dominoes-12x12",
    "dominoes-16x16",
    "small-pieces-8x8",
    "triominoes-9x12",
    "bell-12",
    "bell-13",
    "matchings-20",
    "matchings-30",
];

/// The instances with costs (`counts-cost.tsv`), by name.
pub const COSTED: &[&str] = &[
    "target-sample-1",
    "target-sample-2",
    "target-24-givens",
    "assignment-32",
    "partition-cost-14",
    "partition-cost-16",
    "costs-random-1",
    "costs-random-2",
    "costs-random-3",
    "pentomino-cost-6x10",
];

/// The DLX text of instance `name`, or `None` for a name not in [`NAMES`],
/// [`COUNTING`] or [`COSTED`] nor of the form `planted-M`.
pub fn generate(name: &str) -> Option<String> {
    if let Some(options) = name.strip_prefix("planted-") {
        return options.parse().ok().filter(|&m| m >= 10).map(planted);
    }
    if let Some(text) = counting(name).or_else(|| costed(name)) {
        return Some(text);
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

/// The counting instances: `dominoes-RxC` (domino tilings of an R × C
/// board), `small-pieces-RxC` (monominoes, dominoes and the two
/// triominoes), `triominoes-RxC`, `bell-N` (the partitions of N things
/// into blocks: every nonempty subset is an option) and `matchings-N`
/// (the perfect matchings of the complete graph on N vertices).
fn counting(name: &str) -> Option<String> {
    let (family, size) = name.rsplit_once('-')?;
    let board = || -> Option<(usize, usize)> {
        let (rows, columns) = size.split_once('x')?;
        Some((rows.parse().ok()?, columns.parse().ok()?))
    };
    let number = || {
        size.parse::<usize>()
            .ok()
            .filter(|&n| (1..=64).contains(&n))
    };
    const MONOMINO: &[(usize, usize)] = &[(0, 0)];
    const DOMINO: &[(usize, usize)] = &[(0, 0), (0, 1)];
    const STRAIGHT: &[(usize, usize)] = &[(0, 0), (0, 1), (0, 2)];
    const BENT: &[(usize, usize)] = &[(0, 0), (0, 1), (1, 0)];
    Some(match family {
        "dominoes" => tiling(board()?, &[DOMINO], "dominoes"),
        "small-pieces" => tiling(
            board()?,
            &[MONOMINO, DOMINO, STRAIGHT, BENT],
            "monominoes, dominoes and triominoes",
        ),
        "triominoes" => tiling(board()?, &[STRAIGHT, BENT], "triominoes"),
        "bell" => set_partitions(number().filter(|&n| n <= 20)?),
        "matchings" => matchings(number()?),
        _ => return None,
    })
}

/// The tilings of a `rows × columns` board by any number of copies of the
/// pieces, turned and flipped: a primary item per cell (`r_c`, row by
/// row), an option per placement (piece by piece, each distinct image of
/// it in the order found, each image at every shift, row by row).
fn tiling((rows, columns): (usize, usize), pieces: &[&[(usize, usize)]], what: &str) -> String {
    let mut out =
        format!("| Tilings of a {rows} x {columns} board by {what}, any number of each.\n");
    let cells: Vec<String> = (0..rows)
        .flat_map(|r| (0..columns).map(move |c| format!("{r}_{c}")))
        .collect();
    out.push_str(&cells.join(" "));
    out.push('\n');
    for piece in pieces {
        for image in images(piece) {
            let (height, width) = image
                .iter()
                .fold((0, 0), |(h, w), &(r, c)| (h.max(r + 1), w.max(c + 1)));
            for r in 0..=rows.saturating_sub(height) {
                for c in 0..=columns.saturating_sub(width) {
                    if r + height > rows || c + width > columns {
                        continue;
                    }
                    let option: Vec<String> = image
                        .iter()
                        .map(|&(a, b)| format!("{}_{}", r + a, c + b))
                        .collect();
                    out.push_str(&option.join(" "));
                    out.push('\n');
                }
            }
        }
    }
    out
}

/// The distinct images of a piece under the 8 symmetries of the square,
/// each shifted to touch both axes, its cells sorted.
fn images(piece: &[(usize, usize)]) -> Vec<Vec<(usize, usize)>> {
    let mut images: Vec<Vec<(usize, usize)>> = Vec::new();
    for symmetry in 0..8 {
        let moved: Vec<(i64, i64)> = piece
            .iter()
            .map(|&(r, c)| {
                let (r, c) = (r as i64, c as i64);
                let (r, c) = if symmetry & 4 != 0 { (c, r) } else { (r, c) };
                let r = if symmetry & 1 != 0 { -r } else { r };
                let c = if symmetry & 2 != 0 { -c } else { c };
                (r, c)
            })
            .collect();
        let low_r = moved.iter().map(|p| p.0).min().unwrap_or(0);
        let low_c = moved.iter().map(|p| p.1).min().unwrap_or(0);
        let mut image: Vec<(usize, usize)> = moved
            .iter()
            .map(|&(r, c)| ((r - low_r) as usize, (c - low_c) as usize))
            .collect();
        image.sort_unstable();
        if !images.contains(&image) {
            images.push(image);
        }
    }
    images
}

/// The partitions of `n` things into blocks: an item per thing, an option
/// per nonempty subset (in the order of the binary numbers). Bell numbers.
fn set_partitions(n: usize) -> String {
    let mut out = format!("| The partitions of {n} things into nonempty blocks.\n");
    let things: Vec<String> = (1..=n).map(|i| format!("t{i}")).collect();
    out.push_str(&things.join(" "));
    out.push('\n');
    for subset in 1u32..1 << n {
        let block: Vec<&str> = (0..n)
            .filter(|&i| subset >> i & 1 == 1)
            .map(|i| things[i].as_str())
            .collect();
        out.push_str(&block.join(" "));
        out.push('\n');
    }
    out
}

/// The perfect matchings of the complete graph on `n` vertices: an item
/// per vertex, an option per edge. (n − 1)!! of them for even `n`.
fn matchings(n: usize) -> String {
    let mut out = format!("| The perfect matchings of the complete graph on {n} vertices.\n");
    let vertices: Vec<String> = (1..=n).map(|v| format!("v{v}")).collect();
    out.push_str(&vertices.join(" "));
    out.push('\n');
    for a in 0..n {
        for b in a + 1..n {
            let _ = writeln!(out, "{} {}", vertices[a], vertices[b]);
        }
    }
    out
}

/// The instances with costs.
fn costed(name: &str) -> Option<String> {
    Some(match name {
        "target-sample-1" => target_sudoku(TARGET_SAMPLE_1),
        "target-sample-2" => target_sudoku(TARGET_SAMPLE_2),
        "target-24-givens" => target_sudoku(TARGET_24_GIVENS),
        _ if name.starts_with("assignment-") => {
            let n: usize = name["assignment-".len()..].parse().ok()?;
            assignment(n, n as u64)
        }
        _ if name.starts_with("partition-cost-") => cheapest_partition(
            name["partition-cost-".len()..]
                .parse()
                .ok()
                .filter(|&n| n <= 20)?,
        ),

        "pentomino-cost-6x10" => cheapest_tiling(),
        "costs-random-1" => random_costed(1, 30, 10, 300),
        "costs-random-2" => random_costed(2, 40, 12, 500),
        "costs-random-3" => random_costed(50, 50, 16, 500),
        _ => return None,
    })
}

/// Luogu P1074's samples 1 and 2 (scores 2829 and 2852), and an input of
/// its judge-tests (`24-givens-seed-18`, 2868): 81 digits, 0 for an open
/// cell.
const TARGET_SAMPLE_1: &str =
    "700900001100005900000200080005020003000000648413000000007002090201060804080504012";
const TARGET_SAMPLE_2: &str =
    "000702453900008000740005010195080000070000025030579108000601000060900001000000006";
const TARGET_24_GIVENS: &str =
    "000930060009500000306000008162040809000080006000000000020093080600050000000700030";

/// A target sudoku (Luogu P1074) as exact cover with costs: a cell's
/// weight is 10 less its distance from the centre (6 to 10), and digit `d`
/// there costs the weight times `9 - d`, so that the cheapest completion
/// has the highest score, 5130 less its cost. Items `p{r}{c}` (cells),
/// `r{r}{d}`, `c{c}{d}`, `b{b}{d}`; a given cell has its digit's option
/// only.
fn target_sudoku(givens: &str) -> String {
    let givens: Vec<u8> = givens.bytes().map(|b| b - b'0').collect();
    let mut out =
        String::from("| A target sudoku (Luogu P1074): the cheapest completion scores most.\n");
    let mut items = Vec::new();
    for kind in ['p', 'r', 'c', 'b'] {
        for a in 0..9 {
            for b in 0..9 {
                items.push(format!("{kind}{a}{}", if kind == 'p' { b } else { b + 1 }));
            }
        }
    }
    let _ = writeln!(out, "{}", items.join(" "));
    for (cell, &given) in givens.iter().enumerate() {
        let (r, c) = (cell / 9, cell % 9);
        let weight = 10 - (r as i32 - 4).abs().max((c as i32 - 4).abs());
        for d in 1..=9 {
            if given == 0 || given == d {
                let b = r / 3 * 3 + c / 3;
                let cost = weight * (9 - i32::from(d));
                let _ = writeln!(out, "p{r}{c} r{r}{d} c{c}{d} b{b}{d} |{cost}");
            }
        }
    }
    out
}

/// The assignment problem of `n` workers to `n` jobs (`assignment-N`),
/// costs 0 to 99 at random (seed `seed`): items `w0..` and `j0..`, an
/// option per pair.
fn assignment(n: usize, seed: u64) -> String {
    let mut random = Random(seed);
    let mut out = format!("| The cheapest assignment of {n} workers to {n} jobs (seed {seed}).\n");
    let workers: Vec<String> = (0..n).map(|i| format!("w{i}")).collect();
    let jobs: Vec<String> = (0..n).map(|j| format!("j{j}")).collect();
    let _ = writeln!(out, "{} {}", workers.join(" "), jobs.join(" "));
    for worker in &workers {
        for job in &jobs {
            let _ = writeln!(out, "{worker} {job} |{}", random.below(100));
        }
    }
    out
}

/// The twelve pentominoes in 6 × 10 (`instances/pentomino-6x10.dlx`), each
/// placement costing its piece's rank in `FILNPTUVWXYZ` (from 1) times the
/// column of its leftmost cell: the cheapest tilings put the last pieces
/// on the left.
fn cheapest_tiling() -> String {
    let plain = include_str!("../instances/pentomino-6x10.dlx");
    let mut out = String::from(
        "| Pentominoes in 6 x 10, a placement costing its piece's rank times its column.\n",
    );
    let mut lines = plain.lines().filter(|l| !l.trim_start().starts_with('|'));
    let _ = writeln!(out, "{}", lines.next().unwrap_or_default());
    for line in lines {
        let mut words = line.split_whitespace();
        let piece = words.next().unwrap_or_default();
        let rank = "FILNPTUVWXYZ".find(piece).map_or(0, |r| r + 1);
        let column = words
            .filter_map(|cell| cell.split('_').nth(1)?.parse::<usize>().ok())
            .min()
            .unwrap_or(0);
        let _ = writeln!(out, "{line} |{}", rank * column);
    }
    out
}

/// The partitions of `n` things (`partition-cost-N`, at most 20) into
/// blocks of at most four, a block
/// costing its size's square plus a random 0 to 9: the cheapest mostly
/// in singletons, and ties broken by the random part.
fn cheapest_partition(n: usize) -> String {
    let mut random = Random(n as u64);
    let mut out = format!("| The cheapest partition of {n} things into blocks of at most four.\n");
    let things: Vec<String> = (1..=n).map(|i| format!("t{i}")).collect();
    let _ = writeln!(out, "{}", things.join(" "));
    for subset in 1u32..1 << n {
        let size = subset.count_ones() as usize;
        if size > 4 {
            continue;
        }
        let block: Vec<&str> = (0..n)
            .filter(|&i| subset >> i & 1 == 1)
            .map(|i| things[i].as_str())
            .collect();
        let _ = writeln!(
            out,
            "{} |{}",
            block.join(" "),
            size * size + random.below(10)
        );
    }
    out
}

/// [`random_colored`] with a cost of 0 to 49 on every option.
fn random_costed(seed: u64, primary: usize, secondary: usize, options: usize) -> String {
    let plain = random_colored(seed, primary, secondary, options);
    let mut random = Random(seed + 100);
    let mut out = String::new();
    for (k, line) in plain.lines().enumerate() {
        match k {
            0 => {
                let _ = writeln!(out, "{}, with costs", line.trim_end_matches('.'));
            }
            1 => {
                let _ = writeln!(out, "{line}");
            }
            _ => {
                let _ = writeln!(out, "{line} |{}", random.below(50));
            }
        }
    }
    out
}

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
        for name in NAMES.iter().chain(COUNTING).chain(COSTED) {
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
