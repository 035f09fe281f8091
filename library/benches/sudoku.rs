//! The 9 × 9 engine ([`library::bitboard::nine`]) raced against the
//! solvers people compare sudoku programs with, on the public benchmark
//! sets: the `sudoku` crate 0.8 (the fastest in Rust, a port of JCZSolve)
//! and, when `TDOKU` names it, tdoku (t-dillon's SIMD solver).
//!
//! ```text
//! cargo bench -p library --bench sudoku -- DIR [--runs N] [--sample K] [--set NAME]... [--no-process]
//! TDOKU=/path/to/libtdoku.so cargo bench -p library --bench sudoku -- DIR
//! ```
//!
//! `DIR` holds the sets, one puzzle per line (81 characters, `.` or `0`
//! for an empty cell, `#` lines skipped); every file of it is a set
//! except a README (`--set NAME` keeps those whose name contains NAME).
//! The sets stay out of the repository.
//!
//! `TDOKU` names a shared library exporting tdoku's
//! `TdokuSolverDpllTriadSimd` (its `src/solver_dpll_triad_simd.cc` and
//! `src/util.cc`, compiled outside the repository with `-O3
//! -march=native -fPIC -shared`); it is loaded with `dlopen`.
//!
//! Two tables, CPU time per puzzle, best of `--runs` (default 3), the
//! solvers interleaved within each run:
//!
//! * **in process**: each solver called on every puzzle of a set, asked
//!   for one solution, then to prove uniqueness (count up to two);
//! * **whole process** (unless `--no-process`): the committed
//!   `submissions/poj3074/main.rs`, compiled with `rustc -O`, run on each
//!   set as a judge runs it (reading and printing included), beside this
//!   bench run again as a child that answers the same input with the
//!   crate, and with tdoku.
//!
//! Every answer is checked: each solution keeps the givens and fills
//! every row, column and box; the counts of the uniqueness runs agree
//! between the solvers, and with dancing links ([`library::dlx`], an
//! independent search) on every `--sample`-th puzzle (default 20).
//! Ratios are ours over theirs: below 1, ours is faster.

use libc::c_void;
use std::ffi::CString;
use std::io::{BufRead, Read, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use library::bitboard::nine;
use library::dlx::{Search, Solver};
use library::sudoku::{model, STANDARD};

/// A puzzle: 81 cells, 0 for an empty one.
type Puzzle = [u8; 81];

/// tdoku's entry point: the puzzle as 81 characters and a terminator,
/// the limit of solutions, a configuration (unused), a buffer of 81
/// bytes for the solution (filled when the limit is 1), the guesses.
/// (`char *` as `u8` pointers: the same pointers to the same bytes.)
type Tdoku = unsafe extern "C" fn(*const u8, usize, u32, *mut u8, *mut usize) -> usize;

/// What the command line and the environment ask for.
struct Args {
    dir: PathBuf,
    sets: Vec<String>,
    runs: usize,
    sample: usize,
    process: bool,
    tdoku: Option<Tdoku>,
}

/// A solver under test, as the tables name it.
#[derive(Clone, Copy, PartialEq)]
enum Who {
    Ours,
    Crate,
    Tdoku,
}

impl Who {
    fn name(self) -> &'static str {
        match self {
            Who::Ours => "ours",
            Who::Crate => "sudoku crate",
            Who::Tdoku => "tdoku",
        }
    }
}

fn main() {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    if raw.first().map(String::as_str) == Some("--child") {
        return child(&raw[1], load_tdoku());
    }
    let args = parse_args(&raw);
    let mut sets = read_sets(&args.dir);
    if !args.sets.is_empty() {
        sets.retain(|(name, _)| args.sets.iter().any(|s| name.contains(s.as_str())));
    }
    let mut who = vec![Who::Ours, Who::Crate];
    if args.tdoku.is_some() {
        who.push(Who::Tdoku);
    } else {
        println!("(TDOKU not set: tdoku left out)");
    }
    in_process(&args, &sets, &who);
    if args.process {
        whole_process(&args, &sets, &who);
    }
}

fn parse_args(raw: &[String]) -> Args {
    let mut args = Args {
        dir: PathBuf::new(),
        sets: Vec::new(),
        runs: 3,
        sample: 20,
        process: true,
        tdoku: load_tdoku(),
    };
    let mut it = raw.iter();
    while let Some(arg) = it.next() {
        let mut number = |what: &str| -> usize {
            it.next()
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{what} takes a number"))
        };
        match arg.as_str() {
            "--runs" => args.runs = number("--runs").max(1),
            "--sample" => args.sample = number("--sample").max(1),
            "--no-process" => args.process = false,
            "--set" => args.sets.push(it.next().expect("--set NAME").clone()),
            "--bench" => {}
            dir => args.dir = PathBuf::from(dir),
        }
    }
    assert!(
        args.dir.is_dir(),
        "usage: cargo bench -p library --bench sudoku -- DIR (the folder of the sets)"
    );
    args
}

/// The shared library `TDOKU` names, if set.
fn load_tdoku() -> Option<Tdoku> {
    let path = std::env::var("TDOKU").ok()?;
    let name = CString::new(path.clone()).expect("a path without NUL");
    // SAFETY: dlopen and dlsym are given NUL-terminated strings; the
    // symbol is tdoku's solver, whose C signature `Tdoku` restates.
    unsafe {
        let handle = libc::dlopen(name.as_ptr(), libc::RTLD_NOW);
        assert!(!handle.is_null(), "TDOKU={path}: dlopen failed");
        let symbol = libc::dlsym(handle, b"TdokuSolverDpllTriadSimd\0".as_ptr().cast());
        assert!(
            !symbol.is_null(),
            "TDOKU={path}: no TdokuSolverDpllTriadSimd"
        );
        Some(std::mem::transmute::<*mut c_void, Tdoku>(symbol))
    }
}

/// Every set of `dir`, by file name.
fn read_sets(dir: &Path) -> Vec<(String, Vec<Puzzle>)> {
    let mut sets = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the folder of the sets") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !path.is_file() || name.to_lowercase().starts_with("readme") {
            continue;
        }
        let text = std::fs::read(&path).expect("a set");
        let puzzles: Vec<Puzzle> = text
            .split(|&b| b == b'\n')
            .filter(|l| l.len() >= 81 && l[0] != b'#')
            .map(|l| {
                let mut p = [0; 81];
                for (cell, &b) in p.iter_mut().zip(&l[..81]) {
                    *cell = if b.is_ascii_digit() { b - b'0' } else { 0 };
                }
                p
            })
            .collect();
        sets.push((name, puzzles));
    }
    sets.sort();
    sets
}

/// This thread's CPU time in seconds.
fn thread_cpu() -> f64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for the call to fill.
    let failed = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(failed, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9
}

/// `puzzle` as tdoku reads it: `.` for an empty cell, then a NUL.
fn tdoku_text(puzzle: &Puzzle) -> [u8; 82] {
    let mut text = [0; 82];
    for (t, &v) in text.iter_mut().zip(puzzle) {
        *t = if v == 0 { b'.' } else { b'0' + v };
    }
    text
}

/// One solution of `puzzle` by `who`, if it has one.
fn solve_one(who: Who, tdoku: Option<Tdoku>, puzzle: &Puzzle) -> Option<Puzzle> {
    match who {
        Who::Ours => nine::solve(puzzle, 1, u64::MAX)
            .expect("no budget")
            .grid
            .map(|g| g.try_into().expect("81 cells")),
        Who::Crate => sudoku::Sudoku::from_bytes_slice(puzzle)
            .ok()?
            .some_solution()
            .map(|s| s.to_bytes()),
        Who::Tdoku => {
            let text = tdoku_text(puzzle);
            let mut solution = [0u8; 81];
            let mut guesses = 0;
            // SAFETY: tdoku reads 81 characters and the NUL after them,
            // and writes at most 81 bytes of solution.
            let found = unsafe {
                tdoku.expect("loaded")(text.as_ptr(), 1, 0, solution.as_mut_ptr(), &mut guesses)
            };
            (found > 0).then(|| solution.map(|c| c - b'0'))
        }
    }
}

/// The number of solutions of `puzzle` by `who`, up to two.
fn count_two(who: Who, tdoku: Option<Tdoku>, puzzle: &Puzzle) -> usize {
    match who {
        Who::Ours => {
            nine::solve(puzzle, 2, u64::MAX)
                .expect("no budget")
                .solutions
        }
        Who::Crate => {
            sudoku::Sudoku::from_bytes_slice(puzzle).map_or(0, |s| s.solutions_count_up_to(2))
        }
        Who::Tdoku => {
            let text = tdoku_text(puzzle);
            let mut solution = [0u8; 81];
            let mut guesses = 0;
            // SAFETY: as in `solve_one`.
            unsafe {
                tdoku.expect("loaded")(text.as_ptr(), 2, 0, solution.as_mut_ptr(), &mut guesses)
            }
        }
    }
}

/// The solutions of `puzzle` up to two, by dancing links on the exact
/// cover of [`library::sudoku::model`]: the independent referee.
fn dlx_count_two(puzzle: &Puzzle) -> usize {
    let model = model(&STANDARD.groups(), puzzle);
    let mut found = 0;
    let _ = Solver::new(model.problem()).search(|_| {
        found += 1;
        if found == 2 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    found
}

/// Whether `grid` keeps the givens of `puzzle` and fills every row,
/// column and box with 1-9.
fn valid(puzzle: &Puzzle, grid: &Puzzle) -> bool {
    let kept = puzzle.iter().zip(grid).all(|(&p, &g)| p == 0 || p == g);
    let full = (0..9).all(|i| {
        let (mut row, mut column, mut square) = (0u32, 0u32, 0u32);
        for j in 0..9 {
            row |= 1 << grid[9 * i + j];
            column |= 1 << grid[9 * j + i];
            square |= 1 << grid[9 * (i / 3 * 3 + j / 3) + i % 3 * 3 + j % 3];
        }
        row == 0x3FE && column == 0x3FE && square == 0x3FE
    });
    kept && full
}

/// The in-process table: one solution, then uniqueness, per set.
fn in_process(args: &Args, sets: &[(String, Vec<Puzzle>)], who: &[Who]) {
    println!();
    println!("{}", opening("sudoku-in-process", who));
    println!("In process, CPU µs per puzzle (best of {}):\n", args.runs);
    let mut header = String::from("| set | puzzles | mode |");
    for w in who {
        header += &format!(" {} |", w.name());
    }
    for w in &who[1..] {
        header += &format!(" ours / {} |", w.name());
    }
    println!("{header}");
    println!("|{}", "---|".repeat(3 + 2 * who.len() - 1));
    for (name, puzzles) in sets {
        let mut best = vec![f64::INFINITY; who.len()];
        let mut answers: Vec<Vec<Option<Puzzle>>> = vec![Vec::new(); who.len()];
        for _ in 0..args.runs {
            for (k, &w) in who.iter().enumerate() {
                let start = thread_cpu();
                let found: Vec<Option<Puzzle>> = puzzles
                    .iter()
                    .map(|p| solve_one(w, args.tdoku, p))
                    .collect();
                best[k] = best[k].min(thread_cpu() - start);
                answers[k] = found;
            }
        }
        for (k, &w) in who.iter().enumerate() {
            check_solutions(name, w, puzzles, &answers[k]);
        }
        print_row(name, puzzles.len(), "one solution", &best);
        let mut best = vec![f64::INFINITY; who.len()];
        let mut counts: Vec<Vec<usize>> = vec![Vec::new(); who.len()];
        for _ in 0..args.runs {
            for (k, &w) in who.iter().enumerate() {
                let start = thread_cpu();
                let found: Vec<usize> = puzzles
                    .iter()
                    .map(|p| count_two(w, args.tdoku, p))
                    .collect();
                best[k] = best[k].min(thread_cpu() - start);
                counts[k] = found;
            }
        }
        check_counts(name, who, puzzles, &counts, args.sample);
        print_row(name, puzzles.len(), "uniqueness", &best);
    }
    println!("<!-- end figures sudoku-in-process -->");
}

/// The marker that opens a table as a region of docs/benchmarks.md (the
/// `figures` program writes it there): the command, with the sets' folder
/// as `DIR`, and the ratio to draw: ours against the last solver raced
/// (tdoku when `TDOKU` is set, else the crate).
fn opening(region: &str, who: &[Who]) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    while let Some(arg) = args.next() {
        let value = matches!(arg.as_str(), "--runs" | "--sample" | "--set");
        let next = if value { args.next() } else { None };
        words.push(if value || arg.starts_with("--") {
            arg
        } else {
            "DIR".to_string()
        });
        words.extend(next);
    }
    let tdoku = if who.contains(&Who::Tdoku) {
        "TDOKU=/path/to/libtdoku.so "
    } else {
        ""
    };
    let last = who.last().map_or("crate", |w| w.name());
    format!(
        "<!-- figures {region} · `{tdoku}cargo bench -p library --bench sudoku -- {}` · chart ours / {last} -->",
        words.join(" ")
    )
}

fn print_row(set: &str, puzzles: usize, mode: &str, seconds: &[f64]) {
    let per = |s: f64| s * 1e6 / puzzles as f64;
    let mut line = format!("| {set} | {puzzles} | {mode} |");
    for &s in seconds {
        line += &format!(" {:.2} |", per(s));
    }
    for &s in &seconds[1..] {
        line += &format!(" {:.2}x |", seconds[0] / s);
    }
    println!("{line}");
}

/// Every solution valid; a puzzle left unsolved only when it has none.
fn check_solutions(set: &str, who: Who, puzzles: &[Puzzle], found: &[Option<Puzzle>]) {
    for (k, (puzzle, grid)) in puzzles.iter().zip(found).enumerate() {
        match grid {
            Some(grid) => assert!(
                valid(puzzle, grid),
                "{set} #{}: {} gave a wrong solution",
                k + 1,
                who.name()
            ),
            None => assert_eq!(
                dlx_count_two(puzzle),
                0,
                "{set} #{}: {} found no solution",
                k + 1,
                who.name()
            ),
        }
    }
}

/// The counts agree between the solvers, and with dancing links on a
/// sample.
fn check_counts(set: &str, who: &[Who], puzzles: &[Puzzle], counts: &[Vec<usize>], sample: usize) {
    for k in 0..puzzles.len() {
        for (w, c) in who.iter().zip(counts).skip(1) {
            assert_eq!(
                c[k],
                counts[0][k],
                "{set} #{}: {} counts {}, ours {}",
                k + 1,
                w.name(),
                c[k],
                counts[0][k]
            );
        }
        if k % sample == 0 {
            assert_eq!(
                dlx_count_two(&puzzles[k]),
                counts[0][k],
                "{set} #{}: dancing links disagree",
                k + 1
            );
        }
    }
}

/// The whole-process table: the committed submission and this bench's
/// children, each run on every set as a judge runs a program.
fn whole_process(args: &Args, sets: &[(String, Vec<Puzzle>)], who: &[Who]) {
    let dir = std::env::temp_dir().join(format!("sudoku-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let submission = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../submissions/poj3074/main.rs"
    );
    let exe = dir.join("poj3074");
    let status = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&exe)
        .arg(submission)
        .status()
        .expect("rustc");
    assert!(status.success(), "rustc -O {submission}");
    println!();
    println!("{}", opening("sudoku-process", who));
    println!(
        "Whole process, CPU µs per puzzle (best of {}; ours is submissions/poj3074/main.rs, rustc -O):\n",
        args.runs
    );
    let mut header = String::from("| set | puzzles |");
    for w in who {
        header += &format!(" {} |", w.name());
    }
    for w in &who[1..] {
        header += &format!(" ours / {} |", w.name());
    }
    println!("{header}");
    println!("|{}", "---|".repeat(2 + 2 * who.len() - 1));
    let me = std::env::current_exe().expect("this bench");
    for (name, puzzles) in sets {
        let input = dir.join("input");
        let mut text = Vec::new();
        for p in puzzles {
            text.extend(p.iter().map(|&v| if v == 0 { b'.' } else { b'0' + v }));
            text.push(b'\n');
        }
        text.extend_from_slice(b"end\n");
        std::fs::write(&input, &text).expect("the input");
        let mut best = vec![f64::INFINITY; who.len()];
        for _ in 0..args.runs {
            for (k, &w) in who.iter().enumerate() {
                let mut command = match w {
                    Who::Ours => Command::new(&exe),
                    Who::Crate => child_command(&me, "crate"),
                    Who::Tdoku => child_command(&me, "tdoku"),
                };
                let (seconds, out) = run_timed(&mut command, &input);
                best[k] = best[k].min(seconds);
                check_lines(name, w, puzzles, &out);
            }
        }
        let per = |s: f64| s * 1e6 / puzzles.len() as f64;
        let mut line = format!("| {name} | {} |", puzzles.len());
        for &s in &best {
            line += &format!(" {:.2} |", per(s));
        }
        for &s in &best[1..] {
            line += &format!(" {:.2}x |", best[0] / s);
        }
        println!("{line}");
    }
    println!("<!-- end figures sudoku-process -->");
    let _ = std::fs::remove_dir_all(&dir);
}

fn child_command(me: &Path, who: &str) -> Command {
    let mut command = Command::new(me);
    command.args(["--child", who]);
    command
}

/// Runs `command` on `input`; its CPU time (user and system) and output.
fn run_timed(command: &mut Command, input: &Path) -> (f64, Vec<u8>) {
    let mut child = command
        .stdin(std::fs::File::open(input).expect("the input"))
        .stdout(Stdio::piped())
        .spawn()
        .expect("a child");
    let mut out = Vec::new();
    child
        .stdout
        .take()
        .expect("a pipe")
        .read_to_end(&mut out)
        .expect("its output");
    (reap(child), out)
}

/// Waits for `child` to end: the user and system CPU seconds it used.
fn reap(child: std::process::Child) -> f64 {
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our child, not yet reaped; the pointers are valid.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert!(reaped == pid && status == 0, "the child failed");
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Each line of `out` a valid solution of its puzzle.
fn check_lines(set: &str, who: Who, puzzles: &[Puzzle], out: &[u8]) {
    let lines: Vec<&[u8]> = out.split(|&b| b == b'\n').collect();
    for (k, puzzle) in puzzles.iter().enumerate() {
        let line = lines.get(k).copied().unwrap_or_default();
        let mut grid = [0; 81];
        let read = line.len() == 81
            && line.iter().zip(&mut grid).all(|(&c, g)| {
                *g = c.wrapping_sub(b'0');
                (1..=9).contains(g)
            });
        assert!(
            read && valid(puzzle, &grid),
            "{set} #{}: {} printed a wrong line",
            k + 1,
            who.name()
        );
    }
}

/// The child: answers poj3074's input on stdin as the submission does,
/// with the crate or tdoku.
fn child(who: &str, tdoku: Option<Tdoku>) {
    let who = match who {
        "crate" => Who::Crate,
        "tdoku" => Who::Tdoku,
        _ => panic!("--child crate|tdoku"),
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    for line in stdin.lock().split(b'\n') {
        let line = line.expect("the input");
        if line.starts_with(b"end") {
            break;
        }
        let mut puzzle = [0; 81];
        for (cell, &b) in puzzle.iter_mut().zip(&line) {
            *cell = if b.is_ascii_digit() { b - b'0' } else { 0 };
        }
        match solve_one(who, tdoku, &puzzle) {
            Some(grid) => {
                let text: Vec<u8> = grid.iter().map(|&v| b'0' + v).collect();
                out.write_all(&text).expect("the output");
            }
            None => out.write_all(b"No solution").expect("the output"),
        }
        out.write_all(b"\n").expect("the output");
    }
    out.flush().expect("the output");
}
