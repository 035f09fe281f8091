//! Files import each other in one direction only: in each crate of the
//! workspace, no circle of source files each naming the next (issue 29).
//!
//! A file names another when one of its paths (`use crate::a::b`, or
//! `crate::a::b::f` and `super::b::f` in code) leads into the module that
//! file holds: the path's longest prefix that is a module with a file of
//! its own. A module's own ancestors and descendants do not count (a parent
//! declares and re-exports its children, a child reaches its siblings
//! through the parent's re-exports): the circles this test forbids are
//! between files side by side, or in different branches.
//!
//! ```text
//! cargo test -p judge-tests --test imports
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::visit::{self, Visit};

/// Module path (`["dlx", "links"]`) by file, for one crate's `src/`.
fn modules(src: &Path) -> BTreeMap<Vec<String>, PathBuf> {
    let mut found = BTreeMap::new();
    for entry in walk(src) {
        let relative = entry.strip_prefix(src).expect("under src");
        let mut parts: Vec<String> = relative
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        if parts.first().is_some_and(|p| p == "bin") {
            continue;
        }
        let last = parts.pop().expect("a file name");
        let stem = last.trim_end_matches(".rs").to_string();
        if !["lib", "main", "mod"].contains(&stem.as_str()) {
            parts.push(stem);
        }
        found.insert(parts, entry);
    }
    found
}

/// Every `*.rs` under `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a readable folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// The absolute module paths a file's code names (`crate::…`, `super::…`,
/// `self::…` made absolute), as written: items included.
struct Paths<'a> {
    here: &'a [String],
    found: BTreeSet<Vec<String>>,
}

impl Paths<'_> {
    fn add(&mut self, segments: Vec<String>) {
        let mut absolute: Vec<String> = Vec::new();
        let mut rest = segments.iter().peekable();
        match rest.peek().map(|s| s.as_str()) {
            Some("crate") => {
                rest.next();
            }
            Some("super") | Some("self") => {
                absolute = self.here.to_vec();
                while let Some(step) = rest.peek().map(|s| s.as_str()) {
                    match step {
                        "super" => absolute.pop(),
                        "self" => None,
                        _ => break,
                    };
                    rest.next();
                }
            }
            _ => return,
        }
        absolute.extend(rest.cloned());
        self.found.insert(absolute);
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                prefix.push(n.ident.to_string());
                self.add(prefix.clone());
                prefix.pop();
            }
            syn::UseTree::Rename(r) => {
                prefix.push(r.ident.to_string());
                self.add(prefix.clone());
                prefix.pop();
            }
            syn::UseTree::Glob(_) => self.add(prefix.clone()),
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    self.use_tree(prefix, tree);
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for Paths<'_> {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.add(path.segments.iter().map(|s| s.ident.to_string()).collect());
        visit::visit_path(self, path);
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        // Inline test modules are not the file's production imports.
        let test = item.attrs.iter().any(|a| {
            a.path().is_ident("cfg")
                && a.meta
                    .require_list()
                    .is_ok_and(|l| l.tokens.to_string().contains("test"))
        });
        if !test {
            visit::visit_item_mod(self, item);
        }
    }
}

/// The edges between files of one crate: module → modules it names.
fn edges(src: &Path) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let modules = modules(src);
    let mut edges = BTreeMap::new();
    for (module, file) in &modules {
        let text = std::fs::read_to_string(file).expect("a readable file");
        let syntax = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let mut paths = Paths {
            here: module,
            found: BTreeSet::new(),
        };
        paths.visit_file(&syntax);
        let mut targets = BTreeSet::new();
        for path in paths.found {
            let target = (0..=path.len())
                .rev()
                .map(|n| path[..n].to_vec())
                .find(|prefix| modules.contains_key(prefix))
                .expect("the crate root is a module");
            let related = target.starts_with(module) || module.starts_with(&target);
            if !related {
                targets.insert(target);
            }
        }
        edges.insert(module.clone(), targets);
    }
    edges
}

/// The strongly connected components of more than one module (Tarjan).
fn circles(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<Vec<String>>> {
    struct State<'a> {
        edges: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<&'a Vec<String>, (usize, usize)>,
        stack: Vec<&'a Vec<String>>,
        found: Vec<Vec<Vec<String>>>,
    }
    fn visit<'a>(state: &mut State<'a>, v: &'a Vec<String>) {
        let n = state.index.len();
        state.index.insert(v, (n, n));
        state.stack.push(v);
        for w in state.edges.get(v).into_iter().flatten() {
            match state.index.get(w).copied() {
                None => {
                    visit(state, w);
                    let low = state.index[w].1.min(state.index[v].1);
                    state.index.get_mut(v).expect("visited").1 = low;
                }
                Some((w_index, _)) if state.stack.contains(&w) => {
                    let low = w_index.min(state.index[v].1);
                    state.index.get_mut(v).expect("visited").1 = low;
                }
                Some(_) => {}
            }
        }
        let (index, low) = state.index[v];
        if index == low {
            let mut component = Vec::new();
            while let Some(w) = state.stack.pop() {
                component.push(w.clone());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                state.found.push(component);
            }
        }
    }
    let mut state = State {
        edges,
        index: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !state.index.contains_key(v) {
            visit(&mut state, v);
        }
    }
    state.found
}

#[test]
fn no_crate_has_a_circle_of_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    for member in ["library", "bundler", "judge-tests", "cli"] {
        for circle in circles(&edges(&root.join(member).join("src"))) {
            let names: Vec<String> = circle.iter().map(|m| m.join("::")).collect();
            found.push(format!("{member}: {}", names.join(", ")));
        }
    }
    assert!(found.is_empty(), "circles of files:\n{}", found.join("\n"));
}

#[test]
fn a_circle_is_found_and_kin_are_not_one() {
    let module = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    let mut edges = BTreeMap::new();
    edges.insert(module("a"), BTreeSet::from([module("b")]));
    edges.insert(module("b"), BTreeSet::from([module("c")]));
    edges.insert(module("c"), BTreeSet::from([module("a")]));
    edges.insert(module("d"), BTreeSet::from([module("a")]));
    assert_eq!(
        circles(&edges),
        vec![vec![module("a"), module("b"), module("c")]]
    );
    let mut paths = Paths {
        here: &module("x::y"),
        found: BTreeSet::new(),
    };
    let file: syn::File =
        syn::parse_str("use super::z::{f, g as h}; fn k() { crate::w::v(); std::f(); }").unwrap();
    paths.visit_file(&file);
    let found: Vec<String> = paths.found.iter().map(|p| p.join("::")).collect();
    assert_eq!(found, ["w::v", "x::z::f", "x::z::g"]);
}
