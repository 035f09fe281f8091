//! The shake on small texts: what goes, what stays, what is rewritten.

use super::*;

fn shaken(source: &str) -> String {
    prettyplease::unparse(&shaken_whole(source).file)
}

/// The shake of `source`, `main` its entry point.
fn shaken_whole(source: &str) -> Shaken {
    let file = syn::parse_file(source).expect("valid source");
    let sources = Arc::new(Sources::default());
    match shake(
        file,
        None,
        "2021",
        &["crate::main".to_string()],
        &[],
        sources,
        false,
    ) {
        Ok(s) => s,
        Err(Failure::DoesNotCompile(d, _)) => panic!("does not compile: {d:?}"),
        Err(Failure::Error(e)) => panic!("{e}"),
    }
}

#[test]
fn dead_items_members_fields_and_imports_go() {
    let out = shaken(
        "use std::fmt::Write;\n\
         pub struct S { pub a: u32, pub b: u32 }\n\
         impl S { pub fn used(&self) -> u32 { self.a } pub fn unused(&self) -> u32 { self.b } }\n\
         pub fn never() {}\n\
         fn main() { let s = S { a: 1, b: 2 }; println!(\"{}\", s.used()); }\n",
    );
    assert!(!out.contains("Write"), "{out}");
    assert!(!out.contains("unused"), "{out}");
    assert!(!out.contains("never"), "{out}");
    assert!(!out.contains("b:"), "{out}");
    assert!(out.contains("pub struct S"), "{out}");
}

#[test]
fn dead_traits_take_their_impls_even_inside_macros() {
    let out = shaken(
        "pub trait Zero { fn zero() -> Self; }\n\
         pub trait One { fn one() -> Self; }\n\
         macro_rules! imp { ($($t:ty),*) => { $(impl Zero for $t { fn zero() -> Self { 0 } } \
         impl One for $t { fn one() -> Self { 1 } })* }; }\n\
         imp!(u8, u32);\n\
         fn main() { println!(\"{}\", <u32 as One>::one()); }\n",
    );
    assert!(!out.contains("Zero"), "{out}");
    assert!(!out.contains("imp!"), "{out}");
    assert!(out.contains("impl One for u32"), "{out}");
}

/// A deny-by-default lint cargo caps in a dependency (algorithm's timer
/// wheel): in a library's code its fix is written in; in the user's
/// own, it stays rustc's error.
#[test]
fn an_implicit_autoref_in_a_library_is_written_out() {
    let source = |module: &str| {
        format!(
            "mod {module} {{ pub struct W {{ pub slots: Vec<Vec<u8>> }}\n\
             pub fn filled(w: *const W, i: usize) -> bool {{ unsafe {{ !(*w).slots[i].is_empty() }} }} }}\n\
             fn main() {{ let w = {module}::W {{ slots: vec![vec![1]] }}; println!(\"{{}}\", {module}::filled(&w, 0)); }}\n"
        )
    };
    let shake_it = |module: &str| {
        let file = syn::parse_file(&source(module)).expect("valid source");
        shake(
            file,
            None,
            "2021",
            &["crate::main".to_string()],
            &["crate::lib".to_string()],
            Arc::new(Sources::default()),
            false,
        )
    };
    let Ok(shaken) = shake_it("lib") else {
        panic!("the library's autoref is fixed");
    };
    let out = prettyplease::unparse(&shaken.file);
    assert!(out.contains("!(&(*w).slots)[i].is_empty()"), "{out}");
    assert_eq!(shaken.fixed.len(), 1, "{:?}", shaken.fixed);
    let (diagnostics, _) = rustc::check_with_lints(&out, "2021", &[]).unwrap();
    assert!(
        diagnostics.iter().all(|d| d.level != Level::Error),
        "{diagnostics:?}"
    );
    assert!(matches!(shake_it("own"), Err(Failure::DoesNotCompile(..))));
}

/// hashbrown's shape: the error is built only on a path the program
/// never takes; once it has no variant left it is `()`, and rustc has
/// no unreachable code to report.
#[test]
fn an_enum_the_cut_empties_becomes_unit() {
    let out = shaken(
        "pub enum Fallibility { Fallible, Infallible }\n\
         impl Fallibility { fn overflow(self) -> Error { match self { \
         Fallibility::Fallible => Error::Overflow, Fallibility::Infallible => panic!(\"overflow\") } } }\n\
         /// Why growing failed.\n\
         #[derive(Clone, Debug)] pub enum Error { Overflow }\n\
         pub fn try_grow(n: usize) -> Result<usize, Error> { grow(n, Fallibility::Fallible) }\n\
         fn grow(n: usize, f: Fallibility) -> Result<usize, Error> { \
         match n.checked_mul(2) { Some(m) => Ok(m), None => return Err(f.overflow()) } }\n\
         pub fn grow_or_panic(n: usize) -> usize { grow(n, Fallibility::Infallible).unwrap() }\n\
         fn main() { println!(\"{}\", grow_or_panic(3)); }\n",
    );
    assert!(
        out.contains("/// Why growing failed.\npub type Error = ();"),
        "{out}"
    );
    assert!(
        !out.contains("try_grow") && !out.contains("Fallible,"),
        "{out}"
    );
    let (diagnostics, _) = rustc::check_with_lints(&out, "2021", &[]).unwrap();
    assert!(
        diagnostics.iter().all(|d| d.level == Level::Other),
        "{diagnostics:?}"
    );
}

/// memchr's `PrefilterConfig::is_none`: a variant nothing builds, named in
/// a `matches!` pattern, never matches; the pattern loses it, and where
/// nothing else is left the call is `false` (its value still computed).
#[test]
fn a_variant_nothing_builds_never_matches() {
    let out = shaken(
        "pub enum Mode { Fast, Slow, Off }\n\
         impl Mode {\n\
             pub fn is_off(&self) -> bool { matches!(*self, Mode::Off) }\n\
             pub fn is_quick(&self) -> bool { matches!(self, Mode::Fast | Mode::Off) }\n\
         }\n\
         fn main() {\n\
             let m = if std::env::args().count() > 5 { Mode::Slow } else { Mode::Fast };\n\
             println!(\"{} {}\", m.is_off(), m.is_quick());\n\
         }\n",
    );
    assert!(!out.contains("Off"), "{out}");
    assert!(out.contains("fn is_off"), "{out}");
    assert!(out.contains("false"), "{out}");
    assert!(out.contains("matches!(self, Mode::Fast)"), "{out}");
}

/// petgraph's `dijkstra`: a field nothing reads is fed by a variable
/// the loop assigns. The field goes, then the variable's `let` and the
/// assignment rustc calls never read: not the `let` alone, whose
/// assignment would then name nothing (E0425), and `main` after it.
#[test]
fn a_variable_assigned_only_for_a_deleted_field_goes_with_its_assignments() {
    let source = "pub struct Found { pub cost: u32, pub goal: Option<u32> }\n\
         pub fn search(n: u32) -> Found {\n\
         let mut goal = None;\n\
         let mut cost = 0;\n\
         for i in 0..n { cost += i; if i == 3 { goal = Some(i); break; } }\n\
         Found { cost, goal }\n\
         }\n\
         fn main() { println!(\"{}\", search(10).cost); }\n";
    let shaken = shaken_whole(source);
    let out = prettyplease::unparse(&shaken.file);
    assert!(!out.contains("goal"), "{out}");
    assert!(shaken.kept.is_empty(), "{:?}", shaken.kept);
    assert!(shaken.warnings.is_empty(), "{:?}", shaken.warnings.len());
}

/// A `let` whose first value only a deleted field read, and which is
/// assigned again and read: its `let` stays (the later assignment needs
/// the binding), and nothing is backed off.
#[test]
fn a_let_whose_first_value_went_unread_stays_for_its_later_assignments() {
    let source = "pub struct Found { pub cost: u32, pub first: u32 }\n\
         fn main() { let mut g = 1; let f = Found { first: g, cost: 2 }; \
         g = 5; println!(\"{} {}\", g, f.cost); }\n";
    let shaken = shaken_whole(source);
    let out = prettyplease::unparse(&shaken.file);
    assert!(!out.contains("first"), "{out}");
    assert!(
        out.contains("let mut g = 1;") && out.contains("g = 5;"),
        "{out}"
    );
    assert!(shaken.kept.is_empty(), "{:?}", shaken.kept);
}

/// The shake of a shaken text taking what the program never runs
/// (`instances.rs`), `lib` being the crates' code.
fn shaken_unrun(source: &str) -> String {
    let file = syn::parse_file(source).expect("valid source");
    let protected = ["crate::main".to_string()];
    let fixable = ["crate::lib".to_string()];
    let sources = Arc::new(Sources::default());
    match shake(file, None, "2021", &protected, &fixable, sources, true) {
        Ok(s) => prettyplease::unparse(&s.file),
        Err(Failure::DoesNotCompile(d, _)) => panic!("does not compile: {d:?}"),
        Err(Failure::Error(e)) => panic!("{e}"),
    }
}

#[test]
fn what_the_program_never_runs_goes_and_what_a_bound_asks_for_is_stubbed() {
    let out = shaken_unrun(
        "mod lib {\n\
         use std::ops::{Add, Mul, Sub};\n\
         pub trait Num: Copy + Add<Output = Self> + Sub<Output = Self> { fn zero() -> Self; fn clear(&mut self); }\n\
         #[derive(Clone, Copy)] pub struct M(pub u64);\n\
         impl Num for M { fn zero() -> M { M(0) } fn clear(&mut self) { self.0 = 0; } }\n\
         impl Num for u8 { fn zero() -> u8 { 0 } fn clear(&mut self) { *self = 0; } }\n\
         pub fn reset<T: Num>(x: &mut T) { x.clear() }\n\
         impl Add for M { type Output = M; fn add(self, o: M) -> M { M(self.0 + o.0) } }\n\
         impl Sub for M { type Output = M; fn sub(mut self, o: M) -> M { self.0 -= o.0; self } }\n\
         impl Mul<u64> for M { type Output = M; fn mul(self, k: u64) -> M { M(self.0 * k) } }\n\
         pub fn sum<T: Num>(xs: &[T]) -> T { xs.iter().fold(T::zero(), |a, &b| a + b) }\n\
         pub const fn halve(x: u64) -> u64 { x / 2 }\n\
         pub const HALF: u64 = halve(10);\n\
         pub fn unsure(x: u64) -> impl Iterator<Item = u64> { (0..x).map(|i| i * 2) }\n\
         pub fn rarely(x: u64) -> u64 { if x > 100 { unsure(x).sum() } else { x } }\n\
         pub fn branch(x: u64) -> u64 { if x > 100 { rarely(x) } else { x } }\n\
         }\n\
         fn main() { let s = lib::sum(&[lib::M(2), lib::M(3)]); let mut b = 5u8; lib::reset(&mut b); println!(\"{} {} {b}\", s.0, lib::HALF + lib::branch(1)); }\n",
    );
    // Called through no path the program runs, asked for by no bound.
    assert!(!out.contains("Mul"), "{out}");
    // Asked for by `Num`'s supertraits, never called: a stub, whose
    // parameters nothing reads (`mut self` would warn).
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("fn sub(self, _: M) -> M { crate::never_run() }"),
        "{out}"
    );
    assert!(
        flat.contains("fn clear(&mut self) { crate::never_run() }"),
        "{out}"
    );
    // What runs keeps its body; so does a `const fn` (evaluated at compile
    // time, it is in no instance), and one returning `impl Trait`.
    assert!(out.contains("M(self.0 + o.0)"), "{out}");
    assert!(out.contains("x / 2"), "{out}");
    assert!(out.contains("(0..x).map(|i| i * 2)"), "{out}");
    // `rarely` is called from code that runs: rustc generates it, and it
    // keeps its body even if no input takes that branch.
    assert!(out.contains("unsure(x).sum()"), "{out}");
}

/// A shake taking what the program never runs fails rather than end with
/// a warning its first round had not: here the helper only a stubbed
/// function called is dead, and protected (as a back-off protects what it
/// keeps).
#[test]
fn taking_what_never_runs_fails_where_it_would_leave_dead_code() {
    let source = "mod lib {\n\
         pub trait Num: Copy + std::ops::Sub<Output = Self> { fn zero() -> Self; }\n\
         #[derive(Clone, Copy)] pub struct M(pub u64);\n\
         impl Num for M { fn zero() -> M { M(0) } }\n\
         impl std::ops::Sub for M { type Output = M; fn sub(self, o: M) -> M { M(helper(self.0, o.0)) } }\n\
         pub fn helper(a: u64, b: u64) -> u64 { a - b }\n\
         pub fn zero<T: Num>() -> T { T::zero() }\n\
         }\n\
         fn main() { println!(\"{}\", lib::zero::<lib::M>().0); }\n";
    let shake_with = |protected: &[&str]| {
        let file = syn::parse_file(source).expect("valid source");
        let protected: Vec<String> = protected.iter().map(|p| p.to_string()).collect();
        let fixable = ["crate::lib".to_string()];
        let sources = Arc::new(Sources::default());
        shake(file, None, "2021", &protected, &fixable, sources, true)
    };
    let Ok(shaken) = shake_with(&["crate::main"]) else {
        panic!("the stub and the helper's going are clean");
    };
    let out = prettyplease::unparse(&shaken.file);
    assert!(!out.contains("fn helper"), "{out}");
    match shake_with(&["crate::main", "crate::lib::helper"]) {
        Err(Failure::Error(e)) => assert!(e.to_string().contains("did not all go"), "{e}"),
        Ok(s) => panic!("left dead code:\n{}", prettyplease::unparse(&s.file)),
        Err(Failure::DoesNotCompile(d, _)) => panic!("{d:?}"),
    }
}

/// Of a thousand operator impls the program never runs, the one a bound
/// asks for stays, stubbed, and the rest go, though the trim kept them all
/// (a mismatch in a macro's arguments names only `M`, and every impl
/// naming `M` came back), and more than the search's builds could take
/// eight at a time: rustc's errors choose (`NumOps` asks `M` for `Rem`).
#[test]
fn of_a_thousand_impls_never_run_those_a_bound_asks_for_stay() {
    let traits = [
        "Add", "Sub", "Mul", "Div", "Rem", "BitAnd", "BitOr", "BitXor", "Shl", "Shr",
    ];
    let numbers = [
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
    ];
    let mut impls = String::new();
    for (tr, ty) in traits
        .iter()
        .flat_map(|t| numbers.iter().map(move |n| (t, n)))
    {
        let method = tr.to_lowercase();
        let rhs_types = [
            ty.to_string(),
            format!("&{ty}"),
            format!("Option<{ty}>"),
            format!("&Option<{ty}>"),
        ];
        for (me, rhs) in ["M", "&M"]
            .iter()
            .flat_map(|me| rhs_types.iter().map(move |r| (me, r)))
        {
            impls.push_str(&format!(
                "impl {tr}<{rhs}> for {me} {{ type Output = M; \
                 fn {method}(self, _o: {rhs}) -> M {{ M(self.0 ^ 1) }} }}\n"
            ));
        }
    }
    let out = shaken_unrun(&format!(
        "mod lib {{\n\
         use std::ops::*;\n\
         pub trait NumOps: Sized + Add<Output = Self> + Rem<Output = Self> {{ fn zero() -> Self; }}\n\
         #[derive(Clone, Copy)] pub struct M(pub u64);\n\
         impl NumOps for M {{ fn zero() -> M {{ M(0) }} }}\n\
         macro_rules! by_value {{ ($t:ty) => {{ impl Add for $t {{ type Output = $t; fn add(self, o: $t) -> $t {{ M(self.0 + o.0) }} }} }} }}\n\
         by_value!(M);\n\
         impl Add<&M> for M {{ type Output = M; fn add(self, o: &M) -> M {{ M(self.0 + o.0 + 1) }} }}\n\
         impl Rem for M {{ type Output = M; fn rem(self, o: M) -> M {{ M(self.0 % o.0) }} }}\n\
         {impls}\
         macro_rules! plus {{ ($a:expr, $b:expr) => {{\n\
         $a + $b\n\
         }} }}\n\
         pub fn twice(a: M) -> M {{ let b = a; plus!(a,\n\
         &b) }}\n\
         pub fn zero<T: NumOps>() -> T {{ T::zero() }}\n\
         }}\n\
         fn main() {{ println!(\"{{}} {{}}\", lib::zero::<lib::M>().0, lib::twice(lib::M(2)).0); }}\n"
    ));
    // `NumOps`, `by_value!`'s, `Add<&M>` (which runs) and `Rem`.
    let kept: Vec<&str> = (out.lines())
        .filter(|l| l.trim_start().starts_with("impl"))
        .collect();
    assert_eq!(kept.len(), 4, "{kept:#?}");
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("fn rem(self, _: M) -> M { crate::never_run() }"),
        "{out}"
    );
}
