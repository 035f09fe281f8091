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
use std::path::{Path, PathBuf};
use std::process::Command;

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::visit_mut::VisitMut;
use syn::{Attribute, Item, Meta, UseTree};

use crate::cargo::{Extern, ProcMacroCrate, Workspace};
use crate::error::{Error, Place};
use crate::mount::Mount;
use crate::syntax::{item_attrs_mut, place_of, tidy};

/// The tap: saves the item it is given (after those it was given before
/// under the same key: a macro may copy its item's attributes onto several
/// items, as easy-ext's `#[ext]` does onto a trait and its impl), and marks
/// it so that the printed expansion shows which items it saw.
const TAP: &str = r##"extern crate proc_macro;
use proc_macro::TokenStream;

#[proc_macro_attribute]
pub fn tap(key: TokenStream, item: TokenStream) -> TokenStream {
    if let Some(dir) = std::env::var_os("BUNDLER_TAP_DIR") {
        use std::io::Write;
        let file = std::path::Path::new(&dir).join(key.to_string().trim());
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(file)
            .expect("the tap's folder takes files");
        write!(file, "{}\0", item).expect("the tap's file takes its item");
    }
    let mark: TokenStream = "#[doc = \"bundler-tapped\"]".parse().expect("an attribute");
    mark.into_iter().chain(item).collect()
}
"##;

/// The doc line the tap marks its item with.
const MARK: &str = "bundler-tapped";

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
    item: Item,
    place: Place,
    /// `#[fastout]`, for messages.
    shown: String,
    /// Whether an attribute macro runs (else only derives do).
    attribute: bool,
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
            let expanded = self.run(&jobs, &mount.edition)?;
            for (job, items) in jobs.iter().zip(expanded).rev() {
                splice(&mut file.items, &job.at, items);
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
            let mut copy = item.clone();
            let attrs = item_attrs_mut(&mut copy)
                .map(|a| a.as_slice())
                .unwrap_or_default();
            let attribute = attrs.iter().find(|a| self.attribute(a.path()).is_some());
            let derive = attrs.iter().find(|a| !self.derives_of(a).is_empty());
            if let Some(attr) = attribute.or(derive) {
                jobs.push(Job {
                    at: at.clone(),
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
        let mut copy = item.clone();
        let attrs = item_attrs_mut(&mut copy)
            .map(|a| a.clone())
            .unwrap_or_default();
        let mut shown = Vec::new();
        for attr in &attrs {
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
        let mut copy = item.clone();
        let attrs = item_attrs_mut(&mut copy)
            .map(|a| a.clone())
            .unwrap_or_default();
        attrs
            .iter()
            .filter(|attr| self.attribute(attr.path()).is_some())
            .filter_map(|attr| attr.path().segments.last().map(|s| s.ident.to_string()))
            .collect()
    }

    /// Runs every job in one probe and returns what each item becomes.
    fn run(&mut self, jobs: &[Job], edition: &str) -> Result<Vec<Vec<Item>>, Error> {
        let fail = |job: &Job, message: String| Error::ProcMacro {
            place: job.place.clone(),
            attribute: job.shown.clone(),
            message,
        };
        let work = self.work_dir().map_err(|m| fail(&jobs[0], m))?;
        let taps = work.join("taps");
        let _ = std::fs::remove_dir_all(&taps);
        std::fs::create_dir_all(&taps)
            .map_err(|e| fail(&jobs[0], format!("{}: {e}", taps.display())))?;
        // Each crate's build, found for the first job that needs it.
        let mut probe = String::from("extern crate bundler_tap;\n");
        let mut externs = vec![format!("bundler_tap={}", work.join(tap_file()).display())];
        let mut modules = String::new();
        for (k, job) in jobs.iter().enumerate() {
            let (item, crates) = self.probe_item(&job.item, k);
            for name in crates {
                let runnable = &self.crates[name];
                if externs.iter().any(|e| e.starts_with(&format!("{name}="))) {
                    continue;
                }
                let built = built(&runnable.krate, &self.target_dir).map_err(|m| fail(job, m))?;
                probe.push_str(&format!("extern crate {name};\n"));
                externs.push(format!("{name}={}", built.display()));
            }
            modules.push_str(&format!(
                "mod __bundler_probe_{k} {{ {} }}\n",
                item.to_token_stream()
            ));
        }
        probe.push_str(&modules);
        let probe_file = work.join("probe.rs");
        std::fs::write(&probe_file, &probe)
            .map_err(|e| fail(&jobs[0], format!("{}: {e}", probe_file.display())))?;
        let mut command = Command::new(crate::rustc::rustc());
        command
            .current_dir(&work)
            .env("RUSTC_BOOTSTRAP", "1")
            .env("BUNDLER_TAP_DIR", &taps)
            .args([
                "--edition",
                edition,
                "--crate-type",
                "lib",
                "--crate-name",
                "bundler_probe",
            ])
            .args(["-Zunpretty=expanded", "--error-format=json"])
            .arg(&probe_file);
        for e in &externs {
            command.arg("--extern").arg(e);
        }
        let output = command
            .output()
            .map_err(|e| fail(&jobs[0], format!("cannot run rustc: {e}")))?;
        if let Some(said) = macro_errors(&output.stderr) {
            return Err(fail(&jobs[0], said));
        }
        // A macro call that could not be resolved here is printed as an
        // error comment: kept visible, so that an added item holding one is
        // refused rather than printed with `()` in its place.
        let printed = String::from_utf8_lossy(&output.stdout).replace(ERROR_COMMENT, UNRESOLVED);
        let printed = syn::parse_file(&printed).map_err(|e| {
            fail(
                &jobs[0],
                format!("rustc's printed expansion does not parse again: {e}"),
            )
        })?;
        let lost = "its expansion drops the attributes after it, so the bundler cannot see what \
                    it wrote; write out the code it generates by hand instead of the attribute";
        let mut results = Vec::new();
        for (k, job) in jobs.iter().enumerate() {
            let printed_items = probe_module(&printed, k).ok_or_else(|| fail(job, lost.into()))?;
            let mut tapped = match job.attribute {
                true => {
                    let text = std::fs::read_to_string(taps.join(k.to_string()))
                        .map_err(|_| fail(job, lost.into()))?;
                    let mut items = Vec::new();
                    for one in text.split('\0').filter(|t| !t.trim().is_empty()) {
                        items.push(syn::parse_str::<Item>(one).map_err(|e| {
                            fail(job, format!("what it wrote does not parse as items: {e}"))
                        })?);
                    }
                    items.into_iter()
                }
                false => vec![job.item.clone()].into_iter(),
            };
            let mut items = Vec::new();
            for item in printed_items {
                match is_marked(&item) {
                    true => items.push(
                        self.without_derives(tapped.next().ok_or_else(|| fail(job, lost.into()))?),
                    ),
                    false if is_builtin_derive(&item) => {}
                    false if item.to_token_stream().to_string().contains(UNRESOLVED) => {
                        return Err(fail(
                            job,
                            "an item it adds calls a macro that needs the rest of your crate to \
                             expand, which the bundler does not expand apart from it; write out \
                             the code it generates by hand instead of the attribute"
                                .into(),
                        ));
                    }
                    false => items.push(item),
                }
            }
            let span = self.job_span(&job.item);
            results.push(
                items
                    .into_iter()
                    .map(|i| respanned(writes_out_extern_crates(i), span))
                    .collect(),
            );
        }
        Ok(results)
    }

    /// The folder the tap is built in (built on first use).
    fn work_dir(&mut self) -> Result<PathBuf, String> {
        if let Some(work) = &self.work {
            return Ok(work.path().to_path_buf());
        }
        let work = tempfile::Builder::new()
            .prefix("bundler-macros-")
            .tempdir()
            .map_err(|e| format!("cannot make a temporary folder: {e}"))?;
        let source = work.path().join("tap.rs");
        std::fs::write(&source, TAP).map_err(|e| format!("{}: {e}", source.display()))?;
        let output = Command::new(crate::rustc::rustc())
            .current_dir(work.path())
            .args([
                "--edition",
                "2018",
                "--crate-type",
                "proc-macro",
                "--crate-name",
                "bundler_tap",
            ])
            .arg("-o")
            .arg(work.path().join(tap_file()))
            .arg(&source)
            .output()
            .map_err(|e| format!("cannot run rustc: {e}"))?;
        if !output.status.success() {
            return Err(format!(
                "the bundler's tap macro did not build: {}",
                rustc_said(&output.stderr)
            ));
        }
        let path = work.path().to_path_buf();
        self.work = Some(work);
        Ok(path)
    }

    /// `item` as the probe holds it: each procedural attribute and derive
    /// by its crate's absolute path, the tap after the last attribute
    /// macro (or last of all); with the crates it names.
    fn probe_item(&self, item: &Item, k: usize) -> (Item, Vec<&str>) {
        let mut item = item.clone();
        let mut crates = Vec::new();
        let Some(attrs) = item_attrs_mut(&mut item) else {
            return (item, crates);
        };
        let mut tap_at = attrs.len();
        let mut last_attribute = None;
        for (i, attr) in attrs.iter_mut().enumerate() {
            if let Some(runnable) = self.attribute(attr.path()) {
                let name = attr.path().segments.last().map(|s| s.ident.clone());
                let krate = syn::Ident::new(&runnable.krate.name, Span::call_site());
                let path: syn::Path = syn::parse_quote!(::#krate::#name);
                set_path(attr, path);
                crates.push(runnable.krate.name.as_str());
                last_attribute = Some(i);
                continue;
            }
            let derives = self.derives_of(attr);
            if derives.is_empty() {
                continue;
            }
            let mut paths: Vec<syn::Path> = Vec::new();
            let all = attr
                .parse_args_with(Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
                .unwrap_or_default();
            for path in all {
                match derives.iter().find(|(p, _)| *p == path) {
                    Some((_, runnable)) => {
                        let krate = syn::Ident::new(&runnable.krate.name, Span::call_site());
                        let name = &path.segments.last().expect("a named derive").ident;
                        paths.push(syn::parse_quote!(::#krate::#name));
                        crates.push(runnable.krate.name.as_str());
                    }
                    None => paths.push(path),
                }
            }
            *attr = syn::parse_quote!(#[derive(#(#paths),*)]);
        }
        if let Some(i) = last_attribute {
            tap_at = i + 1;
        }
        let key = proc_macro2::Literal::usize_unsuffixed(k);
        attrs.insert(tap_at, syn::parse_quote!(#[::bundler_tap::tap(#key)]));
        (item, crates)
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
}

impl ProcMacros {
    /// The span expanded code is placed at: the first attribute that runs.
    fn job_span(&self, item: &Item) -> Span {
        let mut copy = item.clone();
        let attrs = item_attrs_mut(&mut copy)
            .map(|a| a.clone())
            .unwrap_or_default();
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

/// The library cargo built of `krate`: `lib<name>-<hash>.so` (or the
/// platform's suffix) in a `deps` folder of `target_dir`, whose dep-info
/// file names `krate`'s folder (so another version's build is not taken);
/// the newest if several.
fn built(krate: &ProcMacroCrate, target_dir: &Path) -> Result<PathBuf, String> {
    let prefix = format!("{}{}-", std::env::consts::DLL_PREFIX, krate.name);
    let suffix = std::env::consts::DLL_SUFFIX;
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = Vec::new();
    for profile in std::fs::read_dir(target_dir)
        .into_iter()
        .flatten()
        .flatten()
    {
        let deps = profile.path().join("deps");
        for entry in std::fs::read_dir(&deps).into_iter().flatten().flatten() {
            let file = entry.file_name().to_string_lossy().into_owned();
            let Some(hash) = file
                .strip_prefix(&prefix)
                .and_then(|f| f.strip_suffix(suffix))
            else {
                continue;
            };
            let info = deps.join(format!("{}-{hash}.d", krate.name));
            let names_it = std::fs::read_to_string(&info).is_ok_and(|t| names_root(&t, krate));
            if let (true, Ok(modified)) = (names_it, entry.metadata().and_then(|m| m.modified())) {
                found.push((modified, entry.path()));
            }
        }
    }
    found
        .into_iter()
        .max()
        .map(|(_, path)| path)
        .ok_or_else(|| {
            format!(
                "it is a procedural macro of {}, which the bundler runs from the build cargo made \
             of it, and there is none under {}: run `cargo build` in your package first, then \
             bundle again",
                krate.package,
                target_dir.display()
            )
        })
}

/// Whether dep-info `text` lists `krate`'s root file among a build's
/// sources: by its absolute path (a registry crate), or relative to the
/// workspace's root (a member).
fn names_root(text: &str, krate: &ProcMacroCrate) -> bool {
    let Some((_, sources)) = text.lines().next().and_then(|l| l.split_once(": ")) else {
        return false;
    };
    sources
        .split_whitespace()
        .any(|source| !source.is_empty() && krate.root_file.ends_with(source))
}

fn tap_file() -> String {
    format!(
        "{}bundler_tap{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    )
}

/// How rustc prints a macro call it could not resolve, and what the
/// bundler puts there to see it.
const ERROR_COMMENT: &str = "/*ERROR*/";
const UNRESOLVED: &str = "__bundler_unresolved_macro";

/// What went wrong running the macros, from rustc's JSON diagnostics
/// (`None` if nothing did). Names and crates the probe cannot resolve are
/// expected: it holds the items alone, without the rest of their crate or
/// its dependencies.
fn macro_errors(stderr: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(stderr);
    let mut said = Vec::new();
    for line in text.lines() {
        let Ok(diagnostic) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if diagnostic["level"] != "error" {
            continue;
        }
        let message = diagnostic["message"].as_str().unwrap_or_default();
        let code = diagnostic["code"]["code"].as_str().unwrap_or_default();
        let unresolved = message.starts_with("cannot find")
            || message.starts_with("failed to resolve")
            || message.starts_with("unresolved import")
            || message.starts_with("aborting due to")
            || [
                "E0405", "E0412", "E0422", "E0423", "E0425", "E0432", "E0433", "E0463",
            ]
            .contains(&code);
        if !unresolved {
            said.push(
                diagnostic["rendered"]
                    .as_str()
                    .unwrap_or(message)
                    .trim_end()
                    .to_string(),
            );
        }
    }
    (!said.is_empty()).then(|| format!("rustc, running it, said:\n{}", said.join("\n")))
}

/// The first lines of what rustc said, for a message.
fn rustc_said(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.lines().take(12).collect();
    format!("rustc, running it, said:\n{}", lines.join("\n"))
}

/// The items of probe module `k` of rustc's printed expansion (`None`
/// if no item of it is marked by the tap).
fn probe_module(printed: &syn::File, k: usize) -> Option<Vec<Item>> {
    let name = format!("__bundler_probe_{k}");
    let items = printed.items.iter().find_map(|item| match item {
        Item::Mod(m) if m.ident == name => m.content.as_ref().map(|(_, items)| items),
        _ => None,
    })?;
    items.iter().any(is_marked).then(|| items.clone())
}

/// Whether `item` carries the tap's doc line.
fn is_marked(item: &Item) -> bool {
    let mut copy = item.clone();
    item_attrs_mut(&mut copy).is_some_and(|attrs| {
        attrs.iter().any(|a| match &a.meta {
            Meta::NameValue(nv) if nv.path.is_ident("doc") => {
                nv.value.to_token_stream().to_string().contains(MARK)
            }
            _ => false,
        })
    })
}

/// Whether `item` is an impl one of rustc's built-in derives wrote.
fn is_builtin_derive(item: &Item) -> bool {
    let Item::Impl(block) = item else {
        return false;
    };
    let derived = block
        .attrs
        .iter()
        .any(|a| a.path().is_ident("automatically_derived"));
    let core = block.trait_.as_ref().is_some_and(|(_, path, _)| {
        path.leading_colon.is_some() && path.segments.first().is_some_and(|s| s.ident == "core")
    });
    derived && core
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

/// `item` without the `extern crate x as y;` items inside it (num-derive's
/// impls open one in a `const _` block), each `y::…` path written `::x::…`:
/// in a bundle the crate is a module, which [`crate::mount`] then names
/// by such paths (and the cut follows them, where a local alias would hide
/// what the block's impls are for).
fn writes_out_extern_crates(mut item: Item) -> Item {
    #[derive(Default)]
    struct Writer {
        renames: BTreeMap<String, syn::Ident>,
    }
    impl VisitMut for Writer {
        fn visit_block_mut(&mut self, block: &mut syn::Block) {
            block.stmts.retain(|stmt| match stmt {
                syn::Stmt::Item(Item::ExternCrate(e))
                    if !crate::syntax::is_std(&e.ident.to_string()) =>
                {
                    let name = e.rename.as_ref().map_or(&e.ident, |(_, r)| r);
                    self.renames.insert(name.to_string(), e.ident.clone());
                    false
                }
                _ => true,
            });
            syn::visit_mut::visit_block_mut(self, block);
        }

        fn visit_path_mut(&mut self, path: &mut syn::Path) {
            let first = path.segments.first().map(|s| s.ident.to_string());
            if let (None, Some(krate)) =
                (path.leading_colon, first.and_then(|f| self.renames.get(&f)))
            {
                path.leading_colon = Some(Default::default());
                path.segments[0].ident = krate.clone();
            }
            syn::visit_mut::visit_path_mut(self, path);
        }
    }
    // Blocks are visited before the paths after them in the same block,
    // and a rename is only ever used after its `extern crate`.
    Writer::default().visit_item_mut(&mut item);
    item
}

/// `item` with every token placed at `span`, so that reports on expanded
/// code point at the attribute that wrote it.
fn respanned(item: Item, span: Span) -> Item {
    fn walk(tokens: TokenStream, span: Span) -> TokenStream {
        tokens
            .into_iter()
            .map(|mut token| {
                if let TokenTree::Group(g) = &token {
                    let mut group = Group::new(g.delimiter(), walk(g.stream(), span));
                    group.set_span(span);
                    token = TokenTree::Group(group);
                } else {
                    token.set_span(span);
                }
                token
            })
            .collect()
    }
    let tokens = walk(item.to_token_stream(), span);
    syn::parse2(tokens).unwrap_or(item)
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

/// Removes from the `use` items under `items` every import whose path
/// (`*` for a glob) `gone` holds, and `extern crate`s of such a name.
fn drop_imports(items: &mut Vec<Item>, gone: &dyn Fn(&[String]) -> bool) {
    fn keep(
        tree: &UseTree,
        prefix: &mut Vec<String>,
        gone: &dyn Fn(&[String]) -> bool,
    ) -> Option<UseTree> {
        let mut leaf = |name: String| {
            prefix.push(name);
            let dropped = gone(prefix);
            prefix.pop();
            (!dropped).then(|| tree.clone())
        };
        match tree {
            UseTree::Name(n) => leaf(n.ident.to_string()),
            UseTree::Rename(r) => leaf(r.ident.to_string()),
            UseTree::Glob(_) => leaf("*".to_string()),
            UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                let inner = keep(&p.tree, prefix, gone);
                prefix.pop();
                let mut p = p.clone();
                p.tree = Box::new(inner?);
                Some(UseTree::Path(p))
            }
            UseTree::Group(g) => {
                let kept: Punctuated<UseTree, syn::Token![,]> = g
                    .items
                    .iter()
                    .filter_map(|t| keep(t, prefix, gone))
                    .collect();
                if kept.is_empty() {
                    return None;
                }
                let mut g = g.clone();
                g.items = kept;
                Some(UseTree::Group(g))
            }
        }
    }
    items.retain_mut(|item| match item {
        Item::Use(u) => match keep(&u.tree, &mut Vec::new(), gone) {
            Some(tree) => {
                u.tree = tree;
                true
            }
            None => false,
        },
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

#[cfg(test)]
mod tests {
    use super::*;

    fn krate(root: &str) -> ProcMacroCrate {
        ProcMacroCrate {
            name: "shapes".into(),
            package: "shapes 0.1.0".into(),
            root_file: PathBuf::from(root),
        }
    }

    #[test]
    fn imports_of_the_macro_crate_and_of_the_macros_run_go() {
        let mut file: syn::File = syn::parse_quote! {
            use proconio::{derive_readable, fastout, input};
            pub use proconio_derive::*;
            extern crate proconio_derive;
            use std::io::Write;
            use crate::fastout::helper;
            mod inner { use proconio_derive::fastout; use super::x; }
        };
        let ours = ["proconio_derive"];
        let externs = ["proconio", "proconio_derive"];
        let ran = ["fastout", "derive_readable"];
        drop_imports(&mut file.items, &|path: &[String]| {
            let first = path[0].as_str();
            let last = path.last().map(String::as_str).unwrap_or_default();
            ours.contains(&first) || (externs.contains(&first) && ran.contains(&last))
        });
        let text = file.to_token_stream().to_string();
        assert_eq!(
            text,
            "use proconio :: { input } ; use std :: io :: Write ; \
             use crate :: fastout :: helper ; mod inner { use super :: x ; }"
        );
    }

    #[test]
    fn a_derives_declaration_gives_its_name_and_helpers() {
        let f: syn::ItemFn = syn::parse_quote! {
            #[proc_macro_derive(Describe, attributes(describe, skip))]
            pub fn describe(item: TokenStream) -> TokenStream { item }
        };
        assert_eq!(
            derive_declaration(&f.attrs[0]),
            Some(("Describe".into(), vec!["describe".into(), "skip".into()]))
        );
        let bare: syn::ItemFn = syn::parse_quote! {
            #[proc_macro_derive(Plain)]
            pub fn plain(item: TokenStream) -> TokenStream { item }
        };
        assert_eq!(
            derive_declaration(&bare.attrs[0]),
            Some(("Plain".into(), vec![]))
        );
    }

    #[test]
    fn dep_info_names_a_member_relatively_and_a_registry_crate_absolutely() {
        let member = krate("/home/u/pkg/shapes/src/lib.rs");
        assert!(names_root(
            "/t/libshapes-1.so: shapes/src/lib.rs\n",
            &member
        ));
        assert!(!names_root(
            "/t/libshapes-1.so: other/src/lib.rs\n",
            &member
        ));
        let registry = krate("/c/registry/shapes-0.2.0/src/lib.rs");
        assert!(names_root(
            "/t/libshapes-2.so: /c/registry/shapes-0.2.0/src/lib.rs /c/registry/shapes-0.2.0/src/a.rs\n",
            &registry
        ));
        // Another version of the crate is not this one.
        assert!(!names_root(
            "/t/libshapes-3.so: /c/registry/shapes-0.1.0/src/lib.rs\n",
            &registry
        ));
        assert!(!names_root("", &registry));
    }

    #[test]
    fn names_the_probe_cannot_resolve_are_not_the_macros_errors() {
        let line = |message: &str, code: &str| {
            serde_json::json!({
                "level": "error", "message": message,
                "code": if code.is_empty() { serde_json::Value::Null } else { serde_json::json!({"code": code}) },
                "rendered": format!("error: {message}\n"),
            })
            .to_string()
        };
        let resolving = [
            line("cannot find macro `input` in this scope", ""),
            line("failed to resolve: could not find `proconio`", "E0433"),
            line("aborting due to 2 previous errors", ""),
        ]
        .join("\n");
        assert_eq!(macro_errors(resolving.as_bytes()), None);
        let real = format!(
            "{resolving}\n{}",
            line("Closures cannot contain `println!`", "")
        );
        let said = macro_errors(real.as_bytes()).expect("the macro's own error");
        assert!(
            said.ends_with("error: Closures cannot contain `println!`"),
            "{said}"
        );
    }

    #[test]
    fn only_the_impls_rustcs_own_derives_write_are_left_out() {
        let derived: Item = syn::parse_quote! {
            #[automatically_derived]
            impl ::core::fmt::Debug for P { }
        };
        let theirs: Item = syn::parse_quote! {
            impl ::proconio::source::Readable for P { }
        };
        let marked_theirs: Item = syn::parse_quote! {
            #[automatically_derived]
            impl ::serde::Serialize for P { }
        };
        assert!(is_builtin_derive(&derived));
        assert!(!is_builtin_derive(&theirs));
        assert!(!is_builtin_derive(&marked_theirs));
    }

    #[test]
    fn helpers_leave_the_item_its_fields_and_its_variants() {
        let mut item: Item = syn::parse_quote! {
            #[describe(name = "p")]
            #[derive(Debug)]
            enum E { #[describe(skip)] A { #[describe] x: u8, #[doc = "kept"] y: u8 }, B }
        };
        strip_helpers(&mut item, &["describe".to_string()].into_iter().collect());
        assert_eq!(
            item.to_token_stream().to_string(),
            "# [derive (Debug)] enum E { A { x : u8 , # [doc = \"kept\"] y : u8 } , B }"
        );
    }
}
