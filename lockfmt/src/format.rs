//! The one contract every family's text format keeps: read bytes into a document with
//! diagnostics, print it canonically, highlight it, name what changed between two versions, and
//! say its kind word and extension.
//!
//! A family implements [`Format`] on a unit type of its own (`hexlock::HexLock`,
//! `nonogram::Nonogram`, …) and adds that value to [`FORMATS`]. Code that works on one family it
//! knows uses [`Format`], typed; code that works on a file of any family (the command line's
//! `check`, `fmt` and `diff`, the studio's change detection) holds a `&dyn Text` from
//! [`FORMATS`], which every [`Format`] is.

use crate::Diagnostic;
use crate::highlight::Highlights;
use std::fmt::Display;

/// What reading a file of a family gives: its document (when there is one to show, even with
/// errors), every diagnostic in file order, where things are, and the syntax tree.
#[derive(Clone, Debug)]
pub struct Parsed<D, M> {
    /// The document; `None` when the text was never read (too large, not UTF-8) or is too
    /// broken to show.
    pub document: Option<D>,
    /// Every problem, in file order.
    pub diagnostics: Vec<Diagnostic>,
    /// Where the family's items, lines and cells are in the text.
    pub source_map: M,
    /// The syntax tree, kept so that highlighting reuses this parse; `None` when the text was
    /// never parsed.
    pub tree: Option<tree_sitter::Tree>,
}

impl<D, M: Default> Default for Parsed<D, M> {
    fn default() -> Self {
        Parsed {
            document: None,
            diagnostics: Vec::new(),
            source_map: M::default(),
            tree: None,
        }
    }
}

impl<D, M: Default> Parsed<D, M> {
    /// A file that could not be read at all: one diagnostic, nothing else.
    pub fn fail(diagnostic: Diagnostic) -> Self {
        Parsed {
            document: None,
            diagnostics: vec![diagnostic],
            source_map: M::default(),
            tree: None,
        }
    }
}

impl<D, M> Parsed<D, M> {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The document, when the file is valid (no errors).
    pub fn valid(&self) -> Option<&D> {
        if self.has_errors() {
            None
        } else {
            self.document.as_ref()
        }
    }

    /// The document, taken, when the file is valid (no errors).
    pub fn into_valid(self) -> Option<D> {
        if self.has_errors() {
            None
        } else {
            self.document
        }
    }
}

/// A family's text format, typed.
pub trait Format: Sync + 'static {
    /// What a file holds: the puzzle with its comments and the lines the format keeps.
    type Document;
    /// Where things are in the text.
    type SourceMap: Default;
    /// One change between two versions, said in the family's words.
    type Change: Display + serde::Serialize;

    /// The word `--kind` takes: `lock`, `nonogram`, `quadrillion`, `sliding`.
    const KIND: &'static str;
    /// The extension of its files, without the dot.
    const EXTENSION: &'static str;
    /// What a file of it is, with its article, as messages say it: "a hex lock".
    const A_FILE: &'static str;
    /// The grammar's source, whose digest the generated parser records.
    const GRAMMAR_JS: &'static str;
    /// The digest `grammars/generate.sh` recorded when it generated the parser.
    const GRAMMAR_DIGEST: &'static str;

    /// Reads a file's bytes: too large or not UTF-8 is one diagnostic at its place.
    fn parse_bytes(bytes: &[u8]) -> Parsed<Self::Document, Self::SourceMap>;
    /// Prints a document in its canonical form, comments kept beside their lines.
    fn print(document: &Self::Document) -> String;
    /// The grammar's highlights query, compiled once.
    fn highlights() -> &'static Highlights;
    /// What changed from `old` to `new`.
    fn changes(old: &Self::Document, new: &Self::Document) -> Vec<Self::Change>;

    /// What the command line's `check` says beyond the reader: warnings about a puzzle that
    /// reads cleanly but will surprise its author. None by default.
    fn lints(_parsed: &Parsed<Self::Document, Self::SourceMap>) -> Vec<Diagnostic> {
        Vec::new()
    }

    /// The document two versions are compared by: by default only a valid one; a family
    /// whose documents with errors still name their pieces may compare those too.
    fn comparable(parsed: Parsed<Self::Document, Self::SourceMap>) -> Option<Self::Document> {
        parsed.into_valid()
    }

    /// Reads a text.
    fn parse(text: &str) -> Parsed<Self::Document, Self::SourceMap> {
        Self::parse_bytes(text.as_bytes())
    }

    /// The canonical form of a text that reads without errors; its diagnostics otherwise.
    fn format(text: &str) -> Result<String, Vec<Diagnostic>> {
        let parsed = Self::parse(text);
        match parsed.valid() {
            Some(doc) => Ok(Self::print(doc)),
            None => Err(parsed.diagnostics),
        }
    }

    /// The highlight spans of each line of a text, from the tree its parse built.
    fn highlight(
        text: &str,
        parsed: &Parsed<Self::Document, Self::SourceMap>,
    ) -> Vec<Vec<crate::highlight::Span>> {
        Self::highlights().lines(text, parsed.tree.as_ref())
    }
}

/// A file read as `check` and `fmt` see it: every diagnostic (the reader's and the family's
/// lints) and, when it has no errors, its canonical form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Every diagnostic, in file order, the lints last.
    pub diagnostics: Vec<Diagnostic>,
    /// The canonical text, when the file has no errors.
    pub canonical: Option<String>,
}

/// What changed between two versions of a file, in words and as JSON values (a family's
/// changes may carry fields for tools).
#[derive(Clone, Debug, PartialEq)]
pub struct Changes {
    /// One sentence a change.
    pub said: Vec<String>,
    /// The same changes, each as its JSON value.
    pub json: Vec<serde_json::Value>,
}

/// A family's format, with the types erased: what code that takes a file of any family holds.
///
/// Highlighting is not here but on [`Format`], typed: a highlights query is compiled by
/// tree-sitter's query engine, which brings regular expressions and their Unicode tables (200 KB
/// of pointers the loader relocates at every start). A method here would put them in every
/// program that holds a `&dyn Text`, the command line included, which never highlights; the
/// studio and the language server highlight through [`Format`].
pub trait Text: Sync {
    /// The word `--kind` takes.
    fn kind(&self) -> &'static str;
    /// The extension of its files, without the dot.
    fn extension(&self) -> &'static str;
    /// What a file of it is, with its article: "a hex lock".
    fn a_file(&self) -> &'static str;
    /// The grammar's source and the digest its generated parser records.
    fn grammar(&self) -> (&'static str, &'static str);
    /// Reads a file's bytes for `check` and `fmt`.
    fn check(&self, bytes: &[u8]) -> Checked;
    /// What changed from `old` to `new`; `Err` lists which of the two (0 for `old`, 1 for
    /// `new`) does not read well enough to compare.
    fn changes(&self, old: &[u8], new: &[u8]) -> Result<Changes, Vec<usize>>;
}

impl<F: Format> Text for F {
    fn kind(&self) -> &'static str {
        F::KIND
    }

    fn extension(&self) -> &'static str {
        F::EXTENSION
    }

    fn a_file(&self) -> &'static str {
        F::A_FILE
    }

    fn grammar(&self) -> (&'static str, &'static str) {
        (F::GRAMMAR_JS, F::GRAMMAR_DIGEST)
    }

    fn check(&self, bytes: &[u8]) -> Checked {
        let parsed = F::parse_bytes(bytes);
        let canonical = parsed.valid().map(F::print);
        let lints = F::lints(&parsed);
        let mut diagnostics = parsed.diagnostics;
        diagnostics.extend(lints);
        Checked {
            diagnostics,
            canonical,
        }
    }

    fn changes(&self, old: &[u8], new: &[u8]) -> Result<Changes, Vec<usize>> {
        match [old, new].map(|t| F::comparable(F::parse_bytes(t))) {
            [Some(a), Some(b)] => {
                let changes = <F as Format>::changes(&a, &b);
                Ok(Changes {
                    said: changes.iter().map(ToString::to_string).collect(),
                    json: changes
                        .iter()
                        .map(|c| serde_json::to_value(c).unwrap_or(serde_json::Value::Null))
                        .collect(),
                })
            }
            [a, b] => Err([a.is_none(), b.is_none()]
                .into_iter()
                .enumerate()
                .filter_map(|(i, bad)| bad.then_some(i))
                .collect()),
        }
    }
}

/// Every family's format, in the order the product lists the families.
pub static FORMATS: [&dyn Text; 4] = [
    &crate::hexlock::HexLock,
    &crate::nonogram::Nonogram,
    &crate::quadrillion::Quadrillion,
    &crate::sliding::Sliding,
];

/// The format `--kind` names.
pub fn of_kind(kind: &str) -> Option<&'static dyn Text> {
    FORMATS.iter().copied().find(|f| f.kind() == kind)
}

/// The format whose files end in `extension` (without the dot; any case).
pub fn of_extension(extension: &str) -> Option<&'static dyn Text> {
    FORMATS
        .iter()
        .copied()
        .find(|f| f.extension().eq_ignore_ascii_case(extension))
}

/// The extensions with their dots, as a message lists them: ".lock, .non, .quad and .slide".
pub fn extensions_listed() -> String {
    let dotted: Vec<String> = FORMATS
        .iter()
        .map(|f| format!(".{}", f.extension()))
        .collect();
    crate::words::listed(&dotted)
}
