//! The case directories keep the online-judge-tools layout, so that
//! `oj test -d judge-tests/<id>` accepts them as they are: oj globs `*.*`,
//! stops at any visible file that is not `<name>.in` / `<name>.out`, and
//! rejects an output without its input. Hidden files (our `.problem.toml`)
//! are not globbed.

use judge_tests::settings::{Settings, FILE_NAME, PROBLEMS};
use std::collections::BTreeSet;
use std::path::PathBuf;

#[test]
fn case_directories_are_in_the_oj_layout_with_settings_beside_them() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut problems = Vec::new();
    for id in PROBLEMS {
        let dir = root.join(id);
        assert!(dir.join(FILE_NAME).is_file(), "{id}: no {FILE_NAME}");
        Settings::load_dir(&dir).unwrap_or_else(|e| panic!("{e}"));
        let mut inputs = BTreeSet::new();
        let mut outputs = BTreeSet::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            if let Some(stem) = name.strip_suffix(".in") {
                inputs.insert(stem.to_string());
            } else if let Some(stem) = name.strip_suffix(".out") {
                outputs.insert(stem.to_string());
            } else {
                problems.push(format!("{id}/{name}: oj test stops at this file"));
            }
        }
        if inputs != outputs {
            problems.push(format!(
                "{id}: inputs {inputs:?} and outputs {outputs:?} do not pair up"
            ));
        }
        if !inputs.contains("sample-1") {
            problems.push(format!("{id}: no sample-1 case"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
