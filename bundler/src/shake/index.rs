//! The nodes of one checked text that a report can name or delete: items,
//! members, fields, variants, `use` leaves, match arms, struct-literal and
//! pattern fields, statements; each with its range in the text, where its
//! name starts, and a readable path (`crate::dlx::Solver::new`).

use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{Expr, ImplItem, Item, Stmt, UseTree};

use crate::rustc::{Pos, Range};
use crate::syntax::{
    impl_member_ident, impl_member_name, item_ident, item_label, item_name, tidy,
    trait_member_ident, trait_member_name,
};

/// The kinds of node a report can delete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) enum Kind {
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
    /// An argument of a call (`Edge(1, 2, cost)`).
    Arg,
    /// A `matches!(value, pattern)` call.
    Matches,
}

/// A node: its kind and where it starts identify it within one text.
pub(super) type Key = (Kind, Pos);

#[derive(Clone, Debug)]
pub(super) struct Node {
    pub(super) kind: Kind,
    pub(super) range: Range,
    /// Where its name starts, for the nodes that have one.
    pub(super) ident: Option<Pos>,
    /// A readable path, e.g. `crate::dlx::Solver::new`.
    pub(super) path: String,
    /// An item-level (or member-level) macro invocation.
    pub(super) invocation: bool,
    /// An `impl`: its header (everything before the braces).
    pub(super) header: Option<Range>,
    /// A statement, arm value or field value that may be deleted only if
    /// it has no side effect: whether it has none.
    pub(super) pure: bool,
    /// A `match` arm: its pattern.
    pub(super) pattern: Option<Range>,
    /// A `let` of one variable (`let x = …;`): its name.
    pub(super) binding: Option<Range>,
    pub(super) is_module: bool,
}

impl Node {
    pub(super) fn key(&self) -> Key {
        (self.kind, self.range.start)
    }
}

/// Every node of a parsed text, in order.
pub(super) struct Index {
    pub(super) nodes: Vec<Node>,
}

impl Index {
    pub(super) fn new(file: &syn::File) -> Index {
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
    pub(super) fn named_at(&self, pos: Pos, kinds: &[Kind]) -> Option<&Node> {
        self.nodes
            .iter()
            .find(|n| n.ident == Some(pos) && kinds.contains(&n.kind))
    }

    /// The node of kind `kind` spanning exactly `range` (a tuple field or
    /// an argument: nodes without a name).
    pub(super) fn exactly(&self, kind: Kind, range: &Range) -> Option<&Node> {
        self.nodes
            .iter()
            .find(|n| n.kind == kind && n.range == *range)
    }

    /// The nodes containing `range`, innermost last.
    pub(super) fn around(&self, range: &Range) -> Vec<&Node> {
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
        self.nodes.push(Node {
            kind,
            range: Range::of(span),
            ident: ident.map(|i| Pos::of(i.span().start())),
            path,
            invocation: false,
            header: None,
            pure: false,
            pattern: None,
            binding: None,
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
                    format!("use {prefix}{}", tidy(leaf)),
                );
            }
        }
    }
}

pub(super) fn has_group(tree: &UseTree) -> bool {
    match tree {
        UseTree::Group(_) => true,
        UseTree::Path(p) => has_group(&p.tree),
        _ => false,
    }
}

impl<'ast> Visit<'ast> for Indexer {
    fn visit_item(&mut self, item: &'ast Item) {
        let ident = item_ident(item);
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
            Item::Impl(imp) if imp.trait_.is_none() => tidy(&imp.self_ty),
            Item::Impl(_) => label,
            _ => item_name(item).unwrap_or(label),
        };
        self.path.push(segment);
        syn::visit::visit_item(self, item);
        self.path.pop();
    }

    fn visit_impl_item(&mut self, member: &'ast ImplItem) {
        let ident = impl_member_ident(member);
        let name = impl_member_name(member).unwrap_or_else(|| "<member>".into());
        let n = self.push(Kind::ImplItem, member.span(), ident, name.clone());
        self.nodes[n].invocation = matches!(member, ImplItem::Macro(_));
        self.path.push(name);
        syn::visit::visit_impl_item(self, member);
        self.path.pop();
    }

    fn visit_trait_item(&mut self, member: &'ast syn::TraitItem) {
        let ident = trait_member_ident(member);
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

    /// A tuple field is named by its number, as rustc names it (`P::0`).
    fn visit_fields_unnamed(&mut self, fields: &'ast syn::FieldsUnnamed) {
        for (k, field) in fields.unnamed.iter().enumerate() {
            self.push(Kind::Field, field.span(), None, k.to_string());
            for attr in &field.attrs {
                self.visit_attribute(attr);
            }
            self.visit_type(&field.ty);
        }
    }

    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        for arg in &call.args {
            let n = self.push(Kind::Arg, arg.span(), None, "<argument>".to_string());
            self.nodes[n].pure = is_pure(arg);
        }
        syn::visit::visit_expr_call(self, call);
    }

    fn visit_variant(&mut self, variant: &'ast syn::Variant) {
        self.push(
            Kind::Variant,
            variant.span(),
            Some(&variant.ident),
            variant.ident.to_string(),
        );
        self.path.push(variant.ident.to_string());
        syn::visit::visit_variant(self, variant);
        self.path.pop();
    }

    fn visit_expr_macro(&mut self, call: &'ast syn::ExprMacro) {
        if call
            .mac
            .path
            .segments
            .last()
            .is_some_and(|s| s.ident == "matches")
        {
            self.push(Kind::Matches, call.span(), None, "<matches!>".to_string());
        }
        syn::visit::visit_expr_macro(self, call);
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
        if let Stmt::Local(syn::Local {
            pat: syn::Pat::Ident(p),
            ..
        }) = stmt
        {
            self.nodes[n].binding = Some(Range::of(p.ident.span()));
        }
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
pub(super) fn is_pure(e: &Expr) -> bool {
    match e {
        Expr::Lit(_) | Expr::Path(_) | Expr::Closure(_) => true,
        Expr::Reference(r) => is_pure(&r.expr),
        Expr::Paren(p) => is_pure(&p.expr),
        Expr::Group(g) => is_pure(&g.expr),
        Expr::Unary(u) => is_pure(&u.expr),
        // `/` and `%` panic on a zero divisor.
        Expr::Binary(syn::ExprBinary {
            op: syn::BinOp::Div(_) | syn::BinOp::Rem(_),
            right,
            ..
        }) if !matches!(&**right, Expr::Lit(_)) => false,
        Expr::Binary(b) => is_pure(&b.left) && is_pure(&b.right),
        Expr::Cast(c) => is_pure(&c.expr),
        Expr::Field(f) => is_pure(&f.base),
        // An index out of bounds panics.
        Expr::Index(_) => false,
        Expr::Tuple(t) => t.elems.iter().all(is_pure),
        Expr::Array(a) => a.elems.iter().all(is_pure),
        Expr::Repeat(r) => is_pure(&r.expr) && is_pure(&r.len),
        Expr::Struct(s) => {
            s.fields.iter().all(|f| is_pure(&f.expr)) && s.rest.as_deref().is_none_or(is_pure)
        }
        Expr::MethodCall(m) => {
            matches!(
                m.method.to_string().as_str(),
                "clone" | "len" | "to_vec" | "to_string" | "to_owned" | "into" | "min" | "max"
            ) && m.args.iter().all(is_pure)
                && is_pure(&m.receiver)
        }
        Expr::Call(c) => constructs(&c.func) && c.args.iter().all(is_pure),
        Expr::Macro(m) if m.mac.path.is_ident("vec") => m
            .mac
            .parse_body_with(Punctuated::<Expr, syn::Token![,]>::parse_terminated)
            .is_ok_and(|args| args.iter().all(is_pure)),
        _ => false,
    }
}

/// Whether calling `func` only builds a value: a tuple struct's or a
/// variant's constructor (`Some`, `Real`, `Edge`), or a std container's
/// empty constructor (`Vec::new`, `String::with_capacity`). A library's
/// own `new` may print or count, so it is not one.
fn constructs(func: &Expr) -> bool {
    let Expr::Path(p) = func else {
        return false;
    };
    let segments: Vec<String> = p
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    match segments.as_slice() {
        [.., last] if last.starts_with(|c: char| c.is_ascii_uppercase()) => true,
        [.., ty, f] => {
            STD_CONTAINERS.contains(&ty.as_str()) && matches!(f.as_str(), "new" | "with_capacity")
        }
        _ => false,
    }
}

const STD_CONTAINERS: &[&str] = &[
    "Vec",
    "String",
    "VecDeque",
    "HashMap",
    "HashSet",
    "BTreeMap",
    "BTreeSet",
    "BinaryHeap",
];

#[cfg(test)]
mod tests {
    use super::is_pure;

    fn pure(text: &str) -> bool {
        is_pure(&syn::parse_str(text).expect("an expression"))
    }

    #[test]
    fn min_and_max_of_pure_operands_are_pure() {
        // A saturating cast kept in a `let` whose only reader was a field
        // the shake removed (Algorithm M's level score when nothing
        // reports progress): the `let` must go too.
        assert!(pure("score.min(u32::MAX as i64) as u32"));
        assert!(pure("a.max(b)"));
        assert!(!pure("a.min(next())"));
        assert!(!pure("a.push(b)"));
    }
}
