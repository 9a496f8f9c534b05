//! Highlighting: the highlights query run over a whole file, split into spans per line, so that
//! a line-by-line highlighter (an editor's) can colour each line as the grammar sees it.

use std::ops::Range;
use tree_sitter::{Parser, Query, QueryCursor, StreamingIterator};

/// One highlighted span of a line: byte range within the line and the capture name
/// (helix-style, e.g. `keyword`, `constant.numeric`, `type`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    /// Bytes of the line.
    pub range: Range<usize>,
    /// The capture name.
    pub capture: &'static str,
}

/// Every capture name the highlights query uses.
pub const CAPTURES: &[&str] = &[
    "comment",
    "comment.unused",
    "string",
    "string.special",
    "keyword",
    "keyword.directive",
    "keyword.operator",
    "operator",
    "variable.other.member",
    "constant",
    "constant.builtin",
    "constant.character",
    "constant.numeric",
    "label",
    "type",
    "function",
    "function.method",
    "punctuation.delimiter",
    "special",
    "tag",
    "tag.attribute",
    "error",
];

/// A compiled highlights query, reusable across files.
pub struct Highlights {
    query: Query,
    names: Vec<&'static str>,
}

impl Highlights {
    /// Compiles the highlights query.
    pub fn new() -> Highlights {
        // The query ships with the grammar and is checked by tests, so it always compiles;
        // should it ever not, highlighting degrades to nothing rather than failing.
        let query = Query::new(
            &super::language::language(),
            super::language::HIGHLIGHTS_QUERY,
        )
        .or_else(|_| Query::new(&super::language::language(), ""))
        .expect("an empty query always compiles");
        let names = query
            .capture_names()
            .iter()
            .map(|n| CAPTURES.iter().copied().find(|c| c == n).unwrap_or(""))
            .collect();
        Highlights { query, names }
    }

    /// The spans of each line of `text`, innermost capture winning where captures nest.
    pub fn lines(&self, text: &str) -> Vec<Vec<Span>> {
        let line_count = text.split('\n').count();
        let mut out: Vec<Vec<Span>> = vec![Vec::new(); line_count];
        let mut parser = Parser::new();
        if parser.set_language(&super::language::language()).is_err() {
            return out;
        }
        let Some(tree) = parser.parse(text, None) else {
            return out;
        };
        let mut cursor = QueryCursor::new();
        let mut captures = cursor.captures(&self.query, tree.root_node(), text.as_bytes());
        while let Some((m, index)) = captures.next() {
            let Some(c) = m.captures().get(*index).copied() else {
                continue;
            };
            let (s, e) = (c.node.start_position(), c.node.end_position());
            let name = self.names.get(c.index as usize).copied().unwrap_or("");
            let last = e.row.min(line_count.saturating_sub(1));
            for (row, spans) in out.iter_mut().enumerate().take(last + 1).skip(s.row) {
                let start = if row == s.row { s.column } else { 0 };
                let end = if row == e.row { e.column } else { usize::MAX };
                if start < end {
                    spans.push(Span {
                        range: start..end,
                        capture: name,
                    });
                }
            }
        }
        // Narrow spans last, so that a later, inner capture paints over an outer one.
        for spans in &mut out {
            spans.sort_by_key(|s| (s.range.start, std::cmp::Reverse(s.range.end)));
        }
        out
    }
}

impl Default for Highlights {
    fn default() -> Self {
        Highlights::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_capture_of_the_query_is_known() {
        let h = Highlights::new();
        assert!(
            h.names.iter().all(|n| !n.is_empty()),
            "a capture missing from CAPTURES"
        );
    }

    #[test]
    fn grid_cells_and_keywords_get_their_captures() {
        let text = "lockwright-lock 1\nsize: 3\ngrid:\n   . A : o\n";
        let lines = Highlights::new().lines(text);
        assert_eq!(lines.len(), 5);
        assert!(
            lines[0]
                .iter()
                .any(|s| s.capture == "keyword.directive" && s.range == (0..15))
        );
        let row = &lines[3];
        assert!(
            row.iter().any(|s| s.capture == "type" && s.range == (5..6)),
            "{row:?}"
        );
        assert!(
            row.iter()
                .any(|s| s.capture == "constant.character" && s.range == (9..10))
        );
    }
}
