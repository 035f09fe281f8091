//! The crates' debug assertions, which no judge runs.
//!
//! A judge compiles with `-O`, where `debug_assert!(c)` is
//! `if cfg!(debug_assertions) { assert!(c) }` with the condition false:
//! the check is never made, yet its text is there and keeps alive what
//! it calls (hashbrown writes 24 of them in what a `HashMap` needs). Once
//! rustc has nothing more to call dead and the trim is done, each one
//! written as a statement in the crates' code goes; what only it used is
//! dead in the next round, and a variable only it read is removed as one
//! our deletions left unused. The user's own bin keeps its assertions, as
//! written.

use syn::visit_mut::VisitMut;

/// The names of std's debug assertions.
const ASSERTS: [&str; 3] = ["debug_assert", "debug_assert_eq", "debug_assert_ne"];

/// Removes the debug assertions written as statements in the modules of
/// `file` under `fixable`; returns how many went from each such module.
pub(super) fn drop_asserts(file: &mut syn::File, fixable: &[String]) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    walk(&mut file.items, "crate", fixable, &mut out);
    out
}

fn walk(items: &mut [syn::Item], path: &str, fixable: &[String], out: &mut Vec<(String, usize)>) {
    for item in items {
        let syn::Item::Mod(m) = item else { continue };
        let Some((_, inner)) = &mut m.content else {
            continue;
        };
        let path = format!("{path}::{}", m.ident);
        if super::is_fixable(&path, fixable) {
            let mut dropper = Dropper(0);
            for item in inner.iter_mut() {
                dropper.visit_item_mut(item);
            }
            if dropper.0 > 0 {
                out.push((path, dropper.0));
            }
        } else {
            walk(inner, &path, fixable, out);
        }
    }
}

/// Counts the assertions it removes.
struct Dropper(usize);

impl VisitMut for Dropper {
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        let before = block.stmts.len();
        block.stmts.retain(|stmt| !is_assert(stmt));
        self.0 += before - block.stmts.len();
        syn::visit_mut::visit_block_mut(self, block);
    }
}

/// Whether `stmt` is a debug assertion and nothing else: `debug_assert!(…);`
/// (an assertion as a block's value, `{ debug_assert!(c) }`, is `()` too).
fn is_assert(stmt: &syn::Stmt) -> bool {
    let mac = match stmt {
        syn::Stmt::Macro(m) => &m.mac,
        syn::Stmt::Expr(syn::Expr::Macro(m), _) => &m.mac,
        _ => return false,
    };
    let name = mac.path.segments.last().map(|s| s.ident.to_string());
    name.is_some_and(|n| ASSERTS.contains(&n.as_str()))
        && (mac.path.segments.len() == 1
            || mac.path.segments[0].ident == "core"
            || mac.path.segments[0].ident == "std")
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    #[test]
    fn the_crates_debug_assertions_go_and_the_bins_stay() {
        let mut file: syn::File = syn::parse_str(
            "fn main() { debug_assert!(true); }
             mod lib {
                 fn f(n: usize) -> usize {
                     debug_assert!(n > 0, \"n is {}\", n);
                     let m = n * 2;
                     core::debug_assert_eq!(m % 2, 0);
                     if m > 4 { debug_assert_ne!(m, 5) }
                     let _c = || { debug_assert!(check(m)); m };
                     assert!(m < 100);
                     m
                 }
                 fn check(m: usize) -> bool { m > 1 }
             }",
        )
        .expect("valid source");
        let dropped = drop_asserts(&mut file, &["crate::lib".to_string()]);
        assert_eq!(dropped, [("crate::lib".to_string(), 4)]);
        let text = file.to_token_stream().to_string();
        assert!(
            text.starts_with("fn main () { debug_assert ! (true) ; }"),
            "{text}"
        );
        assert_eq!(text.matches("debug_assert").count(), 1, "{text}");
        // `assert!` runs under -O: it stays.
        assert!(text.contains("assert ! (m < 100)"), "{text}");
        assert!(text.contains("if m > 4 { }"), "{text}");
    }
}
