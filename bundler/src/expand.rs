//! A `macro_rules!` expander for item-level invocations.
//!
//! When rustc finds dead code inside what an item-level invocation writes
//! (`impl_integral!(i8, u8, …)` implementing five traits, two of them
//! unused), deleting the dead part means deleting it from the expansion:
//! the bundler writes the invocation out as the items it stands for, and
//! rustc then judges each of them like any other item.
//!
//! ```
//! use bundler::expand::{expand_items, Macros};
//!
//! let file: syn::File = syn::parse_str(
//!     "macro_rules! twice { ($($t:ty),*) => { $(impl Twice for $t {})* }; }",
//! ).unwrap();
//! let macros = Macros::new(&file.items);
//! let call: syn::ItemMacro = syn::parse_str("twice!(u8, u16);").unwrap();
//! let items = expand_items(&macros, &call.mac, None).unwrap();
//! assert_eq!(items.len(), 2);
//! ```
//!
//! Matching follows rustc's rules closely enough for the macros libraries
//! write: rules are tried in order, fragments are parsed greedily with syn
//! (`ty`, `expr`, `path`, `pat`, `block`, `stmt`, `item`, `vis`, `meta`,
//! `ident`, `lifetime`, `literal`, `tt`), repetitions (`*`, `+`, `?`, with a
//! separator) take as many rounds as match. An `expr` or `ty` is inserted as
//! an invisible group, as rustc does, so that printing keeps its
//! precedence. `$crate` becomes `crate`. Not modelled: hygiene of local
//! variables (an item expansion rarely has any).

use std::collections::BTreeMap;

use proc_macro2::{Delimiter, Group, Ident, Spacing, TokenStream, TokenTree};
use syn::parse::{ParseStream, Parser};
use syn::spanned::Spanned;
use syn::{ImplItem, Item};

use crate::rustc::Range;

/// Why an invocation could not be expanded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpandError(pub String);

/// The `macro_rules!` definitions of a file, by name, with the range each
/// was parsed from.
pub struct Macros {
    by_name: BTreeMap<String, Vec<(Range, Vec<Rule>)>>,
}

/// One rule: `(matcher) => { transcriber }`.
#[derive(Clone, Debug)]
struct Rule {
    matcher: Vec<Matcher>,
    transcriber: Vec<TokenTree>,
}

/// A matcher element.
#[derive(Clone, Debug)]
enum Matcher {
    /// A token to match exactly (a group's delimiter and contents).
    Token(TokenTree),
    Group(Delimiter, Vec<Matcher>),
    Var(String, Fragment),
    Repeat(Vec<Matcher>, Option<TokenTree>, Op),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Any,
    Some,
    Maybe,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fragment {
    Ident,
    Lifetime,
    Literal,
    Tt,
    Ty,
    Path,
    Expr,
    Block,
    Stmt,
    Pat,
    Item,
    Vis,
    Meta,
}

/// What a matcher bound: one capture, or a capture per round of a
/// repetition.
#[derive(Clone, Debug)]
enum Binding {
    One(Vec<TokenTree>),
    Many(Vec<Bindings>),
}

type Bindings = BTreeMap<String, Binding>;

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

/// The name a macro invocation calls (the last segment of its path).
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
    expand_items_at(macros, mac, def_site, 0)
}

fn expand_items_at(
    macros: &Macros,
    mac: &syn::Macro,
    def_site: Option<Range>,
    depth: usize,
) -> Result<Vec<Item>, ExpandError> {
    let tokens = transcribe_call(macros, mac, def_site, depth)?;
    let parser = |input: ParseStream| {
        let mut items = Vec::new();
        while !input.is_empty() {
            items.push(input.parse::<Item>()?);
        }
        Ok(items)
    };
    let items = parser.parse2(tokens).map_err(|e| {
        ExpandError(format!(
            "the expansion of `{}!` is not a list of items: {e}",
            macro_name(mac)
        ))
    })?;
    let mut out = Vec::new();
    for item in items {
        match item {
            Item::Macro(inner)
                if inner.ident.is_none() && macros.knows(&macro_name(&inner.mac)) =>
            {
                out.extend(expand_items_at(macros, &inner.mac, None, depth + 1)?)
            }
            other => out.push(other),
        }
    }
    Ok(out)
}

/// The members an invocation inside an `impl` block stands for.
pub fn expand_impl_items(
    macros: &Macros,
    mac: &syn::Macro,
    def_site: Option<Range>,
) -> Result<Vec<ImplItem>, ExpandError> {
    expand_impl_items_at(macros, mac, def_site, 0)
}

fn expand_impl_items_at(
    macros: &Macros,
    mac: &syn::Macro,
    def_site: Option<Range>,
    depth: usize,
) -> Result<Vec<ImplItem>, ExpandError> {
    let tokens = transcribe_call(macros, mac, def_site, depth)?;
    let parser = |input: ParseStream| {
        let mut items = Vec::new();
        while !input.is_empty() {
            items.push(input.parse::<ImplItem>()?);
        }
        Ok(items)
    };
    let items = parser.parse2(tokens).map_err(|e| {
        ExpandError(format!(
            "the expansion of `{}!` is not a list of impl members: {e}",
            macro_name(mac)
        ))
    })?;
    let mut out = Vec::new();
    for item in items {
        match item {
            ImplItem::Macro(inner) if macros.knows(&macro_name(&inner.mac)) => {
                out.extend(expand_impl_items_at(macros, &inner.mac, None, depth + 1)?)
            }
            other => out.push(other),
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
    let input: Vec<TokenTree> = mac.tokens.clone().into_iter().collect();
    for rule in rules {
        if let Some(bindings) = match_all(&rule.matcher, &input) {
            let mut out = Vec::new();
            transcribe(&rule.transcriber, &bindings, &[], &mut out)?;
            return Ok(out.into_iter().collect());
        }
    }
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

// ---- definitions ----

fn parse_rules(tokens: TokenStream) -> Result<Vec<Rule>, ExpandError> {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut rules = Vec::new();
    let mut k = 0;
    while k < tokens.len() {
        let (
            TokenTree::Group(matcher),
            Some(TokenTree::Punct(eq)),
            Some(TokenTree::Punct(gt)),
            Some(TokenTree::Group(body)),
        ) = (
            &tokens[k],
            tokens.get(k + 1),
            tokens.get(k + 2),
            tokens.get(k + 3),
        )
        else {
            return Err(ExpandError("a macro rule is not `(...) => {...}`".into()));
        };
        if eq.as_char() != '=' || gt.as_char() != '>' {
            return Err(ExpandError("a macro rule is not `(...) => {...}`".into()));
        }
        rules.push(Rule {
            matcher: parse_matcher(&matcher.stream().into_iter().collect::<Vec<_>>())?,
            transcriber: body.stream().into_iter().collect(),
        });
        k += 4;
        if matches!(tokens.get(k), Some(TokenTree::Punct(p)) if p.as_char() == ';') {
            k += 1;
        }
    }
    Ok(rules)
}

fn parse_matcher(tokens: &[TokenTree]) -> Result<Vec<Matcher>, ExpandError> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < tokens.len() {
        match &tokens[k] {
            TokenTree::Punct(p) if p.as_char() == '$' => match tokens.get(k + 1) {
                Some(TokenTree::Ident(name)) => {
                    let colon = matches!(tokens.get(k + 2), Some(TokenTree::Punct(c)) if c.as_char() == ':');
                    let Some(TokenTree::Ident(kind)) = tokens.get(k + 3).filter(|_| colon) else {
                        return Err(ExpandError(format!("`${name}` has no fragment kind")));
                    };
                    out.push(Matcher::Var(name.to_string(), fragment(&kind.to_string())?));
                    k += 4;
                }
                Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
                    let inner = parse_matcher(&g.stream().into_iter().collect::<Vec<_>>())?;
                    let (separator, op, used) = repetition_tail(tokens, k + 2)?;
                    out.push(Matcher::Repeat(inner, separator, op));
                    k += 2 + used;
                }
                _ => return Err(ExpandError("a lone `$` in a matcher".into())),
            },
            TokenTree::Group(g) => {
                let inner = parse_matcher(&g.stream().into_iter().collect::<Vec<_>>())?;
                out.push(Matcher::Group(g.delimiter(), inner));
                k += 1;
            }
            other => {
                out.push(Matcher::Token(other.clone()));
                k += 1;
            }
        }
    }
    Ok(out)
}

/// The separator and operator after `$(...)`, and how many tokens they take.
fn repetition_tail(
    tokens: &[TokenTree],
    at: usize,
) -> Result<(Option<TokenTree>, Op, usize), ExpandError> {
    let op = |t: Option<&TokenTree>| match t {
        Some(TokenTree::Punct(p)) => match p.as_char() {
            '*' => Some(Op::Any),
            '+' => Some(Op::Some),
            '?' => Some(Op::Maybe),
            _ => None,
        },
        _ => None,
    };
    if let Some(o) = op(tokens.get(at)) {
        return Ok((None, o, 1));
    }
    match (tokens.get(at), op(tokens.get(at + 1))) {
        (Some(separator), Some(o)) => Ok((Some(separator.clone()), o, 2)),
        _ => Err(ExpandError("`$(...)` without `*`, `+` or `?`".into())),
    }
}

fn fragment(kind: &str) -> Result<Fragment, ExpandError> {
    Ok(match kind {
        "ident" => Fragment::Ident,
        "lifetime" => Fragment::Lifetime,
        "literal" => Fragment::Literal,
        "tt" => Fragment::Tt,
        "ty" => Fragment::Ty,
        "path" => Fragment::Path,
        "expr" | "expr_2021" => Fragment::Expr,
        "block" => Fragment::Block,
        "stmt" => Fragment::Stmt,
        "pat" | "pat_param" => Fragment::Pat,
        "item" => Fragment::Item,
        "vis" => Fragment::Vis,
        "meta" => Fragment::Meta,
        other => return Err(ExpandError(format!("unknown fragment kind `{other}`"))),
    })
}

// ---- matching ----

/// Matches all of `input` against `matcher`.
fn match_all(matcher: &[Matcher], input: &[TokenTree]) -> Option<Bindings> {
    let mut bindings = Bindings::new();
    let used = match_seq(matcher, input, &mut bindings, true)?;
    (used == input.len()).then_some(bindings)
}

/// Matches a prefix of `input`; with `whole`, only a match that takes all
/// of it counts. Returns the number of tokens taken.
fn match_seq(
    matcher: &[Matcher],
    input: &[TokenTree],
    bindings: &mut Bindings,
    whole: bool,
) -> Option<usize> {
    let Some((first, rest)) = matcher.split_first() else {
        return (!whole || input.is_empty()).then_some(0);
    };
    match first {
        Matcher::Token(expected) => {
            let taken = match_token(expected, input)?;
            let more = match_seq(rest, &input[taken..], bindings, whole)?;
            Some(taken + more)
        }
        Matcher::Group(delimiter, inner) => {
            let Some(TokenTree::Group(g)) = input.first() else {
                return None;
            };
            if g.delimiter() != *delimiter {
                return None;
            }
            let contents: Vec<TokenTree> = g.stream().into_iter().collect();
            let mut trial = bindings.clone();
            let used = match_seq(inner, &contents, &mut trial, true)?;
            debug_assert_eq!(used, contents.len());
            let more = match_seq(rest, &input[1..], &mut trial, whole)?;
            *bindings = trial;
            Some(1 + more)
        }
        Matcher::Var(name, kind) => {
            let taken = parse_fragment(*kind, input)?;
            let mut trial = bindings.clone();
            trial.insert(name.clone(), Binding::One(wrap(*kind, &input[..taken])));
            let more = match_seq(rest, &input[taken..], &mut trial, whole)?;
            *bindings = trial;
            Some(taken + more)
        }
        Matcher::Repeat(inner, separator, op) => {
            match_repeat(inner, separator.as_ref(), *op, rest, input, bindings, whole)
        }
    }
}

/// Matches `$(inner) sep op` followed by `rest`, taking as many rounds as
/// allow the rest to match (most first).
fn match_repeat(
    inner: &[Matcher],
    separator: Option<&TokenTree>,
    op: Op,
    rest: &[Matcher],
    input: &[TokenTree],
    bindings: &mut Bindings,
    whole: bool,
) -> Option<usize> {
    // Every way to take rounds greedily: (tokens used, bindings of each round).
    let mut rounds: Vec<(usize, Vec<Bindings>)> = vec![(0, Vec::new())];
    loop {
        let (used, done) = rounds.last().expect("not empty").clone();
        if op == Op::Maybe && done.len() == 1 {
            break;
        }
        let mut at = used;
        if !done.is_empty() {
            if let Some(sep) = separator {
                match match_token(sep, &input[at..]) {
                    Some(n) => at += n,
                    None => break,
                }
            }
        }
        let mut round = Bindings::new();
        match match_seq(inner, &input[at..], &mut round, false) {
            Some(n) if n > 0 || inner.is_empty() => {
                let mut next = done.clone();
                next.push(round);
                rounds.push((at + n, next));
                if n == 0 {
                    break;
                }
            }
            _ => break,
        }
    }
    let names = var_names(inner);
    for (used, done) in rounds.into_iter().rev() {
        if op == Op::Some && done.is_empty() {
            continue;
        }
        let mut trial = bindings.clone();
        if let Some(more) = match_seq(rest, &input[used..], &mut trial, whole) {
            for name in &names {
                trial.insert(name.clone(), Binding::Many(done.clone()));
            }
            *bindings = trial;
            return Some(used + more);
        }
    }
    None
}

/// The names of the variables a matcher binds, at any depth.
fn var_names(matcher: &[Matcher]) -> Vec<String> {
    let mut names = Vec::new();
    for m in matcher {
        match m {
            Matcher::Var(name, _) => names.push(name.clone()),
            Matcher::Group(_, inner) | Matcher::Repeat(inner, _, _) => {
                names.extend(var_names(inner))
            }
            Matcher::Token(_) => {}
        }
    }
    names
}

/// How many input tokens make up `expected` (a multi-character operator is
/// one token to rustc and several puncts to proc-macro2).
fn match_token(expected: &TokenTree, input: &[TokenTree]) -> Option<usize> {
    let got = input.first()?;
    let same = match (expected, got) {
        (TokenTree::Ident(a), TokenTree::Ident(b)) => a == b,
        (TokenTree::Punct(a), TokenTree::Punct(b)) => a.as_char() == b.as_char(),
        (TokenTree::Literal(a), TokenTree::Literal(b)) => a.to_string() == b.to_string(),
        (TokenTree::Group(a), TokenTree::Group(b)) => {
            a.delimiter() == b.delimiter() && a.stream().to_string() == b.stream().to_string()
        }
        _ => false,
    };
    same.then_some(1)
}

/// How many tokens a fragment of `kind` takes at the start of `input`.
fn parse_fragment(kind: Fragment, input: &[TokenTree]) -> Option<usize> {
    match kind {
        Fragment::Ident => {
            matches!(input.first(), Some(TokenTree::Ident(i)) if i != "_").then_some(1)
        }
        Fragment::Lifetime => match (input.first(), input.get(1)) {
            (Some(TokenTree::Punct(p)), Some(TokenTree::Ident(_))) if p.as_char() == '\'' => {
                Some(2)
            }
            _ => None,
        },
        Fragment::Literal => match (input.first(), input.get(1)) {
            (Some(TokenTree::Literal(_)), _) => Some(1),
            (Some(TokenTree::Punct(p)), Some(TokenTree::Literal(_))) if p.as_char() == '-' => {
                Some(2)
            }
            (Some(TokenTree::Ident(i)), _) if i == "true" || i == "false" => Some(1),
            _ => None,
        },
        Fragment::Tt => tt_length(input),
        Fragment::Ty => syn_prefix(input, |s| s.parse::<syn::Type>().map(drop)),
        Fragment::Path => syn_prefix(input, |s| {
            s.call(syn::Path::parse_mod_style)
                .map(drop)
                .or_else(|_| s.parse::<syn::Path>().map(drop))
        }),
        Fragment::Expr => syn_prefix(input, |s| s.parse::<syn::Expr>().map(drop)),
        Fragment::Block => syn_prefix(input, |s| s.parse::<syn::Block>().map(drop)),
        Fragment::Stmt => syn_prefix(input, |s| s.parse::<syn::Stmt>().map(drop)),
        Fragment::Pat => syn_prefix(input, |s| {
            syn::Pat::parse_multi_with_leading_vert(s).map(drop)
        }),
        Fragment::Item => syn_prefix(input, |s| s.parse::<syn::Item>().map(drop)),
        Fragment::Vis => syn_prefix(input, |s| s.parse::<syn::Visibility>().map(drop)),
        Fragment::Meta => syn_prefix(input, |s| s.parse::<syn::Meta>().map(drop)),
    }
}

/// One token tree as rustc counts it: a multi-character operator (joint
/// puncts) or a lifetime is one.
fn tt_length(input: &[TokenTree]) -> Option<usize> {
    match input.first()? {
        TokenTree::Punct(p) if p.as_char() == '\'' => {
            Some(if matches!(input.get(1), Some(TokenTree::Ident(_))) {
                2
            } else {
                1
            })
        }
        TokenTree::Punct(p) if p.spacing() == Spacing::Joint => {
            let mut n = 1;
            while let Some(TokenTree::Punct(q)) = input.get(n) {
                n += 1;
                if q.spacing() == Spacing::Alone || n == 3 {
                    break;
                }
            }
            Some(n)
        }
        _ => Some(1),
    }
}

/// How many top-level tokens `parse` takes from the start of `input`.
fn syn_prefix(
    input: &[TokenTree],
    parse: impl Fn(ParseStream) -> syn::Result<()>,
) -> Option<usize> {
    let stream: TokenStream = input.iter().cloned().collect();
    let parser = |s: ParseStream| {
        parse(s)?;
        let rest: TokenStream = s.parse()?;
        Ok(rest.into_iter().count())
    };
    let rest = parser.parse2(stream).ok()?;
    Some(input.len() - rest)
}

/// A captured fragment as rustc passes it on: `expr` and `ty` as one
/// opaque group, so that `$e * 2` keeps `$e` together.
fn wrap(kind: Fragment, tokens: &[TokenTree]) -> Vec<TokenTree> {
    match kind {
        Fragment::Expr | Fragment::Ty if tokens.len() > 1 => {
            let group = Group::new(Delimiter::None, tokens.iter().cloned().collect());
            vec![TokenTree::Group(group)]
        }
        _ => tokens.to_vec(),
    }
}

// ---- transcription ----

/// Writes `body` with the variables bound; `rounds` are the indices of the
/// repetitions being transcribed, outermost first.
fn transcribe(
    body: &[TokenTree],
    bindings: &Bindings,
    rounds: &[usize],
    out: &mut Vec<TokenTree>,
) -> Result<(), ExpandError> {
    let mut k = 0;
    while k < body.len() {
        match &body[k] {
            TokenTree::Punct(p) if p.as_char() == '$' => match body.get(k + 1) {
                Some(TokenTree::Ident(name)) if name == "crate" => {
                    out.push(TokenTree::Ident(Ident::new("crate", name.span())));
                    k += 2;
                }
                Some(TokenTree::Ident(name)) => {
                    match lookup(bindings, &name.to_string(), rounds) {
                        Some(tokens) => out.extend(tokens),
                        // Not a variable of this rule: a `$x` meant for a
                        // macro this one defines.
                        None => out.extend([body[k].clone(), body[k + 1].clone()]),
                    }
                    k += 2;
                }
                Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
                    let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                    let (separator, _, used) = repetition_tail(body, k + 2)?;
                    let count = repetitions(&inner, bindings, rounds).ok_or_else(|| {
                        ExpandError(
                            "a repetition in a transcriber uses no repeated variable".into(),
                        )
                    })?;
                    for round in 0..count {
                        if round > 0 {
                            if let Some(sep) = &separator {
                                out.push(sep.clone());
                            }
                        }
                        let mut deeper = rounds.to_vec();
                        deeper.push(round);
                        transcribe(&inner, bindings, &deeper, out)?;
                    }
                    k += 2 + used;
                }
                _ => {
                    out.push(body[k].clone());
                    k += 1;
                }
            },
            TokenTree::Group(g) => {
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                let mut tokens = Vec::new();
                transcribe(&inner, bindings, rounds, &mut tokens)?;
                let mut group = Group::new(g.delimiter(), tokens.into_iter().collect());
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
                k += 1;
            }
            other => {
                out.push(other.clone());
                k += 1;
            }
        }
    }
    Ok(())
}

/// The binding of `name` in the current rounds of nested repetitions.
fn binding_at<'b>(bindings: &'b Bindings, name: &str, rounds: &[usize]) -> Option<&'b Binding> {
    let mut binding = bindings.get(name)?;
    for &round in rounds {
        match binding {
            Binding::Many(each) => binding = each.get(round)?.get(name)?,
            Binding::One(_) => break,
        }
    }
    Some(binding)
}

fn lookup(bindings: &Bindings, name: &str, rounds: &[usize]) -> Option<Vec<TokenTree>> {
    match binding_at(bindings, name, rounds)? {
        Binding::One(tokens) => Some(tokens.clone()),
        Binding::Many(_) => None,
    }
}

/// How many rounds a repetition in a transcriber takes: the count of the
/// first repeated variable it uses at this depth.
fn repetitions(body: &[TokenTree], bindings: &Bindings, rounds: &[usize]) -> Option<usize> {
    let mut k = 0;
    while k < body.len() {
        match &body[k] {
            TokenTree::Punct(p) if p.as_char() == '$' => {
                if let Some(TokenTree::Ident(name)) = body.get(k + 1) {
                    if let Some(Binding::Many(each)) =
                        binding_at(bindings, &name.to_string(), rounds)
                    {
                        return Some(each.len());
                    }
                }
                if let Some(TokenTree::Group(g)) = body.get(k + 1) {
                    let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                    if let Some(n) = repetitions(&inner, bindings, rounds) {
                        return Some(n);
                    }
                }
            }
            TokenTree::Group(g) => {
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                if let Some(n) = repetitions(&inner, bindings, rounds) {
                    return Some(n);
                }
            }
            _ => {}
        }
        k += 1;
    }
    None
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
