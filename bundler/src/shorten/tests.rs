use super::*;

/// A bin whose crate `lib` is at `crate::lib`.
const PROGRAM: &str = r#"
use lib::{Accumulated, Accumulator, Counted};
fn main() {
    let mut user_total = Accumulator::starting_at(2);
    for step in 1..4u64 {
        user_total.accumulate_value(step);
    }
    let counted = Counted { count_field: 3 };
    println!("{} {:?} {}", user_total.current_value(), counted, counted.count_field);
}
mod lib {
    pub trait Accumulated {
        fn accumulate_value(&mut self, amount: u64);
    }
    pub struct Accumulator {
        running_value: u64,
    }
    impl Accumulator {
        #[inline]
        pub fn starting_at(initial_value: u64) -> Accumulator {
            Accumulator { running_value: initial_value }
        }
        #[must_use]
        pub fn current_value(&self) -> String {
            let running_value = self.running_value;
            format!("{running_value}")
        }
    }
    impl Accumulated for Accumulator {
        fn accumulate_value(&mut self, amount: u64) {
            let _ignored_amount = doubled_amount(amount);
            self.running_value += doubled_amount(amount);
        }
    }
    fn doubled_amount(amount: u64) -> u64 {
        amount * 2
    }
    #[derive(Debug)]
    pub struct Counted {
        pub count_field: u64,
    }
}
"#;

fn shortened(source: &str) -> Option<String> {
    let file = syn::parse_file(source).expect("valid");
    let fixable = ["crate::lib".to_string()];
    let short = shorten(&file, &fixable, "2021").expect("rustc runs");
    short.map(|f| prettyplease::unparse(&f))
}

fn output(source: &str) -> String {
    let dir = tempfile::tempdir().expect("a folder");
    let (src, bin) = (dir.path().join("main.rs"), dir.path().join("main"));
    std::fs::write(&src, source).expect("written");
    let built = std::process::Command::new(crate::rustc::rustc())
        .args(["--edition", "2021", "-D", "warnings", "-o"])
        .args([&bin, &src])
        .status()
        .expect("rustc");
    assert!(built.success(), "{source}");
    let run = std::process::Command::new(&bin).output().expect("runs");
    String::from_utf8(run.stdout).expect("utf-8")
}

#[test]
fn the_crates_names_go_short_and_the_program_prints_the_same() {
    let short = shortened(PROGRAM).expect("shortened");
    assert_eq!(output(&short), output(PROGRAM));
    // The crates' names, and those of theirs the user's code calls, go:
    for long in [
        "Accumulator",
        "doubled_amount",
        "starting_at",
        "accumulate_value",
    ] {
        assert!(!short.contains(long), "{long}:\n{short}");
    }
    // the user's own stay, as do those a string shows (a format string's
    // capture, a derived `Debug`), with the hints gone.
    for kept in [
        "user_total",
        "step",
        "running_value",
        "Counted",
        "count_field",
    ] {
        assert!(short.contains(kept), "{kept}:\n{short}");
    }
    assert!(!short.contains("#[inline]") && !short.contains("#[must_use]"));
    // A name keeps its leading underscore (no unused-variable warning).
    assert!(
        !short.contains("_ignored_amount") && short.contains("let _"),
        "{short}"
    );
}

#[test]
fn a_program_that_reads_a_type_name_keeps_every_name() {
    let source = PROGRAM.replace(
        "fn doubled_amount(amount: u64) -> u64 {",
        "fn doubled_amount(amount: u64) -> u64 {\n let _ = std::any::type_name::<Accumulator>();",
    );
    let short = shortened(&source).expect("the hints still go");
    assert!(short.contains("Accumulator") && !short.contains("#[inline]"));
}

#[test]
fn what_a_macro_stringifies_keeps_its_name() {
    let source = PROGRAM.replace(
        "    fn doubled_amount(",
        "    macro_rules! named { ($x:ident) => { stringify!($x) } }\n    pub fn spelled() -> &'static str { named!(doubled_amount) }\n    fn doubled_amount(",
    );
    let source = source.replace(
        "user_total.current_value(),",
        "user_total.current_value(), lib::spelled(),",
    );
    let source = source.replace("println!(\"{} {:?} {}\"", "println!(\"{} {} {:?} {}\"");
    let short = shortened(&source).expect("shortened");
    assert!(
        short.contains("doubled_amount") && !short.contains("Accumulator"),
        "{short}"
    );
    assert_eq!(output(&short), output(&source));
}

#[test]
fn fresh_names_count_up_in_their_case() {
    let lower = Fresh::new(false);
    let names: Vec<String> = [0, 25, 26, 27, 26 + 36]
        .iter()
        .map(|&i| lower.name(i))
        .collect();
    assert_eq!(names, ["a", "z", "aa", "ab", "ba"]);
    assert_eq!(Fresh::new(true).name(26 + 26), "A0");
}

#[test]
fn stds_names_are_read_from_its_metadata() {
    let std = StdNames::get().expect("std's metadata");
    for name in ["leading_zeros", "offset_from_unsigned", "Vec", "fmt"] {
        assert!(std.spells(name), "{name}");
    }
    assert!(!std.spells("doubled_amount_zq"));
}

#[test]
fn a_demangled_name_reads_the_same_before_and_after() {
    let words = BTreeSet::from(["Accumulator", "A", "find_slot", "fs2"]);
    let before = "<rust_out::lib::Accumulator as core::clone::Clone>::clone";
    let after = "<rust_out::lib::A as core::clone::Clone>::clone";
    assert_eq!(blanked(before, &words), blanked(after, &words));
    assert_eq!(
        blanked(before, &words),
        "<rust_out::lib::_ as core::clone::Clone>::clone"
    );
    // std's hashbrown keeps its `find_slot`; the bundle's is renamed.
    let std_dep = "<hashbrown::raw::RawTable<rust_out::A>>::find_slot";
    let ours = "<rust_out::lib::fs2>::x0";
    assert_eq!(
        blanked(std_dep, &words),
        "<hashbrown::raw::RawTable<rust_out::_>>::_"
    );
    assert_eq!(blanked(ours, &words), "<rust_out::lib::_>::x0");
    assert_eq!(blanked("Accumulator2", &words), "Accumulator2");
}

#[test]
fn a_name_written_raw_somewhere_keeps_its_name_everywhere() {
    let source = PROGRAM.replace("    fn doubled_amount(", "    fn r#doubled_amount(");
    let short = shortened(&source).expect("shortened");
    assert!(short.contains("r#doubled_amount(amount"), "{short}");
    assert!(
        short.contains(" doubled_amount(") && !short.contains("Accumulator"),
        "{short}"
    );
    assert_eq!(output(&short), output(&source));
}
