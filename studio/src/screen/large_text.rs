//! A text too large to type into: held whole as it is, with where each line starts, and shown
//! a screenful at a time by the source pane.
//!
//! Why: iced's text editor lays out every line of its text when it is made, a few hundred
//! bytes for each character, so a 16.8 MB nonogram of 4,096×4,096 cells held 3.6 GB in the
//! editor alone before the window showed it. Past [`TYPED_TEXT_BYTES`] the buffer keeps the
//! text itself instead: the canvas, the solver, undo, saving and reloading work as ever, and
//! only typing into the text does not.

use iced::widget::text_editor::Cursor;

/// The largest text the source pane types into; a larger one is shown read-only.
/// A megabyte is far past any puzzle made by hand (the largest public nonograms are a few
/// kilobytes) and costs the editor a few hundred megabytes.
pub const TYPED_TEXT_BYTES: usize = 1_000_000;

/// Whether `text` is too large to type into.
pub fn is_large(text: &str) -> bool {
    text.len() > TYPED_TEXT_BYTES
}

/// What the studio says when a key is typed into a large text of `bytes` bytes.
pub fn refusal(bytes: usize) -> String {
    format!(
        "this text is {}: the studio shows it but types only into texts of up to 1 MB \
         (edit it in a text editor; the canvas, Solve and Save work here as ever)",
        megabytes(bytes)
    )
}

/// `bytes` in megabytes, to a tenth.
pub fn megabytes(bytes: usize) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

/// A text held whole, for showing a part of it at a time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LargeText {
    text: String,
    /// The byte where each line starts: the text's start, and after every `\n`.
    starts: Vec<usize>,
    /// The widest line, in characters (a tab counted as four).
    widest: usize,
}

impl LargeText {
    pub fn new(text: String) -> LargeText {
        let starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let mut large = LargeText {
            text,
            starts,
            widest: 0,
        };
        large.widest = (0..large.line_count())
            .map(|i| {
                large
                    .line(i)
                    .chars()
                    .map(|c| if c == '\t' { 4 } else { 1 })
                    .sum::<usize>()
            })
            .max()
            .unwrap_or(0);
        large
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The lines, as the text editor counts them: the empty line after a final line break is
    /// one.
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// Line `i` (from 0) without its line break (`\n` or `\r\n`); empty past the last.
    pub fn line(&self, i: usize) -> &str {
        let Some(&start) = self.starts.get(i) else {
            return "";
        };
        let end = self
            .starts
            .get(i + 1)
            .map_or(self.text.len(), |&next| next - 1);
        let line = &self.text[start..end];
        line.strip_suffix('\r').unwrap_or(line)
    }

    /// The widest line, in characters (a tab counted as four).
    pub fn widest(&self) -> usize {
        self.widest
    }

    /// `cursor` moved onto the text: a line and a column it has (a byte offset on a
    /// character's boundary), without a selection.
    pub fn clamped(&self, cursor: Cursor) -> Cursor {
        let line = cursor.position.line.min(self.line_count() - 1);
        super::history::on_line(line, self.line(line), cursor.position.column)
    }

    /// The characters `first..first + count` of line `i`: what a pane scrolled sideways to
    /// character `first` shows of it.
    pub fn columns(&self, i: usize, first: usize, count: usize) -> &str {
        let line = self.line(i);
        let at = |n: usize| line.char_indices().nth(n).map_or(line.len(), |(b, _)| b);
        let start = at(first);
        let rest = &line[start..];
        let end = rest
            .char_indices()
            .nth(count)
            .map_or(rest.len(), |(b, _)| b);
        &rest[..end]
    }
}

#[cfg(test)]
mod tests {
    use super::LargeText;
    use iced::widget::text_editor::{Cursor, Position};

    /// Lines are counted and cut as the text editor counts them, whatever their breaks.
    #[test]
    fn lines_are_those_the_text_editor_counts() {
        let t = LargeText::new("width 3\r\nheight 2\nrows\n".to_string());
        assert_eq!(t.line_count(), 4);
        assert_eq!(t.line(0), "width 3");
        assert_eq!(t.line(1), "height 2");
        assert_eq!(t.line(2), "rows");
        assert_eq!(t.line(3), "");
        assert_eq!(t.line(9), "");
        assert_eq!(t.widest(), 8);
        let unended = LargeText::new("a\tb".to_string());
        assert_eq!(unended.line_count(), 1);
        assert_eq!(unended.widest(), 6, "a tab counts as four");
    }

    #[test]
    fn a_part_of_a_line_is_cut_at_characters() {
        let t = LargeText::new("héllo wörld\n".to_string());
        assert_eq!(t.columns(0, 1, 4), "éllo");
        assert_eq!(t.columns(0, 7, 100), "örld");
        assert_eq!(t.columns(0, 50, 3), "");
        let cursor = t.clamped(Cursor {
            position: Position { line: 7, column: 2 },
            selection: None,
        });
        assert_eq!(cursor.position, Position { line: 1, column: 0 });
        let inside = t.clamped(Cursor {
            position: Position { line: 0, column: 2 },
            selection: None,
        });
        assert_eq!(
            inside.position.column, 1,
            "onto the boundary before é's second byte"
        );
    }
}
