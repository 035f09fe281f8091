use super::*;

fn fixable() -> Vec<String> {
    vec!["crate::lib".to_string()]
}

/// What `prune` takes from `source` (its module `lib` the crates' code),
/// and the text it leaves.
fn pruned(source: &str) -> (Vec<String>, String) {
    let mut tree = syn::parse_file(source).expect("valid source");
    let gone = prune(&mut tree, &fixable());
    (gone, prettyplease::unparse(&tree))
}

#[test]
fn a_method_named_only_by_another_unnamed_one_goes_from_the_trait_and_every_impl() {
    // `to_i8` calls `to_i64`; only `to_u64` is called from outside.
    let (gone, text) = pruned(
        "mod lib { pub trait ToPrim { fn to_i64(&self) -> i64; fn to_u64(&self) -> u64; \
           fn to_i8(&self) -> i8 { self.to_i64() as i8 } } \
           impl ToPrim for u8 { fn to_i64(&self) -> i64 { *self as i64 } \
             fn to_u64(&self) -> u64 { *self as u64 } } \
           impl ToPrim for u16 { fn to_i64(&self) -> i64 { *self as i64 } \
             fn to_u64(&self) -> u64 { *self as u64 } fn to_i8(&self) -> i8 { 0 } } }\n\
         use lib::ToPrim;\n\
         fn main() { println!(\"{}\", 5u8.to_u64() + 6u16.to_u64()); }\n",
    );
    assert_eq!(
        gone,
        [
            "crate::lib::ToPrim::to_i64",
            "crate::lib::ToPrim::to_i8",
            "crate::lib::<impl ToPrim for u8>::to_i64",
            "crate::lib::<impl ToPrim for u16>::to_i64",
            "crate::lib::<impl ToPrim for u16>::to_i8",
        ]
    );
    assert!(
        !text.contains("to_i64") && !text.contains("to_i8"),
        "{text}"
    );
    let diagnostics = crate::rustc::check(&text, "2021").unwrap();
    assert!(diagnostics
        .iter()
        .all(|d| d.level != crate::rustc::Level::Error));
}

#[test]
fn free_functions_and_inherent_methods_named_by_nothing_live_go() {
    // `ratio_to_f64` was called by an impl the trim took; `helper` only by
    // it; `keep` by `main`; `exported` is the linker's.
    let (gone, _) = pruned(
        "mod lib { pub struct R; \
           impl R { pub fn keep(&self) -> u8 { used() } fn approx(&self) -> f64 { 0.5 } } \
           fn used() -> u8 { 1 } \
           fn ratio_to_f64(r: &R) -> f64 { helper() * r.approx() } \
           fn helper() -> f64 { 2.0 } fn itself() { itself() } \
           #[no_mangle] pub extern \"C\" fn exported() {} }\n\
         fn main() { println!(\"{}\", lib::R.keep()); }\n",
    );
    assert_eq!(
        gone,
        [
            "crate::lib::<impl R>::approx",
            "crate::lib::ratio_to_f64",
            "crate::lib::helper",
            "crate::lib::itself",
        ]
    );
}

#[test]
fn a_name_written_by_a_macro_the_users_code_or_a_live_function_stays() {
    let source = "mod lib { pub trait T { fn a(&self) -> u8 { self.b() } fn b(&self) -> u8; \
           fn c(&self) -> u8; fn d(&self) -> u8 { self.d() } } \
           macro_rules! m { () => { fn c(&self) -> u8 { 3 } } } \
           pub struct V; impl V { m!(); } \
           pub trait U { fn e(&self); } }\n\
         struct S;\n\
         impl lib::U for S { fn e(&self) {} }\n\
         fn main() { let x = lib::T::a; }\n";
    // `a` is written by main, `b` by `a`, `c` by the macro (which `V`'s
    // impl invokes), `e` by the user's impl; `d` only by itself.
    assert_eq!(pruned(source).0, ["crate::lib::T::d"]);
}

#[test]
fn only_traits_the_crates_declare_lose_methods_and_not_those_named_as_stds() {
    let (gone, _) = pruned(
        "mod lib { pub trait Mine { fn mine(&self); } pub trait Iterator { fn g(&self); } \
           impl Mine for u8 { fn mine(&self) {} } \
           impl std::fmt::Display for u8 { fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) } } }\n\
         trait Theirs { fn h(&self); }\n\
         fn main() {}\n",
    );
    // (`f`, the parameter of `fmt`, would name a method `f`.)
    assert_eq!(
        gone,
        [
            "crate::lib::Mine::mine",
            "crate::lib::<impl Mine for u8>::mine"
        ]
    );
}

#[test]
fn a_method_call_names_no_free_function_and_an_import_calls_nothing() {
    // `x.div_rem()` calls `Integer::div_rem`, not the free `div_rem`,
    // which only an import names; it goes with the import's leaf.
    let (gone, text) = pruned(
        "mod lib { pub trait Integer { fn div_rem(&self) -> u8; } \
           impl Integer for u8 { fn div_rem(&self) -> u8 { *self } } \
           pub mod big { use super::div::{div_rem, other}; pub fn f() -> u8 { other() } } \
           mod div { pub fn div_rem() -> u8 { 1 } pub fn other() -> u8 { 2 } } }\n\
         use lib::Integer;\n\
         fn main() { println!(\"{} {}\", 5u8.div_rem(), lib::big::f()); }\n",
    );
    assert_eq!(gone, ["crate::lib::div::div_rem"]);
    assert!(text.contains("use super::div::other;"), "{text}");
    let diagnostics = crate::rustc::check(&text, "2021").unwrap();
    assert!(diagnostics
        .iter()
        .all(|d| d.level != crate::rustc::Level::Error));
}

#[test]
fn what_a_macro_writes_counts_once_something_invokes_it() {
    // `add_impl!` was invoked by an impl the trim took: its body names
    // `from_parts`, which goes with it. `shown!` is invoked by `show`,
    // which `main` calls: `digits` stays.
    let (gone, text) = pruned(
        "mod lib { macro_rules! add_impl { ($a:expr) => { Big::from_parts($a) } } \
           macro_rules! shown { ($b:expr) => { digits($b) } } \
           pub struct Big(pub u8); \
           impl Big { fn from_parts(a: u8) -> Big { Big(a) } pub fn show(&self) -> u8 { shown!(self) } } \
           fn digits(b: &Big) -> u8 { b.0 } }\n\
         fn main() { println!(\"{}\", lib::Big(3).show()); }\n",
    );
    assert_eq!(
        gone,
        ["crate::lib::<impl Big>::from_parts", "crate::lib::add_impl"]
    );
    assert!(
        text.contains("macro_rules! shown") && text.contains("fn digits"),
        "{text}"
    );
}
