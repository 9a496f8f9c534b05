//! webpbn's XML format: a file as webpbn exports it imports, black-on-white puzzles round-trip,
//! and what Lockwright cannot read (more colours, triddlers, broken XML) is refused in words
//! at its place.

use engine::nonogram::{Cell, Grid, Puzzle, PuzzleInfo};
use lockfmt::nonogram;
use lockfmt::nonogram::webpbn::{XmlError, export, export_set, import, import_set};
use proptest::prelude::*;

/// Puzzle #1 as webpbn's export gives it: a DTD, HTML's `&copy;`, the source and id, a
/// description, both colours declared, clues and the goal.
const WEBPBN_1: &str = r#"<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd">

<puzzleset>
<puzzle type="grid" defaultcolor="black">
<source>webpbn.com</source>
<id>#1</id>
<title>Demo Puzzle from Front Page</title>
<author>Jan Wolter</author>
<authorid>jan</authorid>
<copyright>&copy; Copyright 2004 by Jan Wolter</copyright>
<description>
A dancing stick figure man.
</description>
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<clues type="columns">
<line><count>2</count><count>1</count></line>
<line><count>2</count><count>1</count><count>3</count></line>
<line><count>7</count></line>
<line><count>1</count><count>3</count></line>
<line><count>2</count><count>1</count></line>
</clues>
<clues type="rows">
<line><count>2</count></line>
<line><count>2</count><count>1</count></line>
<line><count>1</count><count>1</count></line>
<line><count>3</count></line>
<line><count>1</count><count>1</count></line>
<line><count>1</count><count>1</count></line>
<line><count>2</count></line>
<line><count>1</count><count>1</count></line>
<line><count>1</count><count>2</count></line>
<line><count>2</count></line>
</clues>
<solution type="goal">
<image>
|.XX..|
|.XX.X|
|..X.X|
|.XXX.|
|X.X..|
|X.X..|
|..XX.|
|.X.X.|
|.X.XX|
|XX...|
</image>
</solution>
</puzzle>
</puzzleset>
"#;

fn dancer() -> Grid {
    Grid::from_rows(&[
        ".##..", ".##.#", "..#.#", ".###.", "#.#..", "#.#..", "..##.", ".#.#.", ".#.##", "##...",
    ])
    .expect("grid")
}

#[test]
fn a_webpbn_export_imports_with_its_clues_goal_and_words() {
    let p = import(WEBPBN_1).expect("imports");
    assert_eq!((p.width, p.height), (5, 10));
    assert_eq!(p.columns[1], vec![2, 1, 3]);
    assert_eq!(p.rows[8], vec![1, 2]);
    assert_eq!(p.goal, Some(dancer()));
    assert!(p.validate().is_empty());
    assert_eq!(p.info.catalogue.as_deref(), Some("webpbn.com #1"));
    assert_eq!(p.info.title.as_deref(), Some("Demo Puzzle from Front Page"));
    assert_eq!(p.info.by.as_deref(), Some("Jan Wolter"));
    assert_eq!(
        p.info.copyright.as_deref(),
        Some("© Copyright 2004 by Jan Wolter")
    );
    assert_eq!(p.info.license, None);
    // And it reads as the same puzzle from the `.non` file nonogram-db keeps of it.
    let non = lockfmt::nonogram::parse(&lockfmt::nonogram::print(&p));
    assert_eq!(non.valid_puzzle(), Some(&p));
}

#[test]
fn the_shape_with_a_white_default_colour_reads_as_black_on_white() {
    // `defaultcolor` names the colour of a count that names none; naming the background there
    // can only mean the usual foreground.
    let text = WEBPBN_1.replace("defaultcolor=\"black\"", "defaultcolor=\"white\"");
    assert_eq!(import(&text), import(WEBPBN_1));
}

#[test]
fn a_puzzle_with_only_a_goal_gets_its_clues_from_it() {
    let text = "<puzzleset><puzzle><solution><image>|X.X||...||X.X|</image></solution></puzzle></puzzleset>";
    let p = import(text).expect("imports");
    assert_eq!(p.rows, vec![vec![1, 1], vec![], vec![1, 1]]);
    assert_eq!(p.columns, vec![vec![1, 1], vec![], vec![1, 1]]);
}

#[test]
fn an_empty_line_is_a_line_without_counts() {
    let mut p = import(WEBPBN_1).expect("imports");
    p.goal = None;
    p.rows[0] = vec![];
    p.columns[0] = vec![];
    let xml = export(&p);
    assert!(
        xml.contains("<clues type=\"columns\">\n<line></line>\n"),
        "{xml}"
    );
    assert_eq!(import(&xml), Ok(p));
}

#[test]
fn multi_colour_puzzles_are_refused_in_words() {
    let text = r#"<puzzleset><puzzle type="grid" defaultcolor="black">
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<color name="red" char="r">f00</color>
<clues type="rows"><line><count>1</count><count color="red">1</count></line></clues>
<clues type="columns"><line><count>1</count></line><line><count color="red">1</count></line></clues>
</puzzle></puzzleset>"#;
    let e = import(text).expect_err("refused");
    assert_eq!(e.code, "multi-colour");
    assert_eq!(
        e.message,
        "a puzzle in 2 colours besides its background (black, red): Lockwright's nonograms are black on white"
    );
    assert_eq!((e.line, e.column), (5, 42));
    // A goal in two colours is refused too.
    let text = "<puzzleset><puzzle><color name=\"red\" char=\"r\">f00</color><solution><image>|Xr|</image></solution></puzzle></puzzleset>";
    assert_eq!(import(text).map_err(|e| e.code), Err("multi-colour"));
    // A `<color>` declared and never used is no reason to refuse.
    let text = WEBPBN_1.replace(
        "<color name=\"black\" char=\"X\">000</color>",
        "<color name=\"black\" char=\"X\">000</color>\n<color name=\"red\" char=\"r\">f00</color>",
    );
    assert!(import(&text).is_ok());
}

#[test]
fn what_cannot_be_read_is_refused_at_its_place() {
    let cases: &[(&str, &str, usize, usize)] = &[
        ("<puzzleset>\n<puzzle></puzzleset>", "xml", 2, 9),
        ("<puzzles/>", "not-a-puzzle-set", 1, 1),
        ("<puzzleset/>", "no-puzzle", 1, 1),
        (
            "<puzzleset>\n<puzzle type=\"triddler\"/></puzzleset>",
            "unsupported-type",
            2,
            1,
        ),
        (
            "<puzzleset><puzzle><title>x</title></puzzle></puzzleset>",
            "no-clues",
            1,
            12,
        ),
        (
            "<puzzleset><puzzle><clues type=\"rows\"><line><count>two</count></line></clues></puzzle></puzzleset>",
            "bad-count",
            1,
            45,
        ),
        (
            "<puzzleset><puzzle><solution><image>|X.||X|</image></solution></puzzle></puzzleset>",
            "bad-image",
            1,
            30,
        ),
        (
            "<puzzleset><puzzle><solution><image>|[X.].|</image></solution></puzzle></puzzleset>",
            "bad-image",
            1,
            30,
        ),
    ];
    for &(text, code, line, column) in cases {
        let e: XmlError = import(text).expect_err(text);
        assert_eq!(
            (e.code, e.line, e.column),
            (code, line, column),
            "{text}: {e}"
        );
    }
    let e = import(
        "<puzzleset><puzzle><solution><image>|X.||X|</image></solution></puzzle></puzzleset>",
    )
    .expect_err("refused");
    assert_eq!(
        e.to_string(),
        "1:30: row 2 of the goal has 1 cell and row 1 has 2"
    );
}

#[test]
fn a_puzzle_larger_than_any_nonogram_is_refused_at_its_place() {
    let line = "<line><count>1</count></line>";
    let max = engine::nonogram::MAX_LINE;
    let rows = line.repeat(max + 1);
    let wide = format!(
        "<puzzleset><puzzle><clues type=\"rows\">{line}</clues>\n<clues type=\"columns\">{rows}</clues></puzzle></puzzleset>"
    );
    let e = import(&wide).expect_err("too many columns");
    assert_eq!((e.code, e.line, e.column), ("too-large", 2, 1), "{e}");
    assert_eq!(
        e.message,
        format!(
            "{} columns: a nonogram has at most {max} rows and {max} columns",
            max + 1
        )
    );

    let image = format!("|{}|", "X".repeat(max + 1));
    let e = import(&format!(
        "<puzzleset><puzzle><solution><image>{image}</image></solution></puzzle></puzzleset>"
    ))
    .expect_err("a goal row past the longest line");
    assert_eq!((e.code, e.line, e.column), ("too-large", 1, 30), "{e}");
    assert!(
        e.message.starts_with(&format!("the goal is {}×1", max + 1)),
        "{e}"
    );

    // A run past any line, even past what a 32-bit number holds, is too long, not "not a number".
    for count in [(max + 1).to_string(), "99999999999".to_string()] {
        let e = import(&format!(
            "<puzzleset><puzzle><clues type=\"rows\"><line><count>{count}</count></line></clues></puzzle></puzzleset>"
        ))
        .expect_err(&count);
        assert_eq!((e.code, e.line, e.column), ("too-large", 1, 45), "{e}");
        assert_eq!(
            e.message,
            format!("a run of {count} cells is longer than a line may be: at most {max} cells")
        );
    }
    // Lines of the longest length read, a row of them and a column of them (a whole square of
    // them is more than an XML file may hold).
    let row = format!("|{}|", ".".repeat(max));
    let column = "|.|".repeat(max);
    for (image, size) in [(row, (max, 1)), (column, (1, max))] {
        let p = import(&format!(
            "<puzzleset><puzzle><solution><image>{image}</image></solution></puzzle></puzzleset>"
        ))
        .expect("the longest lines read");
        assert_eq!((p.width, p.height), size);
    }
}

#[test]
fn a_line_of_a_lone_zero_count_is_empty_and_a_zero_among_runs_is_refused() {
    // Found by the `webpbn` fuzz target: a run of 0 was kept as a run, and the `.non` text
    // printed from it (`0`) read back as an empty line: another puzzle.
    let p = import(
        "<puzzleset><puzzle><clues type=\"rows\"><line><count>0</count></line></clues>\
         <clues type=\"columns\"><line><count>00</count></line></clues></puzzle></puzzleset>",
    )
    .expect("reads");
    assert_eq!(
        (p.rows.clone(), p.columns.clone()),
        (vec![vec![]], vec![vec![]])
    );
    assert_eq!(
        nonogram::parse(&nonogram::print(&p)).valid_puzzle(),
        Some(&p)
    );

    let e = import(
        "<puzzleset><puzzle><clues type=\"rows\"><line><count>1</count><count>0</count></line></clues></puzzle></puzzleset>",
    )
    .expect_err("a zero among runs");
    assert_eq!((e.code, e.line, e.column), ("bad-count", 1, 61), "{e}");
}

#[test]
fn text_is_escaped_on_export() {
    let mut p = import(WEBPBN_1).expect("imports");
    p.info.title = Some("Tom & Jerry <3 \"quoted\"".into());
    p.info.license = Some("CC-BY-SA-4.0".into());
    let xml = export(&p);
    assert!(
        xml.contains("<title>Tom &amp; Jerry &lt;3 \"quoted\"</title>"),
        "{xml}"
    );
    assert!(xml.contains("<note>license: CC-BY-SA-4.0</note>"), "{xml}");
    assert_eq!(import(&xml), Ok(p));
}

#[test]
fn a_set_of_puzzles_round_trips_in_order() {
    let a = import(WEBPBN_1).expect("imports");
    let b = Puzzle::from_picture(
        Grid::from_rows(&["#.", ".#"]).expect("grid"),
        PuzzleInfo {
            title: Some("Diagonal".into()),
            ..PuzzleInfo::default()
        },
    );
    let set = vec![a, b];
    assert_eq!(import_set(&export_set(&set)), Ok(set));
}

fn arb_text() -> impl Strategy<Value = Option<String>> {
    // Text survives the XML trimmed: no blanks at its ends, and only characters XML holds.
    proptest::option::of("[!-~é©]([ -~é©\n\t]{0,14}[!-~é©])?")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_black_on_white_puzzle_round_trips_through_xml(
        w in 1usize..12, h in 1usize..12, seed in any::<u64>(),
        catalogue in arb_text(), title in arb_text(), by in arb_text(),
        copyright in arb_text(), license in arb_text(), keep_goal in any::<bool>(),
    ) {
        let mut x = seed | 1;
        let mut grid = Grid::new(w, h);
        for y in 0..h {
            for c in 0..w {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                grid.set(c, y, if x % 2 == 0 { Cell::Empty } else { Cell::Filled });
            }
        }
        let info = PuzzleInfo { catalogue, title, by, copyright, license };
        let mut p = Puzzle::from_picture(grid, info);
        if !keep_goal {
            p.goal = None;
        }
        let xml = export(&p);
        prop_assert_eq!(import(&xml), Ok(p), "{}", xml);
    }

    #[test]
    fn arbitrary_text_is_refused_or_read_never_a_panic(text in any::<String>()) {
        let _ = import_set(&text);
    }
}

/// A small puzzle whose title says "Café ’n’ crêpes", in `<?xml … encoding="ENC"?>`.
fn declared(encoding: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"{encoding}\"?>\n<puzzleset><puzzle><title>Café ’n’ crêpes</title><solution><image>|X.|</image></solution></puzzle></puzzleset>"
    )
}

/// XML files come in the encoding their tool wrote: UTF-16 with its mark, or Latin-1 and
/// windows-1252 declared in older exports. They were read as UTF-8 with every other byte
/// replaced, a title's `é` silently becoming `�`, or refused at 1:1 as "unknown token".
#[test]
fn an_xml_file_is_read_in_the_encoding_it_is_written_in() {
    use lockfmt::nonogram::webpbn::decode;
    let title = |bytes: &[u8]| -> Option<String> {
        let text = decode(bytes).unwrap_or_else(|e| panic!("{e}"));
        import(&text).expect("imports").info.title
    };
    let utf8 = declared("UTF-8");
    assert_eq!(title(utf8.as_bytes()).as_deref(), Some("Café ’n’ crêpes"));
    let mut marked = b"\xef\xbb\xbf".to_vec();
    marked.extend(utf8.as_bytes());
    assert_eq!(title(&marked).as_deref(), Some("Café ’n’ crêpes"));

    let utf16 = declared("UTF-16");
    let mut le = vec![0xff, 0xfe];
    let mut be = vec![0xfe, 0xff];
    for unit in utf16.encode_utf16() {
        le.extend(unit.to_le_bytes());
        be.extend(unit.to_be_bytes());
    }
    assert_eq!(title(&le).as_deref(), Some("Café ’n’ crêpes"));
    assert_eq!(title(&be).as_deref(), Some("Café ’n’ crêpes"));

    // windows-1252: é is 0xe9, ’ is 0x92, ê is 0xea; Latin-1 has no ’, so it is left out.
    let cp1252 = |encoding: &str, title: &[u8]| {
        let mut bytes =
            format!("<?xml version=\"1.0\" encoding=\"{encoding}\"?>\n<puzzleset><puzzle><title>")
                .into_bytes();
        bytes.extend(title);
        bytes.extend(b"</title><solution><image>|X.|</image></solution></puzzle></puzzleset>");
        bytes
    };
    assert_eq!(
        title(&cp1252("windows-1252", b"Caf\xe9 \x92n\x92 cr\xeapes")).as_deref(),
        Some("Café ’n’ crêpes")
    );
    assert_eq!(
        title(&cp1252("ISO-8859-1", b"Caf\xe9 cr\xeapes")).as_deref(),
        Some("Café crêpes")
    );

    // Not UTF-8, and nothing declared: refused where the bad byte is, not replaced.
    let e = decode(&cp1252("UTF-8", b"Caf\xe9")).expect_err("not UTF-8");
    assert_eq!((e.code, e.line, e.column), ("encoding", 2, 30), "{e}");
    assert!(e.message.contains("byte 0xe9"), "{e}");
    let e = decode(declared("Shift_JIS").as_bytes()).expect_err("not read");
    assert_eq!(e.code, "encoding");
    assert!(e.message.contains("`shift_jis`"), "{e}");
    let e = decode(&[0xff, 0xfe, 0x3c]).expect_err("odd UTF-16");
    assert_eq!(e.code, "encoding");
}
