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

/// Whether the enum `e` can become an alias of `()` in `file`.
pub(super) fn replaceable(file: &syn::File, e: &syn::ItemEnum) -> bool {
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
    let mut headers = ImplHeaders {
        name: &e.ident,
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

/// Finds an `impl` whose header names `name` anywhere (by its last
/// segment: a false match only keeps the enum as it is).
struct ImplHeaders<'n> {
    name: &'n syn::Ident,
    named: bool,
}

impl<'ast> Visit<'ast> for ImplHeaders<'_> {
    fn visit_item_impl(&mut self, imp: &'ast syn::ItemImpl) {
        let mut idents = Idents {
            name: self.name,
            found: false,
        };
        idents.visit_type(&imp.self_ty);
        if let Some((_, path, _)) = &imp.trait_ {
            idents.visit_path(path);
        }
        idents.visit_generics(&imp.generics);
        self.named |= idents.found;
        syn::visit::visit_item_impl(self, imp);
    }
}

struct Idents<'n> {
    name: &'n syn::Ident,
    found: bool,
}

impl<'ast> Visit<'ast> for Idents<'_> {
    fn visit_ident(&mut self, ident: &'ast syn::Ident) {
        self.found |= ident == self.name;
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
            assert!(replaceable(&file, first_enum(&file)), "{text}");
        }
        for text in no {
            let file = syn::parse_file(text).unwrap();
            assert!(!replaceable(&file, first_enum(&file)), "{text}");
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
