//! Pass 8, for a bin: the bundle and the program it came from, run on the
//! package's sample inputs. A bundle that prints anything else, or exits
//! otherwise, is refused: the cuts are sound by construction, and this is
//! the referee that says so on the user's own inputs.
//!
//! ```text
//! testcases/a.yml               cargo-compete: `cases:` with `in` and `out`
//! testcases/a/in/*.txt          cargo-compete's `extend` folders
//! test/*.in, test/a/*.in        online-judge-tools (`oj download`)
//! --cases DIR                   any of those layouts, named
//! ```
//!
//! The program is built by cargo (`--release`; in `CARGO_TARGET_DIR` if it
//! is set, else in a folder of the system's temporary one kept from run to
//! run, so that nothing is written into the package); the bundle by plain
//! rustc as the judge's edition, in a temporary folder. Each runs with a time limit;
//! their standard outputs and exit statuses must be the same. Where a
//! sample's expected output is known and the program's differs, that is the
//! program's business, not the bundle's: it is said, not refused.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::error::Error;

/// One sample: its name, input and, where known, expected output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    pub name: String,
    pub input: Vec<u8>,
    pub expected: Option<Vec<u8>>,
}

/// What the comparison found when nothing differed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Compared {
    /// Where the samples came from (`testcases/a.yml`), if any were found.
    pub source: Option<String>,
    pub samples: usize,
    /// Samples whose expected output the program itself does not print.
    pub program_differs: Vec<String>,
    /// Why nothing was run: cargo could not build the program (a crate of
    /// the package that does not compile, which the bin need not reach).
    pub not_built: Option<String>,
}

impl Compared {
    /// Why cargo could not build the program, in a line: cargo's first
    /// error, else all it said.
    pub fn why_not_built(&self) -> Option<&str> {
        let why = self.not_built.as_deref()?;
        Some(why.lines().find(|l| l.starts_with("error")).unwrap_or(why))
    }
}

/// How long each run may take.
const TIME_LIMIT: Duration = Duration::from_secs(10);

/// The samples of bin `bin` of the package in `package_dir`, from `given`
/// (`--cases DIR`) or the first layout found; where they came from.
pub fn samples(
    package_dir: &Path,
    bin: &str,
    given: Option<&Path>,
) -> Result<(Option<PathBuf>, Vec<Sample>), Error> {
    if let Some(dir) = given {
        let samples = folder(dir)?;
        if samples.is_empty() {
            return Err(Error::Workspace {
                message: format!(
                    "--cases {}: no samples there (NAME.in with NAME.out, or in/ and out/ folders of .txt files)",
                    dir.display()
                ),
            });
        }
        return Ok((Some(dir.to_path_buf()), samples));
    }
    // cargo-compete names a bin `abc999-a` and its tests `a`.
    let mut names = vec![bin.to_string()];
    names.extend(bin.rsplit_once('-').map(|(_, short)| short.to_string()));
    for name in &names {
        let yaml = package_dir.join("testcases").join(format!("{name}.yml"));
        if yaml.is_file() {
            let mut samples = compete_yaml(&yaml)?;
            samples.extend(folder(&package_dir.join("testcases").join(name))?);
            return Ok((Some(yaml), samples));
        }
    }
    for dir in names
        .iter()
        .map(|n| package_dir.join("test").join(n))
        .chain([package_dir.join("test")])
    {
        let samples = folder(&dir)?;
        if !samples.is_empty() {
            return Ok((Some(dir), samples));
        }
    }
    Ok((None, Vec::new()))
}

/// The samples in `dir`: `NAME.in` (with `NAME.out` where it exists), or
/// `in/NAME.txt` with `out/NAME.txt`; none if `dir` is no folder.
fn folder(dir: &Path) -> Result<Vec<Sample>, Error> {
    let (inputs, outputs, extension) = match dir.join("in").is_dir() {
        true => (dir.join("in"), dir.join("out"), "txt"),
        false => (dir.to_path_buf(), dir.to_path_buf(), "in"),
    };
    let Ok(entries) = std::fs::read_dir(&inputs) else {
        return Ok(Vec::new());
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == extension))
        .collect();
    paths.sort();
    let read = |path: &Path| {
        std::fs::read(path).map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })
    };
    let mut samples = Vec::new();
    for input in paths {
        let stem = input
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let output = match extension {
            "txt" => outputs.join(format!("{stem}.txt")),
            _ => outputs.join(format!("{stem}.out")),
        };
        samples.push(Sample {
            name: stem,
            input: read(&input)?,
            expected: output.is_file().then(|| read(&output)).transpose()?,
        });
    }
    Ok(samples)
}

/// The `cases` of a cargo-compete test file.
fn compete_yaml(path: &Path) -> Result<Vec<Sample>, Error> {
    let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let bad = |message: String| Error::Workspace {
        message: format!("{}: {message}", path.display()),
    };
    let docs = yaml_rust2::YamlLoader::load_from_str(&text).map_err(|e| bad(e.to_string()))?;
    let Some(doc) = docs.first() else {
        return Ok(Vec::new());
    };
    let Some(cases) = doc["cases"].as_vec() else {
        return Ok(Vec::new());
    };
    cases
        .iter()
        .enumerate()
        .map(|(k, case)| {
            let input = case["in"]
                .as_str()
                .ok_or_else(|| bad(format!("case {} has no `in`", k + 1)))?;
            Ok(Sample {
                name: case["name"]
                    .as_str()
                    .map_or_else(|| format!("sample{}", k + 1), str::to_string),
                input: input.as_bytes().to_vec(),
                expected: case["out"].as_str().map(|s| s.as_bytes().to_vec()),
            })
        })
        .collect()
}

/// What to run the comparison on.
pub struct Subject<'a> {
    pub bin: &'a str,
    /// The `Cargo.toml` of the bin's package.
    pub manifest: &'a Path,
    /// The bundle's text, and the edition the judge compiles it as.
    pub bundle: &'a str,
    pub edition: &'a str,
    /// Where cargo builds the program; by default `CARGO_TARGET_DIR`, else
    /// a folder of the system's temporary one.
    pub target: Option<&'a Path>,
}

/// Runs the program and the bundle of `subject` on `samples`: what they
/// did, or the error naming the first sample on which they differ.
pub fn compare(subject: &Subject, samples: &[Sample]) -> Result<Compared, Error> {
    let program = match build_program(subject) {
        Ok(program) => program,
        Err(Error::Workspace { message }) => {
            return Ok(Compared {
                not_built: Some(message),
                ..Compared::default()
            })
        }
        Err(e) => return Err(e),
    };
    let scratch = tempfile::tempdir().map_err(|source| Error::Io {
        path: std::env::temp_dir(),
        source,
    })?;
    let bundle = compile_bundle(subject, scratch.path())?;
    let mut compared = Compared {
        samples: samples.len(),
        ..Compared::default()
    };
    for sample in samples {
        let want = run(&program, &sample.input)?;
        let got = run(&bundle, &sample.input)?;
        if want != got {
            // Kept for the user to look at.
            let kept = scratch.keep().join("main.rs");
            return Err(differs(subject.bin, sample, &want, &got, &kept));
        }
        if sample
            .expected
            .as_ref()
            .is_some_and(|e| !same_lines(e, &want.stdout))
        {
            compared.program_differs.push(sample.name.clone());
        }
    }
    Ok(compared)
}

/// Whether two outputs are the same but for trailing spaces and newlines,
/// as judges compare by default.
fn same_lines(a: &[u8], b: &[u8]) -> bool {
    let lines = |t: &[u8]| -> Vec<String> {
        let text = String::from_utf8_lossy(t);
        let mut lines: Vec<String> = text.lines().map(|l| l.trim_end().to_string()).collect();
        while lines.last().is_some_and(String::is_empty) {
            lines.pop();
        }
        lines
    };
    lines(a) == lines(b)
}

/// Builds the bin with cargo; the path of the executable.
fn build_program(subject: &Subject) -> Result<PathBuf, Error> {
    let mut cargo = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    match subject.target {
        Some(dir) => {
            cargo.env("CARGO_TARGET_DIR", dir);
        }
        None if std::env::var_os("CARGO_TARGET_DIR").is_none() => {
            cargo.env("CARGO_TARGET_DIR", target_dir(subject.manifest));
        }
        None => {}
    }
    let output = cargo
        .args([
            "build",
            "--release",
            "--offline",
            "--message-format=json",
            "--bin",
        ])
        .arg(subject.bin)
        .arg("--manifest-path")
        .arg(subject.manifest)
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| Error::Workspace {
            message: format!("cannot run cargo to build the bin for the comparison: {e}"),
        })?;
    if !output.status.success() {
        return Err(Error::Workspace {
            message: format!(
                "cargo build --release --bin {} failed, so the bundle cannot be compared with the program:\n{}",
                subject.bin,
                String::from_utf8_lossy(&output.stderr).trim_end()
            ),
        });
    }
    // The last artifact of the bin's target is the executable.
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == subject.bin)
        .filter(|m| {
            m["target"]["kind"]
                .as_array()
                .is_some_and(|k| k.iter().any(|k| k == "bin"))
        })
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .ok_or_else(|| Error::Workspace {
            message: format!("cargo built no executable for bin `{}`", subject.bin),
        })
}

/// Where the program of the package at `manifest` is built: a folder of
/// the system's temporary one, by package, kept for the next run.
fn target_dir(manifest: &Path) -> PathBuf {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    manifest.hash(&mut hasher);
    std::env::temp_dir()
        .join("cargo-submit")
        .join(format!("{:016x}", hasher.finish()))
}

/// Compiles the bundle as the judge does, in `dir`.
fn compile_bundle(subject: &Subject, dir: &Path) -> Result<PathBuf, Error> {
    let source = dir.join("main.rs");
    std::fs::write(&source, subject.bundle).map_err(|source_error| Error::Io {
        path: source.clone(),
        source: source_error,
    })?;
    let binary = dir.join("bundle");
    let output = Command::new("rustc")
        .args(["--edition", subject.edition, "-O", "-o"])
        .arg(&binary)
        .arg(&source)
        .output()
        .map_err(|e| Error::Rustc {
            message: format!("cannot run rustc: {e}"),
        })?;
    if !output.status.success() {
        return Err(Error::Rustc {
            message: format!(
                "the bundle does not compile as edition {}:\n{}",
                subject.edition,
                String::from_utf8_lossy(&output.stderr).trim_end()
            ),
        });
    }
    Ok(binary)
}

/// What one run did.
#[derive(Debug, PartialEq, Eq)]
struct Run {
    stdout: Vec<u8>,
    /// The exit code; `None` if a signal ended it or it ran out of time.
    code: Option<i32>,
    timed_out: bool,
}

/// Runs `binary` on `input`, with [`TIME_LIMIT`].
fn run(binary: &Path, input: &[u8]) -> Result<Run, Error> {
    let io = |source| Error::Io {
        path: binary.to_path_buf(),
        source,
    };
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(io)?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    // A program that exits before reading all of it closes the pipe: no error of ours.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().expect("piped stdout");
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stdout, &mut out);
        out
    });
    let started = Instant::now();
    let (status, timed_out) = loop {
        if let Some(status) = child.try_wait().map_err(io)? {
            break (Some(status), false);
        }
        if started.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break (None, true);
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let _ = writer.join();
    let stdout = reader.join().unwrap_or_default();
    Ok(Run {
        stdout,
        code: status.and_then(|s| s.code()),
        timed_out,
    })
}

/// The error for sample `sample`, on which the program did `want` and the
/// bundle (kept at `kept`) did `got`.
fn differs(bin: &str, sample: &Sample, want: &Run, got: &Run, kept: &Path) -> Error {
    let describe = |run: &Run| match (run.timed_out, run.code) {
        (true, _) => format!("ran past {} s", TIME_LIMIT.as_secs()),
        (false, Some(code)) => format!("exited with {code}"),
        (false, None) => "was killed by a signal".to_string(),
    };
    let detail = if want.code != got.code || want.timed_out != got.timed_out {
        format!(
            "the program {}, the bundle {}",
            describe(want),
            describe(got)
        )
    } else {
        first_difference(&want.stdout, &got.stdout)
    };
    Error::Differs {
        bin: bin.to_string(),
        sample: sample.name.clone(),
        detail,
        kept: kept.to_path_buf(),
    }
}

/// Where two outputs part: the line and both versions of it.
fn first_difference(want: &[u8], got: &[u8]) -> String {
    let (want, got) = (String::from_utf8_lossy(want), String::from_utf8_lossy(got));
    let (a, b): (Vec<&str>, Vec<&str>) = (want.split('\n').collect(), got.split('\n').collect());
    let k = (0..a.len().max(b.len()))
        .find(|&k| a.get(k) != b.get(k))
        .unwrap_or(0);
    let shown = |line: Option<&&str>| match line {
        Some(l) if l.chars().count() > 80 => {
            format!("{:?}…", l.chars().take(80).collect::<String>())
        }
        Some(l) => format!("{l:?}"),
        None => "(no such line)".to_string(),
    };
    format!(
        "line {}: the program printed {}, the bundle {}",
        k + 1,
        shown(a.get(k)),
        shown(b.get(k))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_come_from_each_layout() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        assert_eq!(samples(root, "abc999-a", None).unwrap(), (None, Vec::new()));
        std::fs::create_dir_all(root.join("test")).unwrap();
        std::fs::write(root.join("test/sample-1.in"), "1\n").unwrap();
        std::fs::write(root.join("test/sample-1.out"), "2\n").unwrap();
        std::fs::write(root.join("test/sample-2.in"), "3\n").unwrap();
        let (from, found) = samples(root, "abc999-a", None).unwrap();
        assert_eq!(from, Some(root.join("test")));
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].expected.as_deref(), Some(&b"2\n"[..]));
        assert_eq!(found[1].expected, None);
        std::fs::create_dir_all(root.join("testcases/a/in")).unwrap();
        std::fs::create_dir_all(root.join("testcases/a/out")).unwrap();
        std::fs::write(root.join("testcases/a/in/extra.txt"), "5\n").unwrap();
        std::fs::write(root.join("testcases/a/out/extra.txt"), "6\n").unwrap();
        let yaml = "---\ntype: Batch\ncases:\n  - name: sample1\n    in: |\n      7 8\n    out: |\n      15\n  - in: \"9\\n\"\n";
        std::fs::write(root.join("testcases/a.yml"), yaml).unwrap();
        let (from, found) = samples(root, "abc999-a", None).unwrap();
        assert_eq!(from, Some(root.join("testcases/a.yml")));
        let names: Vec<&str> = found.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["sample1", "sample2", "extra"]);
        assert_eq!(found[0].input, b"7 8\n");
        assert_eq!(found[0].expected.as_deref(), Some(&b"15\n"[..]));
        let empty = root.join("nothing");
        std::fs::create_dir_all(&empty).unwrap();
        let e = samples(root, "a", Some(&empty)).unwrap_err().to_string();
        assert!(e.contains("--cases") && e.contains("no samples"), "{e}");
    }

    #[test]
    fn a_bad_test_file_is_named() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("testcases")).unwrap();
        std::fs::write(
            dir.path().join("testcases/a.yml"),
            "cases:\n  - name: x\n    out: 1\n",
        )
        .unwrap();
        let e = samples(dir.path(), "a", None).unwrap_err().to_string();
        assert!(e.contains("a.yml") && e.contains("no `in`"), "{e}");
    }

    #[test]
    fn the_first_difference_is_quoted() {
        assert_eq!(
            first_difference(b"1\n2\n3\n", b"1\n2\n4\n"),
            "line 3: the program printed \"3\", the bundle \"4\""
        );
        assert_eq!(
            first_difference(b"1\n", b"1\n2\n"),
            "line 2: the program printed \"\", the bundle \"2\""
        );
        assert!(same_lines(b"1 \n2\n\n", b"1\n2"));
    }
}
