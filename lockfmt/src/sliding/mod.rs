//! Sliding locks (`.slide`, Lockmaker's locks): the board drawn as a picture, the pieces
//! lettered in it, the axes' attachments, and what the author says of it, as a source file.
//!
//! `print(parse(text))` is the canonical form; formatting keeps comments, the pieces' letters
//! and the lines the format does not know. `docs/sliding-format.md` gives every rule.
//!
//! # Layout
//! - `grammars/sliding/grammar.js` → `grammars/sliding/src/parser.c` (generated, committed) →
//!   [`language`]: the tree-sitter grammar, which the studio's source pane highlights with.
//! - [`parse`](mod@parse): text → [`Document`], with [`Diagnostic`]s at line and column, where
//!   each line is and where each cell's glyph is.
//! - [`print`](mod@print): the canonical printer.
//! - [`document`]: a lock with its pieces' letters, what its file says of it, its unknown lines
//!   and comments.
//! - [`highlight`]: the highlights query as spans per line.
//! - [`diff`]: what changed between two versions, in words.
//! - [`solution`]: solution files, the moves in the seed's notation (`BC1 L1, C34 D2, Key R1`).

pub mod diff;
pub mod document;
pub mod highlight;
pub mod language;
pub mod parse;
pub mod print;
pub mod solution;

use crate::Diagnostic;
pub use document::{Comments, Document, Info, Line};
pub use parse::{MAX_FILE_BYTES, Parsed, SourceMap, parse, parse_bytes};
pub use print::print;

/// The sliding lock format, as the families' one contract ([`crate::Format`]) has it.
#[derive(Clone, Copy, Debug)]
pub struct Sliding;

impl crate::Format for Sliding {
    type Document = Document;
    type SourceMap = SourceMap;
    type Change = String;

    const KIND: &'static str = "sliding";
    const EXTENSION: &'static str = "slide";
    const A_FILE: &'static str = "a sliding lock";
    const GRAMMAR_JS: &'static str = language::GRAMMAR_JS;
    const GRAMMAR_DIGEST: &'static str = include_str!("../../grammars/sliding/src/grammar.digest");

    fn parse_bytes(bytes: &[u8]) -> Parsed {
        parse_bytes(bytes)
    }

    fn parse(text: &str) -> Parsed {
        parse(text)
    }

    fn print(document: &Document) -> String {
        print(document)
    }

    fn highlights() -> &'static crate::highlight::Highlights {
        highlight::highlights()
    }

    fn changes(old: &Document, new: &Document) -> Vec<String> {
        diff::changes(old, new)
    }

    /// A lock with errors still has its pieces, so two versions compare piece by piece.
    fn comparable(parsed: Parsed) -> Option<Document> {
        parsed.document
    }
}

/// Formats lock text: the canonical form of a file that parses without errors, comments,
/// letters and unknown lines kept. Returns the diagnostics when it has errors.
pub fn format(text: &str) -> Result<String, Vec<Diagnostic>> {
    <Sliding as crate::Format>::format(text)
}
