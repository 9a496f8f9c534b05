//! Text → syntax tree → puzzle, with every problem reported at its line and column.
//!
//! # Layout
//! - `lines`: columns counted in characters in constant time, and the spans of nodes.
//! - `reader`: the syntax tree's lines read into place-tagged values, with syntax errors
//!   described in words.
//! - `assemble`: the clue sections counted against the puzzle's size, the puzzle built, and
//!   every problem of [`Puzzle::validate`] mapped back to its place.

mod assemble;
mod lines;
mod plain;
mod reader;

use super::document::{Document, Item};
use crate::diagnostic::Span;
use engine::nonogram::{LineRef, Puzzle};
use reader::Reader;
use std::collections::BTreeMap;

/// The largest nonogram file read through its syntax tree: 4 MiB, as webpbn's XML export (so
/// that a puzzle imported from one saves to a `.non` that reads back). A 4096×4096 puzzle of
/// about 250 runs a line fits; its syntax tree costs about 200 bytes a byte of clues (0.8 GB at
/// this limit, the worst case: every run one digit). Larger files, up to [`MAX_PLAIN_BYTES`],
/// are read line by line when they hold nothing but the puzzle (`plain.rs`).
pub const MAX_FILE_BYTES: usize = 4 << 20;

/// The largest nonogram file read at all, when it holds nothing but `width`, `height` and the
/// two sections of clues: 40 MiB, past the densest 4096×4096 puzzle (every line `1,1,…,1`,
/// 32 MiB).
pub const MAX_PLAIN_BYTES: usize = 40 << 20;

/// Where things are in the source, for editors that mark problems at their place.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceMap {
    /// Each item's line (its text, without a trailing comment).
    pub items: BTreeMap<Item, Span>,
    /// Each row's and column's clue: its line, or the blank line that stands for it.
    pub clues: BTreeMap<LineRef, Span>,
    /// Each run of each clue, in the clue's order (none for an empty clue).
    pub runs: BTreeMap<LineRef, Vec<Span>>,
    /// Each cell of the goal, row by row (`y * width + x`), when the goal was read.
    pub goal_cells: Vec<Span>,
    /// The width the goal was read at.
    pub goal_width: usize,
}

impl SourceMap {
    /// Where a row's or column's clue is.
    pub fn clue(&self, line: LineRef) -> Option<Span> {
        self.clues.get(&line).copied()
    }

    /// Where the goal's cell at column `x`, row `y` (from 0) is.
    pub fn goal_cell(&self, x: usize, y: usize) -> Option<Span> {
        if x >= self.goal_width {
            return None;
        }
        self.goal_cells.get(y * self.goal_width + x).copied()
    }
}

/// What parsing a nonogram file gives: the document (whenever the text could be parsed, even
/// with errors), every diagnostic, and where each item, clue, run and goal cell is.
pub type Parsed = crate::Parsed<Document, SourceMap>;

impl Parsed {
    /// The puzzle, when the file is valid (no errors).
    pub fn valid_puzzle(&self) -> Option<&Puzzle> {
        self.valid().map(|d| &d.puzzle)
    }
}

/// Parses a nonogram file from raw bytes: refuses files that are too large or not UTF-8 with a
/// diagnostic, then parses the text.
pub fn parse_bytes(bytes: &[u8]) -> Parsed {
    match crate::source::text_of(bytes, MAX_PLAIN_BYTES, "a nonogram file") {
        Ok(text) => parse(text),
        Err(d) => Parsed::fail(d),
    }
}

/// Parses nonogram text.
pub fn parse(text: &str) -> Parsed {
    if text.len() > MAX_PLAIN_BYTES {
        return parse_bytes(text.as_bytes());
    }
    if text.len() > MAX_FILE_BYTES {
        return plain::read(text).unwrap_or_else(|| {
            Parsed::fail(crate::diagnostic::Diagnostic::error(
                Span::START,
                "file-too-large",
                format!(
                    "the file is {} bytes; a nonogram file is at most {MAX_FILE_BYTES} bytes (4 MiB), or {MAX_PLAIN_BYTES} bytes (40 MiB) when it holds nothing but a valid puzzle's `width`, `height`, `rows` and `columns` lines and clues, in that order, without comments or blank lines",
                    text.len()
                ),
            ))
        });
    }
    // The reader and the tree see the text with its last line ended; see
    // `source::with_final_newline`.
    let ended = crate::source::with_final_newline(text);
    let text: &str = &ended;
    let tree = match crate::source::syntax_tree(
        &super::language::language(),
        text,
        "the nonogram grammar",
    ) {
        Ok(tree) => tree,
        Err(d) => return Parsed::fail(d),
    };
    let mut reader = Reader::new(text);
    reader.clue_line_errors();
    reader.syntax_errors(tree.root_node());
    reader.read_lines(tree.root_node());
    let mut parsed = reader.finish();
    parsed.tree = Some(tree);
    parsed
}
