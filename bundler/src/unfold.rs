//! Pass 1b: every item-level call of a `macro_rules!` macro (and every
//! call among the members of an `impl` or a `trait`, as petgraph writes
//! its traits) is written out as the items it stands for, before any name
//! is resolved, so that every later pass sees what a call writes as the
//! plain items they know:
//!
//! ```text
//! macro_rules! imp { ($t:ty, $($a:meta),*) => { $(#[$a])* impl Name for $t {} } }
//! imp!(u8, cfg(feature = "std"));     // with `std` enabled, written out as:
//! impl Name for u8 {}
//! ```
//!
//! * the walk from the entry point reaches a crate through a function a
//!   call writes (`impl_convolve!(convolve_u64, W::crt)`), as through any;
//! * a `cfg` that came in as an argument is decided like every other, with
//!   the features cargo enabled for the crate ([`crate::cfg`]);
//! * rustc judges each written item on its own, so one call writing live
//!   and dead items keeps the live ones.
//!
//! Calls are resolved as rustc resolves them: a bare `name!` by textual
//! scope (the definitions above it in its module and in the modules around
//! it, a `#[macro_use]` module's after it, never another crate's), then by
//! a `use` of it; a path (`crate::m!`, `self::a::m!`, a crate's exported
//! macro) by the module it names. A call this cannot write out (a std
//! macro, a rule the expander does not read, one writing a module) stays a
//! call; rustc's reports inside it still get it written out later
//! ([`crate::shake`]).
//!
//! A written item keeps the spans of the tokens it came from (the call's
//! arguments, the definition's body), so rustc's reports on it are placed
//! in the library's files.

use std::collections::VecDeque;
use std::rc::Rc;

use syn::visit_mut::VisitMut;
use syn::{ImplItem, Item, Stmt, TraitItem};

use crate::cfg::Cfg;
use crate::discover::{Crate, ModuleId};
use crate::expand::Definition;
use crate::syntax::{flatten_use, impl_item_attrs_mut, item_attrs_mut, trait_item_attrs_mut};

/// A definition in textual scope.
struct Scoped {
    name: String,
    definition: Rc<Definition>,
}

/// How many calls one crate may write out: a macro that recurses without
/// end is left as a call once this is reached.
const MAX_CALLS: usize = 100_000;

/// Writes out every item-level call of `krate` whose macro is found.
pub fn unfold(krate: &mut Crate) {
    for (root, cfg) in krate.cfgs.clone() {
        let mut walk = Walk {
            krate,
            cfg: &cfg,
            root,
            calls: 0,
        };
        walk.module(root, &mut Vec::new());
    }
}

struct Walk<'k> {
    krate: &'k mut Crate,
    /// The configuration of the crate being walked.
    cfg: &'k Cfg,
    /// That crate's root module.
    root: ModuleId,
    calls: usize,
}

impl Walk<'_> {
    /// Walks module `m`'s items in order, `scope` the definitions above.
    fn module(&mut self, m: ModuleId, scope: &mut Vec<Scoped>) {
        let mut i = 0;
        while i < self.krate.modules[m.0].items.len() {
            match &self.krate.modules[m.0].items[i] {
                Item::Macro(mac) if mac.ident.is_some() => {
                    if let (Some(ident), Some(definition)) = (&mac.ident, Definition::read(mac)) {
                        scope.push(Scoped {
                            name: ident.to_string(),
                            definition: Rc::new(definition),
                        });
                    }
                }
                Item::Macro(mac) => {
                    let (call, attrs) = (mac.mac.clone(), mac.attrs.clone());
                    if let Some(written) = self.write_items(m, &call, &attrs, scope) {
                        self.splice(m, i, written);
                        // The written items are walked in turn: they may
                        // define macros or call them.
                        continue;
                    }
                }
                Item::Impl(_) | Item::Trait(_) => {
                    self.members(m, i, scope);
                    self.blocks(m, i, scope);
                }
                Item::Mod(module) => {
                    let macro_use = module.attrs.iter().any(|a| a.path().is_ident("macro_use"));
                    let child = self.krate.modules[m.0].children.get(&i).copied();
                    if let Some(child) = child.filter(|c| !self.krate.mounted.contains(c)) {
                        let mark = scope.len();
                        self.module(child, scope);
                        if !macro_use {
                            scope.truncate(mark);
                        }
                    }
                }
                _ => self.blocks(m, i, scope),
            }
            i += 1;
        }
    }

    /// Writes out the item-level calls inside the blocks of item `i` of
    /// module `m` (a function's body, a `const _: () = { … };`).
    fn blocks(&mut self, m: ModuleId, i: usize, scope: &mut Vec<Scoped>) {
        let placeholder = Item::Verbatim(proc_macro2::TokenStream::new());
        let mut item = std::mem::replace(&mut self.krate.modules[m.0].items[i], placeholder);
        let mut blocks = Blocks {
            walk: self,
            module: m,
            scope,
        };
        blocks.visit_item_mut(&mut item);
        self.krate.modules[m.0].items[i] = item;
    }

    /// Replaces item `i` of module `m` by `written`.
    fn splice(&mut self, m: ModuleId, i: usize, written: Vec<Item>) {
        let module = &mut self.krate.modules[m.0];
        let added = written.len();
        module.items.splice(i..=i, written);
        let children = std::mem::take(&mut module.children);
        module.children = children
            .into_iter()
            .map(|(k, c)| (if k > i { k + added - 1 } else { k }, c))
            .collect();
    }

    /// Writes out the member-level calls of the `impl` or `trait` at item
    /// `i` (petgraph writes its traits' members with a macro).
    fn members(&mut self, m: ModuleId, i: usize, scope: &[Scoped]) {
        let calls = match &self.krate.modules[m.0].items[i] {
            Item::Impl(imp) => imp.items.iter().any(|member| member.call().is_some()),
            Item::Trait(t) => t.items.iter().any(|member| member.call().is_some()),
            _ => false,
        };
        if !calls {
            return;
        }
        let written = match self.krate.modules[m.0].items[i].clone() {
            Item::Impl(mut imp) => self.write_members(m, &imp.items, scope).map(|members| {
                imp.items = members;
                Item::Impl(imp)
            }),
            Item::Trait(mut t) => self.write_members(m, &t.items, scope).map(|members| {
                t.items = members;
                Item::Trait(t)
            }),
            _ => None,
        };
        let Some(written) = written else {
            return;
        };
        let mut file = file_of(vec![written]);
        self.cfg.apply(&mut file);
        if let Some(decided) = file.items.pop() {
            self.krate.modules[m.0].items[i] = decided;
        }
    }

    /// `members` with their calls written out, each written member with
    /// the call's attributes; `None` if none is a call that can be.
    fn write_members<T: Member>(
        &mut self,
        m: ModuleId,
        members: &[T],
        scope: &[Scoped],
    ) -> Option<Vec<T>> {
        let mut out = Vec::with_capacity(members.len());
        let mut queue: VecDeque<T> = members.iter().cloned().collect();
        let mut changed = false;
        while let Some(member) = queue.pop_front() {
            let written = member.call().and_then(|(mac, attrs)| {
                let definition = self.definition(m, mac, scope)?;
                let written: Vec<T> = definition.write(mac).ok()?;
                Some(
                    written
                        .into_iter()
                        .map(|mut w| {
                            if let Some(own) = w.attrs_mut() {
                                own.splice(0..0, attrs.iter().cloned());
                            }
                            w
                        })
                        .collect::<Vec<T>>(),
                )
            });
            match written {
                Some(written) => {
                    changed = true;
                    for w in written.into_iter().rev() {
                        queue.push_front(w);
                    }
                }
                None => out.push(member),
            }
        }
        changed.then_some(out)
    }

    /// The items call `mac` in module `m` writes, each with the call's
    /// attributes `attrs` (a `cfg` on the call holds for all it writes),
    /// their `cfg`s decided; `None` if it stays a call.
    fn write_items(
        &mut self,
        m: ModuleId,
        mac: &syn::Macro,
        attrs: &[syn::Attribute],
        scope: &[Scoped],
    ) -> Option<Vec<Item>> {
        let definition = self.definition(m, mac, scope)?;
        let mut written: Vec<Item> = definition.write(mac).ok()?;
        for item in &mut written {
            if let Some(own) = item_attrs_mut(item) {
                own.splice(0..0, attrs.iter().cloned());
            }
        }
        let mut file = file_of(written);
        self.cfg.apply(&mut file);
        // A written module would need a module of its own in the tree (one
        // under `#[cfg(test)]`, as num-integer's calls write, is gone now).
        if file.items.iter().any(|item| matches!(item, Item::Mod(_))) {
            return None;
        }
        Some(file.items)
    }

    /// The definition call `mac` in module `m` names, counting the call.
    fn definition(
        &mut self,
        m: ModuleId,
        mac: &syn::Macro,
        scope: &[Scoped],
    ) -> Option<Rc<Definition>> {
        if self.calls >= MAX_CALLS {
            return None;
        }
        let segments: Vec<String> = mac
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        let found = match segments.as_slice() {
            [name] if mac.path.leading_colon.is_none() => scope
                .iter()
                .rev()
                .find(|s| s.name == *name)
                .map(|s| Rc::clone(&s.definition))
                .or_else(|| self.imported(m, name, 0)),
            _ => self.by_path(m, &segments, 0),
        };
        self.calls += usize::from(found.is_some());
        found
    }

    /// The macro `name` that a `use` in module `m` imports.
    fn imported(&self, m: ModuleId, name: &str, depth: usize) -> Option<Rc<Definition>> {
        if depth > 8 {
            return None;
        }
        self.krate.modules[m.0].items.iter().find_map(|item| {
            let Item::Use(u) = item else {
                return None;
            };
            let mut flat = Vec::new();
            flatten_use(&u.tree, &mut Vec::new(), &mut flat);
            flat.into_iter()
                .filter(|(_, bound)| bound.as_deref() == Some(name))
                .find_map(|(path, _)| match path.as_slice() {
                    // `use name;`, `pub(crate) use name;`: the definition
                    // in this module.
                    [only] => self.defined_in(m, only),
                    _ => self.by_path(m, &path, depth + 1),
                })
        })
    }

    /// The macro a path names, seen from module `m`: its last segment in
    /// the module the others lead to.
    fn by_path(&self, m: ModuleId, segments: &[String], depth: usize) -> Option<Rc<Definition>> {
        let (name, front) = segments.split_last()?;
        let mut module = m;
        for (k, segment) in front.iter().enumerate() {
            module = match segment.as_str() {
                "crate" if k == 0 => ModuleId::ROOT,
                "self" if k == 0 => m,
                "super" => self.krate.modules[module.0].parent?,
                child => self.child(module, child)?,
            };
        }
        self.defined_in(module, name)
            .or_else(|| self.imported(module, name, depth + 1))
            .or_else(|| self.exported(module, name))
    }

    /// Module `m`'s child module `name`.
    fn child(&self, m: ModuleId, name: &str) -> Option<ModuleId> {
        let module = &self.krate.modules[m.0];
        module
            .children
            .values()
            .copied()
            .find(|&c| self.krate.modules[c.0].path.last().map(String::as_str) == Some(name))
    }

    /// The last definition of `name` among module `m`'s items.
    fn defined_in(&self, m: ModuleId, name: &str) -> Option<Rc<Definition>> {
        self.krate.modules[m.0]
            .items
            .iter()
            .rev()
            .find_map(|item| match item {
                Item::Macro(mac) if mac.ident.as_ref().is_some_and(|i| i == name) => {
                    Definition::read(mac).map(Rc::new)
                }
                _ => None,
            })
    }

    /// A `#[macro_export]` definition of `name` anywhere in the crate of
    /// module `m` (exported at its crate's root, whatever module defines it).
    fn exported(&self, m: ModuleId, name: &str) -> Option<Rc<Definition>> {
        let root = match m == self.root || self.krate.is_within(m, self.root) {
            true => self.root,
            false => return None,
        };
        (0..self.krate.modules.len())
            .map(ModuleId)
            .filter(|&c| self.krate.is_within(c, root))
            .find_map(|c| {
                self.krate.modules[c.0]
                    .items
                    .iter()
                    .find_map(|item| match item {
                        Item::Macro(mac)
                            if mac.ident.as_ref().is_some_and(|i| i == name)
                                && mac.attrs.iter().any(|a| a.path().is_ident("macro_export")) =>
                        {
                            Definition::read(mac).map(Rc::new)
                        }
                        _ => None,
                    })
            })
    }
}

/// The blocks of one item, walked for item-level calls in statement
/// position; the definitions a block holds are in scope to its end.
struct Blocks<'b, 'k> {
    walk: &'b mut Walk<'k>,
    module: ModuleId,
    scope: &'b mut Vec<Scoped>,
}

impl Blocks<'_, '_> {
    /// Walks `items` (an inline module's, or a block's) in order.
    fn items(&mut self, items: &mut Vec<Item>) {
        let mark = self.scope.len();
        let mut k = 0;
        while k < items.len() {
            match &items[k] {
                Item::Macro(mac) if mac.ident.is_some() => {
                    self.define(mac);
                }
                Item::Macro(mac) => {
                    let (call, attrs) = (mac.mac.clone(), mac.attrs.clone());
                    if let Some(written) =
                        self.walk
                            .write_items(self.module, &call, &attrs, self.scope)
                    {
                        items.splice(k..=k, written);
                        continue;
                    }
                }
                _ => {}
            }
            self.visit_item_mut(&mut items[k]);
            k += 1;
        }
        self.scope.truncate(mark);
    }

    fn define(&mut self, mac: &syn::ItemMacro) {
        if let (Some(ident), Some(definition)) = (&mac.ident, Definition::read(mac)) {
            self.scope.push(Scoped {
                name: ident.to_string(),
                definition: Rc::new(definition),
            });
        }
    }
}

impl VisitMut for Blocks<'_, '_> {
    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            self.items(items);
        }
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        let mark = self.scope.len();
        let mut k = 0;
        while k < block.stmts.len() {
            let call = match &block.stmts[k] {
                Stmt::Item(Item::Macro(mac)) if mac.ident.is_some() => {
                    self.define(mac);
                    None
                }
                Stmt::Item(Item::Macro(mac)) => Some((mac.mac.clone(), mac.attrs.clone())),
                Stmt::Macro(mac) => Some((mac.mac.clone(), mac.attrs.clone())),
                _ => None,
            };
            let written = call.and_then(|(call, attrs)| {
                self.walk
                    .write_items(self.module, &call, &attrs, self.scope)
            });
            if let Some(written) = written {
                block
                    .stmts
                    .splice(k..=k, written.into_iter().map(Stmt::Item));
                continue;
            }
            self.visit_stmt_mut(&mut block.stmts[k]);
            k += 1;
        }
        self.scope.truncate(mark);
    }
}

/// A file holding `items`, for [`Cfg::apply`].
fn file_of(items: Vec<Item>) -> syn::File {
    syn::File {
        shebang: None,
        attrs: Vec::new(),
        items,
    }
}

/// A member of an `impl` or a `trait`, which a macro call may stand for.
trait Member: crate::expand::Written + Clone {
    /// The call it is, with its attributes.
    fn call(&self) -> Option<(&syn::Macro, &[syn::Attribute])>;
    fn attrs_mut(&mut self) -> Option<&mut Vec<syn::Attribute>>;
}

impl Member for ImplItem {
    fn call(&self) -> Option<(&syn::Macro, &[syn::Attribute])> {
        match self {
            ImplItem::Macro(m) => Some((&m.mac, &m.attrs)),
            _ => None,
        }
    }

    fn attrs_mut(&mut self) -> Option<&mut Vec<syn::Attribute>> {
        impl_item_attrs_mut(self)
    }
}

impl Member for TraitItem {
    fn call(&self) -> Option<(&syn::Macro, &[syn::Attribute])> {
        match self {
            TraitItem::Macro(m) => Some((&m.mac, &m.attrs)),
            _ => None,
        }
    }

    fn attrs_mut(&mut self) -> Option<&mut Vec<syn::Attribute>> {
        trait_item_attrs_mut(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    /// The items of each module after unfolding `lib`, as text.
    fn unfolded(lib: &str) -> Vec<String> {
        let dir = tempfile::tempdir().expect("a temporary directory");
        std::fs::create_dir_all(dir.path().join("src")).expect("src");
        std::fs::write(dir.path().join("src/lib.rs"), lib).expect("lib.rs");
        let mut krate = crate::discover::discover(dir.path(), dir.path()).expect("reads");
        unfold(&mut krate);
        krate
            .modules
            .iter()
            .map(|m| {
                let items = &m.items;
                quote::quote!(#(#items)*).into_token_stream().to_string()
            })
            .collect()
    }

    #[test]
    fn calls_are_found_by_textual_scope_as_rustc_finds_them() {
        let modules = unfolded(
            "macro_rules! a { () => { pub fn from_a() {} } }\n\
             #[macro_use] mod m { macro_rules! b { () => { pub fn from_b() {} } } a!(); }\n\
             b!();\n\
             mod early { c!(); }\n\
             macro_rules! c { () => { pub fn from_c() {} } }\n\
             mod late { c!(); crate::m::d!(); }\n",
        );
        let [root, m, early, late] = modules.as_slice() else {
            panic!("four modules: {modules:?}");
        };
        // `a!` is above `mod m`; `b!` is in scope after the `#[macro_use]`
        // module; `c!` only below its definition.
        assert!(m.contains("pub fn from_a"), "{m}");
        assert!(
            root.contains("pub fn from_b") && !root.contains("b ! ()"),
            "{root}"
        );
        assert!(early.contains("c ! ()"), "{early}");
        assert!(late.contains("pub fn from_c"), "{late}");
        // A path to a module without the macro: the call stays.
        assert!(late.contains("crate :: m :: d ! ()"), "{late}");
    }

    #[test]
    fn a_call_writing_a_test_module_is_written_out_without_it() {
        // num-integer's calls write an impl and its `#[cfg(test)] mod`;
        // a module that stays keeps the call a call.
        let modules = unfolded(
            "macro_rules! imp { ($t:ident, $m:ident) => { pub struct $t; #[cfg(test)] mod $m {} } }\n\
             macro_rules! with_mod { ($m:ident) => { pub struct Other; mod $m {} } }\n\
             imp!(Written, tests_w);\n\
             with_mod!(inner);\n",
        );
        let root = &modules[0];
        assert!(
            root.contains("pub struct Written") && !root.contains("tests_w"),
            "{root}"
        );
        assert!(root.contains("with_mod ! (inner)"), "{root}");
    }

    #[test]
    fn a_cfg_on_the_call_or_in_its_arguments_goes_on_what_it_writes() {
        let modules = unfolded(
            "macro_rules! imp { ($t:ident, $($a:meta),*) => { $(#[$a])* pub struct $t; } }\n\
             imp!(Kept, cfg(not(test)));\n\
             imp!(Gone, cfg(test));\n\
             #[cfg(test)] imp!(AlsoGone, doc = \"x\");\n",
        );
        assert!(modules[0].contains("pub struct Kept"), "{}", modules[0]);
        assert!(!modules[0].contains("Gone"), "{}", modules[0]);
    }
}
