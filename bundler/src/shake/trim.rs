//! After shaking: the impls of traits that nothing calls through.
//!
//! rustc counts an impl as used when its trait and its type are: num-traits
//! implements `Zero`, `Bounded`, `NumCast`, … for every primitive type, and
//! a bin that uses `BigInt` keeps them all, though it calls a few. So once
//! rustc has nothing more to call dead, every impl of a trait in the crates'
//! code is taken away at once, and rustc's errors say which ones the
//! program needs. Each text tried is first cleared of the functions that
//! no code names once the impls went ([`unnamed`]): rustc checks dead
//! code too, and its errors there would ask for impls back. Each error
//! brings back the impls its strongest evidence points to: the impl whose
//! header it writes (or an instance of it); those of a trait it names
//! whose header's types it all names
//! (`the trait bound `u64: Integer` is not satisfied`); else those of the
//! trait for one type it names; else every impl of a trait it
//! names; else those with a member it names for a type it names (`can't
//! call method `abs` on ambiguous numeric type`); else those with a member
//! it names; else those naming a type it names. Where the impl whose
//! header it writes is there, the impls its parameters' bounds ask for
//! come first. A round whose errors bring nothing back ends the trim, which
//! then takes nothing. When the text compiles, shaking goes on (a function
//! only a taken impl called is dead now); if what is dead then has to stay
//! (a variant alone using a parameter, which would draw a warning), the
//! trim is made again sparing the impls that name the types holding it
//! ([`holders`]: num-complex's `FromStr` impl builds the
//! `ParseComplexError` whose `ParseError(E)` would stay); if that still
//! leaves such a thing, the trim is undone ([`super::shake`]).
//!
//! Why what compiles still does what it did:
//!
//! * a `Drop` impl is never taken: dropping is behaviour, and no error
//!   would tell that it is gone; nor `Deref`, called by no name an error
//!   could quote; nor any impl for a type that has a `Deref`:
//!   without its `Display`, `x.to_string()` would compile as the
//!   target's, through `Deref`;
//! * impls only come back, never go again, so every impl a call's error
//!   names (a method's candidate traits are all named) is there when the
//!   call compiles, as it was when rustc first picked among them;
//! * a warning the text before had not (but dead code) is an error here:
//!   without `P`'s `Clone`, `r.clone()` on a `&P` compiles and copies the
//!   reference, and only `noop_method_call` says so;
//! * rustc gives an integer literal the type of the only impl that fits
//!   (`5.show()` calls `impl Show for i64` when that is the only one, the
//!   `i32` one when there is one): so an impl kept whose header names an
//!   integer type keeps the impl of the same header with `i32` there (and
//!   a float type, with `f64`); the literal's type stays what it was.
//!
//! `cargo submit` still compares the bundle's output with the program's on
//! the package's samples.

use std::collections::{BTreeMap, BTreeSet};

use quote::ToTokens;
use syn::punctuated::Punctuated;
use syn::visit::Visit;
use syn::Item;

use crate::error::Error;
use crate::rustc::{self, Diagnostic, Level};
use crate::syntax::{impl_member_name, item_label, trait_member_name};
use evidence::{bindings, instance, normal, tokens, Said};

/// How many rounds of errors the trim answers before it gives up: code
/// comes back with the impls that name it ([`unnamed`]), and its errors
/// with it (num-rational takes 26 rounds).
const ROUNDS: usize = 64;

/// The tiers of evidence an error may give ([`Candidate::wanted`]).
const TIERS: usize = 7;

/// The weakest tier answered in a round that has stronger evidence
/// (a trait named, with a type): the weaker wait ([`bring_back`]).
const WAITS_AFTER: usize = 2;

const INTEGERS: [&str; 12] = [
    "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
];

/// What a trim took: the text without the impls that went, and their
/// paths with why; and what it chose from, to spare some later.
pub(super) struct Trimmed {
    pub(super) file: syn::File,
    pub(super) gone: Vec<(String, String)>,
    candidates: Vec<Candidate>,
    taken: Vec<bool>,
    fixable: Vec<String>,
    /// rustc's diagnostics of the text before the trim.
    before: Vec<Diagnostic>,
}

impl Trimmed {
    /// `file`, the text without the `taken` candidates and the functions
    /// that `unnamed` lists.
    fn of(
        (file, unnamed): (syn::File, Vec<String>),
        candidates: Vec<Candidate>,
        taken: Vec<bool>,
        fixable: &[String],
        before: &[Diagnostic],
    ) -> Trimmed {
        let why = |what: &str| format!("{what} (trimmed)");
        let gone = (candidates.iter().zip(&taken))
            .filter(|(_, &t)| t)
            .map(|(c, _)| (c.path.clone(), why("no call goes through it")))
            .chain(
                unnamed
                    .into_iter()
                    .map(|path| (path, why("no code names it"))),
            )
            .collect();
        Trimmed {
            file,
            gone,
            candidates,
            taken,
            fixable: fixable.to_vec(),
            before: before.to_vec(),
        }
    }

    /// The same trim of `tree` but for the impls whose text names one of
    /// `names`, and those the impls spared ask for in turn (num's
    /// `Num for f32`, spared for its `ParseFloatError`, asks for `Zero
    /// for f32`); `None` if no impl names one, or rustc's errors cannot be
    /// answered.
    pub(super) fn sparing(
        &self,
        tree: &syn::File,
        names: &BTreeSet<String>,
        edition: &str,
    ) -> Result<Option<Trimmed>, Error> {
        let mut taken = self.taken.clone();
        let mut spared = false;
        for (c, t) in self.candidates.iter().zip(taken.iter_mut()) {
            if *t && c.mentions.iter().any(|m| names.contains(m)) {
                *t = false;
                spared = true;
            }
        }
        if !spared {
            return Ok(None);
        }
        let candidates = self.candidates.clone();
        answer(
            tree,
            candidates,
            taken,
            edition,
            &self.fixable,
            &self.before,
        )
    }
}

/// The types of `tree` that hold one of `names` (in a field, or as an
/// alias), and those names, until none is new: an impl naming any of them
/// may build them.
pub(super) fn holders(tree: &syn::File, names: &BTreeSet<String>) -> BTreeSet<String> {
    let held: Vec<(String, BTreeSet<String>)> = super::layouts::defined_types(tree)
        .into_iter()
        .map(|(name, fields)| {
            let mut held = BTreeSet::new();
            super::layouts::collect_names(fields, &mut held);
            (name, held)
        })
        .collect();
    let mut out = names.clone();
    loop {
        let before = out.len();
        for (name, held) in &held {
            if held.iter().any(|h| out.contains(h)) {
                out.insert(name.clone());
            }
        }
        if out.len() == before {
            return out;
        }
    }
}

/// An impl the trim may take.
#[derive(Clone)]
struct Candidate {
    /// Indices down the modules to the item.
    at: Vec<usize>,
    /// Its readable path, for the report.
    path: String,
    /// The trait's last segment (`Zero`).
    trait_name: String,
    /// The names of the types in its header (self type and the trait's
    /// arguments), but its own parameters: `Complex`, `i64`.
    names: BTreeSet<String>,
    /// Its members' names (`abs`), and the items its trait declares.
    members: BTreeSet<String>,
    /// Every name its text holds.
    mentions: BTreeSet<String>,
    /// The last segment of its self type.
    self_type: String,
    /// Its header as an error writes it, [`normal`]: (`&BigInt`,
    /// `Mul<&BigInt>`); and with `Rhs = Self` written out where the
    /// trait has no arguments (`Add<BigInt>` for `impl Add for BigInt`).
    headers: Vec<(String, String)>,
    /// Its own type parameters, which stand for any type in `headers`.
    params: BTreeSet<String>,
    /// The traits its parameters are bound by, by last segment
    /// (`T: Clone + Num` is (`T`, `Clone`), (`T`, `Num`)).
    bounds: Vec<(String, String)>,
}

impl Candidate {
    /// Whether it is an impl of `trait_name` for `ty` (or for a type
    /// `ty` is an instance of).
    fn implements(&self, trait_name: &str, ty: &str) -> bool {
        self.trait_name == trait_name
            && (self.headers.iter()).any(|(self_ty, _)| instance(self_ty, ty, &self.params))
    }

    /// The types its parameters stand for in each header `said` writes
    /// that is an instance of one of its own.
    fn instances<'a>(
        &'a self,
        said: &'a Said,
    ) -> impl Iterator<Item = BTreeMap<String, String>> + 'a {
        self.headers.iter().flat_map(move |(self_ty, trait_ty)| {
            let pattern = format!("{self_ty}|{trait_ty}");
            (said.headers.iter())
                .filter_map(move |(s, t)| bindings(&pattern, &format!("{s}|{t}"), &self.params))
        })
    }

    /// Whether an error asks for it back, by the `tier` of evidence: 0,
    /// it writes the impl's header, or an instance of it (`From<i64> for
    /// Ratio<i64>` of `From<T> for Ratio<T>`; `cannot divide `BigInt` by `u32``
    /// asks for `impl Div<u32> for BigInt`, not for `Div<BigInt> for
    /// u32` nor `Div<&u32> for &BigInt`); 1, it names the trait and every
    /// type of the header (`Div` and `BigInt` ask for `Div<BigInt>`,
    /// not for num-bigint's `Div<i32>` and the 200 others naming
    /// `BigInt`); 2, the trait and one of the types; 3, the trait; 4, a
    /// member and a type (`can't call method `abs` on ambiguous numeric
    /// type`, where no trait is named); 5, a member; 6, a type (`expected
    /// `&BigUint`, found `BigUint`` inside a macro's arguments, where the
    /// operator is in the macro's body).
    fn wanted(&self, said: &Said, tier: usize) -> bool {
        let words = &said.words;
        let typed = self
            .names
            .iter()
            .filter(|n| words.contains(n.as_str()))
            .count();
        let trait_named = || words.contains(self.trait_name.as_str());
        let member_named = || self.members.iter().any(|m| words.contains(m.as_str()));
        let some_type = self.names.is_empty() || typed > 0;
        match tier {
            0 => self.instances(said).next().is_some(),
            1 => trait_named() && typed == self.names.len(),
            2 => trait_named() && some_type,
            3 => trait_named(),
            4 => member_named() && some_type,
            5 => member_named(),
            _ => typed > 0,
        }
    }
}

/// `tree` without the impls nothing calls through, and those impls' paths
/// with why they went; `None` if there are none, or rustc's errors cannot
/// be answered. Only impls under the `fixable` paths (the crates' code, not
/// the user's) are candidates.
pub(super) fn trim(
    tree: &syn::File,
    edition: &str,
    fixable: &[String],
    before: &[Diagnostic],
) -> Result<Option<Trimmed>, Error> {
    let candidates = candidates(tree, fixable);
    if candidates.is_empty() {
        return Ok(None);
    }
    let taken = vec![true; candidates.len()];
    answer(tree, candidates, taken, edition, fixable, before)
}

/// Of the impls at `among` (indices down the modules), those rustc's
/// errors do not ask back when all of them are taken, answered as the
/// trim answers them: where the trim took every impl and its errors
/// brought back all that name a type (`the trait bound `BigUint: NumOps`
/// is not satisfied`), taking only some gives errors that say more
/// (what `NumOps`'s bounds ask of `BigUint`). Empty when the errors
/// cannot be answered.
pub(super) fn answered(
    tree: &syn::File,
    among: &BTreeSet<&[usize]>,
    edition: &str,
    fixable: &[String],
    before: &[Diagnostic],
) -> Result<BTreeSet<Vec<usize>>, Error> {
    let candidates = candidates(tree, fixable);
    let taken: Vec<bool> = (candidates.iter())
        .map(|c| among.contains(c.at.as_slice()))
        .collect();
    let Some(trimmed) = answer(tree, candidates, taken, edition, fixable, before)? else {
        return Ok(BTreeSet::new());
    };
    Ok((trimmed.candidates.into_iter().zip(trimmed.taken))
        .filter(|(_, t)| *t)
        .map(|(c, _)| c.at)
        .collect())
}

/// The impls of `tree` the trim may take.
fn candidates(tree: &syn::File, fixable: &[String]) -> Vec<Candidate> {
    let mut candidates = collect(tree, fixable);
    let derefs = dereferenced(tree);
    candidates.retain(|c| !derefs.contains(&c.self_type));
    // An impl that relies on its trait's provided items (hashbrown's
    // `impl<T> SizedTypeProperties for T {}` and `T::IS_ZERO_SIZED`) is
    // asked for by their names.
    let declared = declared_items(tree);
    for c in &mut candidates {
        if let Some(items) = declared.get(&c.trait_name) {
            c.members.extend(items.iter().cloned());
        }
    }
    candidates
}

/// `tree` without the `taken` candidates, and without those rustc's
/// errors then ask for, round after round, until it compiles; `None` if
/// nothing is left to take or the errors cannot be answered.
fn answer(
    tree: &syn::File,
    candidates: Vec<Candidate>,
    mut taken: Vec<bool>,
    edition: &str,
    fixable: &[String],
    before: &[Diagnostic],
) -> Result<Option<Trimmed>, Error> {
    for _ in 0..ROUNDS {
        keep_literal_types(&candidates, &mut taken);
        if !taken.contains(&true) {
            return Ok(None);
        }
        let trimmed = without(tree, &candidates, &taken, fixable);
        let text = prettyplease::unparse(&trimmed.0);
        let diagnostics = rustc::check(&text, edition)?;
        let errors = errors_and_new_warnings(&diagnostics, before);
        if errors.is_empty() {
            return Ok(Some(Trimmed::of(
                trimmed, candidates, taken, fixable, before,
            )));
        }
        // An error none of the taken impls answers may follow from one
        // that some do (a missing supertrait impl hides a method): it
        // waits for the next round, unless no error is answered at all.
        if !bring_back(&candidates, &mut taken, &errors, &text) {
            return Ok(None);
        }
    }
    Ok(None)
}

/// The errors among `diagnostics`, and the warnings that the text before
/// the trim did not have (more of a lint and message than it had): an
/// impl whose absence only warns may still have been called
/// (`noop_method_call`: `r.clone()` on a `&P` copies the reference once
/// `P`'s `Clone` is gone). Dead code is no such warning.
pub(crate) fn errors_and_new_warnings<'d>(
    diagnostics: &'d [Diagnostic],
    before: &[Diagnostic],
) -> Vec<&'d Diagnostic> {
    let key = |d: &Diagnostic| (d.code.clone(), d.message.clone());
    let count = |ds: &[Diagnostic]| {
        let mut counts = BTreeMap::new();
        for d in ds.iter().filter(|d| d.level == Level::Warning) {
            *counts.entry(key(d)).or_insert(0usize) += 1;
        }
        counts
    };
    let (had, has) = (count(before), count(diagnostics));
    // Spanless ones are summaries ("24 warnings emitted").
    let new = |d: &Diagnostic| {
        !d.spans.is_empty()
            && !super::is_dead_lint(d)
            && has.get(&key(d)) > had.get(&key(d)).or(Some(&0))
    };
    (diagnostics.iter())
        .filter(|d| d.level == Level::Error || (d.level == Level::Warning && new(d)))
        .collect()
}

/// Brings back the impls the strongest evidence of each error points to
/// that has not failed already; false if none came back. An error whose
/// evidence is weaker than [`WAITS_AFTER`] waits while another's is not:
/// it may follow from that one (without `Clone for BigInt`,
/// `Mul::mul(self.clone(), other)` in `Mul<i32> for &BigInt` calls itself,
/// and the warning names only `mul` and `clone`, which a hundred impls
/// have).
fn bring_back(
    candidates: &[Candidate],
    taken: &mut [bool],
    errors: &[&Diagnostic],
    text: &str,
) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    // A tier whose impls all came back in an earlier round was wrong
    // (the error is still here: `!bits[p]` named `Not`): the next one is
    // tried.
    let answers: Vec<(usize, Vec<usize>)> = (errors.iter())
        .filter_map(|error| {
            let said = Said::of(error, &lines);
            let matching = |tier: usize| -> Vec<usize> {
                (0..candidates.len())
                    .filter(|&i| candidates[i].wanted(&said, tier))
                    .collect()
            };
            let live = |matching: &[usize]| matching.iter().any(|&i| taken[i]);
            let written = matching(0);
            if live(&written) {
                return Some((0, written));
            }
            // The impl the error writes is there, so a bound of it is
            // not met: rustc says "cannot multiply `Complex<f64>` by
            // `Complex<f64>`" where `impl<T: Clone + Num> Mul for
            // Complex<T>` lacks `f64: Num`.
            let unmet = unmet_bounds(candidates, &written, &said);
            let bounds: Vec<usize> = (0..candidates.len())
                .filter(|&i| (unmet.iter()).any(|(ty, tr)| candidates[i].implements(tr, ty)))
                .collect();
            if live(&bounds) {
                return Some((0, bounds));
            }
            (1..TIERS).find_map(|tier| {
                let matching = matching(tier);
                live(&matching).then_some((tier, matching))
            })
        })
        .collect();
    let strongest = answers.iter().map(|(tier, _)| *tier).min();
    let Some(weakest) = strongest.map(|s| s.max(WAITS_AFTER)) else {
        return false;
    };
    for (_, matching) in answers.iter().filter(|(tier, _)| *tier <= weakest) {
        for &i in matching {
            taken[i] = false;
        }
    }
    true
}

/// The bounds unmet where an error writes the header of impls that are
/// there (`written`): each bound of a parameter, with the type the error
/// puts in its place, as (type, trait).
fn unmet_bounds(
    candidates: &[Candidate],
    written: &[usize],
    said: &Said,
) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for c in written.iter().map(|&i| &candidates[i]) {
        for types in c.instances(said) {
            for (param, bound) in &c.bounds {
                if let Some(ty) = types.get(param) {
                    out.insert((ty.clone(), bound.clone()));
                }
            }
        }
    }
    out
}

/// Brings back, for each impl kept whose header names an integer (a
/// float) type, the impl whose header is the same with `i32` (`f64`) in
/// its place: the type rustc gives a literal when more than one impl
/// fits it (`x.pow(5)` with `Pow<i32>` and `Pow<u32>` for `BigUint` is
/// `Pow<i32>`'s; without it, `Pow<u32>`'s).
fn keep_literal_types(candidates: &[Candidate], taken: &mut [bool]) {
    let mut by_header: BTreeMap<&(String, String), Vec<usize>> = BTreeMap::new();
    for (i, c) in candidates.iter().enumerate() {
        for header in &c.headers {
            by_header.entry(header).or_default().push(i);
        }
    }
    let kept: Vec<usize> = (0..candidates.len()).filter(|&i| !taken[i]).collect();
    for i in kept {
        for (self_ty, trait_ty) in &candidates[i].headers {
            let written = format!("{self_ty}|{trait_ty}");
            for variant in literal_variants(&written) {
                let Some((s, t)) = variant.split_once('|') else {
                    continue;
                };
                let found = by_header.get(&(s.to_string(), t.to_string()));
                for &j in found.into_iter().flatten() {
                    taken[j] = false;
                }
            }
        }
    }
}

/// `header` with one of its integer (float) types made `i32` (`f64`),
/// for each in turn, and with all of them.
fn literal_variants(header: &str) -> Vec<String> {
    let tokens = tokens(header);
    let literal = |word: &str| match word {
        "f32" => Some("f64"),
        w if w != "i32" && INTEGERS.contains(&w) => Some("i32"),
        _ => None,
    };
    let places: Vec<usize> = (0..tokens.len())
        .filter(|&k| literal(&tokens[k]).is_some())
        .collect();
    let with = |at: &[usize]| -> String {
        let mut out = tokens.clone();
        for &k in at {
            out[k] = literal(&tokens[k]).unwrap_or_default().to_string();
        }
        out.concat()
    };
    let mut out: Vec<String> = places.iter().map(|&k| with(&[k])).collect();
    if places.len() > 1 {
        out.push(with(&places));
    }
    out
}

/// The candidates of `tree`: its impls under the `fixable` paths.
fn collect(tree: &syn::File, fixable: &[String]) -> Vec<Candidate> {
    let mut out = Vec::new();
    let mut take = |item: &Item, path: &str, at: &[usize]| {
        if let Item::Impl(imp) = item {
            out.extend(candidate(imp, item, path, at));
        }
    };
    super::each_fixable_item(&tree.items, "crate", &mut Vec::new(), fixable, &mut take);
    out
}

fn candidate(imp: &syn::ItemImpl, item: &Item, path: &str, at: &[usize]) -> Option<Candidate> {
    let (_, trait_path, _) = imp.trait_.as_ref()?;
    let last = trait_path.segments.last()?;
    let trait_name = last.ident.to_string();
    // Dropping is behaviour no error would ask for; dereferencing is
    // called by no name an error could quote (`self.data.iter_mut()`
    // through `Deref`).
    if matches!(trait_name.as_str(), "Drop" | "Deref" | "DerefMut") {
        return None;
    }
    let mut names = TypeNames::default();
    names.visit_type(&imp.self_ty);
    names.visit_path_arguments(&last.arguments);
    let own: BTreeSet<String> = (imp.generics.params.iter())
        .filter_map(|p| match p {
            syn::GenericParam::Type(t) => Some(t.ident.to_string()),
            _ => None,
        })
        .collect();
    let members = imp.items.iter().filter_map(impl_member_name).collect();
    let written = |tokens: &dyn ToTokens| normal(&tokens.to_token_stream().to_string());
    let (self_ty, trait_ty) = (written(&imp.self_ty), written(trait_path));
    let mut headers = vec![(self_ty.clone(), trait_ty.clone())];
    if last.arguments.is_empty() {
        headers.push((self_ty.clone(), format!("{trait_ty}<{self_ty}>")));
    }
    let mut mentions = BTreeSet::new();
    super::layouts::collect_names(imp.to_token_stream(), &mut mentions);
    Some(Candidate {
        members,
        mentions,
        self_type: super::phantom::last_segment(&imp.self_ty),
        at: at.to_vec(),
        path: format!("{path}::<{}>", item_label(item)),
        trait_name,
        names: names.0.difference(&own).cloned().collect(),
        headers,
        bounds: bounds(&imp.generics, &own),
        params: own,
    })
}

/// The traits that bound each of `params` in `generics`, by last segment,
/// where the parameter is bound (`impl<T: Num>`) or in a where clause
/// (`where T: Num`).
fn bounds(generics: &syn::Generics, params: &BTreeSet<String>) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut add = |param: String, bounds: &Punctuated<syn::TypeParamBound, syn::Token![+]>| {
        for bound in bounds {
            if let syn::TypeParamBound::Trait(t) = bound {
                if let Some(last) = t.path.segments.last() {
                    out.push((param.clone(), last.ident.to_string()));
                }
            }
        }
    };
    for param in &generics.params {
        if let syn::GenericParam::Type(t) = param {
            add(t.ident.to_string(), &t.bounds);
        }
    }
    for predicate in generics.where_clause.iter().flat_map(|w| &w.predicates) {
        if let syn::WherePredicate::Type(p) = predicate {
            let ty = p.bounded_ty.to_token_stream().to_string();
            if params.contains(&ty) {
                add(ty, &p.bounds);
            }
        }
    }
    out
}

/// The items each trait of `tree` declares, by the trait's name.
fn declared_items(tree: &syn::File) -> BTreeMap<String, BTreeSet<String>> {
    struct Traits(BTreeMap<String, BTreeSet<String>>);
    impl<'ast> Visit<'ast> for Traits {
        fn visit_item_trait(&mut self, t: &'ast syn::ItemTrait) {
            let items = t.items.iter().filter_map(trait_member_name);
            self.0.entry(t.ident.to_string()).or_default().extend(items);
            syn::visit::visit_item_trait(self, t);
        }
    }
    let mut traits = Traits(Default::default());
    traits.visit_file(tree);
    traits.0
}

/// The self types (last segments) of the `Deref` impls of `tree`. No
/// impl for such a type is taken: `x.to_string()` whose `Display` impl
/// went would compile, through `Deref`, as the target's, and print
/// something else.
fn dereferenced(tree: &syn::File) -> BTreeSet<String> {
    struct Derefs(BTreeSet<String>);
    impl<'ast> Visit<'ast> for Derefs {
        fn visit_item_impl(&mut self, imp: &'ast syn::ItemImpl) {
            let name = imp.trait_.as_ref().and_then(|(_, p, _)| p.segments.last());
            if name.is_some_and(|s| s.ident == "Deref") {
                self.0.insert(super::phantom::last_segment(&imp.self_ty));
            }
            syn::visit::visit_item_impl(self, imp);
        }
    }
    let mut derefs = Derefs(BTreeSet::new());
    derefs.visit_file(tree);
    derefs.0
}

/// The last segments of the type paths visited; `(..)` for a tuple type,
/// `()` for the unit type: an impl for tuples (num-traits' `Bounded` for
/// `(A, B, …)`) answers only an error that names one.
#[derive(Default)]
struct TypeNames(BTreeSet<String>);

impl<'ast> Visit<'ast> for TypeNames {
    fn visit_type_tuple(&mut self, ty: &'ast syn::TypeTuple) {
        let name = if ty.elems.is_empty() { "()" } else { "(..)" };
        self.0.insert(name.to_string());
        syn::visit::visit_type_tuple(self, ty);
    }

    fn visit_type_path(&mut self, ty: &'ast syn::TypePath) {
        if let Some(last) = ty.path.segments.last() {
            self.0.insert(last.ident.to_string());
        }
        syn::visit::visit_type_path(self, ty);
    }
}

/// `tree` without the candidates `taken`, and without the functions no
/// code names then ([`unnamed`]), which rustc would otherwise check and
/// ask impls back for; with those functions' paths.
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
    without_items(tree, &gone, fixable)
}

/// `tree` without the items at `gone` (indices down the modules), and
/// without the functions of the crates' code no code names then; with
/// those functions' paths.
pub(super) fn without_items(
    tree: &syn::File,
    gone: &BTreeSet<&[usize]>,
    fixable: &[String],
) -> (syn::File, Vec<String>) {
    let mut tree = tree.clone();
    remove(&mut tree.items, &mut Vec::new(), gone);
    let unnamed = unnamed::prune(&mut tree, fixable);
    (tree, unnamed)
}

fn remove(items: &mut Vec<Item>, at: &mut Vec<usize>, gone: &BTreeSet<&[usize]>) {
    let mut i = 0;
    items.retain_mut(|item| {
        at.push(i);
        i += 1;
        let keep = !gone.contains(at.as_slice());
        if let (true, Item::Mod(m)) = (keep, &mut *item) {
            if let Some((_, inner)) = &mut m.content {
                remove(inner, at, gone);
            }
        }
        at.pop();
        keep
    });
}

mod evidence;
mod unnamed;

#[cfg(test)]
mod tests;
