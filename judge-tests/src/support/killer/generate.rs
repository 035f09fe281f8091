//! Random killer sudoku cases: the stress mix ([`generate`]) and the hard
//! classes ([`CLASSES`]). Every cage is grown on a random completed
//! sudoku, so its sum is reachable; a class that wants no solution
//! changes a sum afterwards.

use super::{decided_within, format, Puzzle, MAX_CAGE, NO_CAGE};
use crate::rng::Rng;
use crate::support::grid::{self, boxes, neighbours, search, Grid, CELLS, SIDE};
use crate::support::Class;

/// Generated cases of the stress mix are decided by one run of the
/// reference within this many nodes.
pub const REFERENCE_BUDGET: u64 = 20_000;

/// The hard classes: one case per input.
pub const CLASSES: [Class; 6] = [
    Class {
        name: "row-or-box-cages",
        about: "a row or a box split into 2-3 cages totalling 44, 45 or 46, nothing else",
        generate: |rng| format(&[one_house(rng)]),
    },
    Class {
        name: "partial-small-cages",
        about: "14-18 cages of 2-5 cells covering part of the grid, 0-2 givens",
        generate: |rng| format(&[partial(rng)]),
    },
    Class {
        name: "big-cages",
        about: "cages of 4-9 cells, the biggest covering about 90% of the grid, 0-2 givens",
        generate: |rng| format(&[big(rng)]),
    },
    Class {
        name: "off-by-one",
        about: "a partial-small-cages or big-cages case with one sum changed by 1",
        generate: |rng| {
            let puzzle = if rng.below(2) == 0 {
                partial(rng)
            } else {
                big(rng)
            };
            let k = rng.below(puzzle.sums.len());
            let sum = puzzle.sums[k];
            let changed = if rng.below(2) == 0 || sum == 1 {
                sum + 1
            } else {
                sum - 1
            };
            format(&[puzzle.with_sum(k, changed)])
        },
    },
    Class {
        name: "jigsaw-cages",
        about: "nine cages of nine connected cells summing 45, a second jigsaw layout; no givens (mostly no solution)",
        generate: |rng| format(&[jigsaw_cages(rng)]),
    },
    Class {
        name: "jigsaw-cages-givens",
        about: "jigsaw-cages with one to three random givens, none clashing in a row, column, box or cage",
        generate: |rng| {
            let mut puzzle = jigsaw_cages(rng);
            let count = rng.between(1, 3);
            while grid::givens(&puzzle.givens) < count {
                let (cell, digit) = (rng.below(CELLS), rng.between(1, SIDE) as u8);
                let clash = (0..CELLS).any(|other| {
                    puzzle.givens[other] == digit
                        && (other / SIDE == cell / SIDE
                            || other % SIDE == cell % SIDE
                            || boxes()[other] == boxes()[cell]
                            || puzzle.labels[other] == puzzle.labels[cell])
                });
                if !clash {
                    puzzle.givens[cell] = digit;
                }
            }
            format(&[puzzle])
        },
    },
];

/// Cages that are a [`grid::grown_regions`] layout, each adding up to
/// 45, and no givens: a sudoku with a second set of regions, which most
/// such layouts cannot fill (issue 32: minutes of search where a SAT
/// model takes a fraction of a second).
fn jigsaw_cages(rng: &mut Rng) -> Puzzle {
    let regions = grid::grown_regions(rng);
    let mut labels = [NO_CAGE; CELLS];
    for (cell, label) in labels.iter_mut().enumerate() {
        *label = regions[cell] as i64 + 1;
    }
    Puzzle::new([0; CELLS], vec![45; SIDE], labels).expect("nine cages of nine cells")
}

/// A random completed sudoku.
pub fn random_sudoku(rng: &mut Rng) -> Grid {
    search::random_completion(&boxes(), &[0; CELLS], rng).expect("the empty grid has completions")
}

/// The shape of a random case's cages.
#[derive(Clone, Copy, Debug)]
pub struct CageShape {
    /// Every cell in a cage, or only some (a random half to three quarters
    /// of the cages kept).
    pub full: bool,
    /// How many cages to grow first with a target of 6 to 9 cells.
    pub big: usize,
    /// The largest target size of the other cages.
    pub max_size: usize,
}

/// A cage grown from `start` through random free neighbours whose digits
/// in `solution` are new to it, up to `size` cells; its cells sorted.
fn grow(
    rng: &mut Rng,
    solution: &Grid,
    taken: &mut [bool; CELLS],
    start: usize,
    size: usize,
) -> Vec<usize> {
    let mut cage = vec![start];
    let mut digits = grid::bit(solution[start]);
    taken[start] = true;
    while cage.len() < size {
        let mut frontier: Vec<usize> = cage
            .iter()
            .flat_map(|&cell| neighbours(cell))
            .filter(|&n| !taken[n] && digits & grid::bit(solution[n]) == 0)
            .collect();
        frontier.sort_unstable();
        frontier.dedup();
        if frontier.is_empty() {
            break;
        }
        let next = frontier[rng.below(frontier.len())];
        taken[next] = true;
        digits |= grid::bit(solution[next]);
        cage.push(next);
    }
    cage.sort_unstable();
    cage
}

/// Cages grown from every cell not yet in one (random order), each to a
/// size `size` draws.
fn grow_all(
    rng: &mut Rng,
    solution: &Grid,
    mut size: impl FnMut(&mut Rng, usize) -> usize,
) -> Vec<Vec<usize>> {
    let mut taken = [false; CELLS];
    let mut starts: Vec<usize> = (0..CELLS).collect();
    rng.shuffle(&mut starts);
    let mut cages = Vec::new();
    for start in starts {
        if !taken[start] {
            let target = size(rng, cages.len());
            cages.push(grow(rng, solution, &mut taken, start, target));
        }
    }
    cages
}

/// Cells of `solution` grouped into connected cages of distinct digits:
/// from each cell not yet in a cage (random order), a cage grown through
/// random free neighbours up to a random target size (6 to 9 for the
/// first `shape.big`, else 1 to `shape.max_size`); it stops short when no
/// neighbour has a new digit.
pub fn random_cages(rng: &mut Rng, solution: &Grid, shape: CageShape) -> Vec<Vec<usize>> {
    let mut cages = grow_all(rng, solution, |rng, grown| {
        if grown < shape.big {
            rng.between(6, MAX_CAGE)
        } else {
            rng.between(1, shape.max_size)
        }
    });
    if !shape.full {
        // Keep the big cages; of the others, one to three in four.
        let keep = rng.between(2, 3);
        let mut k = 0;
        cages.retain(|cage| {
            k += 1;
            cage.len() > shape.max_size || k % 4 < keep
        });
    }
    cages
}

/// Distinct positive labels for `count` cages, in one of several styles:
/// 1..=count in order, the same shuffled, sparse up to 10^6, or up to
/// `i64::MAX`.
pub fn random_labels(rng: &mut Rng, count: usize) -> Vec<i64> {
    loop {
        let style = rng.below(4);
        let mut labels: Vec<i64> = (1..=count as i64).collect();
        match style {
            0 => {}
            1 => rng.shuffle(&mut labels),
            2 => labels
                .iter_mut()
                .for_each(|l| *l = rng.between(1, 1_000_000) as i64),
            _ => labels
                .iter_mut()
                .for_each(|l| *l = (rng.next_u64() >> 1).max(1) as i64),
        }
        let mut sorted = labels.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() == count {
            return labels;
        }
    }
}

/// The puzzle with `cages` (cells) of `solution`, labelled by `labels`,
/// with their sums in the order of the labels.
pub fn caged(givens: Grid, solution: &Grid, cages: &[Vec<usize>], labels: &[i64]) -> Puzzle {
    let mut cell_labels = [NO_CAGE; CELLS];
    let mut by_label: Vec<(i64, i64)> = Vec::new();
    for (cage, &label) in cages.iter().zip(labels) {
        for &cell in cage {
            cell_labels[cell] = label;
        }
        let sum = cage.iter().map(|&c| i64::from(solution[c])).sum();
        by_label.push((label, sum));
    }
    by_label.sort_unstable();
    let sums = by_label.into_iter().map(|(_, sum)| sum).collect();
    Puzzle::new(givens, sums, cell_labels).expect("cages of distinct digits")
}

/// `cages` of `solution` labelled 1, 2, ... with `givens` of its cells
/// given at random.
fn plain_labels(rng: &mut Rng, solution: &Grid, cages: &[Vec<usize>], givens: usize) -> Puzzle {
    let mut given = [0; CELLS];
    for _ in 0..givens {
        let cell = rng.below(CELLS);
        given[cell] = solution[cell];
    }
    let labels: Vec<i64> = (1..=cages.len() as i64).collect();
    caged(given, solution, cages, &labels)
}

/// A random case with a solution: a random sudoku, cages of `shape` (see
/// [`random_cages`]), and at least `givens` given cells, more while the
/// reference would search long.
pub fn random_case(rng: &mut Rng, shape: CageShape, givens: usize) -> Puzzle {
    let solution = random_sudoku(rng);
    let cages = random_cages(rng, &solution, shape);
    let labels = random_labels(rng, cages.len());
    let mut puzzle = caged([0; CELLS], &solution, &cages, &labels);
    let mut cells: Vec<usize> = (0..CELLS).collect();
    rng.shuffle(&mut cells);
    for (k, &cell) in cells.iter().enumerate() {
        if k >= givens && decided_within(&puzzle, REFERENCE_BUDGET) {
            break;
        }
        puzzle.givens[cell] = solution[cell];
    }
    puzzle
}

/// A random case of one of the kinds the committed data has: full cover
/// with up to 8 givens, or partial cover with 15 to 30 (a plain search
/// like the seed's DLX can take seconds on a sparse partial cover with
/// few givens: such a grid is nearly an empty sudoku with a few traps);
/// cages of up to 5 cells, and one case in four with one or two of 6 to 9
/// cells.
pub fn random_kind(rng: &mut Rng) -> Puzzle {
    let full = rng.below(3) != 0;
    let big = if rng.below(4) == 0 {
        rng.between(1, 2)
    } else {
        0
    };
    let shape = CageShape {
        full,
        big,
        max_size: 5,
    };
    let givens = if full {
        rng.between(0, 8)
    } else {
        rng.between(15, 30)
    };
    random_case(rng, shape, givens)
}

/// A row or a box cut into two or three cages along reading order, no
/// other cage and no given; one sum changed by -1, 0 or +1.
fn one_house(rng: &mut Rng) -> Puzzle {
    let solution = random_sudoku(rng);
    let k = rng.below(SIDE);
    let house: Vec<usize> = if rng.below(2) == 0 {
        (0..SIDE).map(|c| k * SIDE + c).collect()
    } else {
        (0..CELLS).filter(|&c| boxes()[c] == k).collect()
    };
    let mut cuts: Vec<usize> = (1..SIDE).collect();
    rng.shuffle(&mut cuts);
    let mut cuts = cuts[..rng.between(1, 2)].to_vec();
    cuts.sort_unstable();
    cuts.push(SIDE);
    let mut from = 0;
    let cages: Vec<Vec<usize>> = cuts
        .iter()
        .map(|&to| {
            let cage = house[from..to].to_vec();
            from = to;
            cage
        })
        .collect();
    let puzzle = plain_labels(rng, &solution, &cages, 0);
    let k = rng.below(cages.len());
    let change = rng.below(3) as i64 - 1;
    puzzle.with_sum(k, (puzzle.sums[k] + change).max(1))
}

/// 14 to 18 cages of 2 to 5 cells, kept at random from a full cover, and
/// up to two givens.
fn partial(rng: &mut Rng) -> Puzzle {
    let solution = random_sudoku(rng);
    let mut cages = grow_all(rng, &solution, |rng, _| rng.between(2, 5));
    rng.shuffle(&mut cages);
    cages.truncate(rng.between(14, 18));
    let givens = rng.between(0, 2);
    plain_labels(rng, &solution, &cages, givens)
}

/// Cages of 4 to 9 cells, the biggest kept while they cover at most 75
/// cells, and up to two givens.
fn big(rng: &mut Rng) -> Puzzle {
    let solution = random_sudoku(rng);
    let mut cages = grow_all(rng, &solution, |rng, _| rng.between(4, MAX_CAGE));
    cages.sort_by_key(|cage| std::cmp::Reverse(cage.len()));
    let mut covered = 0;
    let keep = cages
        .iter()
        .take_while(|cage| {
            covered += cage.len();
            covered <= 75
        })
        .count();
    cages.truncate(keep.max(1));
    let givens = rng.between(0, 2);
    plain_labels(rng, &solution, &cages, givens)
}

/// A random input of one to three cases of [`random_kind`]; one case in
/// six has a cage sum changed (often no solution), kept only if the
/// reference decides it quickly; one input in four is one case of a hard
/// class instead.
pub fn generate(rng: &mut Rng) -> String {
    if rng.below(4) == 0 {
        return (CLASSES[rng.below(CLASSES.len())].generate)(rng);
    }
    let count = rng.between(1, 3);
    let puzzles: Vec<Puzzle> = (0..count)
        .map(|_| {
            let mut puzzle = random_kind(rng);
            if rng.below(6) == 0 {
                spoil(rng, &mut puzzle);
            }
            puzzle
        })
        .collect();
    format(&puzzles)
}

/// Changes one cage's sum by 1 to 3 either way (staying positive), unless
/// the result takes the reference long to decide.
fn spoil(rng: &mut Rng, puzzle: &mut Puzzle) {
    if puzzle.sums.is_empty() {
        return;
    }
    let k = rng.below(puzzle.sums.len());
    let old = puzzle.sums[k];
    let change = rng.between(1, 3) as i64;
    let new = if rng.below(2) == 0 || old <= change {
        old + change
    } else {
        old - change
    };
    let spoilt = puzzle.with_sum(k, new);
    if decided_within(&spoilt, REFERENCE_BUDGET) {
        *puzzle = spoilt;
    }
}
