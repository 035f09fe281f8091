//! Races our engines against the Rust crates that do the same job, and
//! against Knuth's programs when it is told where they are, in one process,
//! and prints CPU times and ratios side by side.
//!
//! ```text
//! cargo bench -p library --bench engines                    # every instance
//! KNUTH=/path/to/dir cargo bench -p library --bench engines # and Knuth's programs from there
//! cargo bench -p library --bench engines -- queens-15       # the names given
//! cargo bench -p library --bench engines -- --runs 5        # best of 5 (default 3)
//! cargo bench -p library --bench engines -- planted         # the million triples only
//! cargo bench -p library --bench engines -- --only links queens-8
//!         # one engine (crate, links, bitset, auto, ours, exact-covers, xcc, cells,
//!         # cost, taxes),
//!         # for a profiler
//! ```
//!
//! Plain instances (`instances/counts.tsv`): the `dlx` crate,
//! our dancing links and bitsets, the engine `dlx` picks by itself
//! (`auto`), and Knuth's DLX1. Instances with colors or multiplicities
//! (`counts-xcc.tsv`): Algorithm C or M, the crates `exact-covers`
//! (`DlSolver`; its `DcSolver` is `todo!()` in every published version)
//! and `xcc` where they apply (colors only; `xcc` collects every solution,
//! so only up to 100 000 of them), and Knuth's DLX2 or DLX3. Every
//! instance again (`counts-cells.tsv`): dancing cells, `dlx::cells`,
//! against Knuth's SSXCC, or SSMCC where there are bounds. Instances with
//! costs (`counts-cost.tsv`): `dlx::cost` on DLX5's tree, the same with
//! the taxes levied at every node, and Knuth's DLX5.
//!
//! Every time is CPU time: our searches' (reading the file included, as
//! Knuth's programs do) measured on this thread, Knuth's programs' as the
//! kernel reports them for the child process. The best of the runs is
//! kept, the engines interleaved so that a noisy neighbour hurts all of
//! them alike. `x` columns divide the reference's time by ours (above 1:
//! ours is faster); `/dlxN` columns divide ours by Knuth's (below 1: ours
//! is faster), and the last line of each table does so on the totals. The
//! bench also checks every count against the tables (solutions, and
//! Knuth's nodes, updates and cleansings for our engines and his
//! programs), and exits 1 on a mismatch.
//!
//! Knuth's programs are not part of the repository: `KNUTH` names a
//! folder holding his DLX1, DLX2, DLX3, DLX6, DLX6 with his change file
//! `dlx6-noMRV.ch`, SSXCC and SSMCC as executables `dlx1`, `dlx2`, `dlx3`,
//! `dlx6`, `dlx6-nomrv`, `ssxcc` and `ssmcc`. Without it, or without some
//! of them, the bench says so and races the rest.

#[path = "../examples/instances.rs"]
#[allow(dead_code)]
mod generated;

#[path = "engines/cost.rs"]
mod cost;
#[path = "engines/knuth.rs"]
mod knuth;
#[path = "engines/memo.rs"]
mod memo;
#[path = "engines/race.rs"]
mod race;
#[path = "engines/scale.rs"]
mod scale;

#[global_allocator]
static ALLOCATOR: scale::Counting = scale::Counting;

use library::dlx::engine::{self, Engine};
use library::dlx::{bitset, cells, color, multi, text, Search, Solver};
use race::{cpu, Run, Table};

const INSTANCES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/instances");

/// What the command line asks for.
pub struct Args {
    pub runs: usize,
    pub only: Option<String>,
    pub wanted: Vec<String>,
}

impl Args {
    fn read() -> Args {
        let mut args = Args {
            runs: 3,
            only: None,
            wanted: Vec::new(),
        };
        let mut words = std::env::args().skip(1);
        while let Some(word) = words.next() {
            match word.as_str() {
                "--runs" => {
                    args.runs = words.next().and_then(|n| n.parse().ok()).expect("--runs N")
                }
                "--only" => args.only = words.next(),
                "--bench" => {}
                name => args.wanted.push(name.to_string()),
            }
        }
        args
    }

    /// Whether `engine` is to run (all of them unless `--only`).
    pub fn runs(&self, engine: &str) -> bool {
        self.only.as_deref().map_or(true, |only| only == engine)
    }
}

/// An instance's text: its file, or what the generator writes for it.
pub fn text_of(name: &str) -> Vec<u8> {
    std::fs::read(format!("{INSTANCES}/{name}.dlx"))
        .ok()
        .or_else(|| generated::generate(name).map(String::into_bytes))
        .unwrap_or_else(|| panic!("no instance {name}"))
}

/// Reads the text and counts its solutions with engine `S`, as one run.
fn ours<S: Search>(text: &[u8]) -> Run {
    cpu(|| {
        let instance = text::parse(text.to_vec()).expect("a valid instance");
        let mut solver = S::new(&instance.problem);
        let count = solver.count();
        (u128::from(count), Some(solver.stats()))
    })
}

/// What `dlx` runs by itself (`--engine auto`), and the engine's name.
fn auto(text: &[u8]) -> (Run, &'static str) {
    let instance = text::parse(text.to_vec()).expect("a valid instance");
    let engine = Engine::auto(&instance.problem);
    (engine.run(&instance.problem, Ours(text)), engine.name())
}

/// [`ours`] as code the engine policy runs.
struct Ours<'a>(&'a [u8]);

impl engine::Run for Ours<'_> {
    type Output = Run;
    fn run<S: Search>(self, _: &library::dlx::Problem) -> Run {
        ours::<S>(self.0)
    }
}

/// The `dlx` crate on the options of `text`.
fn crate_dlx(text: &[u8]) -> Run {
    use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
    let instance = text::parse(text.to_vec()).expect("a valid instance");
    let problem = &instance.problem;
    let options: Vec<Vec<dlx::Uint>> = (0..problem.options())
        .map(|k| problem.option(k).map(|i| i as dlx::Uint).collect())
        .collect();
    cpu(|| {
        let (primary, secondary) = (problem.primary(), problem.secondary());
        let mut built = dlx::x::make_problem(
            primary as dlx::Uint,
            secondary as dlx::Uint,
            &options,
            dlx::OptOrder::Seq,
        );
        let mut solver = dlx::Solver::new(&mut built);
        let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
        let mut count = 0;
        while solver.next_solution(&mut chooser) {
            count += 1;
        }
        (count, None)
    })
}

/// `exact-covers`' `DlSolver` on a problem with colors (no bounds).
fn exact_covers(text: &[u8]) -> Run {
    use exact_covers::{DlSolver, Solver as _};
    use std::ops::ControlFlow;
    let instance = text::parse(text.to_vec()).expect("a valid instance");
    let problem = &instance.problem;
    let primary: Vec<usize> = (0..problem.primary()).collect();
    let secondary: Vec<usize> = (problem.primary()..instance.items()).collect();
    cpu(|| {
        let mut solver: DlSolver<usize, u32> = DlSolver::new(&primary, &secondary);
        for k in 0..problem.options() {
            let (mut p, mut s) = (Vec::new(), Vec::new());
            for (item, c) in problem.colored_option(k) {
                match item < problem.primary() {
                    true => p.push(item),
                    false => s.push((item, Some(c).filter(|&c| c != 0))),
                }
            }
            solver.add_option(p, s);
        }
        let mut count = 0;
        solver.solve(|_| {
            count += 1;
            ControlFlow::Continue(())
        });
        (count, None)
    })
}

/// The `xcc` crate on a problem with colors (no bounds).
fn xcc(text: &[u8]) -> Run {
    use xcc::{Color, ColoredItem, ItemId, Matrix};
    let instance = text::parse(text.to_vec()).expect("a valid instance");
    let problem = &instance.problem;
    cpu(|| {
        let mut matrix = Matrix::new(problem.primary(), problem.secondary());
        for k in 0..problem.options() {
            let items: Vec<ColoredItem> = problem
                .colored_option(k)
                .map(|(item, c)| match c {
                    0 => ColoredItem::new(ItemId::new(item)),
                    c => ColoredItem::with_color(ItemId::new(item), Color::new(c as usize)),
                })
                .collect();
            matrix.add_option(k, &items);
        }
        (xcc::Solver::new(&matrix).solve_all().len() as u128, None)
    })
}

/// The plain instances: the `dlx` crate, links, bitsets, auto, DLX1.
fn plain(args: &Args, knuth: &knuth::Programs) -> bool {
    let mut table = Table::new(
        "engines-plain",
        "plain instances (DLX1's tree)",
        &["crate", "links", "bitset", "auto", "dlx1", "dlx"],
    )
    .chart("auto/dlx1");
    for (name, expected) in race::rows(&format!("{INSTANCES}/counts.tsv"), &args.wanted) {
        let text = text_of(&name);
        let mut picked = "";
        let best = race::best(args.runs, 6, |engine| match engine {
            0 if args.runs("crate") => Some(crate_dlx(&text)),
            1 if args.runs("links") => Some(ours::<Solver>(&text)),
            2 if args.runs("bitset") => Some(ours::<bitset::Solver>(&text)),
            3 if args.runs("auto") => {
                let (run, engine) = auto(&text);
                picked = engine;
                Some(run)
            }
            4 if args.only.is_none() => knuth.run("dlx1", &text),
            5 if args.runs("dlx") => Some(memo::plain_dlx(&text)),
            _ => None,
        });
        table.row(&name, &expected, best, &format!("auto: {picked}"));
    }
    table.print(&[(1, 0), (2, 0)], &[(1, 4), (2, 4), (3, 4), (5, 3)])
}

/// The instances with colors or bounds: ours, the crates, DLX2 or DLX3.
fn extended(args: &Args, knuth: &knuth::Programs) -> bool {
    let mut table = Table::new(
        "engines-extended",
        "colors (DLX2's tree) and multiplicities (DLX3's)",
        &["ours", "exact-covers", "xcc", "dlx2/3", "dlx"],
    );
    for (name, expected) in race::rows(&format!("{INSTANCES}/counts-xcc.tsv"), &args.wanted) {
        let text = text_of(&name);
        let colors_only = expected.program == "dlx2";
        let few = expected.solutions <= 100_000;
        let best = race::best(args.runs, 5, |engine| match engine {
            0 if args.runs("ours") && colors_only => Some(ours::<color::Solver>(&text)),
            0 if args.runs("ours") => Some(ours::<multi::Solver>(&text)),
            1 if args.runs("exact-covers") && colors_only => Some(exact_covers(&text)),
            2 if args.runs("xcc") && colors_only && few => Some(xcc(&text)),
            3 if args.only.is_none() => knuth.run(&expected.program, &text),
            4 if args.runs("dlx") => Some(memo::plain_dlx(&text)),
            _ => None,
        });
        table.row(&name, &expected, best, &expected.program);
    }
    table.print(&[(0, 1), (0, 2)], &[(0, 3), (4, 0)])
}

/// Every instance again: dancing cells against SSXCC or SSMCC.
fn dancing_cells(args: &Args, knuth: &knuth::Programs) -> bool {
    let mut table = Table::new(
        "engines-cells",
        "dancing cells (SSXCC's tree, SSMCC's with bounds)",
        &["cells", "ssxcc/ssmcc"],
    );
    for (name, expected) in race::rows(&format!("{INSTANCES}/counts-cells.tsv"), &args.wanted) {
        let text = text_of(&name);
        let bounds = expected.program == "ssmcc";
        let best = race::best(args.runs, 2, |engine| match engine {
            0 if args.runs("cells") && !bounds => Some(ours::<cells::Solver>(&text)),
            0 if args.runs("cells") => Some(ours::<cells::multi::Solver>(&text)),
            1 if args.only.is_none() => knuth.run(&expected.program, &text),
            _ => None,
        });
        table.row(&name, &expected, best, &expected.program);
    }
    table.print(&[], &[(0, 1)])
}

fn main() {
    let args = Args::read();
    let knuth = knuth::Programs::find();
    println!("{}", knuth.describe());
    let plain_ok = plain(&args, &knuth);
    println!();
    let extended_ok = extended(&args, &knuth);
    println!();
    let cells_ok = dancing_cells(&args, &knuth);
    println!();
    let cost_ok = cost::table(&args, INSTANCES, &knuth);
    println!();
    let memo_ok = memo::table(&args, INSTANCES, &knuth);
    println!();
    let threads_ok = args.only.is_some() || scale::threads(INSTANCES, &args.wanted, args.runs);
    let everything = args.only.is_none() && args.wanted.is_empty();
    if everything || args.wanted.iter().any(|w| w == "planted") {
        println!();
        scale::planted(generated::generate);
    }
    if !(plain_ok && extended_ok && cells_ok && cost_ok && memo_ok && threads_ok) {
        eprintln!("mismatches against the tables of instances/");
        std::process::exit(1);
    }
}
