//! DLX5's dance: covering an item hides only its options cheaper than
//! the threshold, since dearer ones can no longer be chosen.

use crate::dlx::cost::{Node, Solver};

impl Solver {
    /// DLX5's `cover(c, thresh)`: takes `c` out of the active list (if it
    /// is primary) and hides its options cheaper than `threshold`.
    pub(super) fn cover(&mut self, c: u32, threshold: u64) {
        if (c as usize) < self.active.len() {
            let (l, r) = self.active[c as usize];
            self.active[l as usize].1 = r;
            self.active[r as usize].0 = l;
        }
        self.stats.updates += 1;
        let mut rr = self.nodes[c as usize].down;
        while rr != c && u64::from(self.nodes[rr as usize].cost) < threshold {
            self.hide(rr);
            rr = self.nodes[rr as usize].down;
        }
    }

    /// Undoes `cover(c, threshold)`, going down the list as covering did
    /// (dlx5.w: the links come back all the same).
    pub(super) fn uncover(&mut self, c: u32, threshold: u64) {
        let mut rr = self.nodes[c as usize].down;
        while rr != c && u64::from(self.nodes[rr as usize].cost) < threshold {
            self.unhide(rr);
            rr = self.nodes[rr as usize].down;
        }
        if (c as usize) < self.active.len() {
            let (l, r) = self.active[c as usize];
            self.active[l as usize].1 = c;
            self.active[r as usize].0 = c;
        }
    }

    /// Unlinks the nodes of `rr`'s option other than `rr` from their
    /// lists, but the cleansed ones, counting an update for each.
    #[inline]
    fn hide(&mut self, rr: u32) {
        let primary = self.active.len() as i32 - 1;
        let mut nn = rr + 1;
        while nn != rr {
            let node = self.nodes[nn as usize];
            if node.top <= 0 {
                nn = node.up;
                continue;
            }
            if node.color >= 0 {
                self.nodes[node.up as usize].down = node.down;
                self.nodes[node.down as usize].up = node.up;
                self.stats.updates += 1;
                if node.top <= primary {
                    self.len[node.top as usize] -= 1;
                }
            }
            nn += 1;
        }
    }

    /// Undoes `hide(rr)`.
    #[inline]
    fn unhide(&mut self, rr: u32) {
        let primary = self.active.len() as i32 - 1;
        let mut nn = rr + 1;
        while nn != rr {
            let node = self.nodes[nn as usize];
            if node.top <= 0 {
                nn = node.up;
                continue;
            }
            if node.color >= 0 {
                self.nodes[node.up as usize].down = nn;
                self.nodes[node.down as usize].up = nn;
                if node.top <= primary {
                    self.len[node.top as usize] += 1;
                }
            }
            nn += 1;
        }
    }

    /// DLX5's `purify(p, thresh)`: gives node `p`'s secondary item `p`'s
    /// color, hiding the options cheaper than `threshold` that give it
    /// another (or none) and cleansing those that give it the same.
    fn purify(&mut self, p: u32, threshold: u64) {
        let Node { top, color, .. } = self.nodes[p as usize];
        self.stats.cleansings += 1;
        let mut rr = self.nodes[top as usize].down;
        while rr != top as u32 && u64::from(self.nodes[rr as usize].cost) < threshold {
            if self.nodes[rr as usize].color != color {
                self.hide(rr);
            } else if rr != p {
                self.stats.cleansings += 1;
                self.nodes[rr as usize].color = -1;
            }
            rr = self.nodes[rr as usize].down;
        }
    }

    /// Undoes `purify(p, threshold)`.
    fn unpurify(&mut self, p: u32, threshold: u64) {
        let Node { top, color, .. } = self.nodes[p as usize];
        let mut rr = self.nodes[top as usize].down;
        while rr != top as u32 && u64::from(self.nodes[rr as usize].cost) < threshold {
            if self.nodes[rr as usize].color < 0 {
                self.nodes[rr as usize].color = color;
            } else if rr != p {
                self.unhide(rr);
            }
            rr = self.nodes[rr as usize].down;
        }
    }

    /// Covers or purifies the other items of `x`'s option, left to right
    /// from `x` and around, with `threshold`.
    pub(super) fn commit(&mut self, x: u32, threshold: u64) {
        let mut pp = x + 1;
        while pp != x {
            let node = self.nodes[pp as usize];
            if node.top <= 0 {
                pp = node.up;
                continue;
            }
            match node.color {
                0 => self.cover(node.top as u32, threshold),
                c if c > 0 => self.purify(pp, threshold),
                _ => {}
            }
            pp += 1;
        }
    }

    /// Undoes `commit(x, threshold)`, right to left.
    pub(super) fn uncommit(&mut self, x: u32, threshold: u64) {
        let mut pp = x - 1;
        while pp != x {
            let node = self.nodes[pp as usize];
            if node.top <= 0 {
                pp = node.down;
                continue;
            }
            match node.color {
                0 => self.uncover(node.top as u32, threshold),
                c if c > 0 => self.unpurify(pp, threshold),
                _ => {}
            }
            pp -= 1;
        }
    }
}
