//! Matching an invocation's tokens against a rule's matcher, as rustc
//! does: fragments parsed greedily with syn, repetitions taking as many
//! rounds as let the rest match.

use std::collections::BTreeMap;

use proc_macro2::{Delimiter, Group, Spacing, TokenStream, TokenTree};
use syn::parse::{ParseStream, Parser};

use super::rules::{Fragment, Matcher, Op};

/// What a matcher bound: one capture, or a capture per round of a
/// repetition.
#[derive(Clone, Debug)]
pub(super) enum Binding {
    One(Vec<TokenTree>),
    Many(Vec<Bindings>),
}

/// The bindings of a rule's variables, by name.
pub(super) type Bindings = BTreeMap<String, Binding>;

/// Matches all of `input` against `matcher`.
pub(super) fn match_all(matcher: &[Matcher], input: &[TokenTree]) -> Option<Bindings> {
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

/// One token tree as rustc counts it: a multi-character operator or a
/// lifetime is one. Joint punctuation is glued only into an operator rustc
/// lexes: in `add_assign +=, Sub` the `=` is joint to the `,` (no space
/// between them), but rustc reads `+=` and then `,`.
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
            // The characters of the joint run, up to three.
            let mut run = String::new();
            for token in input.iter().take(3) {
                let TokenTree::Punct(q) = token else { break };
                run.push(q.as_char());
                if q.spacing() == Spacing::Alone {
                    break;
                }
            }
            let longest = (2..=run.len())
                .rev()
                .find(|&n| OPERATORS.contains(&&run[..n]));
            Some(longest.unwrap_or(1))
        }
        _ => Some(1),
    }
}

/// The operators of more than one character that rustc lexes as one token.
const OPERATORS: &[&str] = &[
    "<<=", ">>=", "...", "..=", "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=",
    "*=", "/=", "%=", "^=", "&=", "|=", "<<", ">>", "..",
];

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
/// opaque group, so that `$e * 2` keeps `$e` together, and `1 as $t << n`
/// (even a one-token `$t`) shifts the cast rather than reading `$t<<`.
fn wrap(kind: Fragment, tokens: &[TokenTree]) -> Vec<TokenTree> {
    match kind {
        Fragment::Expr if tokens.len() > 1 => opaque(tokens),
        Fragment::Ty => opaque(tokens),
        _ => tokens.to_vec(),
    }
}

fn opaque(tokens: &[TokenTree]) -> Vec<TokenTree> {
    let group = Group::new(Delimiter::None, tokens.iter().cloned().collect());
    vec![TokenTree::Group(group)]
}
