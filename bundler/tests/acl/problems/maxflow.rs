//! Practice D (Maxflow): the most 1x2 tiles on the free cells of a grid,
//! and one way to place them (`><` and `v^`).
use crate::maxflow::MfGraph;
use std::io::Read;

pub fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut words = text.split_ascii_whitespace();
    let n: usize = words.next().unwrap().parse().unwrap();
    let m: usize = words.next().unwrap().parse().unwrap();
    let mut grid: Vec<Vec<u8>> = (0..n)
        .map(|_| words.next().unwrap().bytes().collect())
        .collect();
    let (source, sink) = (n * m, n * m + 1);
    let mut graph = MfGraph::new(n * m + 2);
    for i in 0..n {
        for j in 0..m {
            if grid[i][j] == b'#' {
                continue;
            }
            let v = i * m + j;
            if (i + j) % 2 == 0 {
                graph.add_edge(source, v, 1);
                for (di, dj) in [(0i64, 1i64), (1, 0), (0, -1), (-1, 0)] {
                    let (y, x) = (i as i64 + di, j as i64 + dj);
                    if y >= 0
                        && x >= 0
                        && (y as usize) < n
                        && (x as usize) < m
                        && grid[y as usize][x as usize] == b'.'
                    {
                        graph.add_edge(v, y as usize * m + x as usize, 1);
                    }
                }
            } else {
                graph.add_edge(v, sink, 1);
            }
        }
    }
    println!("{}", graph.flow(source, sink));
    for edge in graph.edges() {
        if edge.from == source || edge.to == sink || edge.flow == 0 {
            continue;
        }
        let (a, b) = (edge.from.min(edge.to), edge.from.max(edge.to));
        let (ai, aj, bi, bj) = (a / m, a % m, b / m, b % m);
        if ai == bi {
            grid[ai][aj] = b'>';
            grid[bi][bj] = b'<';
        } else {
            grid[ai][aj] = b'v';
            grid[bi][bj] = b'^';
        }
    }
    for row in grid {
        println!("{}", String::from_utf8(row).unwrap());
    }
}
