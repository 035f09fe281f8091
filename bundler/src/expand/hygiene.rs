//! The hygiene of local variables, as far as items need it: a local that
//! a macro's body binds never captures a name the call passed in, nor the
//! other way round (rustc keeps them apart by where each token was
//! written).
//!
//! ```text
//! macro_rules! m { ($y:ident) => { fn f($y: u8) -> u8 { let i = 1; $y + i } } }
//! m!(i);    // written out as: fn f(i: u8) -> u8 { let i_ = 1; i + i_ }
//! ```
//!
//! Only names that both the body and the call's fragments hold can clash.
//! The body's copies are marked while the rule is transcribed; a marked
//! name the written code binds as a local (a `let`, a parameter, a pattern)
//! is renamed, any other marked name (a type, a method, a field) goes back
//! to what it was.

use std::collections::BTreeSet;

use proc_macro2::{Group, Ident, TokenStream, TokenTree};
use syn::parse::{ParseStream, Parser};
use syn::visit::Visit;

use super::matching::{Binding, Bindings};

const MARK: &str = "__bundler_def_site";

/// The names the rule's body `body` and the fragments `bindings` both
/// hold, keywords left out.
pub(super) fn clashing(body: &[TokenTree], bindings: &Bindings) -> BTreeSet<String> {
    let mut written = BTreeSet::new();
    idents(body.iter().cloned().collect(), &mut written);
    let mut given = BTreeSet::new();
    for binding in bindings.values() {
        binding_idents(binding, &mut given);
    }
    written
        .intersection(&given)
        .filter(|name| !is_keyword(name))
        .cloned()
        .collect()
}

/// `name` as the body writes it while it is transcribed.
pub(super) fn mark(ident: &Ident) -> Ident {
    Ident::new(&format!("{ident}{MARK}"), ident.span())
}

/// The transcribed `stream` with its marks resolved: renamed where the
/// written code binds the name as a local, gone elsewhere.
pub(super) fn resolve(stream: TokenStream) -> TokenStream {
    let locals = bound_locals(&stream);
    rename(stream, &locals)
}

fn binding_idents(binding: &Binding, out: &mut BTreeSet<String>) {
    match binding {
        Binding::One(tokens) => idents(tokens.iter().cloned().collect(), out),
        Binding::Many(rounds) => {
            for round in rounds {
                for b in round.values() {
                    binding_idents(b, out);
                }
            }
        }
    }
}

fn idents(stream: TokenStream, out: &mut BTreeSet<String>) {
    for token in stream {
        match token {
            TokenTree::Ident(i) => {
                out.insert(i.to_string());
            }
            TokenTree::Group(g) => idents(g.stream(), out),
            _ => {}
        }
    }
}

/// The marked names the written code binds as locals: read as items, or
/// failing that as the members of an `impl`.
fn bound_locals(stream: &TokenStream) -> BTreeSet<String> {
    struct Locals(BTreeSet<String>);
    impl<'ast> Visit<'ast> for Locals {
        fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
            let name = p.ident.to_string();
            if name.ends_with(MARK) {
                self.0.insert(name);
            }
            syn::visit::visit_pat_ident(self, p);
        }
    }
    let mut locals = Locals(BTreeSet::new());
    let items = |input: ParseStream| {
        let mut items = Vec::new();
        while !input.is_empty() {
            items.push(input.parse::<syn::Item>()?);
        }
        Ok(items)
    };
    let members = |input: ParseStream| {
        let mut members = Vec::new();
        while !input.is_empty() {
            members.push(input.parse::<syn::ImplItem>()?);
        }
        Ok(members)
    };
    if let Ok(items) = items.parse2(stream.clone()) {
        items.iter().for_each(|i| locals.visit_item(i));
    } else if let Ok(members) = members.parse2(stream.clone()) {
        members.iter().for_each(|m| locals.visit_impl_item(m));
    }
    locals.0
}

fn rename(stream: TokenStream, locals: &BTreeSet<String>) -> TokenStream {
    stream
        .into_iter()
        .map(|token| match token {
            TokenTree::Ident(i) => {
                let name = i.to_string();
                match name.strip_suffix(MARK) {
                    Some(original) if locals.contains(&name) => {
                        TokenTree::Ident(Ident::new(&format!("{original}_"), i.span()))
                    }
                    Some(original) => TokenTree::Ident(Ident::new(original, i.span())),
                    None => TokenTree::Ident(i),
                }
            }
            TokenTree::Group(g) => {
                let mut group = Group::new(g.delimiter(), rename(g.stream(), locals));
                group.set_span(g.span());
                TokenTree::Group(group)
            }
            other => other,
        })
        .collect()
}

fn is_keyword(name: &str) -> bool {
    matches!(
        name,
        "as" | "async"
            | "await"
            | "break"
            | "const"
            | "continue"
            | "crate"
            | "dyn"
            | "else"
            | "enum"
            | "extern"
            | "false"
            | "fn"
            | "for"
            | "if"
            | "impl"
            | "in"
            | "let"
            | "loop"
            | "match"
            | "mod"
            | "move"
            | "mut"
            | "pub"
            | "ref"
            | "return"
            | "self"
            | "Self"
            | "static"
            | "struct"
            | "super"
            | "trait"
            | "true"
            | "type"
            | "unsafe"
            | "use"
            | "where"
            | "while"
            | "abstract"
            | "become"
            | "box"
            | "do"
            | "final"
            | "macro"
            | "override"
            | "priv"
            | "typeof"
            | "unsized"
            | "virtual"
            | "yield"
            | "try"
            | "union"
            | "_"
    )
}

#[cfg(test)]
mod tests {
    use super::super::{expand_items, Macros};

    #[test]
    fn a_local_of_the_body_never_captures_a_name_the_call_gave() {
        let file: syn::File = syn::parse_str(
            "macro_rules! m { ($($y:ident),*) => { fn f($($y: u8),*) -> u8 { let mut i = 0; $(i += $y;)* i } } }",
        )
        .expect("definitions");
        let macros = Macros::new(&file.items);
        let call: syn::ItemMacro = syn::parse_str("m!(h, i);").expect("a call");
        let items = expand_items(&macros, &call.mac, None).expect("expands");
        let text = quote::quote!(#(#items)*).to_string();
        assert_eq!(
            text,
            "fn f (h : u8 , i : u8) -> u8 { let mut i_ = 0 ; i_ += h ; i_ += i ; i_ }"
        );
    }
}
