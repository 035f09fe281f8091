//! `figures`: writes the tables a bench prints into the pages of the docs.
//!
//! ```text
//! cargo bench -p library --bench sudoku -- DIR | figures docs/benchmarks.md
//! ```
//!
//! Reads the bench's output on stdin, finds each region it printed between
//! `<!-- figures NAME · `COMMAND` -->` and `<!-- end figures NAME -->`, and
//! writes it into the page (of those given) that holds a region of the same
//! name, stamped with today's date and the command; a region asking for a
//! chart gets its picture written as `figures/NAME.svg` beside the page. A
//! region no page holds is an error, and then no page is written; one
//! whose table holds no figure (the bench ran on some instances only) is
//! left alone.

use clap::Parser;
use judge_tests::figures::{chart, regions, today, update, Region};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Writes the measured tables a bench printed (stdin) into the pages that
/// hold their regions, with the date, the command and their charts.
#[derive(Parser)]
#[command(name = "figures")]
struct Cli {
    /// The pages to update (Markdown files holding the regions' markers).
    #[arg(required = true)]
    pages: Vec<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("figures: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: &Cli) -> Result<(), String> {
    let measured = measured_regions()?;
    for (path, text) in planned_writes(&cli.pages, &measured)? {
        let old = std::fs::read_to_string(&path).unwrap_or_default();
        let verb = if old == text { "unchanged" } else { "updated" };
        if old != text {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        eprintln!("figures: {} {verb}", path.display());
    }
    Ok(())
}

/// The regions of stdin that hold figures; those that hold none are named
/// and left out.
fn measured_regions() -> Result<Vec<Region>, String> {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .map_err(|e| format!("reading stdin: {e}"))?;
    let (measured, empty): (Vec<Region>, Vec<Region>) = regions(&input)
        .map_err(|e| format!("stdin, {e}"))?
        .into_iter()
        .partition(Region::has_figures);
    for region in &empty {
        eprintln!(
            "figures: {} left alone: its table holds no figure",
            region.name
        );
    }
    if measured.is_empty() {
        return Err(
            "stdin holds no `<!-- figures NAME · `COMMAND` -->` region with figures".to_string(),
        );
    }
    Ok(measured)
}

/// Every file to write, pages and charts, once every region has found its
/// page: nothing is written if one has not.
fn planned_writes(
    pages: &[PathBuf],
    measured: &[Region],
) -> Result<Vec<(PathBuf, String)>, String> {
    let day = today();
    let mut writes: Vec<(PathBuf, String)> = Vec::new();
    let mut placed: Vec<String> = Vec::new();
    for page in pages {
        let within = |e: String| format!("{}: {e}", page.display());
        let text = std::fs::read_to_string(page).map_err(|e| within(e.to_string()))?;
        let held = regions(&text).map_err(within)?;
        let here: Vec<Region> = measured
            .iter()
            .filter(|r| held.iter().any(|h| h.name == r.name))
            .cloned()
            .collect();
        if here.is_empty() {
            continue;
        }
        let (updated, written) = update(&text, &here, &day).map_err(within)?;
        for region in here.iter().filter(|r| r.chart.is_some()) {
            writes.push((picture(page, &region.name), chart(region).map_err(within)?));
        }
        writes.push((page.clone(), updated));
        placed.extend(written);
    }
    let missing: Vec<&str> = measured
        .iter()
        .map(|r| r.name.as_str())
        .filter(|name| !placed.iter().any(|p| p == name))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "no page given holds the region{} {}: add its markers where the table belongs",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", ")
        ));
    }
    Ok(writes)
}

/// Where a region's chart goes: `figures/NAME.svg` beside the page.
fn picture(page: &Path, name: &str) -> PathBuf {
    page.parent()
        .unwrap_or(Path::new("."))
        .join("figures")
        .join(format!("{name}.svg"))
}
