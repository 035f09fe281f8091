//! Whether the program uses a type's derived `Debug`, decided by rustc.
//!
//! rustc's dead-code analysis ignores derived impls, so a field that only
//! `{:?}` shows is "never read"; deleting it would change what the program
//! prints. For the types with such a field (the plan's candidates), a copy
//! of the tree without their `Debug` derives is checked:
//!
//! * it compiles: nothing uses their `Debug`; the derives go (this round's
//!   edit), and the fields are judged again without them (the next);
//! * "`Node` doesn't implement `Debug`" at a use (`println!("{:?}", n)`, a
//!   `T: Debug` bound): `Node`'s `Debug` is used, and it keeps the derive
//!   and every field ([`super::guard`]);
//! * the same error inside the derived `Debug` of another type `Model`,
//!   whose fields are all read: `Model`'s `Debug` is tried away too, as
//!   the program may not use it either; if it does, both are used.
//!
//! The copy is checked again until it compiles. An error of any other kind
//! keeps every candidate's derive: nothing is cut that rustc did not clear.

use std::collections::{BTreeMap, BTreeSet};

use syn::spanned::Spanned;
use syn::visit::Visit;

use super::edit;
use super::guard::DebugUse;
use super::plan::{last_name, Plan};
use crate::error::Error;
use crate::rustc::{self, Diagnostic, Level, Range};

/// Decides the `Debug` of the plan's candidates (see the module docs): the
/// unused ones go to `plan.underive`, every verdict to `debug`.
pub(super) fn decide(
    tree: &syn::File,
    edition: &str,
    plan: &mut Plan,
    debug: &mut DebugUse,
) -> Result<(), Error> {
    let mut dropped: BTreeSet<String> = std::mem::take(&mut plan.debug_candidates);
    dropped.retain(|ty| !debug.used.contains(ty));
    // Types tried away because a candidate's `Debug` is needed by theirs:
    // (theirs, the candidate's).
    let mut needs: Vec<(String, String)> = Vec::new();
    while !dropped.is_empty() {
        let mut copy = tree.clone();
        edit::underive(&mut copy, &dropped, "Debug");
        let text = prettyplease::unparse(&copy);
        let diagnostics = rustc::check(&text, edition)?;
        let errors: Vec<&Diagnostic> = diagnostics
            .iter()
            .filter(|d| d.level == Level::Error && !d.spans.is_empty())
            .collect();
        if errors.is_empty() {
            break;
        }
        let types = syn::parse_file(&text)
            .map(|f| type_ranges(&f))
            .unwrap_or_default();
        let mut used = BTreeSet::new();
        for d in errors {
            match lacks_debug(d).filter(|ty| dropped.contains(ty)) {
                None => used.extend(dropped.iter().cloned()),
                Some(ty) => match deriving_type(d, &types) {
                    Some(outer) if !debug.used.contains(&outer) && outer != ty => {
                        needs.push((outer.clone(), ty));
                        dropped.insert(outer);
                    }
                    _ => {
                        used.insert(ty);
                    }
                },
            }
        }
        // A type kept makes what its derive needs kept.
        while let Some((_, ty)) = needs
            .iter()
            .find(|(outer, ty)| used.contains(outer) && !used.contains(ty))
        {
            used.insert(ty.clone());
        }
        dropped.retain(|ty| !used.contains(ty));
        debug.used.extend(used);
    }
    debug.unused.extend(dropped.iter().cloned());
    plan.underive = dropped;
    plan.recheck = true;
    Ok(())
}

/// The type an error says does not implement `Debug` (E0277: "`Node`
/// doesn't implement `Debug`", or `std::fmt::Debug`).
fn lacks_debug(d: &Diagnostic) -> Option<String> {
    let ty = d.message.split('`').nth(1)?;
    let debug = ["`Debug`", "`std::fmt::Debug`", "`core::fmt::Debug`"]
        .iter()
        .any(|t| d.message.contains(&format!("doesn't implement {t}")));
    (d.code.as_deref() == Some("E0277") && debug).then(|| last_name(ty).to_string())
}

/// The struct or enum whose definition holds the error's place: the type
/// whose derived `Debug` needs another's.
fn deriving_type(d: &Diagnostic, types: &BTreeMap<Range, String>) -> Option<String> {
    let at = d.primary().next()?.range;
    types
        .iter()
        .filter(|(range, _)| range.contains(&at))
        .min_by_key(|(range, _)| (range.end.line - range.start.line, range.end.column))
        .map(|(_, name)| name.clone())
}

/// Every struct and enum of `file` by its range.
fn type_ranges(file: &syn::File) -> BTreeMap<Range, String> {
    struct Types(BTreeMap<Range, String>);
    impl<'ast> Visit<'ast> for Types {
        fn visit_item_struct(&mut self, s: &'ast syn::ItemStruct) {
            self.0.insert(Range::of(s.span()), s.ident.to_string());
        }
        fn visit_item_enum(&mut self, e: &'ast syn::ItemEnum) {
            self.0.insert(Range::of(e.span()), e.ident.to_string());
        }
    }
    let mut types = Types(BTreeMap::new());
    types.visit_file(file);
    types.0
}
