//! Taking options out of the sets: [`Solver`]'s hide, where SSXCC spends
//! nearly all its time on tilings, and the walk over an option's nodes.
//!
//! Each option hidden is walked from the node after the one in the hidden
//! item's set, wrapping around at the option's end. Where that node sits
//! in its option decides where the walk wraps, and so the branches that
//! end the walk's loops: if it sits at the same place in all the options
//! of the item (queens: a row is always the first item), those branches
//! are predicted; if not (pentominoes: a cell is anywhere in a piece),
//! they miss about once per option. So an item whose nodes sit at
//! different places (`Arena::scattered`) has its options walked by one
//! loop of a fixed count that finds each node with a conditional move
//! ([`Solver::remove`]); the others by two loops over ranges ([`others`]).
//! And when every option has the same number of nodes `L` (a tiling by
//! pieces of one size, queens, Langford pairs), the walk is compiled for
//! that `L`: the options are laid out at multiples of `stride(L)`, each in
//! one cache line, the option's end comes from `x` by arithmetic rather
//! than from a load, and the loop of fixed count is unrolled. On
//! pentominoes in 5 × 12 the compiled walk took 11% of the time off, and
//! the lines 10% more (Langford pairs 4%, queens nothing); on p4205
//! (options of 4 to 6 nodes, neither) the loop of fixed count, 4%.
//!
//! Colored options keep the two loops: the purified items they skip make
//! a walk without branches slower (wordsquare 27%, colors-random 5%).

use super::arena::{Arena, Span, COLORED};
use super::{Force, Solver};

impl Solver {
    /// Takes the options of item `c` that do not give it `color` (all of
    /// them for color 0) out of the sets of their other items; `false` at
    /// the first active primary item left without options.
    #[inline(never)]
    pub(super) fn hide<const COLORS: bool, const SEC: bool, const L: u32>(
        &mut self,
        c: u32,
        color: u32,
        was_active: u32,
    ) -> bool {
        let mut updates = 0;
        let (first, size) = (self.arena.base(c), self.arena.size(c));
        let scattered = self.walks_around::<COLORS>(c);
        let mut done = true;
        for p in first..first + size {
            let x = self.arena.at(p);
            self.arena.prefetch::<L>(self.arena.at(p + 2));
            let agrees = COLORS && color != 0 && self.arena.color[x as usize] == color;
            if !agrees
                && !self.remove::<true, COLORS, SEC, L>(x, scattered, was_active, &mut updates)
            {
                done = false;
                break;
            }
        }
        self.stats.updates += updates;
        done
    }

    /// Whether the options of item `c` are walked by one loop of a fixed
    /// count (see the module docs): without colors, if its nodes sit at
    /// different places in their options.
    #[inline(always)]
    pub(super) fn walks_around<const COLORS: bool>(&self, c: u32) -> bool {
        !COLORS && self.arena.scattered[c as usize]
    }

    /// Takes the option of node `x` out of the sets of its items other
    /// than `x`'s, left to right after `x` and wrapping around, and counts
    /// the updates; by one loop of a fixed count if `scattered`, else by
    /// two loops over ranges. `L` is the number of nodes of every option,
    /// or 0; `SEC`, whether some option names a secondary item. A node of an item
    /// that was not active before this level began (`was_active`) stays:
    /// with colors, an item purified above; without, there is none. With
    /// `CHECK`, stops with `false` at an active primary item that would
    /// have no option left, and puts one that has one left on the force
    /// stack.
    #[inline(always)]
    pub(super) fn remove<const CHECK: bool, const COLORS: bool, const SEC: bool, const L: u32>(
        &mut self,
        x: u32,
        scattered: bool,
        was_active: u32,
        updates: &mut u64,
    ) -> bool {
        let Solver { arena, force, .. } = self;
        let Span { end, len } = arena.span_of::<L>(x);
        // Loops that call `take` by name: it is inlined in each (a closure
        // called from three places was not, and cost 30%).
        if scattered {
            // One loop of a fixed count, each node found from the step's
            // number by a conditional move.
            let after = end - x - 1;
            for k in 1..len {
                let y = x + k - if k > after { len } else { 0 };
                if !take::<CHECK, COLORS, SEC>(arena, force, y, was_active, updates) {
                    return false;
                }
            }
            return true;
        }
        // Two loops over ranges, whose ends are predicted when `x` sits at
        // the same place in the options walked one after another.
        for y in x + 1..end {
            if !take::<CHECK, COLORS, SEC>(arena, force, y, was_active, updates) {
                return false;
            }
        }
        for y in end - len..x {
            if !take::<CHECK, COLORS, SEC>(arena, force, y, was_active, updates) {
                return false;
            }
        }
        true
    }
}

/// Takes node `y` out of its item's set, for [`Solver::remove`].
#[inline(always)]
fn take<const CHECK: bool, const COLORS: bool, const SEC: bool>(
    arena: &mut Arena,
    force: &mut Force,
    y: u32,
    was_active: u32,
    updates: &mut u64,
) -> bool {
    let node = arena.node(y);
    let i = if COLORS {
        node.item & !COLORED
    } else {
        node.item
    };
    if COLORS && node.item & COLORED != 0 && arena.pos(i) >= was_active {
        return true;
    }
    let s = arena.size(i) - 1;
    // Only an active primary item is forced, or empties the search. The
    // test on the kind of item goes without a branch of its own: queens'
    // diagonals are often down to one option, and the branch cost 11% of
    // the time. Without secondary items there is no test at all.
    let few = match SEC {
        false => s <= 1,
        true => (s <= 1) & (i < arena.primary),
    };
    if CHECK && few && arena.is_active(i) {
        if s == 0 {
            return false;
        }
        force.push(i);
    }
    arena.take_out(y, node.loc, i, s);
    *updates += 1;
    true
}

/// Calls `visit` with the nodes of `x`'s option other than `x`, left to
/// right after `x` and wrapping around, until it returns `false`; whether
/// it never did. Two loops over ranges, whose ends are predicted when
/// `x` sits at the same place in the options walked one after another.
#[inline(always)]
pub(super) fn others(x: u32, span: Span, mut visit: impl FnMut(u32) -> bool) -> bool {
    let Span { end, len } = span;
    (x + 1..end).all(&mut visit) && (end - len..x).all(visit)
}

#[cfg(test)]
mod tests {
    use super::super::arena::Arena;
    use super::super::Solver;
    use crate::dlx::oracle::{brute_force, in_search_order, sorted};
    use crate::dlx::{text, Problem, Search};
    use proptest::prelude::*;

    /// A random problem whose options all have `len` items, 2 to 7: 7 to
    /// 9 primary and up to 2 secondary items, up to 14 options.
    fn uniform_problems() -> impl Strategy<Value = (usize, Problem)> {
        (2usize..=7, 7usize..=9, 0usize..=2).prop_flat_map(|(len, primary, secondary)| {
            let n = primary + secondary;
            let option = proptest::sample::subsequence((0..n).collect::<Vec<_>>(), len);
            let options = proptest::collection::vec(option.prop_shuffle(), 1..=14);
            options.prop_map(move |options| {
                let mut problem = Problem::new(primary, secondary);
                for option in options {
                    problem.add_option(&option).unwrap();
                }
                (len, problem)
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The walks compiled for options of one length, and the walk
        /// without branches for scattered items, make the same tree as
        /// two loops over ranges everywhere: the same solutions in the
        /// same order, the same nodes and updates.
        #[test]
        fn the_walks_by_shape_make_the_same_tree((len, problem) in uniform_problems()) {
            let mut shaped = Solver::new(&problem);
            let kept = shaped.arena.nodes().len();
            prop_assert!(shaped.arena.uniform == len as u32 || kept == 0);
            let mut plain = Solver::new(&problem);
            plain.arena.uniform = 0;
            plain.arena.scattered.fill(false);
            let found = in_search_order(&mut shaped);
            prop_assert_eq!(sorted(found.clone()), brute_force(&problem));
            prop_assert_eq!(in_search_order(&mut plain), found);
            prop_assert_eq!(plain.stats(), shaped.stats());
        }
    }

    #[test]
    fn an_item_is_scattered_when_its_nodes_sit_at_different_places() {
        // TAOCP 7.2.2.1-(5): `a` is first in both its options, `c` first
        // and second, `d` second, second and first, `g` third and second.
        let text = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";
        let problem = text::parse(text.as_bytes().to_vec()).unwrap().problem;
        let arena = Arena::new(&problem, true);
        let scattered: Vec<usize> = (0..7).filter(|&i| arena.scattered[i]).collect();
        assert_eq!(scattered, [2, 3, 6]);
        assert_eq!(arena.uniform, 0);
        let text = "a b c\na b\nb c\nc a\n";
        let problem = text::parse(text.as_bytes().to_vec()).unwrap().problem;
        assert_eq!(Arena::new(&problem, true).uniform, 2);
    }
}
