//! Quadrillion boards (`.quad`): the four grids' arrangement, the shapes already placed, and
//! what the author says of it, as a source file.
//!
//! `print(parse(text))` is the canonical form; formatting keeps comments and the lines the
//! format does not know. `docs/quadrillion-format.md` gives every rule.
//!
//! # Layout
//! - `grammars/quadrillion/grammar.js` → `grammars/quadrillion/src/parser.c` (generated,
//!   committed) → [`language`]: the tree-sitter grammar, which the studio's source pane
//!   highlights with.
//! - [`parse`](mod@parse): text → [`Document`], with [`Diagnostic`]s at line and column and
//!   where each line is.
//! - [`print`](mod@print): the canonical printer.
//! - [`document`]: a challenge with what its file says of it, its unknown lines and comments.
//! - [`highlight`]: the highlights query as spans per line.
//! - [`diff`]: what changed between two versions, in words.

pub mod diff;
pub mod document;
pub mod highlight;
pub mod language;
pub mod parse;
pub mod print;

use crate::Diagnostic;
pub use document::{Comments, Document, Info, Line};
pub use parse::{MAX_FILE_BYTES, Parsed, SourceMap, parse, parse_bytes};
pub use print::print;

/// The Quadrillion board format, as the families' one contract ([`crate::Format`]) has it.
#[derive(Clone, Copy, Debug)]
pub struct Quadrillion;

impl crate::Format for Quadrillion {
    type Document = Document;
    type SourceMap = SourceMap;
    type Change = String;

    const KIND: &'static str = "quadrillion";
    const EXTENSION: &'static str = "quad";
    const A_FILE: &'static str = "a Quadrillion board";
    const GRAMMAR_JS: &'static str = language::GRAMMAR_JS;
    const GRAMMAR_DIGEST: &'static str =
        include_str!("../../grammars/quadrillion/src/grammar.digest");

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
}

/// Formats board text: the canonical form of a file that parses without errors, comments and
/// unknown lines kept. Returns the diagnostics when it has errors.
pub fn format(text: &str) -> Result<String, Vec<Diagnostic>> {
    <Quadrillion as crate::Format>::format(text)
}
