//! Exact cover by dancing links: Knuth's Algorithm X as DLX1 implements it
//! (TAOCP 7.2.2.1, and `dlx1.w`).
//!
//! ```
//! use library::dlx::{Problem, Search, Solver};
//!
//! // Items 0, 1, 2 must be covered exactly once; item 3 at most once.
//! let mut problem = Problem::new(3, 1);
//! problem.add_option(&[0, 1])?; // option 0
//! problem.add_option(&[2, 3])?; // option 1
//! problem.add_option(&[1, 2])?; // option 2
//! problem.add_option(&[0, 3])?; // option 3
//! let mut solver = Solver::new(&problem);
//! assert_eq!(solver.first(), Some(vec![0, 1]));
//! assert_eq!(Solver::new(&problem).count(), 2);
//! # Ok::<(), library::dlx::Error>(())
//! ```
//!
//! Every engine implements [`Search`]; an adapter picks one by the type it
//! names, and the bundler carries only that one.
//!
//! # Modules
//!
//! | module | what it is | whose tree it walks | used when |
//! |---|---|---|---|
//! | [`links`] | Algorithm X on the node arena below ([`Links`], [`Solver`]); `arena` the layout C and M share | DLX1's | plain problems past the bitsets' sizes; `--engine links` |
//! | [`bitset`] | the same search on compatibility bitsets, copied per level | DLX1's | dense plain puzzles (`auto`: pentominoes, P4205) |
//! | [`popcount`] | live options and open items as four words, counted by popcount | DLX1's | up to 256 options (`auto`: queens, Langford, Latin) |
//! | [`color`] | Algorithm C: secondary items with colors | DLX2's | colored problems with few options per item |
//! | [`multi`] | Algorithm M: items covered between bounds | DLX3's | problems with bounds |
//! | `dance` | the covering steps C and M share: purify, tweak | | |
//! | [`cells`] | dancing cells on sparse sets (`cells::multi`: with bounds) | SSXCC's, SSMCC's | colored problems with 100 options or more per item (word grids); `--engine cells` |
//! | [`cost`] | the cheapest solutions: taxes, options by net cost, a cutoff (or `Bound::Taxes`, a dual bound) | DLX5's | options with costs (words `\|n` in the text format) |
//! | [`memo`] | counting by memo: each subproblem counted once | DLX6's | counts too big to walk (chosen by a trial against the search's estimate) |
//!
//! Around them: [`problem`] ([`Problem`], what every engine reads);
//! [`search`] (the [`Search`] trait, [`Stats`], [`Progress`]); [`choice`]
//! (how [`Links`] finds the item to branch on); `wide` (the bitset loops
//! compiled for POPCNT and AVX2 where the processor has them); [`text`]
//! (Knuth's DLX text format); [`engine`] (which engine searches a problem:
//! [`engine::Engine::auto`], the one policy of the `dlx` command, the
//! benches and the parts of a split); [`parts`] (the tree cut into
//! independent parts) and [`parallel`] ([`Parallel`], any engine on
//! several threads).
//!
//! # Data layout
//!
//! Everything lives in flat arrays of 32-bit indices, as in DLX1; indices
//! rather than pointers keep a node at 16 bytes, let the arrays be cloned
//! and checked, and need no `unsafe` aliasing. User item `i` is internal
//! item `i + 1`; the primary items are `1..=primary`.
//!
//! * `len[i]` is the length of item `i`'s list of options, with the bit
//!   `COVERED` set while `i` is covered.
//! * `nodes[i]` for `1 <= i <= n` is item `i`'s list header: `up`/`down`
//!   are its last and first option nodes.
//! * Then come the options, each one a contiguous run of nodes, with a
//!   *spacer* node before the first option, between options and after the
//!   last. A spacer's `top` is `-k` where `k` is the number of the option
//!   that follows it (0-based, so the first spacer has `top == 0`; the
//!   last has `top == -m`). Its `up` is the first node of the option before
//!   it and its `down` the last node of the option after it: going left
//!   from node `x` is `x - 1`, and a spacer says where to wrap around.
//! * An option node's `right` is the next node of its option, cyclically.
//! * What step X3 needs to find the item to branch on is a [`Choice`]:
//!   nothing for [`Scan`], DLX1's list of active items for [`Listed`],
//!   bitsets of the items by length for [`Buckets`].
//!
//! Two departures from DLX1, both measured (`cargo bench -p library`):
//!
//! * DLX1 finds an option's other nodes by stepping right and wrapping at
//!   the spacer. That test sits in the innermost loop, where it is taken at
//!   a different step for every option, and mispredicted; a `right` link
//!   makes the loop run a fixed number of times, 7–8% faster on pentominoes
//!   for 4 more bytes a node. Hiding needs no left links: within one option
//!   the order is free, since each node is in another item's list.
//! * DLX1 keeps the active items in a doubly linked list and chooses by
//!   walking it, a chain of dependent loads at every node. A flag in the
//!   length makes the choice a scan of one small array, in the same order,
//!   and covering an item one addition; nothing else walked that list.
//!   That scan costs the number of *all* primary items at every node, so
//!   past [`SCAN_LIMIT`] primary items [`engine::Engine::auto`] keeps the active
//!   items in buckets by length instead ([`Buckets`], see [`choice`]): the
//!   same choice in a few steps, where walking DLX1's list costs the
//!   number of active items (a million random triples: 1 s, where the
//!   list takes a minute).
//!
//! # Invariants
//!
//! * **I0** Every link (`up`, `down`, `right`), every option node's `top`,
//!   and every node next to an option node, indexes its own array; the
//!   inner loops rely on it to skip bounds checks.
//! * **I1** `len[i] & !COVERED` is the number of option nodes now linked in
//!   item `i`'s vertical list, and `len[i] & COVERED` is set exactly when
//!   `i` is covered.
//! * **I2** The vertical list of every item is doubly linked and circular:
//!   `down(up(x)) == x` and `up(down(x)) == x` for every linked node.
//! * **I3** `uncover(i)` restores exactly the state before `cover(i)`, when
//!   the covers and uncovers in between are properly nested.
//! * **I4** An option node is linked in its item's list if and only if no
//!   other item of its option is covered (the option is still compatible
//!   with the partial solution).
//! * **I5** The [`Choice`] agrees with the lengths (for [`Listed`]: its
//!   list holds exactly the active primary items; see [`choice`]).
//!
//! [`Links::check_invariants`] verifies I1, I2, I4, I5 and the right links
//! (Knuth's `sanity()`).
//!
//! # Counting
//!
//! [`Stats`] counts as DLX1 does: a *node* each time the search enters a
//! level (the root included), plus one per solution; an *update* per item
//! covered plus one per node hidden from another item's list. An engine that
//! walks DLX1's tree reproduces its numbers exactly, which is a sharp check.

mod arena;
pub mod bitset;
pub mod cells;
pub mod choice;
pub mod color;
pub mod cost;
mod dance;
pub mod engine;
pub mod links;
pub mod memo;
pub mod multi;
#[cfg(test)]
mod oracle;
pub mod parallel;
pub mod parts;
pub mod popcount;
pub mod problem;
pub mod search;
pub mod text;
mod wide;

pub use choice::{Active, Buckets, Choice, Listed, Scan};
pub use links::{Links, Solver, SCAN_LIMIT};
pub use parallel::Parallel;
pub use problem::{Branching, Error, OptionItems, Problem, MAX_COST};
pub use search::{Never, Progress, Search, Stats};

/// The bit of an item's length in [`Links`] that marks it covered. Lengths
/// stay below it (see `Problem::add_option`), so adding and taking away
/// one never touches it.
const COVERED: i32 = 1 << 30;
