//! Pass 2: resolve paths and compute which items the submission reaches.
//!
//! Every item of every module is a node; so is every member of an `impl` or
//! `trait` block. Starting from the adapter's `main`, the walk follows each
//! path (`crate::`, `super::`, `self::`, names bound by `use`, including
//! groups, globs and renames) to the items it names. What a path cannot
//! settle is settled by name, erring on the side of keeping:
//!
//! * a method call `x.name()` keeps every member called `name` of every kept
//!   type or trait (there is no type inference here);
//! * an `impl` is kept once its self type and (local) trait are kept, and a
//!   trait impl keeps exactly the members its trait keeps;
//! * a macro invocation keeps the `macro_rules!` of that name, and the paths
//!   inside macro tokens are followed as if they were code.
//!
//! The walk also records which `use` leaves a lookup went through: the
//! others are unused imports and `prune` drops them.

use std::collections::{BTreeMap, BTreeSet};

use quote::ToTokens;
use syn::visit::Visit;
use syn::{ImplItem, Item, TraitItem};

use crate::discover::Crate;
use crate::error::{Error, Place};
use crate::reach::Reach;
use crate::refs::{flatten_use, Collector};

/// An item of a module (`Item(module, index)`) or a member of an `impl` or
/// `trait` item (`Member(module, index, member)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Node {
    Item(usize, usize),
    Member(usize, usize, usize),
}

/// An item as `(module, index)`.
pub(crate) type ItemId = (usize, usize);

/// Items met on a path, and the `Type::name` associated names after them.
type Resolved = (Vec<Target>, Vec<(ItemId, String)>);

/// What a path can lead to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Target {
    Module(usize),
    Item(usize, usize),
    /// std, core or alloc.
    External,
}

/// One name bound by a `use` item (a glob binds every name of its target).
#[derive(Clone, Debug)]
pub struct UseLeaf {
    pub module: usize,
    pub item: usize,
    /// The imported path, e.g. `["crate", "dlx", "Solver"]`.
    pub segments: Vec<String>,
    /// The name it binds; `None` for a glob.
    pub name: Option<String>,
    pub line: usize,
}

/// What a module binds to a name.
#[derive(Clone, Copy, Debug)]
enum Binding {
    Item(usize),
    Child(usize),
    Leaf(usize),
}

/// The library's names: what each module binds, its `use` leaves, impls.
pub struct Graph<'a> {
    pub krate: &'a Crate,
    pub leaves: Vec<UseLeaf>,
    /// `(module, item)` of a `use` → its leaves in tree order.
    pub leaf_ids: BTreeMap<(usize, usize), Vec<usize>>,
    names: Vec<BTreeMap<String, Vec<Binding>>>,
    globs: Vec<Vec<usize>>,
    pub(crate) macros: BTreeMap<String, Vec<(usize, usize)>>,
    pub(crate) impls: Vec<(usize, usize)>,
}

const PRIMITIVES: &[&str] = &[
    "bool", "char", "str", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64",
    "i128", "isize", "f32", "f64",
];

/// Traits whose import is used only by calling one of these methods.
const TRAIT_METHODS: &[(&str, &[&str])] = &[
    (
        "Read",
        &[
            "read",
            "read_to_string",
            "read_to_end",
            "read_exact",
            "bytes",
        ],
    ),
    (
        "Write",
        &[
            "write",
            "write_all",
            "write_fmt",
            "flush",
            "write_str",
            "write_char",
        ],
    ),
    (
        "BufRead",
        &[
            "read_line",
            "lines",
            "split",
            "fill_buf",
            "consume",
            "read_until",
        ],
    ),
    ("FromStr", &["from_str"]),
    ("Hash", &["hash"]),
    ("Hasher", &["finish", "write_u64", "write_usize"]),
    ("Borrow", &["borrow"]),
    ("BorrowMut", &["borrow_mut"]),
    ("Deref", &["deref"]),
    ("FromIterator", &["from_iter"]),
];

/// Whether importing `name` from std is needed for the `methods` called.
pub fn std_trait_used(name: &str, methods: &BTreeSet<String>) -> bool {
    TRAIT_METHODS
        .iter()
        .any(|(t, ms)| *t == name && ms.iter().any(|m| methods.contains(*m)))
}

impl<'a> Graph<'a> {
    /// Indexes the names every module binds.
    pub fn new(krate: &'a Crate) -> Graph<'a> {
        let mut graph = Graph {
            krate,
            leaves: Vec::new(),
            leaf_ids: BTreeMap::new(),
            names: vec![BTreeMap::new(); krate.modules.len()],
            globs: vec![Vec::new(); krate.modules.len()],
            macros: BTreeMap::new(),
            impls: Vec::new(),
        };
        for (m, module) in krate.modules.iter().enumerate() {
            for (i, item) in module.items.iter().enumerate() {
                let binding = match module.children.get(&i) {
                    Some(&child) => Binding::Child(child),
                    None => Binding::Item(i),
                };
                if let Item::Use(u) = item {
                    let mut flat = Vec::new();
                    flatten_use(&u.tree, &mut Vec::new(), &mut flat);
                    let line = crate::discover::place_of("", u).line;
                    let mut ids = Vec::new();
                    for (segments, name) in flat {
                        let id = graph.leaves.len();
                        match &name {
                            Some(n) => graph.names[m]
                                .entry(n.clone())
                                .or_default()
                                .push(Binding::Leaf(id)),
                            None => graph.globs[m].push(id),
                        }
                        graph.leaves.push(UseLeaf {
                            module: m,
                            item: i,
                            segments,
                            name,
                            line,
                        });
                        ids.push(id);
                    }
                    graph.leaf_ids.insert((m, i), ids);
                    continue;
                }
                if let Item::Impl(_) = item {
                    graph.impls.push((m, i));
                    continue;
                }
                if let Item::Macro(mac) = item {
                    if let Some(ident) = &mac.ident {
                        graph
                            .macros
                            .entry(ident.to_string())
                            .or_default()
                            .push((m, i));
                    }
                }
                if let Some(name) = item_name(item) {
                    graph.names[m].entry(name).or_default().push(binding);
                }
            }
        }
        graph
    }

    pub(crate) fn place(&self, m: usize, line: usize) -> Place {
        Place {
            file: self.krate.modules[m].file.clone(),
            line,
            column: None,
        }
    }

    /// What `name` means in module `m`; records the `use` leaves used.
    pub(crate) fn lookup(
        &self,
        m: usize,
        name: &str,
        used: &mut BTreeSet<usize>,
        depth: usize,
    ) -> Result<Vec<Target>, Error> {
        let mut found = Vec::new();
        if depth > 32 {
            return Ok(found);
        }
        if let Some(bindings) = self.names[m].get(name) {
            for binding in bindings {
                match *binding {
                    Binding::Item(i) => found.push(Target::Item(m, i)),
                    Binding::Child(c) => found.push(Target::Module(c)),
                    Binding::Leaf(l) => {
                        used.insert(l);
                        found.extend(self.resolve_leaf(l, used, depth + 1)?);
                    }
                }
            }
        }
        if found.is_empty() {
            for &g in &self.globs[m] {
                let mut through = BTreeSet::new();
                let mut here = Vec::new();
                for target in self.resolve_leaf(g, &mut through, depth + 1)? {
                    match target {
                        Target::Module(t) => {
                            here.extend(self.lookup(t, name, &mut through, depth + 1)?)
                        }
                        Target::Item(tm, ti) if self.has_variant(tm, ti, name) => here.push(target),
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
        Ok(found)
    }

    pub(crate) fn has_variant(&self, m: usize, i: usize, name: &str) -> bool {
        match &self.krate.modules[m].items[i] {
            Item::Enum(e) => e.variants.iter().any(|v| v.ident == name),
            _ => false,
        }
    }

    pub(crate) fn resolve_leaf(
        &self,
        l: usize,
        used: &mut BTreeSet<usize>,
        depth: usize,
    ) -> Result<Vec<Target>, Error> {
        let leaf = &self.leaves[l];
        let place = self.place(leaf.module, leaf.line);
        let (targets, _) =
            self.resolve(leaf.module, &leaf.segments, &[], used, depth, Some(&place))?;
        Ok(targets)
    }

    /// The targets of `segments` seen from module `m`, and the associated
    /// names met on the way (`Type::name`). `strict` is where to report a
    /// path whose first segment can only be another crate.
    pub(crate) fn resolve(
        &self,
        m: usize,
        segments: &[String],
        self_types: &[(usize, usize)],
        used: &mut BTreeSet<usize>,
        depth: usize,
        strict: Option<&Place>,
    ) -> Result<Resolved, Error> {
        let mut assoc = Vec::new();
        let mut passed = Vec::new();
        let Some(first) = segments.first() else {
            return Ok((passed, assoc));
        };
        let mut current: Vec<Target> = match first.as_str() {
            "crate" => vec![Target::Module(0)],
            "self" => vec![Target::Module(m)],
            "super" => vec![Target::Module(self.krate.modules[m].parent.unwrap_or(0))],
            "Self" => self_types
                .iter()
                .map(|&(a, b)| Target::Item(a, b))
                .collect(),
            "std" | "core" | "alloc" => vec![Target::External],
            _ => {
                let found = self.lookup(m, first, used, depth)?;
                if found.is_empty() {
                    if let Some(place) = strict {
                        let crate_like = first == "::"
                            || (segments.len() > 1
                                && first.starts_with(|c: char| c.is_ascii_lowercase())
                                && !PRIMITIVES.contains(&first.as_str()));
                        if crate_like {
                            let name = if first == "::" {
                                segments.get(1).cloned().unwrap_or_default()
                            } else {
                                first.clone()
                            };
                            if !matches!(name.as_str(), "std" | "core" | "alloc") {
                                return Err(Error::ExternalCrate {
                                    place: place.clone(),
                                    name,
                                });
                            }
                        }
                    }
                }
                found
            }
        };
        for segment in &segments[1..] {
            let mut next = Vec::new();
            for target in current {
                match target {
                    Target::Module(t) => match segment.as_str() {
                        "super" => {
                            next.push(Target::Module(self.krate.modules[t].parent.unwrap_or(0)))
                        }
                        "self" => next.push(Target::Module(t)),
                        _ => next.extend(self.lookup(t, segment, used, depth)?),
                    },
                    Target::Item(a, b) => {
                        passed.push(target);
                        assoc.push(((a, b), segment.clone()));
                    }
                    Target::External => next.push(Target::External),
                }
            }
            current = next;
            if current.is_empty() {
                break;
            }
        }
        passed.extend(current);
        Ok((passed, assoc))
    }

    /// A readable name for `node`, e.g. `crate::dlx::Solver::first`.
    pub fn node_name(&self, node: Node) -> String {
        let (m, i) = match node {
            Node::Item(m, i) | Node::Member(m, i, _) => (m, i),
        };
        let module = self.krate.module_name(m);
        let item = &self.krate.modules[m].items[i];
        let base = match item {
            Item::Impl(imp) => {
                let ty = tidy(imp.self_ty.to_token_stream().to_string());
                match &imp.trait_ {
                    Some((_, path, _)) => {
                        format!(
                            "{module}::<impl {} for {ty}>",
                            tidy(path.to_token_stream().to_string())
                        )
                    }
                    None => format!("{module}::<impl {ty}>"),
                }
            }
            _ => format!(
                "{module}::{}",
                item_name(item).unwrap_or_else(|| "<item>".into())
            ),
        };
        match node {
            Node::Item(..) => base,
            Node::Member(_, _, j) => {
                let member = member_name(item, j).unwrap_or_else(|| "<member>".into());
                match item {
                    Item::Impl(imp) if imp.trait_.is_none() => {
                        let ty = tidy(imp.self_ty.to_token_stream().to_string());
                        format!("{module}::{ty}::{member}")
                    }
                    _ => format!("{base}::{member}"),
                }
            }
        }
    }

    /// Every node, for `--explain` lookups.
    pub fn all_nodes(&self) -> Vec<Node> {
        let mut nodes = Vec::new();
        for (m, module) in self.krate.modules.iter().enumerate() {
            for (i, item) in module.items.iter().enumerate() {
                if matches!(item, Item::Use(_) | Item::Mod(_)) {
                    continue;
                }
                nodes.push(Node::Item(m, i));
                for j in 0..member_count(item) {
                    nodes.push(Node::Member(m, i, j));
                }
            }
        }
        nodes
    }

    /// Walks from `start` to everything it reaches.
    pub fn reach(&self, start: Node) -> Result<Reach, Error> {
        crate::reach::walk(self, start)
    }

    /// Item targets of the paths in `ty`, seen from `m`, without recording uses.
    pub(crate) fn local_types(
        &self,
        m: usize,
        collect: impl Fn(&mut Collector),
    ) -> Vec<(usize, usize)> {
        let mut collector = Collector::default();
        collect(&mut collector);
        let mut out = Vec::new();
        for (path, _) in &collector.refs.paths {
            let mut scratch = BTreeSet::new();
            if let Ok((targets, _)) = self.resolve(m, path, &[], &mut scratch, 0, None) {
                out.extend(targets.into_iter().filter_map(|t| match t {
                    Target::Item(a, b) => Some((a, b)),
                    _ => None,
                }));
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// The kept-or-not library types of an impl's self type, and its trait.
    pub(crate) fn impl_types(&self, m: usize, i: usize) -> (Vec<ItemId>, Vec<ItemId>) {
        let Item::Impl(imp) = &self.krate.modules[m].items[i] else {
            return (Vec::new(), Vec::new());
        };
        let self_types = self.local_types(m, |c| c.visit_type(&imp.self_ty));
        let traits = match &imp.trait_ {
            Some((_, path, _)) => self.local_types(m, |c| c.visit_path(path)),
            None => Vec::new(),
        };
        (self_types, traits)
    }
}

/// The name an item binds in its module's namespace.
pub fn item_name(item: &Item) -> Option<String> {
    let ident = match item {
        Item::Const(x) => &x.ident,
        Item::Enum(x) => &x.ident,
        Item::Fn(x) => &x.sig.ident,
        Item::Mod(x) => &x.ident,
        Item::Static(x) => &x.ident,
        Item::Struct(x) => &x.ident,
        Item::Trait(x) => &x.ident,
        Item::TraitAlias(x) => &x.ident,
        Item::Type(x) => &x.ident,
        Item::Union(x) => &x.ident,
        Item::Macro(x) => x.ident.as_ref()?,
        _ => return None,
    };
    Some(ident.to_string())
}

/// How many members an `impl` or `trait` item has.
pub fn member_count(item: &Item) -> usize {
    match item {
        Item::Impl(imp) => imp.items.len(),
        Item::Trait(t) => t.items.len(),
        _ => 0,
    }
}

/// The name of member `j` of an `impl` or `trait` item.
pub fn member_name(item: &Item, j: usize) -> Option<String> {
    match item {
        Item::Impl(imp) => match &imp.items[j] {
            ImplItem::Const(c) => Some(c.ident.to_string()),
            ImplItem::Fn(f) => Some(f.sig.ident.to_string()),
            ImplItem::Type(t) => Some(t.ident.to_string()),
            _ => None,
        },
        Item::Trait(t) => match &t.items[j] {
            TraitItem::Const(c) => Some(c.ident.to_string()),
            TraitItem::Fn(f) => Some(f.sig.ident.to_string()),
            TraitItem::Type(t) => Some(t.ident.to_string()),
            _ => None,
        },
        _ => None,
    }
}

fn tidy(tokens: String) -> String {
    tokens
        .replace(" :: ", "::")
        .replace(" < ", "<")
        .replace(" >", ">")
        .replace("& ", "&")
}

/// A short label for an item: its name, or `impl Trait for Type`.
pub fn item_label(item: &Item) -> String {
    match item {
        Item::Impl(imp) => {
            let ty = tidy(imp.self_ty.to_token_stream().to_string());
            match &imp.trait_ {
                Some((_, path, _)) => {
                    format!("impl {} for {ty}", tidy(path.to_token_stream().to_string()))
                }
                None => format!("impl {ty}"),
            }
        }
        Item::Use(u) => format!("use {}", tidy(u.tree.to_token_stream().to_string())),
        _ => item_name(item).unwrap_or_else(|| "<item>".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn std_trait_imports_are_kept_for_their_methods() {
        let methods: BTreeSet<String> = ["write_fmt".to_string()].into_iter().collect();
        assert!(std_trait_used("Write", &methods));
        assert!(!std_trait_used("Read", &methods));
    }
}
