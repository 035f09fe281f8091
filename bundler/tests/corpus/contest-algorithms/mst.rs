// Kruskal's spanning tree and Dijkstra's distances on one small graph.
// By hand: edges by weight 1 (3-4), 2 (1-2), 4 (0-1), 5 (0-2: a cycle),
// 7 (2-3), 8 (1-4: a cycle): total 14, edge ids 4 1 0 3; from 0 the
// distances are 0, 4, 5 (0-2), 12 (0-2-3), 12 (0-1-4).
use contest_algorithms::graph::Graph;

fn main() {
    let edges = [(0, 1, 4), (1, 2, 2), (0, 2, 5), (2, 3, 7), (3, 4, 1), (1, 4, 8)];
    let mut graph = Graph::new(5, 2 * edges.len());
    let mut weights = Vec::new();
    for &(u, v, w) in &edges {
        graph.add_undirected_edge(u, v);
        weights.push(w);
    }
    let tree = graph.min_spanning_tree(&weights);
    let total: i64 = tree.iter().map(|&e| weights[e]).sum();
    println!("{total} {tree:?}");
    let directed: Vec<u64> = weights.iter().flat_map(|&w| [w as u64, w as u64]).collect();
    let dist = graph.dijkstra(&directed, 0);
    println!("{:?}", &dist[..5]);
}
