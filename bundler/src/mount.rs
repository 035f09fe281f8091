//! Rewrites the files of one crate of a user's package so that it works as
//! a module of the bundle: the bin's own code at the crate root, each
//! library crate as `mod <name>` beside it.
//!
//! ```text
//! in mylib:   crate::grid::Grid      → crate::mylib::grid::Grid
//!             $crate::input!         → $crate::proconio::input!
//!             ac_library::Dsu        → crate::ac_library::Dsu
//! in the bin: use mylib::twice;      → use crate::mylib::twice;
//! ```
//!
//! A `#[macro_export]` macro would be exported at the bundle's root, where
//! nothing looks for it; it is kept where it is defined instead and made
//! reachable by path the way a 2018 crate does it, `pub(crate) use name;`
//! after it and in each module up to its crate's root. `extern crate x;`
//! goes (names of crates are rewritten wherever they are used), and
//! `extern crate alloc;` is added at the bundle's root, where it must be
//! for every module to see `alloc`, and stays where it was, where
//! `crate::alloc::…` names it; `extern crate alloc as stdalloc;` makes the
//! crate's `stdalloc::…` paths `alloc::…`. In an edition-2015 crate, `use a::b` and
//! `::a::b` are crate-relative, and are rewritten so.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use syn::visit_mut::VisitMut;
use syn::{Item, UseTree};

use crate::cargo::Extern;
use crate::syntax::item_name;
use crate::syntax::{flatten_use, is_std};

/// One crate as a module of the bundle.
#[derive(Clone, Debug)]
pub struct Mount {
    /// Its module's name, `""` for the bin (the crate root).
    pub name: String,
    /// Its library's name, which its macros may write to name it
    /// (pathfinding's `matrix!` writes `pathfinding::matrix::Matrix`).
    pub own: String,
    pub edition: String,
    /// What the names of its dependencies mean.
    pub externs: BTreeMap<String, Extern>,
    /// The names its root gives std's crates (`stdalloc` → `alloc`).
    pub std_renames: BTreeMap<String, String>,
}

/// What rewriting one file found that its crate's root must add.
#[derive(Debug, Default)]
pub struct Found {
    /// `#[macro_export]` macros: the module they are defined in (from the
    /// crate's root) and their name.
    pub exported: Vec<(Vec<String>, String)>,
    /// It had `extern crate alloc;`.
    pub alloc: bool,
    /// `extern crate alloc as stdalloc;` (hashbrown's): the names a crate
    /// gives std's crates, which its paths are rewritten from.
    pub std_renames: BTreeMap<String, String>,
}

/// Rewrites `file`, the file of module `module` (a path from its crate's
/// root) of crate `mount`.
pub fn rewrite(file: &mut syn::File, mount: &Mount, module: &[String]) -> Found {
    let mut rewriter = Rewriter {
        mount,
        module: module.to_vec(),
        scopes: Vec::new(),
        qualified: None,
        found: Found::default(),
    };
    rewriter.items(&mut file.items);
    rewriter.found
}

struct Rewriter<'m> {
    mount: &'m Mount,
    module: Vec<String>,
    /// The names each enclosing module binds, innermost last.
    scopes: Vec<BTreeSet<String>>,
    /// The position of a qualified self (`<T>::f`) the next path follows.
    qualified: Option<usize>,
    found: Found,
}

impl Rewriter<'_> {
    /// The items of one module: extern crates go, exported macros are
    /// re-exported, then everything is rewritten.
    fn items(&mut self, items: &mut Vec<Item>) {
        let mut out = Vec::with_capacity(items.len());
        // The re-exports added here name a macro in textual scope, which
        // no edition's paths rewrite.
        let mut added = BTreeSet::new();
        // `use crate::zip;` in the module that defines the exported `zip`
        // names what the re-export below binds here (E0252 if both).
        if !self.mount.name.is_empty() {
            for name in exported_macros(items) {
                drop_use_leaf(items, &["crate", &name]);
            }
        }
        for mut item in std::mem::take(items) {
            match &mut item {
                Item::ExternCrate(krate) => {
                    if self.keeps_extern_crate(krate) {
                        out.push(item);
                    }
                    continue;
                }
                Item::Macro(mac) if !self.mount.name.is_empty() => {
                    let exported = mac.attrs.iter().any(|a| a.path().is_ident("macro_export"));
                    if let (true, Some(name)) = (exported, mac.ident.clone()) {
                        if mac.attrs.iter().any(is_local_inner) {
                            mac.mac.tokens = local_inner_calls(mac.mac.tokens.clone());
                        }
                        mac.attrs.retain(|a| !a.path().is_ident("macro_export"));
                        out.push(item);
                        added.insert(out.len());
                        out.push(syn::parse_quote!(pub(crate) use #name;));
                        self.found
                            .exported
                            .push((self.module.clone(), name.to_string()));
                        continue;
                    }
                }
                _ => {}
            }
            out.push(item);
        }
        *items = out;
        self.scopes.push(bound_names(items));
        for (k, item) in items.iter_mut().enumerate() {
            if !added.contains(&k) {
                self.visit_item_mut(item);
            }
        }
        self.scopes.pop();
    }

    /// Whether `extern crate …;` stays. Another crate's goes: its name is
    /// rewritten wherever it is used. A std crate's is also an item of its
    /// module, which `crate::alloc::…` names (hashbrown's `use
    /// crate::alloc::alloc::Layout`), so it stays (in a library, without
    /// `#[macro_use]`, which only a crate root takes); renamed in a
    /// library (`alloc as stdalloc`), the new name's paths are rewritten.
    fn keeps_extern_crate(&mut self, krate: &mut syn::ItemExternCrate) -> bool {
        let name = krate.ident.to_string();
        self.found.alloc |= name == "alloc";
        if !is_std(&name) || name == "self" {
            return false;
        }
        if self.mount.name.is_empty() {
            return true;
        }
        if let Some((_, rename)) = &krate.rename {
            self.found.std_renames.insert(rename.to_string(), name);
            return false;
        }
        krate.attrs.retain(|a| !a.path().is_ident("macro_use"));
        true
    }

    /// How a path's front changes: its first `k` segments (0 or 1) give
    /// way to the returned ones. `first` is its first segment, `len` its
    /// length, `global` whether `::` leads it; `None`: it stays.
    fn front(
        &self,
        first: &str,
        len: usize,
        global: bool,
        is_use: bool,
    ) -> Option<(usize, Vec<String>)> {
        let here = || vec!["crate".to_string(), self.mount.name.clone()];
        let path_like = len > 1 || is_use || global;
        if first == "crate" && !global {
            return (!self.mount.name.is_empty() && path_like).then(|| (1, here()));
        }
        let renamed = self
            .found
            .std_renames
            .get(first)
            .or_else(|| self.mount.std_renames.get(first));
        if let Some(std_crate) = renamed {
            let bound = self.scopes.last().is_some_and(|s| s.contains(first));
            return (path_like && !bound).then(|| (1, vec![std_crate.clone()]));
        }
        if let Some(Extern::Mounted(module)) = self.mount.externs.get(first) {
            let bound = self.scopes.last().is_some_and(|s| s.contains(first));
            // At the bundle's root the module itself is in scope.
            let at_root = self.mount.name.is_empty() && self.scopes.len() == 1 && module == first;
            let rewrite = path_like && (global || !(bound || at_root));
            return rewrite.then(|| (1, vec!["crate".to_string(), module.clone()]));
        }
        // A library naming itself: a macro of it called in another module
        // or crate, where the name is no module of the bundle's.
        if !self.mount.name.is_empty() && first == self.mount.own {
            let bound = self.scopes.last().is_some_and(|s| s.contains(first));
            return (path_like && !bound).then(|| (1, here()));
        }
        // Edition 2015: `use a::b` and `::a::b` start at the crate root.
        let keyword = matches!(first, "crate" | "self" | "super" | "Self");
        let relative = self.mount.edition == "2015"
            && (global || is_use)
            && !keyword
            && !is_std(first)
            && !self.mount.externs.contains_key(first);
        (relative && !self.mount.name.is_empty()).then(|| (0, here()))
    }
}

impl Rewriter<'_> {
    /// Whether use tree `tree` imports a mounted crate itself (`num_traits`,
    /// `num_traits as nt`), not an item of it.
    fn names_a_mounted_crate(&self, tree: &UseTree) -> bool {
        let name = match tree {
            UseTree::Name(n) => &n.ident,
            UseTree::Rename(r) => &r.ident,
            _ => return false,
        };
        matches!(
            self.mount.externs.get(&name.to_string()),
            Some(Extern::Mounted(_))
        )
    }
}

/// Whether `attr` is `#[macro_export(local_inner_macros)]`.
fn is_local_inner(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("macro_export")
        && matches!(&attr.meta, syn::Meta::List(l) if l.tokens.to_string().contains("local_inner_macros"))
}

/// A `macro_rules!` body whose transcribers call every macro named by one
/// word (`__lazy_static_internal!`) as `$crate::name!`: what
/// `#[macro_export(local_inner_macros)]` asks rustc to do, and what the
/// bundle must write once the attribute is gone.
fn local_inner_calls(body: TokenStream) -> TokenStream {
    let mut out = Vec::new();
    let mut after_arrow = false;
    for token in body {
        match &token {
            TokenTree::Group(g) if after_arrow => {
                let mut group = proc_macro2::Group::new(g.delimiter(), crate_qualified(g.stream()));
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
                after_arrow = false;
                continue;
            }
            TokenTree::Punct(p) if p.as_char() == '>' => {
                after_arrow = matches!(out.last(), Some(TokenTree::Punct(q)) if q.as_char() == '=');
            }
            _ => after_arrow = false,
        }
        out.push(token);
    }
    out.into_iter().collect()
}

/// `tokens` with `name!` written `$crate::name!` wherever `name` is one
/// word (not after `$`, `::` or `.`, and not `macro_rules`).
fn crate_qualified(tokens: TokenStream) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(tokens.len());
    for (k, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Group(g) => {
                let mut group = proc_macro2::Group::new(g.delimiter(), crate_qualified(g.stream()));
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
                continue;
            }
            TokenTree::Ident(name) => {
                let bang =
                    matches!(tokens.get(k + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                let qualified = match out.last() {
                    Some(TokenTree::Punct(p)) => matches!(p.as_char(), '$' | ':' | '.'),
                    _ => false,
                };
                if bang && !qualified && name != "macro_rules" {
                    let span = name.span();
                    let mut dollar = Punct::new('$', Spacing::Alone);
                    dollar.set_span(span);
                    out.push(TokenTree::Punct(dollar));
                    out.push(TokenTree::Ident(Ident::new("crate", span)));
                    push_colons(&mut out, span);
                }
            }
            _ => {}
        }
        out.push(token.clone());
    }
    out.into_iter().collect()
}

/// The names of the `#[macro_export]` macros among `items`.
fn exported_macros(items: &[Item]) -> Vec<String> {
    items
        .iter()
        .filter_map(|item| match item {
            Item::Macro(mac) if mac.attrs.iter().any(|a| a.path().is_ident("macro_export")) => {
                mac.ident.as_ref().map(ToString::to_string)
            }
            _ => None,
        })
        .collect()
}

/// Takes out of the `use` items of `items` every leaf importing exactly
/// `path` under its own name; a `use` left empty goes.
pub fn drop_use_leaf(items: &mut Vec<Item>, path: &[&str]) {
    crate::syntax::retain_use_leaves(items, &|leaf, renamed| !renamed && leaf == path);
}

/// Idents named `names`, placed at `span`.
fn idents(names: &[String], span: Span) -> Vec<Ident> {
    names.iter().map(|n| Ident::new(n, span)).collect()
}

/// `a::b::…::inner` as a `use` tree, for `names` `[a, b, …]`.
fn nest(names: &[Ident], inner: UseTree) -> UseTree {
    names.iter().rev().fold(inner, |tree, ident| {
        UseTree::Path(syn::UsePath {
            ident: ident.clone(),
            colon2_token: Default::default(),
            tree: Box::new(tree),
        })
    })
}

/// The names the items of one module bind where a path's first segment is
/// looked up (items and `use` leaves), which may hide a crate of the same
/// name. A function, constant or static lives in the value namespace and
/// hides nothing (`memchr::memrchr` beside `fn memchr`), nor does a leaf
/// that imports from the crate its own name (`use memchr::memchr;`) or
/// the crate itself (pathfinding's `pub use num_traits;`).
fn bound_names(items: &[Item]) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for item in items {
        match item {
            Item::Use(u) => {
                let mut flat = Vec::new();
                flatten_use(&u.tree, &mut Vec::new(), &mut flat);
                names.extend(
                    flat.into_iter()
                        .filter_map(|(path, name)| name.filter(|n| path.first() != Some(n))),
                );
            }
            Item::Fn(_) | Item::Const(_) | Item::Static(_) | Item::Macro(_) => {}
            other => names.extend(item_name(other)),
        }
    }
    names
}

impl VisitMut for Rewriter<'_> {
    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        for attr in &mut module.attrs {
            self.visit_attribute_mut(attr);
        }
        if let Some((_, items)) = &mut module.content {
            self.module.push(module.ident.to_string());
            self.items(items);
            self.module.pop();
        }
    }

    // A library's `pub(crate)` is its own crate, now one module of the
    // bundle: `pub(in crate::mylib)`, or rustc compares it with the wider
    // bundle (indexmap's `Core::into_entries` drew `private_interfaces`).
    fn visit_visibility_mut(&mut self, vis: &mut syn::Visibility) {
        if let syn::Visibility::Restricted(r) = vis {
            let own_crate = r.in_token.is_none() && r.path.is_ident("crate");
            if own_crate && !self.mount.name.is_empty() {
                let name = Ident::new(&self.mount.name, syn::spanned::Spanned::span(&r.path));
                *vis = syn::parse_quote!(pub(in crate::#name));
                return;
            }
        }
        syn::visit_mut::visit_visibility_mut(self, vis);
    }

    fn visit_item_use_mut(&mut self, u: &mut syn::ItemUse) {
        self.visit_visibility_mut(&mut u.vis);
        let global = u.leading_colon.is_some();
        let crate_itself = self.names_a_mounted_crate(&u.tree);
        if rewrite_use(self, &mut u.tree, global) {
            u.leading_colon = None;
        }
        // A crate is a private module of the bundle's root: re-exported
        // (`pub use num_traits;`), it can be no more than crate-visible.
        if crate_itself && matches!(u.vis, syn::Visibility::Public(_)) {
            u.vis = syn::parse_quote!(pub(crate));
        }
    }

    // `<Self as crate::Float>::f`: the trait's segments grow by the
    // mount's, and `position` counts them.
    fn visit_expr_path_mut(&mut self, e: &mut syn::ExprPath) {
        let before = e.path.segments.len();
        syn::visit_mut::visit_expr_path_mut(self, e);
        grow_qself(&mut e.qself, before, e.path.segments.len());
    }

    fn visit_type_path_mut(&mut self, t: &mut syn::TypePath) {
        let before = t.path.segments.len();
        syn::visit_mut::visit_type_path_mut(self, t);
        grow_qself(&mut t.qself, before, t.path.segments.len());
    }

    fn visit_qself_mut(&mut self, qself: &mut syn::QSelf) {
        syn::visit_mut::visit_qself_mut(self, qself);
        self.qualified = Some(qself.position);
    }

    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        // `<T>::f`: syn's leading `::` is not a crate's.
        let fake_colon = self.qualified.take() == Some(0);
        let global = path.leading_colon.is_some() && !fake_colon;
        let first = path.segments.first().map(|s| s.ident.to_string());
        let front = first
            .filter(|_| !fake_colon)
            .and_then(|f| self.front(&f, path.segments.len(), global, false));
        if let Some((k, names)) = front {
            let span = path.segments[0].ident.span();
            let old = std::mem::take(&mut path.segments);
            path.segments = idents(&names, span)
                .into_iter()
                .map(syn::PathSegment::from)
                .chain(old.into_iter().skip(k))
                .collect();
            path.leading_colon = None;
        }
        syn::visit_mut::visit_path_mut(self, path);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        // `stdalloc::format!`: std's macro under the crate's name for alloc.
        let first = mac.path.segments.first().map(|s| s.ident.to_string());
        let renamed = first.and_then(|f| {
            self.found
                .std_renames
                .get(&f)
                .or_else(|| self.mount.std_renames.get(&f))
                .cloned()
        });
        if let (Some(std_crate), true) = (renamed, mac.path.segments.len() > 1) {
            let span = mac.path.segments[0].ident.span();
            mac.path.segments[0].ident = Ident::new(&std_crate, span);
        }
        syn::visit_mut::visit_path_mut(self, &mut mac.path);
        mac.tokens = rewrite_tokens(self, std::mem::take(&mut mac.tokens));
    }
}

/// `qself`'s trait segments, once a path of `before` segments has
/// `after`: a rewritten front belongs to the trait (`<T as a::B>::f`), and
/// `<T>::f` has no trait to grow.
fn grow_qself(qself: &mut Option<syn::QSelf>, before: usize, after: usize) {
    if let Some(q) = qself.as_mut().filter(|q| q.position > 0) {
        q.position = (q.position + after).saturating_sub(before);
    }
}

/// Rewrites the start of a `use` tree; true if it changed (a leading
/// `::` must then go, as the tree starts with `crate`).
fn rewrite_use(r: &Rewriter, tree: &mut UseTree, global: bool) -> bool {
    if let UseTree::Group(g) = tree {
        let mut changed = false;
        for t in g.items.iter_mut() {
            changed |= rewrite_use(r, t, global);
        }
        return changed;
    }
    let (first, span) = match &*tree {
        UseTree::Path(p) => (p.ident.to_string(), p.ident.span()),
        UseTree::Name(n) => (n.ident.to_string(), n.ident.span()),
        UseTree::Rename(n) => (n.ident.to_string(), n.ident.span()),
        UseTree::Glob(_) | UseTree::Group(_) => return false,
    };
    let Some((k, names)) = r.front(&first, 1, global, true) else {
        return false;
    };
    let names = idents(&names, span);
    let old = std::mem::replace(
        tree,
        UseTree::Glob(syn::UseGlob {
            star_token: Default::default(),
        }),
    );
    *tree = match (k, old) {
        (0, old) => nest(&names, old),
        (_, UseTree::Path(p)) => nest(&names, *p.tree),
        // `use ac_library;` and `use ac_library as acl;`: the module, by
        // the crate's name.
        (_, UseTree::Name(n)) => rename(&names, n.ident),
        (_, UseTree::Rename(r)) => rename(&names, r.rename),
        (_, other) => other,
    };
    true
}

/// `use crate::module as name;` for `names` `[crate, module]`.
fn rename(names: &[Ident], name: Ident) -> UseTree {
    let (last, front) = names.split_last().expect("crate and a module");
    let leaf = match *last == name {
        true => UseTree::Name(syn::UseName { ident: name }),
        false => UseTree::Rename(syn::UseRename {
            ident: last.clone(),
            as_token: Default::default(),
            rename: name,
        }),
    };
    nest(front, leaf)
}

/// Rewrites the paths in macro tokens (a `macro_rules!` body, a macro
/// call's arguments): `$crate`, `crate::`, the names of dependencies.
fn rewrite_tokens(r: &Rewriter, stream: TokenStream) -> TokenStream {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(tokens.len());
    let mut k = 0;
    while k < tokens.len() {
        match &tokens[k] {
            TokenTree::Group(g) => {
                let mut group =
                    proc_macro2::Group::new(g.delimiter(), rewrite_tokens(r, g.stream()));
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
            }
            TokenTree::Punct(p) if p.as_char() == '$' && is_ident(tokens.get(k + 1), "crate") => {
                out.extend(tokens[k..k + 2].iter().cloned());
                k += 1;
                if !r.mount.name.is_empty() {
                    push_path(
                        &mut out,
                        std::slice::from_ref(&r.mount.name),
                        p.span(),
                        true,
                    );
                }
            }
            TokenTree::Ident(id) if colons_at(&tokens, k + 1) && !inside_path(&out) => {
                let global = ends_with_colons(&out);
                match r.front(&id.to_string(), 2, global, false) {
                    Some((skip, names)) => {
                        if global {
                            out.truncate(out.len() - 2);
                        }
                        push_path(&mut out, &names, id.span(), false);
                        if skip == 0 {
                            push_colons(&mut out, id.span());
                            out.push(tokens[k].clone());
                        }
                    }
                    None => out.push(tokens[k].clone()),
                }
            }
            other => out.push(other.clone()),
        }
        k += 1;
    }
    out.into_iter().collect()
}

fn is_ident(token: Option<&TokenTree>, name: &str) -> bool {
    matches!(token, Some(TokenTree::Ident(i)) if i == name)
}

fn is_colon(token: Option<&TokenTree>) -> bool {
    matches!(token, Some(TokenTree::Punct(p)) if p.as_char() == ':')
}

/// Whether `::` starts at `k`.
fn colons_at(tokens: &[TokenTree], k: usize) -> bool {
    is_colon(tokens.get(k)) && is_colon(tokens.get(k + 1))
}

/// Whether `out` ends with `::`.
fn ends_with_colons(out: &[TokenTree]) -> bool {
    out.len() >= 2 && colons_at(out, out.len() - 2)
}

/// Whether the next token would continue a path (`a::` or `Vec::<u8>::`
/// before it) rather than start one.
fn inside_path(out: &[TokenTree]) -> bool {
    if !ends_with_colons(out) || out.len() < 3 {
        return false;
    }
    match &out[out.len() - 3] {
        TokenTree::Ident(_) => true,
        TokenTree::Punct(p) => p.as_char() == '>',
        TokenTree::Group(_) | TokenTree::Literal(_) => false,
    }
}

fn push_colons(out: &mut Vec<TokenTree>, span: Span) {
    for spacing in [Spacing::Joint, Spacing::Alone] {
        let mut colon = Punct::new(':', spacing);
        colon.set_span(span);
        out.push(TokenTree::Punct(colon));
    }
}

/// Pushes `a :: b` for `names` (led by `::` if `lead`).
fn push_path(out: &mut Vec<TokenTree>, names: &[String], span: Span, lead: bool) {
    for (k, name) in names.iter().enumerate() {
        if k > 0 || lead {
            push_colons(out, span);
        }
        out.push(TokenTree::Ident(Ident::new(name, span)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    fn rewritten(mount: &str, edition: &str, source: &str) -> (String, Found) {
        let mut externs = BTreeMap::new();
        externs.insert("acl".to_string(), Extern::Mounted("ac_library".to_string()));
        externs.insert("mylib".to_string(), Extern::Mounted("mylib".to_string()));
        externs.insert(
            "derive".to_string(),
            Extern::Refused("a proc macro".to_string()),
        );
        let mount = Mount {
            name: mount.to_string(),
            own: mount.to_string(),
            edition: edition.to_string(),
            externs,
            std_renames: BTreeMap::new(),
        };
        let mut file = syn::parse_file(source).expect("valid source");
        let found = rewrite(&mut file, &mount, &[]);
        let text = file.to_token_stream().to_string();
        let text = text.replace(" :: ", "::").replace(":: ", "::");
        (text.replace(" ;", ";"), found)
    }

    #[test]
    fn local_inner_macros_become_crate_paths() {
        let (text, found) = rewritten(
            "lazy",
            "2015",
            "#[macro_export(local_inner_macros)] macro_rules! outer { \
             ($x:ident) => { inner!($x); $crate::other!(); std::println!(); $y!(); \
             macro_rules! local { () => {} } { nested!() } }; }",
        );
        assert_eq!(
            found.exported,
            [(Vec::<String>::new(), "outer".to_string())]
        );
        for wanted in [
            "$ crate::lazy::inner ! ($ x)",
            "$ crate::lazy::other ! ()",
            "std::println ! ()",
            "$ y ! ()",
            "macro_rules ! local",
            "$ crate::lazy::nested ! ()",
        ] {
            assert!(text.contains(wanted), "no `{wanted}` in {text}");
        }
        // The matcher is not a transcriber: nothing in it is a call.
        assert!(text.contains("($ x : ident)"), "{text}");
    }

    #[test]
    fn a_library_crate_becomes_a_module() {
        let (text, found) = rewritten(
            "mylib",
            "2021",
            "extern crate alloc; use crate::a::B; use acl::Dsu; use acl as x; \
             fn f() { crate::g(); acl::dsu::Dsu::new(1); ::acl::z(); <T>::new(); derive::d(); \
             <T as crate::F>::m(); let _: <T as acl::F>::Out; } \
             pub(crate) fn h() {} \
             #[macro_export] macro_rules! m { () => { $crate::a::f(); crate::b(); acl::c() } }",
        );
        for wanted in [
            "use crate::mylib::a::B;",
            "use crate::ac_library::Dsu;",
            "use crate::ac_library as x;",
            "crate::mylib::g ()",
            "crate::ac_library::dsu::Dsu::new (1)",
            "crate::ac_library::z ()",
            "< T >::new ()",
            "< T as crate::mylib::F >::m ()",
            "< T as crate::ac_library::F >::Out",
            "derive::d ()",
            "pub (in crate::mylib) fn h",
            "$ crate::mylib::a::f ()",
            "crate::mylib::b ()",
            "crate::ac_library::c ()",
            "pub (crate) use m;",
        ] {
            assert!(text.contains(wanted), "no `{wanted}` in {text}");
        }
        // `extern crate alloc;` stays in the library's module (and the
        // bundle's root gets one): `crate::alloc::…` names it there.
        assert!(
            text.starts_with("extern crate alloc;") && !text.contains("macro_export"),
            "{text}"
        );
        assert!(found.alloc);
        assert_eq!(found.exported, [(Vec::<String>::new(), "m".to_string())]);
    }

    #[test]
    fn the_bins_root_keeps_names_its_modules_answer() {
        let (text, _) = rewritten(
            "",
            "2021",
            "use mylib::f; fn main() { mylib::g(); acl::h(); } mod inner { fn k() { mylib::g(); } }",
        );
        assert!(
            text.contains("use mylib::f;") && text.contains("mylib::g ()"),
            "{text}"
        );
        assert!(text.contains("crate::ac_library::h ()"), "{text}");
        assert!(text.contains("fn k () { crate::mylib::g (); }"), "{text}");
    }

    #[test]
    fn a_function_named_like_a_crate_does_not_hide_it() {
        // bstr's `use memchr::{memchr, memmem};`, then `memmem::find(…)`.
        let (text, _) = rewritten(
            "mylib",
            "2021",
            "use acl::{acl, b}; fn mylib() {} fn f() { acl::g(); mylib::h(); } \
             mod inner { struct acl; fn k() { acl::g(); } }",
        );
        for wanted in [
            "use crate::ac_library::{ acl , b };",
            "crate::ac_library::g ()",
            "crate::mylib::h ()",
            "fn k () { acl::g (); }",
        ] {
            assert!(text.contains(wanted), "no `{wanted}` in {text}");
        }
    }

    #[test]
    fn a_crate_imported_by_its_own_name_is_still_the_crate() {
        // pathfinding's `pub use num_traits;`, then `use num_traits::Zero;`.
        let (text, _) = rewritten(
            "mylib",
            "2021",
            "pub use acl; use acl::Zero; fn f() -> acl::One { acl::one() }",
        );
        for wanted in [
            "pub (crate) use crate::ac_library as acl;",
            "use crate::ac_library::Zero;",
            "-> crate::ac_library::One",
            "crate::ac_library::one ()",
        ] {
            assert!(text.contains(wanted), "no `{wanted}` in {text}");
        }
    }

    #[test]
    fn a_renamed_std_crate_is_named_by_its_own_name() {
        // hashbrown's `extern crate alloc as stdalloc;`.
        let (text, found) = rewritten(
            "mylib",
            "2021",
            "extern crate alloc as stdalloc; use stdalloc::vec::Vec; \
             fn f() -> stdalloc::string::String { stdalloc::format!(\"\") }",
        );
        assert!(found.alloc && found.std_renames["stdalloc"] == "alloc");
        for wanted in [
            "use alloc::vec::Vec;",
            "-> alloc::string::String",
            "alloc::format !",
        ] {
            assert!(text.contains(wanted), "no `{wanted}` in {text}");
        }
        assert!(!text.contains("stdalloc"), "{text}");
    }

    #[test]
    fn edition_2015_paths_start_at_the_crate_root() {
        let (text, _) = rewritten(
            "old",
            "2015",
            "use a::b; use std::fmt; use self::c; fn f() { ::a::g(); a::h(); }",
        );
        for wanted in [
            "use crate::old::a::b;",
            "use std::fmt;",
            "use self::c;",
            "crate::old::a::g ()",
            "a::h ()",
        ] {
            assert!(text.contains(wanted), "no `{wanted}` in {text}");
        }
    }
}
