//! What an editor's text says, read in the background from one parse: the document, its
//! problems, where things are, and the highlights drawn from the same syntax tree. Every
//! family's editor reads its text this way, through its format's contract.

use crate::highlight;
use lockfmt::{Diagnostic, Format};

/// A text read once by family `F`'s format.
pub struct Reading<F: Format> {
    /// The document, when the text gives one (even with errors).
    pub document: Option<F::Document>,
    /// Every problem, in file order.
    pub diagnostics: Vec<Diagnostic>,
    /// Where the family's items, lines and cells are.
    pub source_map: F::SourceMap,
    /// The source pane's highlights, problems marked.
    pub highlight: highlight::Settings,
}

impl<F: Format> Reading<F> {
    /// Parses a text once and draws its highlights from that parse. Slow work.
    pub fn of(text: &str) -> Self {
        let parsed = F::parse(text);
        let spans = F::highlight(text, &parsed);
        let highlight = highlight::Settings::new(spans, text, &parsed.diagnostics);
        Reading {
            document: parsed.document,
            diagnostics: parsed.diagnostics,
            source_map: parsed.source_map,
            highlight,
        }
    }

    /// The problems that are errors.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.is_error())
    }
}

impl<F: Format> std::fmt::Debug for Reading<F>
where
    F::Document: std::fmt::Debug,
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reading")
            .field("document", &self.document)
            .field("diagnostics", &self.diagnostics)
            .finish_non_exhaustive()
    }
}
