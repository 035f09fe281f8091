//! The sparse sets that both cells engines share: the layout that the
//! module docs of [`crate::dlx::cells`] describe, and its moves.

use crate::dlx::Problem;

/// The high bit of an entry's `item` marks an entry that gives its item a
/// color: only such an entry can meet an item that is no longer active
/// (purified for that color at an earlier level) while its option is
/// still live.
pub(crate) const COLORED: u32 = 1 << 31;

/// A node: an item of an option, and where it is in `set`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// The item, with [`COLORED`] if the option gives it a color.
    pub(crate) item: u32,
    /// Where the node is in `set`: inside its item's region (I2).
    pub(crate) loc: u32,
}

/// A place between options laid out at a stride (`Arena::new`): no
/// item's, never in a set.
const PAD: Node = Node {
    item: u32::MAX,
    loc: u32::MAX,
};

impl Node {
    fn is_pad(&self) -> bool {
        self.item == PAD.item
    }
}

/// Eight nodes, one cache line: the arena keeps its nodes in lines so
/// that an option laid out at a multiple of its stride never straddles
/// two of them.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
pub(crate) struct Line([Node; 8]);

/// Where the options of `len` nodes each start, one after another: at
/// multiples of this many nodes, so that an option of up to 8 nodes sits
/// in one line.
pub(crate) const fn stride(len: u32) -> u32 {
    len.next_power_of_two()
}

/// What a node knows of its option: where the option's nodes end and how
/// many there are. Apart from the nodes, which stay 8 bytes: it is read
/// once for each option hidden, they once for each update.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span {
    pub(crate) end: u32,
    pub(crate) len: u32,
}

/// The state both engines search on; see the module docs of
/// [`crate::dlx::cells`] for the invariants I1–I4.
#[derive(Clone, Debug)]
pub(crate) struct Arena {
    /// The number of primary items, `0..primary`.
    pub(crate) primary: u32,
    /// The options that name a primary item, node after node (with
    /// [`PAD`]s between them if they are laid out at a stride), eight to
    /// a line; see [`Arena::nodes`].
    lines: Vec<Line>,
    /// `span[x]`: the option of node `x`.
    pub(crate) span: Vec<Span>,
    /// `color[x]`: the color that node `x` gives its item, 0 for none;
    /// empty for a problem without colors.
    pub(crate) color: Vec<u32>,
    /// Item `i`'s region is `base[i]..base[i + 1]`: its live options are
    /// the nodes in `set[base[i]..base[i] + size[i]]`, those it has lost
    /// follow.
    pub(crate) set: Vec<u32>,
    pub(crate) base: Vec<u32>,
    pub(crate) size: Vec<u32>,
    /// A sparse set of the items: `item[..active]` are the active ones,
    /// and `pos` is its inverse (I1).
    pub(crate) item: Vec<u32>,
    pub(crate) pos: Vec<u32>,
    pub(crate) active: u32,
    /// The first node of each option kept, then the number of nodes.
    starts: Vec<u32>,
    /// The problem's number of each option kept.
    numbers: Vec<u32>,
    /// The number of nodes of every option, or 0 if they differ.
    pub(crate) uniform: u32,
    /// `scattered[i]`: whether item `i`'s nodes sit at different places
    /// in their options (not all first, or all second, ...).
    pub(crate) scattered: Vec<bool>,
    /// Whether some option names a secondary item.
    pub(crate) secondary: bool,
    /// Whether a primary item has no option at all (no search then).
    pub(crate) hopeless: bool,
}

/// Where each region starts when region `i` has `size[i]` entries.
fn starts_of(size: &[u32]) -> Vec<u32> {
    let mut next = 0;
    let mut starts = Vec::with_capacity(size.len());
    for &s in size {
        starts.push(next);
        next += s;
    }
    starts
}

/// For each of the `n` items, whether its nodes sit at different places
/// in their options.
fn scattered(nodes: &[Node], span: &[Span], n: usize) -> Vec<bool> {
    let mut place = vec![None; n];
    let mut scattered = vec![false; n];
    for (x, (node, span)) in nodes.iter().zip(span).enumerate() {
        if node.is_pad() {
            continue;
        }
        let i = (node.item & !COLORED) as usize;
        let at = x as u32 + span.len - span.end;
        scattered[i] |= place[i].map_or(false, |p| p != at);
        place[i] = Some(at);
    }
    scattered
}

/// The options of `problem` that name a primary item, the number of
/// nodes of every one of them (0 if they differ), and whether some gives
/// a color.
fn kept_options(problem: &Problem) -> (Vec<usize>, u32, bool) {
    let kept: Vec<usize> = (0..problem.options())
        .filter(|&k| {
            problem
                .slice(k)
                .iter()
                .any(|&i| (i as usize) < problem.primary)
        })
        .collect();
    let length = |k: usize| problem.slice(k).len() as u32;
    let uniform = match kept.first() {
        Some(&first) if kept.iter().all(|&k| length(k) == length(first)) => length(first),
        _ => 0,
    };
    let colored = kept
        .iter()
        .any(|&k| problem.colored_option(k).any(|(_, c)| c != 0));
    (kept, uniform, colored)
}

/// `nodes` in lines of eight, the last one filled up with [`PAD`]s.
fn lines_of(nodes: &[Node]) -> Vec<Line> {
    let line = |chunk: &[Node]| {
        let mut line = Line([PAD; 8]);
        line.0[..chunk.len()].copy_from_slice(chunk);
        line
    };
    nodes.chunks(8).map(line).collect()
}

/// The options kept, laid out: their nodes, with [`PAD`]s between them
/// if each starts at a multiple of `step`, each node's span and color,
/// the first node of each option and then the number of nodes, the
/// number of each in the problem, and the number of options of each item
/// (and one more place).
struct Layout {
    nodes: Vec<Node>,
    span: Vec<Span>,
    color: Vec<u32>,
    starts: Vec<u32>,
    numbers: Vec<u32>,
    size: Vec<u32>,
}

fn lay_out(problem: &Problem, kept: &[usize], step: usize) -> Layout {
    let mut nodes = Vec::with_capacity(problem.items.len());
    let mut span = Vec::with_capacity(problem.items.len());
    let mut color = Vec::with_capacity(problem.items.len());
    let (mut starts, mut numbers) = (Vec::new(), Vec::new());
    let mut size = vec![0u32; problem.primary + problem.secondary + 1];
    for &k in kept {
        while nodes.len() % step != 0 {
            nodes.push(PAD);
            span.push(Span { end: 0, len: 0 });
            color.push(0);
        }
        let first = nodes.len() as u32;
        let len = problem.slice(k).len() as u32;
        starts.push(first);
        numbers.push(k as u32);
        for (i, c) in problem.colored_option(k) {
            size[i] += 1;
            let flag = if c != 0 { COLORED } else { 0 };
            nodes.push(Node {
                item: i as u32 | flag,
                loc: 0,
            });
            span.push(Span {
                end: first + len,
                len,
            });
            color.push(c);
        }
    }
    starts.push(nodes.len() as u32);
    Layout {
        nodes,
        span,
        color,
        starts,
        numbers,
        size,
    }
}

impl Arena {
    /// The arena of `problem`, every item active. Options that name no
    /// primary item are left out, as Knuth's programs leave them out:
    /// they are never chosen, and in an item's set they would change the
    /// order in which the others move.
    ///
    /// With `strides`, options without colors that all have `L` nodes, 3
    /// to 7, start at multiples of [`stride`]`(L)`, so that each sits in
    /// one cache line (the walks compiled for `L` read no span, and
    /// pentominoes take 8% less time); the places between are [`PAD`]s.
    pub(crate) fn new(problem: &Problem, strides: bool) -> Arena {
        let primary = problem.primary;
        let n = primary + problem.secondary;
        let (kept, uniform, colored) = kept_options(problem);
        let step = match strides && !colored && (3..=7).contains(&uniform) {
            true => stride(uniform) as usize,
            false => 1,
        };
        let Layout {
            nodes,
            span,
            mut color,
            starts,
            numbers,
            mut size,
        } = lay_out(problem, &kept, step);
        if !colored {
            color = Vec::new();
        }
        let base = starts_of(&size);
        size.pop();
        let hopeless = size[..primary].contains(&0);
        let scattered = scattered(&nodes, &span, n);
        let secondary = nodes
            .iter()
            .any(|node| !node.is_pad() && node.item >= primary as u32);
        let mut arena = Arena {
            primary: primary as u32,
            // One more place: a sentinel, read (never used) past the last.
            set: vec![0; nodes.len() + 2],
            lines: lines_of(&nodes),
            span,
            color,
            base,
            size,
            item: (0..n as u32).collect(),
            pos: (0..n as u32).collect(),
            active: n as u32,
            starts,
            numbers,
            uniform,
            scattered,
            secondary,
            hopeless,
        };
        arena.reset();
        arena
    }

    /// The nodes, [`PAD`]s included: the lines one after another.
    pub(crate) fn nodes(&self) -> &[Node] {
        // SAFETY: a `Line` is eight `Node`s and nothing else (`repr(C)`,
        // 64 bytes, the alignment of its size), so `lines` holds
        // `8 * lines.len()` nodes one after another.
        unsafe { std::slice::from_raw_parts(self.lines.as_ptr().cast(), 8 * self.lines.len()) }
    }

    fn nodes_mut(&mut self) -> &mut [Node] {
        // SAFETY: as in `nodes`.
        unsafe {
            std::slice::from_raw_parts_mut(self.lines.as_mut_ptr().cast(), 8 * self.lines.len())
        }
    }

    /// Puts every option back in its items' sets in the order of the
    /// problem, and makes every item active: the state before a search.
    /// (A search leaves the sets in another order, which would change the
    /// order of the next search's solutions.)
    pub(crate) fn reset(&mut self) {
        let mut fill = self.base.clone();
        for x in 0..self.nodes().len() {
            let node = self.nodes()[x];
            if node.is_pad() {
                continue;
            }
            let i = (node.item & !COLORED) as usize;
            self.nodes_mut()[x].loc = fill[i];
            self.set[fill[i] as usize] = x as u32;
            fill[i] += 1;
        }
        for (i, size) in self.size.iter_mut().enumerate() {
            *size = self.base[i + 1] - self.base[i];
        }
        let n = self.item.len() as u32;
        self.item.iter_mut().zip(0..).for_each(|(x, i)| *x = i);
        self.pos.iter_mut().zip(0..).for_each(|(x, i)| *x = i);
        self.active = n;
    }

    /// The number of items.
    pub(crate) fn items(&self) -> usize {
        self.item.len()
    }

    /// The problem's number of the option that node `x` belongs to.
    pub(crate) fn option_of(&self, x: u32) -> usize {
        let k = self.starts.partition_point(|&s| s <= x) - 1;
        self.numbers[k] as usize
    }

    /// The item of node `x`.
    pub(crate) fn item_of(&self, x: u32) -> u32 {
        self.nodes()[x as usize].item & !COLORED
    }

    /// Where node `x` is in `set`.
    pub(crate) fn loc(&self, x: u32) -> u32 {
        self.nodes()[x as usize].loc
    }

    /// Node `x`'s item, and where `x` is in the item's set.
    pub(crate) fn place(&self, x: u32) -> (u32, u32) {
        let item = self.item_of(x);
        (item, self.loc(x) - self.base[item as usize])
    }

    /// Moves active item `i` to the end of the active items and makes it
    /// inactive (`item[active]` afterwards).
    #[inline(always)]
    pub(crate) fn deactivate(&mut self, i: u32) {
        debug_assert!(self.active > 0 && (i as usize) < self.pos.len());
        self.active -= 1;
        let last = self.active as usize;
        // SAFETY: `i` is an item and `active` was above 0 (`i` active), so
        // `last` and `pos[i]` index `item`, which holds items (I1).
        unsafe {
            let at = *self.pos.get_unchecked(i as usize);
            let other = *self.item.get_unchecked(last);
            *self.item.get_unchecked_mut(last) = i;
            *self.item.get_unchecked_mut(at as usize) = other;
            *self.pos.get_unchecked_mut(other as usize) = at;
            *self.pos.get_unchecked_mut(i as usize) = last as u32;
        }
    }

    /// Takes node `x` out of the options of its item `i` (whose size is
    /// `s + 1`), by swapping it with the last one (I2 and I3 kept); `at`
    /// is `x`'s `loc`.
    #[inline(always)]
    pub(crate) fn take_out(&mut self, x: u32, at: u32, i: u32, s: u32) {
        let last = self.base(i) + s;
        debug_assert!((last as usize) < self.set.len() && (at as usize) < self.set.len());
        // SAFETY: `last` (s < the item's size) and `at` are places of item
        // `i`'s region of `set` (I2), which holds nodes (I4); `i` is an
        // item.
        unsafe {
            let other = *self.set.get_unchecked(last as usize);
            *self.size.get_unchecked_mut(i as usize) = s;
            *self.set.get_unchecked_mut(last as usize) = x;
            *self.set.get_unchecked_mut(at as usize) = other;
            self.node_mut(x).loc = last;
            self.node_mut(other).loc = at;
        }
    }

    /// Node `x`.
    #[inline(always)]
    pub(crate) fn node(&self, x: u32) -> Node {
        debug_assert!((x as usize) < self.nodes().len());
        // SAFETY: `x` is a node, taken from `set` (I4) or found from a
        // node's `Span`.
        unsafe { *self.nodes().get_unchecked(x as usize) }
    }

    #[inline(always)]
    fn node_mut(&mut self, x: u32) -> &mut Node {
        debug_assert!((x as usize) < self.nodes().len());
        // SAFETY: as in `node`.
        unsafe { self.nodes_mut().get_unchecked_mut(x as usize) }
    }

    /// Asks for node `x` and its span to be brought near, for an option
    /// about to be hidden: they are read in turn, each at a different
    /// place, and on a big problem not in the nearest cache (5% of the
    /// time on pentominoes). Not the span when every option has `L`
    /// nodes: it is not read then (3% less time on pentominoes; asking
    /// for the option's last node instead cost 2.5%).
    #[inline(always)]
    pub(crate) fn prefetch<const L: u32>(&self, x: u32) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch never faults; `x` is a node anyway (I4).
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch(
                self.lines.as_ptr().cast::<Node>().add(x as usize) as *const i8,
                _MM_HINT_T0,
            );
            if L == 0 {
                _mm_prefetch(self.span.as_ptr().add(x as usize) as *const i8, _MM_HINT_T0);
            }
        }
        let _ = x;
    }

    /// Node `x`'s option.
    #[inline(always)]
    pub(crate) fn span(&self, x: u32) -> Span {
        debug_assert!((x as usize) < self.span.len());
        // SAFETY: as in `node`.
        unsafe { *self.span.get_unchecked(x as usize) }
    }

    /// Node `x`'s option, when every option has `L` nodes (then found
    /// without a load: options are laid out at multiples of
    /// [`stride`]`(L)`), or any number for `L` = 0.
    #[inline(always)]
    pub(crate) fn span_of<const L: u32>(&self, x: u32) -> Span {
        match L {
            0 => self.span(x),
            _ => Span {
                end: x - x % stride(L) + L,
                len: L,
            },
        }
    }

    /// The size of item `i`.
    #[inline(always)]
    pub(crate) fn size(&self, i: u32) -> u32 {
        debug_assert!((i as usize) < self.size.len());
        // SAFETY: `i` is an item (an entry's item, or from `item`).
        unsafe { *self.size.get_unchecked(i as usize) }
    }

    /// Where item `i`'s region of `set` starts.
    #[inline(always)]
    pub(crate) fn base(&self, i: u32) -> u32 {
        debug_assert!((i as usize) < self.base.len());
        // SAFETY: as in `size`.
        unsafe { *self.base.get_unchecked(i as usize) }
    }

    /// Where item `i` is in `item`.
    #[inline(always)]
    pub(crate) fn pos(&self, i: u32) -> u32 {
        debug_assert!((i as usize) < self.pos.len());
        // SAFETY: as in `size`.
        unsafe { *self.pos.get_unchecked(i as usize) }
    }

    /// `set[p]`, for `p` in a region or one of the two places after the
    /// last.
    #[inline(always)]
    pub(crate) fn at(&self, p: u32) -> u32 {
        debug_assert!((p as usize) < self.set.len());
        // SAFETY: `set` has two places more than nodes (`new`).
        unsafe { *self.set.get_unchecked(p as usize) }
    }

    /// The `k`-th option of item `i` now (`set[base[i] + k]`).
    #[inline(always)]
    pub(crate) fn option(&self, i: u32, k: u32) -> u32 {
        let at = (self.base(i) + k) as usize;
        debug_assert!(at < self.set.len());
        // SAFETY: callers ask for `k` below the item's number of nodes,
        // which keeps `at` inside its region of `set`.
        unsafe { *self.set.get_unchecked(at) }
    }

    /// Whether item `i` is active.
    #[inline(always)]
    pub(crate) fn is_active(&self, i: u32) -> bool {
        self.pos(i) < self.active
    }

    /// Checks I1 and I2 of the module docs: the first violation found.
    pub(crate) fn check_sets(&self) -> Result<(), String> {
        for (k, &i) in self.item.iter().enumerate() {
            if self.pos[i as usize] as usize != k {
                return Err(format!(
                    "item[{k}] = {i} but pos[{i}] = {}",
                    self.pos[i as usize]
                ));
            }
        }
        for (x, node) in self.nodes().iter().enumerate() {
            if node.is_pad() {
                continue;
            }
            let i = (node.item & !COLORED) as usize;
            let (lo, hi) = (self.base[i], self.base[i + 1]);
            if node.loc < lo || node.loc >= hi || self.set[node.loc as usize] != x as u32 {
                return Err(format!("node {x} of item {i}: loc {} is wrong", node.loc));
            }
        }
        Ok(())
    }

    /// Checks I3 for every active item: the first `size` entries of its
    /// set are its live options. (An option in the set may meet an
    /// inactive item only on a colored node, of an item purified above;
    /// one out of it meets an inactive item.)
    pub(crate) fn check_live(&self) -> Result<(), String> {
        for &i in &self.item[..self.active as usize] {
            let (b, s) = (self.base[i as usize], self.size[i as usize]);
            for p in b..self.base[i as usize + 1] {
                let x = self.set[p as usize];
                let Span { end, len } = self.span[x as usize];
                let mut meets_inactive = false;
                let mut only_colored = true;
                for node in &self.nodes()[(end - len) as usize..end as usize] {
                    let j = node.item & !COLORED;
                    if j != i && !self.is_active(j) {
                        meets_inactive = true;
                        only_colored &= node.item & COLORED != 0 && j >= self.primary;
                    }
                }
                let live = p < b + s;
                if live && meets_inactive && !only_colored {
                    return Err(format!("item {i}: node {x} is in its set, but dead"));
                }
                if !live && !meets_inactive {
                    return Err(format!("item {i}: node {x} is out of its set, but live"));
                }
            }
        }
        Ok(())
    }
}
