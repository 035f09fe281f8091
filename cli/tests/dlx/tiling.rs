//! `dlx polyomino`, `dlx polycube` and drawing, end to end; the examples
//! of `examples/` against their counts.

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

use super::{run, summary};

fn repo(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
}

fn read(path: &str) -> String {
    std::fs::read_to_string(repo(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The DLX text of an example: generated from a description, or the file.
fn dlx_text(example: &str) -> String {
    let path = repo(&format!("examples/{example}"));
    let kind = match path.extension().and_then(|e| e.to_str()) {
        Some("polyomino") => "polyomino",
        Some("polycube") => "polycube",
        _ => return read(&format!("examples/{example}")),
    };
    let (ok, out, err) = run(&[kind, path.to_str().unwrap()], "");
    assert!(ok, "{example}: {err}");
    out
}

/// `examples/counts.tsv`: example -> (search, solutions, nodes, updates).
fn counts() -> BTreeMap<String, (String, u64, u64, u64)> {
    read("examples/counts.tsv")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let n = |k: usize| f[k].parse::<u64>().unwrap();
            (f[0].to_string(), (f[1].to_string(), n(2), n(3), n(4)))
        })
        .collect()
}

/// Solves an example as counts.tsv says and checks its numbers (with the
/// engine `dlx` picks: the bitsets walk DLX1's tree too, and faster).
fn check_example(example: &str) {
    let counts = counts();
    let (search, solutions, nodes, updates) = &counts[example];
    let mut args = vec!["--no-progress"];
    if search == "first" {
        args.push("--first");
    }
    let (ok, out, err) = run(&args, &dlx_text(example));
    assert!(ok, "{example}: {err}");
    assert_eq!(
        summary(&out),
        (*solutions, *nodes, *updates),
        "{example}: (solutions, nodes, updates)"
    );
}

#[test]
fn example_pentomino_6x10() {
    check_example("pentomino-6x10.polyomino");
}

#[test]
fn example_pentomino_5x12() {
    check_example("pentomino-5x12.polyomino");
}

#[test]
fn example_pentomino_4x15() {
    check_example("pentomino-4x15.polyomino");
}

#[test]
fn example_soma() {
    check_example("soma.polycube");
}

#[test]
fn example_calendar() {
    check_example("calendar-mar14.polyomino");
}

#[test]
fn example_petersen_matchings() {
    check_example("petersen-matchings.dlx");
}

#[test]
fn example_t_tetracubes_first_solution_within_a_second() {
    check_example("t-tetracubes-6x6x6.polycube");
    // The dancing-links engine, as `dlx` runs by default: the search time
    // it reports (a tenth of a second in release builds).
    let (ok, out, _) = run(
        &["--first", "--no-progress"],
        &dlx_text("t-tetracubes-6x6x6.polycube"),
    );
    assert!(ok);
    let seconds: f64 = out.split_whitespace().last().unwrap().parse().unwrap();
    assert!(seconds < 1.0, "first solution took {seconds} s");
}

/// Costs: DLX5's counts for the cheapest (Luogu P1074's sample 2 as a
/// target sudoku).
#[test]
fn example_target_sample_2() {
    check_example("target-sample-2.dlx");
}

#[test]
fn every_example_has_its_counts() {
    let mut files: Vec<String> = std::fs::read_dir(repo("examples"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| {
            [".polyomino", ".polycube", ".dlx"]
                .iter()
                .any(|e| name.ends_with(e))
        })
        .collect();
    files.sort();
    let listed: Vec<String> = counts().into_keys().collect();
    assert_eq!(files, listed);
}

/// The perfect matchings of a graph given as a DLX file (an item per
/// vertex, an option per edge), by plain recursion: match the first free
/// vertex with each free neighbour.
fn perfect_matchings(edges: &[(usize, usize)], matched: &mut [bool]) -> u64 {
    let first = match matched.iter().position(|&m| !m) {
        Some(v) => v,
        None => return 1,
    };
    let mut count = 0;
    for &(a, b) in edges {
        let other = if a == first {
            b
        } else if b == first {
            a
        } else {
            continue;
        };
        if !matched[other] {
            matched[first] = true;
            matched[other] = true;
            count += perfect_matchings(edges, matched);
            matched[first] = false;
            matched[other] = false;
        }
    }
    count
}

#[test]
fn petersen_matchings_agree_with_brute_force() {
    let text = read("examples/petersen-matchings.dlx");
    let mut lines = text.lines().filter(|l| !l.starts_with('|'));
    let vertices: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    let index = |name: &str| vertices.iter().position(|&v| v == name).unwrap();
    let edges: Vec<(usize, usize)> = lines
        .map(|line| {
            let ends: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(ends.len(), 2, "an edge has two ends: {line}");
            (index(ends[0]), index(ends[1]))
        })
        .collect();
    assert_eq!((vertices.len(), edges.len()), (10, 15));
    let brute = perfect_matchings(&edges, &mut vec![false; vertices.len()]);
    assert_eq!(brute, 6);
    assert_eq!(counts()["petersen-matchings.dlx"].1, brute);
}

/// The item line and options of a DLX text, comments dropped.
fn items_and_options(text: &str) -> (Vec<String>, Vec<String>) {
    let mut lines = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('|') && !l.trim().is_empty());
    let items = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(String::from)
        .collect();
    (items, lines.map(|l| l.trim().to_string()).collect())
}

/// `r_c` (decimal) as Knuth names the cell: two radix-62 digits.
fn knuth_cell(name: &str) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    match name.split_once('_') {
        Some((r, c)) => [r, c]
            .iter()
            .map(|d| char::from(DIGITS[d.parse::<usize>().unwrap()]))
            .collect(),
        None => name.to_string(),
    }
}

#[test]
fn generated_pentominoes_are_the_instances_options_in_knuths_order() {
    // Not identical files: library/instances/pentomino-RxC.dlx names cells
    // `r_c`, lists the pieces before the cells, and lists each piece's
    // base placements sorted; Knuth's generator lists cells first and the
    // base placements breadth first. Renamed, the options are the same
    // set, so the solutions are the same; the trees, and node counts, are
    // not.
    let instances = read("library/instances/counts.tsv");
    for (example, instance) in [
        ("pentomino-6x10.polyomino", "pentomino-6x10"),
        ("pentomino-5x12.polyomino", "pentomino-5x12"),
        ("pentomino-4x15.polyomino", "pentomino-4x15"),
    ] {
        let (items, options) = items_and_options(&dlx_text(example));
        let theirs = read(&format!("library/instances/{instance}.dlx"));
        let (their_items, their_options) = items_and_options(&theirs);
        let renamed: Vec<String> = their_items.iter().map(|n| knuth_cell(n)).collect();
        let renamed_options: Vec<String> = their_options
            .iter()
            .map(|o| {
                o.split_whitespace()
                    .map(knuth_cell)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_ne!(items, renamed, "{example}: the item lines differ in order");
        assert_eq!(
            items.iter().collect::<HashSet<_>>(),
            renamed.iter().collect::<HashSet<_>>(),
            "{example}: the same items"
        );
        assert_ne!(
            options, renamed_options,
            "{example}: the options differ in order"
        );
        let (mut ours, mut same) = (options.clone(), renamed_options.clone());
        ours.sort();
        same.sort();
        assert_eq!(ours, same, "{example}: the same options");

        let row = instances
            .lines()
            .find(|l| l.starts_with(&format!("{instance}\t")))
            .unwrap();
        let their: Vec<u64> = row
            .split('\t')
            .skip(1)
            .map(|n| n.parse().unwrap())
            .collect();
        let (_, solutions, nodes, _) = counts()[example].clone();
        assert_eq!(solutions, their[0], "{example}: solutions");
        assert_ne!(nodes, their[1], "{example}: another tree");
    }
}

#[test]
fn descriptions_come_from_a_file_or_standard_input() {
    let text = "[01][0-2]\n*:D 00 01\n";
    let (ok, from_stdin, err) = run(&["polyomino"], text);
    assert!(ok);
    assert_eq!(
        err,
        "dlx polyomino: 6 cells, 1 piece, 2 base placements, 7 options\n"
    );
    let (ok, dash, _) = run(&["polyomino", "-"], text);
    assert!(ok);
    assert_eq!(from_stdin, dash);
    // D may be used any number of times: it has no item.
    assert!(from_stdin.contains("\n 00 01 02 10 11 12\n00 01\n01 02\n"));
    // Piped into dlx: dominoes tile the 2x3 box in 3 ways.
    let (ok, out, _) = run(&["--no-progress"], &from_stdin);
    assert!(ok);
    assert_eq!(summary(&out).0, 3);
}

#[test]
fn bad_descriptions_name_file_line_and_column() {
    let (ok, out, err) = run(&["polyomino"], "[0-2][0-2]\nA 00 0[1-]\n");
    assert!(!ok);
    assert!(out.is_empty());
    assert_eq!(
        err,
        "dlx: <stdin>:2:9: a `-` must stand between two digits in `0[1-]`\n"
    );
    let pentominoes = repo("examples/pentomino-6x10.polyomino");
    let (ok, _, err) = run(&["polycube", pentominoes.to_str().unwrap()], "");
    assert!(!ok);
    assert!(
        err.ends_with(
            "pentomino-6x10.polyomino:3:1: cell `[0-5][0-9]` is incomplete: \
             a polycube cell has 3 coordinates\n"
        ),
        "{err}"
    );
    let (ok, _, err) = run(&["polycube", "/nonexistent/box.polycube"], "");
    assert!(!ok);
    assert!(err.starts_with("dlx: /nonexistent/box.polycube: "), "{err}");
    let (ok, _, err) = run(&["polycube"], "000\nA 000\nB 000 001\n");
    assert!(ok);
    assert!(
        err.contains("warning: piece B (line 3) fits nowhere"),
        "{err}"
    );
}

#[test]
fn a_nul_byte_is_refused_with_its_place_and_nothing_is_written() {
    // Knuth's generators stop at it; written into the item line, it would
    // end the name there for C programs such as DLX1.
    let text = "[0-2][0-2]\nA\0B 00 01\n";
    let (ok, out, err) = run(&["polyomino"], text);
    assert!(!ok);
    assert!(out.is_empty());
    assert_eq!(
        err,
        "dlx: <stdin>:2:2: a NUL byte; a description is text without control characters\n"
    );
    let dir = std::env::temp_dir().join(format!("dlx-nul-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("nul.polycube");
    std::fs::write(&path, "| cubes\n[01]00\nL 000 100\nZ\0 000\n").unwrap();
    let (ok, out, err) = run(&["polycube", path.to_str().unwrap()], "");
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(!ok);
    assert!(out.is_empty());
    assert_eq!(
        err,
        format!(
            "dlx: {}:4:2: a NUL byte; a description is text without control characters\n",
            path.display()
        )
    );
}

#[test]
fn subcommands_leave_the_solver_options_alone() {
    // Solver options belong to `dlx FILE`; with a subcommand they are an error.
    let (ok, _, err) = run(&["--first", "polyomino"], "00\nA 00\n");
    assert!(!ok, "{err}");
    let (ok, out, _) = run(&["--help"], "");
    assert!(ok);
    for word in ["polyomino", "polycube", "--draw", "--svg", "--color"] {
        assert!(out.contains(word), "{word} missing from --help");
    }
    let (ok, out, _) = run(&["polyomino", "--help"], "");
    assert!(ok);
    assert!(out.contains("*:T"), "{out}");
    // `help` is not a subcommand: `dlx help` still reads a file of that name.
    let (ok, _, err) = run(&["help"], "");
    assert!(!ok);
    assert!(err.starts_with("dlx: help: "), "{err}");
}

#[test]
fn draws_the_first_pentomino_solution() {
    let text = dlx_text("pentomino-6x10.polyomino");
    let (ok, out, _) = run(&["--first", "--draw", "--no-progress"], &text);
    assert!(ok);
    let picture: Vec<&str> = out.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(picture.len(), 6);
    let mut letters: BTreeMap<char, usize> = BTreeMap::new();
    for row in &picture {
        let cells: Vec<&str> = row.split(' ').collect();
        assert_eq!(cells.len(), 10, "{row}");
        for cell in cells {
            *letters.entry(cell.chars().next().unwrap()).or_default() += 1;
        }
    }
    assert_eq!(letters.len(), 12);
    assert!(letters.values().all(|&n| n == 5), "{letters:?}");
    // No colour unless asked: standard output is a pipe here.
    assert!(!out.contains('\x1b'));
    let (_, coloured, _) = run(&["--first", "--draw", "--color", "always"], &text);
    assert!(coloured.contains("\x1b[30;48;5;"));
}

#[test]
fn draws_layers_of_a_polycube_solution() {
    let text = dlx_text("soma.polycube");
    let (ok, out, _) = run(&["--first", "--draw", "--no-progress"], &text);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "layer 0   layer 1   layer 2");
    let cells: String = lines[1..4].concat().split_whitespace().collect();
    assert_eq!(cells.len(), 27);
    for piece in "VLTZABP".chars() {
        let expected = if piece == 'V' { 3 } else { 4 };
        assert_eq!(cells.matches(piece).count(), expected, "{piece} in {out}");
    }
}

#[test]
fn writes_an_svg_of_the_first_solution() {
    let dir = std::env::temp_dir().join(format!("dlx-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("6x10.svg");
    let text = dlx_text("pentomino-6x10.polyomino");
    let (ok, _, err) = run(&["--first", "--svg", path.to_str().unwrap()], &text);
    assert!(ok, "{err}");
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<rect").count(), 1 + 60);
    assert_eq!(svg.matches("<text").count(), 12);
    // 3D boards and files without cell names cannot be drawn.
    let (ok, _, err) = run(&["--svg", "x.svg"], &dlx_text("soma.polycube"));
    assert!(!ok);
    assert!(err.contains("--svg draws 2D boards"), "{err}");
    let (ok, _, err) = run(&["--draw"], "a b\na\nb\n");
    assert!(!ok);
    assert!(err.contains("cannot draw"), "{err}");
    // Queens' items `r3`, `c5` read as cells, but no option is a piece.
    let queens = read("library/instances/queens-8.dlx");
    let (ok, out, err) = run(&["--first", "--draw"], &queens);
    assert!(!ok && out.is_empty());
    assert!(
        err.contains("<stdin>:2: cannot draw: the cells of option `r3 c3 a6 b7` do not touch"),
        "{err}"
    );
}

#[test]
fn the_multiplicity_instance_is_generated_from_its_example() {
    // library/instances/pentomino-multi-5x10.dlx is `dlx polyomino` of
    // examples/pentominoes-lnpy-5x10.polyomino, byte for byte.
    assert_eq!(
        dlx_text("pentominoes-lnpy-5x10.polyomino"),
        read("library/instances/pentomino-multi-5x10.dlx")
    );
}
