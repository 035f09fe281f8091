//! The assignment problem: give each of n rows its own column so that the
//! profits of the chosen entries add up to the most, some entries
//! forbidden (Kuhn's Hungarian method with potentials, O(n³)).
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

/// The most rows (and columns) [`best`] takes.
pub const MAX: usize = 32;

/// The largest total profit of a choice of one column per row, all
/// different, and the column of each row; `None` when every choice takes
/// a forbidden entry.
///
/// # Panics
/// If the matrix is not square or has more than [`MAX`] rows.
pub fn best(profits: &[&[f64]]) -> Option<(f64, Vec<usize>)> {
    let n = profits.len();
    assert!(n <= MAX && profits.iter().all(|row| row.len() == n));
    // Minimise costs (the profits negated); a forbidden entry costs more
    // than any choice of allowed ones, so it is taken only when it must.
    let finite = profits
        .iter()
        .flat_map(|row| row.iter())
        .filter(|p| p.is_finite())
        .fold(0.0f64, |m, p| m.max(p.abs()));
    let forbidden = (finite + 1.0) * (n as f64 + 1.0) * 4.0;
    let cost = |i: usize, j: usize| {
        let p = profits[i][j];
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
    let mut columns = vec![0; n];
    let mut total = 0.0;
    for j in 1..=n {
        let i = matching.row_of[j] - 1;
        let p = profits[i][j - 1];
        if !p.is_finite() {
            return None;
        }
        columns[i] = j - 1;
        total += p;
    }
    Some((total, columns))
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
    fn add_row(&mut self, i: usize, cost: &dyn Fn(usize, usize) -> f64) {
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
