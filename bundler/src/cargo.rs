//! A user's Cargo package, read with `cargo metadata`: the bin to bundle,
//! and every library crate it may reach (its own package's library, its
//! path and registry dependencies, theirs, and so on), each with the root
//! file cargo builds it from, its edition, its enabled features and the
//! names it calls its own dependencies by.
//!
//! ```text
//! sol/src/bin/a.rs      the bin: the bundle's crate root
//! mylib/src/lib.rs      a path dependency, bundled as `mod mylib`
//! ac-library-rs-0.2.0/src/lib.rs   a registry one, as `mod ac_library`
//! ```
//!
//! Only what cargo already resolved and downloaded is read: `cargo metadata
//! --locked --offline`, which writes nothing (not even `Cargo.lock`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::error::Error;

/// The bin to bundle and the crates it may reach.
#[derive(Clone, Debug)]
pub struct Workspace {
    /// The bin's package name.
    pub package: String,
    /// The `Cargo.toml` of the bin's package.
    pub manifest: PathBuf,
    /// The bin's own crate (mount name `""`): its root file is the bin's.
    pub root: Krate,
    /// The library crates the bin may reach, by mount name.
    pub libraries: BTreeMap<String, Krate>,
    /// The procedural-macro crates they depend on, by crate name: run, not
    /// bundled (see [`crate::proc_macros`]).
    pub proc_macros: BTreeMap<String, ProcMacroCrate>,
    /// Where cargo builds (and keeps the procedural macros it built).
    pub target_dir: PathBuf,
}

/// A procedural-macro crate of the graph.
#[derive(Clone, Debug)]
pub struct ProcMacroCrate {
    /// The name code calls it by and rustc's `--extern` takes
    /// (`proconio_derive`).
    pub name: String,
    /// `proconio-derive 0.2.1`, for messages.
    pub package: String,
    /// Its root file, where its macros are declared (and which cargo's
    /// dep-info files name).
    pub root_file: PathBuf,
}

/// One crate of the bundle.
#[derive(Clone, Debug)]
pub struct Krate {
    /// The module it becomes (`ac_library`), `""` for the bin.
    pub mount: String,
    /// Its root file (`src/lib.rs`, `src/bin/a.rs`).
    pub root_file: PathBuf,
    /// The folder its files are shown relative to.
    pub display_base: PathBuf,
    pub edition: String,
    pub features: BTreeSet<String>,
    /// What its build script set, as cargo recorded it, if it has one.
    pub build: Option<BuildRecord>,
    /// What `env!` reads while cargo compiles it: the `CARGO_PKG_*`
    /// variables cargo sets for every crate, and its build script's.
    pub env: BTreeMap<String, String>,
    /// The names its code calls its dependencies by (`ac_library`, or a
    /// rename), each with what it is in the bundle.
    pub externs: BTreeMap<String, Extern>,
}

/// What a build script told cargo, from the `output` file cargo keeps in
/// its target folder: `cargo:rustc-cfg=has_total_cmp` and
/// `cargo:rustc-env=KEY=value` lines. A script that asks for anything else
/// (linking a native library, flags) cannot be carried by a submission.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BuildRecord {
    /// `name` or `key="value"`.
    pub cfgs: BTreeSet<String>,
    pub env: BTreeMap<String, String>,
}

/// What a dependency's name means in the bundle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Extern {
    /// The crate is the bundle's module of this name.
    Mounted(String),
    /// A procedural-macro crate of this name ([`Workspace::proc_macros`]):
    /// its macros are run at bundling and it is gone from the bundle.
    ProcMacro(String),
    /// The crate cannot be bundled: why.
    Refused(String),
}

/// Reads the package at `manifest` (or the one in the current directory)
/// and finds its bin `bin`; cargo builds it in `target_dir`, if given,
/// else where `cargo metadata` says.
pub fn workspace(
    manifest: Option<&Path>,
    bin: &str,
    target_dir: Option<&Path>,
) -> Result<Workspace, Error> {
    let metadata = metadata(manifest)?;
    let packages = packages(&metadata);
    let nodes = nodes(&metadata);
    let (package, src_path) = find_bin(&metadata, &packages, bin)?;
    let root_dir = metadata["workspace_root"]
        .as_str()
        .map(PathBuf::from)
        .unwrap_or_default();
    let target_dir = match target_dir {
        Some(given) => given.to_path_buf(),
        None => metadata["target_directory"]
            .as_str()
            .map(PathBuf::from)
            .unwrap_or_else(|| root_dir.join("target")),
    };
    let mut reader = Reader {
        packages: &packages,
        nodes: &nodes,
        workspace_root: root_dir,
        target_dir,
        mounts: BTreeMap::new(),
        libraries: BTreeMap::new(),
        proc_macros: BTreeMap::new(),
    };
    let root = reader.bin_crate(package, bin, src_path)?;
    Ok(Workspace {
        package: package["name"].as_str().unwrap_or_default().to_string(),
        manifest: PathBuf::from(package["manifest_path"].as_str().unwrap_or_default()),
        root,
        libraries: reader.libraries,
        proc_macros: reader.proc_macros,
        target_dir: reader.target_dir,
    })
}

/// `cargo metadata`'s JSON for `manifest`.
fn metadata(manifest: Option<&Path>) -> Result<Value, Error> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command.args(["metadata", "--format-version", "1", "--locked", "--offline"]);
    if let Some(manifest) = manifest {
        if !manifest.is_file() {
            return Err(Error::Workspace {
                message: format!(
                    "--manifest-path {}: no such file; give the Cargo.toml of the package \
                     whose bin to bundle",
                    manifest.display()
                ),
            });
        }
        command.arg("--manifest-path").arg(manifest);
    }
    let output = command.output().map_err(|e| Error::Workspace {
        message: format!("cannot run cargo metadata: {e}; the bundler needs cargo on the PATH"),
    })?;
    if !output.status.success() {
        let said = String::from_utf8_lossy(&output.stderr);
        return Err(Error::Workspace {
            message: format!(
                "cargo metadata failed:\n{}\nThe bundler reads only what cargo has already \
                 resolved and downloaded, and writes nothing into your package: run `cargo \
                 build` (or `cargo fetch`) there first.",
                said.trim_end()
            ),
        });
    }
    serde_json::from_slice(&output.stdout).map_err(|e| Error::Workspace {
        message: format!("cannot read cargo metadata's output: {e}"),
    })
}

/// The packages by id.
fn packages(metadata: &Value) -> BTreeMap<String, &Value> {
    array(&metadata["packages"])
        .iter()
        .filter_map(|p| Some((p["id"].as_str()?.to_string(), p)))
        .collect()
}

/// The resolved dependency graph's nodes by package id.
fn nodes(metadata: &Value) -> BTreeMap<String, &Value> {
    array(&metadata["resolve"]["nodes"])
        .iter()
        .filter_map(|n| Some((n["id"].as_str()?.to_string(), n)))
        .collect()
}

fn array(value: &Value) -> &[Value] {
    value.as_array().map(Vec::as_slice).unwrap_or_default()
}

/// The targets of `package` of kind `kind` (`bin`, `lib`, …).
fn targets<'v>(package: &'v Value, kind: &str) -> Vec<&'v Value> {
    array(&package["targets"])
        .iter()
        .filter(|t| array(&t["kind"]).iter().any(|k| k == kind))
        .collect()
}

/// The package holding bin `bin` (the package of the manifest first, then
/// any workspace member), with the bin's root file.
fn find_bin<'v>(
    metadata: &'v Value,
    packages: &BTreeMap<String, &'v Value>,
    bin: &str,
) -> Result<(&'v Value, PathBuf), Error> {
    let members: Vec<&Value> = array(&metadata["workspace_members"])
        .iter()
        .filter_map(|id| packages.get(id.as_str()?).copied())
        .collect();
    let root = metadata["resolve"]["root"]
        .as_str()
        .and_then(|id| packages.get(id).copied());
    let searched: Vec<&Value> = root.map_or_else(|| members.clone(), |r| vec![r]);
    let holding = |candidates: &[&'v Value]| -> Vec<(&'v Value, PathBuf)> {
        candidates
            .iter()
            .flat_map(|p| targets(p, "bin").into_iter().map(move |t| (*p, t)))
            .filter(|(_, t)| t["name"] == bin)
            .filter_map(|(p, t)| Some((p, PathBuf::from(t["src_path"].as_str()?))))
            .collect()
    };
    let mut found = holding(&searched);
    if found.is_empty() && root.is_some() {
        found = holding(&members);
    }
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(no_such_bin(bin, &searched)),
        _ => Err(Error::Workspace {
            message: format!(
                "several packages have a bin `{bin}` ({}); pass the one's --manifest-path",
                found
                    .iter()
                    .map(|(p, _)| p["name"].as_str().unwrap_or("?"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }),
    }
}

/// The error for a bin that is not there, listing the bins that are.
fn no_such_bin(bin: &str, searched: &[&Value]) -> Error {
    let bins: Vec<(&str, Vec<String>)> = searched
        .iter()
        .map(|p| {
            let names = targets(p, "bin")
                .iter()
                .filter_map(|t| t["name"].as_str().map(str::to_string))
                .collect();
            (p["name"].as_str().unwrap_or("?"), names)
        })
        .collect();
    let listed: Vec<String> = bins
        .iter()
        .map(|(package, names)| match names.is_empty() {
            true => format!("package {package} has no bin"),
            false => format!("package {package} has bins {}", names.join(", ")),
        })
        .collect();
    // cargo-compete names a task's bin `abc999-a`; a user types `a`.
    let all: Vec<String> = bins.into_iter().flat_map(|(_, names)| names).collect();
    let mut near: Vec<String> = all
        .iter()
        .filter(|n| n.rsplit_once('-').is_some_and(|(_, task)| task == bin))
        .cloned()
        .collect();
    if near.is_empty() {
        near = crate::adapters::near_misses(bin, &all);
    }
    let suggestion = match near.as_slice() {
        [] => String::new(),
        [one] => format!(" (did you mean `{one}`?)"),
        more => format!(" (did you mean one of {}?)", more.join(", ")),
    };
    Error::NoBin {
        bin: bin.to_string(),
        bins: listed.join("; ") + &suggestion,
    }
}

/// Walks the dependency graph from the bin's package.
struct Reader<'v> {
    packages: &'v BTreeMap<String, &'v Value>,
    nodes: &'v BTreeMap<String, &'v Value>,
    workspace_root: PathBuf,
    /// Where cargo builds, and keeps what build scripts printed.
    target_dir: PathBuf,
    /// Package id → mount name, for the packages already mounted.
    mounts: BTreeMap<String, String>,
    libraries: BTreeMap<String, Krate>,
    proc_macros: BTreeMap<String, ProcMacroCrate>,
}

impl<'v> Reader<'v> {
    /// The bin's crate; its package's own library is one of its externs,
    /// as cargo makes it.
    fn bin_crate(&mut self, package: &'v Value, bin: &str, src: PathBuf) -> Result<Krate, Error> {
        let id = package["id"].as_str().unwrap_or_default().to_string();
        let mut krate = self.krate(package, "", bin, src);
        krate.env.insert("CARGO_BIN_NAME".into(), bin.to_string());
        krate.externs = self.externs(&id)?;
        if let Some(lib) = lib_target(package) {
            let name = lib["name"].as_str().unwrap_or_default().replace('-', "_");
            let mounted = self.mount(&id)?;
            krate.externs.insert(name, mounted);
        }
        Ok(krate)
    }

    /// The crate of package `package` mounted as `mount`, its root file
    /// `root_file`, its target named `target` (cargo's `CARGO_CRATE_NAME`
    /// is the target's name, not the package's).
    fn krate(&self, package: &Value, mount: &str, target: &str, root_file: PathBuf) -> Krate {
        let id = package["id"].as_str().unwrap_or_default();
        let dir = Path::new(package["manifest_path"].as_str().unwrap_or_default())
            .parent()
            .unwrap_or(Path::new("."))
            .to_path_buf();
        let display_base = match dir.starts_with(&self.workspace_root) {
            true => self.workspace_root.clone(),
            false => dir.parent().unwrap_or(&dir).to_path_buf(),
        };
        let features = self
            .nodes
            .get(id)
            .map(|n| array(&n["features"]))
            .unwrap_or_default()
            .iter()
            .filter_map(|f| Some(f.as_str()?.to_string()))
            .collect();
        Krate {
            mount: mount.to_string(),
            root_file,
            display_base,
            edition: package["edition"].as_str().unwrap_or("2015").to_string(),
            features,
            build: None,
            env: cargo_env(package, target),
            externs: BTreeMap::new(),
        }
    }

    /// What package `id`'s normal dependencies are in the bundle, by the
    /// names its code calls them.
    fn externs(&mut self, id: &str) -> Result<BTreeMap<String, Extern>, Error> {
        let mut externs = BTreeMap::new();
        let deps = self
            .nodes
            .get(id)
            .map(|n| array(&n["deps"]))
            .unwrap_or_default();
        for dep in deps {
            let normal = array(&dep["dep_kinds"]).iter().any(|k| k["kind"].is_null());
            let (Some(name), Some(pkg)) = (dep["name"].as_str(), dep["pkg"].as_str()) else {
                continue;
            };
            if normal {
                externs.insert(name.to_string(), self.mount(pkg)?);
            }
        }
        Ok(externs)
    }

    /// Mounts package `id`'s library (once), or says why it cannot be.
    fn mount(&mut self, id: &str) -> Result<Extern, Error> {
        if let Some(mount) = self.mounts.get(id) {
            return Ok(Extern::Mounted(mount.clone()));
        }
        let Some(&package) = self.packages.get(id) else {
            return Ok(Extern::Refused(format!(
                "cargo metadata does not list {id}"
            )));
        };
        if let Some(target) = targets(package, "proc-macro").first() {
            return Ok(self.proc_macro(package, target));
        }
        let lib = match (refusal(package), lib_target(package)) {
            (None, Some(lib)) => lib,
            (Some(why), _) => return Ok(Extern::Refused(why)),
            (None, None) => return Ok(Extern::Refused("it has no library".to_string())),
        };
        let build = match targets(package, "custom-build").first() {
            Some(script) => match build_record(package, script, &self.target_dir) {
                Ok(record) => Some(record),
                Err(why) => return Ok(Extern::Refused(why)),
            },
            None => None,
        };
        let name = lib["name"].as_str().unwrap_or("lib").replace('-', "_");
        let mount = (0..)
            .map(|k| match k {
                0 => name.clone(),
                k => format!("{name}_{k}"),
            })
            .find(|m| !self.libraries.contains_key(m))
            .expect("a free name");
        self.mounts.insert(id.to_string(), mount.clone());
        let root = PathBuf::from(lib["src_path"].as_str().unwrap_or_default());
        let target = lib["name"].as_str().unwrap_or_default();
        let mut krate = self.krate(package, &mount, target, root);
        if let Some(build) = &build {
            krate.env.extend(build.env.clone());
        }
        krate.build = build;
        self.libraries.insert(mount.clone(), krate.clone());
        krate.externs = self.externs(id)?;
        self.libraries.insert(mount.clone(), krate);
        Ok(Extern::Mounted(mount))
    }

    /// Records procedural-macro package `package`, whose target is
    /// `target`.
    fn proc_macro(&mut self, package: &Value, target: &Value) -> Extern {
        let name = target["name"]
            .as_str()
            .unwrap_or_default()
            .replace('-', "_");
        let text = |key: &str| package[key].as_str().unwrap_or_default().to_string();
        self.proc_macros.insert(
            name.clone(),
            ProcMacroCrate {
                name: name.clone(),
                package: format!("{} {}", text("name"), text("version")),
                root_file: PathBuf::from(target["src_path"].as_str().unwrap_or_default()),
            },
        );
        Extern::ProcMacro(name)
    }
}

/// Why package `package`'s library cannot be put in a submission, if it
/// cannot: C code runs on the machine that builds.
fn refusal(package: &Value) -> Option<String> {
    let manifest = package["manifest_path"].as_str().unwrap_or("Cargo.toml");
    let dir = Path::new(manifest).parent().unwrap_or(Path::new("."));
    if let Some(links) = package["links"].as_str() {
        return Some(format!(
            "it links the native library `{links}` ({manifest}): C code cannot go into a \
             Rust submission"
        ));
    }
    match lib_target(package) {
        Some(_) => None,
        None => Some(format!("it has no library target ({})", dir.display())),
    }
}

/// The variables cargo sets for every crate it compiles that a program
/// may read with `env!` (its package's name, version and description, the
/// name of the crate of its target `target`, and the folder
/// of its manifest, which `include_str!(concat!(env!("CARGO_MANIFEST_DIR"),
/// "/data.txt"))` reads from).
fn cargo_env(package: &Value, target: &str) -> BTreeMap<String, String> {
    let text = |key: &str| package[key].as_str().unwrap_or_default().to_string();
    let manifest = text("manifest_path");
    let folder = Path::new(&manifest).parent().unwrap_or(Path::new(""));
    let version = text("version");
    let (core, pre) = version.split_once('-').unwrap_or((&version, ""));
    let mut parts = core.splitn(3, '.').map(str::to_string);
    let mut env = BTreeMap::new();
    env.insert("CARGO_PKG_NAME".into(), text("name"));
    env.insert("CARGO_MANIFEST_DIR".into(), folder.display().to_string());
    env.insert("CARGO_CRATE_NAME".into(), target.replace('-', "_"));
    env.insert("CARGO_PKG_VERSION".into(), version.clone());
    for part in ["MAJOR", "MINOR", "PATCH"] {
        env.insert(
            format!("CARGO_PKG_VERSION_{part}"),
            parts.next().unwrap_or_default(),
        );
    }
    env.insert("CARGO_PKG_VERSION_PRE".into(), pre.to_string());
    for (key, field) in [
        ("CARGO_PKG_DESCRIPTION", "description"),
        ("CARGO_PKG_HOMEPAGE", "homepage"),
        ("CARGO_PKG_REPOSITORY", "repository"),
        ("CARGO_PKG_LICENSE", "license"),
    ] {
        env.insert(key.to_string(), text(field));
    }
    let authors: Vec<&str> = array(&package["authors"])
        .iter()
        .filter_map(Value::as_str)
        .collect();
    env.insert("CARGO_PKG_AUTHORS".into(), authors.join(":"));
    env
}

/// What package `package`'s build script `script` set, read from the
/// newest `output` cargo kept for it under `target_dir`
/// (`debug/build/<name>-<hash>/output`, or under a target triple's folder),
/// or why it cannot be carried.
fn build_record(package: &Value, script: &Value, target_dir: &Path) -> Result<BuildRecord, String> {
    let name = package["name"].as_str().unwrap_or_default();
    let file = script["src_path"].as_str().unwrap_or("build.rs");
    let prefix = format!("{name}-");
    let mut outputs: Vec<(std::time::SystemTime, PathBuf)> = Vec::new();
    let profiles = std::fs::read_dir(target_dir)
        .into_iter()
        .flatten()
        .flatten();
    for profile in profiles {
        let triple_builds = std::fs::read_dir(profile.path())
            .into_iter()
            .flatten()
            .flatten();
        let builds = std::iter::once(profile.path().join("build"))
            .chain(triple_builds.map(|t| t.path().join("build")));
        for build in builds {
            for entry in std::fs::read_dir(&build).into_iter().flatten().flatten() {
                let dir_name = entry.file_name().to_string_lossy().into_owned();
                let hash = dir_name.strip_prefix(&prefix).unwrap_or("");
                if hash.is_empty() || !hash.chars().all(|c| c.is_ascii_hexdigit()) {
                    continue;
                }
                let output = entry.path().join("output");
                if let Ok(modified) = output.metadata().and_then(|m| m.modified()) {
                    outputs.push((modified, output));
                }
            }
        }
    }
    let Some((_, newest)) = outputs.into_iter().max() else {
        return Err(format!(
            "it has a build script ({file}), and cargo has kept no record of what it printed \
             under {}: run `cargo build` in your package first, then bundle again",
            target_dir.display()
        ));
    };
    let text =
        std::fs::read_to_string(&newest).map_err(|e| format!("{}: {e}", newest.display()))?;
    let mut record = parse_build_record(&text).map_err(|line| {
        format!(
            "its build script ({file}) asks cargo for more than cfgs and environment \
             variables ({}: `{line}`), which a single file cannot carry",
            newest.display()
        )
    })?;
    // What the script wrote there is read like the crate's own files
    // (thiserror's `include!(concat!(env!("OUT_DIR"), "/private.rs"))`).
    let out = newest.with_file_name("out");
    if out.is_dir() {
        record
            .env
            .insert("OUT_DIR".to_string(), out.display().to_string());
    }
    Ok(record)
}

/// The cfgs and variables of a build script's output, or its first line
/// that asks for something else.
fn parse_build_record(text: &str) -> Result<BuildRecord, String> {
    let mut record = BuildRecord::default();
    for line in text.lines() {
        let Some(instruction) = line
            .strip_prefix("cargo::")
            .or_else(|| line.strip_prefix("cargo:"))
        else {
            continue;
        };
        let (key, value) = instruction.split_once('=').unwrap_or((instruction, ""));
        match key {
            "rustc-cfg" => {
                // `key="value"` as rustc's `--cfg` takes it.
                record.cfgs.insert(value.to_string());
            }
            "rustc-env" => {
                let (k, v) = value.split_once('=').unwrap_or((value, ""));
                record.env.insert(k.to_string(), v.to_string());
            }
            "rerun-if-changed" | "rerun-if-env-changed" | "rustc-check-cfg" | "warning" => {}
            _ => return Err(line.to_string()),
        }
    }
    Ok(record)
}

/// A package's Rust library target (kind `lib`, `rlib` or `dylib`).
fn lib_target(package: &Value) -> Option<&Value> {
    ["lib", "rlib", "dylib"]
        .iter()
        .find_map(|kind| targets(package, kind).first().copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_scripts_record_is_cfgs_and_variables_or_refused() {
        let record = parse_build_record(
            "cargo:rerun-if-changed=build.rs\ncargo:rustc-cfg=has_total_cmp\n\
             cargo::rustc-cfg=kind=\"fast\"\ncargo:rustc-env=GREETING=hi=there\n\
             cargo::rustc-check-cfg=cfg(has_total_cmp)\nnot an instruction\n",
        )
        .expect("cfgs and variables only");
        assert_eq!(
            record.cfgs.into_iter().collect::<Vec<_>>(),
            ["has_total_cmp", "kind=\"fast\""]
        );
        assert_eq!(record.env["GREETING"], "hi=there");
        assert_eq!(
            parse_build_record("cargo:rustc-cfg=a\ncargo:rustc-link-lib=z\n"),
            Err("cargo:rustc-link-lib=z".to_string())
        );
    }

    #[test]
    fn a_missing_bin_gets_the_names_it_may_mean() {
        let package = serde_json::json!({
            "name": "abc999",
            "targets": [
                {"name": "abc999-a", "kind": ["bin"]},
                {"name": "abc999-b", "kind": ["bin"]},
                {"name": "tools", "kind": ["lib"]},
            ],
        });
        let message = |bin| no_such_bin(bin, &[&package]).to_string();
        assert_eq!(
            message("a"),
            "no bin `a`: package abc999 has bins abc999-a, abc999-b (did you mean `abc999-a`?)"
        );
        assert!(message("abc999-c").ends_with("(did you mean one of abc999-a, abc999-b?)"));
        assert!(message("zzz").ends_with("has bins abc999-a, abc999-b"));
    }
}
