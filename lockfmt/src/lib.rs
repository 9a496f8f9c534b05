//! Lockwright's text formats: every puzzle family as a source file.
//!
//! Each family has a tree-sitter grammar (`grammars/<family>/`), a parser whose diagnostics
//! carry line and column, and a canonical printer that keeps comments.
//!
//! # Layout
//! - [`hexlock`]: the hex lock format (Intricacy's locks), its move notation and solution files.
//! - [`nonogram`]: nonogram files (`.non`, the community's format) and webpbn's XML export.
//! - [`quadrillion`]: Quadrillion boards (`.quad`): grids, sides, shapes already placed.
//! - [`sliding`]: sliding locks (`.slide`, Lockmaker's): the board as a picture, axes, solutions.
//! - [`format`]: the one contract every family's format keeps ([`Format`], typed; [`Text`], any
//!   family's, as [`FORMATS`] lists them) and the one [`Parsed`] every reader gives.
//! - [`diagnostic`]: problems with their line and column, shared by every format.
//! - [`diff`]: line diffs of any two texts, side by side too, and a change carried over to
//!   another layout; each family's `diff` names its own changes in words.
//! - [`info`]: what an author says of a puzzle (title, author, source, licence, notes), as the
//!   Quadrillion and sliding lock files write it.
//! - [`highlight`]: a grammar's highlights query over a parsed tree, as spans per line.
//! - [`words`]: counts in words ("1 move", "3 moves") for every message.
#![deny(missing_docs)]

pub mod diagnostic;
pub mod diff;
pub mod format;
pub mod hexlock;
pub mod highlight;
pub mod info;
pub mod lines;
pub mod newlines;
pub mod nonogram;
pub mod quadrillion;
pub mod sliding;
mod source;
pub mod words;

pub use diagnostic::{Diagnostic, Severity, Span};
pub use format::{FORMATS, Format, Parsed, Text};
pub use source::{syntax_trees_built, utf16_order};

/// The largest file any family reads: a 4096×4096 nonogram's clues written plainly
/// ([`nonogram::MAX_PLAIN_BYTES`], 40 MiB). Whatever reads files for the readers (the command
/// line, the studio, the language server) reads up to this, so that no family's file is
/// refused before its reader sees it.
pub const LARGEST_FILE_BYTES: usize = {
    let limits = [
        hexlock::parse::MAX_FILE_BYTES,
        nonogram::MAX_FILE_BYTES,
        nonogram::MAX_PLAIN_BYTES,
        quadrillion::MAX_FILE_BYTES,
        sliding::MAX_FILE_BYTES,
    ];
    let mut most = 0;
    let mut i = 0;
    while i < limits.len() {
        if limits[i] > most {
            most = limits[i];
        }
        i += 1;
    }
    most
};
