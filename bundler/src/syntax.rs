//! Small syn helpers every pass shares: names and labels of items, places,
//! attributes, and the rewrites that work on any tree (test code, docs,
//! lint attributes, visibility), `use` trees flattened. A leaf: it imports
//! nothing of the crate but [`crate::error`].

use proc_macro2::{Ident, Span};
use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit_mut::VisitMut;
use syn::{Attribute, Expr, ImplItem, Item, TraitItem, UseTree};

use crate::error::Place;

mod visibility;

pub use visibility::{narrow, widen};

/// Every path a `use` tree imports, with the name it binds (`None`: glob).
pub fn flatten_use(
    tree: &UseTree,
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    match tree {
        UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten_use(&p.tree, prefix, out);
            prefix.pop();
        }
        UseTree::Name(n) => {
            if n.ident == "self" {
                out.push((prefix.clone(), prefix.last().cloned()));
            } else {
                let mut path = prefix.clone();
                path.push(n.ident.to_string());
                out.push((path, Some(n.ident.to_string())));
            }
        }
        UseTree::Rename(r) => {
            let mut path = prefix.clone();
            if r.ident != "self" {
                path.push(r.ident.to_string());
            }
            out.push((path, Some(r.rename.to_string())));
        }
        UseTree::Glob(_) => out.push((prefix.clone(), None)),
        UseTree::Group(g) => {
            for tree in &g.items {
                flatten_use(tree, prefix, out);
            }
        }
    }
}

/// Removes from the `use` items of `items` each leaf that `gone` holds,
/// given its whole path (`*` last for a glob) and whether it renames; a
/// `use` left with no leaf goes. Inline modules are not entered.
pub fn retain_use_leaves(items: &mut Vec<Item>, gone: &dyn Fn(&[String], bool) -> bool) {
    fn keep(
        tree: &UseTree,
        prefix: &mut Vec<String>,
        gone: &dyn Fn(&[String], bool) -> bool,
    ) -> Option<UseTree> {
        let mut leaf = |name: String, renamed: bool| {
            prefix.push(name);
            let dropped = gone(prefix, renamed);
            prefix.pop();
            (!dropped).then(|| tree.clone())
        };
        match tree {
            UseTree::Name(n) => leaf(n.ident.to_string(), false),
            UseTree::Rename(r) => leaf(r.ident.to_string(), true),
            UseTree::Glob(_) => leaf("*".to_string(), false),
            UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                let inner = keep(&p.tree, prefix, gone);
                prefix.pop();
                let mut p = p.clone();
                p.tree = Box::new(inner?);
                Some(UseTree::Path(p))
            }
            UseTree::Group(g) => {
                let kept: Punctuated<UseTree, syn::Token![,]> = g
                    .items
                    .iter()
                    .filter_map(|t| keep(t, prefix, gone))
                    .collect();
                if kept.is_empty() {
                    return None;
                }
                let mut g = g.clone();
                g.items = kept;
                Some(UseTree::Group(g))
            }
        }
    }
    items.retain_mut(|item| match item {
        Item::Use(u) => match keep(&u.tree, &mut Vec::new(), gone) {
            Some(tree) => {
                u.tree = tree;
                true
            }
            None => false,
        },
        _ => true,
    });
}

/// Whether a crate name is one every judge has.
pub fn is_std(name: &str) -> bool {
    matches!(name, "std" | "core" | "alloc")
}

/// Where `node` starts in `file` (line only).
pub fn place_of(file: &str, node: &impl Spanned) -> Place {
    Place {
        file: file.to_string(),
        line: node.span().start().line,
        column: None,
    }
}

/// The line a span starts on.
pub fn line_of(span: Span) -> usize {
    span.start().line
}

/// The identifier an item is named by, if it has one (an `impl`, a `use`
/// or a macro invocation has none).
pub fn item_ident(item: &Item) -> Option<&Ident> {
    match item {
        Item::Const(x) => Some(&x.ident),
        Item::Enum(x) => Some(&x.ident),
        Item::Fn(x) => Some(&x.sig.ident),
        Item::Mod(x) => Some(&x.ident),
        Item::Static(x) => Some(&x.ident),
        Item::Struct(x) => Some(&x.ident),
        Item::Trait(x) => Some(&x.ident),
        Item::TraitAlias(x) => Some(&x.ident),
        Item::Type(x) => Some(&x.ident),
        Item::Union(x) => Some(&x.ident),
        Item::Macro(x) => x.ident.as_ref(),
        _ => None,
    }
}

/// The identifier an `impl` member is named by.
pub fn impl_member_ident(member: &ImplItem) -> Option<&Ident> {
    match member {
        ImplItem::Const(c) => Some(&c.ident),
        ImplItem::Fn(f) => Some(&f.sig.ident),
        ImplItem::Type(t) => Some(&t.ident),
        _ => None,
    }
}

/// The identifier a `trait` member is named by.
pub fn trait_member_ident(member: &TraitItem) -> Option<&Ident> {
    match member {
        TraitItem::Const(c) => Some(&c.ident),
        TraitItem::Fn(f) => Some(&f.sig.ident),
        TraitItem::Type(t) => Some(&t.ident),
        _ => None,
    }
}

/// How an impl is written in paths and messages: `impl Zero for i64`.
pub fn impl_label(imp: &syn::ItemImpl) -> String {
    let ty = tidy(&imp.self_ty);
    match &imp.trait_ {
        Some((_, path, _)) => format!("impl {} for {ty}", tidy(path)),
        None => format!("impl {ty}"),
    }
}

/// The name an item binds in its module's namespace.
pub fn item_name(item: &Item) -> Option<String> {
    item_ident(item).map(ToString::to_string)
}

/// The name of an `impl` member.
pub fn impl_member_name(member: &ImplItem) -> Option<String> {
    impl_member_ident(member).map(ToString::to_string)
}

/// The name of a `trait` member.
pub fn trait_member_name(member: &TraitItem) -> Option<String> {
    trait_member_ident(member).map(ToString::to_string)
}

/// Tokens as text, with the spaces `to_string` puts around `::` and `<>`
/// taken out, for messages.
pub fn tidy(tokens: &impl ToTokens) -> String {
    tokens
        .to_token_stream()
        .to_string()
        .replace(" :: ", "::")
        .replace(":: ", "::")
        .replace(" < ", "<")
        .replace("< ", "<")
        .replace(" >", ">")
        .replace("& ", "&")
        .replace(" ,", ",")
}

/// A short label for an item: its name, `impl Trait for Type`, `use path`.
pub fn item_label(item: &Item) -> String {
    match item {
        Item::Impl(imp) => impl_label(imp),
        Item::Use(u) => format!("use {}", tidy(&u.tree)),
        Item::Macro(m) if m.ident.is_none() => format!("{}!", tidy(&m.mac.path)),
        _ => item_name(item).unwrap_or_else(|| "<item>".into()),
    }
}

/// The attributes of an item of any kind (none for a verbatim one).
pub fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(x) => &x.attrs,
        Item::Enum(x) => &x.attrs,
        Item::ExternCrate(x) => &x.attrs,
        Item::Fn(x) => &x.attrs,
        Item::ForeignMod(x) => &x.attrs,
        Item::Impl(x) => &x.attrs,
        Item::Macro(x) => &x.attrs,
        Item::Mod(x) => &x.attrs,
        Item::Static(x) => &x.attrs,
        Item::Struct(x) => &x.attrs,
        Item::Trait(x) => &x.attrs,
        Item::TraitAlias(x) => &x.attrs,
        Item::Type(x) => &x.attrs,
        Item::Union(x) => &x.attrs,
        Item::Use(x) => &x.attrs,
        _ => &[],
    }
}

/// The attributes of an item of any kind (`None` for a verbatim one).
pub fn item_attrs_mut(item: &mut Item) -> Option<&mut Vec<Attribute>> {
    Some(match item {
        Item::Const(x) => &mut x.attrs,
        Item::Enum(x) => &mut x.attrs,
        Item::ExternCrate(x) => &mut x.attrs,
        Item::Fn(x) => &mut x.attrs,
        Item::ForeignMod(x) => &mut x.attrs,
        Item::Impl(x) => &mut x.attrs,
        Item::Macro(x) => &mut x.attrs,
        Item::Mod(x) => &mut x.attrs,
        Item::Static(x) => &mut x.attrs,
        Item::Struct(x) => &mut x.attrs,
        Item::Trait(x) => &mut x.attrs,
        Item::TraitAlias(x) => &mut x.attrs,
        Item::Type(x) => &mut x.attrs,
        Item::Union(x) => &mut x.attrs,
        Item::Use(x) => &mut x.attrs,
        _ => return None,
    })
}

/// The attributes of an expression (`None` for a verbatim one).
pub fn expr_attrs_mut(expr: &mut Expr) -> Option<&mut Vec<Attribute>> {
    Some(match expr {
        Expr::Array(x) => &mut x.attrs,
        Expr::Assign(x) => &mut x.attrs,
        Expr::Async(x) => &mut x.attrs,
        Expr::Await(x) => &mut x.attrs,
        Expr::Binary(x) => &mut x.attrs,
        Expr::Block(x) => &mut x.attrs,
        Expr::Break(x) => &mut x.attrs,
        Expr::Call(x) => &mut x.attrs,
        Expr::Cast(x) => &mut x.attrs,
        Expr::Closure(x) => &mut x.attrs,
        Expr::Const(x) => &mut x.attrs,
        Expr::Continue(x) => &mut x.attrs,
        Expr::Field(x) => &mut x.attrs,
        Expr::ForLoop(x) => &mut x.attrs,
        Expr::Group(x) => &mut x.attrs,
        Expr::If(x) => &mut x.attrs,
        Expr::Index(x) => &mut x.attrs,
        Expr::Infer(x) => &mut x.attrs,
        Expr::Let(x) => &mut x.attrs,
        Expr::Lit(x) => &mut x.attrs,
        Expr::Loop(x) => &mut x.attrs,
        Expr::Macro(x) => &mut x.attrs,
        Expr::Match(x) => &mut x.attrs,
        Expr::MethodCall(x) => &mut x.attrs,
        Expr::Paren(x) => &mut x.attrs,
        Expr::Path(x) => &mut x.attrs,
        Expr::Range(x) => &mut x.attrs,
        Expr::RawAddr(x) => &mut x.attrs,
        Expr::Reference(x) => &mut x.attrs,
        Expr::Repeat(x) => &mut x.attrs,
        Expr::Return(x) => &mut x.attrs,
        Expr::Struct(x) => &mut x.attrs,
        Expr::Try(x) => &mut x.attrs,
        Expr::TryBlock(x) => &mut x.attrs,
        Expr::Tuple(x) => &mut x.attrs,
        Expr::Unary(x) => &mut x.attrs,
        Expr::Unsafe(x) => &mut x.attrs,
        Expr::While(x) => &mut x.attrs,
        Expr::Yield(x) => &mut x.attrs,
        _ => return None,
    })
}

/// The attributes of an `impl` member.
pub fn impl_item_attrs_mut(item: &mut ImplItem) -> Option<&mut Vec<Attribute>> {
    Some(match item {
        ImplItem::Const(x) => &mut x.attrs,
        ImplItem::Fn(x) => &mut x.attrs,
        ImplItem::Type(x) => &mut x.attrs,
        ImplItem::Macro(x) => &mut x.attrs,
        _ => return None,
    })
}

/// The attributes of a `trait` member.
pub fn trait_item_attrs_mut(item: &mut TraitItem) -> Option<&mut Vec<Attribute>> {
    Some(match item {
        TraitItem::Const(x) => &mut x.attrs,
        TraitItem::Fn(x) => &mut x.attrs,
        TraitItem::Type(x) => &mut x.attrs,
        TraitItem::Macro(x) => &mut x.attrs,
        _ => return None,
    })
}

/// Removes every doc comment (`///`, `//!`, `#[doc]`).
pub fn strip_docs(file: &mut syn::File) {
    struct DocStripper;
    impl VisitMut for DocStripper {
        fn visit_attributes_mut(&mut self, attrs: &mut Vec<Attribute>) {
            attrs.retain(|a| !a.path().is_ident("doc"));
            for attr in attrs {
                self.visit_attribute_mut(attr);
            }
        }
    }
    DocStripper.visit_file_mut(file);
}

/// The lints whose warnings the bundler answers by deleting code: an
/// `allow` of one of them would hide exactly what it must see.
const DEAD_LINTS: &[&str] = &["dead_code", "unused_imports", "unused_macros", "unused"];

/// The lints about a crate's public API, which a library's authors turn
/// on for what they publish: a submission publishes nothing, and what the
/// cut takes away (an unused `Debug` impl) would set them off.
const API_LINTS: &[&str] = &[
    "missing_docs",
    "missing_debug_implementations",
    "missing_copy_implementations",
    "unreachable_pub",
    "unnameable_types",
];

const LINT_LEVELS: &[&str] = &["allow", "warn", "deny", "expect", "forbid"];

/// Removes, from lint attributes, the lints that do not belong in a
/// submission: clippy's (rustc ignores them), the dead-code ones (the
/// bundle has no dead code, so they would only hide) and those about a
/// public API. An attribute left with no lint goes;
/// `#[allow(non_snake_case)]` and the like stay.
///
/// One exception: `#[allow(dead_code)]` on a struct, enum or union, or on
/// one field or variant, is the user asking for its shape to be kept (a
/// field nobody reads may be there for its size): it stays, and rustc then
/// reports nothing inside it. On a module or a crate it only silences, and
/// goes.
pub fn strip_lint_attributes(file: &mut syn::File) {
    struct LintStripper;
    impl VisitMut for LintStripper {
        fn visit_attributes_mut(&mut self, attrs: &mut Vec<Attribute>) {
            attrs.retain_mut(|a| keep_lint_attribute(a, false));
            for attr in attrs {
                self.visit_attribute_mut(attr);
            }
        }
        fn visit_item_struct_mut(&mut self, s: &mut syn::ItemStruct) {
            let attrs = shape_attributes(&mut s.attrs);
            syn::visit_mut::visit_item_struct_mut(self, s);
            s.attrs = attrs;
        }
        fn visit_item_enum_mut(&mut self, e: &mut syn::ItemEnum) {
            let attrs = shape_attributes(&mut e.attrs);
            syn::visit_mut::visit_item_enum_mut(self, e);
            e.attrs = attrs;
        }
        fn visit_item_union_mut(&mut self, u: &mut syn::ItemUnion) {
            let attrs = shape_attributes(&mut u.attrs);
            syn::visit_mut::visit_item_union_mut(self, u);
            u.attrs = attrs;
        }
        fn visit_field_mut(&mut self, f: &mut syn::Field) {
            let attrs = shape_attributes(&mut f.attrs);
            syn::visit_mut::visit_field_mut(self, f);
            f.attrs = attrs;
        }
        fn visit_variant_mut(&mut self, v: &mut syn::Variant) {
            let attrs = shape_attributes(&mut v.attrs);
            syn::visit_mut::visit_variant_mut(self, v);
            v.attrs = attrs;
        }
    }
    LintStripper.visit_file_mut(file);
}

/// The attributes of a type, field or variant as kept, taken out of
/// `attrs` so that the visit of what is inside does not strip them again.
fn shape_attributes(attrs: &mut Vec<Attribute>) -> Vec<Attribute> {
    let mut kept = std::mem::take(attrs);
    kept.retain_mut(|a| keep_lint_attribute(a, true));
    kept
}

/// Narrows a lint attribute to the lints a submission keeps (the dead-code
/// ones only where `shape` says the attribute keeps a type's shape); false
/// if none is left (or it is not a lint attribute, true).
fn keep_lint_attribute(attr: &mut Attribute, shape: bool) -> bool {
    if !LINT_LEVELS.iter().any(|l| attr.path().is_ident(l)) {
        return true;
    }
    let Ok(lints) = attr.parse_args_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
    else {
        return true;
    };
    let kept: Punctuated<syn::Path, syn::Token![,]> = lints
        .iter()
        .filter(|p| {
            let tool = p.segments.len() > 1 && p.segments[0].ident == "clippy";
            let dead = p.segments.len() == 1 && DEAD_LINTS.iter().any(|d| p.is_ident(d));
            let api = API_LINTS.iter().any(|d| p.is_ident(d));
            let shapes = shape
                && attr.style == syn::AttrStyle::Outer
                && (p.is_ident("dead_code") || p.is_ident("unused"));
            !tool && !api && (!dead || shapes)
        })
        .cloned()
        .collect();
    if kept.is_empty() {
        return false;
    }
    if kept.len() != lints.len() {
        if let syn::Meta::List(list) = &mut attr.meta {
            list.tokens = kept.to_token_stream();
        }
    }
    true
}

/// Renames every item, member and variant whose name starts with `_`, and
/// every use of those names, so that rustc judges them too: it never
/// reports such a name as dead. Fields are left alone: a `_guard` field
/// that nothing reads is there for its `Drop` (proconio keeps the buffer
/// its tokens point into alive that way), and deleting it would free what
/// is still in use. The new names keep the case style of
/// the old (`_leader` → `bundlerhidden_leader`, `_Edge` →
/// `BundlerhiddenEdge`), so that no naming lint fires; the map back is
/// returned for [`show_underscores`].
pub fn hide_underscores(file: &mut syn::File) -> std::collections::BTreeMap<String, String> {
    let forward: std::collections::BTreeMap<String, String> = underscored_names(file)
        .into_iter()
        .map(|name| {
            let visible = visible_name(&name);
            (name, visible)
        })
        .collect();
    if !forward.is_empty() {
        rename_idents(file, &|name| forward.get(name).cloned());
    }
    forward.into_iter().map(|(old, new)| (new, old)).collect()
}

/// `_name` as rustc reports it, in the same case style.
/// Two or more underscores (`__private`) are counted, not kept
/// (`bundlerhidden2_private`), so that no case lint fires on the double one.
fn visible_name(name: &str) -> String {
    let rest = name.trim_start_matches('_');
    let count = match name.len() - rest.len() {
        1 => String::new(),
        n => n.to_string(),
    };
    if rest
        .chars()
        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
    {
        format!("BUNDLERHIDDEN{count}_{rest}")
    } else if rest.starts_with(|c: char| c.is_ascii_uppercase()) {
        format!("Bundlerhidden{count}{rest}")
    } else {
        format!("bundlerhidden{count}_{rest}")
    }
}

/// The names starting with `_` that items, members and variants of `file`
/// bind, and no field.
fn underscored_names(file: &syn::File) -> std::collections::BTreeSet<String> {
    struct Names(
        std::collections::BTreeSet<String>,
        std::collections::BTreeSet<String>,
    );
    impl Names {
        fn add(&mut self, ident: Option<&Ident>) {
            let name = ident.map(ToString::to_string);
            self.0.extend(name.filter(|n| hidden_by_rustc(n)));
        }
    }
    impl<'ast> syn::visit::Visit<'ast> for Names {
        fn visit_item(&mut self, item: &'ast Item) {
            self.add(item_ident(item));
            syn::visit::visit_item(self, item);
        }
        fn visit_impl_item(&mut self, member: &'ast ImplItem) {
            self.add(impl_member_ident(member));
            syn::visit::visit_impl_item(self, member);
        }
        fn visit_trait_item(&mut self, member: &'ast TraitItem) {
            self.add(trait_member_ident(member));
            syn::visit::visit_trait_item(self, member);
        }
        fn visit_field(&mut self, field: &'ast syn::Field) {
            // Kept out, even where an item has the same name: renaming is
            // by name.
            let name = field.ident.as_ref().map(ToString::to_string);
            self.1.extend(name.filter(|n| hidden_by_rustc(n)));
            syn::visit::visit_field(self, field);
        }
        fn visit_variant(&mut self, variant: &'ast syn::Variant) {
            self.add(Some(&variant.ident));
            syn::visit::visit_variant(self, variant);
        }
        fn visit_item_enum(&mut self, e: &'ast syn::ItemEnum) {
            // A variant that alone uses a generic parameter cannot go
            // (E0392): it keeps the name rustc does not judge.
            for variant in markers(e) {
                let name = variant.ident.to_string();
                self.1.extend(Some(name).filter(|n| hidden_by_rustc(n)));
            }
            syn::visit::visit_item_enum(self, e);
        }
    }
    let mut names = Names(Default::default(), Default::default());
    syn::visit::Visit::visit_file(&mut names, file);
    names.0.difference(&names.1).cloned().collect()
}

/// The variants of `e` that alone use one of its generic parameters.
fn markers(e: &syn::ItemEnum) -> Vec<&syn::Variant> {
    let used = |variant: &syn::Variant| -> std::collections::BTreeSet<String> {
        let mut idents = std::collections::BTreeSet::new();
        collect_idents(variant.fields.to_token_stream(), &mut idents);
        idents
    };
    let uses: Vec<_> = e.variants.iter().map(used).collect();
    let params: Vec<String> = e
        .generics
        .params
        .iter()
        .filter_map(|p| match p {
            syn::GenericParam::Type(t) => Some(t.ident.to_string()),
            syn::GenericParam::Lifetime(l) => Some(l.lifetime.ident.to_string()),
            syn::GenericParam::Const(_) => None,
        })
        .collect();
    e.variants
        .iter()
        .enumerate()
        .filter(|(k, _)| {
            params
                .iter()
                .any(|p| uses[*k].contains(p) && uses.iter().filter(|u| u.contains(p)).count() == 1)
        })
        .map(|(_, v)| v)
        .collect()
}

fn collect_idents(tokens: proc_macro2::TokenStream, out: &mut std::collections::BTreeSet<String>) {
    for token in tokens {
        match token {
            proc_macro2::TokenTree::Ident(i) => {
                out.insert(i.to_string());
            }
            proc_macro2::TokenTree::Group(g) => collect_idents(g.stream(), out),
            _ => {}
        }
    }
}

/// Undoes [`hide_underscores`], given the map it returned.
pub fn show_underscores(file: &mut syn::File, back: &std::collections::BTreeMap<String, String>) {
    if !back.is_empty() {
        rename_idents(file, &|name| back.get(name).cloned());
    }
}

fn hidden_by_rustc(name: &str) -> bool {
    name.len() > 1 && name.starts_with('_')
}

/// Renames identifiers everywhere, macro tokens included.
fn rename_idents(file: &mut syn::File, rename: &dyn Fn(&str) -> Option<String>) {
    struct Renamer<'r>(&'r dyn Fn(&str) -> Option<String>);
    impl Renamer<'_> {
        fn tokens(&self, tokens: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
            use proc_macro2::TokenTree;
            tokens
                .into_iter()
                .map(|token| match token {
                    TokenTree::Ident(ident) => match (self.0)(&ident.to_string()) {
                        Some(new) => TokenTree::Ident(proc_macro2::Ident::new(&new, ident.span())),
                        None => TokenTree::Ident(ident),
                    },
                    TokenTree::Group(g) => {
                        let mut group =
                            proc_macro2::Group::new(g.delimiter(), self.tokens(g.stream()));
                        group.set_span(g.span());
                        TokenTree::Group(group)
                    }
                    other => other,
                })
                .collect()
        }
    }
    impl VisitMut for Renamer<'_> {
        fn visit_ident_mut(&mut self, ident: &mut proc_macro2::Ident) {
            if let Some(new) = (self.0)(&ident.to_string()) {
                *ident = proc_macro2::Ident::new(&new, ident.span());
            }
        }
        fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
            syn::visit_mut::visit_macro_mut(self, mac);
            mac.tokens = self.tokens(std::mem::take(&mut mac.tokens));
        }
    }
    Renamer(rename).visit_file_mut(file);
}

/// Removes modules left with no item, innermost first.
pub fn remove_empty_modules(items: &mut Vec<Item>) {
    items.retain_mut(|item| match item {
        Item::Mod(m) => match &mut m.content {
            Some((_, inner)) => {
                remove_empty_modules(inner);
                !inner.is_empty()
            }
            None => true,
        },
        _ => true,
    });
}

/// Removes the inherent impls left with no member (`impl Stats {}` once
/// its one method went), at any depth: rustc reports nothing about them,
/// and they would keep a `use` of their type alive.
pub fn remove_empty_impls(items: &mut Vec<Item>) {
    items.retain_mut(|item| match item {
        Item::Mod(m) => {
            if let Some((_, inner)) = &mut m.content {
                remove_empty_impls(inner);
            }
            true
        }
        Item::Impl(imp) => imp.trait_.is_some() || !imp.items.is_empty(),
        _ => true,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `source` as tokens after `f`.
    pub(super) fn rewrite(source: &str, f: impl Fn(&mut syn::File)) -> String {
        let mut file = syn::parse_file(source).expect("valid source");
        f(&mut file);
        file.to_token_stream().to_string()
    }

    fn flat(source: &str) -> Vec<(String, Option<String>)> {
        let item: syn::ItemUse = syn::parse_str(source).expect("a use item");
        let mut out = Vec::new();
        flatten_use(&item.tree, &mut Vec::new(), &mut out);
        out.into_iter()
            .map(|(path, name)| (path.join("::"), name))
            .collect()
    }

    #[test]
    fn use_trees_flatten_to_paths_and_bound_names() {
        assert_eq!(
            flat("use crate::a::{self, b as c, d::*, e::{f}};"),
            [
                ("crate::a".to_string(), Some("a".to_string())),
                ("crate::a::b".to_string(), Some("c".to_string())),
                ("crate::a::d".to_string(), None),
                ("crate::a::e::f".to_string(), Some("f".to_string())),
            ]
        );
    }

    #[test]
    fn lint_attributes_lose_clippy_dead_code_and_public_api_lints_only() {
        let source = "#[allow(clippy::x)] fn a() {} #[allow(dead_code, non_snake_case)] fn b() {} \
                      #[allow(unused_imports)] use std::fmt; #[inline] fn c() {} \
                      #[deny(missing_docs, unsafe_code)] mod d {} \
                      #[warn(missing_debug_implementations)] mod e {}";
        assert_eq!(
            rewrite(source, strip_lint_attributes),
            "fn a () { } # [allow (non_snake_case)] fn b () { } use std :: fmt ; # [inline] fn c () { } \
             # [deny (unsafe_code)] mod d { } mod e { }"
        );
    }
}
