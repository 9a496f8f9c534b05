//! The hex lock text format: a lock as a source file.
//!
//! A lock file shows the lock's picture as an ASCII hex grid and holds every fact about it:
//! name, author, size, notes, the pieces, springs with their natural lengths, pivot arms and the
//! tools' states. `print(parse(text))` is the canonical form, and formatting keeps comments.
//!
//! # Layout
//! - `grammars/hexlock/grammar.js` → `grammars/hexlock/src/parser.c` (generated, committed) →
//!   [`language`]: the tree-sitter grammar.
//! - [`parse`](mod@parse): text → syntax tree → [`engine::hexlock::Lock`], with
//!   [`Diagnostic`]s at line and column.
//! - [`print`](mod@print): the canonical printer.
//! - [`highlight`]: the highlights query as spans per line, for editors.
//! - [`diff`]: piece-by-piece differences between two locks.
//! - [`grid`]: how cells map to rows and columns, and the glyphs.
//! - [`document`]: a lock with its file's comments.
//! - [`moves`]: the move notation and solution files.

pub mod diff;
pub mod document;
pub mod grid;
pub mod highlight;
pub mod language;
pub mod moves;
pub mod parse;
pub mod print;

use crate::Diagnostic;
pub use document::{Comments, Document, Item};
pub use moves::{
    Solution, format_move, format_moves, parse_move, parse_moves, parse_solution, print_solution,
};
pub use parse::{Parsed, SourceMap, parse, parse_bytes};
pub use print::{print, print_document};

/// Formats lock text: the canonical form of a file that parses without errors, comments kept.
/// Returns the diagnostics when it has errors.
pub fn format(text: &str) -> Result<String, Vec<Diagnostic>> {
    let parsed = parse(text);
    match parsed.document {
        Some(doc) if !parsed.has_errors() => Ok(print_document(&doc)),
        _ => Err(parsed.diagnostics),
    }
}
