use petgraph::algo::{dijkstra, toposort};
use petgraph::graph::DiGraph;

fn main() {
    let mut g = DiGraph::<u32, u64>::new();
    let v: Vec<_> = (0..5).map(|i| g.add_node(i)).collect();
    for (a, b, w) in [(0, 1, 4), (0, 2, 1), (2, 1, 2), (1, 3, 1), (2, 3, 5), (3, 4, 3)] {
        g.add_edge(v[a], v[b], w);
    }
    let d = dijkstra(&g, v[0], None, |e| *e.weight());
    let mut dist: Vec<_> = d.iter().map(|(n, w)| (g[*n], *w)).collect();
    dist.sort();
    println!("{dist:?}");
    let order: Vec<u32> = toposort(&g, None).expect("a dag").iter().map(|n| g[*n]).collect();
    println!("{order:?}");
}
