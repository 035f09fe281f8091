// 2-SAT through strongly connected components. Vertex 2i is x_i, 2i+1 its
// negation. By hand: (x0), (not x0 or x1), (not x1 or not x2) force
// x0 = x1 = true, x2 = false; (x0) and (not x0) cannot both hold.
use contest_algorithms::graph::connectivity::ConnectivityGraph;
use contest_algorithms::graph::Graph;

fn solve(vars: usize, clauses: &[(usize, usize)]) -> Option<Vec<bool>> {
    let mut graph = Graph::new(2 * vars, 2 * clauses.len());
    for &(u, v) in clauses {
        graph.add_two_sat_clause(u, v);
    }
    ConnectivityGraph::new(&graph, true).two_sat_assign()
}

fn main() {
    println!("{:?}", solve(3, &[(0, 0), (1, 2), (3, 5)]));
    println!("{:?}", solve(1, &[(0, 0), (1, 1)]));
}
