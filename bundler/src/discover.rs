//! Pass 1: read the library's module tree, following `mod x;` to `x.rs`,
//! `x/mod.rs` or a `#[path]`, with test-only code already removed.
//!
//! The result is a flat list of modules (index 0 is the crate root), each
//! with its own items; a `mod` item keeps its attributes but not its content,
//! which lives in the child module. Modules form a tree by construction, so
//! printing them needs no ordering; the only cycle possible is a `#[path]`
//! that makes a file include itself, which is reported.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use syn::{AttrStyle, Attribute, Item};

use crate::cargo::{Extern, Krate, Workspace};
use crate::cfg::{Cfg, Machine};
use crate::error::{Error, Place};
use crate::include;
use crate::mount::{self, Mount};
use crate::proc_macros::ProcMacros;
use crate::syntax::place_of;

/// A module of the library: its index in [`Crate::modules`] (the root is 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ModuleId(pub usize);

impl ModuleId {
    pub const ROOT: ModuleId = ModuleId(0);
}

/// An item of a module: `module`'s `items[index]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId {
    pub module: ModuleId,
    pub index: usize,
}

/// One module of the library.
#[derive(Debug)]
pub struct Module {
    /// Names from the crate root, `[]` for the root itself.
    pub path: Vec<String>,
    pub parent: Option<ModuleId>,
    /// The workspace-relative file that holds the module's items.
    pub file: String,
    /// Inner attributes (`//!` docs and the like).
    pub attrs: Vec<Attribute>,
    pub items: Vec<Item>,
    /// `mod` item index → child module.
    pub children: BTreeMap<usize, ModuleId>,
}

/// The whole library: its modules and the files they came from.
#[derive(Debug)]
pub struct Crate {
    pub modules: Vec<Module>,
    /// The root modules of the library crates of a user's bundle, each
    /// mounted as a module of the bin's crate.
    pub mounted: Vec<ModuleId>,
    /// For each mounted crate, the mounted crates its code may name (its
    /// dependencies that are bundled): a crate kept whole keeps them too.
    pub dependencies: BTreeMap<ModuleId, Vec<ModuleId>>,
    /// The root module of each crate (the bin's, or the library's, then
    /// each mounted one) with what is known of its configuration.
    pub cfgs: Vec<(ModuleId, Cfg)>,
    /// The oldest edition among a user's crates (`None` for a library
    /// read alone, which is checked under the judge's edition as it is).
    pub oldest_edition: Option<String>,
    /// The newest edition among them: what a judge offering several
    /// editions compiles the bundle as, unless told (`None` for a library).
    pub newest_edition: Option<String>,
    /// The procedural macros run at reading, as the header names them.
    pub macros_run: Vec<String>,
    /// The text of every file read, by workspace-relative name.
    sources: BTreeMap<String, String>,
}

impl Crate {
    /// The module with path `path`, if any.
    pub fn module(&self, path: &[&str]) -> Option<ModuleId> {
        self.modules
            .iter()
            .position(|m| m.path == path)
            .map(ModuleId)
    }

    /// The text of file `name` (as [`Module::file`] names it).
    pub fn source(&self, name: &str) -> Option<&str> {
        self.sources.get(name).map(String::as_str)
    }

    /// Module `m`.
    pub fn get(&self, m: ModuleId) -> &Module {
        &self.modules[m.0]
    }

    /// Item `id`.
    pub fn item(&self, id: ItemId) -> &Item {
        &self.modules[id.module.0].items[id.index]
    }

    /// Every module id, root first.
    pub fn module_ids(&self) -> impl Iterator<Item = ModuleId> {
        (0..self.modules.len()).map(ModuleId)
    }

    /// Every item of every module.
    pub fn item_ids(&self) -> impl Iterator<Item = ItemId> + '_ {
        self.module_ids().flat_map(move |module| {
            (0..self.get(module).items.len()).map(move |index| ItemId { module, index })
        })
    }

    /// Whether module `m` is `root` or inside it.
    pub fn is_within(&self, mut m: ModuleId, root: ModuleId) -> bool {
        loop {
            if m == root {
                return true;
            }
            match self.get(m).parent {
                Some(parent) => m = parent,
                None => return false,
            }
        }
    }

    /// The root of the crate that module `m` belongs to: the bundle's root,
    /// or the mounted library it is in.
    pub fn crate_root(&self, m: ModuleId) -> ModuleId {
        crate_root(&self.modules, &self.mounted, m)
    }

    /// `crate::a::b` for module `m`.
    pub fn module_name(&self, m: ModuleId) -> String {
        let mut name = String::from("crate");
        for segment in &self.get(m).path {
            name.push_str("::");
            name.push_str(segment);
        }
        name
    }
}

/// Reads the library whose `Cargo.toml` is in `library` (`src/lib.rs` is the
/// root); `display_base` is the directory that file names are shown relative to.
pub fn discover(library: &Path, display_base: &Path) -> Result<Crate, Error> {
    let mut reader = Reader::new(display_base, Cfg::default(), None);
    let root = library.join("src").join("lib.rs");
    let src_dir = library.join("src");
    reader.load_file(&root, Vec::new(), None, &src_dir, None)?;
    Ok(Crate {
        modules: reader.modules,
        mounted: Vec::new(),
        dependencies: BTreeMap::new(),
        cfgs: vec![(ModuleId::ROOT, Cfg::default())],
        oldest_edition: None,
        newest_edition: None,
        macros_run: Vec::new(),
        sources: reader.sources,
    })
}

/// Reads the bin of a user's package as the crate root, and every library
/// crate it may reach as a module of it named after the crate (see
/// [`crate::mount`]), each `cfg` decided as far as the judge's `machine`
/// is known.
pub fn discover_workspace(workspace: &Workspace, machine: Machine) -> Result<Crate, Error> {
    let root = &workspace.root;
    let cfg = cfg_of(root, machine);
    let mut reader = Reader::new(&root.display_base, cfg, Some(mount_of(root)));
    reader.env = root.env.clone();
    reader.macros = Some(ProcMacros::new(workspace));
    let dir = root.root_file.parent().unwrap_or(Path::new("."));
    reader.load_file(&root.root_file, Vec::new(), None, dir, None)?;
    reader.note_macro_uses(ModuleId::ROOT);
    let mut alloc = reader.found.alloc;
    let mut mounted = Vec::new();
    let mut cfgs = vec![(ModuleId::ROOT, cfg_of(root, machine))];
    for krate in workspace.libraries.values() {
        reader.base = krate.display_base.clone();
        reader.cfg = cfg_of(krate, machine);
        reader.env = krate.env.clone();
        reader.mount = Some(mount_of(krate));
        reader.found = mount::Found::default();
        let dir = krate.root_file.parent().unwrap_or(Path::new("."));
        let path = vec![krate.mount.clone()];
        let child = reader.load_file(&krate.root_file, path, Some(ModuleId::ROOT), dir, None)?;
        reader.note_macro_uses(child);
        reader.finish_library(child, &krate.mount);
        mounted.push(child);
        cfgs.push((child, cfg_of(krate, machine)));
        alloc |= reader.found.alloc;
    }
    reader.import_macro_uses(&mounted);
    if alloc {
        reader.modules[0].items.insert(
            0,
            syn::parse_quote!(
                extern crate alloc;
            ),
        );
        let shifted = std::mem::take(&mut reader.modules[0].children);
        reader.modules[0].children = shifted.into_iter().map(|(k, v)| (k + 1, v)).collect();
    }
    let editions = || {
        std::iter::once(&workspace.root)
            .chain(workspace.libraries.values())
            .map(|k| k.edition.clone())
    };
    let dependencies = dependencies(workspace, &mounted);
    Ok(Crate {
        modules: reader.modules,
        mounted,
        dependencies,
        cfgs,
        oldest_edition: editions().min(),
        newest_edition: editions().max(),
        macros_run: reader
            .macros
            .map(|m| m.ran.into_iter().collect())
            .unwrap_or_default(),
        sources: reader.sources,
    })
}

/// For each library of `workspace`, mounted at the root module of the
/// same rank in `mounted`, the roots of the libraries it depends on.
fn dependencies(workspace: &Workspace, mounted: &[ModuleId]) -> BTreeMap<ModuleId, Vec<ModuleId>> {
    let root_of = |mount: &str| {
        let position = workspace.libraries.keys().position(|m| m == mount);
        position.map(|k| mounted[k])
    };
    (workspace.libraries.values().zip(mounted))
        .map(|(krate, &child)| {
            let named = krate.externs.values().filter_map(|e| match e {
                Extern::Mounted(mount) => root_of(mount),
                _ => None,
            });
            (child, named.collect())
        })
        .collect()
}

fn cfg_of(krate: &Krate, machine: Machine) -> Cfg {
    Cfg {
        features: Some(krate.features.clone()),
        build: krate.build.as_ref().map(|b| b.cfgs.clone()),
        machine,
    }
}

fn mount_of(krate: &Krate) -> Mount {
    Mount {
        name: krate.mount.clone(),
        own: (krate.env.get("CARGO_CRATE_NAME").cloned()).unwrap_or_else(|| krate.mount.clone()),
        edition: krate.edition.clone(),
        externs: krate.externs.clone(),
        std_renames: BTreeMap::new(),
    }
}

/// The names each crate calls a dependency that cannot be bundled by,
/// with why it cannot.
pub fn refused(workspace: &Workspace) -> BTreeMap<String, String> {
    std::iter::once(&workspace.root)
        .chain(workspace.libraries.values())
        .flat_map(|k| &k.externs)
        .filter_map(|(name, e)| match e {
            Extern::Refused(why) => Some((name.clone(), why.clone())),
            Extern::ProcMacro(krate) => Some((name.clone(), macro_call_refused(workspace, krate))),
            Extern::Mounted(_) => None,
        })
        .collect()
}

/// Why a procedural-macro crate's name cannot stay in a bundle once its
/// attribute macros and derives have run: what is left is a call of a
/// function-like one (`answer!()`), which the bundler does not run.
fn macro_call_refused(workspace: &Workspace, krate: &str) -> String {
    let file = workspace
        .proc_macros
        .get(krate)
        .map(|k| k.root_file.display().to_string())
        .unwrap_or_else(|| krate.to_string());
    format!(
        "it is a procedural-macro crate ({file}); the bundler runs its attribute macros and \
         derives, but not its function-like macros: write out what the call expands to"
    )
}

/// A module about to be added: where it sits and what it holds.
struct NewModule {
    path: Vec<String>,
    parent: Option<ModuleId>,
    attrs: Vec<Attribute>,
    items: Vec<Item>,
}

/// Where a `mod` item is: its file (and how it is shown), the directory
/// its module's file is looked for in, and the module declaring it.
struct Declared<'a> {
    shown: &'a str,
    file: &'a Path,
    child_dir: &'a Path,
    parent: ModuleId,
    parent_path: &'a [String],
}

struct Reader {
    base: PathBuf,
    /// What is known of the configuration of the crate being read.
    cfg: Cfg,
    /// The crate being read as a module of a user's bundle, if it is one.
    mount: Option<Mount>,
    /// What `env!` reads in the crate being read (cargo's variables).
    env: BTreeMap<String, String>,
    /// What rewriting its files found for its root.
    found: mount::Found,
    /// The `#[macro_export]` macros of each library read, by its module's
    /// name.
    exports: BTreeMap<String, Vec<String>>,
    /// The crate being read's `#[macro_use] extern crate x;`s, as
    /// [`macro_uses`] reads them.
    macro_use: Vec<(String, Option<Vec<String>>)>,
    /// Each `#[macro_use] extern crate x;`: the root of the crate that
    /// says it, then what [`macro_uses`] says.
    macro_uses: Vec<(ModuleId, String, Option<Vec<String>>)>,
    /// The procedural macros of a user's bundle, run on each file read.
    macros: Option<ProcMacros>,
    modules: Vec<Module>,
    sources: BTreeMap<String, String>,
    /// Files being read, to catch a `#[path]` cycle.
    stack: Vec<PathBuf>,
}

impl Reader {
    fn new(base: &Path, cfg: Cfg, mount: Option<Mount>) -> Reader {
        Reader {
            base: base.to_path_buf(),
            cfg,
            mount,
            env: BTreeMap::new(),
            found: mount::Found::default(),
            exports: BTreeMap::new(),
            macro_use: Vec::new(),
            macro_uses: Vec::new(),
            macros: None,
            modules: Vec::new(),
            sources: BTreeMap::new(),
            stack: Vec::new(),
        }
    }

    /// Makes the root module `root` of library crate `name` a module of
    /// the bundle: a `mod` item at the crate root, its crate-level
    /// attributes gone, its exported macros reachable by path.
    fn finish_library(&mut self, root: ModuleId, name_of_crate: &str) {
        let ident = syn::Ident::new(name_of_crate, proc_macro2::Span::call_site());
        let index = self.modules[0].items.len();
        self.modules[0].items.push(syn::parse_quote!(mod #ident {}));
        self.modules[0].children.insert(index, root);
        self.modules[root.0].attrs.retain(is_module_attribute);
        let span = proc_macro2::Span::call_site();
        let exported = std::mem::take(&mut self.found.exported);
        let names = exported.iter().map(|(_, name)| name.clone()).collect();
        self.exports.insert(name_of_crate.to_string(), names);
        for (module, macro_name) in exported {
            // Each module up from the one defining it re-exports it.
            let name = syn::Ident::new(&macro_name, span);
            for depth in (0..module.len()).rev() {
                let child = syn::Ident::new(&module[depth], span);
                let mut at = vec![name_of_crate.to_string()];
                at.extend(module[..depth].iter().cloned());
                if let Some(m) = self.module_at(&at) {
                    let reexport = syn::parse_quote!(pub(crate) use self::#child::#name;);
                    let items = &mut self.modules[m.0].items;
                    // The module's own import of the exported macro, which
                    // this re-export now binds (E0252 if both).
                    crate::mount::drop_use_leaf(items, &["crate", name_of_crate, &macro_name]);
                    items.push(reexport);
                }
            }
        }
    }

    /// Notes the `#[macro_use] extern crate`s that reading the crate of
    /// root `root` found.
    fn note_macro_uses(&mut self, root: ModuleId) {
        for (module, picked) in std::mem::take(&mut self.macro_use) {
            self.macro_uses.push((root, module, picked));
        }
    }

    /// `#[macro_use] extern crate x;` puts `x`'s exported macros in scope
    /// in every module of the crate that says it; the bundle drops the
    /// `extern crate` and imports them instead, `use crate::x::name;` in
    /// each module of that crate that binds no macro `name` of its own (an
    /// import nothing calls through goes with the cut, as any does).
    fn import_macro_uses(&mut self, mounted: &[ModuleId]) {
        let span = proc_macro2::Span::call_site();
        for (root, krate, picked) in std::mem::take(&mut self.macro_uses) {
            let exported = self.exports.get(&krate).cloned().unwrap_or_default();
            let names = exported
                .iter()
                .filter(|name| picked.as_ref().is_none_or(|p| p.contains(name)));
            let names: Vec<&String> = names.collect();
            let krate = syn::Ident::new(&krate, span);
            for m in 0..self.modules.len() {
                if crate_root(&self.modules, mounted, ModuleId(m)) != root {
                    continue;
                }
                let bound = bound_names(&self.modules[m].items);
                for name in names.iter().filter(|n| !bound.contains(**n)) {
                    let name = syn::Ident::new(name, span);
                    let import = syn::parse_quote!(use crate::#krate::#name;);
                    self.modules[m].items.push(import);
                }
            }
        }
    }

    fn module_at(&self, path: &[String]) -> Option<ModuleId> {
        self.modules
            .iter()
            .position(|m| m.path == path)
            .map(ModuleId)
    }
    fn display(&self, file: &Path) -> String {
        let shown = file.strip_prefix(&self.base).unwrap_or(file);
        shown
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/")
    }

    fn load_file(
        &mut self,
        file: &Path,
        path: Vec<String>,
        parent: Option<ModuleId>,
        child_dir: &Path,
        declared_at: Option<Place>,
    ) -> Result<ModuleId, Error> {
        let shown = self.display(file);
        let canonical = file.canonicalize().unwrap_or_else(|_| file.to_path_buf());
        if self.stack.contains(&canonical) {
            return Err(Error::ModuleCycle {
                place: declared_at.unwrap_or(Place {
                    file: shown.clone(),
                    line: 1,
                    column: None,
                }),
                file: shown,
            });
        }
        let text = std::fs::read_to_string(file).map_err(|source| Error::Io {
            path: PathBuf::from(&shown),
            source,
        })?;
        let mut parsed = syn::parse_file(&text).map_err(|e| {
            let start = e.span().start();
            Error::Parse {
                place: Place {
                    file: shown.clone(),
                    line: start.line,
                    column: Some(start.column + 1),
                },
                message: e.to_string(),
            }
        })?;
        self.cfg.apply(&mut parsed);
        include::write_out(&mut parsed, file, &shown, &self.env)?;
        self.mount_file(&mut parsed, &shown, &path)?;
        self.sources.insert(shown.clone(), text);
        self.stack.push(canonical);
        let new = NewModule {
            path,
            parent,
            attrs: parsed.attrs,
            items: parsed.items,
        };
        let id = self.add_module(&shown, file, new, child_dir);
        self.stack.pop();
        id
    }

    /// For a crate of a user's bundle, runs the procedural macros on file
    /// `parsed` (shown as `shown`, module `path`) and makes its paths the
    /// bundle's.
    fn mount_file(
        &mut self,
        parsed: &mut syn::File,
        shown: &str,
        path: &[String],
    ) -> Result<(), Error> {
        if let (Some(macros), Some(mount)) = (&mut self.macros, &self.mount) {
            macros.expand(parsed, shown, mount, &self.env)?;
        }
        if let Some(mount) = &self.mount {
            let module = &path[usize::from(!mount.name.is_empty()).min(path.len())..];
            if module.is_empty() {
                self.macro_use.extend(macro_uses(&parsed.items, mount));
            }
            let found = mount::rewrite(parsed, mount, module);
            self.found.alloc |= found.alloc;
            self.found.exported.extend(found.exported);
            // Read before the root's modules: they use the names too.
            if let Some(mount) = &mut self.mount {
                mount.std_renames.extend(found.std_renames);
            }
        }
        Ok(())
    }

    /// Adds module `new`, read from `file` (shown as `shown`), and every
    /// module it declares, whose files are looked for in `child_dir`.
    fn add_module(
        &mut self,
        shown: &str,
        file: &Path,
        new: NewModule,
        child_dir: &Path,
    ) -> Result<ModuleId, Error> {
        let NewModule {
            path,
            parent,
            attrs,
            mut items,
        } = new;
        let id = ModuleId(self.modules.len());
        self.modules.push(Module {
            path: path.clone(),
            parent,
            file: shown.to_string(),
            attrs,
            items: Vec::new(),
            children: BTreeMap::new(),
        });
        let mut children = BTreeMap::new();
        for (index, item) in items.iter_mut().enumerate() {
            match item {
                Item::ExternCrate(krate) => {
                    let name = krate.ident.to_string();
                    if !matches!(name.as_str(), "std" | "core" | "alloc") {
                        return Err(Error::ExternalCrate {
                            place: place_of(shown, krate),
                            name,
                            why: None,
                        });
                    }
                }
                Item::Mod(module) => {
                    let declared = Declared {
                        shown,
                        file,
                        child_dir,
                        parent: id,
                        parent_path: &path,
                    };
                    children.insert(index, self.add_child(module, declared)?);
                }
                _ => {}
            }
        }
        self.modules[id.0].items = items;
        self.modules[id.0].children = children;
        Ok(id)
    }

    /// Adds the module a `mod` item declares, inline or from its file, and
    /// leaves the item empty (the bundle prints the module inline).
    fn add_child(&mut self, module: &mut syn::ItemMod, at: Declared) -> Result<ModuleId, Error> {
        let name = module.ident.to_string();
        let mut child_path = at.parent_path.to_vec();
        child_path.push(name.clone());
        let place = place_of(at.shown, &*module);
        let path_attr = path_attribute(&module.attrs);
        let child = if let Some((_, content)) = module.content.take() {
            let (inner, outer): (Vec<_>, Vec<_>) = std::mem::take(&mut module.attrs)
                .into_iter()
                .partition(|a| matches!(a.style, AttrStyle::Inner(_)));
            module.attrs = outer;
            let new = NewModule {
                path: child_path,
                parent: Some(at.parent),
                attrs: inner,
                items: content,
            };
            self.add_module(at.shown, at.file, new, &at.child_dir.join(&name))?
        } else {
            let (child_file, grandchild_dir) =
                self.mod_file(at.file, at.child_dir, &name, path_attr, &place)?;
            let parent = Some(at.parent);
            self.load_file(
                &child_file,
                child_path,
                parent,
                &grandchild_dir,
                Some(place),
            )?
        };
        // The bundle prints the module inline, so the file attribute no
        // longer means anything.
        module.attrs.retain(|a| !a.path().is_ident("path"));
        module.semi = None;
        module.content = Some((Default::default(), Vec::new()));
        Ok(child)
    }

    /// The file of `mod name;` and the directory its own `mod`s are read from.
    fn mod_file(
        &self,
        file: &Path,
        child_dir: &Path,
        name: &str,
        path_attr: Option<String>,
        place: &Place,
    ) -> Result<(PathBuf, PathBuf), Error> {
        if let Some(relative) = path_attr {
            // A #[path] file is read like a mod.rs: its children sit beside it.
            let dir = file.parent().unwrap_or(Path::new("."));
            let target = dir.join(relative);
            if !target.is_file() {
                return Err(Error::MissingModFile {
                    place: place.clone(),
                    module: name.to_string(),
                    tried: vec![self.display(&target)],
                });
            }
            let next = target.parent().unwrap_or(Path::new(".")).to_path_buf();
            return Ok((target, next));
        }
        let flat = child_dir.join(format!("{name}.rs"));
        let nested = child_dir.join(name).join("mod.rs");
        match (flat.is_file(), nested.is_file()) {
            (true, true) => Err(Error::AmbiguousModFile {
                place: place.clone(),
                module: name.to_string(),
            }),
            (true, false) => Ok((flat, child_dir.join(name))),
            (false, true) => Ok((nested, child_dir.join(name))),
            (false, false) => Err(Error::MissingModFile {
                place: place.clone(),
                module: name.to_string(),
                tried: vec![self.display(&flat), self.display(&nested)],
            }),
        }
    }
}

/// Whether an inner attribute of a library's root may stay on the module it
/// becomes: docs and lint levels; not `no_std`, `doc(html_root_url)`,
/// `recursion_limit` and the like, which only a crate root takes.
fn is_module_attribute(attr: &Attribute) -> bool {
    let doc_text = attr.path().is_ident("doc") && matches!(attr.meta, syn::Meta::NameValue(_));
    let doc_text = doc_text
        && matches!(&attr.meta, syn::Meta::NameValue(nv) if matches!(nv.value, syn::Expr::Lit(_)));
    let lint = ["allow", "warn", "deny", "forbid", "expect"]
        .iter()
        .any(|l| attr.path().is_ident(l));
    doc_text || lint
}

/// The value of a `#[path = "..."]` attribute.
fn path_attribute(attrs: &[Attribute]) -> Option<String> {
    attrs.iter().find_map(|a| {
        if !a.path().is_ident("path") {
            return None;
        }
        match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        }
    })
}

/// The root of the crate module `m` belongs to: the bundle's root, or
/// the library among `mounted` it is in.
fn crate_root(modules: &[Module], mounted: &[ModuleId], mut m: ModuleId) -> ModuleId {
    while let Some(parent) = modules[m.0].parent.filter(|_| !mounted.contains(&m)) {
        m = parent;
    }
    m
}

/// The names `items` may bind as macros: those their `use`s import (in
/// any namespace) and their `macro_rules!`. A module of the name is no
/// clash: lazy_static's `mod lazy_static` at the bundle's root beside
/// `use crate::lazy_static::lazy_static;`.
fn bound_names(items: &[Item]) -> std::collections::BTreeSet<String> {
    let mut names = std::collections::BTreeSet::new();
    for item in items {
        match item {
            Item::Use(u) => {
                let mut flat = Vec::new();
                crate::syntax::flatten_use(&u.tree, &mut Vec::new(), &mut flat);
                names.extend(flat.into_iter().filter_map(|(_, name)| name));
            }
            Item::Macro(mac) => names.extend(mac.ident.as_ref().map(ToString::to_string)),
            _ => {}
        }
    }
    names
}

/// `#[macro_use] extern crate x;` among a crate root's `items`, `x` a
/// bundled crate: the module of `x`, and the macros it picks if it names
/// them (`#[macro_use(a, b)]`).
fn macro_uses(items: &[Item], mount: &Mount) -> Vec<(String, Option<Vec<String>>)> {
    let mut out = Vec::new();
    for item in items {
        let Item::ExternCrate(krate) = item else {
            continue;
        };
        let Some(Extern::Mounted(module)) = mount.externs.get(&krate.ident.to_string()) else {
            continue;
        };
        let Some(attr) = krate.attrs.iter().find(|a| a.path().is_ident("macro_use")) else {
            continue;
        };
        let picked = match &attr.meta {
            syn::Meta::List(list) => Some(
                list.parse_args_with(
                    syn::punctuated::Punctuated::<syn::Ident, syn::Token![,]>::parse_terminated,
                )
                .map(|names| names.iter().map(ToString::to_string).collect())
                .unwrap_or_default(),
            ),
            _ => None,
        };
        out.push((module.clone(), picked));
    }
    out
}
