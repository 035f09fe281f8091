//! Pass 6: print the bundle. Printing is prettyplease's (readable) or a
//! compact token printer (`--minify`); either way the text is parsed again
//! before it is written, as a self-check.

use proc_macro2::{Spacing, TokenStream, TokenTree};
use quote::ToTokens;
use syn::Item;

use crate::error::Error;
use crate::syntax::item_label;

/// How to print.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    pub strip_docs: bool,
    pub minify: bool,
}

/// The printed body (no header) of `file`.
pub fn print(file: &syn::File, style: Style) -> String {
    if style.minify {
        let mut out = String::new();
        let mut line = 0;
        print_compact(file.to_token_stream(), &mut out, &mut line, &mut None);
        out.push('\n');
        out
    } else {
        space_items(prettyplease::unparse(file))
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
    let same = |a: &str, b: &str| match (syn::parse_file(a), syn::parse_file(b)) {
        (Ok(x), Ok(y)) => x.to_token_stream().to_string() == y.to_token_stream().to_string(),
        _ => false,
    };
    if same(&text, &out) {
        out
    } else {
        text
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
/// (`a b`, `1 .`, `< -`), breaking lines near 100 columns.
fn print_compact(
    tokens: TokenStream,
    out: &mut String,
    column: &mut usize,
    last: &mut Option<Last>,
) {
    for token in tokens {
        let (text, kind) = match &token {
            TokenTree::Group(g) => {
                let (open, close) = match g.delimiter() {
                    proc_macro2::Delimiter::Parenthesis => ("(", ")"),
                    proc_macro2::Delimiter::Brace => ("{", "}"),
                    proc_macro2::Delimiter::Bracket => ("[", "]"),
                    proc_macro2::Delimiter::None => ("", ""),
                };
                push(out, column, last, open, Last::Open);
                print_compact(g.stream(), out, column, last);
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
        // `1 .max()` must not lex as the float `1.`.
        (Some(Last::Word), Last::Punct(_)) => {
            text == "." && out.ends_with(|c: char| c.is_ascii_digit())
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

/// Parses `text` again; a failure is a bundler bug.
pub fn self_check(text: &str) -> Result<(), Error> {
    syn::parse_file(text).map(|_| ()).map_err(|e| {
        let start = e.span().start();
        Error::SelfCheck {
            message: format!("line {}:{}: {e}", start.line, start.column + 1),
        }
    })
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
mod tests {
    use super::*;

    fn compact(source: &str) -> String {
        let file: syn::File = syn::parse_str(source).expect("valid source");
        print(
            &file,
            Style {
                strip_docs: false,
                minify: true,
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
