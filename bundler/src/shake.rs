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
//! * `dead_code` — the item, member, field or enum variant named;
//! * `unused_imports` — the `use` leaves inside the span;
//! * `unused_macros` — the `macro_rules!`;
//! * a report inside what an item-level macro invocation wrote — the
//!   invocation is written out as its items ([`crate::expand`]) and judged
//!   again next round;
//! * an error caused by an earlier deletion — the code that only existed
//!   for the deleted item: an `impl` whose header names it, a `use` of it,
//!   an `impl` member of a deleted trait member, a struct-literal field or
//!   pattern field of a deleted field (only when the value has no side
//!   effect), a `match` arm of a deleted variant, an assignment to a
//!   deleted field.
//!
//! Other warnings are the library's own (`unused_variables`, …): they are
//! returned to be reported, never hidden.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{Expr, ImplItem, Item, Stmt, UseTree};

use crate::error::Error;
use crate::expand::{expand_impl_items, expand_items, Macros};
use crate::rustc::{self, Diagnostic, Level, Pos, Range};
use crate::syntax::{
    hide_underscores, impl_member_name, item_label, item_name, narrow, remove_empty_modules,
    show_underscores, trait_member_name, widen,
};

/// What shaking did.
#[derive(Debug, Default)]
pub struct Shaken {
    /// The result, with its visibilities as in the library.
    pub file: Option<syn::File>,
    /// Per rustc run, in order.
    pub rounds: Vec<Round>,
    /// What rustc had deleted: (readable path, rustc's message).
    pub removed: Vec<(String, String)>,
    /// Warnings that are not about dead code: the library's own.
    pub warnings: Vec<LibraryWarning>,
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
}

/// A warning rustc gives on the library's own code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryWarning {
    pub lint: String,
    pub message: String,
    /// The innermost item or member it is in, e.g. `crate::dlx::Solver::new`.
    pub node: String,
    /// The same, segment by segment.
    pub segments: Vec<String>,
}

/// Why shaking stopped early.
#[derive(Debug)]
pub enum Failure {
    /// The first text did not compile: rustc's errors.
    DoesNotCompile(Vec<Diagnostic>),
    /// Anything else.
    Error(Error),
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::Error(e)
    }
}

const MAX_ROUNDS: usize = 64;

/// Deletes from `file` everything rustc finds dead or unused; the items at
/// `protected` paths (the entry point) are never deleted.
pub fn shake(mut file: syn::File, edition: &str, protected: &[String]) -> Result<Shaken, Failure> {
    let protected: BTreeSet<String> = protected.iter().cloned().collect();
    let mut shaken = Shaken::default();
    narrow(&mut file);
    let underscores = hide_underscores(&mut file);
    let mut first_warnings: Option<BTreeSet<(String, String, String)>> = None;
    for round in 0..MAX_ROUNDS {
        let text = prettyplease::unparse(&file);
        let started = Instant::now();
        let diagnostics = rustc::check(&text, edition)?;
        let time = started.elapsed();
        let tree = syn::parse_file(&text).map_err(|e| Error::SelfCheck {
            message: format!("the text checked by rustc does not parse: {e}"),
        })?;
        if round == 0 && diagnostics.iter().any(|d| d.level == Level::Error) {
            return Err(Failure::DoesNotCompile(diagnostics));
        }
        let index = Index::new(&tree);
        let mut plan = Plan {
            protected: protected.clone(),
            ..Plan::default()
        };
        let mut warnings = Vec::new();
        for d in &diagnostics {
            plan.consider(&index, d, first_warnings.as_ref(), &mut warnings);
        }
        let keys: BTreeSet<(String, String, String)> = warnings
            .iter()
            .map(|w: &LibraryWarning| (w.lint.clone(), w.node.clone(), w.message.clone()))
            .collect();
        first_warnings.get_or_insert(keys);
        if !plan.unresolved.is_empty() {
            return Err(Failure::Error(Error::Shake {
                message: plan.unresolved.join("\n"),
            }));
        }
        shaken.rounds.push(Round {
            bytes: text.len(),
            time,
            deleted: plan.delete.len(),
            expanded: plan.expand.len(),
        });
        if plan.is_empty() {
            shaken.warnings = warnings;
            remove_empty_modules(&mut file.items);
            show_underscores(&mut file, &underscores);
            widen(&mut file);
            shaken.file = Some(file);
            return Ok(shaken);
        }
        shaken.removed.extend(plan.removed.iter().cloned());
        let macros = Macros::new(&tree.items);
        let mut editor = Editor {
            plan: &plan,
            macros: &macros,
            error: None,
        };
        let mut tree = tree;
        editor.visit_file_mut(&mut tree);
        if let Some(message) = editor.error {
            return Err(Failure::Error(Error::Shake { message }));
        }
        file = tree;
    }
    Err(Failure::Error(Error::Shake {
        message: format!("rustc still reports dead code after {MAX_ROUNDS} rounds"),
    }))
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

/// The kinds of node a report can delete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Kind {
    Item,
    ImplItem,
    TraitItem,
    Field,
    Variant,
    UseLeaf,
    Arm,
    FieldValue,
    FieldPat,
    Stmt,
}

/// A node: its kind and where it starts identify it within one text.
type Key = (Kind, Pos);

#[derive(Clone, Debug)]
struct Node {
    kind: Kind,
    range: Range,
    /// Where its name starts, for the nodes that have one.
    ident: Option<Pos>,
    /// A readable path, e.g. `crate::dlx::Solver::new`.
    path: String,
    segments: Vec<String>,
    /// An item-level (or member-level) macro invocation.
    invocation: bool,
    /// An `impl`: its header (everything before the braces).
    header: Option<Range>,
    /// A statement, arm value or field value that may be deleted only if
    /// it has no side effect: whether it has none.
    pure: bool,
    /// A `match` arm: its pattern.
    pattern: Option<Range>,
    is_module: bool,
}

impl Node {
    fn key(&self) -> Key {
        (self.kind, self.range.start)
    }
}

/// Every node of a parsed text, in order.
struct Index {
    nodes: Vec<Node>,
}

impl Index {
    fn new(file: &syn::File) -> Index {
        let mut indexer = Indexer {
            nodes: Vec::new(),
            path: vec!["crate".to_string()],
        };
        indexer.visit_file(file);
        Index {
            nodes: indexer.nodes,
        }
    }

    /// The node of kind in `kinds` whose name starts at `pos`.
    fn named_at(&self, pos: Pos, kinds: &[Kind]) -> Option<&Node> {
        self.nodes
            .iter()
            .find(|n| n.ident == Some(pos) && kinds.contains(&n.kind))
    }

    /// The nodes containing `range`, innermost last.
    fn around(&self, range: &Range) -> Vec<&Node> {
        let mut around: Vec<&Node> = self
            .nodes
            .iter()
            .filter(|n| n.range.contains(range))
            .collect();
        around.sort_by_key(|n| std::cmp::Reverse(size(&n.range)));
        around
    }
}

/// An order on ranges by size: wider ranges are bigger.
fn size(range: &Range) -> (usize, isize) {
    (
        range.end.line - range.start.line,
        range.end.column as isize - range.start.column as isize,
    )
}

struct Indexer {
    nodes: Vec<Node>,
    path: Vec<String>,
}

impl Indexer {
    fn here(&self, name: &str) -> String {
        format!("{}::{name}", self.path.join("::"))
    }

    fn push(
        &mut self,
        kind: Kind,
        span: proc_macro2::Span,
        ident: Option<&syn::Ident>,
        name: String,
    ) -> usize {
        let path = self.here(&name);
        let mut segments = self.path.clone();
        segments.push(name);
        self.nodes.push(Node {
            kind,
            range: Range::of(span),
            ident: ident.map(|i| Pos::of(i.span().start())),
            path,
            segments,
            invocation: false,
            header: None,
            pure: false,
            pattern: None,
            is_module: false,
        });
        self.nodes.len() - 1
    }

    fn use_leaves(&mut self, tree: &UseTree, prefix: &str) {
        match tree {
            UseTree::Group(g) => {
                for t in &g.items {
                    self.use_leaves(t, prefix);
                }
            }
            UseTree::Path(p) if has_group(&p.tree) => {
                self.use_leaves(&p.tree, &format!("{prefix}{}::", p.ident));
            }
            leaf => {
                self.push(
                    Kind::UseLeaf,
                    leaf.span(),
                    None,
                    format!("use {prefix}{}", crate::syntax::tidy(leaf)),
                );
            }
        }
    }
}

fn has_group(tree: &UseTree) -> bool {
    match tree {
        UseTree::Group(_) => true,
        UseTree::Path(p) => has_group(&p.tree),
        _ => false,
    }
}

impl<'ast> Visit<'ast> for Indexer {
    fn visit_item(&mut self, item: &'ast Item) {
        let ident = match item {
            Item::Const(x) => Some(&x.ident),
            Item::Enum(x) => Some(&x.ident),
            Item::Fn(x) => Some(&x.sig.ident),
            Item::Mod(x) => Some(&x.ident),
            Item::Static(x) => Some(&x.ident),
            Item::Struct(x) => Some(&x.ident),
            Item::Trait(x) => Some(&x.ident),
            Item::Type(x) => Some(&x.ident),
            Item::Union(x) => Some(&x.ident),
            Item::Macro(x) => x.ident.as_ref(),
            _ => None,
        };
        let label = match item {
            Item::Impl(_) => format!("<{}>", item_label(item)),
            _ => item_label(item),
        };
        let n = self.push(Kind::Item, item.span(), ident, label.clone());
        match item {
            Item::Mod(_) => self.nodes[n].is_module = true,
            Item::Macro(m) => self.nodes[n].invocation = m.ident.is_none(),
            Item::Impl(imp) => {
                let start = imp.impl_token.span.start();
                let end = imp.self_ty.span().end();
                self.nodes[n].header = Some(Range {
                    start: Pos::of(start),
                    end: Pos::of(end),
                });
            }
            Item::Use(u) => self.use_leaves(&u.tree, ""),
            _ => {}
        }
        // Members of an inherent impl are named after the type.
        let segment = match item {
            Item::Impl(imp) if imp.trait_.is_none() => crate::syntax::tidy(&imp.self_ty),
            Item::Impl(_) => label,
            _ => item_name(item).unwrap_or(label),
        };
        self.path.push(segment);
        syn::visit::visit_item(self, item);
        self.path.pop();
    }

    fn visit_impl_item(&mut self, member: &'ast ImplItem) {
        let ident = match member {
            ImplItem::Const(c) => Some(&c.ident),
            ImplItem::Fn(f) => Some(&f.sig.ident),
            ImplItem::Type(t) => Some(&t.ident),
            _ => None,
        };
        let name = impl_member_name(member).unwrap_or_else(|| "<member>".into());
        let n = self.push(Kind::ImplItem, member.span(), ident, name.clone());
        self.nodes[n].invocation = matches!(member, ImplItem::Macro(_));
        self.path.push(name);
        syn::visit::visit_impl_item(self, member);
        self.path.pop();
    }

    fn visit_trait_item(&mut self, member: &'ast syn::TraitItem) {
        let ident = match member {
            syn::TraitItem::Const(c) => Some(&c.ident),
            syn::TraitItem::Fn(f) => Some(&f.sig.ident),
            syn::TraitItem::Type(t) => Some(&t.ident),
            _ => None,
        };
        let name = trait_member_name(member).unwrap_or_else(|| "<member>".into());
        self.push(Kind::TraitItem, member.span(), ident, name.clone());
        self.path.push(name);
        syn::visit::visit_trait_item(self, member);
        self.path.pop();
    }

    fn visit_field(&mut self, field: &'ast syn::Field) {
        let name = field
            .ident
            .as_ref()
            .map_or("<field>".to_string(), ToString::to_string);
        self.push(
            Kind::Field,
            field.span(),
            field.ident.as_ref(),
            name.clone(),
        );
        syn::visit::visit_field(self, field);
    }

    fn visit_variant(&mut self, variant: &'ast syn::Variant) {
        self.push(
            Kind::Variant,
            variant.span(),
            Some(&variant.ident),
            variant.ident.to_string(),
        );
        syn::visit::visit_variant(self, variant);
    }

    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        let n = self.push(Kind::Arm, arm.span(), None, "<match arm>".to_string());
        self.nodes[n].pattern = Some(Range::of(arm.pat.span()));
        syn::visit::visit_arm(self, arm);
    }

    fn visit_field_value(&mut self, field: &'ast syn::FieldValue) {
        let n = self.push(
            Kind::FieldValue,
            field.span(),
            None,
            "<field value>".to_string(),
        );
        self.nodes[n].pure = is_pure(&field.expr);
        syn::visit::visit_field_value(self, field);
    }

    fn visit_field_pat(&mut self, field: &'ast syn::FieldPat) {
        self.push(
            Kind::FieldPat,
            field.span(),
            None,
            "<field pattern>".to_string(),
        );
        syn::visit::visit_field_pat(self, field);
    }

    fn visit_stmt(&mut self, stmt: &'ast Stmt) {
        let n = self.push(Kind::Stmt, stmt.span(), None, "<statement>".to_string());
        self.nodes[n].pure = match stmt {
            Stmt::Local(local) => local
                .init
                .as_ref()
                .is_none_or(|init| init.diverge.is_none() && is_pure(&init.expr)),
            Stmt::Expr(Expr::Assign(a), _) => is_pure(&a.right),
            Stmt::Expr(Expr::Binary(b), _) => is_pure(&b.right) && is_pure(&b.left),
            _ => false,
        };
        syn::visit::visit_stmt(self, stmt);
    }
}

/// Whether evaluating `e` can have no effect but its value (so that
/// dropping it cannot change what the program does).
fn is_pure(e: &Expr) -> bool {
    match e {
        Expr::Lit(_) | Expr::Path(_) | Expr::Closure(_) => true,
        Expr::Reference(r) => is_pure(&r.expr),
        Expr::Paren(p) => is_pure(&p.expr),
        Expr::Group(g) => is_pure(&g.expr),
        Expr::Unary(u) => is_pure(&u.expr),
        Expr::Binary(b) => is_pure(&b.left) && is_pure(&b.right),
        Expr::Cast(c) => is_pure(&c.expr),
        Expr::Field(f) => is_pure(&f.base),
        Expr::Index(i) => is_pure(&i.expr) && is_pure(&i.index),
        Expr::Tuple(t) => t.elems.iter().all(is_pure),
        Expr::Array(a) => a.elems.iter().all(is_pure),
        Expr::Repeat(r) => is_pure(&r.expr) && is_pure(&r.len),
        Expr::Struct(s) => {
            s.fields.iter().all(|f| is_pure(&f.expr)) && s.rest.as_deref().is_none_or(is_pure)
        }
        Expr::MethodCall(m) => {
            matches!(
                m.method.to_string().as_str(),
                "clone" | "len" | "to_vec" | "to_string" | "to_owned" | "into"
            ) && m.args.iter().all(is_pure)
                && is_pure(&m.receiver)
        }
        Expr::Call(c) => {
            let constructor = match &*c.func {
                Expr::Path(p) => p.path.segments.last().is_some_and(|s| {
                    matches!(
                        s.ident.to_string().as_str(),
                        "new" | "default" | "with_capacity"
                    )
                }),
                _ => false,
            };
            constructor && c.args.iter().all(is_pure)
        }
        _ => false,
    }
}

/// What one round deletes and expands.
#[derive(Default)]
struct Plan {
    /// Paths never to delete (the entry point).
    protected: BTreeSet<String>,
    delete: BTreeSet<Key>,
    /// Invocations to write out, with the definition rustc named.
    expand: BTreeMap<Key, Option<Range>>,
    removed: Vec<(String, String)>,
    /// Reports nothing here can act on: the bundle cannot be made clean.
    unresolved: Vec<String>,
}

impl Plan {
    fn is_empty(&self) -> bool {
        self.delete.is_empty() && self.expand.is_empty()
    }

    fn remove(&mut self, node: &Node, why: &str) {
        if self.delete.insert(node.key()) {
            self.removed.push((node.path.clone(), why.to_string()));
        }
    }

    fn consider(
        &mut self,
        index: &Index,
        d: &Diagnostic,
        first_warnings: Option<&BTreeSet<(String, String, String)>>,
        warnings: &mut Vec<LibraryWarning>,
    ) {
        // Spanless ones are summaries ("aborting due to …").
        if d.level == Level::Other || d.spans.is_empty() {
            return;
        }
        // A report about what an invocation wrote: write the invocation out.
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
        if inside_macro {
            return;
        }
        match (d.level, d.code.as_deref()) {
            (Level::Warning, Some("dead_code")) => {
                for span in d.primary() {
                    let kinds = [
                        Kind::Item,
                        Kind::ImplItem,
                        Kind::TraitItem,
                        Kind::Field,
                        Kind::Variant,
                    ];
                    match index.named_at(span.range.start, &kinds) {
                        Some(node) if node.kind == Kind::Field && node.ident.is_none() => self
                            .unresolved
                            .push(unresolved(d, "a tuple field cannot be deleted")),
                        Some(node) => self.remove(node, &d.message),
                        None => self
                            .unresolved
                            .push(unresolved(d, "no item is named there")),
                    }
                }
            }
            (Level::Warning, Some("unused_imports")) => {
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
            (Level::Warning, Some("unused_macros")) => {
                for span in d.primary() {
                    match index.named_at(span.range.start, &[Kind::Item]) {
                        Some(node) => self.remove(node, &d.message),
                        None => self
                            .unresolved
                            .push(unresolved(d, "no macro is defined there")),
                    }
                }
            }
            (Level::Warning, code) => {
                let lint = code.unwrap_or("warning").to_string();
                let node =
                    d.primary().next().and_then(|s| {
                        index.around(&s.range).into_iter().rev().find(|n| {
                            matches!(n.kind, Kind::Item | Kind::ImplItem | Kind::TraitItem)
                        })
                    });
                let warning = LibraryWarning {
                    lint: lint.clone(),
                    message: d.message.clone(),
                    node: node.map_or_else(|| "crate".to_string(), |n| n.path.clone()),
                    segments: node
                        .map_or_else(|| vec!["crate".to_string()], |n| n.segments.clone()),
                };
                let ours = first_warnings.is_some_and(|first| {
                    !first.contains(&(
                        warning.lint.clone(),
                        warning.node.clone(),
                        warning.message.clone(),
                    ))
                });
                // A variable left unused by a deletion of ours goes too.
                if ours && lint == "unused_variables" && self.remove_unused_local(index, d) {
                    return;
                }
                warnings.push(warning);
            }
            (Level::Error, _) => self.repair(index, d),
            _ => {}
        }
    }

    /// Deletes the `let` of a variable a deletion left unused, if its value
    /// has no side effect.
    fn remove_unused_local(&mut self, index: &Index, d: &Diagnostic) -> bool {
        let Some(span) = d.primary().next() else {
            return false;
        };
        let around = index.around(&span.range);
        match around.into_iter().rev().find(|n| n.kind == Kind::Stmt) {
            Some(stmt) if stmt.pure => {
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
        let around = index.around(&span.range);
        let innermost = |kind: Kind| around.iter().rev().find(|n| n.kind == kind).copied();
        let code = d.code.as_deref().unwrap_or("");
        if let Some(leaf) = innermost(Kind::UseLeaf) {
            self.remove(leaf, &d.message);
            return;
        }
        if matches!(code, "E0407" | "E0437" | "E0438") {
            if let Some(member) = innermost(Kind::ImplItem) {
                self.remove(member, &d.message);
                return;
            }
        }
        if let Some(imp) = around
            .iter()
            .rev()
            .find(|n| n.header.is_some_and(|h| h.contains(&span.range)))
        {
            self.remove(imp, &d.message);
            return;
        }
        if code == "E0560" {
            if let Some(field) = innermost(Kind::FieldValue).filter(|f| f.pure) {
                self.remove(field, &d.message);
                return;
            }
        }
        if code == "E0026" {
            if let Some(field) = innermost(Kind::FieldPat) {
                self.remove(field, &d.message);
                return;
            }
        }
        if let Some(arm) =
            innermost(Kind::Arm).filter(|a| a.pattern.is_some_and(|p| p.contains(&span.range)))
        {
            self.remove(arm, &d.message);
            return;
        }
        if code == "E0609" {
            if let Some(stmt) = innermost(Kind::Stmt).filter(|s| s.pure) {
                self.remove(stmt, &d.message);
                return;
            }
        }
        // Anything else that names deleted code is dead with it: a trait
        // member whose signature names a deleted type, a function that
        // calls a deleted one. Were it live, its users would fail next
        // round, up to `main`, which is never deleted: a loud failure.
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

fn is_dead_lint(d: &Diagnostic) -> bool {
    matches!(
        d.code.as_deref(),
        Some("dead_code" | "unused_imports" | "unused_macros")
    )
}

fn unresolved(d: &Diagnostic, why: &str) -> String {
    format!(
        "cannot act on rustc's report ({why}):\n{}",
        d.rendered.trim_end()
    )
}

/// Applies a plan to the tree it was made from.
struct Editor<'p> {
    plan: &'p Plan,
    macros: &'p Macros,
    error: Option<String>,
}

impl Editor<'_> {
    fn gone(&self, kind: Kind, span: proc_macro2::Span) -> bool {
        self.plan.delete.contains(&(kind, Pos::of(span.start())))
    }

    fn items(&mut self, items: &mut Vec<Item>) {
        let old = std::mem::take(items);
        for mut item in old {
            let key = (Kind::Item, Pos::of(item.span().start()));
            if self.plan.delete.contains(&key) {
                continue;
            }
            if let (Some(def_site), Item::Macro(m)) = (self.plan.expand.get(&key), &item) {
                match expand_items(self.macros, &m.mac, *def_site) {
                    Ok(expanded) => items.extend(expanded),
                    Err(e) => {
                        self.error =
                            Some(format!("cannot write out `{}`: {}", item_label(&item), e.0))
                    }
                }
                continue;
            }
            if let Item::Use(u) = &mut item {
                match self.keep_leaves(&u.tree) {
                    Some(tree) => u.tree = tree,
                    None => continue,
                }
            }
            items.push(item);
        }
    }

    /// `tree` without the deleted leaves; `None` if none is left.
    fn keep_leaves(&self, tree: &UseTree) -> Option<UseTree> {
        match tree {
            UseTree::Group(g) => {
                let kept: Vec<UseTree> =
                    g.items.iter().filter_map(|t| self.keep_leaves(t)).collect();
                if kept.is_empty() {
                    return None;
                }
                let mut g = g.clone();
                g.items = kept.into_iter().collect();
                Some(UseTree::Group(g))
            }
            UseTree::Path(p) if has_group(&p.tree) => {
                let inner = self.keep_leaves(&p.tree)?;
                let mut p = p.clone();
                p.tree = Box::new(inner);
                Some(UseTree::Path(p))
            }
            leaf => (!self.gone(Kind::UseLeaf, leaf.span())).then(|| leaf.clone()),
        }
    }
}

impl VisitMut for Editor<'_> {
    fn visit_file_mut(&mut self, file: &mut syn::File) {
        self.items(&mut file.items);
        syn::visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            self.items(items);
        }
        syn::visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_item_impl_mut(&mut self, imp: &mut syn::ItemImpl) {
        let old = std::mem::take(&mut imp.items);
        for member in old {
            let span = member.span();
            if self.gone(Kind::ImplItem, span) {
                continue;
            }
            let key = (Kind::ImplItem, Pos::of(span.start()));
            if let (Some(def_site), ImplItem::Macro(m)) = (self.plan.expand.get(&key), &member) {
                match expand_impl_items(self.macros, &m.mac, *def_site) {
                    Ok(expanded) => imp.items.extend(expanded),
                    Err(e) => {
                        self.error = Some(format!("cannot write out a macro in an impl: {}", e.0))
                    }
                }
                continue;
            }
            imp.items.push(member);
        }
        syn::visit_mut::visit_item_impl_mut(self, imp);
    }

    fn visit_item_trait_mut(&mut self, t: &mut syn::ItemTrait) {
        let old = std::mem::take(&mut t.items);
        t.items = old
            .into_iter()
            .filter(|m| !self.gone(Kind::TraitItem, m.span()))
            .collect();
        syn::visit_mut::visit_item_trait_mut(self, t);
    }

    fn visit_fields_named_mut(&mut self, fields: &mut syn::FieldsNamed) {
        fields.named = std::mem::take(&mut fields.named)
            .into_iter()
            .filter(|f| !self.gone(Kind::Field, f.span()))
            .collect();
        syn::visit_mut::visit_fields_named_mut(self, fields);
    }

    fn visit_item_enum_mut(&mut self, e: &mut syn::ItemEnum) {
        e.variants = std::mem::take(&mut e.variants)
            .into_iter()
            .filter(|v| !self.gone(Kind::Variant, v.span()))
            .collect();
        syn::visit_mut::visit_item_enum_mut(self, e);
    }

    fn visit_expr_match_mut(&mut self, m: &mut syn::ExprMatch) {
        m.arms.retain(|arm| !self.gone(Kind::Arm, arm.span()));
        syn::visit_mut::visit_expr_match_mut(self, m);
    }

    fn visit_expr_struct_mut(&mut self, s: &mut syn::ExprStruct) {
        s.fields = std::mem::take(&mut s.fields)
            .into_iter()
            .filter(|f| !self.gone(Kind::FieldValue, f.span()))
            .collect();
        syn::visit_mut::visit_expr_struct_mut(self, s);
    }

    fn visit_pat_struct_mut(&mut self, p: &mut syn::PatStruct) {
        p.fields = std::mem::take(&mut p.fields)
            .into_iter()
            .filter(|f| !self.gone(Kind::FieldPat, f.span()))
            .collect();
        syn::visit_mut::visit_pat_struct_mut(self, p);
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        let old = std::mem::take(&mut block.stmts);
        for stmt in old {
            if self.gone(Kind::Stmt, stmt.span()) {
                continue;
            }
            if let Stmt::Item(item) = stmt {
                let mut one = vec![item];
                self.items(&mut one);
                block.stmts.extend(one.into_iter().map(Stmt::Item));
                continue;
            }
            block.stmts.push(stmt);
        }
        syn::visit_mut::visit_block_mut(self, block);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shaken(source: &str) -> String {
        let file = syn::parse_file(source).expect("valid source");
        match shake(file, "2021", &["crate::main".to_string()]) {
            Ok(s) => prettyplease::unparse(&s.file.expect("a file")),
            Err(Failure::DoesNotCompile(d)) => panic!("does not compile: {d:?}"),
            Err(Failure::Error(e)) => panic!("{e}"),
        }
    }

    #[test]
    fn dead_items_members_fields_and_imports_go() {
        let out = shaken(
            "use std::fmt::Write;\n\
             pub struct S { pub a: u32, pub b: u32 }\n\
             impl S { pub fn used(&self) -> u32 { self.a } pub fn unused(&self) -> u32 { self.b } }\n\
             pub fn never() {}\n\
             fn main() { let s = S { a: 1, b: 2 }; println!(\"{}\", s.used()); }\n",
        );
        assert!(!out.contains("Write"), "{out}");
        assert!(!out.contains("unused"), "{out}");
        assert!(!out.contains("never"), "{out}");
        assert!(!out.contains("b:"), "{out}");
        assert!(out.contains("pub struct S"), "{out}");
    }

    #[test]
    fn dead_traits_take_their_impls_even_inside_macros() {
        let out = shaken(
            "pub trait Zero { fn zero() -> Self; }\n\
             pub trait One { fn one() -> Self; }\n\
             macro_rules! imp { ($($t:ty),*) => { $(impl Zero for $t { fn zero() -> Self { 0 } } \
             impl One for $t { fn one() -> Self { 1 } })* }; }\n\
             imp!(u8, u32);\n\
             fn main() { println!(\"{}\", <u32 as One>::one()); }\n",
        );
        assert!(!out.contains("Zero"), "{out}");
        assert!(!out.contains("imp!"), "{out}");
        assert!(out.contains("impl One for u32"), "{out}");
    }
}
