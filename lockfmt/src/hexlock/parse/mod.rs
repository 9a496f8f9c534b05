//! Text → syntax tree → lock, with every problem reported at its line and column.
//!
//! # Layout
//! - `reader`: the syntax tree's statements read into place-tagged values, with syntax errors
//!   described in words.
//! - `assemble`: those values made into the lock, every problem mapped back to its place.

mod assemble;
mod reader;

use reader::Reader;

use super::document::{Document, Item};
use crate::diagnostic::{Diagnostic, Span};
use engine::Hex;
use engine::hexlock::Lock;
use std::collections::BTreeMap;
use tree_sitter::Parser;

/// The largest lock file read: a size-11 lock is a few kilobytes, so anything near this is not
/// a lock.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// The supported format version.
pub const FORMAT_VERSION: u32 = 1;

/// Where things are in the source, for pictures and editors that mark problems at their place.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceMap {
    /// The glyph of each grid cell.
    pub cells: BTreeMap<Hex, Span>,
    /// Each item's line.
    pub items: BTreeMap<Item, Span>,
}

/// What parsing a lock file gives: the document (when the file has a usable grid and size,
/// even if it has errors), every diagnostic, and where things are.
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    /// The lock and its comments; `None` when the file is too broken to draw.
    pub document: Option<Document>,
    /// Every problem, in file order.
    pub diagnostics: Vec<Diagnostic>,
    /// Where each cell and item is in the text.
    pub source_map: SourceMap,
    /// The syntax tree, kept so that highlighting reuses this parse; `None` when the text was
    /// never parsed (too large, not UTF-8).
    pub tree: Option<tree_sitter::Tree>,
}

impl Parsed {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The lock, when the file is valid (no errors).
    pub fn valid_lock(&self) -> Option<&Lock> {
        if self.has_errors() {
            None
        } else {
            self.document.as_ref().map(|d| &d.lock)
        }
    }

    fn fail(diagnostic: Diagnostic) -> Parsed {
        Parsed {
            diagnostics: vec![diagnostic],
            ..Parsed::default()
        }
    }
}

/// Parses a lock file from raw bytes: rejects files that are too large or not UTF-8 with a
/// diagnostic, then parses the text.
pub fn parse_bytes(bytes: &[u8]) -> Parsed {
    if bytes.len() > MAX_FILE_BYTES {
        return Parsed::fail(Diagnostic::error(
            Span::START,
            "file-too-large",
            format!(
                "the file is {} bytes; a lock file is at most {} bytes (1 MiB)",
                bytes.len(),
                MAX_FILE_BYTES
            ),
        ));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(text),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
            // The prefix is valid UTF-8 by construction.
            let column =
                std::str::from_utf8(&good[line_start..]).map_or(1, |s| s.chars().count() + 1);
            Parsed::fail(Diagnostic::error(
                Span::on_line(line, column, 1),
                "invalid-utf8",
                format!(
                    "the file is not UTF-8 text: byte 0x{:02x} at offset {} cannot start a character",
                    bytes[e.valid_up_to()],
                    e.valid_up_to()
                ),
            ))
        }
    }
}

/// Parses lock text.
pub fn parse(text: &str) -> Parsed {
    if text.len() > MAX_FILE_BYTES {
        return parse_bytes(text.as_bytes());
    }
    let mut parser = Parser::new();
    if parser.set_language(&super::language::language()).is_err() {
        return Parsed::fail(Diagnostic::error(
            Span::START,
            "internal",
            "the lock grammar does not match this build's tree-sitter runtime",
        ));
    }
    let Some(tree) = parser.parse(text, None) else {
        return Parsed::fail(Diagnostic::error(
            Span::START,
            "internal",
            "the parser gave up on this file",
        ));
    };
    let mut reader = Reader::new(text);
    reader.syntax_errors(tree.root_node());
    reader.read_items(tree.root_node());
    let mut parsed = reader.finish();
    parsed.tree = Some(tree);
    parsed
}
