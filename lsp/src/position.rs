//! Places as lockfmt counts them (lines and columns from 1, columns in characters) and as the
//! client counts them (lines from 0, columns in the negotiated encoding's code units), converted
//! here and nowhere else, so that every feature speaks lockfmt's places inside the server.

use lockfmt::Span;
use lsp_types::{Position, PositionEncodingKind, Range};

/// How the client counts columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 code units: bytes.
    Utf8,
    /// UTF-16 code units: what the protocol assumes when nothing was negotiated.
    #[default]
    Utf16,
    /// Characters.
    Utf32,
}

impl Encoding {
    /// The encoding to use given what the client offers: UTF-8 when offered (columns are then
    /// byte offsets, the cheapest to convert), UTF-16 otherwise, as the protocol requires.
    pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> Encoding {
        let offered = offered.unwrap_or_default();
        if offered.contains(&PositionEncodingKind::UTF8) {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        }
    }

    /// The protocol's name for it.
    pub fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
            Encoding::Utf32 => PositionEncodingKind::UTF32,
        }
    }

    /// Code units of one character.
    fn width(self, c: char) -> u32 {
        match self {
            Encoding::Utf8 => c.len_utf8() as u32,
            Encoding::Utf16 => c.len_utf16() as u32,
            Encoding::Utf32 => 1,
        }
    }

    /// Code units of a piece of text.
    pub fn units(self, text: &str) -> u32 {
        match self {
            Encoding::Utf8 => text.len() as u32,
            _ => text.chars().map(|c| self.width(c)).sum(),
        }
    }
}

/// A place as lockfmt says it: line from 1, column from 1 counting characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    /// From 1.
    pub line: usize,
    /// From 1, in characters.
    pub column: usize,
}

impl Place {
    /// Whether a span holds this place (its end excluded, as a span's end is).
    pub fn within(self, span: &Span) -> bool {
        let start = (span.line, span.column);
        let end = (span.end_line, span.end_column);
        start <= (self.line, self.column) && (self.line, self.column) < end
    }

    /// Whether the place is on a span's lines.
    pub fn on_lines_of(self, span: &Span) -> bool {
        span.line <= self.line && self.line <= span.end_line
    }
}

/// A text's lines, for converting places both ways.
pub struct Lines<'a> {
    text: &'a str,
    /// The byte where each line starts; lines end at `\n` as lockfmt's do.
    starts: Vec<usize>,
    encoding: Encoding,
}

impl<'a> Lines<'a> {
    /// Indexes a text.
    pub fn new(text: &'a str, encoding: Encoding) -> Lines<'a> {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Lines {
            text,
            starts,
            encoding,
        }
    }

    /// How many lines (a text ending in a line break has an empty last one).
    pub fn count(&self) -> usize {
        self.starts.len()
    }

    /// Line `index` (from 0) without its line break (`\r\n` too); empty past the end.
    pub fn line(&self, index: usize) -> &'a str {
        let Some(&start) = self.starts.get(index) else {
            return "";
        };
        let end = self
            .starts
            .get(index + 1)
            .map_or(self.text.len(), |&next| next - 1);
        let line = self.text.get(start..end).unwrap_or("");
        line.strip_suffix('\r').unwrap_or(line)
    }

    /// The client's position of a lockfmt place; a place past a line's end stands at its end,
    /// and one past the last line at the end of the text.
    pub fn position(&self, place: Place) -> Position {
        let row = place.line.saturating_sub(1);
        if row >= self.count() {
            return self.end();
        }
        let line = self.line(row);
        let chars = place.column.saturating_sub(1);
        let cut = line
            .char_indices()
            .nth(chars)
            .map_or(line.len(), |(i, _)| i);
        Position::new(row as u32, self.encoding.units(&line[..cut]))
    }

    /// The client's range of a lockfmt span.
    pub fn range(&self, span: &Span) -> Range {
        let start = self.position(Place {
            line: span.line,
            column: span.column,
        });
        let end = self.position(Place {
            line: span.end_line,
            column: span.end_column,
        });
        Range::new(start, end.max(start))
    }

    /// The lockfmt place of a client's position; a column past the line's end (or inside a
    /// character's code units) is taken at the next character boundary.
    pub fn place(&self, position: Position) -> Place {
        let row = (position.line as usize).min(self.count().saturating_sub(1));
        let line = self.line(row);
        let mut units = 0u32;
        let mut column = 1;
        for c in line.chars() {
            if units >= position.character {
                break;
            }
            units += self.encoding.width(c);
            column += 1;
        }
        Place {
            line: row + 1,
            column,
        }
    }

    /// The byte offset of a lockfmt place in the text.
    pub fn offset(&self, place: Place) -> usize {
        let row = place.line.saturating_sub(1);
        let Some(&start) = self.starts.get(row) else {
            return self.text.len();
        };
        let line = self.line(row);
        let cut = line
            .char_indices()
            .nth(place.column.saturating_sub(1))
            .map_or(line.len(), |(i, _)| i);
        start + cut
    }

    /// The client's position of a byte offset (clamped to the text, and back to a character
    /// boundary).
    pub fn position_of_offset(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let row = self
            .starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1);
        let start = self.starts.get(row).copied().unwrap_or(0);
        let before = self.text.get(start..offset).unwrap_or("");
        Position::new(row as u32, self.encoding.units(before))
    }

    /// The position just past the text's last character.
    pub fn end(&self) -> Position {
        self.position_of_offset(self.text.len())
    }

    /// A lockfmt span of the bytes `start..end` of line `row` (from 0).
    pub fn span_of_bytes(&self, row: usize, start: usize, end: usize) -> Span {
        let line = self.line(row);
        let column = |byte: usize| {
            line.get(..byte.min(line.len()))
                .map_or(1, |before| before.chars().count() + 1)
        };
        Span {
            line: row + 1,
            column: column(start),
            end_line: row + 1,
            end_column: column(end),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_in_the_negotiated_units() {
        // "é" is 2 bytes, 1 UTF-16 unit; "𝄞" is 4 bytes, 2 UTF-16 units.
        let text = "a é𝄞 x\nnext";
        let at_x = Place { line: 1, column: 6 };
        let utf16 = Lines::new(text, Encoding::Utf16);
        assert_eq!(utf16.position(at_x), Position::new(0, 6));
        assert_eq!(utf16.place(Position::new(0, 6)), at_x);
        let utf8 = Lines::new(text, Encoding::Utf8);
        assert_eq!(utf8.position(at_x), Position::new(0, 9));
        assert_eq!(utf8.place(Position::new(0, 9)), at_x);
        let utf32 = Lines::new(text, Encoding::Utf32);
        assert_eq!(utf32.position(at_x), Position::new(0, 5));
    }

    #[test]
    fn places_past_the_text_stand_at_its_end() {
        let lines = Lines::new("ab\r\ncd", Encoding::Utf16);
        assert_eq!(lines.line(0), "ab");
        assert_eq!(
            lines.position(Place {
                line: 1,
                column: 40
            }),
            Position::new(0, 2)
        );
        assert_eq!(
            lines.position(Place { line: 9, column: 1 }),
            Position::new(1, 2)
        );
        assert_eq!(
            lines.place(Position::new(7, 99)),
            Place { line: 2, column: 3 }
        );
        assert_eq!(lines.position_of_offset(4), Position::new(1, 0));
    }

    #[test]
    fn utf8_is_chosen_only_when_offered() {
        assert_eq!(Encoding::negotiate(None), Encoding::Utf16);
        let offered = [PositionEncodingKind::UTF32, PositionEncodingKind::UTF8];
        assert_eq!(Encoding::negotiate(Some(&offered)), Encoding::Utf8);
        assert_eq!(
            Encoding::negotiate(Some(&[PositionEncodingKind::UTF16])),
            Encoding::Utf16
        );
    }
}
