//! What a completed grid must keep, and the checker of the family's
//! problems whose answer is any valid completion (jigsaw and killer
//! sudoku): one answer line per case, a grid or `No solution`.
//!
//! ```
//! use judge_tests::support::grid::{self, check};
//! let givens = [0; grid::CELLS];
//! let cyclic: grid::Grid = std::array::from_fn(|c| ((c / 9 * 3 + c / 27 + c % 9) % 9) as u8 + 1);
//! let name = |k: usize| format!("box {}", k + 1);
//! assert_eq!(check::broken_rule(&cyclic, &givens, &grid::boxes(), &name), None);
//! let mut broken = cyclic;
//! broken.swap(0, 1);
//! assert!(check::broken_rule(&broken, &givens, &grid::boxes(), &name).is_some());
//! ```

use super::{answer_line, cell_name, read_answer_line, Grid, Regions, CELLS, SIDE};
use crate::compare::{relaxed_lines, visible, Mismatch, SHOWN};

/// The answer line of a case without a solution.
pub const NO_SOLUTION: &str = "No solution";

/// The expected output of cases with these completions: an answer line
/// each, or `No solution`.
pub fn answers(completions: impl Iterator<Item = Option<Grid>>) -> String {
    let mut out = String::new();
    for completion in completions {
        match completion {
            Some(grid) => out.push_str(&answer_line(&grid)),
            None => out.push_str(NO_SOLUTION),
        }
        out.push('\n');
    }
    out
}

/// The first rule a completed `grid` breaks: a given changed, or a digit
/// twice in a row, a column or a region (named by `region_name`).
pub fn broken_rule(
    grid: &Grid,
    givens: &Grid,
    regions: &Regions,
    region_name: &dyn Fn(usize) -> String,
) -> Option<String> {
    let changed = (0..CELLS).find(|&cell| givens[cell] != 0 && givens[cell] != grid[cell]);
    if let Some(cell) = changed {
        return Some(format!(
            "{} is given as {} but holds {}",
            cell_name(cell),
            givens[cell],
            grid[cell]
        ));
    }
    for k in 0..SIDE {
        let row: Vec<usize> = (k * SIDE..(k + 1) * SIDE).collect();
        let column: Vec<usize> = (k..CELLS).step_by(SIDE).collect();
        let region: Vec<usize> = (0..CELLS).filter(|&cell| regions[cell] == k).collect();
        let houses = [
            (format!("row {}", k + 1), row),
            (format!("column {}", k + 1), column),
            (region_name(k), region),
        ];
        for (name, cells) in houses {
            if let Some(why) = repeated(grid, &cells, &name) {
                return Some(why);
            }
        }
    }
    None
}

/// Says which digit `cells` (named `name`) hold twice, and where.
pub fn repeated(grid: &Grid, cells: &[usize], name: &str) -> Option<String> {
    for (k, &a) in cells.iter().enumerate() {
        if let Some(&b) = cells[k + 1..].iter().find(|&&b| grid[b] == grid[a]) {
            return Some(format!(
                "{name} holds {} twice ({} and {})",
                grid[a],
                cell_name(a),
                cell_name(b)
            ));
        }
    }
    None
}

/// The checker shared with killer sudoku: one answer line per case; a
/// grid must satisfy `broken` (the first rule it breaks, if any); `No
/// solution` is right only where the expected output (the reference's)
/// says so. Names the first few rejected cases.
pub fn check_cases<P>(
    puzzles: &[P],
    expected: &str,
    actual: &str,
    broken: &dyn Fn(&P, &Grid) -> Option<String>,
) -> Result<(), Mismatch> {
    let (want, got) = (relaxed_lines(expected), relaxed_lines(actual));
    if want.len() != puzzles.len() {
        let count = format!("{} lines for {} cases", want.len(), puzzles.len());
        return Err(Mismatch::new(count).in_expected());
    }
    if got.len() != puzzles.len() {
        return Err(Mismatch::new(format!(
            "{} cases but {} output lines: one line per case",
            puzzles.len(),
            got.len()
        )));
    }
    let mut rejected = Vec::new();
    for (k, puzzle) in puzzles.iter().enumerate() {
        let exists = want[k] != NO_SOLUTION;
        let why = if got[k] == NO_SOLUTION {
            exists.then(|| format!("says `{NO_SOLUTION}`, but the case has a solution"))
        } else {
            match read_answer_line(got[k]) {
                None => Some(format!(
                    "expected 81 digits 1-9 or `{NO_SOLUTION}`, found {}",
                    visible(&got[k].chars().take(90).collect::<String>())
                )),
                Some(grid) => broken(puzzle, &grid).or_else(|| {
                    (!exists).then(|| {
                        format!(
                            "a valid grid, yet the expected output says `{NO_SOLUTION}` \
                             (is the reference wrong?)"
                        )
                    })
                }),
            }
        };
        if let Some(why) = why {
            rejected.push(format!("case {} (line {}): {why}", k + 1, k + 1));
        }
    }
    let Some(first) = rejected.first() else {
        return Ok(());
    };
    let mut mismatch = Mismatch::new(first.clone());
    for more in rejected.iter().skip(1).take(SHOWN) {
        mismatch = mismatch.with(more.clone());
    }
    if rejected.len() > 1 {
        mismatch = mismatch.with(format!(
            "{} of {} cases rejected",
            rejected.len(),
            puzzles.len()
        ));
    }
    Err(mismatch)
}
