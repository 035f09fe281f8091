//! Small syn helpers every pass shares: names and labels of items, places,
//! attributes, and the rewrites that work on any tree (test code, docs,
//! lint attributes, visibility). A leaf: it imports nothing of the crate but
//! [`crate::error`].

use proc_macro2::{Ident, Span};
use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::visit_mut::VisitMut;
use syn::{Attribute, ImplItem, Item, TraitItem};

use crate::error::Place;

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
        Item::Impl(imp) => {
            let ty = tidy(&imp.self_ty);
            match &imp.trait_ {
                Some((_, path, _)) => format!("impl {} for {ty}", tidy(path)),
                None => format!("impl {ty}"),
            }
        }
        Item::Use(u) => format!("use {}", tidy(&u.tree)),
        Item::Macro(m) if m.ident.is_none() => format!("{}!", tidy(&m.mac.path)),
        _ => item_name(item).unwrap_or_else(|| "<item>".into()),
    }
}

/// The attributes of an item of any kind.
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

fn impl_item_attrs(item: &ImplItem) -> &[Attribute] {
    match item {
        ImplItem::Const(x) => &x.attrs,
        ImplItem::Fn(x) => &x.attrs,
        ImplItem::Type(x) => &x.attrs,
        ImplItem::Macro(x) => &x.attrs,
        _ => &[],
    }
}

fn trait_item_attrs(item: &TraitItem) -> &[Attribute] {
    match item {
        TraitItem::Const(x) => &x.attrs,
        TraitItem::Fn(x) => &x.attrs,
        TraitItem::Type(x) => &x.attrs,
        TraitItem::Macro(x) => &x.attrs,
        _ => &[],
    }
}

/// Whether `attrs` hold `#[cfg(test)]` (alone or inside `all(..)`) or
/// `#[test]`.
pub fn is_test_only(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        if a.path().is_ident("test") {
            return true;
        }
        a.path().is_ident("cfg")
            && a.parse_args::<syn::Meta>()
                .map(|meta| needs_test(&meta))
                .unwrap_or(false)
    })
}

/// Whether a `cfg` predicate can hold only under `cfg(test)`.
fn needs_test(meta: &syn::Meta) -> bool {
    match meta {
        syn::Meta::Path(p) => p.is_ident("test"),
        syn::Meta::List(list) if list.path.is_ident("all") => list
            .parse_args_with(Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated)
            .map(|all| all.iter().any(needs_test))
            .unwrap_or(false),
        _ => false,
    }
}

/// Removes test-only items, members, statements, fields and variants.
struct TestStripper;

impl VisitMut for TestStripper {
    fn visit_file_mut(&mut self, file: &mut syn::File) {
        file.items.retain(|item| !is_test_only(item_attrs(item)));
        syn::visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            items.retain(|item| !is_test_only(item_attrs(item)));
        }
        syn::visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_item_impl_mut(&mut self, imp: &mut syn::ItemImpl) {
        imp.items
            .retain(|member| !is_test_only(impl_item_attrs(member)));
        syn::visit_mut::visit_item_impl_mut(self, imp);
    }

    fn visit_item_trait_mut(&mut self, t: &mut syn::ItemTrait) {
        t.items
            .retain(|member| !is_test_only(trait_item_attrs(member)));
        syn::visit_mut::visit_item_trait_mut(self, t);
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        block.stmts.retain(|stmt| match stmt {
            syn::Stmt::Item(item) => !is_test_only(item_attrs(item)),
            syn::Stmt::Local(local) => !is_test_only(&local.attrs),
            syn::Stmt::Macro(mac) => !is_test_only(&mac.attrs),
            syn::Stmt::Expr(..) => true,
        });
        syn::visit_mut::visit_block_mut(self, block);
    }

    fn visit_fields_named_mut(&mut self, fields: &mut syn::FieldsNamed) {
        fields.named = std::mem::take(&mut fields.named)
            .into_iter()
            .filter(|f| !is_test_only(&f.attrs))
            .collect();
        syn::visit_mut::visit_fields_named_mut(self, fields);
    }

    fn visit_item_enum_mut(&mut self, e: &mut syn::ItemEnum) {
        e.variants = std::mem::take(&mut e.variants)
            .into_iter()
            .filter(|v| !is_test_only(&v.attrs))
            .collect();
        syn::visit_mut::visit_item_enum_mut(self, e);
    }
}

/// Removes test-only code from a parsed file.
pub fn strip_test_code(file: &mut syn::File) {
    TestStripper.visit_file_mut(file);
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

const LINT_LEVELS: &[&str] = &["allow", "warn", "deny", "expect", "forbid"];

/// Removes, from lint attributes, the lints that do not belong in a
/// submission: clippy's (rustc ignores them) and the dead-code ones (the
/// bundle has no dead code, so they would only hide). An attribute left
/// with no lint goes; `#[allow(non_snake_case)]` and the like stay.
pub fn strip_lint_attributes(file: &mut syn::File) {
    struct LintStripper;
    impl VisitMut for LintStripper {
        fn visit_attributes_mut(&mut self, attrs: &mut Vec<Attribute>) {
            attrs.retain_mut(keep_lint_attribute);
            for attr in attrs {
                self.visit_attribute_mut(attr);
            }
        }
    }
    LintStripper.visit_file_mut(file);
}

/// Narrows a lint attribute to the lints a submission keeps; false if none
/// is left (or it is not a lint attribute, true).
fn keep_lint_attribute(attr: &mut Attribute) -> bool {
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
            !tool && !dead
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

/// Whether a visibility is `pub(in crate)`, the form [`narrow`] gives to an
/// original `pub(crate)`.
fn is_in_crate(vis: &syn::VisRestricted) -> bool {
    vis.in_token.is_some() && vis.path.is_ident("crate")
}

/// Makes every `pub` `pub(crate)` (and every `pub(crate)` `pub(in crate)`,
/// which means the same), so that rustc reports unused items of the
/// bundle: in a binary crate it never reports a `pub` one. [`widen`] undoes
/// it exactly.
pub fn narrow(file: &mut syn::File) {
    struct Narrow;
    impl VisitMut for Narrow {
        fn visit_visibility_mut(&mut self, vis: &mut syn::Visibility) {
            match vis {
                syn::Visibility::Public(_) => *vis = syn::parse_quote!(pub(crate)),
                syn::Visibility::Restricted(r)
                    if r.in_token.is_none() && r.path.is_ident("crate") =>
                {
                    *vis = syn::parse_quote!(pub(in crate))
                }
                _ => {}
            }
        }
    }
    Narrow.visit_file_mut(file);
}

/// Undoes [`narrow`].
pub fn widen(file: &mut syn::File) {
    struct Widen;
    impl VisitMut for Widen {
        fn visit_visibility_mut(&mut self, vis: &mut syn::Visibility) {
            match vis {
                syn::Visibility::Restricted(r) if is_in_crate(r) => {
                    *vis = syn::parse_quote!(pub(crate))
                }
                syn::Visibility::Restricted(r)
                    if r.in_token.is_none() && r.path.is_ident("crate") =>
                {
                    *vis = syn::parse_quote!(pub)
                }
                _ => {}
            }
        }
    }
    Widen.visit_file_mut(file);
}

/// Renames every item, member, field and variant whose name starts with
/// `_`, and every use of those names, so that rustc judges them too: it
/// never reports such a name as dead. The new names keep the case style of
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
fn visible_name(name: &str) -> String {
    let rest = &name[1..];
    if rest
        .chars()
        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
    {
        format!("BUNDLERHIDDEN_{rest}")
    } else if rest.starts_with(|c: char| c.is_ascii_uppercase()) {
        format!("Bundlerhidden{rest}")
    } else {
        format!("bundlerhidden_{rest}")
    }
}

/// The names starting with `_` that items, members, fields and variants of
/// `file` bind.
fn underscored_names(file: &syn::File) -> std::collections::BTreeSet<String> {
    struct Names(std::collections::BTreeSet<String>);
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
            self.add(field.ident.as_ref());
            syn::visit::visit_field(self, field);
        }
        fn visit_variant(&mut self, variant: &'ast syn::Variant) {
            self.add(Some(&variant.ident));
            syn::visit::visit_variant(self, variant);
        }
    }
    let mut names = Names(Default::default());
    syn::visit::Visit::visit_file(&mut names, file);
    names.0
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

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite(source: &str, f: impl Fn(&mut syn::File)) -> String {
        let mut file = syn::parse_file(source).expect("valid source");
        f(&mut file);
        file.to_token_stream().to_string()
    }

    #[test]
    fn narrowing_is_undone_exactly() {
        let source = "pub fn a() {} pub(crate) fn b() {} pub(super) fn c() {} fn d() {}";
        let narrowed = rewrite(source, narrow);
        assert_eq!(
            narrowed,
            "pub (crate) fn a () { } pub (in crate) fn b () { } pub (super) fn c () { } fn d () { }"
        );
        let back = rewrite(source, |f| {
            narrow(f);
            widen(f);
        });
        assert_eq!(back, rewrite(source, |_| {}));
    }

    #[test]
    fn lint_attributes_lose_clippy_and_dead_code_lints_only() {
        let source = "#[allow(clippy::x)] fn a() {} #[allow(dead_code, non_snake_case)] fn b() {} \
                      #[allow(unused_imports)] use std::fmt; #[inline] fn c() {}";
        assert_eq!(
            rewrite(source, strip_lint_attributes),
            "fn a () { } # [allow (non_snake_case)] fn b () { } use std :: fmt ; # [inline] fn c () { }"
        );
    }

    #[test]
    fn test_code_goes_wherever_it_is() {
        let source = "#[cfg(test)] mod tests {} #[cfg(all(test, unix))] fn t() {} \
                      struct S { #[cfg(test)] x: u8, y: u8 } fn f() { #[cfg(test)] let a = 1; }";
        assert_eq!(
            rewrite(source, strip_test_code),
            "struct S { y : u8 } fn f () { }"
        );
    }
}
