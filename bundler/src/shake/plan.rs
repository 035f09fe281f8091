//! What one round of rustc's reports asks for: the nodes to delete, the
//! macro invocations to write out, and the library's own warnings to pass
//! on. See the module docs of [`super`] for what each report deletes.

use std::collections::{BTreeMap, BTreeSet};

use super::index::{Index, Key, Kind, Node};
use super::{LibraryWarning, WarningKey};
use crate::rustc::{Diagnostic, Level, Range};

/// What one round deletes and expands.
#[derive(Default)]
pub(super) struct Plan {
    /// Paths never to delete (the entry point).
    pub(super) protected: BTreeSet<String>,
    /// The names of everything earlier rounds deleted (`Dead`, `dead`).
    pub(super) deleted: BTreeSet<String>,
    /// Errors that name nothing deleted: acted on in no round that has
    /// anything else to do, as they may follow from what it deletes.
    pub(super) postponed: Vec<Unresolved>,
    pub(super) delete: BTreeSet<Key>,
    /// Tuple fields whose type becomes `()`, and call arguments whose value
    /// becomes `()` with them (keeping the other fields' numbers).
    pub(super) unit: BTreeSet<Key>,
    /// The same for arguments inside a macro call's tokens (`vec![Edge(1,
    /// 2, 3)]`), where syn sees no argument: by the range of the tokens.
    pub(super) token_units: BTreeSet<Range>,
    /// `matches!` calls naming a deleted variant (one nothing builds, so
    /// it never matches), with where each names it: the pattern loses it.
    pub(super) never_match: BTreeMap<Key, Vec<Range>>,
    /// The scrutinees of matches emptied on a reference to an enum the cut
    /// emptied (`match rank_dir {}`, `rank_dir: &RankDir`: references are
    /// inhabited, E0004), with how many references deep the enum is: the
    /// match goes through them (`match *rank_dir {}`).
    pub(super) deref: BTreeMap<Range, usize>,
    /// Invocations to write out, with the definition rustc named.
    pub(super) expand: BTreeMap<Key, Option<Range>>,
    pub(super) removed: Vec<(String, String)>,
    /// Reports nothing here can act on: the bundle cannot be made clean.
    pub(super) unresolved: Vec<Unresolved>,
    /// The fields and variants that stay although rustc reports them dead
    /// (`guard.rs`), each with why.
    pub(super) guarded: BTreeMap<Key, String>,
    /// What stays for those reasons: (readable path, why).
    pub(super) kept: Vec<(String, String)>,
    /// Types with a derived `Debug` and a field rustc calls never read
    /// (ignoring the derive): whether the program uses their `Debug` is
    /// for rustc to say before the field can go.
    pub(super) debug_candidates: BTreeSet<String>,
    /// Types whose `Debug` derive goes (the program does not use it).
    pub(super) underive: BTreeSet<String>,
    /// `let` statements left unused by a deletion whose value may have
    /// effects: the binding is renamed `_name`, the value still computed
    /// and dropped where it was.
    pub(super) silence: BTreeSet<Key>,
    /// rustc has just decided a `Debug` that the plan left open: one more
    /// round then records what stays for it.
    pub(super) recheck: bool,
    /// Types rustc calls uninhabited in a warning of ours, as it writes
    /// them; [`super::uninhabited`] decides which become `()`.
    pub(super) uninhabited: BTreeSet<String>,
    /// Enums the cut emptied that become `type E = ();`.
    pub(super) inhabit: BTreeSet<Key>,
    /// Never-read fields kept as their parameters' only users: (key,
    /// path); [`super::phantom`] decides which become `PhantomData`.
    pub(super) parameter_users: Vec<(Key, String)>,
    /// The fields that become `PhantomData`, and the same by struct name
    /// for the literals that build them.
    pub(super) phantom: BTreeSet<Key>,
    pub(super) phantoms: super::phantom::Phantoms,
}

impl Plan {
    pub(super) fn is_empty(&self) -> bool {
        self.delete.is_empty()
            && self.expand.is_empty()
            && self.unit.is_empty()
            && self.token_units.is_empty()
            && self.never_match.is_empty()
            && self.deref.is_empty()
            && self.underive.is_empty()
            && self.silence.is_empty()
            && self.debug_candidates.is_empty()
            && self.inhabit.is_empty()
            && self.phantom.is_empty()
            && !self.recheck
    }

    /// Once every report is considered: the postponed errors are the
    /// reason to stop if nothing else is to be done (deleting the code they
    /// are in could delete live code: a follow-up error of an earlier
    /// deletion, such as E0034 at `{integer}.min()` once an orphaned `impl
    /// Iterator` makes `min` ambiguous, is in live code); otherwise the
    /// next round shows whether they are still there.
    pub(super) fn settle(&mut self) {
        if self.is_empty() {
            self.unresolved.append(&mut self.postponed);
        }
    }

    fn remove(&mut self, node: &Node, why: &str) {
        // What an earlier back-off keeps (`State::back_off`).
        if self.protected.contains(&node.path) {
            return;
        }
        if self.delete.insert(node.key()) {
            self.removed.push((node.path.clone(), why.to_string()));
        }
    }

    /// Whether `node` stays whatever rustc says of it; if so, says why.
    fn guards(&mut self, node: &Node, d: &Diagnostic) -> bool {
        let why = match self.guarded.get(&node.key()) {
            Some(why) => why.clone(),
            None => match (node.kind, derived_debug(d)) {
                (Kind::Field, Some(ty)) => {
                    self.debug_candidates.insert(ty);
                    return true;
                }
                _ => return false,
            },
        };
        if node.kind == Kind::Field && why.starts_with(PARAMETER_USER) {
            self.parameter_users.push((node.key(), node.path.clone()));
        }
        if !self.kept.iter().any(|(path, _)| *path == node.path) {
            self.kept.push((node.path.clone(), why));
        }
        true
    }

    /// Adds what report `d` (the `report`th of its round) asks for; the
    /// library's own warnings go to `warnings`.
    pub(super) fn consider(
        &mut self,
        index: &Index,
        (report, d): (usize, &Diagnostic),
        first_warnings: Option<&BTreeSet<WarningKey>>,
        warnings: &mut Vec<LibraryWarning>,
    ) {
        // Spanless ones are summaries ("aborting due to …").
        if d.level == Level::Other || d.spans.is_empty() {
            return;
        }
        if self.expand_writers(index, d) {
            return;
        }
        match (d.level, d.code.as_deref()) {
            (Level::Warning, Some("dead_code")) => self.delete_dead(index, d),
            (Level::Warning, Some("unused_imports")) => self.delete_imports(index, d),
            (Level::Warning, Some("unused_macros")) => self.delete_macros(index, d),
            (Level::Warning, Some("unused_extern_crates")) => self.delete_extern_crate(index, d),
            (Level::Warning, _) => {
                let warning = library_warning(index, d, report);
                let ours = first_warnings.is_some_and(|first| !first.contains(&warning.key()));
                if ours && warning.lint == "unreachable_code" {
                    if let Some(ty) = super::uninhabited::named(d) {
                        self.uninhabited.insert(ty.to_string());
                    }
                }
                // A variable left unused by a deletion of ours goes too,
                // with the assignments to it that its `let` going breaks
                // (petgraph's `goal_node = Some(node)` once the field it
                // fed went).
                let removed = ours
                    && match warning.lint.as_str() {
                        "unused_variables" => self.remove_unused_local(index, d),
                        "unused_assignments" => self.remove_unused_assignment(index, d),
                        _ => false,
                    };
                if !removed {
                    warnings.push(warning);
                }
            }
            // The library's, fixed as its warnings are (`shake.rs`).
            (Level::Error, Some(crate::rustc::EXPLICIT_AUTOREFS)) => {
                warnings.push(library_warning(index, d, report))
            }
            (Level::Error, _) => self.repair(index, d),
            _ => {}
        }
    }

    /// A report about what an item-level invocation wrote: the invocation
    /// is to be written out. True if the report is inside an invocation.
    fn expand_writers(&mut self, index: &Index, d: &Diagnostic) -> bool {
        let mut inside_macro = false;
        for span in d.primary() {
            let Some(call) = span.outermost_call() else {
                continue;
            };
            inside_macro = true;
            let invocation = index
                .around(&call.range)
                .into_iter()
                .rev()
                .find(|n| n.invocation && n.range.contains(&call.range));
            match invocation {
                Some(node) => {
                    let def_site = span.expansion.as_ref().and_then(|e| e.def_site);
                    self.expand.entry(node.key()).or_insert(def_site);
                }
                None if d.level == Level::Warning && !is_dead_lint(d) => {}
                None => self.unresolved.push(unresolved(
                    d,
                    "it is inside a macro invocation that is not at item level",
                )),
            }
        }
        inside_macro
    }

    /// `dead_code`: the item, member, field or variant named.
    fn delete_dead(&mut self, index: &Index, d: &Diagnostic) {
        let kinds = [
            Kind::Item,
            Kind::ImplItem,
            Kind::TraitItem,
            Kind::Field,
            Kind::Variant,
        ];
        for span in d.primary() {
            let named = index.named_at(span.range.start, &kinds);
            let named = named.or_else(|| index.exactly(Kind::Field, &span.range));
            if named.is_some_and(|node| self.guards(node, d)) {
                continue;
            }
            match named {
                // A tuple field becomes `()`, as rustc suggests: the others
                // keep their numbers, and a value given for it can still be
                // evaluated where it has side effects.
                Some(node) if self.protected.contains(&node.path) => {}
                Some(node) if node.ident.is_none() => {
                    if self.unit.insert(node.key()) {
                        let why = format!("{} (its type made `()`)", d.message);
                        self.removed.push((node.path.clone(), why));
                    }
                }
                Some(node) => self.remove(node, &d.message),
                None => self
                    .unresolved
                    .push(unresolved(d, "no item is named there")),
            }
        }
    }

    /// `unused_imports`: the `use` leaves in the span.
    fn delete_imports(&mut self, index: &Index, d: &Diagnostic) {
        for span in d.primary() {
            let leaves: Vec<&Node> = index
                .nodes
                .iter()
                .filter(|n| n.kind == Kind::UseLeaf && span.range.contains(&n.range))
                .collect();
            if leaves.is_empty() {
                self.unresolved.push(unresolved(d, "no import is there"));
            }
            for leaf in leaves {
                self.remove(leaf, &d.message);
            }
        }
    }

    /// `unused_macros`: the `macro_rules!`.
    fn delete_macros(&mut self, index: &Index, d: &Diagnostic) {
        for span in d.primary() {
            match index.named_at(span.range.start, &[Kind::Item]) {
                Some(node) => self.remove(node, &d.message),
                None => self
                    .unresolved
                    .push(unresolved(d, "no macro is defined there")),
            }
        }
    }

    /// `unused_extern_crates`: the `extern crate` (a library's own
    /// `extern crate alloc;`, left in its module when the crate became
    /// one, where its `rust_2018_idioms` calls it unused or needless: the
    /// bundle's root has the crate, and every edition the judges run has
    /// std's crates in the extern prelude).
    fn delete_extern_crate(&mut self, index: &Index, d: &Diagnostic) {
        for span in d.primary() {
            let item = index
                .around(&span.range)
                .into_iter()
                .rev()
                .find(|n| n.kind == Kind::Item);
            match item {
                Some(node) => self.remove(node, &d.message),
                None => self
                    .unresolved
                    .push(unresolved(d, "no extern crate is there")),
            }
        }
    }

    /// Deletes the `let` of a variable a deletion left unused, if its value
    /// has no side effect; otherwise the binding is renamed `_name`, so that
    /// the value is computed and dropped where it was.
    fn remove_unused_local(&mut self, index: &Index, d: &Diagnostic) -> bool {
        match statement_at(index, d) {
            Some((stmt, _)) if stmt.pure => {
                self.remove(stmt, &d.message);
                true
            }
            Some((stmt, at)) if stmt.binding.is_some_and(|b| b == at) => {
                self.silence.insert(stmt.key());
                true
            }
            _ => false,
        }
    }

    /// Deletes an assignment statement whose value a deletion left unread,
    /// if the value has no side effect. Not a `let` whose first value goes
    /// unread: the assignments after it need its binding.
    fn remove_unused_assignment(&mut self, index: &Index, d: &Diagnostic) -> bool {
        match statement_at(index, d) {
            // rustc points at the place assigned, which begins the
            // statement; in a `let` it points at the binding.
            Some((stmt, at)) if stmt.pure && stmt.range.start == at.start => {
                self.remove(stmt, &d.message);
                true
            }
            _ => false,
        }
    }

    /// Deletes what an error shows to have depended on deleted code.
    fn repair(&mut self, index: &Index, d: &Diagnostic) {
        let Some(span) = d.primary().next() else {
            self.unresolved.push(unresolved(d, "it has no place"));
            return;
        };
        if self.repair_tuple(index, d) {
            return;
        }
        if let Some(depth) = references_to_empty(d) {
            self.deref.insert(span.range, depth);
            return;
        }
        let around = index.around(&span.range);
        if let Some(node) = dependent(&around, &span.range, d.code.as_deref().unwrap_or("")) {
            self.remove(node, &d.message);
            return;
        }
        // A variant nothing builds, in a `matches!` pattern (memchr's
        // `PrefilterConfig::is_none`): the call's tokens hold no arm to
        // delete, and the function it is in is live.
        let matches = around.iter().rev().find(|n| n.kind == Kind::Matches);
        if let Some(call) = matches.filter(|_| d.code.as_deref() == Some("E0599")) {
            if d.message.starts_with("no variant") && self.names_deleted(d) {
                let at = self.never_match.entry(call.key()).or_default();
                at.push(span.range);
                return;
            }
        }
        // Anything else that names deleted code is dead with it: a trait
        // member whose signature names a deleted type, a function that
        // calls a deleted one. Were it live, its users would fail next
        // round, up to `main`, which is never deleted: a loud failure. An
        // error that names nothing deleted says nothing of the code it is
        // in: it waits (see `settle`).
        if !self.names_deleted(d) {
            self.postponed.push(unresolved(
                d,
                "it names nothing the bundler deleted, so deleting the code it is in could delete live code",
            ));
            return;
        }
        let holder = around.iter().rev().find(|n| {
            matches!(n.kind, Kind::ImplItem | Kind::TraitItem)
                || (n.kind == Kind::Item && !n.is_module)
        });
        match holder {
            Some(node) if self.protected.contains(&node.path) => self.unresolved.push(unresolved(
                d,
                "it is in the entry point, which is never deleted",
            )),
            Some(node) => self.remove(node, &d.message),
            None => self
                .unresolved
                .push(unresolved(d, "deleting dead code broke it")),
        }
    }
}

impl Plan {
    /// Repairs what a tuple field made `()` broke: a constructor call
    /// still giving it a value of the old type (E0308), whose argument is
    /// made `()` (or `{ let _ = value; }` where it may have side effects).
    /// True if `d` is one of them.
    fn repair_tuple(&mut self, index: &Index, d: &Diagnostic) -> bool {
        let labelled = |start: &str| {
            d.spans
                .iter()
                .find(|s| s.label.as_deref().is_some_and(|l| l.starts_with(start)))
        };
        let constructor = labelled("arguments to this struct").is_some()
            || labelled("arguments to this enum variant").is_some();
        let Some(span) = labelled("expected `()`").filter(|_| constructor) else {
            return false;
        };
        match index.exactly(Kind::Arg, &span.range) {
            Some(node) => self.unit.insert(node.key()),
            // Inside a macro call's tokens (`vec![Edge(1, 2, 3)]`), where
            // syn sees no argument.
            None => self.token_units.insert(span.range),
        };
        true
    }

    /// Whether report `d` names (in backquotes) something deleted.
    fn names_deleted(&self, d: &Diagnostic) -> bool {
        d.message
            .split('`')
            .skip(1)
            .step_by(2)
            .any(|quoted| self.deleted.contains(last_name(quoted)))
    }
}

/// How many references deep the matched type of an empty `match` is, when
/// rustc refuses it for being a reference (E0004, "non-exhaustive
/// patterns: type `&RankDir` is non-empty"). Only the cut empties a match
/// (the program compiled), by deleting the arms of variants nothing
/// builds: the enum is empty, and matching it through the references
/// still cannot be reached.
fn references_to_empty(d: &Diagnostic) -> Option<usize> {
    if d.code.as_deref() != Some("E0004") {
        return None;
    }
    let ty = d.message.strip_prefix("non-exhaustive patterns: type `")?;
    let mut ty = ty.strip_suffix("` is non-empty")?;
    let mut depth = 0;
    while let Some(rest) = ty.strip_prefix('&') {
        depth += 1;
        ty = rest.trim_start();
        if let Some(lifetime) = ty.strip_prefix('\'') {
            ty = lifetime.split_once(' ').map_or("", |(_, rest)| rest);
        }
        ty = ty.strip_prefix("mut ").unwrap_or(ty);
    }
    (depth > 0).then_some(depth)
}

/// The last name of a readable path or a quoted one: `Dead` for
/// `crate::grid::Dead`, `Dead<'_>` or `grid::Dead`.
pub(super) fn last_name(path: &str) -> &str {
    let path = path.split('<').next().unwrap_or(path);
    path.rsplit("::").next().unwrap_or(path).trim()
}

/// The node that existed only for deleted code, given the nodes `around`
/// an error at `at` (innermost last) and the error's code: a `use` of it,
/// a member of a deleted trait member, an `impl` whose header names it, a
/// field value or pattern of a deleted field, a `match` arm of a deleted
/// variant, an assignment to a deleted field.
fn dependent<'n>(around: &[&'n Node], at: &Range, code: &str) -> Option<&'n Node> {
    let innermost = |kind: Kind| around.iter().rev().find(|n| n.kind == kind).copied();
    let header_at = || {
        around
            .iter()
            .rev()
            .find(|n| n.header.is_some_and(|h| h.contains(at)))
            .copied()
    };
    innermost(Kind::UseLeaf)
        .or_else(|| {
            innermost(Kind::ImplItem).filter(|_| matches!(code, "E0407" | "E0437" | "E0438"))
        })
        .or_else(header_at)
        .or_else(|| innermost(Kind::FieldValue).filter(|f| code == "E0560" && f.pure))
        .or_else(|| innermost(Kind::FieldPat).filter(|_| code == "E0026"))
        .or_else(|| innermost(Kind::Arm).filter(|a| a.pattern.is_some_and(|p| p.contains(at))))
        .or_else(|| innermost(Kind::Stmt).filter(|s| code == "E0609" && s.pure))
}

/// The type of a field rustc calls never read only because it ignores
/// derived impls, when `Debug` is among them: "`Node` has a derived impl
/// for the trait `Debug`, but this is intentionally ignored during dead
/// code analysis".
fn derived_debug(d: &Diagnostic) -> Option<String> {
    d.children.iter().find_map(|c| {
        let ignored = c.message.contains("intentionally ignored");
        let debug = c.message.contains("`Debug`");
        let ty = c.message.split('`').nth(1)?;
        (ignored && debug).then(|| last_name(ty).to_string())
    })
}

/// Whether `d` reports dead code, which shaking deletes.
/// The innermost statement holding report `d`'s first primary span, and
/// that span.
fn statement_at<'i>(index: &'i Index, d: &Diagnostic) -> Option<(&'i Node, Range)> {
    let span = d.primary().next()?;
    let around = index.around(&span.range);
    let stmt = around.into_iter().rev().find(|n| n.kind == Kind::Stmt)?;
    Some((stmt, span.range))
}

pub(crate) fn is_dead_lint(d: &Diagnostic) -> bool {
    matches!(
        d.code.as_deref(),
        Some("dead_code" | "unused_imports" | "unused_macros" | "unused_extern_crates")
    )
}

/// How the guard's reason for a parameter's only user starts.
pub(super) const PARAMETER_USER: &str = "it alone uses the parameter";

/// A report the plan cannot act on, and why.
pub(super) struct Unresolved {
    pub(super) why: &'static str,
    pub(super) diagnostic: Diagnostic,
}

fn unresolved(d: &Diagnostic, why: &'static str) -> Unresolved {
    Unresolved {
        why,
        diagnostic: d.clone(),
    }
}

/// A warning on the library's own code, with the innermost item or member
/// it is in.
fn library_warning(index: &Index, d: &Diagnostic, report: usize) -> LibraryWarning {
    let node = d.primary().next().and_then(|s| {
        index
            .around(&s.range)
            .into_iter()
            .rev()
            .find(|n| matches!(n.kind, Kind::Item | Kind::ImplItem | Kind::TraitItem))
    });
    LibraryWarning {
        lint: d.code.clone().unwrap_or_else(|| "warning".to_string()),
        message: d.message.clone(),
        node: node.map_or_else(|| "crate".to_string(), |n| n.path.clone()),
        diagnostic: d.clone(),
        report,
    }
}
