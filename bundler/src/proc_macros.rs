//! Pass 1 (read): procedural macros, run as rustc runs them. An attribute macro
//! (`#[fastout]`) or a derive (`#[derive(Readable)]`) of a procedural-macro
//! crate runs inside the compiler, so no submission can carry it: the
//! bundler runs it on the item, with the build cargo made of its crate, and
//! bundles what it wrote.
//!
//! ```text
//! #[fastout] fn main() { … }     src/main.rs, as written
//! mod __bundler_probe_0 {        the probe rustc expands
//!     #[::proconio_derive::fastout] #[::bundler_tap::tap(0)] fn main() { … }
//! }
//! fn main() { let __proconio_stdout = …; macro_rules! println { … } … }
//! ```
//!
//! Two views of one rustc run give the expansion:
//!
//! - **The item** is what the tap sees: `bundler_tap::tap`, an attribute
//!   macro of the bundler's own (std only, built here), placed right after
//!   the last procedural attribute. rustc expands attributes outermost
//!   first, so the tap is handed exactly what the macros made of the item,
//!   before any macro call inside it is expanded (the `println!`s of a
//!   `#[fastout]` body stay calls), and saves it.
//! - **Items a macro adds beside it** (a derive's impls) carry no tap: they
//!   are read from `-Zunpretty=expanded`, which the run prints (rustc's
//!   own printer of expanded code, allowed on stable rustc by
//!   `RUSTC_BOOTSTRAP`). Impls that rustc's built-in derives write
//!   (`#[automatically_derived]` impls of `::core` traits) are left out:
//!   the item keeps its `#[derive(Debug)]`. An added item is printed with
//!   its own macro calls expanded, which is exact for code that calls none
//!   (derives usually do not); the bundle's compile and output checks judge
//!   the rest.
//!
//! A macro may copy its item's attributes onto several items (easy-ext's
//! `#[ext]` writes a trait and its impl): the tap saves each, in order.
//! An attribute on a method (pathfinding's `#[deprecate_until]`) runs on
//! the method inside a copy of its `impl`'s header, and the method the tap
//! saw goes back into the `impl`, with the functions, constants and types
//! it writes beside it; anything else it writes is refused.
//! An `extern crate x as y;` inside what a macro wrote (num-derive opens one
//! in a `const _` block) becomes `::x::…` paths, which name the crate's
//! module once it is mounted.
//!
//! The macro's crate then leaves the bundle: the procedural derives and
//! their helper attributes leave the item, and every `use` of the crate
//! (`pub use proconio_derive::*;`) or of an attribute macro that was run
//! goes.
//!
//! A macro that cannot be run (its crate not built, an expansion that
//! drops the tap) is named at its file and line, with what to write
//! instead.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use proc_macro2::Span;
use syn::punctuated::Punctuated;
use syn::{Attribute, Item, Meta};

use crate::cargo::{Extern, ProcMacroCrate, Workspace};
use crate::error::{Error, Place};
use crate::mount::Mount;
use crate::syntax::{item_attrs, item_attrs_mut, place_of, retain_use_leaves, tidy};

/// The procedural macros of a user's bundle and what is needed to run them.
pub struct ProcMacros {
    crates: BTreeMap<String, Runnable>,
    target_dir: PathBuf,
    /// The folder the tap and the probes are built in, once one is needed.
    work: Option<tempfile::TempDir>,
    /// Each macro run, with its crate (`#[fastout] (proconio-derive
    /// 0.2.1)`), for the bundle's header.
    pub ran: BTreeSet<String>,
}

/// A procedural-macro crate and the macros it declares.
struct Runnable {
    krate: ProcMacroCrate,
    /// `#[proc_macro_attribute]` functions.
    attributes: BTreeSet<String>,
    /// `#[proc_macro_derive(Name, attributes(helper, …))]`: name → helpers.
    derives: BTreeMap<String, Vec<String>>,
}

/// One item to expand: where it is and which of its attributes run.
struct Job {
    /// Indices from the file's items down through inline modules.
    at: Vec<usize>,
    /// For a method of the `impl` at `at` (pathfinding's `#[deprecate_until]`
    /// on `Matrix::indices`): its index there, and the `impl` without its
    /// items, which the probe puts it back in. `item` is the method
    /// written as a function, whose attributes are read like an item's.
    member: Option<(usize, syn::ItemImpl)>,
    item: Item,
    place: Place,
    /// `#[fastout]`, for messages.
    shown: String,
    /// Whether an attribute macro runs (else only derives do).
    attribute: bool,
}

impl Job {
    /// The error that `message` says of this job's macro.
    fn fail(&self, message: String) -> Error {
        Error::ProcMacro {
            place: self.place.clone(),
            attribute: self.shown.clone(),
            message,
        }
    }
}

impl ProcMacros {
    /// The procedural-macro crates of `workspace` with what they declare.
    pub fn new(workspace: &Workspace) -> ProcMacros {
        let crates = workspace
            .proc_macros
            .values()
            .map(|krate| (krate.name.clone(), declared(krate)))
            .collect();
        ProcMacros {
            crates,
            target_dir: workspace.target_dir.clone(),
            work: None,
            ran: BTreeSet::new(),
        }
    }

    /// Runs the procedural macros on the items of `file` (shown as `shown`)
    /// of the crate `mount`, and removes what named their crates.
    pub fn expand(
        &mut self,
        file: &mut syn::File,
        shown: &str,
        mount: &Mount,
        env: &BTreeMap<String, String>,
    ) -> Result<(), Error> {
        let ours: BTreeSet<&str> = mount
            .externs
            .iter()
            .filter_map(|(name, e)| match e {
                Extern::ProcMacro(_) => Some(name.as_str()),
                _ => None,
            })
            .collect();
        let externs: BTreeSet<&str> = mount.externs.keys().map(String::as_str).collect();
        let mut jobs = Vec::new();
        self.find(&file.items, &mut Vec::new(), shown, &mut jobs);
        let ran: BTreeSet<String> = jobs
            .iter()
            .flat_map(|j| self.attributes_run(&j.item))
            .collect();
        for job in &jobs {
            self.ran.extend(self.shown_runs(&job.item));
        }
        if !jobs.is_empty() {
            let expanded = self.run(&jobs, &mount.edition, env)?;
            for (job, items) in jobs.iter().zip(expanded).rev() {
                match job.member {
                    None => splice(&mut file.items, &job.at, items),
                    Some((member, _)) => {
                        let members = as_members(job, items)?;
                        splice_member(&mut file.items, &job.at, member, members);
                    }
                }
            }
        }
        // The crate is gone: so is every import of it, and of the attribute
        // macros run (`use proconio::fastout;` names proconio's re-export of
        // it). A derive imported through another crate stays: it is mostly
        // named as its trait is (`use num_traits::FromPrimitive;`).
        drop_imports(&mut file.items, &|path: &[String]| {
            let first = path.first().map(String::as_str).unwrap_or_default();
            let last = path.last().map(String::as_str).unwrap_or_default();
            ours.contains(first) || (externs.contains(first) && ran.contains(last))
        });
        Ok(())
    }

    /// The items under `items` that a procedural macro runs on.
    fn find(&self, items: &[Item], at: &mut Vec<usize>, shown: &str, jobs: &mut Vec<Job>) {
        for (index, item) in items.iter().enumerate() {
            at.push(index);
            if let Item::Mod(m) = item {
                if let Some((_, inner)) = &m.content {
                    self.find(inner, at, shown, jobs);
                }
            }
            let attrs = item_attrs(item);
            let attribute = attrs.iter().find(|a| self.attribute(a.path()).is_some());
            let derive = attrs.iter().find(|a| !self.derives_of(a).is_empty());
            if let (Item::Impl(block), None) = (item, attribute) {
                self.find_methods(block, at, shown, jobs);
            }
            if let Some(attr) = attribute.or(derive) {
                jobs.push(Job {
                    at: at.clone(),
                    member: None,
                    item: item.clone(),
                    place: place_of(shown, attr),
                    shown: match attribute {
                        Some(a) => format!("#[{}]", tidy(a.path())),
                        None => self
                            .derives_of(attr)
                            .first()
                            .map(|(path, _)| format!("#[derive({})]", tidy(path)))
                            .unwrap_or_default(),
                    },
                    attribute: attribute.is_some(),
                });
            }
            at.pop();
        }
    }

    /// The methods of `block` (the item at `at`) that an attribute macro
    /// runs on, each as a job on the method written as a function.
    fn find_methods(&self, block: &syn::ItemImpl, at: &[usize], shown: &str, jobs: &mut Vec<Job>) {
        for (member, impl_item) in block.items.iter().enumerate() {
            let syn::ImplItem::Fn(method) = impl_item else {
                continue;
            };
            let Some(attr) = method
                .attrs
                .iter()
                .find(|a| self.attribute(a.path()).is_some())
            else {
                continue;
            };
            let mut header = block.clone();
            header.items.clear();
            jobs.push(Job {
                at: at.to_vec(),
                member: Some((member, header)),
                item: Item::Fn(syn::ItemFn {
                    attrs: method.attrs.clone(),
                    vis: method.vis.clone(),
                    sig: method.sig.clone(),
                    block: Box::new(method.block.clone()),
                }),
                place: place_of(shown, attr),
                shown: format!("#[{}]", tidy(attr.path())),
                attribute: true,
            });
        }
    }

    /// The crate of the attribute macro `path` names, if one does.
    fn attribute(&self, path: &syn::Path) -> Option<&Runnable> {
        let name = path.segments.last()?.ident.to_string();
        if path.segments.len() == 1 && is_builtin_attribute(&name) {
            return None;
        }
        self.crates.values().find(|c| c.attributes.contains(&name))
    }

    /// The procedural derives `attr` (a `#[derive(…)]`) names, each with its
    /// crate.
    fn derives_of(&self, attr: &Attribute) -> Vec<(syn::Path, &Runnable)> {
        if !attr.path().is_ident("derive") {
            return Vec::new();
        }
        let Ok(paths) =
            attr.parse_args_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
        else {
            return Vec::new();
        };
        paths
            .into_iter()
            .filter_map(|path| {
                let name = path.segments.last()?.ident.to_string();
                let krate = self
                    .crates
                    .values()
                    .find(|c| c.derives.contains_key(&name))?;
                Some((path, krate))
            })
            .collect()
    }

    /// The macros that run on `item` as the header shows them.
    fn shown_runs(&self, item: &Item) -> Vec<String> {
        let attrs = item_attrs(item);
        let mut shown = Vec::new();
        for attr in attrs {
            if let Some(runnable) = self.attribute(attr.path()) {
                shown.push(format!(
                    "#[{}] ({})",
                    tidy(attr.path()),
                    runnable.krate.package
                ));
            }
            for (path, runnable) in self.derives_of(attr) {
                shown.push(format!(
                    "derive({}) ({})",
                    tidy(&path),
                    runnable.krate.package
                ));
            }
        }
        shown
    }

    /// The names of the attribute macros that run on `item`.
    fn attributes_run(&self, item: &Item) -> Vec<String> {
        let attrs = item_attrs(item);
        attrs
            .iter()
            .filter(|attr| self.attribute(attr.path()).is_some())
            .filter_map(|attr| attr.path().segments.last().map(|s| s.ident.to_string()))
            .collect()
    }

    /// `item` without the procedural derives it names and their helpers.
    fn without_derives(&self, mut item: Item) -> Item {
        let mut helpers = BTreeSet::new();
        if let Some(attrs) = item_attrs_mut(&mut item) {
            let mut kept = Vec::new();
            for attr in attrs.drain(..) {
                let derives = self.derives_of(&attr);
                if derives.is_empty() {
                    kept.push(attr);
                    continue;
                }
                for (path, runnable) in &derives {
                    let name = path
                        .segments
                        .last()
                        .expect("a named derive")
                        .ident
                        .to_string();
                    helpers.extend(runnable.derives[&name].iter().cloned());
                }
                let rest: Vec<syn::Path> = attr
                    .parse_args_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|p| !derives.iter().any(|(d, _)| d == p))
                    .collect();
                if !rest.is_empty() {
                    kept.push(syn::parse_quote!(#[derive(#(#rest),*)]));
                }
            }
            *attrs = kept;
        }
        if !helpers.is_empty() {
            strip_helpers(&mut item, &helpers);
        }
        item
    }

    /// The span expanded code is placed at: the first attribute that runs.
    fn job_span(&self, item: &Item) -> Span {
        let attrs = item_attrs(item);
        attrs
            .iter()
            .find(|a| self.attribute(a.path()).is_some() || !self.derives_of(a).is_empty())
            .map(syn::spanned::Spanned::span)
            .unwrap_or_else(Span::call_site)
    }
}

/// The macros `krate`'s root file declares (none if it cannot be read: its
/// macros are then left for rustc to name).
fn declared(krate: &ProcMacroCrate) -> Runnable {
    let mut runnable = Runnable {
        krate: krate.clone(),
        attributes: BTreeSet::new(),
        derives: BTreeMap::new(),
    };
    let Ok(text) = std::fs::read_to_string(&krate.root_file) else {
        return runnable;
    };
    let Ok(file) = syn::parse_file(&text) else {
        return runnable;
    };
    for item in &file.items {
        let Item::Fn(f) = item else { continue };
        for attr in &f.attrs {
            if attr.path().is_ident("proc_macro_attribute") {
                runnable.attributes.insert(f.sig.ident.to_string());
            } else if attr.path().is_ident("proc_macro_derive") {
                if let Some((name, helpers)) = derive_declaration(attr) {
                    runnable.derives.insert(name, helpers);
                }
            }
        }
    }
    runnable
}

/// `Name` and its helpers from `#[proc_macro_derive(Name, attributes(a, b))]`.
fn derive_declaration(attr: &Attribute) -> Option<(String, Vec<String>)> {
    let metas = attr
        .parse_args_with(Punctuated::<Meta, syn::Token![,]>::parse_terminated)
        .ok()?;
    let mut metas = metas.into_iter();
    let name = metas.next()?.path().get_ident()?.to_string();
    let mut helpers = Vec::new();
    for meta in metas {
        if let Meta::List(list) = meta {
            if list.path.is_ident("attributes") {
                let names = list
                    .parse_args_with(Punctuated::<syn::Ident, syn::Token![,]>::parse_terminated)
                    .ok()?;
                helpers.extend(names.into_iter().map(|n| n.to_string()));
            }
        }
    }
    Some((name, helpers))
}

/// Attributes rustc itself gives meaning to, which no crate's macro of the
/// same name can be.
fn is_builtin_attribute(name: &str) -> bool {
    matches!(
        name,
        "derive"
            | "cfg"
            | "cfg_attr"
            | "allow"
            | "warn"
            | "deny"
            | "forbid"
            | "expect"
            | "doc"
            | "inline"
            | "cold"
            | "must_use"
            | "deprecated"
            | "test"
            | "path"
            | "macro_export"
            | "macro_use"
            | "repr"
            | "non_exhaustive"
            | "automatically_derived"
            | "track_caller"
            | "no_mangle"
            | "export_name"
            | "link_section"
            | "used"
            | "target_feature"
            | "ignore"
            | "should_panic"
            | "bench"
            | "global_allocator"
    )
}

/// Sets `attr`'s path, keeping its arguments.
fn set_path(attr: &mut Attribute, path: syn::Path) {
    match &mut attr.meta {
        Meta::Path(p) => *p = path,
        Meta::List(l) => l.path = path,
        Meta::NameValue(nv) => nv.path = path,
    }
}

/// Removes the helper attributes `helpers` from `item`, its fields and
/// its variants.
fn strip_helpers(item: &mut Item, helpers: &BTreeSet<String>) {
    let strip = |attrs: &mut Vec<Attribute>| {
        attrs.retain(|a| {
            !a.path()
                .get_ident()
                .is_some_and(|i| helpers.contains(&i.to_string()))
        })
    };
    if let Some(attrs) = item_attrs_mut(item) {
        strip(attrs);
    }
    let fields = |fields: &mut syn::Fields, strip: &dyn Fn(&mut Vec<Attribute>)| {
        for field in fields.iter_mut() {
            strip(&mut field.attrs);
        }
    };
    match item {
        Item::Struct(s) => fields(&mut s.fields, &strip),
        Item::Enum(e) => {
            for variant in &mut e.variants {
                strip(&mut variant.attrs);
                fields(&mut variant.fields, &strip);
            }
        }
        Item::Union(u) => {
            for field in &mut u.fields.named {
                strip(&mut field.attrs);
            }
        }
        _ => {}
    }
}

/// Replaces the item at `at` (indices down through inline modules) with
/// `items`.
fn splice(items: &mut Vec<Item>, at: &[usize], with: Vec<Item>) {
    match at {
        [index] => {
            items.splice(*index..*index + 1, with);
        }
        [index, rest @ ..] => {
            if let Item::Mod(m) = &mut items[*index] {
                if let Some((_, inner)) = &mut m.content {
                    splice(inner, rest, with);
                }
            }
        }
        [] => {}
    }
}

/// Function `f` as a method.
fn method(f: syn::ItemFn) -> syn::ImplItem {
    syn::ImplItem::Fn(syn::ImplItemFn {
        attrs: f.attrs,
        vis: f.vis,
        defaultness: None,
        sig: f.sig,
        block: *f.block,
    })
}

/// What a method's job became, as members of its `impl`: the method and
/// whatever functions, constants and types the macro wrote beside it; or
/// the error that it wrote something an `impl` cannot hold.
fn as_members(job: &Job, items: Vec<Item>) -> Result<Vec<syn::ImplItem>, Error> {
    let member = |item| match item {
        Item::Fn(f) => Some(method(f)),
        Item::Const(c) => Some(syn::ImplItem::Const(syn::ImplItemConst {
            attrs: c.attrs,
            vis: c.vis,
            defaultness: None,
            const_token: c.const_token,
            ident: c.ident,
            generics: c.generics,
            colon_token: c.colon_token,
            ty: *c.ty,
            eq_token: c.eq_token,
            expr: *c.expr,
            semi_token: c.semi_token,
        })),
        Item::Type(t) => Some(syn::ImplItem::Type(syn::ImplItemType {
            attrs: t.attrs,
            vis: t.vis,
            defaultness: None,
            type_token: t.type_token,
            ident: t.ident,
            generics: t.generics,
            eq_token: t.eq_token,
            ty: *t.ty,
            semi_token: t.semi_token,
        })),
        _ => None,
    };
    let members: Option<Vec<syn::ImplItem>> = items.into_iter().map(member).collect();
    members.filter(|m| !m.is_empty()).ok_or_else(|| {
        job.fail(
            "on a method, it writes something an `impl` cannot hold, which the bundler \
             cannot put back in the `impl`; write out the code it generates by hand instead \
             of the attribute"
                .into(),
        )
    })
}

/// Replaces member `member` of the `impl` at `at` with `members`.
fn splice_member(items: &mut [Item], at: &[usize], member: usize, members: Vec<syn::ImplItem>) {
    match at {
        [index] => {
            if let Item::Impl(block) = &mut items[*index] {
                block.items.splice(member..=member, members);
            }
        }
        [index, rest @ ..] => {
            if let Item::Mod(m) = &mut items[*index] {
                if let Some((_, inner)) = &mut m.content {
                    splice_member(inner, rest, member, members);
                }
            }
        }
        [] => {}
    }
}

/// Removes from the `use` items under `items` every import whose path
/// (`*` for a glob) `gone` holds, and `extern crate`s of such a name.
fn drop_imports(items: &mut Vec<Item>, gone: &dyn Fn(&[String]) -> bool) {
    retain_use_leaves(items, &|path, _| gone(path));
    items.retain_mut(|item| match item {
        Item::ExternCrate(e) => !gone(&[e.ident.to_string(), "*".to_string()]),
        Item::Mod(m) => {
            if let Some((_, inner)) = &mut m.content {
                drop_imports(inner, gone);
            }
            true
        }
        _ => true,
    });
}

mod probe;
#[cfg(test)]
mod tests;
