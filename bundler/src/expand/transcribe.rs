//! Writing out a rule's transcriber with the variables its matcher bound,
//! repetitions once per round.

use proc_macro2::{Delimiter, Group, Ident, TokenTree};

use std::collections::BTreeSet;

use super::hygiene::mark;
use super::matching::{Binding, Bindings};
use super::rules::repetition_tail;
use super::ExpandError;

/// Writes `body` with the variables bound; `rounds` are the indices of the
/// repetitions being transcribed, outermost first.
pub(super) fn transcribe(
    body: &[TokenTree],
    bindings: &Bindings,
    rounds: &[usize],
    marked: &BTreeSet<String>,
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
                    repeat(&inner, separator.as_ref(), bindings, rounds, marked, out)?;
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
                transcribe(&inner, bindings, rounds, marked, &mut tokens)?;
                let mut group = Group::new(g.delimiter(), tokens.into_iter().collect());
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
                k += 1;
            }
            TokenTree::Ident(name) if marked.contains(&name.to_string()) => {
                out.push(TokenTree::Ident(mark(name)));
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

/// Writes `$(inner) separator op` once per round of the repeated variables
/// it uses.
fn repeat(
    inner: &[TokenTree],
    separator: Option<&TokenTree>,
    bindings: &Bindings,
    rounds: &[usize],
    marked: &BTreeSet<String>,
    out: &mut Vec<TokenTree>,
) -> Result<(), ExpandError> {
    let count = repetitions(inner, bindings, rounds).ok_or_else(|| {
        ExpandError("a repetition in a transcriber uses no repeated variable".into())
    })?;
    for round in 0..count {
        if round > 0 {
            out.extend(separator.cloned());
        }
        let mut deeper = rounds.to_vec();
        deeper.push(round);
        transcribe(inner, bindings, &deeper, marked, out)?;
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
