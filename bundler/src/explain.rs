//! `--explain NAME`: why an item or member is in the bundle, or why not,
//! as the chain of uses from the adapter's `main` down to it.
//!
//! A name is looked up as a path from the crate root (`dlx::Solver`); a
//! member by the type or trait it is called on, including a provided
//! method of a trait the type implements (`dlx::bitset::Solver::first` is
//! `Search::first`, as `impl Search for Solver` does not define `first`);
//! failing both, by its last segments (`Search::first`, `first`).
//!
//! ```text
//! $ bundler p4205 --explain dlx::bitset::Solver::first
//! crate::dlx::bitset::Solver::first is crate::dlx::Search::first, a provided method of the trait, through crate::dlx::bitset::<impl Search for Solver>
//! crate::dlx::bitset::Solver is kept:
//!   crate::problems::p4205::main (the entry point)
//!     crate::problems::p4205::solve (named by the item above)
//!       crate::dlx::bitset::Solver (named by the item above)
//! crate::dlx::Search::first is kept:
//!   …
//! ```

use std::collections::BTreeSet;

use syn::Item;

use crate::discover::{ItemId, ModuleId};
use crate::error::Error;
use crate::prune::{self, Keep};
use crate::reach::{self, Cut};
use crate::resolve::Names;
use crate::shake::{self, Shaken};
use crate::syntax::{impl_member_name, tidy, trait_member_name};

/// What the answer is made of: the library, the cut, and what became of
/// each item.
pub struct Facts<'f, 'a> {
    pub names: &'f Names<'a>,
    pub cut: &'f Cut,
    /// What rustc deleted: (readable path, rustc's message).
    pub removed: &'f [(String, String)],
    /// The readable path of every item and member of the whole library,
    /// with the item a member is in.
    pub whole: Vec<(String, Option<String>)>,
    /// The readable paths of the bundle's items and members.
    pub kept: BTreeSet<String>,
    /// The adapter's module, `crate::problems::p4205`: the other adapters'
    /// items are never in the bundle, so never an answer.
    pub adapter: String,
}

/// What a name was found to be.
#[derive(Clone, Debug)]
enum Found {
    Item(ItemId),
    /// A member of `holder` (an `impl` or a trait); `through` is the type
    /// asked about and its `impl` of the trait, when the member is the
    /// trait's provided method.
    Member {
        holder: ItemId,
        name: String,
        through: Option<(ItemId, ItemId)>,
    },
    /// A readable path found by its last segments.
    Path(String, Option<String>),
}

/// Why `query` is in the bundle or not.
pub fn explain(facts: &Facts, query: &str) -> Result<String, Error> {
    let segments = segments(query);
    let mut found = by_path(facts.names, &segments);
    if found.is_empty() {
        found = by_suffix(facts, &segments);
    }
    let mut out = String::new();
    let mut seen = BTreeSet::new();
    for one in found {
        let path = facts.path_of(&one);
        if facts.is_other_adapter(&path) || !seen.insert(path.clone()) {
            continue;
        }
        out.push_str(&facts.answer(&one, &path));
    }
    if out.is_empty() {
        return Err(Error::UnknownItem {
            name: query.to_string(),
        });
    }
    Ok(out)
}

/// `crate::a::B<T>::c` as `[a, B, c]`: generic arguments do not name.
fn segments(query: &str) -> Vec<String> {
    let mut plain = String::new();
    let mut depth = 0usize;
    for c in query.trim().chars() {
        match c {
            '<' => depth += 1,
            '>' => depth = depth.saturating_sub(1),
            _ if depth == 0 && !c.is_whitespace() => plain.push(c),
            _ => {}
        }
    }
    let mut segments: Vec<String> = plain.split("::").map(str::to_string).collect();
    if segments
        .first()
        .is_some_and(|s| s == "crate" || s.is_empty())
    {
        segments.remove(0);
    }
    segments
}

/// What `segments` name as a path from the crate root: items, and members
/// of the types and traits the path without its last segment names.
fn by_path(names: &Names, segments: &[String]) -> Vec<Found> {
    let items = |segments: &[String]| -> Vec<ItemId> {
        let mut path = vec!["crate".to_string()];
        path.extend(segments.iter().cloned());
        let mut scratch = BTreeSet::new();
        let resolved = names.resolve(ModuleId::ROOT, &path, &[], &mut scratch, 0, false);
        resolved.targets.iter().filter_map(item_target).collect()
    };
    let mut found: Vec<Found> = items(segments).into_iter().map(Found::Item).collect();
    if let Some((member, owner)) = segments.split_last() {
        for ty in items(owner) {
            found.extend(members_named(names, ty, ty, member, 0));
        }
    }
    found
}

fn item_target(target: &crate::resolve::Target) -> Option<ItemId> {
    match target {
        crate::resolve::Target::Item(item) => Some(*item),
        _ => None,
    }
}

/// The members called `name` that a value of type (or trait) `ty` has:
/// its trait's, its impls', and the provided methods of the traits it
/// implements. A type alias stands for its type; `asked` is the type the
/// user named (the alias, say).
fn members_named(names: &Names, asked: ItemId, ty: ItemId, name: &str, depth: usize) -> Vec<Found> {
    let member = |holder| Found::Member {
        holder,
        name: name.to_string(),
        through: None,
    };
    match names.krate.item(ty) {
        Item::Trait(t) if declares(t, name) => vec![member(ty)],
        Item::Type(alias) if depth < 8 => names
            .types_in(ty.module, &alias.ty)
            .into_iter()
            .flat_map(|aliased| members_named(names, asked, aliased, name, depth + 1))
            .collect(),
        Item::Struct(_) | Item::Enum(_) | Item::Union(_) => {
            let mut found = Vec::new();
            for &imp in &names.impls {
                if !names.impl_self_items(imp).contains(&ty) {
                    continue;
                }
                let Item::Impl(block) = names.krate.item(imp) else {
                    continue;
                };
                if block
                    .items
                    .iter()
                    .any(|m| impl_member_name(m).as_deref() == Some(name))
                {
                    found.push(member(imp));
                    continue;
                }
                for tr in names.impl_trait_items(imp) {
                    if matches!(names.krate.item(tr), Item::Trait(t) if declares(t, name)) {
                        found.push(Found::Member {
                            holder: tr,
                            name: name.to_string(),
                            through: Some((asked, imp)),
                        });
                    }
                }
            }
            found
        }
        _ => Vec::new(),
    }
}

fn declares(t: &syn::ItemTrait, name: &str) -> bool {
    t.items
        .iter()
        .any(|m| trait_member_name(m).as_deref() == Some(name))
}

/// The items and members of the whole library whose readable path ends
/// with `segments` (no `use` leaf: it is not what anyone asks about).
fn by_suffix(facts: &Facts, segments: &[String]) -> Vec<Found> {
    let wanted = segments.join("::");
    facts
        .whole
        .iter()
        .filter(|(path, _)| {
            let short = path.trim_start_matches("crate::");
            let last = path.rsplit("::").next().unwrap_or("");
            (short == wanted || short.ends_with(&format!("::{wanted}")))
                && !last.starts_with("use ")
        })
        .map(|(path, parent)| Found::Path(path.clone(), parent.clone()))
        .collect()
}

impl Facts<'_, '_> {
    fn is_other_adapter(&self, path: &str) -> bool {
        let adapters = "crate::problems::";
        path.starts_with(adapters)
            && path != self.adapter
            && !path.starts_with(&format!("{}::", self.adapter))
            && path != "crate::problems"
    }

    /// The readable path of what was found, as the bundle's nodes are named.
    fn path_of(&self, found: &Found) -> String {
        let names = self.names;
        match found {
            Found::Item(item) => names.item_path(*item),
            Found::Member { holder, name, .. } => match names.krate.item(*holder) {
                Item::Impl(imp) if imp.trait_.is_none() => {
                    let module = names.krate.module_name(holder.module);
                    format!("{module}::{}::{name}", tidy(&imp.self_ty))
                }
                _ => format!("{}::{name}", names.item_path(*holder)),
            },
            Found::Path(path, _) => path.clone(),
        }
    }

    /// The lines that answer for one thing found.
    fn answer(&self, found: &Found, path: &str) -> String {
        match found {
            Found::Item(item) => self.status(path, Some(*item), None),
            Found::Member {
                holder,
                through: None,
                ..
            } => {
                let parent = self.names.item_path(*holder);
                self.status(path, Some(*holder), Some(&parent))
            }
            Found::Member {
                holder,
                name,
                through: Some((ty, imp)),
            } => {
                let ty_path = self.names.item_path(*ty);
                let trait_path = self.names.item_path(*holder);
                format!(
                    "{ty_path}::{name} is {path}, a provided method of the trait, through {}\n{}{}",
                    self.names.item_path(*imp),
                    self.status(&ty_path, Some(*ty), None),
                    self.status(path, Some(*holder), Some(&trait_path)),
                )
            }
            Found::Path(path, parent) => {
                let item = self.item_at(parent.as_deref().unwrap_or(path));
                self.status(path, item, parent.as_deref())
            }
        }
    }

    /// The library item whose readable path is `path`.
    fn item_at(&self, path: &str) -> Option<ItemId> {
        let names = self.names;
        names
            .krate
            .item_ids()
            .find(|&id| names.item_path(id) == path)
    }

    /// Whether `path` is kept, with the chain that keeps `holder` (the
    /// item, or the item the member is in), or what dropped it.
    fn status(&self, path: &str, holder: Option<ItemId>, parent: Option<&str>) -> String {
        let removed = |p: &str| {
            self.removed
                .iter()
                .find(|(r, _)| r == p)
                .map(|(_, m)| m.clone())
        };
        let in_cut = holder.filter(|i| self.cut.items.contains_key(i));
        if self.kept.contains(path) {
            let chain = in_cut
                .map(|i| reach::chain(self.names, self.cut, i))
                .unwrap_or_default();
            let mut out = format!("{path} is kept:\n");
            for line in &chain {
                out.push_str(&format!("  {line}\n"));
            }
            if parent.is_some() {
                let indent = "  ".repeat(chain.len() + 1);
                out.push_str(&format!("{indent}{path} (a member rustc finds used)\n"));
            }
            return out;
        }
        if let Some(message) = removed(path) {
            return format!("{path} is dropped: rustc reports: {message}\n");
        }
        match (parent, in_cut) {
            (Some(parent), _) if removed(parent).is_some() => format!(
                "{path} is dropped with {parent}: rustc reports: {}\n",
                removed(parent).unwrap_or_default()
            ),
            (Some(parent), None) => {
                format!("{path} is dropped: no kept code names {parent}\n")
            }
            (None, None) => format!("{path} is dropped: no kept code names it\n"),
            (_, Some(_)) => format!("{path} is dropped: rustc finds it unused\n"),
        }
    }
}

/// Why `query` is in the bundle or not.
pub fn answer(
    names: &Names,
    cut: &Cut,
    shaken: Option<&Shaken>,
    file: &syn::File,
    adapter: Option<&[String]>,
    query: &str,
) -> Result<String, Error> {
    let whole = prune::assemble(names, Keep::Whole(cut), &cut.foreign, adapter, &[]);
    let facts = Facts {
        names,
        cut,
        removed: shaken.map_or(&[], |s| s.removed.as_slice()),
        whole: shake::node_paths(&whole),
        kept: shake::node_paths(file)
            .into_iter()
            .map(|(path, _)| path)
            .collect::<BTreeSet<String>>(),
        adapter: match adapter {
            Some(adapter) => format!("crate::{}", adapter.join("::")),
            None => "crate".to_string(),
        },
    };
    explain(&facts, query)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_lose_crate_generics_and_spaces() {
        assert_eq!(
            segments("crate::dlx::Solver::first"),
            ["dlx", "Solver", "first"]
        );
        assert_eq!(
            segments("geometry::Board<D>::new"),
            ["geometry", "Board", "new"]
        );
        assert_eq!(segments(" Links<Scan> :: first "), ["Links", "first"]);
        assert_eq!(segments("first"), ["first"]);
    }
}
