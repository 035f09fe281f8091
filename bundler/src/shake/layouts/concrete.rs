//! The probe's concrete calls: `Self` in a layout function's turbofish
//! written as the non-generic `impl`'s self type, and the calls of a
//! `const fn` that rustc evaluates while type checking given a turbofish
//! of holes ([`super::observed`] wraps the rest).

use std::collections::BTreeMap;

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::{quote, ToTokens};

use super::{held_names, is_observer, turbofish};

/// Writes the self type of an `impl` without parameters for `Self` in the
/// turbofish of a layout function, and records it as observed.
#[derive(Default)]
pub(super) struct ConcreteSelf {
    pub(super) observed: BTreeMap<String, String>,
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
                if let syn::ImplItem::Fn(f) = member {
                    self.const_fn(&mut f.sig, &mut f.block, Some(&self_ty));
                }
                let tokens = self.tokens(member.to_token_stream(), &self_ty);
                if let Ok(written) = syn::parse2(tokens) {
                    *member = written;
                }
            }
        }
        syn::visit_mut::visit_item_impl_mut(self, imp);
    }

    fn visit_item_fn_mut(&mut self, f: &mut syn::ItemFn) {
        self.const_fn(&mut f.sig, &mut f.block, None);
        syn::visit_mut::visit_item_fn_mut(self, f);
    }
}

impl ConcreteSelf {
    /// A `const fn` with nothing generic in scope (`self_ty`: its impl's,
    /// not generic either) sees only concrete types, but a constant that
    /// calls it has rustc evaluate it while type checking
    /// (fixedbitset's `Block::NONE = Block::from_usize_array(…)`, whose
    /// `transmute` has no turbofish): a wrapped call there would stop
    /// rustc before the sentinel. So its calls get a turbofish of holes
    /// (`transmute::<_, _>`), which the wrapping leaves alone, and the
    /// types its signature names are observed instead: what such a body
    /// transmutes comes from its arguments or becomes its result.
    fn const_fn(
        &mut self,
        sig: &mut syn::Signature,
        block: &mut syn::Block,
        self_ty: Option<&syn::Type>,
    ) {
        if sig.constness.is_none() || !sig.generics.params.is_empty() {
            return;
        }
        let mut holes = 0;
        let body = with_holes(block.to_token_stream(), &mut holes);
        if holes == 0 {
            return;
        }
        let Ok(written) = syn::parse2(body) else {
            return;
        };
        *block = written;
        let mut types: Vec<TokenStream> = (sig.inputs.iter())
            .map(|input| match input {
                syn::FnArg::Typed(t) => t.ty.to_token_stream(),
                syn::FnArg::Receiver(_) => quote!(Self),
            })
            .collect();
        if let syn::ReturnType::Type(_, ty) = &sig.output {
            types.push(ty.to_token_stream());
        }
        let why = format!("`transmute` in `const fn {}`", sig.ident);
        for ty in types {
            let mut names = held_names(ty);
            if names.remove("Self") {
                names.extend(
                    self_ty
                        .map(|t| held_names(t.to_token_stream()))
                        .unwrap_or_default(),
                );
            }
            for name in names {
                self.observed.entry(name).or_insert_with(|| why.clone());
            }
        }
    }
}

/// `tokens` with `::<_>` (`::<_, _>` for the transmutes) after each
/// layout function called without a turbofish; counts them in `holes`.
fn with_holes(tokens: TokenStream, holes: &mut usize) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(tokens.len());
    for (k, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Group(g) => {
                let mut group = Group::new(g.delimiter(), with_holes(g.stream(), holes));
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
            }
            TokenTree::Ident(i) if is_observer(i) => {
                out.push(token.clone());
                let called = matches!(tokens.get(k + 1),
                    Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis);
                if called {
                    *holes += 1;
                    match i.to_string().as_str() {
                        "transmute" | "transmute_copy" => out.extend(quote!(::<_, _>)),
                        _ => out.extend(quote!(::<_>)),
                    }
                }
            }
            _ => out.push(token.clone()),
        }
    }
    out.into_iter().collect()
}
