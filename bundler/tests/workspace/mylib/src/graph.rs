//! Graphs by edge list.
use acl::Dsu;

/// The number of connected components of `n` vertices joined by `edges`.
pub fn components(n: usize, edges: &[(usize, usize)]) -> usize {
    let mut dsu = Dsu::new(n);
    let vertices_bound = n;
    for &(a, b) in edges {
        debug_assert!(a < vertices_bound && b < vertices_bound, "edge ({a}, {b}) out of range");
        dsu.merge(a, b);
    }
    let groups = crate::graph::count_groups(&mut dsu);
    debug_assert!(at_most(groups, n));
    groups
}

/// Checked in debug builds only.
fn at_most(groups: usize, n: usize) -> bool {
    groups <= n
}

fn count_groups(dsu: &mut Dsu) -> usize {
    dsu.groups().len()
}

/// Shortest distances from `start` in an unweighted graph.
pub fn distances(n: usize, edges: &[(usize, usize)], start: usize) -> Vec<Option<usize>> {
    let mut next = vec![Vec::new(); n];
    for &(a, b) in edges {
        next[a].push(b);
        next[b].push(a);
    }
    let mut dist = vec![None; n];
    dist[start] = Some(0);
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for &w in &next[v] {
            if dist[w].is_none() {
                dist[w] = dist[v].map(|d| d + 1);
                queue.push_back(w);
            }
        }
    }
    dist
}
