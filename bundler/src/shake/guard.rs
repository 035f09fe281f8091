//! The fields and variants a cut must keep although rustc reports them
//! dead: deleting them could change what the program does, or stop it
//! compiling. rustc's dead-code analysis answers "is it read?", and a
//! field nobody reads can still be observed. Each rule below is one way:
//!
//! * **Layout.** `size_of::<T>()` sees every field of `T`, read or not, and
//!   the number of its variants; so does a `#[repr(…)]`. Such types (and
//!   the types of their fields, whose sizes are part of theirs) keep every
//!   field and variant. Where the type cannot be named (`size_of_val`,
//!   `transmute`, `size_of::<T>` of a type parameter), no type loses one.
//! * **The user said so.** A struct, enum or union (or one field or
//!   variant) under `#[allow(dead_code)]` keeps its shape: the attribute
//!   stays, and rustc reports nothing inside it (`prune`).
//! * **A derived `Debug` prints every field.** rustc ignores derived
//!   impls on purpose when it looks for reads, so a field only `{:?}`
//!   shows is "never read". A type whose `Debug` the program uses keeps
//!   every field; one whose `Debug` it does not use loses the derive first
//!   (decided by rustc: see [`super::shake`]), and then its unread fields.
//! * **A parameter needs a user.** A field (or a variant) whose type alone
//!   names a type or lifetime parameter of its type stays: without it the
//!   parameter is unused (E0392), or a derive cannot infer it.
//! * **Effects.** A field given a value that may have side effects
//!   (`r: fresh_id()`) stays, so that the value is still computed where
//!   and when the program computed it.
//!
//! Variants deleted from an enum of unit variants keep the others'
//! discriminants (`Dir::L as usize` is 2 before and after): the editor
//! writes them out (`edit.rs`). An enum whose discriminants are not all
//! integer literals keeps every variant.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{Attribute, Expr, Fields, Generics, Stmt};

use super::index::{is_pure, Key, Kind};
use crate::rustc::Pos;

/// What the guard knows across rounds: the types whose derived `Debug`
/// rustc found used (their fields stay) or unused (the derive went).
#[derive(Default)]
pub(super) struct DebugUse {
    pub(super) used: BTreeSet<String>,
    pub(super) unused: BTreeSet<String>,
}

/// The fields and variants of one tree that must stay, each with why.
/// `layouts` are the types whose layout generic code observes, as rustc
/// told ([`super::layouts`]), where it could.
pub(super) fn guarded(
    file: &syn::File,
    debug: &DebugUse,
    layouts: Option<&BTreeMap<String, String>>,
) -> BTreeMap<Key, String> {
    let layout = Layout::of(file, layouts);
    let effects = effectful_fields(file);
    let mut guard = Guard {
        layout: &layout,
        effects: &effects,
        debug,
        out: BTreeMap::new(),
    };
    guard.visit_file(file);
    guard.out
}

struct Guard<'a> {
    layout: &'a Layout,
    effects: &'a BTreeSet<String>,
    debug: &'a DebugUse,
    out: BTreeMap<Key, String>,
}

impl Guard<'_> {
    fn keep(&mut self, kind: Kind, node: &impl Spanned, why: String) {
        self.out
            .entry((kind, Pos::of(node.span().start())))
            .or_insert(why);
    }

    /// The reason every field and variant of type `name` stays, if one
    /// holds for the whole type.
    fn whole(&self, name: &str, attrs: &[Attribute]) -> Option<String> {
        if let Some(repr) = attrs.iter().find(|a| a.path().is_ident("repr")) {
            return Some(format!("`{}` fixes its layout", tokens(repr)));
        }
        if self.layout.everything {
            return Some(format!(
                "the program observes layouts ({})",
                self.layout.why
            ));
        }
        if self.layout.types.contains(name) {
            return Some(format!(
                "the program observes its layout ({})",
                self.layout.why
            ));
        }
        if allows_dead_code(attrs) {
            return Some("it is under #[allow(dead_code)]".to_string());
        }
        if self.debug.used.contains(name) && derives(attrs, "Debug") {
            return Some("its derived Debug prints every field, and the program uses it".into());
        }
        None
    }

    fn fields(
        &mut self,
        fields: &Fields,
        whole: &Option<String>,
        alone: &dyn Fn(usize) -> Option<String>,
    ) {
        for (k, field) in fields.iter().enumerate() {
            let why = whole
                .clone()
                .or_else(|| {
                    allows_dead_code(&field.attrs).then(|| "it is under #[allow(dead_code)]".into())
                })
                .or_else(|| alone(k))
                .or_else(|| {
                    let name = field.ident.as_ref()?.to_string();
                    self.effects
                        .contains(&name)
                        .then(|| format!("a value given for `{name}` may have side effects"))
                });
            if let Some(why) = why {
                self.keep(Kind::Field, field, why);
            }
        }
    }
}

impl<'ast> Visit<'ast> for Guard<'_> {
    fn visit_item_struct(&mut self, s: &'ast syn::ItemStruct) {
        let whole = self.whole(&s.ident.to_string(), &s.attrs);
        let types: Vec<TokenStream> = s.fields.iter().map(|f| f.ty.to_token_stream()).collect();
        let alone = |k: usize| alone_user(&s.generics, &types, k);
        self.fields(&s.fields, &whole, &alone);
        syn::visit::visit_item_struct(self, s);
    }

    fn visit_item_union(&mut self, u: &'ast syn::ItemUnion) {
        // A union's fields share their storage: every one stays.
        for field in &u.fields.named {
            self.keep(Kind::Field, field, "it is a field of a union".to_string());
        }
        syn::visit::visit_item_union(self, u);
    }

    fn visit_item_enum(&mut self, e: &'ast syn::ItemEnum) {
        let whole = self.whole(&e.ident.to_string(), &e.attrs).or_else(|| {
            let literal = |v: &syn::Variant| {
                v.discriminant
                    .as_ref()
                    .is_none_or(|(_, d)| discriminant(d).is_some())
            };
            (!e.variants.iter().all(literal))
                .then(|| "its discriminants are not all integer literals".to_string())
        });
        let variants: Vec<TokenStream> = e
            .variants
            .iter()
            .map(|v| v.fields.to_token_stream())
            .collect();
        for (k, variant) in e.variants.iter().enumerate() {
            let why = whole
                .clone()
                .or_else(|| {
                    allows_dead_code(&variant.attrs)
                        .then(|| "it is under #[allow(dead_code)]".into())
                })
                .or_else(|| alone_user(&e.generics, &variants, k));
            if let Some(why) = why {
                self.keep(Kind::Variant, variant, why);
            }
            let types: Vec<TokenStream> = variant
                .fields
                .iter()
                .map(|f| f.ty.to_token_stream())
                .collect();
            let alone = |j: usize| {
                // Within the variant, and no other variant names it either.
                let elsewhere: Vec<TokenStream> = variants
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != k)
                    .map(|(_, t)| t.clone())
                    .chain(
                        types
                            .iter()
                            .enumerate()
                            .filter(|(i, _)| *i != j)
                            .map(|(_, t)| t.clone()),
                    )
                    .collect();
                let mut all = elsewhere;
                all.push(types[j].clone());
                let last = all.len() - 1;
                alone_user(&e.generics, &all, last)
            };
            self.fields(&variant.fields, &whole, &alone);
        }
        syn::visit::visit_item_enum(self, e);
    }
}

/// Why member `k` of `members` (the tokens of each field's type, or of
/// each variant's fields) must stay: it alone names a parameter of
/// `generics`.
fn alone_user(generics: &Generics, members: &[TokenStream], k: usize) -> Option<String> {
    let params: Vec<String> = generics
        .params
        .iter()
        .map(|p| match p {
            syn::GenericParam::Type(t) => t.ident.to_string(),
            syn::GenericParam::Lifetime(l) => l.lifetime.to_string(),
            syn::GenericParam::Const(c) => c.ident.to_string(),
        })
        .collect();
    let named = |tokens: &TokenStream| {
        let mut names = BTreeSet::new();
        collect_names(tokens.clone(), &mut names);
        names
    };
    let mine = named(&members[k]);
    let others: BTreeSet<String> = members
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != k)
        .flat_map(|(_, t)| named(t))
        .collect();
    let param = params
        .iter()
        .find(|p| mine.contains(*p) && !others.contains(*p))?;
    Some(format!("it alone uses the parameter `{param}`"))
}

/// The identifiers and lifetimes in `tokens`, at any depth.
fn collect_names(tokens: TokenStream, out: &mut BTreeSet<String>) {
    let mut quote = false;
    for token in tokens {
        match token {
            TokenTree::Ident(i) => {
                let name = i.to_string();
                out.insert(if quote { format!("'{name}") } else { name });
                quote = false;
            }
            TokenTree::Punct(p) => quote = p.as_char() == '\'',
            TokenTree::Group(g) => {
                collect_names(g.stream(), out);
                quote = false;
            }
            TokenTree::Literal(_) => quote = false,
        }
    }
}

/// The value of a discriminant written as an integer literal (`= 4`,
/// `= -1`, `= 0x10`).
pub(super) fn discriminant(e: &Expr) -> Option<i128> {
    match e {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => i.base10_parse().ok(),
        Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => discriminant(expr).map(|v| -v),
        Expr::Paren(p) => discriminant(&p.expr),
        Expr::Group(g) => discriminant(&g.expr),
        _ => None,
    }
}

/// Whether `attrs` allow `dead_code` (or the `unused` group holding it).
pub(crate) fn allows_dead_code(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        (a.path().is_ident("allow") || a.path().is_ident("expect"))
            && lint_names(a)
                .iter()
                .any(|l| l == "dead_code" || l == "unused")
    })
}

fn lint_names(attr: &Attribute) -> Vec<String> {
    let mut names = Vec::new();
    let _ = attr.parse_nested_meta(|meta| {
        if let Some(ident) = meta.path.get_ident() {
            names.push(ident.to_string());
        }
        Ok(())
    });
    names
}

/// Whether `attrs` derive `name` (`#[derive(Clone, Debug)]`,
/// `#[derive(std::fmt::Debug)]`).
pub(super) fn derives(attrs: &[Attribute], name: &str) -> bool {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("derive"))
        .any(|a| {
            let mut found = false;
            let _ = a.parse_nested_meta(|meta| {
                found |= meta.path.segments.last().is_some_and(|s| s.ident == name);
                Ok(())
            });
            found
        })
}

fn tokens(attr: &Attribute) -> String {
    attr.to_token_stream()
        .to_string()
        .replace(" (", "(")
        .replace("# [", "#[")
}

/// The names of the fields that some struct literal gives a value that
/// may have side effects (`S { id: next(), .. }`), inside macro calls too
/// (`vec![S { id: next() }]`).
fn effectful_fields(file: &syn::File) -> BTreeSet<String> {
    struct Effects(BTreeSet<String>);
    impl<'ast> Visit<'ast> for Effects {
        fn visit_field_value(&mut self, f: &'ast syn::FieldValue) {
            if let syn::Member::Named(name) = &f.member {
                if !is_pure(&f.expr) {
                    self.0.insert(name.to_string());
                }
            }
            syn::visit::visit_field_value(self, f);
        }

        fn visit_macro(&mut self, mac: &'ast syn::Macro) {
            // Arguments that parse as expressions: the struct literals in them.
            let args = mac.parse_body_with(
                syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated,
            );
            if let Ok(args) = args {
                for arg in &args {
                    self.visit_expr(arg);
                }
            }
        }
    }
    let mut effects = Effects(BTreeSet::new());
    effects.visit_file(file);
    effects.0
}

/// Whether `file` imports a layout function under another name, whose
/// calls [`super::layouts`] would not know.
pub(super) fn renames_observers(file: &syn::File) -> bool {
    let mut calls = WithoutUses::default();
    calls.visit_file_mut(&mut file.clone());
    !calls.renamed.is_empty()
}

/// The types whose layout the program can observe.
struct Layout {
    types: BTreeSet<String>,
    /// The names of the file's type parameters, and `Self`: a layout of
    /// one of them may be any type's.
    parameters: BTreeSet<String>,
    /// A layout the program observes of a type that cannot be named.
    everything: bool,
    /// The first place that made it so, for the report (`size_of::<Node>`).
    why: String,
    /// Whether rustc said which types generic code observes: a call whose
    /// types no concrete name says is then no reason to keep everything.
    probed: bool,
}

/// The type parameters of `file`, where it observes a layout no concrete
/// type names (what [`super::layouts`] asks rustc about); `None` if it
/// does not.
pub(super) fn generic_layouts(file: &syn::File) -> Option<BTreeSet<String>> {
    let layout = Layout::of(file, None);
    layout.everything.then_some(layout.parameters)
}

/// Functions that observe the layout of the types they are given; without
/// a turbofish, of types nothing names.
pub(super) const OF_TYPE: &[&str] = &["size_of", "align_of", "transmute", "transmute_copy"];
/// Functions and macros that observe a layout no type argument names.
pub(super) const OF_ANY: &[&str] = &["size_of_val", "align_of_val", "offset_of"];

impl Layout {
    fn of(file: &syn::File, probed: Option<&BTreeMap<String, String>>) -> Layout {
        let mut layout = Layout {
            types: BTreeSet::new(),
            parameters: BTreeSet::new(),
            everything: false,
            why: String::new(),
            probed: probed.is_some(),
        };
        let defined = defined_types(file);
        layout.parameters = type_parameters(file);
        // `use core::mem::size_of;` observes nothing; the calls do, also
        // under another name (`use core::mem::size_of as s;`).
        let mut calls = WithoutUses::default();
        let mut code = file.clone();
        calls.visit_file_mut(&mut code);
        SignatureTypes.visit_file_mut(&mut code);
        layout.scan(code.to_token_stream(), &defined, &calls.renamed);
        for (name, why) in probed.into_iter().flatten() {
            if defined.contains_key(name)
                && layout.types.insert(name.clone())
                && layout.why.is_empty()
            {
                layout.why = why.clone();
            }
        }
        layout.close(file, &defined);
        layout
    }

    fn scan(
        &mut self,
        tokens: TokenStream,
        defined: &BTreeMap<String, TokenStream>,
        renamed: &BTreeMap<String, String>,
    ) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        for (k, token) in tokens.iter().enumerate() {
            let name = match token {
                TokenTree::Group(g) => {
                    self.scan(g.stream(), defined, renamed);
                    continue;
                }
                TokenTree::Ident(i) => i.to_string(),
                _ => continue,
            };
            let name = renamed.get(&name).cloned().unwrap_or(name);
            if OF_ANY.contains(&name.as_str()) {
                self.all(&name);
            } else if OF_TYPE.contains(&name.as_str()) {
                match turbofish(&tokens[k + 1..]) {
                    Some((args, _)) => self.named(&name, args, defined),
                    None => self.all(&name),
                }
            }
        }
    }

    fn all(&mut self, what: &str) {
        if !self.everything && !self.probed {
            self.everything = true;
            self.why = format!("`{what}`");
        }
    }

    /// `function::<args>`: the types `args` names are observed; a type
    /// parameter (or `Self`) makes every layout observed. A type the file
    /// does not define (`__m128i`, `Vec`) holds none of the file's types
    /// but through its arguments, which are among the names. What a
    /// pointer or a reference points to is not: the pointer's layout does
    /// not depend on it (`transmute::<usize, *mut T>`).
    fn named(
        &mut self,
        function: &str,
        args: TokenStream,
        defined: &BTreeMap<String, TokenStream>,
    ) {
        let names = held_names(args.clone());
        let why = format!("`{function}::<{}>`", args.to_string().replace(' ', ""));
        for name in names {
            if defined.contains_key(&name) {
                if self.why.is_empty() {
                    self.why = why.clone();
                }
                self.types.insert(name);
            } else if self.parameters.contains(&name) {
                self.all(&why);
            }
        }
    }

    /// Adds the types of the fields of every observed type, until none is
    /// new.
    fn close(&mut self, file: &syn::File, defined: &BTreeMap<String, TokenStream>) {
        let _ = file;
        let mut todo: Vec<String> = self.types.iter().cloned().collect();
        while let Some(name) = todo.pop() {
            let mut inner = BTreeSet::new();
            collect_names(defined[&name].clone(), &mut inner);
            for name in inner {
                if defined.contains_key(&name) && self.types.insert(name.clone()) {
                    todo.push(name);
                }
            }
        }
    }
}

/// The tokens between `::<` and its `>` at the start of `rest`, and how
/// many tokens the turbofish takes.
pub(super) fn turbofish(rest: &[TokenTree]) -> Option<(TokenStream, usize)> {
    let punct =
        |k: usize, c: char| matches!(rest.get(k), Some(TokenTree::Punct(p)) if p.as_char() == c);
    if !(punct(0, ':') && punct(1, ':') && punct(2, '<')) {
        return None;
    }
    let mut depth = 1;
    let mut out = Vec::new();
    for token in &rest[3..] {
        match token {
            TokenTree::Punct(p) if p.as_char() == '<' => depth += 1,
            TokenTree::Punct(p) if p.as_char() == '>' => {
                depth -= 1;
                if depth == 0 {
                    let len = out.len() + 4;
                    return Some((out.into_iter().collect(), len));
                }
            }
            _ => {}
        }
        out.push(token.clone());
    }
    None
}

/// The names in types `args` (a turbofish's, `A, B`) but behind a pointer
/// or a reference, or in a `fn` pointer's signature; all its names where
/// `args` do not parse as types.
pub(super) fn held_names(args: TokenStream) -> BTreeSet<String> {
    struct Held(BTreeSet<String>);
    impl<'ast> Visit<'ast> for Held {
        fn visit_type_ptr(&mut self, _: &'ast syn::TypePtr) {}
        fn visit_type_reference(&mut self, _: &'ast syn::TypeReference) {}
        fn visit_type_bare_fn(&mut self, _: &'ast syn::TypeBareFn) {}
        // `[usize; Self::COUNT]` holds usizes: its length is no type.
        fn visit_type_array(&mut self, a: &'ast syn::TypeArray) {
            self.visit_type(&a.elem);
        }
        fn visit_lifetime(&mut self, l: &'ast syn::Lifetime) {
            self.0.insert(format!("'{}", l.ident));
        }
        fn visit_ident(&mut self, i: &'ast proc_macro2::Ident) {
            self.0.insert(i.to_string());
        }
    }
    let parser = syn::punctuated::Punctuated::<syn::Type, syn::Token![,]>::parse_terminated;
    match syn::parse::Parser::parse2(parser, args.clone()) {
        Ok(types) => {
            let mut held = Held(BTreeSet::new());
            types.iter().for_each(|t| held.visit_type(t));
            held.0
        }
        Err(_) => {
            let mut names = BTreeSet::new();
            collect_names(args, &mut names);
            names
        }
    }
}

/// Writes the types a function's signature gives into a `transmute` that
/// is its whole body (hashbrown's `fn invalid_mut<T>(addr: usize) -> *mut
/// T { unsafe { transmute(addr) } }` becomes `transmute::<usize, *mut
/// T>`), so that the scan knows which layouts it observes.
struct SignatureTypes;

impl SignatureTypes {
    fn write(sig: &syn::Signature, body: &mut syn::Block) {
        let syn::ReturnType::Type(_, output) = &sig.output else {
            return;
        };
        let Some(call) = whole_body(body) else {
            return;
        };
        let (syn::Expr::Path(function), [syn::Expr::Path(arg)]) = (
            &mut *call.func,
            &call.args.iter().cloned().collect::<Vec<_>>()[..],
        ) else {
            return;
        };
        let Some(last) = function.path.segments.last_mut() else {
            return;
        };
        let Some(arg) = arg.path.get_ident() else {
            return;
        };
        let input = sig.inputs.iter().find_map(|input| match input {
            syn::FnArg::Typed(t) => match &*t.pat {
                syn::Pat::Ident(p) if p.ident == *arg => Some(t.ty.clone()),
                _ => None,
            },
            syn::FnArg::Receiver(_) => None,
        });
        if let (true, true, Some(input)) =
            (last.ident == "transmute", last.arguments.is_none(), input)
        {
            last.arguments =
                syn::PathArguments::AngleBracketed(syn::parse_quote!(::<#input, #output>));
        }
    }
}

/// The call that is all of `body`, through `unsafe { }` and plain blocks.
fn whole_body(body: &mut syn::Block) -> Option<&mut syn::ExprCall> {
    let [Stmt::Expr(tail, None)] = &mut body.stmts[..] else {
        return None;
    };
    match tail {
        syn::Expr::Call(call) => Some(call),
        syn::Expr::Unsafe(syn::ExprUnsafe { block, .. })
        | syn::Expr::Block(syn::ExprBlock { block, .. }) => whole_body(block),
        _ => None,
    }
}

impl syn::visit_mut::VisitMut for SignatureTypes {
    fn visit_item_fn_mut(&mut self, f: &mut syn::ItemFn) {
        SignatureTypes::write(&f.sig, &mut f.block);
        syn::visit_mut::visit_item_fn_mut(self, f);
    }

    fn visit_impl_item_fn_mut(&mut self, f: &mut syn::ImplItemFn) {
        SignatureTypes::write(&f.sig, &mut f.block);
        syn::visit_mut::visit_impl_item_fn_mut(self, f);
    }
}

/// A file without its `use` items, and the layout functions they import
/// under another name (`s` → `size_of`).
#[derive(Default)]
struct WithoutUses {
    renamed: BTreeMap<String, String>,
}

impl WithoutUses {
    fn drop_uses(&mut self, items: &mut Vec<syn::Item>) {
        items.retain(|item| match item {
            syn::Item::Use(u) => {
                let mut flat = Vec::new();
                crate::syntax::flatten_use(&u.tree, &mut Vec::new(), &mut flat);
                for (path, name) in flat {
                    let (Some(last), Some(name)) = (path.last(), name) else {
                        continue;
                    };
                    let observes =
                        OF_TYPE.contains(&last.as_str()) || OF_ANY.contains(&last.as_str());
                    if observes && *last != name {
                        self.renamed.insert(name, last.clone());
                    }
                }
                false
            }
            _ => true,
        });
    }
}

impl syn::visit_mut::VisitMut for WithoutUses {
    fn visit_file_mut(&mut self, file: &mut syn::File) {
        self.drop_uses(&mut file.items);
        syn::visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            self.drop_uses(items);
        }
        syn::visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        block.stmts.retain(|stmt| match stmt {
            syn::Stmt::Item(item @ syn::Item::Use(_)) => {
                let mut one = vec![item.clone()];
                self.drop_uses(&mut one);
                false
            }
            _ => true,
        });
        syn::visit_mut::visit_block_mut(self, block);
    }
}

/// The names of every type parameter declared in `file`, and `Self`.
fn type_parameters(file: &syn::File) -> BTreeSet<String> {
    struct Parameters(BTreeSet<String>);
    impl<'ast> Visit<'ast> for Parameters {
        fn visit_type_param(&mut self, p: &'ast syn::TypeParam) {
            self.0.insert(p.ident.to_string());
            syn::visit::visit_type_param(self, p);
        }
        fn visit_item_trait(&mut self, t: &'ast syn::ItemTrait) {
            // An associated type is a parameter of every impl.
            for member in &t.items {
                if let syn::TraitItem::Type(ty) = member {
                    self.0.insert(ty.ident.to_string());
                }
            }
            syn::visit::visit_item_trait(self, t);
        }
    }
    let mut parameters = Parameters(BTreeSet::from(["Self".to_string()]));
    parameters.visit_file(file);
    parameters.0
}

/// The structs, enums and unions of `file` by name, with the tokens of
/// their fields (what their layout is made of).
fn defined_types(file: &syn::File) -> BTreeMap<String, TokenStream> {
    struct Types(BTreeMap<String, TokenStream>);
    impl<'ast> Visit<'ast> for Types {
        fn visit_item_struct(&mut self, s: &'ast syn::ItemStruct) {
            let entry = self.0.entry(s.ident.to_string()).or_default();
            entry.extend(s.fields.to_token_stream());
            syn::visit::visit_item_struct(self, s);
        }
        fn visit_item_enum(&mut self, e: &'ast syn::ItemEnum) {
            let entry = self.0.entry(e.ident.to_string()).or_default();
            entry.extend(e.variants.iter().map(|v| v.fields.to_token_stream()));
            syn::visit::visit_item_enum(self, e);
        }
        fn visit_item_union(&mut self, u: &'ast syn::ItemUnion) {
            let entry = self.0.entry(u.ident.to_string()).or_default();
            entry.extend(u.fields.to_token_stream());
            syn::visit::visit_item_union(self, u);
        }
        fn visit_item_type(&mut self, t: &'ast syn::ItemType) {
            let entry = self.0.entry(t.ident.to_string()).or_default();
            entry.extend(t.ty.to_token_stream());
            syn::visit::visit_item_type(self, t);
        }
    }
    let mut types = Types(BTreeMap::new());
    types.visit_file(file);
    types.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of the guarded fields and variants of `source`, each with
    /// its reason.
    fn kept(source: &str) -> Vec<(String, String)> {
        let file = syn::parse_file(source).expect("valid source");
        let guard = guarded(&file, &DebugUse::default(), None);
        let index = super::super::index::Index::new(&file);
        let mut out: Vec<(String, String)> = index
            .nodes
            .iter()
            .filter_map(|n| Some((n.path.clone(), guard.get(&n.key())?.clone())))
            .collect();
        out.sort();
        out
    }

    fn names(source: &str) -> Vec<String> {
        kept(source).into_iter().map(|(n, _)| n).collect()
    }

    #[test]
    fn observed_layouts_keep_every_field_of_the_types_they_reach() {
        let source = "struct A { x: u8, b: B }\nstruct B { y: [u64; 3] }\nstruct C { z: u8 }\n\
                      fn main() { println!(\"{}\", std::mem::size_of::<A>()); }";
        assert_eq!(names(source), ["crate::A::b", "crate::A::x", "crate::B::y"]);
        let everything = "struct C { z: u8 }\nfn f<T>() -> usize { std::mem::size_of::<T>() }";
        assert_eq!(names(everything), ["crate::C::z"]);
        // memchr's `size_of::<__m128i>()`: a type of std's holds none of ours.
        let foreign = "struct C { z: u8 }\nstruct D { w: u8 }\n\
                       fn f() -> usize { size_of::<__m128i>() + size_of::<Vec<D>>() }";
        assert_eq!(names(foreign), ["crate::D::w"]);
        // memchr's `transmute::<Fn, RealFn>(f)` names what it observes.
        let named = "struct C { z: u8 }\ntype Fn = *mut ();\n\
                     fn f(p: Fn) -> fn() { unsafe { core::mem::transmute::<Fn, fn()>(p) } }";
        assert!(names(named).is_empty());
        // A transmute that is a function's whole body has its types.
        let whole = "struct C { z: u8 }\nstruct D { w: u8 }\n\
                     fn f(p: u64) -> f64 { unsafe { core::mem::transmute(p) } }\n\
                     fn g<T>(a: usize) -> *mut T { unsafe { core::mem::transmute(a) } }\n\
                     fn h(d: D) -> u8 { unsafe { core::mem::transmute(d) } }";
        assert_eq!(names(whole), ["crate::D::w"]);
        let inferred = "struct C { z: u8 }\n\
                        fn f(p: u64) -> f64 { let x = unsafe { core::mem::transmute(p) }; x }";
        assert_eq!(names(inferred), ["crate::C::z"]);
        // What a pointer points to keeps its layout to itself.
        let pointed = "struct C { z: u8 }\nstruct D { w: u8 }\n\
                       fn f<T>(p: &C) -> usize { unsafe { core::mem::transmute::<&C, usize>(p) } }\n\
                       fn g(p: *const D) -> [D; 1] { unsafe { core::mem::transmute::<*const D, [D; 1]>(p) } }\n\
                       fn h(p: [u8; C::N]) -> u64 { unsafe { core::mem::transmute::<[u8; C::N], u64>(p) } }";
        assert_eq!(names(pointed), ["crate::D::w"]);
        // regex-automata's imports observe nothing; a renamed one's calls do.
        let imported = "struct C { z: u8 }\nuse core::mem::size_of;\n\
                        fn f() -> usize { use core::{cmp, mem::align_of}; size_of::<u8>() }";
        assert!(names(imported).is_empty());
        let renamed =
            "struct C { z: u8 }\nfn f<T>() -> usize { use core::mem::size_of as s; s::<T>() }";
        assert_eq!(names(renamed), ["crate::C::z"]);
        let repr = "#[repr(C)] struct D { z: u8 }\nstruct E { w: u8 }";
        assert_eq!(names(repr), ["crate::D::z"]);
    }

    #[test]
    fn a_parameter_keeps_its_only_user() {
        let source = "struct P<'a, E, I> { prev: Vec<Option<&'a E>>, index: I, n: usize }\n\
                      enum Dest<'s> { Stdout, Buf(&'s mut Vec<u8>) }";
        assert_eq!(
            names(source),
            [
                "crate::Dest::Buf",
                "crate::Dest::Buf::0",
                "crate::P::index",
                "crate::P::prev"
            ]
        );
    }

    #[test]
    fn effects_and_allows_keep_fields() {
        let source =
            "struct S { a: u32, b: u32, c: u32 }\n#[allow(dead_code)] struct T { t: u8 }\n\
                      fn f() -> S { S { a: 1, b: next(), c: Real(0.5).0 } }";
        let kept = kept(source);
        assert_eq!(
            kept.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
            ["crate::S::b", "crate::T::t"]
        );
        assert!(kept[0].1.contains("side effects"), "{kept:?}");
    }

    #[test]
    fn enums_with_computed_discriminants_keep_their_variants() {
        let source = "const K: u8 = 3;\nenum A { X = K, Y }\nenum B { X = 4, Y = -1 }";
        assert_eq!(names(source), ["crate::A::X", "crate::A::Y"]);
    }
}
