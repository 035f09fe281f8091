//! Pass 1: read what to bundle — an adapter of a library, or a bin of a
//! user's package with the library crates it may use — then write out the
//! item-level macro calls ([`crate::unfold`]) and find the entry point.
//!
//! ```text
//! bundler p4205            library/src/problems/p4205.rs: its `pub fn main`
//! bundler leetcode-37      library/src/problems/leetcode_37.rs: its `impl Solution`
//! cargo submit --bin a     src/bin/a.rs of the package: its `fn main`
//! ```
//!
//! An adapter with no `fn main` and an `impl Solution` has LeetCode's
//! shape: the judge declares `struct Solution;` and calls the impl's
//! methods with its own driver, so the impl is the entry point and each
//! of its `pub` methods a root.

use std::collections::BTreeMap;
use std::path::Path;

use crate::cfg::Machine;
use crate::discover::{self, Crate, ItemId, ModuleId};
use crate::error::Error;
use crate::unfold::unfold;
use crate::{adapters, cargo, emit, Options, Source};

/// The code read and the entry point found: what every later pass starts
/// from.
pub(crate) struct Read {
    /// The problem id or the bin's name.
    pub(crate) name: String,
    /// What the header calls it (`Problem p4205`).
    pub(crate) title: String,
    pub(crate) krate: Crate,
    pub(crate) main: ItemId,
    /// The adapter's module, which a generated `fn main` calls (`None`:
    /// the crate root's own `fn main` is the entry point).
    pub(crate) adapter: Option<Vec<String>>,
    /// LeetCode's shape: the `pub` methods of the adapter's `impl
    /// Solution`, the entry point (empty: a `fn main` is).
    pub(crate) solution: Vec<String>,
    /// Dependencies that cannot be bundled, by the name code uses.
    pub(crate) refused: BTreeMap<String, String>,
    /// The command that bundles it again, and the make target if any.
    pub(crate) command: String,
    /// Where to run it, when a path it takes could only be named from
    /// there (the header names no absolute path).
    pub(crate) run_in: Option<String>,
    pub(crate) make: Option<String>,
    /// A bin's package `Cargo.toml`.
    pub(crate) manifest: Option<std::path::PathBuf>,
}

/// Reads what `options` name.
pub(crate) fn read(options: &Options) -> Result<Read, Error> {
    match &options.source {
        Source::Problem { id, library } => read_problem(id, library),
        Source::Bin { name, manifest } => {
            let machine = options.judge.machine();
            read_bin(
                name,
                manifest.as_deref(),
                options.target_dir.as_deref(),
                machine,
            )
        }
    }
}

/// Reads the library and finds the adapter's `main`.
fn read_problem(id: &str, given: &Path) -> Result<Read, Error> {
    let library = adapters::library(given)?;
    let id = adapters::known(&library, id)?;
    let base = library.parent().unwrap_or(Path::new("."));
    let mut krate = discover::discover(&library, base)?;
    unfold(&mut krate);
    let library_name = library
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "library".into());
    let (main, solution) = entry_point(&krate, &id, &library_name)?;
    // This project's own library (beside submissions/) is bundled with
    // `make submit-<id>`; any other with the installed `bundler`.
    let own = library_name == "library" && base.join("submissions").is_dir();
    let (command, run_in, make) = match own {
        true => (
            format!("cargo run -q -p bundler -- {id}"),
            None,
            Some(format!("make submit-{id}")),
        ),
        false => match emit::shown_path(given) {
            Some(shown) => (format!("bundler {id} --library {shown}"), None, None),
            None => (
                format!("bundler {id} --library {library_name}"),
                Some(format!("the folder that holds {library_name}")),
                None,
            ),
        },
    };
    Ok(Read {
        title: format!("Problem {id}"),
        adapter: Some(vec!["problems".to_string(), adapters::module_name(&id)]),
        name: id,
        krate,
        main,
        solution,
        refused: BTreeMap::new(),
        command,
        run_in,
        make,
        manifest: None,
    })
}

/// Reads the bin of a user's package and the library crates it may use.
fn read_bin(
    name: &str,
    manifest: Option<&Path>,
    target_dir: Option<&Path>,
    machine: Machine,
) -> Result<Read, Error> {
    let workspace = cargo::workspace(manifest, name, target_dir)?;
    let mut krate = discover::discover_workspace(&workspace, machine)?;
    unfold(&mut krate);
    let root_file = krate.get(ModuleId::ROOT).file.clone();
    let main = krate
        .get(ModuleId::ROOT)
        .items
        .iter()
        .position(|item| matches!(item, syn::Item::Fn(f) if f.sig.ident == "main"))
        .map(|index| ItemId {
            module: ModuleId::ROOT,
            index,
        })
        .ok_or(Error::NoMain { file: root_file })?;
    let mut command = format!("cargo submit --bin {name}");
    let mut run_in = None;
    if let Some(manifest) = manifest {
        match emit::shown_path(manifest) {
            Some(shown) => command.push_str(&format!(" --manifest-path {shown}")),
            None => run_in = Some(format!("the folder of package {}", workspace.package)),
        }
    }
    Ok(Read {
        name: name.to_string(),
        title: format!("Bin {name} of package {}", workspace.package),
        refused: discover::refused(&workspace),
        krate,
        main,
        adapter: None,
        solution: Vec::new(),
        command,
        run_in,
        make: None,
        manifest: Some(workspace.manifest.clone()),
    })
}

/// The adapter's `main`; or, with none, its `impl Solution` and the names
/// of that impl's `pub` methods (LeetCode's shape).
fn entry_point(
    krate: &Crate,
    id: &str,
    library_name: &str,
) -> Result<(ItemId, Vec<String>), Error> {
    let module = adapters::module_name(id);
    let adapter = krate
        .module(&["problems", &module])
        .ok_or_else(|| Error::NotDeclared {
            id: module.clone(),
            file: format!("{library_name}/src/problems.rs"),
        })?;
    let items = &krate.get(adapter).items;
    let at = |index| ItemId {
        module: adapter,
        index,
    };
    let main = items
        .iter()
        .position(|item| matches!(item, syn::Item::Fn(f) if f.sig.ident == "main"));
    if let Some(index) = main {
        return Ok((at(index), Vec::new()));
    }
    let solution = items
        .iter()
        .enumerate()
        .find_map(|(index, item)| match item {
            syn::Item::Impl(i) if i.trait_.is_none() && is_solution(&i.self_ty) => {
                Some((index, pub_methods(i)))
            }
            _ => None,
        });
    match solution {
        Some((index, methods)) if !methods.is_empty() => Ok((at(index), methods)),
        _ => Err(Error::NoMain {
            file: format!("{library_name}/src/problems/{module}.rs"),
        }),
    }
}

/// Whether `ty` is the bare path `Solution`.
fn is_solution(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("Solution"))
}

/// The names of the `pub` methods of `block`.
fn pub_methods(block: &syn::ItemImpl) -> Vec<String> {
    block
        .items
        .iter()
        .filter_map(|item| match item {
            syn::ImplItem::Fn(f) if matches!(f.vis, syn::Visibility::Public(_)) => {
                Some(f.sig.ident.to_string())
            }
            _ => None,
        })
        .collect()
}
