//! Where a place in a checked bundle came from in the library's files, so
//! that rustc's reports name `library/src/dlx.rs:371:5`, not `<anon>:4047:29`.
//!
//! The first text rustc checks is printed from the assembled file, whose
//! tokens still carry their places in the library's files (the module a
//! token is in says which file); each later text is printed from the tree
//! of the one before, edited. The tokens of a tree and of the text printed
//! from it are the same ones, give or take a trailing comma prettyplease
//! adds, so pairing them (skipping what one side lacks) carries every
//! token's library place from one text to the next, round after round.
//!
//! ```text
//! library/src/problems/demo.rs:4:18   "seven"      assembled file
//! round 1 text 212:18                 "seven"      paired by position
//! round 2 text 198:18                 "seven"      paired again after deletions
//! ```

use std::collections::BTreeMap;
use std::sync::Arc;

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::ToTokens;
use syn::Item;

use crate::discover::Crate;
use crate::error::Place;
use crate::rustc::{DiagSpan, Diagnostic, Level, Pos};

/// The library files an assembled file's modules come from.
#[derive(Debug, Default)]
pub struct Sources {
    /// Display name and text of each file.
    files: Vec<(String, String)>,
    /// Module path → index in `files`; `[]` is the crate root.
    modules: BTreeMap<Vec<String>, usize>,
}

impl Sources {
    pub fn new(krate: &Crate) -> Sources {
        let mut sources = Sources::default();
        let mut index = BTreeMap::new();
        for m in krate.module_ids() {
            let module = krate.get(m);
            let file = *index.entry(module.file.clone()).or_insert_with(|| {
                let text = krate.source(&module.file).unwrap_or_default().to_string();
                sources.files.push((module.file.clone(), text));
                sources.files.len() - 1
            });
            sources.modules.insert(module.path.clone(), file);
        }
        sources
    }
}

/// Where a token of the library is: a file of [`Sources`], a line and a
/// 0-based character column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Origin {
    file: usize,
    at: Pos,
}

/// The library place of every token of one checked text.
#[derive(Clone, Debug)]
pub struct SourceMap {
    sources: Arc<Sources>,
    /// Token start in the checked text → where the token came from.
    tokens: BTreeMap<Pos, Origin>,
}

impl SourceMap {
    /// The places of `printed`, parsed from the text printed from the
    /// assembled file `assembled`.
    pub fn assembled(sources: Arc<Sources>, assembled: &syn::File, printed: &syn::File) -> Self {
        let tokens = paired(assembled, printed, |module, token| {
            let file = *sources.modules.get(module)?;
            Some(Origin { file, at: token.at })
        });
        SourceMap { sources, tokens }
    }

    /// The places of `printed`, parsed from the text printed from
    /// `before`, a tree whose spans are places in the text this map is of.
    pub fn carry(&self, before: &syn::File, printed: &syn::File) -> Self {
        let tokens = paired(before, printed, |_, token| {
            self.tokens.get(&token.at).copied()
        });
        SourceMap {
            sources: Arc::clone(&self.sources),
            tokens,
        }
    }

    /// The library place of position `pos` of the checked text: that of the
    /// token it is in (or the nearest one before that has one).
    pub fn place(&self, pos: Pos) -> Option<Place> {
        let (&start, origin) = self.tokens.range(..=pos).next_back()?;
        let column = if start.line == pos.line {
            origin.at.column + (pos.column - start.column)
        } else {
            origin.at.column
        };
        Some(Place {
            file: self.sources.files[origin.file].0.clone(),
            line: origin.at.line,
            column: Some(column + 1),
        })
    }

    /// The library place of `d`'s first primary span.
    pub fn primary_place(&self, d: &Diagnostic) -> Option<Place> {
        d.primary().find_map(|span| self.place(span.range.start))
    }

    /// `d` as rustc writes it, with its places and quoted lines in the
    /// library's files.
    pub fn render(&self, d: &Diagnostic) -> String {
        let level = match d.level {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Other => "note",
        };
        let mut out = match &d.code {
            Some(code) => format!("{level}[{code}]: {}", d.message),
            None => format!("{level}: {}", d.message),
        };
        let snippets = self.snippets(d);
        let width = snippets
            .iter()
            .map(|s| s.place.line.to_string().len())
            .max()
            .unwrap_or(1);
        let pad = " ".repeat(width);
        for snippet in &snippets {
            out.push_str(&format!("\n{pad}--> {}", snippet.place));
            if let Some(line) = &snippet.line {
                out.push_str(&format!(
                    "\n{pad} |\n{:>width$} | {line}",
                    snippet.place.line
                ));
                for marks in &snippet.marks {
                    out.push_str(&format!("\n{pad} | {marks}"));
                }
            }
        }
        for child in &d.children {
            out.push_str(&format!("\n{pad} = {}: {}", child.level, child.message));
            if let Some(replacement) = child.replacement.as_ref().filter(|r| !r.is_empty()) {
                out.push_str(&format!(": `{replacement}`"));
            }
        }
        out
    }

    /// The quoted lines of `d`'s spans (primary ones first), one per
    /// library line, each with the marks and labels of its spans.
    fn snippets(&self, d: &Diagnostic) -> Vec<Snippet> {
        let mut spans: Vec<&DiagSpan> = d.primary().collect();
        spans.extend(d.spans.iter().filter(|s| !s.primary));
        let mut snippets: Vec<Snippet> = Vec::new();
        for span in spans {
            let Some(start) = self.place(span.range.start) else {
                continue;
            };
            let same_line =
                |s: &&mut Snippet| s.place.file == start.file && s.place.line == start.line;
            let snippet = match snippets.iter_mut().find(same_line) {
                Some(snippet) => snippet,
                None => {
                    let line = self.line(&start);
                    snippets.push(Snippet {
                        place: start.clone(),
                        line,
                        marks: Vec::new(),
                    });
                    snippets.last_mut().expect("just pushed")
                }
            };
            if let Some(line) = &snippet.line {
                let marks = marks(&start, self.end(span).as_ref(), line, span.primary);
                let label = span
                    .label
                    .as_deref()
                    .map_or(String::new(), |l| format!(" {l}"));
                snippet.marks.push(format!("{marks}{label}"));
            }
        }
        snippets
    }

    /// The library place where `span` ends (exclusive).
    fn end(&self, span: &DiagSpan) -> Option<Place> {
        let end = span.range.end;
        let last = Pos {
            line: end.line,
            column: end.column.checked_sub(1)?,
        };
        let mut place = self.place(last)?;
        place.column = place.column.map(|c| c + 1);
        Some(place)
    }

    /// The text of the line `place` is on.
    fn line(&self, place: &Place) -> Option<String> {
        let (_, text) = self.sources.files.iter().find(|(n, _)| *n == place.file)?;
        text.lines()
            .nth(place.line.checked_sub(1)?)
            .map(|l| l.trim_end().to_string())
    }
}

/// A quoted library line and the marks under it.
struct Snippet {
    place: Place,
    line: Option<String>,
    marks: Vec<String>,
}

/// `^^^` (or `---` for a secondary span) under the span on its first line.
fn marks(start: &Place, end: Option<&Place>, line: &str, primary: bool) -> String {
    let from = start.column.unwrap_or(1) - 1;
    let length = line.chars().count();
    let to = match end {
        Some(end) if end.file == start.file && end.line == start.line => {
            end.column.unwrap_or(1) - 1
        }
        _ => length,
    };
    let mark = if primary { "^" } else { "-" };
    let indent: String = line
        .chars()
        .take(from)
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    format!("{indent}{}", mark.repeat(to.saturating_sub(from).max(1)))
}

/// What pairing compares: a token's kind and, for words and punctuation,
/// its text (literals may be printed another way, `r"x"` for `"x"`).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Shape {
    Word(String),
    Punct(char),
    Literal,
    Open(Delimiter),
    Close(Delimiter),
}

#[derive(Clone, Debug)]
struct Token {
    shape: Shape,
    at: Pos,
}

/// The tokens of `stream`, groups opened and closed, in order. Tokens that
/// were made rather than parsed (no width, such as `pub(crate)` written by
/// narrowing) have no place and are left out.
fn flatten(stream: TokenStream, out: &mut Vec<Token>) {
    for tree in stream {
        let span = tree.span();
        let (start, end) = (span.start(), span.end());
        let real = start != end;
        let at = Pos::of(start);
        let shape = match tree {
            TokenTree::Group(g) => {
                let delimiter = g.delimiter();
                if delimiter != Delimiter::None && real {
                    out.push(Token {
                        shape: Shape::Open(delimiter),
                        at,
                    });
                }
                flatten(g.stream(), out);
                if delimiter != Delimiter::None && real {
                    out.push(Token {
                        shape: Shape::Close(delimiter),
                        at: Pos::of(g.span_close().start()),
                    });
                }
                continue;
            }
            TokenTree::Ident(i) => Shape::Word(i.to_string()),
            TokenTree::Punct(p) => Shape::Punct(p.as_char()),
            TokenTree::Literal(_) => Shape::Literal,
        };
        if real {
            out.push(Token { shape, at });
        }
    }
}

/// The origin of every token of `printed` that `origin` (given the module
/// path and the paired token of `before`) finds one for.
fn paired(
    before: &syn::File,
    printed: &syn::File,
    origin: impl Fn(&[String], &Token) -> Option<Origin>,
) -> BTreeMap<Pos, Origin> {
    let mut tokens = BTreeMap::new();
    pair_items(
        &before.items,
        &printed.items,
        &mut Vec::new(),
        &mut |module, old_tokens, new_tokens| {
            for (old, new) in pair(old_tokens, new_tokens) {
                if let Some(found) = origin(module, old) {
                    tokens.insert(new.at, found);
                }
            }
        },
    );
    tokens
}

/// Called with a module path and the tokens of an item before and after.
type PairVisitor<'v> = dyn FnMut(&[String], &[Token], &[Token]) + 'v;

/// Walks two item lists printed one from the other, module by module,
/// calling `visit` with the module path and the tokens of each item pair.
fn pair_items(before: &[Item], after: &[Item], module: &mut Vec<String>, visit: &mut PairVisitor) {
    for (old, new) in before.iter().zip(after) {
        match (old, new) {
            (Item::Mod(a), Item::Mod(b)) if a.content.is_some() && b.content.is_some() => {
                let inner = |m: &syn::ItemMod| m.content.as_ref().map(|(_, items)| items.clone());
                module.push(a.ident.to_string());
                pair_items(
                    &inner(a).unwrap_or_default(),
                    &inner(b).unwrap_or_default(),
                    module,
                    visit,
                );
                module.pop();
            }
            _ => {
                let (mut x, mut y) = (Vec::new(), Vec::new());
                flatten(old.to_token_stream(), &mut x);
                flatten(new.to_token_stream(), &mut y);
                visit(module, &x, &y);
            }
        }
    }
}

/// How far ahead pairing looks for the token one side lacks.
const WINDOW: usize = 16;

/// Pairs the tokens of `before` and `after`, which are the same but for a
/// few that one side lacks (a trailing comma, parentheses).
fn pair<'t>(before: &'t [Token], after: &'t [Token]) -> Vec<(&'t Token, &'t Token)> {
    let mut pairs = Vec::with_capacity(after.len());
    let (mut i, mut j) = (0, 0);
    while i < before.len() && j < after.len() {
        if before[i].shape == after[j].shape {
            pairs.push((&before[i], &after[j]));
            i += 1;
            j += 1;
            continue;
        }
        let lacking_after =
            (1..WINDOW).find(|k| before.get(i + k).is_some_and(|t| t.shape == after[j].shape));
        let lacking_before =
            (1..WINDOW).find(|k| after.get(j + k).is_some_and(|t| t.shape == before[i].shape));
        match (lacking_after, lacking_before) {
            (Some(a), Some(b)) if a <= b => i += a,
            (Some(a), None) => i += a,
            (_, Some(_)) => j += 1,
            (None, None) => {
                pairs.push((&before[i], &after[j]));
                i += 1;
                j += 1;
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(source: &str) -> Vec<Token> {
        let mut out = Vec::new();
        flatten(source.parse().expect("tokens"), &mut out);
        out
    }

    #[test]
    fn pairing_skips_what_one_side_lacks() {
        let before = tokens("f(a, b)");
        let after = tokens("f(\n    a,\n    b,\n)");
        let pairs = pair(&before, &after);
        let lines: Vec<(usize, usize)> =
            pairs.iter().map(|(a, b)| (a.at.line, b.at.line)).collect();
        // f ( a , b ) on line 1 before; a on line 2 and b on line 3 after.
        assert_eq!(lines, [(1, 1), (1, 1), (1, 2), (1, 2), (1, 3), (1, 4)]);
    }

    #[test]
    fn made_tokens_have_no_place() {
        let made: TokenStream = quote::quote!(
            pub(crate) fn f() {}
        );
        let mut out = Vec::new();
        flatten(made, &mut out);
        assert!(out.is_empty(), "{out:?}");
    }
}
