//! What each online judge accepts: the rustc it runs, the Rust edition it
//! compiles with, and the largest source file it takes, each fact with the
//! public page that states it and when it was seen.
//!
//! ```
//! use bundler::Judge;
//!
//! let atcoder = Judge::named("atcoder").expect("a profile");
//! assert_eq!((atcoder.rustc_version(), atcoder.edition), (Some("1.89"), "2024"));
//! assert!(atcoder.seen.rustc.confirmed);
//! ```
//!
//! The pages were read on 2026-11-25 in stored public copies (this project
//! cannot reach the judges' sites): the judge's own page where one was
//! stored, else a public file that quotes or mirrors it, named in the
//! "seen in" column with its date. A fact that could not be confirmed is
//! marked *not confirmed*; its value is kept from the earlier table or is a
//! stand-in, and the judge's own rejection is the final word (fix the
//! number here, with its source).
//!
//! | judge | rustc | edition | limit (bytes) | the judge's page | seen in, date |
//! |---|---|---|---|---|---|
//! | `default` | 1.63 or later | 2021 | 40000 | this project's budget | Debian's rustc 1.63 (`make check-old-rustc`), the oldest we can run, 2026-11-25 |
//! | `stable` | the rustc installed here | 2024 | none | no judge: today's stable Rust, the default for a bin of your package | this project's choice, 2026-12-05 |
//! | `atcoder` | 1.89.0 | 2024 | 524288 (not confirmed) | img.atcoder.jp/file/language-update/2025-10/language-list.html; the limit: atcoder.jp/contests/*/rules | solalyth/cplib-rs readme.md ("1.89.0 (edition 2024)", citing that list), 2026-04-17 |
//! | `codeforces` | 1.89.0 | 2024 (2021 offered too) | 65536 (not confirmed) | codeforces.com/problemset/submit ("Rust 1.89.0 (2021)", "Rust 1.89.0 (2024)") | agrawal-d/cph src/config.ts (PR #674, the submit page's language ids), 2026-06-01 |
//! | `luogu` | not confirmed; 1.85 or later (edition 2024 needs it) | 2024 | 50000 (not confirmed) | luogu.com.cn, its language list | yosupo06/library-checker-judge PR #561 (its list of judges on edition 2024), 2026-03-29 |
//! | `spoj` | not confirmed | 2021 (not confirmed) | 50000 (not confirmed) | spoj.com, its problem pages | none stored |
//! | `uva` | takes no Rust | — | 40000 (not confirmed) | onlinejudge.org ("Source code cannot exceed 40K") | cymerrad/uva-online-judge README quoting it (and doubting it); TheOnlineJudge/ojudge#120 reports 10000, 2020-11-05 |
//! | `kattis` | 1.78.0 | 2021 | 131072 (not confirmed) | open.kattis.com/languages/rust (`rustc -O --crate-type bin --edition=2021`); takes several files | a stored open.kattis.com/contests/…/languages/rust, undated (1.78.0 came out 2024-05-02) |
//! | `yukicoder` | 1.94.0 | 2024 | 40000 (a stand-in: not known) | yukicoder.me/help/environments | solalyth/cplib-rs readme.md ("1.94.0 (edition 2024)"), 2026-04-17 |
//! | `library-checker` | 1.94.1 | 2024 | 1048576 | judge.yosupo.jp/help | yosupo06/library-checker-judge langs/langs.toml and api/validate.go (PR #561 merged 2026-05-01) |
//! | `codingame` | 1.90.0 | 2024 (not confirmed) | 100000 (100k characters) | codingame.com help center, "languages versions" | CodinGame/Contribute-Help pages/technical/languages.md, 2025-10-08; the edition: library-checker-judge PR #561, 2026-03-29 |
//! | `baekjoon` | not confirmed | 2021 (not confirmed; 2024 offered too, per issue 39) | 524288 | acmicpc.net/help/language (its list offers "Rust 2021") | the limit: Startlink/BOJ-Feature-Request#56 ("64K -> 512K", Baekjoon, 2016-10-26); Rust itself: #29 ("1.10.0 is added", 2016-10-19) |
//! | `leetcode` | not confirmed; 1.85 or later (edition 2024 needs it) | 2024 | 40000 (a stand-in: not known) | leetcode.com, its language help | yosupo06/library-checker-judge PR #561, 2026-03-29 |
//!
//! Notes. Codeforces offers both editions, and Baekjoon too (this
//! project's issue 39; no stored page confirms its 2024): `--edition`
//! picks one. Without it, a bin's bundle takes the newest its crates are
//! written in (2021 for a package of 2021 crates, which then are compiled
//! as they are), and a problem of the library the profile's own; the
//! header says which and why, so pick that one on the judge's page
//! ("Rust 1.89.0 (2021)" or "(2024)"). CodinGame counts characters; no character
//! takes less than a byte, so 100000 bytes is safe. Kattis takes several
//! files in one submission: a bundle is not needed there, but works.
//! LeetCode takes an `impl Solution`, not a program with `fn main`: its
//! profile checks the rustc and edition of code meant for it. UVa takes no
//! Rust; the profile is for the size limit of its problems' mirrors. Where
//! the version is a lower bound (`1.85 or later`), a bundle is checked
//! against that bound: what 1.85 takes, any later rustc takes.
//!
//! The library is held to 1.63 and edition 2021, so every one of these
//! compiles what the project commits.

use crate::cfg::Machine;

/// One judge's constraints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judge {
    pub name: &'static str,
    /// The edition the judge compiles with: every rustc run on a bundle for
    /// this judge uses it.
    pub edition: &'static str,
    /// The largest accepted source file, in bytes.
    pub limit: usize,
    /// The judge's rustc as far as known.
    pub rustc: Rustc,
    /// Where each of the facts above comes from.
    pub seen: Facts,
}

/// The rustc a judge runs, as far as the table knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rustc {
    /// This version or any later one: the project's own profile, or a
    /// judge whose version is known only to be at least this (its edition
    /// needs it).
    AtLeast(&'static str),
    /// This version.
    Version(&'static str),
    /// The judge takes Rust, but which rustc is not known here.
    Unknown,
    /// The judge takes no Rust: the profile is for its size limit.
    NoRust,
    /// Whichever rustc is installed here (the `stable` profile, no judge
    /// in particular): the shaking rounds compile with it, so no other
    /// check is made.
    Installed,
}

/// Where a profile's rustc, edition and limit come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facts {
    pub rustc: Seen,
    pub edition: Seen,
    pub limit: Seen,
}

/// One fact's source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    /// The judge's own public page that states it.
    pub page: &'static str,
    /// Where this project read it: the page, or a public file quoting it.
    pub via: &'static str,
    /// The date of what was read (`2025-10-08`), or why there is none.
    pub date: &'static str,
    /// Whether a source read here states the value; if not, the value is
    /// kept from the earlier table or is a stand-in.
    pub confirmed: bool,
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

    /// This profile with the source-size limit the user gave
    /// (`--max-bytes`), which then counts as known.
    pub fn with_limit(self, bytes: usize) -> Judge {
        Judge {
            limit: bytes,
            seen: Facts {
                limit: GIVEN_LIMIT,
                ..self.seen
            },
            ..self
        }
    }

    /// The editions the judge lets a submission pick; its profile's
    /// [`Judge::edition`] is the one it uses when told nothing.
    pub fn offers(&self) -> Vec<&'static str> {
        match self.name {
            "codeforces" | "baekjoon" => vec!["2021", "2024"],
            _ => vec![self.edition],
        }
    }

    /// This profile with the edition the user asked for (`--edition`), if
    /// the judge offers it.
    pub fn with_edition(self, edition: &str) -> Result<Judge, String> {
        let offers = self.offers();
        match offers.iter().find(|e| **e == edition) {
            Some(&edition) => Ok(self.compiling_as(edition, GIVEN_EDITION)),
            None => Err(format!(
                "--edition {edition}: {} offers {} {}",
                self.name,
                match offers.len() {
                    1 => "edition",
                    _ => "editions",
                },
                offers.join(" and ")
            )),
        }
    }

    /// This profile with the edition a bundle of crates whose newest
    /// edition is `newest` takes, where the judge offers several and the
    /// user asked for none: the newest offered that is not newer than
    /// theirs (so no crate is moved to a newer edition), else the oldest
    /// offered.
    pub fn for_crates(self, newest: &str) -> Judge {
        let offers = self.offers();
        if offers.len() < 2 || self.edition_is_given() {
            return self;
        }
        match offers.iter().rev().find(|e| **e <= newest) {
            Some(&edition) => self.compiling_as(edition, CHOSEN_AS_WRITTEN),
            None => self.compiling_as(offers[0], CHOSEN_NEAREST),
        }
    }

    /// This profile compiling as `edition`, which `why` says why.
    fn compiling_as(self, edition: &'static str, why: Seen) -> Judge {
        Judge {
            edition,
            seen: Facts {
                edition: why,
                ..self.seen
            },
            ..self
        }
    }

    /// Whether the edition is the user's (`--edition`).
    pub fn edition_is_given(&self) -> bool {
        self.seen.edition == GIVEN_EDITION
    }

    /// Why the edition is what it is, where the judge offers several.
    pub fn edition_note(&self) -> Option<String> {
        let offers = self.offers();
        let of = format!("of the {} {} offers", offers.join(" and "), self.name);
        if self.edition_is_given() {
            Some(format!("edition {} {of}, as --edition asked", self.edition))
        } else if self.seen.edition == CHOSEN_AS_WRITTEN {
            Some(format!(
                "edition {} {of}: the newest your crates are written in, so none is migrated \
                 (--edition picks another)",
                self.edition
            ))
        } else if self.seen.edition == CHOSEN_NEAREST {
            Some(format!(
                "edition {} {of}: the nearest to your crates' (--edition picks another)",
                self.edition
            ))
        } else {
            None
        }
    }

    /// Whether the size limit is the user's (`--max-bytes`).
    pub fn limit_is_given(&self) -> bool {
        self.seen.limit == GIVEN_LIMIT
    }

    /// Whether the size limit is only the project's stand-in.
    pub fn limit_is_stand_in(&self) -> bool {
        self.seen.limit == STAND_IN_LIMIT
    }

    /// The machine a bundle for this judge is compiled for, which decides
    /// its crates' `target_*` cfgs ([`Machine`]). Every judge of the table
    /// runs on x86 servers, though no stored page says so: on another
    /// machine the x86 intrinsics kept (hashbrown's SSE2 probes) would not
    /// compile. `default` (old judges, whichever) and `stable` (no judge in
    /// particular) leave the cfgs to the judge's rustc.
    pub fn machine(&self) -> Machine {
        match self.name {
            "default" | "stable" => Machine::Any,
            _ => Machine::X86,
        }
    }

    /// The profile of the committed submissions.
    pub fn is_default(&self) -> bool {
        *self == JUDGES[0]
    }

    /// The rustc version a bundle for this judge is checked against (the
    /// lower bound, where only that is known), if any.
    pub fn rustc_version(&self) -> Option<&'static str> {
        match self.rustc {
            Rustc::AtLeast(version) | Rustc::Version(version) => Some(version),
            Rustc::Unknown | Rustc::NoRust | Rustc::Installed => None,
        }
    }

    /// How a bundle for this judge is compiled, for its header: `rustc
    /// 1.89 -O --edition 2024, at most 524288 bytes`.
    pub fn describe(&self) -> String {
        let (edition, limit) = (self.edition, self.limit);
        let limit = match self.seen.limit.confirmed || self.is_default() {
            _ if limit == NO_LIMIT => "no size limit".to_string(),
            true => format!("at most {limit} bytes"),
            false => format!("at most {limit} bytes, not confirmed"),
        };
        let on = match self.machine() {
            Machine::Any => "",
            Machine::X86 => " for x86",
        };
        let rustc = match self.rustc {
            Rustc::AtLeast(version) => format!("rustc {version}+"),
            Rustc::Version(version) => format!("rustc {version}"),
            Rustc::Unknown => {
                return format!(
                    "rustc -O --edition {edition}{on}, its version not known here; {limit}"
                )
            }
            Rustc::Installed => {
                return format!("rustc -O --edition {edition} as installed here, {limit}")
            }
            Rustc::NoRust => {
                return format!(
                    "this judge takes no Rust; the profile is for its size limit, {limit}"
                )
            }
        };
        format!("{rustc} -O --edition {edition}{on}, {limit}")
    }
}

/// The `limit` of a profile that has none.
pub const NO_LIMIT: usize = usize::MAX;

/// The date the sources were read; a fact with no dated source says so.
const UNDATED: &str = "no dated source stored";

/// A fact no stored source states.
const fn unconfirmed(page: &'static str) -> Seen {
    Seen {
        page,
        via: "none stored: kept from the earlier table",
        date: UNDATED,
        confirmed: false,
    }
}

/// Baekjoon's languages: its page was not stored; 2021 is a stand-in
/// (an edition every rustc since 1.56 takes, and the library's own).
const BAEKJOON_LANGUAGES: Seen = Seen {
    page: "https://www.acmicpc.net/help/language",
    via: "none stored: a stand-in, the library's own edition",
    date: UNDATED,
    confirmed: false,
};

/// The project's own choices, decided here on this date.
const PROJECT: Seen = Seen {
    page: "this project: the oldest rustc it can run (Debian's 1.63, `make check-old-rustc`) and its 40000-byte budget",
    via: "the Makefile and README",
    date: "2026-11-25",
    confirmed: true,
};

const ATCODER_LIST: Seen = Seen {
    page: "https://img.atcoder.jp/file/language-update/2025-10/language-list.html",
    via: "solalyth/cplib-rs readme.md, \"AtCoder ... 1.89.0 (edition 2024)\" citing the list",
    date: "2026-04-17",
    confirmed: true,
};

const CODEFORCES_SUBMIT: Seen = Seen {
    page: "https://codeforces.com/problemset/submit (languages \"Rust 1.89.0 (2021)\" and \"Rust 1.89.0 (2024)\")",
    via: "agrawal-d/cph src/config.ts, PR #674 \"Update Rust compilers to match Codeforces\"",
    date: "2026-06-01",
    confirmed: true,
};

/// A third party's list of the judges that compile with edition 2024.
const EDITION_2024_LIST: Seen = Seen {
    page: "each judge's language list",
    via: "yosupo06/library-checker-judge PR #561: \"2024: AtCoder, CodeChef, CodinGame, LeetCode, Luogu, yukicoder\"",
    date: "2026-03-29",
    confirmed: true,
};

const EDITION_2024_NEEDS_1_85: Seen = Seen {
    page:
        "the judge's version is not stated anywhere stored; edition 2024 is stable since rustc 1.85",
    via: "yosupo06/library-checker-judge PR #561 (the edition)",
    date: "2026-03-29",
    confirmed: false,
};

const KATTIS_RUST: Seen = Seen {
    page: "https://open.kattis.com/languages/rust (\"rustc -o{executable} -O --crate-type bin --edition=2021 {mainfile}\")",
    via: "a stored copy of open.kattis.com/contests/skche7/languages/rust, \"We use rustc 1.78.0\"",
    date: "undated; rustc 1.78.0 came out 2024-05-02",
    confirmed: true,
};

const YUKICODER_ENVIRONMENTS: Seen = Seen {
    page: "https://yukicoder.me/help/environments",
    via: "solalyth/cplib-rs readme.md, \"yukicoder ... 1.94.0 (edition 2024)\" citing it",
    date: "2026-04-17",
    confirmed: true,
};

const LIBRARY_CHECKER_LANGS: Seen = Seen {
    page: "https://judge.yosupo.jp/help",
    via: "yosupo06/library-checker-judge langs/langs.toml, \"rustc(1.94.1 edition 2024)\", `rustc --edition 2024 -C opt-level=3`",
    date: "2026-05-01",
    confirmed: true,
};

const CODINGAME_LANGUAGES: Seen = Seen {
    page: "https://www.codingame.com/playgrounds/40701/help-center/languages-versions",
    via: "CodinGame/Contribute-Help pages/technical/languages.md, \"Rust 1.90.0\", \"limited to 100k characters\"",
    date: "2025-10-08",
    confirmed: true,
};

/// The project's budget standing in for a limit no stored source states.
const STAND_IN_LIMIT: Seen = Seen {
    page: "not found in any stored source: the project's 40000-byte budget stands in",
    via: "none stored",
    date: UNDATED,
    confirmed: false,
};

/// The `stable` profile's facts: a choice, not a judge's.
const TODAYS_STABLE: Seen = Seen {
    page:
        "no judge: today's stable Rust, as a judge that asks for nothing in particular would run it",
    via: "this project's choice for a bin of a user's package",
    date: "2026-12-05",
    confirmed: true,
};

/// A limit the user gave on the command line.
const GIVEN_LIMIT: Seen = Seen {
    page: "given with --max-bytes",
    via: "the command line",
    date: UNDATED,
    confirmed: true,
};

/// An edition the user gave on the command line.
const GIVEN_EDITION: Seen = Seen {
    page: "given with --edition",
    via: "the command line",
    date: UNDATED,
    confirmed: true,
};

/// An edition the bundler chose among those the judge offers: the newest
/// the bundled crates are written in.
const CHOSEN_AS_WRITTEN: Seen = Seen {
    page: "the judge offers several editions",
    via: "the bundler's choice: the newest the bundled crates are written in",
    date: UNDATED,
    confirmed: true,
};

/// An edition the bundler chose among those the judge offers: all are
/// newer than the bundled crates', and this is the oldest.
const CHOSEN_NEAREST: Seen = Seen {
    page: "the judge offers several editions",
    via: "the bundler's choice: the oldest offered, all newer than the bundled crates'",
    date: UNDATED,
    confirmed: true,
};

/// Every known judge, `default` first.
const JUDGES: &[Judge] = &[
    Judge {
        name: "default",
        edition: "2021",
        limit: 40_000,
        rustc: Rustc::AtLeast("1.63"),
        seen: Facts {
            rustc: PROJECT,
            edition: PROJECT,
            limit: PROJECT,
        },
    },
    Judge {
        name: "stable",
        edition: "2024",
        limit: NO_LIMIT,
        rustc: Rustc::Installed,
        seen: Facts {
            rustc: TODAYS_STABLE,
            edition: TODAYS_STABLE,
            limit: TODAYS_STABLE,
        },
    },
    Judge {
        name: "atcoder",
        edition: "2024",
        limit: 512 * 1024,
        rustc: Rustc::Version("1.89"),
        seen: Facts {
            rustc: ATCODER_LIST,
            edition: ATCODER_LIST,
            limit: unconfirmed("https://atcoder.jp/contests/*/rules (512 KiB)"),
        },
    },
    Judge {
        name: "codeforces",
        edition: "2024",
        limit: 65_536,
        rustc: Rustc::Version("1.89"),
        seen: Facts {
            rustc: CODEFORCES_SUBMIT,
            edition: CODEFORCES_SUBMIT,
            limit: unconfirmed("https://codeforces.com/problemset/submit (64 KB)"),
        },
    },
    Judge {
        name: "luogu",
        edition: "2024",
        limit: 50_000,
        rustc: Rustc::AtLeast("1.85"),
        seen: Facts {
            rustc: EDITION_2024_NEEDS_1_85,
            edition: EDITION_2024_LIST,
            limit: unconfirmed("https://www.luogu.com.cn problem pages (50 KB)"),
        },
    },
    Judge {
        name: "spoj",
        edition: "2021",
        limit: 50_000,
        rustc: Rustc::Unknown,
        seen: Facts {
            rustc: unconfirmed("https://www.spoj.com/ (its language list)"),
            edition: unconfirmed("https://www.spoj.com/ (its language list)"),
            limit: unconfirmed("https://www.spoj.com/problems/* (\"Source limit: 50000B\")"),
        },
    },
    Judge {
        name: "uva",
        edition: "2021",
        limit: 40_000,
        rustc: Rustc::NoRust,
        seen: Facts {
            rustc: unconfirmed("https://onlinejudge.org (no Rust in its languages)"),
            edition: unconfirmed("none: the judge takes no Rust"),
            limit: Seen {
                page: "https://onlinejudge.org (\"Source code cannot exceed 40K in size\")",
                via: "cymerrad/uva-online-judge README quoting its forum (and doubting it); \
                      TheOnlineJudge/ojudge#120 reports a 10000-byte cap",
                date: "2020-11-05 (the report)",
                confirmed: false,
            },
        },
    },
    Judge {
        name: "kattis",
        edition: "2021",
        limit: 128 * 1024,
        rustc: Rustc::Version("1.78"),
        seen: Facts {
            rustc: KATTIS_RUST,
            edition: KATTIS_RUST,
            limit: unconfirmed("the problem package format's default code limit (128 KiB)"),
        },
    },
    Judge {
        name: "yukicoder",
        edition: "2024",
        limit: 40_000,
        rustc: Rustc::Version("1.94"),
        seen: Facts {
            rustc: YUKICODER_ENVIRONMENTS,
            edition: YUKICODER_ENVIRONMENTS,
            limit: STAND_IN_LIMIT,
        },
    },
    Judge {
        name: "library-checker",
        edition: "2024",
        limit: 1024 * 1024,
        rustc: Rustc::Version("1.94.1"),
        seen: Facts {
            rustc: LIBRARY_CHECKER_LANGS,
            edition: LIBRARY_CHECKER_LANGS,
            limit: Seen {
                page: "https://judge.yosupo.jp/help",
                via: "yosupo06/library-checker-judge api/validate.go, maxSourceSize = 1024 * 1024",
                date: "2026-05-01",
                confirmed: true,
            },
        },
    },
    Judge {
        name: "codingame",
        edition: "2024",
        limit: 100_000,
        rustc: Rustc::Version("1.90"),
        seen: Facts {
            rustc: CODINGAME_LANGUAGES,
            edition: Seen {
                confirmed: false,
                ..EDITION_2024_LIST
            },
            limit: CODINGAME_LANGUAGES,
        },
    },
    Judge {
        name: "baekjoon",
        edition: "2021",
        limit: 512 * 1024,
        rustc: Rustc::Unknown,
        seen: Facts {
            rustc: BAEKJOON_LANGUAGES,
            edition: BAEKJOON_LANGUAGES,
            limit: Seen {
                page: "https://www.acmicpc.net (the submit page's source limit)",
                via: "Startlink/BOJ-Feature-Request issue #56, \"64K -> 512K\" by Baekjoon",
                date: "2016-10-26",
                confirmed: true,
            },
        },
    },
    Judge {
        name: "leetcode",
        edition: "2024",
        limit: 40_000,
        rustc: Rustc::AtLeast("1.85"),
        seen: Facts {
            rustc: EDITION_2024_NEEDS_1_85,
            edition: EDITION_2024_LIST,
            limit: STAND_IN_LIMIT,
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_say_what_is_known_about_each_judges_rustc() {
        let describe = |name| Judge::named(name).expect("a judge").describe();
        // The committed submissions' header: unchanged byte for byte.
        assert_eq!(
            describe("default"),
            "rustc 1.63+ -O --edition 2021, at most 40000 bytes"
        );
        assert_eq!(
            describe("atcoder"),
            "rustc 1.89 -O --edition 2024 for x86, at most 524288 bytes, not confirmed"
        );
        assert_eq!(
            describe("library-checker"),
            "rustc 1.94.1 -O --edition 2024 for x86, at most 1048576 bytes"
        );
        assert_eq!(
            describe("luogu"),
            "rustc 1.85+ -O --edition 2024 for x86, at most 50000 bytes, not confirmed"
        );
        assert_eq!(
            describe("spoj"),
            "rustc -O --edition 2021 for x86, its version not known here; at most 50000 bytes, not confirmed"
        );
        assert_eq!(
            describe("baekjoon"),
            "rustc -O --edition 2021 for x86, its version not known here; at most 524288 bytes"
        );
        assert_eq!(
            describe("uva"),
            "this judge takes no Rust; the profile is for its size limit, at most 40000 bytes, not confirmed"
        );
        for judge in Judge::all() {
            let text = judge.describe();
            assert!(!text.contains(" - ") && !text.contains('?'), "{text}");
        }
    }

    #[test]
    fn an_edition_is_given_chosen_for_the_crates_or_the_profiles() {
        let codeforces = Judge::named("codeforces").expect("a judge");
        assert_eq!(codeforces.offers(), ["2021", "2024"]);
        let given = codeforces.with_edition("2021").expect("offered");
        assert_eq!((given.edition, given.edition_is_given()), ("2021", true));
        assert_eq!(
            given.edition_note().as_deref(),
            Some("edition 2021 of the 2021 and 2024 codeforces offers, as --edition asked")
        );
        // What the user asked for stands whatever the crates are.
        assert_eq!(given.for_crates("2024").edition, "2021");
        assert_eq!(
            codeforces.with_edition("2018"),
            Err("--edition 2018: codeforces offers editions 2021 and 2024".to_string())
        );
        assert_eq!(
            Judge::named("atcoder")
                .expect("a judge")
                .with_edition("2021"),
            Err("--edition 2021: atcoder offers edition 2024".to_string())
        );
        // Told nothing: the newest offered that no crate is older than...
        for (newest, chosen, why) in [
            ("2015", "2021", "the nearest to your crates'"),
            ("2018", "2021", "the nearest to your crates'"),
            ("2021", "2021", "none is migrated"),
            ("2024", "2024", "none is migrated"),
        ] {
            let judge = codeforces.for_crates(newest);
            assert_eq!(judge.edition, chosen, "crates of {newest}");
            let note = judge.edition_note().expect("a note");
            assert!(
                note.starts_with(&format!("edition {chosen} of ")) && note.contains(why),
                "{note}"
            );
        }
        // ...where there is a choice; else the profile's own, and no note.
        let atcoder = Judge::named("atcoder").expect("a judge").for_crates("2021");
        assert_eq!((atcoder.edition, atcoder.edition_note()), ("2024", None));
        assert_eq!(codeforces.edition_note(), None);
    }

    #[test]
    fn the_table_is_whole_default_first_names_unique() {
        let all = Judge::all();
        assert_eq!(all[0].name, "default");
        assert!(all[0].is_default() && all[1..].iter().all(|j| !j.is_default()));
        let mut names: Vec<&str> = all.iter().map(|j| j.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len(), "a name is used twice");
        for judge in all {
            assert_eq!(Judge::named(judge.name), Some(*judge));
            assert!(["2015", "2018", "2021", "2024"].contains(&judge.edition));
            // Edition 2024 needs rustc 1.85: a profile must not ask for less.
            if let (Some(version), "2024") = (judge.rustc_version(), judge.edition) {
                let minor: u32 = version[2..4].parse().expect("1.NN");
                assert!(minor >= 85, "{}: {version} with edition 2024", judge.name);
            }
        }
        assert_eq!(Judge::named("nowhere"), None);
    }

    #[test]
    fn every_fact_has_a_source_and_a_date() {
        for judge in Judge::all() {
            let facts = judge.seen;
            for (what, seen) in [
                ("rustc", facts.rustc),
                ("edition", facts.edition),
                ("limit", facts.limit),
            ] {
                let place = format!("{} {what}", judge.name);
                assert!(!seen.page.is_empty() && !seen.via.is_empty(), "{place}");
                // A confirmed fact is dated (a year, or says why not).
                let dated = seen.date.starts_with("20") || seen.date.starts_with("undated;");
                assert!(dated || !seen.confirmed, "{place}: {}", seen.date);
                assert!(!seen.date.is_empty(), "{place}");
            }
        }
    }

    #[test]
    fn the_module_docs_table_matches_the_profiles() {
        let source = include_str!("profiles.rs");
        for judge in Judge::all() {
            let start = format!("//! | `{}` | ", judge.name);
            let row = source
                .lines()
                .find(|l| l.starts_with(&start))
                .unwrap_or_else(|| panic!("no docs row for {}", judge.name));
            // `//!`, the name, rustc, edition, limit, page, seen in.
            let cells: Vec<&str> = row.split(" | ").collect();
            if let Some(version) = judge.rustc_version() {
                assert!(cells[2].contains(version), "{row}");
            }
            if judge.rustc != Rustc::NoRust {
                assert!(cells[3].starts_with(judge.edition), "{row}");
            }
            match judge.limit {
                NO_LIMIT => assert!(cells[4].starts_with("none"), "{row}"),
                limit => assert!(cells[4].starts_with(&limit.to_string()), "{row}"),
            }
            let unconfirmed = !judge.seen.limit.confirmed && !judge.is_default();
            assert_eq!(cells[4].contains("not"), unconfirmed, "{row}");
        }
        let rows = source.lines().filter(|l| l.starts_with("//! | `")).count();
        assert_eq!(rows, Judge::all().len());
    }
}
