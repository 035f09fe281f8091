//! Practice E (MinCostFlow): choose cells of an N x N grid, at most K per
//! row and column, with the largest sum; print it and the choice.
use crate::MinCostFlowGraph;
use std::io::Read;

pub fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut next = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().unwrap());
    let (n, k) = (next.next().unwrap() as usize, next.next().unwrap());
    let big: i64 = 1_000_000_000;
    let (source, sink) = (2 * n, 2 * n + 1);
    let mut graph = MinCostFlowGraph::new(2 * n + 2);
    graph.add_edge(source, sink, (n as i64) * k, big);
    for i in 0..n {
        graph.add_edge(source, i, k, 0);
        graph.add_edge(n + i, sink, k, 0);
    }
    for i in 0..n {
        for j in 0..n {
            let a = next.next().unwrap();
            graph.add_edge(i, n + j, 1, big - a);
        }
    }
    let (flow, cost) = graph.flow(source, sink, (n as i64) * k);
    println!("{}", flow * big - cost);
    let mut grid = vec![vec![b'.'; n]; n];
    for edge in graph.edges() {
        if edge.from < n && edge.to >= n && edge.to < 2 * n && edge.flow > 0 {
            grid[edge.from][edge.to - n] = b'X';
        }
    }
    for row in grid {
        println!("{}", String::from_utf8(row).unwrap());
    }
}
