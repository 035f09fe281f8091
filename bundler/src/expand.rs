//! A `macro_rules!` expander for item-level invocations.
//!
//! When rustc finds dead code inside what an item-level invocation writes
//! (`impl_integral!(i8, u8, …)` implementing five traits, two of them
//! unused), deleting the dead part means deleting it from the expansion:
//! the bundler writes the invocation out as the items it stands for, and
//! rustc then judges each of them like any other item.
//!
//! ```text
//! macro_rules! twice { ($($t:ty),*) => { $(impl Twice for $t {})* }; }
//! twice!(u8, u16);          // written out as:
//! impl Twice for u8 {}
//! impl Twice for u16 {}
//! ```
//!
//! Matching follows rustc's rules closely enough for the macros libraries
//! write: rules are tried in order, fragments are parsed greedily with syn
//! (`ty`, `expr`, `path`, `pat`, `block`, `stmt`, `item`, `vis`, `meta`,
//! `ident`, `lifetime`, `literal`, `tt`), repetitions (`*`, `+`, `?`, with a
//! separator) take as many rounds as match. An `expr` or `ty` is inserted as
//! an invisible group, as rustc does, and the group is taken away once the
//! call is parsed (`ungroup`), so that printing keeps its precedence.
//! `$crate` becomes `crate`. A local the body binds is kept apart from a
//! name the call passes in (`hygiene`).
//!
//! `rules` reads a definition, `matching` matches an invocation against a
//! rule, `transcribe` writes the rule's transcriber out, `ungroup` makes
//! what it wrote safe to print.

mod hygiene;
mod matching;
mod rules;
mod transcribe;
mod ungroup;

use std::collections::BTreeMap;

use proc_macro2::{TokenStream, TokenTree};
use syn::parse::{ParseStream, Parser};
use syn::spanned::Spanned;
use syn::{ImplItem, Item};

use crate::rustc::Range;
use matching::match_all;
use rules::{parse_rules, Rule};
use transcribe::transcribe;
pub(crate) use ungroup::Written;

/// Why an invocation could not be expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpandError(pub String);

/// The `macro_rules!` definitions of a file, by name, with the range each
/// was parsed from.
pub struct Macros {
    by_name: BTreeMap<String, Vec<(Range, Vec<Rule>)>>,
}

impl Macros {
    /// Collects every `macro_rules!` among `items`, at any depth.
    pub fn new(items: &[Item]) -> Macros {
        let mut macros = Macros {
            by_name: BTreeMap::new(),
        };
        macros.collect(items);
        macros
    }

    fn collect(&mut self, items: &[Item]) {
        for item in items {
            match item {
                Item::Macro(m) if m.mac.path.is_ident("macro_rules") => {
                    if let (Some(ident), Ok(rules)) = (&m.ident, parse_rules(m.mac.tokens.clone()))
                    {
                        self.by_name
                            .entry(ident.to_string())
                            .or_default()
                            .push((Range::of(m.span()), rules));
                    }
                }
                Item::Mod(m) => {
                    if let Some((_, items)) = &m.content {
                        self.collect(items);
                    }
                }
                _ => {}
            }
        }
    }

    /// Whether `name!` is one of these macros.
    pub fn knows(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    fn rules(&self, name: &str, def_site: Option<Range>) -> Option<&[Rule]> {
        let defs = self.by_name.get(name)?;
        let chosen = def_site
            .and_then(|site| defs.iter().find(|(range, _)| range.contains(&site)))
            .unwrap_or(&defs[0]);
        Some(&chosen.1)
    }
}

/// One `macro_rules!` definition, read: what [`crate::unfold`] writes a
/// call out with once it has found, by scope, the definition it names.
pub struct Definition {
    rules: Vec<Rule>,
}

impl Definition {
    /// The rules of `item`, a `macro_rules!` definition (`None`: not one,
    /// or rules this expander does not read).
    pub fn read(item: &syn::ItemMacro) -> Option<Definition> {
        if !item.mac.path.is_ident("macro_rules") || item.ident.is_none() {
            return None;
        }
        let rules = parse_rules(item.mac.tokens.clone()).ok()?;
        Some(Definition { rules })
    }

    /// What call `mac` writes, parsed as a list of `T` (items, members),
    /// the calls among them left for the caller to resolve.
    pub fn write<T: Written>(&self, mac: &syn::Macro) -> Result<Vec<T>, ExpandError> {
        let tokens = transcribe_with(&self.rules, mac)?;
        parse_list(mac, tokens)
    }
}

/// `tokens` as a list of `T`, for what call `mac` wrote, without the
/// invisible groups of its fragments (`ungroup`).
fn parse_list<T: Written>(mac: &syn::Macro, tokens: TokenStream) -> Result<Vec<T>, ExpandError> {
    let parser = |input: ParseStream| {
        let mut items = Vec::new();
        while !input.is_empty() {
            items.push(input.parse::<T>()?);
        }
        Ok(items)
    };
    let mut items = parser.parse2(tokens).map_err(|e| {
        ExpandError(format!(
            "the expansion of `{}!` is not a list of {}: {e}",
            macro_name(mac),
            std::any::type_name::<T>()
                .rsplit("::")
                .next()
                .unwrap_or("items")
        ))
    })?;
    items.iter_mut().for_each(T::ungroup);
    Ok(items)
}

fn macro_name(mac: &syn::Macro) -> String {
    mac.path
        .segments
        .last()
        .map(|s| s.ident.to_string())
        .unwrap_or_default()
}

/// The items an item-level invocation stands for, with the invocations of
/// known macros among them expanded too.
pub fn expand_items(
    macros: &Macros,
    mac: &syn::Macro,
    def_site: Option<Range>,
) -> Result<Vec<Item>, ExpandError> {
    let invocation = |item: &Item| match item {
        Item::Macro(inner) if inner.ident.is_none() => Some(inner.mac.clone()),
        _ => None,
    };
    expand_all(macros, mac, def_site, 0, &invocation)
}

/// The members an invocation inside an `impl` block stands for.
pub fn expand_impl_items(
    macros: &Macros,
    mac: &syn::Macro,
    def_site: Option<Range>,
) -> Result<Vec<ImplItem>, ExpandError> {
    let invocation = |member: &ImplItem| match member {
        ImplItem::Macro(inner) => Some(inner.mac.clone()),
        _ => None,
    };
    expand_all(macros, mac, def_site, 0, &invocation)
}

/// The `T`s (items, members) an invocation stands for; `invocation` tells
/// which of them are invocations in turn, expanded when the macro is known.
fn expand_all<T: Written>(
    macros: &Macros,
    mac: &syn::Macro,
    def_site: Option<Range>,
    depth: usize,
    invocation: &dyn Fn(&T) -> Option<syn::Macro>,
) -> Result<Vec<T>, ExpandError> {
    let tokens = transcribe_call(macros, mac, def_site, depth)?;
    let items = parse_list::<T>(mac, tokens)?;
    let mut out = Vec::new();
    for item in items {
        match invocation(&item).filter(|inner| macros.knows(&macro_name(inner))) {
            Some(inner) => out.extend(expand_all(macros, &inner, None, depth + 1, invocation)?),
            None => out.push(item),
        }
    }
    Ok(out)
}

/// The tokens one invocation expands to (one step).
fn transcribe_call(
    macros: &Macros,
    mac: &syn::Macro,
    def_site: Option<Range>,
    depth: usize,
) -> Result<TokenStream, ExpandError> {
    let name = macro_name(mac);
    if depth > 128 {
        return Err(ExpandError(format!(
            "`{name}!` recurses more than 128 times"
        )));
    }
    let rules = macros
        .rules(&name, def_site)
        .ok_or_else(|| ExpandError(format!("no `macro_rules! {name}` in the bundle")))?;
    transcribe_with(rules, mac)
}

/// The tokens call `mac` expands to (one step) with `rules`.
fn transcribe_with(rules: &[Rule], mac: &syn::Macro) -> Result<TokenStream, ExpandError> {
    let input: Vec<TokenTree> = mac.tokens.clone().into_iter().collect();
    for rule in rules {
        if let Some(bindings) = match_all(&rule.matcher, &input) {
            let marked = hygiene::clashing(&rule.transcriber, &bindings);
            let mut out = Vec::new();
            transcribe(&rule.transcriber, &bindings, &[], &marked, &mut out)?;
            let stream: TokenStream = out.into_iter().collect();
            return Ok(match marked.is_empty() {
                true => stream,
                false => hygiene::resolve(stream),
            });
        }
    }
    let name = macro_name(mac);
    Err(ExpandError(format!(
        "no rule of `{name}!` matches `{}`",
        shorten(&mac.tokens.to_string())
    )))
}

fn shorten(text: &str) -> String {
    if text.chars().count() > 60 {
        let cut: String = text.chars().take(60).collect();
        format!("{cut}…")
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expand(definitions: &str, call: &str) -> String {
        let file: syn::File = syn::parse_str(definitions).expect("definitions");
        let macros = Macros::new(&file.items);
        let call: syn::ItemMacro = syn::parse_str(call).expect("an invocation");
        let items = expand_items(&macros, &call.mac, None).expect("expands");
        let file = syn::File {
            shebang: None,
            attrs: Vec::new(),
            items,
        };
        prettyplease::unparse(&file)
    }

    #[test]
    fn repetitions_with_separators_and_types() {
        let out = expand(
            "macro_rules! zero { ($($t:ty),* $(,)?) => { $(impl Zero for $t { fn zero() -> Self { 0 } })* }; }",
            "zero!(u8, Vec<u32>,);",
        );
        assert!(out.contains("impl Zero for u8"), "{out}");
        assert!(out.contains("impl Zero for Vec<u32>"), "{out}");
    }

    #[test]
    fn recursion_and_rule_order() {
        let out = expand(
            "macro_rules! each { () => {}; ($name:ident; $($rest:tt)*) => { pub struct $name; each!($($rest)*); }; }",
            "each!(A; B; C;);",
        );
        assert_eq!(out, "pub struct A;\npub struct B;\npub struct C;\n");
    }

    #[test]
    fn expressions_keep_their_precedence() {
        let out = expand(
            "macro_rules! k { ($name:ident = $e:expr) => { const $name: u32 = $e * 2; }; }",
            "k!(X = 1 + 2);",
        );
        assert_eq!(out, "const X: u32 = (1 + 2) * 2;\n");
    }

    #[test]
    fn nested_repetitions_and_crate_paths() {
        let out = expand(
            "macro_rules! table { ($($t:ident: $($v:literal)|*;)*) => { $(const $t: &[u32] = &[$($crate::f($v)),*];)* }; }",
            "table!(A: 1 | 2; B: 3;);",
        );
        assert!(
            out.contains("const A: &[u32] = &[crate::f(1), crate::f(2)];"),
            "{out}"
        );
        assert!(out.contains("const B: &[u32] = &[crate::f(3)];"), "{out}");
    }

    #[test]
    fn no_matching_rule_is_an_error_naming_the_macro() {
        let file: syn::File =
            syn::parse_str("macro_rules! one { ($x:ident) => {}; }").expect("definitions");
        let macros = Macros::new(&file.items);
        let call: syn::ItemMacro = syn::parse_str("one!(1 2);").expect("call");
        let error = expand_items(&macros, &call.mac, None).expect_err("no rule matches");
        assert!(error.0.contains("no rule of `one!` matches"), "{error:?}");
    }
}
