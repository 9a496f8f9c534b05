//! Nonogram files: the community's `.non` format as a source file, and webpbn's XML export.
//!
//! A `.non` file gives a puzzle's size, one clue per row and per column, what its author says of
//! it, and optionally its goal (Steve Simpson's format as the nonogram-db collection extends it;
//! `docs/nonogram-format.md` says how Lockwright reads where the two differ).
//! `print(parse(text))` is the canonical form, and formatting keeps comments and the lines the
//! format does not know.
//!
//! # Layout
//! - `grammars/nonogram/grammar.js` → `grammars/nonogram/src/parser.c` (generated, committed) →
//!   [`language`]: the tree-sitter grammar.
//! - [`parse`](mod@parse): text → syntax tree → [`engine::nonogram::Puzzle`], with
//!   [`Diagnostic`]s at line and column and a source map of every clue, run and goal cell.
//! - [`print`](mod@print): the canonical printer.
//! - [`highlight`]: the highlights query as spans per line, for editors.
//! - [`document`]: a puzzle with its file's unknown lines and comments.
//! - [`diff`]: what changed between two versions, in words.
//! - [`webpbn`]: import and export of webpbn's XML format.

pub mod diff;
pub mod document;
mod entities;
pub mod highlight;
pub mod language;
pub mod olsak;
pub mod parse;
pub mod print;
mod text;
pub mod webpbn;

use crate::Diagnostic;
pub use document::{Comments, Document, Item};
pub use parse::{MAX_FILE_BYTES, MAX_PLAIN_BYTES, Parsed, SourceMap, parse, parse_bytes};
pub use print::{print, print_document};

/// The nonogram format, as the families' one contract ([`crate::Format`]) has it.
#[derive(Clone, Copy, Debug)]
pub struct Nonogram;

impl crate::Format for Nonogram {
    type Document = Document;
    type SourceMap = SourceMap;
    type Change = String;

    const KIND: &'static str = "nonogram";
    const EXTENSION: &'static str = "non";
    const A_FILE: &'static str = "a nonogram";
    const GRAMMAR_JS: &'static str = language::GRAMMAR_JS;
    const GRAMMAR_DIGEST: &'static str = include_str!("../../grammars/nonogram/src/grammar.digest");

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

    fn changes(old: &Document, new: &Document) -> Vec<String> {
        diff::changes(&old.puzzle, &new.puzzle)
    }
}

/// Formats nonogram text: the canonical form of a file that parses without errors, comments and
/// unknown lines kept. Returns the diagnostics when it has errors.
pub fn format(text: &str) -> Result<String, Vec<Diagnostic>> {
    <Nonogram as crate::Format>::format(text)
}
