use super::*;

fn candidates(source: &str) -> Vec<Candidate> {
    let file = syn::parse_file(source).expect("valid source");
    let mut out = Vec::new();
    collect(
        &file.items,
        "crate",
        &mut Vec::new(),
        &["crate::lib".into()],
        &mut out,
    );
    out
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
}

#[test]
fn an_error_brings_back_the_impls_of_the_trait_and_type_it_names() {
    let found = candidates(
        "mod lib { pub trait Zero {} impl Zero for i64 {} impl Zero for u8 {} \
         impl<T> Zero for T {} }",
    );
    let words: BTreeSet<&str> = [
        "the",
        "trait",
        "bound",
        "i64",
        "Zero",
        "is",
        "not",
        "satisfied",
    ]
    .into_iter()
    .collect();
    let wanted: Vec<bool> = found.iter().map(|c| c.wanted(&words, 0)).collect();
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
    let words: BTreeSet<&str> = [
        "the",
        "trait",
        "bound",
        "Big",
        "Div",
        "is",
        "not",
        "satisfied",
    ]
    .into_iter()
    .collect();
    let by_tier = |tier| -> Vec<bool> { found.iter().map(|c| c.wanted(&words, tier)).collect() };
    assert_eq!(by_tier(0), [true, false, false]);
    // Should that not answer the error, the next tier takes any naming it.
    assert_eq!(by_tier(1), [true, true, true]);
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
    assert_eq!(trimmed.gone.len(), 1, "{:?}", trimmed.gone);
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
    assert_eq!(trimmed.gone.len(), 1, "{:?}", trimmed.gone);
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
