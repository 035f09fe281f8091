//! The `dlx` command's arguments, as clap reads them; `--help` is made
//! from the doc comments here.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use library::dlx::cost::Bound;
use library::dlx::engine::Asked;
use library::dlx::memo::Order;

/// Counts, finds or prints the solutions of an exact-cover problem in
/// Knuth's DLX text format (the input of his DLX1, DLX2 and DLX3 programs:
/// secondary items may take colors, `item:color`, and primary items
/// bounds, `lo:hi|item`).
///
/// A file with costs (options ending with `|n` words, Knuth's DLX5) asks
/// for its cheapest solutions instead: they are printed, cheapest first,
/// each after a `cost: N` line, and the closing line counts the solutions
/// found on the way (each cheaper than the best before it), with nodes,
/// updates and cleansings as DLX5 counts them.
///
/// By default every solution is counted and the last line reads
/// `solutions: N  nodes: N  updates: N  seconds: S`, with nodes and updates
/// counted as DLX1 counts them; for a file with colors as DLX2 counts them
/// and for one with bounds as DLX3 does, with their cleansings too
/// (`cleansings: N` before `seconds`); as SSXCC counts them for a file
/// with colors and 100 options or more per primary item (word grids),
/// which dancing cells search faster.
///
/// Counting a problem without bounds, `dlx` first tries the memo (see
/// --memo) for a few milliseconds, and keeps it if it pays; its line then
/// has `memos: N` before `seconds`, and nodes and updates as Knuth's DLX6
/// counts them.
///
/// The subcommands `polyomino` and `polycube` write the DLX file of a
/// tiling puzzle described in the format of Knuth's polyomino-dlx and
/// polycube-dlx; pipe it into `dlx --draw` to see solutions as boards.
#[derive(Parser, Debug)]
#[command(
    name = "dlx",
    version,
    args_conflicts_with_subcommands = true,
    disable_help_subcommand = true
)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// The problem file; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,

    /// Stop after the first solution.
    #[arg(short, long, conflicts_with = "limit")]
    pub first: bool,

    /// Stop after K solutions (for a file with costs: after K found,
    /// each cheaper than the cutoff).
    #[arg(short = 'n', long, value_name = "K")]
    pub limit: Option<u64>,

    /// For a file with costs: the K cheapest solutions, not only the
    /// cheapest (DLX5's `k`; up to 1000000).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub best: Option<u32>,

    /// For a file with costs: what cuts the search. `cutoff` is DLX5's
    /// (an option is tried only while the cost so far stays under the
    /// k-th best found), with DLX5's tree and counts; `items` also bounds
    /// what the items still open must cost, from their cheapest options,
    /// and cuts more.
    #[arg(long, value_name = "BOUND", default_value = "cutoff")]
    pub bound: BoundArg,

    /// Print every solution found: its option lines, then an empty line.
    #[arg(short, long)]
    pub print: bool,

    /// Draw every solution found as a picture of the board, one character
    /// per piece (layers side by side in 3D), then an empty line. The
    /// cells must be items named by their coordinates, as `dlx polyomino`
    /// and `dlx polycube` name them (`0a`, `123`) or as `3_7`.
    #[arg(short, long)]
    pub draw: bool,

    /// Write the first solution found to FILE as an SVG picture (2D
    /// boards; cells named as for --draw).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,

    /// Colour the pieces drawn by --draw: auto (when standard output is
    /// a terminal), always or never.
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    pub color: When,

    /// Which engine searches: `auto` picks Algorithm M for bounds, C for
    /// colors (dancing cells with 100 options or more per primary item),
    /// and for other problems the bitset engines where they are
    /// measured faster (up to 256 options the popcount search, dense
    /// puzzles of up to a few thousand options the counting bitsets),
    /// else dancing links; `links` and `bitset` force one (all walk the
    /// same tree). `cells` searches with dancing cells, walking the tree of
    /// Knuth's SSXCC (SSMCC's where items have bounds): the same solutions
    /// in its order, and its counts of nodes and updates.
    #[arg(long, value_name = "ENGINE", default_value = "auto")]
    pub engine: Which,

    /// The same as --engine bitset.
    #[arg(long, conflicts_with = "engine")]
    pub fast: bool,

    /// Report progress on stderr about once a second (solutions so far,
    /// nodes per second, estimated fraction of the tree explored). The
    /// default is to report when stderr is a terminal.
    #[arg(long, overrides_with = "no_progress")]
    pub progress: bool,

    /// Never report progress.
    #[arg(long)]
    pub no_progress: bool,

    /// Search on N threads (the tree cut into parts that the threads take
    /// in turn; nodes and updates are the sums, exactly the counts of one
    /// thread). The default is every core the machine has when counting,
    /// one thread when solutions are printed, drawn or limited; --threads
    /// 1 searches as one thread always did, solutions in the same order.
    /// With several threads printed solutions come whole, in any order.
    /// Problems with colors (Algorithm C) and bounds (M) are cut the same
    /// way, with their cleansings summed too; dancing cells (--engine
    /// cells, or auto on word grids) search on one thread.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,

    /// Count by memo, as Knuth's DLX6: a subproblem met again (the same
    /// items left) is counted once, so that counts far past what a search
    /// walks come out exact (tilings by small pieces, matchings, set
    /// partitions; up to 2^128 - 1). Without --memo, `dlx` tries it by
    /// itself when it counts every solution of a problem without bounds
    /// (of at most 2048 items, with --engine auto), racing it against an
    /// estimate of the search (Knuth's random probes): dropped after 2^14
    /// updates if it has found less than a solution per 16 nodes
    /// (puzzles), else kept where it is on course to cost less than the
    /// search, and the search runs as before where it is not. --memo
    /// forces it; --no-memo never tries it. On one thread, unless
    /// --threads N is given too.
    #[arg(long, conflicts_with_all = ["no_memo", "first", "limit", "print", "draw", "svg"])]
    pub memo: bool,

    /// Never count by memo (see --memo).
    #[arg(long)]
    pub no_memo: bool,

    /// The most memory the memo's table may take: a number of bytes, or
    /// with K, M or G (powers of 1024). When it is full, new counts evict
    /// the cheapest ones, which are counted again if needed: the count
    /// stays exact, and `dlx` says on stderr how many were evicted. A
    /// table much smaller than the problem needs makes the count far
    /// slower (8x8 by monominoes, dominoes and triominoes: 0.1 s with
    /// 5M, 0.15 s with 2M, over a minute with 1M).
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_size)]
    pub memo_cap: usize,

    /// The item the memo branches on: `frontier` (the first item left in
    /// an order computed to keep the subproblems few), `first` (the first
    /// item left: the tree of Knuth's dlx6-nomrv, DLX6 without its rule
    /// of the fewest options) or `fewest` (the fewest options: DLX6's tree).
    #[arg(long, value_name = "ORDER", default_value = "frontier")]
    pub memo_order: MemoOrder,

    /// Count by memo and write the ZDD of all solutions to FILE, in the
    /// text format of Knuth's ZDDREAD programs (as DLX6 writes it).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["no_memo", "first", "limit", "print", "draw", "svg"])]
    pub zdd: Option<PathBuf>,
}

/// A size in bytes: digits, then optionally K, M or G (powers of 1024).
fn parse_size(text: &str) -> Result<usize, String> {
    let (digits, shift) = match text.strip_suffix(['K', 'k']) {
        Some(d) => (d, 10),
        None => match text.strip_suffix(['M', 'm']) {
            Some(d) => (d, 20),
            None => match text.strip_suffix(['G', 'g']) {
                Some(d) => (d, 30),
                None => (text, 0),
            },
        },
    };
    let number: usize = digits
        .parse()
        .map_err(|_| format!("`{text}` is not a size (a number of bytes, or with K, M or G)"))?;
    number
        .checked_mul(1 << shift)
        .ok_or_else(|| format!("`{text}` is more bytes than this machine can count"))
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Write the DLX file of a polyomino puzzle, as Knuth's polyomino-dlx
    /// does.
    ///
    /// A board line, then a line per piece: `[0-5][0-9]`, then
    /// `F 01 02 10 11 21`, ... Coordinates are radix-62 digits 0-9a-zA-Z
    /// or sets like [0-5]; a suffix (`00!`) makes a secondary item; `2|Z`
    /// gives a multiplicity; `*:T` (ours) lets T be used any number of
    /// times; lines starting with `|` are comments. The item line and the
    /// options are polyomino-dlx's, in its order. See cli/README.md.
    Polyomino {
        /// The description; `-` or nothing reads standard input.
        file: Option<PathBuf>,
    },
    /// Write the DLX file of a polycube puzzle, as Knuth's polycube-dlx
    /// does.
    ///
    /// As for polyomino, with three coordinates per cell, no suffixes, and
    /// multiplicities written `2*Z`; `*:T` lets T be used any number of
    /// times. The item line and the options are polycube-dlx's, in its
    /// order. See cli/README.md.
    Polycube {
        /// The description; `-` or nothing reads standard input.
        file: Option<PathBuf>,
    },
    /// Cut a problem's search into independent DLX files, one search per
    /// file, for a batch engine (GNU parallel, Slurm): `dlx split --parts
    /// 64 big.dlx --out parts && parallel dlx ::: parts/*.dlx | dlx sum`.
    ///
    /// Each file fixes the options chosen at the first levels of the
    /// search (its comments say which) and holds what is left; their
    /// solutions are disjoint and together are all. `dlx` on a part
    /// begins its closing line with `part: K/N` and counts the part's
    /// share of the levels above it, so that `dlx sum` gives exactly the
    /// counts of one search: Algorithm X's, C's (colors) or M's (bounds).
    Split {
        /// The problem; `-` or nothing reads standard input.
        file: Option<PathBuf>,
        /// At least this many parts, where the tree has them.
        #[arg(long, value_name = "N", default_value = "64", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        parts: u32,
        /// The folder to write part-0001.dlx, … into (created if needed).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
    /// Add up the closing lines of `dlx` runs (of the parts of `dlx
    /// split`, or any runs) read from the files, or from standard input;
    /// fail if a part's report is missing, repeated or malformed.
    Sum {
        /// Files holding the output of the runs; none reads standard input.
        files: Vec<PathBuf>,
    },
}

/// The `--engine` choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Which {
    Auto,
    Links,
    Bitset,
    Cells,
}

/// The `--bound` choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BoundArg {
    Cutoff,
    Taxes,
}

impl BoundArg {
    pub fn bound(self) -> Bound {
        match self {
            BoundArg::Cutoff => Bound::Cutoff,
            BoundArg::Taxes => Bound::Taxes,
        }
    }
}

/// The `--memo-order` choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MemoOrder {
    Frontier,
    First,
    Fewest,
}

impl MemoOrder {
    pub fn order(self) -> Order {
        match self {
            MemoOrder::Frontier => Order::Frontier,
            MemoOrder::First => Order::First,
            MemoOrder::Fewest => Order::Fewest,
        }
    }
}

/// When to colour the drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum When {
    Auto,
    Always,
    Never,
}

impl Args {
    /// The engine `--engine` (or `--fast`) asks for.
    pub fn asked(&self) -> Asked {
        match (self.fast, self.engine) {
            (true, _) | (_, Which::Bitset) => Asked::Bitset,
            (_, Which::Links) => Asked::Links,
            (_, Which::Cells) => Asked::Cells,
            (_, Which::Auto) => Asked::Auto,
        }
    }

    /// Whether the memo is forced: `--memo` or `--zdd`.
    pub fn memo_forced(&self) -> bool {
        self.memo || self.zdd.is_some()
    }

    /// Whether every solution is counted, none printed, drawn or limited.
    pub fn counting(&self) -> bool {
        !(self.print || self.draw || self.svg.is_some() || self.first) && self.limit.is_none()
    }
}
