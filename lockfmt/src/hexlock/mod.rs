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

/// The hex lock format, as the families' one contract ([`crate::Format`]) has it.
#[derive(Clone, Copy, Debug)]
pub struct HexLock;

impl crate::Format for HexLock {
    type Document = Document;
    type SourceMap = SourceMap;
    type Change = diff::Change;

    const KIND: &'static str = "lock";
    const EXTENSION: &'static str = "lock";
    const A_FILE: &'static str = "a hex lock";
    const GRAMMAR_JS: &'static str = language::GRAMMAR_JS;
    const GRAMMAR_DIGEST: &'static str = include_str!("../../grammars/hexlock/src/grammar.digest");

    fn parse_bytes(bytes: &[u8]) -> Parsed {
        parse_bytes(bytes)
    }

    fn parse(text: &str) -> Parsed {
        parse(text)
    }

    fn print(document: &Document) -> String {
        print_document(document)
    }

    fn highlights() -> &'static crate::highlight::Highlights {
        highlight::highlights()
    }

    fn changes(old: &Document, new: &Document) -> Vec<diff::Change> {
        diff::semantic(&old.lock, &new.lock)
    }

    /// A lock with errors still names its pieces, so two versions compare piece by piece.
    fn comparable(parsed: Parsed) -> Option<Document> {
        parsed.document
    }

    fn lints(parsed: &Parsed) -> Vec<Diagnostic> {
        open_before_any_move(parsed).into_iter().collect()
    }
}

/// A warning for a valid lock that is open before any move (nothing in its bolthole): it is
/// solved by doing nothing, and the server refuses to publish it.
fn open_before_any_move(parsed: &Parsed) -> Option<Diagnostic> {
    let lock = parsed.valid_lock()?;
    if !lock.is_open() {
        return None;
    }
    let span = lock
        .bolthole()
        .iter()
        .find_map(|c| parsed.source_map.cells.get(c).copied())
        .unwrap_or(crate::Span::START);
    Some(Diagnostic::warning(
        span,
        "open-lock",
        "the lock is open before any move: nothing is in its bolthole, so doing nothing opens it",
    ))
}

/// Formats lock text: the canonical form of a file that parses without errors, comments kept.
/// Returns the diagnostics when it has errors.
pub fn format(text: &str) -> Result<String, Vec<Diagnostic>> {
    <HexLock as crate::Format>::format(text)
}
