//! Pass 2: the library's names. What each module binds (its items, its
//! child modules, the names its `use` items import, including groups, globs
//! and renames), and what a path means seen from a module: `crate::`,
//! `super::`, `self::`, `Self::`, a bound name, or another crate.
//!
//! ```text
//! use crate::dlx::{self, bitset::Solver as Fast};   // two leaves: dlx, Fast
//! Fast::new(&p)   // resolves through the leaf `Fast` to dlx::bitset::Solver,
//!                 // with `new` left over as an associated name
//! ```

use std::collections::{BTreeMap, BTreeSet};

use syn::spanned::Spanned;
use syn::Item;

use crate::discover::{Crate, ItemId, ModuleId};
use crate::error::Place;
use crate::syntax::flatten_use;
use crate::syntax::{is_std, item_label, item_name, line_of};

/// One name bound by a `use` item (a glob binds every name of its target).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LeafId(pub usize);

/// A leaf of a `use` tree.
#[derive(Clone, Debug)]
pub struct UseLeaf {
    /// The `use` item it belongs to.
    pub item: ItemId,
    /// The imported path, e.g. `["crate", "dlx", "Solver"]`.
    pub segments: Vec<String>,
    pub line: usize,
}

/// What a path can lead to.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Target {
    Module(ModuleId),
    Item(ItemId),
    /// std, core or alloc.
    Std,
    /// Another crate, by name: a judge does not have it.
    Crate(String),
}

/// What a module binds to a name.
#[derive(Clone, Copy, Debug)]
enum Binding {
    Item(usize),
    Child(ModuleId),
    Leaf(LeafId),
}

/// What a path names: its final targets, and the items passed on the way
/// with the associated name after each (`Type::name` passes `Type`).
#[derive(Debug, Default)]
pub struct Resolved {
    pub targets: Vec<Target>,
    pub assoc: Vec<(ItemId, String)>,
    /// The modules where a segment named nothing this reading found (an
    /// item a macro call writes): the path is lost there.
    pub lost_in: Vec<ModuleId>,
}

impl Resolved {
    /// Every library item the path names, final or passed.
    pub fn items(&self) -> impl Iterator<Item = ItemId> + '_ {
        self.targets
            .iter()
            .filter_map(|t| match t {
                Target::Item(item) => Some(*item),
                _ => None,
            })
            .chain(self.assoc.iter().map(|(item, _)| *item))
    }
}

/// The names of the whole library.
pub struct Names<'a> {
    pub krate: &'a Crate,
    pub leaves: Vec<UseLeaf>,
    /// The leaves of each `use` item, in tree order.
    pub leaf_ids: BTreeMap<ItemId, Vec<LeafId>>,
    names: Vec<BTreeMap<String, Vec<Binding>>>,
    globs: Vec<Vec<LeafId>>,
    /// `macro_rules!` definitions by name.
    pub macros: BTreeMap<String, Vec<ItemId>>,
    pub impls: Vec<ItemId>,
}

const PRIMITIVES: &[&str] = &[
    "bool", "char", "str", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64",
    "i128", "isize", "f32", "f64",
];

impl<'a> Names<'a> {
    /// Indexes the names every module binds.
    pub fn new(krate: &'a Crate) -> Names<'a> {
        let mut names = Names {
            krate,
            leaves: Vec::new(),
            leaf_ids: BTreeMap::new(),
            names: vec![BTreeMap::new(); krate.modules.len()],
            globs: vec![Vec::new(); krate.modules.len()],
            macros: BTreeMap::new(),
            impls: Vec::new(),
        };
        for id in krate.item_ids() {
            let m = id.module.0;
            let item = krate.item(id);
            match item {
                Item::Use(u) => names.add_use(id, u),
                Item::Impl(_) => names.impls.push(id),
                // Macros live in a namespace of their own, and are bound in
                // their module too, for `pub(crate) use name;` and
                // `crate::module::name!` (a path names a macro that way).
                Item::Macro(mac) => {
                    if let Some(ident) = &mac.ident {
                        names.macros.entry(ident.to_string()).or_default().push(id);
                        let binding = Binding::Item(id.index);
                        names.names[m]
                            .entry(ident.to_string())
                            .or_default()
                            .push(binding);
                    }
                }
                _ => {
                    if let Some(name) = item_name(item) {
                        let binding = match krate.get(id.module).children.get(&id.index) {
                            Some(&child) => Binding::Child(child),
                            None => Binding::Item(id.index),
                        };
                        names.names[m].entry(name).or_default().push(binding);
                    }
                }
            }
        }
        names
    }

    /// Indexes the leaves of `use` item `u`, item `id`.
    fn add_use(&mut self, id: ItemId, u: &syn::ItemUse) {
        let m = id.module.0;
        let mut flat = Vec::new();
        flatten_use(&u.tree, &mut Vec::new(), &mut flat);
        let line = line_of(u.span());
        let mut ids = Vec::new();
        for (segments, name) in flat {
            let leaf = LeafId(self.leaves.len());
            match &name {
                Some(n) => self.names[m]
                    .entry(n.clone())
                    .or_default()
                    .push(Binding::Leaf(leaf)),
                None => self.globs[m].push(leaf),
            }
            self.leaves.push(UseLeaf {
                item: id,
                segments,
                line,
            });
            ids.push(leaf);
        }
        self.leaf_ids.insert(id, ids);
    }

    /// `file:line` in module `m`.
    pub fn place(&self, m: ModuleId, line: usize) -> Place {
        Place {
            file: self.krate.get(m).file.clone(),
            line,
            column: None,
        }
    }

    /// What `name` means in module `m`; records the `use` leaves used.
    fn lookup(
        &self,
        m: ModuleId,
        name: &str,
        prefix: bool,
        used: &mut BTreeSet<LeafId>,
        depth: usize,
    ) -> Vec<Target> {
        let mut found = Vec::new();
        if depth > 32 {
            return found;
        }
        if let Some(bindings) = self.names[m.0].get(name) {
            for binding in bindings {
                match *binding {
                    Binding::Item(index) => found.push(Target::Item(ItemId { module: m, index })),
                    Binding::Child(c) => found.push(Target::Module(c)),
                    // A leaf being resolved cannot name itself: `pub use
                    // conv::conv;` beside `mod conv` means the module.
                    Binding::Leaf(l) if used.contains(&l) => {}
                    Binding::Leaf(l) => found.extend(self.through_leaf(l, prefix, used, depth)),
                }
            }
        }
        // A module and a function may share a name, one bound by name and
        // the other by a glob (itertools' `adaptors::coalesce`): a name that
        // only found modules looks through the globs too, for items, at the
        // first level only (globs that lead to globs would multiply).
        let only_modules = found.iter().all(|t| matches!(t, Target::Module(_)));
        if found.is_empty() || (only_modules && depth == 0) {
            let modules_found = !found.is_empty();
            for &g in &self.globs[m.0] {
                let mut through = BTreeSet::new();
                let mut here = Vec::new();
                for target in self.resolve_leaf(g, &mut through, depth + 1) {
                    match target {
                        Target::Module(t) => here.extend(
                            self.lookup(t, name, prefix, &mut through, depth + 1)
                                .into_iter()
                                .filter(|t| !modules_found || matches!(t, Target::Item(_))),
                        ),
                        Target::Item(item) if self.has_variant(item, name) => here.push(target),
                        _ => {}
                    }
                }
                if !here.is_empty() {
                    used.insert(g);
                    used.extend(through);
                    found.extend(here);
                }
            }
        }
        found
    }

    /// What leaf `l` brings, marked used (with the leaves it goes through)
    /// if it brings anything. With `prefix`, a path goes on past the name:
    /// only a module, a crate or a type is meant (`use num_traits::cast::
    /// cast;`, a fn, beside `mod cast` is not used by `cast::NumCast`). A
    /// leaf that resolves to nothing known stays used.
    fn through_leaf(
        &self,
        l: LeafId,
        prefix: bool,
        used: &mut BTreeSet<LeafId>,
        depth: usize,
    ) -> Vec<Target> {
        let mut through = BTreeSet::new();
        through.insert(l);
        let mut targets = self.resolve_leaf(l, &mut through, depth + 1);
        let known = !targets.is_empty();
        if prefix {
            targets.retain(|t| self.passes(t));
        }
        if !targets.is_empty() || !known {
            used.extend(through);
        }
        targets
    }

    /// Whether item `item` (a trait, say) is in scope in module `m` under
    /// its own name or as `_`: defined there, imported, or reached by a
    /// glob; the `use` leaves that bring it in are added to `used`.
    pub fn in_scope(&self, m: ModuleId, item: ItemId, used: &mut BTreeSet<LeafId>) -> bool {
        if item.module == m {
            return true;
        }
        let Some(name) = item_name(self.krate.item(item)) else {
            return false;
        };
        let mut through = BTreeSet::new();
        if self
            .lookup(m, &name, false, &mut through, 0)
            .contains(&Target::Item(item))
        {
            used.extend(through);
            return true;
        }
        let underscores = self.names[m.0].get("_").into_iter().flatten();
        for b in underscores {
            if let Binding::Leaf(l) = *b {
                let mut through = BTreeSet::from([l]);
                if self
                    .resolve_leaf(l, &mut through, 0)
                    .contains(&Target::Item(item))
                {
                    used.extend(through);
                    return true;
                }
            }
        }
        false
    }

    fn has_variant(&self, item: ItemId, name: &str) -> bool {
        match self.krate.item(item) {
            Item::Enum(e) => e.variants.iter().any(|v| v.ident == name),
            _ => false,
        }
    }

    /// What leaf `l` imports: an item or module, or an enum when it
    /// imports one of its variants.
    pub fn resolve_leaf(
        &self,
        l: LeafId,
        used: &mut BTreeSet<LeafId>,
        depth: usize,
    ) -> Vec<Target> {
        let leaf = &self.leaves[l.0];
        used.insert(l);
        let resolved = self.resolve(leaf.item.module, &leaf.segments, &[], used, depth, true);
        let mut targets = resolved.targets;
        let last = leaf.segments.last().map(String::as_str);
        for (item, name) in &resolved.assoc {
            if Some(name.as_str()) == last && self.has_variant(*item, name) {
                targets.push(Target::Item(*item));
            }
        }
        targets
    }

    /// What `segments` mean seen from module `m`. `Self` stands for
    /// `self_types`. With `strict`, a first segment that names nothing and
    /// can only be a crate gives [`Target::Crate`]; otherwise (macro tokens,
    /// which may be anything) it gives nothing.
    pub fn resolve(
        &self,
        m: ModuleId,
        segments: &[String],
        self_types: &[ItemId],
        used: &mut BTreeSet<LeafId>,
        depth: usize,
        strict: bool,
    ) -> Resolved {
        let mut resolved = Resolved::default();
        if segments.is_empty() {
            return resolved;
        }
        let mut current = self.start(m, segments, self_types, used, depth, strict);
        for (k, segment) in segments[1..].iter().enumerate() {
            let mut next = Vec::new();
            resolved.lost_in.clear();
            for target in current {
                match target {
                    Target::Module(t) => match segment.as_str() {
                        "super" => next.push(Target::Module(self.parent(t))),
                        "self" => next.push(Target::Module(t)),
                        _ => {
                            let before = next.len();
                            let more = k + 2 < segments.len();
                            next.extend(self.lookup(t, segment, more, used, depth));
                            if next.len() == before {
                                resolved.lost_in.push(t);
                            }
                        }
                    },
                    // Only a type or trait has names under it: a macro
                    // or a fn sharing a module's name (`use
                    // lazy_static::lazy_static;` beside the mounted crate)
                    // is not what `lazy_static::Lazy` passes through.
                    Target::Item(item) if self.has_assoc_names(item) => {
                        resolved.assoc.push((item, segment.clone()))
                    }
                    // `self::std::cell::Cell` past lazy_static's `extern
                    // crate std;`: the item is used, and the path is std's.
                    Target::Item(item) if self.is_extern_crate(item) => {
                        resolved.assoc.push((item, segment.clone()));
                        next.push(Target::Std);
                    }
                    Target::Item(_) => {}
                    other => next.push(other),
                }
            }
            current = next;
            if current.is_empty() {
                break;
            }
        }
        if !current.is_empty() {
            resolved.lost_in.clear();
        }
        resolved.targets.extend(current);
        resolved
    }

    /// Whether `item` is an `extern crate` (of std's: mount.rs writes
    /// another crate's away).
    fn is_extern_crate(&self, item: ItemId) -> bool {
        matches!(self.krate.item(item), Item::ExternCrate(_))
    }

    /// Whether a path may go on past `target`.
    fn passes(&self, target: &Target) -> bool {
        match *target {
            Target::Item(item) => self.has_assoc_names(item) || self.is_extern_crate(item),
            Target::Module(_) | Target::Std | Target::Crate(_) => true,
        }
    }

    /// Whether a path may go on past item `item`: `Type::new`,
    /// `Trait::CONST`, `Enum::Variant`.
    fn has_assoc_names(&self, item: ItemId) -> bool {
        matches!(
            self.krate.item(item),
            Item::Struct(_) | Item::Enum(_) | Item::Union(_) | Item::Trait(_) | Item::Type(_)
        )
    }

    /// What the first segment of `segments` (not empty) means: see
    /// [`Names::resolve`]. A leading `::` names a crate by the second.
    fn start(
        &self,
        m: ModuleId,
        segments: &[String],
        self_types: &[ItemId],
        used: &mut BTreeSet<LeafId>,
        depth: usize,
        strict: bool,
    ) -> Vec<Target> {
        let first = &segments[0];
        match first.as_str() {
            "crate" => vec![Target::Module(ModuleId::ROOT)],
            "self" => vec![Target::Module(m)],
            "super" => vec![Target::Module(self.parent(m))],
            "Self" => self_types.iter().map(|&i| Target::Item(i)).collect(),
            "::" => {
                let name = segments.get(1).cloned().unwrap_or_default();
                vec![if is_std(&name) {
                    Target::Std
                } else {
                    Target::Crate(name)
                }]
            }
            // A function imported under a crate's name shadows the extern
            // prelude where the name stands alone: hashbrown's `use
            // crate::alloc::alloc::{alloc, …}` makes `alloc(layout)` the
            // function. (Looked up only then: a lookup on every `std::`
            // path multiplies through the globs.)
            name if is_std(name) && segments.len() > 1 => vec![Target::Std],
            name if is_std(name) => {
                let found = self.lookup(m, first, false, used, depth);
                if found.is_empty() {
                    vec![Target::Std]
                } else {
                    found
                }
            }
            _ => {
                let found = self.lookup(m, first, segments.len() > 1, used, depth);
                let crate_like = segments.len() > 1
                    && first.starts_with(|c: char| c.is_ascii_lowercase())
                    && !PRIMITIVES.contains(&first.as_str());
                if found.is_empty() && strict && crate_like {
                    vec![Target::Crate(first.clone())]
                } else {
                    found
                }
            }
        }
    }

    fn parent(&self, m: ModuleId) -> ModuleId {
        self.krate.get(m).parent.unwrap_or(ModuleId::ROOT)
    }

    /// A readable name for an item, e.g. `crate::dlx::Solver` or
    /// `crate::dlx::<impl Display for Solver>`.
    pub fn item_path(&self, id: ItemId) -> String {
        let module = self.krate.module_name(id.module);
        match self.krate.item(id) {
            item @ Item::Impl(_) => format!("{module}::<{}>", item_label(item)),
            item => format!("{module}::{}", item_label(item)),
        }
    }

    /// The library items named in an `impl`'s header (its self type, and its
    /// trait with the trait's generic arguments); those that are not the
    /// library's (std, primitives, generic parameters) are left out.
    pub fn impl_header_items(&self, id: ItemId) -> Vec<ItemId> {
        let Item::Impl(imp) = self.krate.item(id) else {
            return Vec::new();
        };
        let mut collector = crate::refs::Collector::default();
        syn::visit::Visit::visit_type(&mut collector, &imp.self_ty);
        if let Some((_, path, _)) = &imp.trait_ {
            syn::visit::Visit::visit_path(&mut collector, path);
        }
        let mut out = self.named(id.module, &collector.refs.paths);
        // A header names types and traits, not a macro of the same name
        // (petgraph's `trait_template!` writes `macro_rules! EdgeIndexable`
        // beside `trait EdgeIndexable`, and no impl of it was ever kept).
        out.retain(|&item| !matches!(self.krate.item(item), Item::Macro(_)));
        out.sort();
        out.dedup();
        out
    }

    /// The self types of an `impl` that are library items.
    pub fn impl_self_items(&self, id: ItemId) -> Vec<ItemId> {
        match self.krate.item(id) {
            Item::Impl(imp) => self.types_in(id.module, &imp.self_ty),
            _ => Vec::new(),
        }
    }

    /// The library trait an `impl` implements, if it implements one.
    pub fn impl_trait_items(&self, id: ItemId) -> Vec<ItemId> {
        let Item::Impl(syn::ItemImpl {
            trait_: Some((_, path, _)),
            ..
        }) = self.krate.item(id)
        else {
            return Vec::new();
        };
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        let mut scratch = BTreeSet::new();
        let resolved = self.resolve(id.module, &segments, &[], &mut scratch, 0, false);
        resolved.items().collect()
    }

    /// The library items type `ty`, seen from module `m`, names.
    pub fn types_in(&self, m: ModuleId, ty: &syn::Type) -> Vec<ItemId> {
        let mut collector = crate::refs::Collector::default();
        syn::visit::Visit::visit_type(&mut collector, ty);
        self.named(m, &collector.refs.paths)
    }

    /// The library items `paths` name, seen from module `m`.
    fn named(&self, m: ModuleId, paths: &[(Vec<String>, usize)]) -> Vec<ItemId> {
        let mut out = Vec::new();
        for (path, _) in paths {
            let mut scratch = BTreeSet::new();
            out.extend(self.resolve(m, path, &[], &mut scratch, 0, false).items());
        }
        out
    }
}
