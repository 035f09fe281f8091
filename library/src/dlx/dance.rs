//! The dancing links that Algorithms C and M share: Algorithm X's arena
//! (see [`crate::dlx`]) with a color in each option node, and the steps
//! Knuth's DLX2 and DLX3 add to covering: purifying an item for a color,
//! and tweaking an option away from its item.
//!
//! The engines are [`crate::dlx::color`] and [`crate::dlx::multi`]; this
//! module is their common state, [`Dance`], and its moves.
//!
//! # Purified items
//!
//! When an option gives secondary item `i` color `c`, DLX2 *purifies* `i`:
//! every option in `i`'s list that gives it another color, or none, is
//! hidden from its other items, and every option that gives it `c` is
//! *cleansed*: DLX2 marks its node with color −1, so that no later cover
//! hides that node or counts it as an update. Here `i`'s header carries
//! the mark instead: its length gets the `COVERED` bit, and its `color`
//! field names the node that purified it. That is the same thing:
//!
//! * while `i` is purified, every live option with a node on `i` gives it
//!   color `c` and was in `i`'s list when `i` was purified (an option
//!   hidden before comes back only after `i` is unpurified), so it is
//!   exactly a cleansed node, and it is still linked in `i`'s list;
//! * no live option has a node on a *covered* item, so the `COVERED` bit of
//!   a node's item, tested where DLX2 tests the node's color, is set only
//!   for purified items (and, in Algorithm M, items left by the null move,
//!   whose live options stay linked too);
//! * and the chosen option's node on an item purified at an earlier level
//!   is told apart from the node that purified it by the header's `color`.
//!
//! The length is read anyway when a node is hidden, so the test costs no
//! extra memory access.
//!
//! # Nodes
//!
//! A node is Algorithm X's with the color where X keeps the `right` link,
//! as DLX2 lays it out: purifying reads the color of every option in an
//! item's list, and in the node it comes with the `down` link, one cache
//! line where an array of colors beside the nodes cost a second one
//! (wordsquare-4, simulated: 20.4 M first-level cache read misses with
//! the array, 4.9 M of them the colors', 16.0 M without; DLX2 10.8 M).
//! An option's next node is the one after it, or at a spacer the
//! option's first (the spacer's `up`), which the loops over an option
//! test as DLX2 does.
//!
//! # Invariants
//!
//! Those of [`crate::dlx`], with I4 read for colors: a node of an active
//! item (neither covered nor purified) is linked in its list if and only if
//! its option is live, that is none of its other items is covered and each
//! purified one is purified for the color the option gives it.
//! [`Dance::check_invariants`] verifies them.

use std::ops::ControlFlow;

use crate::dlx::arena::{arena, option_nodes, option_of, Top};
use crate::dlx::{Choice, Problem, Stats, COVERED};

/// A node of Algorithms C and M (see the module docs).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// Option node: its item (> 0). Spacer: `-k`. Header: 0.
    pub(crate) top: i32,
    pub(crate) up: u32,
    pub(crate) down: u32,
    /// Option node: the color it gives its item, 0 for none. Header of a
    /// purified item: the node that purified it. Others: 0.
    pub(crate) color: u32,
}

impl Top for Node {
    fn top(&self) -> i32 {
        self.top
    }
}

/// The state of Algorithms C and M: see the module docs.
#[derive(Clone, Debug)]
pub(crate) struct Dance<C> {
    /// The number of primary items.
    pub(crate) primary: usize,
    /// How many primary items are active.
    pub(crate) active: u32,
    /// `len[i]` as in Algorithm X, with `COVERED` set while item `i` is
    /// covered, purified or (Algorithm M) inactive.
    pub(crate) len: Vec<i32>,
    pub(crate) nodes: Vec<Node>,
    /// Whether a node has a color: else no node is ever cleansed.
    colored: bool,
    pub(crate) choice: C,
    pub(crate) stats: Stats,
    /// `numbers[x]`: the option of node `x`, once a search names the
    /// options of its solutions (`name_options`); empty before. Finding
    /// it from the spacer costs a loop per option of each solution, most
    /// of the time on problems whose nodes are mostly solutions.
    numbers: Vec<u32>,
}

impl<C: Choice> Dance<C> {
    /// The arena of `problem`, every item active.
    pub(crate) fn new(problem: &Problem) -> Dance<C> {
        let (len, nodes) = arena(problem);
        let mut nodes: Vec<Node> = nodes
            .into_iter()
            .map(|x| Node {
                top: x.top,
                up: x.up,
                down: x.down,
                color: 0,
            })
            .collect();
        // Entry e of option k is node n + 2 + k + e: the n + 1 headers,
        // then a spacer before each option.
        let n = problem.primary + problem.secondary;
        for k in 0..problem.options() {
            for &(entry, c) in problem.entry_colors(k) {
                nodes[n + 2 + k + entry as usize].color = c;
            }
        }
        let colored = nodes.iter().any(|x| x.color != 0);
        Dance {
            primary: problem.primary,
            active: problem.primary as u32,
            choice: C::new(&len[..=problem.primary]),
            len,
            nodes,
            colored,
            stats: Stats::default(),
            numbers: Vec::new(),
        }
    }

    /// Makes `option_of` a lookup, for a search that names its solutions.
    pub(crate) fn name_options(&mut self) {
        if self.numbers.is_empty() {
            let nodes = &self.nodes;
            self.numbers = (0..nodes.len() as u32)
                .map(|x| match nodes[x as usize].top {
                    top if top > 0 => option_of(nodes, x) as u32,
                    _ => 0,
                })
                .collect();
        }
    }

    /// Hides the option of node `rr` from the lists of its items other
    /// than `rr`'s, skipping nodes of purified items (DLX2's cleansed
    /// nodes); returns how many it hid.
    ///
    /// A cleansed node is linked in its list (see the module docs), so
    /// unlinking it "to itself" writes back the links its neighbours hold
    /// already. The loop does that rather than branch on the `COVERED`
    /// bit, which half the nodes of a random colored problem have, in no
    /// pattern a predictor learns (0.82x -> 0.73x DLX2's time there).
    #[inline(always)]
    pub(crate) fn hide(&mut self, rr: u32) -> u64 {
        match self.colored {
            true => self.hide_colored(rr),
            false => self.hide_plain(rr),
        }
    }

    /// `hide` where a node may be cleansed.
    #[inline(always)]
    fn hide_colored(&mut self, rr: u32) -> u64 {
        let mut hidden = 0;
        self.walk_others(rr, |dance, nn, Node { top, up, down, .. }| {
            let len = dance.len_mut(top as u32);
            let live = (*len & COVERED == 0) as i32;
            *len -= live;
            let now = *len;
            let (a, b) = if live != 0 { (down, up) } else { (nn, nn) };
            dance.node_mut(up).down = a;
            dance.node_mut(down).up = b;
            if now == 0 && top as usize <= dance.primary {
                dance.choice.emptied();
            }
            hidden += live as u64;
        });
        hidden
    }

    /// `hide` without colors: then every node of a live option is of an
    /// active item, or of one made inactive by the null move whose options
    /// have all left the other lists (tweaked with blocking), so no node
    /// is cleansed and the tests go.
    #[inline(always)]
    fn hide_plain(&mut self, rr: u32) -> u64 {
        let mut hidden = 0;
        self.walk_others(rr, |dance, _, Node { top, up, down, .. }| {
            dance.node_mut(up).down = down;
            dance.node_mut(down).up = up;
            let len = dance.len_mut(top as u32);
            debug_assert!(*len & COVERED == 0, "a plain node of an inactive item");
            *len -= 1;
            if *len == 0 && top as usize <= dance.primary {
                dance.choice.emptied();
            }
            hidden += 1;
        });
        hidden
    }

    /// Undoes `hide(rr)`; a cleansed node's neighbours point to it
    /// already, so only the length is conditional.
    #[inline(always)]
    pub(crate) fn unhide(&mut self, rr: u32) {
        let colored = self.colored;
        self.walk_others(rr, |dance, nn, Node { top, up, down, .. }| {
            let len = dance.len_mut(top as u32);
            let before = *len;
            *len += match colored {
                true => (before & COVERED == 0) as i32,
                false => 1,
            };
            dance.node_mut(up).down = nn;
            dance.node_mut(down).up = nn;
            if before == 0 && top as usize <= dance.primary {
                dance.choice.refilled();
            }
        });
    }

    /// Calls `f` on the nodes of `rr`'s option after `rr`, cyclically, as
    /// DLX2 walks them: up to the spacer after the option, then from its
    /// first node (the spacer's `up`). `f` may change links of other
    /// options only.
    #[inline(always)]
    fn walk_others(&mut self, rr: u32, mut f: impl FnMut(&mut Self, u32, Node)) {
        let mut nn = rr + 1;
        loop {
            let node = *self.node(nn);
            if node.top <= 0 {
                nn = node.up;
                break;
            }
            f(self, nn, node);
            nn += 1;
        }
        while nn != rr {
            let node = *self.node(nn);
            f(self, nn, node);
            nn += 1;
        }
    }

    /// Marks item `c` inactive and hides every option in its list from
    /// the option's other items. Counts as DLX2's `cover` does.
    pub(crate) fn cover(&mut self, c: u32) {
        self.deactivate(c);
        let mut hidden = 0;
        // Hiding an option changes no link of `c`'s list, so the next
        // option's node is read before this one is hidden: the loop in
        // `hide` ends at an unpredictable count, and the read is on its
        // way when the branch resolves.
        let mut rr = self.node(c).down;
        let mut node = *self.node(rr);
        while rr != c {
            let following = *self.node(node.down);
            hidden += self.hide(rr);
            (rr, node) = (node.down, following);
        }
        self.stats.updates += 1 + hidden;
    }

    /// Undoes `cover(c)`, the options in reverse order.
    pub(crate) fn uncover(&mut self, c: u32) {
        self.uncover_options(c);
        self.reactivate(c);
    }

    /// Brings back the options that `cover(c)` hid, leaving `c` inactive.
    pub(crate) fn uncover_options(&mut self, c: u32) {
        let mut rr = self.node(c).up;
        let mut node = *self.node(rr);
        while rr != c {
            let following = *self.node(node.up);
            self.unhide(rr);
            (rr, node) = (node.up, following);
        }
    }

    /// Takes item `c` out of the choice without hiding anything.
    #[inline]
    pub(crate) fn deactivate(&mut self, c: u32) {
        if c as usize <= self.primary {
            self.choice.cover(c, &self.len);
            self.active -= 1;
        }
        *self.len_mut(c) += COVERED;
    }

    /// Undoes `deactivate(c)`.
    #[inline]
    pub(crate) fn reactivate(&mut self, c: u32) {
        *self.len_mut(c) -= COVERED;
        if c as usize <= self.primary {
            self.choice.uncover(c, &self.len);
            self.active += 1;
        }
    }

    /// Whether secondary item `i` is purified, given that it is not
    /// covered (see the module docs).
    #[inline]
    pub(crate) fn is_purified(&self, i: u32) -> bool {
        self.len_of(i) & COVERED != 0
    }

    /// Whether node `p` purified its item: the item's header names it.
    #[inline]
    pub(crate) fn purified_by(&self, p: u32) -> bool {
        let i = self.node(p).top as u32;
        self.node(i).color == p
    }

    /// DLX2's `purify(p)`: fixes the color of node `p`'s secondary item to
    /// `p`'s, hiding the options in the item's list that give it another
    /// color or none, and cleansing the others.
    pub(crate) fn purify(&mut self, p: u32) {
        let i = self.node(p).top as u32;
        let x = self.color_of(p);
        *self.len_mut(i) += COVERED;
        self.node_mut(i).color = p;
        // The counts in registers: through `self` they would be read and
        // written again at every option.
        let (mut hidden, mut cleansed) = (0, 1);
        // As in `cover`: the next option is read before this one is hidden.
        let mut rr = self.node(i).down;
        let mut node = *self.node(rr);
        while rr != i {
            let following = *self.node(node.down);
            if node.color != x {
                hidden += self.hide(rr);
            } else {
                cleansed += 1;
            }
            (rr, node) = (node.down, following);
        }
        self.stats.updates += hidden;
        self.stats.cleansings += cleansed;
    }

    /// Undoes `purify(p)`.
    pub(crate) fn unpurify(&mut self, p: u32) {
        let i = self.node(p).top as u32;
        let x = self.color_of(p);
        let mut rr = self.node(i).up;
        let mut node = *self.node(rr);
        while rr != i {
            let following = *self.node(node.up);
            if node.color != x {
                self.unhide(rr);
            }
            (rr, node) = (node.up, following);
        }
        *self.len_mut(i) -= COVERED;
        self.node_mut(i).color = 0;
    }

    /// DLX3's `tweak(x, block)`: takes option node `x` out of its item's
    /// list, and with `block` hides its option from the other items too.
    #[inline(always)]
    pub(crate) fn tweak(&mut self, x: u32, block: bool) {
        if block {
            self.stats.updates += self.hide(x);
        }
        let Node { top, up, down, .. } = *self.node(x);
        self.node_mut(up).down = down;
        self.node_mut(down).up = up;
        let len = self.len_mut(top as u32);
        *len -= 1;
        // A covered item keeps its `COVERED` bit: only an active one
        // can run out of options here.
        if *len == 0 {
            self.choice.emptied();
        }
        self.stats.updates += 1;
    }

    /// DLX3's `untweak(c, x, unblock)`: puts back in item `c`'s list the
    /// nodes tweaked away since `x` was its first, and with `unblock`
    /// their options in the other items' lists; without, the options that
    /// covering `c` hid (leaving `c` inactive).
    #[inline(always)]
    pub(crate) fn untweak(&mut self, c: u32, x: u32, unblock: bool) {
        // The tweaked nodes still link down to each other, from `x` to
        // `c`'s first node now: only their `up` links and `c`'s `down`
        // need mending.
        let z = self.node(c).down;
        self.node_mut(c).down = x;
        let (mut rr, mut above, mut k) = (x, c, 0);
        while rr != z {
            self.node_mut(rr).up = above;
            k += 1;
            if unblock {
                self.unhide(rr);
            }
            above = rr;
            rr = self.node(rr).down;
        }
        self.node_mut(z).up = above;
        let len = self.len_mut(c);
        let before = *len;
        *len += k;
        if before == 0 && k > 0 {
            self.choice.refilled();
        }
        if !unblock {
            self.uncover_options(c);
        }
    }

    /// The node before option node `p` in its option, cyclically: the
    /// order in which an option's commits are undone.
    #[inline(always)]
    pub(crate) fn left(&self, p: u32) -> u32 {
        let Node { top, down, .. } = *self.node(p - 1);
        if top <= 0 {
            down
        } else {
            p - 1
        }
    }

    // The accessors below skip bounds checks, as Algorithm X's do (I0).

    #[inline(always)]
    pub(crate) fn node(&self, x: u32) -> &Node {
        debug_assert!((x as usize) < self.nodes.len());
        // SAFETY: `x` is a link or a neighbour of one (I0), so in bounds.
        unsafe { self.nodes.get_unchecked(x as usize) }
    }

    #[inline(always)]
    pub(crate) fn node_mut(&mut self, x: u32) -> &mut Node {
        debug_assert!((x as usize) < self.nodes.len());
        // SAFETY: as in `node`.
        unsafe { self.nodes.get_unchecked_mut(x as usize) }
    }

    #[inline(always)]
    pub(crate) fn len_of(&self, i: u32) -> i32 {
        debug_assert!((i as usize) < self.len.len());
        // SAFETY: `i` is a node's `top` > 0, an item (I0).
        unsafe { *self.len.get_unchecked(i as usize) }
    }

    /// The color option node `p` gives its item.
    #[inline(always)]
    pub(crate) fn color_of(&self, p: u32) -> u32 {
        self.node(p).color
    }

    /// The node after option node `p` in its option, cyclically: the one
    /// after it, or at the spacer after the option its first (the
    /// spacer's `up`).
    #[inline(always)]
    pub(crate) fn right(&self, p: u32) -> u32 {
        match *self.node(p + 1) {
            Node { top, up, .. } if top <= 0 => up,
            _ => p + 1,
        }
    }

    #[inline(always)]
    pub(crate) fn len_mut(&mut self, i: u32) -> &mut i32 {
        debug_assert!((i as usize) < self.len.len());
        // SAFETY: `i` is a node's `top` > 0, an item (I0).
        unsafe { self.len.get_unchecked_mut(i as usize) }
    }

    /// Where option node `x` stands in its item's list: `(k, t)`, the
    /// `k`-th of `t` (for Knuth's estimate of the fraction explored).
    pub(crate) fn position(&self, x: u32) -> (u32, u32) {
        let head = self.nodes[x as usize].top as u32;
        let mut k = 1;
        let mut y = self.nodes[head as usize].down;
        while y != x && y != head {
            k += 1;
            y = self.nodes[y as usize].down;
        }
        (k, (self.len[head as usize] & !COVERED).max(1) as u32)
    }

    /// The number of the option that node `x` belongs to.
    pub(crate) fn option_of(&self, x: u32) -> usize {
        match self.numbers.get(x as usize) {
            Some(&k) => k as usize,
            None => option_of(&self.nodes, x),
        }
    }

    /// Checks the invariants of the module docs; the first violation.
    pub(crate) fn check_invariants(&self) -> Result<(), String> {
        self.choice.check(&self.len)?;
        for i in 1..self.len.len() {
            self.check_item(i)?;
        }
        Ok(())
    }

    /// Whether item `i` is purified: secondary, marked, with a purifier.
    fn purifier(&self, i: usize) -> Option<u32> {
        let purifier = self.nodes[i].color;
        Some(purifier).filter(|&p| i > self.primary && p != 0)
    }

    /// I1, I2 and I4 for item `i`.
    fn check_item(&self, i: usize) -> Result<(), String> {
        let mut linked = vec![false; self.nodes.len()];
        let mut len = 0;
        let mut x = i as u32;
        loop {
            let down = self.nodes[x as usize].down;
            if self.nodes[down as usize].up != x {
                return Err(format!("item {i}: up(down({x})) != {x}"));
            }
            x = down;
            if x as usize == i {
                break;
            }
            if self.nodes[x as usize].top as usize != i {
                return Err(format!("node {x} in list {i} belongs elsewhere"));
            }
            linked[x as usize] = true;
            len += 1;
            if len > self.nodes.len() {
                return Err(format!("item {i}: list is not a ring"));
            }
        }
        if self.len[i] & !COVERED != len as i32 {
            let had = self.len[i] & !COVERED;
            return Err(format!("item {i}: length {had} but {len} nodes"));
        }
        if self.len[i] & COVERED != 0 {
            return Ok(());
        }
        let n = self.len.len() - 1;
        for (x, node) in self.nodes.iter().enumerate().skip(n + 1) {
            if node.top as usize == i && self.is_live(x as u32, i) != linked[x] {
                return Err(format!("node {x} of item {i}: linked is {}", linked[x]));
            }
        }
        Ok(())
    }

    /// Whether the option of node `x` is live, apart from `x`'s item `i`.
    fn is_live(&self, x: u32, i: usize) -> bool {
        option_nodes(&self.nodes, x).all(|y| {
            let item = self.nodes[y as usize].top as usize;
            let color = self.nodes[y as usize].color;
            item == i
                || self.len[item] & COVERED == 0
                || self.purifier(item).map_or(false, |p| {
                    color != 0 && self.nodes[p as usize].color == color
                })
        })
    }
}

/// Turns a visitor of option numbers into one of the option nodes chosen,
/// for engines whose state holds a [`Dance`]; `dance` finds it, `nodes`
/// picks the option nodes among the levels' choices.
pub(crate) fn naming<S, C: Choice, B, F>(
    mut visit: F,
    dance: fn(&S) -> &Dance<C>,
) -> impl FnMut(&S, &[u32]) -> ControlFlow<B>
where
    F: FnMut(&[usize]) -> ControlFlow<B>,
{
    // The solution named last time, by levels: `seen[l]` the node of level
    // `l`, and `kept[l]` how many options the levels above it named.
    // Consecutive solutions share most levels; only those after the first
    // that differs are named again.
    let (mut solution, mut seen, mut kept) = (Vec::new(), Vec::new(), vec![0]);
    move |solver, choice| {
        let dance = dance(solver);
        let same = seen.iter().zip(choice).take_while(|(a, b)| a == b).count();
        seen.truncate(same);
        kept.truncate(same + 1);
        solution.truncate(kept[same]);
        // A level that chose no option (Algorithm M's null move) holds
        // the item's header.
        let headers = dance.len.len() as u32;
        for &x in &choice[same..] {
            seen.push(x);
            if x >= headers {
                solution.push(dance.option_of(x));
            }
            kept.push(solution.len());
        }
        visit(&solution)
    }
}
