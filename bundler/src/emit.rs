//! Pass 6: print the bundle: a header comment saying what it is, then the
//! code, printed by prettyplease (readable) or, for `--minify`, the same
//! text's tokens written with a space only where two would merge.
//!
//! The compact printer never prints a syntax tree itself: prettyplease
//! decides every parenthesis and comma (where a tree from a macro's
//! expansion needs one that its tokens lack, such as a closure called in
//! place, or the comma before a struct literal's `..base` once a field is
//! deleted), and the compact text is the pretty text lexed again, so both
//! lex to the same tokens. Either way the text is parsed again before it
//! is written and must have the shape of the tree it was printed from
//! ([`round_trip`]): a printer that drops a needed parenthesis is a loud
//! error, never a program that means something else.

use proc_macro2::{Spacing, TokenStream, TokenTree};
use quote::ToTokens;
use syn::visit_mut::VisitMut;
use syn::{Expr, Item};

use crate::error::Error;
use crate::syntax::item_label;

mod header;

pub use header::{shown_path, sources, Header};

/// How to print.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    pub strip_docs: bool,
    pub minify: bool,
    /// Shaken again taking what the program never runs
    /// (`shake/instances.rs`); never asked for, only done to fit.
    pub unrun: bool,
    /// The names the crates' code declares made short (`shorten.rs`);
    /// never asked for, only done to fit.
    pub short: bool,
}

/// The printed body (no header) of `file`.
pub fn print(file: &syn::File, style: Style) -> String {
    let pretty = prettyplease::unparse(file);
    if !style.minify {
        return flatten_modules(space_items(pretty));
    }
    let tokens: TokenStream = match pretty.parse() {
        Ok(tokens) => tokens,
        // Caught by `round_trip`, which parses the same text.
        Err(_) => return pretty,
    };
    let mut out = String::new();
    let mut line = 0;
    print_compact(tokens, &mut out, &mut line, &mut None);
    out.push('\n');
    out
}

/// Takes the indentation of module bodies away, as C++ code leaves
/// namespaces unindented: each module's items then read as in their source
/// file, and a library whose modules nest deeper (`dlx::links::Links`) does
/// not pay four bytes a line per level. Code inside items keeps
/// prettyplease's indentation. As in [`space_items`], the result must lex
/// to the very same tokens (a multi-line string literal could hold a line
/// that looks like a module), or the text is kept as is.
fn flatten_modules(text: String) -> String {
    let indent = |l: &str| l.len() - l.trim_start().len();
    // The indentation of each open module's `mod name {` line.
    let mut open: Vec<usize> = Vec::new();
    let mut out = String::with_capacity(text.len());
    // A line after a `\` that ends a line of a string literal: its
    // indentation is not code's (the string skips it), and is kept.
    let mut continued = false;
    for line in text.lines() {
        let (depth, this) = (indent(line), line.trim_start());
        if this == "}" && open.last() == Some(&depth) {
            open.pop();
        }
        let cut = if continued { 0 } else { 4 * open.len() };
        out.push_str(&line[cut.min(depth)..]);
        out.push('\n');
        continued = line.ends_with('\\');
        let words: Vec<&str> = this.split(' ').collect();
        let opens_module = match words.as_slice() {
            ["mod", _, "{"] => true,
            [vis, "mod", _, "{"] => vis.starts_with("pub"),
            _ => false,
        };
        if opens_module {
            open.push(depth);
        }
    }
    if open.is_empty() && same_tokens(&text, &out) {
        out
    } else {
        text
    }
}

/// What an item's first line starts with (after indentation).
const ITEM_STARTS: &[&str] = &[
    "pub ",
    "pub(",
    "fn ",
    "impl",
    "struct ",
    "enum ",
    "const ",
    "static ",
    "type ",
    "trait ",
    "mod ",
    "#[",
    "///",
    "macro_rules!",
    "unsafe ",
    "use ",
];

/// prettyplease puts items back to back; this adds a blank line after each
/// item that ends with `}` or `;` when another item follows at the same
/// indentation. Lines inside a multi-line string literal could look alike,
/// so the result must lex to the very same tokens, or the text is kept as is.
fn space_items(text: String) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::with_capacity(text.len() + text.len() / 20);
    for (k, line) in lines.iter().enumerate() {
        if k > 0 {
            let previous = lines[k - 1];
            let indent = |l: &str| l.len() - l.trim_start().len();
            let (prev, this) = (previous.trim_start(), line.trim_start());
            // A doc line ending in `;` (an example) does not end an item.
            let code = !prev.starts_with("//");
            let ends_item = (code && (prev == "}" || prev.ends_with(';') || prev.ends_with("{}")))
                || (prev.starts_with("//!") && !this.starts_with("//!"));
            let both_uses = ["use ", "pub use "].iter().any(|u| prev.starts_with(u))
                && ["use ", "pub use "].iter().any(|u| this.starts_with(u));
            if ends_item
                && !both_uses
                && indent(previous) == indent(line)
                && ITEM_STARTS.iter().any(|s| this.starts_with(s))
            {
                out.push('\n');
            }
        }
        out.push_str(line);
        out.push('\n');
    }
    if same_tokens(&text, &out) {
        out
    } else {
        text
    }
}

/// Whether `a` and `b` are Rust files of the very same tokens.
fn same_tokens(a: &str, b: &str) -> bool {
    match (syn::parse_file(a), syn::parse_file(b)) {
        (Ok(x), Ok(y)) => x.to_token_stream().to_string() == y.to_token_stream().to_string(),
        _ => false,
    }
}

/// What the previous token was, for deciding whether a space is needed.
#[derive(Clone, Copy)]
enum Last {
    Word,
    Punct(Spacing),
    Open,
    Close,
}

/// Prints tokens with a space only where two would otherwise merge
/// (`a b`, `1 .`, `< -`), breaking lines near 100 columns, and without the
/// trailing commas prettyplease writes where it breaks a list over lines
/// (`S { a, b, }`): never inside a macro's or an attribute's tokens, whose
/// meaning is the macro's, nor the one comma of a one-tuple `(a,)`.
fn print_compact(
    tokens: TokenStream,
    out: &mut String,
    column: &mut usize,
    last: &mut Option<Last>,
) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (k, token) in tokens.iter().enumerate() {
        let (text, kind) = match token {
            TokenTree::Group(g) => {
                let (open, close) = match g.delimiter() {
                    proc_macro2::Delimiter::Parenthesis => ("(", ")"),
                    proc_macro2::Delimiter::Brace => ("{", "}"),
                    proc_macro2::Delimiter::Bracket => ("[", "]"),
                    proc_macro2::Delimiter::None => ("", ""),
                };
                // A macro's tokens (`m!(…)`, `#[…]`, and the body of
                // `macro_rules! name { … }`) mean what the macro makes of
                // them, spare commas included.
                let bang_or_hash = |t: &TokenTree| matches!(t, TokenTree::Punct(p) if matches!(p.as_char(), '!' | '#'));
                let verbatim = (k > 0 && bang_or_hash(&tokens[k - 1]))
                    || (k > 1
                        && matches!(&tokens[k - 1], TokenTree::Ident(_))
                        && bang_or_hash(&tokens[k - 2]));
                let mut inner: Vec<TokenTree> = g.stream().into_iter().collect();
                if !verbatim && ends_with_spare_comma(&inner, g.delimiter()) {
                    inner.pop();
                }
                push(out, column, last, open, Last::Open);
                match verbatim {
                    true => print_verbatim(inner, out, column, last),
                    false => print_compact(inner.into_iter().collect(), out, column, last),
                }
                push(out, column, last, close, Last::Close);
                continue;
            }
            TokenTree::Ident(i) => (i.to_string(), Last::Word),
            TokenTree::Literal(l) => (l.to_string(), Last::Word),
            TokenTree::Punct(p) => (p.as_char().to_string(), Last::Punct(p.spacing())),
        };
        push(out, column, last, &text, kind);
    }
}

/// [`print_compact`] for a macro's or an attribute's tokens: every comma
/// stays.
fn print_verbatim(
    tokens: Vec<TokenTree>,
    out: &mut String,
    column: &mut usize,
    last: &mut Option<Last>,
) {
    for token in tokens {
        match token {
            TokenTree::Group(g) => {
                let (open, close) = match g.delimiter() {
                    proc_macro2::Delimiter::Parenthesis => ("(", ")"),
                    proc_macro2::Delimiter::Brace => ("{", "}"),
                    proc_macro2::Delimiter::Bracket => ("[", "]"),
                    proc_macro2::Delimiter::None => ("", ""),
                };
                push(out, column, last, open, Last::Open);
                print_verbatim(g.stream().into_iter().collect(), out, column, last);
                push(out, column, last, close, Last::Close);
            }
            TokenTree::Ident(i) => push(out, column, last, &i.to_string(), Last::Word),
            TokenTree::Literal(l) => push(out, column, last, &l.to_string(), Last::Word),
            TokenTree::Punct(p) => push(
                out,
                column,
                last,
                &p.as_char().to_string(),
                Last::Punct(p.spacing()),
            ),
        }
    }
}

/// Whether the last of a group's tokens is a comma that means nothing: in
/// braces or brackets always, in parentheses unless it makes a one-tuple.
fn ends_with_spare_comma(tokens: &[TokenTree], delimiter: proc_macro2::Delimiter) -> bool {
    let is_comma = |t: &TokenTree| matches!(t, TokenTree::Punct(p) if p.as_char() == ',');
    if !tokens.last().is_some_and(is_comma) {
        return false;
    }
    match delimiter {
        proc_macro2::Delimiter::Brace | proc_macro2::Delimiter::Bracket => true,
        proc_macro2::Delimiter::Parenthesis => tokens.iter().filter(|t| is_comma(t)).count() > 1,
        proc_macro2::Delimiter::None => false,
    }
}

/// Two punctuation characters that lex as one token (or start a comment)
/// when written together.
const MERGING: &[&str] = &[
    "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "^=", "&=",
    "|=", "<<", ">>", "..", "<-", "//", "/*", "*/",
];

fn push(out: &mut String, column: &mut usize, last: &mut Option<Last>, text: &str, kind: Last) {
    if text.is_empty() {
        return;
    }
    let space = match (*last, kind) {
        (Some(Last::Word), Last::Word) => true,
        (Some(Last::Punct(Spacing::Alone)), Last::Punct(_)) => {
            let pair: String = out.chars().last().into_iter().chain(text.chars()).collect();
            MERGING.contains(&pair.as_str())
        }
        // `1 .max()` must not lex as the float `1.`, nor `continue 'outer`
        // as the reserved prefix `continue'` (an error from edition 2021).
        (Some(Last::Word), Last::Punct(_)) => {
            text == "'" || (text == "." && out.ends_with(|c: char| c.is_ascii_digit()))
        }
        _ => false,
    };
    if *column > 100
        && matches!(kind, Last::Word)
        && !matches!(*last, Some(Last::Punct(Spacing::Joint)))
    {
        out.push('\n');
        *column = 0;
    } else if space {
        out.push(' ');
        *column += 1;
    }
    out.push_str(text);
    *column += text.len();
    *last = Some(kind);
}

/// Parses `text`, printed from `file`, again: it must parse, to a tree of
/// the same shape as `file` ([`shape`]). A failure is a bundler bug.
pub fn round_trip(file: &syn::File, text: &str) -> Result<(), Error> {
    let parsed = syn::parse_file(text).map_err(|e| {
        let start = e.span().start();
        Error::SelfCheck {
            message: format!("line {}:{}: {e}", start.line, start.column + 1),
        }
    })?;
    let (want, got) = (shape(file), shape(&parsed));
    if want == got {
        return Ok(());
    }
    let (line, (a, b)) = want
        .lines()
        .zip(got.lines())
        .enumerate()
        .find(|(_, (a, b))| a != b)
        .map_or((0, ("", "")), |(k, pair)| (k + 1, pair));
    Err(Error::SelfCheck {
        message: format!(
            "the printed text parses to another program; shape line {line}: \
             printed from `{}`, parsed as `{}`",
            a.trim(),
            b.trim()
        ),
    })
}

/// The shape of `file` as text: every expression in parentheses and none
/// of the source's own (nor a macro fragment's invisible group), so two
/// trees print alike only when each expression has the same operands.
fn shape(file: &syn::File) -> String {
    let mut file = file.clone();
    Shape.visit_file_mut(&mut file);
    prettyplease::unparse(&file)
}

/// See [`shape`].
struct Shape;

impl VisitMut for Shape {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        // prettyplease writes a long closure body or match arm in braces,
        // and an arm's `()` as `{}`: `{ e }` and `e` have one shape, and so
        // have `{}` and `()`.
        loop {
            match e {
                Expr::Paren(syn::ExprParen { expr: inner, .. })
                | Expr::Group(syn::ExprGroup { expr: inner, .. }) => {
                    *e = std::mem::replace(&mut **inner, Expr::PLACEHOLDER);
                }
                Expr::Block(b) if b.attrs.is_empty() && b.label.is_none() => {
                    match b.block.stmts.as_mut_slice() {
                        [syn::Stmt::Expr(inner, _)] => {
                            *e = std::mem::replace(inner, Expr::PLACEHOLDER);
                        }
                        [] => *e = syn::parse_quote!(()),
                        _ => break,
                    }
                }
                _ => break,
            }
        }
        syn::visit_mut::visit_expr_mut(self, e);
        // `let` is no expression of its own (`if let`, let chains).
        if !matches!(e, Expr::Let(_)) {
            let inner = std::mem::replace(e, Expr::PLACEHOLDER);
            *e = Expr::Paren(syn::ExprParen {
                attrs: Vec::new(),
                paren_token: Default::default(),
                expr: Box::new(inner),
            });
        }
    }

    fn visit_type_mut(&mut self, t: &mut syn::Type) {
        while let syn::Type::Paren(syn::TypeParen { elem: inner, .. })
        | syn::Type::Group(syn::TypeGroup { elem: inner, .. }) = t
        {
            *t = std::mem::replace(&mut **inner, syn::Type::Verbatim(TokenStream::new()));
        }
        syn::visit_mut::visit_type_mut(self, t);
    }

    fn visit_pat_mut(&mut self, p: &mut syn::Pat) {
        while let syn::Pat::Paren(syn::PatParen { pat: inner, .. }) = p {
            *p = std::mem::replace(&mut **inner, syn::Pat::Verbatim(TokenStream::new()));
        }
        syn::visit_mut::visit_pat_mut(self, p);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        mac.tokens = lexed(std::mem::take(&mut mac.tokens));
    }

    /// Docs are no part of the program (and prettyplease trims a line of
    /// one that is all spaces).
    fn visit_attributes_mut(&mut self, attrs: &mut Vec<syn::Attribute>) {
        attrs.retain(|a| !a.path().is_ident("doc"));
        for attr in attrs {
            self.visit_attribute_mut(attr);
        }
    }

    /// prettyplease ends an assignment that ends a block with `;`: the
    /// statements are the same either way.
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        for stmt in &mut block.stmts {
            if let syn::Stmt::Expr(_, semi) = stmt {
                *semi = None;
            }
        }
        syn::visit_mut::visit_block_mut(self, block);
    }
}

/// `tokens` with the spacing that means something to rustc: a punctuation
/// mark is joint to the next only when the two make an operator (a tree
/// built by a macro may say `<` is joint to `crate`, or `,` to `&`, which
/// no text needs to show).
fn lexed(tokens: TokenStream) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(tokens.len());
    for (k, token) in tokens.iter().enumerate() {
        out.push(match token {
            TokenTree::Punct(p) if p.spacing() == Spacing::Joint => {
                let merges = match tokens.get(k + 1) {
                    Some(TokenTree::Punct(next)) => {
                        let pair: String = [p.as_char(), next.as_char()].iter().collect();
                        MERGING.contains(&pair.as_str()) || pair == ".="
                    }
                    _ => false,
                };
                let mut q = proc_macro2::Punct::new(
                    p.as_char(),
                    if merges {
                        Spacing::Joint
                    } else {
                        Spacing::Alone
                    },
                );
                q.set_span(p.span());
                TokenTree::Punct(q)
            }
            TokenTree::Group(g) => {
                let mut group = proc_macro2::Group::new(g.delimiter(), lexed(g.stream()));
                group.set_span(g.span());
                TokenTree::Group(group)
            }
            other => other.clone(),
        });
    }
    out.into_iter().collect()
}

/// Bytes per module and per item as printed in `style`, biggest first.
pub fn sizes(file: &syn::File, style: Style) -> Vec<(usize, String)> {
    let mut rows = Vec::new();
    collect_sizes(&file.items, "crate", style, &mut rows);
    rows.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    rows
}

fn collect_sizes(
    items: &[Item],
    prefix: &str,
    style: Style,
    rows: &mut Vec<(usize, String)>,
) -> usize {
    let mut total = 0;
    for item in items {
        let size = match item {
            Item::Mod(module) => {
                let name = format!("{prefix}::{}", module.ident);
                let inner = module
                    .content
                    .as_ref()
                    .map(|(_, items)| items.as_slice())
                    .unwrap_or(&[]);
                collect_sizes(inner, &name, style, rows);
                // The whole `mod` item: its items plus its docs and braces.
                let size = print_one(item, style);
                rows.push((size, format!("{name} (module)")));
                size
            }
            _ => {
                let size = print_one(item, style);
                rows.push((size, format!("{prefix}::{}", item_label(item))));
                size
            }
        };
        total += size;
    }
    total
}

fn print_one(item: &Item, style: Style) -> usize {
    let one = syn::File {
        shebang: None,
        attrs: Vec::new(),
        items: vec![item.clone()],
    };
    print(&one, style).len()
}

#[cfg(test)]
mod shapes;

#[cfg(test)]
mod tests {
    use super::*;

    fn compact(source: &str) -> String {
        let file: syn::File = syn::parse_str(source).expect("valid source");
        print(
            &file,
            Style {
                minify: true,
                ..Style::default()
            },
        )
    }

    #[test]
    fn compact_printing_spaces_only_where_tokens_would_merge() {
        assert_eq!(
            compact("fn f<'a>(x: &'a str) -> usize { x.len() }"),
            "fn f<'a>(x:&'a str)->usize{x.len()}\n"
        );
        assert_eq!(
            compact("fn g() -> i32 { 1 .max(2) - -3 }"),
            "fn g()->i32{1 .max(2)--3}\n"
        );
        assert_eq!(
            compact("fn h(a: bool) -> bool { a && !a || a < -1 }"),
            "fn h(a:bool)->bool{a&&!a||a< -1}\n"
        );
        // hashbrown's `continue 'outer;`: glued, a reserved prefix.
        assert_eq!(
            compact("fn l() { 'outer: loop { continue 'outer; } }"),
            "fn l(){'outer:loop{continue 'outer;}}\n"
        );
        // memchr's `unsafe_ifunc!`: a comma in a macro's body is the macro's.
        assert_eq!(
            compact("macro_rules! m { ($x:ident) => { fn $x(a: u8, b: u8,) {} } }"),
            "macro_rules!m{($x:ident)=>{fn$x(a:u8,b:u8,){}};}\n"
        );
    }

    #[test]
    fn items_get_blank_lines_but_string_literals_never_change() {
        let plain =
            "use a::b;\nuse a::c;\nfn f() {}\nstruct S;\nfn g() {\n    let x = 1;\n    x;\n}\n";
        assert_eq!(
            space_items(plain.to_string()),
            "use a::b;\nuse a::c;\n\nfn f() {}\n\nstruct S;\n\nfn g() {\n    let x = 1;\n    x;\n}\n"
        );
        // A blank line inside the literal would change the program.
        let literal = "const A: &str = \"x;\nfn y\";\nfn z() {}\n";
        assert_eq!(space_items(literal.to_string()), literal);
    }

    #[test]
    fn module_bodies_are_not_indented_but_code_is() {
        let nested = "pub mod a {\n    pub mod b {\n        fn f() {\n            g();\n        }\n    }\n    mod c {}\n    use b::f;\n}\nfn h() {}\n";
        assert_eq!(
            flatten_modules(nested.to_string()),
            "pub mod a {\npub mod b {\nfn f() {\n    g();\n}\n}\nmod c {}\nuse b::f;\n}\nfn h() {}\n"
        );
        // A module written inside a function body is flattened alike.
        let inner = "fn f() {\n    mod m {\n        pub fn g() {}\n    }\n}\n";
        assert_eq!(
            flatten_modules(inner.to_string()),
            "fn f() {\n    mod m {\n    pub fn g() {}\n    }\n}\n"
        );
        // A string continued with `\` keeps its next line as it is.
        let continued = "pub mod a {\n    const S: &str = \"x \\\n        y\";\n}\n";
        assert_eq!(
            flatten_modules(continued.to_string()),
            "pub mod a {\nconst S: &str = \"x \\\n        y\";\n}\n"
        );
        // Lines of a string literal are never touched: the text stays.
        let literal = "pub mod a {\n    const S: &str = \"\n    mod x {\n    \";\n}\n";
        assert_eq!(flatten_modules(literal.to_string()), literal);
    }

    #[test]
    fn doc_examples_keep_their_lines_together() {
        let docs = "/// ```\n/// let a = 1;\n/// let b = 2;\n/// ```\nfn f() {}\n";
        assert_eq!(space_items(docs.to_string()), docs);
    }

    #[test]
    fn compact_output_parses_to_the_same_tokens() {
        let source = "pub mod m { pub fn f(v: Vec<Vec<u8>>) -> usize { let r = &&v; r.iter().map(|x| x.len()).sum::<usize>() >> 1 } }";
        let original: syn::File = syn::parse_str(source).expect("valid");
        let again: syn::File = syn::parse_str(&compact(source)).expect("compact output parses");
        assert_eq!(
            original.to_token_stream().to_string(),
            again.to_token_stream().to_string()
        );
    }
}
