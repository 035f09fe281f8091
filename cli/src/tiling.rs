//! Tiling descriptions in the format of Knuth's `polyomino-dlx` and
//! `polycube-dlx`, turned into the DLX files those programs write.
//!
//! A description is a board line, then one line per piece:
//!
//! ```text
//! | twelve pentominoes in a 6x10 box        <- a comment: `|` in column 1
//! [0-5][0-9]                               <- the board: 60 cells 00 .. 59
//! F 01 02 10 11 21                         <- a piece: its name, then its cells
//! ```
//!
//! The rules (cli/README.md says the same for users):
//! * A coordinate is a radix-62 digit `0-9a-zA-Z` (0 to 61) or a set in
//!   brackets: `[05]`, ranges `[0-5]`, and mixtures such as `[0-257]`. A
//!   cell spec is two coordinates (three for polycubes) and stands for
//!   every combination: `[0-5][0-9]` is 60 cells.
//! * Polyominoes only: a cell spec may end with a suffix of up to 6
//!   characters; suffixed cells become secondary items (`00!`).
//! * A piece line is a name (1 to 8 characters, no `:` or `|`, and for
//!   polycubes no `*`) and cell specs, separated by spaces. Several lines
//!   may name the same piece: their placements add up.
//! * Multiplicity prefixes (for solvers that allow them): `2|Z` or
//!   `1:3|Z` for polyominoes, `2*Z` (one radix-62 digit) for polycubes.
//! * Ours, not Knuth's: `*:T` marks a piece that may be used any number of
//!   times (zero included). It gets no item; its options name only cells.
//!   Knuth's programs reject `:` in names, so no description they accept
//!   changes meaning.
//!
//! The output is what Knuth's programs print: every input line echoed as a
//! comment, then the item line (the board's plain cells in sorted order,
//! the pieces in order of first appearance, then ` |` and the suffixed
//! cells if any suffix was seen), then for every base placement (line by
//! line, each line's images breadth first under a quarter turn and a
//! transposition, or for polycubes a quarter turn about z and a cycle of
//! the axes) every translation that fits, in lexicographic order: the
//! piece's name, then its cells in sorted order.
//!
//! Input his programs accept is accepted here and gives the same item line
//! and options, except where they overrun a buffer on it (a new piece
//! name keeps the tail of a longer one; `polyomino-dlx` copies piece lines
//! into its 8-byte multiplicity buffer): there this output is the one the
//! input means (cli/README.md shows both). Where they print nonsense or
//! overrun a buffer in other ways (a piece without cells, an empty board,
//! a piece named like a suffixed cell, a `|` or `:` in a suffix, a
//! multiplicity that is not a number, a tab or other control character,
//! ...) this reader stops with an error that names the line and column,
//! as it does wherever his programs stop (a NUL byte, say); blank lines
//! are skipped.
//!
//! A description goes through three phases: [`read`] checks it and
//! collects the board, the pieces and each piece line's cells (the words
//! of a line are [`syntax`]); [`library::geometry`] turns each piece
//! line into its base placements; [`write`](mod@write) prints the DLX file.

mod read;
mod syntax;
#[cfg(test)]
mod tests;
mod write;

use std::fmt;

use library::geometry::{labelled_base_placements, Symmetry};

use read::{Cell, Description, Piece};

/// Which of Knuth's two formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `polyomino-dlx`: cells `xy`, suffixes, multiplicities `m|name`.
    Polyomino,
    /// `polycube-dlx`: cells `xyz`, multiplicities `d*name`.
    Polycube,
}

impl Kind {
    /// The subcommand's name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Polyomino => "polyomino",
            Kind::Polycube => "polycube",
        }
    }
}

/// What is wrong with a description, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for Error {}

/// A description turned into DLX text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The DLX file.
    pub dlx: String,
    /// One line for stderr: cells, pieces, base placements, options.
    pub summary: String,
    /// Pieces that fit nowhere (the problem then has no solution).
    pub warnings: Vec<String>,
}

/// Reads a description of `kind` and writes its DLX file.
///
/// # Errors
/// Anything that breaks the rules in the module docs, with its place.
pub fn generate(kind: Kind, text: &str) -> Result<Generated, Error> {
    match kind {
        Kind::Polyomino => generate_in::<2>(kind, text),
        Kind::Polycube => generate_in::<3>(kind, text),
    }
}

/// [`generate`] with `D` coordinates per cell.
fn generate_in<const D: usize>(kind: Kind, text: &str) -> Result<Generated, Error> {
    let read = read::description::<D>(kind, text)?;
    // Every base placement, piece line by piece line: (piece, cells).
    let generators = generators::<D>();
    let mut bases: Vec<(usize, Vec<Cell<D>>)> = Vec::new();
    for (piece, cells) in &read.shapes {
        for base in labelled_base_placements(cells, &generators) {
            bases.push((*piece, base));
        }
    }
    let mut dlx = write::comments(kind, text);
    write::item_line(&mut dlx, &read);
    let fits = write::options(&mut dlx, &read, &bases);
    Ok(Generated {
        dlx,
        summary: summary(&read, bases.len(), fits.iter().sum()),
        warnings: warnings(&read.pieces, &fits),
    })
}

/// The line for stderr: cells (plain+suffixed), pieces, base placements,
/// options.
fn summary<const D: usize>(read: &Description<D>, bases: usize, options: usize) -> String {
    let secondary = read.board.iter().filter(|&&(_, s)| s != 0).count();
    let cells = if secondary == 0 {
        plural(read.board.len(), "cell")
    } else {
        format!("{}+{secondary} cells", read.board.len() - secondary)
    };
    format!(
        "{cells}, {}, {}, {}",
        plural(read.pieces.len(), "piece"),
        plural(bases, "base placement"),
        plural(options, "option")
    )
}

/// A warning for each piece that fits nowhere (`fits[k]` options for
/// piece `k`).
fn warnings(pieces: &[Piece], fits: &[usize]) -> Vec<String> {
    pieces
        .iter()
        .zip(fits)
        .filter(|(_, &n)| n == 0)
        .map(|(piece, _)| {
            format!(
                "piece {} (line {}) fits nowhere on the board",
                piece.name, piece.line
            )
        })
        .collect()
}

/// "1 piece", "2 pieces".
fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Knuth's two generators: a quarter turn (x, y) -> (y, -x) and the
/// transposition (x, y) -> (y, x) in the plane; a quarter turn
/// (x, y, z) -> (y, -x, z) and the cycle (x, y, z) -> (y, z, x) in space.
/// Breadth first, they list the base placements in his order.
fn generators<const D: usize>() -> Vec<Symmetry<D>> {
    let pairs: [(&[usize], &[i32]); 2] = if D == 2 {
        [(&[1, 0], &[1, -1]), (&[1, 0], &[1, 1])]
    } else {
        [(&[1, 0, 2], &[1, -1, 1]), (&[1, 2, 0], &[1, 1, 1])]
    };
    pairs
        .iter()
        .map(|&(axes, signs)| {
            let mut a = [0; D];
            let mut s = [0; D];
            a.copy_from_slice(axes);
            s.copy_from_slice(signs);
            Symmetry::new(a, s)
        })
        .collect()
}

fn error(line: usize, column: usize, message: String) -> Error {
    Error {
        line,
        column,
        message,
    }
}
