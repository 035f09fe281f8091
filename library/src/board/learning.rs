//! Conflict-driven clause learning (CDCL) over the candidates of a
//! board: the search a board hands over to when guessing and settling
//! has not decided it within a budget (see [`crate::board::restarts`]).
//!
//! ```
//! use library::board::learning::{Clauses, Lit};
//!
//! // x0 or x1; not x0; x1 implies x2; not x2: no model.
//! let mut clauses = Clauses::new(3);
//! let x = |v: u32| Lit::new(v, true);
//! clauses.add(&[x(0), x(1)]);
//! clauses.add(&[!x(0)]);
//! clauses.add(&[!x(1), x(2)]);
//! assert!(clauses.clone().solve().is_some());
//! clauses.add(&[!x(2)]);
//! assert_eq!(clauses.solve(), None);
//! ```
//!
//! Why: a search over boards refutes a subtree only by visiting it, and
//! on inputs with no solution (a killer layout whose cages are a second
//! jigsaw layout, six Latin groups no square fits) it visits the same
//! contradiction under millions of unrelated guesses. Learning records,
//! at each contradiction, the few guesses that forced it as a clause
//! that forbids them together, so that no later branch repeats it: the
//! proofs shrink from minutes of search to thousands of conflicts.
//!
//! The solver is MiniSat's design in small (Eén and Sörensson 2003;
//! Knuth's SAT13 in TAOCP 7.2.2.2 is the same algorithm): two watched
//! literals per clause, the first unique implication point, a learnt
//! clause shortened by the reasons of its literals, variable activities
//! (VSIDS) in a heap, saved phases, restarts after Luby's sequence of
//! conflicts, and half the learnt clauses forgotten, the longest first,
//! as they pile up.
//!
//! # Invariants
//!
//! * W1: a clause of two literals or more is watched by its first two:
//!   it is in the watch lists of the negations of `lits[0]` and `lits[1]`.
//! * W2: a clause that is the reason of an assigned variable has that
//!   variable's literal as `lits[0]`, true, and every other literal false.
//! * T: `trail` holds the assigned literals in the order they were set;
//!   `levels[k]` is where decision level k + 1 starts in it.

/// A literal: variable `v` as `2v` (true) or `2v + 1` (false).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Lit(u32);

impl Lit {
    /// Variable `var`, or its negation when `positive` is false.
    pub fn new(var: u32, positive: bool) -> Lit {
        Lit(var << 1 | u32::from(!positive))
    }

    /// The variable of the literal.
    pub fn var(self) -> usize {
        (self.0 >> 1) as usize
    }

    fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;

    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

/// A formula in conjunctive normal form, ready to solve.
#[derive(Clone, Debug)]
pub struct Clauses {
    vars: usize,
    clauses: Vec<Vec<Lit>>,
}

impl Clauses {
    /// A formula over `vars` variables and no clause yet.
    pub fn new(vars: usize) -> Clauses {
        Clauses {
            vars,
            clauses: Vec::new(),
        }
    }

    /// A new variable.
    pub fn var(&mut self) -> u32 {
        self.vars += 1;
        (self.vars - 1) as u32
    }

    /// Adds the clause "one of `lits` at least" (none: no model).
    pub fn add(&mut self, lits: &[Lit]) {
        self.clauses.push(lits.to_vec());
    }

    /// Adds "at most one of `lits`", pair by pair.
    pub fn at_most_one(&mut self, lits: &[Lit]) {
        for (k, &a) in lits.iter().enumerate() {
            for &b in &lits[k + 1..] {
                self.add(&[!a, !b]);
            }
        }
    }

    /// A model (the value of each variable), or `None` when there is
    /// none.
    pub fn solve(self) -> Option<Vec<bool>> {
        let mut solver = Solver::new(self.vars);
        for mut clause in self.clauses {
            clause.sort_unstable();
            clause.dedup();
            if clause.windows(2).any(|w| w[0] == !w[1]) {
                continue;
            }
            if !solver.add(clause) {
                return None;
            }
        }
        solver.search()
    }
}

/// Conflicts in one unit of the Luby restarts.
const RESTART_UNIT: u64 = 64;

/// Learnt clauses kept before the first reduction, and the growth of
/// that number after each.
const FIRST_REDUCE: usize = 2000;
const REDUCE_STEP: usize = 300;

/// No value yet; a value is `TRUE` or `FALSE`.
const UNSET: u8 = 0;
const TRUE: u8 = 1;
const FALSE: u8 = 2;

/// A clause watching a literal, and a literal of it that, when true,
/// spares looking at the clause.
#[derive(Clone, Copy)]
struct Watch {
    clause: u32,
    blocker: Lit,
}

/// No reason: a decision, or a unit clause.
const NO_REASON: u32 = u32::MAX;

struct Solver {
    /// The clauses of the formula, then the learnt ones.
    clauses: Vec<Vec<Lit>>,
    originals: usize,
    /// The clauses watching each literal's negation (see W1).
    watches: Vec<Vec<Watch>>,
    /// The value of each variable (`UNSET`, `TRUE`, `FALSE`).
    values: Vec<u8>,
    /// The decision level and reason of each assigned variable.
    level: Vec<u32>,
    reason: Vec<u32>,
    trail: Vec<Lit>,
    levels: Vec<usize>,
    /// The next trail literal to propagate.
    head: usize,
    activity: Vec<f64>,
    bump: f64,
    /// The value each variable took last.
    phase: Vec<bool>,
    order: Heap,
    seen: Vec<bool>,
    learnt: usize,
}

impl Solver {
    fn new(vars: usize) -> Solver {
        let order = Heap {
            items: Vec::with_capacity(vars),
            position: vec![usize::MAX; vars],
        };
        let mut solver = Solver {
            clauses: Vec::new(),
            originals: 0,
            watches: vec![Vec::new(); 2 * vars],
            values: vec![UNSET; vars],
            level: vec![0; vars],
            reason: vec![NO_REASON; vars],
            trail: Vec::new(),
            levels: Vec::new(),
            head: 0,
            activity: vec![0.0; vars],
            bump: 1.0,
            phase: vec![false; vars],
            order,
            seen: vec![false; vars],
            learnt: 0,
        };
        for var in 0..vars {
            solver.order.insert(var, &solver.activity);
        }
        solver
    }

    fn value(&self, lit: Lit) -> u8 {
        value(&self.values, lit)
    }

    /// Adds a clause at level 0, before the search; false when the
    /// formula has become unsatisfiable.
    fn add(&mut self, mut lits: Vec<Lit>) -> bool {
        lits.retain(|&l| self.value(l) != FALSE);
        if lits.iter().any(|&l| self.value(l) == TRUE) {
            return true;
        }
        match lits.len() {
            0 => false,
            1 => {
                self.assign(lits[0], NO_REASON);
                self.propagate().is_none()
            }
            _ => {
                self.attach(lits);
                self.originals += 1;
                true
            }
        }
    }

    /// Stores a clause and watches its first two literals.
    fn attach(&mut self, lits: Vec<Lit>) -> u32 {
        let index = self.clauses.len() as u32;
        for &lit in &lits[..2] {
            self.watches[(!lit).index()].push(Watch {
                clause: index,
                blocker: lits[0],
            });
        }
        self.clauses.push(lits);
        index
    }

    fn assign(&mut self, lit: Lit, reason: u32) {
        let var = lit.var();
        self.values[var] = if lit.0 & 1 == 0 { TRUE } else { FALSE };
        self.level[var] = self.levels.len() as u32;
        self.reason[var] = reason;
        self.trail.push(lit);
    }

    /// Unit propagation from `head`: the conflicting clause, if any.
    fn propagate(&mut self) -> Option<u32> {
        while self.head < self.trail.len() {
            let falsified = !self.trail[self.head];
            self.head += 1;
            let mut watches = std::mem::take(&mut self.watches[(!falsified).index()]);
            let (mut kept, mut k) = (0, 0);
            let mut conflict = None;
            while k < watches.len() {
                let watch = watches[k];
                k += 1;
                if self.value(watch.blocker) == TRUE {
                    watches[kept] = watch;
                    kept += 1;
                    continue;
                }
                match self.visit(watch.clause, falsified) {
                    Visit::Moved => {}
                    Visit::Stays(first) => {
                        watches[kept] = Watch {
                            clause: watch.clause,
                            blocker: first,
                        };
                        kept += 1;
                        match self.value(first) {
                            TRUE => {}
                            UNSET => self.assign(first, watch.clause),
                            _ => {
                                conflict = Some(watch.clause);
                                while k < watches.len() {
                                    watches[kept] = watches[k];
                                    kept += 1;
                                    k += 1;
                                }
                            }
                        }
                    }
                }
            }
            watches.truncate(kept);
            self.watches[(!falsified).index()] = watches;
            if conflict.is_some() {
                return conflict;
            }
        }
        None
    }

    /// Looks at a clause whose watched literal `falsified` became false:
    /// it watches another literal not false instead, or it stays, with
    /// its other watched literal returned.
    fn visit(&mut self, index: u32, falsified: Lit) -> Visit {
        let clause = &mut self.clauses[index as usize];
        if clause[0] == falsified {
            clause.swap(0, 1);
        }
        let first = clause[0];
        for k in 2..clause.len() {
            let lit = clause[k];
            if value(&self.values, lit) != FALSE {
                clause.swap(1, k);
                self.watches[(!lit).index()].push(Watch {
                    clause: index,
                    blocker: first,
                });
                return Visit::Moved;
            }
        }
        Visit::Stays(first)
    }

    /// The learnt clause of a conflict (its asserting literal first) and
    /// the level to go back to.
    fn analyze(&mut self, mut conflict: u32) -> (Vec<Lit>, u32) {
        let current = self.levels.len() as u32;
        let mut learnt = vec![Lit(0)];
        let (mut open, mut k) = (0, self.trail.len());
        let mut asserting = None;
        loop {
            let start = usize::from(asserting.is_some());
            for j in start..self.clauses[conflict as usize].len() {
                let lit = self.clauses[conflict as usize][j];
                let var = lit.var();
                if self.seen[var] || self.level[var] == 0 {
                    continue;
                }
                self.seen[var] = true;
                self.bump_var(var);
                if self.level[var] == current {
                    open += 1;
                } else {
                    learnt.push(lit);
                }
            }
            // The latest seen literal of this level on the trail.
            loop {
                k -= 1;
                if self.seen[self.trail[k].var()] {
                    break;
                }
            }
            let lit = self.trail[k];
            self.seen[lit.var()] = false;
            open -= 1;
            if open == 0 {
                learnt[0] = !lit;
                break;
            }
            asserting = Some(lit);
            conflict = self.reason[lit.var()];
        }
        self.shorten(learnt)
    }

    /// Drops from a learnt clause (its literals but the first still
    /// `seen`) the literals the others imply, clears `seen`, and puts
    /// second the literal of the highest level after the first: the
    /// clause, and the level to go back to.
    fn shorten(&mut self, mut learnt: Vec<Lit>) -> (Vec<Lit>, u32) {
        // A literal whose reason is all seen literals (or level 0) goes.
        let redundant = |s: &Solver, lit: Lit| {
            let reason = s.reason[lit.var()];
            reason != NO_REASON
                && s.clauses[reason as usize][1..]
                    .iter()
                    .all(|l| s.seen[l.var()] || s.level[l.var()] == 0)
        };
        let keep: Vec<bool> = learnt.iter().map(|&l| !redundant(self, l)).collect();
        for &lit in &learnt[1..] {
            self.seen[lit.var()] = false;
        }
        let mut k = 0;
        learnt.retain(|_| {
            k += 1;
            k == 1 || keep[k - 1]
        });
        // The literal of the highest level after the first goes second,
        // to be watched (W1) and to set the level to go back to.
        let mut back = 0;
        if learnt.len() > 1 {
            let top = (1..learnt.len())
                .max_by_key(|&j| self.level[learnt[j].var()])
                .unwrap_or(1);
            learnt.swap(1, top);
            back = self.level[learnt[1].var()];
        }
        (learnt, back)
    }

    fn bump_var(&mut self, var: usize) {
        self.activity[var] += self.bump;
        if self.activity[var] > 1e100 {
            self.activity.iter_mut().for_each(|a| *a *= 1e-100);
            self.bump *= 1e-100;
        }
        self.order.raise(var, &self.activity);
    }

    /// Undoes every assignment above `level`.
    fn backtrack(&mut self, level: u32) {
        if self.levels.len() as u32 <= level {
            return;
        }
        let start = self.levels[level as usize];
        for lit in self.trail.drain(start..) {
            let var = lit.var();
            self.phase[var] = lit.0 & 1 == 0;
            self.values[var] = UNSET;
            self.order.insert(var, &self.activity);
        }
        self.levels.truncate(level as usize);
        self.head = start;
    }

    /// The search: a model, or `None` when the clauses have none.
    fn search(&mut self) -> Option<Vec<bool>> {
        if self.propagate().is_some() {
            return None;
        }
        let (mut conflicts, mut restarts) = (0u64, 1);
        let mut limit = RESTART_UNIT * luby(restarts);
        let mut most_learnt = FIRST_REDUCE;
        loop {
            if let Some(conflict) = self.propagate() {
                if self.levels.is_empty() {
                    return None;
                }
                conflicts += 1;
                let (learnt, back) = self.analyze(conflict);
                self.backtrack(back);
                if learnt.len() == 1 {
                    self.assign(learnt[0], NO_REASON);
                } else {
                    let first = learnt[0];
                    let index = self.attach(learnt);
                    self.learnt += 1;
                    self.assign(first, index);
                }
                self.bump *= 1.0 / 0.95;
                continue;
            }
            if conflicts >= limit {
                restarts += 1;
                limit = conflicts + RESTART_UNIT * luby(restarts);
                self.backtrack(0);
            }
            if self.learnt >= most_learnt + self.trail.len() {
                self.reduce();
                most_learnt += REDUCE_STEP;
            }
            let var = loop {
                match self.order.pop(&self.activity) {
                    None => return Some(self.values.iter().map(|&v| v == TRUE).collect()),
                    Some(var) if self.values[var] == UNSET => break var,
                    Some(_) => {}
                }
            };
            self.levels.push(self.trail.len());
            self.assign(Lit::new(var as u32, self.phase[var]), NO_REASON);
        }
    }

    /// Forgets the longer half of the learnt clauses of more than two
    /// literals that are no reason now, and watches the rest anew. (Long
    /// learnt clauses prune least and cost most to watch; MiniSat keeps
    /// the most active instead, at the price of an activity per clause.)
    fn reduce(&mut self) {
        let locked = |s: &Solver, index: usize| {
            let first = s.clauses[index][0];
            s.value(first) == TRUE && s.reason[first.var()] == index as u32
        };
        let mut candidates: Vec<(usize, usize)> = (self.originals..self.clauses.len())
            .filter(|&i| self.clauses[i].len() > 2 && !locked(self, i))
            .map(|i| (self.clauses[i].len(), i))
            .collect();
        candidates.sort_unstable_by(|a, b| b.cmp(a));
        let mut dropped = vec![false; self.clauses.len()];
        for &(_, i) in &candidates[..candidates.len() / 2] {
            dropped[i] = true;
        }
        let mut renumber = vec![NO_REASON; self.clauses.len()];
        let mut kept = Vec::with_capacity(self.clauses.len());
        for (i, clause) in std::mem::take(&mut self.clauses).into_iter().enumerate() {
            if !dropped[i] {
                renumber[i] = kept.len() as u32;
                kept.push(clause);
            }
        }
        self.clauses = kept;
        self.learnt -= candidates.len() / 2;
        for reason in self.reason.iter_mut().filter(|r| **r != NO_REASON) {
            *reason = renumber[*reason as usize];
        }
        self.watches.iter_mut().for_each(Vec::clear);
        for (index, clause) in self.clauses.iter().enumerate() {
            for &lit in &clause[..2] {
                self.watches[(!lit).index()].push(Watch {
                    clause: index as u32,
                    blocker: clause[0],
                });
            }
        }
    }
}

/// The value of `lit` under the values of the variables.
fn value(values: &[u8], lit: Lit) -> u8 {
    match values[lit.var()] {
        UNSET => UNSET,
        v if (v == TRUE) == (lit.0 & 1 == 0) => TRUE,
        _ => FALSE,
    }
}

/// What [`Solver::visit`] did with a clause.
enum Visit {
    Moved,
    Stays(Lit),
}

/// The `i`-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, …
pub fn luby(mut i: u64) -> u64 {
    loop {
        // The smallest k with 2^k - 1 >= i.
        let k = 64 - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// The unassigned variables by activity, most active on top: a binary
/// heap that knows where each variable is, to raise it in place.
struct Heap {
    items: Vec<usize>,
    /// Where each variable is in `items`, `usize::MAX` when absent.
    position: Vec<usize>,
}

impl Heap {
    fn insert(&mut self, var: usize, activity: &[f64]) {
        if self.position[var] != usize::MAX {
            return;
        }
        self.position[var] = self.items.len();
        self.items.push(var);
        self.up(self.items.len() - 1, activity);
    }

    fn raise(&mut self, var: usize, activity: &[f64]) {
        if self.position[var] != usize::MAX {
            self.up(self.position[var], activity);
        }
    }

    fn pop(&mut self, activity: &[f64]) -> Option<usize> {
        let top = *self.items.first()?;
        let last = self.items.pop()?;
        self.position[top] = usize::MAX;
        if !self.items.is_empty() {
            self.items[0] = last;
            self.position[last] = 0;
            self.down(0, activity);
        }
        Some(top)
    }

    fn swap(&mut self, a: usize, b: usize) {
        self.items.swap(a, b);
        self.position[self.items[a]] = a;
        self.position[self.items[b]] = b;
    }

    fn up(&mut self, mut at: usize, activity: &[f64]) {
        while at > 0 {
            let parent = (at - 1) / 2;
            if activity[self.items[parent]] >= activity[self.items[at]] {
                break;
            }
            self.swap(at, parent);
            at = parent;
        }
    }

    fn down(&mut self, mut at: usize, activity: &[f64]) {
        loop {
            let (left, right) = (2 * at + 1, 2 * at + 2);
            let mut top = at;
            for child in [left, right] {
                if child < self.items.len()
                    && activity[self.items[child]] > activity[self.items[top]]
                {
                    top = child;
                }
            }
            if top == at {
                return;
            }
            self.swap(at, top);
            at = top;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pigeons in holes, one each: no model when there are more pigeons.
    fn pigeons(pigeons: u32, holes: u32) -> Clauses {
        let mut clauses = Clauses::new((pigeons * holes) as usize);
        let x = |p: u32, h: u32| Lit::new(p * holes + h, true);
        for p in 0..pigeons {
            clauses.add(&(0..holes).map(|h| x(p, h)).collect::<Vec<_>>());
        }
        for h in 0..holes {
            clauses.at_most_one(&(0..pigeons).map(|p| x(p, h)).collect::<Vec<_>>());
        }
        clauses
    }

    #[test]
    fn luby_sequence() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn pigeons_fit_only_when_there_are_holes_enough() {
        let model = pigeons(6, 6).solve().unwrap();
        assert_eq!(model.iter().filter(|&&v| v).count(), 6);
        assert_eq!(pigeons(7, 6).solve(), None);
    }

    /// Random 3-SAT formulas against every assignment.
    #[test]
    fn random_formulas_agree_with_brute_force() {
        let mut seed = 12345u64;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for _ in 0..300 {
            let vars = 3 + next(8) as usize;
            let count = next(6 * vars as u64) as usize;
            let formula: Vec<Vec<Lit>> = (0..count)
                .map(|_| {
                    (0..3)
                        .map(|_| Lit::new(next(vars as u64) as u32, next(2) == 0))
                        .collect()
                })
                .collect();
            let holds = |model: &[bool], clause: &[Lit]| {
                clause.iter().any(|l| model[l.var()] == (l.0 & 1 == 0))
            };
            let exists = (0..1u32 << vars).any(|bits| {
                let model: Vec<bool> = (0..vars).map(|v| bits >> v & 1 == 1).collect();
                formula.iter().all(|c| holds(&model, c))
            });
            let mut clauses = Clauses::new(vars);
            formula.iter().for_each(|c| clauses.add(c));
            match clauses.solve() {
                Some(model) => assert!(formula.iter().all(|c| holds(&model, c))),
                None => assert!(!exists, "{formula:?}"),
            }
        }
    }
}
