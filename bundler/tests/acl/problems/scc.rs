//! Practice G (SCC): the strongly connected components, in topological order.
use crate::scc::SccGraph;
use std::fmt::Write as _;
use std::io::Read;

pub fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let mut next = text
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().unwrap());
    let (n, m) = (next.next().unwrap(), next.next().unwrap());
    let mut graph = SccGraph::new(n);
    for _ in 0..m {
        let (a, b) = (next.next().unwrap(), next.next().unwrap());
        graph.add_edge(a, b);
    }
    let components = graph.scc();
    let mut out = String::new();
    writeln!(out, "{}", components.len()).unwrap();
    for component in components {
        write!(out, "{}", component.len()).unwrap();
        for v in component {
            write!(out, " {v}").unwrap();
        }
        out.push('\n');
    }
    print!("{out}");
}
