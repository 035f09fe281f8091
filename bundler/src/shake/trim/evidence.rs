//! What a rustc error says about the impls the trim took: the words of
//! its message, notes and line, and the headers of the impls it writes
//! out ([`Said`]). rustc writes one impl in many ways (`cannot divide
//! `BigInt` by `u32``, `the trait `Div<u32>` is not implemented for
//! `BigInt``, `no implementation for `BigInt / u32``); [`normal`] makes
//! them one, and the impl's own header too.

use std::collections::{BTreeMap, BTreeSet};

use crate::rustc::Diagnostic;

/// Whether `c` may be part of an identifier.
pub(super) fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// What an error says: the words of its message, labels and notes and
/// of the code on its lines ([`words_of`], [`called_at`]), and the
/// headers of the impls it writes out ([`headers_of`]).
pub(super) struct Said {
    pub(super) words: BTreeSet<String>,
    pub(super) headers: BTreeSet<(String, String)>,
}

impl Said {
    pub(super) fn of(error: &Diagnostic, lines: &[&str]) -> Said {
        // The code on the error's line: its operators and methods
        // (`*self += u` names `AddAssign` where rustc says only "found
        // `u32`"). Not where the span is a literal's receiver (`can't
        // call method `abs` on ambiguous numeric type`, under `(1 <<
        // shift)`): the method is named, and the receiver's `<<` is no
        // evidence (it took num-bigint's `Shl` impls back for
        // num-integer's `gcd`); the literal's type may be any of its kind.
        let (called, literal): (_, &[&str]) = match error.code.as_deref() {
            Some("E0689") if error.message.ends_with("`{float}`") => (Vec::new(), &["f32", "f64"]),
            Some("E0689") => (Vec::new(), &super::INTEGERS),
            _ => (called_at(error, lines), &[]),
        };
        let mut headers: BTreeSet<(String, String)> = headers_of(error).into_iter().collect();
        headers.extend(converted(error, &called));
        let mut words: BTreeSet<String> = words_of(error).into_iter().collect();
        // Unless rustc suggests one (`like `i32``, as `5.show()` has).
        if !literal.iter().any(|t| words.contains(*t)) {
            words.extend(literal.iter().map(|t| t.to_string()));
        }
        words.extend(called);
        Said { words, headers }
    }
}

/// The impls a type mismatch asks for where its line converts or clones:
/// without `From<i32> for BigInt`, `BigInt::from(7)` finds std's `From<T>
/// for T` ("expected `BigInt`, found integer"); without `Clone for BigInt`,
/// `x.clone()` copies the reference ("expected `BigInt`, found
/// `&BigInt`").
fn converted(error: &Diagnostic, called: &[String]) -> Vec<(String, String)> {
    let calls = |name: &str| called.iter().any(|c| c == name);
    let mut out = Vec::new();
    let labels = error.spans.iter().filter_map(|s| s.label.as_deref());
    for (expected, found) in labels.filter_map(expected_found) {
        if calls("from") || calls("into") {
            out.push((normal(&expected), normal(&format!("From<{found}>"))));
        }
        if calls("clone") && found.strip_prefix('&') == Some(expected.as_str()) {
            out.push((normal(&expected), "Clone".to_string()));
        }
    }
    out
}

/// The two types of rustc's "expected `BigInt`, found integer".
fn expected_found(label: &str) -> Option<(String, String)> {
    let (expected, found) = label.strip_prefix("expected ")?.split_once(", found ")?;
    let ty = |text: &str| match text.split('`').nth(1) {
        Some(ty) => ty.to_string(),
        None if text.starts_with("integer") => "{integer}".to_string(),
        None if text.starts_with("floating-point") => "{float}".to_string(),
        None => text.to_string(),
    };
    Some((ty(expected), ty(found)))
}

/// The binary operators and their traits, longest first.
const BINARY: &[(&str, &str)] = &[
    ("<<=", "ShlAssign"),
    (">>=", "ShrAssign"),
    ("+=", "AddAssign"),
    ("-=", "SubAssign"),
    ("*=", "MulAssign"),
    ("/=", "DivAssign"),
    ("%=", "RemAssign"),
    ("&=", "BitAndAssign"),
    ("|=", "BitOrAssign"),
    ("^=", "BitXorAssign"),
    ("<<", "Shl"),
    (">>", "Shr"),
    ("==", "PartialEq"),
    ("!=", "PartialEq"),
    ("<=", "PartialOrd"),
    (">=", "PartialOrd"),
    ("<", "PartialOrd"),
    (">", "PartialOrd"),
    ("+", "Add"),
    ("-", "Sub"),
    ("*", "Mul"),
    ("/", "Div"),
    ("%", "Rem"),
    ("&", "BitAnd"),
    ("|", "BitOr"),
    ("^", "BitXor"),
];

/// The traits of the unary operators of `line`: `!x` (not `println!(`
/// nor `!=`) and `-x` (not `a - b` nor `->`).
fn unary(line: &str) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    for (k, &c) in chars.iter().enumerate() {
        let before = k.checked_sub(1).map(|b| chars[b]);
        let after = chars.get(k + 1).copied();
        let opens = before.is_none_or(|b| " ([{,=".contains(b));
        let operand = after.is_some_and(|a| !" =>".contains(a));
        match c {
            '!' if opens && operand => out.push("Not".to_string()),
            '-' if opens && operand => out.push("Neg".to_string()),
            _ => {}
        }
    }
    out
}

/// The traits of the operators, and the methods (`x.name(`) and
/// associated functions (`T::name(`) called on the lines of an error's
/// primary spans: where rustc names no trait (`*self += u`, found `u32`
/// where `AddAssign<i32>` is the one impl left; `Rational64::from(0)`,
/// "mismatched types"), the code does.
pub(super) fn called_at(error: &Diagnostic, lines: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for span in error.primary() {
        let (first, last) = (span.range.start.line, span.range.end.line);
        for line in (first..=last.min(first + 3)).filter_map(|l| lines.get(l.checked_sub(1)?)) {
            let code = code_of(line);
            let line = code.as_str();
            // The printed text puts a binary operator between spaces:
            // `&self`, `*x`, `Vec<u64>` and `->` are none.
            for word in line.split(' ') {
                if let Some((_, name)) = BINARY.iter().find(|(op, _)| *op == word) {
                    out.push(name.to_string());
                }
            }
            out.extend(unary(line));
            let called = |after: &str| {
                let name: String = after.chars().take_while(|&c| is_word(c)).collect();
                after[name.len()..].starts_with('(').then_some(name)
            };
            out.extend(line.split('.').skip(1).filter_map(called));
            out.extend(line.split("::").skip(1).filter_map(called));
        }
    }
    out
}

/// `line` with its string and character literals blanked and its
/// comment cut: a `-` inside `"-123"` calls no `Sub`.
pub(super) fn code_of(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        let ahead = chars.clone().take(2).collect::<Vec<char>>();
        match (c, ahead.as_slice()) {
            ('"', _) => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    match c {
                        '"' if !escaped => break,
                        '\\' => escaped = !escaped,
                        _ => escaped = false,
                    }
                }
                out.push_str("\"\"");
            }
            // A character literal (`'-'`, `'\\n'`), not a lifetime (`'a`).
            ('\'', ['\\', ..]) => {
                chars.by_ref().nth(1);
                chars.by_ref().find(|&c| c == '\'');
                out.push_str("' '");
            }
            ('\'', [_, '\'']) => {
                chars.by_ref().nth(1);
                out.push_str("' '");
            }
            ('/', ['/', ..]) => break,
            _ => out.push(c),
        }
    }
    out
}

/// The identifiers in an error's message, labels and notes, but the
/// notes' lists of the trait's other impls (`the following other types
/// implement trait `FromStr`: i16, i32, …`): those are there, and name
/// no impl the error asks for. A tuple type named (`(u8, u8): Bounded`)
/// is the word `(..)`, the unit type `()`, as in [`TypeNames`].
fn words_of(error: &Diagnostic) -> Vec<String> {
    let lists_impls = |text: &str| {
        text.starts_with("the following other types implement trait")
            || (text.contains(" is implemented for ") && !text.contains(" not "))
    };
    let texts = std::iter::once(&error.message)
        .chain(error.spans.iter().filter_map(|s| s.label.as_ref()))
        .chain(error.children.iter().map(|c| &c.message))
        .filter(|text| !lists_impls(text));
    let mut words = Vec::new();
    for text in texts {
        words.extend(
            text.split(|c: char| !is_word(c))
                .filter(|w| !w.is_empty())
                .map(String::from),
        );
        if text.contains("`()") {
            words.push("()".to_string());
        }
        if text.contains("`(") && !text.contains("`()") {
            words.push("(..)".to_string());
        }
    }
    words
}

/// The impls an error writes out, as (self type, trait with its
/// arguments), [`normal`]: rustc's `the trait `Div<u32>` is not implemented
/// for `BigInt``, `the trait bound `BigInt: FromStr` is not satisfied`,
/// `an implementation of `Neg` might be missing for `BigInt``, and the
/// operators' own words (`cannot multiply `&B` by `&B``, which has no note).
fn headers_of(error: &Diagnostic) -> Vec<(String, String)> {
    // The message's start, the operator's trait, and whether the self
    // type is written second (`cannot add `u32` to `BigInt``).
    const OPERATORS: &[(&str, &str, bool)] = &[
        ("cannot add-assign `", "AddAssign", true),
        ("cannot add `", "Add", true),
        ("cannot subtract-assign `", "SubAssign", true),
        ("cannot subtract `", "Sub", true),
        ("cannot multiply-assign `", "MulAssign", false),
        ("cannot multiply `", "Mul", false),
        ("cannot divide-assign `", "DivAssign", false),
        ("cannot divide `", "Div", false),
        (
            "cannot calculate and assign the remainder of `",
            "RemAssign",
            false,
        ),
        ("cannot calculate the remainder of `", "Rem", false),
    ];
    let texts = std::iter::once(&error.message)
        .chain(error.spans.iter().filter_map(|s| s.label.as_ref()))
        .chain(error.children.iter().map(|c| &c.message));
    let mut out = Vec::new();
    for text in texts {
        let ticked: Vec<&str> = text.split('`').skip(1).step_by(2).collect();
        let header = match ticked.as_slice() {
            [t, s, ..]
                if text.starts_with("the trait `")
                    && text.contains(" is not implemented for `") =>
            {
                Some((s.to_string(), t.to_string()))
            }
            [t, s, ..] if text.starts_with("an implementation of `") => {
                Some((s.to_string(), t.to_string()))
            }
            // `no implementation for `BigInt >> {integer}``
            [written, ..] if text.starts_with("no implementation for `") => {
                BINARY.iter().find_map(|(op, name)| {
                    let (s, rhs) = written.split_once(&format!(" {op} "))?;
                    Some((s.to_string(), format!("{name}<{rhs}>")))
                })
            }
            [bound, ..] if text.starts_with("the trait bound `") => bound
                .split_once(": ")
                .map(|(s, t)| (s.to_string(), t.to_string())),
            [a, b, ..] => OPERATORS
                .iter()
                .find(|(start, ..)| text.starts_with(start))
                .map(|&(_, name, second)| {
                    let (s, rhs) = if second { (b, a) } else { (a, b) };
                    (s.to_string(), format!("{name}<{rhs}>"))
                }),
            _ => None,
        };
        out.extend(header.map(|(s, t)| (normal(&s), normal(&t))));
    }
    out
}

/// A type or trait as [`headers_of`] compares them: without lifetimes,
/// paths (`float::Float` is `Float`) and spaces, a literal's type as
/// rustc gives it when more than one fits (`{integer}` is `i32`).
pub(super) fn normal(text: &str) -> String {
    let text = text.replace("{integer}", "i32").replace("{float}", "f64");
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {}
            // A lifetime: rustc's `&'a` and our `& 'a` are the same.
            '\'' => while chars.next_if(|&c| is_word(c)).is_some() {},
            ':' if chars.next_if_eq(&':').is_some() => {
                while out.ends_with(is_word) {
                    out.pop();
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// Whether the header an error writes (`written`, [`normal`]) is an
/// instance of an impl's header (`pattern`) whose own type parameters
/// are `params`: `From<i64> for Ratio<i64>` of `From<T> for Ratio<T>`.
/// A parameter stands for one type wherever it is, but for a literal's
/// default: `Ratio::from(0)` is written `From<i32>` (`{integer}`) where
/// the type is `Ratio<i64>`.
pub(super) fn instance(pattern: &str, written: &str, params: &BTreeSet<String>) -> bool {
    bindings(pattern, written, params).is_some()
}

/// The types the parameters stand for where `written` is an
/// [`instance`] of `pattern` (`T` is `f64` in `Complex<f64>|Mul<Complex<f64>>`
/// of `Complex<T>|Mul<Complex<T>>`).
pub(super) fn bindings(
    pattern: &str,
    written: &str,
    params: &BTreeSet<String>,
) -> Option<BTreeMap<String, String>> {
    let (pattern, written) = (tokens(pattern), tokens(written));
    let mut bound = BTreeMap::new();
    unify(&pattern, &written, params, &mut bound)
        .then(|| bound.into_iter().map(|(p, ty)| (p, ty.concat())).collect())
}

/// Words, and the single characters between them.
pub(super) fn tokens(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in text.chars() {
        match out.last_mut() {
            Some(last) if is_word(c) && last.ends_with(is_word) => last.push(c),
            _ => out.push(c.to_string()),
        }
    }
    out
}

fn unify(
    pattern: &[String],
    written: &[String],
    params: &BTreeSet<String>,
    bound: &mut BTreeMap<String, Vec<String>>,
) -> bool {
    let Some((first, rest)) = pattern.split_first() else {
        return written.is_empty();
    };
    if !params.contains(first) {
        return written.first() == Some(first) && unify(rest, &written[1..], params, bound);
    }
    // Each whole type `written` begins with, shortest first.
    let mut depth = 0i32;
    for end in 1..=written.len() {
        depth += match written[end - 1].as_str() {
            "<" | "(" | "[" => 1,
            ">" | ")" | "]" => -1,
            _ => 0,
        };
        if depth < 0 {
            return false;
        }
        if depth > 0 || matches!(written[end - 1].as_str(), "&" | "*" | "mut" | "dyn") {
            continue;
        }
        let ty = written[..end].to_vec();
        let fits = match bound.get(first) {
            Some(before) => *before == ty || literal_default(before, &ty),
            None => true,
        };
        if !fits {
            continue;
        }
        let fresh = !bound.contains_key(first);
        if fresh {
            bound.insert(first.clone(), ty);
        }
        if unify(rest, &written[end..], params, bound) {
            return true;
        }
        if fresh {
            bound.remove(first);
        }
    }
    false
}

/// Whether one of two types is the default a literal of the other's kind
/// is written with (`i32` for an integer, `f64` for a float).
fn literal_default(a: &[String], b: &[String]) -> bool {
    let kind = |t: &[String]| match t {
        [w] if w == "f32" || w == "f64" => Some("f64"),
        [w] if super::INTEGERS.contains(&w.as_str()) => Some("i32"),
        _ => None,
    };
    let one = |t: &[String], default: &str| t.len() == 1 && t[0] == default;
    match (kind(a), kind(b)) {
        (Some(x), Some(y)) if x == y => one(a, x) || one(b, x),
        _ => false,
    }
}
