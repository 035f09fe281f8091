//! The size rule: a bundle over its judge's limit is printed again with
//! less, one saving at a time, in a fixed order, and the header says what
//! was done; past the last step the bundler stops and names the largest
//! items. This is the one place that decides it.
//!
//! ```text
//! as asked (formatted, docs kept)            fits: done
//! doc comments dropped                       fits: "docs stripped to fit"
//! doc comments dropped, minified             fits: "docs stripped to fit; minified to fit"
//! and what the program never runs taken      fits: "…; what the program never runs taken to fit"
//! and the crates' names made short           fits: "…; names shortened to fit"
//! still over                                 error: the largest items, biggest first
//! ```
//!
//! Docs go first because they change no code; minifying changes only the
//! layout, which a judge's error message would quote. The last step shakes
//! the bundle again (`shake/instances.rs`): impls the program runs nothing
//! of go, and the functions it never runs (asked for by a trait or a
//! bound) keep `never_run()` (`unreachable!`) for a body. It changes code
//! a reader may want to see, and costs a build per try, so it comes only
//! when nothing else fits. Past it, the names the crates' code declares
//! are made short (`shorten.rs`): the bundle reads as the same program to
//! rustc, and to nobody else. The committed
//! `submissions/killer/main.rs` is the one that needs both (the default
//! profile's 40000 bytes), the other committed ones only the first.

use crate::emit::{self, Style};
use crate::error::Error;
use crate::profiles::Judge;
use crate::syntax;

/// A bundle printed within its limit.
pub struct Printed {
    pub text: String,
    /// How it was printed in the end.
    pub style: Style,
    /// Bytes per module and item as printed, biggest first (`--sizes`).
    pub sizes: Vec<(usize, String)>,
}

/// How many of the largest items the error names.
const NAMED: usize = 10;

/// The styles tried for a bundle asked in `asked`, in order: each adds one
/// saving to the one before (a saving already asked for is no step).
pub fn steps(asked: Style) -> Vec<Style> {
    let mut steps = vec![asked];
    let mut style = asked;
    for saving in [Saving::StripDocs, Saving::Minify] {
        let before = style;
        saving.apply(&mut style);
        if style != before {
            steps.push(style);
        }
    }
    steps
}

#[derive(Clone, Copy)]
enum Saving {
    StripDocs,
    Minify,
}

impl Saving {
    fn apply(self, style: &mut Style) {
        match self {
            Saving::StripDocs => style.strip_docs = true,
            Saving::Minify => style.minify = true,
        }
    }
}

/// Prints `file` in the first of [`steps`] whose text, with the header
/// `header` writes for that text and style, is at most `judge`'s limit of
/// bytes; past the last step, the text `unrun` gives (shaken again
/// without what the program never runs), stripped and minified, if it
/// gives one; then that text (or `file`) with the names `shorten` makes
/// short, if it does.
pub fn fit(
    file: &syn::File,
    asked: Style,
    judge: &Judge,
    header: impl Fn(&syn::File, Style) -> String,
    unrun: impl FnOnce() -> Option<syn::File>,
    shorten: impl FnOnce(&syn::File) -> Option<syn::File>,
) -> Result<Printed, Error> {
    let limit = judge.limit;
    let print = |file: &syn::File, style: Style| -> Result<Printed, Error> {
        let mut printed = file.clone();
        if style.strip_docs {
            syntax::strip_docs(&mut printed);
        }
        let text = format!("{}{}", header(file, style), emit::print(&printed, style));
        emit::round_trip(&printed, &text)?;
        let sizes = emit::sizes(&printed, style);
        Ok(Printed { text, style, sizes })
    };
    let mut last = None;
    for style in steps(asked) {
        let printed = print(file, style)?;
        if printed.text.len() <= limit {
            return Ok(printed);
        }
        last = Some(printed);
    }
    let slim = unrun();
    let mut style = Style {
        strip_docs: true,
        minify: true,
        unrun: slim.is_some(),
        short: false,
    };
    if let Some(slim) = &slim {
        let printed = print(slim, style)?;
        if printed.text.len() <= limit {
            return Ok(printed);
        }
        last = Some(printed);
    }
    if let Some(short) = shorten(slim.as_ref().unwrap_or(file)) {
        style.short = true;
        let printed = print(&short, style)?;
        if printed.text.len() <= limit {
            return Ok(printed);
        }
        last = Some(printed);
    }
    let last = last.expect("at least the asked style is tried");
    Err(Error::TooLarge {
        size: last.text.len(),
        limit,
        judge: judge.name.to_string(),
        stand_in: judge.limit_is_stand_in(),
        breakdown: largest_items(&last.sizes),
    })
}

/// The largest items (modules hold them, and are not named), biggest
/// first, one a line.
fn largest_items(sizes: &[(usize, String)]) -> String {
    let mut lines: Vec<String> = sizes
        .iter()
        .filter(|(_, name)| !name.ends_with(" (module)"))
        .take(NAMED)
        .map(|(size, name)| format!("{size:>8}  {name}"))
        .collect();
    lines.push("(--sizes lists every module and item)".to_string());
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "/// Docs that take room.\n/// More of them.\npub mod m {\n    /// The answer.\n    pub fn answer() -> u32 {\n        let forty = 40;\n        forty + 2\n    }\n}\nfn main() {\n    println!(\"{}\", m::answer());\n}\n";

    fn fitted(limit: usize, asked: Style) -> Result<Printed, Error> {
        let file = syn::parse_file(SOURCE).expect("valid");
        let judge = Judge::named("default")
            .expect("a profile")
            .with_limit(limit);
        fit(
            &file,
            asked,
            &judge,
            |_, _| "// header\n".to_string(),
            || None,
            |_| None,
        )
    }

    const PLAIN: Style = Style {
        strip_docs: false,
        minify: false,
        unrun: false,
        short: false,
    };

    #[test]
    fn docs_go_first_then_the_layout_then_it_fails() {
        let whole = fitted(usize::MAX, PLAIN).expect("fits").text.len();
        let stripped = fitted(whole - 1, PLAIN).expect("fits stripped");
        assert!(stripped.style.strip_docs && !stripped.style.minify);
        assert!(!stripped.text.contains("answer."), "{}", stripped.text);
        let minified = fitted(stripped.text.len() - 1, PLAIN).expect("fits minified");
        assert!(minified.style.strip_docs && minified.style.minify);
        assert!(minified.text.contains("forty+2"), "{}", minified.text);
        match fitted(minified.text.len() - 1, PLAIN) {
            Err(Error::TooLarge {
                size, breakdown, ..
            }) => {
                assert_eq!(size, minified.text.len());
                let sizes: Vec<usize> = breakdown
                    .lines()
                    .filter_map(|l| l.split_whitespace().next()?.parse().ok())
                    .collect();
                assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "{breakdown}");
                assert!(!breakdown.contains("(module)\n"), "{breakdown}");
                for item in ["crate::main", "crate::m::answer"] {
                    assert!(breakdown.contains(item), "{breakdown}");
                }
            }
            _ => panic!("expected TooLarge"),
        }
    }

    #[test]
    fn what_was_asked_is_never_undone() {
        let minify = Style {
            minify: true,
            ..PLAIN
        };
        let steps = steps(minify);
        assert_eq!(steps.len(), 2);
        assert!(steps.iter().all(|s| s.minify));
        assert_eq!(super::steps(PLAIN).len(), 3);
        let both = Style {
            strip_docs: true,
            minify: true,
            ..PLAIN
        };
        assert_eq!(super::steps(both), [both]);
    }

    #[test]
    fn a_limit_that_only_stands_in_says_how_to_give_the_judges() {
        let text = format!("fn main() {{ println!(\"{}\"); }}", "x".repeat(50_000));
        let file = syn::parse_file(&text).expect("parses");
        let yukicoder = Judge::named("yukicoder").expect("a profile");
        assert!(yukicoder.limit_is_stand_in());
        let Err(error) = fit(
            &file,
            PLAIN,
            &yukicoder,
            |_, _| String::new(),
            || None,
            |_| None,
        ) else {
            panic!("fits");
        };
        let message = error.to_string();
        assert!(message.contains("stands in for yukicoder's"), "{message}");
        assert!(message.contains("--max-bytes BYTES"), "{message}");
        let given = yukicoder.with_limit(60_000);
        assert!(!given.limit_is_stand_in());
        assert!(
            given.describe().ends_with("at most 60000 bytes"),
            "{}",
            given.describe()
        );
        assert!(fit(
            &file,
            PLAIN,
            &given,
            |_, _| String::new(),
            || None,
            |_| None
        )
        .is_ok());
    }
}
