//! The `figures` program as a bench's output reaches it: regions on stdin,
//! pages on the command line, charts written beside them.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn figures(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_figures"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run figures");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("figures ends")
}

const PAGE: &str = "# Speed\n\n<!-- figures speed · `old` -->\n<!-- end figures speed -->\n\n\
                    <!-- figures size · `old` -->\n<!-- end figures size -->\n";

const BENCH: &str = "compiling…\n\
    <!-- figures speed · `cargo bench -p x` · chart ours/theirs -->\n\
    | case | ours s | ours/theirs |\n|---|---|---|\n| a | 1.0 | 0.50x |\n| total | | 0.50x |\n\
    <!-- end figures speed -->\n\
    <!-- figures size · `cargo bench -p x` -->\n\
    | case | bytes x |\n|---|---|\n| total | - |\n\
    <!-- end figures size -->\n";

#[test]
fn a_benchs_regions_land_in_their_page_with_a_chart() {
    let dir = tempfile::tempdir().expect("a folder");
    std::fs::create_dir(dir.path().join("docs")).expect("docs");
    let page = dir.path().join("docs/page.md");
    std::fs::write(&page, PAGE).expect("the page");
    let run = figures(dir.path(), &["docs/page.md"], BENCH);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    // The second region's table holds only an empty total: left alone.
    assert!(stderr.contains("size left alone"), "{stderr}");
    let text = std::fs::read_to_string(&page).expect("the page");
    assert!(text.contains("Measured on 20"), "{text}");
    assert!(text.contains("| a | 1.0 | 0.50x |"), "{text}");
    assert!(text.contains("<!-- figures size · `old` -->"), "{text}");
    let svg = std::fs::read_to_string(dir.path().join("docs/figures/speed.svg")).expect("chart");
    assert!(svg.starts_with("<svg") && svg.contains(">0.50x<"), "{svg}");
    // Run again on the same output: nothing changes.
    let run = figures(dir.path(), &["docs/page.md"], BENCH);
    assert!(String::from_utf8_lossy(&run.stderr).contains("page.md unchanged"));
    assert_eq!(std::fs::read_to_string(&page).expect("the page"), text);
}

#[test]
fn a_region_no_page_holds_writes_nothing() {
    let dir = tempfile::tempdir().expect("a folder");
    let page = dir.path().join("page.md");
    let without_speed = "# Size\n\n<!-- figures size · `old` -->\n<!-- end figures size -->\n";
    std::fs::write(&page, without_speed).expect("the page");
    let bench = BENCH.replace("| total | - |", "| a | 2.0x |");
    let run = figures(dir.path(), &["page.md"], &bench);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success());
    assert!(
        stderr.contains("no page given holds the region speed"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(&page).expect("the page"),
        without_speed
    );
    assert!(!dir.path().join("figures").exists());
}

#[test]
fn bad_input_is_named() {
    let dir = tempfile::tempdir().expect("a folder");
    std::fs::write(dir.path().join("page.md"), PAGE).expect("the page");
    let cases = [
        ("no regions at all\n", "holds no `<!-- figures NAME"),
        (
            "<!-- figures speed · `c` -->\n| a |\n",
            "stdin, line 1: region `speed` is never closed",
        ),
    ];
    for (stdin, expected) in cases {
        let run = figures(dir.path(), &["page.md"], stdin);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(
            !run.status.success() && stderr.contains(expected),
            "{stdin:?}: {stderr}"
        );
    }
    let run = figures(dir.path(), &["missing.md"], BENCH);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        !run.status.success() && stderr.contains("missing.md"),
        "{stderr}"
    );
}
