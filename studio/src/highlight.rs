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

/// The captures the grammars' highlight queries use, by their first word (or whole, for the
/// two that differ from their head), each with its colour on the light paper and on the dark
/// slate: all read at WCAG AA on the theme's backgrounds (`screen::look` tests them).
pub const CAPTURE_COLOURS: &[(&str, [u8; 3], [u8; 3])] = &[
    ("diagnostic", [0xb3, 0x26, 0x1e], [0xff, 0x7b, 0x72]),
    ("keyword.directive", [0x7b, 0x3a, 0x99], [0xc3, 0x9b, 0xd3]),
    ("comment", [0x5f, 0x63, 0x68], [0x9a, 0xa0, 0xa6]),
    ("string", [0x1a, 0x6e, 0x3e], [0x6f, 0xd0, 0x8c]),
    ("keyword", [0xa8, 0x32, 0x1f], [0xf2, 0x8b, 0x82]),
    ("operator", [0xa8, 0x32, 0x1f], [0xf2, 0x8b, 0x82]),
    ("variable", [0x1a, 0x5f, 0x8f], [0x6c, 0xb6, 0xe8]),
    ("constant", [0x9a, 0x3f, 0x00], [0xf0, 0xa0, 0x60]),
    ("label", [0x0b, 0x66, 0x55], [0x4f, 0xd1, 0xb5]),
    ("type", [0x7a, 0x4e, 0x14], [0xe6, 0xb0, 0x6a]),
    ("function", [0x2f, 0x5e, 0x9e], [0x8a, 0xb4, 0xf8]),
    ("tag", [0x6b, 0x3f, 0xa0], [0xc3, 0xa6, 0xf0]),
    ("special", [0x73, 0x53, 0x00], [0xe3, 0xc0, 0x5c]),
    ("punctuation", [0x5e, 0x5e, 0x59], [0x8c, 0x93, 0x9a]),
    ("error", [0xb3, 0x26, 0x1e], [0xff, 0x7b, 0x72]),
];

/// The colour of a capture on a theme: the whole capture's own, else its first word's.
pub fn capture_colour(capture: &str, dark: bool) -> Option<Color> {
    let head = capture.split('.').next().unwrap_or("");
    CAPTURE_COLOURS
        .iter()
        .find(|(name, _, _)| *name == capture)
        .or_else(|| CAPTURE_COLOURS.iter().find(|(name, _, _)| *name == head))
        .map(|&(_, light, dark_rgb)| {
            let [r, g, b] = if dark { dark_rgb } else { light };
            Color::from_rgb8(r, g, b)
        })
}

/// The colour of a capture, by its longest known prefix.
pub fn format(capture: &&'static str, theme: &Theme) -> highlighter::Format<Font> {
    let dark = theme.extended_palette().is_dark;
    highlighter::Format {
        color: capture_colour(capture, dark),
        font: None,
    }
}
