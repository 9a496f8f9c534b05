//! Diagnostics: what is wrong with a lock file, where, in the game's words.

use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The file is not a valid lock.
    Error,
    /// The file is a valid lock but is drawn in a way `fmt` will change.
    Warning,
}

/// A place in a file: 1-based line and column (columns count characters), end exclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Span {
    /// First line, from 1.
    pub line: usize,
    /// First column, from 1, in characters.
    pub column: usize,
    /// Last line.
    pub end_line: usize,
    /// Column just past the end, on `end_line`.
    pub end_column: usize,
}

impl Span {
    /// A span of `len` characters on one line.
    pub fn on_line(line: usize, column: usize, len: usize) -> Span {
        Span {
            line,
            column,
            end_line: line,
            end_column: column + len.max(1),
        }
    }

    /// The start of the file.
    pub const START: Span = Span {
        line: 1,
        column: 1,
        end_line: 1,
        end_column: 2,
    };
}

/// One problem found in a lock file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// Where.
    #[serde(flatten)]
    pub span: Span,
    /// What, in the game's words.
    pub message: String,
    /// A short stable code naming the kind of problem, e.g. `syntax`, `grid-row-width`, `overlap`.
    pub code: String,
}

impl Diagnostic {
    /// An error at a place.
    pub fn error(span: Span, code: &str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            span,
            message: message.into(),
            code: code.into(),
        }
    }

    /// A warning at a place.
    pub fn warning(span: Span, code: &str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            span,
            message: message.into(),
            code: code.into(),
        }
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Renders the diagnostic as rustc does: `PATH:LINE:COL: error: message`, the source line,
    /// and a caret under the place.
    pub fn render(&self, path: &str, source: &str) -> String {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut out = format!(
            "{path}:{}:{}: {kind}: {}\n",
            self.span.line, self.span.column, self.message
        );
        if let Some(text) = source.lines().nth(self.span.line.saturating_sub(1)) {
            let gutter = self.span.line.to_string();
            let pad = " ".repeat(gutter.len());
            let width = if self.span.end_line == self.span.line {
                self.span.end_column.saturating_sub(self.span.column).max(1)
            } else {
                text.chars()
                    .count()
                    .saturating_sub(self.span.column - 1)
                    .max(1)
            };
            let indent: String = text
                .chars()
                .take(self.span.column.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let _ = writeln!(out, "{pad} |");
            let _ = writeln!(out, "{gutter} | {text}");
            let _ = writeln!(out, "{pad} | {indent}{}", "^".repeat(width));
        }
        out
    }
}
