//! An enum the cut left with no variant becomes `type E = ();`.
//!
//! hashbrown's `TryReserveError` is built only by `Fallibility::Fallible`,
//! and only `try_reserve` makes one of those: once shaking has deleted that
//! method, the variant, the arms matching it and then every variant of the
//! error go, each rightly dead. What is left is sound but not clean: a call
//! still typed `TryReserveError` (`Err(fallibility.capacity_overflow())`,
//! which now always panics) has an uninhabited type, and rustc warns that
//! the code after it is unreachable. Keeping a variant back instead would
//! draw "never constructed", and so on up the chain to `try_reserve`.
//!
//! So, where rustc says an expression's type is uninhabited and the
//! warning is ours (not the library's own), that enum, if the cut emptied
//! it, is written as an alias of `()`. Nothing changes what runs: no value
//! of an empty enum can exist, so every expression of its type diverges,
//! and the same text typed as `()` still does (a body that yielded `()`
//! out of nothing would not have type-checked as the enum). Only a type
//! that nothing else could tell apart is rewritten: no generics, no
//! `impl` header naming it (one would be an orphan or a clash on `()`), no
//! derive `()` lacks. Its layout (`Option<E>` grows from 0 to 1 byte) is
//! watched by the layout guard, which keeps variants where generic code
//! observes sizes.

use syn::visit::Visit;

use std::collections::BTreeMap;

use syn::spanned::Spanned;

use crate::rustc::{Diagnostic, Pos};
use crate::syntax::flatten_use;

/// The type an `unreachable_code` report says is uninhabited, as rustc
/// writes it (`hashbrown::TryReserveError`).
pub(super) fn named(d: &Diagnostic) -> Option<&str> {
    d.children.iter().find_map(|child| {
        let rest = child.message.strip_prefix("this expression has type `")?;
        rest.strip_suffix("`, which is uninhabited")
    })
}

/// The enum of `file` that starts at `at`.
pub(super) fn enum_at(file: &syn::File, at: Pos) -> Option<&syn::ItemEnum> {
    let mut finder = EnumAt { at, found: None };
    finder.visit_file(file);
    finder.found
}

struct EnumAt<'f> {
    at: Pos,
    found: Option<&'f syn::ItemEnum>,
}

impl<'f> Visit<'f> for EnumAt<'f> {
    fn visit_item_enum(&mut self, e: &'f syn::ItemEnum) {
        if Pos::of(e.span().start()) == self.at {
            self.found = Some(e);
        }
    }
}

/// The derives that `()` has too.
const UNIT_HAS: &[&str] = &[
    "Clone",
    "Copy",
    "Debug",
    "PartialEq",
    "Eq",
    "PartialOrd",
    "Ord",
    "Hash",
];

/// Whether the enum `e`, defined in module `module` (`crate::hashbrown`),
/// can become an alias of `()` in `file`: no `impl` header may name it,
/// by a path ending in its name written in its own module, or through its
/// module's name, `self`, `super` or `crate`, or where a `use` through such
/// a path brings that name (or a glob) in (`use Kind::*` of a local enum's
/// variants does not). A false match only keeps the enum as it is.
pub(super) fn replaceable(file: &syn::File, module: &str, e: &syn::ItemEnum) -> bool {
    let derives_ok =
        (super::guard::derived(&e.attrs).iter()).all(|d| UNIT_HAS.contains(&d.as_str()));
    let mut scan = Scan {
        name: &e.ident,
        at: vec!["crate".to_string()],
        uses: BTreeMap::new(),
        headers: Vec::new(),
    };
    scan.visit_file(file);
    let home = module.rsplit("::").next().unwrap_or(module);
    let through = |s: &String| s == home || s == "self" || s == "super" || s == "crate";
    let imported = |here: &str| {
        scan.uses.get(here).is_some_and(|leaves| {
            leaves.iter().any(|(path, bound)| {
                bound.as_ref().is_none_or(|b| e.ident == b) && path.iter().any(through)
            })
        })
    };
    let named = scan
        .headers
        .iter()
        .any(|(here, segments)| match segments.len() {
            1 => here == module || imported(here),
            _ => segments.iter().any(through),
        });
    e.variants.is_empty() && e.generics.params.is_empty() && derives_ok && !named
}

/// `e` written as `type E = ();`, its docs kept.
pub(super) fn alias(e: &syn::ItemEnum) -> syn::Item {
    let docs = e.attrs.iter().filter(|a| a.path().is_ident("doc"));
    let (vis, ident) = (&e.vis, &e.ident);
    syn::parse_quote!(#(#docs)* #vis type #ident = ();)
}

/// A `use` leaf: its path, and the name it binds (`None`: a glob).
type Leaf = (Vec<String>, Option<String>);

/// What each module imports ([`flatten_use`]: the path, and the name it
/// binds or `None` for a glob), and the paths ending in `name` in each
/// `impl` header, with the module they are written in.
struct Scan<'n> {
    name: &'n syn::Ident,
    at: Vec<String>,
    uses: BTreeMap<String, Vec<Leaf>>,
    headers: Vec<(String, Vec<String>)>,
}

impl<'ast> Visit<'ast> for Scan<'_> {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        self.at.push(m.ident.to_string());
        syn::visit::visit_item_mod(self, m);
        self.at.pop();
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let leaves = self.uses.entry(self.at.join("::")).or_default();
        flatten_use(&u.tree, &mut Vec::new(), leaves);
    }

    fn visit_item_impl(&mut self, imp: &'ast syn::ItemImpl) {
        let mut paths = Paths {
            name: self.name,
            found: Vec::new(),
        };
        paths.visit_type(&imp.self_ty);
        if let Some((_, path, _)) = &imp.trait_ {
            paths.visit_path(path);
        }
        paths.visit_generics(&imp.generics);
        let here = self.at.join("::");
        (self.headers).extend(paths.found.into_iter().map(|p| (here.clone(), p)));
        syn::visit::visit_item_impl(self, imp);
    }
}

/// The paths ending in `name`, as their segments.
struct Paths<'n> {
    name: &'n syn::Ident,
    found: Vec<Vec<String>>,
}

impl<'ast> Visit<'ast> for Paths<'_> {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.segments.last().is_some_and(|s| s.ident == *self.name) {
            let segments = path.segments.iter().map(|s| s.ident.to_string()).collect();
            self.found.push(segments);
        }
        syn::visit::visit_path(self, path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_enum(file: &syn::File) -> &syn::ItemEnum {
        file.items
            .iter()
            .find_map(|i| match i {
                syn::Item::Enum(e) => Some(e),
                _ => None,
            })
            .expect("an enum")
    }

    #[test]
    fn only_an_empty_enum_nothing_else_tells_apart_is_replaceable() {
        let yes = [
            "#[derive(Clone, PartialEq, Eq, Debug)] pub enum E {} fn f() -> Result<(), E> { Ok(()) }",
            "enum E {} impl Other for F {}",
        ];
        let no = [
            "enum E { A }",
            "enum E<T> {}",
            "#[derive(Default)] enum E {}",
            "enum E {} impl std::fmt::Display for E {}",
            "enum E {} impl From<E> for String {}",
            "enum E {} impl E {}",
        ];
        for text in yes {
            let file = syn::parse_file(text).unwrap();
            assert!(replaceable(&file, "crate", first_enum(&file)), "{text}");
        }
        for text in no {
            let file = syn::parse_file(text).unwrap();
            assert!(!replaceable(&file, "crate", first_enum(&file)), "{text}");
        }
    }

    /// allocator-api2 and hashbrown, bundled together, each have a
    /// `TryReserveError`: an impl for the other one does not name it.
    #[test]
    fn an_impl_for_another_type_of_the_same_name_does_not_count() {
        let enum_in = |file: &syn::File| -> syn::ItemEnum {
            let found = file.items.iter().find_map(|i| match i {
                syn::Item::Mod(m) if m.ident == "hashbrown" => {
                    m.content.as_ref()?.1.iter().find_map(|i| match i {
                        syn::Item::Enum(e) => Some(e.clone()),
                        _ => None,
                    })
                }
                _ => None,
            });
            found.expect("hashbrown's enum")
        };
        let other = "mod hashbrown { pub enum E {} }\n\
                     mod api { use core::fmt; use Kind::*; pub struct E; impl fmt::Display for E {} }";
        let file = syn::parse_file(other).unwrap();
        assert!(replaceable(&file, "crate::hashbrown", &enum_in(&file)));
        for named in [
            "mod hashbrown { pub enum E {} impl X for E {} }",
            "mod hashbrown { pub enum E {} } mod api { use crate::hashbrown::E; impl X for E {} }",
            "mod hashbrown { pub enum E {} } mod api { use crate::hashbrown::*; impl X for E {} }",
            "mod hashbrown { pub enum E {} } mod api { impl X for crate::hashbrown::E {} }",
            "mod hashbrown { pub enum E {} mod raw { impl X for super::E {} } }",
        ] {
            let file = syn::parse_file(named).unwrap();
            assert!(
                !replaceable(&file, "crate::hashbrown", &enum_in(&file)),
                "{named}"
            );
        }
    }

    #[test]
    fn the_alias_keeps_docs_and_visibility_only() {
        let file = syn::parse_file("/// Why.\n#[derive(Debug)]\npub(crate) enum E {}").unwrap();
        let out = prettyplease::unparse(&syn::File {
            shebang: None,
            attrs: Vec::new(),
            items: vec![alias(first_enum(&file))],
        });
        assert_eq!(out, "/// Why.\npub(crate) type E = ();\n");
    }
}
