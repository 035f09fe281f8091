//! The order in which the memo branches on items, when it branches on the
//! first uncovered one ([`crate::dlx::memo::Order::Frontier`]).
//!
//! Branching on the first uncovered primary item of a fixed order, every
//! option chosen so far contains an item before the current one; so an
//! item not yet reached can be covered only if it shares an option with
//! one already passed. Those items are the *frontier* of the prefix, and
//! the subproblems at a given item differ only in which of them are
//! covered: at most `2^f` of them for a frontier of `f` items. An order
//! with small frontiers keeps the memo small and its hits many: on a
//! board, row after row along the shorter side (the profile of the
//! classical dynamic programs for tilings), where the board's own order
//! may run along the longer one (9 × 12 triominoes: 1 237 748 subproblems
//! in the file's order, rows of 12, and 18 901 in rows of 9).
//!
//! Finding the order of smallest frontiers is NP-hard (it is the vertex
//! separation number of the graph of items that share an option), so a
//! few cheap candidates are compared by the sum over prefixes of
//! `2^frontier`, a bound on the subproblems, and the best is kept: the
//! problem's own order, and greedy orders that grow the prefix by the item
//! adding the fewest new items to the frontier, from items at the
//! periphery of the graph.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::dlx::Problem;

/// Past this many pairs of primary items sharing an option, counted with
/// repeats, the graph is not built and the problem's order is kept: the
/// memo does not pay on problems that big anyway.
const MAX_PAIRS: usize = 1 << 25;

/// The primary items (0-based) in the order of smallest frontiers found;
/// see the module docs.
pub(crate) fn frontier(problem: &Problem) -> Vec<usize> {
    let identity: Vec<usize> = (0..problem.primary()).collect();
    let graph = match Graph::new(problem) {
        Some(graph) => graph,
        None => return identity,
    };
    let mut best = (graph.cost(&identity), identity);
    for seed in graph.seeds() {
        let order = graph.greedy(seed);
        let cost = graph.cost(&order);
        if cost < best.0 {
            best = (cost, order);
        }
    }
    best.1
}

/// Which primary items share an option.
struct Graph {
    /// The neighbours of each primary item, sorted, without repeats.
    adjacent: Vec<Vec<u32>>,
}

impl Graph {
    /// The graph of `problem`'s primary items, unless it is too big.
    fn new(problem: &Problem) -> Option<Graph> {
        let primary = problem.primary();
        let mut pairs = 0usize;
        let mut adjacent: Vec<Vec<u32>> = vec![Vec::new(); primary];
        let mut items = Vec::new();
        for k in 0..problem.options() {
            items.clear();
            items.extend(problem.option(k).filter(|&i| i < primary));
            pairs += items.len() * items.len();
            if pairs > MAX_PAIRS {
                return None;
            }
            for &a in &items {
                let list = &mut adjacent[a];
                list.extend(items.iter().filter(|&&b| b != a).map(|&b| b as u32));
            }
        }
        for list in &mut adjacent {
            list.sort_unstable();
            list.dedup();
        }
        Some(Graph { adjacent })
    }

    /// The bound that compares orders: the sum over the prefixes of
    /// `2^frontier` (exponents capped, so that it stays finite).
    fn cost(&self, order: &[usize]) -> f64 {
        let n = self.adjacent.len();
        // 0: not reached, 1: on the frontier, 2: passed.
        let mut mark = vec![0u8; n];
        let mut frontier: i64 = 0;
        let mut cost = 0.0;
        for &item in order {
            if mark[item] == 1 {
                frontier -= 1;
            }
            mark[item] = 2;
            for &b in &self.adjacent[item] {
                if mark[b as usize] == 0 {
                    mark[b as usize] = 1;
                    frontier += 1;
                }
            }
            cost += (frontier.min(1000) as f64).exp2();
        }
        cost
    }

    /// Where the greedy orders start: the first item of least degree (a
    /// corner of a board), and the item farthest from it, and the one
    /// farthest from that (the ends of a long axis, found by breadth-first
    /// search, as Cuthill and McKee's heuristic does).
    fn seeds(&self) -> Vec<usize> {
        let n = self.adjacent.len();
        if n == 0 {
            return Vec::new();
        }
        let least = (0..n).min_by_key(|&i| self.adjacent[i].len()).unwrap_or(0);
        let far = self.farthest(least);
        let farther = self.farthest(far);
        let mut seeds = vec![least, far, farther];
        seeds.dedup();
        seeds
    }

    /// The last item reached by a breadth-first search from `from`, the
    /// first of least degree among the last level.
    fn farthest(&self, from: usize) -> usize {
        let n = self.adjacent.len();
        let mut level = vec![u32::MAX; n];
        level[from] = 0;
        let mut queue = std::collections::VecDeque::from(vec![from]);
        let mut last = from;
        while let Some(a) = queue.pop_front() {
            let better = (level[a], Reverse(self.adjacent[a].len()))
                > (level[last], Reverse(self.adjacent[last].len()));
            if better {
                last = a;
            }
            for &b in &self.adjacent[a] {
                if level[b as usize] == u32::MAX {
                    level[b as usize] = level[a] + 1;
                    queue.push_back(b as usize);
                }
            }
        }
        last
    }

    /// The greedy order from `seed`: next, the frontier item whose passing
    /// adds the fewest new items to the frontier, the one that joined it
    /// first on ties (then the least); an item outside when the frontier
    /// is empty (a new component). A heap with stale entries skipped:
    /// each item's count falls once per neighbour reached, so there are
    /// at most as many entries as edges, twice.
    fn greedy(&self, seed: usize) -> Vec<usize> {
        let n = self.adjacent.len();
        let mut walk = Greedy {
            mark: vec![0; n],
            fresh: self.adjacent.iter().map(|a| a.len() as u32).collect(),
            joined: vec![u32::MAX; n],
            clock: 0,
            heap: BinaryHeap::new(),
            changed: Vec::new(),
        };
        let mut order = Vec::with_capacity(n);
        let mut next_outside = 0;
        walk.reach(seed, &self.adjacent);
        walk.requeue();
        while order.len() < n {
            let item = match walk.heap.pop() {
                Some(Reverse((f, _, i))) => {
                    let i = i as usize;
                    if walk.mark[i] != 1 || f != walk.fresh[i] {
                        continue;
                    }
                    i
                }
                None => {
                    while walk.mark[next_outside] != 0 {
                        next_outside += 1;
                    }
                    walk.reach(next_outside, &self.adjacent);
                    next_outside
                }
            };
            walk.mark[item] = 2;
            order.push(item);
            for &b in &self.adjacent[item] {
                if walk.mark[b as usize] == 0 {
                    walk.reach(b as usize, &self.adjacent);
                }
            }
            walk.requeue();
        }
        order
    }
}

/// The state of [`Graph::greedy`].
struct Greedy {
    /// 0: not reached, 1: on the frontier, 2: passed.
    mark: Vec<u8>,
    /// Each item's neighbours not reached yet.
    fresh: Vec<u32>,
    /// When each item joined the frontier.
    joined: Vec<u32>,
    clock: u32,
    heap: BinaryHeap<Reverse<(u32, u32, u32)>>,
    /// Items whose `fresh` fell since the last `requeue`.
    changed: Vec<u32>,
}

impl Greedy {
    /// Puts item `i` on the frontier.
    fn reach(&mut self, i: usize, adjacent: &[Vec<u32>]) {
        self.mark[i] = 1;
        self.joined[i] = self.clock;
        self.clock += 1;
        self.changed.push(i as u32);
        for &b in &adjacent[i] {
            self.fresh[b as usize] -= 1;
            self.changed.push(b);
        }
    }

    /// Queues the frontier items whose counts changed, at their new counts.
    fn requeue(&mut self) {
        self.changed.sort_unstable();
        self.changed.dedup();
        for &b in &self.changed {
            let i = b as usize;
            if self.mark[i] == 1 {
                self.heap.push(Reverse((self.fresh[i], self.joined[i], b)));
            }
        }
        self.changed.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cells of a `rows × columns` board, row by row, and the
    /// dominoes on it.
    fn dominoes(rows: usize, columns: usize) -> Problem {
        let mut problem = Problem::new(rows * columns, 0);
        for r in 0..rows {
            for c in 0..columns {
                if c + 1 < columns {
                    problem
                        .add_option(&[r * columns + c, r * columns + c + 1])
                        .unwrap();
                }
                if r + 1 < rows {
                    problem
                        .add_option(&[r * columns + c, (r + 1) * columns + c])
                        .unwrap();
                }
            }
        }
        problem
    }

    #[test]
    fn an_order_is_a_permutation_of_the_primary_items() {
        for (rows, columns) in [(1, 1), (3, 5), (6, 2), (4, 4)] {
            let mut order = frontier(&dominoes(rows, columns));
            order.sort_unstable();
            assert_eq!(order, (0..rows * columns).collect::<Vec<_>>());
        }
        // Items in no option, and several components.
        let mut problem = Problem::new(6, 1);
        problem.add_option(&[4, 6]).unwrap();
        problem.add_option(&[0, 1]).unwrap();
        let mut order = frontier(&problem);
        order.sort_unstable();
        assert_eq!(order, (0..6).collect::<Vec<_>>());
    }

    #[test]
    fn a_long_board_is_swept_along_its_short_side() {
        // 3 rows of 12: the board's own order has frontiers of 12; the
        // order found has frontiers of about 3.
        let problem = dominoes(3, 12);
        let graph = Graph::new(&problem).unwrap();
        let order = frontier(&problem);
        let identity: Vec<usize> = (0..36).collect();
        assert!(graph.cost(&order) * 100.0 < graph.cost(&identity));
    }
}
