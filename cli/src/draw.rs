//! Pictures of a tiling's solution: which option covers which cell, as
//! text (a character per cell, layer by layer in 3D, coloured on a
//! terminal) or as an SVG image (2D).
//!
//! The cells are found by their names, so any DLX file whose cell items
//! are named by coordinates can be drawn:
//! * Knuth's names, as `dlx polyomino` and `dlx polycube` write them: two
//!   or three radix-62 digits (`0a`, `123`);
//! * decimal numbers joined by `_` (`3_7`, `0_2_1`), as in
//!   `library/instances/pentomino-*.dlx`.
//!
//! The first primary item named either way fixes the form and the number
//! of coordinates; every primary item named the same way is a cell, and
//! the other primary items are pieces. Secondary items are not drawn. An
//! option is labelled by its first piece item, if it has one.
//!
//! In 2D the first coordinate is the row and the second the column; in 3D
//! the first coordinate is the layer, drawn side by side, left to right.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

/// A position: layer (0 in 2D), row, column.
type Pos = [i32; 3];

/// Which items are cells, and where they are.
#[derive(Clone, Debug)]
pub struct Layout {
    /// 2 or 3.
    pub dimensions: usize,
    /// Every cell item, by name.
    cells: HashMap<String, Pos>,
    /// The primary items that are not cells.
    pieces: HashSet<String>,
}

/// How cell names are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Radix62,
    Underscores,
}

impl Layout {
    /// The layout of a problem whose first `primary` items (of
    /// `item_names`) are primary; `None` if no primary item is named like
    /// a cell.
    pub fn new(item_names: &[String], primary: usize) -> Option<Layout> {
        let primary = &item_names[..primary.min(item_names.len())];
        let (form, dimensions) = primary.iter().find_map(|name| {
            coordinates(name, Form::Radix62)
                .map(|c| (Form::Radix62, c.len()))
                .or_else(|| {
                    coordinates(name, Form::Underscores).map(|c| (Form::Underscores, c.len()))
                })
        })?;
        let mut cells = HashMap::new();
        let mut pieces = HashSet::new();
        for name in primary {
            match coordinates(name, form).filter(|c| c.len() == dimensions) {
                Some(c) => {
                    let pos = if dimensions == 2 {
                        [0, c[0], c[1]]
                    } else {
                        [c[0], c[1], c[2]]
                    };
                    cells.insert(name.clone(), pos);
                }
                None => {
                    pieces.insert(name.clone());
                }
            }
        }
        Some(Layout {
            dimensions,
            cells,
            pieces,
        })
    }

    /// The first option (a number into `options`, the options' texts)
    /// whose cells do not touch one another, if any. Pieces are connected,
    /// so such an option is no piece on a board: its items only look like
    /// cells (queens' `r3` and `c5`), and a picture would mean nothing.
    pub fn scattered<'t>(&self, options: impl IntoIterator<Item = &'t str>) -> Option<usize> {
        options.into_iter().position(|option| {
            let cells: Vec<Pos> = option
                .split_whitespace()
                .filter_map(|name| self.cells.get(name).copied())
                .collect();
            !connected(&cells)
        })
    }

    /// The picture of a solution given by its options' texts.
    pub fn picture(&self, options: &[&str]) -> Picture {
        let mut placements = Vec::with_capacity(options.len());
        let mut owner = HashMap::new();
        for (k, option) in options.iter().enumerate() {
            let mut label = None;
            let mut cells = Vec::new();
            for name in option.split_whitespace() {
                if let Some(&pos) = self.cells.get(name) {
                    cells.push(pos);
                    owner.insert(pos, k);
                } else if label.is_none() && self.pieces.contains(name) {
                    label = Some(name.to_string());
                }
            }
            placements.push(Placement { label, cells });
        }
        let mut board: Vec<Pos> = self.cells.values().copied().collect();
        board.sort_unstable();
        let neighbours = neighbours(&placements, &owner);
        let colours = greedy_colouring(&neighbours, PALETTE.len());
        let symbols = symbols(&placements, &neighbours);
        Picture {
            dimensions: self.dimensions,
            board,
            placements,
            owner,
            colours,
            symbols,
        }
    }
}

/// Whether `cells` (none, one, or more) are one piece: each reached from
/// the first through cells that differ by one in one coordinate.
fn connected(cells: &[Pos]) -> bool {
    if cells.is_empty() {
        return true;
    }
    let mut reached = vec![false; cells.len()];
    reached[0] = true;
    let mut stack = vec![0];
    while let Some(k) = stack.pop() {
        for (j, cell) in cells.iter().enumerate() {
            let steps: i32 = (0..3).map(|d| (cell[d] - cells[k][d]).abs()).sum();
            if !reached[j] && steps == 1 {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    reached.iter().all(|&r| r)
}

/// The coordinates a cell name stands for, if it is written in `form`
/// with 2 or 3 coordinates.
fn coordinates(name: &str, form: Form) -> Option<Vec<i32>> {
    let coordinates: Vec<i32> = match form {
        Form::Radix62 => name
            .chars()
            .map(|c| {
                c.to_digit(36).map(|d| {
                    if c.is_ascii_uppercase() {
                        d as i32 + 26
                    } else {
                        d as i32
                    }
                })
            })
            .collect::<Option<_>>()?,
        Form::Underscores => name
            .split('_')
            .map(|part| {
                if part.is_empty() || part.len() > 9 || !part.bytes().all(|b| b.is_ascii_digit()) {
                    None
                } else {
                    part.parse().ok()
                }
            })
            .collect::<Option<_>>()?,
    };
    if (2..=3).contains(&coordinates.len()) {
        Some(coordinates)
    } else {
        None
    }
}

struct Placement {
    label: Option<String>,
    cells: Vec<Pos>,
}

/// A solution ready to draw.
pub struct Picture {
    dimensions: usize,
    /// Every cell of the board, sorted.
    board: Vec<Pos>,
    placements: Vec<Placement>,
    /// The placement covering each covered cell.
    owner: HashMap<Pos, usize>,
    /// Per placement: its colour (index into the palettes) and character.
    colours: Vec<usize>,
    symbols: Vec<char>,
}

/// Fill colours for SVG (ColorBrewer's Set3) and the nearest colours of a
/// 256-colour terminal, in the same order.
const PALETTE: [&str; 12] = [
    "#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69", "#fccde5",
    "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f",
];
const TERMINAL: [u8; 12] = [116, 229, 146, 210, 110, 215, 149, 218, 253, 139, 194, 221];

/// Characters for placements that have no usable name.
const SYMBOLS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// For each placement, the placements sharing a face with it.
fn neighbours(placements: &[Placement], owner: &HashMap<Pos, usize>) -> Vec<Vec<usize>> {
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); placements.len()];
    for (k, placement) in placements.iter().enumerate() {
        for &pos in &placement.cells {
            for axis in 0..3 {
                for step in [-1, 1] {
                    let mut near = pos;
                    near[axis] += step;
                    if let Some(&other) = owner.get(&near) {
                        if other != k && !next[k].contains(&other) {
                            next[k].push(other);
                        }
                    }
                }
            }
        }
    }
    next
}

/// Colours in `0..colours` such that neighbours differ (while fewer
/// neighbours than colours come before a placement). Placement `k` takes
/// the first colour, counting cyclically from `5k`, that no earlier
/// neighbour has: starting from the same colour every time would paint
/// most pieces in the first two or three.
fn greedy_colouring(neighbours: &[Vec<usize>], colours: usize) -> Vec<usize> {
    let mut colour: Vec<usize> = Vec::with_capacity(neighbours.len());
    for (k, near) in neighbours.iter().enumerate() {
        let taken: Vec<usize> = near
            .iter()
            .filter(|&&j| j < k)
            .map(|&j| colour[j])
            .collect();
        let start = 5 * k;
        let free = (start..start + colours)
            .map(|c| c % colours)
            .find(|c| !taken.contains(c));
        colour.push(free.unwrap_or(start % colours));
    }
    colour
}

/// The character of each placement: the first character of its piece's
/// name when every placement has a name and no two neighbours share that
/// character; otherwise a letter or digit of its own (or, past 62
/// placements, one that no earlier neighbour uses).
fn symbols(placements: &[Placement], neighbours: &[Vec<usize>]) -> Vec<char> {
    let named: Option<Vec<char>> = placements
        .iter()
        .map(|p| p.label.as_ref().and_then(|l| l.chars().next()))
        .collect();
    if let Some(named) = named {
        let clash = neighbours
            .iter()
            .enumerate()
            .any(|(k, near)| near.iter().any(|&j| named[j] == named[k]));
        if !clash {
            return named;
        }
    }
    let alphabet: Vec<char> = SYMBOLS.chars().collect();
    if placements.len() <= alphabet.len() {
        return alphabet[..placements.len()].to_vec();
    }
    greedy_colouring(neighbours, alphabet.len())
        .into_iter()
        .map(|c| alphabet[c])
        .collect()
}

impl Picture {
    /// The least and greatest position on each axis.
    fn bounds(&self) -> (Pos, Pos) {
        let mut low = self.board.first().copied().unwrap_or([0; 3]);
        let mut high = low;
        for pos in &self.board {
            for i in 0..3 {
                low[i] = low[i].min(pos[i]);
                high[i] = high[i].max(pos[i]);
            }
        }
        (low, high)
    }

    /// The solution as text: a character per cell, followed by a space;
    /// cells off the board are blank. In 3D the layers stand side by side
    /// under a heading. With `colour`, each piece also gets a background
    /// colour (ANSI 256-colour escapes).
    pub fn text(&self, colour: bool) -> String {
        let (low, high) = self.bounds();
        let board: HashSet<Pos> = self.board.iter().copied().collect();
        let columns = (high[2] - low[2] + 1) as usize;
        let layers: Vec<i32> = (low[0]..=high[0]).collect();
        let mut out = String::new();
        let width = if self.dimensions == 3 {
            (2 * columns).max(format!("layer {}", high[0]).len() + 1)
        } else {
            2 * columns
        };
        let gap = "  ";
        if self.dimensions == 3 {
            let heads: Vec<String> = layers
                .iter()
                .map(|l| format!("{:<width$}", format!("layer {l}")))
                .collect();
            out.push_str(heads.join(gap).trim_end());
            out.push('\n');
        }
        for row in low[1]..=high[1] {
            let mut line = String::new();
            for (i, &layer) in layers.iter().enumerate() {
                if i > 0 {
                    line.push_str(gap);
                }
                for column in low[2]..=high[2] {
                    let pos = [layer, row, column];
                    match self.owner.get(&pos) {
                        Some(&k) if colour => {
                            let _ = write!(
                                line,
                                "\x1b[30;48;5;{}m{} \x1b[0m",
                                TERMINAL[self.colours[k]], self.symbols[k]
                            );
                        }
                        Some(&k) => {
                            line.push(self.symbols[k]);
                            line.push(' ');
                        }
                        None if board.contains(&pos) => line.push_str(". "),
                        None => line.push_str("  "),
                    }
                }
                line.push_str(&" ".repeat(width - 2 * columns));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    /// The solution as an SVG image: a square per cell, filled with its
    /// piece's colour, thick lines between pieces, each piece's name (or
    /// character) on its most central cell. `None` for 3D boards.
    pub fn svg(&self) -> Option<String> {
        if self.dimensions != 2 {
            return None;
        }
        let (low, high) = self.bounds();
        let frame = Frame { low };
        let width = frame.x(high[2] + 1) + MARGIN;
        let height = frame.y(high[1] + 1) + MARGIN;
        let mut svg = String::new();
        let _ = writeln!(
            svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\">"
        );
        let _ = writeln!(
            svg,
            "<title>A tiling: {} pieces on {} cells</title>",
            self.placements.len(),
            self.board.len()
        );
        let _ = writeln!(
            svg,
            "<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>"
        );
        self.svg_cells(&mut svg, &frame);
        self.svg_edges(&mut svg, &frame);
        self.svg_labels(&mut svg, &frame);
        svg.push_str("</svg>\n");
        Some(svg)
    }

    /// The cells: covered ones in their piece's colour, others grey.
    fn svg_cells(&self, svg: &mut String, frame: &Frame) {
        for &pos in &self.board {
            let fill = self
                .owner
                .get(&pos)
                .map_or("#f0f0f0", |&k| PALETTE[self.colours[k]]);
            let _ = writeln!(
                svg,
                "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>",
                frame.x(pos[2]),
                frame.y(pos[1])
            );
        }
    }

    /// The edges: thin inside a piece, thick between pieces and at the rim.
    fn svg_edges(&self, svg: &mut String, frame: &Frame) {
        let owner = |pos: Pos| self.owner.get(&pos).copied();
        let (x, y) = (|column| frame.x(column), |row| frame.y(row));
        let mut thin = String::new();
        let mut thick = String::new();
        for &pos in &self.board {
            let [_, row, column] = pos;
            // Each cell draws its top and left edges, and its bottom and
            // right ones when nothing lies beyond them.
            let sides = [
                (
                    [0, row - 1, column],
                    (x(column), y(row), x(column + 1), y(row)),
                ),
                (
                    [0, row, column - 1],
                    (x(column), y(row), x(column), y(row + 1)),
                ),
                (
                    [0, row + 1, column],
                    (x(column), y(row + 1), x(column + 1), y(row + 1)),
                ),
                (
                    [0, row, column + 1],
                    (x(column + 1), y(row), x(column + 1), y(row + 1)),
                ),
            ];
            for (i, &(near, (x1, y1, x2, y2))) in sides.iter().enumerate() {
                let on_board = self.board.binary_search(&near).is_ok();
                if i >= 2 && on_board {
                    continue;
                }
                let same = on_board && owner(near).is_some() && owner(near) == owner(pos);
                let target = if same { &mut thin } else { &mut thick };
                let _ = writeln!(
                    target,
                    "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>"
                );
            }
        }
        let _ = writeln!(
            svg,
            "<g stroke=\"#00000040\" stroke-width=\"1\">\n{thin}</g>"
        );
        let _ = writeln!(
            svg,
            "<g stroke=\"black\" stroke-width=\"3\" stroke-linecap=\"square\">\n{thick}</g>"
        );
    }

    /// The labels: each piece's name (or character) on its most central
    /// cell.
    fn svg_labels(&self, svg: &mut String, frame: &Frame) {
        let _ = writeln!(
            svg,
            "<g font-family=\"sans-serif\" font-size=\"{}\" text-anchor=\"middle\" \
             dominant-baseline=\"central\">",
            CELL / 2
        );
        for (k, placement) in self.placements.iter().enumerate() {
            let centre = match central_cell(&placement.cells) {
                Some(pos) => pos,
                None => continue,
            };
            let text = match &placement.label {
                Some(label) if label.chars().count() <= 3 => escape(label),
                _ => self.symbols[k].to_string(),
            };
            let _ = writeln!(
                svg,
                "<text x=\"{}\" y=\"{}\">{text}</text>",
                frame.x(centre[2]) + CELL / 2,
                frame.y(centre[1]) + CELL / 2
            );
        }
        svg.push_str("</g>\n");
    }
}

/// The side of a cell and the margin around the board in an SVG picture.
const CELL: i32 = 40;
const MARGIN: i32 = 12;

/// Where an SVG picture puts the columns and rows of a board whose least
/// position is `low`.
struct Frame {
    low: Pos,
}

impl Frame {
    /// The left edge of `column`.
    fn x(&self, column: i32) -> i32 {
        MARGIN + (column - self.low[2]) * CELL
    }

    /// The top edge of `row`.
    fn y(&self, row: i32) -> i32 {
        MARGIN + (row - self.low[1]) * CELL
    }
}

/// The cell nearest the centre of mass (the first such in the list).
fn central_cell(cells: &[Pos]) -> Option<Pos> {
    let n = cells.len() as i64;
    let sum = cells.iter().fold([0i64; 3], |mut s, p| {
        for i in 0..3 {
            s[i] += i64::from(p[i]);
        }
        s
    });
    // Compare n * distance to avoid fractions.
    cells.iter().copied().min_by_key(|p| {
        (0..3)
            .map(|i| (n * i64::from(p[i]) - sum[i]).pow(2))
            .sum::<i64>()
    })
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_are_connected_and_scattered_cells_are_not() {
        assert!(connected(&[]));
        assert!(connected(&[[0, 2, 2]]));
        assert!(connected(&[[0, 0, 0], [0, 1, 1], [0, 0, 1]]));
        assert!(connected(&[[0, 0, 0], [1, 0, 0]]));
        assert!(!connected(&[[0, 0, 0], [0, 1, 1]]));
        assert!(!connected(&[[0, 0, 0], [0, 0, 1], [0, 5, 5], [0, 5, 6]]));
    }

    fn names(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn knuth_names_and_underscore_names() {
        let layout = Layout::new(&names("00 01 0a Z L x!"), 5).unwrap();
        assert_eq!(layout.dimensions, 2);
        assert_eq!(layout.cells["0a"], [0, 0, 10]);
        assert!(layout.pieces.contains("Z") && layout.pieces.contains("L"));
        assert!(!layout.cells.contains_key("x!"));
        let layout = Layout::new(&names("F 0_0 0_1 12_3 I"), 5).unwrap();
        assert_eq!(layout.cells["12_3"], [0, 12, 3]);
        assert!(layout.pieces.contains("F"));
        let layout = Layout::new(&names("000 00Z"), 2).unwrap();
        assert_eq!(layout.dimensions, 3);
        assert_eq!(layout.cells["00Z"], [0, 0, 61]);
        assert!(Layout::new(&names("a b c"), 3).is_none());
        // Secondary items are never cells.
        assert!(Layout::new(&names("x 00"), 1).is_none());
    }

    #[test]
    fn text_uses_piece_names_when_they_tell_pieces_apart() {
        // A 2x3 board: an L tromino and an I tromino... and a hole at 12.
        let layout = Layout::new(&names("00 01 02 10 11 L I"), 7).unwrap();
        let picture = layout.picture(&["L 00 10 11", "I 01 02"]);
        assert_eq!(picture.text(false), "L I I\nL L\n");
        // Two placements of one piece side by side get letters of their own.
        let picture = layout.picture(&["L 00 10", "L 01 02 11"]);
        assert_eq!(picture.text(false), "A B B\nA B\n");
    }

    #[test]
    fn uncovered_cells_are_dots_and_colour_wraps_each_cell() {
        let layout = Layout::new(&names("00 01"), 2).unwrap();
        let picture = layout.picture(&["00"]);
        assert_eq!(picture.text(false), "A .\n");
        assert_eq!(picture.text(true), "\x1b[30;48;5;116mA \x1b[0m.\n");
    }

    #[test]
    fn layers_side_by_side() {
        let layout = Layout::new(&names("000 001 100 101 V W"), 6).unwrap();
        let picture = layout.picture(&["V 000 100", "W 001 101"]);
        assert_eq!(picture.text(false), "layer 0   layer 1\nV W       V W\n");
    }

    #[test]
    fn svg_has_a_rect_per_cell_and_thick_edges_between_pieces() {
        let layout = Layout::new(&names("00 01 10 11 A B"), 6).unwrap();
        let svg = layout.picture(&["A 00 01", "B 10 11"]).svg().unwrap();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_eq!(svg.matches("<rect").count(), 1 + 4);
        // 2 thin lines inside the dominoes; 8 rim edges + 2 between them.
        let thin = svg.split("<g stroke=\"black\"").next().unwrap();
        assert_eq!(thin.matches("<line").count(), 2);
        assert_eq!(svg.matches("<line").count(), 12);
        assert!(svg.contains(">A</text>") && svg.contains(">B</text>"));
        let cube = Layout::new(&names("000 001"), 2).unwrap();
        assert!(cube.picture(&["000 001"]).svg().is_none());
    }

    #[test]
    fn colours_differ_between_neighbours() {
        // A row of four dominoes: colours spread over the palette.
        let layout = Layout::new(&names("00 01 02 03 04 05 06 07"), 8).unwrap();
        let picture = layout.picture(&["00 01", "02 03", "04 05", "06 07"]);
        assert_eq!(picture.colours, [0, 5, 10, 3]);
        assert_eq!(picture.symbols, ['A', 'B', 'C', 'D']);
        // A taken colour is skipped; with none free, neighbours clash.
        assert_eq!(
            greedy_colouring(&[vec![2], vec![2], vec![0, 1]], 12),
            [0, 5, 10]
        );
        assert_eq!(
            greedy_colouring(&[vec![1], vec![0, 2], vec![1]], 2),
            [0, 1, 0]
        );
        assert_eq!(greedy_colouring(&[vec![1], vec![0]], 1), [0, 0]);
    }
}
