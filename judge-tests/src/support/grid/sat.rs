//! The sudoku family as satisfiability, decided by a SAT solver (the
//! `batsat` crate, a MiniSat port): the referee of the inputs no search
//! of ours should be trusted to decide alone, those without a completion
//! above all (a search refutes them only by finishing its tree).
//!
//! ```
//! use judge_tests::support::grid::sat::Model;
//! // A 4 × 4 sudoku: rows, columns and 2 × 2 boxes are houses.
//! let mut model = Model::new(4);
//! for k in 0..4 {
//!     model.house(&(0..4).map(|c| k * 4 + c).collect::<Vec<_>>());
//!     model.house(&(0..4).map(|r| r * 4 + k).collect::<Vec<_>>());
//!     let (top, left) = (k / 2 * 2, k % 2 * 2);
//!     model.house(&[top * 4 + left, top * 4 + left + 1, top * 4 + left + 4, top * 4 + left + 5]);
//! }
//! model.given(0, 1);
//! model.given(5, 1);
//! assert_eq!(model.solve(), None);
//! ```
//!
//! The encoding is the direct one: a variable "cell c holds digit d" for
//! every cell and digit; each cell holds exactly one digit; each house
//! holds each digit exactly once; cells that must differ ([`Model::distinct`])
//! never share a digit; a sum of distinct digits ([`Model::sum`]) takes
//! one of the digit sets of its size adding up to its total, each set a
//! variable that keeps the cells' digits in it. Nothing is derived, so
//! the model is as independent of the submissions' reasoning as it gets.

use batsat::{lbool, BasicSolver, Lit, SolverInterface, Var};

/// A grid of side `side` (digits 1..=side) as clauses.
pub struct Model {
    side: usize,
    solver: BasicSolver,
    /// `holds[cell * side + d - 1]`: cell holds digit d.
    holds: Vec<Var>,
}

impl Model {
    /// `side × side` cells, each holding exactly one digit 1..=side, and
    /// no house yet.
    pub fn new(side: usize) -> Model {
        let mut solver = BasicSolver::default();
        let holds = (0..side * side * side)
            .map(|_| solver.new_var_default())
            .collect();
        let mut model = Model {
            side,
            solver,
            holds,
        };
        for cell in 0..side * side {
            let lits: Vec<Lit> = (1..=side).map(|d| model.lit(cell, d)).collect();
            model.exactly_one(&lits);
        }
        model
    }

    fn lit(&self, cell: usize, digit: usize) -> Lit {
        Lit::new(self.holds[cell * self.side + digit - 1], true)
    }

    fn clause(&mut self, lits: &[Lit]) {
        let mut clause = lits.to_vec();
        self.solver.add_clause_reuse(&mut clause);
    }

    fn at_most_one(&mut self, lits: &[Lit]) {
        for (k, &a) in lits.iter().enumerate() {
            for &b in &lits[k + 1..] {
                self.clause(&[!a, !b]);
            }
        }
    }

    fn exactly_one(&mut self, lits: &[Lit]) {
        self.clause(lits);
        self.at_most_one(lits);
    }

    /// `cells` (as many as the side) hold each digit once.
    pub fn house(&mut self, cells: &[usize]) {
        assert_eq!(cells.len(), self.side, "a house has a cell per digit");
        for d in 1..=self.side {
            let lits: Vec<Lit> = cells.iter().map(|&c| self.lit(c, d)).collect();
            self.exactly_one(&lits);
        }
    }

    /// No two of `cells` hold the same digit.
    pub fn distinct(&mut self, cells: &[usize]) {
        for d in 1..=self.side {
            let lits: Vec<Lit> = cells.iter().map(|&c| self.lit(c, d)).collect();
            self.at_most_one(&lits);
        }
    }

    /// `cells` hold distinct digits adding up to `total`: one of the digit
    /// sets of their size with that sum, each set a new variable that
    /// keeps every cell's digit in it.
    pub fn sum(&mut self, cells: &[usize], total: i64) {
        self.distinct(cells);
        let side = self.side;
        let sets = (0u32..1 << side).filter(|set| {
            let sum: i64 = (0..side)
                .filter(|d| set >> d & 1 == 1)
                .map(|d| d as i64 + 1)
                .sum();
            set.count_ones() as usize == cells.len() && sum == total
        });
        let mut some_set = Vec::new();
        for set in sets {
            let chosen = Lit::new(self.solver.new_var_default(), true);
            some_set.push(chosen);
            for d in (1..=side).filter(|d| set >> (d - 1) & 1 == 0) {
                for &cell in cells {
                    let holds = self.lit(cell, d);
                    self.clause(&[!chosen, !holds]);
                }
            }
        }
        // No set at all: the empty clause, no completion.
        self.clause(&some_set);
    }

    /// `cell` holds `digit`.
    pub fn given(&mut self, cell: usize, digit: usize) {
        let lit = self.lit(cell, digit);
        self.clause(&[lit]);
    }

    /// A completion (the digit of every cell, row by row), or `None` when
    /// there is none.
    pub fn solve(mut self) -> Option<Vec<u8>> {
        if self.solver.solve_limited(&[]) != lbool::TRUE {
            return None;
        }
        let side = self.side;
        let digit = |cell: usize| {
            (1..=side)
                .find(|&d| self.solver.value_lit(self.lit(cell, d)) == lbool::TRUE)
                .expect("a model gives every cell a digit") as u8
        };
        Some((0..side * side).map(digit).collect())
    }
}

/// The 9 × 9 model whose houses are the rows, the columns and `regions`
/// (see [`super::Regions`]), with `givens` written in.
pub fn nine(regions: &super::Regions, givens: &super::Grid) -> Model {
    let mut model = Model::new(super::SIDE);
    for house in houses(regions) {
        model.house(&house);
    }
    for (cell, &d) in givens.iter().enumerate().filter(|(_, &d)| d != 0) {
        model.given(cell, usize::from(d));
    }
    model
}

/// The rows, columns and regions of a 9 × 9 layout as lists of cells.
pub fn houses(regions: &super::Regions) -> Vec<Vec<usize>> {
    let side = super::SIDE;
    let mut houses: Vec<Vec<usize>> = (0..side)
        .map(|r| (0..side).map(|c| r * side + c).collect())
        .collect();
    houses.extend((0..side).map(|c| (0..side).map(|r| r * side + c).collect::<Vec<_>>()));
    houses.extend((0..side).map(|k| (0..side * side).filter(|&c| regions[c] == k).collect()));
    houses
}

/// A completion of a 9 × 9 model as a [`super::Grid`], if it has one.
pub fn complete(model: Model) -> Option<super::Grid> {
    let cells = model.solve()?;
    let mut grid = [0; super::CELLS];
    grid.copy_from_slice(&cells);
    Some(grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::support::grid::{self, boxes, parse_grid, sudoku::KNOWN};

    #[test]
    fn known_sudokus_complete_as_the_kit_completes_them() {
        for (_, puzzle) in KNOWN.iter().take(4) {
            let givens = parse_grid(1, puzzle).unwrap();
            let solved = complete(nine(&boxes(), &givens)).unwrap();
            assert!(
                grid::broken_rule(&solved, &givens, &boxes(), &|k| format!("box {k}")).is_none()
            );
        }
    }

    #[test]
    fn sums_keep_their_digit_sets() {
        // 2 × 2 Latin squares, the top row adding up to 3 ({1, 2}) or not.
        let square = |total| {
            let mut model = Model::new(2);
            model.house(&[0, 1]);
            model.house(&[2, 3]);
            model.house(&[0, 2]);
            model.house(&[1, 3]);
            model.sum(&[0, 1], total);
            model.solve()
        };
        assert!(square(3).is_some());
        assert_eq!(square(2), None);
        assert_eq!(square(4), None);
        // The diagonal holds one digit twice: no distinct sum there.
        let mut diagonal = Model::new(2);
        diagonal.house(&[0, 1]);
        diagonal.house(&[2, 3]);
        diagonal.house(&[0, 2]);
        diagonal.house(&[1, 3]);
        diagonal.sum(&[0, 3], 3);
        assert_eq!(diagonal.solve(), None);
        let mut three = Model::new(3);
        three.sum(&[0, 1, 2], 5);
        assert_eq!(three.solve(), None);
    }
}
