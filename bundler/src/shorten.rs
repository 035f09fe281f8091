//! The last step of the size rule ([`crate::fit`]): the names the crates'
//! code declares, made short, and its inlining hints dropped.
//!
//! Past minifying and what the program never runs, what is left of a
//! large crate is mostly names: in num's bundle, 71% of the bytes are
//! identifiers, and `BigUint` alone is written 692 times. A name is
//! renamed everywhere at once, to one fresh name, so what resolved to
//! what still does; what makes that unsafe is a name the file does not
//! declare, and a name whose spelling the program can see:
//!
//! * a name std spells (`leading_zeros`, `len`, `fmt`) is never renamed,
//!   since some of its uses may be std's: std's names are read from its
//!   metadata ([`StdNames`], with [`SHORT_STD`]), and a fresh name is
//!   never one of them;
//! * the names the user's own code declares stay, as written; the crates'
//!   names it only uses (`BigUint`, `gcd`) are shortened in it too;
//! * names a string can show stay: those inside attributes, string
//!   literals (`{x}` in a format string), `asm!`, and the macros that
//!   stringify their input, or hand it to one that does; the names of a
//!   type that derives `Debug`, with its fields and variants, which its
//!   `{:?}` prints; and a file naming `type_name`, `module_path` or a
//!   foreign symbol (`extern`, `no_mangle`) is not renamed at all;
//! * a fresh name keeps its original's case (`BigUint` becomes `A` in
//!   num's bundle, a function a lower-case name) and leading underscore,
//!   so that no naming lint speaks.
//!
//! The `#[inline]`, `#[cold]` and `#[must_use]` of the crates' code go too:
//! hints to the optimiser and to the lints, not behaviour.
//!
//! rustc is the referee, as for the other changes of code ([`instantiated`]):
//! the new text must compile, warn no more, and instantiate functions of
//! the same shapes as the old, each renamed name and its new one read as
//! `_` (std's hashbrown keeps the names the bundle's copy of it loses). A
//! use that had resolved to std would resolve elsewhere or nowhere, and
//! show there.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use proc_macro2::{Delimiter, Group, Ident, TokenStream, TokenTree};
use quote::ToTokens;
use syn::visit_mut::VisitMut;

use crate::error::Error;
use crate::shake::{errors_and_new_warnings, instantiated};

/// `file` with the names its crates' code (items under the `fixable`
/// paths) declares made short and its inlining hints dropped, if rustc
/// finds it the same program ([`self`]); `None` if nothing could be
/// shortened or rustc did not agree.
pub fn shorten(
    file: &syn::File,
    fixable: &[String],
    edition: &str,
) -> Result<Option<syn::File>, Error> {
    let Some(std_names) = StdNames::get() else {
        return Ok(None);
    };
    // Printed stripped: what docs say is no name a program can see.
    let mut slim = file.clone();
    crate::syntax::strip_docs(&mut slim);
    drop_hints(&mut slim.items, "crate", fixable);
    let names = renames(&slim, fixable, std_names);
    let Ok(short) = syn::parse2::<syn::File>(renamed(slim.to_token_stream(), &names)) else {
        return Ok(None);
    };
    let (before, old) = instantiated(&prettyplease::unparse(file), edition)?;
    let (after, new) = instantiated(&prettyplease::unparse(&short), edition)?;
    let (Some(old), Some(new)) = (old, new) else {
        return Ok(None);
    };
    // A renamed name and its new one both read as `_`: so do the same
    // words in the names of std's dependencies (hashbrown's, whose generic
    // code std instantiates with the program's types), which keep theirs.
    let words: BTreeSet<&str> = names
        .keys()
        .chain(names.values())
        .map(String::as_str)
        .collect();
    let shapes = |instances: BTreeSet<String>| {
        let mut shapes: Vec<String> = instances.iter().map(|n| blanked(n, &words)).collect();
        shapes.sort();
        shapes
    };
    if shapes(old) != shapes(new) || !errors_and_new_warnings(&after, &before).is_empty() {
        return Ok(None);
    }
    Ok(Some(short))
}

/// Words that are never renamed and never given: keywords of any
/// edition, contextual ones, the primitive types, and what `macro_rules!`
/// matchers and `asm!` read as words.
const RESERVED: [&str; 93] = [
    "abstract",
    "as",
    "async",
    "auto",
    "await",
    "become",
    "box",
    "break",
    "const",
    "continue",
    "crate",
    "default",
    "do",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "final",
    "fn",
    "for",
    "gen",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "macro",
    "macro_rules",
    "match",
    "mod",
    "move",
    "mut",
    "override",
    "priv",
    "pub",
    "raw",
    "ref",
    "return",
    "safe",
    "self",
    "Self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "try",
    "type",
    "typeof",
    "union",
    "unsafe",
    "unsized",
    "use",
    "virtual",
    "where",
    "while",
    "yield",
    "_",
    "bool",
    "char",
    "str",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
    "f16",
    "f32",
    "f64",
    "f128",
    "block",
    "expr",
    "expr_2021",
    "ident",
    "item",
    "lifetime",
    "literal",
    "meta",
    "pat",
    "pat_param",
    "path",
    "stmt",
    "tt",
    "ty",
    "vis",
];

/// std's public names of one or two characters (from the documentation
/// of core, alloc and std 1.95): [`StdNames`] reads the longer ones.
const SHORT_STD: [&str; 44] = [
    "E", "Eq", "Fn", "L1", "L2", "L3", "OS", "Ok", "PI", "Rc", "SY", "V4", "V6", "as", "bt", "eq",
    "fd", "fn", "fs", "ge", "gt", "i8", "id", "if", "in", "io", "ip", "is", "kl", "le", "ln", "lt",
    "ne", "of", "ok", "or", "os", "p", "rc", "ty", "u8", "v1", "zb", "zk",
];

/// What std's metadata spells: every run of identifier bytes in the
/// `.rmeta` files (or `.rlib`) of core, alloc and std in the sysroot of the rustc that builds the bundles. A name std has is in there, though perhaps
/// glued to the bytes around it, so a name counts as std's if it is any
/// part of a run ([`StdNames::spells`]).
struct StdNames {
    runs: Vec<String>,
    /// Every suffix of every run, as (run, start), sorted.
    suffixes: Vec<(u32, u32)>,
}

impl StdNames {
    /// Read once per process; `None` if the metadata cannot be read, or
    /// does not hold names std surely has.
    fn get() -> Option<&'static StdNames> {
        static NAMES: OnceLock<Option<StdNames>> = OnceLock::new();
        NAMES.get_or_init(StdNames::read).as_ref()
    }

    fn read() -> Option<StdNames> {
        let output = std::process::Command::new(crate::rustc::rustc())
            .args(["--print", "sysroot"])
            .output()
            .ok()?;
        let sysroot = String::from_utf8(output.stdout).ok()?;
        let targets = std::path::Path::new(sysroot.trim()).join("lib/rustlib");
        let mut libs = Vec::new();
        for target in std::fs::read_dir(targets).ok()?.flatten() {
            if let Ok(found) = std::fs::read_dir(target.path().join("lib")) {
                libs.extend(found.flatten().map(|l| l.path()));
            }
        }
        let of_std = |path: &std::path::Path, ending: &str| {
            let file = path.file_name().unwrap_or_default().to_string_lossy();
            let crates = ["libcore-", "liballoc-", "libstd-"];
            crates.iter().any(|c| file.starts_with(c)) && file.ends_with(ending)
        };
        // The metadata alone where it stands apart; else the whole library.
        let ending = match libs.iter().any(|l| of_std(l, ".rmeta")) {
            true => ".rmeta",
            false => ".rlib",
        };
        let mut runs = BTreeSet::new();
        for lib in libs.iter().filter(|l| of_std(l, ending)) {
            words_of(&std::fs::read(lib).ok()?, &mut runs);
        }
        let runs: Vec<String> = runs.into_iter().collect();
        let mut suffixes: Vec<(u32, u32)> = (runs.iter().enumerate())
            .flat_map(|(r, run)| (0..run.len()).map(move |s| (r as u32, s as u32)))
            .collect();
        suffixes.sort_unstable_by(|&(a, i), &(b, j)| {
            runs[a as usize][i as usize..].cmp(&runs[b as usize][j as usize..])
        });
        let names = StdNames { runs, suffixes };
        let known = [
            "leading_zeros",
            "checked_add",
            "String",
            "fmt",
            "unreachable",
        ];
        known.iter().all(|k| names.spells(k)).then_some(names)
    }

    /// Whether `name` is part of a run of std's metadata.
    fn spells(&self, name: &str) -> bool {
        let suffix = |&(r, s): &(u32, u32)| &self.runs[r as usize][s as usize..];
        let at = self.suffixes.partition_point(|p| suffix(p) < name);
        (self.suffixes.get(at)).is_some_and(|p| suffix(p).starts_with(name))
    }
}

/// Adds the runs of identifier bytes in `bytes` that may start one.
fn words_of(bytes: &[u8], names: &mut BTreeSet<String>) {
    let word = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_';
    for run in bytes.split(|b| !word(b)) {
        if run.first().is_some_and(|b| !b.is_ascii_digit()) {
            names.insert(String::from_utf8_lossy(run).into_owned());
        }
    }
}

/// Drops `#[inline]`, `#[cold]` and `#[must_use]` from the items under
/// the `fixable` paths among `items` (of module `path`).
fn drop_hints(items: &mut [syn::Item], path: &str, fixable: &[String]) {
    for item in items {
        match item {
            syn::Item::Mod(syn::ItemMod {
                ident,
                content: Some((_, inner)),
                ..
            }) => {
                let inner_path = format!("{path}::{ident}");
                drop_hints(inner, &inner_path, fixable);
            }
            _ if crate::shake::is_fixable(path, fixable) => Hints.visit_item_mut(item),
            _ => {}
        }
    }
}

struct Hints;

impl VisitMut for Hints {
    fn visit_attributes_mut(&mut self, attrs: &mut Vec<syn::Attribute>) {
        let hint = |a: &syn::Attribute| {
            ["inline", "cold", "must_use"]
                .iter()
                .any(|h| a.path().is_ident(h))
        };
        attrs.retain(|a| !hint(a));
    }
}

/// The new name of each name of `file` that is renamed ([`self`]), the
/// most written first given the shortest.
fn renames(file: &syn::File, fixable: &[String], std_names: &StdNames) -> BTreeMap<String, String> {
    let all = file.to_token_stream();
    let mut seen = BTreeMap::new();
    let mut kept = BTreeSet::new();
    count(all.clone(), &mut seen);
    let blocked = [
        "type_name",
        "type_name_of_val",
        "module_path",
        "no_mangle",
        "export_name",
    ];
    if blocked.iter().any(|b| seen.contains_key(*b)) || foreign(all.clone()) {
        return BTreeMap::new();
    }
    shown(all, &stringifying(file), &mut kept);
    users(&file.items, "crate", fixable, &mut kept);
    // `r#name` is `name`: neither is renamed.
    kept.extend(
        seen.keys()
            .filter_map(|w| w.strip_prefix("r#"))
            .map(String::from),
    );
    debugged(&file.items, &mut kept);
    let reserved = |w: &str| RESERVED.contains(&w) || std_names.spells(w);
    let mut names: Vec<(usize, String)> = (seen.iter())
        .filter(|(w, _)| w.len() > 2 && !w.starts_with("r#") && !reserved(w))
        .filter(|(w, _)| !kept.contains(*w) && w.as_str() != "main")
        .map(|(w, n)| (n * w.len(), w.clone()))
        .collect();
    names.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    // Short runs of std's metadata are mostly noise: its short names are
    // in SHORT_STD.
    let taken = |w: &str| {
        let listed = RESERVED.contains(&w) || SHORT_STD.contains(&w);
        listed || seen.contains_key(w) || (w.len() > 2 && std_names.spells(w))
    };
    let (mut lower, mut upper) = (Fresh::new(false), Fresh::new(true));
    let mut out = BTreeMap::new();
    for (_, name) in names {
        let (underscore, rest) = match name.strip_prefix('_') {
            Some(rest) => ("_", rest),
            None => ("", name.as_str()),
        };
        // Taken with its underscore too: `_a` may be the user's.
        let used = |w: &str| taken(w) || seen.contains_key(&format!("{underscore}{w}"));
        let fresh = match rest.starts_with(|c: char| c.is_ascii_uppercase()) {
            true => upper.next(&used),
            false => lower.next(&used),
        };
        let fresh = format!("{underscore}{fresh}");
        if fresh.len() < name.len() {
            out.insert(name, fresh);
        }
    }
    out
}

/// Fresh names of one case, shortest first: `a`…`z`, then `a0`…`zz`
/// (`A`… for the upper case).
struct Fresh {
    upper: bool,
    index: usize,
}

impl Fresh {
    fn new(upper: bool) -> Fresh {
        Fresh { upper, index: 0 }
    }

    /// The next name that is not `taken`.
    fn next(&mut self, taken: &impl Fn(&str) -> bool) -> String {
        loop {
            let name = self.name(self.index);
            self.index += 1;
            if !taken(&name) {
                return name;
            }
        }
    }

    /// The `i`th name: a letter, then letters and digits, as a number in
    /// their base.
    fn name(&self, mut i: usize) -> String {
        let letters: Vec<char> = match self.upper {
            true => ('A'..='Z').collect(),
            false => ('a'..='z').collect(),
        };
        let rest: Vec<char> = letters.iter().copied().chain('0'..='9').collect();
        let mut name = String::new();
        let mut width = 0;
        let mut count = letters.len();
        while i >= count {
            i -= count;
            width += 1;
            count *= rest.len();
        }
        for _ in 0..width {
            name.insert(0, rest[i % rest.len()]);
            i /= rest.len();
        }
        name.insert(0, letters[i]);
        name
    }
}

/// How many times each identifier is written in `tokens` (raw ones aside:
/// they are never renamed).
fn count(tokens: TokenStream, seen: &mut BTreeMap<String, usize>) {
    for token in tokens {
        match token {
            TokenTree::Group(g) => count(g.stream(), seen),
            TokenTree::Ident(i) => *seen.entry(i.to_string()).or_insert(0) += 1,
            _ => {}
        }
    }
}

/// Whether `tokens` declare or name a foreign item: `extern` before an
/// ABI string or a block (`extern crate` is fine).
fn foreign(tokens: TokenStream) -> bool {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    tokens.iter().enumerate().any(|(i, t)| match t {
        TokenTree::Group(g) => foreign(g.stream()),
        TokenTree::Ident(id) if id == "extern" => !matches!(
            tokens.get(i + 1),
            Some(TokenTree::Ident(next)) if next == "crate"
        ),
        _ => false,
    })
}

/// std's macros that read their input's words as words: into a string
/// (`stringify!`, `dbg!`, an `assert!`'s message), as a configuration's
/// name (`cfg!(target_os = …)`), or as registers (`asm!`).
const STRINGIFYING: [&str; 9] = [
    "stringify",
    "concat",
    "dbg",
    "assert",
    "debug_assert",
    "cfg",
    "asm",
    "global_asm",
    "naked_asm",
];

/// The macros of `file` whose input may end up in a string: those of
/// [`STRINGIFYING`], and every `macro_rules!` whose body calls one of
/// them, directly or through another, or names `Debug` (it may declare a
/// type deriving it, named by its input).
fn stringifying(file: &syn::File) -> BTreeSet<String> {
    let mut rules = Vec::new();
    let mut collect = Rules(&mut rules);
    syn::visit::Visit::visit_file(&mut collect, file);
    let mut out: BTreeSet<String> = STRINGIFYING.map(String::from).into();
    loop {
        let before = out.len();
        for (name, body) in &rules {
            let debug = body.clone().into_iter().any(|t| mentions(t, "Debug"));
            if debug || calls_any(body.clone(), &out) {
                out.insert(name.clone());
            }
        }
        if out.len() == before {
            return out;
        }
    }
}

/// The `macro_rules!` of a file: names and bodies.
struct Rules<'a>(&'a mut Vec<(String, TokenStream)>);

impl<'ast> syn::visit::Visit<'ast> for Rules<'_> {
    fn visit_item_macro(&mut self, m: &'ast syn::ItemMacro) {
        if let (Some(ident), true) = (&m.ident, m.mac.path.is_ident("macro_rules")) {
            self.0.push((ident.to_string(), m.mac.tokens.clone()));
        }
    }
}

/// Whether `tokens` call one of the macros `names` (`name!`).
fn calls_any(tokens: TokenStream, names: &BTreeSet<String>) -> bool {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    tokens.iter().enumerate().any(|(i, t)| match t {
        TokenTree::Group(g) => calls_any(g.stream(), names),
        TokenTree::Ident(id) => {
            names.contains(&id.to_string())
                && matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!')
        }
        _ => false,
    })
}

/// Adds to `kept` the names a string may show: those in attributes
/// (`#` and its bracket), in string literals, and in the input of the
/// `stringifying` macros' calls and definitions.
fn shown(tokens: TokenStream, stringifying: &BTreeSet<String>, kept: &mut BTreeSet<String>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, token) in tokens.iter().enumerate() {
        let after_hash = matches!(
            i.checked_sub(1).and_then(|p| tokens.get(p)),
            Some(TokenTree::Punct(p)) if p.as_char() == '#'
        ) || matches!(
            (i.checked_sub(2).and_then(|p| tokens.get(p)), i.checked_sub(1).and_then(|p| tokens.get(p))),
            (Some(TokenTree::Punct(h)), Some(TokenTree::Punct(b))) if h.as_char() == '#' && b.as_char() == '!'
        );
        match token {
            TokenTree::Group(g) if after_hash && g.delimiter() == Delimiter::Bracket => {
                all_words(g.stream(), kept);
            }
            TokenTree::Group(g) if called(&tokens, i, stringifying) => all_words(g.stream(), kept),
            TokenTree::Group(g) => shown(g.stream(), stringifying, kept),
            TokenTree::Literal(l) => literal_words(&l.to_string(), kept),
            _ => {}
        }
    }
}

/// Whether the group at `i` of `tokens` is the input of a call of one of
/// `macros` (`name ! (…)`), or the body of a `macro_rules! name { … }`
/// of one.
fn called(tokens: &[TokenTree], i: usize, macros: &BTreeSet<String>) -> bool {
    let at = |j: Option<usize>| j.and_then(|j| tokens.get(j));
    let named = |t: Option<&TokenTree>| matches!(t, Some(TokenTree::Ident(id)) if macros.contains(&id.to_string()));
    let bang = |t: Option<&TokenTree>| matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == '!');
    let call = bang(at(i.checked_sub(1))) && named(at(i.checked_sub(2)));
    let rules = named(at(i.checked_sub(1)))
        && bang(at(i.checked_sub(2)))
        && matches!(at(i.checked_sub(3)), Some(TokenTree::Ident(id)) if id == "macro_rules");
    call || rules
}

/// Adds every identifier and every word of a literal in `tokens`.
fn all_words(tokens: TokenStream, kept: &mut BTreeSet<String>) {
    for token in tokens {
        match token {
            TokenTree::Group(g) => all_words(g.stream(), kept),
            TokenTree::Ident(i) => {
                kept.insert(i.to_string());
            }
            TokenTree::Literal(l) => literal_words(&l.to_string(), kept),
            TokenTree::Punct(_) => {}
        }
    }
}

/// Adds the words of a literal as written (a string's, a number's suffix).
fn literal_words(literal: &str, kept: &mut BTreeSet<String>) {
    words_of(literal.as_bytes(), kept);
}

/// Adds the names the user's own code (the items not under the
/// `fixable` paths among `items`, of module `path`) declares: its items,
/// members, fields, variants, variables, parameters, labels and `use`
/// renames, which read as the user wrote them. The crates' names it only
/// uses (`BigUint`, `gcd`) are shortened in it too.
fn users(items: &[syn::Item], path: &str, fixable: &[String], kept: &mut BTreeSet<String>) {
    for item in items {
        match item {
            syn::Item::Mod(syn::ItemMod {
                ident,
                content: Some((_, inner)),
                ..
            }) => {
                let inner_path = format!("{path}::{ident}");
                if !crate::shake::is_fixable(&inner_path, fixable) {
                    kept.insert(ident.to_string());
                }
                users(inner, &inner_path, fixable, kept);
            }
            _ if crate::shake::is_fixable(path, fixable) => {}
            syn::Item::Fn(f) if is_never_run(f) => {}
            _ => syn::visit::Visit::visit_item(&mut Declared(kept), item),
        }
    }
}

/// What the code it visits declares.
struct Declared<'a>(&'a mut BTreeSet<String>);

impl Declared<'_> {
    fn add(&mut self, ident: &Ident) {
        self.0.insert(ident.to_string());
    }
}

impl<'ast> syn::visit::Visit<'ast> for Declared<'_> {
    fn visit_ident(&mut self, _: &'ast Ident) {}

    fn visit_item(&mut self, item: &'ast syn::Item) {
        if let Some(ident) = crate::syntax::item_name(item) {
            self.0.insert(ident);
        }
        syn::visit::visit_item(self, item);
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        self.0.extend(crate::syntax::impl_member_name(item));
        syn::visit::visit_impl_item(self, item);
    }

    fn visit_trait_item(&mut self, item: &'ast syn::TraitItem) {
        self.0.extend(crate::syntax::trait_member_name(item));
        syn::visit::visit_trait_item(self, item);
    }

    fn visit_field(&mut self, f: &'ast syn::Field) {
        if let Some(ident) = &f.ident {
            self.add(ident);
        }
        syn::visit::visit_field(self, f);
    }

    fn visit_variant(&mut self, v: &'ast syn::Variant) {
        self.add(&v.ident);
        syn::visit::visit_variant(self, v);
    }

    fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
        self.add(&p.ident);
        syn::visit::visit_pat_ident(self, p);
    }

    fn visit_generic_param(&mut self, p: &'ast syn::GenericParam) {
        match p {
            syn::GenericParam::Type(t) => self.add(&t.ident),
            syn::GenericParam::Const(c) => self.add(&c.ident),
            syn::GenericParam::Lifetime(l) => self.add(&l.lifetime.ident),
        }
        syn::visit::visit_generic_param(self, p);
    }

    fn visit_label(&mut self, l: &'ast syn::Label) {
        self.add(&l.name.ident);
    }

    fn visit_use_rename(&mut self, r: &'ast syn::UseRename) {
        self.add(&r.rename);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        // What a macro's input declares is unknown: all of it stays.
        let known = [
            "println", "print", "eprintln", "eprint", "format", "write", "writeln", "vec",
        ];
        if !known.iter().any(|k| m.path.is_ident(k)) {
            all_words(m.tokens.clone(), self.0);
        }
    }
}

/// Whether `f` is the `never_run()` that the stubs of what the program
/// never runs call (`shake/instances.rs`): the crates' code, though at
/// the root.
fn is_never_run(f: &syn::ItemFn) -> bool {
    f.sig.ident == "never_run"
        && (f.block.to_token_stream().to_string()).contains(crate::shake::NEVER_RUN)
}

/// Adds the names `{:?}` prints: of each struct, enum and union deriving
/// `Debug`, its own, its fields' and its variants'.
fn debugged(items: &[syn::Item], kept: &mut BTreeSet<String>) {
    let derives_debug = |attrs: &[syn::Attribute]| {
        attrs.iter().any(|a| {
            a.path().is_ident("derive")
                && a.to_token_stream()
                    .into_iter()
                    .any(|t| mentions(t, "Debug"))
        })
    };
    let fields = |fs: &syn::Fields, kept: &mut BTreeSet<String>| {
        kept.extend(
            fs.iter()
                .filter_map(|f| f.ident.as_ref().map(Ident::to_string)),
        );
    };
    for item in items {
        match item {
            syn::Item::Mod(syn::ItemMod {
                content: Some((_, inner)),
                ..
            }) => debugged(inner, kept),
            syn::Item::Struct(s) if derives_debug(&s.attrs) => {
                kept.insert(s.ident.to_string());
                fields(&s.fields, kept);
            }
            syn::Item::Enum(e) if derives_debug(&e.attrs) => {
                kept.insert(e.ident.to_string());
                for v in &e.variants {
                    kept.insert(v.ident.to_string());
                    fields(&v.fields, kept);
                }
            }
            syn::Item::Union(u) if derives_debug(&u.attrs) => {
                kept.insert(u.ident.to_string());
                kept.extend(
                    u.fields
                        .named
                        .iter()
                        .filter_map(|f| f.ident.as_ref().map(Ident::to_string)),
                );
            }
            _ => {}
        }
    }
}

/// Whether `token` is or holds the identifier `name`.
fn mentions(token: TokenTree, name: &str) -> bool {
    match token {
        TokenTree::Group(g) => g.stream().into_iter().any(|t| mentions(t, name)),
        TokenTree::Ident(i) => i == name,
        _ => false,
    }
}

/// `tokens` with each identifier of `names` renamed.
fn renamed(tokens: TokenStream, names: &BTreeMap<String, String>) -> TokenStream {
    tokens
        .into_iter()
        .map(|token| match token {
            TokenTree::Group(g) => {
                let mut group = Group::new(g.delimiter(), renamed(g.stream(), names));
                group.set_span(g.span());
                TokenTree::Group(group)
            }
            TokenTree::Ident(i) => match names.get(&i.to_string()) {
                Some(new) => TokenTree::Ident(Ident::new(new, i.span())),
                None => TokenTree::Ident(i),
            },
            other => other,
        })
        .collect()
}

/// `text` (a function's name as rustc-demangle writes it) with each word
/// of `words` written `_`.
fn blanked(text: &str, words: &BTreeSet<&str>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
            continue;
        }
        let starts_word = word.starts_with(|w: char| !w.is_ascii_digit());
        match starts_word && words.contains(word.as_str()) {
            true => out.push('_'),
            false => out.push_str(&word),
        }
        word.clear();
        out.push(c);
    }
    out.pop();
    out
}

#[cfg(test)]
mod tests;
