//! The assignment problem: give each of n rows its own column so that the
//! profits of the chosen entries add up to the most, some entries
//! forbidden (Kuhn's Hungarian method with potentials, O(n³)); and the
//! prices that prove a choice best, which bound what any other entry
//! would lose ([`Assignment::loss`]).
//!
//! ```
//! use library::assignment::{best, FORBIDDEN};
//!
//! let profits = [
//!     [4.0, 1.0, FORBIDDEN],
//!     [3.0, 2.0, 1.0],
//!     [FORBIDDEN, 5.0, 2.0],
//! ];
//! let (total, columns) = best(&profits.iter().map(|r| &r[..]).collect::<Vec<_>>()).unwrap();
//! assert_eq!(total, 4.0 + 1.0 + 5.0);
//! assert_eq!(columns, [0, 2, 1]);
//! ```

/// The profit of an entry that may not be chosen.
pub const FORBIDDEN: f64 = f64::NEG_INFINITY;

/// The most rows (and columns) [`best`] and [`solve`] take.
pub const MAX: usize = 32;

/// The largest total profit of a choice of one column per row, all
/// different, and the column of each row; `None` when every choice takes
/// a forbidden entry.
///
/// # Panics
/// If the matrix is not square or has more than [`MAX`] rows.
pub fn best(profits: &[&[f64]]) -> Option<(f64, Vec<usize>)> {
    let n = profits.len();
    assert!(profits.iter().all(|row| row.len() == n));
    let solved = solve(n, |i, j| profits[i][j])?;
    Some((solved.total, solved.columns[..n].to_vec()))
}

/// A best assignment and the prices that prove it best (the dual of the
/// linear programme): what [`solve`] gives.
#[derive(Clone, Debug)]
pub struct Assignment {
    /// The total profit.
    pub total: f64,
    /// The column of each row (the first `n` entries).
    pub columns: [usize; MAX],
    /// Potentials of the rows and columns, from 1 (Kuhn's method on the
    /// profits negated).
    u: [f64; MAX + 1],
    v: [f64; MAX + 1],
}

impl Assignment {
    /// How much the best total drops, at least, when row `i` must take
    /// column `j` of profit `profit`: the entry's reduced cost, 0 for the
    /// entries chosen, never negative but for rounding.
    ///
    /// ```
    /// use library::assignment::solve;
    ///
    /// let profits = [[4.0, 1.0], [3.0, 2.0]];
    /// let best = solve(2, |i, j| profits[i][j]).unwrap();
    /// assert_eq!((best.total, &best.columns[..2]), (6.0, &[0, 1][..]));
    /// // Row 0 in column 1 forces row 1 into column 0: 1 + 3 = 4.
    /// assert!(best.total - best.loss(0, 1, 1.0) >= 4.0 - 1e-9);
    /// ```
    pub fn loss(&self, i: usize, j: usize, profit: f64) -> f64 {
        -profit - self.u[i + 1] - self.v[j + 1]
    }
}

/// [`best`] on the `n` × `n` profits `profit(i, j)` ([`FORBIDDEN`] for an
/// entry that may not be chosen), with the prices that prove it best.
///
/// # Panics
/// If `n` exceeds [`MAX`].
pub fn solve(n: usize, profit: impl Fn(usize, usize) -> f64) -> Option<Assignment> {
    assert!(n <= MAX);
    // Minimise costs (the profits negated); a forbidden entry costs more
    // than any choice of allowed ones, so it is taken only when it must.
    let mut finite = 0.0f64;
    for i in 0..n {
        for j in 0..n {
            let p = profit(i, j);
            if p.is_finite() {
                finite = finite.max(p.abs());
            }
        }
    }
    let forbidden = (finite + 1.0) * (n as f64 + 1.0) * 4.0;
    let cost = |i: usize, j: usize| {
        let p = profit(i, j);
        if p.is_finite() {
            -p
        } else {
            forbidden
        }
    };
    let mut matching = Matching {
        n,
        u: [0.0; MAX + 1],
        v: [0.0; MAX + 1],
        row_of: [0; MAX + 1],
        way: [0; MAX + 1],
    };
    for i in 1..=n {
        matching.add_row(i, &cost);
    }
    let mut columns = [0; MAX];
    let mut total = 0.0;
    for j in 1..=n {
        let i = matching.row_of[j] - 1;
        let p = profit(i, j - 1);
        if !p.is_finite() {
            return None;
        }
        columns[i] = j - 1;
        total += p;
    }
    Some(Assignment {
        total,
        columns,
        u: matching.u,
        v: matching.v,
    })
}

/// A cheapest matching of the first rows, with the potentials that prove
/// it; rows and columns from 1, 0 standing for "none".
struct Matching {
    n: usize,
    u: [f64; MAX + 1],
    v: [f64; MAX + 1],
    /// The row matched to each column.
    row_of: [usize; MAX + 1],
    /// The column before each one on the augmenting path.
    way: [usize; MAX + 1],
}

impl Matching {
    /// Matches row `i` too: grows a tree of shortest reduced-cost paths
    /// from it to a free column (Dijkstra's steps on the potentials), then
    /// flips the path.
    fn add_row(&mut self, i: usize, cost: &impl Fn(usize, usize) -> f64) {
        let n = self.n;
        self.row_of[0] = i;
        let mut j0 = 0;
        let mut least = [f64::INFINITY; MAX + 1];
        let mut used = [false; MAX + 1];
        loop {
            used[j0] = true;
            let i0 = self.row_of[j0];
            let (mut delta, mut j1) = (f64::INFINITY, 0);
            for j in (1..=n).filter(|&j| !used[j]) {
                let reduced = cost(i0 - 1, j - 1) - self.u[i0] - self.v[j];
                if reduced < least[j] {
                    least[j] = reduced;
                    self.way[j] = j0;
                }
                if least[j] < delta {
                    delta = least[j];
                    j1 = j;
                }
            }
            for j in 0..=n {
                if used[j] {
                    self.u[self.row_of[j]] += delta;
                    self.v[j] -= delta;
                } else {
                    least[j] -= delta;
                }
            }
            j0 = j1;
            if self.row_of[j0] == 0 {
                break;
            }
        }
        while j0 != 0 {
            let j1 = self.way[j0];
            self.row_of[j0] = self.row_of[j1];
            j0 = j1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The best total by trying every permutation.
    fn brute(profits: &[Vec<f64>]) -> Option<f64> {
        fn go(profits: &[Vec<f64>], row: usize, used: &mut Vec<bool>) -> Option<f64> {
            if row == profits.len() {
                return Some(0.0);
            }
            let mut best: Option<f64> = None;
            for j in 0..profits.len() {
                if used[j] || !profits[row][j].is_finite() {
                    continue;
                }
                used[j] = true;
                if let Some(rest) = go(profits, row + 1, used) {
                    let total = rest + profits[row][j];
                    best = Some(best.map_or(total, |b| b.max(total)));
                }
                used[j] = false;
            }
            best
        }
        go(profits, 0, &mut vec![false; profits.len()])
    }

    /// The best total with row `i` in column `j`, by brute force.
    fn forced(profits: &[Vec<f64>], i: usize, j: usize) -> Option<f64> {
        let mut without = profits.to_vec();
        for (k, row) in without.iter_mut().enumerate() {
            for (l, p) in row.iter_mut().enumerate() {
                if (k == i) != (l == j) {
                    *p = FORBIDDEN;
                }
            }
        }
        brute(&without)
    }

    #[test]
    fn agrees_with_trying_every_permutation() {
        let mut state = 7u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as u32
        };
        for n in 1..=6 {
            for _ in 0..50 {
                let profits: Vec<Vec<f64>> = (0..n)
                    .map(|_| {
                        (0..n)
                            .map(|_| match next() % 5 {
                                0 => FORBIDDEN,
                                _ => f64::from(next() % 100) - 30.0,
                            })
                            .collect()
                    })
                    .collect();
                let rows: Vec<&[f64]> = profits.iter().map(|r| &r[..]).collect();
                let found = best(&rows);
                assert_eq!(found.as_ref().map(|f| f.0), brute(&profits), "{profits:?}");
                if let Some(solved) = solve(n, |i, j| profits[i][j]) {
                    // The reduced costs prove the total: forcing any
                    // allowed entry loses at least what brute force finds.
                    for i in 0..n {
                        for j in (0..n).filter(|&j| profits[i][j].is_finite()) {
                            let loss = solved.loss(i, j, profits[i][j]);
                            assert!(loss >= -1e-9, "{profits:?}");
                            if let Some(forced) = forced(&profits, i, j) {
                                assert!(forced <= solved.total - loss + 1e-9, "{profits:?}");
                            }
                        }
                    }
                }
                if let Some((total, columns)) = found {
                    let sum: f64 = columns
                        .iter()
                        .enumerate()
                        .map(|(i, &j)| profits[i][j])
                        .sum();
                    assert_eq!(sum, total);
                }
            }
        }
    }
}
