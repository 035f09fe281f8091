//! The memo's dancing links: DLX6's state, Algorithm C's arena where a
//! secondary item's length counts the live options that name it (cleansed
//! ones included), so that an item no live option needs drops out of the
//! signature; and the signature itself, kept up to date as items are
//! covered, purified and emptied.
//!
//! # The signature
//!
//! Two states with the same live options have the same solutions below
//! them. An option is live exactly when its primary items are uncovered
//! and each of its secondary items is open, or purified to the color the
//! option gives it; so the live options are a function of:
//!
//! * the set of uncovered primary items (a bit each), and
//! * for each secondary item that a live option still names (length > 0),
//!   its *code*: 1 while open, `1 + c` once purified to color `c` (the
//!   item's colors numbered 1, 2, ... in the order its list meets them);
//!   0 for every other secondary item, whose state no live option sees.
//!
//! Each item has a *field* of the key: one bit for a primary item, enough
//! bits for its largest code for a secondary one, packed into u64 words
//! (a field never straddles two). That is DLX6's signature; here it is
//! changed in place, a field at a time, where DLX6 builds it anew at every
//! node from its lists of active items.
//!
//! # Invariants
//!
//! Those of [`crate::dlx::dance`] for the links, with DLX6's lengths:
//!
//! * **M1** `len[i]` for a secondary item is the number of live options
//!   in its list (while it is purified, of the cleansed ones), or −1 for
//!   an item purified when no other option agreed with it; covered items
//!   keep the length they had.
//! * **M2** The field of a primary item is 1 exactly when it is uncovered;
//!   that of a secondary item is `code[i]` if `len[i] > 0`, else 0, where
//!   `code[i]` is 0 while it is covered, 1 while open, `1 + c` while
//!   purified to `c`.
//! * **M3** `active` is the number of uncovered primary items and `empty`
//!   the number of those with no live option.

use crate::dlx::arena::{arena, option_of, Node};
use crate::dlx::{Problem, Stats, COVERED};

/// Where an item's code sits in the key.
#[derive(Clone, Copy, Debug, Default)]
struct Field {
    word: u32,
    shift: u32,
    mask: u64,
}

/// DLX6's links and the signature; see the module docs.
#[derive(Clone, Debug)]
pub(crate) struct State {
    /// The number of primary items.
    pub(crate) primary: usize,
    /// `len[i]` for internal item `i` (M1), with `COVERED` set on a
    /// covered primary item.
    pub(crate) len: Vec<i32>,
    pub(crate) nodes: Vec<Node>,
    /// Per option node: its item's color code (0 for none), negated while
    /// the node is cleansed.
    color: Vec<i32>,
    /// The signature (M2).
    pub(crate) key: Vec<u64>,
    field: Vec<Field>,
    /// Per secondary item: its code while a live option names it (M2).
    code: Vec<u32>,
    /// Uncovered primary items, and those of them with no option (M3).
    pub(crate) active: usize,
    pub(crate) empty: u32,
    pub(crate) stats: Stats,
}

impl State {
    /// The links of `problem`, every item uncovered.
    pub(crate) fn new(problem: &Problem) -> State {
        let (len, nodes) = arena(problem);
        let n = problem.primary + problem.secondary;
        let mut raw = vec![0u32; nodes.len()];
        for k in 0..problem.options() {
            for &(entry, c) in problem.entry_colors(k) {
                raw[n + 2 + k + entry as usize] = c;
            }
        }
        // Number each secondary item's colors 1, 2, ... down its list.
        let mut color = vec![0i32; nodes.len()];
        let mut widths = vec![1u32; n + 1];
        let mut seen: Vec<u32> = Vec::new();
        for i in problem.primary + 1..=n {
            seen.clear();
            let mut x = nodes[i].down;
            while x as usize != i {
                if raw[x as usize] != 0 {
                    let at = match seen.iter().position(|&c| c == raw[x as usize]) {
                        Some(at) => at,
                        None => {
                            seen.push(raw[x as usize]);
                            seen.len() - 1
                        }
                    };
                    color[x as usize] = at as i32 + 1;
                }
                x = nodes[x as usize].down;
            }
            // Codes 0 ..= 1 + colors.
            widths[i] = 64 - u64::from(1 + seen.len() as u32).leading_zeros();
        }
        let (field, words) = layout(&widths);
        let mut state = State {
            primary: problem.primary,
            empty: len[1..=problem.primary].iter().filter(|&&l| l == 0).count() as u32,
            len,
            nodes,
            color,
            key: vec![0; words],
            field,
            code: vec![1; n + 1],
            active: problem.primary,
            stats: Stats::default(),
        };
        for i in 1..=n {
            let live = i <= state.primary || state.len[i] > 0;
            state.set_field(i as u32, u32::from(live));
        }
        state
    }

    /// Sets item `i`'s field of the key to `value`.
    #[inline(always)]
    fn set_field(&mut self, i: u32, value: u32) {
        let f = self.field[i as usize];
        let word = &mut self.key[f.word as usize];
        *word = (*word & !(f.mask << f.shift)) | u64::from(value) << f.shift;
    }

    /// Whether internal item `i` is primary.
    #[inline(always)]
    fn is_primary(&self, i: u32) -> bool {
        i as usize <= self.primary
    }

    /// Hides option node `nn` from its item's list, unless it is cleansed
    /// (DLX6 counts it, and its item's length, all the same).
    #[inline(always)]
    fn hide_node(&mut self, nn: u32) {
        let Node { top, up, down, .. } = self.nodes[nn as usize];
        if self.color[nn as usize] >= 0 {
            self.nodes[up as usize].down = down;
            self.nodes[down as usize].up = up;
        }
        let len = &mut self.len[top as usize];
        *len -= 1;
        if *len == 0 {
            if self.is_primary(top as u32) {
                self.empty += 1;
            } else {
                self.set_field(top as u32, 0);
            }
        }
    }

    /// Undoes `hide_node(nn)`.
    #[inline(always)]
    fn unhide_node(&mut self, nn: u32) {
        let Node { top, up, down, .. } = self.nodes[nn as usize];
        if self.color[nn as usize] >= 0 {
            self.nodes[up as usize].down = nn;
            self.nodes[down as usize].up = nn;
        }
        let len = &mut self.len[top as usize];
        *len += 1;
        if *len == 1 {
            if self.is_primary(top as u32) {
                self.empty -= 1;
            } else {
                self.set_field(top as u32, self.code[top as usize]);
            }
        }
    }

    /// Hides the option of node `rr` from its other items' lists;
    /// returns how many nodes that was.
    #[inline(always)]
    fn hide(&mut self, rr: u32) -> u64 {
        let mut nn = self.nodes[rr as usize].right;
        let mut hidden = 0;
        while nn != rr {
            self.hide_node(nn);
            hidden += 1;
            nn = self.nodes[nn as usize].right;
        }
        hidden
    }

    /// Undoes `hide(rr)`.
    #[inline(always)]
    fn unhide(&mut self, rr: u32) {
        let mut nn = self.nodes[rr as usize].right;
        while nn != rr {
            self.unhide_node(nn);
            nn = self.nodes[nn as usize].right;
        }
    }

    /// DLX6's `cover(c)`: item `c` leaves the signature, and every option
    /// in its list leaves its other items' lists.
    pub(crate) fn cover(&mut self, c: u32) {
        if self.is_primary(c) {
            if self.len[c as usize] == 0 {
                self.empty -= 1;
            }
            self.len[c as usize] += COVERED;
            self.active -= 1;
        } else {
            self.code[c as usize] = 0;
        }
        self.set_field(c, 0);
        let mut hidden = 1;
        let mut rr = self.nodes[c as usize].down;
        while rr != c {
            hidden += self.hide(rr);
            rr = self.nodes[rr as usize].down;
        }
        self.stats.updates += hidden;
    }

    /// Undoes `cover(c)`, the options in reverse order.
    pub(crate) fn uncover(&mut self, c: u32) {
        let mut rr = self.nodes[c as usize].up;
        while rr != c {
            self.unhide(rr);
            rr = self.nodes[rr as usize].up;
        }
        if self.is_primary(c) {
            self.len[c as usize] -= COVERED;
            if self.len[c as usize] == 0 {
                self.empty += 1;
            }
            self.active += 1;
        } else {
            self.code[c as usize] = 1;
        }
        self.set_field(c, 1);
    }

    /// DLX6's `purify(p)`: fixes the color of node `p`'s secondary item to
    /// `p`'s, hiding the options that give it another color or none and
    /// cleansing the others.
    fn purify(&mut self, p: u32) {
        let s = self.nodes[p as usize].top as u32;
        let x = self.color[p as usize];
        self.stats.cleansings += 1;
        let mut left = self.len[s as usize];
        let mut rr = self.nodes[s as usize].down;
        while rr != s {
            if self.color[rr as usize] != x {
                left -= 1;
                self.stats.updates += self.hide(rr);
            } else {
                self.stats.cleansings += 1;
                self.color[rr as usize] = -x;
            }
            rr = self.nodes[rr as usize].down;
        }
        self.code[s as usize] = 1 + x as u32;
        if left > 0 {
            self.len[s as usize] = left;
            self.set_field(s, 1 + x as u32);
        } else {
            // DLX6's signal that the item was purified to nothing: a
            // length of 0 would make the option's undoing skip it.
            self.len[s as usize] = -1;
            self.set_field(s, 0);
        }
    }

    /// Undoes `purify(p)`.
    fn unpurify(&mut self, p: u32) {
        let s = self.nodes[p as usize].top as u32;
        let x = self.color[p as usize];
        let mut len = self.len[s as usize].max(0);
        let mut rr = self.nodes[s as usize].up;
        while rr != s {
            if self.color[rr as usize] < 0 {
                self.color[rr as usize] = x;
            } else {
                len += 1;
                self.unhide(rr);
            }
            rr = self.nodes[rr as usize].up;
        }
        self.len[s as usize] = len;
        self.code[s as usize] = 1;
        self.set_field(s, 1);
    }

    /// DLX6's step after choosing option node `x`: covers or purifies its
    /// other items, left to right after `x`, skipping the secondary items
    /// no live option names any more.
    pub(crate) fn commit_others(&mut self, x: u32) {
        let mut p = self.nodes[x as usize].right;
        while p != x {
            let Node { top, right, .. } = self.nodes[p as usize];
            if self.is_primary(top as u32) || self.len[top as usize] != 0 {
                match self.color[p as usize] {
                    0 => self.cover(top as u32),
                    c if c > 0 => self.purify(p),
                    _ => {}
                }
            }
            p = right;
        }
    }

    /// Undoes `commit_others(x)`, right to left.
    pub(crate) fn uncommit_others(&mut self, x: u32) {
        let mut p = self.left(x);
        while p != x {
            let top = self.nodes[p as usize].top;
            if self.is_primary(top as u32) || self.len[top as usize] != 0 {
                match self.color[p as usize] {
                    0 => self.uncover(top as u32),
                    c if c > 0 => self.unpurify(p),
                    _ => {}
                }
            }
            p = self.left(p);
        }
    }

    /// For each option of `options`, one of its nodes on a primary item.
    ///
    /// # Panics
    /// If an option names no primary item (a search never chooses one).
    pub(crate) fn primary_nodes(&self, options: &[usize]) -> Vec<u32> {
        // Option k's first node is the one after its spacer, whose `top`
        // is -k: find the spacers once.
        let mut first = vec![0u32; options.len()];
        let mut wanted: Vec<(usize, usize)> = options.iter().copied().zip(0..).collect();
        wanted.sort_unstable();
        let mut next = wanted.iter().peekable();
        let headers = self.len.len();
        for (x, node) in self.nodes.iter().enumerate().skip(headers) {
            while let Some(&&(k, at)) = next.peek() {
                if node.top > 0 || -(node.top as i64) != k as i64 {
                    break;
                }
                first[at] = x as u32 + 1;
                next.next();
            }
        }
        first
            .into_iter()
            .map(|mut p| {
                assert!(p != 0, "an option that does not exist");
                while !self.is_primary(self.nodes[p as usize].top as u32) {
                    assert!(
                        self.nodes[p as usize].top > 0,
                        "an option with no primary item"
                    );
                    p += 1;
                }
                p
            })
            .collect()
    }

    /// Takes the option of node `p`, on a primary item, as a search
    /// would: covers that item, then commits the others.
    pub(crate) fn take(&mut self, p: u32) {
        self.cover(self.nodes[p as usize].top as u32);
        self.commit_others(p);
    }

    /// Undoes `take(p)`.
    pub(crate) fn untake(&mut self, p: u32) {
        self.uncommit_others(p);
        self.uncover(self.nodes[p as usize].top as u32);
    }

    /// The node before option node `p` in its option, cyclically.
    #[inline(always)]
    fn left(&self, p: u32) -> u32 {
        let Node { top, down, .. } = self.nodes[p as usize - 1];
        if top <= 0 {
            down
        } else {
            p - 1
        }
    }

    /// The signature of the state after option node `x` of the covered
    /// item is chosen, but for the secondary items that would drop out
    /// (a guess, to prefetch its count), written into `guess`.
    #[inline]
    pub(crate) fn guess_child(&self, x: u32, guess: &mut [u64]) {
        guess.copy_from_slice(&self.key);
        let mut p = self.nodes[x as usize].right;
        while p != x {
            let Node { top, right, .. } = self.nodes[p as usize];
            if self.is_primary(top as u32) {
                let f = self.field[top as usize];
                guess[f.word as usize] &= !(1 << f.shift);
            }
            p = right;
        }
    }

    /// The number of the option that node `x` belongs to.
    pub(crate) fn option_of(&self, x: u32) -> usize {
        option_of(&self.nodes, x)
    }

    /// The signature computed from scratch (M2), for the tests.
    #[cfg(test)]
    pub(crate) fn fresh_key(&self) -> Vec<u64> {
        let mut state = self.clone();
        state.key.iter_mut().for_each(|w| *w = 0);
        for i in 1..self.len.len() {
            let value = if self.is_primary(i as u32) {
                u32::from(self.len[i] & COVERED == 0)
            } else if self.len[i] > 0 {
                self.code[i]
            } else {
                0
            };
            state.set_field(i as u32, value);
        }
        state.key
    }
}

/// The fields of items of these widths (`widths[i]` bits for internal
/// item `i`; `widths[0]` is unused), and the number of words they take.
fn layout(widths: &[u32]) -> (Vec<Field>, usize) {
    let mut fields = vec![Field::default(); widths.len()];
    let (mut word, mut shift) = (0u32, 0u32);
    for (i, &width) in widths.iter().enumerate().skip(1) {
        if shift + width > 64 {
            word += 1;
            shift = 0;
        }
        fields[i] = Field {
            word,
            shift,
            mask: (1u64 << width) - 1,
        };
        shift += width;
    }
    (fields, word as usize + 1)
}
