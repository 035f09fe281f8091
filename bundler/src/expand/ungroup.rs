//! What a written-out call becomes before anyone prints it: without the
//! invisible groups its fragments came in.
//!
//! rustc passes an `expr` or `ty` fragment on as one opaque group, so that
//! `$e * 2` with `$e` = `a + b` means `(a + b) * 2`, and `1 as $t << n`
//! casts to `$t` before shifting. [`super::matching`] keeps them as
//! `Delimiter::None` groups for the same reason, and syn parses such a
//! group as one node (`Expr::Group`, `Type::Group`). But a group has no
//! text: printed as it is, it vanishes, and `a + b * 2` or `1 as u64 << n`
//! (generics to rustc) is another program. So, once the call is parsed:
//!
//! * in the tree, each group becomes its plain node, and prettyplease,
//!   which parenthesizes by precedence, writes the parentheses its place
//!   needs (`(a + b) * 2`, `(1 as u64) << n`, `(|x| x + 1)(y)`);
//! * inside the tokens of a call left for rustc (`println!`, `vec!`), which
//!   no printer parses, a group of one token, or holding an expression no
//!   operator can split (a path, a call, a literal, …), becomes its tokens;
//!   any other group becomes parentheses, which rustc does not flag there.

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use syn::visit_mut::VisitMut;
use syn::{Expr, ImplItem, Item};

/// A node written out by a call: what [`Ungroup`] walks.
pub(crate) trait Written: syn::parse::Parse {
    fn ungroup(&mut self);
}

impl Written for Item {
    fn ungroup(&mut self) {
        Ungroup.visit_item_mut(self);
    }
}

impl Written for ImplItem {
    fn ungroup(&mut self) {
        Ungroup.visit_impl_item_mut(self);
    }
}

impl Written for syn::TraitItem {
    fn ungroup(&mut self) {
        Ungroup.visit_trait_item_mut(self);
    }
}

/// See the module docs.
struct Ungroup;

impl VisitMut for Ungroup {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        while let Expr::Group(g) = e {
            *e = std::mem::replace(&mut *g.expr, Expr::PLACEHOLDER);
        }
        syn::visit_mut::visit_expr_mut(self, e);
    }

    fn visit_type_mut(&mut self, t: &mut syn::Type) {
        while let syn::Type::Group(g) = t {
            *t = std::mem::replace(&mut *g.elem, syn::Type::Verbatim(TokenStream::new()));
        }
        syn::visit_mut::visit_type_mut(self, t);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        mac.tokens = tokens(std::mem::take(&mut mac.tokens));
    }
}

/// `stream` without invisible groups (see the module docs).
fn tokens(stream: TokenStream) -> TokenStream {
    let mut out = Vec::new();
    for token in stream {
        match token {
            TokenTree::Group(g) if g.delimiter() == Delimiter::None => {
                let inner = tokens(g.stream());
                match needs_parentheses(&inner) {
                    true => {
                        let mut paren = Group::new(Delimiter::Parenthesis, inner);
                        paren.set_span(g.span());
                        out.push(TokenTree::Group(paren));
                    }
                    false => out.extend(inner),
                }
            }
            TokenTree::Group(g) => {
                let mut group = Group::new(g.delimiter(), tokens(g.stream()));
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
            }
            other => out.push(other),
        }
    }
    out.into_iter().collect()
}

/// Whether a fragment's tokens could be split by what is written around
/// them: more than one token, and not an expression that binds tighter
/// than any operator.
fn needs_parentheses(inner: &TokenStream) -> bool {
    if inner.clone().into_iter().count() <= 1 {
        return false;
    }
    match syn::parse2::<Expr>(inner.clone()) {
        Ok(e) => !matches!(
            e,
            Expr::Path(_)
                | Expr::Lit(_)
                | Expr::Call(_)
                | Expr::MethodCall(_)
                | Expr::Field(_)
                | Expr::Index(_)
                | Expr::Paren(_)
                | Expr::Tuple(_)
                | Expr::Array(_)
                | Expr::Macro(_)
        ),
        // A type: `dyn A + B` and the like can be split by a `+` beside
        // them; a path (`Wrapping<u8>`, num-traits' `pow_impl!` argument
        // passed on to itself) or a type in brackets cannot, and
        // parentheses around it draw `unused_parens`.
        Err(_) => syn::parse2::<syn::Type>(inner.clone()).is_ok_and(|t| !closed_type(&t)),
    }
}

/// A type no token written beside it can split.
fn closed_type(t: &syn::Type) -> bool {
    match t {
        syn::Type::Path(p) => p.qself.is_none(),
        syn::Type::Slice(_) | syn::Type::Array(_) | syn::Type::Tuple(_) | syn::Type::Paren(_) => {
            true
        }
        syn::Type::Reference(r) => closed_type(&r.elem),
        syn::Type::Ptr(p) => closed_type(&p.elem),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn opaque(tokens: TokenStream) -> TokenTree {
        TokenTree::Group(Group::new(Delimiter::None, tokens))
    }

    fn printed(item: TokenStream) -> String {
        let mut item: Item = syn::parse2(item).expect("an item");
        item.ungroup();
        prettyplease::unparse(&syn::File {
            shebang: None,
            attrs: Vec::new(),
            items: vec![item],
        })
    }

    #[test]
    fn fragments_in_the_tree_get_the_parentheses_their_place_needs() {
        let closure = opaque(quote!(|a, b| a + b));
        let sum = opaque(quote!(a + b));
        let ty = opaque(quote!(u64));
        let out = printed(quote!(fn f(a: u64, b: u64, n: u32) -> u64 {
            let s = #sum;
            #closure(a, b) * #sum + (1 as #ty << n) + s
        }));
        assert!(out.contains("let s = a + b;"), "{out}");
        assert!(out.contains("(|a, b| a + b)(a, b) * (a + b)"), "{out}");
        assert!(out.contains("((1 as u64) << n)"), "{out}");
    }

    #[test]
    fn fragments_in_a_calls_tokens_keep_together() {
        let sum = opaque(quote!(a + b));
        let call = opaque(quote!(f(a)));
        let out = printed(quote!(
            fn g(a: u32, b: u32) {
                println!("{} {}", #sum * 2, #call * 2);
            }
        ));
        assert!(out.contains("(a + b) * 2, f(a) * 2"), "{out}");
        // A path type passed on to another call stays bare; a bound list
        // is kept together.
        let path = opaque(quote!(Wrapping<u8>));
        let bounds = opaque(quote!(dyn A + Send));
        let out = printed(quote!(
            fn h() {
                m!(#path, u8);
                m!(&#bounds);
            }
        ));
        assert!(out.contains("m!(Wrapping < u8 >, u8)"), "{out}");
        assert!(out.contains("m!(& (dyn A + Send))"), "{out}");
    }
}
