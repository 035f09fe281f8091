//! The language features a bundle uses that an older rustc lacks, found by
//! reading its syntax: where a judge's own rustc cannot be run here,
//! clippy's `incompatible_msrv` lint sees the library APIs a bundle calls
//! but not its syntax, and this walk stands in for the rest.
//!
//! ```text
//! let Some(x) = next() else { return };      let-else, stable since 1.65.0
//! ```
//!
//! The features looked for are those a competitive programmer's code and
//! libraries use, each with the rustc release that made it stable:
//!
//! | feature | since |
//! |---|---|
//! | inline format arguments (`{x}`, `{x:w$}` in a format string) | 1.58.0 |
//! | destructuring assignment (`(a, b) = (b, a)`, `_ = f()`) | 1.59.0 |
//! | const generic parameter defaults (`<const N: usize = 8>`) | 1.59.0 |
//! | let-else (`let Some(x) = y else { … }`) | 1.65.0 |
//! | generic associated types (`type Item<'a>`) | 1.65.0 |
//! | labelled blocks (`'a: { … break 'a v; }`) | 1.65.0 |
//! | `impl Trait` in a trait method's return type | 1.75.0 |
//! | associated type bounds (`I: Iterator<Item: Copy>`) | 1.79.0 |
//! | inline `const { … }` blocks | 1.79.0 |
//! | exclusive range patterns (`0..10 =>`) | 1.80.0 |
//! | the `#[expect(…)]` lint attribute | 1.81.0 |
//! | `let` chains (`if let Some(x) = y && x > 0`), edition 2024 only | 1.88.0 |
//!
//! Format strings are read in the tokens of every macro call and
//! `macro_rules!` body (a `debug!` macro's `eprintln!("{x}")` counts); the
//! other features in code syn parses, not inside macro bodies. Features of
//! an edition (let chains need 2024) need no walk: the bundle is checked
//! with the judge's edition by today's rustc, which refuses them.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use syn::spanned::Spanned;
use syn::visit::Visit;

/// A language feature and the release that made it stable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Feature {
    pub name: &'static str,
    /// `1.65.0`.
    pub since: &'static str,
}

pub const FORMAT_CAPTURE: Feature = feature("inline format arguments", "1.58.0");
pub const DESTRUCTURING_ASSIGNMENT: Feature = feature("destructuring assignment", "1.59.0");
pub const CONST_DEFAULT: Feature = feature("const generic parameter defaults", "1.59.0");
pub const LET_ELSE: Feature = feature("let-else", "1.65.0");
pub const GAT: Feature = feature("generic associated types", "1.65.0");
pub const LABELLED_BLOCK: Feature = feature("labelled blocks", "1.65.0");
pub const TRAIT_IMPL_TRAIT: Feature =
    feature("`impl Trait` in a trait method's return type", "1.75.0");
pub const ASSOCIATED_BOUND: Feature = feature("associated type bounds", "1.79.0");
pub const INLINE_CONST: Feature = feature("inline `const` blocks", "1.79.0");
pub const EXCLUSIVE_RANGE_PATTERN: Feature = feature("exclusive range patterns", "1.80.0");
pub const EXPECT_ATTRIBUTE: Feature = feature("the `#[expect]` attribute", "1.81.0");
pub const LET_CHAINS: Feature = feature("`let` chains", "1.88.0");

const fn feature(name: &'static str, since: &'static str) -> Feature {
    Feature { name, since }
}

/// One use of a feature: where (the 1-based line) and which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Use {
    pub line: usize,
    pub feature: Feature,
}

/// Every use in `file` of a feature newer than rustc `version` (`1.70`,
/// `1.70.0`), in the order of the file.
pub fn newer_than(file: &syn::File, version: &str) -> Vec<Use> {
    let Some(version) = parse_version(version) else {
        return Vec::new();
    };
    let mut walk = Walk { uses: Vec::new() };
    walk.visit_file(file);
    let mut uses: Vec<Use> = walk
        .uses
        .into_iter()
        .filter(|u| parse_version(u.feature.since).is_some_and(|since| since > version))
        .collect();
    uses.sort_by_key(|u| (u.line, u.feature.name));
    uses.dedup();
    uses
}

/// `1.70` or `1.70.0` as numbers; a version that is not of this form
/// (`nightly`) is newer than every feature here.
pub fn parse_version(text: &str) -> Option<(u32, u32, u32)> {
    let mut parts = text.trim().split('.').map(|p| p.parse::<u32>().ok());
    let major = parts.next()??;
    let minor = parts.next()??;
    let patch = parts.next().unwrap_or(Some(0))?;
    parts.next().is_none().then_some((major, minor, patch))
}

struct Walk {
    uses: Vec<Use>,
}

impl Walk {
    fn found(&mut self, span: proc_macro2::Span, feature: Feature) {
        self.uses.push(Use {
            line: span.start().line,
            feature,
        });
    }
}

impl<'ast> Visit<'ast> for Walk {
    fn visit_local(&mut self, local: &'ast syn::Local) {
        if local.init.as_ref().is_some_and(|i| i.diverge.is_some()) {
            self.found(local.span(), LET_ELSE);
        }
        syn::visit::visit_local(self, local);
    }

    fn visit_expr(&mut self, expr: &'ast syn::Expr) {
        use syn::Expr;
        match expr {
            Expr::Assign(assign) if destructures(&assign.left) => {
                self.found(assign.span(), DESTRUCTURING_ASSIGNMENT);
            }
            Expr::Block(block) if block.label.is_some() => self.found(block.span(), LABELLED_BLOCK),
            Expr::Const(block) => self.found(block.span(), INLINE_CONST),
            Expr::If(syn::ExprIf { cond, .. }) | Expr::While(syn::ExprWhile { cond, .. })
                if is_let_chain(cond) =>
            {
                self.found(cond.span(), LET_CHAINS);
            }
            _ => {}
        }
        syn::visit::visit_expr(self, expr);
    }

    fn visit_pat(&mut self, pat: &'ast syn::Pat) {
        if let syn::Pat::Range(range) = pat {
            let exclusive = matches!(range.limits, syn::RangeLimits::HalfOpen(_));
            if exclusive && range.end.is_some() {
                self.found(range.span(), EXCLUSIVE_RANGE_PATTERN);
            }
        }
        syn::visit::visit_pat(self, pat);
    }

    fn visit_generic_param(&mut self, param: &'ast syn::GenericParam) {
        if let syn::GenericParam::Const(c) = param {
            if c.default.is_some() {
                self.found(c.span(), CONST_DEFAULT);
            }
        }
        syn::visit::visit_generic_param(self, param);
    }

    fn visit_generic_argument(&mut self, argument: &'ast syn::GenericArgument) {
        if let syn::GenericArgument::Constraint(c) = argument {
            self.found(c.span(), ASSOCIATED_BOUND);
        }
        syn::visit::visit_generic_argument(self, argument);
    }

    fn visit_trait_item_type(&mut self, item: &'ast syn::TraitItemType) {
        if !item.generics.params.is_empty() || item.generics.where_clause.is_some() {
            self.found(item.span(), GAT);
        }
        syn::visit::visit_trait_item_type(self, item);
    }

    fn visit_trait_item_fn(&mut self, item: &'ast syn::TraitItemFn) {
        if let syn::ReturnType::Type(_, ty) = &item.sig.output {
            if holds_impl_trait(ty) {
                self.found(ty.span(), TRAIT_IMPL_TRAIT);
            }
        }
        syn::visit::visit_trait_item_fn(self, item);
    }

    fn visit_attribute(&mut self, attribute: &'ast syn::Attribute) {
        if attribute.path().is_ident("expect") {
            self.found(attribute.span(), EXPECT_ATTRIBUTE);
        }
        syn::visit::visit_attribute(self, attribute);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        if let Some(name) = mac.path.segments.last() {
            format_call(&name.ident.to_string(), mac.tokens.clone(), &mut self.uses);
        }
        format_calls(mac.tokens.clone(), &mut self.uses);
        syn::visit::visit_macro(self, mac);
    }
}

/// Whether the left side of `=` is a pattern rather than a place.
fn destructures(left: &syn::Expr) -> bool {
    use syn::Expr;
    match left {
        Expr::Tuple(_) | Expr::Array(_) | Expr::Struct(_) | Expr::Call(_) | Expr::Infer(_) => true,
        Expr::Paren(inner) => destructures(&inner.expr),
        _ => false,
    }
}

/// Whether an `if` or `while` condition joins a `let` with `&&`.
fn is_let_chain(cond: &syn::Expr) -> bool {
    fn has_let(expr: &syn::Expr) -> bool {
        match expr {
            syn::Expr::Let(_) => true,
            syn::Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_)) => {
                has_let(&b.left) || has_let(&b.right)
            }
            _ => false,
        }
    }
    matches!(cond, syn::Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_))) && has_let(cond)
}

/// Whether `ty` has an `impl Trait` anywhere in it.
fn holds_impl_trait(ty: &syn::Type) -> bool {
    struct Find(bool);
    impl<'ast> Visit<'ast> for Find {
        fn visit_type_impl_trait(&mut self, _: &'ast syn::TypeImplTrait) {
            self.0 = true;
        }
    }
    let mut find = Find(false);
    find.visit_type(ty);
    find.0
}

/// The macros taking a format string, and which argument it is.
const FORMAT_MACROS: &[(&str, usize)] = &[
    ("format", 0),
    ("format_args", 0),
    ("print", 0),
    ("println", 0),
    ("eprint", 0),
    ("eprintln", 0),
    ("panic", 0),
    ("unreachable", 0),
    ("todo", 0),
    ("unimplemented", 0),
    ("write", 1),
    ("writeln", 1),
    ("assert", 1),
    ("debug_assert", 1),
    ("assert_eq", 2),
    ("assert_ne", 2),
    ("debug_assert_eq", 2),
    ("debug_assert_ne", 2),
];

/// The format macro calls anywhere in `tokens` (`eprintln!("{x}")` inside
/// a `macro_rules!` body or another macro's arguments).
fn format_calls(tokens: TokenStream, uses: &mut Vec<Use>) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (k, tree) in trees.iter().enumerate() {
        match (tree, trees.get(k + 1), trees.get(k + 2)) {
            (
                TokenTree::Ident(name),
                Some(TokenTree::Punct(bang)),
                Some(TokenTree::Group(args)),
            ) if bang.as_char() == '!' => {
                format_call(&name.to_string(), args.stream(), uses);
            }
            _ => {}
        }
        if let TokenTree::Group(group) = tree {
            format_calls(group.stream(), uses);
        }
    }
}

/// Checks the format string of a call of macro `name` with arguments
/// `args`, if `name` takes one.
fn format_call(name: &str, args: TokenStream, uses: &mut Vec<Use>) {
    let Some(&(_, index)) = FORMAT_MACROS.iter().find(|(m, _)| *m == name) else {
        return;
    };
    let arguments = split_commas(args);
    let Some(literal) = arguments.get(index).and_then(|a| string_literal(a)) else {
        return;
    };
    // `name = value` arguments are named, not captured.
    let named: Vec<String> = arguments[index + 1..]
        .iter()
        .filter_map(|a| match a.as_slice() {
            [TokenTree::Ident(i), TokenTree::Punct(p), ..]
                if p.as_char() == '=' && p.spacing() == proc_macro2::Spacing::Alone =>
            {
                Some(i.to_string())
            }
            _ => None,
        })
        .collect();
    if captures(&literal.value(), &named) {
        uses.push(Use {
            line: literal.span().start().line,
            feature: FORMAT_CAPTURE,
        });
    }
}

/// The comma-separated arguments of a macro call.
fn split_commas(tokens: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut arguments = vec![Vec::new()];
    for tree in tokens {
        match &tree {
            TokenTree::Punct(p) if p.as_char() == ',' => arguments.push(Vec::new()),
            _ => arguments.last_mut().expect("one argument").push(tree),
        }
    }
    arguments
}

/// The string literal an argument is, if it is one (possibly in an
/// invisible group, as a `macro_rules!` expansion leaves it).
fn string_literal(argument: &[TokenTree]) -> Option<syn::LitStr> {
    match argument {
        [TokenTree::Literal(l)] => {
            syn::parse_str::<syn::LitStr>(&l.to_string())
                .ok()
                .map(|mut s| {
                    s.set_span(l.span());
                    s
                })
        }
        [TokenTree::Group(g)] if g.delimiter() == Delimiter::None => {
            string_literal(&g.stream().into_iter().collect::<Vec<_>>())
        }
        _ => None,
    }
}

/// Whether format string `text` names a variable of the caller that is not
/// one of the `named` arguments: `{x}`, `{x:?}`, `{:w$}`, `{:.p$}`.
fn captures(text: &str, named: &[String]) -> bool {
    let is_name = |s: &str| {
        s.chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
            && s.chars().all(|c| c.is_alphanumeric() || c == '_')
            && s != "_"
    };
    let captured = |s: &str| is_name(s) && !named.iter().any(|n| n == s);
    let mut rest = text;
    while let Some(open) = rest.find(['{', '}']) {
        let after = &rest[open + 1..];
        if rest[open..].starts_with("{{") || rest[open..].starts_with("}}") {
            rest = &after[1..];
            continue;
        }
        if rest[open..].starts_with('}') {
            rest = after;
            continue;
        }
        let Some(close) = after.find('}') else {
            return false;
        };
        let (argument, spec) = after[..close]
            .split_once(':')
            .unwrap_or((&after[..close], ""));
        if captured(argument.trim()) {
            return true;
        }
        // `w$` and `.p$` in the spec name a width or a precision.
        let dollars = spec.split('$').collect::<Vec<_>>();
        let before_dollars = &dollars[..dollars.len().saturating_sub(1)];
        for piece in before_dollars {
            let name = piece
                .rsplit(|c: char| !(c.is_alphanumeric() || c == '_'))
                .next();
            if name.is_some_and(captured) {
                return true;
            }
        }
        rest = &after[close + 1..];
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The features of `source` newer than `version`, as `line feature`.
    fn found(source: &str, version: &str) -> Vec<String> {
        let file = syn::parse_file(source).expect("valid source");
        newer_than(&file, version)
            .into_iter()
            .map(|u| format!("{} {}", u.line, u.feature.name))
            .collect()
    }

    #[test]
    fn inline_format_arguments_are_found_in_every_format_macro() {
        let source = r#"
fn f(x: u32, w: usize, out: &mut String) {
    println!("{} {0}", x);
    println!("{x}");
    eprint!("{:>w$}", x);
    let _ = format!("{x:?} {{y}}");
    use std::fmt::Write;
    let _ = writeln!(out, "{v}", v = x);
    assert_eq!(x, 1, "{w}");
    let _ = vec![format!("{x}")];
}
macro_rules! show { ($e:expr) => { eprintln!("{e}", e = $e); eprintln!("{x}") } }
"#;
        assert_eq!(
            found(source, "1.57"),
            [
                "4 inline format arguments",
                "5 inline format arguments",
                "6 inline format arguments",
                "9 inline format arguments",
                "10 inline format arguments",
                "12 inline format arguments",
            ]
        );
        assert!(found(source, "1.58").is_empty());
        assert!(found(source, "1.58.0").is_empty());
    }

    #[test]
    fn format_strings_without_captures_are_not_findings() {
        assert!(!captures("{} {0} {:?} {:>8.3} {{x}} }}", &[]));
        assert!(!captures("{v} {:w$}", &["v".into(), "w".into()]));
        assert!(captures("{:.p$}", &[]));
        assert!(captures("{_a}", &[]));
        assert!(!captures("{:1$}", &[]));
    }

    #[test]
    fn let_else_and_labelled_blocks_are_1_65() {
        let source = "fn f(v: Option<u8>) -> u8 {\n    let Some(x) = v else { return 0 };\n    'a: {\n        if x > 1 { break 'a 2; }\n        x\n    }\n}\n";
        assert_eq!(found(source, "1.63"), ["2 let-else", "3 labelled blocks"]);
        assert!(found(source, "1.65").is_empty());
        // A labelled loop is old.
        assert!(found("fn f() { 'a: loop { break 'a; } }", "1.50").is_empty());
    }

    #[test]
    fn destructuring_assignment_is_1_59_but_assigning_a_place_is_not() {
        let source = "fn f(mut a: u8, mut b: u8, v: &mut [u8; 2]) {\n    (a, b) = (b, a);\n    [a, b] = *v;\n    _ = a;\n    v[0] = b;\n    a = 1;\n}\n";
        assert_eq!(
            found(source, "1.58"),
            [
                "2 destructuring assignment",
                "3 destructuring assignment",
                "4 destructuring assignment",
            ]
        );
    }

    #[test]
    fn generics_features_name_their_release() {
        let source = "trait Lend {\n    type Item<'a> where Self: 'a;\n    fn all(&self) -> impl Iterator<Item = u8>;\n}\nstruct Buf<const N: usize = 8>;\nfn sum<I: Iterator<Item: Copy>>(i: I) {}\n";
        assert_eq!(
            found(source, "1.58"),
            [
                "2 generic associated types",
                "3 `impl Trait` in a trait method's return type",
                "5 const generic parameter defaults",
                "6 associated type bounds",
            ]
        );
        assert_eq!(found(source, "1.75"), ["6 associated type bounds"]);
        // A plain associated type, a const generic without a default.
        assert!(found("trait T { type I; } struct B<const N: usize>;", "1.51").is_empty());
    }

    #[test]
    fn newer_expressions_patterns_and_attributes() {
        let source = "#[expect(dead_code)]\nfn f(v: Option<u8>) -> u8 {\n    let z = const { 1 + 1 };\n    match z {\n        0..10 => 1,\n        10.. => 2,\n    };\n    if let Some(x) = v && x > z { x } else { 0 }\n}\n";
        assert_eq!(
            found(source, "1.70"),
            [
                "1 the `#[expect]` attribute",
                "3 inline `const` blocks",
                "5 exclusive range patterns",
                "8 `let` chains",
            ]
        );
        assert_eq!(found(source, "1.85"), ["8 `let` chains"]);
        assert!(found(source, "1.88").is_empty());
        // `if let` alone, and `&&` without a `let`, are old.
        assert!(found(
            "fn f(v: Option<u8>, a: bool) { if let Some(_) = v {} if a && a {} }",
            "1.50"
        )
        .is_empty());
    }

    #[test]
    fn versions_read_as_numbers() {
        assert_eq!(parse_version("1.70"), Some((1, 70, 0)));
        assert_eq!(parse_version("1.70.1"), Some((1, 70, 1)));
        assert!(parse_version("1.9").unwrap() < parse_version("1.10").unwrap());
        assert_eq!(parse_version("nightly"), None);
        assert_eq!(parse_version("1.2.3.4"), None);
    }
}
