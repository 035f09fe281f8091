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

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::ToTokens;
use syn::visit::Visit;
use syn::{ImplItem, Item, TraitItem, UseTree};

use crate::discover::Crate;
use crate::error::{Error, Place};

/// An item of a module (`Item(module, index)`) or a member of an `impl` or
/// `trait` item (`Member(module, index, member)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Node {
    Item(usize, usize),
    Member(usize, usize, usize),
}

/// An item as `(module, index)`.
type ItemId = (usize, usize);

/// Items met on a path, and the `Type::name` associated names after them.
type Resolved = (Vec<Target>, Vec<(ItemId, String)>);

/// What a path can lead to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Target {
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

/// Why a node is kept: the node whose code named it, and how.
#[derive(Clone, Debug)]
pub struct Why {
    pub by: Option<Node>,
    pub how: String,
}

/// The result of the walk.
#[derive(Debug, Default)]
pub struct Reach {
    pub nodes: BTreeMap<Node, Why>,
    /// `use` leaves some kept code looked a name up through.
    pub leaves: BTreeSet<usize>,
    /// Per module: the method names its kept code calls (trait imports).
    pub methods: Vec<BTreeSet<String>>,
    /// Every field name kept code reads, whatever the struct.
    pub fields_read: BTreeSet<String>,
}

/// Paths and names one piece of code refers to.
#[derive(Default)]
struct Refs {
    /// Paths checked strictly (a lowercase first segment that names nothing
    /// is taken as a crate), with their line.
    paths: Vec<(Vec<String>, usize)>,
    /// Paths from macro tokens: followed when they resolve, never an error.
    loose: Vec<Vec<String>>,
    methods: BTreeSet<String>,
    /// Field names read (`x.name`, `Type { name, .. }` patterns).
    fields: BTreeSet<String>,
    macros: BTreeSet<String>,
}

/// The library's names: what each module binds, its `use` leaves, impls.
pub struct Graph<'a> {
    pub krate: &'a Crate,
    pub leaves: Vec<UseLeaf>,
    /// `(module, item)` of a `use` → its leaves in tree order.
    pub leaf_ids: BTreeMap<(usize, usize), Vec<usize>>,
    names: Vec<BTreeMap<String, Vec<Binding>>>,
    globs: Vec<Vec<usize>>,
    macros: BTreeMap<String, Vec<(usize, usize)>>,
    impls: Vec<(usize, usize)>,
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

    fn place(&self, m: usize, line: usize) -> Place {
        Place {
            file: self.krate.modules[m].file.clone(),
            line,
            column: None,
        }
    }

    /// What `name` means in module `m`; records the `use` leaves used.
    fn lookup(
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

    fn has_variant(&self, m: usize, i: usize, name: &str) -> bool {
        match &self.krate.modules[m].items[i] {
            Item::Enum(e) => e.variants.iter().any(|v| v.ident == name),
            _ => false,
        }
    }

    fn resolve_leaf(
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
    fn resolve(
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
        let mut walk = Walk {
            graph: self,
            reach: Reach {
                methods: vec![BTreeSet::new(); self.krate.modules.len()],
                ..Reach::default()
            },
            queue: VecDeque::new(),
            method_names: BTreeSet::new(),
            assoc: BTreeSet::new(),
        };
        walk.add(start, None, "the entry point");
        loop {
            while let Some(node) = walk.queue.pop_front() {
                walk.visit(node)?;
            }
            if !walk.settle_impls()? {
                break;
            }
        }
        Ok(walk.reach)
    }

    /// Item targets of the paths in `ty`, seen from `m`, without recording uses.
    fn local_types(&self, m: usize, collect: impl Fn(&mut Collector)) -> Vec<(usize, usize)> {
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
    fn impl_types(&self, m: usize, i: usize) -> (Vec<ItemId>, Vec<ItemId>) {
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

struct Walk<'g, 'a> {
    graph: &'g Graph<'a>,
    reach: Reach,
    queue: VecDeque<Node>,
    method_names: BTreeSet<String>,
    assoc: BTreeSet<((usize, usize), String)>,
}

impl Walk<'_, '_> {
    fn add(&mut self, node: Node, by: Option<Node>, how: &str) -> bool {
        if self.reach.nodes.contains_key(&node) {
            return false;
        }
        self.reach.nodes.insert(
            node,
            Why {
                by,
                how: how.to_string(),
            },
        );
        self.queue.push_back(node);
        true
    }

    fn visit(&mut self, node: Node) -> Result<(), Error> {
        let graph = self.graph;
        let (m, i) = match node {
            Node::Item(m, i) | Node::Member(m, i, _) => (m, i),
        };
        let item = &graph.krate.modules[m].items[i];
        let mut collector = Collector::default();
        let mut self_types = Vec::new();
        match (node, item) {
            (Node::Item(..), Item::Impl(imp)) => {
                collector.visit_generics(&imp.generics);
                if let Some((_, path, _)) = &imp.trait_ {
                    collector.visit_path(path);
                }
                collector.visit_type(&imp.self_ty);
                let (_, traits) = graph.impl_types(m, i);
                // A trait impl carries what its trait keeps; an impl of a
                // std trait carries all its members.
                for j in 0..imp.items.len() {
                    if imp.trait_.is_some()
                        && (traits.is_empty()
                            || self.trait_member_kept(&traits, member_name(item, j)))
                    {
                        self.add(
                            Node::Member(m, i, j),
                            Some(node),
                            "member of the kept trait impl above",
                        );
                    }
                }
            }
            (Node::Item(..), Item::Trait(t)) => {
                collector.visit_generics(&t.generics);
                for bound in &t.supertraits {
                    collector.visit_type_param_bound(bound);
                }
            }
            (Node::Item(..), Item::Macro(mac)) => {
                scan_tokens(mac.mac.tokens.clone(), &mut collector.refs)
            }
            (Node::Item(..), _) => collector.visit_item(item),
            (Node::Member(_, _, j), Item::Impl(imp)) => {
                self_types = graph.impl_types(m, i).0;
                collector.visit_impl_item(&imp.items[j]);
            }
            (Node::Member(_, _, j), Item::Trait(t)) => {
                self_types = vec![(m, i)];
                collector.visit_trait_item(&t.items[j]);
            }
            (Node::Member(..), _) => {}
        }
        let refs = collector.refs;
        let mut used = BTreeSet::new();
        for (path, line) in &refs.paths {
            let place = graph.place(m, *line);
            let (targets, assoc) =
                graph.resolve(m, path, &self_types, &mut used, 0, Some(&place))?;
            self.reach_targets(node, &targets, &assoc);
            if let Some(last) = path.last() {
                self.reach.methods[m].insert(last.clone());
            }
        }
        for path in &refs.loose {
            let (targets, assoc) = graph.resolve(m, path, &self_types, &mut used, 0, None)?;
            self.reach_targets(node, &targets, &assoc);
            if let Some(last) = path.last() {
                self.reach.methods[m].insert(last.clone());
            }
        }
        self.reach.leaves.extend(used);
        for name in &refs.macros {
            if name == "write" || name == "writeln" {
                self.reach.methods[m].insert("write_fmt".into());
            }
            for &(a, b) in graph.macros.get(name).into_iter().flatten() {
                self.add(
                    Node::Item(a, b),
                    Some(node),
                    "macro invoked by the item above",
                );
            }
        }
        for method in &refs.methods {
            self.reach.methods[m].insert(method.clone());
        }
        self.method_names.extend(refs.methods);
        self.reach.fields_read.extend(refs.fields);
        Ok(())
    }

    fn reach_targets(
        &mut self,
        node: Node,
        targets: &[Target],
        assoc: &[((usize, usize), String)],
    ) {
        for target in targets {
            if let Target::Item(a, b) = *target {
                if !matches!(
                    self.graph.krate.modules[a].items[b],
                    Item::Use(_) | Item::Mod(_)
                ) {
                    self.add(Node::Item(a, b), Some(node), "named by the item above");
                }
            }
        }
        for ((a, b), name) in assoc {
            self.reach.methods[match node {
                Node::Item(m, _) | Node::Member(m, _, _) => m,
            }]
            .insert(name.clone());
            self.assoc.insert(((*a, *b), name.clone()));
        }
    }

    fn trait_member_kept(&self, traits: &[(usize, usize)], name: Option<String>) -> bool {
        let Some(name) = name else { return true };
        traits.iter().any(|&(tm, ti)| {
            let item = &self.graph.krate.modules[tm].items[ti];
            (0..member_count(item)).any(|j| {
                member_name(item, j).as_deref() == Some(name.as_str())
                    && self.reach.nodes.contains_key(&Node::Member(tm, ti, j))
            })
        })
    }

    /// A method call needs its trait in scope: keeps each library trait that
    /// a module with kept code defines or imports (by name or glob) and
    /// whose methods it calls, with the import. True if anything changed.
    fn settle_trait_scopes(&mut self) -> Result<bool, Error> {
        let graph = self.graph;
        let mut changed = false;
        for m in 0..graph.krate.modules.len() {
            if self.reach.methods[m].is_empty() {
                continue;
            }
            let calls = |item: &Item| match item {
                Item::Trait(t) => t.items.iter().enumerate().any(|(j, _)| {
                    member_name(item, j).is_some_and(|n| self.reach.methods[m].contains(&n))
                }),
                _ => false,
            };
            let mut wanted: Vec<((usize, usize), Option<usize>)> = Vec::new();
            for (i, item) in graph.krate.modules[m].items.iter().enumerate() {
                if calls(item) {
                    wanted.push(((m, i), None));
                }
            }
            let leaves = graph
                .leaves
                .iter()
                .enumerate()
                .filter(|(_, leaf)| leaf.module == m);
            for (l, leaf) in leaves {
                let mut scratch = BTreeSet::new();
                let place = graph.place(m, leaf.line);
                let (targets, _) =
                    graph.resolve(m, &leaf.segments, &[], &mut scratch, 0, Some(&place))?;
                for target in targets {
                    match (target, &leaf.name) {
                        (Target::Item(a, b), Some(_))
                            if calls(&graph.krate.modules[a].items[b]) =>
                        {
                            wanted.push(((a, b), Some(l)));
                        }
                        (Target::Module(t), None) => {
                            for (b, item) in graph.krate.modules[t].items.iter().enumerate() {
                                if calls(item) {
                                    wanted.push(((t, b), Some(l)));
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            for ((a, b), leaf) in wanted {
                if let Some(l) = leaf {
                    self.reach.leaves.insert(l);
                }
                changed |= self.add(Node::Item(a, b), None, "trait in scope of a method call");
            }
        }
        Ok(changed)
    }

    /// Keeps impls whose types survive and members named by kept code;
    /// true if anything new was kept.
    fn settle_impls(&mut self) -> Result<bool, Error> {
        let graph = self.graph;
        let mut changed = false;
        for &(m, i) in &graph.impls {
            let (self_types, traits) = graph.impl_types(m, i);
            let node = Node::Item(m, i);
            if !self.reach.nodes.contains_key(&node) {
                let alive = !(self_types.is_empty() && traits.is_empty())
                    && self_types
                        .iter()
                        .chain(&traits)
                        .all(|&(a, b)| self.reach.nodes.contains_key(&Node::Item(a, b)));
                if alive {
                    let by = self_types
                        .first()
                        .or(traits.first())
                        .map(|&(a, b)| Node::Item(a, b));
                    changed |= self.add(node, by, "impl for the kept type above");
                }
                continue;
            }
            let Item::Impl(imp) = &graph.krate.modules[m].items[i] else {
                continue;
            };
            for j in 0..imp.items.len() {
                let member = Node::Member(m, i, j);
                if self.reach.nodes.contains_key(&member) {
                    continue;
                }
                let name = member_name(&graph.krate.modules[m].items[i], j);
                let wanted = if imp.trait_.is_some() {
                    !traits.is_empty() && self.trait_member_kept(&traits, name)
                } else {
                    let name = name.unwrap_or_default();
                    let is_method =
                        matches!(&imp.items[j], ImplItem::Fn(f) if f.sig.receiver().is_some());
                    (is_method && self.method_names.contains(&name))
                        || self_types
                            .iter()
                            .any(|&t| self.assoc.contains(&(t, name.clone())))
                };
                if wanted {
                    changed |= self.add(
                        member,
                        Some(node),
                        "called or named by kept code; member of the item above",
                    );
                }
            }
        }
        changed |= self.settle_trait_scopes()?;
        // Members of kept traits, by name.
        let kept_traits: Vec<(usize, usize)> = self
            .reach
            .nodes
            .keys()
            .filter_map(|n| match *n {
                Node::Item(m, i) if matches!(graph.krate.modules[m].items[i], Item::Trait(_)) => {
                    Some((m, i))
                }
                _ => None,
            })
            .collect();
        for (m, i) in kept_traits {
            let item = &graph.krate.modules[m].items[i];
            for j in 0..member_count(item) {
                let member = Node::Member(m, i, j);
                if self.reach.nodes.contains_key(&member) {
                    continue;
                }
                let name = member_name(item, j).unwrap_or_default();
                let wanted =
                    self.method_names.contains(&name) || self.assoc.iter().any(|(_, n)| *n == name);
                if wanted {
                    changed |= self.add(
                        member,
                        Some(Node::Item(m, i)),
                        "called or named by kept code; member of the item above",
                    );
                }
            }
        }
        Ok(changed || !self.queue.is_empty())
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

/// Every path a `use` tree imports, with the name it binds (`None`: glob).
pub fn flatten_use(
    tree: &UseTree,
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    match tree {
        UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten_use(&p.tree, prefix, out);
            prefix.pop();
        }
        UseTree::Name(n) => {
            if n.ident == "self" {
                out.push((prefix.clone(), prefix.last().cloned()));
            } else {
                let mut path = prefix.clone();
                path.push(n.ident.to_string());
                out.push((path, Some(n.ident.to_string())));
            }
        }
        UseTree::Rename(r) => {
            let mut path = prefix.clone();
            if r.ident != "self" {
                path.push(r.ident.to_string());
            }
            out.push((path, Some(r.rename.to_string())));
        }
        UseTree::Glob(_) => out.push((prefix.clone(), None)),
        UseTree::Group(g) => {
            for tree in &g.items {
                flatten_use(tree, prefix, out);
            }
        }
    }
}

fn tidy(tokens: String) -> String {
    tokens
        .replace(" :: ", "::")
        .replace(" < ", "<")
        .replace(" >", ">")
        .replace("& ", "&")
}

#[derive(Default)]
struct Collector {
    refs: Refs,
}

impl<'ast> Visit<'ast> for Collector {
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let mut segments: Vec<String> = Vec::new();
        if path.leading_colon.is_some() {
            segments.push("::".into());
        }
        segments.extend(path.segments.iter().map(|s| s.ident.to_string()));
        let line = crate::discover::place_of("", path).line;
        self.refs.paths.push((segments, line));
        syn::visit::visit_path(self, path);
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        self.refs.methods.insert(call.method.to_string());
        syn::visit::visit_expr_method_call(self, call);
    }

    fn visit_expr_field(&mut self, field: &'ast syn::ExprField) {
        if let syn::Member::Named(name) = &field.member {
            self.refs.fields.insert(name.to_string());
        }
        syn::visit::visit_expr_field(self, field);
    }

    fn visit_field_pat(&mut self, field: &'ast syn::FieldPat) {
        if let syn::Member::Named(name) = &field.member {
            self.refs.fields.insert(name.to_string());
        }
        syn::visit::visit_field_pat(self, field);
    }

    fn visit_pat_ident(&mut self, pat: &'ast syn::PatIdent) {
        // `FOO =>` may name a const or unit struct; lowercase is a binding.
        let name = pat.ident.to_string();
        if name.starts_with(|c: char| c.is_ascii_uppercase()) {
            self.refs.loose.push(vec![name]);
        }
        syn::visit::visit_pat_ident(self, pat);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        if let Some(last) = mac.path.segments.last() {
            self.refs.macros.insert(last.ident.to_string());
        }
        if mac.path.segments.len() > 1 {
            let segments = mac
                .path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect();
            self.refs.loose.push(segments);
        }
        scan_tokens(mac.tokens.clone(), &mut self.refs);
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let mut flat = Vec::new();
        flatten_use(&u.tree, &mut Vec::new(), &mut flat);
        let line = crate::discover::place_of("", u).line;
        for (segments, _) in flat {
            self.refs.paths.push((segments, line));
        }
    }
}

/// Follows what macro tokens probably mean: `a::b` paths, `.name` calls,
/// `{name}` captures in format strings, nested macro names.
fn scan_tokens(tokens: TokenStream, refs: &mut Refs) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut k = 0;
    while k < tokens.len() {
        match &tokens[k] {
            TokenTree::Group(g) => {
                if g.delimiter() != Delimiter::None || !g.stream().is_empty() {
                    scan_tokens(g.stream(), refs);
                }
                k += 1;
            }
            TokenTree::Literal(lit) => {
                let text = lit.to_string();
                if text.starts_with('"') || text.starts_with('r') {
                    format_captures(&text, refs);
                }
                k += 1;
            }
            TokenTree::Punct(p) if p.as_char() == '.' => {
                if let Some(TokenTree::Ident(id)) = tokens.get(k + 1) {
                    refs.methods.insert(id.to_string());
                    refs.fields.insert(id.to_string());
                    k += 2;
                } else {
                    k += 1;
                }
            }
            TokenTree::Punct(p) if p.as_char() == '$' => {
                if let Some(TokenTree::Ident(id)) = tokens.get(k + 1) {
                    if id == "crate" {
                        k = scan_path(&tokens, k + 1, refs);
                        continue;
                    }
                }
                // `$name` is a macro variable, not code; `$(...)` a repetition.
                k += if matches!(tokens.get(k + 1), Some(TokenTree::Ident(_))) {
                    2
                } else {
                    1
                };
            }
            TokenTree::Ident(_) => k = scan_path(&tokens, k, refs),
            TokenTree::Punct(_) => k += 1,
        }
    }
}

/// Reads `ident (:: ident)*` from `start`; returns the index after it.
fn scan_path(tokens: &[TokenTree], start: usize, refs: &mut Refs) -> usize {
    let mut segments = Vec::new();
    let mut k = start;
    if let TokenTree::Ident(id) = &tokens[k] {
        segments.push(id.to_string());
        k += 1;
    }
    loop {
        let colons = matches!((tokens.get(k), tokens.get(k + 1)), (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b))) if a.as_char() == ':' && b.as_char() == ':');
        match (colons, tokens.get(k + 2)) {
            (true, Some(TokenTree::Ident(id))) => {
                segments.push(id.to_string());
                k += 3;
            }
            (true, _) => {
                k += 2;
                break;
            }
            _ => break,
        }
    }
    if let Some(TokenTree::Punct(p)) = tokens.get(k) {
        if p.as_char() == '!' {
            if let Some(last) = segments.last() {
                refs.macros.insert(last.clone());
            }
        }
    }
    refs.loose.push(segments);
    k
}

/// `{name}` and `{name:...}` in a format string name a variable or const.
fn format_captures(text: &str, refs: &mut Refs) {
    let bytes: Vec<char> = text.chars().collect();
    let mut k = 0;
    while k < bytes.len() {
        if bytes[k] == '{' {
            if bytes.get(k + 1) == Some(&'{') {
                k += 2;
                continue;
            }
            let start = k + 1;
            let mut end = start;
            while end < bytes.len() && (bytes[end].is_alphanumeric() || bytes[end] == '_') {
                end += 1;
            }
            if end > start && !bytes[start].is_ascii_digit() {
                refs.loose.push(vec![bytes[start..end].iter().collect()]);
            }
            k = end;
        } else {
            k += 1;
        }
    }
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

    fn flat(source: &str) -> Vec<(String, Option<String>)> {
        let item: syn::ItemUse = syn::parse_str(source).expect("a use item");
        let mut out = Vec::new();
        flatten_use(&item.tree, &mut Vec::new(), &mut out);
        out.into_iter()
            .map(|(path, name)| (path.join("::"), name))
            .collect()
    }

    #[test]
    fn use_trees_flatten_to_paths_and_bound_names() {
        assert_eq!(
            flat("use crate::a::{self, b as c, d::*, e::{f}};"),
            [
                ("crate::a".to_string(), Some("a".to_string())),
                ("crate::a::b".to_string(), Some("c".to_string())),
                ("crate::a::d".to_string(), None),
                ("crate::a::e::f".to_string(), Some("f".to_string())),
            ]
        );
    }

    #[test]
    fn macro_tokens_yield_paths_methods_and_captures() {
        let mut refs = Refs::default();
        let tokens: TokenStream =
            "f, \"{} {LIMIT:>3} {{x}}\", $crate::dlx::Solver::new(&p).first(), $x, m!()"
                .parse()
                .expect("tokens");
        scan_tokens(tokens, &mut refs);
        assert!(refs.loose.contains(&vec!["LIMIT".to_string()]));
        assert!(!refs.loose.contains(&vec!["x".to_string()]));
        assert!(refs
            .loose
            .contains(&["crate", "dlx", "Solver", "new"].map(String::from).to_vec()));
        assert!(refs.methods.contains("first"));
        assert!(refs.macros.contains("m"));
    }

    #[test]
    fn std_trait_imports_are_kept_for_their_methods() {
        let methods: BTreeSet<String> = ["write_fmt".to_string()].into_iter().collect();
        assert!(std_trait_used("Write", &methods));
        assert!(!std_trait_used("Read", &methods));
    }
}
