//! DLX5's input phase: the arena of [`crate::dlx`] with a color and a
//! net cost in every node, the taxes taken, and every item's list sorted
//! by net cost.

use crate::dlx::arena::{arena, option_of, Node as Plain};
use crate::dlx::cost::Node;
use crate::dlx::Problem;

/// What a search of a problem starts from.
pub(super) struct Layout {
    pub(super) nodes: Vec<Node>,
    /// The lengths of the primary items' lists, the root's first.
    pub(super) len: Vec<u32>,
    /// The option of every node (0 for headers and spacers).
    pub(super) option: Vec<u32>,
    /// The total tax.
    pub(super) tax: u64,
}

impl Layout {
    /// DLX5's data structures for `problem`, before its search.
    pub(super) fn new(problem: &Problem) -> Layout {
        let (len, plain) = arena(problem);
        let n = len.len() - 1;
        let option: Vec<u32> = (0..plain.len() as u32)
            .map(|x| match plain[x as usize].top > 0 {
                true => option_of(&plain, x) as u32,
                false => 0,
            })
            .collect();
        let (net, tax) = net_costs(problem, &plain, &option);
        let mut nodes: Vec<Node> = plain
            .iter()
            .zip(&option)
            .map(|(x, &k)| Node {
                top: x.top,
                up: x.up,
                down: x.down,
                color: 0,
                cost: if x.top > 0 { net[k as usize] } else { 0 },
            })
            .collect();
        // Entry e of option k is node n + 2 + k + e: the n + 1 headers,
        // then a spacer before each option.
        for k in 0..problem.options() {
            for &(entry, c) in problem.entry_colors(k) {
                nodes[n + 2 + k + entry as usize].color = c as i32;
            }
        }
        (1..=n).for_each(|i| sort_list(&mut nodes, i as u32));
        Layout {
            nodes,
            len: len[..=problem.primary].iter().map(|&l| l as u32).collect(),
            option,
            tax,
        }
    }
}

/// The net cost of every option of `problem` after DLX5's taxes, and the
/// total tax: each primary item in turn is taxed the least net cost of
/// its options, and that is taken off each of them. `plain` is the
/// problem's arena, `option` the option of each of its nodes.
fn net_costs(problem: &Problem, plain: &[Plain], option: &[u32]) -> (Vec<u32>, u64) {
    let mut net: Vec<u32> = (0..problem.options())
        .map(|k| problem.cost(k) as u32)
        .collect();
    let mut tax = 0;
    for i in 1..=problem.primary as u32 {
        let list = || {
            let mut x = i;
            std::iter::from_fn(move || {
                x = plain[x as usize].down;
                (x != i).then_some(option[x as usize] as usize)
            })
        };
        // An item without options has no tax: no solution pays it.
        let least = list().map(|k| net[k]).min().unwrap_or(0);
        list().for_each(|k| net[k] -= least);
        tax += u64::from(least);
    }
    (net, tax)
}

/// Lists item `i`'s options by net cost, cheapest first, ties in the
/// order they were given (DLX5 sorts its lists so, stably).
fn sort_list(nodes: &mut [Node], i: u32) {
    let mut list = Vec::new();
    let mut x = nodes[i as usize].down;
    while x != i {
        list.push(x);
        x = nodes[x as usize].down;
    }
    list.sort_by_key(|&x| nodes[x as usize].cost);
    let mut above = i;
    for &x in &list {
        nodes[x as usize].up = above;
        nodes[above as usize].down = x;
        above = x;
    }
    nodes[above as usize].down = i;
    nodes[i as usize].up = above;
}
