//! Which types' layouts generic code observes, asked of rustc.
//!
//! `size_of::<T>()` with `T` a type parameter observes the layout of every
//! type the program instantiates it with; so does a `transmute` or a
//! `size_of_val` whose types nothing names. Read alone, such a call could
//! mean any type (hashbrown's `SizedTypeProperties`, implemented for every
//! type, reads `size_of::<Self>()`), and the guard would keep every field
//! and variant of the bundle. rustc knows which types reach it: once it
//! has monomorphised the program, every instantiation is concrete.
//!
//! So a copy of the tree is built with each such call wrapped in a read of
//! a constant that fails to evaluate, `__BundlerLayout::<T>::SEEN`:
//!
//! ```text
//! size_of::<T>()      { let _ = __BundlerLayout::<T>::SEEN; size_of::<T>() }
//! transmute(x)        __bundler_value(transmute(__bundler_value(x)))
//! size_of_val(r)      size_of_val(__bundler_ref(r))
//! ```
//!
//! A generic constant is evaluated only for the instantiations the program
//! reaches, after type checking, and rustc reports each failure with the
//! type it was instantiated with (`evaluation of
//! `__BundlerLayout::<(u32, Fallibility)>::SEEN` failed`) and goes on
//! collecting. The types named there, but behind a pointer or a reference,
//! are what the program observes. A sentinel that `main` always reaches
//! tells that rustc got that far; where it did not (a constant evaluated
//! while type checking calls such code), or where a call could not be
//! wrapped (inside a macro's body, under another name, `offset_of!`), the
//! answer is `None` and the guard keeps its reading: every layout.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::{quote, ToTokens};
use syn::parse_quote;

use super::guard::{held_names, renames_observers, turbofish, OF_ANY, OF_TYPE};
use crate::rustc::{self, Level};

/// The marker type of the sentinel.
const SENTINEL: &str = "__BundlerSentinel";

/// The library types whose layout the program observes, each with the
/// instantiation that observes it; `None` where rustc could not tell.
pub(super) fn observed(
    file: &syn::File,
    parameters: &BTreeSet<String>,
    edition: &str,
) -> Option<BTreeMap<String, String>> {
    if renames_observers(file) {
        return None;
    }
    let mut probe = file.clone();
    // `size_of::<Self>()` in `impl Group` names `Group`: written so, it is
    // read like any concrete type, and not evaluated in the probe while
    // rustc type-checks (which would stop it before the sentinel).
    let mut concrete = ConcreteSelf::default();
    syn::visit_mut::VisitMut::visit_file_mut(&mut concrete, &mut probe);
    let main = probe.items.iter_mut().find_map(|item| match item {
        syn::Item::Fn(f) if f.sig.ident == "main" => Some(f),
        _ => None,
    })?;
    main.block
        .stmts
        .insert(0, parse_quote!(__bundler_sentinel::<u8>();));
    let mut wrap = Wrap {
        parameters,
        wrapped: 0,
        failed: false,
    };
    let mut tokens = wrap.tokens(probe.to_token_stream());
    if wrap.failed || wrap.wrapped == 0 {
        return None;
    }
    tokens.extend(helpers().iter().map(ToTokens::to_token_stream));
    let text = tokens.to_string();
    let diagnostics = rustc::instantiate(&text, edition).ok()?;
    let mut types = concrete.observed;
    let mut sentinel = false;
    for d in diagnostics.iter().filter(|d| d.level == Level::Error) {
        // rustc names the instantiation in the label under the constant:
        // "evaluation of `__BundlerLayout::<T>::SEEN` failed here".
        let labels: Vec<&str> = d.spans.iter().filter_map(|s| s.label.as_deref()).collect();
        let said = format!("{} {}", d.message, labels.join(" "));
        let seen = said
            .split_once("`__BundlerLayout::<")
            .and_then(|(_, rest)| rest.rsplit_once(">::SEEN`"))
            .map(|(ty, _)| ty);
        let Some(ty) = seen else {
            // "aborting due to …" has no span; anything else is an error
            // the copy made, and the answer is not to be trusted.
            if d.spans.is_empty() {
                continue;
            }
            return None;
        };
        let Ok(parsed) = syn::parse_str::<syn::Type>(ty) else {
            return None;
        };
        let names = held_names(parsed.to_token_stream());
        sentinel |= names.contains(SENTINEL);
        for name in names {
            types
                .entry(name)
                .or_insert_with(|| format!("`size_of::<{ty}>`"));
        }
    }
    sentinel.then_some(types)
}

/// The items the wrapped calls use, and the sentinel.
fn helpers() -> Vec<syn::Item> {
    vec![
        parse_quote!(
            struct __BundlerLayout<T: ?Sized>(core::marker::PhantomData<T>);
        ),
        parse_quote!(
            impl<T: ?Sized> __BundlerLayout<T> {
                const SEEN: () = panic!("the bundler's layout probe");
            }
        ),
        parse_quote!(
            const fn __bundler_value<T>(v: T) -> T {
                let _ = __BundlerLayout::<T>::SEEN;
                v
            }
        ),
        parse_quote!(
            const fn __bundler_ref<T: ?Sized>(v: &T) -> &T {
                let _ = __BundlerLayout::<T>::SEEN;
                v
            }
        ),
        parse_quote!(
            struct __BundlerSentinel;
        ),
        parse_quote!(
            fn __bundler_sentinel<T>() {
                let _ = __BundlerLayout::<(T, __BundlerSentinel)>::SEEN;
            }
        ),
    ]
}

/// Wraps the calls that observe a layout no concrete type names, in the
/// tokens of items and of macro calls and bodies alike.
struct Wrap<'p> {
    parameters: &'p BTreeSet<String>,
    wrapped: usize,
    /// A layout function named where it cannot be wrapped (as a value,
    /// `offset_of!`): rustc's answer would not cover it.
    failed: bool,
}

impl Wrap<'_> {
    fn tokens(&mut self, tokens: TokenStream) -> TokenStream {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out: Vec<TokenTree> = Vec::with_capacity(tokens.len());
        let mut k = 0;
        while k < tokens.len() {
            match &tokens[k] {
                TokenTree::Group(g) => {
                    let mut group = Group::new(g.delimiter(), self.tokens(g.stream()));
                    group.set_span(g.span());
                    out.push(TokenTree::Group(group));
                    k += 1;
                }
                // An import names a function without calling it.
                TokenTree::Ident(i) if i == "use" => {
                    let end = (k..tokens.len())
                        .find(|&j| matches!(&tokens[j], TokenTree::Punct(p) if p.as_char() == ';'))
                        .map_or(tokens.len(), |j| j + 1);
                    out.extend(tokens[k..end].iter().cloned());
                    k = end;
                }
                TokenTree::Ident(i) if is_observer(i) => k = self.call(&tokens, k, &mut out),
                token => {
                    out.push(token.clone());
                    k += 1;
                }
            }
        }
        out.into_iter().collect()
    }

    /// Copies or wraps what starts with layout function `tokens[k]`
    /// (`out` holds the path before it); returns where to go on.
    fn call(&mut self, tokens: &[TokenTree], k: usize, out: &mut Vec<TokenTree>) -> usize {
        let name = tokens[k].to_string();
        let fish = turbofish(&tokens[k + 1..]);
        let after = k + 1 + fish.as_ref().map_or(0, |(_, len)| *len);
        let args = match tokens.get(after) {
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => g.stream(),
            _ => {
                // Not called: a binding or field of that name (`size_of:
                // usize`, `n * size_of`), a method's name, a function's.
                // Named by a path or a turbofish, it is the function as a
                // value, which cannot be wrapped.
                let pathed = matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == ':');
                self.failed |= pathed || fish.is_some();
                out.push(tokens[k].clone());
                return k + 1;
            }
        };
        let generic = fish.as_ref().is_none_or(|(types, _)| {
            held_names(types.clone())
                .iter()
                .any(|n| self.parameters.contains(n) || n.starts_with('$'))
                || types.to_string().contains('$')
        });
        if !generic {
            out.extend(tokens[k..=after].iter().cloned());
            return after + 1;
        }
        let mut path = Vec::new();
        while let [.., TokenTree::Punct(a), TokenTree::Punct(b)] = &out[..] {
            if a.as_char() != ':' || b.as_char() != ':' {
                break;
            }
            path.splice(0..0, out.split_off(out.len() - 2));
            match out.last() {
                Some(TokenTree::Ident(_)) => path.insert(0, out.pop().expect("an ident")),
                _ => break,
            }
        }
        // `$crate::mem::size_of` in a macro's body.
        if let [.., TokenTree::Punct(p)] = &out[..] {
            if p.as_char() == '$'
                && matches!(path.first(), Some(TokenTree::Ident(i)) if i == "crate")
            {
                path.insert(0, out.pop().expect("a `$`"));
            }
        }
        let args = self.tokens(args);
        let function: TokenStream = path
            .into_iter()
            .chain(tokens[k..after].iter().cloned())
            .collect();
        let wrapped: TokenStream = match (name.as_str(), &fish) {
            ("size_of" | "align_of", Some((types, _))) => {
                quote!({ let _ = crate::__BundlerLayout::<#types>::SEEN; #function(#args) })
            }
            ("transmute", _) => {
                quote!(crate::__bundler_value(#function(crate::__bundler_value(#args))))
            }
            ("transmute_copy", _) => {
                quote!(crate::__bundler_value(#function(crate::__bundler_ref(#args))))
            }
            ("size_of_val" | "align_of_val", _) => quote!(#function(crate::__bundler_ref(#args))),
            _ => {
                self.failed = true;
                quote!(#function(#args))
            }
        };
        self.wrapped += 1;
        out.extend(wrapped);
        after + 1
    }
}

/// Writes the self type of an `impl` without parameters for `Self` in the
/// turbofish of a layout function, and records it as observed.
#[derive(Default)]
struct ConcreteSelf {
    observed: BTreeMap<String, String>,
}

impl ConcreteSelf {
    fn tokens(&mut self, tokens: TokenStream, self_ty: &syn::Type) -> TokenStream {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out = Vec::with_capacity(tokens.len());
        let mut k = 0;
        while k < tokens.len() {
            match &tokens[k] {
                TokenTree::Group(g) => {
                    let mut group = Group::new(g.delimiter(), self.tokens(g.stream(), self_ty));
                    group.set_span(g.span());
                    out.push(TokenTree::Group(group));
                }
                TokenTree::Ident(i) if is_observer(i) => {
                    out.push(tokens[k].clone());
                    if let Some((types, len)) = turbofish(&tokens[k + 1..]) {
                        let types: TokenStream = types
                            .into_iter()
                            .flat_map(|t| match &t {
                                TokenTree::Ident(i) if i == "Self" => self_ty.to_token_stream(),
                                _ => t.into(),
                            })
                            .collect();
                        for name in held_names(types.clone()) {
                            let why = format!("`{i}::<{types}>`");
                            self.observed.entry(name).or_insert(why);
                        }
                        out.extend(quote!(::<#types>));
                        k += len;
                    }
                }
                token => out.push(token.clone()),
            }
            k += 1;
        }
        out.into_iter().collect()
    }
}

impl syn::visit_mut::VisitMut for ConcreteSelf {
    fn visit_item_impl_mut(&mut self, imp: &mut syn::ItemImpl) {
        if imp.generics.params.is_empty() {
            let self_ty = (*imp.self_ty).clone();
            for member in &mut imp.items {
                let tokens = self.tokens(member.to_token_stream(), &self_ty);
                if let Ok(written) = syn::parse2(tokens) {
                    *member = written;
                }
            }
        }
        syn::visit_mut::visit_item_impl_mut(self, imp);
    }
}

fn is_observer(i: &proc_macro2::Ident) -> bool {
    let name = i.to_string();
    OF_TYPE.contains(&name.as_str()) || OF_ANY.contains(&name.as_str())
}
