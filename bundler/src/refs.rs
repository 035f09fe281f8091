//! What a piece of code refers to: the paths it names, the methods it
//! calls, the fields it reads and the macros it invokes, read with a syn
//! `Visit` (and, inside macro invocations, from the raw tokens).

use std::collections::BTreeSet;

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use syn::spanned::Spanned;
use syn::visit::Visit;

use crate::syntax::flatten_use;

/// Paths and names one piece of code refers to.
#[derive(Default)]
pub(crate) struct Refs {
    /// Paths checked strictly (a lowercase first segment that names nothing
    /// is taken as a crate), with their line.
    pub(crate) paths: Vec<(Vec<String>, usize)>,
    /// Paths from macro tokens: followed when they resolve, never an error.
    pub(crate) loose: Vec<Vec<String>>,
    /// Paths from macro tokens that a macro variable ends
    /// (`crate::arch::avx2::$kind`): any item of the module they name.
    pub(crate) open: Vec<Vec<String>>,
    pub(crate) methods: BTreeSet<String>,
    /// Field names read (`x.name`, `Type { name, .. }` patterns).
    pub(crate) fields: BTreeSet<String>,
    pub(crate) macros: BTreeSet<String>,
}

#[derive(Default)]
pub(crate) struct Collector {
    pub(crate) refs: Refs,
    /// Set by a qualified self (`<T>::name`) for the path that follows it.
    qualified: Option<Qualified>,
    /// What the `use` items of each enclosing block bind, innermost last:
    /// the name and the path it stands for. The resolver knows a module's
    /// names, not a block's, so `{ use lib::graph as g; g::bfs() }` is
    /// read as `lib::graph::bfs`.
    aliases: Vec<Vec<(String, Vec<String>)>>,
    /// The modules each enclosing block's glob imports (`use lib::prelude::*;`):
    /// a name of the block may be any of theirs.
    globs: Vec<Vec<String>>,
}

/// What the `<T>` of `<T>::name` (syn's `QSelf` at position 0) stands for
/// in the path that follows it, whose leading `::` is syn's, not a crate's.
enum Qualified {
    /// `<T as Trait>::name`: the path is `Trait::name`, read as any path.
    AsTrait,
    /// `<a::T>::name`, `<T<U>>::name`: the path means `a::T::name`.
    Type(Vec<String>),
    /// `<[T]>::name`, `<Vec<T>>::name`: a type that is no path of its own;
    /// `name` is an associated name it may have.
    Other,
}

impl<'ast> Visit<'ast> for Collector {
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}

    fn visit_qself(&mut self, qself: &'ast syn::QSelf) {
        syn::visit::visit_qself(self, qself);
        // Set after the type's own paths are visited: it is for the next.
        self.qualified = Some(match &*qself.ty {
            _ if qself.position > 0 => Qualified::AsTrait,
            syn::Type::Path(p) if p.qself.is_none() => Qualified::Type(path_segments(&p.path)),
            _ => Qualified::Other,
        });
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let names = path.segments.iter().map(|s| s.ident.to_string());
        let segments = match self.qualified.take() {
            None | Some(Qualified::AsTrait) => path_segments(path),
            Some(Qualified::Type(mut ty)) => {
                ty.extend(names);
                ty
            }
            Some(Qualified::Other) => {
                self.refs.methods.extend(names);
                syn::visit::visit_path(self, path);
                return;
            }
        };
        let line = crate::syntax::line_of(path.span());
        let segments = self.unalias_or_glob(segments);
        self.refs.paths.push((segments, line));
        syn::visit::visit_path(self, path);
    }

    fn visit_block(&mut self, block: &'ast syn::Block) {
        let (mut bound, mut globs) = (Vec::new(), Vec::new());
        for stmt in &block.stmts {
            let syn::Stmt::Item(syn::Item::Use(u)) = stmt else {
                continue;
            };
            let mut flat = Vec::new();
            flatten_use(&u.tree, &mut Vec::new(), &mut flat);
            for (path, name) in flat {
                match name {
                    Some(name) => bound.push((name, path)),
                    None => globs.push(path),
                }
            }
        }
        self.aliases.push(bound);
        let globs: Vec<Vec<String>> = globs.into_iter().map(|g| self.unalias(g)).collect();
        let outer = self.globs.len();
        self.globs.extend(globs);
        syn::visit::visit_block(self, block);
        self.globs.truncate(outer);
        self.aliases.pop();
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        self.refs.methods.insert(call.method.to_string());
        syn::visit::visit_expr_method_call(self, call);
    }

    fn visit_expr_field(&mut self, field: &'ast syn::ExprField) {
        if let syn::Member::Named(name) = &field.member {
            self.refs.fields.insert(name.to_string());
        }
        syn::visit::visit_expr_field(self, field);
    }

    fn visit_field_pat(&mut self, field: &'ast syn::FieldPat) {
        if let syn::Member::Named(name) = &field.member {
            self.refs.fields.insert(name.to_string());
        }
        syn::visit::visit_field_pat(self, field);
    }

    fn visit_pat_ident(&mut self, pat: &'ast syn::PatIdent) {
        // `FOO =>` may name a const or unit struct; lowercase is a binding.
        let name = pat.ident.to_string();
        if name.starts_with(|c: char| c.is_ascii_uppercase()) {
            self.refs.loose.push(vec![name]);
        }
        syn::visit::visit_pat_ident(self, pat);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        if let Some(last) = mac.path.segments.last() {
            self.refs.macros.insert(last.ident.to_string());
        }
        if mac.path.segments.len() > 1 {
            let segments = mac
                .path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect();
            self.refs.loose.push(segments);
        }
        let (loose, open) = (self.refs.loose.len(), self.refs.open.len());
        scan_tokens(mac.tokens.clone(), &mut self.refs);
        let end = self.refs.loose.len();
        for k in loose..end {
            let path = std::mem::take(&mut self.refs.loose[k]);
            self.refs.loose[k] = self.unalias_or_glob(path);
        }
        for k in open..self.refs.open.len() {
            let path = std::mem::take(&mut self.refs.open[k]);
            self.refs.open[k] = self.unalias(path);
        }
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let mut flat = Vec::new();
        flatten_use(&u.tree, &mut Vec::new(), &mut flat);
        let line = crate::syntax::line_of(u.span());
        for (segments, _) in flat {
            let segments = self.unalias(segments);
            self.refs.paths.push((segments, line));
        }
    }
}

impl Collector {
    /// `path` unaliased ([`Collector::unalias`]); a path no block's `use`
    /// names by its first segment may also be a glob's.
    fn unalias_or_glob(&mut self, path: Vec<String>) -> Vec<String> {
        let unaliased = self.unalias(path.clone());
        if unaliased == path {
            self.through_globs(&path);
        }
        unaliased
    }

    /// `path` as a name of each module an enclosing block's glob imports,
    /// followed where it resolves (`topological_sort` after `use
    /// pathfinding::prelude::*;` in `main`).
    fn through_globs(&mut self, path: &[String]) {
        let local = matches!(
            path.first().map(String::as_str),
            None | Some("crate" | "self" | "super" | "Self" | "::")
        );
        if local {
            return;
        }
        for glob in &self.globs {
            let mut full = glob.clone();
            full.extend(path.iter().cloned());
            self.refs.loose.push(full);
        }
    }

    /// `path` with a leading name that an enclosing block's `use` binds
    /// replaced by what it stands for, again while the new one is bound
    /// too: a block's `use`s may name each other (`use lib as l; use
    /// l::g;`), a few deep.
    fn unalias(&self, mut path: Vec<String>) -> Vec<String> {
        for _ in 0..4 {
            let Some(first) = path.first() else {
                break;
            };
            let bound = self
                .aliases
                .iter()
                .rev()
                .flatten()
                .find(|(name, _)| name == first);
            let Some((_, full)) = bound.filter(|(_, full)| full.first() != Some(first)) else {
                break;
            };
            path.splice(0..1, full.iter().cloned());
        }
        path
    }
}

/// A path's segments, `"::"` first for a leading `::`.
fn path_segments(path: &syn::Path) -> Vec<String> {
    let mut segments: Vec<String> = Vec::new();
    if path.leading_colon.is_some() {
        segments.push("::".into());
    }
    segments.extend(path.segments.iter().map(|s| s.ident.to_string()));
    segments
}

/// Follows what macro tokens probably mean: `a::b` paths, `.name` calls,
/// `{name}` captures in format strings, nested macro names.
pub(crate) fn scan_tokens(tokens: TokenStream, refs: &mut Refs) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut k = 0;
    while k < tokens.len() {
        match &tokens[k] {
            TokenTree::Group(g) => {
                if g.delimiter() != Delimiter::None || !g.stream().is_empty() {
                    scan_tokens(g.stream(), refs);
                }
                k += 1;
            }
            TokenTree::Literal(lit) => {
                let text = lit.to_string();
                if text.starts_with('"') || text.starts_with('r') {
                    format_captures(&text, refs);
                }
                k += 1;
            }
            TokenTree::Punct(p) if p.as_char() == '.' => {
                if let Some(TokenTree::Ident(id)) = tokens.get(k + 1) {
                    refs.methods.insert(id.to_string());
                    refs.fields.insert(id.to_string());
                    k += 2;
                } else {
                    k += 1;
                }
            }
            TokenTree::Punct(p) if p.as_char() == '$' => {
                if let Some(TokenTree::Ident(id)) = tokens.get(k + 1) {
                    if id == "crate" {
                        k = scan_path(&tokens, k + 1, refs);
                        continue;
                    }
                }
                // `$name` is a macro variable, not code; `$(...)` a repetition.
                k += if matches!(tokens.get(k + 1), Some(TokenTree::Ident(_))) {
                    2
                } else {
                    1
                };
            }
            TokenTree::Ident(_) => k = scan_path(&tokens, k, refs),
            TokenTree::Punct(_) => k += 1,
        }
    }
}

/// Reads `ident (:: ident)*` from `start`; returns the index after it.
fn scan_path(tokens: &[TokenTree], start: usize, refs: &mut Refs) -> usize {
    let mut segments = Vec::new();
    let mut k = start;
    if let TokenTree::Ident(id) = &tokens[k] {
        segments.push(id.to_string());
        k += 1;
    }
    loop {
        let colons = matches!((tokens.get(k), tokens.get(k + 1)), (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b))) if a.as_char() == ':' && b.as_char() == ':');
        match (colons, tokens.get(k + 2)) {
            (true, Some(TokenTree::Ident(id))) => {
                segments.push(id.to_string());
                k += 3;
            }
            (true, next) => {
                let variable = matches!(next, Some(TokenTree::Punct(p)) if p.as_char() == '$');
                if variable {
                    refs.open.push(segments.clone());
                }
                k += 2;
                break;
            }
            _ => break,
        }
    }
    if let Some(TokenTree::Punct(p)) = tokens.get(k) {
        if p.as_char() == '!' {
            if let Some(last) = segments.last() {
                refs.macros.insert(last.clone());
            }
        }
    }
    refs.loose.push(segments);
    k
}

/// `{name}` and `{name:...}` in a format string name a variable or const.
fn format_captures(text: &str, refs: &mut Refs) {
    let bytes: Vec<char> = text.chars().collect();
    let mut k = 0;
    while k < bytes.len() {
        if bytes[k] == '{' {
            if bytes.get(k + 1) == Some(&'{') {
                k += 2;
                continue;
            }
            let start = k + 1;
            let mut end = start;
            while end < bytes.len() && (bytes[end].is_alphanumeric() || bytes[end] == '_') {
                end += 1;
            }
            if end > start && !bytes[start].is_ascii_digit() {
                refs.loose.push(vec![bytes[start..end].iter().collect()]);
            }
            k = end;
        } else {
            k += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_qualified_self_is_a_type_not_a_crate() {
        let mut collector = Collector::default();
        let block: syn::Block = syn::parse_str(
            "{ <[T]>::to_vec(x); <a::U>::new(3); <Vec<u8>>::with_capacity(1); <X as b::Tr>::f(); }",
        )
        .expect("a block");
        collector.visit_block(&block);
        let paths: Vec<String> = collector
            .refs
            .paths
            .iter()
            .map(|(p, _)| p.join("::"))
            .collect();
        assert!(paths.contains(&"a::U::new".to_string()), "{paths:?}");
        assert!(
            paths.contains(&"Vec::with_capacity".to_string()),
            "{paths:?}"
        );
        assert!(paths.contains(&"b::Tr::f".to_string()), "{paths:?}");
        assert!(!paths.iter().any(|p| p.starts_with("::")), "{paths:?}");
        assert!(collector.refs.methods.contains("to_vec"));
    }

    #[test]
    fn a_blocks_use_names_what_its_paths_stand_for() {
        let mut collector = Collector::default();
        let block: syn::Block = syn::parse_str(
            "{ use lib as l; use l::graph::{self as g, bfs}; use l::io::*; \
               g::dfs(); { assert!(g::connected()); } bfs(); read_all(); }",
        )
        .expect("a block");
        collector.visit_block(&block);
        let refs = &collector.refs;
        let paths: Vec<String> = refs.paths.iter().map(|(p, _)| p.join("::")).collect();
        assert!(paths.contains(&"lib::graph::dfs".to_string()), "{paths:?}");
        assert!(paths.contains(&"lib::graph::bfs".to_string()), "{paths:?}");
        let loose: Vec<String> = refs.loose.iter().map(|p| p.join("::")).collect();
        assert!(
            loose.contains(&"lib::graph::connected".to_string()),
            "{loose:?}"
        );
        // A name of the block may be one the glob brings.
        assert!(
            loose.contains(&"lib::io::read_all".to_string()),
            "{loose:?}"
        );
        assert!(
            !loose.iter().any(|p| p.starts_with("lib::io::lib")),
            "{loose:?}"
        );
        assert!(!paths.iter().any(|p| p.starts_with("g::")), "{paths:?}");
    }

    #[test]
    fn macro_tokens_yield_paths_methods_and_captures() {
        let mut refs = Refs::default();
        let tokens: TokenStream =
            "f, \"{} {LIMIT:>3} {{x}}\", $crate::dlx::Solver::new(&p).first(), $x, m!()"
                .parse()
                .expect("tokens");
        scan_tokens(tokens, &mut refs);
        assert!(refs.loose.contains(&vec!["LIMIT".to_string()]));
        assert!(!refs.loose.contains(&vec!["x".to_string()]));
        assert!(refs
            .loose
            .contains(&["crate", "dlx", "Solver", "new"].map(String::from).to_vec()));
        assert!(refs.methods.contains("first"));
        assert!(refs.macros.contains("m"));
    }
}
