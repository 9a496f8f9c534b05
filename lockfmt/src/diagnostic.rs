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
    /// Long lines are shown as a window of [`SHOWN_LINE`] characters around the place, and a
    /// message past [`SHOWN_MESSAGE`] characters (one quoting a huge word) is cut.
    pub fn render(&self, path: &str, source: &str) -> String {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut out = format!(
            "{path}:{}:{}: {kind}: {}\n",
            self.span.line,
            self.span.column,
            shortened(&self.message, SHOWN_MESSAGE)
        );
        if let Some(line) = source.lines().nth(self.span.line.saturating_sub(1)) {
            let chars: Vec<char> = line.chars().collect();
            let at = self.span.column.saturating_sub(1).min(chars.len());
            let width = if self.span.end_line == self.span.line {
                self.span.end_column.saturating_sub(self.span.column).max(1)
            } else {
                chars.len().saturating_sub(at).max(1)
            };
            // A long line (a solution written on one line, a minified file) is shown as a
            // window around the place, not whole: one line of 15 MB filled the terminal.
            let (from, to) = if chars.len() <= SHOWN_LINE {
                (0, chars.len())
            } else {
                let from = at
                    .saturating_sub(SHOWN_LINE / 3)
                    .min(chars.len() - SHOWN_LINE);
                (from, from + SHOWN_LINE)
            };
            let before = if from > 0 { "…" } else { "" };
            let after = if to < chars.len() { "…" } else { "" };
            let text: String = chars[from..to].iter().collect();
            let indent: String = before
                .chars()
                .map(|_| ' ')
                .chain(
                    chars[from..at]
                        .iter()
                        .map(|&c| if c == '\t' { '\t' } else { ' ' }),
                )
                .collect();
            let width = width.min(to.saturating_sub(at)).max(1);
            let gutter = self.span.line.to_string();
            let pad = " ".repeat(gutter.len());
            let _ = writeln!(out, "{pad} |");
            let _ = writeln!(out, "{gutter} | {before}{text}{after}");
            let _ = writeln!(out, "{pad} | {indent}{}", "^".repeat(width));
        }
        out
    }
}

/// The most characters of a source line a rendered diagnostic shows.
pub const SHOWN_LINE: usize = 120;

/// The most characters of a message a rendered diagnostic shows.
pub const SHOWN_MESSAGE: usize = 400;

/// `text` whole, or its first `most` characters and "…".
fn shortened(text: &str, most: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(most) {
        Some((cut, _)) => format!("{}…", &text[..cut]).into(),
        None => text.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_line_is_shown_whole_with_the_caret_under_the_place() {
        let d = Diagnostic::error(Span::on_line(2, 5, 3), "x", "bad");
        assert_eq!(
            d.render("f.lock", "one\nabc\tdef ghi\n"),
            "f.lock:2:5: error: bad\n  |\n2 | abc\tdef ghi\n  |    \t^^^\n"
        );
    }

    /// A solution written on one line of 15 MB was echoed whole under its diagnostic.
    #[test]
    fn a_long_line_is_shown_as_a_window_around_the_place() {
        let line = format!("{}XYZ{}", "a".repeat(5000), "b".repeat(5000));
        let d = Diagnostic::error(Span::on_line(1, 5001, 3), "x", "here");
        let shown = d.render("f.slide", &line);
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines.len(), 4, "{shown}");
        let text = lines[2].strip_prefix("1 | ").expect("the line");
        assert_eq!(
            text.chars().count(),
            SHOWN_LINE + 2,
            "a window and two ellipses"
        );
        assert!(text.starts_with('…') && text.ends_with('…'), "{text}");
        let caret = lines[3].strip_prefix("  | ").expect("the caret");
        let under: String = text
            .chars()
            .skip(caret.find('^').expect("a caret"))
            .take(3)
            .collect();
        assert_eq!(under, "XYZ", "the caret stands under the place:\n{shown}");
        assert_eq!(caret.trim_start(), "^^^");

        // At the start and at the end of a long line, one side is cut.
        let start = Diagnostic::error(Span::on_line(1, 1, 1), "x", "here").render("f", &line);
        assert!(
            start
                .lines()
                .nth(2)
                .is_some_and(|l| l.starts_with("1 | aaa") && l.ends_with('…'))
        );
        let end = Diagnostic::error(Span::on_line(1, 10003, 1), "x", "here").render("f", &line);
        let shown_end = end.lines().nth(2).expect("the line");
        assert!(
            shown_end.starts_with("1 | …") && shown_end.ends_with('b'),
            "{end}"
        );
        assert!(
            end.lines().nth(3).is_some_and(|l| l.ends_with('^')),
            "{end}"
        );
    }

    #[test]
    fn a_long_message_is_cut() {
        let word = "h".repeat(10_000);
        let d = Diagnostic::error(
            Span::on_line(1, 1, 1),
            "x",
            format!("`{word}` is not a move"),
        );
        let first = d
            .render("f", "")
            .lines()
            .next()
            .map(str::to_string)
            .expect("a line");
        assert_eq!(
            first.chars().count(),
            "f:1:1: error: ".len() + SHOWN_MESSAGE + 1
        );
        assert!(first.ends_with('…'));
    }
}
