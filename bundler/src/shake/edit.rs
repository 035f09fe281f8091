//! Applies a [`Plan`] to the tree it was made from: deletes its nodes
//! (and the `use` groups left empty) and writes out its macro invocations.

use syn::spanned::Spanned;
use syn::visit_mut::VisitMut;
use syn::{ImplItem, Item, Stmt, UseTree};

use super::guard::discriminant;
use super::index::{has_group, is_pure, Kind};
use super::phantom;
use super::plan::Plan;
use crate::expand::{expand_impl_items, expand_items, Macros};
use crate::rustc::Pos;
use crate::syntax::item_label;
use proc_macro2::{Group, TokenStream, TokenTree};

/// Applies a plan to the tree it was made from.
pub(super) struct Editor<'p> {
    pub(super) plan: &'p Plan,
    pub(super) macros: &'p Macros,
    pub(super) error: Option<String>,
    /// Token edits made (each must be, once).
    pub(super) applied: usize,
    /// `matches!` calls rewritten (each must be, once).
    pub(super) rematched: usize,
    /// Empty matches now going through references (each must be, once).
    pub(super) dereffed: usize,
    /// The matches this edit took every arm of (their variants deleted).
    pub(super) emptied: std::collections::BTreeSet<Pos>,
    /// The last segment of the self type of each `impl` around.
    pub(super) self_ty: Vec<String>,
    /// The module visited, from `crate`.
    pub(super) module: Vec<String>,
}

impl Editor<'_> {
    /// Ends `block` at a statement that is a match this edit took every
    /// arm of (`let d = match self.kind {};`, all of `kind`'s variants
    /// deleted): the match, made the block's tail, diverges as it did, and
    /// what followed it could never run. Left as a statement, rustc cannot
    /// type `d` (E0282) nor what follows.
    fn end_at_emptied_match(&self, block: &mut syn::Block) {
        let emptied = |e: &syn::Expr| match e {
            syn::Expr::Match(m) if self.emptied.contains(&Pos::of(m.span().start())) => {
                Some(m.clone())
            }
            _ => None,
        };
        let at = block.stmts.iter().enumerate().find_map(|(k, stmt)| {
            let m = match stmt {
                Stmt::Local(syn::Local {
                    init: Some(init), ..
                }) if init.diverge.is_none() => emptied(&init.expr),
                Stmt::Expr(e, _) => emptied(e),
                _ => None,
            };
            m.map(|m| (k, m))
        });
        if let Some((k, m)) = at {
            block.stmts.truncate(k);
            block.stmts.push(Stmt::Expr(syn::Expr::Match(m), None));
        }
    }

    /// An impl's members without the deleted ones, its invocations
    /// written out.
    fn impl_members(&mut self, imp: &mut syn::ItemImpl) {
        let old = std::mem::take(&mut imp.items);
        for member in old {
            let span = member.span();
            if self.gone(Kind::ImplItem, span) {
                continue;
            }
            let key = (Kind::ImplItem, Pos::of(span.start()));
            if let (Some(def_site), ImplItem::Macro(m)) = (self.plan.expand.get(&key), &member) {
                match expand_impl_items(self.macros, &m.mac, *def_site) {
                    Ok(expanded) => imp.items.extend(expanded),
                    Err(e) => {
                        self.error = Some(format!("cannot write out a macro in an impl: {}", e.0))
                    }
                }
                continue;
            }
            imp.items.push(member);
        }
        syn::visit_mut::visit_item_impl_mut(self, imp);
    }

    fn gone(&self, kind: Kind, span: proc_macro2::Span) -> bool {
        self.plan.delete.contains(&(kind, Pos::of(span.start())))
    }

    fn unit(&self, kind: Kind, span: proc_macro2::Span) -> bool {
        self.plan.unit.contains(&(kind, Pos::of(span.start())))
    }

    fn items(&mut self, items: &mut Vec<Item>) {
        let old = std::mem::take(items);
        for mut item in old {
            let key = (Kind::Item, Pos::of(item.span().start()));
            if self.plan.delete.contains(&key) {
                continue;
            }
            if let (Some(def_site), Item::Macro(m)) = (self.plan.expand.get(&key), &item) {
                match expand_items(self.macros, &m.mac, *def_site) {
                    Ok(expanded) => items.extend(expanded),
                    Err(e) => {
                        self.error =
                            Some(format!("cannot write out `{}`: {}", item_label(&item), e.0))
                    }
                }
                continue;
            }
            if let Item::Enum(e) = &item {
                if self.plan.inhabit.contains(&key) {
                    items.push(super::uninhabited::alias(e));
                    continue;
                }
            }
            if let Item::Use(u) = &mut item {
                match self.keep_leaves(&u.tree) {
                    Some(tree) => u.tree = tree,
                    None => continue,
                }
            }
            items.push(item);
        }
    }

    /// `tree` without the deleted leaves; `None` if none is left.
    fn keep_leaves(&self, tree: &UseTree) -> Option<UseTree> {
        match tree {
            UseTree::Group(g) => {
                let kept: Vec<UseTree> =
                    g.items.iter().filter_map(|t| self.keep_leaves(t)).collect();
                // `cell::{UnsafeCell}` reads back as `cell::UnsafeCell`, which
                // prettyplease lays out otherwise: one leaf left is written
                // bare (but `{self}`, which only a group may hold).
                let self_leaf = |t: &UseTree| match t {
                    UseTree::Name(n) => n.ident == "self",
                    UseTree::Rename(r) => r.ident == "self",
                    _ => false,
                };
                match kept.as_slice() {
                    [] => None,
                    [one] if !self_leaf(one) => Some(one.clone()),
                    _ => {
                        let mut g = g.clone();
                        g.items = kept.into_iter().collect();
                        Some(UseTree::Group(g))
                    }
                }
            }
            UseTree::Path(p) if has_group(&p.tree) => {
                let inner = self.keep_leaves(&p.tree)?;
                let mut p = p.clone();
                p.tree = Box::new(inner);
                Some(UseTree::Path(p))
            }
            leaf => (!self.gone(Kind::UseLeaf, leaf.span())).then(|| leaf.clone()),
        }
    }
}

impl Editor<'_> {
    /// `stream` with the plan's arguments inside macro calls made `()`.
    fn edit_tokens(&mut self, stream: TokenStream) -> TokenStream {
        let tokens: Vec<TokenTree> = stream.into_iter().collect();
        let mut out: Vec<TokenTree> = Vec::new();
        let mut k = 0;
        while k < tokens.len() {
            let start = Pos::of(tokens[k].span().start());
            if let Some(range) = self.plan.token_units.iter().find(|r| r.start == start) {
                let end = k + tokens[k..]
                    .iter()
                    .take_while(|t| Pos::of(t.span().end()) <= range.end)
                    .count();
                out.extend(unit_tokens(tokens[k..end].iter().cloned().collect()));
                self.applied += 1;
                k = end;
                continue;
            }
            out.push(match &tokens[k] {
                TokenTree::Group(g) => {
                    let mut group = Group::new(g.delimiter(), self.edit_tokens(g.stream()));
                    group.set_span(g.span());
                    TokenTree::Group(group)
                }
                other => other.clone(),
            });
            k += 1;
        }
        out.into_iter().collect()
    }
}

/// An integer literal expression of `value` (`2`, `-1`).
fn literal(value: i128) -> syn::Expr {
    let lit = syn::LitInt::new(
        &value.unsigned_abs().to_string(),
        proc_macro2::Span::call_site(),
    );
    match value < 0 {
        true => syn::parse_quote!(-#lit),
        false => syn::parse_quote!(#lit),
    }
}

/// Takes `name` out of the `#[derive(…)]`s in `attrs`; a derive left
/// empty goes.
fn drop_derive(attrs: &mut Vec<syn::Attribute>, name: &str) {
    attrs.retain_mut(|attr| {
        if !attr.path().is_ident("derive") {
            return true;
        }
        let Ok(paths) = attr.parse_args_with(
            syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
        ) else {
            return true;
        };
        let kept: syn::punctuated::Punctuated<syn::Path, syn::Token![,]> = paths
            .iter()
            .filter(|p| p.segments.last().is_none_or(|s| s.ident != name))
            .cloned()
            .collect();
        if kept.len() == paths.len() {
            return true;
        }
        *attr = syn::parse_quote!(#[derive(#kept)]);
        !kept.is_empty()
    });
}

/// `file` with derive `name` taken from the structs and enums of `types`
/// (the copy [`super::decide_debug`] checks).
pub(super) fn underive(
    file: &mut syn::File,
    types: &std::collections::BTreeSet<String>,
    name: &str,
) {
    struct Underive<'a>(&'a std::collections::BTreeSet<String>, &'a str);
    impl VisitMut for Underive<'_> {
        fn visit_item_struct_mut(&mut self, s: &mut syn::ItemStruct) {
            if self.0.contains(&s.ident.to_string()) {
                drop_derive(&mut s.attrs, self.1);
            }
            syn::visit_mut::visit_item_struct_mut(self, s);
        }
        fn visit_item_enum_mut(&mut self, e: &mut syn::ItemEnum) {
            if self.0.contains(&e.ident.to_string()) {
                drop_derive(&mut e.attrs, self.1);
            }
            syn::visit_mut::visit_item_enum_mut(self, e);
        }
    }
    Underive(types, name).visit_file_mut(file);
}

/// `()` in place of the expression `run`, which is still evaluated if it
/// may have side effects.
fn unit_tokens(run: TokenStream) -> TokenStream {
    match syn::parse2::<syn::Expr>(run.clone()) {
        Ok(e) if is_pure(&e) => quote::quote!(()),
        _ => quote::quote!({ let _ = #run; }),
    }
}

impl Editor<'_> {
    /// Rewrites `expr` if it is a `matches!` call naming a deleted variant:
    /// the pattern without the alternatives naming it, or `false` (the
    /// value still computed) where none is left. True if it was one.
    fn never_matching(&mut self, expr: &mut syn::Expr) -> bool {
        let syn::Expr::Macro(call) = expr else {
            return false;
        };
        let key = (Kind::Matches, Pos::of(call.span().start()));
        let Some(at) = self.plan.never_match.get(&key) else {
            return false;
        };
        let arguments = |input: syn::parse::ParseStream| {
            let value: syn::Expr = input.parse()?;
            input.parse::<syn::Token![,]>()?;
            let pattern = syn::Pat::parse_multi_with_leading_vert(input)?;
            let guard: Option<TokenStream> = match input.peek(syn::Token![if]) {
                true => Some(input.parse()?),
                false => None,
            };
            Ok((value, pattern, guard))
        };
        let parsed = syn::parse::Parser::parse2(arguments, call.mac.tokens.clone());
        let Ok((value, pattern, guard)) = parsed else {
            self.error = Some("a `matches!` call naming a deleted variant does not parse".into());
            return true;
        };
        let names = |p: &syn::Pat| {
            at.iter()
                .any(|r| crate::rustc::Range::of(p.span()).contains(r))
        };
        let cases: Vec<syn::Pat> = match pattern {
            syn::Pat::Or(or) => or.cases.into_iter().collect(),
            single => vec![single],
        };
        let left: Vec<syn::Pat> = cases.into_iter().filter(|c| !names(c)).collect();
        let path = &call.mac.path;
        *expr = match left.is_empty() {
            true => syn::parse_quote!({ let _ = #value; false }),
            false => syn::parse_quote!(#path!(#value, #(#left)|* #guard)),
        };
        self.rematched += 1;
        true
    }
}

impl Editor<'_> {
    /// `match rank_dir {}` as `match *rank_dir {}` where the plan says the
    /// emptied match sees its enum through references.
    fn through_references(&mut self, m: &mut syn::ExprMatch) {
        let depth = self.plan.deref.get(&crate::rustc::Range::of(m.expr.span()));
        let Some(&depth) = depth.filter(|_| m.arms.is_empty()) else {
            return;
        };
        let mut scrutinee = (*m.expr).clone();
        if !matches!(
            scrutinee,
            syn::Expr::Path(_) | syn::Expr::Field(_) | syn::Expr::MethodCall(_)
        ) {
            scrutinee = syn::parse_quote!((#scrutinee));
        }
        for _ in 0..depth {
            scrutinee = syn::parse_quote!(*#scrutinee);
        }
        *m.expr = scrutinee;
        self.dereffed += 1;
    }
}

impl VisitMut for Editor<'_> {
    fn visit_expr_mut(&mut self, expr: &mut syn::Expr) {
        if !self.never_matching(expr) {
            syn::visit_mut::visit_expr_mut(self, expr);
        }
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        if !self.plan.token_units.is_empty() {
            mac.tokens = self.edit_tokens(std::mem::take(&mut mac.tokens));
        }
    }

    fn visit_file_mut(&mut self, file: &mut syn::File) {
        self.items(&mut file.items);
        syn::visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            self.items(items);
        }
        self.module.push(module.ident.to_string());
        syn::visit_mut::visit_item_mod_mut(self, module);
        self.module.pop();
    }

    fn visit_item_impl_mut(&mut self, imp: &mut syn::ItemImpl) {
        self.self_ty.push(phantom::last_segment(&imp.self_ty));
        self.impl_members(imp);
        self.self_ty.pop();
    }

    fn visit_fields_named_mut(&mut self, fields: &mut syn::FieldsNamed) {
        fields.named = std::mem::take(&mut fields.named)
            .into_iter()
            .filter(|f| !self.gone(Kind::Field, f.span()))
            .map(|mut f| {
                if self
                    .plan
                    .phantom
                    .contains(&(Kind::Field, Pos::of(f.span().start())))
                {
                    let ty = &f.ty;
                    f.ty = syn::parse_quote!(core::marker::PhantomData<#ty>);
                }
                f
            })
            .collect();
        syn::visit_mut::visit_fields_named_mut(self, fields);
    }

    fn visit_item_trait_mut(&mut self, t: &mut syn::ItemTrait) {
        let old = std::mem::take(&mut t.items);
        t.items = old
            .into_iter()
            .filter(|m| !self.gone(Kind::TraitItem, m.span()))
            .collect();
        syn::visit_mut::visit_item_trait_mut(self, t);
    }

    fn visit_fields_unnamed_mut(&mut self, fields: &mut syn::FieldsUnnamed) {
        fields.unnamed = std::mem::take(&mut fields.unnamed)
            .into_iter()
            .map(|mut f| {
                if self.unit(Kind::Field, f.span()) {
                    f.ty = syn::parse_quote!(());
                }
                f
            })
            .collect();
        syn::visit_mut::visit_fields_unnamed_mut(self, fields);
    }

    fn visit_expr_call_mut(&mut self, call: &mut syn::ExprCall) {
        call.args = std::mem::take(&mut call.args)
            .into_iter()
            .map(|a| match self.unit(Kind::Arg, a.span()) {
                false => a,
                true if is_pure(&a) => syn::parse_quote!(()),
                // Evaluated still, for its side effects.
                true => syn::parse_quote!({ let _ = #a; }),
            })
            .collect();
        syn::visit_mut::visit_expr_call_mut(self, call);
    }

    fn visit_item_enum_mut(&mut self, e: &mut syn::ItemEnum) {
        let unit_only = e.variants.iter().all(|v| v.fields.is_empty());
        let mut next = Some(0i128);
        let mut skipped = false;
        e.variants = std::mem::take(&mut e.variants)
            .into_iter()
            .filter_map(|mut v| {
                let value = match &v.discriminant {
                    Some((_, d)) => discriminant(d),
                    None => next,
                };
                next = value.and_then(|n| n.checked_add(1));
                if self.gone(Kind::Variant, v.span()) {
                    skipped = true;
                    return None;
                }
                // Where `as` reads it, a unit variant's discriminant is its
                // place among the variants: one deleted before it would
                // change it, so it is written out (`L = 2`). The guard keeps
                // every variant of an enum whose values are not literals.
                if unit_only && skipped && v.discriminant.is_none() {
                    let value = value.expect("literal discriminants (guard.rs)");
                    v.discriminant = Some((Default::default(), literal(value)));
                }
                Some(v)
            })
            .collect();
        if self.plan.underive.contains(&e.ident.to_string()) {
            drop_derive(&mut e.attrs, "Debug");
        }
        syn::visit_mut::visit_item_enum_mut(self, e);
    }

    fn visit_item_struct_mut(&mut self, s: &mut syn::ItemStruct) {
        if self.plan.underive.contains(&s.ident.to_string()) {
            drop_derive(&mut s.attrs, "Debug");
        }
        syn::visit_mut::visit_item_struct_mut(self, s);
    }

    fn visit_local_mut(&mut self, local: &mut syn::Local) {
        if self
            .plan
            .silence
            .contains(&(Kind::Stmt, Pos::of(local.span().start())))
        {
            if let syn::Pat::Ident(p) = &mut local.pat {
                p.ident = syn::Ident::new(&format!("_{}", p.ident), p.ident.span());
            }
        }
        syn::visit_mut::visit_local_mut(self, local);
    }

    fn visit_expr_match_mut(&mut self, m: &mut syn::ExprMatch) {
        self.through_references(m);
        let had_arms = !m.arms.is_empty();
        m.arms.retain(|arm| !self.gone(Kind::Arm, arm.span()));
        if had_arms && m.arms.is_empty() {
            self.emptied.insert(Pos::of(m.span().start()));
        }
        syn::visit_mut::visit_expr_match_mut(self, m);
    }

    fn visit_expr_struct_mut(&mut self, s: &mut syn::ExprStruct) {
        let phantoms = match self.plan.phantoms.is_empty() {
            true => None,
            false => (self.plan.phantoms).built(&self.module, &s.path, self.self_ty.last()),
        };
        s.fields = std::mem::take(&mut s.fields)
            .into_iter()
            .filter(|f| !self.gone(Kind::FieldValue, f.span()))
            .map(|mut f| {
                if phantoms
                    .is_some_and(|p| p.iter().any(|field| phantom::member_is(&f.member, field)))
                {
                    f.expr = syn::parse_quote!(core::marker::PhantomData);
                    f.colon_token = Some(Default::default());
                }
                f
            })
            .collect();
        syn::visit_mut::visit_expr_struct_mut(self, s);
    }

    fn visit_pat_struct_mut(&mut self, p: &mut syn::PatStruct) {
        p.fields = std::mem::take(&mut p.fields)
            .into_iter()
            .filter(|f| !self.gone(Kind::FieldPat, f.span()))
            .collect();
        syn::visit_mut::visit_pat_struct_mut(self, p);
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        let old = std::mem::take(&mut block.stmts);
        for stmt in old {
            if self.gone(Kind::Stmt, stmt.span()) {
                continue;
            }
            if let Stmt::Item(item) = stmt {
                let mut one = vec![item];
                self.items(&mut one);
                block.stmts.extend(one.into_iter().map(Stmt::Item));
                continue;
            }
            block.stmts.push(stmt);
        }
        syn::visit_mut::visit_block_mut(self, block);
        self.end_at_emptied_match(block);
    }
}
