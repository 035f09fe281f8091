//! Applies a [`Plan`] to the tree it was made from: deletes its nodes
//! (and the `use` groups left empty) and writes out its macro invocations.

use syn::spanned::Spanned;
use syn::visit_mut::VisitMut;
use syn::{ImplItem, Item, Stmt, UseTree};

use super::index::{has_group, Kind};
use super::plan::Plan;
use crate::expand::{expand_impl_items, expand_items, Macros};
use crate::rustc::Pos;
use crate::syntax::item_label;

/// Applies a plan to the tree it was made from.
pub(super) struct Editor<'p> {
    pub(super) plan: &'p Plan,
    pub(super) macros: &'p Macros,
    pub(super) error: Option<String>,
}

impl Editor<'_> {
    fn gone(&self, kind: Kind, span: proc_macro2::Span) -> bool {
        self.plan.delete.contains(&(kind, Pos::of(span.start())))
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
                if kept.is_empty() {
                    return None;
                }
                let mut g = g.clone();
                g.items = kept.into_iter().collect();
                Some(UseTree::Group(g))
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

impl VisitMut for Editor<'_> {
    fn visit_file_mut(&mut self, file: &mut syn::File) {
        self.items(&mut file.items);
        syn::visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            self.items(items);
        }
        syn::visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_item_impl_mut(&mut self, imp: &mut syn::ItemImpl) {
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

    fn visit_item_trait_mut(&mut self, t: &mut syn::ItemTrait) {
        let old = std::mem::take(&mut t.items);
        t.items = old
            .into_iter()
            .filter(|m| !self.gone(Kind::TraitItem, m.span()))
            .collect();
        syn::visit_mut::visit_item_trait_mut(self, t);
    }

    fn visit_fields_named_mut(&mut self, fields: &mut syn::FieldsNamed) {
        fields.named = std::mem::take(&mut fields.named)
            .into_iter()
            .filter(|f| !self.gone(Kind::Field, f.span()))
            .collect();
        syn::visit_mut::visit_fields_named_mut(self, fields);
    }

    fn visit_item_enum_mut(&mut self, e: &mut syn::ItemEnum) {
        e.variants = std::mem::take(&mut e.variants)
            .into_iter()
            .filter(|v| !self.gone(Kind::Variant, v.span()))
            .collect();
        syn::visit_mut::visit_item_enum_mut(self, e);
    }

    fn visit_expr_match_mut(&mut self, m: &mut syn::ExprMatch) {
        m.arms.retain(|arm| !self.gone(Kind::Arm, arm.span()));
        syn::visit_mut::visit_expr_match_mut(self, m);
    }

    fn visit_expr_struct_mut(&mut self, s: &mut syn::ExprStruct) {
        s.fields = std::mem::take(&mut s.fields)
            .into_iter()
            .filter(|f| !self.gone(Kind::FieldValue, f.span()))
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
    }
}
