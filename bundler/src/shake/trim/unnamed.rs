//! Inside the trim: the functions that no code names once the impls went.
//!
//! The trim takes impls away and asks rustc what breaks. But rustc checks
//! dead code too: num-rational's `ratio_to_f64`, called only by its
//! `ToPrimitive for Ratio<T>`, stays in the text when that impl goes, and
//! its errors (`diff.max(…)` without num-traits' impls for `isize`) ask
//! for 160 impls back, num-bigint's among them. So every text the trim
//! tries is first cleared of the functions of the crates' code that no
//! code names: free functions, methods of inherent impls, and methods of
//! the crates' traits (from the trait and every impl of it at once, so no
//! provided method takes an impl's place).
//!
//! A function is called only through its name: `f(x)`, `x.f()`,
//! `T::f`, `.map(f)`; a free function never after a dot (`x.div_rem()`
//! calls no free `div_rem`). A name the text writes nowhere but where
//! functions of that name are defined is never called; an import calls
//! nothing (the crates' imports of a free function that goes go with it).
//! Names are counted by a fixpoint: those written outside these
//! functions, then those the bodies of the functions so named write,
//! until none is new. What goes here is what rustc would call dead once
//! the text compiles; the trim's check of the text stands as before.
//!
//! * the crates' `macro_rules!` macros are counted as free functions
//!   are: what a macro's body writes counts once something invokes the
//!   macro (num-bigint's `bigint_add!`, whose body calls
//!   `BigInt::from_biguint`, is invoked only by the `Add` impls the trim
//!   took), and a macro nothing invokes goes; a name that an invocation,
//!   an attribute or the user's code writes counts as a call;
//! * only traits the crates' code declares lose methods: std calls the
//!   methods of its own traits (`size_hint`, `write_str`) without the
//!   text naming them, and a crate trait named as a std trait is left
//!   whole, as the impls of both could not be told apart by name;
//! * a function whose symbol is kept for the linker (`#[no_mangle]`,
//!   `#[export_name]`) is named.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::TokenTree;
use quote::ToTokens;
use syn::{Attribute, ImplItem, Item, TraitItem, UseTree};

/// Traits of std a crate may name one of its own after; such a trait is
/// left whole (its impls and std's could not be told apart by name).
const STD_TRAITS: [&str; 48] = [
    "Add",
    "AddAssign",
    "Any",
    "AsMut",
    "AsRef",
    "BitAnd",
    "BitOr",
    "BitXor",
    "Borrow",
    "BorrowMut",
    "BufRead",
    "BuildHasher",
    "Clone",
    "Debug",
    "Default",
    "Deref",
    "DerefMut",
    "Display",
    "Div",
    "DoubleEndedIterator",
    "Drop",
    "Eq",
    "Error",
    "ExactSizeIterator",
    "Extend",
    "Fn",
    "FnMut",
    "FnOnce",
    "From",
    "FromIterator",
    "FromStr",
    "Hash",
    "Hasher",
    "Index",
    "IndexMut",
    "Into",
    "IntoIterator",
    "Iterator",
    "Mul",
    "Neg",
    "Not",
    "Ord",
    "PartialEq",
    "PartialOrd",
    "Read",
    "Rem",
    "Sub",
    "Write",
];

/// `tree` without the functions of the crates' code (the items under the
/// `fixable` paths) that no code names, and their paths.
pub(super) fn prune(tree: &mut syn::File, fixable: &[String]) -> Vec<String> {
    let traits = crate_traits(tree, fixable);
    let definitions = definitions(tree, fixable, &traits);
    let named = named(tree, fixable, &traits, &definitions);
    let unnamed: BTreeSet<&Key> = definitions.keys().filter(|k| !named.contains(*k)).collect();
    let mut gone = Vec::new();
    if unnamed.is_empty() {
        return gone;
    }
    let goes = |name: &str, free: bool| unnamed.contains(&(name.to_string(), free));
    let free_gone: BTreeSet<String> = (unnamed.iter())
        .filter(|(_, free)| *free)
        .map(|(name, _)| name.clone())
        .collect();
    walk(
        &mut tree.items,
        "crate",
        fixable,
        &traits,
        &mut |at, path| {
            // Whether the function `name` (free or a method) stays.
            let mut stays = |name: Option<String>, free: bool| match name {
                Some(name) if goes(&name, free) => {
                    gone.push(format!("{path}::{name}"));
                    false
                }
                _ => true,
            };
            match at {
                Place::Module(items) => items.retain_mut(|item| match item {
                    Item::Use(u) => match without_leaves(&u.tree, &free_gone) {
                        Some(tree) => {
                            u.tree = tree;
                            true
                        }
                        None => false,
                    },
                    _ => stays(free_fn(item).or_else(|| macro_def(item)), true),
                }),
                Place::Trait(t) => t.items.retain(|item| stays(trait_fn(item), false)),
                Place::Impl(imp) => imp.items.retain(|item| stays(impl_fn(item), false)),
            }
        },
    );
    gone
}

/// A function's name, and whether it is a free function (named by a
/// path only; a method is also named after a dot).
type Key = (String, bool);

/// `tree` without its leaves importing one of `names` (functions that
/// went); `None` if no leaf is left.
fn without_leaves(tree: &UseTree, names: &BTreeSet<String>) -> Option<UseTree> {
    match tree {
        UseTree::Path(p) => {
            let inner = without_leaves(&p.tree, names)?;
            let mut p = p.clone();
            p.tree = Box::new(inner);
            Some(UseTree::Path(p))
        }
        UseTree::Name(n) if names.contains(&n.ident.to_string()) => None,
        UseTree::Rename(r) if names.contains(&r.ident.to_string()) => None,
        UseTree::Group(g) => {
            let mut g = g.clone();
            let kept: Vec<UseTree> = g
                .items
                .iter()
                .filter_map(|t| without_leaves(t, names))
                .collect();
            if kept.is_empty() {
                return None;
            }
            g.items = kept.into_iter().collect();
            Some(UseTree::Group(g))
        }
        leaf => Some(leaf.clone()),
    }
}

/// The names of the traits declared under the `fixable` paths, but those
/// named as a std trait.
fn crate_traits(tree: &syn::File, fixable: &[String]) -> BTreeSet<String> {
    fn visit(items: &[Item], path: &str, fixable: &[String], out: &mut BTreeSet<String>) {
        let under = crate::shake::is_fixable(path, fixable);
        for item in items {
            match item {
                Item::Mod(m) => {
                    if let Some((_, inner)) = &m.content {
                        visit(inner, &format!("{path}::{}", m.ident), fixable, out);
                    }
                }
                Item::Trait(t) if under => {
                    out.insert(t.ident.to_string());
                }
                _ => {}
            }
        }
    }
    let mut out = BTreeSet::new();
    visit(&tree.items, "crate", fixable, &mut out);
    out.retain(|name| !STD_TRAITS.contains(&name.as_str()));
    out
}

/// Where functions may go: a module's items, a crate trait, an inherent
/// impl or an impl of a crate trait.
enum Place<'a> {
    Module(&'a mut Vec<Item>),
    Trait(&'a mut syn::ItemTrait),
    Impl(&'a mut syn::ItemImpl),
}

/// Calls `each` on every place under the `fixable` paths of `items` (in
/// module `path`), with its path.
fn walk(
    items: &mut Vec<Item>,
    path: &str,
    fixable: &[String],
    traits: &BTreeSet<String>,
    each: &mut dyn FnMut(Place<'_>, &str),
) {
    let under = crate::shake::is_fixable(path, fixable);
    for item in items.iter_mut() {
        match item {
            Item::Mod(m) => {
                if let Some((_, inner)) = &mut m.content {
                    let path = format!("{path}::{}", m.ident);
                    walk(inner, &path, fixable, traits, each);
                }
            }
            Item::Trait(t) if under && traits.contains(&t.ident.to_string()) => {
                let path = format!("{path}::{}", t.ident);
                each(Place::Trait(t), &path);
            }
            Item::Impl(imp) if under => {
                let ours = match &imp.trait_ {
                    None => true,
                    Some((_, trait_path, _)) => (trait_path.segments.last())
                        .is_some_and(|s| traits.contains(&s.ident.to_string())),
                };
                if ours {
                    let label = crate::syntax::impl_label(imp);
                    each(Place::Impl(imp), &format!("{path}::<{label}>"));
                }
            }
            _ => {}
        }
    }
    if under {
        each(Place::Module(items), path);
    }
}

/// Whether the linker keeps the function's symbol: it is named.
fn exported(attrs: &[Attribute]) -> bool {
    (attrs.iter()).any(|a| a.path().is_ident("no_mangle") || a.path().is_ident("export_name"))
}

fn free_fn(item: &Item) -> Option<String> {
    match item {
        Item::Fn(f) if !exported(&f.attrs) => Some(f.sig.ident.to_string()),
        _ => None,
    }
}

/// A `macro_rules!` macro's name: it is named like a free function, by
/// its invocations (`bigint_add!(…)`), and what its body writes counts
/// only once it is.
fn macro_def(item: &Item) -> Option<String> {
    match item {
        Item::Macro(m) if m.mac.path.is_ident("macro_rules") => Some(m.ident.as_ref()?.to_string()),
        _ => None,
    }
}

fn trait_fn(item: &TraitItem) -> Option<String> {
    match item {
        TraitItem::Fn(f) => Some(f.sig.ident.to_string()),
        _ => None,
    }
}

fn impl_fn(item: &ImplItem) -> Option<String> {
    match item {
        ImplItem::Fn(f) if !exported(&f.attrs) => Some(f.sig.ident.to_string()),
        _ => None,
    }
}

/// For each function that may go, the names its definitions write (but
/// its own: a function calling itself is no call from outside).
fn definitions(
    tree: &syn::File,
    fixable: &[String],
    traits: &BTreeSet<String>,
) -> BTreeMap<Key, Written> {
    let mut out: BTreeMap<Key, Written> = BTreeMap::new();
    let mut file = tree.clone();
    walk(&mut file.items, "crate", fixable, traits, &mut |at, _| {
        let fns: Vec<(Key, proc_macro2::TokenStream)> = match at {
            Place::Module(items) => (items.iter())
                .filter_map(|i| {
                    let name = free_fn(i).or_else(|| macro_def(i))?;
                    Some(((name, true), i.to_token_stream()))
                })
                .collect(),
            Place::Trait(t) => (t.items.iter())
                .filter_map(|i| Some(((trait_fn(i)?, false), i.to_token_stream())))
                .collect(),
            Place::Impl(imp) => (imp.items.iter())
                .filter_map(|i| Some(((impl_fn(i)?, false), i.to_token_stream())))
                .collect(),
        };
        for (key, tokens) in fns {
            let written = out.entry(key.clone()).or_default();
            written.read(tokens);
            written.path.remove(&key.0);
            written.dotted.remove(&key.0);
        }
    });
    out
}

/// The names some tokens write: after a dot (`x.f()`, a method), and
/// elsewhere (`f(x)`, `T::f`, `.map(f)`: a function or a method).
#[derive(Default)]
struct Written {
    path: BTreeSet<String>,
    dotted: BTreeSet<String>,
}

impl Written {
    fn read(&mut self, tokens: proc_macro2::TokenStream) {
        let mut after_dot = false;
        for token in tokens {
            match token {
                TokenTree::Ident(i) => {
                    let set = if after_dot {
                        &mut self.dotted
                    } else {
                        &mut self.path
                    };
                    set.insert(i.to_string());
                    after_dot = false;
                }
                TokenTree::Punct(p) => after_dot = p.as_char() == '.',
                TokenTree::Group(g) => {
                    self.read(g.stream());
                    after_dot = false;
                }
                TokenTree::Literal(_) => after_dot = false,
            }
        }
    }

    /// Whether the function `key` is named here.
    fn names(&self, (name, free): &Key) -> bool {
        self.path.contains(name) || (!free && self.dotted.contains(name))
    }
}

/// The functions some code calls: those the text names outside the
/// `definitions` (and outside the crates' imports, which call nothing),
/// and those the definitions of a function so named name, until none is
/// new.
fn named(
    tree: &syn::File,
    fixable: &[String],
    traits: &BTreeSet<String>,
    definitions: &BTreeMap<Key, Written>,
) -> BTreeSet<Key> {
    let mut outside = tree.clone();
    walk(
        &mut outside.items,
        "crate",
        fixable,
        traits,
        &mut |at, _| {
            match at {
                Place::Module(items) => items.retain(|i| {
                    free_fn(i).is_none() && macro_def(i).is_none() && !matches!(i, Item::Use(_))
                }),
                Place::Trait(t) => t.items.retain(|i| trait_fn(i).is_none()),
                Place::Impl(imp) => imp.items.retain(|i| impl_fn(i).is_none()),
            };
        },
    );
    let mut written = Written::default();
    written.read(outside.to_token_stream());
    let mut named: BTreeSet<Key> = (definitions.keys())
        .filter(|k| written.names(k))
        .cloned()
        .collect();
    let mut todo: Vec<Key> = named.iter().cloned().collect();
    while let Some(key) = todo.pop() {
        let Some(by) = definitions.get(&key) else {
            continue;
        };
        for other in definitions.keys() {
            if !named.contains(other) && by.names(other) {
                named.insert(other.clone());
                todo.push(other.clone());
            }
        }
    }
    named
}

#[cfg(test)]
mod tests;
