//! The highlights query: every capture it names exists, and a fixture's caret assertions hold.

use tree_sitter::{Parser, Query, QueryCursor, StreamingIterator};

fn query() -> Query {
    Query::new(
        &lockfmt::hexlock::language::language(),
        lockfmt::hexlock::language::HIGHLIGHTS_QUERY,
    )
    .expect("highlights.scm compiles against the grammar")
}

/// The innermost capture at a (row, byte column), as the last match covering it.
fn capture_at(text: &str, row: usize, col: usize) -> Option<String> {
    let mut parser = Parser::new();
    parser
        .set_language(&lockfmt::hexlock::language::language())
        .expect("language");
    let tree = parser.parse(text, None).expect("tree");
    let q = query();
    let mut cursor = QueryCursor::new();
    let mut best: Option<(usize, String)> = None;
    let mut matches = cursor.matches(&q, tree.root_node(), text.as_bytes());
    while let Some(m) = matches.next() {
        for c in m.captures() {
            let (s, e) = (c.node.start_position(), c.node.end_position());
            let covers = (s.row, s.column) <= (row, col) && (row, col) < (e.row, e.column.max(1));
            if covers {
                let size = c.node.byte_range().len();
                if best.as_ref().is_none_or(|(b, _)| size <= *b) {
                    best = Some((size, q.capture_names()[c.index as usize].to_string()));
                }
            }
        }
    }
    best.map(|b| b.1)
}

#[test]
fn highlight_fixture_assertions_hold() {
    let text = include_str!("fixtures/highlights.lock");
    let lines: Vec<&str> = text.lines().collect();
    let mut checked = 0;
    let mut target = None;
    for (i, line) in lines.iter().enumerate() {
        let is_assertion = line.starts_with('#') && (line.contains('^') || line.contains("<-"));
        if !is_assertion {
            target = Some(i);
            continue;
        }
        let Some(row) = target else { continue };
        let (col, want) = if let Some(rest) = line.strip_prefix("# <-") {
            (0, rest.trim())
        } else {
            let col = line.find('^').expect("caret");
            (col, line[col..].trim_start_matches('^').trim())
        };
        let got = capture_at(text, row, col);
        assert_eq!(
            got.as_deref(),
            Some(want),
            "line {} column {}: {:?}",
            row + 1,
            col + 1,
            lines[row]
        );
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} assertions");
}

#[test]
fn every_cell_glyph_has_a_capture() {
    let q = query();
    let names = q.capture_names().to_vec();
    for want in [
        "type",
        "punctuation.delimiter",
        "special",
        "string.special",
        "constant.character",
        "function",
        "function.method",
        "tag",
        "tag.attribute",
        "error",
    ] {
        assert!(names.contains(&want), "no @{want}");
    }
}
