//! The probe: the items a procedural macro runs on, alone in a file that
//! rustc expands with the macros' builds and the tap, and what each item
//! becomes, read from the tap and from rustc's printed expansion (see the
//! parent module for why both).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::visit_mut::VisitMut;
use syn::{Item, Meta};

use super::{set_path, Job, ProcMacros};
use crate::cargo::ProcMacroCrate;
use crate::error::Error;
use crate::syntax::{item_attrs, item_attrs_mut};

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

impl ProcMacros {
    /// Runs every job in one probe and returns what each item becomes.
    pub(super) fn run(
        &mut self,
        jobs: &[Job],
        edition: &str,
        env: &BTreeMap<String, String>,
    ) -> Result<Vec<Vec<Item>>, Error> {
        let work = self.work_dir().map_err(|m| jobs[0].fail(m))?;
        let taps = work.join("taps");
        let _ = std::fs::remove_dir_all(&taps);
        std::fs::create_dir_all(&taps)
            .map_err(|e| jobs[0].fail(format!("{}: {e}", taps.display())))?;
        let (probe, externs) = self.write_probe(jobs, &work)?;
        let printed =
            expand(&probe, &externs, &taps, (edition, env)).map_err(|m| jobs[0].fail(m))?;
        let mut results = Vec::new();
        for (k, job) in jobs.iter().enumerate() {
            results.push(self.became(job, k, &printed, &taps)?);
        }
        Ok(results)
    }

    /// Writes the probe of `jobs` in `work`: its file, and the `--extern`s
    /// it needs (each crate's build, found for the first job using it).
    fn write_probe(&self, jobs: &[Job], work: &Path) -> Result<(PathBuf, Vec<String>), Error> {
        let mut probe = String::from("extern crate bundler_tap;\n");
        let mut externs = vec![format!("bundler_tap={}", work.join(tap_file()).display())];
        let mut modules = String::new();
        for (k, job) in jobs.iter().enumerate() {
            let (mut item, crates) = self.probe_item(&job.item, k);
            // A method runs in its `impl` (a free `fn f(&self)` does not
            // parse).
            if let (Some((_, header)), Item::Fn(f)) = (&job.member, &item) {
                let mut block = header.clone();
                block.items.push(super::method(f.clone()));
                item = Item::Impl(block);
            }
            for name in crates {
                if externs.iter().any(|e| e.starts_with(&format!("{name}="))) {
                    continue;
                }
                let built =
                    built(&self.crates[name].krate, &self.target_dir).map_err(|m| job.fail(m))?;
                probe.push_str(&format!("extern crate {name};\n"));
                externs.push(format!("{name}={}", built.display()));
            }
            modules.push_str(&format!(
                "mod __bundler_probe_{k} {{ {} }}\n",
                item.to_token_stream()
            ));
        }
        probe.push_str(&modules);
        let file = work.join("probe.rs");
        std::fs::write(&file, &probe)
            .map_err(|e| jobs[0].fail(format!("{}: {e}", file.display())))?;
        Ok((file, externs))
    }

    /// What `job`'s item (probe module `k`) became: the items the tap saw
    /// where rustc printed them, and the others rustc printed beside them.
    fn became(
        &self,
        job: &Job,
        k: usize,
        printed: &syn::File,
        taps: &Path,
    ) -> Result<Vec<Item>, Error> {
        let lost = || {
            job.fail(
                "its expansion drops the attributes after it, so the bundler cannot see what it \
                 wrote; write out the code it generates by hand instead of the attribute"
                    .into(),
            )
        };
        // A method's, back in its `impl` once the job is done.
        let items = match job.member {
            Some(_) => printed_members(job, k, printed, taps, &lost)?,
            None => self.printed_with_tapped(job, k, printed, taps, &lost)?,
        };
        let span = self.job_span(&job.item);
        Ok(items
            .into_iter()
            .map(|i| respanned(writes_out_extern_crates(i), span))
            .collect())
    }

    /// The items rustc printed in probe module `k`, each the tap saw
    /// replaced by what it saw (the item as written, for derives alone).
    fn printed_with_tapped(
        &self,
        job: &Job,
        k: usize,
        printed: &syn::File,
        taps: &Path,
        lost: &dyn Fn() -> Error,
    ) -> Result<Vec<Item>, Error> {
        let printed_items = probe_module(printed, k).ok_or_else(lost)?;
        let mut tapped = match job.attribute {
            true => tapped(job, &taps.join(k.to_string()))
                .ok_or_else(lost)??
                .into_iter(),
            false => vec![job.item.clone()].into_iter(),
        };
        let mut items = Vec::new();
        for item in printed_items {
            match is_marked(&item) {
                true => items.push(self.without_derives(tapped.next().ok_or_else(lost)?)),
                false if is_builtin_derive(&item) => {}
                false => items.push(resolved(job, item)?),
            }
        }
        Ok(items)
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
}

/// The items the tap saved in `file`, in the order it saw them (`None`:
/// it saw none).
fn tapped(job: &Job, file: &Path) -> Option<Result<Vec<Item>, Error>> {
    let text = std::fs::read_to_string(file).ok()?;
    let items = text
        .split('\0')
        .filter(|t| !t.trim().is_empty())
        .map(|one| {
            syn::parse_str::<Item>(one)
                .map_err(|e| job.fail(format!("what it wrote does not parse as items: {e}")))
        })
        .collect();
    Some(items)
}

/// Runs rustc on `probe` with `externs`, the tap saving into `taps`, and
/// returns its printed expansion. The macros see the crate's edition and
/// what cargo sets while it compiles the crate (`env`: `CARGO_PKG_NAME`,
/// a build script's variables), not the bundler's own environment.
fn expand(
    probe: &Path,
    externs: &[String],
    taps: &Path,
    (edition, env): (&str, &BTreeMap<String, String>),
) -> Result<syn::File, String> {
    let work = probe.parent().unwrap_or(Path::new("."));
    let mut command = Command::new(crate::rustc::rustc());
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("CARGO_") {
            command.env_remove(name);
        }
    }
    command
        .envs(env)
        .current_dir(work)
        .env("RUSTC_BOOTSTRAP", "1")
        .env("BUNDLER_TAP_DIR", taps)
        .args([
            "--edition",
            edition,
            "--crate-type",
            "lib",
            "--crate-name",
            "bundler_probe",
        ])
        .args(["-Zunpretty=expanded", "--error-format=json"])
        .arg(probe);
    for e in externs {
        command.arg("--extern").arg(e);
    }
    let output = command
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    if let Some(said) = macro_errors(&output.stderr) {
        return Err(said);
    }
    // A macro call that could not be resolved here is printed as an error
    // comment: kept visible, so that an added item holding one is refused
    // rather than printed with `()` in its place.
    let printed = String::from_utf8_lossy(&output.stdout).replace(ERROR_COMMENT, UNRESOLVED);
    syn::parse_file(&printed)
        .map_err(|e| format!("rustc's printed expansion does not parse again: {e}"))
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
pub(super) fn names_root(text: &str, krate: &ProcMacroCrate) -> bool {
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
pub(super) fn macro_errors(stderr: &[u8]) -> Option<String> {
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
    let items = probe_items(printed, k)?;
    items.iter().any(is_marked).then(|| items.clone())
}

/// The items of probe module `k` of rustc's printed expansion, as printed.
fn probe_items(printed: &syn::File, k: usize) -> Option<&Vec<Item>> {
    let name = format!("__bundler_probe_{k}");
    printed.items.iter().find_map(|item| match item {
        Item::Mod(m) if m.ident == name => m.content.as_ref().map(|(_, items)| items),
        _ => None,
    })
}

/// The members of the `impl` a method job is in, as rustc printed probe
/// module `k`, as items: the method as the tap saw it, and what its macro
/// wrote beside it.
fn printed_members(
    job: &Job,
    k: usize,
    printed: &syn::File,
    taps: &Path,
    lost: &dyn Fn() -> Error,
) -> Result<Vec<Item>, Error> {
    let members = probe_items(printed, k)
        .and_then(|items| {
            items.iter().find_map(|item| match item {
                Item::Impl(block) => Some(&block.items),
                _ => None,
            })
        })
        .ok_or_else(lost)?;
    let mut tapped = tapped(job, &taps.join(k.to_string()))
        .ok_or_else(lost)??
        .into_iter();
    let mut items = Vec::new();
    for member in members {
        let item: Item = syn::parse2(member.to_token_stream())
            .map_err(|e| job.fail(format!("what it wrote in the `impl` does not parse: {e}")))?;
        match is_marked(&item) {
            true => items.push(tapped.next().ok_or_else(lost)?),
            false => items.push(resolved(job, item)?),
        }
    }
    Ok(items)
}

/// `item`, which the macro added beside its own, or the error that it
/// calls a macro the probe could not expand apart from the crate.
fn resolved(job: &Job, item: Item) -> Result<Item, Error> {
    match item.to_token_stream().to_string().contains(UNRESOLVED) {
        false => Ok(item),
        true => Err(job.fail(
            "an item it adds calls a macro that needs the rest of your crate to expand, which \
             the bundler does not expand apart from it; write out the code it generates by hand \
             instead of the attribute"
                .into(),
        )),
    }
}

/// Whether `item` carries the tap's doc line.
fn is_marked(item: &Item) -> bool {
    item_attrs(item).iter().any(|a| match &a.meta {
        Meta::NameValue(nv) if nv.path.is_ident("doc") => {
            nv.value.to_token_stream().to_string().contains(MARK)
        }
        _ => false,
    })
}

/// Whether `item` is an impl one of rustc's built-in derives wrote.
pub(super) fn is_builtin_derive(item: &Item) -> bool {
    let Item::Impl(block) = item else {
        return false;
    };
    let derived = block
        .attrs
        .iter()
        .any(|a| a.path().is_ident("automatically_derived"));
    // A procedural derive may mark its impls so too (thiserror's `impl
    // ::core::fmt::Display`): only rustc's derives' traits (and the marker
    // traits they add, `StructuralPartialEq`, `TrivialClone`) are its own.
    let core = block.trait_.as_ref().is_some_and(|(_, path, _)| {
        let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        path.leading_colon.is_some()
            && match names.as_slice() {
                ["core", "clone" | "marker" | "cmp" | "hash" | "default", _] => true,
                ["core", "fmt", last] => *last == "Debug",
                _ => false,
            }
    });
    derived && core
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
