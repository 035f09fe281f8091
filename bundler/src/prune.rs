//! Pass 4: the cut as one file. Every module that keeps anything is printed
//! inline as `pub mod x { … }` so that `crate::a::b` paths stay valid, and
//! `fn main` calls the adapter's `main`. An adapter of LeetCode's shape
//! (`impl Solution`, no `main`) is printed at the root instead, where the
//! judge's driver finds `Solution`, with a `fn main` naming each method
//! so that rustc counts them used; the written file loses both that
//! `main` and the adapter's `struct Solution` ([`for_leetcode`]), which
//! the judge declares. Within a kept module, items outside
//! the cut go, and so do the `use` leaves whose target went (an import of
//! another crate included); `impl` and `trait` blocks stay whole (rustc
//! decides about their members).

use std::collections::BTreeSet;

use syn::punctuated::Punctuated;
use syn::{AttrStyle, Item, UseTree};

use crate::discover::{Crate, ItemId, ModuleId};
use crate::reach::{Cut, Foreign};
use crate::resolve::{LeafId, Names, Target};
use crate::syntax::strip_lint_attributes;

/// What to keep of the library.
#[derive(Clone, Copy)]
pub enum Keep<'c> {
    /// The items of the cut.
    Cut(&'c Cut),
    /// Every item of every crate the cut reaches, and of the crates they
    /// depend on (a user's bundle leaves out the dependencies its bin
    /// never uses).
    Whole(&'c Cut),
}

/// The file holding what `keep` says, with `fn main` calling
/// `adapter::main` when an adapter is the entry point (else the crate
/// root's own `fn main` is), or the adapter at the root when `solution`
/// names the methods of its `impl Solution` (LeetCode's shape). Items in
/// `foreign` (they use another crate) are never in it, nor are imports of
/// another crate.
pub fn assemble(
    names: &Names,
    keep: Keep,
    foreign: &[Foreign],
    adapter: Option<&[String]>,
    solution: &[String],
) -> syn::File {
    let kept = kept_items(names, keep, foreign);
    let mut items = module_items(names.krate, &kept, ModuleId::ROOT);
    match adapter {
        Some(adapter) if !solution.is_empty() => hoist(&mut items, adapter, solution),
        Some(adapter) => {
            let adapter: syn::Path =
                syn::parse_str(&adapter.join("::")).expect("module names are identifiers");
            items.insert(
                0,
                syn::parse_quote! {
                    fn main() {
                        #adapter::main()
                    }
                },
            );
        }
        None => {}
    }
    let mut file = syn::File {
        shebang: None,
        attrs: Vec::new(),
        items,
    };
    strip_lint_attributes(&mut file);
    file
}

/// LeetCode's shape: the adapter module's items moved to the root (its
/// `use crate::…` paths mean the same there), after a `fn main` that names
/// each of `methods` of `Solution`.
fn hoist(items: &mut Vec<Item>, adapter: &[String], methods: &[String]) {
    let moved = take_module(items, adapter);
    let uses: Vec<syn::Stmt> = methods
        .iter()
        .map(|m| syn::parse_str(&format!("let _ = Solution::{m};")).expect("an identifier"))
        .collect();
    let mut root: Vec<Item> = vec![syn::parse_quote! {
        fn main() {
            #(#uses)*
        }
    }];
    root.extend(moved);
    root.append(items);
    *items = root;
}

/// The items of the inline module at `path` below `items`, taken out; a
/// module left empty goes too.
fn take_module(items: &mut Vec<Item>, path: &[String]) -> Vec<Item> {
    let Some((first, rest)) = path.split_first() else {
        return Vec::new();
    };
    let Some(k) = items
        .iter()
        .position(|i| matches!(i, Item::Mod(m) if m.ident == first))
    else {
        return Vec::new();
    };
    let Item::Mod(module) = &mut items[k] else {
        unreachable!("found as a module");
    };
    let content = module.content.get_or_insert_with(Default::default);
    let moved = match rest.is_empty() {
        true => std::mem::take(&mut content.1),
        false => take_module(&mut content.1, rest),
    };
    if content.1.is_empty() {
        items.remove(k);
    }
    moved
}

/// The file to write of a bundle of LeetCode's shape: without the root's
/// `fn main` and `struct Solution`, which the judge's driver brings.
pub fn for_leetcode(mut file: syn::File) -> syn::File {
    file.items.retain(|item| match item {
        Item::Fn(f) => f.sig.ident != "main",
        Item::Struct(s) => s.ident != "Solution",
        _ => true,
    });
    file
}

/// Per module, the items `keep` keeps and the `use` items narrowed to the
/// leaves it keeps.
fn kept_items(names: &Names, keep: Keep, foreign: &[Foreign]) -> Vec<Vec<Item>> {
    let krate = names.krate;
    let live = live_modules(names, keep);
    let cut = match keep {
        Keep::Cut(cut) => Some(cut),
        Keep::Whole(_) => None,
    };
    let foreign: BTreeSet<ItemId> = foreign.iter().map(|f| f.item).collect();
    let mut kept: Vec<Vec<Item>> = vec![Vec::new(); krate.modules.len()];
    for m in krate.module_ids() {
        let module = krate.get(m);
        for (index, item) in module.items.iter().enumerate() {
            let id = ItemId { module: m, index };
            let keep = match item {
                Item::Mod(_) => module
                    .children
                    .get(&index)
                    .is_some_and(|c| live.contains(c)),
                // `extern crate alloc;`: no path names it, and every
                // module's `alloc::…` needs it.
                Item::ExternCrate(_) => live.contains(&m),
                Item::Use(u) => {
                    let ids = names.leaf_ids.get(&id).cloned().unwrap_or_default();
                    let wanted: BTreeSet<LeafId> = ids
                        .iter()
                        .copied()
                        .filter(|&l| keep_leaf(names, cut, &live, l))
                        .collect();
                    if let Some(tree) = keep_leaves(&u.tree, &mut ids.into_iter(), &wanted) {
                        let mut u = u.clone();
                        u.tree = tree;
                        kept[m.0].push(Item::Use(u));
                    }
                    continue;
                }
                _ => {
                    !foreign.contains(&id)
                        && live.contains(&m)
                        && cut.is_none_or(|cut| cut.items.contains_key(&id))
                }
            };
            if keep {
                kept[m.0].push(item.clone());
            }
        }
    }
    kept
}

/// Whether `use` leaf `leaf` stays: it imports no other crate, and kept
/// code looked a name up through it or what it imports is kept.
fn keep_leaf(names: &Names, cut: Option<&Cut>, live: &BTreeSet<ModuleId>, leaf: LeafId) -> bool {
    let mut scratch = BTreeSet::new();
    let targets = names.resolve_leaf(leaf, &mut scratch, 0);
    if targets.iter().any(|t| matches!(t, Target::Crate(_))) {
        return false;
    }
    let Some(cut) = cut else {
        return targets.iter().all(|target| match target {
            Target::Item(item) => live.contains(&item.module),
            Target::Module(module) => live.contains(module),
            Target::Std | Target::Crate(_) => true,
        });
    };
    // A leaf that names only items the cut left out cannot stay, though a
    // lookup went through it (pathfinding's `pub(crate) use matrix;` of a
    // macro nothing calls, reached by a glob looking for `matrix`).
    // Nor one kept for its target alone whose path runs through a leaf of
    // a module that is left out (petgraph's `use crate::prelude::Direction;`
    // beside a `prelude` of re-exports nothing looked through).
    let used = cut.used_leaves.contains(&leaf);
    let reachable = || (scratch.iter()).all(|l| live.contains(&names.leaves[l.0].item.module));
    let kept = targets.iter().any(|target| match target {
        Target::Std => true,
        Target::Crate(_) => false,
        Target::Item(item) => cut.items.contains_key(item),
        Target::Module(module) => live.contains(module),
    });
    (kept && (used || reachable())) || (targets.is_empty() && used)
}

/// Modules that keep an item or a used `use` leaf, themselves or below;
/// for [`Keep::Whole`], every module but those of the crates the cut does
/// not reach.
fn live_modules(names: &Names, keep: Keep) -> BTreeSet<ModuleId> {
    let krate = names.krate;
    let cut = match keep {
        Keep::Cut(cut) => cut,
        Keep::Whole(cut) => {
            let live = live_modules(names, Keep::Cut(cut));
            // A crate kept whole keeps the code the cut did not reach, and
            // with it the crates that code names (cargo's metadata also
            // lists optional ones only a feature's `?` mentions: petgraph's
            // serde); one where the walk lost a path is kept whole though
            // the cut kept nothing of it.
            let lost = |root: ModuleId| cut.lost_in.iter().any(|&m| krate.is_within(m, root));
            let mut reached: Vec<ModuleId> = (krate.mounted.iter().copied())
                .filter(|&m| live.contains(&m) || lost(m))
                .collect();
            let mut next = 0;
            while let Some(&m) = reached.get(next) {
                next += 1;
                let dependencies = krate.dependencies.get(&m).map_or(&[][..], Vec::as_slice);
                for dependency in named_crates(krate, m, dependencies) {
                    if !reached.contains(&dependency) {
                        reached.push(dependency);
                    }
                }
            }
            let left_out: Vec<ModuleId> = (krate.mounted.iter().copied())
                .filter(|m| !reached.contains(m))
                .collect();
            return krate
                .module_ids()
                .filter(|&m| !left_out.iter().any(|&root| krate.is_within(m, root)))
                .collect();
        }
    };
    let mut live = BTreeSet::new();
    let direct = cut
        .items
        .keys()
        .map(|i| i.module)
        .chain(
            cut.used_leaves
                .iter()
                .map(|l| names.leaves[l.0].item.module),
        )
        .chain(cut.modules.iter().copied());
    for mut m in direct {
        while live.insert(m) {
            match krate.get(m).parent {
                Some(parent) => m = parent,
                None => break,
            }
        }
    }
    live
}

/// Those of the mounted crates `crates` that the code of the crate whose
/// root is `root` names anywhere, by the module each is mounted as: its
/// tokens are read once, for all of them.
fn named_crates(krate: &Crate, root: ModuleId, crates: &[ModuleId]) -> Vec<ModuleId> {
    fn mentions(tokens: proc_macro2::TokenStream, names: &[&str], seen: &mut [bool]) {
        for t in tokens {
            match t {
                proc_macro2::TokenTree::Ident(i) => {
                    if let Some(k) = names.iter().position(|n| i == n) {
                        seen[k] = true;
                    }
                }
                proc_macro2::TokenTree::Group(g) => mentions(g.stream(), names, seen),
                _ => {}
            }
        }
    }
    let names: Vec<&str> = (crates.iter())
        .map(|&c| krate.get(c).path.last().map_or("", String::as_str))
        .collect();
    let mut seen = vec![false; crates.len()];
    for m in krate.module_ids().filter(|&m| krate.is_within(m, root)) {
        if seen.iter().all(|&s| s) {
            break;
        }
        for item in &krate.get(m).items {
            mentions(quote::ToTokens::to_token_stream(item), &names, &mut seen);
        }
    }
    (crates.iter().zip(seen))
        .filter_map(|(&c, seen)| seen.then_some(c))
        .collect()
}

fn module_items(krate: &Crate, kept: &[Vec<Item>], m: ModuleId) -> Vec<Item> {
    let children = &krate.get(m).children;
    let mut mods = krate
        .get(m)
        .items
        .iter()
        .enumerate()
        .filter(|(_, item)| matches!(item, Item::Mod(_)))
        .map(|(index, _)| children[&index]);
    kept[m.0]
        .iter()
        .map(|item| match item {
            Item::Mod(module) => {
                // Kept `mod` items come in the order of the module's items.
                let child = mods
                    .find(|&c| krate.get(c).path.last() == Some(&module.ident.to_string()))
                    .expect("every kept mod item has a module");
                let mut module = module.clone();
                module.attrs.retain(|a| matches!(a.style, AttrStyle::Outer));
                module.attrs.extend(krate.get(child).attrs.iter().cloned());
                module.content = Some((Default::default(), module_items(krate, kept, child)));
                module.semi = None;
                Item::Mod(module)
            }
            other => other.clone(),
        })
        .collect()
}

/// A copy of `tree` with only the leaves in `wanted`; leaves are numbered
/// in the order `syntax::flatten_use` meets them.
fn keep_leaves(
    tree: &UseTree,
    ids: &mut impl Iterator<Item = LeafId>,
    wanted: &BTreeSet<LeafId>,
) -> Option<UseTree> {
    match tree {
        UseTree::Path(p) => {
            let inner = keep_leaves(&p.tree, ids, wanted)?;
            let mut p = p.clone();
            p.tree = Box::new(inner);
            Some(UseTree::Path(p))
        }
        UseTree::Name(_) | UseTree::Rename(_) | UseTree::Glob(_) => {
            let id = ids.next()?;
            wanted.contains(&id).then(|| tree.clone())
        }
        UseTree::Group(g) => {
            let items: Vec<UseTree> = g
                .items
                .iter()
                .filter_map(|t| keep_leaves(t, ids, wanted))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn leaves_kept(source: &str, wanted: &[usize]) -> Option<String> {
        let item: syn::ItemUse = syn::parse_str(source).expect("a use item");
        let wanted: BTreeSet<LeafId> = wanted.iter().map(|&w| LeafId(w)).collect();
        let tree = keep_leaves(&item.tree, &mut (0..).map(LeafId), &wanted)?;
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
        assert_eq!(
            leaves_kept("use crate::a::{self};", &[0]).as_deref(),
            Some("use crate :: a :: { self } ;")
        );
    }
}
