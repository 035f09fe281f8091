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
//! and options. Where they print nonsense or overrun a buffer (a piece
//! without cells, an empty board, a piece named like a suffixed cell, a `|`
//! or `:` in a suffix, a multiplicity that is not a number, a tab, ...)
//! this reader stops with an error that names the line and column, as it
//! does wherever his programs stop; blank lines are skipped.

use std::fmt;

use library::geometry::{labelled_base_placements, translate, Board, Point, Symmetry};

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

/// How often a piece may be used.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Count {
    /// Knuth's multiplicity as the item line prints it before `|`: as
    /// given (polyominoes) or in decimal (polycubes); "1" when none is
    /// given.
    Times(String),
    /// Any number of times: no item.
    Unlimited,
}

struct Piece {
    name: String,
    count: Count,
    /// The line that named the piece first, for errors.
    line: usize,
}

/// A cell and its suffix: 0 for none, else 1 + the suffix's index in
/// order of first appearance (Knuth's order for cells on the same spot).
type Cell<const D: usize> = (Point<D>, usize);

/// The state of a reading: suffixes seen so far, in order.
struct Reader {
    kind: Kind,
    suffixes: Vec<String>,
}

/// Knuth's suffix table holds 10.
const MAX_SUFFIXES: usize = 10;
/// Suffixes and names are at most this long, so that a cell name fits
/// DLX1's 8 characters.
const MAX_SUFFIX: usize = 6;
const MAX_NAME: usize = 8;

fn generate_in<const D: usize>(kind: Kind, text: &str) -> Result<Generated, Error> {
    let mut reader = Reader {
        kind,
        suffixes: Vec::new(),
    };
    let mut out = String::new();
    let mut board: Option<Vec<Cell<D>>> = None;
    let mut pieces: Vec<Piece> = Vec::new();
    // Every base placement, line by line: (piece, cells).
    let mut bases: Vec<(usize, Vec<Cell<D>>)> = Vec::new();
    let mut last_line = 0;
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        last_line = number;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        out.push_str("| ");
        out.push_str(line);
        out.push('\n');
        if line.starts_with('|') || line.trim_matches(' ').is_empty() {
            continue;
        }
        if let Some(column) = line.find('\t') {
            return Err(error(
                number,
                column_of(line, column),
                "a tab; separate specs with spaces".to_string(),
            ));
        }
        match &board {
            None => board = Some(reader.board_line::<D>(number, line)?),
            Some(board) => {
                let (piece, cells) = reader.piece_line::<D>(number, line, board, &mut pieces)?;
                for base in labelled_base_placements(&cells, &generators::<D>()) {
                    bases.push((piece, base));
                }
            }
        }
    }
    let board = match board {
        Some(board) => board,
        None => {
            return Err(error(
                last_line + 1,
                1,
                "no board: the first line that is not a comment gives the board's cells"
                    .to_string(),
            ))
        }
    };
    out.push_str(&format!(
        "| this file was created by dlx {} from that data\n",
        kind.name()
    ));

    // The item line.
    for &(p, suffix) in &board {
        if suffix == 0 {
            out.push(' ');
            out.push_str(&reader.cell_name(p, 0));
        }
    }
    for piece in &pieces {
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
    if !reader.suffixes.is_empty() {
        out.push_str(" |");
        for &(p, suffix) in &board {
            if suffix != 0 {
                out.push(' ');
                out.push_str(&reader.cell_name(p, suffix));
            }
        }
    }
    out.push('\n');

    // The options: each base at every translation where all its cells,
    // suffixes included, are cells of the board. Translations that fit
    // the board's points regardless of suffixes are a superset, in the
    // same lexicographic order.
    let points: Vec<Point<D>> = board.iter().map(|&(p, _)| p).collect();
    let plain_board = Board::new(&points);
    let mut fits = vec![0usize; pieces.len()];
    let mut options = 0;
    for (piece, base) in &bases {
        let shape: Vec<Point<D>> = base.iter().map(|&(p, _)| p).collect();
        for offset in plain_board.offsets(&shape) {
            let moved: Vec<Cell<D>> = base
                .iter()
                .map(|&(p, suffix)| (translate(p, offset), suffix))
                .collect();
            if !moved.iter().all(|cell| board.binary_search(cell).is_ok()) {
                continue;
            }
            let mut names: Vec<String> = Vec::with_capacity(moved.len() + 1);
            if pieces[*piece].count != Count::Unlimited {
                names.push(pieces[*piece].name.clone());
            }
            names.extend(moved.iter().map(|&(p, s)| reader.cell_name(p, s)));
            out.push_str(&names.join(" "));
            out.push('\n');
            fits[*piece] += 1;
            options += 1;
        }
    }

    let warnings = pieces
        .iter()
        .zip(&fits)
        .filter(|(_, &n)| n == 0)
        .map(|(piece, _)| {
            format!(
                "piece {} (line {}) fits nowhere on the board",
                piece.name, piece.line
            )
        })
        .collect();
    let secondary = board.iter().filter(|&&(_, s)| s != 0).count();
    let cells = if secondary == 0 {
        plural(board.len(), "cell")
    } else {
        format!("{}+{secondary} cells", board.len() - secondary)
    };
    Ok(Generated {
        dlx: out,
        summary: format!(
            "{cells}, {}, {}, {}",
            plural(pieces.len(), "piece"),
            plural(bases.len(), "base placement"),
            plural(options, "option")
        ),
        warnings,
    })
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

impl Reader {
    /// The board: every cell of every spec on the line, sorted.
    fn board_line<const D: usize>(
        &mut self,
        number: usize,
        line: &str,
    ) -> Result<Vec<Cell<D>>, Error> {
        let mut cells = Vec::new();
        for (start, token) in tokens(line) {
            cells.extend(self.cell_spec::<D>(number, line, start, token)?);
        }
        cells.sort_unstable();
        cells.dedup();
        if cells.is_empty() {
            return Err(error(number, 1, "the board has no cells".to_string()));
        }
        Ok(cells)
    }

    /// A piece line: its piece (found in or added to `pieces`) and cells.
    fn piece_line<const D: usize>(
        &mut self,
        number: usize,
        line: &str,
        board: &[Cell<D>],
        pieces: &mut Vec<Piece>,
    ) -> Result<(usize, Vec<Cell<D>>), Error> {
        if line.starts_with(' ') {
            return Err(error(
                number,
                1,
                "a piece line starts with the piece's name, in column 1".to_string(),
            ));
        }
        let mut words = tokens(line);
        let (_, first) = words.next().expect("the line is not blank");
        let (count, name_at) = self.count_prefix(number, line, first)?;
        let name = &first[name_at..];
        self.check_name(number, line, name_at, name, board)?;

        let mut cells = Vec::new();
        let mut specs = 0;
        for (start, token) in words {
            cells.extend(self.cell_spec::<D>(number, line, start, token)?);
            specs += 1;
        }
        if cells.is_empty() {
            let what = if specs == 0 {
                "no cells are given"
            } else {
                "its specs give no cell"
            };
            return Err(error(
                number,
                column_of(line, line.len()),
                format!("piece {name}: {what}"),
            ));
        }
        if count == Count::Unlimited && cells.iter().all(|&(_, s)| s != 0) {
            return Err(error(
                number,
                1,
                format!("piece {name} may be used any number of times, so it needs a cell without a suffix"),
            ));
        }

        let k = match pieces.iter().position(|p| p.name == name) {
            Some(k) => k,
            None => {
                pieces.push(Piece {
                    name: name.to_string(),
                    count: count.clone(),
                    line: number,
                });
                pieces.len() - 1
            }
        };
        if pieces[k].count != count {
            return Err(error(
                number,
                1,
                format!(
                    "piece {name} is {} here but {} on line {}",
                    describe(&count),
                    describe(&pieces[k].count),
                    pieces[k].line
                ),
            ));
        }
        Ok((k, cells))
    }

    /// Reads the multiplicity prefix of a piece line's first word: the
    /// count and where the name starts.
    fn count_prefix(&self, number: usize, line: &str, word: &str) -> Result<(Count, usize), Error> {
        if word.starts_with("*:") {
            return Ok((Count::Unlimited, 2));
        }
        match self.kind {
            Kind::Polyomino => match word.find('|') {
                None => Ok((Count::Times("1".to_string()), 0)),
                Some(bar) => {
                    let times = &word[..bar];
                    if !is_multiplicity(times) {
                        return Err(error(
                            number,
                            1,
                            format!(
                                "multiplicity `{}` before `|` is not a number or a range like 1:3",
                                brief(times)
                            ),
                        ));
                    }
                    Ok((Count::Times(times.to_string()), bar + 1))
                }
            },
            Kind::Polycube => {
                let bytes = word.as_bytes();
                if bytes.len() < 2 || bytes[1] != b'*' {
                    return Ok((Count::Times("1".to_string()), 0));
                }
                match decode(bytes[0]) {
                    Some(times) if times > 0 => Ok((Count::Times(times.to_string()), 2)),
                    _ => Err(error(
                        number,
                        1,
                        format!(
                            "multiplicity `{}` before `*` is not a radix-62 digit 1-9, a-z, A-Z",
                            brief(&line[..first_char_len(line)])
                        ),
                    )),
                }
            }
        }
    }

    /// Checks a piece's name, which starts at byte `at` of the line.
    fn check_name<const D: usize>(
        &self,
        number: usize,
        line: &str,
        at: usize,
        name: &str,
        board: &[Cell<D>],
    ) -> Result<(), Error> {
        let column = column_of(line, at);
        if name.is_empty() {
            return Err(error(number, column, "a piece name is missing".to_string()));
        }
        if name.len() > MAX_NAME {
            return Err(error(
                number,
                column,
                format!(
                    "piece name `{}` is longer than {MAX_NAME} characters",
                    brief(name)
                ),
            ));
        }
        let forbidden: &[char] = match self.kind {
            Kind::Polyomino => &[':', '|'],
            Kind::Polycube => &[':', '|', '*'],
        };
        if let Some(bad) = name.find(forbidden) {
            let ch = name[bad..].chars().next().unwrap_or('?');
            return Err(error(
                number,
                column_of(line, at + bad),
                format!("`{ch}` in piece name `{}`", brief(name)),
            ));
        }
        if board.iter().any(|&(p, s)| self.cell_name(p, s) == name) {
            return Err(error(
                number,
                column,
                format!("piece name `{name}` is also the name of a board cell"),
            ));
        }
        Ok(())
    }

    /// The cells of one spec (`token`, starting at byte `start` of the line).
    fn cell_spec<const D: usize>(
        &mut self,
        number: usize,
        line: &str,
        start: usize,
        token: &str,
    ) -> Result<Vec<Cell<D>>, Error> {
        let bytes = token.as_bytes();
        let mut sets = [0u64; D];
        let mut at = 0;
        for set in sets.iter_mut() {
            if at >= bytes.len() {
                return Err(error(
                    number,
                    column_of(line, start),
                    format!(
                        "cell `{}` is incomplete: a {} cell has {D} coordinates",
                        brief(token),
                        self.kind.name()
                    ),
                ));
            }
            let (bits, next) = digit_set(bytes, at).map_err(|(offset, message)| {
                error(
                    number,
                    column_of(line, start + offset),
                    format!("{message} in `{}`", brief(token)),
                )
            })?;
            *set = bits;
            at = next;
        }
        let suffix = &token[at..];
        let id = if suffix.is_empty() {
            0
        } else {
            self.suffix_id(number, line, start + at, token, suffix)?
        };
        let mut cells = Vec::new();
        let mut point = [0; D];
        product(&sets, 0, &mut point, &mut |p| cells.push((p, id)));
        Ok(cells)
    }

    /// The suffix's number (1 + its index among suffixes by first
    /// appearance), registering it if new.
    fn suffix_id(
        &mut self,
        number: usize,
        line: &str,
        at: usize,
        token: &str,
        suffix: &str,
    ) -> Result<usize, Error> {
        let column = column_of(line, at);
        if self.kind == Kind::Polycube {
            return Err(error(
                number,
                column,
                format!(
                    "`{}` after the cell's three coordinates in `{}` (polycube cells take no suffix)",
                    brief(suffix),
                    brief(token)
                ),
            ));
        }
        if suffix.len() > MAX_SUFFIX {
            return Err(error(
                number,
                column,
                format!(
                    "suffix `{}` is longer than {MAX_SUFFIX} characters",
                    brief(suffix)
                ),
            ));
        }
        if let Some(bad) = suffix.find([':', '|']) {
            let ch = &suffix[bad..bad + 1];
            return Err(error(
                number,
                column_of(line, at + bad),
                format!("`{ch}` in suffix `{suffix}` (DLX names cannot contain it)"),
            ));
        }
        if let Some(k) = self.suffixes.iter().position(|s| s == suffix) {
            return Ok(k + 1);
        }
        if self.suffixes.len() == MAX_SUFFIXES {
            return Err(error(
                number,
                column,
                format!(
                    "suffix `{suffix}` is an eleventh suffix; at most {MAX_SUFFIXES} may be used"
                ),
            ));
        }
        self.suffixes.push(suffix.to_string());
        Ok(self.suffixes.len())
    }

    /// The item name of a cell: its coordinates in radix 62, then its suffix.
    fn cell_name<const D: usize>(&self, p: Point<D>, suffix: usize) -> String {
        let mut name: String = p.iter().map(|&c| encode(c as u32)).collect();
        if suffix > 0 {
            name.push_str(&self.suffixes[suffix - 1]);
        }
        name
    }
}

/// Calls `f` with every point whose coordinate `i` is in `sets[i]`, in
/// lexicographic order.
fn product<const D: usize>(
    sets: &[u64; D],
    axis: usize,
    point: &mut Point<D>,
    f: &mut dyn FnMut(Point<D>),
) {
    if axis == D {
        f(*point);
        return;
    }
    for value in 0..62 {
        if sets[axis] >> value & 1 == 1 {
            point[axis] = value;
            product(sets, axis + 1, point, f);
        }
    }
}

/// Reads one coordinate at `bytes[at]`: a digit or a bracketed set. Returns
/// the set as bits and the position after it, or the offset of the
/// trouble and what it is.
fn digit_set(bytes: &[u8], at: usize) -> Result<(u64, usize), (usize, String)> {
    if bytes[at] != b'[' {
        return match decode(bytes[at]) {
            Some(v) => Ok((1 << v, at + 1)),
            None => Err((
                at,
                format!(
                    "expected a coordinate (0-9, a-z, A-Z or [...]), found `{}`",
                    shown(bytes, at)
                ),
            )),
        };
    }
    // Knuth's grammar: digits, and ranges d-e with d <= e; a range ends a
    // run, so `[1-2-3]` and `[3--5]` are errors while `[7-z32-4]` is fine.
    let mut bits = 0u64;
    let mut last: Option<u32> = None; // a digit that may start a range
    let mut from: Option<u32> = None; // the start of a range after `-`
    let mut i = at + 1;
    loop {
        let c = match bytes.get(i) {
            Some(&c) => c,
            None => return Err((at, "no `]` closes this `[`".to_string())),
        };
        if c == b']' {
            return Ok((bits, i + 1));
        }
        if c == b'-' {
            match last {
                Some(v) if bytes.get(i + 1) != Some(&b']') => {
                    from = Some(v);
                    last = None;
                }
                _ => return Err((i, "a `-` must stand between two digits".to_string())),
            }
        } else {
            let v = match decode(c) {
                Some(v) => v,
                None => return Err((i, format!("`{}` is not a digit", shown(bytes, i)))),
            };
            match from {
                Some(start) => {
                    if v < start {
                        return Err((
                            i,
                            format!("the range {}-{} decreases", encode(start), encode(v)),
                        ));
                    }
                    bits |= (2u64 << v) - (1u64 << start);
                    from = None;
                    last = None;
                }
                None => {
                    bits |= 1 << v;
                    last = Some(v);
                }
            }
        }
        i += 1;
    }
}

/// The value of a radix-62 digit.
fn decode(c: u8) -> Option<u32> {
    match c {
        b'0'..=b'9' => Some(u32::from(c - b'0')),
        b'a'..=b'z' => Some(u32::from(c - b'a') + 10),
        b'A'..=b'Z' => Some(u32::from(c - b'A') + 36),
        _ => None,
    }
}

/// The radix-62 digit of `v < 62`.
fn encode(v: u32) -> char {
    let c = match v {
        0..=9 => b'0' + v as u8,
        10..=35 => b'a' + (v - 10) as u8,
        _ => b'A' + (v - 36) as u8,
    };
    char::from(c)
}

/// Whether `text` is a multiplicity DLX solvers read: `n` or `m:n`,
/// decimal, at most 7 characters (Knuth's buffer).
fn is_multiplicity(text: &str) -> bool {
    let decimal = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let parts: Vec<&str> = text.split(':').collect();
    text.len() <= 7 && parts.len() <= 2 && parts.iter().all(|s| decimal(s))
}

fn describe(count: &Count) -> String {
    match count {
        Count::Times(t) if t == "1" => "used once".to_string(),
        Count::Times(t) => format!("given multiplicity {t}"),
        Count::Unlimited => "usable any number of times".to_string(),
    }
}

/// The space-separated words of a line, with their byte offsets.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split(' ')
        .scan(0, |at, word| {
            let start = *at;
            *at += word.len() + 1;
            Some((start, word))
        })
        .filter(|(_, word)| !word.is_empty())
}

/// The 1-based character column of byte `at` of `line`.
fn column_of(line: &str, at: usize) -> usize {
    line.get(..at).map_or(at, |head| head.chars().count()) + 1
}

fn first_char_len(text: &str) -> usize {
    text.chars().next().map_or(0, char::len_utf8)
}

/// The character at byte `at`, for messages.
fn shown(bytes: &[u8], at: usize) -> String {
    String::from_utf8_lossy(&bytes[at..])
        .chars()
        .next()
        .map_or(String::new(), String::from)
}

/// `text`, cut to 20 characters for a message.
fn brief(text: &str) -> String {
    if text.chars().count() <= 20 {
        text.to_string()
    } else {
        let head: String = text.chars().take(19).collect();
        format!("{head}…")
    }
}

fn error(line: usize, column: usize, message: String) -> Error {
    Error {
        line,
        column,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The DLX part of the output: the lines that are not comments.
    fn dlx(kind: Kind, text: &str) -> String {
        let generated = generate(kind, text).unwrap_or_else(|e| panic!("{e}"));
        let lines: Vec<&str> = generated
            .dlx
            .lines()
            .filter(|l| !l.starts_with('|'))
            .collect();
        lines.join("\n") + "\n"
    }

    fn error_of(kind: Kind, text: &str) -> String {
        generate(kind, text).unwrap_err().to_string()
    }

    // The expected files below were written by hand from the rules in the
    // module docs.

    #[test]
    fn a_domino_in_a_2x3_box() {
        // Two base placements: as given, then turned a quarter; the
        // transposition adds nothing. Translations in lexicographic order.
        let text = "| a comment\n[01][0-2]\nD 00 01\n";
        let generated = generate(Kind::Polyomino, text).unwrap();
        assert_eq!(
            generated.dlx,
            "| | a comment\n| [01][0-2]\n| D 00 01\n\
             | this file was created by dlx polyomino from that data\n \
             00 01 02 10 11 12 D\n\
             D 00 01\nD 01 02\nD 10 11\nD 11 12\n\
             D 00 10\nD 01 11\nD 02 12\n"
        );
        assert_eq!(
            generated.summary,
            "6 cells, 1 piece, 2 base placements, 7 options"
        );
        assert!(generated.warnings.is_empty());
    }

    #[test]
    fn base_placements_come_breadth_first() {
        // The L tromino as given, turned, transposed, turned twice.
        let text = "[01][01]\nL 00 10 11\n";
        assert_eq!(
            dlx(Kind::Polyomino, text),
            " 00 01 10 11 L\nL 00 10 11\nL 00 01 10\nL 00 01 11\nL 01 10 11\n"
        );
    }

    #[test]
    fn suffixes_are_secondary_and_sort_by_first_appearance() {
        // Suffix `a` is seen before `!`, so on one cell `a` sorts first
        // although `!` is smaller as a character. A multiplicity shows on
        // the item line only; a second line for M adds its placements
        // after the first line's.
        let text = "[01][01] 00a 11! 00!\n2|M 00! 00\n2|M 01\nQ 00! 00a\n";
        assert_eq!(
            dlx(Kind::Polyomino, text),
            " 00 01 10 11 2|M Q | 00a 00! 11!\n\
             M 00 00!\nM 11 11!\n\
             M 00\nM 01\nM 10\nM 11\n\
             Q 00a 00!\n"
        );
    }

    #[test]
    fn a_suffix_seen_only_in_a_piece_still_opens_the_secondary_list() {
        let text = "00 01\nA 00 01x\n";
        assert_eq!(dlx(Kind::Polyomino, text), " 00 01 A |\n");
        let generated = generate(Kind::Polyomino, text).unwrap();
        assert_eq!(
            generated.warnings,
            ["piece A (line 2) fits nowhere on the board"]
        );
    }

    #[test]
    fn polycubes_with_a_multiplicity_and_an_unlimited_piece() {
        // The domino U has three base placements (x, y and z
        // directions); only the x one fits. U gets no item.
        let text = "[01]00\n2*A 000\n*:U 000 100\n";
        assert_eq!(
            dlx(Kind::Polycube, text),
            " 000 100 2|A\nA 000\nA 100\n000 100\n"
        );
        let generated = generate(Kind::Polycube, text).unwrap();
        assert_eq!(
            generated.summary,
            "2 cells, 2 pieces, 4 base placements, 3 options"
        );
    }

    #[test]
    fn sets_ranges_and_repeated_cells() {
        // [7-z32-4A5-5] is {2, 3, 4, 5, 7, ..., 35, 36}; cells repeat freely.
        let text = "[1-13]0 0[7-z32-4A5-5] 10\nI 00\n";
        let items = dlx(Kind::Polyomino, text);
        let first = items.lines().next().unwrap();
        let cells: Vec<&str> = first.split_whitespace().collect();
        assert_eq!(cells.len(), 2 + 34 + 1);
        assert_eq!(&cells[..4], ["02", "03", "04", "05"]);
        assert_eq!(&cells[33..], ["0A", "10", "30", "I"]);
        // An empty set is legal: it gives no cell.
        assert_eq!(dlx(Kind::Polyomino, "00 []1\nI 00\n"), " 00 I\nI 00\n");
    }

    #[test]
    fn blank_lines_and_crlf_are_ignored_leading_spaces_allowed_on_the_board() {
        let text = "\r\n  [01]0  \r\n\r\nD 00 10 \r\n";
        assert_eq!(dlx(Kind::Polyomino, text), " 00 10 D\nD 00 10\n");
    }

    #[test]
    fn errors_in_coordinates_name_line_and_column() {
        let p = Kind::Polyomino;
        assert_eq!(
            error_of(p, "[0-5\n"),
            "1:1: no `]` closes this `[` in `[0-5`"
        );
        assert_eq!(
            error_of(p, "|c\n0# 00\n"),
            "2:2: expected a coordinate (0-9, a-z, A-Z or [...]), found `#` in `0#`"
        );
        assert_eq!(
            error_of(p, "00 [5-3]0\n"),
            "1:7: the range 5-3 decreases in `[5-3]0`"
        );
        assert_eq!(
            error_of(p, "[-3]0\n"),
            "1:2: a `-` must stand between two digits in `[-3]0`"
        );
        assert_eq!(
            error_of(p, "[1-2-3]0\n"),
            "1:5: a `-` must stand between two digits in `[1-2-3]0`"
        );
        assert_eq!(
            error_of(p, "[1-]0\n"),
            "1:3: a `-` must stand between two digits in `[1-]0`"
        );
        assert_eq!(error_of(p, "[1_]0\n"), "1:3: `_` is not a digit in `[1_]0`");
        assert_eq!(
            error_of(p, "00 0\n"),
            "1:4: cell `0` is incomplete: a polyomino cell has 2 coordinates"
        );
        assert_eq!(
            error_of(Kind::Polycube, "00\n"),
            "1:1: cell `00` is incomplete: a polycube cell has 3 coordinates"
        );
        assert_eq!(
            error_of(Kind::Polycube, "000 001!\n"),
            "1:8: `!` after the cell's three coordinates in `001!` (polycube cells take no suffix)"
        );
    }

    #[test]
    fn errors_in_suffixes() {
        let p = Kind::Polyomino;
        assert_eq!(
            error_of(p, "00abcdefg\n"),
            "1:3: suffix `abcdefg` is longer than 6 characters"
        );
        assert_eq!(
            error_of(p, "00 01a:b\n"),
            "1:7: `:` in suffix `a:b` (DLX names cannot contain it)"
        );
        let eleven: Vec<String> = (0..11).map(|k| format!("00s{k}")).collect();
        assert_eq!(
            error_of(p, &eleven.join(" ")),
            "1:53: suffix `s10` is an eleventh suffix; at most 10 may be used"
        );
    }

    #[test]
    fn errors_in_piece_lines() {
        let p = Kind::Polyomino;
        let board = "[0-2][0-2]\n";
        let err = |piece: &str| error_of(p, &format!("{board}{piece}\n"));
        assert_eq!(
            err(" A 00"),
            "2:1: a piece line starts with the piece's name, in column 1"
        );
        assert_eq!(
            err("ABCDEFGHI 00"),
            "2:1: piece name `ABCDEFGHI` is longer than 8 characters"
        );
        assert_eq!(err("A:B 00"), "2:2: `:` in piece name `A:B`");
        assert_eq!(
            err("11 00"),
            "2:1: piece name `11` is also the name of a board cell"
        );
        assert_eq!(err("A"), "2:2: piece A: no cells are given");
        assert_eq!(err("A []0"), "2:6: piece A: its specs give no cell");
        assert_eq!(err("2|"), "2:3: a piece name is missing");
        assert_eq!(
            err("x|A 00"),
            "2:1: multiplicity `x` before `|` is not a number or a range like 1:3"
        );
        assert_eq!(
            err("2|A 00\nA 01"),
            "3:1: piece A is used once here but given multiplicity 2 on line 2"
        );
        assert_eq!(
            err("*:A 00\nA 01"),
            "3:1: piece A is used once here but usable any number of times on line 2"
        );
        assert_eq!(
            error_of(p, "00 00!\n*:A 00!\n"),
            "2:1: piece A may be used any number of times, so it needs a cell without a suffix"
        );
        assert_eq!(err("A 00\t01"), "2:5: a tab; separate specs with spaces");
        let c = Kind::Polycube;
        assert_eq!(
            error_of(c, "000\n0*A 000\n"),
            "2:1: multiplicity `0` before `*` is not a radix-62 digit 1-9, a-z, A-Z"
        );
        assert_eq!(
            error_of(c, "000\nAB*C 000\n"),
            "2:3: `*` in piece name `AB*C`"
        );
        // `A*B` is piece B with multiplicity A (36), written for DLX3.
        assert_eq!(dlx(c, "000\nA*B 000\n"), " 000 36|B\nB 000\n");
        // Polyomino names may contain `*`, as in Knuth's polyomino-dlx.
        assert_eq!(dlx(p, "00\n4*Z 00\n"), " 00 4*Z\n4*Z 00\n");
    }

    #[test]
    fn errors_about_the_board() {
        assert_eq!(
            error_of(Kind::Polyomino, "| only a comment\n\n"),
            "3:1: no board: the first line that is not a comment gives the board's cells"
        );
        assert_eq!(
            error_of(Kind::Polyomino, "[]0\n"),
            "1:1: the board has no cells"
        );
    }

    #[test]
    fn long_names_are_cut_in_messages() {
        let e = error_of(Kind::Polyomino, "0[0123456789abcdefghijklmnop\n");
        assert_eq!(e, "1:2: no `]` closes this `[` in `0[0123456789abcdefg…`");
    }
}
