//! A never-read field that alone uses a parameter of its struct becomes
//! `PhantomData`.
//!
//! hashbrown's `OccupiedEntry<'a, K, V, S, A>` keeps `table: &'a mut
//! HashMap<K, V, S, A>` for methods a bin rarely calls; once they are
//! gone nothing reads it, but deleting it would leave `'a`, `S` and `A`
//! unused (E0392), so the guard keeps it, and rustc warns that it is never
//! read. As `table: PhantomData<&'a mut HashMap<K, V, S, A>>`, given
//! `PhantomData` where the struct is built, it uses the same parameters
//! with the same variance, and rustc has nothing to say.
//!
//! Only where nothing can tell: the field's type is a reference (no drop
//! to move), every value given for it is free of effects (`table: self`),
//! and the struct is found by its name with that field. A derived `Debug`
//! would print the marker, but a type whose `Debug` the program uses keeps
//! every field for that reason first (`guard.rs`), and is no candidate.

use std::collections::{BTreeMap, BTreeSet};

use syn::visit::Visit;

use super::index::is_pure;

/// The fields that become `PhantomData`, by their struct's name.
pub(super) type Phantoms = BTreeMap<String, BTreeSet<String>>;

/// Whether field `field` of struct `name` in `file` can become
/// `PhantomData`: its type is a reference, and every value a struct
/// literal gives it is pure.
pub(super) fn possible(file: &syn::File, name: &str, field: &str) -> bool {
    let mut check = Check {
        name,
        field,
        found: false,
        impure: false,
        self_ty: Vec::new(),
    };
    check.visit_file(file);
    check.found && !check.impure
}

struct Check<'n> {
    name: &'n str,
    field: &'n str,
    /// A struct of that name whose field of that name is a reference.
    found: bool,
    /// A value given for the field that may have effects.
    impure: bool,
    /// The last segment of the self type of each `impl` around.
    self_ty: Vec<String>,
}

impl<'ast> Visit<'ast> for Check<'_> {
    fn visit_item_struct(&mut self, s: &'ast syn::ItemStruct) {
        if s.ident == self.name {
            let field = s
                .fields
                .iter()
                .find(|f| f.ident.as_ref().is_some_and(|i| i == self.field));
            self.found |= field.is_some_and(|f| matches!(f.ty, syn::Type::Reference(_)));
        }
        syn::visit::visit_item_struct(self, s);
    }

    fn visit_item_impl(&mut self, imp: &'ast syn::ItemImpl) {
        self.self_ty.push(last_segment(&imp.self_ty));
        syn::visit::visit_item_impl(self, imp);
        self.self_ty.pop();
    }

    fn visit_expr_struct(&mut self, e: &'ast syn::ExprStruct) {
        if builds(&e.path, self.self_ty.last(), self.name) {
            let value = e.fields.iter().find(|f| member_is(&f.member, self.field));
            self.impure |= value.is_some_and(|f| !is_pure(&f.expr));
        }
        syn::visit::visit_expr_struct(self, e);
    }
}

/// Whether a struct literal of `path`, inside an impl for `self_ty`,
/// builds struct `name`.
pub(super) fn builds(path: &syn::Path, self_ty: Option<&String>, name: &str) -> bool {
    match path.segments.last() {
        Some(last) if last.ident == "Self" => self_ty.is_some_and(|t| t == name),
        Some(last) => last.ident == name,
        None => false,
    }
}

pub(super) fn member_is(member: &syn::Member, field: &str) -> bool {
    matches!(member, syn::Member::Named(i) if i == field)
}

/// The last segment of a type's path (`OccupiedEntry` of
/// `OccupiedEntry<'_, K, V>`), or its tokens.
pub(super) fn last_segment(ty: &syn::Type) -> String {
    match ty {
        syn::Type::Path(p) => p
            .path
            .segments
            .last()
            .map_or_else(String::new, |s| s.ident.to_string()),
        other => quote::ToTokens::to_token_stream(other).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_reference_given_pure_values_can_become_phantom() {
        let base = "pub struct Entry<'a, M> { elem: u32, table: &'a mut M, count: Vec<&'a M> }";
        let cases = [
            ("impl<'a, M> Entry<'a, M> { fn f(m: &'a mut M) -> Self { Self { elem: 1, table: m, count: Vec::new() } } }", "table", true),
            ("fn g<'a, M>(m: &'a mut M) -> Entry<'a, M> { Entry { elem: 1, table: pick(m), count: Vec::new() } }", "table", false),
            ("impl<'a, M> Other<'a, M> { fn f(m: &'a mut M) -> Self { Self { table: pick(m) } } }", "table", true),
            ("", "count", false),
            ("", "missing", false),
        ];
        for (more, field, want) in cases {
            let file = syn::parse_file(&format!("{base}\n{more}")).unwrap();
            assert_eq!(possible(&file, "Entry", field), want, "{more} {field}");
        }
    }
}
