//! The source pane's highlighter: iced's line-by-line `Highlighter` fed from a whole-file parse
//! (tree-sitter works on the whole file; a line alone can be misread, a grid row above all).

use iced::advanced::text::highlighter::{self, Highlighter};
use iced::{Color, Font, Theme};
use std::ops::Range;
use std::sync::Arc;

/// Each line's spans: byte range in the line and capture name.
pub type LineSpans = Vec<Vec<(Range<usize>, &'static str)>>;

/// The highlights of a whole file, per line, with a version so that the editor knows when to
/// highlight again.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// Bumped whenever `lines` changes.
    pub version: u64,
    /// Each line's spans: byte range and capture name (`diagnostic` marks a problem).
    pub lines: Arc<LineSpans>,
}

impl PartialEq for Settings {
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version
    }
}

impl Settings {
    /// The highlights of `text` from its grammar's spans per line, with the places of
    /// `diagnostics` marked over them.
    ///
    /// Every call gets a new version, unique in the process: the text editor keeps its
    /// highlighter across files, and equal versions would keep another file's colours.
    pub fn new(
        spans: Vec<Vec<lockfmt::highlight::Span>>,
        text: &str,
        diagnostics: &[lockfmt::Diagnostic],
    ) -> Settings {
        let mut lines: LineSpans = spans
            .into_iter()
            .map(|spans| spans.into_iter().map(|s| (s.range, s.capture)).collect())
            .collect();
        let source: Vec<&str> = text.split('\n').collect();
        for d in diagnostics {
            let row = d.span.line.saturating_sub(1);
            let Some(line) = source.get(row) else {
                continue;
            };
            let byte = |col: usize| {
                line.char_indices()
                    .nth(col.saturating_sub(1))
                    .map_or(line.len(), |(b, _)| b)
            };
            let start = byte(d.span.column);
            let end = if d.span.end_line == d.span.line {
                byte(d.span.end_column)
            } else {
                line.len()
            };
            if let Some(spans) = lines.get_mut(row) {
                spans.push((
                    start..end.max(start + 1).min(line.len().max(start + 1)),
                    "diagnostic",
                ));
            }
        }
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let version = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Settings {
            version,
            lines: Arc::new(lines),
        }
    }
}

/// The highlighter itself: walks the lines in order.
pub struct LockHighlighter {
    settings: Settings,
    line: usize,
}

impl Highlighter for LockHighlighter {
    type Settings = Settings;
    type Highlight = &'static str;
    type Iterator<'a> = std::vec::IntoIter<(Range<usize>, &'static str)>;

    fn new(settings: &Self::Settings) -> Self {
        LockHighlighter {
            settings: settings.clone(),
            line: 0,
        }
    }

    fn update(&mut self, new_settings: &Self::Settings) {
        self.settings = new_settings.clone();
        self.line = 0;
    }

    fn change_line(&mut self, line: usize) {
        self.line = self.line.min(line);
    }

    fn highlight_line(&mut self, _line: &str) -> Self::Iterator<'_> {
        let spans = self
            .settings
            .lines
            .get(self.line)
            .cloned()
            .unwrap_or_default();
        self.line += 1;
        spans.into_iter()
    }

    fn current_line(&self) -> usize {
        self.line
    }
}

/// The colour of a capture, by its longest known prefix.
pub fn format(capture: &&'static str, theme: &Theme) -> highlighter::Format<Font> {
    let dark = theme.extended_palette().is_dark;
    let rgb = |r, g, b| Some(Color::from_rgb8(r, g, b));
    let head = capture.split('.').next().unwrap_or("");
    let color = match (*capture, head) {
        ("diagnostic", _) => rgb(0xe0, 0x1b, 0x24),
        ("keyword.directive", _) => rgb(0x8e, 0x44, 0xad),
        (_, "comment") => {
            if dark {
                rgb(0x7f, 0x8c, 0x8d)
            } else {
                rgb(0x80, 0x80, 0x80)
            }
        }
        (_, "string") => rgb(0x27, 0xae, 0x60),
        (_, "keyword") | (_, "operator") => rgb(0xc0, 0x39, 0x2b),
        (_, "variable") => rgb(0x29, 0x80, 0xb9),
        (_, "constant") => rgb(0xd3, 0x54, 0x00),
        (_, "label") => rgb(0x16, 0xa0, 0x85),
        (_, "type") => {
            if dark {
                rgb(0xe6, 0xb0, 0x6a)
            } else {
                rgb(0x8a, 0x5a, 0x1c)
            }
        }
        (_, "function") => rgb(0x3d, 0x6f, 0xb0),
        (_, "tag") => rgb(0x7b, 0x4f, 0xa8),
        (_, "special") => rgb(0xb8, 0x86, 0x0b),
        (_, "punctuation") => {
            if dark {
                rgb(0x5c, 0x63, 0x6a)
            } else {
                rgb(0xb0, 0xa8, 0x98)
            }
        }
        (_, "error") => rgb(0xe0, 0x1b, 0x24),
        _ => None,
    };
    highlighter::Format { color, font: None }
}
