//! Standard inputs for the programs that read one: generated per library
//! from the format each program reads (a small seeded generator, so every
//! run feeds the same bytes). A program without a generator gets one run
//! on an empty input.

use crate::programs::Program;

/// The inputs `program` of `library` is run on.
pub fn inputs(library: &str, program: &Program) -> Vec<Vec<u8>> {
    match library {
        "bstr" if program.name.starts_with("ex-") => text_inputs(),
        "cplit" => cplit_inputs(program.source()),
        _ => vec![Vec::new()],
    }
}

/// Programs that are bundled and compiled but not run, and why.
const NOT_RUN: &[(&str, &str, &str)] = &[
    ("once_cell", "ex-bench", "it prints its running time"),
    (
        "once_cell",
        "ex-bench-acquire",
        "it prints its running time",
    ),
    (
        "once_cell",
        "ex-test-synchronization",
        "it prints its running time",
    ),
    (
        "once_cell",
        "ex-reentrant-init-deadlocks",
        "it deadlocks on purpose",
    ),
];

/// Why program `name` of `library` is not run, if it is not.
pub fn not_run(library: &str, name: &str) -> Option<&'static str> {
    NOT_RUN
        .iter()
        .find(|(l, n, _)| *l == library && *n == name)
        .map(|(_, _, why)| *why)
}

/// A small xorshift generator: the same numbers on every machine.
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    fn range(&mut self, low: u64, high: u64) -> u64 {
        low + self.below(high - low + 1)
    }
}

/// Text for bstr's line, word, grapheme and case examples: empty, then
/// lines mixing ASCII words, accented and CJK letters, combining marks,
/// emoji sequences joined by ZWJ, CRLF ends, invalid UTF-8 and no final
/// newline.
fn text_inputs() -> Vec<Vec<u8>> {
    const PIECES: &[&[u8]] = &[
        b"word",
        b"Dimension",
        b"caf\xc3\xa9",
        b"e\xcc\x81t\xc3\xa9",
        b"\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e",
        b"\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x94\xac",
        b"\xf0\x9f\x87\xaf\xf0\x9f\x87\xb5",
        b"don't",
        b"3.14",
        b"\xff\xfe",
        b"\xce\xa3\xcf\x84\xce\xb1",
        b"stra\xc3\x9fe",
        b"-",
    ];
    let mut inputs = vec![Vec::new(), b"one line without an end".to_vec()];
    for seed in 1..=2u64 {
        let mut random = Random(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let mut text = Vec::new();
        for _ in 0..random.range(20, 60) {
            for k in 0..random.range(0, 8) {
                if k > 0 {
                    text.extend_from_slice(
                        [&b" "[..], b"  ", b"\t", b", "][random.below(4) as usize],
                    );
                }
                text.extend_from_slice(PIECES[random.below(PIECES.len() as u64) as usize]);
            }
            text.extend_from_slice(if random.below(5) == 0 { b"\r\n" } else { b"\n" });
        }
        inputs.push(text);
    }
    inputs
}

/// cplit's examples read competitive-programming inputs through its
/// `scanln!` (one read per line, nodes and positions counted from 1):
/// each gets a small case and a larger one of the format it reads.
fn cplit_inputs(source: &str) -> Vec<Vec<u8>> {
    let format: fn(&mut Random, usize) -> String = if source.contains("DisjointSetUnion") {
        union_find
    } else if source.contains("BinaryIndexedTree") {
        fenwick
    } else if source.contains("AddMulSum") {
        |r, n| ranges(r, n, 3, 571_373)
    } else if source.contains("SegmentTree") {
        |r, n| ranges(r, n, 2, 1_000)
    } else if source.contains("dijkstra") {
        shortest_paths
    } else {
        |r, _| format!("{} {}\n", r.below(1 << 30), r.below(1 << 30))
    };
    [(1u64, 6), (2, 200)]
        .into_iter()
        .map(|(seed, n)| {
            format(&mut Random(seed.wrapping_mul(0x2545_f491_4f6c_dd1d)), n).into_bytes()
        })
        .collect()
}

/// `n m`, then `m` lines `op x y`: 1 joins, 2 asks.
fn union_find(random: &mut Random, n: usize) -> String {
    let m = 2 * n;
    let mut text = format!("{n} {m}\n");
    for _ in 0..m {
        let (x, y) = (random.range(1, n as u64), random.range(1, n as u64));
        text.push_str(&format!("{} {x} {y}\n", random.range(1, 2)));
    }
    text
}

/// `n m`, `n` values, then `m` lines: `1 x v` adds, `2 l r` sums.
fn fenwick(random: &mut Random, n: usize) -> String {
    let m = 2 * n;
    let mut text = format!("{n} {m}\n{}\n", values(random, n, 1_000));
    for _ in 0..m {
        if random.below(2) == 0 {
            let x = random.range(1, n as u64);
            text.push_str(&format!("1 {x} {}\n", random.below(2_001) as i64 - 1_000));
        } else {
            let (l, r) = span(random, n);
            text.push_str(&format!("2 {l} {r}\n"));
        }
    }
    text
}

/// `n m`, `n` values, then `m` lines `op l r [k]`: ops `1 ..= ops - 1`
/// change `[l, r]` by `k`, op `ops` asks for its sum.
fn ranges(random: &mut Random, n: usize, ops: u64, bound: u64) -> String {
    let m = 2 * n;
    let mut text = format!("{n} {m}\n{}\n", values(random, n, bound));
    for _ in 0..m {
        let op = random.range(1, ops);
        let (l, r) = span(random, n);
        match op == ops {
            true => text.push_str(&format!("{op} {l} {r}\n")),
            false => text.push_str(&format!("{op} {l} {r} {}\n", random.below(bound))),
        }
    }
    text
}

/// `n m s`, then `m` lines `u v w`: a directed graph with weights.
fn shortest_paths(random: &mut Random, n: usize) -> String {
    let m = 3 * n;
    let mut text = format!("{n} {m} {}\n", random.range(1, n as u64));
    for _ in 0..m {
        let (u, v) = (random.range(1, n as u64), random.range(1, n as u64));
        text.push_str(&format!("{u} {v} {}\n", random.below(1_000)));
    }
    text
}

fn values(random: &mut Random, n: usize, bound: u64) -> String {
    let values: Vec<String> = (0..n).map(|_| random.below(bound).to_string()).collect();
    values.join(" ")
}

fn span(random: &mut Random, n: usize) -> (u64, u64) {
    let (a, b) = (random.range(1, n as u64), random.range(1, n as u64));
    (a.min(b), a.max(b))
}
