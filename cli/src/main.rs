//! `dlx`: solves an exact-cover problem written in Knuth's DLX text format,
//! and writes such problems for polyomino and polycube puzzles.
//!
//! ```text
//! $ dlx library/instances/queens-8.dlx
//! solutions: 92  nodes: 975  updates: 16126  seconds: 0.000
//! $ dlx library/instances/wordsquare-4.dlx   # colors: DLX2's counts
//! $ dlx polyomino examples/pentomino-6x10.polyomino | dlx --first --draw
//! ```
//!
//! `args` reads the command line; `solve` runs `dlx FILE` (the engine from
//! `library::dlx::engine`), `memo` its counting by memo, `cost` the cheapest
//! solutions of a file with costs, `parts` `dlx split`
//! and `dlx sum`; `print` and `draw` write the solutions, `progress` the
//! lines on standard error, `closing` the last line (which `dlx sum`
//! reads back); `tiling` turns tiling descriptions into DLX files; `error`
//! is what stops a run.

mod args;
mod closing;
mod cost;
mod draw;
mod error;
mod memo;
mod parts;
mod print;
mod progress;
mod solve;
mod tiling;

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use args::{Args, Command};
use error::Error;

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("dlx: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), Error> {
    match &args.command {
        Some(Command::Polyomino { file }) => describe(tiling::Kind::Polyomino, file.as_ref()),
        Some(Command::Polycube { file }) => describe(tiling::Kind::Polycube, file.as_ref()),
        Some(Command::Split { file, parts, out }) => {
            let (name, bytes) = read_input(file.as_ref())?;
            let written = parts::split(&name, bytes, *parts as usize, out)?;
            eprintln!("dlx split: {written} parts in {}", out.display());
            Ok(())
        }
        Some(Command::Sum { files }) => {
            println!("{}", parts::sum(&parts::read_reports(files)?)?);
            Ok(())
        }
        None => {
            let (name, text) = read_input(args.file.as_ref())?;
            solve::solve(args, &name, text)
        }
    }
}

/// `dlx polyomino` and `dlx polycube`: a description in, its DLX file out.
fn describe(kind: tiling::Kind, file: Option<&PathBuf>) -> Result<(), Error> {
    let (name, bytes) = read_input(file)?;
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        let valid = &bytes[..e.valid_up_to()];
        let start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        Error::NotUtf8 {
            name: name.clone(),
            line: 1 + valid.iter().filter(|&&b| b == b'\n').count(),
            column: 1 + String::from_utf8_lossy(&valid[start..]).chars().count(),
        }
    })?;
    let generated = tiling::generate(kind, text).map_err(|source| Error::Description {
        name: name.clone(),
        source,
    })?;
    for warning in &generated.warnings {
        eprintln!("dlx {}: warning: {warning}", kind.name());
    }
    eprintln!("dlx {}: {}", kind.name(), generated.summary);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    out.write_all(generated.dlx.as_bytes())
        .and_then(|()| out.flush())
        .map_err(Error::write("the DLX file"))
}

/// The input's name and bytes: DLX files need not be UTF-8.
fn read_input(file: Option<&PathBuf>) -> Result<(String, Vec<u8>), Error> {
    let (name, read) = match file {
        Some(path) if path.as_os_str() != "-" => (path.display().to_string(), std::fs::read(path)),
        _ => {
            let mut text = Vec::new();
            let read = io::stdin().read_to_end(&mut text).map(|_| text);
            ("<stdin>".to_string(), read)
        }
    };
    match read {
        Ok(bytes) => Ok((name, bytes)),
        Err(source) => Err(Error::Read { name, source }),
    }
}
