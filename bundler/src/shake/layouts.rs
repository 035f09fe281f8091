//! Which types' layouts the program observes ([`Layout`], read by the
//! guard): those a layout function names (`size_of::<Node>()`, and the
//! types `Node` holds but behind a pointer or a reference), and those
//! generic code is given, asked of rustc.
//!
//! `size_of::<T>()` with `T` a type parameter observes the layout of every
//! type the program instantiates it with; so does a `transmute` or a
//! `size_of_val` whose types nothing names. Read alone, such a call could
//! mean any type (hashbrown's `SizedTypeProperties`, implemented for every
//! type, reads `size_of::<Self>()`), and the guard would keep every field
//! and variant of the bundle. rustc knows which types reach it: once it
//! has monomorphised the program, every instantiation is concrete.
//!
//! So a copy of the tree is built with each such call wrapped in a read of
//! a constant that fails to evaluate, `__BundlerLayout::<T>::SEEN`:
//!
//! ```text
//! size_of::<T>()      { let _ = __BundlerLayout::<T>::SEEN; size_of::<T>() }
//! transmute(x)        __bundler_value(transmute(__bundler_value(x)))
//! size_of_val(r)      size_of_val(__bundler_ref(r))
//! ```
//!
//! A generic constant is evaluated only for the instantiations the program
//! reaches, after type checking, and rustc reports each failure with the
//! type it was instantiated with (`evaluation of
//! `__BundlerLayout::<(u32, Fallibility)>::SEEN` failed`) and goes on
//! collecting. The types named there, but behind a pointer or a reference,
//! are what the program observes. A sentinel that `main` always reaches
//! tells that rustc got that far; where it did not (a constant evaluated
//! while type checking calls such code), or where a call could not be
//! wrapped (the function named as a value, imported under another name,
//! `offset_of!`), the answer is `None` and the guard keeps its reading:
//! every layout. The wrapping works on tokens, so calls inside macro
//! calls and `macro_rules!` bodies (`debug_assert_eq!(…, align_of::<Self>())`)
//! are wrapped too.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::{quote, ToTokens};
use syn::parse_quote;
use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::Stmt;

use crate::rustc::{self, Level};

mod concrete;

use concrete::ConcreteSelf;

/// The marker type of the sentinel.
const SENTINEL: &str = "__BundlerSentinel";

/// The library types whose layout the program observes, each with the
/// instantiation that observes it; `None` where rustc could not tell.
/// `parameters` are what [`generic_layouts`] found.
pub(super) fn observed(
    file: &syn::File,
    parameters: &BTreeSet<String>,
    edition: &str,
) -> Option<BTreeMap<String, String>> {
    let mut probe = file.clone();
    // `size_of::<Self>()` in `impl Group` names `Group`: written so, it is
    // read like any concrete type, and not evaluated in the probe while
    // rustc type-checks (which would stop it before the sentinel).
    let mut concrete = ConcreteSelf::default();
    syn::visit_mut::VisitMut::visit_file_mut(&mut concrete, &mut probe);
    let main = probe.items.iter_mut().find_map(|item| match item {
        syn::Item::Fn(f) if f.sig.ident == "main" => Some(f),
        _ => None,
    })?;
    main.block
        .stmts
        .insert(0, parse_quote!(__bundler_sentinel::<u8>();));
    let mut wrap = Wrap {
        parameters,
        wrapped: 0,
        failed: false,
    };
    let mut tokens = wrap.tokens(probe.to_token_stream());
    if wrap.failed || wrap.wrapped == 0 {
        return None;
    }
    tokens.extend(helpers().iter().map(ToTokens::to_token_stream));
    let diagnostics = rustc::instantiate(&tokens.to_string(), edition).ok()?;
    instantiations(&diagnostics, concrete.observed)
}

/// The types named by rustc's reports on the probe, added to `types`, if
/// it reports the sentinel and nothing but the probe's constant.
fn instantiations(
    diagnostics: &[crate::rustc::Diagnostic],
    mut types: BTreeMap<String, String>,
) -> Option<BTreeMap<String, String>> {
    let mut sentinel = false;
    for d in diagnostics.iter().filter(|d| d.level == Level::Error) {
        // rustc names the instantiation in the label under the constant:
        // "evaluation of `__BundlerLayout::<T>::SEEN` failed here".
        let labels: Vec<&str> = d.spans.iter().filter_map(|s| s.label.as_deref()).collect();
        let said = format!("{} {}", d.message, labels.join(" "));
        let seen = said
            .split_once("`__BundlerLayout::<")
            .and_then(|(_, rest)| rest.rsplit_once(">::SEEN`"))
            .map(|(ty, _)| ty);
        let Some(ty) = seen else {
            // "aborting due to …" has no span; anything else is an error
            // the copy made, and the answer is not to be trusted.
            if d.spans.is_empty() {
                continue;
            }
            return None;
        };
        let Ok(parsed) = syn::parse_str::<syn::Type>(ty) else {
            return None;
        };
        let names = held_names(parsed.to_token_stream());
        sentinel |= names.contains(SENTINEL);
        for name in names {
            types
                .entry(name)
                .or_insert_with(|| format!("`size_of::<{ty}>`"));
        }
    }
    sentinel.then_some(types)
}

/// The items the wrapped calls use, and the sentinel.
fn helpers() -> Vec<syn::Item> {
    vec![
        parse_quote!(
            struct __BundlerLayout<T: ?Sized>(core::marker::PhantomData<T>);
        ),
        parse_quote!(
            impl<T: ?Sized> __BundlerLayout<T> {
                const SEEN: () = panic!("the bundler's layout probe");
            }
        ),
        parse_quote!(
            const fn __bundler_value<T>(v: T) -> T {
                let _ = __BundlerLayout::<T>::SEEN;
                v
            }
        ),
        parse_quote!(
            const fn __bundler_ref<T: ?Sized>(v: &T) -> &T {
                let _ = __BundlerLayout::<T>::SEEN;
                v
            }
        ),
        parse_quote!(
            struct __BundlerSentinel;
        ),
        parse_quote!(
            fn __bundler_sentinel<T>() {
                let _ = __BundlerLayout::<(T, __BundlerSentinel)>::SEEN;
            }
        ),
    ]
}

/// Wraps the calls that observe a layout no concrete type names, in the
/// tokens of items and of macro calls and bodies alike.
struct Wrap<'p> {
    parameters: &'p BTreeSet<String>,
    wrapped: usize,
    /// A layout function named where it cannot be wrapped (as a value,
    /// `offset_of!`): rustc's answer would not cover it.
    failed: bool,
}

impl Wrap<'_> {
    fn tokens(&mut self, tokens: TokenStream) -> TokenStream {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out: Vec<TokenTree> = Vec::with_capacity(tokens.len());
        let mut k = 0;
        while k < tokens.len() {
            match &tokens[k] {
                TokenTree::Group(g) => {
                    let mut group = Group::new(g.delimiter(), self.tokens(g.stream()));
                    group.set_span(g.span());
                    out.push(TokenTree::Group(group));
                    k += 1;
                }
                // An import names a function without calling it.
                TokenTree::Ident(i) if i == "use" => {
                    let end = (k..tokens.len())
                        .find(|&j| matches!(&tokens[j], TokenTree::Punct(p) if p.as_char() == ';'))
                        .map_or(tokens.len(), |j| j + 1);
                    out.extend(tokens[k..end].iter().cloned());
                    k = end;
                }
                TokenTree::Ident(i) if is_observer(i) => k = self.call(&tokens, k, &mut out),
                token => {
                    out.push(token.clone());
                    k += 1;
                }
            }
        }
        out.into_iter().collect()
    }

    /// Copies or wraps what starts with layout function `tokens[k]`
    /// (`out` holds the path before it); returns where to go on.
    fn call(&mut self, tokens: &[TokenTree], k: usize, out: &mut Vec<TokenTree>) -> usize {
        let name = tokens[k].to_string();
        let fish = turbofish(&tokens[k + 1..]);
        let after = k + 1 + fish.as_ref().map_or(0, |(_, len)| *len);
        let args = match tokens.get(after) {
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => g.stream(),
            _ => {
                // Not called: a binding or field of that name (`size_of:
                // usize`, `n * size_of`), a method's name, a function's.
                // Named by a path or a turbofish, it is the function as a
                // value, which cannot be wrapped.
                let pathed = matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == ':');
                self.failed |= pathed || fish.is_some();
                out.push(tokens[k].clone());
                return k + 1;
            }
        };
        let generic = fish.as_ref().is_none_or(|(types, _)| {
            held_names(types.clone())
                .iter()
                .any(|n| self.parameters.contains(n) || n.starts_with('$'))
                || types.to_string().contains('$')
        });
        if !generic {
            out.extend(tokens[k..=after].iter().cloned());
            return after + 1;
        }
        let path = take_path(out);
        let args = self.tokens(args);
        let function: TokenStream = path
            .into_iter()
            .chain(tokens[k..after].iter().cloned())
            .collect();
        let wrapped: TokenStream = match (name.as_str(), &fish) {
            ("size_of" | "align_of", Some((types, _))) => {
                // In parentheses: a block that begins a statement ends it
                // (`size_of::<T>() as u32` as a tail would not parse).
                quote!(({ let _ = crate::__BundlerLayout::<#types>::SEEN; #function(#args) }))
            }
            ("transmute", _) => {
                quote!(crate::__bundler_value(#function(crate::__bundler_value(#args))))
            }
            ("transmute_copy", _) => {
                quote!(crate::__bundler_value(#function(crate::__bundler_ref(#args))))
            }
            ("size_of_val" | "align_of_val", _) => quote!(#function(crate::__bundler_ref(#args))),
            _ => {
                self.failed = true;
                quote!(#function(#args))
            }
        };
        self.wrapped += 1;
        out.extend(wrapped);
        after + 1
    }
}

/// The path in front of a function's name at the end of `out`
/// (`core::mem::`, `$crate::mem::`), taken off `out`.
fn take_path(out: &mut Vec<TokenTree>) -> Vec<TokenTree> {
    let mut path = Vec::new();
    while let [.., TokenTree::Punct(a), TokenTree::Punct(b)] = &out[..] {
        if a.as_char() != ':' || b.as_char() != ':' {
            break;
        }
        path.splice(0..0, out.split_off(out.len() - 2));
        match out.last() {
            Some(TokenTree::Ident(_)) => path.insert(0, out.pop().expect("an ident")),
            _ => break,
        }
    }
    // `$crate::mem::size_of` in a macro's body.
    if let [.., TokenTree::Punct(p)] = &out[..] {
        if p.as_char() == '$' && matches!(path.first(), Some(TokenTree::Ident(i)) if i == "crate") {
            path.insert(0, out.pop().expect("a `$`"));
        }
    }
    path
}

fn is_observer(i: &proc_macro2::Ident) -> bool {
    let name = i.to_string();
    OF_TYPE.contains(&name.as_str()) || OF_ANY.contains(&name.as_str())
}

/// The types whose layout the program can observe.
pub(super) struct Layout {
    pub(super) types: BTreeSet<String>,
    /// The names of the file's type parameters, and `Self`: a layout of
    /// one of them may be any type's.
    parameters: BTreeSet<String>,
    /// A layout the program observes of a type that cannot be named.
    pub(super) everything: bool,
    /// The first place that made it so, for the report (`size_of::<Node>`).
    pub(super) why: String,
    /// Whether rustc said which types generic code observes: a call whose
    /// types no concrete name says is then no reason to keep everything.
    probed: bool,
    /// Whether a layout function is imported under another name.
    renames: bool,
}

/// The type parameters of `file`, where it observes a layout no concrete
/// type names (what [`observed`] asks rustc about); `None` if it does not,
/// or imports a layout function under another name, whose calls the probe
/// would not know.
pub(super) fn generic_layouts(file: &syn::File) -> Option<BTreeSet<String>> {
    let layout = Layout::of(file, None);
    (layout.everything && !layout.renames).then_some(layout.parameters)
}

/// Functions that observe the layout of the types they are given; without
/// a turbofish, of types nothing names.
const OF_TYPE: &[&str] = &["size_of", "align_of", "transmute", "transmute_copy"];
/// Functions and macros that observe a layout no type argument names.
const OF_ANY: &[&str] = &["size_of_val", "align_of_val", "offset_of"];

impl Layout {
    pub(super) fn of(file: &syn::File, probed: Option<&BTreeMap<String, String>>) -> Layout {
        let mut layout = Layout {
            types: BTreeSet::new(),
            parameters: BTreeSet::new(),
            everything: false,
            why: String::new(),
            probed: probed.is_some(),
            renames: false,
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
        layout.renames = !calls.renamed.is_empty();
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
fn turbofish(rest: &[TokenTree]) -> Option<(TokenStream, usize)> {
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
fn held_names(args: TokenStream) -> BTreeSet<String> {
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
pub(super) fn defined_types(file: &syn::File) -> BTreeMap<String, TokenStream> {
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

/// The identifiers and lifetimes in `tokens`, at any depth.
pub(super) fn collect_names(tokens: TokenStream, out: &mut BTreeSet<String>) {
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
