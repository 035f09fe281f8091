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

use syn::spanned::Spanned;

use crate::rustc::{Diagnostic, Pos};

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
/// can become an alias of `()` in `file`.
pub(super) fn replaceable(file: &syn::File, module: &str, e: &syn::ItemEnum) -> bool {
    let mut derives_ok = true;
    for attr in e.attrs.iter().filter(|a| a.path().is_ident("derive")) {
        let _ = attr.parse_nested_meta(|meta| {
            let known = meta
                .path
                .segments
                .last()
                .is_some_and(|s| UNIT_HAS.iter().any(|d| s.ident == d));
            derives_ok &= known;
            Ok(())
        });
    }
    let mut uses = Uses::default();
    uses.visit_file(file);
    let mut headers = ImplHeaders {
        name: &e.ident,
        home: module.rsplit("::").next().unwrap_or(module),
        module: module.to_string(),
        uses: &uses,
        at: vec!["crate".to_string()],
        named: false,
    };
    headers.visit_file(file);
    e.variants.is_empty() && e.generics.params.is_empty() && derives_ok && !headers.named
}

/// `e` written as `type E = ();`, its docs kept.
pub(super) fn alias(e: &syn::ItemEnum) -> syn::Item {
    let docs = e.attrs.iter().filter(|a| a.path().is_ident("doc"));
    let (vis, ident) = (&e.vis, &e.ident);
    syn::parse_quote!(#(#docs)* #vis type #ident = ();)
}

/// What each module imports: its `use` leaves (the name brought in, or
/// `*`), each with the segments of its path.
#[derive(Default)]
struct Uses {
    at: Vec<String>,
    prefix: Vec<String>,
    modules: std::collections::BTreeMap<String, Vec<(String, Vec<String>)>>,
}

impl<'ast> Visit<'ast> for Uses {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        self.at.push(m.ident.to_string());
        syn::visit::visit_item_mod(self, m);
        self.at.pop();
    }

    fn visit_use_tree(&mut self, tree: &'ast syn::UseTree) {
        let leaf = match tree {
            syn::UseTree::Path(p) => {
                self.prefix.push(p.ident.to_string());
                self.visit_use_tree(&p.tree);
                self.prefix.pop();
                return;
            }
            syn::UseTree::Name(n) => n.ident.to_string(),
            syn::UseTree::Rename(r) => r.rename.to_string(),
            syn::UseTree::Glob(_) => "*".to_string(),
            syn::UseTree::Group(g) => {
                g.items.iter().for_each(|t| self.visit_use_tree(t));
                return;
            }
        };
        let module = std::iter::once("crate".to_string())
            .chain(self.at.iter().cloned())
            .collect::<Vec<_>>()
            .join("::");
        let entry = self.modules.entry(module).or_default();
        entry.push((leaf, self.prefix.clone()));
    }
}

/// Finds an `impl` whose header may name the enum: a path ending in its
/// name written in its own module, or through its module's name, `self`
/// or `super`, or where a `use` brings that name (or a glob) in. A false
/// match only keeps the enum as it is.
struct ImplHeaders<'n> {
    name: &'n syn::Ident,
    /// The last segment of the enum's module.
    home: &'n str,
    module: String,
    uses: &'n Uses,
    at: Vec<String>,
    named: bool,
}

impl<'ast> Visit<'ast> for ImplHeaders<'_> {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        self.at.push(m.ident.to_string());
        syn::visit::visit_item_mod(self, m);
        self.at.pop();
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
        let through = |s: &String| s == self.home || s == "self" || s == "super" || s == "crate";
        // A `use` (or glob) through a path that may reach the enum's
        // module; `use Kind::*` of a local enum's variants does not.
        let imported = self.uses.modules.get(&here).is_some_and(|leaves| {
            leaves.iter().any(|(leaf, path)| {
                (leaf == "*" || *self.name == leaf.as_str()) && path.iter().any(through)
            })
        });
        for segments in paths.found {
            self.named |= match segments.len() {
                1 => here == self.module || imported,
                _ => segments.iter().any(through),
            };
        }
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
