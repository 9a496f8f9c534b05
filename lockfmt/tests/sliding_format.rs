//! Sliding locks (`.slide`): the seed's example, the canonical form with its comments and
//! letters, every diagnostic at its place, the `axis` lines, solution files, the format doc's
//! examples, and a round trip over random locks.

use engine::sliding::{
    Answer, Board, Cell, Dir, Limits, Lock, Orientation, Piece, format_moves, parse_moves, solve,
};
use lockfmt::Severity;
use lockfmt::sliding::solution::{
    SOLUTION_FORMAT_LINE, Solution, lock_digest, parse_solution, print_solution,
};
use lockfmt::sliding::{Document, Line, format, parse, parse_bytes, print};
use proptest::prelude::*;

const SEED: &str = "\
# The seed's example: three moves.
title \"The seed's example\"
by \"uriquack\"
note \"Slide BC1 one space left, C34 two spaces down, and the Key one space right.\"

4 . . a .
3 K K a @
2 . . . .
1 . b b .
  A B C D
";

#[test]
fn the_seeds_example_is_the_seeds_lock_and_its_three_moves_pick_it() {
    let parsed = parse(SEED);
    assert_eq!(parsed.diagnostics, vec![]);
    let lock = parsed.valid_lock().expect("a legal lock").clone();
    let doc = parsed.document.unwrap();
    let mut names: Vec<String> = (0..lock.pieces.len()).map(|i| lock.name(i)).collect();
    names.sort();
    assert_eq!(names, vec!["BC1", "C34", "Key", "Keyhole"]);
    let hole = lock.keyhole().unwrap();
    assert_eq!(lock.pieces[hole].at, Cell::parse("D3").unwrap());
    assert_eq!(
        lock.pieces[lock.key().unwrap()].at,
        Cell::parse("A3").unwrap()
    );
    assert_eq!(doc.letter(lock.find("C34").unwrap()), 'a');
    assert_eq!(doc.letter(lock.find("BC1").unwrap()), 'b');
    assert_eq!(doc.info.by.as_deref(), Some("uriquack"));
    assert_eq!(
        doc.comments.leading[&Line::Title],
        vec!["# The seed's example: three moves."]
    );
    let moves = parse_moves("BC1 L1, C34 D2, Key R1").unwrap();
    let after = lock.play(&moves).expect("the seed's moves are legal");
    assert!(after.last().unwrap().is_picked());
    let report = solve(&lock, &Limits::default()).unwrap();
    let Answer::Solved { moves: best } = report.answer else {
        panic!("solvable: {:?}", report.answer)
    };
    assert_eq!(best.len(), 3);
    assert_eq!(
        format(SEED).as_deref(),
        Ok(SEED),
        "the seed's example is canonical"
    );
    let crlf = SEED.replace('\n', "\r\n").replace("  A B", "\tA\tB");
    assert_eq!(
        format(&crlf).as_deref(),
        Ok(SEED),
        "CRLF and tabs read alike"
    );
}

const MESSY: &str = "\
# Head comment.

# before title
title \"Axes\" # trailing on title
colour blue
by \"Me\"

# top row
6 . . . . .
4 z z + . . # the axis
3 K K  b . @
2 ..b..
1 . . b . .
axis C4: b z  # listed out of order
note \"after the picture\"
# the end
";

/// A comment ending in blanks once cut the unknown line at the wrong byte: inside a wide
/// blank (a panic), or keeping the `#` in the line as well as in its comment.
#[test]
fn an_unknown_line_with_a_comment_ending_in_blanks_keeps_the_comment_once() {
    let _ = parse(":#\u{2000}");
    let text = MESSY.replace("colour blue", "colour blue # kept \u{2000}\t");
    let parsed = parse(&text);
    assert!(!parsed.has_errors(), "{:#?}", parsed.diagnostics);
    let doc = parsed.document.unwrap();
    assert_eq!(doc.unknown, vec!["colour blue"]);
    let out = format(&text).unwrap();
    assert!(out.contains("colour blue # kept\n"), "{out}");
    assert_eq!(format(&out).as_deref(), Ok(out.as_str()), "idempotent");
}

const TIDY: &str = "\
# Head comment.

# before title
title \"Axes\" # trailing on title
by \"Me\"
note \"after the picture\"
colour blue

# top row
5 . . . . .
4 z z + . . # the axis
3 K K b . @
2 . . b . .
1 . . b . .
  A B C D E

axis C4: b z # listed out of order

# the end
";

#[test]
fn formatting_orders_spaces_and_numbers_the_lines_and_keeps_comments_and_letters() {
    let parsed = parse(MESSY);
    assert!(!parsed.has_errors(), "{:#?}", parsed.diagnostics);
    let warnings: Vec<(usize, usize, &str)> = parsed
        .diagnostics
        .iter()
        .map(|d| (d.span.line, d.span.column, d.code.as_str()))
        .collect();
    assert_eq!(
        warnings,
        vec![
            (5, 1, "unknown-property"),
            (9, 1, "row-number"),
            (12, 3, "spacing"),
        ]
    );
    let out = format(MESSY).unwrap();
    assert_eq!(out, TIDY);
    assert_eq!(format(&out).as_deref(), Ok(out.as_str()), "idempotent");
    let doc = parse(&out).document.unwrap();
    assert_eq!(doc.unknown, vec!["colour blue"]);
    assert_eq!(doc.comments.tail, vec!["# the end"]);
    assert_eq!(
        doc.comments.trailing[&Line::Axis(Cell::parse("C4").unwrap())],
        "# listed out of order"
    );
}

#[test]
fn formatting_is_idempotent_on_several_files() {
    let files = [
        SEED,
        TIDY,
        "3 . . @\n2 K K .\n1 . . .\n",
        "# only a head\n\n2 K K\n1 . @\n",
        "title \"t\"\n\n3 . * @\n2 K K .\n1 a a .\n  A B C\n\n# tail one\n# tail two\n",
        "3 . . .\n2 + K K\n1 . . @\n",
    ];
    for text in files {
        let once = match format(text) {
            Ok(t) => t,
            Err(d) => panic!("{text}: {d:#?}"),
        };
        assert_eq!(format(&once).as_deref(), Ok(once.as_str()), "{text}");
    }
}

#[test]
fn row_numbers_are_right_aligned_and_the_footer_indented_to_match() {
    let doc = Document::empty(11, 11);
    let text = print(&doc);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "11 . . . . . . . . . . .");
    assert_eq!(lines[2], " 9 . . . . . . . . . . .");
    assert_eq!(lines[9], " 2 . . . . . . . . . . .");
    assert_eq!(lines[10], " 1 K K . . . . . . . . @");
    assert_eq!(lines[11], "   A B C D E F G H I J K");
    assert_eq!(lines.len(), 12);
    assert_eq!(parse(&text).diagnostics, vec![]);
    // Written unaligned, read the same.
    let loose = text
        .lines()
        .map(|l| l.trim_start().to_string() + "\n")
        .collect::<String>();
    assert_eq!(format(&loose).as_deref(), Ok(text.as_str()));
}

#[test]
fn the_empty_document_is_a_legal_start() {
    for (w, h) in [(2, 2), (4, 4), (11, 3), (5, 11)] {
        let text = print(&Document::empty(w, h));
        let parsed = parse(&text);
        assert_eq!(parsed.diagnostics, vec![], "{text}");
        assert!(text.contains("K K"), "{text}");
    }
    assert_eq!(
        print(&Document::empty(4, 3)),
        "3 . . . .\n2 . . . .\n1 K K . @\n  A B C D\n"
    );
    // Too narrow for a slide along row 1: the Key stands in column A.
    assert_eq!(
        print(&Document::empty(3, 4)),
        "4 @ . .\n3 . . .\n2 K . .\n1 K . .\n  A B C\n"
    );
}

/// Every diagnostic: (text, line, column, code).
#[test]
fn every_problem_is_named_at_its_place() {
    let twelve_rows: String = (1..=12).rev().map(|n| format!("{n} . K\n")).collect();
    let cases: Vec<(String, (usize, usize, &str))> = vec![
        ("title \"x\"\n".into(), (1, 1, "no-picture")),
        ("3 . . @\n2 K K $\n1 . . .\n".into(), (2, 7, "glyph")),
        ("3 . . @ .\n2 K K .\n1 . . .\n".into(), (1, 9, "row-width")),
        ("3 . . @\n2 K K\n1 . . .\n".into(), (2, 6, "row-width")),
        (twelve_rows, (12, 1, "board-size")),
        ("1 K K @\n".into(), (1, 1, "board-size")),
        (
            "2 . . . . . . . . . . . @\n1 K K . . . . . . . . . .\n".into(),
            (1, 25, "board-size"),
        ),
        ("2 @\n1 K\n".into(), (1, 1, "board-size")),
        ("3 . . @\n2 K K .\n1 . . x\n".into(), (3, 7, "piece-shape")),
        ("3 a . @\n2 K K .\n1 a . .\n".into(), (1, 3, "piece-shape")),
        ("3 a a @\n2 K K .\n1 a . .\n".into(), (1, 3, "piece-shape")),
        ("3 K . @\n2 . K .\n1 . . .\n".into(), (1, 3, "piece-shape")),
        ("3 . . @\n2 . . .\n1 . . .\n".into(), (1, 1, "no-key")),
        ("3 . . .\n2 K K .\n1 . . .\n".into(), (1, 1, "no-keyhole")),
        (
            "3 . . @\n2 K K @\n1 . . .\n".into(),
            (1, 7, "second-keyhole"),
        ),
        ("3 . . @\n2 K K K\n1 . . .\n".into(), (2, 3, "key-length")),
        ("3 . . @\n2 . K .\n1 . . .\n".into(), (2, 5, "key-length")),
        ("3 . . .\n2 K K .\n1 . @ .\n".into(), (3, 5, "keyhole-edge")),
        ("3 . . @\n2 K K .\n1 . + .\n".into(), (3, 5, "bare-axis")),
        ("3 . . .\n2 K K @\n1 . . .\n".into(), (2, 3, "picked")),
        (
            "title\n3 . . @\n2 K K .\n1 . . .\n".into(),
            (1, 1, "missing-value"),
        ),
        (
            "title \"open\n3 . . @\n2 K K .\n1 . . .\n".into(),
            (1, 7, "unterminated-string"),
        ),
        (
            "by \"a\"\nby \"b\"\n3 . . @\n2 K K .\n1 . . .\n".into(),
            (2, 1, "repeated-property"),
        ),
    ];
    for (text, (line, column, code)) in &cases {
        let parsed = parse(text);
        let first = parsed
            .diagnostics
            .iter()
            .find(|d| d.is_error())
            .unwrap_or_else(|| panic!("an error in {text:?}"));
        assert_eq!(
            (first.span.line, first.span.column, first.code.as_str()),
            (*line, *column, *code),
            "{text}: {}",
            first.message
        );
        assert!(parsed.valid_lock().is_none());
    }
}

#[test]
fn warnings_are_placed_and_fmt_fixes_them() {
    let cases: &[(&str, (usize, usize, &str))] = &[
        ("4 . . @\n2 K K .\n1 . . .\n", (1, 1, "row-number")),
        ("3 . . @\n2 K K .\n0 . . .\n", (3, 1, "row-number")),
        ("3 . . @\n2 K K .\n1 . . .\n  A B D\n", (4, 7, "footer")),
        ("3 . . @\n2 K K .\n1 . . .\n  A B\n", (4, 7, "footer")),
        ("  A B C\n3 . . @\n2 K K .\n1 . . .\n", (1, 3, "footer")),
        (
            "3 . . @\n2 K K .\n1 . . .\n  A B C\n  A B C\n",
            (5, 3, "footer"),
        ),
        ("3 ..@\n2 K K .\n1 . . .\n", (1, 3, "spacing")),
        ("3. . @\n2 K K .\n1 . . .\n", (1, 2, "spacing")),
        (
            "colour blue\n3 . . @\n2 K K .\n1 . . .\n",
            (1, 1, "unknown-property"),
        ),
    ];
    for (text, (line, column, code)) in cases {
        let parsed = parse(text);
        assert!(!parsed.has_errors(), "{text}: {:#?}", parsed.diagnostics);
        let d = &parsed.diagnostics[0];
        assert_eq!(d.severity, Severity::Warning);
        assert_eq!(
            (d.span.line, d.span.column, d.code.as_str()),
            (*line, *column, *code),
            "{text}: {}",
            d.message
        );
        let fixed = format(text).unwrap();
        let again = parse(&fixed);
        assert!(
            again
                .diagnostics
                .iter()
                .all(|d| d.code == "unknown-property"),
            "{fixed}: {:#?}",
            again.diagnostics
        );
    }
}

const AXES: &str = "\
5 . . . . .
4 z z + . .
3 K K b . @
2 . . b . .
1 . . . . .
  A B C D E
";

#[test]
fn axis_lines_are_checked_against_the_picture() {
    let ok = format!("{AXES}\naxis C4: b z\n");
    assert_eq!(parse(&ok).diagnostics, vec![]);
    // A missing axis line is fine, and fmt writes it.
    assert_eq!(parse(AXES).diagnostics, vec![]);
    assert_eq!(format(AXES).as_deref(), Ok(ok.as_str()));
    // Spacing and colon placement are free.
    assert_eq!(parse(&format!("{AXES}axis C4 : zb\n")).diagnostics, vec![]);
    assert_eq!(parse(&format!("{AXES}axis C4 :b z\n")).diagnostics, vec![]);
    let cases: &[(&str, (usize, usize, &str), &str)] = &[
        (
            "axis C4: z\n",
            (7, 6, "axis-line"),
            "`b` is attached to the axis at C4",
        ),
        (
            "axis C4: b z K\n",
            (7, 14, "axis-line"),
            "the Key is not attached",
        ),
        (
            "axis C4: b z q\n",
            (7, 14, "axis-line"),
            "no piece is marked `q`",
        ),
        (
            "axis D4: b z\n",
            (7, 6, "axis-line"),
            "there is no axis at D4",
        ),
        ("axis\n", (7, 1, "axis-line"), "needs the axis's cell"),
        ("axis Q4: b\n", (7, 6, "axis-line"), "`Q4` is not a cell"),
        ("axis C4 b z\n", (7, 9, "axis-line"), "a colon goes after"),
        (
            "axis C4: b, z\n",
            (7, 11, "axis-line"),
            "`,` is not a piece's letter",
        ),
        (
            "axis C4: b z\naxis C4: b z\n",
            (8, 6, "axis-line"),
            "a second `axis` line",
        ),
    ];
    for (line, (l, c, code), says) in cases {
        let text = format!("{AXES}{line}");
        let parsed = parse(&text);
        let d = parsed
            .diagnostics
            .iter()
            .find(|d| d.is_error())
            .unwrap_or_else(|| panic!("an error for {line:?}"));
        assert_eq!(
            (d.span.line, d.span.column, d.code.as_str()),
            (*l, *c, *code),
            "{line}: {}",
            d.message
        );
        assert!(d.message.contains(says), "{line}: {}", d.message);
    }
    // Listed twice: a warning, and fmt lists it once.
    let twice = format!("{AXES}axis C4: b b z\n");
    let d = &parse(&twice).diagnostics;
    assert_eq!(d.len(), 1);
    assert_eq!(
        (d[0].code.as_str(), d[0].severity),
        ("axis-line", Severity::Warning)
    );
    assert_eq!(format(&twice).as_deref(), Ok(ok.as_str()));
    // The Key attaches like any piece, and is listed as `K`.
    let key = "3 . . @\n2 + K K\n1 . . .\n  A B C\n\naxis A2: K\n";
    assert_eq!(parse(key).diagnostics, vec![]);
    assert_eq!(format(key).as_deref(), Ok(key));
}

#[test]
fn letters_are_kept_as_written_and_edits_keep_them() {
    let text = "4 q . . @\n3 q K K .\n2 . . . .\n1 . m m .\n  A B C D\n";
    assert_eq!(format(text).as_deref(), Ok(text));
    let doc = parse(text).document.unwrap();
    let m = doc.piece_by_letter('m').unwrap();
    let moved = doc
        .lock
        .apply(&engine::sliding::Move::Slide {
            piece: m,
            dir: Dir::Left,
            distance: 1,
        })
        .unwrap();
    let mut after = doc.with_lock(moved);
    assert_eq!(
        print(&after),
        "4 q . . @\n3 q K K .\n2 . . . .\n1 m m . .\n  A B C D\n",
        "one row changes"
    );
    // A new piece gets the first free letter.
    let mut lock = after.lock.clone();
    lock.pieces
        .push(Piece::slider(Cell::new(2, 1), Orientation::Horizontal, 2));
    after = after.with_lock(lock);
    assert!(print(&after).contains("2 . . a a"), "{}", print(&after));
}

#[test]
fn lines_and_cells_are_mapped_for_the_editor() {
    let parsed = parse(SEED);
    assert_eq!(parsed.source_map.lines[&Line::Title].line, 2);
    assert_eq!(parsed.source_map.lines[&Line::Row(4)].line, 6);
    assert_eq!(parsed.source_map.lines[&Line::Row(1)].line, 9);
    assert_eq!(parsed.source_map.lines[&Line::Footer].line, 10);
    let d3 = parsed.source_map.cells[&Cell::parse("D3").unwrap()];
    assert_eq!((d3.line, d3.column), (7, 9));
}

#[test]
fn files_too_large_or_not_text_are_refused_whole() {
    let big = "# x\n".repeat(lockfmt::sliding::MAX_FILE_BYTES);
    let parsed = parse(&big);
    assert_eq!(parsed.diagnostics[0].code, "file-too-large");
    assert!(parsed.document.is_none());
    let bad = parse_bytes(b"title \"a\xff\"\n");
    assert_eq!(bad.diagnostics[0].code, "invalid-utf8");
    assert_eq!(bad.diagnostics[0].span.column, 9);
    assert!(bad.document.is_none());
}

#[test]
fn sixty_four_kilobytes_of_junk_answer_quickly() {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let alphabet = b"0123456789 .*K@+abcz#\"\nA:axis";
    let mut junk = String::new();
    while junk.len() < lockfmt::sliding::MAX_FILE_BYTES - 1 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        junk.push(alphabet[(x % alphabet.len() as u64) as usize] as char);
    }
    let rows: String = "9 . a a . . . . K K * @\n".repeat(2700);
    // How long they take is the benchmark's (`benches/parse_scaling.rs`); here, the work is
    // bounded by the text: at most a few diagnostics a line, one highlighted line a line.
    for text in [junk, rows] {
        let parsed = parse(&text);
        assert!(parsed.has_errors());
        let lines = text.split('\n').count();
        assert!(
            parsed.diagnostics.len() <= 4 * lines,
            "{} diagnostics for {lines} lines",
            parsed.diagnostics.len()
        );
        assert_eq!(
            lockfmt::sliding::highlight::lines(&text, &parsed).len(),
            lines
        );
    }
}

#[test]
fn solution_files_round_trip_and_name_their_lock() {
    let doc = parse(SEED).document.unwrap();
    let moves = parse_moves("BC1 L1, C34 D2, Key R1").unwrap();
    let s = Solution::for_document(&doc, moves.clone());
    let text = print_solution(&s);
    assert!(text.starts_with(&format!(
        "{SOLUTION_FORMAT_LINE}\nlock: The seed's example\n"
    )));
    assert!(text.ends_with("moves: BC1 L1, C34 D2, Key R1\n"), "{text}");
    let back = parse_solution(&text).unwrap();
    assert_eq!(back, s);
    assert!(back.names(&doc));
    // Words and letters do not change the digest; the mechanism does.
    let retitled = parse(
        &SEED
            .replace("The seed's example\"", "Another\"")
            .replace(" b b ", " y y "),
    )
    .document
    .unwrap();
    assert!(back.names(&retitled));
    assert_eq!(lock_digest(&doc.lock), lock_digest(&retitled.lock));
    let other = parse(&SEED.replace("1 . b b .", "1 b b . ."))
        .document
        .unwrap();
    assert!(!back.names(&other));
    // A bare move list is a solution of whichever lock it comes with.
    let bare = parse_solution("BC1 L1, C34 D2\nKey R1\n").unwrap();
    assert_eq!(bare.moves, moves);
    assert!(bare.names(&other));
    // Many moves: twelve a line.
    let long = Solution::for_document(&doc, (0..5).flat_map(|_| moves.clone()).collect());
    let text = print_solution(&long);
    assert_eq!(text.lines().filter(|l| l.starts_with("moves:")).count(), 2);
    assert_eq!(parse_solution(&text).unwrap().moves.len(), 15);
}

#[test]
fn bad_moves_in_a_solution_file_are_placed() {
    let text = "lockwright-solution 1\nlock: X\nmoves: BC1 L1, Key Q2\n";
    let d = parse_solution(text).unwrap_err();
    assert_eq!(
        (d[0].span.line, d[0].span.column, d[0].code.as_str()),
        (3, 20, "bad-move")
    );
    let d = parse_solution("Key R1 Key Key").unwrap_err();
    assert_eq!(d[0].span.column, 12, "the second Key of the pair: {d:?}");
    let d = parse_solution("lockwright-solution 1\nlock-digest: xyz\n").unwrap_err();
    assert_eq!(d[0].code, "solution");
    let d = parse_solution("lockwright-solution 1\nlocks: x\n").unwrap_err();
    assert_eq!(d[0].code, "unknown-field");
    assert_eq!(format_moves(&parse_moves("d4 cw").unwrap()), "D4 CW");
}

/// The examples in docs/sliding-format.md: each `slide` block reads without problems and is in
/// canonical form; the first is the seed's example.
#[test]
fn every_example_in_the_format_doc_parses_and_is_canonical() {
    let doc = include_str!("../../docs/sliding-format.md");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in doc.lines() {
        match (&mut current, line) {
            (None, "```slide") => current = Some(String::new()),
            (Some(_), "```") => blocks.extend(current.take()),
            (Some(text), l) => {
                text.push_str(l);
                text.push('\n');
            }
            (None, _) => {}
        }
    }
    assert!(blocks.len() >= 3, "{} examples", blocks.len());
    for text in &blocks {
        assert_eq!(parse(text).diagnostics, vec![], "{text}");
        assert_eq!(format(text).as_deref(), Ok(text.as_str()));
    }
    assert_eq!(blocks[0], SEED);
    // The solution file shown is the seed's example's.
    let shown = doc
        .split("```text\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a solution file in the doc");
    let seed = parse(SEED).document.unwrap();
    let moves = parse_moves("BC1 L1, C34 D2, Key R1").unwrap();
    assert_eq!(shown, print_solution(&Solution::for_document(&seed, moves)));
}

#[test]
fn the_grammar_reads_every_canonical_file_without_error() {
    for text in [SEED, TIDY, AXES, &print(&Document::empty(11, 11))] {
        let tree = parse(text).tree.expect("a tree");
        assert!(
            !tree.root_node().has_error(),
            "{text}: {}",
            tree.root_node().to_sexp()
        );
    }
}

/// A small random number generator for building locks from a proptest seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// A random lock: any size, dark cells, the Key, the Keyhole on an unlabelled edge, axes and up
/// to 26 pieces, none overlapping and none on a dark cell (a picture cannot draw those); with
/// random letters, words and comments.
fn random_document(seed: u64) -> Document {
    let mut rng = Rng(seed | 1);
    let (w, h) = (2 + rng.below(10) as u8, 2 + rng.below(10) as u8);
    let mut board = Board::new(w, h);
    for r in 0..h {
        for c in 0..w {
            if rng.below(8) == 0 {
                board.set_dark(Cell::new(c, r), true);
            }
        }
    }
    let mut lock = Lock::new(board, Vec::new());
    let fits = |lock: &Lock, p: &Piece| {
        let cells: Vec<Cell> = p.cells().collect();
        cells.len() == p.length as usize
            && cells.iter().all(|&c| {
                lock.board.contains(c) && !lock.board.is_dark(c) && lock.piece_at(c).is_none()
            })
    };
    let try_place =
        |lock: &mut Lock, rng: &mut Rng, make: &dyn Fn(Cell, Orientation, u8) -> Piece| {
            for _ in 0..20 {
                let at = Cell::new(rng.below(w as u64) as u8, rng.below(h as u64) as u8);
                let o = if rng.below(2) == 0 {
                    Orientation::Horizontal
                } else {
                    Orientation::Vertical
                };
                let p = make(at, o, 2 + rng.below(3) as u8);
                if fits(lock, &p) {
                    lock.pieces.push(p);
                    return;
                }
            }
        };
    if rng.below(10) != 0 {
        try_place(&mut lock, &mut rng, &|at, o, _| Piece::key(at, o));
    }
    try_place(&mut lock, &mut rng, &|at, o, _| match o {
        Orientation::Horizontal => Piece::keyhole(Cell::new(w - 1, at.row)),
        Orientation::Vertical => Piece::keyhole(Cell::new(at.col, h - 1)),
    });
    for _ in 0..rng.below(4) {
        try_place(&mut lock, &mut rng, &|at, _, _| Piece::axis(at));
    }
    for _ in 0..rng.below(30) {
        let sliders = lock
            .pieces
            .iter()
            .filter(|p| p.kind == engine::sliding::Kind::Slider)
            .count();
        if sliders < 26 {
            try_place(&mut lock, &mut rng, &|at, o, n| Piece::slider(at, o, n));
        }
    }
    let mut doc = Document::new(lock);
    // The author's letters: any distinct ones.
    let mut alphabet: Vec<char> = ('a'..='z').collect();
    for i in (1..alphabet.len()).rev() {
        alphabet.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let mut free = alphabet.into_iter();
    for l in doc.letters.iter_mut() {
        if l.is_ascii_lowercase() {
            *l = free.next().unwrap();
        }
    }
    let words = ["Lock", "a \"quoted\" word", "x", "über", "#not a comment"];
    if rng.below(2) == 0 {
        doc.info.title = Some(words[rng.below(5) as usize].into());
    }
    if rng.below(2) == 0 {
        doc.info.license = Some("CC0-1.0".into());
    }
    for _ in 0..rng.below(3) {
        doc.info.notes.push(words[rng.below(5) as usize].into());
    }
    if rng.below(3) == 0 {
        doc.unknown.push("colour blue".into());
    }
    if rng.below(2) == 0 {
        doc.comments.head.push("# head".into());
    }
    let row = Line::Row(1 + rng.below(h as u64) as usize);
    doc.comments
        .leading
        .insert(row, vec!["# before a row".into()]);
    doc.comments.trailing.insert(Line::Footer, "# under".into());
    if rng.below(2) == 0 {
        doc.comments.tail.push("# tail".into());
    }
    doc
}

const LOCK_CODES: &[&str] = &[
    "board-size",
    "no-key",
    "no-keyhole",
    "second-key",
    "second-keyhole",
    "key-length",
    "keyhole-edge",
    "bare-axis",
    "picked",
    "unknown-property",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn printing_a_parsed_print_gives_the_same_text(seed in any::<u64>()) {
        let doc = random_document(seed);
        let text = print(&doc);
        let parsed = parse(&text);
        for d in &parsed.diagnostics {
            prop_assert!(LOCK_CODES.contains(&d.code.as_str()), "{}\n{:?}", text, d);
        }
        let back = parsed.document.unwrap();
        prop_assert_eq!(print(&back), text.clone());
        let mut a = doc.lock.pieces.clone();
        let mut b = back.lock.pieces.clone();
        a.sort();
        b.sort();
        prop_assert_eq!(a, b);
        prop_assert_eq!(&doc.lock.board, &back.lock.board);
        for (i, p) in back.lock.pieces.iter().enumerate() {
            let j = doc.lock.pieces.iter().position(|q| q == p).unwrap();
            prop_assert_eq!(back.letter(i), doc.letter(j));
        }
        prop_assert_eq!(lock_digest(&doc.lock), lock_digest(&back.lock));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        let _ = parse(&text);
        let _ = format(&text);
        let _ = parse_solution(&text);
    }

    #[test]
    fn lock_like_noise_never_panics(text in "[ \t\u{2000}.*K@+a-z0-9A-Z:#\"\\n]{0,400}") {
        let parsed = parse(&text);
        let _ = lockfmt::sliding::highlight::lines(&text, &parsed);
        if let Ok(out) = format(&text) {
            prop_assert_eq!(format(&out), Ok(out.clone()));
        }
    }

    #[test]
    fn mutated_seed_locks_never_panic(pos in 0usize..400, byte in any::<u8>()) {
        let mut bytes = SEED.as_bytes().to_vec();
        let at = pos % bytes.len();
        bytes[at] = byte;
        let parsed = parse_bytes(&bytes);
        if !parsed.has_errors() {
            let text = print(parsed.document.as_ref().unwrap());
            prop_assert_eq!(format(&text), Ok(text.clone()));
        }
    }
}
