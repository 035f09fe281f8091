// Dinic's maximum flow and a minimum-cost maximum flow.
// By hand: the cut {1->3, 2->3} holds 2 + 3 = 5, and the paths 0-1-3 (2),
// 0-1-2-3 (1), 0-2-3 (2) carry 5. Costs: 0-1-3 costs 2, 0-1-2-3 costs 3,
// 0-2-3 costs 4, one unit each: 3 units for 9.
use contest_algorithms::graph::flow::FlowGraph;

fn main() {
    let mut graph = FlowGraph::new(4, 5);
    for (u, v, cap) in [(0, 1, 3), (0, 2, 2), (1, 2, 1), (1, 3, 2), (2, 3, 3)] {
        graph.add_edge(u, v, cap, 0, 0);
    }
    println!("{}", graph.dinic(0, 3).0);
    let mut costly = FlowGraph::new(4, 5);
    for (u, v, cap, cost) in [(0, 1, 2, 1), (0, 2, 1, 3), (1, 3, 1, 1), (1, 2, 1, 1), (2, 3, 2, 1)] {
        costly.add_edge(u, v, cap, 0, cost);
    }
    let (cost, flow, _) = costly.mcf(0, 3);
    println!("{cost} {flow}");
}
