//! Reading large nonogram files whole: a long goal (ASCII or not), a long clue line, many clue
//! lines and a long string full of references, each read with its last item at its place. How
//! long they take, and that it grows linearly with the text, is measured by the benchmark
//! `benches/parse_scaling.rs`: tests do not read the clock.

use lockfmt::nonogram::{Item, parse};

/// A valid k×k puzzle, every cell filled, its goal starting with `first`.
fn full_square(k: usize, first: &str) -> String {
    let clues = format!("{k}\n").repeat(k);
    let goal = format!("{first}{}", "1".repeat(k * k - 1));
    format!("width {k}\nheight {k}\nrows\n{clues}columns\n{clues}goal \"{goal}\"\n")
}

/// The goal's last cell is placed at its column: `goal "` is 6 characters, then every cell one.
fn assert_goal_read(first: &str) {
    let k = 316;
    let parsed = parse(&full_square(k, first));
    let doc = parsed.document.as_ref().expect("a document");
    assert_eq!((doc.puzzle.width, doc.puzzle.height), (k, k));
    let last = parsed
        .source_map
        .goal_cell(k - 1, k - 1)
        .expect("the last cell");
    assert_eq!((last.line, last.column), (2 * k + 5, 7 + k * k - 1));
}

#[test]
fn a_long_goal_is_read_with_its_last_cell_at_its_column() {
    assert_goal_read("1");
}

#[test]
fn a_long_goal_with_non_ascii_cells_is_read_with_its_last_cell_at_its_column() {
    // `é` reads as filled (with a warning), and makes the line's columns count characters.
    assert_goal_read("é");
}

#[test]
fn many_clue_lines_are_read_each_at_its_line() {
    let n = 4000;
    let parsed = parse(&format!(
        "width {n}\nheight 1\nrows\n{n}\ncolumns\n{}",
        "1\n".repeat(n)
    ));
    let puzzle = &parsed.document.as_ref().expect("a document").puzzle;
    assert_eq!(puzzle.width, n);
    let last = parsed
        .source_map
        .clue(engine::nonogram::LineRef::Column(n - 1))
        .expect("the last column's clue");
    assert_eq!(last.line, 5 + n);
}

#[test]
fn a_long_clue_line_is_read_with_its_last_run_at_its_column() {
    let n = 2000;
    let parsed = parse(&format!(
        "width {}\nheight 1\nrows\n{}1\ncolumns\n",
        2 * n + 1,
        "1,".repeat(n)
    ));
    let runs = &parsed.source_map.runs[&engine::nonogram::LineRef::Row(0)];
    assert_eq!(runs.len(), n + 1);
    assert_eq!((runs[n].line, runs[n].column), (4, 2 * n + 1));
}

#[test]
fn a_long_string_of_references_is_read_whole() {
    let n = 50_000;
    let parsed = parse(&format!(
        "title \"{}\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n",
        "&eacute;é".repeat(n)
    ));
    let doc = parsed.document.as_ref().expect("a document");
    assert_eq!(
        doc.puzzle.info.title.as_deref().map(|t| t.chars().count()),
        Some(2 * n)
    );
    assert!(parsed.source_map.items.contains_key(&Item::Title));
}
