//! The parse's syntax tree read for places: the nodes of some kinds with their spans, and the
//! node under the cursor. The tree is the one the family's reader built, so its nodes are the
//! grammar's (`piece_name`, `cell`, `shape_name`, …).

use crate::position::{Encoding, Lines, Place};
use lockfmt::Span;
use tree_sitter::{Node, Tree};

/// A node's text and where it is (on its first line: the names and words looked for here
/// never span lines).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found<'a> {
    /// The node's kind in the grammar.
    pub kind: String,
    /// Its text.
    pub text: &'a str,
    /// Where.
    pub span: Span,
}

/// Every node of one of `kinds`, in file order.
pub fn nodes_of<'a>(text: &'a str, tree: Option<&Tree>, kinds: &[&str]) -> Vec<Found<'a>> {
    let Some(tree) = tree else {
        return Vec::new();
    };
    let lines = Lines::new(text, Encoding::Utf8);
    let mut out = Vec::new();
    let mut cursor = tree.walk();
    // A depth-first walk without recursion: a file of deeply nested errors cannot overflow
    // the stack.
    'walk: loop {
        let node = cursor.node();
        if kinds.contains(&node.kind()) {
            out.push(found(text, &lines, node));
        }
        if cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                continue 'walk;
            }
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    out
}

/// The smallest named node at `at`.
pub fn node_at<'a>(text: &'a str, tree: Option<&Tree>, at: Place) -> Option<Found<'a>> {
    let tree = tree?;
    let lines = Lines::new(text, Encoding::Utf8);
    let byte = lines.offset(at);
    let node = tree
        .root_node()
        .named_descendant_for_byte_range(byte, byte)?;
    Some(found(text, &lines, node))
}

fn found<'a>(text: &'a str, lines: &Lines<'_>, node: Node<'_>) -> Found<'a> {
    let (start, end) = (node.start_position(), node.end_position());
    let end_column = if end.row == start.row {
        end.column
    } else {
        usize::MAX
    };
    Found {
        kind: node.kind().to_string(),
        text: text.get(node.byte_range()).unwrap_or(""),
        span: lines.span_of_bytes(start.row, start.column, end_column),
    }
}

/// The word (a run of characters that are not blanks) at `at`, and where it is.
pub fn word_at(text: &str, at: Place) -> Option<(&str, Span)> {
    let row = at.line.checked_sub(1)?;
    let lines = Lines::new(text, Encoding::Utf8);
    let line = lines.line(row);
    let byte = lines.offset(at)
        - lines.offset(Place {
            line: at.line,
            column: 1,
        });
    let is_word = |c: char| !c.is_whitespace() && c != '#';
    let start = line[..byte.min(line.len())]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_word(c))
        .last()
        .map_or(byte.min(line.len()), |(i, _)| i);
    let end = line[start..]
        .char_indices()
        .find(|&(_, c)| !is_word(c))
        .map_or(line.len(), |(i, _)| start + i);
    (start < end).then(|| (&line[start..end], lines.span_of_bytes(row, start, end)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_at_a_place_is_found_on_either_side_of_it() {
        let text = "spring A r2c4 -> D r6c3";
        let at = |column| word_at(text, Place { line: 1, column });
        assert_eq!(at(1).map(|w| w.0), Some("spring"));
        assert_eq!(at(6).map(|w| w.0), Some("spring"));
        assert_eq!(at(11).map(|w| w.0), Some("r2c4"));
        assert_eq!(at(11).map(|w| w.1.column), Some(10));
        // Just after a word, as a cursor at a line's end is.
        assert_eq!(at(99).map(|w| w.0), Some("r6c3"));
        assert_eq!(word_at("a   b", Place { line: 1, column: 3 }), None);
    }
}
