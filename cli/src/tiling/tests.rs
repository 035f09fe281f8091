//! The generator against DLX files written by hand, and its errors.

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
    assert_eq!(
        err("A\0B 00"),
        "2:2: a NUL byte; a description is text without control characters"
    );
    assert_eq!(
        err("A 00\u{b}01"),
        "2:5: control character 0x0b; a description is text without control characters"
    );
    assert_eq!(
        err("A 00\r01"),
        "2:5: control character 0x0d; a description is text without control characters"
    );
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
fn names_and_multiplicities_where_knuths_buffers_overrun() {
    // His programs call the third line's piece ABNGNAME (the tail of
    // LONGNAME stays in the buffer) and the fourth line's another AB.
    let text = "[0-2][0-2]\nLONGNAME 00\nLONGNAME 01\nAB 02\nAB 11\n";
    let dlx_file = dlx(Kind::Polyomino, text);
    let mut lines = dlx_file.lines();
    let items = lines.next().unwrap();
    assert_eq!(items, " 00 01 02 10 11 12 20 21 22 LONGNAME AB");
    // Each line's monomino goes on every cell.
    let names: Vec<&str> = lines.map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(names.len(), 4 * 9);
    assert!(names[..18].iter().all(|&n| n == "LONGNAME"));
    assert!(names[18..].iter().all(|&n| n == "AB"));
    let cubes = "[0-2][0-2]0\nLONGNAME 000\nLONGNAME 010\nAB 020\n";
    let first = dlx(Kind::Polycube, cubes);
    assert!(first.starts_with(" 000 010 020 100 110 120 200 210 220 LONGNAME AB\n"));
    // polyomino-dlx (gcc 12.2 -O2) copies the 35-character line into its
    // 8-byte multiplicity buffer and prints B's item as 10|B.
    let text = "[0-9][0-9]\nB 20\nA 00 01 02 03 04 05 06 07 08 09 10\n";
    let dlx = dlx(Kind::Polyomino, text);
    assert!(dlx.lines().next().unwrap().ends_with(" 98 99 B A"), "{dlx}");
}

#[test]
fn control_characters_are_refused_and_a_nul_even_in_comments() {
    let p = Kind::Polyomino;
    assert_eq!(
        error_of(p, "00 01\0\n"),
        "1:6: a NUL byte; a description is text without control characters"
    );
    assert_eq!(
        error_of(p, "| a \0 comment\n00\nA 00\n"),
        "1:5: a NUL byte; a description is text without control characters"
    );
    assert_eq!(
        error_of(Kind::Polycube, "000\nA\u{7f} 000\n"),
        "2:2: control character 0x7f; a description is text without control characters"
    );
    // Other control characters do no harm in a comment: it stays one.
    let text = "|\ta\u{b}b\r c\n00\nA 00\n";
    let generated = generate(p, text).unwrap();
    assert!(generated.dlx.starts_with("| |\ta\u{b}b\r c\n| 00\n"));
    assert_eq!(dlx(p, text), " 00 A\nA 00\n");
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
