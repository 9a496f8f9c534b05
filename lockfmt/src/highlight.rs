//! Highlighting for every format: a grammar's highlights query run over a file's syntax tree,
//! split into spans per line, so that a line-by-line highlighter (an editor's) can colour each
//! line as the grammar sees it. The tree is the one the parser already built: a file is parsed
//! once per change, and highlighting reuses that parse.

use std::ops::Range;
use tree_sitter::{Language, Query, QueryCursor, StreamingIterator, Tree};

/// One highlighted span of a line: byte range within the line and the capture name
/// (helix-style, e.g. `keyword`, `constant.numeric`, `type`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    /// Bytes of the line.
    pub range: Range<usize>,
    /// The capture name.
    pub capture: &'static str,
}

/// Every capture name a highlights query may use (helix-style). A name outside this list is
/// shown uncoloured, so that a query cannot hand out arbitrary strings.
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

/// A compiled highlights query, reusable across files of one format.
pub struct Highlights {
    query: Query,
    names: Vec<&'static str>,
}

impl Highlights {
    /// Compiles a format's highlights query. The queries ship with their grammars and are
    /// checked by tests, so they always compile; should one ever not, highlighting degrades to
    /// nothing rather than failing.
    pub fn new(language: &Language, source: &str) -> Highlights {
        let query = Query::new(language, source)
            .or_else(|_| Query::new(language, ""))
            .expect("an empty query always compiles");
        let names = query
            .capture_names()
            .iter()
            .map(|n| CAPTURES.iter().copied().find(|c| c == n).unwrap_or(""))
            .collect();
        Highlights { query, names }
    }

    /// Whether every capture the query uses is a known one.
    pub fn all_captures_known(&self) -> bool {
        self.names.iter().all(|n| !n.is_empty())
    }

    /// The spans of each line of `text`, from its syntax tree, innermost capture winning where
    /// captures nest. With no tree (a file too large or too broken to parse) every line is plain.
    pub fn lines(&self, text: &str, tree: Option<&Tree>) -> Vec<Vec<Span>> {
        let line_count = text.split('\n').count();
        let mut out: Vec<Vec<Span>> = vec![Vec::new(); line_count];
        let Some(tree) = tree else {
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
