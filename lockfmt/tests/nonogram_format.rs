//! The `.non` format's rules, each pinned: strings quoted or bare, HTML references, the two
//! spellings of an empty line, the order of keys, the size shorthand, `maxrule`, unknown lines,
//! the goal, comments, and the diagnostics' words and places.

use engine::nonogram::{Cell, Grid, LineRef, Puzzle, PuzzleInfo};
use lockfmt::nonogram::{Item, format, parse, parse_bytes, print};
use lockfmt::{Diagnostic, Severity, Span};
use proptest::prelude::*;

/// The community format's own example (nonogram-db's FORMAT.md, webpbn's puzzle #1).
const DANCER: &str = "\
catalogue \"webpbn.com #1\"
title \"Demo Puzzle from Front Page\"
by \"Jan Wolter\"
copyright \"&copy; Copyright 2004 by Jan Wolter\"
license CC-BY-3.0
width 5
height 10

rows
2
2,1
1,1
3
1,1
1,1
2
1,1
1,2
2

columns
2,1
2,1,3
7
1,3
2,1

goal \"01100011010010101110101001010000110010100101111000\"
";

/// A 3×3 picture with an empty middle row and an empty middle column:
/// `#.#`, `...`, `#.#`.
fn corners(rows: &str, columns: &str) -> String {
    format!("width 3\nheight 3\n\nrows\n{rows}\ncolumns\n{columns}")
}

fn puzzle(text: &str) -> Puzzle {
    let parsed = parse(text);
    assert!(!parsed.has_errors(), "{:#?}\n{text}", parsed.diagnostics);
    parsed.document.expect("a document").puzzle
}

fn errors(text: &str) -> Vec<Diagnostic> {
    parse(text)
        .diagnostics
        .into_iter()
        .filter(Diagnostic::is_error)
        .collect()
}

fn warnings(text: &str) -> Vec<Diagnostic> {
    parse(text)
        .diagnostics
        .into_iter()
        .filter(|d| d.severity == Severity::Warning)
        .collect()
}

/// The one error of a text, as `line:column: message`.
fn one_error(text: &str) -> String {
    let e = errors(text);
    assert_eq!(e.len(), 1, "expected one error, got {e:#?}\n{text}");
    format!("{}:{}: {}", e[0].span.line, e[0].span.column, e[0].message)
}

#[test]
fn the_community_example_reads_and_formats_canonically() {
    let p = puzzle(DANCER);
    assert_eq!((p.width, p.height), (5, 10));
    assert_eq!(p.rows[1], vec![2, 1]);
    assert_eq!(p.columns[2], vec![7]);
    assert_eq!(p.goal.as_ref().map(|g| g.get(1, 0)), Some(Cell::Filled));
    assert_eq!(
        p.info.copyright.as_deref(),
        Some("© Copyright 2004 by Jan Wolter")
    );
    assert_eq!(p.info.license.as_deref(), Some("CC-BY-3.0"));
    // The only change fmt makes: the reference is written as the character it stands for.
    let formatted = format(DANCER).expect("formats");
    assert_eq!(formatted, DANCER.replace("&copy;", "©"));
    assert_eq!(format(&formatted), Ok(formatted.clone()));
}

#[test]
fn quoted_and_bare_strings_read_the_same_and_fmt_quotes_them() {
    let bare = puzzle(&format!(
        "title Dancer on a # stage\nby  Jan Wolter  \n{}",
        corners("1,1\n0\n1,1\n", "1,1\n0\n1,1\n")
    ));
    let quoted = puzzle(&format!(
        "title \"Dancer on a # stage\"\nby \"Jan Wolter\"\n{}",
        corners("1,1\n0\n1,1\n", "1,1\n0\n1,1\n")
    ));
    assert_eq!(bare, quoted);
    // A bare string runs to the end of its line, `#` and all; a quoted one keeps its spaces.
    assert_eq!(bare.info.title.as_deref(), Some("Dancer on a # stage"));
    assert_eq!(bare.info.by.as_deref(), Some("Jan Wolter"));
    let spaced = puzzle(&format!(
        "title \" two  spaces \"\n{}",
        corners("1,1\n0\n1,1\n", "1,1\n0\n1,1\n")
    ));
    assert_eq!(spaced.info.title.as_deref(), Some(" two  spaces "));
    let text = print(&bare);
    assert!(
        text.starts_with("title \"Dancer on a # stage\"\nby \"Jan Wolter\"\n"),
        "{text}"
    );
    // A licence that is an SPDX code stays bare; one in words is quoted.
    let mut p = bare.clone();
    p.info.license = Some("GPL-2.0".into());
    assert!(print(&p).contains("\nlicense GPL-2.0\n"));
    p.info.license = Some("free for personal use".into());
    assert!(print(&p).contains("\nlicense \"free for personal use\"\n"));
}

#[test]
fn a_quote_or_a_line_break_inside_a_string_is_written_as_a_reference() {
    let mut p = puzzle(&corners("1,1\n0\n1,1\n", "1,1\n0\n1,1\n"));
    p.info.title = Some("The \"best\" & AT&T &amp; co\nline two".into());
    let text = print(&p);
    assert!(
        text.starts_with("title \"The &quot;best&quot; & AT&T &amp;amp; co&#10;line two\"\n"),
        "{text}"
    );
    assert_eq!(puzzle(&text), p);
}

#[test]
fn html_character_references_decode_in_quoted_and_bare_strings() {
    let text = format!(
        "title \"Caf&eacute; &#233;t&#xE9; &amp; &lt;3&gt;\"\ncopyright &copy; 2010 Fr&eacute;d&eacute;ric\n{}",
        corners("1,1\n0\n1,1\n", "1,1\n0\n1,1\n")
    );
    let p = puzzle(&text);
    assert_eq!(p.info.title.as_deref(), Some("Café été & <3>"));
    assert_eq!(p.info.copyright.as_deref(), Some("© 2010 Frédéric"));
    assert!(warnings(&text).is_empty());
    // An `&` that starts no reference is itself; an unknown reference is kept, with a warning
    // at its place.
    let text = format!(
        "title \"AT&T &bogus; &#0;\"\n{}",
        corners("1,1\n0\n1,1\n", "1,1\n0\n1,1\n")
    );
    assert_eq!(
        puzzle(&text).info.title.as_deref(),
        Some("AT&T &bogus; &#0;")
    );
    let w = warnings(&text);
    assert_eq!(w.len(), 2, "{w:#?}");
    assert_eq!(
        (w[0].span.line, w[0].span.column, w[0].span.end_column),
        (1, 13, 20)
    );
    assert_eq!(
        w[0].message,
        "unknown character reference `&bogus;`: it is kept as written"
    );
    assert_eq!(w[0].code, "unknown-reference");
    assert_eq!(w[1].message, "`&#0;` names no character");
    // fmt writes them so that they read back the same, and warns no more.
    let formatted = format(&text).expect("formats");
    assert!(
        formatted.starts_with("title \"AT&T &amp;bogus; &amp;#0;\"\n"),
        "{formatted}"
    );
    assert!(warnings(&formatted).is_empty());
    assert_eq!(
        puzzle(&formatted).info.title.as_deref(),
        Some("AT&T &bogus; &#0;")
    );
}

#[test]
fn an_empty_line_written_0_or_blank_reads_the_same_and_fmt_writes_0() {
    let zero = corners("1,1\n0\n1,1\n", "1,1\n0\n1,1\n");
    let blank = corners("1,1\n\n1,1\n", "1,1\n\n1,1\n");
    assert_eq!(puzzle(&zero), puzzle(&blank));
    assert_eq!(puzzle(&zero).rows, vec![vec![1, 1], vec![], vec![1, 1]]);
    assert_eq!(format(&blank), format(&zero));
    assert!(
        format(&blank)
            .expect("formats")
            .contains("rows\n1,1\n0\n1,1\n")
    );
    // First and last lines empty: `.#.` / `###` / `.#.` turned, with blank first and last rows.
    let edges = "width 3\nheight 4\nrows\n\n1\n3\n\ncolumns\n1\n2\n1\n";
    assert_eq!(puzzle(edges).rows, vec![vec![], vec![1], vec![3], vec![]]);
    // The spellings mix.
    let mixed = "width 3\nheight 4\nrows\n0\n1\n3\n\ncolumns\n1\n2\n1\n";
    assert_eq!(puzzle(mixed), puzzle(edges));
}

#[test]
fn blank_lines_only_separate_when_every_line_has_its_clue_line() {
    // Three clue lines for three rows: the blank lines between and around them are ignored.
    let text = "width 3\nheight 3\n\nrows\n\n1,1\n\n0\n\n\n1,1\n\ncolumns\n1,1\n0\n1,1\n";
    assert_eq!(puzzle(text).rows, vec![vec![1, 1], vec![], vec![1, 1]]);
}

#[test]
fn with_fewer_clue_lines_than_lines_the_first_lines_of_a_section_are_its_clues() {
    // Two clue lines for three rows: the section's first three lines, blank or not, are the
    // clues, and the blank line after them only separates.
    let text = "width 3\nheight 3\nrows\n1,1\n\n1,1\n\ncolumns\n1,1\n0\n1,1\n";
    assert_eq!(puzzle(text).rows, vec![vec![1, 1], vec![], vec![1, 1]]);
    // Comment lines are not lines of the section.
    let text =
        "width 3\nheight 3\nrows\n1,1\n# the middle row is empty\n\n1,1\ncolumns\n1,1\n0\n1,1\n";
    assert_eq!(puzzle(text).rows, vec![vec![1, 1], vec![], vec![1, 1]]);
    // Blank lines that the count does not need make a clue line too many.
    let text = "width 3\nheight 3\nrows\n1,1\n\n\n\n1,1\ncolumns\n1,1\n0\n1,1\n";
    assert_eq!(one_error(text), "8:1: 4 row clues for 3 rows");
}

#[test]
fn keys_come_in_any_order_and_fmt_puts_them_in_ours() {
    let shuffled = "\
goal \"101000101\"
columns
1,1
0
1,1
height 3
license CC0-1.0
rows
1,1
0
1,1
title \"Corners\"
width 3
catalogue \"test #1\"
";
    let formatted = format(shuffled).expect("formats");
    assert_eq!(
        formatted,
        "catalogue \"test #1\"\ntitle \"Corners\"\nlicense CC0-1.0\nwidth 3\nheight 3\n\nrows\n1,1\n0\n1,1\n\ncolumns\n1,1\n0\n1,1\n\ngoal \"101000101\"\n"
    );
}

#[test]
fn rows_and_columns_with_a_number_give_the_size() {
    let text = "columns 3\nrows 3\nrows\n1,1\n0\n1,1\ncolumns\n1,1\n0\n1,1\n";
    assert_eq!(
        puzzle(text),
        puzzle(&corners("1,1\n0\n1,1\n", "1,1\n0\n1,1\n"))
    );
    assert!(
        format(text)
            .expect("formats")
            .starts_with("width 3\nheight 3\n")
    );
    assert_eq!(
        one_error("width 3\nheight 3\nrows 3\nrows\n1,1\n0\n1,1\ncolumns\n1,1\n0\n1,1\n"),
        "3:1: the height is given twice (`rows N` is `height N`); the first is on line 2"
    );
}

#[test]
fn maxrule_is_accepted_and_dropped_with_a_warning() {
    let text = format!(
        "maxrule 2  # obsolete\n{}",
        corners("1,1\n0\n1,1\n", "1,1\n0\n1,1\n")
    );
    let w = warnings(&text);
    assert_eq!(w.len(), 1);
    assert_eq!(
        (w[0].span.line, w[0].span.column, w[0].code.as_str()),
        (1, 1, "obsolete")
    );
    assert_eq!(
        w[0].message,
        "`maxrule` is obsolete and every reader ignores it: fmt drops the line"
    );
    // The line goes; its comment stays, before the next line.
    assert_eq!(
        format(&text).expect("formats"),
        "# obsolete\nwidth 3\nheight 3\n\nrows\n1,1\n0\n1,1\n\ncolumns\n1,1\n0\n1,1\n"
    );
}

#[test]
fn unknown_lines_are_kept_as_written_with_a_warning() {
    let text = format!(
        "titel \"Typo\"\ncolor a #ff0000\n!!! not a word\ndifficulty  hard  # mine\n{}",
        corners("1,1\n0\n1,1\n", "1,1\n0\n1,1\n")
    );
    let parsed = parse(&text);
    assert!(!parsed.has_errors(), "{:#?}", parsed.diagnostics);
    let w: Vec<(usize, &str, &str)> = parsed
        .diagnostics
        .iter()
        .map(|d| (d.span.line, d.code.as_str(), d.message.as_str()))
        .collect();
    assert_eq!(
        w,
        vec![
            (
                1,
                "unknown-property",
                "unknown property `titel` (did you mean `title`?): it is kept as written, and ignored"
            ),
            (
                2,
                "colour",
                "colours are not read (Lockwright's nonograms are black on white): the line is kept as written"
            ),
            (
                3,
                "unknown-line",
                "a line the format does not know: it is kept as written, and ignored"
            ),
            (
                4,
                "unknown-property",
                "unknown property `difficulty`: it is kept as written, and ignored"
            ),
        ]
    );
    let doc = parsed.document.expect("a document");
    // An unknown line is kept whole, a `#` in it too.
    assert_eq!(
        doc.unknown,
        [
            "titel \"Typo\"",
            "color a #ff0000",
            "!!! not a word",
            "difficulty  hard  # mine"
        ]
    );
    let formatted = format(&text).expect("formats");
    assert!(
        formatted.starts_with(
            "titel \"Typo\"\ncolor a #ff0000\n!!! not a word\ndifficulty  hard  # mine\nwidth 3\n"
        ),
        "{formatted}"
    );
    assert_eq!(format(&formatted), Ok(formatted));
}

#[test]
fn the_goal_is_quoted_or_bare_and_every_cell_but_0_is_filled() {
    let base = corners("1,1\n0\n1,1\n", "1,1\n0\n1,1\n");
    let quoted = puzzle(&format!("{base}goal \"101000101\"\n"));
    let bare = puzzle(&format!("{base}goal 101000101  # bare\n"));
    assert_eq!(quoted, bare);
    let want = Grid::from_rows(&["#.#", "...", "#.#"]).expect("grid");
    assert_eq!(quoted.goal, Some(want));
    // A colour letter or another digit reads as filled, with a warning; fmt writes `1`.
    let text = format!("{base}goal \"a0b000102\"\n");
    assert_eq!(puzzle(&text), quoted);
    let w = warnings(&text);
    assert_eq!((w[0].span.line, w[0].span.column), (13, 7));
    assert_eq!(
        w[0].message,
        "`a` in the goal is read as filled (every cell but `0` is): fmt writes `1`"
    );
    assert!(
        format(&text)
            .expect("formats")
            .ends_with("goal \"101000101\"\n")
    );
}

#[test]
fn the_source_map_places_every_clue_run_and_goal_cell() {
    let text = format!(
        "{}goal \"101000101\"\n",
        corners("1,1\n\n1,1\n", "1,1\n0\n1,1\n")
    );
    let parsed = parse(&text);
    let map = &parsed.source_map;
    assert_eq!(map.clue(LineRef::Row(0)), Some(Span::on_line(5, 1, 3)));
    assert_eq!(map.clue(LineRef::Row(1)), Some(Span::on_line(6, 1, 1)));
    assert_eq!(map.clue(LineRef::Column(2)), Some(Span::on_line(12, 1, 3)));
    assert_eq!(
        map.runs[&LineRef::Row(2)],
        vec![Span::on_line(7, 1, 1), Span::on_line(7, 3, 1)]
    );
    assert_eq!(map.runs[&LineRef::Column(1)], vec![]);
    assert_eq!(map.goal_cell(0, 0), Some(Span::on_line(13, 7, 1)));
    assert_eq!(map.goal_cell(2, 2), Some(Span::on_line(13, 15, 1)));
    assert_eq!(map.goal_cell(3, 0), None);
    assert_eq!(map.items[&Item::Columns], Span::on_line(9, 1, 7));
}

#[test]
fn comments_stay_beside_the_lines_they_describe() {
    let text = "\
# Corners: four filled cells.
width 3  # across
height 3

# top to bottom
rows
1,1  # the top corners
# the middle row is empty

1,1
columns
1,1
0
1,1
# the end
";
    let formatted = format(text).expect("formats");
    assert_eq!(
        formatted,
        "\
# Corners: four filled cells.
width 3  # across
height 3

# top to bottom
rows
1,1  # the top corners
# the middle row is empty
0
1,1

columns
1,1
0
1,1
# the end
"
    );
    assert_eq!(format(&formatted), Ok(formatted));
}

#[test]
fn validation_problems_are_placed_at_their_clue() {
    // Row 1 needs 5 cells of 3; column 2 disagrees with the goal; the totals differ.
    let text = "width 3\nheight 3\nrows\n2,2\n0\n1,1\ncolumns\n1,1\n0\n1,1\ngoal \"101000101\"\n";
    let e: Vec<String> = errors(text)
        .iter()
        .map(|d| {
            format!(
                "{}:{}: {} [{}]",
                d.span.line, d.span.column, d.message, d.code
            )
        })
        .collect();
    assert_eq!(
        e,
        [
            "3:1: the rows fill 6 cells and the columns 4: no picture gives both [totals]",
            "4:1: row 1: the clue needs 5 cells and the line has 3 [clue-too-long]",
            "4:1: row 1: the goal does not give this line's clue [goal-disagrees]",
        ]
    );
    assert_eq!(
        one_error("width 3\nheight 3\nrows\n1,1\n0\n1,0\ncolumns\n1,1\n0\n1\n"),
        "6:1: row 3: a run of 0 beside other runs (an empty line is just `0`)"
    );
    assert_eq!(
        one_error("width 3\nheight 3\nrows\n1,1\n0\n1,1\n0\ncolumns\n1,1\n0\n1,1\n"),
        "7:1: 4 row clues for 3 rows"
    );
    assert_eq!(
        one_error("width 3\nheight 2\nrows\n1,1\ncolumns\n1\n0\n1\n"),
        "3:1: 1 row clue for 2 rows"
    );
    assert_eq!(
        one_error("width 0\nheight 0\nrows\ncolumns\n"),
        "1:1: a puzzle needs at least one row and one column"
    );
}

#[test]
fn syntax_errors_are_described_in_words_at_their_place() {
    let base = corners("1,1\n0\n1,1\n", "1,1\n0\n1,1\n");
    let cases: &[(&str, &str)] = &[
        (
            "width 3\nheight 3\nrows\n1,,1\n0\n1,1\ncolumns\n1,1\n0\n1,1\n",
            "4:3: unexpected `,`: a clue reads like `3,1,2`: run lengths separated by commas, `0` for an empty line",
        ),
        (
            "width 3\nheight 3\nrows\n1 1\n0\n1,1\ncolumns\n1,1\n0\n1,1\n",
            "4:3: unexpected `1`: a clue reads like `3,1,2`: run lengths separated by commas, `0` for an empty line",
        ),
        (
            "width 3\nheight 3\nrows\n1,1\n0\n1,  # open\ncolumns\n1,1\n0\n1,1\n",
            "6:3: unexpected end of line: a clue reads like `3,1,2`: run lengths separated by commas, `0` for an empty line",
        ),
        (
            "width three\nheight 3\nrows\n1,1\n0\n1,1\ncolumns\n1,1\n0\n1,1\n",
            "1:7: `width` takes the puzzle's width, a whole number; not `three`",
        ),
        (
            "width 3 4\nheight 3\nrows\n1,1\n0\n1,1\ncolumns\n1,1\n0\n1,1\n",
            "1:9: unexpected `4`: `width` and `height` take a whole number, e.g. `width 15` (`rows 10` is `height 10`)",
        ),
        (
            "width 3\nheight 3\nrows of clues\n1,1\n0\n1,1\ncolumns\n1,1\n0\n1,1\n",
            "3:6: `rows` alone starts the rows' clues, and `rows N` gives the height: `of clues` is not a whole number",
        ),
        (
            "width\nheight 3\nrows\n1,1\n0\n1,1\ncolumns\n1,1\n0\n1,1\n",
            "1:1: `width` needs a number: the puzzle's width, e.g. `width 10`",
        ),
        (
            "width 3\nheight 3\nrows\n1,1\n0\n1,1\ncolumns\n1,1\n0\n1,1\ngoal \"101 000 101\"\n",
            "11:10: a space in the goal: the goal is one character per cell, row by row, with nothing between",
        ),
        (
            "width 3\nheight 3\nrows\n1,1\n0\n1,1\ncolumns\n1,1\n0\n1,1\ngoal \"10100010\"\n",
            "11:6: the goal has 8 cells; a 3×3 puzzle has 9",
        ),
        (
            "width 3\nheight 3\nrows\n1,1\n0\n1,1\ncolumns\n1,1\n0\n1b,1\n",
            "10:1: `1b` is a run of colour `b`: multi-colour puzzles are not supported (Lockwright's nonograms are black on white)",
        ),
        (
            "width 3\nheight 3\n1,1\nrows\n1,1\n0\n1,1\ncolumns\n1,1\n0\n1,1\n",
            "3:1: a clue outside the `rows` and `columns` sections: a section is its header and the clue lines right below it, with only blank and comment lines between",
        ),
        (
            "height 3\nrows\n1,1\n0\n1,1\ncolumns\n1,1\n0\n1,1\n",
            "1:1: the puzzle has no `width` line: the number of columns, e.g. `width 5`",
        ),
        (
            "width 3\nheight 3\nrows\n1,1\n0\n1,1\n",
            "1:1: the puzzle has no `columns` section: a line `columns`, then one clue per column",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(&one_error(text), want, "{text}");
    }
    let title = format!("title \"The \"best\" one\"\n{base}");
    assert_eq!(
        one_error(&title),
        "1:13: unexpected `best\" one\"`: a property holds one string, quoted (`title \"Dancer\"`, a quote inside written `&quot;`) or bare to the end of the line"
    );
    let open = format!("title \"Open\n{base}");
    assert_eq!(
        one_error(&open),
        "1:7: this string has no closing `\"`: a quoted string ends on its own line"
    );
    let twice = format!("title \"A\"\ntitle \"B\"\n{base}");
    assert_eq!(
        one_error(&twice),
        "2:1: `title` is given twice; the first is on line 1"
    );
}

#[test]
fn a_size_past_the_longest_line_is_an_error_at_its_number() {
    assert_eq!(
        one_error("width 1100000000000\nheight 1\nrows\n1\ncolumns\n1\n"),
        format!(
            "1:7: a width of at most {} cells is read; this one is 1100000000000",
            engine::nonogram::MAX_LINE
        )
    );
    // `rows N` is `height N`, with the same limit.
    let too_tall = errors(&format!(
        "width 1\nrows {}\n1\ncolumns\n1\n",
        engine::nonogram::MAX_LINE + 1
    ));
    assert!(
        too_tall
            .iter()
            .any(|d| d.code == "too-large" && (d.span.line, d.span.column) == (2, 6)),
        "{too_tall:#?}"
    );
    // The longest line itself reads (and is checked for its clues as any other size).
    let longest = engine::nonogram::MAX_LINE;
    let text = format!(
        "width 1\nheight {longest}\nrows\n{}columns\n{longest}\n",
        "1\n".repeat(longest)
    );
    assert_eq!(puzzle(&text).height, longest);
    // The file the fuzzer found reading for minutes (a width of 1.1 trillion, then garbage):
    // now its errors come at once, and nothing is sized by the number: the puzzle it reads is
    // no larger than its clues (work bounded by the file, not by what it says).
    let found: &[u8] = b"# A public puzzle\n\x00\x00\x007,11\n5,5,3\n5,4\nram-db db/era\"\nlicense cC-BY-SA-3.0\nwidth 001100000000000/era\"\nlicense cC-BY-SA-3.0\nwidth 00110000000000000000000as p# A public\n";
    let parsed = parse_bytes(found);
    assert!(parsed.has_errors());
    let cells = parsed
        .document
        .as_ref()
        .map_or(0, |d| d.puzzle.width * d.puzzle.height);
    assert!(
        cells <= found.len(),
        "{cells} cells from {} bytes",
        found.len()
    );
}

#[test]
fn files_over_the_size_limit_or_not_utf8_are_refused_before_parsing() {
    let big = "0\n".repeat(lockfmt::nonogram::MAX_FILE_BYTES / 2 + 1);
    let parsed = parse(&big);
    assert_eq!(parsed.diagnostics.len(), 1);
    assert_eq!(parsed.diagnostics[0].code, "file-too-large");
    assert!(parsed.tree.is_none());
    let parsed = parse_bytes(b"width 3\ntitle \"caf\xe9\"\n");
    assert_eq!(parsed.diagnostics.len(), 1);
    assert_eq!(parsed.diagnostics[0].code, "invalid-utf8");
    assert_eq!(
        (
            parsed.diagnostics[0].span.line,
            parsed.diagnostics[0].span.column
        ),
        (2, 11)
    );
}

/// A random puzzle: a random picture, its clues, and strings that need quoting, references and
/// non-ASCII letters.
fn arb_puzzle() -> impl Strategy<Value = Puzzle> {
    let text = proptest::option::of("[ -~é©\u{1F600}\t\n\r\"&#;]{0,16}");
    let license = proptest::option::of(prop_oneof![
        "[A-Za-z0-9][A-Za-z0-9.+-]{0,10}",
        "[ -~é]{0,12}"
    ]);
    (
        1usize..10,
        1usize..10,
        any::<u64>(),
        [text.clone(), text.clone(), text.clone(), text],
        license,
        any::<bool>(),
    )
        .prop_map(
            |(w, h, seed, [catalogue, title, by, copyright], license, keep_goal)| {
                let mut x = seed | 1;
                let mut grid = Grid::new(w, h);
                for y in 0..h {
                    for c in 0..w {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        grid.set(
                            c,
                            y,
                            if x % 3 == 0 {
                                Cell::Empty
                            } else {
                                Cell::Filled
                            },
                        );
                    }
                }
                let info = PuzzleInfo {
                    catalogue,
                    title,
                    by,
                    copyright,
                    license,
                };
                let mut p = Puzzle::from_picture(grid, info);
                if !keep_goal {
                    p.goal = None;
                }
                p
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_printed_puzzle_reads_back_the_same_and_formats_to_itself(p in arb_puzzle()) {
        let text = print(&p);
        let parsed = parse(&text);
        prop_assert!(!parsed.has_errors(), "{:#?}\n{}", parsed.diagnostics, text);
        prop_assert!(parsed.diagnostics.is_empty(), "{:#?}\n{}", parsed.diagnostics, text);
        prop_assert_eq!(&parsed.document.expect("a document").puzzle, &p);
        prop_assert_eq!(format(&text), Ok(text.clone()));
    }

    #[test]
    fn any_text_gives_diagnostics_with_places_and_never_a_panic(
        text in "(([a-z]{0,9}|[0-9,]{0,8}|\"|#|&[a-z#0-9]{0,5};?| |\t|\r|é|\u{2000}|[!-~]|\n)){0,60}"
    ) {
        let parsed = parse(&text);
        let lines = text.split('\n').count();
        for d in &parsed.diagnostics {
            prop_assert!(d.span.line >= 1 && d.span.line <= lines, "{:?}\n{:?}", d, text);
            prop_assert!(d.span.column >= 1, "{:?}", d);
        }
        if let Ok(once) = format(&text) {
            prop_assert_eq!(format(&once), Ok(once.clone()), "{:?}", text);
        }
    }

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        let parsed = parse(&text);
        let _ = lockfmt::nonogram::highlight::lines(&text, &parsed);
        if let Ok(once) = format(&text) {
            prop_assert_eq!(format(&once), Ok(once.clone()));
        }
    }

    #[test]
    fn a_good_file_with_one_line_changed_keeps_every_diagnostic_inside_it(
        line in 0usize..40, junk in "[ -~é]{0,12}"
    ) {
        let mut lines: Vec<String> = DANCER.lines().map(str::to_string).collect();
        let i = line % lines.len();
        lines[i] = junk;
        let text = lines.join("\n");
        let parsed = parse(&text);
        for d in &parsed.diagnostics {
            prop_assert!(d.span.line <= lines.len() && d.span.column >= 1, "{:?}\n{}", d, text);
        }
        if let Ok(once) = format(&text) {
            prop_assert_eq!(format(&once), Ok(once.clone()));
        }
    }
}

#[test]
fn a_file_with_windows_line_ends_reads_the_same() {
    let crlf = DANCER.replace('\n', "\r\n");
    assert_eq!(puzzle(&crlf), puzzle(DANCER));
    let blank = corners("1,1\r\n\r\n1,1\r\n", "1,1\r\n0\r\n1,1\r\n").replace("\n\n", "\r\n\r\n");
    assert_eq!(puzzle(&blank).rows, vec![vec![1, 1], vec![], vec![1, 1]]);
    assert_eq!(format(&crlf), format(DANCER));
}
