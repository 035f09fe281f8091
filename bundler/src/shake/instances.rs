//! For a bundle over its judge's limit even minified: the impls of which
//! the program runs no function ([`prune`]), then the bodies of the
//! functions it never runs ([`stub`]).
//!
//! rustc calls every impl of a live trait for a live type used, and the
//! trim ([`super::trim`]) takes only those no error asks back, which is
//! broad: "the trait bound `BigInt: NumOps` is not satisfied" brings back
//! every `Add`, `Sub`, `Mul`, `Div` and `Rem` impl naming `BigInt`. What
//! the program *instantiates* is narrower: the functions rustc generates
//! code for, from `main` down through every call, vtable and drop. The
//! text is built once to LLVM's text with line tables, and an impl of the
//! crates' code none of whose lines holds one of those functions is a
//! candidate.
//!
//! A candidate goes when the text without it compiles, warns no more than
//! before (dead code aside), and instantiates exactly the functions it
//! did, by name and type arguments. That last check is what makes taking
//! an impl safe here, where the trim only ever brings impls back: had a
//! call resolved otherwise without it (an integer literal typed by the
//! only impl left, a method found through autoref), a function would be
//! instantiated that was not, or one would be missing. The impls that
//! rustc's errors do not ask back when all the candidates go, answered as
//! the trim answers them ([`super::trim::answered`]), are tried first, in
//! one build: the trim took every impl, instantiated or not, and an error
//! it could tie only to a type brought back all that name it (475 of
//! num-bigint's); with only these gone, the errors say which bounds ask
//! for what. The rest are then tried all at once, the largest first,
//! eight at a time, then one by one within eight that failed, each try
//! on the text without those already taken ([`search`]).
//!
//! An impl with no function (a marker like `Copy` or `Eq`, one of
//! associated items only) is never a candidate: std specialises on
//! markers, and what an associated constant's value is never shows in
//! what is instantiated. The functions a taken impl alone called are dead
//! code in the next round.

use std::collections::BTreeSet;

use quote::ToTokens;
use syn::visit_mut::VisitMut;
use syn::{ImplItem, Item};

use crate::error::Error;
use crate::rustc::{self, Diagnostic};
use crate::syntax::item_label;

/// The most builds one bundle spends on trying candidates.
const TRIES: usize = 96;

/// What a build instantiates: the functions' names as rustc-demangle
/// writes them without hashes (`<bundle::num::BigUint as
/// core::ops::arith::Add>::add`), and the lines of the text where the
/// text's own start.
#[derive(Debug)]
struct Instances {
    names: BTreeSet<String>,
    lines: BTreeSet<usize>,
}

/// An impl (or an item-level macro call) of the crates' code that may go.
struct Candidate {
    /// Indices down the modules to the item.
    at: Vec<usize>,
    /// Its readable path, for the report.
    path: String,
}

/// `tree` (printed as `text`, whose rustc reports are `before`) without
/// the candidates under the `fixable` paths that it instantiates nothing
/// of and that go ([`self`]), and their paths; `None` when none went, or
/// the text could not be built.
pub(super) fn prune(
    tree: &syn::File,
    text: &str,
    edition: &str,
    fixable: &[String],
    before: &[Diagnostic],
) -> Result<Option<(syn::File, Vec<String>)>, Error> {
    let Some(built) = build(text, edition, before)? else {
        return Ok(None);
    };
    let mut candidates = collect(tree, fixable);
    candidates.retain(|c| !holds_instance(tree, &c.at, &built.lines));
    let sizes: Vec<usize> = (candidates.iter())
        .map(|c| size_of(item_at(tree, &c.at)))
        .collect();
    let keeps = |trial: &[bool]| {
        let text = prettyplease::unparse(&without(tree, &candidates, trial, fixable).0);
        Ok(build(&text, edition, before)?.is_some_and(|b| b.names == built.names))
    };
    // What rustc's errors do not ask back, when they say enough, spares
    // the search most of its builds: num's 600 operator impls of which
    // `NumOps` asks for five.
    let among: BTreeSet<&[usize]> = candidates.iter().map(|c| c.at.as_slice()).collect();
    let answered = super::trim::answered(tree, &among, edition, fixable, before)?;
    let mut base: Vec<bool> = (candidates.iter())
        .map(|c| answered.contains(&c.at))
        .collect();
    if base.contains(&true) && !keeps(&base)? {
        base.fill(false);
    }
    let taken = search(&sizes, base, keeps)?;
    if !taken.contains(&true) {
        return Ok(None);
    }
    let (file, unnamed) = without(tree, &candidates, &taken, fixable);
    let gone = (candidates.iter().zip(&taken))
        .filter(|(_, &t)| t)
        .map(|(c, _)| c.path.clone())
        .chain(unnamed)
        .collect();
    Ok(Some((file, gone)))
}

/// Which of the changes of `sizes` bytes to make besides those of `base`
/// (which keep): each tried on top of those kept so far, all at once
/// first, then the largest first, eight at a time, and one by one within
/// eight that failed together, until [`TRIES`] builds; `keeps(taken)`
/// builds one trial.
fn search(
    sizes: &[usize],
    base: Vec<bool>,
    mut keeps: impl FnMut(&[bool]) -> Result<bool, Error>,
) -> Result<Vec<bool>, Error> {
    let all = vec![true; sizes.len()];
    if sizes.is_empty() || base == all || keeps(&all)? {
        return Ok(all);
    }
    let mut order: Vec<usize> = (0..sizes.len()).filter(|&i| !base[i]).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(sizes[i]));
    let mut taken = base;
    let mut groups: Vec<Vec<usize>> = order.chunks(8).rev().map(<[usize]>::to_vec).collect();
    let mut tries = 1;
    while let Some(group) = groups.pop() {
        if tries == TRIES {
            break;
        }
        tries += 1;
        let mut trial = taken.clone();
        group.iter().for_each(|&i| trial[i] = true);
        if keeps(&trial)? {
            taken = trial;
        } else if group.len() > 1 {
            groups.extend(group.iter().rev().map(|&i| vec![i]));
        }
    }
    Ok(taken)
}

/// How many bytes `node` takes, printed as tokens.
fn size_of(node: &dyn quote::ToTokens) -> usize {
    node.to_token_stream().to_string().len()
}

/// The item at indices `at` down the modules of `tree`.
fn item_at<'t>(tree: &'t syn::File, at: &[usize]) -> &'t Item {
    let mut items = &tree.items;
    let mut item = &items[at[0]];
    for &i in &at[1..] {
        if let Item::Mod(syn::ItemMod {
            content: Some((_, inner)),
            ..
        }) = item
        {
            items = inner;
        }
        item = &items[i];
    }
    item
}

/// What building `text` instantiates; `None` if it does not build, or
/// warns more than `before` did (dead code aside).
fn build(text: &str, edition: &str, before: &[Diagnostic]) -> Result<Option<Instances>, Error> {
    let (diagnostics, ir) = rustc::llvm_ir(text, edition)?;
    if !super::trim::errors_and_new_warnings(&diagnostics, before).is_empty() {
        return Ok(None);
    }
    Ok(ir.as_deref().map(read))
}

/// What rustc says of `text` built to LLVM's text, and the names of the
/// functions it instantiates, if it built.
pub(crate) fn instantiated(
    text: &str,
    edition: &str,
) -> Result<(Vec<Diagnostic>, Option<BTreeSet<String>>), Error> {
    let (diagnostics, ir) = rustc::llvm_ir(text, edition)?;
    Ok((diagnostics, ir.as_deref().map(|ir| read(ir).names)))
}

/// The functions LLVM's text defines, from their debug records
/// (`!12 = distinct !DISubprogram(name: "add", linkageName: "_R…",
/// file: !80, line: 105, …, spFlags: … DISPFlagDefinition …)`); the text
/// built, read from stdin, is the file `<anon>`.
fn read(ir: &str) -> Instances {
    let field = |record: &str, name: &str| -> Option<String> {
        let (_, value) = record.split_once(&format!(" {name}: "))?;
        let value = value.split([',', ')']).next()?;
        Some(value.trim_matches('"').to_string())
    };
    let own = ir.lines().find_map(|l| {
        let (id, record) = l.split_once(" = !DIFile(")?;
        (field(&format!(" {record}"), "filename")? == "<anon>").then_some(id)
    });
    let mut instances = Instances {
        names: BTreeSet::new(),
        lines: BTreeSet::new(),
    };
    for record in ir
        .lines()
        .filter_map(|l| l.split_once(" = distinct !DISubprogram("))
    {
        let record = format!(" {}", record.1);
        if !record.contains("DISPFlagDefinition") {
            continue;
        }
        if let Some(symbol) = field(&record, "linkageName") {
            let name = format!("{:#}", rustc_demangle::demangle(&symbol));
            instances.names.insert(name);
        }
        if own.is_some() && field(&record, "file").as_deref() == own {
            if let Some(line) = field(&record, "line").and_then(|l| l.parse().ok()) {
                instances.lines.insert(line);
            }
        }
    }
    instances
}

/// The impls with a function, and the item-level macro calls, of `tree`
/// under the `fixable` paths.
fn collect(tree: &syn::File, fixable: &[String]) -> Vec<Candidate> {
    let runs = |imp: &syn::ItemImpl| {
        (imp.items.iter()).any(|m| matches!(m, ImplItem::Fn(_) | ImplItem::Macro(_)))
    };
    let mut out = Vec::new();
    let mut take = |item: &Item, path: &str, at: &[usize]| {
        let candidate = match item {
            Item::Impl(imp) => runs(imp),
            Item::Macro(m) => m.ident.is_none(),
            _ => false,
        };
        if candidate {
            out.push(Candidate {
                at: at.to_vec(),
                path: format!("{path}::<{}>", item_label(item)),
            });
        }
    };
    super::each_fixable_item(&tree.items, "crate", &mut Vec::new(), fixable, &mut take);
    out
}

/// Whether a line of the item at `at` in `tree` is one where an
/// instantiated function starts.
fn holds_instance(tree: &syn::File, at: &[usize], lines: &BTreeSet<usize>) -> bool {
    use syn::spanned::Spanned;
    let span = item_at(tree, at).span();
    let mut held = lines.range(span.start().line..=span.end().line);
    held.next().is_some()
}

/// `tree` without the candidates `taken`, and without the functions no
/// code names then; with those functions' paths.
fn without(
    tree: &syn::File,
    candidates: &[Candidate],
    taken: &[bool],
    fixable: &[String],
) -> (syn::File, Vec<String>) {
    let gone: BTreeSet<&[usize]> = (candidates.iter().zip(taken))
        .filter(|(_, &t)| t)
        .map(|(c, _)| c.at.as_slice())
        .collect();
    super::trim::without_items(tree, &gone, fixable)
}

/// The std traits whose methods std's own code never calls on a crate's
/// type but through what the program writes (an operator, `?`, `parse`,
/// `sum`), so that another release's std instantiates the same of them.
/// `Iterator`, `PartialOrd`, `Hash` and the like are not among them:
/// which of their methods std calls (`fold` or `next`, `lt` or
/// `partial_cmp`) is std's to change.
const CALLED_AS_WRITTEN: [&str; 31] = [
    "Add",
    "Sub",
    "Mul",
    "Div",
    "Rem",
    "Neg",
    "Not",
    "BitAnd",
    "BitOr",
    "BitXor",
    "Shl",
    "Shr",
    "AddAssign",
    "SubAssign",
    "MulAssign",
    "DivAssign",
    "RemAssign",
    "BitAndAssign",
    "BitOrAssign",
    "BitXorAssign",
    "ShlAssign",
    "ShrAssign",
    "Sum",
    "Product",
    "From",
    "TryFrom",
    "FromStr",
    "Index",
    "IndexMut",
    "Into",
    "TryInto",
];

/// `tree` (printed as `text`, whose rustc reports are `before`) with the
/// body of every function under the `fixable` paths that the program
/// never runs made a call of `never_run()` (added at the root, which is
/// `unreachable!(…)`), and their paths; `None` if there is
/// none, or the text could not be built.
///
/// Such a function stays where a trait or a bound asks for it (num-traits'
/// `NumOps` asks `BigInt` for `Div` and `Rem`, whose bodies hold the long
/// division). Only functions rustc generates code for are ever run, so a
/// function none of whose lines starts one is never called; a `const fn`
/// may be evaluated at compile time without any, and keeps its body, as
/// does one whose return type holds an `impl Trait`. Its parameters
/// become `_`, which nothing reads now. What only its body used is dead
/// code in the next round. The text must still compile, warn no more, and
/// instantiate exactly the same functions ([`search`]): a stub the program
/// ran would instantiate `never_run`, which was not there before, so
/// that check does not rest on the lines that chose the functions.
pub(super) fn stub(
    tree: &syn::File,
    text: &str,
    edition: &str,
    fixable: &[String],
    before: &[Diagnostic],
) -> Result<Option<(syn::File, Vec<String>)>, Error> {
    // The name a stub calls is taken.
    if tree
        .items
        .iter()
        .any(|i| crate::syntax::item_name(i).as_deref() == Some("never_run"))
    {
        return Ok(None);
    }
    let Some(built) = build(text, edition, before)? else {
        return Ok(None);
    };
    let mut finder = Stubs::new(tree, fixable, Walk::Finding(&built.lines));
    finder.visit_file_mut(&mut tree.clone());
    let found = finder.found;
    let chosen = |taken: &[bool]| -> BTreeSet<usize> {
        (found.iter().zip(taken))
            .filter(|(_, &t)| t)
            .map(|((n, _, _), _)| *n)
            .collect()
    };
    let sizes: Vec<usize> = found.iter().map(|(_, _, size)| *size).collect();
    let base = vec![false; sizes.len()];
    let taken = search(&sizes, base, |trial| {
        let text = prettyplease::unparse(&stubbed(tree, fixable, &chosen(trial)));
        Ok(build(&text, edition, before)?.is_some_and(|b| b.names == built.names))
    })?;
    if !taken.contains(&true) {
        return Ok(None);
    }
    let file = stubbed(tree, fixable, &chosen(&taken));
    let paths = (found.into_iter().zip(&taken))
        .filter(|(_, &t)| t)
        .map(|((_, path, _), _)| path)
        .collect();
    Ok(Some((file, paths)))
}

/// What a stub says if it is run after all.
pub(crate) const NEVER_RUN: &str = "the bundler found that the program never runs this function";

/// `tree` with the bodies of the `chosen` functions (numbered as
/// [`Stubs`] meets them) made a call of `never_run()`, added at the root.
fn stubbed(tree: &syn::File, fixable: &[String], chosen: &BTreeSet<usize>) -> syn::File {
    let mut out = tree.clone();
    Stubs::new(tree, fixable, Walk::Stubbing(chosen)).visit_file_mut(&mut out);
    if !chosen.is_empty() {
        out.items.push(syn::parse_quote! {
            fn never_run() -> ! {
                unreachable!(#NEVER_RUN)
            }
        });
    }
    out
}

/// What a walk of [`Stubs`] does with each function that may be stubbed.
enum Walk<'a> {
    /// Finds those none of whose lines starts an instance.
    Finding(&'a BTreeSet<usize>),
    /// Stubs those of these numbers.
    Stubbing(&'a BTreeSet<usize>),
}

/// Walks the functions of the crates' code that may be stubbed, in the
/// order of the tree, numbering them.
struct Stubs<'a> {
    fixable: &'a [String],
    walk: Walk<'a>,
    /// The traits the crates' code defines.
    own_traits: BTreeSet<String>,
    /// The module walked.
    path: Vec<String>,
    /// The impl or trait walked: its label, and whether its functions may
    /// be stubbed.
    within: Option<(String, bool)>,
    /// How many functions that may be stubbed were met.
    met: usize,
    /// The number, path and size of the body of each found.
    found: Vec<(usize, String, usize)>,
}

impl<'a> Stubs<'a> {
    fn new(tree: &syn::File, fixable: &'a [String], walk: Walk<'a>) -> Self {
        Stubs {
            fixable,
            walk,
            own_traits: traits(tree, fixable),
            path: vec!["crate".into()],
            within: None,
            met: 0,
            found: Vec::new(),
        }
    }

    /// A function named `name` with `sig` and `block`.
    fn function(&mut self, name: String, sig: &mut syn::Signature, block: &mut syn::Block) {
        use syn::spanned::Spanned;
        let module = self.path.join("::");
        // `!` implements no trait: `-> Option<impl Iterator>` keeps its body.
        let output = quote::ToTokens::to_token_stream(&sig.output).to_string();
        let returns_impl = output.split_whitespace().any(|word| word == "impl");
        let may = super::is_fixable(&module, self.fixable)
            && self.within.as_ref().is_none_or(|(_, may)| *may)
            && sig.constness.is_none()
            && sig.asyncness.is_none()
            && !returns_impl
            && !is_stub(block);
        if !may {
            return;
        }
        let number = self.met;
        self.met += 1;
        match self.walk {
            Walk::Finding(lines) => {
                let (from, to) = (sig.span().start().line, block.span().end().line);
                if lines.range(from..=to).next().is_none() {
                    let owner = self.within.as_ref().map(|(o, _)| format!("::<{o}>"));
                    let path = format!("{module}{}::{name}", owner.unwrap_or_default());
                    self.found.push((number, path, size_of(&*block)));
                }
            }
            Walk::Stubbing(chosen) => {
                if chosen.contains(&number) {
                    make_stub(sig, block);
                }
            }
        }
    }
}

impl VisitMut for Stubs<'_> {
    fn visit_item_mod_mut(&mut self, m: &mut syn::ItemMod) {
        self.path.push(m.ident.to_string());
        syn::visit_mut::visit_item_mod_mut(self, m);
        self.path.pop();
    }

    fn visit_item_fn_mut(&mut self, f: &mut syn::ItemFn) {
        if self.within.is_none() {
            self.function(f.sig.ident.to_string(), &mut f.sig, &mut f.block);
        }
    }

    fn visit_item_impl_mut(&mut self, imp: &mut syn::ItemImpl) {
        let may = match &imp.trait_ {
            None => true,
            Some((_, path, _)) => {
                let last = path.segments.last().map(|s| s.ident.to_string());
                let last = last.unwrap_or_default();
                self.own_traits.contains(&last) || CALLED_AS_WRITTEN.contains(&last.as_str())
            }
        };
        let outer = self.within.replace((crate::syntax::impl_label(imp), may));
        for member in &mut imp.items {
            if let ImplItem::Fn(f) = member {
                self.function(f.sig.ident.to_string(), &mut f.sig, &mut f.block);
            }
        }
        self.within = outer;
    }

    fn visit_item_trait_mut(&mut self, t: &mut syn::ItemTrait) {
        let outer = self.within.replace((format!("trait {}", t.ident), true));
        for member in &mut t.items {
            if let syn::TraitItem::Fn(f) = member {
                if let Some(block) = &mut f.default {
                    self.function(f.sig.ident.to_string(), &mut f.sig, block);
                }
            }
        }
        self.within = outer;
    }
}

/// The names of the traits `tree` defines under the `fixable` paths.
fn traits(tree: &syn::File, fixable: &[String]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut take = |item: &Item, _: &str, _: &[usize]| {
        if let Item::Trait(t) = item {
            out.insert(t.ident.to_string());
        }
    };
    super::each_fixable_item(&tree.items, "crate", &mut Vec::new(), fixable, &mut take);
    out
}

/// Whether `block` is a stub already.
fn is_stub(block: &syn::Block) -> bool {
    block.to_token_stream().to_string() == stub_body().to_token_stream().to_string()
}

/// A stub's body: a call of one function at the root, so that a stub the
/// program did run would instantiate it, and show in what is.
fn stub_body() -> syn::Block {
    syn::parse_quote!({ crate::never_run() })
}

/// Makes the function of `sig` and `block` a stub: its body a call of
/// `never_run`, its parameters `_`.
fn make_stub(sig: &mut syn::Signature, block: &mut syn::Block) {
    *block = stub_body();
    for input in &mut sig.inputs {
        match input {
            // `mut self`, not `&mut self`.
            syn::FnArg::Receiver(r) if r.reference.is_none() => r.mutability = None,
            syn::FnArg::Receiver(_) => {}
            syn::FnArg::Typed(t) => {
                *t.pat = syn::Pat::Wild(syn::PatWild {
                    attrs: Vec::new(),
                    underscore_token: Default::default(),
                });
            }
        }
    }
}
