//! Pass 3: the conservative cut. Which items of the library the submission
//! may need, walking from the adapter's `main`; rustc then decides, within
//! the cut, what is really dead (see [`crate::shake`]).
//!
//! The walk keeps what it is sure of and, where it is unsure, keeps more:
//!
//! * an item named by a path in kept code (`crate::`, `super::`, `self::`,
//!   names bound by `use`, globs, renames), or by a path-like run of tokens
//!   inside a macro invocation or a `macro_rules!` body (`$crate::…`,
//!   `{NAME}` captures in format strings);
//! * a `macro_rules!` invoked by name;
//! * an `impl` once every library item its header names (self type, trait,
//!   the trait's generic arguments) is kept, an inherent one also once
//!   its type is and a member's name is called; always with all its
//!   members;
//! * a trait with all its members, and any library trait that declares a
//!   member of a name kept code calls or names (`x.name()`, `T::name`);
//! * an item-level macro invocation, or an anonymous `const _`, whose code
//!   names a kept item;
//! * every item of a module that a macro's tokens name through a variable
//!   (`use crate::arch::avx2::$kind;`, memchr's): any of them may be meant;
//! * a module kept code names by a path, even with nothing of it kept
//!   (`use petgraph::prelude::*;` in a function's body): the path must
//!   resolve; rustc then calls the import unused, and the module goes.
//!
//! An item that uses another crate cannot be in a submission: it is left
//! out and remembered ([`Cut::foreign`]); if rustc then finds that kept
//! code needs it, that is the error the user sees. The entry point itself
//! using another crate is an error at once.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use syn::visit::Visit;
use syn::Item;

use crate::discover::{ItemId, ModuleId};
use crate::error::{Error, Place};
use crate::refs::{scan_tokens, Collector, Refs};
use crate::resolve::{LeafId, Names, Resolved, Target};
use crate::syntax::{item_name, trait_member_name};

/// Why an item is in the cut: the item whose code named it, and how.
#[derive(Clone, Debug)]
pub struct Why {
    pub by: Option<ItemId>,
    pub how: String,
}

/// An item left out because it uses a crate a judge does not have.
#[derive(Clone, Debug)]
pub struct Foreign {
    pub item: ItemId,
    /// The crate it names.
    pub krate: String,
    /// Where it names it.
    pub place: Place,
}

/// The result of the walk.
#[derive(Debug, Default)]
pub struct Cut {
    pub items: BTreeMap<ItemId, Why>,
    /// `use` leaves that kept code looked a name up through.
    pub used_leaves: BTreeSet<LeafId>,
    pub foreign: Vec<Foreign>,
    /// Modules where kept code named something the reading did not find
    /// (a macro call wrote it): their crates are kept whole if the cut
    /// does not compile.
    pub lost_in: BTreeSet<ModuleId>,
    /// Modules kept code names by a path (`use petgraph::prelude::*;` in
    /// a function's body, though nothing is used through it): they stay,
    /// empty if nothing else keeps them, so that the path still resolves.
    pub modules: BTreeSet<ModuleId>,
}

/// Walks from `entry` to everything it may reach.
pub fn cut(names: &Names, entry: ItemId) -> Result<Cut, Error> {
    let mut walk = Walk {
        names,
        cut: Cut::default(),
        queue: VecDeque::new(),
        called: BTreeMap::new(),
        foreign: BTreeSet::new(),
    };
    walk.add(entry, None, "the entry point");
    loop {
        while let Some(item) = walk.queue.pop_front() {
            walk.visit(item, entry)?;
        }
        if !walk.settle() {
            break;
        }
    }
    walk.keep_trait_imports();
    Ok(walk.cut)
}

struct Walk<'n, 'a> {
    names: &'n Names<'a>,
    cut: Cut,
    queue: VecDeque<ItemId>,
    /// Per module: the method and associated names its kept code calls or
    /// names (a trait's method needs the trait in scope where it is
    /// called), each with the first item seen calling it.
    called: BTreeMap<ModuleId, BTreeMap<String, ItemId>>,
    foreign: BTreeSet<ItemId>,
}

impl Walk<'_, '_> {
    fn add(&mut self, item: ItemId, by: Option<ItemId>, how: &str) -> bool {
        if self.cut.items.contains_key(&item) || self.foreign.contains(&item) {
            return false;
        }
        if matches!(self.names.krate.item(item), Item::Use(_) | Item::Mod(_)) {
            return false;
        }
        self.cut.items.insert(
            item,
            Why {
                by,
                how: how.to_string(),
            },
        );
        self.queue.push_back(item);
        true
    }

    /// What the code of `id` refers to.
    fn refs_of(&self, id: ItemId) -> (Refs, Vec<ItemId>) {
        let mut collector = Collector::default();
        let item = self.names.krate.item(id);
        let self_types = match item {
            Item::Impl(_) => self.names.impl_self_items(id),
            Item::Trait(_) => vec![id],
            _ => Vec::new(),
        };
        match item {
            Item::Macro(mac) if mac.ident.is_some() => {
                scan_tokens(mac.mac.tokens.clone(), &mut collector.refs)
            }
            _ => collector.visit_item(item),
        }
        (collector.refs, self_types)
    }

    /// The items a path names, noting where it was lost if it was and the
    /// modules it names ([`Cut::modules`]).
    fn found(&mut self, resolved: &Resolved) -> Vec<ItemId> {
        self.cut.lost_in.extend(&resolved.lost_in);
        for target in &resolved.targets {
            if let Target::Module(module) = target {
                self.cut.modules.insert(*module);
            }
        }
        resolved.items().collect()
    }

    fn visit(&mut self, id: ItemId, entry: ItemId) -> Result<(), Error> {
        let names = self.names;
        let m = id.module;
        let (refs, self_types) = self.refs_of(id);
        let mut found: Vec<ItemId> = Vec::new();
        let mut used = BTreeSet::new();
        let mut called = BTreeSet::new();
        for (path, line) in &refs.paths {
            let mut through = BTreeSet::new();
            let resolved = names.resolve(m, path, &self_types, &mut through, 0, true);
            found.extend(self.found(&resolved));
            for target in &resolved.targets {
                match target {
                    Target::Item(_) => {}
                    Target::Crate(krate) => {
                        let place = self.foreign_place(m, *line, &through);
                        if id == entry {
                            return Err(Error::ExternalCrate {
                                place,
                                name: krate.clone(),
                                why: None,
                            });
                        }
                        self.poison(id, krate, place);
                        return Ok(());
                    }
                    Target::Module(_) | Target::Std => {}
                }
            }
            // `T::name` with `T` a type parameter resolves to nothing, yet
            // may call a trait's `name`.
            called.extend(path.last().cloned());
            used.extend(through);
        }
        let by_own_name = self.by_own_name(id, &refs.loose);
        for path in refs.loose.iter().chain(&by_own_name) {
            // A fresh set per path: a leaf already in it counts as a cycle.
            let mut through = BTreeSet::new();
            let resolved = names.resolve(m, path, &self_types, &mut through, 0, false);
            used.extend(through);
            found.extend(self.found(&resolved));
            called.extend(path.last().cloned());
        }
        found.extend(self.macros_called(id, &refs.macros, &mut used));
        self.cut.used_leaves.extend(used);
        self.keep_open_modules(id, &refs.open, &self_types);
        called.extend(refs.methods.iter().cloned());
        let calls = self.called.entry(m).or_default();
        for name in called {
            calls.entry(name).or_insert(id);
        }
        for item in found {
            let how = match names.krate.item(item) {
                Item::Macro(_) => "macro invoked by the item above",
                _ => "named by the item above",
            };
            self.add(item, Some(id), how);
        }
        Ok(())
    }

    /// The `macro_rules!` definitions that calls of `called` (last names)
    /// in item `id` may mean, the `use` leaves that bring them in added to
    /// `used`. Outside a macro's body a bare `name!` means a macro of its
    /// own crate or one a `use` brings into scope, never another crate's
    /// of the same name (petgraph's `vec!` is std's, not allocator-api2's
    /// exported `vec!`, which would keep that crate's `Vec` and `Box`); a
    /// path call is resolved as a path. A macro's body is read where it is
    /// called, so a call in it may mean any macro of that name.
    fn macros_called(
        &self,
        id: ItemId,
        called: &BTreeSet<String>,
        used: &mut BTreeSet<LeafId>,
    ) -> Vec<ItemId> {
        let names = self.names;
        let krate = names.krate;
        let in_macro = matches!(krate.item(id), Item::Macro(mac) if mac.ident.is_some());
        let own = krate.crate_root(id.module);
        let mut macros = Vec::new();
        for name in called {
            let mut through = BTreeSet::new();
            let path = std::slice::from_ref(name);
            let in_scope = names.resolve(id.module, path, &[], &mut through, 0, false);
            let in_scope: BTreeSet<ItemId> = in_scope.items().collect();
            let defined = names.macros.get(name).map_or(&[][..], Vec::as_slice);
            for &mac in defined {
                if in_macro || krate.crate_root(mac.module) == own || in_scope.contains(&mac) {
                    macros.push(mac);
                }
            }
            if defined.iter().any(|m| in_scope.contains(m)) {
                used.extend(through);
            }
        }
        macros
    }

    /// A `macro_rules!` body is read where it is called: one that names its
    /// own crate by its name (pathfinding's `matrix!` writes
    /// `pathfinding::matrix::Matrix`) means the crate's module. Those of
    /// `loose` (item `id`'s), as paths from the bundle's root.
    fn by_own_name(&self, id: ItemId, loose: &[Vec<String>]) -> Vec<Vec<String>> {
        let krate = self.names.krate;
        let is_macro = matches!(krate.item(id), Item::Macro(mac) if mac.ident.is_some());
        let own = krate.get(id.module).path.first().filter(|_| is_macro);
        loose
            .iter()
            .filter(|path| path.len() > 1 && path.first() == own)
            .map(|path| [vec!["crate".to_string()], path.clone()].concat())
            .collect()
    }

    /// Every item of each module that item `id`'s macro tokens name through
    /// a variable (`open`: `crate::arch::avx2::$kind`).
    fn keep_open_modules(&mut self, id: ItemId, open: &[Vec<String>], self_types: &[ItemId]) {
        let names = self.names;
        for path in open {
            let mut through = BTreeSet::new();
            let resolved = names.resolve(id.module, path, self_types, &mut through, 0, false);
            self.cut.used_leaves.extend(through);
            for target in &resolved.targets {
                let Target::Module(module) = *target else {
                    continue;
                };
                for index in 0..names.krate.get(module).items.len() {
                    let item = ItemId { module, index };
                    self.add(
                        item,
                        Some(id),
                        "item of a module a macro names through a variable",
                    );
                }
            }
        }
    }

    /// The place that names another crate: the `use` leaf a path went
    /// through, if it did, else the path itself.
    fn foreign_place(&self, m: ModuleId, line: usize, through: &BTreeSet<LeafId>) -> Place {
        for &leaf in through {
            let mut scratch = BTreeSet::new();
            let targets = self.names.resolve_leaf(leaf, &mut scratch, 0);
            if targets.iter().any(|t| matches!(t, Target::Crate(_))) {
                let leaf = &self.names.leaves[leaf.0];
                return self.names.place(leaf.item.module, leaf.line);
            }
        }
        self.names.place(m, line)
    }

    fn poison(&mut self, id: ItemId, krate: &str, place: Place) {
        self.cut.items.remove(&id);
        self.foreign.insert(id);
        self.cut.foreign.push(Foreign {
            item: id,
            krate: krate.to_string(),
            place,
        });
    }

    /// Keeps the `use` leaves that bring a kept trait into scope where kept
    /// code calls a name it declares: a method call names no trait
    /// (petgraph's `edge.weight()` on an associated type, with `EdgeRef`
    /// in scope only through `use crate::prelude::*`, whose prelude
    /// nothing else kept).
    fn keep_trait_imports(&mut self) {
        let names = self.names;
        for &id in self.cut.items.keys() {
            let Item::Trait(t) = names.krate.item(id) else {
                continue;
            };
            let declared: BTreeSet<String> = t.items.iter().filter_map(trait_member_name).collect();
            for (&m, called) in &self.called {
                if called.keys().any(|n| declared.contains(n)) {
                    names.in_scope(m, id, &mut self.cut.used_leaves);
                }
            }
        }
    }

    /// Keeps impls, traits and item-level macro invocations that kept code
    /// may use without naming them; true if anything was added.
    fn settle(&mut self) -> bool {
        let mut changed = self.settle_impls();
        for id in self.names.krate.item_ids() {
            if !self.cut.items.contains_key(&id) {
                changed |= self.settle_unnamed(id);
            }
        }
        changed || !self.queue.is_empty()
    }

    /// An impl is kept once every item its header names is; an inherent
    /// one also once its type is and kept code calls one of its members
    /// by name (algorithm's `impl<K, V> LruCache<K, V, DefaultHasher> {
    /// fn new }`: the alias in its header is kept for it, not before).
    fn settle_impls(&mut self) -> bool {
        let names = self.names;
        let mut changed = false;
        for &imp in &names.impls {
            if self.cut.items.contains_key(&imp) {
                continue;
            }
            let header = names.impl_header_items(imp);
            let kept = |items: &[ItemId]| {
                !items.is_empty() && items.iter().all(|h| self.cut.items.contains_key(h))
            };
            if kept(&header) {
                changed |= self.add(
                    imp,
                    header.first().copied(),
                    "impl whose header names only kept items",
                );
                continue;
            }
            // An inherent impl: its members' names first, its type (resolved)
            // last.
            let Item::Impl(block) = names.krate.item(imp) else {
                continue;
            };
            if block.trait_.is_some() {
                continue;
            }
            let called = block.items.iter().any(|member| {
                let name = crate::syntax::impl_member_name(member);
                (self.called.values()).any(|c| name.as_ref().is_some_and(|n| c.contains_key(n)))
            });
            if !called {
                continue;
            }
            let self_items = self.own_type(imp, &block.self_ty);
            if kept(&self_items) {
                changed |= self.add(
                    imp,
                    self_items.first().copied(),
                    "inherent impl of a kept type whose member kept code calls",
                );
            }
        }
        changed
    }

    /// The item type `ty` of impl `imp` names itself, not its arguments
    /// (`LruCache`, not `DefaultHasher`).
    fn own_type(&self, imp: ItemId, ty: &syn::Type) -> Vec<ItemId> {
        let syn::Type::Path(p) = ty else {
            return Vec::new();
        };
        if p.qself.is_some() {
            return Vec::new();
        }
        let path: Vec<String> = (p.path.segments.iter())
            .map(|s| s.ident.to_string())
            .collect();
        let mut through = BTreeSet::new();
        let resolved = self
            .names
            .resolve(imp.module, &path, &[], &mut through, 0, false);
        resolved.items().collect()
    }

    /// Items kept code may need without a path to them: a trait whose
    /// method it calls, an anonymous const, an item-level macro call.
    fn settle_unnamed(&mut self, id: ItemId) -> bool {
        let names = self.names;
        match names.krate.item(id) {
            Item::Trait(t) => {
                let declares = |name: &String| {
                    t.items
                        .iter()
                        .any(|member| trait_member_name(member).as_ref() == Some(name))
                };
                let caller = self.called.iter().find_map(|(&m, called)| {
                    called
                        .iter()
                        .find(|(n, _)| declares(n))
                        .filter(|_| names.in_scope(m, id, &mut BTreeSet::new()))
                        .map(|(n, &by)| (n.clone(), by))
                });
                let Some((name, by)) = caller else {
                    return false;
                };
                let how = format!("trait declaring `{name}`, which the item above may call");
                self.add(id, Some(by), &how)
            }
            // `const _: () = { impl … };` (bitflags writes its impls so):
            // no path names it, and it may hold what kept code needs.
            Item::Const(c) if c.ident == "_" => match self.anonymous_const_matters(id) {
                Some(by) => self.add(
                    id,
                    Some(by),
                    "anonymous const whose code names the item above",
                ),
                None => false,
            },
            Item::Macro(mac) if mac.ident.is_none() => {
                match self.invocation_matters(id, &mac.mac) {
                    Some(by) => self.add(
                        id,
                        Some(by),
                        "macro invocation that may write code for the item above",
                    ),
                    None => false,
                }
            }
            _ => false,
        }
    }
}

impl Walk<'_, '_> {
    /// Whether an anonymous `const _` names a kept item: the first one.
    fn anonymous_const_matters(&self, id: ItemId) -> Option<ItemId> {
        let (refs, _) = self.refs_of(id);
        refs.paths
            .iter()
            .map(|(p, _)| p)
            .chain(refs.loose.iter())
            .find_map(|path| {
                let mut scratch = BTreeSet::new();
                self.names
                    .resolve(id.module, path, &[], &mut scratch, 0, false)
                    .items()
                    .find(|item| self.cut.items.contains_key(item))
            })
    }

    /// Whether an item-level invocation may write something kept code
    /// needs: its tokens, or its macro's body, name a kept item (an impl
    /// of a kept trait, or for a kept type). An item it defines that kept
    /// code names is not seen here: the cut then does not compile, and the
    /// whole library is shaken instead (slower, as right).
    fn invocation_matters(&self, id: ItemId, mac: &syn::Macro) -> Option<ItemId> {
        let names = self.names;
        let mut refs = Refs::default();
        scan_tokens(mac.tokens.clone(), &mut refs);
        let called = mac.path.segments.last().map(|s| s.ident.to_string());
        for &definition in called
            .and_then(|c| names.macros.get(&c))
            .into_iter()
            .flatten()
        {
            if let Item::Macro(def) = names.krate.item(definition) {
                scan_tokens(def.mac.tokens.clone(), &mut refs);
            }
        }
        refs.loose
            .iter()
            .chain(refs.paths.iter().map(|(p, _)| p))
            .find_map(|path| {
                let mut scratch = BTreeSet::new();
                names
                    .resolve(id.module, path, &[], &mut scratch, 0, false)
                    .items()
                    .find(|item| self.cut.items.contains_key(item))
            })
    }
}

/// A readable chain of why `item` is in the cut, from the entry point down.
pub fn chain(names: &Names, cut: &Cut, item: ItemId) -> Vec<String> {
    let mut chain = vec![item];
    while let Some(by) = cut
        .items
        .get(chain.last().expect("not empty"))
        .and_then(|w| w.by)
    {
        if chain.contains(&by) {
            break;
        }
        chain.push(by);
    }
    chain
        .iter()
        .rev()
        .enumerate()
        .map(|(depth, id)| {
            let how = cut.items.get(id).map(|w| w.how.as_str()).unwrap_or("");
            format!("{}{} ({how})", "  ".repeat(depth), names.item_path(*id))
        })
        .collect()
}

/// The name of a kept item, if it has one (for the foreign-crate check).
pub fn foreign_name(names: &Names, foreign: &Foreign) -> Option<String> {
    item_name(names.krate.item(foreign.item))
}
