//! Pass 1, for each file read: `include_bytes!("x")` and `include_str!("x")`
//! written out as the literals they stand for, since a submission is one
//! file and the judge has none of the files beside it; and `env!("X")` of
//! a variable cargo sets while it compiles the crate (`CARGO_PKG_VERSION`,
//! a build script's `rustc-env`), which the judge's rustc does not have.
//!
//! ```text
//! include_bytes!("table.dfa")   →  b"\x01\x00…"   (still &'static [u8; N])
//! include_str!("words.txt")     →  "the\nand\n…"   (still &'static str)
//! env!("CARGO_PKG_VERSION")      →  "0.2.19"
//! ```
//!
//! The name is relative to the folder of the file that holds the call, as
//! rustc reads it; it is one string literal, or a `concat!` of them once
//! `env!`s are written out. `include!` of items is written out as the items
//! (a build script's file: thiserror's `include!(concat!(env!("OUT_DIR"),
//! "/private.rs"))`, `OUT_DIR` being where cargo ran the script). A call
//! inside another macro's tokens is written out too (rustc would read the
//! same file for it); one whose argument is anything else is left for
//! rustc to report.

use std::collections::BTreeMap;
use std::path::Path;

use proc_macro2::{Delimiter, Group, Literal, Span, TokenStream, TokenTree};
use syn::visit_mut::VisitMut;

use crate::error::{Error, Place};

/// Writes out every include in `file`, read from `path` (shown as
/// `shown`), and every `env!` of a variable in `env`.
pub fn write_out(
    file: &mut syn::File,
    path: &Path,
    shown: &str,
    env: &BTreeMap<String, String>,
) -> Result<(), Error> {
    let mut writer = Writer {
        dir: path.parent().unwrap_or(Path::new(".")),
        shown,
        env,
        error: None,
    };
    writer.visit_file_mut(file);
    match writer.error {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

struct Writer<'a> {
    dir: &'a Path,
    shown: &'a str,
    env: &'a BTreeMap<String, String>,
    error: Option<Error>,
}

impl Writer<'_> {
    /// The literal for `macro_name!(name)`, or `None` if it is not an
    /// include of one string literal.
    fn literal(&mut self, macro_name: &str, args: &TokenStream, span: Span) -> Option<Literal> {
        let bytes = match macro_name {
            "include_bytes" => true,
            "include_str" | "env" => false,
            _ => return None,
        };
        let name = string_argument(args)?;
        if macro_name == "env" {
            let mut literal = Literal::string(self.env.get(&name)?);
            literal.set_span(span);
            return Some(literal);
        }
        let target = self.dir.join(&name);
        let read = match bytes {
            true => std::fs::read(&target).map(|b| Literal::byte_string(&b)),
            false => std::fs::read_to_string(&target).map(|s| Literal::string(&s)),
        };
        match read {
            Ok(mut literal) => {
                literal.set_span(span);
                Some(literal)
            }
            Err(source) => {
                self.failed(span, format!("{macro_name}!({name:?})"), &target, source);
                None
            }
        }
    }

    /// Records (if it is the first) that `call`, at `span`, could not read
    /// file `target`.
    fn failed(&mut self, span: Span, call: String, target: &Path, source: std::io::Error) {
        let start = span.start();
        self.error.get_or_insert(Error::Include {
            place: Place {
                file: self.shown.to_string(),
                line: start.line,
                column: Some(start.column + 1),
            },
            call,
            file: target.display().to_string(),
            source,
        });
    }

    /// `tokens` with every `include_*!("x")` in them (`std::` or `core::`
    /// before it or not) replaced by its literal.
    fn tokens(&mut self, tokens: TokenStream) -> TokenStream {
        let mut out: Vec<TokenTree> = Vec::new();
        for tree in tokens {
            let tree = match tree {
                TokenTree::Group(g) => {
                    let mut inner = Group::new(g.delimiter(), self.tokens(g.stream()));
                    inner.set_span(g.span());
                    TokenTree::Group(inner)
                }
                other => other,
            };
            if let TokenTree::Group(g) = &tree {
                if let [.., TokenTree::Ident(name), TokenTree::Punct(bang)] = out.as_slice() {
                    let call = bang.as_char() == '!' && g.delimiter() != Delimiter::None;
                    let literal = match call {
                        true => self.literal(&name.to_string(), &g.stream(), name.span()),
                        false => None,
                    };
                    if let Some(literal) = literal {
                        out.truncate(out.len() - 2);
                        drop_std_prefix(&mut out);
                        out.push(TokenTree::Literal(literal));
                        continue;
                    }
                }
            }
            out.push(tree);
        }
        out.into_iter().collect()
    }
}

/// The string `args` spell: one string literal, or `concat!` of string
/// literals.
fn string_argument(args: &TokenStream) -> Option<String> {
    let tokens: Vec<TokenTree> = args.clone().into_iter().collect();
    match tokens.as_slice() {
        [TokenTree::Literal(lit)] => match syn::Lit::new(lit.clone()) {
            syn::Lit::Str(s) => Some(s.value()),
            _ => None,
        },
        [TokenTree::Ident(name), TokenTree::Punct(bang), TokenTree::Group(g)]
            if name == "concat" && bang.as_char() == '!' =>
        {
            let parts = g
                .stream()
                .into_iter()
                .filter(|t| !matches!(t, TokenTree::Punct(p) if p.as_char() == ','));
            parts
                .map(|part| string_argument(&TokenStream::from(part)))
                .collect()
        }
        _ => None,
    }
}

/// Drops a trailing `std::`, `core::` or `::core::` from `out`.
fn drop_std_prefix(out: &mut Vec<TokenTree>) {
    let n = out.len();
    let colons = |a: &TokenTree, b: &TokenTree| matches!((a, b), (TokenTree::Punct(x), TokenTree::Punct(y)) if x.as_char() == ':' && y.as_char() == ':');
    if n >= 3 && colons(&out[n - 2], &out[n - 1]) {
        if let TokenTree::Ident(krate) = &out[n - 3] {
            if krate == "std" || krate == "core" {
                out.truncate(n - 3);
                let m = out.len();
                if m >= 2 && colons(&out[m - 2], &out[m - 1]) {
                    out.truncate(m - 2);
                }
            }
        }
    }
}

impl Writer<'_> {
    /// `items` with each item-level `include!("file")` replaced by the
    /// items of the file.
    fn items(&mut self, items: &mut Vec<syn::Item>) {
        let mut out = Vec::with_capacity(items.len());
        for mut item in std::mem::take(items) {
            if let syn::Item::Macro(m) = &mut item {
                self.visit_macro_mut(&mut m.mac);
                let path = &m.mac.path;
                let is_include = m.ident.is_none()
                    && path.segments.last().is_some_and(|s| s.ident == "include")
                    && (path.segments.len() == 1 || std_prefixed(path));
                if let Some(name) = string_argument(&m.mac.tokens).filter(|_| is_include) {
                    if let Some(mut included) = self.included(&name, &m.mac) {
                        self.items(&mut included);
                        out.extend(included);
                        continue;
                    }
                }
            }
            out.push(item);
        }
        *items = out;
    }

    /// The items of file `name`, included by `mac`.
    fn included(&mut self, name: &str, mac: &syn::Macro) -> Option<Vec<syn::Item>> {
        let target = self.dir.join(name);
        let read = std::fs::read_to_string(&target).and_then(|text| {
            syn::parse_file(&text).map(|file| file.items).map_err(|e| {
                let why = format!("it is not Rust items ({e})");
                std::io::Error::new(std::io::ErrorKind::InvalidData, why)
            })
        });
        match read {
            Ok(items) => Some(items),
            Err(source) => {
                let span = mac.path.segments[0].ident.span();
                self.failed(span, format!("include!({name:?})"), &target, source);
                None
            }
        }
    }
}

/// Whether `path` is `std::name` or `core::name`.
fn std_prefixed(path: &syn::Path) -> bool {
    path.segments.len() == 2
        && matches!(path.segments[0].ident.to_string().as_str(), "std" | "core")
}

impl VisitMut for Writer<'_> {
    fn visit_file_mut(&mut self, file: &mut syn::File) {
        self.items(&mut file.items);
        syn::visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mod_mut(&mut self, module: &mut syn::ItemMod) {
        if let Some((_, items)) = &mut module.content {
            self.items(items);
        }
        syn::visit_mut::visit_item_mod_mut(self, module);
    }

    fn visit_expr_mut(&mut self, expr: &mut syn::Expr) {
        if let syn::Expr::Macro(m) = expr {
            let path = &m.mac.path;
            let std_path = path.segments.len() == 1 || std_prefixed(path);
            if let Some(last) = path.segments.last().filter(|_| std_path) {
                let span = last.ident.span();
                // Inside out, as rustc expands: the `env!` in the name first.
                m.mac.tokens = self.tokens(std::mem::take(&mut m.mac.tokens));
                if let Some(literal) = self.literal(&last.ident.to_string(), &m.mac.tokens, span) {
                    *expr = syn::Expr::Lit(syn::ExprLit {
                        attrs: std::mem::take(&mut m.attrs),
                        lit: syn::Lit::new(literal),
                    });
                    return;
                }
            }
        }
        syn::visit_mut::visit_expr_mut(self, expr);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        mac.tokens = self.tokens(std::mem::take(&mut mac.tokens));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    fn written(source: &str, files: &[(&str, &[u8])]) -> Result<String, Error> {
        let test = std::thread::current()
            .name()
            .unwrap_or("test")
            .replace(':', "_");
        let dir = std::env::temp_dir().join(format!("include-{}-{test}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temporary folder");
        for (name, bytes) in files {
            let path = dir.join(name);
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("a folder");
            std::fs::write(path, bytes).expect("write");
        }
        let mut file = syn::parse_file(source).expect("valid source");
        let env = BTreeMap::from([
            ("CARGO_PKG_VERSION".to_string(), "0.2.19".to_string()),
            ("OUT_DIR".to_string(), dir.join("out").display().to_string()),
        ]);
        let result = write_out(&mut file, &dir.join("lib.rs"), "src/lib.rs", &env);
        std::fs::remove_dir_all(&dir).ok();
        result.map(|()| file.to_token_stream().to_string())
    }

    #[test]
    fn includes_become_literals_of_the_same_type() {
        let text = written(
            "static T: &[u8; 3] = include_bytes!(\"t.bin\"); \
             fn f() -> &'static str { core::include_str!(\"w.txt\") } \
             macro_rules! m { () => { (std::include_bytes!(\"t.bin\"), include_str!(\"w.txt\")) } } \
             fn g() { concat!(\"a\", \"b\"); let _ = include_bytes!(concat!(\"t\", \".bin\")); include_str!(W); } \
             const V: &str = env!(\"CARGO_PKG_VERSION\"); const H: &str = env!(\"HOME\");",
            &[("t.bin", &[0, 255, b'a']), ("w.txt", b"a \"b\"\n")],
        )
        .expect("written");
        assert!(text.contains(r#"= b"\0\xFFa" ;"#), "{text}");
        assert!(text.contains(r#"{ "a \"b\"\n" }"#), "{text}");
        assert!(text.contains(r#"(b"\0\xFFa" , "a \"b\"\n")"#), "{text}");
        assert!(text.contains(r#"let _ = b"\0\xFFa" ;"#), "{text}");
        assert!(text.contains("include_str ! (W)"), "{text}");
        assert!(text.contains("V : & str = \"0.2.19\""), "{text}");
        assert!(text.contains("env ! (\"HOME\")"), "{text}");
        assert!(
            !text.contains("std ::") && !text.contains("core ::"),
            "{text}"
        );
    }

    #[test]
    fn a_build_scripts_file_of_items_is_written_out_as_its_items() {
        // thiserror's build script writes `out/private.rs`.
        let text = written(
            "mod private { pub struct P; }\n\
             include!(concat!(env!(\"OUT_DIR\"), \"/private.rs\"));\n\
             mod m { std::include!(\"inner.rs\"); }\n\
             const T: &str = include_str!(concat!(env!(\"OUT_DIR\"), \"/t.txt\"));",
            &[
                (
                    "out/private.rs",
                    b"pub mod __private17 { pub use crate::private::*; }",
                ),
                ("out/t.txt", b"made"),
                ("inner.rs", b"include!(\"leaf.rs\"); fn g() {}"),
                ("leaf.rs", b"fn f() {}"),
            ],
        )
        .expect("written");
        assert!(
            text.contains("pub mod __private17 { pub use crate :: private :: * ; }"),
            "{text}"
        );
        assert!(text.contains("mod m { fn f () { } fn g () { } }"), "{text}");
        // An expression's include too, its name's `env!` written out first.
        assert!(text.contains("T : & str = \"made\""), "{text}");
        assert!(!text.contains("include"), "{text}");
    }

    #[test]
    fn a_missing_file_is_named_with_the_call() {
        let error = written("fn f() {\n    let _ = include_str!(\"nope.txt\");\n}", &[])
            .expect_err("no file");
        let message = error.to_string();
        assert!(
            message.starts_with("src/lib.rs:2:13: include_str!(\"nope.txt\") reads ")
                && message.contains("nope.txt"),
            "{message}"
        );
        // An `include!` of items: a missing file, and one that is no items.
        let error = written(
            "fn f() {}
include!(\"nope.rs\");",
            &[],
        )
        .expect_err("no file");
        let message = error.to_string();
        assert!(
            message.starts_with("src/lib.rs:2:1: include!(\"nope.rs\") reads "),
            "{message}"
        );
        let error =
            written("include!(\"bad.rs\");", &[("bad.rs", b"fn (")]).expect_err("not items");
        let message = error.to_string();
        assert!(
            message.starts_with("src/lib.rs:1:1: include!(\"bad.rs\") reads ")
                && message.contains("it is not Rust items"),
            "{message}"
        );
    }
}
