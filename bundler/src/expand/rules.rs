//! The rules of a `macro_rules!` definition, read from its tokens: each
//! rule's matcher as a tree of tokens, variables and repetitions, and its
//! transcriber as tokens.

use proc_macro2::{Delimiter, TokenStream, TokenTree};

use super::ExpandError;

/// One rule: `(matcher) => { transcriber }`.
#[derive(Clone, Debug)]
pub(super) struct Rule {
    pub(super) matcher: Vec<Matcher>,
    pub(super) transcriber: Vec<TokenTree>,
}

/// A matcher element.
#[derive(Clone, Debug)]
pub(super) enum Matcher {
    /// A token to match exactly (a group's delimiter and contents).
    Token(TokenTree),
    Group(Delimiter, Vec<Matcher>),
    Var(String, Fragment),
    Repeat(Vec<Matcher>, Option<TokenTree>, Op),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Op {
    Any,
    Some,
    Maybe,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fragment {
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

/// The rules of a definition's tokens, `(matcher) => { transcriber }` each.
pub(super) fn parse_rules(tokens: TokenStream) -> Result<Vec<Rule>, ExpandError> {
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
pub(super) fn repetition_tail(
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
