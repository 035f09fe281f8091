//! What `dlx` writes of each solution found (`--print`, `--draw`,
//! `--svg`), and its closing line.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

use library::dlx::{engine::Engine, text, Stats};

use crate::args::Args;
use crate::closing::{Closing, Lead};
use crate::draw;
use crate::error::Error;
use crate::parts;

/// Writes what is asked of each solution found, and counts them.
pub struct Printer<'a> {
    pub args: &'a Args,
    /// Whether each solution's option lines are written (`--print`, or a
    /// file with costs).
    pub options: bool,
    /// The text, kept to print or draw solutions.
    pub instance: Option<&'a text::Instance>,
    pub layout: Option<draw::Layout>,
    pub colour: bool,
    pub limit: Option<u64>,
    /// The solutions found so far, for the progress lines too.
    pub solutions: &'a AtomicU64,
    /// The first solution's picture, for `--svg`.
    pub svg: Option<String>,
    pub out: io::BufWriter<io::Stdout>,
}

impl Printer<'_> {
    /// One solution: breaks with the write error, if any, or with `None`
    /// at the limit.
    pub fn visit(&mut self, solution: &[usize]) -> ControlFlow<Option<io::Error>> {
        let found = self.solutions.fetch_add(1, Ordering::Relaxed) + 1;
        let lines = self.lines(solution);
        if !lines.is_empty() {
            if let Err(e) = self.out.write_all(&lines) {
                return ControlFlow::Break(Some(e));
            }
        }
        match self.limit {
            Some(limit) if found >= limit => ControlFlow::Break(None),
            _ => ControlFlow::Continue(()),
        }
    }

    /// The text `--print` and `--draw` ask for; the picture for `--svg`
    /// kept if it is the first.
    pub fn lines(&mut self, solution: &[usize]) -> Vec<u8> {
        let mut lines = Vec::new();
        let instance = self.instance;
        if let Some(instance) = instance.filter(|_| self.options) {
            // The option lines as they were read, bytes, colors and all.
            for &k in solution {
                lines.extend_from_slice(instance.option_bytes(k));
                lines.push(b'\n');
            }
            lines.push(b'\n');
        }
        if let (Some(layout), Some(instance)) = (&self.layout, instance) {
            let options: Vec<String> = solution.iter().map(|&k| instance.option_text(k)).collect();
            let options: Vec<&str> = options.iter().map(String::as_str).collect();
            let picture = layout.picture(&options);
            if self.args.draw {
                lines.extend_from_slice(picture.text(self.colour).as_bytes());
                lines.push(b'\n');
            }
            if self.args.svg.is_some() && self.svg.is_none() {
                self.svg = picture.svg();
            }
        }
        lines
    }

    /// The closing line (for a part of `dlx split`, its number first and
    /// its share of the levels above it counted in), and the picture for
    /// `--svg`.
    pub fn finish(
        mut self,
        engine: &Engine,
        part: Option<parts::Header>,
        mut stats: Stats,
        seconds: f64,
    ) -> Result<(), Error> {
        let mut solutions = u128::from(self.solutions.load(Ordering::Relaxed));
        let mut lead = Lead::Whole;
        let mut cleansings = engine.counts_cleansings();
        if let Some(part) = part {
            lead = Lead::Part(part.number, part.of);
            solutions += u128::from(part.solved);
            stats.nodes += part.above.nodes;
            stats.updates += part.above.updates;
            stats.cleansings += part.above.cleansings;
            cleansings |= part.algorithm.counts_cleansings();
        }
        let closing = Closing {
            lead,
            solutions,
            stats,
            cleansings,
            memos: None,
            seconds,
        };
        writeln!(self.out, "{closing}")
            .and_then(|()| self.out.flush())
            .map_err(Error::write("the result"))?;
        if let Some(path) = &self.args.svg {
            let svg = self.svg.take().ok_or_else(|| {
                Error::refused(
                    "",
                    format!(
                        "no solution found, so no picture written to {}",
                        path.display()
                    ),
                )
            })?;
            std::fs::write(path, svg).map_err(Error::write(path.display().to_string()))?;
        }
        Ok(())
    }
}
