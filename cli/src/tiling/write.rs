//! Writing the DLX file of a description read, in Knuth's order: the
//! input as comments, the item line, the options.

use super::read::{Cell, Count, Description};
use super::syntax::lines;
use super::Kind;
use library::geometry::{translate, Board, Point};

/// Every line of `text` as a DLX comment (`| ` + line), then a line that
/// says which command made the file.
pub(super) fn comments(kind: Kind, text: &str) -> String {
    let mut out = String::new();
    for line in lines(text) {
        out.push_str("| ");
        out.push_str(line);
        out.push('\n');
    }
    out.push_str(&format!(
        "| this file was created by dlx {} from that data\n",
        kind.name()
    ));
    out
}

/// The item line: the board's cells without suffix, the pieces with a
/// count, then ` |` and the suffixed cells if any suffix was seen.
pub(super) fn item_line<const D: usize>(out: &mut String, read: &Description<D>) {
    for &cell in &read.board {
        if cell.1 == 0 {
            out.push(' ');
            out.push_str(&read.suffixes.cell_name(cell));
        }
    }
    for piece in &read.pieces {
        if let Count::Times(times) = &piece.count {
            out.push(' ');
            if times != "1" {
                // `m|` as DLX3 reads it. polycube-dlx writes `4*Z`, which
                // no solver of Knuth's reads as a multiplicity (DLX3 takes
                // `4*Z` for a name, and the options name `Z`): the item
                // line says `4|Z` instead.
                out.push_str(times);
                out.push('|');
            }
            out.push_str(&piece.name);
        }
    }
    if !read.suffixes.is_empty() {
        out.push_str(" |");
        for &cell in &read.board {
            if cell.1 != 0 {
                out.push(' ');
                out.push_str(&read.suffixes.cell_name(cell));
            }
        }
    }
    out.push('\n');
}

/// The options: each base placement `(piece, cells)` at every translation
/// where all its cells, suffixes included, are cells of the board.
/// Returns how many options each piece has.
pub(super) fn options<const D: usize>(
    out: &mut String,
    read: &Description<D>,
    bases: &[(usize, Vec<Cell<D>>)],
) -> Vec<usize> {
    // Translations that fit the board's points regardless of suffixes
    // are a superset, in the same lexicographic order.
    let points: Vec<Point<D>> = read.board.iter().map(|&(p, _)| p).collect();
    let plain_board = Board::new(&points);
    let mut fits = vec![0; read.pieces.len()];
    for (piece, base) in bases {
        let shape: Vec<Point<D>> = base.iter().map(|&(p, _)| p).collect();
        for offset in plain_board.offsets(&shape) {
            let moved: Vec<Cell<D>> = base
                .iter()
                .map(|&(p, suffix)| (translate(p, offset), suffix))
                .collect();
            if !moved
                .iter()
                .all(|cell| read.board.binary_search(cell).is_ok())
            {
                continue;
            }
            let mut names: Vec<String> = Vec::with_capacity(moved.len() + 1);
            if read.pieces[*piece].count != Count::Unlimited {
                names.push(read.pieces[*piece].name.clone());
            }
            names.extend(moved.iter().map(|&cell| read.suffixes.cell_name(cell)));
            out.push_str(&names.join(" "));
            out.push('\n');
            fits[*piece] += 1;
        }
    }
    fits
}
