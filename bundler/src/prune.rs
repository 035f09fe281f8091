//! Pass 3: remove what the submission must not contain.
//!
//! [`strip_test_code`] runs on every file as it is read and removes
//! `#[cfg(test)]` items, impl and trait members, statements, fields and
//! variants, and `#[test]` functions. [`prune`] then removes, per module,
//! every item the walk did not reach, the unreached members of kept `impl`
//! and `trait` blocks, and every `use` leaf no kept code looked a name up
//! through (a `use` whose leaves all go is removed whole).
//! [`strip_docs`] removes doc comments for `--strip-docs`.

use std::collections::BTreeSet;

use syn::punctuated::Punctuated;
use syn::visit_mut::VisitMut;
use syn::{Attribute, Item, UseTree};

use crate::discover::Crate;
use crate::graph::{std_trait_used, Graph, Node};
use crate::reach::Reach;

/// Whether `attrs` hold `#[cfg(test)]` or `#[test]`.
fn is_test_only(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        if a.path().is_ident("test") {
            return true;
        }
        if !a.path().is_ident("cfg") {
            return false;
        }
        a.parse_args::<syn::Meta>()
            .is_ok_and(|meta| needs_test(&meta))
    })
}

/// Whether a `cfg` predicate can hold only under `cfg(test)`: `test` itself
/// or an `all(...)` that contains it.
fn needs_test(meta: &syn::Meta) -> bool {
    match meta {
        syn::Meta::Path(p) => p.is_ident("test"),
        syn::Meta::List(list) if list.path.is_ident("all") => list
            .parse_args_with(Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated)
            .is_ok_and(|all| all.iter().any(needs_test)),
        _ => false,
    }
}

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

struct DocStripper;

impl VisitMut for DocStripper {
    fn visit_attributes_mut(&mut self, attrs: &mut Vec<Attribute>) {
        attrs.retain(|a| !a.path().is_ident("doc"));
        for attr in attrs {
            self.visit_attribute_mut(attr);
        }
    }
}

struct ToolLintStripper;

impl VisitMut for ToolLintStripper {
    fn visit_attributes_mut(&mut self, attrs: &mut Vec<Attribute>) {
        attrs.retain(|a| !is_clippy_only(a));
        for attr in attrs {
            self.visit_attribute_mut(attr);
        }
    }
}

/// Whether `attr` is `#[allow|warn|deny|expect(clippy::...)]` naming only
/// clippy lints: rustc ignores it, and a submission carries no `allow`.
fn is_clippy_only(attr: &Attribute) -> bool {
    let level = ["allow", "warn", "deny", "expect", "forbid"];
    if !level.iter().any(|l| attr.path().is_ident(l)) {
        return false;
    }
    attr.parse_args_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
        .is_ok_and(|lints| {
            !lints.is_empty()
                && lints
                    .iter()
                    .all(|p| p.segments.first().is_some_and(|s| s.ident == "clippy"))
        })
}

/// Removes lint attributes that name only clippy lints.
pub fn strip_clippy_lints(file: &mut syn::File) {
    ToolLintStripper.visit_file_mut(file);
}

/// Removes every doc comment (`///`, `//!`, `#[doc]`).
pub fn strip_docs(file: &mut syn::File) {
    DocStripper.visit_file_mut(file);
}

/// The items each module keeps (indexed like `krate.modules`); a `mod`
/// item is kept when its module keeps anything, and stays empty here.
pub fn prune(krate: &Crate, graph: &Graph, reach: &Reach) -> Vec<Vec<Item>> {
    let mut kept: Vec<Vec<Item>> = vec![Vec::new(); krate.modules.len()];
    // Children come after their parents, so go backwards to know which
    // modules are empty before their parent decides.
    let mut non_empty = vec![false; krate.modules.len()];
    for m in (0..krate.modules.len()).rev() {
        let module = &krate.modules[m];
        for (i, item) in module.items.iter().enumerate() {
            let keep = match item {
                Item::Mod(_) => module.children.get(&i).is_some_and(|&c| non_empty[c]),
                Item::Use(u) => {
                    let ids = graph.leaf_ids.get(&(m, i)).cloned().unwrap_or_default();
                    let wanted: BTreeSet<usize> = ids
                        .iter()
                        .copied()
                        .filter(|&l| leaf_kept(graph, reach, l))
                        .collect();
                    if wanted.is_empty() {
                        false
                    } else {
                        let mut u = u.clone();
                        let mut counter = ids.into_iter();
                        if let Some(tree) = keep_leaves(&u.tree, &mut counter, &wanted) {
                            u.tree = tree;
                            kept[m].push(Item::Use(u));
                        }
                        continue;
                    }
                }
                Item::Macro(mac) if mac.ident.is_none() => true,
                _ => reach.nodes.contains_key(&Node::Item(m, i)),
            };
            if !keep {
                continue;
            }
            let mut item = item.clone();
            match &mut item {
                Item::Impl(imp) => {
                    let mut j = 0;
                    imp.items.retain(|_| {
                        j += 1;
                        reach.nodes.contains_key(&Node::Member(m, i, j - 1))
                    });
                }
                Item::Trait(t) => {
                    let mut j = 0;
                    t.items.retain(|_| {
                        j += 1;
                        reach.nodes.contains_key(&Node::Member(m, i, j - 1))
                    });
                }
                _ => {}
            }
            kept[m].push(item);
        }
        non_empty[m] = !kept[m].is_empty();
    }
    kept
}

/// Removes named fields that no kept code reads (rustc would warn "field
/// is never read"), with their initialisers in struct literals. A field
/// stays when one of its initialisers is more than a path or literal, since
/// dropping it would drop a computation (or leave a variable unused).
pub fn drop_unread_fields(kept: &mut [Vec<Item>], fields_read: &BTreeSet<String>) {
    let mut candidates: BTreeSet<(String, String)> = BTreeSet::new();
    for items in kept.iter() {
        for item in items {
            if let Item::Struct(s) = item {
                if let syn::Fields::Named(named) = &s.fields {
                    for field in &named.named {
                        let name = field
                            .ident
                            .as_ref()
                            .map(ToString::to_string)
                            .unwrap_or_default();
                        if !fields_read.contains(&name) {
                            candidates.insert((s.ident.to_string(), name));
                        }
                    }
                }
            }
        }
    }
    if candidates.is_empty() {
        return;
    }
    let mut check = FieldDropper {
        candidates,
        apply: false,
        self_type: None,
    };
    for items in kept.iter_mut() {
        for item in items.iter_mut() {
            check.visit_item_mut(item);
        }
    }
    check.apply = true;
    for items in kept.iter_mut() {
        for item in items.iter_mut() {
            check.visit_item_mut(item);
        }
    }
}

/// First run (`apply == false`): strikes candidates with an impure
/// initialiser or a `..base` update. Second run: removes the rest.
struct FieldDropper {
    candidates: BTreeSet<(String, String)>,
    apply: bool,
    self_type: Option<String>,
}

impl FieldDropper {
    fn struct_name(&self, path: &syn::Path) -> Option<String> {
        let last = path.segments.last()?.ident.to_string();
        if last == "Self" {
            self.self_type.clone()
        } else {
            Some(last)
        }
    }
}

impl VisitMut for FieldDropper {
    fn visit_item_impl_mut(&mut self, imp: &mut syn::ItemImpl) {
        let outer = self.self_type.take();
        if let syn::Type::Path(p) = &*imp.self_ty {
            self.self_type = p.path.segments.last().map(|s| s.ident.to_string());
        }
        syn::visit_mut::visit_item_impl_mut(self, imp);
        self.self_type = outer;
    }

    fn visit_item_struct_mut(&mut self, s: &mut syn::ItemStruct) {
        if self.apply {
            let name = s.ident.to_string();
            if let syn::Fields::Named(named) = &mut s.fields {
                named.named = std::mem::take(&mut named.named)
                    .into_iter()
                    .filter(|f| {
                        let field = f
                            .ident
                            .as_ref()
                            .map(ToString::to_string)
                            .unwrap_or_default();
                        !self.candidates.contains(&(name.clone(), field))
                    })
                    .collect();
            }
        }
        syn::visit_mut::visit_item_struct_mut(self, s);
    }

    fn visit_expr_struct_mut(&mut self, e: &mut syn::ExprStruct) {
        if let Some(name) = self.struct_name(&e.path) {
            if self.apply {
                let candidates = &self.candidates;
                e.fields = std::mem::take(&mut e.fields)
                    .into_iter()
                    .filter(|f| match &f.member {
                        syn::Member::Named(field) => {
                            !candidates.contains(&(name.clone(), field.to_string()))
                        }
                        syn::Member::Unnamed(_) => true,
                    })
                    .collect();
            } else if e.rest.is_some() {
                self.candidates.retain(|(s, _)| *s != name);
            } else {
                for f in &e.fields {
                    let pure = matches!(f.expr, syn::Expr::Path(_) | syn::Expr::Lit(_));
                    if let (syn::Member::Named(field), false) = (&f.member, pure) {
                        self.candidates.remove(&(name.clone(), field.to_string()));
                    }
                }
            }
        }
        syn::visit_mut::visit_expr_struct_mut(self, e);
    }
}

fn leaf_kept(graph: &Graph, reach: &Reach, l: usize) -> bool {
    if reach.leaves.contains(&l) {
        return true;
    }
    let leaf = &graph.leaves[l];
    let from_std = matches!(
        leaf.segments.first().map(String::as_str),
        Some("std" | "core" | "alloc")
    );
    match &leaf.name {
        // `use Trait as _` exists only for its methods.
        Some(name) if name == "_" => true,
        Some(_) if from_std => {
            let last = leaf.segments.last().map(String::as_str).unwrap_or("");
            std_trait_used(last, &reach.methods[leaf.module])
        }
        _ => false,
    }
}

/// A copy of `tree` with only the leaves in `wanted`; leaves are numbered
/// in the order `graph::flatten_use` met them.
fn keep_leaves(
    tree: &UseTree,
    counter: &mut impl Iterator<Item = usize>,
    wanted: &BTreeSet<usize>,
) -> Option<UseTree> {
    match tree {
        UseTree::Path(p) => {
            let inner = keep_leaves(&p.tree, counter, wanted)?;
            let mut p = p.clone();
            p.tree = Box::new(inner);
            Some(UseTree::Path(p))
        }
        UseTree::Name(_) | UseTree::Rename(_) | UseTree::Glob(_) => {
            let id = counter.next()?;
            wanted.contains(&id).then(|| tree.clone())
        }
        UseTree::Group(g) => {
            let items: Vec<UseTree> = g
                .items
                .iter()
                .filter_map(|t| keep_leaves(t, counter, wanted))
                .collect();
            match items.len() {
                0 => None,
                // `{self}` cannot lose its braces.
                1 if !is_self(&items[0]) => items.into_iter().next(),
                _ => {
                    let mut g = g.clone();
                    g.items = items.into_iter().collect::<Punctuated<_, _>>();
                    Some(UseTree::Group(g))
                }
            }
        }
    }
}

fn is_self(tree: &UseTree) -> bool {
    match tree {
        UseTree::Name(n) => n.ident == "self",
        UseTree::Rename(r) => r.ident == "self",
        _ => false,
    }
}

fn item_attrs(item: &Item) -> &[Attribute] {
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

fn impl_item_attrs(item: &syn::ImplItem) -> &[Attribute] {
    match item {
        syn::ImplItem::Const(x) => &x.attrs,
        syn::ImplItem::Fn(x) => &x.attrs,
        syn::ImplItem::Type(x) => &x.attrs,
        syn::ImplItem::Macro(x) => &x.attrs,
        _ => &[],
    }
}

fn trait_item_attrs(item: &syn::TraitItem) -> &[Attribute] {
    match item {
        syn::TraitItem::Const(x) => &x.attrs,
        syn::TraitItem::Fn(x) => &x.attrs,
        syn::TraitItem::Type(x) => &x.attrs,
        syn::TraitItem::Macro(x) => &x.attrs,
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaves_kept(source: &str, wanted: &[usize]) -> Option<String> {
        let item: syn::ItemUse = syn::parse_str(source).expect("a use item");
        let wanted: BTreeSet<usize> = wanted.iter().copied().collect();
        let tree = keep_leaves(&item.tree, &mut (0..), &wanted)?;
        let mut item = item;
        item.tree = tree;
        Some(quote::ToTokens::to_token_stream(&item).to_string())
    }

    #[test]
    fn use_groups_lose_unused_leaves_and_braces() {
        let source = "use crate::a::{b, c::{d, e as f}, g::*};";
        assert_eq!(
            leaves_kept(source, &[0]).as_deref(),
            Some("use crate :: a :: b ;")
        );
        assert_eq!(
            leaves_kept(source, &[1, 3]).as_deref(),
            Some("use crate :: a :: { c :: d , g :: * } ;")
        );
        assert_eq!(
            leaves_kept(source, &[2]).as_deref(),
            Some("use crate :: a :: c :: e as f ;")
        );
        assert_eq!(leaves_kept(source, &[]), None);
    }

    #[test]
    fn a_lone_self_keeps_its_braces() {
        let source = "use std::io::{self, Read};";
        assert_eq!(
            leaves_kept(source, &[0]).as_deref(),
            Some("use std :: io :: { self } ;")
        );
    }

    #[test]
    fn test_only_attributes() {
        let attrs = |source: &str| {
            let item: syn::ItemFn = syn::parse_str(&format!("{source} fn f() {{}}")).expect("fn");
            is_test_only(&item.attrs)
        };
        assert!(attrs("#[test]"));
        assert!(attrs("#[cfg(test)]"));
        assert!(attrs("#[cfg(all(unix, test))]"));
        assert!(!attrs("#[cfg(not(test))]"));
        assert!(!attrs("#[cfg(any(unix, test))]"));
        assert!(!attrs("#[inline]"));
    }

    #[test]
    fn clippy_only_lint_attributes() {
        let attr = |source: &str| {
            let item: syn::ItemFn = syn::parse_str(&format!("{source} fn f() {{}}")).expect("fn");
            is_clippy_only(&item.attrs[0])
        };
        assert!(attr("#[allow(clippy::too_many_arguments)]"));
        assert!(attr("#[expect(clippy::a, clippy::b)]"));
        assert!(!attr("#[allow(dead_code)]"));
        assert!(!attr("#[allow(clippy::a, unused)]"));
        assert!(!attr("#[inline]"));
    }

    #[test]
    fn unread_fields_go_with_their_pure_initialisers() {
        let file: syn::File = syn::parse_str(
            "struct S { a: u32, b: u32, c: u32 }
             fn f(x: u32) -> S { S { a: x, b: 1, c: g() } }",
        )
        .expect("file");
        let mut kept = vec![file.items];
        let read: BTreeSet<String> = ["a".to_string()].into_iter().collect();
        drop_unread_fields(&mut kept, &read);
        let text = kept[0]
            .iter()
            .map(|i| quote::ToTokens::to_token_stream(i).to_string())
            .collect::<Vec<_>>()
            .join(" ");
        // `b` goes; `c` stays because dropping it would drop the call to `g`.
        assert!(!text.contains("b :"), "{text}");
        assert!(
            text.contains("c : u32") && text.contains("c : g ()"),
            "{text}"
        );
    }
}
