//! The adapter run unbundled beside its bundle: what `cargo submit` does
//! for a user's bin, `judge submit` does for a problem. The library is
//! built as it is, not cut, in a package of the judge's own
//! (`target/unbundled/`: the library's `src/lib.rs` as its crate, one bin per
//! problem calling `problems::<module>::main`), and the bundler runs it and
//! the bundle on every case of the problem's folder: a bundle that prints
//! anything else than the library is refused.

use std::path::{Path, PathBuf};

use crate::catalog::{Catalog, Problem};
use crate::error::Error;

/// Runs the unbundled adapter of `problem` and `bundle` (compiled as
/// `edition`) on the cases in `cases`; what was compared.
pub fn compare(
    catalog: &Catalog,
    problem: &Problem,
    bundle: &str,
    edition: &str,
    cases: &Path,
) -> Result<bundler::Compared, Error> {
    let manifest = write_package(catalog)?;
    let target = manifest.with_file_name("target");
    let (_, samples) = bundler::samples(cases, &problem.id, Some(cases))
        .map_err(|e| Error::Bundle(e.to_string()))?;
    let driven = crate::support::driver(&problem.id)
        .map(|driver| crate::support::leetcode::driven(bundle, driver));
    let subject = bundler::Subject {
        bin: &problem.id,
        manifest: &manifest,
        bundle: driven.as_deref().unwrap_or(bundle),
        edition,
        target: Some(&target),
    };
    bundler::compare(&subject, &samples).map_err(|e| Error::Bundle(e.to_string()))
}

/// Writes the package of every problem's unbundled program, where its text
/// changed (so that cargo rebuilds nothing else); its manifest's path.
fn write_package(catalog: &Catalog) -> Result<PathBuf, Error> {
    let dir = catalog.root.join("target").join("unbundled");
    let lib = catalog.root.join("library").join("src").join("lib.rs");
    let mut manifest = format!(
        "# Written by `judge submit`: each adapter as a program, unbundled.\n\
         [package]\nname = \"unbundled\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [workspace]\n\n[lib]\nname = \"library\"\npath = {:?}\n",
        lib.display().to_string()
    );
    let mut files = Vec::new();
    for problem in catalog.problems.iter().filter(|p| p.adapter.is_some()) {
        let module = bundler::adapters::module_name(&problem.id);
        manifest.push_str(&format!(
            "\n[[bin]]\nname = {:?}\npath = \"bins/{module}.rs\"\n",
            problem.id
        ));
        // LeetCode's shape: the judge's driver, with the library's
        // `Solution` in place of the one LeetCode declares.
        let main = match crate::support::driver(&problem.id) {
            Some(driver) => format!("use library::problems::{module}::Solution;\n{driver}"),
            None => format!("fn main() {{\n    library::problems::{module}::main()\n}}\n"),
        };
        files.push((dir.join("bins").join(format!("{module}.rs")), main));
    }
    files.push((dir.join("Cargo.toml"), manifest));
    for (path, text) in files {
        if std::fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()) {
            continue;
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
        }
        std::fs::write(&path, text).map_err(|e| Error::io(&path, e))?;
    }
    Ok(dir.join("Cargo.toml"))
}
