//! The DLX text format's tests: what is read, and the places errors name.

use super::*;

fn read(text: &str) -> Result<Instance, ParseError> {
    parse(text.as_bytes().to_vec())
}

fn kind_at(text: &str) -> (usize, usize, ParseErrorKind) {
    let e = read(text).unwrap_err();
    (e.line, e.column, e.kind)
}

#[test]
fn reads_items_options_and_comments() {
    let text = "| comment\n\n  a b | c d\n a  c\n\tb d\r\nc\n| another\nb\n";
    let instance = read(text).unwrap();
    let names: Vec<String> = (0..instance.items())
        .map(|i| instance.item_name(i))
        .collect();
    assert_eq!(names, ["a", "b", "c", "d"]);
    assert_eq!(instance.problem.primary(), 2);
    assert_eq!(instance.problem.secondary(), 2);
    // `c` alone names no primary item and is dropped, as DLX1 does.
    let lines: Vec<usize> = (0..3).map(|k| instance.option_line(k)).collect();
    assert_eq!(lines, [4, 5, 8]);
    assert_eq!(instance.option_text(1), "b d");
    assert_eq!(instance.problem.option(1).collect::<Vec<_>>(), [1, 3]);
}

#[test]
fn blanks_are_cs_isspace_as_for_dlx1() {
    // Vertical tab and form feed separate names; a line of them is blank.
    let instance = read("a\x0bb\x0cc\n\x0b\x0c\na\x0cb\nc\n").unwrap();
    assert_eq!(instance.items(), 3);
    assert_eq!(instance.problem.options(), 2);
    assert_eq!(instance.option_text(0), "a\x0cb");
}

#[test]
fn bytes_that_are_not_utf8_are_read_as_dlx1_reads_them() {
    // A Latin-1 comment, and a Latin-1 name.
    let mut text = b"| caf\xe9\na b \xe9\n".to_vec();
    text.extend_from_slice(b"a \xe9\nb\n");
    let instance = parse(text).unwrap();
    assert_eq!(instance.item_name(2), "\\xe9");
    assert_eq!(instance.option_bytes(0), b"a \xe9");
    assert_eq!(instance.option_text(0), "a \\xe9");
}

#[test]
fn a_bar_starting_a_name_is_the_separator() {
    let instance = read("a |b c\na b\n").unwrap();
    assert_eq!(instance.problem.primary(), 1);
    assert_eq!(instance.item_name(1), "b");
}

#[test]
fn names_may_be_long() {
    let long = "x".repeat(100);
    let instance = read(&format!("{long} y\n{long} y\n")).unwrap();
    assert_eq!(instance.item_name(0), long);
}

#[test]
fn a_wide_option_is_read_in_linear_time() {
    // 200 000 distinct names in one option: seconds with a scan per
    // name, milliseconds with the stamps.
    let names: Vec<String> = (0..200_000).map(|i| format!("i{i}")).collect();
    let line = names.join(" ");
    let instance = read(&format!("{line}\n{line}\n")).unwrap();
    assert_eq!(instance.problem.option(0).len(), 200_000);
}

#[test]
fn errors_name_the_place() {
    assert_eq!(kind_at(""), (1, 1, ParseErrorKind::MissingItems));
    assert_eq!(kind_at("| only\n\n"), (3, 1, ParseErrorKind::MissingItems));
    assert_eq!(kind_at("| a b\n"), (2, 1, ParseErrorKind::MissingItems));
    assert_eq!(kind_at("| \n| x\n"), (3, 1, ParseErrorKind::MissingItems));
    assert_eq!(
        kind_at("a | b | c\n"),
        (1, 7, ParseErrorKind::SecondSeparator)
    );
    assert_eq!(kind_at(" | b\n"), (2, 1, ParseErrorKind::MissingItems));
    assert_eq!(
        kind_at("a b a\n"),
        (1, 5, ParseErrorKind::DuplicateItem("a".into()))
    );
    assert_eq!(
        kind_at("a b|c\n"),
        (1, 3, ParseErrorKind::BadBounds("b".into()))
    );
    assert_eq!(
        kind_at("a b:c\n"),
        (1, 3, ParseErrorKind::BadName("b:c".into()))
    );
    assert_eq!(
        kind_at("a b\na\nb  zz\n"),
        (3, 4, ParseErrorKind::UnknownItem("zz".into()))
    );
    assert_eq!(
        kind_at("a b\na b a\n"),
        (2, 5, ParseErrorKind::RepeatedItem("a".into()))
    );
    assert_eq!(
        kind_at("é b\né x\n"),
        (2, 3, ParseErrorKind::UnknownItem("x".into()))
    );
}

#[test]
fn long_names_are_shortened_in_messages() {
    let long = "y".repeat(1000);
    let e = read(&format!("a\na {long}\n")).unwrap_err();
    let message = e.to_string();
    assert!(message.len() < 150, "{message}");
    assert!(
        message.contains(&format!("{}…", "y".repeat(60))),
        "{message}"
    );
}

#[test]
fn a_byte_order_mark_is_read_as_nothing() {
    let instance = parse(b"\xef\xbb\xbfA B\nA B\nA\n".to_vec()).unwrap();
    assert_eq!(instance.item_name(0), "A");
    assert_eq!(instance.problem.options(), 2);
    // Columns on line 1 count from after the mark, as editors show it.
    let e = read("\u{feff}A A\nA\n").unwrap_err();
    assert_eq!(e.to_string(), "1:3: item `A` is named twice");
    // Anywhere else it is a character of a name.
    let e = read("A\n\u{feff}A\n").unwrap_err();
    assert_eq!(e.line, 2);
}

#[test]
fn control_characters_are_escaped_in_messages() {
    let e = read("a b\0c\na x\u{1b}[31m\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "2:3: unknown item `x\\u{1b}[31m` (not on the item line)"
    );
    let e = parse(b"a\na \x00\xff\n".to_vec()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "2:3: unknown item `\\0\\xff` (not on the item line)"
    );
}

#[test]
fn display_says_where_and_what() {
    let e = read("a b\nb c\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "2:3: unknown item `c` (not on the item line)"
    );
}

#[test]
fn reads_knuths_colors_and_bounds() {
    // dlx2.w's example: X:0 Y:1 names no primary item and is dropped.
    let instance =
        read("| colors\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n").unwrap();
    let problem = &instance.problem;
    assert_eq!(problem.options(), 4);
    assert!(problem.has_colors() && !problem.has_bounds());
    let option = |k| problem.colored_option(k).collect::<Vec<_>>();
    // Colors are numbered as they first appear: 0 is 1, 1 is 2.
    assert_eq!(option(0), [(0, 0), (1, 0), (3, 1), (4, 1)]);
    assert_eq!(option(1), [(0, 0), (2, 0), (3, 2), (4, 2)]);
    assert_eq!(option(3), [(2, 0), (4, 2)]);
    assert_eq!(instance.option_text(2), "B X:1");
    // dlx3.w's: bounds before primary names, `hi|` alone meaning hi:hi.
    let instance = read("A 3|B 2:5|C 0:1|D :2|E | X\nA B C D E X:a\n").unwrap();
    let problem = &instance.problem;
    let bounds: Vec<(u32, u32)> = (0..5).map(|i| problem.bounds(i)).collect();
    assert_eq!(bounds, [(1, 1), (3, 3), (2, 5), (0, 1), (0, 2)]);
    let names: Vec<String> = (0..6).map(|i| instance.item_name(i)).collect();
    assert_eq!(names, ["A", "B", "C", "D", "E", "X"]);
    assert!(problem.has_bounds());
}

#[test]
fn colors_may_be_words() {
    let instance = read("p | s t\np s:red t:red\np s:blue t:red\n").unwrap();
    let colors: Vec<Vec<(usize, u32)>> = (0..2)
        .map(|k| instance.problem.colored_option(k).collect())
        .collect();
    assert_eq!(
        colors,
        [vec![(0, 0), (1, 1), (2, 1)], vec![(0, 0), (1, 2), (2, 1)]]
    );
}

#[test]
fn bad_colors_and_bounds_name_the_place() {
    use ParseErrorKind::*;
    assert_eq!(kind_at("a | x\na x:\n"), (2, 4, EmptyColor("x".into())));
    assert_eq!(
        kind_at("a | x\na:1 x\n"),
        (2, 2, ColoredPrimary("a".into()))
    );
    assert_eq!(kind_at("a | x\na :1\n"), (2, 3, EmptyName));
    assert_eq!(kind_at("a 0|b\n"), (1, 3, ZeroBound("b".into())));
    assert_eq!(kind_at("a 3:2|b\n"), (1, 3, LowAboveHigh("b".into())));
    assert_eq!(kind_at("a x:2|b\n"), (1, 3, BadBounds("x:2".into())));
    assert_eq!(kind_at("a 1:2:3|b\n"), (1, 3, BadBounds("1:2:3".into())));
    assert_eq!(
        kind_at("a 9999999999|b\n"),
        (1, 3, BadBounds("9999999999".into()))
    );
    assert_eq!(kind_at("a 2|\n"), (1, 3, EmptyName));
    assert_eq!(kind_at("a 2|b|c\n"), (1, 5, BadName("b|c".into())));
    assert_eq!(kind_at("a | 2|x\n"), (1, 5, BoundsOnSecondary("x".into())));
    assert_eq!(kind_at("a | x:y\n"), (1, 5, BadName("x:y".into())));
    assert_eq!(kind_at("2|a 1|a\n"), (1, 7, DuplicateItem("a".into())));
    let e = read("a | x\na x:\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "2:4: item `x` has a `:` but no color after it"
    );
}

#[test]
fn costs_are_added_up_per_option() {
    let instance = read("a b | x\na |3 b |4\nb x:1 |0\na |12\nx |9\n").unwrap();
    let p = &instance.problem;
    assert!(p.has_costs());
    assert_eq!(
        (p.options(), p.cost(0), p.cost(1), p.cost(2)),
        (3, 7, 0, 12)
    );
    // The line as read, costs and all.
    assert_eq!(instance.option_text(0), "a |3 b |4");
    assert!(!read("a b\na b\n").unwrap().problem.has_costs());
    let most = format!("a\na |{} |0\n", crate::dlx::MAX_COST);
    assert_eq!(read(&most).unwrap().problem.cost(0), crate::dlx::MAX_COST);
}

#[test]
fn bad_costs_name_the_place() {
    use ParseErrorKind::*;
    assert_eq!(kind_at("a b\na |x\n"), (2, 3, BadCost("|x".into())));
    assert_eq!(kind_at("a b\na | b\n"), (2, 3, BadCost("|".into())));
    assert_eq!(kind_at("a b\nb a |1a\n"), (2, 5, BadCost("|1a".into())));
    assert_eq!(kind_at("a b\na |-1\n"), (2, 3, BadCost("|-1".into())));
    let too_much = format!("a b\na |{} b |1\n", crate::dlx::MAX_COST);
    assert_eq!(kind_at(&too_much), (2, 17, CostTooLarge));
    let digits = "a\na |99999999999999999999999\n";
    assert_eq!(kind_at(digits), (2, 3, CostTooLarge));
    assert_eq!(kind_at("2|a b\na |1\n"), (2, 3, CostWithBounds));
    // A name with a bar in it is an item the item line does not name.
    assert_eq!(kind_at("a b\na b|3\n"), (2, 3, UnknownItem("b|3".into())));
    let e = read("a b\na |x\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "2:3: `|x` is not a cost (`|` then a decimal number, as in `|12`)"
    );
}
