//! Which engine searches a problem: the one policy that the `dlx` command
//! and the benches follow.
//!
//! ```
//! use library::dlx::engine::{Engine, Run};
//! use library::dlx::{Problem, Search};
//!
//! // A small plain problem: the popcount search.
//! let mut problem = Problem::new(2, 0);
//! problem.add_option(&[0])?;
//! problem.add_option(&[1])?;
//! problem.add_option(&[0, 1])?;
//! let engine = Engine::auto(&problem);
//! assert_eq!(engine, Engine::Popcount);
//!
//! // Any code generic over `Search` runs on the engine picked.
//! struct Count;
//! impl Run for Count {
//!     type Output = u64;
//!     fn run<S: Search>(self, problem: &Problem) -> u64 {
//!         S::new(problem).count()
//!     }
//! }
//! assert_eq!(engine.run(&problem, Count), 2);
//! # Ok::<(), library::dlx::Error>(())
//! ```
//!
//! Every engine walks the tree of the Knuth program it follows (DLX1 for
//! plain problems, DLX2 with colors, DLX3 with bounds), so the choice only
//! changes how fast; [`Engine::auto`] picks by measurement (see
//! [`popcount::Solver::suits`](crate::dlx::popcount::Solver::suits),
//! [`bitset::Solver::suits`](crate::dlx::bitset::Solver::suits) and
//! [`SCAN_LIMIT`]). Dancing cells ([`cells`]) walk another tree, SSXCC's
//! or SSMCC's, with the same solutions in another order and other counts:
//! `auto` takes them only for the problems where they are measured much
//! faster ([`CELLS_OPTIONS_PER_ITEM`]). A problem with costs asks for
//! something else, its cheapest solutions: DLX5's engine ([`cost`]) is
//! the one that reads costs, and `auto` takes it for them.

use std::fmt;

use crate::dlx::parts::Algorithm;
use crate::dlx::{
    bitset, cells, color, cost, multi, popcount, Branching, Buckets, Links, Listed, Problem,
    Search, SCAN_LIMIT,
};

/// An engine, as the policy names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Algorithm X on dancing links, choosing by a scan of the primary
    /// items, or (`listed`, past [`SCAN_LIMIT`] primary items) from
    /// buckets of the active items by length.
    X { listed: bool },
    /// Algorithm X on bitsets: dense puzzles.
    Bitset,
    /// Algorithm X on the live options alone: problems of at most
    /// [`popcount::MAX_OPTIONS`] options.
    Popcount,
    /// Algorithm C (colors), choosing from DLX2's list of the active
    /// primary items ([`crate::dlx::Active`]), or (`listed`, past
    /// [`SCAN_LIMIT`] primary items) from the list with a count of the
    /// empty ones ([`Listed`]).
    C { listed: bool },
    /// Algorithm M (bounds, colors too), the same two ways from DLX3's
    /// list.
    M { listed: bool },
    /// Dancing cells: SSXCC's search, or (`multi`, for bounds) SSMCC's.
    Cells { multi: bool },
    /// DLX5: the cheapest solutions of a problem with costs (colors too).
    Cost,
}

/// What a user may ask for: an engine by its family, or the policy's pick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// [`Engine::auto`].
    Auto,
    /// Dancing links: X, or C or M where the problem needs them.
    Links,
    /// The bitsets (plain problems only): the popcount search where the
    /// problem is small enough, else the counting bitsets.
    Bitset,
    /// Dancing cells, SSXCC's tree (SSMCC's with bounds).
    Cells,
}

/// Code generic over the engine, run by [`Engine::run`] on the engine
/// picked (a closure cannot be generic over a type).
pub trait Run {
    type Output;
    fn run<S: Search>(self, problem: &Problem) -> Self::Output;
}

/// Why an engine asked for cannot search a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The bitsets search problems without colors or bounds only.
    BitsetNeedsPlain,
    /// The bitset tables would take about this many bytes.
    BitsetTooBig(u64),
    /// Dancing cells branch on the fewest options only, as SSXCC does.
    CellsNeedFewest,
    /// A part of a search is searched on the tree it was cut from, and
    /// dancing cells walk another.
    CellsOnPart,
    /// Only the min-cost engine reads costs: any other would search as if
    /// there were none.
    CostsNeedCost,
    /// No engine takes costs and bounds together.
    CostsWithBounds,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::BitsetNeedsPlain => write!(
                f,
                "the bitset engine searches problems without colors or bounds \
                 (run without --fast or --engine bitset)"
            ),
            Refused::BitsetTooBig(bytes) => write!(
                f,
                "the bitset engine would need about {} MiB for this problem \
                 (items × options bits); use --engine links (dancing links need \
                 only the input's size)",
                bytes >> 20
            ),
            Refused::CellsNeedFewest => write!(
                f,
                "dancing cells branch on the item with the fewest options only, \
                 not in order (use --engine links)"
            ),
            Refused::CellsOnPart => write!(
                f,
                "a part of `dlx split` is searched on the tree it was cut from, \
                 and dancing cells walk another (run it without --engine cells)"
            ),
            Refused::CostsNeedCost => write!(
                f,
                "options have costs, which only the min-cost engine (DLX5's) reads \
                 (run without --engine or --fast)"
            ),
            Refused::CostsWithBounds => write!(
                f,
                "costs and bounds together: the min-cost engine (DLX5's) takes no \
                 bounds, and the engines for bounds no costs"
            ),
        }
    }
}

impl std::error::Error for Refused {}

/// Past this, the bitset tables are the wrong engine even when asked for
/// (they would exhaust memory).
pub const BITSET_MEMORY_LIMIT: u64 = 1 << 30;

/// From this many options per primary item, a problem with colors (and no
/// bounds) is searched with dancing cells. Measured (engine bench, CPU
/// time): word squares and crosswords, 485 options and more per slot, take
/// 0.53–0.6x Algorithm C's time with cells (SSXCC's tree is 3.5x smaller:
/// forced moves, and options that empty a slot abandoned before they are
/// nodes); random colored problems, 7 to 11 options per item, take
/// 1.1–1.6x. Bounded problems stay with Algorithm M (0.65–0.79x cells'
/// time on every instance), plain ones with the engines whose tree is
/// cut into parts for threads: cells take 1.5–1.7x the bitsets' time on
/// tilings and 2.2–2.4x the popcount search's on queens and Langford
/// pairs.
pub const CELLS_OPTIONS_PER_ITEM: usize = 100;

impl Engine {
    /// The engine measured fastest for `problem`: DLX5's for costs (the
    /// one engine that reads them; with bounds too, none: see
    /// [`Engine::asked`]); M for bounds; for colors
    /// dancing cells with many options per primary item (word grids, see
    /// [`CELLS_OPTIONS_PER_ITEM`]), else C; for plain problems the
    /// popcount search up to [`popcount::MAX_OPTIONS`] options (queens,
    /// Langford pairs: 0.37–0.45x the links' time), then the counting
    /// bitsets where they suit (dense puzzles of up to a few thousand
    /// options), else dancing links.
    pub fn auto(problem: &Problem) -> Engine {
        let listed = problem.primary() > SCAN_LIMIT;
        if problem.has_costs() {
            Engine::Cost
        } else if problem.has_bounds() {
            Engine::M { listed }
        } else if problem.has_colors()
            && problem.branching() == Branching::Fewest
            && problem.options() >= CELLS_OPTIONS_PER_ITEM * problem.primary()
        {
            Engine::Cells { multi: false }
        } else if problem.has_colors() {
            Engine::C { listed }
        } else if popcount::Solver::suits(problem) {
            Engine::Popcount
        } else if bitset::Solver::suits(problem) {
            Engine::Bitset
        } else {
            Engine::X { listed }
        }
    }

    /// The engine `asked` names for `problem`, or why it cannot search it.
    pub fn asked(asked: Asked, problem: &Problem) -> Result<Engine, Refused> {
        let plain = !problem.has_colors() && !problem.has_bounds();
        match asked {
            _ if problem.has_costs() && problem.has_bounds() => Err(Refused::CostsWithBounds),
            Asked::Auto => Ok(Engine::auto(problem)),
            _ if problem.has_costs() => Err(Refused::CostsNeedCost),
            Asked::Links if plain => Ok(Engine::X {
                listed: problem.primary() > SCAN_LIMIT,
            }),
            // Not `auto`, which takes dancing cells for word grids.
            Asked::Links if problem.has_bounds() => Ok(Engine::M {
                listed: problem.primary() > SCAN_LIMIT,
            }),
            Asked::Links => Ok(Engine::C {
                listed: problem.primary() > SCAN_LIMIT,
            }),
            Asked::Bitset if !plain => Err(Refused::BitsetNeedsPlain),
            Asked::Bitset if popcount::Solver::suits(problem) => Ok(Engine::Popcount),
            Asked::Bitset => match bitset::Solver::memory(problem) {
                bytes if bytes > BITSET_MEMORY_LIMIT => Err(Refused::BitsetTooBig(bytes)),
                _ => Ok(Engine::Bitset),
            },
            Asked::Cells if problem.branching() != Branching::Fewest => {
                Err(Refused::CellsNeedFewest)
            }
            Asked::Cells => Ok(Engine::Cells {
                multi: problem.has_bounds(),
            }),
        }
    }

    /// The engine `asked` names for a part of a search cut from the tree
    /// of `algorithm` (see [`crate::dlx::parts`]) whose problem is
    /// `problem`: that algorithm's engine, whatever the part has left (a
    /// part of DLX2's tree may have no color left, one of DLX3's no
    /// bound), so that the parts' counts add up to one search's; the
    /// listed choice past [`SCAN_LIMIT`] primary items, as for a whole
    /// problem. A part of DLX1's tree is a plain problem, for which any
    /// engine walks that tree.
    pub fn for_part(
        asked: Asked,
        problem: &Problem,
        algorithm: Algorithm,
    ) -> Result<Engine, Refused> {
        let listed = problem.primary() > SCAN_LIMIT;
        match algorithm {
            _ if asked == Asked::Cells => Err(Refused::CellsOnPart),
            Algorithm::M => Ok(Engine::M { listed }),
            Algorithm::C if !problem.has_bounds() => Ok(Engine::C { listed }),
            _ => Engine::asked(asked, problem),
        }
    }

    /// A short name: `links`, `buckets`, `bitset`, `popcount`, `color`,
    /// `multi` (with `-listed` where C or M keep Knuth's list of active
    /// items), `cells`, `cells-multi`, `cost`.
    pub fn name(&self) -> &'static str {
        match self {
            Engine::X { listed: false } => "links",
            Engine::X { listed: true } => "buckets",
            Engine::Bitset => "bitset",
            Engine::Popcount => "popcount",
            Engine::C { listed: false } => "color",
            Engine::C { listed: true } => "color-listed",
            Engine::M { listed: false } => "multi",
            Engine::M { listed: true } => "multi-listed",
            Engine::Cells { multi: false } => "cells",
            Engine::Cells { multi: true } => "cells-multi",
            Engine::Cost => "cost",
        }
    }

    /// Whether the engine counts cleansings: DLX2's, DLX3's and DLX5's
    /// statistics.
    pub fn counts_cleansings(&self) -> bool {
        matches!(self, Engine::C { .. } | Engine::M { .. } | Engine::Cost)
    }

    /// Whether the engine walks DLX1's, DLX2's or DLX3's tree, with their
    /// counts: the trees that [`crate::dlx::parts`] cuts for threads and
    /// `dlx split`. Every engine but the cells and DLX5's (whose cutoff
    /// one part would learn from another).
    pub fn walks_dlx_tree(&self) -> bool {
        !matches!(self, Engine::Cells { .. } | Engine::Cost)
    }

    /// Runs `code` with this engine's type.
    pub fn run<R: Run>(self, problem: &Problem, code: R) -> R::Output {
        match self {
            Engine::X { listed: false } => code.run::<crate::dlx::Solver>(problem),
            Engine::X { listed: true } => code.run::<Links<Buckets>>(problem),
            Engine::Bitset => code.run::<bitset::Solver>(problem),
            Engine::Popcount => code.run::<popcount::Solver>(problem),
            Engine::C { listed: false } => code.run::<color::Solver>(problem),
            Engine::C { listed: true } => code.run::<color::Links<Listed>>(problem),
            Engine::M { listed: false } => code.run::<multi::Solver>(problem),
            Engine::M { listed: true } => code.run::<multi::Links<Listed>>(problem),
            Engine::Cells { multi: false } => code.run::<cells::Solver>(problem),
            Engine::Cells { multi: true } => code.run::<cells::multi::Solver>(problem),
            Engine::Cost => code.run::<cost::Solver>(problem),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx::{oracle, Progress};
    use std::ops::ControlFlow;

    fn plain(primary: usize, secondary: usize, options: &[&[usize]]) -> Problem {
        let mut problem = Problem::new(primary, secondary);
        for option in options {
            problem.add_option(option).expect("a valid option");
        }
        problem
    }

    #[test]
    fn auto_follows_colors_bounds_and_density() {
        let small = plain(2, 1, &[&[0, 2], &[1, 2], &[0], &[1]]);
        assert_eq!(Engine::auto(&small), Engine::Popcount);
        let many = vec![[0usize, 1]; popcount::MAX_OPTIONS + 1];
        let many: Vec<&[usize]> = many.iter().map(|o| &o[..]).collect();
        let dense = plain(2, 0, &many);
        assert_eq!(Engine::auto(&dense), Engine::Bitset);
        // Secondary items past the popcount search's size: the counting
        // bitsets were measured slower than the links (queens).
        let mut queens = plain(2, 1, &many);
        queens.add_option(&[0, 2]).unwrap();
        assert_eq!(Engine::auto(&queens), Engine::X { listed: false });
        let wide = plain(SCAN_LIMIT + 1, 1, &[&[0, SCAN_LIMIT + 1]]);
        assert_eq!(Engine::auto(&wide), Engine::X { listed: true });
        let mut colored = Problem::new(1, 1);
        colored.add_colored_option(&[(0, 0), (1, 1)]).unwrap();
        assert_eq!(Engine::auto(&colored), Engine::C { listed: false });
        let mut bounded = plain(1, 0, &[&[0]]);
        bounded.set_bounds(0, 0, 2).unwrap();
        assert_eq!(Engine::auto(&bounded), Engine::M { listed: false });
        // Colors and many options per primary item (word grids): cells,
        // unless the problem branches in order (SSXCC cannot).
        let mut words = Problem::new(1, 1);
        for color in 1..=CELLS_OPTIONS_PER_ITEM as u32 {
            words.add_colored_option(&[(0, 0), (1, color)]).unwrap();
        }
        assert_eq!(Engine::auto(&words), Engine::Cells { multi: false });
        // Asking for links is asking for Algorithm C there.
        assert_eq!(
            Engine::asked(Asked::Links, &words),
            Ok(Engine::C { listed: false })
        );
        words.set_branching(Branching::InOrder);
        assert_eq!(Engine::auto(&words), Engine::C { listed: false });
    }

    #[test]
    fn asked_engines_are_refused_where_they_cannot_search() {
        let mut colored = Problem::new(1, 1);
        colored.add_colored_option(&[(0, 0), (1, 1)]).unwrap();
        assert_eq!(
            Engine::asked(Asked::Bitset, &colored),
            Err(Refused::BitsetNeedsPlain)
        );
        // Links on a colored problem is Algorithm C: the links it needs.
        assert_eq!(
            Engine::asked(Asked::Links, &colored),
            Ok(Engine::C { listed: false })
        );
        let queens = plain(2, 1, &[&[0, 2], &[1, 2]]);
        assert_eq!(Engine::asked(Asked::Bitset, &queens), Ok(Engine::Popcount));
        let many = vec![[0usize, 2]; popcount::MAX_OPTIONS + 1];
        let many: Vec<&[usize]> = many.iter().map(|o| &o[..]).collect();
        let queens = plain(2, 1, &many);
        assert_eq!(Engine::asked(Asked::Bitset, &queens), Ok(Engine::Bitset));
        assert!(Refused::BitsetTooBig(3 << 30)
            .to_string()
            .contains("3072 MiB"));
    }

    #[test]
    fn costs_are_searched_by_dlx5s_engine_alone() {
        let mut costed = plain(2, 0, &[&[0], &[1], &[0, 1]]);
        costed.set_cost(2, 5).unwrap();
        assert_eq!(Engine::auto(&costed), Engine::Cost);
        assert_eq!(Engine::asked(Asked::Auto, &costed), Ok(Engine::Cost));
        for asked in [Asked::Links, Asked::Bitset, Asked::Cells] {
            assert_eq!(Engine::asked(asked, &costed), Err(Refused::CostsNeedCost));
        }
        costed.set_bounds(0, 1, 2).unwrap();
        assert_eq!(
            Engine::asked(Asked::Auto, &costed),
            Err(Refused::CostsWithBounds)
        );
        assert!(Engine::Cost.counts_cleansings() && !Engine::Cost.walks_dlx_tree());
        assert!(Refused::CostsNeedCost.to_string().contains("min-cost"));
    }

    #[test]
    fn cells_are_ssxccs_or_with_bounds_ssmccs_and_branch_on_the_fewest() {
        let mut colored = Problem::new(1, 1);
        colored.add_colored_option(&[(0, 0), (1, 1)]).unwrap();
        assert_eq!(
            Engine::asked(Asked::Cells, &colored),
            Ok(Engine::Cells { multi: false })
        );
        let mut bounded = plain(1, 0, &[&[0]]);
        bounded.set_bounds(0, 0, 2).unwrap();
        assert_eq!(
            Engine::asked(Asked::Cells, &bounded),
            Ok(Engine::Cells { multi: true })
        );
        assert_eq!(Engine::Cells { multi: true }.name(), "cells-multi");
        let mut in_order = plain(2, 0, &[&[0], &[1]]);
        in_order.set_branching(Branching::InOrder);
        assert_eq!(
            Engine::asked(Asked::Cells, &in_order),
            Err(Refused::CellsNeedFewest)
        );
        assert!(Refused::CellsNeedFewest
            .to_string()
            .contains("--engine links"));
    }

    #[test]
    fn a_part_is_searched_by_the_engine_of_the_tree_it_was_cut_from() {
        // A part of DLX2's tree whose colors are all set: still C.
        let plain_part = plain(2, 1, &[&[0, 2], &[1]]);
        assert_eq!(
            Engine::for_part(Asked::Auto, &plain_part, Algorithm::C),
            Ok(Engine::C { listed: false })
        );
        // A part of DLX3's tree left without bounds: still M, even when
        // links are asked for.
        assert_eq!(
            Engine::for_part(Asked::Links, &plain_part, Algorithm::M),
            Ok(Engine::M { listed: false })
        );
        // Past the scan's limit, the listed choice, as for a whole problem.
        let wide = plain(SCAN_LIMIT + 1, 1, &[&[0, SCAN_LIMIT + 1]]);
        assert_eq!(
            Engine::for_part(Asked::Auto, &wide, Algorithm::C),
            Ok(Engine::C { listed: true })
        );
        assert_eq!(
            Engine::for_part(Asked::Auto, &wide, Algorithm::M),
            Ok(Engine::M { listed: true })
        );
        // A part of DLX1's tree: the policy for plain problems.
        assert_eq!(
            Engine::for_part(Asked::Auto, &plain_part, Algorithm::X),
            Ok(Engine::Popcount)
        );
        // Dancing cells walk another tree.
        assert_eq!(
            Engine::for_part(Asked::Cells, &plain_part, Algorithm::X),
            Err(Refused::CellsOnPart)
        );
        assert!(Refused::CellsOnPart.to_string().contains("--engine cells"));
    }

    /// What `count_with_progress` reports, beside what
    /// `search_with_progress` does: the same snapshots, and at each the
    /// solutions visited so far; and the count.
    struct Reports;
    type Snapshots = Vec<(Progress, u64)>;
    impl Run for Reports {
        type Output = ((u64, Snapshots), (u64, Snapshots));
        fn run<S: Search>(self, problem: &Problem) -> Self::Output {
            let mut counted = Vec::new();
            let count =
                S::new(problem).count_with_progress(1, |p, found| counted.push((*p, found)));
            let found = std::cell::Cell::new(0);
            let mut searched = Vec::new();
            let _ = S::new(problem).search_with_progress(
                |_| {
                    found.set(found.get() + 1);
                    ControlFlow::<()>::Continue(())
                },
                1,
                |p| searched.push((*p, found.get())),
            );
            ((count, counted), (found.get(), searched))
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(60))]

        /// Counting without naming the solutions reports what the search
        /// that names them does, on every engine that can search the
        /// problem.
        #[test]
        fn counting_reports_as_the_search_does(
            plain in oracle::problems(),
            colored in oracle::colored_problems(),
            bounded in oracle::bounded_problems(),
        ) {
            for (problem, engines) in [
                (&plain, &[Engine::X { listed: false }, Engine::X { listed: true }, Engine::Bitset,
                    Engine::Popcount, Engine::Cells { multi: false }][..]),
                (&colored, &[Engine::C { listed: false }, Engine::C { listed: true },
                    Engine::Cells { multi: false }][..]),
                (&bounded, &[Engine::M { listed: false }, Engine::M { listed: true },
                    Engine::Cells { multi: true }][..]),
            ] {
                for engine in engines {
                    let (counted, searched) = engine.run(problem, Reports);
                    proptest::prop_assert_eq!(counted, searched, "{}", engine.name());
                }
            }
        }
    }

    #[test]
    fn every_engine_counts_the_same() {
        struct Count;
        impl Run for Count {
            type Output = u64;
            fn run<S: Search>(self, problem: &Problem) -> u64 {
                S::new(problem).count()
            }
        }
        let problem = plain(3, 1, &[&[0, 1], &[2, 3], &[1, 2], &[0, 3], &[2]]);
        for engine in [
            Engine::X { listed: false },
            Engine::X { listed: true },
            Engine::Bitset,
            Engine::Popcount,
            Engine::C { listed: false },
            Engine::C { listed: true },
            Engine::M { listed: false },
            Engine::M { listed: true },
            Engine::Cells { multi: false },
            Engine::Cells { multi: true },
        ] {
            assert_eq!(engine.run(&problem, Count), 3, "{}", engine.name());
        }
        // Without costs DLX5 stops looking once it has the one solution
        // it wants: every solution costs 0.
        assert_eq!(Engine::Cost.run(&problem, Count), 1);
    }
}
