//! The node arena that the dancing-links engines share (Algorithm X in
//! [`crate::dlx::links`], C and M in [`crate::dlx::dance`]): its layout
//! and invariants are those the module docs of [`crate::dlx`] describe.

use crate::dlx::Problem;

/// One node of the arena (see the module docs of [`crate::dlx`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// Option node: its item (> 0). Spacer: `-k`. Header: 0.
    pub(crate) top: i32,
    pub(crate) up: u32,
    pub(crate) down: u32,
    /// Option node: the next node of its option, cyclically. Others: 0.
    pub(crate) right: u32,
}

/// A node of an arena laid out as [`arena`] lays it out, whatever else it
/// holds: its `top` tells option nodes, spacers and headers apart.
pub(crate) trait Top {
    fn top(&self) -> i32;
}

impl Top for Node {
    fn top(&self) -> i32 {
        self.top
    }
}

/// The number of the option that node `x` belongs to.
pub(crate) fn option_of<N: Top>(nodes: &[N], mut x: u32) -> usize {
    while nodes[x as usize].top() > 0 {
        x -= 1;
    }
    -nodes[x as usize].top() as usize
}

/// The nodes of the option that node `x` belongs to, in order.
pub(crate) fn option_nodes<N: Top>(nodes: &[N], x: u32) -> impl Iterator<Item = u32> + '_ {
    let mut first = x;
    while nodes[first as usize - 1].top() > 0 {
        first -= 1;
    }
    (first..).take_while(move |&y| nodes[y as usize].top() > 0)
}

/// The lengths and nodes of `problem`'s arena, every item uncovered (see
/// the module docs of [`crate::dlx`]).
pub(crate) fn arena(problem: &Problem) -> (Vec<i32>, Vec<Node>) {
    let n = problem.primary + problem.secondary;
    let mut len = vec![0; n + 1];
    let mut nodes: Vec<Node> = (0..=n as u32)
        .map(|i| Node {
            top: 0,
            up: i,
            down: i,
            right: 0,
        })
        .collect();
    nodes.reserve(problem.items.len() + problem.options() + 1);
    let mut previous_first = 0;
    for k in 0..problem.options() {
        let spacer = nodes.len();
        nodes.push(Node {
            top: -(k as i32),
            up: previous_first,
            down: 0,
            right: 0,
        });
        previous_first = nodes.len() as u32;
        for &item in problem.slice(k) {
            let x = nodes.len() as u32;
            let head = item as usize + 1;
            let last = nodes[head].up;
            nodes.push(Node {
                top: head as i32,
                up: last,
                down: head as u32,
                right: x + 1,
            });
            nodes[last as usize].down = x;
            nodes[head].up = x;
            len[head] += 1;
        }
        nodes[spacer].down = nodes.len() as u32 - 1;
        nodes.last_mut().expect("options are not empty").right = previous_first;
    }
    nodes.push(Node {
        top: -(problem.options() as i32),
        up: previous_first,
        down: 0,
        right: 0,
    });
    (len, nodes)
}
