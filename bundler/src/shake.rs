//! Pass 5: rustc decides what is dead. The cut is printed with every `pub`
//! narrowed to crate visibility (so that rustc reports unused items at
//! all), checked with `rustc --error-format=json`, and what rustc reports
//! as dead or unused is deleted; then again, until rustc has nothing more
//! to say. The result is as small as rustc's own analysis allows, and
//! compiles by construction.
//!
//! What each report deletes (spans are matched against the same text
//! parsed by syn):
//!
//! * `dead_code` — the item, member, field or enum variant named (a tuple
//!   field's type becomes `()`, and so do the values given for it);
//! * `unused_imports` — the `use` leaves inside the span;
//! * `unused_macros` — the `macro_rules!`;
//! * `unused_extern_crates` — the `extern crate` (a library's own
//!   `extern crate alloc;` in the module it became, which its
//!   `rust_2018_idioms` calls unused);
//! * a report inside what an item-level macro invocation wrote — the
//!   invocation is written out as its items ([`crate::expand`]) and judged
//!   again next round;
//! * an error caused by an earlier deletion — the code that only existed
//!   for the deleted item: an `impl` whose header names it, a `use` of it,
//!   an `impl` member of a deleted trait member, a struct-literal field or
//!   pattern field of a deleted field (only when the value has no side
//!   effect), a `match` arm of a deleted variant (or the alternative of a
//!   `matches!` pattern naming it), an assignment to a
//!   deleted field, or the item or member an error is in when the error
//!   names something deleted. An error that names nothing deleted may be a
//!   follow-up of this round's deletions in live code: it waits, and stops
//!   the bundler only when nothing else is left to do;
//! * `unreachable_code` of ours, after a value of an enum the cut took
//!   every variant of — the enum becomes `type E = ();` ([`uninhabited`]).
//!
//! When rustc has nothing more to call dead, the impls of traits in the
//! crates' code that nothing calls through are taken away ([`trim`]), then
//! the crates' debug assertions ([`asserts`]: `-O` never runs them), and
//! shaking goes on after each. The assertions go last: gone first, they
//! left functions that only a taken impl named (hashbrown's
//! `Tag::is_special`, after `Debug for Tag`), and pathfinding's bundles
//! kept an import the trim's rounds had left unused.
//!
//! A bundle over its judge's limit even minified is shaken once more
//! (`unrun`, from [`crate::fit`]): the impls of which the program runs no
//! function go, then the functions it never runs keep only `never_run()`,
//! which is `unreachable!(…)` ([`instances`]); what a build instantiates
//! is the referee.
//!
//! Other warnings are the library's own (`unused_variables`, …): they are
//! returned to be reported, never hidden, with their places in the
//! library's files ([`crate::sourcemap`]).

mod asserts;
mod debug;
mod edit;
mod guard;
mod index;
mod instances;
mod layouts;
mod phantom;
mod plan;
mod stages;
mod trim;
mod uninhabited;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use syn::visit_mut::VisitMut;

use crate::error::{Error, Warning};
use crate::expand::Macros;
use crate::rustc::{self, Diagnostic, Fix, Level};
use crate::sourcemap::{SourceMap, Sources};
use crate::syntax::{
    hide_underscores, narrow, remove_empty_impls, remove_empty_modules, show_underscores, widen,
};
pub(crate) use instances::{instantiated, NEVER_RUN};
pub(crate) use trim::errors_and_new_warnings;

use edit::Editor;
use guard::DebugUse;
use index::{Index, Kind};
use plan::Plan;

pub(crate) use plan::is_dead_lint;

/// What shaking did.
#[derive(Debug)]
pub struct Shaken {
    /// The result, with its visibilities as in the library.
    pub file: syn::File,
    /// Per rustc run, in order.
    pub rounds: Vec<Round>,
    /// What rustc had deleted: (readable path, rustc's message).
    pub removed: Vec<(String, String)>,
    /// What rustc called dead but stays, as deleting it could change what
    /// the program does (`shake/guard.rs`): (readable path, why).
    pub kept: Vec<(String, String)>,
    /// Warnings that are not about dead code: the library's own.
    pub warnings: Vec<Warning>,
    /// rustc's own fixes written into the crates' code: (lint, item).
    pub fixed: Vec<(String, String)>,
}

/// One rustc run: what it checked and what came of it.
#[derive(Clone, Debug)]
pub struct Round {
    pub bytes: usize,
    pub time: Duration,
    /// Nodes deleted after it.
    pub deleted: usize,
    /// Macro calls written out after it.
    pub expanded: usize,
    /// Tuple fields and the values given for them made `()` after it.
    pub retyped: usize,
}

/// A warning rustc gives on the library's own code, in one round.
#[derive(Clone, Debug)]
struct LibraryWarning {
    lint: String,
    message: String,
    /// The innermost item or member it is in, e.g. `crate::dlx::Solver::new`.
    node: String,
    diagnostic: Diagnostic,
    /// Its index among the round's diagnostics.
    report: usize,
}

/// What tells a warning of one round from the same one in another.
type WarningKey = (String, String, String);

impl LibraryWarning {
    fn key(&self) -> WarningKey {
        (self.lint.clone(), self.node.clone(), self.message.clone())
    }
}

/// Why shaking stopped early.
#[derive(Debug)]
pub enum Failure {
    /// The first text did not compile: rustc's reports, and where their
    /// places are in the library.
    DoesNotCompile(Vec<Diagnostic>, SourceMap),
    /// Anything else.
    Error(Error),
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::Error(e)
    }
}

const MAX_ROUNDS: usize = 64;

/// Rounds of rustc's fixes to the crates' code, at most: each takes every
/// fix that does not overlap another (cargo fix runs up to four).
const FIX_ROUNDS: usize = 4;

/// One text rustc checked: its tree, what rustc said, and where each of
/// its tokens is in the library.
struct Checked {
    text: String,
    tree: syn::File,
    diagnostics: Vec<Diagnostic>,
    /// The fixes rustc offers with `diagnostics`.
    fixes: Vec<Fix>,
    map: SourceMap,
    round: Round,
}

/// Deletes from `file` (assembled from `sources`) everything rustc finds
/// dead or unused; the items at `protected` paths (the entry point) are
/// never deleted.
///
/// Each round that compiles is a checkpoint. A round whose reports cannot
/// be acted on (an error that deleting more would not mend) goes back to
/// the last checkpoint and keeps everything deleted since, then goes on:
/// the bundle keeps more, and the report says what and why. Only when
/// there is nothing left to keep does shaking fail.
///
/// `map` is where the text `file` was parsed from is in the library, when
/// `file` is not the assembled file itself (`migrate.rs` rewrote it).
///
/// `unrun`: `file` is a shaken text, which loses what the program never
/// runs ([`instances`]); the trim, the fixes and the assertions were done.
pub fn shake(
    mut file: syn::File,
    mut map: Option<SourceMap>,
    edition: &str,
    protected: &[String],
    fixable: &[String],
    sources: Arc<Sources>,
    unrun: bool,
) -> Result<Shaken, Failure> {
    narrow(&mut file);
    let underscores = hide_underscores(&mut file);
    let mut state = State::starting(protected, unrun, &file, edition);
    let mut good: Option<Checkpoint> = None;
    while state.rounds.len() < MAX_ROUNDS {
        let checked = check(&file, edition, map.as_ref(), &sources)?;
        let errors = (checked.diagnostics.iter())
            .any(|d| d.level == Level::Error && !d.spans.is_empty() && !capped_lint(d));
        if state.rounds.is_empty() && errors {
            return Err(Failure::DoesNotCompile(checked.diagnostics, checked.map));
        }
        if !errors {
            let removed = state.removed.len();
            good = Some(Checkpoint {
                file: file.clone(),
                map: map.clone(),
                removed,
            });
        }
        let (plan, warnings) = state.plan(&checked, edition)?;
        // Errors no deletion answers (one in code a back-off keeps, say)
        // are as final as those the plan cannot act on.
        if !plan.unresolved.is_empty() || (plan.is_empty() && errors) {
            let why = refusal(&plan, &checked);
            match good.as_ref().filter(|g| state.back_off(g, &why)) {
                Some(good) => {
                    (file, map) = (good.file.clone(), good.map.clone());
                    continue;
                }
                None => return Err(Failure::Error(why)),
            }
        }
        if plan.is_empty() {
            if let Some(next) = state.next_stage(&checked, &warnings, edition, fixable)? {
                (file, map) = next;
                continue;
            }
            // One no fix answered (in the user's own code) is rustc's error.
            if checked.diagnostics.iter().any(capped_lint) {
                return Err(Failure::DoesNotCompile(checked.diagnostics, checked.map));
            }
            return state.finish(file, &checked, &warnings, &underscores);
        }
        state.removed.extend(plan.removed.iter().cloned());
        file = edit(checked.tree, &plan)?;
        map = Some(checked.map);
    }
    Err(Failure::Error(Error::Shake {
        message: format!("rustc still reports dead code after {MAX_ROUNDS} rounds"),
    }))
}

/// How many warnings (with a place) `diagnostics` holds, by lint and
/// message.
fn warning_counts(diagnostics: &[Diagnostic]) -> BTreeMap<(Option<String>, String), usize> {
    let mut counts = BTreeMap::new();
    for d in diagnostics
        .iter()
        .filter(|d| d.level == Level::Warning && !d.spans.is_empty())
    {
        *counts
            .entry((d.code.clone(), d.message.clone()))
            .or_insert(0) += 1;
    }
    counts
}

/// Whether `d` reports a lint cargo caps in the library, which its fix
/// answers: not an error of the bundle's making (`rustc::EXPLICIT_AUTOREFS`).
fn capped_lint(d: &Diagnostic) -> bool {
    d.code.as_deref() == Some(rustc::EXPLICIT_AUTOREFS)
}

/// A round that compiled: its tree, the map of the text it came from, and
/// how many deletions led to it.
struct Checkpoint {
    file: syn::File,
    map: Option<SourceMap>,
    removed: usize,
}

/// What shaking carries from round to round.
#[derive(Default)]
struct State {
    /// Paths never deleted: the entry point, and what a back-off keeps.
    protected: BTreeSet<String>,
    rounds: Vec<Round>,
    removed: Vec<(String, String)>,
    kept: Vec<(String, String)>,
    first_warnings: Option<BTreeSet<WarningKey>>,
    debug: DebugUse,
    /// rustc's fixes written in: (lint, item).
    fixed: Vec<(String, String)>,
    fix_rounds: usize,
    /// The types whose layout generic code observes, asked of rustc once,
    /// on the first text: later ones only lose code.
    layouts: Option<BTreeMap<String, String>>,
    /// Whether the crates' debug assertions were taken ([`asserts`]).
    asserts_dropped: bool,
    /// Whether the impls the program runs nothing of were tried, and
    /// the functions it never runs ([`instances`]); whether that is what
    /// this shake is for, and how many of each warning its first round had.
    pruned: bool,
    stubbed: bool,
    unrun: bool,
    first_round: BTreeMap<(Option<String>, String), usize>,
    /// Whether the impls nothing calls through were tried ([`trim`]),
    /// and the text before they went, while the trim may be undone.
    trimmed: bool,
    /// What the shake was before the trim, while the trim may be undone.
    before_trim: Option<BeforeTrim>,
}

/// What undoing the trim goes back to.
struct BeforeTrim {
    /// The text before the trim.
    checkpoint: Checkpoint,
    /// How many things were kept then.
    kept: usize,
    /// What was protected then: what a back-off protected since is back
    /// in play once the text it broke is gone.
    protected: BTreeSet<String>,
    /// The trim, while it may still spare some impls.
    trimmed: Option<trim::Trimmed>,
}

impl State {
    /// A shake of `file` that never deletes the items at `protected`
    /// paths; of a shaken text, taking what the program never runs, if
    /// `unrun`.
    fn starting(protected: &[String], unrun: bool, file: &syn::File, edition: &str) -> State {
        let mut state = State {
            protected: protected.iter().cloned().collect(),
            layouts: layouts::generic_layouts(file)
                .and_then(|parameters| layouts::observed(file, &parameters, edition)),
            ..State::default()
        };
        // A shaken text has had the rest done to it.
        (state.pruned, state.stubbed, state.unrun) = (!unrun, !unrun, unrun);
        if unrun {
            (state.trimmed, state.asserts_dropped) = (true, true);
            state.fix_rounds = FIX_ROUNDS;
        }
        state
    }

    /// The shaken file, once rustc has nothing more to say on `checked`
    /// (the text of `file`) and no stage is left; `warnings` are the
    /// library's own.
    ///
    /// A shake taking what the program never runs fails where it ends
    /// with a warning its first round had not: what a back-off kept
    /// (`State::back_off`) would be dead code nobody was told of.
    fn finish(
        mut self,
        mut file: syn::File,
        checked: &Checked,
        warnings: &[LibraryWarning],
        underscores: &BTreeMap<String, String>,
    ) -> Result<Shaken, Failure> {
        let first = &self.first_round;
        let new = |(key, n): (&_, &usize)| first.get(key).is_none_or(|had| n > had);
        if self.unrun && warning_counts(&checked.diagnostics).iter().any(new) {
            return Err(Failure::Error(Error::Shake {
                message: "what the program never runs did not all go cleanly".into(),
            }));
        }
        // What the guard kept in one round and a later one deleted with
        // its whole type is not kept.
        let present = paths(&checked.tree);
        self.kept.retain(|(path, _)| present.contains(path));
        remove_empty_modules(&mut file.items);
        show_underscores(&mut file, underscores);
        widen(&mut file);
        Ok(Shaken {
            file,
            rounds: self.rounds,
            removed: self.removed,
            kept: self.kept,
            warnings: warnings.iter().map(|w| placed(w, &checked.map)).collect(),
            fixed: self.fixed,
        })
    }

    /// The plan for the reports on `checked`, and the library's own
    /// warnings among them; records the round.
    fn plan(
        &mut self,
        checked: &Checked,
        edition: &str,
    ) -> Result<(Plan, Vec<LibraryWarning>), Error> {
        let before = Before {
            protected: &self.protected,
            removed: &self.removed,
            first_warnings: self.first_warnings.as_ref(),
            debug: &self.debug,
            layouts: self.layouts.as_ref(),
        };
        if self.rounds.is_empty() {
            self.first_round = warning_counts(&checked.diagnostics);
        }
        let (mut plan, warnings) = plan(checked, &before);
        if !plan.debug_candidates.is_empty() {
            debug::decide(&checked.tree, edition, &mut plan, &mut self.debug)?;
        }
        for entry in std::mem::take(&mut plan.kept) {
            if !self.kept.contains(&entry) {
                self.kept.push(entry);
            }
        }
        // A field kept in an earlier round may be `PhantomData` now.
        (self.kept).retain(|(path, _)| {
            !plan
                .removed
                .iter()
                .any(|(p, why)| p == path && why == PHANTOM)
        });
        self.first_warnings
            .get_or_insert_with(|| warnings.iter().map(LibraryWarning::key).collect());
        self.rounds.push(Round {
            deleted: plan.delete.len(),
            expanded: plan.expand.len(),
            retyped: plan.unit.len()
                + plan.token_units.len()
                + plan.inhabit.len()
                + plan.phantom.len(),
            ..checked.round
        });
        Ok((plan, warnings))
    }

    /// Goes back to `good`: everything deleted since is kept from now on,
    /// `why` being what rustc said. False if that keeps nothing new (the
    /// same reports would come back).
    fn back_off(&mut self, good: &Checkpoint, why: &Error) -> bool {
        let since: Vec<(String, String)> = self.removed.split_off(good.removed);
        let first_line = why.to_string();
        let first_line = first_line
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        let mut new = false;
        for (path, _) in since {
            if self.protected.insert(path.clone()) {
                new = true;
                let reason = format!("deleting it with others broke the bundle ({first_line})");
                self.kept.push((path, reason));
            }
        }
        new
    }
}

/// rustc's reports on `file` (whose places `before` holds, or which is the
/// assembled file itself), with their places, if it has errors.
pub fn errors(
    file: &syn::File,
    edition: &str,
    before: Option<&SourceMap>,
    sources: &Arc<Sources>,
) -> Result<Option<(Vec<Diagnostic>, SourceMap)>, Error> {
    let checked = check(file, edition, before, sources)?;
    let errors =
        (checked.diagnostics.iter()).any(|d| d.level == Level::Error && !d.spans.is_empty());
    Ok(errors.then_some((checked.diagnostics, checked.map)))
}

/// Prints `file` and has rustc check it; `before` is the map of the text
/// `file` was parsed from (`None`: `file` is the assembled one).
fn check(
    file: &syn::File,
    edition: &str,
    before: Option<&SourceMap>,
    sources: &Arc<Sources>,
) -> Result<Checked, Error> {
    let text = prettyplease::unparse(file);
    let started = Instant::now();
    let (diagnostics, fixes) = rustc::check_with_lints(&text, edition, &[])?;
    let time = started.elapsed();
    let tree = syn::parse_file(&text).map_err(|e| Error::SelfCheck {
        message: format!("the text checked by rustc does not parse: {e}"),
    })?;
    let map = match before {
        None => SourceMap::assembled(Arc::clone(sources), file, &tree),
        Some(before) => before.carry(file, &tree),
    };
    let round = Round {
        bytes: text.len(),
        time,
        deleted: 0,
        expanded: 0,
        retyped: 0,
    };
    Ok(Checked {
        text,
        tree,
        diagnostics,
        fixes,
        map,
        round,
    })
}

/// What the rounds before this one leave a plan to go by.
struct Before<'b> {
    /// Paths never to delete (the entry point).
    protected: &'b BTreeSet<String>,
    /// What earlier rounds deleted: (readable path, rustc's message).
    removed: &'b [(String, String)],
    /// The library's own warnings of the first round.
    first_warnings: Option<&'b BTreeSet<WarningKey>>,
    /// Which derived `Debug`s rustc found used.
    debug: &'b DebugUse,
    /// The types whose layout generic code observes, where rustc told.
    layouts: Option<&'b BTreeMap<String, String>>,
}

/// What the reports on `checked` ask for, and the library's own warnings
/// among them.
fn plan(checked: &Checked, before: &Before) -> (Plan, Vec<LibraryWarning>) {
    let index = Index::new(&checked.tree);
    let mut plan = Plan {
        protected: before.protected.clone(),
        deleted: before
            .removed
            .iter()
            .map(|(path, _)| plan::last_name(path).to_string())
            // A tuple field's number is no name an error could quote.
            .filter(|name| !name.chars().all(|c| c.is_ascii_digit()))
            // A field made `PhantomData` is still there.
            .filter(|name| {
                !before
                    .removed
                    .iter()
                    .any(|(p, why)| why == PHANTOM && plan::last_name(p) == name)
            })
            .collect(),
        guarded: guard::guarded(&checked.tree, before.debug, before.layouts),
        ..Plan::default()
    };
    let mut warnings: Vec<LibraryWarning> = Vec::new();
    for d in checked.diagnostics.iter().enumerate() {
        plan.consider(&index, d, before.first_warnings, &mut warnings);
    }
    inhabit(&mut plan, &index, &checked.tree);
    phantoms(&mut plan, &checked.tree);
    plan.settle();
    (plan, warnings)
}

/// Which of the types rustc called uninhabited are enums the cut emptied
/// that can become `()` ([`uninhabited`]); each is recorded as removed, so
/// that a back-off keeps it.
fn inhabit(plan: &mut Plan, index: &Index, tree: &syn::File) {
    for name in std::mem::take(&mut plan.uninhabited) {
        let named = |path: &str| {
            path.strip_suffix(name.as_str())
                .is_some_and(|head| head.ends_with("::"))
        };
        let found = index
            .nodes
            .iter()
            .filter(|n| n.kind == Kind::Item && named(&n.path))
            .find_map(|n| Some((n, uninhabited::enum_at(tree, n.range.start)?)));
        let Some((node, e)) = found else {
            continue;
        };
        if !plan.protected.contains(&node.path)
            && uninhabited::replaceable(
                tree,
                node.path.rsplit_once("::").map_or("crate", |(m, _)| m),
                e,
            )
            && plan.inhabit.insert(node.key())
        {
            let why = "the cut took every variant; rustc called code after a value of it \
                       unreachable, so it is `()`";
            plan.removed.push((node.path.clone(), why.to_string()));
        }
    }
}

/// Why a field became `PhantomData`, in the report.
const PHANTOM: &str = "never read, and the only user of a parameter: it is `PhantomData`";

/// Which of the never-read fields kept as their parameters' only users
/// become `PhantomData` ([`phantom`]); each is recorded as removed (so
/// that a back-off keeps it as it was), not as kept.
fn phantoms(plan: &mut Plan, tree: &syn::File) {
    let users = std::mem::take(&mut plan.parameter_users);
    if users.is_empty() {
        return;
    }
    plan.phantoms.structs = phantom::Structs::of(tree);
    for (key, path) in users {
        let Some((holder, field)) = path.rsplit_once("::") else {
            continue;
        };
        if plan.protected.contains(&path)
            || !phantom::possible(tree, &plan.phantoms.structs, holder, field)
        {
            continue;
        }
        if plan.phantom.insert(key) {
            let fields = plan.phantoms.fields.entry(holder.to_string()).or_default();
            fields.insert(field.to_string());
            plan.kept.retain(|(p, _)| *p != path);
            plan.removed.push((path, PHANTOM.to_string()));
        }
    }
}

/// The error for the reports a plan cannot act on (or, if it has none,
/// for the errors of `checked` it leaves).
fn refusal(plan: &Plan, checked: &Checked) -> Error {
    let map = &checked.map;
    let mut reports: Vec<String> = plan
        .unresolved
        .iter()
        .map(|u| {
            let report = map.render(&u.diagnostic);
            format!("cannot act on rustc's report ({}):\n{report}", u.why)
        })
        .collect();
    if reports.is_empty() {
        reports.extend(
            checked
                .diagnostics
                .iter()
                .filter(|d| d.level == Level::Error)
                .map(|d| format!("an error no deletion answers:\n{}", map.render(d))),
        );
    }
    Error::Shake {
        message: reports.join("\n"),
    }
}

/// `tree` with `plan` applied.
fn edit(mut tree: syn::File, plan: &Plan) -> Result<syn::File, Error> {
    let macros = Macros::new(&tree.items);
    let mut editor = Editor {
        plan,
        macros: &macros,
        error: None,
        applied: 0,
        rematched: 0,
        dereffed: 0,
        emptied: Default::default(),
        self_ty: Vec::new(),
        module: vec!["crate".to_string()],
    };
    editor.visit_file_mut(&mut tree);
    remove_empty_impls(&mut tree.items);
    if editor.rematched != plan.never_match.len() && editor.error.is_none() {
        editor.error = Some(format!(
            "{} of {} `matches!` calls naming a deleted variant were not found",
            plan.never_match.len() - editor.rematched,
            plan.never_match.len()
        ));
    }
    if editor.dereffed != plan.deref.len() && editor.error.is_none() {
        editor.error = Some(format!(
            "{} of {} empty matches on a reference were not found",
            plan.deref.len() - editor.dereffed,
            plan.deref.len()
        ));
    }
    if editor.applied != plan.token_units.len() && editor.error.is_none() {
        editor.error = Some(format!(
            "{} of {} arguments inside macro calls to make `()` were not found",
            plan.token_units.len() - editor.applied,
            plan.token_units.len()
        ));
    }
    match editor.error {
        Some(message) => Err(Error::Shake { message }),
        None => Ok(tree),
    }
}

/// The machine-applicable fixes rustc offers for `warnings` (not about
/// dead code) in items under `fixable`, or that the bundler's deletions
/// caused (not among the `first` round's: `f` unused once a match lost its
/// arms), each with its item.
fn fixes_in(
    checked: &Checked,
    warnings: &[LibraryWarning],
    fixable: &[String],
    first: &Option<BTreeSet<WarningKey>>,
) -> Vec<(Fix, String)> {
    checked
        .fixes
        .iter()
        .filter_map(|fix| {
            let warning = warnings.iter().find(|w| w.report == fix.report)?;
            let ours = first.as_ref().is_some_and(|f| !f.contains(&warning.key()));
            (ours || is_fixable(&warning.node, fixable))
                .then(|| (fix.clone(), warning.node.clone()))
        })
        .collect()
}

/// The readable paths of every node of `tree` ([`Index`]).
fn paths(tree: &syn::File) -> BTreeSet<String> {
    Index::new(tree).nodes.into_iter().map(|n| n.path).collect()
}

/// Whether the item or module at `path` is under one of the `fixable`
/// roots (a mounted crate's code, which the bundler may rewrite).
pub(crate) fn is_fixable(path: &str, fixable: &[String]) -> bool {
    (fixable.iter()).any(|root| path == root || path.starts_with(&format!("{root}::")))
}

/// Calls `f` on each item among `items` (of module `path`, at indices
/// `at` down the modules) that is not a module and stands under the
/// `fixable` paths, with its module's path and its indices.
fn each_fixable_item(
    items: &[syn::Item],
    path: &str,
    at: &mut Vec<usize>,
    fixable: &[String],
    f: &mut dyn FnMut(&syn::Item, &str, &[usize]),
) {
    let under = is_fixable(path, fixable);
    for (i, item) in items.iter().enumerate() {
        at.push(i);
        match item {
            syn::Item::Mod(syn::ItemMod {
                ident,
                content: Some((_, inner)),
                ..
            }) => each_fixable_item(inner, &format!("{path}::{ident}"), at, fixable, f),
            _ if under => f(item, path, at),
            _ => {}
        }
        at.pop();
    }
}

/// A warning of the last round, with its places in the library.
fn placed(warning: &LibraryWarning, map: &SourceMap) -> Warning {
    Warning {
        lint: warning.lint.clone(),
        message: warning.message.clone(),
        item: warning.node.clone(),
        place: map.primary_place(&warning.diagnostic),
        rendered: map.render(&warning.diagnostic),
    }
}

/// The readable path of every item and member of `file` (the names
/// [`Shaken::removed`] uses), each with the path of the item it is a
/// member of.
pub fn node_paths(file: &syn::File) -> Vec<(String, Option<String>)> {
    // Spans must come from one text: an assembled file holds spans of
    // several source files, which overlap.
    let text = prettyplease::unparse(file);
    let Ok(file) = syn::parse_file(&text) else {
        return Vec::new();
    };
    let index = Index::new(&file);
    let mut out = Vec::new();
    for node in &index.nodes {
        if !matches!(node.kind, Kind::Item | Kind::ImplItem | Kind::TraitItem) {
            continue;
        }
        let parent = match node.kind {
            Kind::Item => None,
            _ => index
                .around(&node.range)
                .into_iter()
                .rev()
                .find(|n| n.kind == Kind::Item)
                .map(|n| n.path.clone()),
        };
        out.push((node.path.clone(), parent));
    }
    out
}

#[cfg(test)]
mod tests;
