//! The walk from the entry point: which items and members are kept, and
//! why (see `graph` for the rules).

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use syn::visit::Visit;
use syn::{ImplItem, Item};

use crate::error::Error;
use crate::graph::{member_count, member_name, Graph, ItemId, Node, Target};
use crate::refs::{scan_tokens, Collector};

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

/// Walks from `start` to everything it reaches.
pub fn walk(graph: &Graph, start: Node) -> Result<Reach, Error> {
    let mut walk = Walk {
        graph,
        reach: Reach {
            methods: vec![BTreeSet::new(); graph.krate.modules.len()],
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

struct Walk<'g, 'a> {
    graph: &'g Graph<'a>,
    reach: Reach,
    queue: VecDeque<Node>,
    method_names: BTreeSet<String>,
    assoc: BTreeSet<(ItemId, String)>,
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

    fn reach_targets(&mut self, node: Node, targets: &[Target], assoc: &[(ItemId, String)]) {
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

    fn trait_member_kept(&self, traits: &[ItemId], name: Option<String>) -> bool {
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
            let mut wanted: Vec<(ItemId, Option<usize>)> = Vec::new();
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
                // Lenient: an import of another crate that no kept code
                // uses is dropped, not an error.
                let (targets, _) = graph.resolve(m, &leaf.segments, &[], &mut scratch, 0, None)?;
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
        let kept_traits: Vec<ItemId> = self
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
