//! The text's lines: columns counted in characters in constant time, and node spans.

use crate::diagnostic::Span;
use std::cell::OnceCell;
use tree_sitter::Node;

/// The text split into lines, with what it takes to turn byte offsets into character columns.
pub(super) struct Lines<'t> {
    pub(super) lines: Vec<&'t str>,
    /// Whether each line is all ASCII (its columns are its bytes).
    ascii: Vec<bool>,
    /// For each line that is not all ASCII, the number of characters before each byte, built
    /// on first use: counting from the line's start for every node would make a long line
    /// quadratic.
    char_counts: Vec<OnceCell<Vec<u32>>>,
}

impl<'t> Lines<'t> {
    pub(super) fn new(text: &'t str) -> Lines<'t> {
        let lines: Vec<&str> = text.split('\n').collect();
        Lines {
            ascii: lines.iter().map(|l| l.is_ascii()).collect(),
            char_counts: lines.iter().map(|_| OnceCell::new()).collect(),
            lines,
        }
    }

    /// Line `row` (from 0), without its newline; empty past the end.
    pub(super) fn line(&self, row: usize) -> &'t str {
        self.lines.get(row).copied().unwrap_or("")
    }

    /// The 1-based character column of a byte offset in a line, in constant time.
    pub(super) fn column(&self, row: usize, byte: usize) -> usize {
        let line = self.line(row);
        let byte = byte.min(line.len());
        if self.ascii.get(row).copied().unwrap_or(true) {
            return byte + 1;
        }
        let counts = self.char_counts[row].get_or_init(|| {
            let mut counts = Vec::with_capacity(line.len() + 1);
            let mut chars = 0u32;
            for i in 0..line.len() {
                counts.push(chars);
                if line.is_char_boundary(i + 1) {
                    chars += 1;
                }
            }
            counts.push(chars);
            counts
        });
        counts.get(byte).map_or(byte, |&c| c as usize) + 1
    }

    /// A node's place. A node that ends with its newline ends at the end of its last line.
    pub(super) fn span(&self, node: Node) -> Span {
        let s = node.start_position();
        let e = node.end_position();
        let (end_line, end_column) = if e.row > s.row && e.column == 0 {
            let row = e.row - 1;
            (row + 1, self.column(row, self.line(row).len()))
        } else {
            // A token read to the line's end takes the `\r` of a `\r\n` line end with it; the
            // place ends before it, as on a line ended by `\n` alone.
            let line = self.line(e.row);
            let end = e.column.min(line.strip_suffix('\r').unwrap_or(line).len());
            (e.row + 1, self.column(e.row, end))
        };
        let column = self.column(s.row, s.column);
        let end_column = if end_line == s.row + 1 {
            end_column.max(column + 1)
        } else {
            end_column
        };
        Span {
            line: s.row + 1,
            column,
            end_line,
            end_column,
        }
    }

    /// The span of a line's text from its first to its last non-blank character, on one line.
    pub(super) fn line_span(&self, row: usize) -> Span {
        let line = self.line(row);
        let body = line.trim_end_matches(is_blank);
        let start = body.len() - body.trim_start_matches(is_blank).len();
        let column = self.column(row, start);
        Span {
            line: row + 1,
            column,
            end_line: row + 1,
            end_column: self.column(row, body.len()).max(column + 1),
        }
    }
}

/// The blanks of a line: what the grammar skips between tokens.
pub(super) fn is_blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\x0b' | '\x0c' | '\r')
}
