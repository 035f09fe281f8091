//! The programs of a library's downloaded sources: its examples as they
//! are, and its documentation examples as rustdoc builds them (hidden `# `
//! lines kept, crate attributes and `extern crate`s first, the rest inside
//! `fn main` unless it has one, `?` allowed where the block ends in
//! `Ok(())`-like code).

use std::path::{Path, PathBuf};

/// One program: its bin name in the temporary package, where it comes
/// from (`examples/words.rs`, `src/lib.rs:20`), and its files (relative
/// path under `src/bin/`, text).
#[derive(Clone, Debug)]
pub struct Program {
    pub name: String,
    pub origin: String,
    pub files: Vec<(PathBuf, String)>,
}

impl Program {
    /// The text of the program's root file.
    pub fn source(&self) -> &str {
        &self.files[0].1
    }
}

/// Documentation blocks that are not programs to run here, by reason
/// (`ignore`, `compile_fail`, …), and how many.
pub type Skipped = std::collections::BTreeMap<String, usize>;

/// The examples of the crate in `dir` (named `crate_name` in code) that use
/// it: `examples/x.rs` and `examples/x/main.rs` with the files beside it.
pub fn examples(dir: &Path, crate_name: &str) -> Vec<Program> {
    let Ok(entries) = std::fs::read_dir(dir.join("examples")) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries.map(|e| e.expect("an entry").path()).collect();
    paths.sort();
    let mut programs = Vec::new();
    for path in paths {
        let stem = path.file_stem().expect("a name").to_string_lossy();
        let name = format!("ex-{}", stem.replace('_', "-"));
        let files = if path.is_dir() {
            read_tree(&path, &PathBuf::from(&name))
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("an example");
            vec![(PathBuf::from(format!("{name}.rs")), text)]
        } else {
            continue;
        };
        let Some(root) = files.iter().position(|(p, _)| is_root(p, &name)) else {
            continue;
        };
        let mut files = files;
        files.swap(0, root);
        if !files.iter().any(|(_, text)| text.contains(crate_name)) {
            continue; // an example of std alone (bstr's `*-std` twins)
        }
        let origin = path
            .strip_prefix(dir)
            .expect("under the crate")
            .display()
            .to_string();
        programs.push(Program {
            name,
            origin,
            files,
        });
    }
    programs
}

fn is_root(path: &Path, name: &str) -> bool {
    path == Path::new(&format!("{name}.rs")) || path == Path::new(name).join("main.rs")
}

/// The `.rs` files under `from`, as paths under `to`.
fn read_tree(from: &Path, to: &Path) -> Vec<(PathBuf, String)> {
    let mut files: Vec<(PathBuf, String)> = walkdir::WalkDir::new(from)
        .into_iter()
        .map(|e| e.expect("an entry"))
        .filter(|e| e.path().extension().is_some_and(|x| x == "rs"))
        .map(|e| {
            let relative = e.path().strip_prefix(from).expect("under it");
            let text = std::fs::read_to_string(e.path()).expect("a file");
            (to.join(relative), text)
        })
        .collect();
    files.sort();
    files
}

/// The documentation examples of the crate in `dir` that rustdoc would
/// run (or build, for `no_run`), as programs, and the blocks skipped.
pub fn doc_examples(dir: &Path, crate_name: &str) -> (Vec<Program>, Skipped) {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(dir.join("src"))
        .into_iter()
        .map(|e| e.expect("an entry").into_path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    let mut programs = Vec::new();
    let mut skipped = Skipped::new();
    for file in files {
        let relative = file.strip_prefix(dir).expect("under the crate").to_owned();
        let text = std::fs::read_to_string(&file).expect("a source file");
        for block in code_blocks(&text) {
            match block.kind() {
                Err(reason) => *skipped.entry(reason).or_default() += 1,
                Ok(()) => programs.push(Program {
                    name: doc_name(&relative, block.line),
                    origin: format!("{}:{}", relative.display(), block.line),
                    files: vec![(
                        PathBuf::from(format!("{}.rs", doc_name(&relative, block.line))),
                        rustdoc_program(&block.code, crate_name),
                    )],
                }),
            }
        }
    }
    (programs, skipped)
}

/// `src/graph/dijkstra.rs`, line 17: `doc-graph-dijkstra-17`.
fn doc_name(file: &Path, line: usize) -> String {
    let path = file.with_extension("");
    let parts: Vec<String> = path
        .iter()
        .skip(1)
        .map(|p| p.to_string_lossy().replace('_', "-"))
        .collect();
    format!("doc-{}-{line}", parts.join("-"))
}

/// A fenced code block of a doc comment: the info string, the line of
/// the opening fence, and the code with rustdoc's hidden lines shown.
struct Block {
    info: String,
    line: usize,
    code: String,
}

impl Block {
    /// Whether rustdoc runs (or builds) the block as a test, or why not.
    fn kind(&self) -> Result<(), String> {
        let mut rust = false;
        let mut other = None;
        for token in self.info.split([',', ' ', '\t']).filter(|t| !t.is_empty()) {
            match token {
                "rust" => rust = true,
                "ignore" | "compile_fail" | "test_harness" => return Err(token.to_string()),
                "should_panic" | "no_run" | "standalone_crate" | "allow_fail" => {}
                t if t.starts_with("edition") || t.starts_with("ignore-") => {
                    return Err(t.to_string())
                }
                t if t.starts_with('E') && t[1..].chars().all(|c| c.is_ascii_digit()) => {}
                t => other = Some(t.to_string()),
            }
        }
        match other {
            Some(t) if !rust => Err(format!("not Rust ({t})")),
            _ => Ok(()),
        }
    }
}

/// The code blocks of every run of `///` or `//!` lines of `text`.
fn code_blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut run: Vec<(usize, String)> = Vec::new();
    let mut marker = "";
    for (k, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let this = ["///", "//!"]
            .into_iter()
            .find(|m| trimmed.starts_with(m) && !trimmed.starts_with("////"));
        match this {
            Some(m) if m == marker || run.is_empty() => {
                marker = m;
                run.push((k + 1, trimmed[3..].to_string()));
            }
            _ => {
                blocks.extend(fenced(&unindent(&run)));
                run.clear();
                if let Some(m) = this {
                    marker = m;
                    run.push((k + 1, trimmed[3..].to_string()));
                }
            }
        }
    }
    blocks.extend(fenced(&unindent(&run)));
    blocks
}

/// The lines of one doc comment without their common indentation, as
/// rustdoc reads them.
fn unindent(lines: &[(usize, String)]) -> Vec<(usize, String)> {
    let indent = lines
        .iter()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(_, l)| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .map(|(n, l)| (*n, l.get(indent..).unwrap_or("").to_string()))
        .collect()
}

/// The fenced code blocks of one doc comment (an unclosed fence runs to
/// its end, as in Markdown).
fn fenced(lines: &[(usize, String)]) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<(Block, String, usize)> = None;
    for (n, line) in lines {
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim_start();
        let fence = ["```", "~~~"].into_iter().find(|f| trimmed.starts_with(f));
        match (&mut open, fence) {
            (None, Some(f)) if indent < 4 => {
                let width = trimmed.len() - trimmed.trim_start_matches(&f[..1]).len();
                let block = Block {
                    info: trimmed[width..].trim().to_string(),
                    line: *n,
                    code: String::new(),
                };
                open = Some((block, f[..1].repeat(width), indent));
            }
            (Some((_, close, _)), Some(_))
                if trimmed.trim_end() == close.as_str()
                    || (trimmed.starts_with(close.as_str())
                        && trimmed.trim_start_matches(&close[..1]).trim().is_empty()) =>
            {
                blocks.push(open.take().expect("open").0);
            }
            (Some((block, _, fence_indent)), _) => {
                let strip = indent.min(*fence_indent);
                block.code.push_str(&shown(&line[strip..]));
                block.code.push('\n');
            }
            (None, _) => {}
        }
    }
    blocks.extend(open.map(|(b, _, _)| b));
    blocks
}

/// A line of a doctest as compiled: `# x` is `x`, `#` alone is empty,
/// `##x` is `#x`.
fn shown(line: &str) -> String {
    let trimmed = line.trim();
    if trimmed.starts_with("##") {
        line.replacen("##", "#", 1)
    } else if let Some(rest) = trimmed.strip_prefix("# ") {
        rest.to_string()
    } else if trimmed == "#" {
        String::new()
    } else {
        line.to_string()
    }
}

/// The program rustdoc compiles for doctest `code` of crate `crate_name`
/// (rustdoc's `make_test`): `#![allow(unused)]`, the block's crate
/// attributes, its `extern crate`s and one for the crate if it names it,
/// then the rest, inside `fn main` unless the block has one.
pub fn rustdoc_program(code: &str, crate_name: &str) -> String {
    let (attrs, crates, rest) = partition(code);
    let mut program = String::from("#![allow(unused)]\n");
    program.push_str(&attrs);
    program.push_str(&crates);
    let inject = !crates.contains(&format!("extern crate {crate_name}"))
        && !rest.contains(&format!("extern crate {crate_name}"))
        && code.contains(crate_name);
    if inject {
        program.push_str(&format!("extern crate {crate_name};\n"));
    }
    if has_main(&rest) {
        program.push_str(&rest);
    } else if rest.trim_end().ends_with("(())") {
        program.push_str(&format!(
            "fn main() {{ fn _inner() -> core::result::Result<(), impl core::fmt::Debug> {{\n{rest}\n}} _inner().unwrap() }}\n"
        ));
    } else {
        program.push_str(&format!("fn main() {{\n{rest}\n}}\n"));
    }
    program
}

/// rustdoc's `partition_source`: leading crate attributes (and blank or
/// comment lines among them), then leading `extern crate`s, then the rest.
fn partition(code: &str) -> (String, String, String) {
    #[derive(PartialEq)]
    enum State {
        Attrs,
        Crates,
        Other,
    }
    let mut state = State::Attrs;
    let (mut attrs, mut crates, mut rest) = (String::new(), String::new(), String::new());
    for line in code.lines() {
        let t = line.trim();
        let quiet = t.is_empty() || (t.starts_with("//") && !t.starts_with("///"));
        let extern_crate =
            t.starts_with("extern crate") || t.starts_with("#[macro_use] extern crate");
        state = match state {
            State::Attrs if t.starts_with("#![") || quiet => State::Attrs,
            State::Attrs | State::Crates if extern_crate || quiet => State::Crates,
            _ => State::Other,
        };
        let to = match state {
            State::Attrs => &mut attrs,
            State::Crates => &mut crates,
            State::Other => &mut rest,
        };
        to.push_str(line);
        to.push('\n');
    }
    (attrs, crates, rest)
}

/// Whether `code` parses as items with a `fn main` among them.
fn has_main(code: &str) -> bool {
    syn::parse_file(code).is_ok_and(|file| {
        file.items
            .iter()
            .any(|item| matches!(item, syn::Item::Fn(f) if f.sig.ident == "main"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_lines_and_fences_as_rustdoc_reads_them() {
        let text = "/// Adds.\n///\n/// ```\n/// # use x::add;\n/// assert_eq!(add(1, 2), 3);\n/// ```\n///\n/// ```text\n/// not code\n/// ```\nfn add() {}\n";
        let blocks = code_blocks(text);
        assert_eq!(blocks.len(), 2);
        assert_eq!(blocks[0].line, 3);
        assert_eq!(blocks[0].code, "use x::add;\nassert_eq!(add(1, 2), 3);\n");
        assert_eq!(blocks[0].kind(), Ok(()));
        assert_eq!(blocks[1].kind(), Err("not Rust (text)".to_string()));
    }

    #[test]
    fn programs_are_wrapped_as_rustdoc_wraps_them() {
        let plain = rustdoc_program("use x::y;\ny();\n", "x");
        assert_eq!(
            plain,
            "#![allow(unused)]\nextern crate x;\nfn main() {\nuse x::y;\ny();\n\n}\n"
        );
        let tried = rustdoc_program("f()?;\nOk::<(), E>(())\n", "x");
        assert!(tried.contains("fn _inner() -> core::result::Result<(), impl core::fmt::Debug>"));
        let own = rustdoc_program("#![deny(warnings)]\nfn main() {}\n", "x");
        assert_eq!(own, "#![allow(unused)]\n#![deny(warnings)]\nfn main() {}\n");
    }
}
