//! Pass 4b, for a bin: every crate brought to the judge's edition the way
//! `cargo fix --edition` brings a package, with rustc as the referee. The
//! bundle is one crate that the judge compiles under one edition, but its
//! crates were written for their own (itertools and memchr for 2018,
//! most bins for 2021); code that means one thing under 2021 can fail or
//! warn under 2024 (`unsafe_op_in_unsafe_fn`, `ref` inside a pattern that
//! already borrows), or compile and mean something else.
//!
//! So before shaking, the assembled file is checked under the edition
//! before each step with that step's compatibility lints forced on
//! (`rust-2024-compatibility` and the older groups), and the fixes rustc
//! calls machine-applicable are written into the text, rounds until none
//! is left:
//!
//! ```text
//! unsafe fn f(p: *const u8) -> u8 { *p }          2021, as memchr has it
//! unsafe fn f(p: *const u8) -> u8 { unsafe { *p } }   after the 2024 step
//! ```
//!
//! Only the lints of the step's group are acted on; a warning they give
//! without a fix (`tail_expr_drop_order`) stays for the report like any
//! warning of the library's. Where the file does not compile under the
//! older edition (a 2021 bin beside a 2015 crate, checked as 2015), that
//! step is skipped and said. Each later text keeps its places in the
//! library's files ([`SourceMap::carry`]), so reports still name them.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::{Arc, OnceLock};

use crate::error::Error;
use crate::rustc::{self, Fix, Level};
use crate::sourcemap::{SourceMap, Sources};

/// The edition steps: from, to, and the lint group that finds what changes.
const STEPS: [(&str, &str, &str); 3] = [
    ("2015", "2018", "rust-2018-compatibility"),
    ("2018", "2021", "rust-2021-compatibility"),
    ("2021", "2024", "rust-2024-compatibility"),
];

/// Rounds per step: a fix can uncover another (cargo fix runs up to four).
const ROUNDS: usize = 4;

/// The assembled file brought to the judge's edition.
pub struct Migrated {
    pub file: syn::File,
    /// The places of the migrated text in the library, when anything
    /// changed (`None`: `file` is the assembled file itself).
    pub map: Option<SourceMap>,
    /// What was done, for the report: each step that fixed anything, with
    /// its fixes per lint, and each skipped, with why.
    pub steps: Vec<String>,
}

/// Brings `file`, whose oldest crate is of edition `oldest`, to edition
/// `judge`.
pub fn migrate(
    file: syn::File,
    oldest: &str,
    judge: &str,
    sources: &Arc<Sources>,
) -> Result<Migrated, Error> {
    let steps: Vec<_> = STEPS
        .iter()
        .filter(|(_, to, _)| oldest < *to && *to <= judge)
        .collect();
    if steps.is_empty() {
        return Ok(Migrated {
            file,
            map: None,
            steps: Vec::new(),
        });
    }
    let text = prettyplease::unparse(&file);
    let tree = parse(&text)?;
    let map = SourceMap::assembled(Arc::clone(sources), &file, &tree);
    let mut state = Text { text, tree, map };
    let mut said = Vec::new();
    let mut changed = false;
    for &&(from, to, group) in &steps {
        let (counts, skipped) = step(&mut state, from, group)?;
        changed |= !counts.is_empty();
        said.extend(match (skipped, counts.is_empty()) {
            (Some(error), true) => Some(format!(
                "edition {from} → {to}: not migrated, the code does not compile as {from} \
                 (rustc: {error})"
            )),
            (None, true) => None,
            (_, false) => {
                let total: usize = counts.values().sum();
                let each: Vec<String> = counts.iter().map(|(l, n)| format!("{l} {n}")).collect();
                Some(format!(
                    "edition {from} → {to}: {total} fixes by rustc's {group} lints ({})",
                    each.join(", ")
                ))
            }
        });
    }
    Ok(match changed {
        true => Migrated {
            file: state.tree,
            map: Some(state.map),
            steps: said,
        },
        false => Migrated {
            file,
            map: None,
            steps: said,
        },
    })
}

/// The text being migrated, its tree, and where its tokens are in the
/// library.
struct Text {
    text: String,
    tree: syn::File,
    map: SourceMap,
}

/// What one step did: the fixes per lint, and rustc's first error when the
/// text does not compile under the step's older edition.
type Stepped = (BTreeMap<String, usize>, Option<String>);

/// One step: rounds of `group`'s fixes under edition `from` until none is
/// left.
fn step(state: &mut Text, from: &str, group: &str) -> Result<Stepped, Error> {
    let members = group_members(group);
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for _ in 0..ROUNDS {
        let (diagnostics, fixes) = rustc::check_with_lints(&state.text, from, &[group])?;
        if let Some(error) = diagnostics.iter().find(|d| d.level == Level::Error) {
            return Ok((counts, Some(error.message.clone())));
        }
        let fixes: Vec<Fix> = fixes
            .into_iter()
            .filter(|f| members.contains(&f.lint))
            .collect();
        let (edited, applied) = apply(&state.text, &fixes);
        if applied.is_empty() {
            break;
        }
        for at in applied {
            *counts.entry(fixes[at].lint.clone()).or_default() += 1;
        }
        let edited_tree = parse(&edited)?;
        state.map = state.map.carry(&state.tree, &edited_tree);
        (state.text, state.tree) = (edited, edited_tree);
    }
    Ok((counts, None))
}

fn parse(text: &str) -> Result<syn::File, Error> {
    syn::parse_file(text).map_err(|e| Error::SelfCheck {
        message: format!("the text rustc's edition fixes wrote does not parse: {e}"),
    })
}

/// `text` with `fixes` applied, and the index of each fix applied. A fix
/// that overlaps one taken before it waits for the next round; the same
/// fix offered twice (once per expansion of a macro) is taken once.
pub(crate) fn apply(text: &str, fixes: &[Fix]) -> (String, Vec<usize>) {
    let mut taken: Vec<&Fix> = Vec::new();
    let mut taken_at = Vec::new();
    let mut seen = HashSet::new();
    let mut sorted: Vec<(usize, &Fix)> = fixes.iter().enumerate().collect();
    sorted.sort_by_key(|(_, f)| f.edits.iter().map(|(r, _)| r.start).min());
    for (at, fix) in sorted {
        if !seen.insert(&fix.edits) {
            continue;
        }
        let in_text = fix.edits.iter().all(|(r, _)| {
            r.end <= text.len() && text.is_char_boundary(r.start) && text.is_char_boundary(r.end)
        });
        let clashes = taken.iter().flat_map(|t| &t.edits).any(|(a, _)| {
            fix.edits
                .iter()
                .any(|(b, _)| a.start < b.end && b.start < a.end || a.start == b.start)
        });
        if in_text && !clashes {
            taken.push(fix);
            taken_at.push(at);
        }
    }
    let mut edits: Vec<&(std::ops::Range<usize>, String)> =
        taken.iter().flat_map(|f| &f.edits).collect();
    edits.sort_by_key(|(r, _)| std::cmp::Reverse((r.start, r.end)));
    let mut out = text.to_string();
    for (range, replacement) in edits {
        out.replace_range(range.clone(), replacement);
    }
    (out, taken_at)
}

/// The lints of `group` as rustc names them in reports (`unsafe_op_in_unsafe_fn`),
/// from `rustc -W help`.
fn group_members(group: &str) -> BTreeSet<String> {
    static HELP: OnceLock<String> = OnceLock::new();
    let help = HELP.get_or_init(|| {
        std::process::Command::new(rustc::rustc())
            .args(["-W", "help"])
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default()
    });
    members_in_help(help, group)
}

fn members_in_help(help: &str, group: &str) -> BTreeSet<String> {
    help.lines()
        .find_map(|line| {
            let line = line.trim_start();
            let rest = line.strip_prefix(group)?;
            rest.starts_with(char::is_whitespace).then_some(rest)
        })
        .map(|rest| {
            rest.split(',')
                .map(|lint| lint.trim().replace('-', "_"))
                .filter(|lint| !lint.is_empty())
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fix(lint: &str, edits: &[(usize, usize, &str)]) -> Fix {
        Fix {
            lint: lint.to_string(),
            report: 0,
            edits: edits
                .iter()
                .map(|&(s, e, r)| (s..e, r.to_string()))
                .collect(),
        }
    }

    #[test]
    fn fixes_apply_once_and_never_over_each_other() {
        let text = "fn f() { *p }";
        let wrap = fix(
            "unsafe_op_in_unsafe_fn",
            &[(9, 9, "unsafe { "), (11, 11, " }")],
        );
        let (out, taken) = apply(text, &[wrap.clone(), wrap.clone()]);
        assert_eq!(out, "fn f() { unsafe { *p } }");
        assert_eq!(taken, [0]);
        // A fix overlapping one taken waits for the next round.
        let other = fix("x", &[(9, 11, "q")]);
        let (out, taken) = apply(text, &[wrap, other]);
        assert_eq!((out.as_str(), taken.len()), ("fn f() { unsafe { *p } }", 1));
    }

    #[test]
    fn a_groups_lints_are_read_from_rustcs_help() {
        let help = "    rust-2024-compatibility  keyword-idents-2024, unsafe-op-in-unsafe-fn\n\
                    rust-2024-compatibility-x  other\n";
        let members = members_in_help(help, "rust-2024-compatibility");
        assert_eq!(
            members.into_iter().collect::<Vec<_>>(),
            ["keyword_idents_2024", "unsafe_op_in_unsafe_fn"]
        );
        // rustc's own table has the group, whatever its version.
        assert!(group_members("rust-2024-compatibility").contains("unsafe_op_in_unsafe_fn"));
    }
}
