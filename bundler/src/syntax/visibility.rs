//! The bundle's visibilities while rustc judges it: narrowed so that it
//! reports unused items (a binary crate never reports a `pub` one), then
//! widened back.

use syn::visit_mut::VisitMut;
use syn::Item;

use super::flatten_use;

/// Whether a visibility is `pub(in crate)`, the form [`narrow`] gives to an
/// original `pub(crate)`.
fn is_in_crate(vis: &syn::VisRestricted) -> bool {
    vis.in_token.is_some() && vis.path.is_ident("crate")
}

/// Makes every `pub` `pub(crate)` (and every `pub(crate)` `pub(in crate)`,
/// which means the same), so that rustc reports unused items of the
/// bundle: in a binary crate it never reports a `pub` one. [`widen`] undoes
/// it exactly.
pub fn narrow(file: &mut syn::File) {
    struct Narrow;
    impl VisitMut for Narrow {
        fn visit_visibility_mut(&mut self, vis: &mut syn::Visibility) {
            match vis {
                syn::Visibility::Public(_) => *vis = syn::parse_quote!(pub(crate)),
                syn::Visibility::Restricted(r)
                    if r.in_token.is_none() && r.path.is_ident("crate") =>
                {
                    *vis = syn::parse_quote!(pub(in crate))
                }
                _ => {}
            }
        }
    }
    Narrow.visit_file_mut(file);
}

/// Undoes [`narrow`]. prettyplease prints `pub(in crate)` as `pub(crate)`,
/// so a text printed in between has lost what was `pub(crate)`; that only
/// matters for a `use` of a `macro_rules!` that is not exported (`pub(crate)
/// use m;`, which `pub` would make an error), and those stay `pub(crate)`.
pub fn widen(file: &mut syn::File) {
    struct Widen {
        local_macros: std::collections::BTreeSet<String>,
        private_root_modules: std::collections::BTreeSet<String>,
    }
    impl VisitMut for Widen {
        fn visit_item_use_mut(&mut self, u: &mut syn::ItemUse) {
            let mut flat = Vec::new();
            flatten_use(&u.tree, &mut Vec::new(), &mut flat);
            // A private module of the root (a mounted crate, re-exported
            // as pathfinding's `pub use num_traits;`) cannot be `pub`.
            let stays_narrow = flat.iter().any(|(path, _)| {
                let private_module = path.len() == 2
                    && path[0] == "crate"
                    && self.private_root_modules.contains(&path[1]);
                private_module
                    || path
                        .last()
                        .is_some_and(|name| self.local_macros.contains(name))
            });
            match &u.vis {
                syn::Visibility::Restricted(r) if stays_narrow && !is_in_crate(r) => {}
                _ => syn::visit_mut::visit_item_use_mut(self, u),
            }
        }
        fn visit_visibility_mut(&mut self, vis: &mut syn::Visibility) {
            match vis {
                syn::Visibility::Restricted(r) if is_in_crate(r) => {
                    *vis = syn::parse_quote!(pub(crate))
                }
                syn::Visibility::Restricted(r)
                    if r.in_token.is_none() && r.path.is_ident("crate") =>
                {
                    *vis = syn::parse_quote!(pub)
                }
                _ => {}
            }
        }
    }
    let private_root_modules = file
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Mod(m) if matches!(m.vis, syn::Visibility::Inherited) => {
                Some(m.ident.to_string())
            }
            _ => None,
        })
        .collect();
    Widen {
        local_macros: local_macros(file),
        private_root_modules,
    }
    .visit_file_mut(file);
}

/// The names of the `macro_rules!` of `file` that are not `#[macro_export]`.
fn local_macros(file: &syn::File) -> std::collections::BTreeSet<String> {
    struct Macros(std::collections::BTreeSet<String>);
    impl<'ast> syn::visit::Visit<'ast> for Macros {
        fn visit_item_macro(&mut self, m: &'ast syn::ItemMacro) {
            let exported = m.attrs.iter().any(|a| a.path().is_ident("macro_export"));
            if let (Some(ident), false) = (&m.ident, exported) {
                self.0.insert(ident.to_string());
            }
        }
    }
    let mut macros = Macros(Default::default());
    syn::visit::Visit::visit_file(&mut macros, file);
    macros.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::tests::rewrite;

    #[test]
    fn narrowing_is_undone_exactly() {
        let source = "pub fn a() {} pub(crate) fn b() {} pub(super) fn c() {} fn d() {}";
        let narrowed = rewrite(source, narrow);
        assert_eq!(
            narrowed,
            "pub (crate) fn a () { } pub (in crate) fn b () { } pub (super) fn c () { } fn d () { }"
        );
        let back = rewrite(source, |f| {
            narrow(f);
            widen(f);
        });
        assert_eq!(back, rewrite(source, |_| {}));
    }

    #[test]
    fn a_private_root_module_stays_crate_visible_when_widened() {
        // A mounted crate re-exported by another (mount.rs made it
        // `pub(crate)`): printed in between, it reads as `pub(crate)`.
        let source = "mod num_traits { pub trait Zero {} } \
                      mod lib { pub(crate) use crate::num_traits; pub(crate) use crate::num_traits::Zero; }";
        let widened = rewrite(source, widen);
        assert!(
            widened.contains("pub (crate) use crate :: num_traits ;"),
            "{widened}"
        );
        assert!(
            widened.contains("pub use crate :: num_traits :: Zero ;"),
            "{widened}"
        );
    }
}
