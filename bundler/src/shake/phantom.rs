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
//! and every literal that may build the struct is known to build it or
//! not: the struct of that name in the literal's module, or the only one
//! of that name (hashbrown has three `OccupiedEntry`, in `map`, `set` and
//! `table`, two with a `table` field, not always both unread). A derived `Debug`
//! would print the marker, but a type whose `Debug` the program uses keeps
//! every field for that reason first (`guard.rs`), and is no candidate.

use std::collections::{BTreeMap, BTreeSet};

use syn::visit::Visit;

use super::index::is_pure;

/// The fields that become `PhantomData`, by their struct's path
/// (`crate::hashbrown::map::OccupiedEntry`), and the structs of the file,
/// to tell which one a literal builds.
#[derive(Default)]
pub(super) struct Phantoms {
    pub(super) fields: BTreeMap<String, BTreeSet<String>>,
    pub(super) structs: Structs,
}

impl Phantoms {
    /// The fields of the struct a literal of `path` builds that become
    /// `PhantomData`.
    pub(super) fn built(
        &self,
        module: &[String],
        path: &syn::Path,
        self_ty: Option<&String>,
    ) -> Option<&BTreeSet<String>> {
        let built = self.structs.built(module, path, self_ty)?;
        self.fields.get(&built)
    }

    pub(super) fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }
}

/// The modules that define a struct of each name.
#[derive(Default)]
pub(super) struct Structs(BTreeMap<String, Vec<String>>);

impl Structs {
    pub(super) fn of(file: &syn::File) -> Structs {
        let mut finder = StructFinder::default();
        finder.module.push("crate".to_string());
        finder.visit_file(file);
        Structs(finder.found)
    }

    /// The path of the struct a literal of `path` builds, written in
    /// `module` (inside an impl for `self_ty`): the only struct of its
    /// name, or the one of `module` for a plain name, or the one a path
    /// from the crate's root or from `module` names. `None` when it
    /// cannot tell (hashbrown has three `OccupiedEntry`, two with a field
    /// `table`), or it is no struct of the file.
    pub(super) fn built(
        &self,
        module: &[String],
        path: &syn::Path,
        self_ty: Option<&String>,
    ) -> Option<String> {
        let last = path.segments.last()?.ident.to_string();
        let plain = path.segments.len() == 1;
        let name = match (last.as_str(), self_ty) {
            ("Self", Some(ty)) if plain => ty.clone(),
            ("Self", _) => return None,
            _ => last,
        };
        let modules = self.0.get(&name)?;
        let here = module.join("::");
        let written: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        // The module a path written from the crate's root or from here
        // names; a plain name is looked for here.
        let named = match written.split_last()? {
            (_, []) => here,
            (_, [first, rest @ ..]) if first == "crate" || first == "self" => {
                let base = if first == "crate" {
                    "crate"
                } else {
                    here.as_str()
                };
                std::iter::once(base.to_string())
                    .chain(rest.iter().cloned())
                    .collect::<Vec<_>>()
                    .join("::")
            }
            _ => String::new(),
        };
        let module = match modules.as_slice() {
            [only] => only,
            _ => modules.iter().find(|m| **m == named)?,
        };
        Some(format!("{module}::{name}"))
    }
}

#[derive(Default)]
struct StructFinder {
    module: Vec<String>,
    found: BTreeMap<String, Vec<String>>,
}

impl<'ast> Visit<'ast> for StructFinder {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        self.module.push(m.ident.to_string());
        syn::visit::visit_item_mod(self, m);
        self.module.pop();
    }

    fn visit_item_struct(&mut self, s: &'ast syn::ItemStruct) {
        let at = self.found.entry(s.ident.to_string()).or_default();
        at.push(self.module.join("::"));
        syn::visit::visit_item_struct(self, s);
    }
}

/// Whether field `field` of the struct at path `path` in `file` can
/// become `PhantomData`: its type is a reference, and every value a
/// struct literal gives it is pure; a literal that may build it, of which
/// it cannot be told whether it does, says no.
pub(super) fn possible(file: &syn::File, structs: &Structs, path: &str, field: &str) -> bool {
    let Some((module, name)) = path.rsplit_once("::") else {
        return false;
    };
    let mut check = Check {
        structs,
        path,
        module_of: module,
        name,
        field,
        found: false,
        impure: false,
        module: vec!["crate".to_string()],
        self_ty: Vec::new(),
    };
    check.visit_file(file);
    check.found && !check.impure
}

struct Check<'n> {
    structs: &'n Structs,
    /// The struct's path, its module and its name.
    path: &'n str,
    module_of: &'n str,
    name: &'n str,
    field: &'n str,
    /// A struct of that name whose field of that name is a reference.
    found: bool,
    /// A value given for the field that may have effects, or a literal
    /// that may build the struct.
    impure: bool,
    /// The module visited, from `crate`.
    module: Vec<String>,
    /// The last segment of the self type of each `impl` around.
    self_ty: Vec<String>,
}

impl<'ast> Visit<'ast> for Check<'_> {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        self.module.push(m.ident.to_string());
        syn::visit::visit_item_mod(self, m);
        self.module.pop();
    }

    fn visit_item_struct(&mut self, s: &'ast syn::ItemStruct) {
        if s.ident == self.name && self.module.join("::") == self.module_of {
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
        let self_ty = self.self_ty.last();
        match self.structs.built(&self.module, &e.path, self_ty) {
            Some(built) if built == self.path => {
                let value = e.fields.iter().find(|f| member_is(&f.member, self.field));
                self.impure |= value.is_some_and(|f| !is_pure(&f.expr));
            }
            Some(_) => {}
            None => self.impure |= builds(&e.path, self_ty, self.name),
        }
        syn::visit::visit_expr_struct(self, e);
    }
}

/// Whether a struct literal of `path`, inside an impl for `self_ty`,
/// has the name `name`.
fn builds(path: &syn::Path, self_ty: Option<&String>, name: &str) -> bool {
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
            let structs = Structs::of(&file);
            assert_eq!(
                possible(&file, &structs, "crate::Entry", field),
                want,
                "{more} {field}"
            );
        }
    }

    #[test]
    fn a_literal_builds_the_struct_of_its_module_or_the_only_one_of_its_name() {
        let file = syn::parse_file(
            "mod a { pub struct E<'t> { table: &'t mut u8 } fn f(x: &mut u8) -> E<'_> { E { table: x } } }
             mod b { pub struct E<'t> { table: &'t mut u8 } }
             mod c { use crate::b::E; fn g(x: &mut u8) -> E<'_> { E { table: x } } }
             mod d { pub struct F<'t> { table: &'t mut u8 } }
             mod e { fn h(x: &mut u8) -> crate::d::F<'_> { crate::d::F { table: x } } }",
        )
        .unwrap();
        let structs = Structs::of(&file);
        // `c`'s literal may build `b::E` or `a::E`: neither can change.
        assert!(!possible(&file, &structs, "crate::a::E", "table"));
        assert!(!possible(&file, &structs, "crate::b::E", "table"));
        assert!(possible(&file, &structs, "crate::d::F", "table"));
        let path: syn::Path = syn::parse_str("E").unwrap();
        let a = ["crate".to_string(), "a".to_string()];
        assert_eq!(
            structs.built(&a, &path, None).as_deref(),
            Some("crate::a::E")
        );
        let path: syn::Path = syn::parse_str("crate::b::E").unwrap();
        assert_eq!(
            structs.built(&a, &path, None).as_deref(),
            Some("crate::b::E")
        );
    }
}
