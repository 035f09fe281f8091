use super::evidence::{called_at, code_of};
use super::*;

fn candidates(source: &str) -> Vec<Candidate> {
    let file = syn::parse_file(source).expect("valid source");
    collect(&file, &["crate::lib".into()])
}

#[test]
fn impls_of_traits_in_the_crates_code_are_candidates_but_drop() {
    let found = candidates(
        "mod lib { pub trait Zero {} impl Zero for i64 {} \
         impl<T: Clone> Zero for Wrap<T> {} impl Drop for Wrap<u8> { fn drop(&mut self) {} } \
         impl Wrap<u8> {} pub struct Wrap<T>(T); \
         impl std::ops::Deref for Wrap<u8> { type Target = u8; fn deref(&self) -> &u8 { &self.0 } } }\n\
         impl lib::Zero for u8 {}\n\
         fn main() {}\n",
    );
    let described: Vec<(String, Vec<String>)> = found
        .iter()
        .map(|c| (c.trait_name.clone(), c.names.iter().cloned().collect()))
        .collect();
    assert_eq!(
        described,
        [
            ("Zero".to_string(), vec!["i64".to_string()]),
            ("Zero".to_string(), vec!["Wrap".to_string()]),
        ]
    );
    assert_eq!(found[0].path, "crate::lib::<impl Zero for i64>");
}

#[test]
fn a_trait_keeping_an_integer_impl_keeps_its_i32_one() {
    let found = candidates(
        "mod lib { pub trait Show {} impl Show for i32 {} impl Show for i64 {} \
         impl Show for f32 {} impl Show for f64 {} pub trait Other {} impl Other for i32 {} }",
    );
    // Show keeps i64 (an error asked for it); Other keeps nothing.
    let mut taken = vec![true, false, true, true, true];
    keep_literal_types(&found, &mut taken);
    assert_eq!(taken, [false, false, true, true, true]);
    // num-traits' `Pow<i32> for f32` is no other choice for a literal
    // where `Pow<u32> for Big` is kept; `Pow<&i32> for &Big` is not either.
    let found = candidates(
        "mod lib { pub trait Pow<R> {} pub struct Big; impl Pow<u32> for Big {} \
         impl Pow<i32> for Big {} impl Pow<i32> for f32 {} impl<'a> Pow<&'a i32> for &'a Big {} \
         impl Pow<u8> for u16 {} impl Pow<i32> for i32 {} impl Pow<u8> for i32 {} }",
    );
    let mut taken = vec![false, true, true, true, false, true, true];
    keep_literal_types(&found, &mut taken);
    assert_eq!(taken, [false, false, true, true, false, false, false]);
}

#[test]
fn an_error_brings_back_the_impls_of_the_trait_and_type_it_names() {
    let found = candidates(
        "mod lib { pub trait Zero {} impl Zero for i64 {} impl Zero for u8 {} \
         impl<T> Zero for T {} }",
    );
    let said = said(&[
        "the",
        "trait",
        "bound",
        "i64",
        "Zero",
        "is",
        "not",
        "satisfied",
    ]);
    let wanted: Vec<bool> = found.iter().map(|c| c.wanted(&said, 1)).collect();
    // The blanket impl names no type of its own: the trait is enough.
    assert_eq!(wanted, [true, false, true]);
}

#[test]
fn an_error_naming_every_type_of_a_header_asks_for_that_impl_first() {
    // num-bigint: `BigInt: Div<BigInt>` asked for every `Div` impl naming
    // `BigInt` (`Div<u8> for BigInt`, `Div<BigInt> for u8`, …: 200 of them).
    let found = candidates(
        "mod lib { pub struct Big; impl std::ops::Div<Big> for Big { type Output = Big; \
         fn div(self, _: Big) -> Big { Big } } \
         impl std::ops::Div<u8> for Big { type Output = Big; fn div(self, _: u8) -> Big { Big } } \
         impl std::ops::Div<Big> for u8 { type Output = Big; fn div(self, _: Big) -> Big { Big } } }",
    );
    let said = said(&[
        "the",
        "trait",
        "bound",
        "Big",
        "Div",
        "is",
        "not",
        "satisfied",
    ]);
    let by_tier = |tier| -> Vec<bool> { found.iter().map(|c| c.wanted(&said, tier)).collect() };
    assert_eq!(by_tier(1), [true, false, false]);
    // Should that not answer the error, the next tier takes any naming it.
    assert_eq!(by_tier(2), [true, true, true]);
}

/// What an error whose words are `words` says, with no header written.
fn said(words: &[&str]) -> Said {
    Said {
        words: words.iter().map(|w| w.to_string()).collect(),
        headers: BTreeSet::new(),
    }
}

/// rustc writes the impl it wants in many ways; each asks for that impl
/// alone, not for those of the same trait and types in another order or
/// through references (num-bigint has eight `Div` impls per pair).
#[test]
fn an_error_writing_an_impls_header_asks_for_that_impl_alone() {
    let found = candidates(
        "mod lib { pub struct Big; \
         impl std::ops::Div<u8> for Big { type Output = Big; fn div(self, _: u8) -> Big { Big } } \
         impl<'a> std::ops::Div<&'a u8> for &'a Big { type Output = Big; fn div(self, _: &u8) -> Big { Big } } \
         impl std::ops::Div<Big> for u8 { type Output = Big; fn div(self, _: Big) -> Big { Big } } \
         impl std::ops::Add for Big { type Output = Big; fn add(self, _: Big) -> Big { Big } } \
         impl std::ops::Neg for Big { type Output = Big; fn neg(self) -> Big { Big } } }",
    );
    let asks = |message: &str, notes: &[&str]| -> Vec<bool> {
        let mut error = error_at("E0369", message, 1, (1, 2), None);
        error.children = (notes.iter())
            .map(|note| crate::rustc::Child {
                level: "note".into(),
                message: note.to_string(),
                replacement: None,
            })
            .collect();
        let said = Said::of(&error, &[]);
        found.iter().map(|c| c.wanted(&said, 0)).collect()
    };
    let div = [true, false, false, false, false];
    assert_eq!(asks("cannot divide `Big` by `u8`", &[]), div);
    assert_eq!(
        asks("cannot divide `&'a lib::Big` by `&u8`", &[]),
        [false, true, false, false, false]
    );
    assert_eq!(
        asks("cannot divide `u8` by `Big`", &[]),
        [false, false, true, false, false]
    );
    assert_eq!(
        asks(
            "mismatched types",
            &["the trait `Div<u8>` is not implemented for `Big`"]
        ),
        div
    );
    assert_eq!(
        asks(
            "the trait bound `Big: std::ops::Div<u8>` is not satisfied",
            &[]
        ),
        div
    );
    // `impl Add for Big` is `Add<Big>`, as rustc writes it.
    assert_eq!(
        asks("cannot add `Big` to `Big`", &[]),
        [false, false, false, true, false]
    );
    assert_eq!(
        asks(
            "cannot apply unary operator `-` to type `Big`",
            &["an implementation of `Neg` might be missing for `Big`"]
        ),
        [false, false, false, false, true]
    );
    // A literal is the `i32` rustc gives it among many impls.
    let mut error = error_at("E0277", "", 1, (1, 2), None);
    let shr = candidates(
        "mod lib { pub struct Big; \
         impl std::ops::Shr<u8> for Big { type Output = Big; fn shr(self, _: u8) -> Big { Big } } \
         impl std::ops::Shr<i32> for Big { type Output = Big; fn shr(self, _: i32) -> Big { Big } } }",
    );
    let mut shr_asks = |message: &str| -> Vec<bool> {
        error.message = message.into();
        let said = Said::of(&error, &[]);
        shr.iter().map(|c| c.wanted(&said, 0)).collect()
    };
    assert_eq!(
        shr_asks("no implementation for `Big >> {integer}`"),
        [false, true]
    );
    assert_eq!(shr_asks("no implementation for `Big >> u8`"), [true, false]);
}

/// `r.clone()` on a `&P` calls `P`'s `Clone`; without it, it would
/// copy the reference, and only a warning (`noop_method_call`) would
/// say so: a warning the text did not have is an error to the trim.
#[test]
fn an_impl_whose_absence_only_warns_comes_back() {
    let source = "mod lib { #[derive(Debug)] pub struct P(pub u32); \
                  impl Clone for P { fn clone(&self) -> P { println!(\"cloned\"); P(self.0) } } \
                  pub trait Unused { fn unused(&self) {} } impl Unused for P {} }\n\
                  fn main() { let p = lib::P(1); let r = &p; let q = r.clone(); println!(\"{q:?}\"); }\n";
    let (text, trimmed) = trimmed(source, "the trim takes `Unused`");
    assert!(text.contains("impl Clone for P"), "{text}");
    assert_eq!(
        gone_paths(&trimmed),
        [
            "crate::lib::<impl Unused for P>",
            "crate::lib::Unused::unused"
        ]
    );
}

/// `*self += u` with `u: u32`, once `AddAssign<u32>` is taken, finds
/// `AddAssign<i32>` and says only "expected `i32`, found `u32`": the
/// operator on the error's line names the trait.
#[test]
fn an_operator_on_the_error_line_names_its_trait() {
    let found = candidates(
        "mod lib { pub struct Big(pub i64); \
         impl std::ops::AddAssign<u32> for Big { fn add_assign(&mut self, u: u32) { self.0 += u as i64; } } \
         impl std::ops::AddAssign<i32> for Big { fn add_assign(&mut self, u: i32) { self.0 += u as i64; } } \
         impl std::ops::SubAssign<u32> for Big { fn sub_assign(&mut self, u: u32) { self.0 -= u as i64; } } }",
    );
    let text = "fn f(b: &mut Big, u: u32) {\n    *b += u;\n}\n";
    let error = error_at(
        "E0308",
        "mismatched types",
        2,
        (10, 11),
        Some("expected `i32`, found `u32`"),
    );
    let mut taken = vec![true; found.len()];
    assert!(bring_back(&found, &mut taken, &[&error], text));
    // Both types the label names come back with the trait; the
    // operator not on the line stays taken.
    assert_eq!(taken, [false, false, true]);
}

/// num-rational: `Rational64::from(0)` without `impl<T> From<T> for
/// Ratio<T>` finds std's `From<T> for T` and says only "mismatched
/// types": the function called by path on the error's line names it.
#[test]
fn a_function_called_by_path_on_the_error_line_names_its_impl() {
    let source = "mod lib { #[derive(Debug)] pub struct Ratio<T>(pub T, pub T); \
                  impl<T: Copy> From<T> for Ratio<T> { fn from(t: T) -> Self { Ratio(t, t) } } \
                  pub trait Unused { fn unused(&self) {} } impl<T> Unused for Ratio<T> {} }\n\
                  fn main() { let r = lib::Ratio::<i64>::from(0); println!(\"{r:?}\"); }\n";
    let (text, trimmed) = trimmed(source, "the trim takes `Unused`");
    assert!(
        text.contains("impl<T: Copy> From<T> for Ratio<T>"),
        "{text}"
    );
    // The trait's method goes with its last impl: no code names it.
    assert_eq!(
        gone_paths(&trimmed),
        [
            "crate::lib::<impl Unused for Ratio<T>>",
            "crate::lib::Unused::unused"
        ]
    );
}

/// `w.to_string()` on a `Wrap` that derefs to `String` compiles
/// without `Wrap`'s `Display` impl, and prints the target: no impl for
/// a type with a `Deref` is taken.
#[test]
fn no_impl_for_a_type_with_a_deref_is_taken() {
    let source = "mod lib { pub struct Wrap(pub String); \
                  impl std::fmt::Display for Wrap { \
                  fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { write!(f, \"<{}>\", self.0) } } \
                  impl std::ops::Deref for Wrap { type Target = String; fn deref(&self) -> &String { &self.0 } } \
                  pub trait Unused {} impl Unused for u8 {} }\n\
                  fn main() { let w = lib::Wrap(\"a\".into()); println!(\"{}\", w.to_string()); }\n";
    let (text, trimmed) = trimmed(source, "the trim takes `Unused for u8`");
    assert!(text.contains("Display for Wrap"), "{text}");
    assert_eq!(trimmed.gone.len(), 1, "{:?}", trimmed.gone);
}

/// `Index` impls are taken too: "cannot index into a value of type
/// `Grid`" names the member (`index`) and the type.
#[test]
fn indexing_on_the_error_line_brings_back_index() {
    let source = "mod lib { pub struct Grid(pub Vec<u8>); \
                  impl std::ops::Index<usize> for Grid { type Output = u8; fn index(&self, i: usize) -> &u8 { &self.0[i] } } \
                  impl std::ops::Index<(usize, usize)> for Grid { type Output = u8; fn index(&self, i: (usize, usize)) -> &u8 { &self.0[i.0 + i.1] } } \
                  pub trait Unused {} impl Unused for u8 {} }\n\
                  fn main() { let g = lib::Grid(vec![1, 2]); println!(\"{}\", g[1]); }\n";
    let (text, _) = trimmed(source, "the trim takes `Unused for u8`");
    assert!(text.contains("Index<usize> for Grid"), "{text}");
    let out = run_text(&text);
    assert_eq!(out, "2\n");
}

/// hashbrown's `impl<T> SizedTypeProperties for T {}` has no member:
/// the error names its trait's provided constant, which asks for it.
#[test]
fn a_provided_item_named_brings_back_its_traits_impls() {
    let source = "mod lib { pub trait Sized2: Sized { const ZERO: bool = std::mem::size_of::<Self>() == 0; } \
                  impl<T> Sized2 for T {} \
                  pub fn zero<T>() -> bool { T::ZERO } \
                  pub trait Unused {} impl Unused for u8 {} }\n\
                  fn main() { println!(\"{} {}\", lib::zero::<()>(), lib::zero::<u8>()); }\n";
    let (text, _) = trimmed(source, "the trim takes `Unused for u8`");
    assert!(text.contains("impl<T> Sized2 for T"), "{text}");
    assert_eq!(run_text(&text), "true false\n");
}

/// `!bits[p]`: rustc's "cannot index into a value of type `Bits`"
/// asks for `Index` by its member `index` and its type (tier 2); the
/// `!` on the line names `Not` (tier 0). A tier that brought back what
/// did not help gives way to the next.
#[test]
fn evidence_that_did_not_help_gives_way_to_the_next() {
    let found = candidates(
        "mod lib { pub struct Bits(pub Vec<bool>); \
         impl std::ops::Index<usize> for Bits { type Output = bool; fn index(&self, i: usize) -> &bool { &self.0[i] } } \
         impl std::ops::Not for Bits { type Output = Bits; fn not(self) -> Bits { self } } }",
    );
    let text = "fn f(bits: &Bits, p: usize) -> bool {\n    !bits[p]\n}\n";
    let error = error_at(
        "E0608",
        "cannot index into a value of type `Bits`",
        2,
        (5, 12),
        None,
    );
    // Here `Not` is for `Bits` too: it comes back first, and when the
    // error is still there, the next step brings back `Index`.
    let mut taken = vec![true; found.len()];
    assert!(bring_back(&found, &mut taken, &[&error], text));
    assert_eq!(taken, [true, false]);
    assert!(bring_back(&found, &mut taken, &[&error], text));
    assert_eq!(taken, [false, false]);
}

fn gone_paths(trimmed: &Trimmed) -> Vec<&str> {
    trimmed.gone.iter().map(|(path, _)| path.as_str()).collect()
}

/// The trim of `source` (its module `lib` the crates' code) as text, and
/// the trim; `what` says what it must take.
fn trimmed(source: &str, what: &str) -> (String, Trimmed) {
    let tree = syn::parse_file(source).unwrap();
    let before = rustc::check(source, "2021").unwrap();
    let trimmed = trim(&tree, "2021", &["crate::lib".into()], &before)
        .unwrap()
        .expect(what);
    (prettyplease::unparse(&trimmed.file), trimmed)
}

/// An error of `code` saying `message`, its primary span on `line` from
/// column `from` to `to`, labelled `label`.
fn error_at(
    code: &str,
    message: &str,
    line: usize,
    (from, to): (usize, usize),
    label: Option<&str>,
) -> Diagnostic {
    let at = |column| crate::rustc::Pos { line, column };
    Diagnostic {
        level: Level::Error,
        code: Some(code.into()),
        message: message.into(),
        spans: vec![crate::rustc::DiagSpan {
            range: crate::rustc::Range {
                start: at(from),
                end: at(to),
            },
            primary: true,
            label: label.map(String::from),
            replacement: None,
            expansion: None,
        }],
        children: Vec::new(),
    }
}

/// Compiles and runs `text`; what it prints.
fn run_text(text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let (src, bin) = (dir.path().join("main.rs"), dir.path().join("main"));
    std::fs::write(&src, text).unwrap();
    let built = std::process::Command::new(crate::rustc::rustc())
        .arg("--edition=2021")
        .arg("-o")
        .arg(&bin)
        .arg(&src)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let ran = std::process::Command::new(&bin).output().unwrap();
    String::from_utf8(ran.stdout).unwrap()
}

/// num-bigint: `"-1234".parse::<BigInt>()` without `FromStr for BigInt`.
/// The `-` inside the string calls no `Sub`, and the note listing
/// `FromStr`'s other impls (`i16`, `i32`, …) asks for none of them: only
/// the impl the error names comes back, not `Sub<i32> for Big`.
#[test]
fn literals_and_lists_of_other_impls_are_no_evidence() {
    let found = candidates(
        "mod lib { pub struct Big(pub i64); \
         impl std::str::FromStr for Big { type Err = (); fn from_str(s: &str) -> Result<Big, ()> { Ok(Big(s.len() as i64)) } } \
         impl std::ops::Sub<i32> for Big { type Output = Big; fn sub(self, o: i32) -> Big { Big(self.0 - o as i64) } } \
         impl std::ops::Sub<Big> for i32 { type Output = Big; fn sub(self, o: Big) -> Big { Big(self as i64 - o.0) } } }",
    );
    let text = "fn main() {\n    let a: Big = \"-1234\".parse().unwrap(); // a - 1\n}\n";
    let mut error = error_at(
        "E0277",
        "the trait bound `Big: FromStr` is not satisfied",
        2,
        (24, 29),
        Some("unsatisfied trait bound"),
    );
    let note = |message: &str| crate::rustc::Child {
        level: "help".into(),
        message: message.into(),
        replacement: None,
    };
    error.children = vec![
        note("the trait `FromStr` is not implemented for `Big`"),
        note("the following other types implement trait `FromStr`:\n  i16\n  i32\n  and 30 others"),
    ];
    let mut taken = vec![true; found.len()];
    assert!(bring_back(&found, &mut taken, &[&error], text));
    assert_eq!(taken, [false, true, true]);
    assert_eq!(
        code_of(r#"let s = "a-\"b"; let c = '-'; let e = '\''; f(&'a x) // - b"#),
        r#"let s = ""; let c = ' '; let e = ' '; f(&'a x) "#
    );
}

/// num-traits implements `Bounded` for `u8` and for tuples of up to 20
/// parameters; `u8: Bounded` asks for the first only, `(u8, u8):
/// Bounded` for the tuples' alone (an instance of its header: `u8`'s
/// comes back when an error of its own asks for it).
#[test]
fn an_impl_for_tuples_answers_only_an_error_naming_a_tuple() {
    let found = candidates(
        "mod lib { pub trait Bounded { fn max() -> Self; } \
         impl Bounded for u8 { fn max() -> u8 { 255 } } \
         impl<A: Bounded, B: Bounded> Bounded for (A, B) { fn max() -> (A, B) { (A::max(), B::max()) } } \
         impl Bounded for () { fn max() {} } }",
    );
    let text = "fn main() {\n    let m = f();\n}\n";
    let bound = |ty: &str| {
        let message = format!("the trait bound `{ty}: Bounded` is not satisfied");
        error_at("E0277", &message, 2, (13, 16), None)
    };
    for (ty, want) in [
        ("u8", [false, true, true]),
        ("(u8, u8)", [true, false, true]),
    ] {
        let mut taken = vec![true; found.len()];
        assert!(bring_back(&found, &mut taken, &[&bound(ty)], text));
        assert_eq!(taken, want, "{ty}");
    }
}

/// The printed text puts binary operators between spaces: `&self`,
/// `*z`, `Vec<u64>`, `->` and `println!` name no trait; `!x` and `-y` do.
#[test]
fn operators_are_read_as_the_printed_text_writes_them() {
    let text = "fn f(x: &Big, v: Vec<u64>) -> u64 {\n    \
                println!(\"{}\", !x.ok() && -y < *z - w);\n    a >>= 2;\n}\n";
    let error = error_at("E0308", "mismatched types", 1, (1, 2), None);
    let error = Diagnostic {
        spans: vec![crate::rustc::DiagSpan {
            range: crate::rustc::Range {
                start: crate::rustc::Pos { line: 1, column: 1 },
                end: crate::rustc::Pos { line: 3, column: 2 },
            },
            ..error.spans[0].clone()
        }],
        ..error
    };
    let lines: Vec<&str> = text.lines().collect();
    let mut called = called_at(&error, &lines);
    called.sort();
    assert_eq!(
        called,
        ["Neg", "Not", "PartialOrd", "ShrAssign", "Sub", "ok"]
    );
}

/// num-bigint: without `From<i32> for BigInt`, `BigInt::from(7)` finds
/// std's `From<T> for T` and rustc says only "expected `BigInt`, found
/// integer"; without `Clone for BigInt`, `x.clone()` copies the reference.
#[test]
fn a_mismatch_where_the_line_converts_or_clones_asks_for_that_impl() {
    let found = candidates(
        "mod lib { #[derive(Debug)] pub struct Big(pub i64); \
         impl From<i32> for Big { fn from(v: i32) -> Big { Big(v as i64) } } \
         impl From<u8> for Big { fn from(v: u8) -> Big { Big(v as i64) } } \
         impl Clone for Big { fn clone(&self) -> Big { Big(self.0) } } }",
    );
    let text = "fn main() {\n    let b = Big::from(7);\n    let c: Big = r.clone();\n}\n";
    let asks = |line, label| -> Vec<bool> {
        let error = error_at("E0308", "mismatched types", line, (5, 9), Some(label));
        let said = Said::of(&error, &text.lines().collect::<Vec<_>>());
        found.iter().map(|c| c.wanted(&said, 0)).collect()
    };
    assert_eq!(
        asks(2, "expected `Big`, found integer"),
        [true, false, false]
    );
    assert_eq!(
        asks(3, "expected `Big`, found `&Big`"),
        [false, false, true]
    );
}

#[test]
fn an_error_writing_an_instance_of_a_generic_header_asks_for_that_impl() {
    use super::evidence::instance;
    let t: BTreeSet<String> = ["T".to_string()].into();
    // `Rational64::from(0)` without `impl<T> From<T> for Ratio<T>`: rustc
    // writes the literal as `{integer}`, read as `i32`.
    assert!(instance("Ratio<T>|From<T>", "Ratio<i64>|From<i32>", &t));
    assert!(instance("Ratio<T>|From<T>", "Ratio<i64>|From<i64>", &t));
    assert!(!instance("Ratio<T>|From<T>", "Ratio<i64>|From<u8>", &t));
    assert!(!instance(
        "Ratio<T>|From<(T,T)>",
        "Ratio<i64>|From<i32>",
        &t
    ));
    assert!(instance(
        "Ratio<T>|From<(T,T)>",
        "Ratio<i64>|From<(i64,i64)>",
        &t
    ));
    // A parameter is one whole type, references and paths included.
    assert!(instance(
        "&Ratio<T>|Add<&Ratio<T>>",
        "&Ratio<Big<u8>>|Add<&Ratio<Big<u8>>>",
        &t
    ));
    assert!(!instance(
        "Ratio<T>|Add<T>",
        "Ratio<i64>|Add<Ratio<i64>>",
        &t
    ));
    // Not a parameter: written as it is.
    assert!(!instance("Ratio<U>|From<U>", "Ratio<i64>|From<i64>", &t));
    assert!(instance(
        "BigInt|Div<u32>",
        "BigInt|Div<u32>",
        &BTreeSet::new()
    ));
}

/// num-integer's `gcd` returns `(1 << shift).abs()`, `abs` num-traits'
/// `Signed`, the literal's type the return type. Without the impls the
/// receiver is "ambiguous numeric type": the method is the evidence, not
/// the `<<` under the span (which took num-bigint's `Shl` impls back).
#[test]
fn a_literals_method_is_asked_for_by_its_name_not_its_receivers_operators() {
    let source = "mod lib { pub trait Signed { fn abs(&self) -> Self; } \
                  impl Signed for i64 { fn abs(&self) -> i64 { if *self < 0 { -*self } else { *self } } } \
                  impl Signed for i32 { fn abs(&self) -> i32 { if *self < 0 { -*self } else { *self } } } \
                  pub struct Big(pub u64); \
                  impl std::ops::Shl<u32> for Big { type Output = Big; fn shl(self, s: u32) -> Big { Big(self.0 << s) } } \
                  pub fn power(shift: u32) -> i64 { return (1 << shift).abs(); } }\n\
                  fn main() { println!(\"{}\", lib::power(40)); }\n";
    let (text, trimmed) = trimmed(source, "the trim takes `Shl for Big`");
    assert_eq!(
        gone_paths(&trimmed),
        ["crate::lib::<impl std::ops::Shl<u32> for Big>"]
    );
    assert_eq!(run_text(&text), run_text(source));
}

/// num-complex: `Complex<f64> * Complex<f64>` where `impl<T: Clone + Num>
/// Mul<Complex<T>> for Complex<T>` is there but `Num for f64` was taken:
/// rustc says only "cannot multiply `Complex<f64>` by `Complex<f64>`".
/// The impl's bound, `f64` in place of `T`, asks for `Num for f64` alone,
/// not for every impl naming `f64`.
#[test]
fn an_error_writing_an_impl_that_is_there_asks_for_its_bounds() {
    let found = candidates(
        "mod lib { pub trait Num {} pub trait Other {} pub struct Complex<T>(T); \
         impl<T: Clone + Num> std::ops::Mul<Complex<T>> for Complex<T> { type Output = Self; \
           fn mul(self, o: Self) -> Self { o } } \
         impl Num for f64 {} impl Num for i64 {} impl Other for f64 {} }",
    );
    let text = "fn f(a: Complex<f64>, b: Complex<f64>) {\n    let z = a * b;\n}\n";
    let error = error_at(
        "E0369",
        "cannot multiply `Complex<f64>` by `Complex<f64>`",
        2,
        (13, 18),
        None,
    );
    let mut taken = vec![false, true, true, true];
    assert!(bring_back(&found, &mut taken, &[&error], text));
    assert_eq!(taken, [false, false, true, true]);
}

/// num-complex, end to end: two `Mul` impls could fit, so rustc names
/// no bound; the trim brings back `Num for f64` and keeps `i64`'s out.
#[test]
fn a_kept_impls_unmet_bound_comes_back_and_the_program_prints_the_same() {
    let source = "mod lib { use std::ops::Mul; pub trait Num { fn one() -> Self; } \
                  impl Num for f64 { fn one() -> f64 { 1.0 } } \
                  impl Num for i64 { fn one() -> i64 { 1 } } \
                  #[derive(Clone, Copy, Debug)] pub struct Complex<T> { pub re: T, pub im: T } \
                  impl<T: Clone + Num + Mul<Output = T>> Mul<Complex<T>> for Complex<T> { type Output = Complex<T>; \
                    fn mul(self, o: Complex<T>) -> Complex<T> { Complex { re: self.re * o.re, im: self.im * o.im } } } \
                  impl<T: Clone + Num + Mul<Output = T>> Mul<T> for Complex<T> { type Output = Complex<T>; \
                    fn mul(self, o: T) -> Complex<T> { Complex { re: self.re * o.clone(), im: self.im * o } } } }\n\
                  fn main() { let z = lib::Complex { re: 1.0f64, im: 2.0 } * lib::Complex { re: 3.0, im: 4.0 }; \
                  println!(\"{z:?}\"); }\n";
    let (text, trimmed) = trimmed(source, "the trim takes `Num for i64`");
    let gone = gone_paths(&trimmed);
    assert!(gone.contains(&"crate::lib::<impl Num for i64>"), "{gone:?}");
    assert!(
        !gone.contains(&"crate::lib::<impl Num for f64>"),
        "{gone:?}"
    );
    assert_eq!(run_text(&text), run_text(source));
}

/// num-bigint's `bigint_add!` subtracts in its body; rustc's error points
/// at the invocation's argument (`expected `&BigUint`, found `BigUint``),
/// whose line writes no operator: the impls naming the type come back.
#[test]
fn an_error_naming_only_a_type_brings_back_the_impls_naming_it() {
    let found = candidates(
        "mod lib { pub struct Big(pub u8); \
         impl std::ops::Sub<Big> for &Big { type Output = Big; fn sub(self, o: Big) -> Big { o } } \
         impl std::ops::Not for u8 { type Output = u8; fn not(self) -> u8 { self } } }",
    );
    let text = "fn f(a: &Big, b: Big) -> Big {\n    twice!(a, b)\n}\n";
    let error = error_at(
        "E0308",
        "mismatched types",
        2,
        (15, 16),
        Some("expected `&Big`, found `Big`"),
    );
    let mut taken = vec![true, true];
    assert!(bring_back(&found, &mut taken, &[&error], text));
    assert_eq!(taken, [false, true]);
}
