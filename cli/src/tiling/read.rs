//! Reading a description: the board, the pieces, and each piece line's
//! cells, checked against the rules that the docs of the `tiling` module
//! list.

use super::syntax::{
    brief, cell_name, column_of, decode, digit_set, first_char_len, is_multiplicity, lines,
    product, tokens,
};
use super::{error, Error, Kind};
use library::geometry::Point;

/// How often a piece may be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Count {
    /// Knuth's multiplicity as the item line prints it before `|`: as
    /// given (polyominoes) or in decimal (polycubes); "1" when none is
    /// given.
    Times(String),
    /// Any number of times: no item.
    Unlimited,
}

/// A piece, named on one line or more.
pub(super) struct Piece {
    pub name: String,
    pub count: Count,
    /// The line that named the piece first, for errors.
    pub line: usize,
}

/// A cell and its suffix: 0 for none, else 1 + the suffix's index in
/// order of first appearance (Knuth's order for cells on the same spot).
pub(super) type Cell<const D: usize> = (Point<D>, usize);

/// The suffixes seen so far, in order of first appearance.
#[derive(Default)]
pub(super) struct Suffixes(Vec<String>);

impl Suffixes {
    /// Whether no suffix was seen.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The item name of a cell: its coordinates in radix 62, then its
    /// suffix.
    pub fn cell_name<const D: usize>(&self, (p, suffix): Cell<D>) -> String {
        cell_name(p, if suffix == 0 { "" } else { &self.0[suffix - 1] })
    }
}

/// A description read.
pub(super) struct Description<const D: usize> {
    /// Every cell of the board, sorted.
    pub board: Vec<Cell<D>>,
    /// The pieces in order of first appearance.
    pub pieces: Vec<Piece>,
    /// Each piece line's piece (an index into `pieces`) and cells, in
    /// input order.
    pub shapes: Vec<(usize, Vec<Cell<D>>)>,
    pub suffixes: Suffixes,
}

/// Knuth's suffix table holds 10.
const MAX_SUFFIXES: usize = 10;
/// Suffixes and names are at most this long, so that a cell name fits
/// DLX1's 8 characters.
const MAX_SUFFIX: usize = 6;
const MAX_NAME: usize = 8;

/// Reads a description of `kind` with `D` coordinates per cell.
///
/// # Errors
/// The first line that breaks a rule, with its place.
pub(super) fn description<const D: usize>(kind: Kind, text: &str) -> Result<Description<D>, Error> {
    let mut reader = Reader {
        kind,
        suffixes: Suffixes::default(),
    };
    let mut board: Option<Vec<Cell<D>>> = None;
    let mut pieces: Vec<Piece> = Vec::new();
    let mut shapes = Vec::new();
    let mut last_line = 0;
    for (index, line) in lines(text).enumerate() {
        let number = index + 1;
        last_line = number;
        let comment = line.starts_with('|');
        check_characters(number, line, comment)?;
        if comment || line.trim_matches(' ').is_empty() {
            continue;
        }
        match &board {
            None => board = Some(reader.board_line::<D>(number, line)?),
            Some(board) => shapes.push(reader.piece_line::<D>(number, line, board, &mut pieces)?),
        }
    }
    let board = board.ok_or_else(|| {
        error(
            last_line + 1,
            1,
            "no board: the first line that is not a comment gives the board's cells".to_string(),
        )
    })?;
    Ok(Description {
        board,
        pieces,
        shapes,
        suffixes: reader.suffixes,
    })
}

/// Refuses a NUL anywhere, and outside comments a tab (specs are
/// separated by spaces) and every other ASCII control character. C
/// programs such as DLX1 end a line at a NUL (Knuth's generators stop
/// there), and DLX readers take a vertical tab, form feed or carriage
/// return inside a name for a blank, splitting the name in two; a comment
/// is echoed as a comment, where only the NUL does harm.
fn check_characters(number: usize, line: &str, comment: bool) -> Result<(), Error> {
    let bad = |ch: char| ch == '\0' || !comment && ch.is_ascii_control();
    let (at, ch) = match line.char_indices().find(|&(_, ch)| bad(ch)) {
        Some(found) => found,
        None => return Ok(()),
    };
    let message = match ch {
        '\t' => "a tab; separate specs with spaces".to_string(),
        '\0' => "a NUL byte; a description is text without control characters".to_string(),
        _ => format!(
            "control character {:#04x}; a description is text without control characters",
            u32::from(ch)
        ),
    };
    Err(error(number, column_of(line, at), message))
}

/// The state of a reading: the kind, and the suffixes seen so far.
struct Reader {
    kind: Kind,
    suffixes: Suffixes,
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
        check_piece_cells(number, line, name, &count, specs, &cells)?;
        let k = piece_index(pieces, name, count, number)?;
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
        if board
            .iter()
            .any(|&cell| self.suffixes.cell_name(cell) == name)
        {
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
        if let Some(k) = self.suffixes.0.iter().position(|s| s == suffix) {
            return Ok(k + 1);
        }
        if self.suffixes.0.len() == MAX_SUFFIXES {
            return Err(error(
                number,
                column,
                format!(
                    "suffix `{suffix}` is an eleventh suffix; at most {MAX_SUFFIXES} may be used"
                ),
            ));
        }
        self.suffixes.0.push(suffix.to_string());
        Ok(self.suffixes.0.len())
    }
}

/// Checks that a piece line's `specs` gave `cells` the piece can use.
fn check_piece_cells<const D: usize>(
    number: usize,
    line: &str,
    name: &str,
    count: &Count,
    specs: usize,
    cells: &[Cell<D>],
) -> Result<(), Error> {
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
    if *count == Count::Unlimited && cells.iter().all(|&(_, s)| s != 0) {
        return Err(error(
            number,
            1,
            format!(
                "piece {name} may be used any number of times, so it needs a cell without a suffix"
            ),
        ));
    }
    Ok(())
}

/// The index of piece `name` in `pieces`, added if new; an error if it
/// was given another count on an earlier line.
fn piece_index(
    pieces: &mut Vec<Piece>,
    name: &str,
    count: Count,
    number: usize,
) -> Result<usize, Error> {
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
    Ok(k)
}

fn describe(count: &Count) -> String {
    match count {
        Count::Times(t) if t == "1" => "used once".to_string(),
        Count::Times(t) => format!("given multiplicity {t}"),
        Count::Unlimited => "usable any number of times".to_string(),
    }
}
