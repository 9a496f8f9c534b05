//! Quadrillion boards (`.quad`): the templates against the seed's data, the canonical form with
//! its comments, every diagnostic at its place, and the grammar.

use engine::quadrillion::{Challenge, Dot, GridId, Limits, ShapeId, Side, count};
use lockfmt::quadrillion::{Line, format, parse, parse_bytes, print};
use std::path::PathBuf;

fn templates() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../templates/quadrillion");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("templates/quadrillion")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "quad"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

fn data_board(name: &str) -> serde_json::Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/quadrillion.json");
    let d: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    d["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == name)
        .unwrap()
        .clone()
}

#[test]
fn the_templates_are_canonical_licensed_and_the_seeds_boards() {
    let t = templates();
    assert_eq!(t.len(), 13);
    for (name, text) in &t {
        let parsed = parse(text);
        assert_eq!(parsed.diagnostics, vec![], "{name}");
        assert_eq!(
            format(text).as_deref(),
            Ok(text.as_str()),
            "{name} is canonical"
        );
        let doc = parsed.document.unwrap();
        assert!(
            doc.info.license.is_some() && doc.info.source.is_some(),
            "{name}"
        );
        let ch = &doc.challenge;
        let seed = if name == "default.quad" {
            "default".to_string()
        } else {
            format!("game{}", &name[10..12])
        };
        let b = data_board(&seed);
        // The same open dots, drawn as the data draws them.
        let mask: Vec<String> = b["open_mask"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap().to_string())
            .collect();
        let (h, w) = ch.board.size();
        let drawn: Vec<String> = (0..h)
            .map(|r| {
                (0..w)
                    .map(|c| {
                        let d = Dot::new(r, c);
                        if ch.board.is_closed(d) {
                            'x'
                        } else if ch.board.is_open(d) {
                            'o'
                        } else {
                            ' '
                        }
                    })
                    .collect()
            })
            .collect();
        assert_eq!(drawn, mask, "{name}");
        let c = count(
            ch,
            Some(20_000),
            &Limits::default(),
            engine::solving::Cancel::NEVER,
        )
        .unwrap();
        let expected = b["solution_count"].as_u64().unwrap_or(1);
        assert_eq!(c.solutions, expected, "{name}");
    }
}

const SAMPLE: &str = "\
# A board drawn by hand.

# Its name:
title \"Sample\" # short
note \"first\"
note \"second &quot;quoted&quot;\"
colour blue

grid 4 white at 4 4
grid 1 white at 0 0
grid 3 white at 4 0 # bottom left
grid 2 white at 0 4

# The corner.
shape < turn 1 at 6 0
# the end
";

#[test]
fn formatting_orders_the_lines_and_keeps_every_comment_and_unknown_line() {
    let parsed = parse(SAMPLE);
    assert!(!parsed.has_errors(), "{:?}", parsed.diagnostics);
    assert_eq!(parsed.diagnostics.len(), 1, "the unknown line warns");
    assert_eq!(parsed.diagnostics[0].code, "unknown-property");
    let doc = parsed.document.unwrap();
    assert_eq!(doc.info.notes, vec!["first", "second \"quoted\""]);
    let printed = print(&doc);
    assert_eq!(
        printed,
        "\
# A board drawn by hand.

# Its name:
title \"Sample\" # short
note \"first\"
note \"second &quot;quoted&quot;\"
colour blue

grid 1 white at 0 0
grid 2 white at 0 4
grid 3 white at 4 0 # bottom left
grid 4 white at 4 4

# The corner.
shape < turn 1 at 6 0

# the end
"
    );
    assert_eq!(format(&printed).as_deref(), Ok(printed.as_str()));
}

/// A title or note with a line break (set by a program: the generator, an editor's field)
/// was printed across two lines, and the file read back as another board with a stray line;
/// the break is printed as a space, as sliding locks print it.
#[test]
fn a_line_break_in_a_title_or_note_stays_on_its_line() {
    let mut doc = parse(SAMPLE).document.unwrap();
    doc.info.title = Some("Two\nlines".into());
    doc.info.notes.push("a\r\nnote".into());
    let printed = print(&doc);
    let again = parse(&printed);
    assert_eq!(
        again.diagnostics.len(),
        1,
        "only the unknown line warns: {:?}",
        again.diagnostics
    );
    let again = again.document.unwrap();
    assert_eq!(again.info.title.as_deref(), Some("Two lines"));
    assert_eq!(again.info.notes.last().map(String::as_str), Some("a  note"));
    assert_eq!(again.unknown, doc.unknown);
}

/// A comment ending in blanks once cut the unknown line at the wrong byte: inside a wide
/// blank (a panic), or keeping the `#` in the line as well as in its comment.
#[test]
fn an_unknown_line_with_a_comment_ending_in_blanks_keeps_the_comment_once() {
    let _ = parse(":#\u{2000}");
    let text = SAMPLE.replace("colour blue", "colour blue # kept \u{2000}\t");
    let parsed = parse(&text);
    assert!(!parsed.has_errors(), "{:?}", parsed.diagnostics);
    let out = print(&parsed.document.unwrap());
    assert!(out.contains("colour blue # kept\n"), "{out}");
    assert_eq!(format(&out).as_deref(), Ok(out.as_str()), "idempotent");
}

#[test]
fn positions_are_written_from_the_boards_top_left() {
    let text = "grid 1 white at 10 10\ngrid 2 white at 10 14\ngrid 3 white at 14 10\ngrid 4 black turn 2 at 14 14\nshape L flipped turn 1 at 11 11\n";
    let out = format(text).unwrap();
    assert_eq!(
        out,
        "grid 1 white at 0 0\ngrid 2 white at 0 4\ngrid 3 white at 4 0\ngrid 4 black turn 2 at 4 4\n\nshape L flipped turn 1 at 1 1\n"
    );
    let ch: Challenge = parse(&out).document.unwrap().challenge;
    assert_eq!(ch.board.grid(GridId::G4).unwrap().side, Side::Black);
    assert_eq!(ch.placed[0].shape, ShapeId::L);
    // Negative positions too: the board read back is the one written, moved as a whole.
    let text = "grid 1 white at 0 0\ngrid 2 white at 0 4\ngrid 3 white at 4 0\ngrid 4 white at 4 -4\nshape U at 5 -3\n";
    let out = format(text).unwrap();
    assert_eq!(
        out,
        "grid 1 white at 0 4\ngrid 2 white at 0 8\ngrid 3 white at 4 4\ngrid 4 white at 4 0\n\nshape U at 5 1\n"
    );
    let read = parse(text).document.unwrap().challenge;
    assert_eq!(parse(&out).document.unwrap().challenge, read.normalised());
}

fn first_error(text: &str) -> (usize, usize, String, String) {
    let parsed = parse(text);
    let d = parsed
        .diagnostics
        .iter()
        .find(|d| d.is_error())
        .unwrap_or_else(|| panic!("an error in {text:?}"));
    (
        d.span.line,
        d.span.column,
        d.code.clone(),
        d.message.clone(),
    )
}

const GRIDS: &str =
    "grid 1 white at 0 0\ngrid 2 white at 0 4\ngrid 3 white at 4 0\ngrid 4 white at 4 4\n";

#[test]
fn every_wrong_line_is_named_at_its_place() {
    let cases: &[(&str, (usize, usize, &str))] = &[
        ("grid 5 white at 0 0\n", (1, 6, "grid-number")),
        ("grid\n", (1, 1, "grid-number")),
        ("grid 1 white turn 4 at 0 0\n", (1, 19, "turns")),
        ("grid 1 white turn at 0 0\n", (1, 14, "turns")),
        ("grid 1 white\n", (1, 8, "position")),
        ("grid 1 white at 0\n", (1, 14, "position")),
        ("grid 1 white at 0 0 left\n", (1, 21, "syntax")),
        ("grid 1 white black at 0 0\n", (1, 14, "syntax")),
        ("shape Q at 0 0\n", (1, 7, "shape-name")),
        ("shape\n", (1, 1, "shape-name")),
        ("shape L at 0 0 flipped flipped\n", (1, 24, "syntax")),
        ("title \"open\n", (1, 7, "unterminated-string")),
        ("title\n", (1, 1, "missing-value")),
        ("title \"a\"\ntitle \"b\"\n", (2, 1, "repeated-property")),
        (
            "grid 1 white at 0 0\ngrid 1 black at 0 4\n",
            (2, 6, "repeated-grid"),
        ),
    ];
    for (text, (line, column, code)) in cases {
        let (l, c, k, message) = first_error(text);
        assert_eq!(
            (l, c, k.as_str()),
            (*line, *column, *code),
            "{text:?}: {message}"
        );
    }
}

#[test]
fn the_challenges_problems_are_at_the_grid_or_shape_they_name() {
    let (l, _, code, message) = first_error(
        "grid 1 white at 0 0\ngrid 2 white at 0 4\ngrid 3 white at 4 0\ngrid 4 white at 4 5\n",
    );
    assert_eq!((l, code.as_str()), (4, "grids-misaligned"), "{message}");
    let (l, _, code, _) = first_error(
        "grid 1 white at 0 0\ngrid 2 white at 0 2\ngrid 3 white at 4 0\ngrid 4 white at 4 4\n",
    );
    assert_eq!((l, code.as_str()), (2, "grids-overlap"));
    let (l, _, code, _) =
        first_error("grid 1 white at 0 0\ngrid 2 white at 0 4\ngrid 3 white at 4 0\n");
    assert_eq!((l, code.as_str()), (3, "missing-grid"));
    // Grid 1's closed dot (white side) is at row 0, column 1.
    let (l, c, code, message) = first_error(&format!("{GRIDS}shape L at 0 0\n"));
    assert_eq!(
        (l, c, code.as_str()),
        (5, 7, "shape-off-open-dots"),
        "{message}"
    );
    assert!(message.contains("closed dot"), "{message}");
    let (l, _, code, _) = first_error(&format!("{GRIDS}shape L at 1 0\nshape 1 at 1 1\n"));
    assert_eq!((l, code.as_str()), (6, "shapes-overlap"));
}

#[test]
fn files_too_large_or_not_text_are_refused_whole() {
    let big = "# x\n".repeat(lockfmt::quadrillion::MAX_FILE_BYTES);
    assert_eq!(parse(&big).diagnostics[0].code, "file-too-large");
    let bad = parse_bytes(b"title \"a\xff\"\n");
    assert_eq!(bad.diagnostics[0].code, "invalid-utf8");
    assert_eq!(bad.diagnostics[0].span.column, 9);
    assert!(bad.document.is_none());
}

#[test]
fn lines_are_mapped_for_the_editor() {
    let parsed = parse(&format!("title \"t\"\n{GRIDS}shape L at 1 0\n"));
    assert_eq!(parsed.source_map.lines[&Line::Title].line, 1);
    assert_eq!(parsed.source_map.lines[&Line::Grid(GridId::G3)].line, 4);
    assert_eq!(parsed.source_map.lines[&Line::Shape(ShapeId::L)].line, 6);
}

#[test]
fn the_grammar_reads_every_template_without_error() {
    for (name, text) in templates() {
        let parsed = parse(&text);
        let tree = parsed.tree.expect("a tree");
        assert!(
            !tree.root_node().has_error(),
            "{name}: {}",
            tree.root_node().to_sexp()
        );
    }
}

#[test]
fn bad_input_never_panics() {
    for text in [
        "",
        "\n\n",
        "#",
        "grid",
        "grid 1",
        "grid 1 at",
        "grid -1 at 0 0",
        "shape 😀 at 0 0",
        "title \"",
        "\"",
        "grid 1 white at 99999999999 0",
        "shape L turn -1 at 0 0",
        "grid 1 white at 0 0 # ok\r\n",
        "note",
        "grid 1 white turn 1 turn 2 at 0 0",
    ] {
        let _ = parse(text);
        let _ = format(text);
    }
}

/// The examples in docs/quadrillion-format.md: each `quad` block reads without problems and is
/// in canonical form, and it is the template it says it is.
#[test]
fn every_example_in_the_format_doc_parses_and_is_canonical() {
    let doc = include_str!("../../docs/quadrillion-format.md");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in doc.lines() {
        match (&mut current, line) {
            (None, "```quad") => current = Some(String::new()),
            (Some(_), "```") => blocks.extend(current.take()),
            (Some(text), l) => {
                text.push_str(l);
                text.push('\n');
            }
            (None, _) => {}
        }
    }
    assert!(!blocks.is_empty());
    for text in &blocks {
        assert_eq!(parse(text).diagnostics, vec![], "{text}");
        assert_eq!(format(text).as_deref(), Ok(text.as_str()));
    }
    let template = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../templates/quadrillion/challenge-49.quad"),
    )
    .unwrap();
    assert_eq!(blocks[0], template);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_strings_never_panic(text in proptest::prelude::any::<String>()) {
        let _ = parse(&text);
        let _ = format(&text);
    }

    #[test]
    fn board_like_noise_never_panics(
        lines in proptest::collection::vec(
            "((title|note|grid|shape|at|turn|flip|white|colour|[0-9]{1,3}|-1|<|\"[a-z ]{0,3}\"?) ){0,6}(#[a-z ]{0,3})?[ \t\u{2000}]{0,2}",
            0..12,
        )
    ) {
        let text = lines.join("\n");
        let _ = parse(&text);
        if let Ok(out) = format(&text) {
            proptest::prop_assert_eq!(format(&out), Ok(out.clone()), "idempotent");
        }
    }
}

/// A position is from -1000 to 1000. The least 32-bit number has no absolute value: it
/// overflowed the range check (a panic in a debug build; in a release build it wrapped and
/// passed as near, and the board was laid four thousand million dots away).
#[test]
fn a_position_past_a_thousand_either_way_is_refused_at_its_place() {
    let default = include_str!("../../templates/quadrillion/default.quad");
    for far in ["-2147483648", "2147483647", "99999999999", "1001", "-1001"] {
        let text = default.replacen(
            "grid 1 white at 0 0",
            &format!("grid 1 white at {far} 0"),
            1,
        );
        assert_ne!(text, default);
        let p = parse(&text);
        let e = p
            .diagnostics
            .iter()
            .find(|d| d.is_error())
            .unwrap_or_else(|| panic!("{far} is refused"));
        assert_eq!(
            (e.code.as_str(), e.span.line),
            ("position", 7),
            "{far}: {e:?}"
        );
        assert!(e.message.contains("from -1000 to 1000"), "{}", e.message);
    }
    let text = default.replacen("grid 1 white at 0 0", "grid 1 white at -1000 0", 1);
    assert!(
        !parse(&text)
            .diagnostics
            .iter()
            .any(|d| d.code == "position"),
        "-1000 is a position"
    );
}
