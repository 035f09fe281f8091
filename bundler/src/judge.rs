//! What each online judge accepts: the Rust edition it compiles with, the
//! rustc it runs, and the largest source file it takes.
//!
//! Sources for the limits: what each judge states on its rules or submit
//! pages, as far as the authors know them; they could not be re-checked
//! online while this table was written, so treat a judge's own rejection as
//! the final word and fix the number here.
//! * Codeforces: source length at most 65536 bytes (64 KB), per its submit page.
//! * UVa Online Judge: about 40 KB is the figure usually quoted; 40000 B is
//!   used. (Check that the problem's judge accepts Rust at all.)
//! * SPOJ: 50000 B, the default per-problem source limit shown on problem pages.
//! * Luogu: 50 KB, the code length limit its problem pages state (50000 B used
//!   to stay on the safe side of KB = 1000 vs 1024).
//! * AtCoder: 512 KiB, from the contest rules pages (atcoder.jp/contests/*/rules).
//! * Kattis: 128 KiB, its default source size limit.
//! * `default`: the project's own budget (stay under 40 KB) and the oldest
//!   compiler we can check with, Debian's rustc 1.63 (`make check-old-rustc`).
//!
//! The rustc versions are what each judge's language list showed when last
//! seen (likewise not re-checked): Codeforces "Rust 1.75.0 (2021)", AtCoder
//! 1.70.0 (its 2023 language update), Luogu a nightly, Kattis and SPOJ
//! unknown here; UVa takes no Rust at all (the profile is for its size
//! limit, for mirrors of its problems). The library is held to 1.63, so
//! every one of them compiles what it emits.

/// One judge's constraints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judge {
    pub name: &'static str,
    pub edition: &'static str,
    /// The largest accepted source file, in bytes.
    pub limit: usize,
    /// The judge's rustc as far as known (see the module docs).
    pub rustc: Rustc,
}

/// The rustc a judge runs, as far as the table knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rustc {
    /// This version or any later one: the project's own profile.
    AtLeast(&'static str),
    /// This version.
    Version(&'static str),
    /// A nightly build.
    Nightly,
    /// The judge takes Rust, but which rustc is not known here.
    Unknown,
    /// The judge takes no Rust: the profile is for its size limit.
    NoRust,
}

impl Judge {
    /// Every known judge, `default` (the committed submissions' profile)
    /// first.
    pub fn all() -> &'static [Judge] {
        JUDGES
    }

    /// The judge called `name`.
    pub fn named(name: &str) -> Option<Judge> {
        JUDGES.iter().copied().find(|j| j.name == name)
    }

    /// The profile of the committed submissions.
    pub fn is_default(&self) -> bool {
        *self == JUDGES[0]
    }

    /// How a bundle for this judge is compiled, for its header: `rustc
    /// 1.75 -O --edition 2021, at most 65536 bytes`.
    pub fn describe(&self) -> String {
        let (edition, limit) = (self.edition, self.limit);
        let rustc = match self.rustc {
            Rustc::AtLeast(version) => format!("rustc {version}+"),
            Rustc::Version(version) => format!("rustc {version}"),
            Rustc::Nightly => "rustc nightly".to_string(),
            Rustc::Unknown => {
                return format!(
                    "rustc -O --edition {edition}, its version not known here; at most {limit} bytes"
                )
            }
            Rustc::NoRust => {
                return format!(
                    "this judge takes no Rust; the profile is for its size limit, at most {limit} bytes"
                )
            }
        };
        format!("{rustc} -O --edition {edition}, at most {limit} bytes")
    }
}

/// Every known judge, `default` first.
const JUDGES: &[Judge] = &[
    Judge {
        name: "default",
        edition: "2021",
        limit: 40_000,
        rustc: Rustc::AtLeast("1.63"),
    },
    Judge {
        name: "codeforces",
        edition: "2021",
        limit: 65_536,
        rustc: Rustc::Version("1.75"),
    },
    Judge {
        name: "uva",
        edition: "2021",
        limit: 40_000,
        rustc: Rustc::NoRust,
    },
    Judge {
        name: "spoj",
        edition: "2021",
        limit: 50_000,
        rustc: Rustc::Unknown,
    },
    Judge {
        name: "luogu",
        edition: "2021",
        limit: 50_000,
        rustc: Rustc::Nightly,
    },
    Judge {
        name: "atcoder",
        edition: "2021",
        limit: 512 * 1024,
        rustc: Rustc::Version("1.70"),
    },
    Judge {
        name: "kattis",
        edition: "2021",
        limit: 128 * 1024,
        rustc: Rustc::Unknown,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_say_what_is_known_about_each_judges_rustc() {
        let describe = |name| Judge::named(name).expect("a judge").describe();
        assert_eq!(
            describe("default"),
            "rustc 1.63+ -O --edition 2021, at most 40000 bytes"
        );
        assert_eq!(
            describe("codeforces"),
            "rustc 1.75 -O --edition 2021, at most 65536 bytes"
        );
        assert_eq!(
            describe("spoj"),
            "rustc -O --edition 2021, its version not known here; at most 50000 bytes"
        );
        assert_eq!(
            describe("uva"),
            "this judge takes no Rust; the profile is for its size limit, at most 40000 bytes"
        );
        for judge in Judge::all() {
            let text = judge.describe();
            assert!(!text.contains(" - ") && !text.contains('?'), "{text}");
        }
    }
}
