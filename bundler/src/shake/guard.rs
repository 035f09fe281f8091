//! The fields and variants a cut must keep although rustc reports them
//! dead: deleting them could change what the program does, or stop it
//! compiling. rustc's dead-code analysis answers "is it read?", and a
//! field nobody reads can still be observed. Each rule below is one way:
//!
//! * **Layout.** `size_of::<T>()` sees every field of `T`, read or not, and
//!   the number of its variants; so does a `#[repr(…)]`. Such types (and
//!   the types of their fields, whose sizes are part of theirs) keep every
//!   field and variant. Where the type cannot be named (`size_of_val`,
//!   `transmute`, `size_of::<T>` of a type parameter), no type loses one.
//! * **The user said so.** A struct, enum or union (or one field or
//!   variant) under `#[allow(dead_code)]` keeps its shape: the attribute
//!   stays, and rustc reports nothing inside it (`prune`).
//! * **A derived `Debug` prints every field.** rustc ignores derived
//!   impls on purpose when it looks for reads, so a field only `{:?}`
//!   shows is "never read". A type whose `Debug` the program uses keeps
//!   every field; one whose `Debug` it does not use loses the derive first
//!   (decided by rustc: see [`super::shake`]), and then its unread fields.
//! * **A parameter needs a user.** A field (or a variant) whose type alone
//!   names a type or lifetime parameter of its type stays: without it the
//!   parameter is unused (E0392), or a derive cannot infer it. A struct's
//!   field of reference type given only pure values becomes `PhantomData`
//!   instead ([`super::phantom`]), which rustc never calls unread.
//! * **Effects.** A field given a value that may have side effects
//!   (`r: fresh_id()`) stays, so that the value is still computed where
//!   and when the program computed it.
//!
//! Variants deleted from an enum of unit variants keep the others'
//! discriminants (`Dir::L as usize` is 2 before and after): the editor
//! writes them out (`edit.rs`). An enum whose discriminants are not all
//! integer literals keeps every variant.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::{Attribute, Expr, Fields, Generics};

use super::index::{is_pure, Key, Kind};
use super::layouts::{collect_names, Layout};
use crate::rustc::Pos;

/// What the guard knows across rounds: the types whose derived `Debug`
/// rustc found used (their fields stay) or unused (the derive went).
#[derive(Default)]
pub(super) struct DebugUse {
    pub(super) used: BTreeSet<String>,
    pub(super) unused: BTreeSet<String>,
}

/// The fields and variants of one tree that must stay, each with why.
/// `layouts` are the types whose layout generic code observes, as rustc
/// told ([`super::layouts`]), where it could.
pub(super) fn guarded(
    file: &syn::File,
    debug: &DebugUse,
    layouts: Option<&BTreeMap<String, String>>,
) -> BTreeMap<Key, String> {
    let layout = Layout::of(file, layouts);
    let effects = effectful_fields(file);
    let mut guard = Guard {
        layout: &layout,
        effects: &effects,
        debug,
        out: BTreeMap::new(),
    };
    guard.visit_file(file);
    guard.out
}

struct Guard<'a> {
    layout: &'a Layout,
    effects: &'a BTreeSet<String>,
    debug: &'a DebugUse,
    out: BTreeMap<Key, String>,
}

impl Guard<'_> {
    fn keep(&mut self, kind: Kind, node: &impl Spanned, why: String) {
        self.out
            .entry((kind, Pos::of(node.span().start())))
            .or_insert(why);
    }

    /// The reason every field and variant of type `name` stays, if one
    /// holds for the whole type.
    fn whole(&self, name: &str, attrs: &[Attribute]) -> Option<String> {
        if let Some(repr) = attrs.iter().find(|a| a.path().is_ident("repr")) {
            return Some(format!("`{}` fixes its layout", tokens(repr)));
        }
        if self.layout.everything {
            return Some(format!(
                "the program observes layouts ({})",
                self.layout.why
            ));
        }
        if self.layout.types.contains(name) {
            return Some(format!(
                "the program observes its layout ({})",
                self.layout.why
            ));
        }
        if allows_dead_code(attrs) {
            return Some("it is under #[allow(dead_code)]".to_string());
        }
        if self.debug.used.contains(name) && derives(attrs, "Debug") {
            return Some("its derived Debug prints every field, and the program uses it".into());
        }
        None
    }

    fn fields(
        &mut self,
        fields: &Fields,
        whole: &Option<String>,
        alone: &dyn Fn(usize) -> Option<String>,
    ) {
        for (k, field) in fields.iter().enumerate() {
            let why = whole
                .clone()
                .or_else(|| {
                    allows_dead_code(&field.attrs).then(|| "it is under #[allow(dead_code)]".into())
                })
                .or_else(|| alone(k))
                .or_else(|| {
                    let name = field.ident.as_ref()?.to_string();
                    self.effects
                        .contains(&name)
                        .then(|| format!("a value given for `{name}` may have side effects"))
                });
            if let Some(why) = why {
                self.keep(Kind::Field, field, why);
            }
        }
    }
}

impl<'ast> Visit<'ast> for Guard<'_> {
    fn visit_item_struct(&mut self, s: &'ast syn::ItemStruct) {
        let whole = self.whole(&s.ident.to_string(), &s.attrs);
        let types: Vec<TokenStream> = s.fields.iter().map(|f| f.ty.to_token_stream()).collect();
        let alone = |k: usize| alone_user(&s.generics, &types, k);
        self.fields(&s.fields, &whole, &alone);
        syn::visit::visit_item_struct(self, s);
    }

    fn visit_item_union(&mut self, u: &'ast syn::ItemUnion) {
        // A union's fields share their storage: every one stays.
        for field in &u.fields.named {
            self.keep(Kind::Field, field, "it is a field of a union".to_string());
        }
        syn::visit::visit_item_union(self, u);
    }

    fn visit_item_enum(&mut self, e: &'ast syn::ItemEnum) {
        let whole = self.whole(&e.ident.to_string(), &e.attrs).or_else(|| {
            let literal = |v: &syn::Variant| {
                v.discriminant
                    .as_ref()
                    .is_none_or(|(_, d)| discriminant(d).is_some())
            };
            (!e.variants.iter().all(literal))
                .then(|| "its discriminants are not all integer literals".to_string())
        });
        let variants: Vec<TokenStream> = e
            .variants
            .iter()
            .map(|v| v.fields.to_token_stream())
            .collect();
        for (k, variant) in e.variants.iter().enumerate() {
            let why = whole
                .clone()
                .or_else(|| {
                    allows_dead_code(&variant.attrs)
                        .then(|| "it is under #[allow(dead_code)]".into())
                })
                .or_else(|| alone_user(&e.generics, &variants, k));
            if let Some(why) = why {
                self.keep(Kind::Variant, variant, why);
            }
            let types: Vec<TokenStream> = variant
                .fields
                .iter()
                .map(|f| f.ty.to_token_stream())
                .collect();
            let alone = |j: usize| {
                // Within the variant, and no other variant names it either.
                let elsewhere: Vec<TokenStream> = variants
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != k)
                    .map(|(_, t)| t.clone())
                    .chain(
                        types
                            .iter()
                            .enumerate()
                            .filter(|(i, _)| *i != j)
                            .map(|(_, t)| t.clone()),
                    )
                    .collect();
                let mut all = elsewhere;
                all.push(types[j].clone());
                let last = all.len() - 1;
                alone_user(&e.generics, &all, last)
            };
            self.fields(&variant.fields, &whole, &alone);
        }
        syn::visit::visit_item_enum(self, e);
    }
}

/// Why member `k` of `members` (the tokens of each field's type, or of
/// each variant's fields) must stay: it alone names a parameter of
/// `generics`.
fn alone_user(generics: &Generics, members: &[TokenStream], k: usize) -> Option<String> {
    let params: Vec<String> = generics
        .params
        .iter()
        .map(|p| match p {
            syn::GenericParam::Type(t) => t.ident.to_string(),
            syn::GenericParam::Lifetime(l) => l.lifetime.to_string(),
            syn::GenericParam::Const(c) => c.ident.to_string(),
        })
        .collect();
    let named = |tokens: &TokenStream| {
        let mut names = BTreeSet::new();
        collect_names(tokens.clone(), &mut names);
        names
    };
    let mine = named(&members[k]);
    let others: BTreeSet<String> = members
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != k)
        .flat_map(|(_, t)| named(t))
        .collect();
    let param = params
        .iter()
        .find(|p| mine.contains(*p) && !others.contains(*p))?;
    Some(format!("{} `{param}`", super::plan::PARAMETER_USER))
}

/// The value of a discriminant written as an integer literal (`= 4`,
/// `= -1`, `= 0x10`).
pub(super) fn discriminant(e: &Expr) -> Option<i128> {
    match e {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => i.base10_parse().ok(),
        Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => discriminant(expr).map(|v| -v),
        Expr::Paren(p) => discriminant(&p.expr),
        Expr::Group(g) => discriminant(&g.expr),
        _ => None,
    }
}

/// Whether `attrs` allow `dead_code` (or the `unused` group holding it).
pub(crate) fn allows_dead_code(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        (a.path().is_ident("allow") || a.path().is_ident("expect"))
            && lint_names(a)
                .iter()
                .any(|l| l == "dead_code" || l == "unused")
    })
}

fn lint_names(attr: &Attribute) -> Vec<String> {
    let mut names = Vec::new();
    let _ = attr.parse_nested_meta(|meta| {
        if let Some(ident) = meta.path.get_ident() {
            names.push(ident.to_string());
        }
        Ok(())
    });
    names
}

/// Whether `attrs` derive `name` (`#[derive(Clone, Debug)]`,
/// `#[derive(std::fmt::Debug)]`).
pub(super) fn derives(attrs: &[Attribute], name: &str) -> bool {
    derived(attrs).iter().any(|d| d == name)
}

/// What `attrs` derive, each by its last segment (`Debug` for
/// `std::fmt::Debug`).
pub(super) fn derived(attrs: &[Attribute]) -> Vec<String> {
    let mut names = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("derive")) {
        let _ = attr.parse_nested_meta(|meta| {
            names.extend(meta.path.segments.last().map(|s| s.ident.to_string()));
            Ok(())
        });
    }
    names
}

fn tokens(attr: &Attribute) -> String {
    attr.to_token_stream()
        .to_string()
        .replace(" (", "(")
        .replace("# [", "#[")
}

/// The names of the fields that some struct literal gives a value that
/// may have side effects (`S { id: next(), .. }`), inside macro calls too
/// (`vec![S { id: next() }]`).
fn effectful_fields(file: &syn::File) -> BTreeSet<String> {
    struct Effects(BTreeSet<String>);
    impl<'ast> Visit<'ast> for Effects {
        fn visit_field_value(&mut self, f: &'ast syn::FieldValue) {
            if let syn::Member::Named(name) = &f.member {
                if !is_pure(&f.expr) {
                    self.0.insert(name.to_string());
                }
            }
            syn::visit::visit_field_value(self, f);
        }

        fn visit_macro(&mut self, mac: &'ast syn::Macro) {
            // Arguments that parse as expressions: the struct literals in them.
            let args = mac.parse_body_with(
                syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated,
            );
            if let Ok(args) = args {
                for arg in &args {
                    self.visit_expr(arg);
                }
            }
        }
    }
    let mut effects = Effects(BTreeSet::new());
    effects.visit_file(file);
    effects.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of the guarded fields and variants of `source`, each with
    /// its reason.
    fn kept(source: &str) -> Vec<(String, String)> {
        let file = syn::parse_file(source).expect("valid source");
        let guard = guarded(&file, &DebugUse::default(), None);
        let index = super::super::index::Index::new(&file);
        let mut out: Vec<(String, String)> = index
            .nodes
            .iter()
            .filter_map(|n| Some((n.path.clone(), guard.get(&n.key())?.clone())))
            .collect();
        out.sort();
        out
    }

    fn names(source: &str) -> Vec<String> {
        kept(source).into_iter().map(|(n, _)| n).collect()
    }

    #[test]
    fn observed_layouts_keep_every_field_of_the_types_they_reach() {
        let source = "struct A { x: u8, b: B }\nstruct B { y: [u64; 3] }\nstruct C { z: u8 }\n\
                      fn main() { println!(\"{}\", std::mem::size_of::<A>()); }";
        assert_eq!(names(source), ["crate::A::b", "crate::A::x", "crate::B::y"]);
        let everything = "struct C { z: u8 }\nfn f<T>() -> usize { std::mem::size_of::<T>() }";
        assert_eq!(names(everything), ["crate::C::z"]);
        // memchr's `size_of::<__m128i>()`: a type of std's holds none of ours.
        let foreign = "struct C { z: u8 }\nstruct D { w: u8 }\n\
                       fn f() -> usize { size_of::<__m128i>() + size_of::<Vec<D>>() }";
        assert_eq!(names(foreign), ["crate::D::w"]);
        // memchr's `transmute::<Fn, RealFn>(f)` names what it observes.
        let named = "struct C { z: u8 }\ntype Fn = *mut ();\n\
                     fn f(p: Fn) -> fn() { unsafe { core::mem::transmute::<Fn, fn()>(p) } }";
        assert!(names(named).is_empty());
        // A transmute that is a function's whole body has its types.
        let whole = "struct C { z: u8 }\nstruct D { w: u8 }\n\
                     fn f(p: u64) -> f64 { unsafe { core::mem::transmute(p) } }\n\
                     fn g<T>(a: usize) -> *mut T { unsafe { core::mem::transmute(a) } }\n\
                     fn h(d: D) -> u8 { unsafe { core::mem::transmute(d) } }";
        assert_eq!(names(whole), ["crate::D::w"]);
        let inferred = "struct C { z: u8 }\n\
                        fn f(p: u64) -> f64 { let x = unsafe { core::mem::transmute(p) }; x }";
        assert_eq!(names(inferred), ["crate::C::z"]);
        // What a pointer points to keeps its layout to itself.
        let pointed = "struct C { z: u8 }\nstruct D { w: u8 }\n\
                       fn f<T>(p: &C) -> usize { unsafe { core::mem::transmute::<&C, usize>(p) } }\n\
                       fn g(p: *const D) -> [D; 1] { unsafe { core::mem::transmute::<*const D, [D; 1]>(p) } }\n\
                       fn h(p: [u8; C::N]) -> u64 { unsafe { core::mem::transmute::<[u8; C::N], u64>(p) } }";
        assert_eq!(names(pointed), ["crate::D::w"]);
        // regex-automata's imports observe nothing; a renamed one's calls do.
        let imported = "struct C { z: u8 }\nuse core::mem::size_of;\n\
                        fn f() -> usize { use core::{cmp, mem::align_of}; size_of::<u8>() }";
        assert!(names(imported).is_empty());
        let renamed =
            "struct C { z: u8 }\nfn f<T>() -> usize { use core::mem::size_of as s; s::<T>() }";
        assert_eq!(names(renamed), ["crate::C::z"]);
        let repr = "#[repr(C)] struct D { z: u8 }\nstruct E { w: u8 }";
        assert_eq!(names(repr), ["crate::D::z"]);
    }

    #[test]
    fn a_parameter_keeps_its_only_user() {
        let source = "struct P<'a, E, I> { prev: Vec<Option<&'a E>>, index: I, n: usize }\n\
                      enum Dest<'s> { Stdout, Buf(&'s mut Vec<u8>) }";
        assert_eq!(
            names(source),
            [
                "crate::Dest::Buf",
                "crate::Dest::Buf::0",
                "crate::P::index",
                "crate::P::prev"
            ]
        );
    }

    #[test]
    fn effects_and_allows_keep_fields() {
        let source =
            "struct S { a: u32, b: u32, c: u32 }\n#[allow(dead_code)] struct T { t: u8 }\n\
                      fn f() -> S { S { a: 1, b: next(), c: Real(0.5).0 } }";
        let kept = kept(source);
        assert_eq!(
            kept.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
            ["crate::S::b", "crate::T::t"]
        );
        assert!(kept[0].1.contains("side effects"), "{kept:?}");
    }

    #[test]
    fn enums_with_computed_discriminants_keep_their_variants() {
        let source = "const K: u8 = 3;\nenum A { X = K, Y }\nenum B { X = 4, Y = -1 }";
        assert_eq!(names(source), ["crate::A::X", "crate::A::Y"]);
    }
}
