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
use crate::diagnostic::Span;
use engine::Hex;
use engine::hexlock::Lock;
use std::collections::BTreeMap;

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
/// even if it has errors), every diagnostic, and where each cell and item is.
pub type Parsed = crate::Parsed<Document, SourceMap>;

impl Parsed {
    /// The lock, when the file is valid (no errors).
    pub fn valid_lock(&self) -> Option<&Lock> {
        self.valid().map(|d| &d.lock)
    }
}

/// Parses a lock file from raw bytes: rejects files that are too large or not UTF-8 with a
/// diagnostic, then parses the text.
pub fn parse_bytes(bytes: &[u8]) -> Parsed {
    match crate::source::text_of(bytes, MAX_FILE_BYTES, "a lock file") {
        Ok(text) => parse(text),
        Err(d) => Parsed::fail(d),
    }
}

/// Parses lock text.
pub fn parse(text: &str) -> Parsed {
    if text.len() > MAX_FILE_BYTES {
        return parse_bytes(text.as_bytes());
    }
    // The reader and the tree see the text with its last line ended; see
    // `source::with_final_newline`.
    let ended = crate::source::with_final_newline(text);
    let text: &str = &ended;
    let tree =
        match crate::source::syntax_tree(&super::language::language(), text, "the lock grammar") {
            Ok(tree) => tree,
            Err(d) => return Parsed::fail(d),
        };
    let mut reader = Reader::new(text);
    reader.syntax_errors(tree.root_node());
    reader.read_items(tree.root_node());
    let mut parsed = reader.finish();
    parsed.tree = Some(tree);
    parsed
}
