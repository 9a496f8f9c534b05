//! The canonical text as the fewest whole-line edits: the lines that differ are replaced and
//! the rest are left alone, so that the editor keeps its cursor, marks and folds on them.

use crate::position::Lines;
use lsp_types::{Range, TextEdit};
use similar::{Algorithm, DiffTag, capture_diff_slices_deadline};
use std::time::{Duration, Instant};

/// How long the line diff may think: past it, it answers with larger edits, never a wrong one.
const DIFF_TIME: Duration = Duration::from_millis(500);

/// The edits that turn `old` into `new`, whose positions `lines` (an index of `old`) converts.
pub fn line_edits(old: &str, new: &str, lines: &Lines<'_>) -> Vec<TextEdit> {
    let old_lines: Vec<&str> = old.split_inclusive('\n').collect();
    let new_lines: Vec<&str> = new.split_inclusive('\n').collect();
    let starts = |lines: &[&str]| -> Vec<usize> {
        std::iter::once(0)
            .chain(lines.iter().scan(0, |at, l| {
                *at += l.len();
                Some(*at)
            }))
            .collect()
    };
    let (old_at, new_at) = (starts(&old_lines), starts(&new_lines));
    let ops = capture_diff_slices_deadline(
        Algorithm::Myers,
        &old_lines,
        &new_lines,
        Some(Instant::now() + DIFF_TIME),
    );
    ops.iter()
        .map(|op| op.as_tag_tuple())
        .filter(|(tag, _, _)| *tag != DiffTag::Equal)
        .map(|(_, o, n)| TextEdit {
            range: Range::new(
                lines.position_of_offset(old_at[o.start]),
                lines.position_of_offset(old_at[o.end]),
            ),
            new_text: new[new_at[n.start]..new_at[n.end]].to_string(),
        })
        .collect()
}

/// Applies edits to a text, as a client would: for tests, and for clients that send ranges.
pub fn apply(text: &str, edits: &[TextEdit], lines: &Lines<'_>) -> String {
    let mut sorted: Vec<&TextEdit> = edits.iter().collect();
    sorted.sort_by_key(|e| std::cmp::Reverse((e.range.start.line, e.range.start.character)));
    let mut out = text.to_string();
    for edit in sorted {
        let start = lines.offset(lines.place(edit.range.start));
        let end = lines.offset(lines.place(edit.range.end)).max(start);
        out.replace_range(start..end, &edit.new_text);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Encoding;

    #[test]
    fn only_the_lines_that_differ_are_replaced() {
        for (old, new) in [
            ("a\nb\nc\n", "a\nB\nc\n"),
            ("a\nb", "a\nb\n"),
            ("x\r\ny\r\n", "x\r\nz\r\n"),
            ("", "new\n"),
            ("é\n𝄞\nz", "é\nq\nz\n"),
        ] {
            let lines = Lines::new(old, Encoding::Utf16);
            let edits = line_edits(old, new, &lines);
            assert_eq!(apply(old, &edits, &lines), new, "{old:?} → {new:?}");
        }
        let lines = Lines::new("a\nb\nc\n", Encoding::Utf16);
        let edits = line_edits("a\nb\nc\n", "a\nB\nc\n", &lines);
        assert_eq!(edits.len(), 1);
        assert_eq!(edits[0].range.start.line, 1);
        assert_eq!(edits[0].range.end.line, 2);
    }
}
