//! Text → [`Document`], with every problem reported at its line and column.
//!
//! Lines are read one by one: a text property, a row of the picture (a line that starts with a
//! number), the footer of column letters, an `axis` line, a comment, or an unknown line. Once
//! every line is read the picture becomes the board and its pieces, the lock's own problems are
//! placed at the glyphs of the cells they name, and the `axis` lines are checked against the
//! picture. The tree-sitter tree is built too and kept for highlighting.

use super::document::{AXIS, DARK, Document, Info, KEY, KEYHOLE, LIGHT, Line};
use crate::diagnostic::{Diagnostic, Span};
use crate::lines::{AuthorLine as _, Gatherer, Word, read_property, split};
use engine::sliding::{Board, Cell, Kind, Lock, MAX_SIDE, Orientation, Piece, ProblemKind};
use std::collections::{BTreeMap, BTreeSet};

mod lines;
mod picture;

/// The largest lock file read. An 11×11 lock with notes is well under 1 KB.
pub const MAX_FILE_BYTES: usize = 64 << 10;

/// Where things are in a sliding lock file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceMap {
    /// Where each line is.
    pub lines: BTreeMap<Line, Span>,
    /// Where each cell's glyph is in the picture.
    pub cells: BTreeMap<Cell, Span>,
}

/// What parsing a sliding lock file gives: the document (whenever the text could be read, even
/// with errors), every diagnostic, where each line is and where each cell's glyph is.
pub type Parsed = crate::Parsed<Document, SourceMap>;

impl Parsed {
    /// The lock, when the file is valid (no errors): a legal lock, ready to solve or play.
    pub fn valid_lock(&self) -> Option<&Lock> {
        self.valid().map(|d| &d.lock)
    }
}

/// Parses a lock file from raw bytes: refuses files that are too large or not UTF-8 with a
/// diagnostic, then parses the text.
pub fn parse_bytes(bytes: &[u8]) -> Parsed {
    match crate::source::text_of(bytes, MAX_FILE_BYTES, "a sliding lock file") {
        Ok(text) => parse(text),
        Err(d) => Parsed::fail(d),
    }
}

/// A row of the picture as read.
struct Row {
    /// The line it is on.
    line: usize,
    /// Its number as written (`None` when too long to be a number), and where.
    number: (Option<u64>, Span),
    /// Its glyphs, each with its column.
    glyphs: Vec<(char, usize)>,
}

/// An `axis` line as read.
struct AxisLine {
    /// The axis's cell.
    cell: Cell,
    /// Where the cell is written.
    cell_span: Span,
    /// The pieces listed, each with where it is written.
    letters: Vec<(char, Span)>,
}

/// What the pieces' letters and glyphs say, once the picture is read.
struct Picture {
    lock: Lock,
    letters: Vec<char>,
}

/// Reads the lines of a file into a document.
struct Reader {
    diagnostics: Vec<Diagnostic>,
    info: Info,
    unknown: Vec<String>,
    rows: Vec<Row>,
    /// How many row lines the file has (counted before reading, to number the rows' lines).
    height: usize,
    /// The footer's line and its letters with their columns.
    footer: Option<(usize, Vec<(char, usize)>)>,
    axes: Vec<AxisLine>,
    lines: BTreeMap<Line, Span>,
    cells: BTreeMap<Cell, Span>,
    comments: Gatherer<Line>,
}

/// Whether a line is a row of the picture: it starts with a number.
fn is_row(text: &str) -> bool {
    text.trim_start().starts_with(|c: char| c.is_ascii_digit())
}

/// Whether a line's words are the footer: two or more single column letters, from `A`.
fn is_footer(words: &[Word]) -> bool {
    words.len() >= 2
        && words[0].text == "A"
        && words
            .iter()
            .all(|w| w.text.len() == 1 && w.text.bytes().all(|b| b.is_ascii_uppercase()))
}

const GLYPHS: &str = "`.` a light cell, `*` a dark cell, `K` the Key, `@` the Keyhole, `+` an axis, `a`–`z` a vertical or horizontal piece";

/// Parses lock text.
pub fn parse(text: &str) -> Parsed {
    if text.len() > MAX_FILE_BYTES {
        return parse_bytes(text.as_bytes());
    }
    let read = crate::lines::without_mark(text);
    let mut reader = Reader {
        diagnostics: Vec::new(),
        info: Info::default(),
        unknown: Vec::new(),
        rows: Vec::new(),
        height: read.split('\n').filter(|l| is_row(l)).count(),
        footer: None,
        axes: Vec::new(),
        lines: BTreeMap::new(),
        cells: BTreeMap::new(),
        comments: Gatherer::default(),
    };
    for (i, line) in read.split('\n').enumerate() {
        reader.line(i + 1, line);
    }
    let errors_before = reader.diagnostics.iter().filter(|d| d.is_error()).count();
    let (width, height) = reader.check_shape();
    let shape_ok = reader.diagnostics.iter().filter(|d| d.is_error()).count() == errors_before;
    let (picture, pieces_ok) = reader.picture(width, height);
    // A picture that could not be read leaves the lock incomplete: its own problems would only
    // repeat what is wrong with the picture.
    if shape_ok && pieces_ok {
        reader.check_lock(&picture);
        reader.check_axes(&picture);
    }
    reader.diagnostics.sort_by_key(|d| d.span);
    // The tree serves highlighting only: the lines are read without it.
    let tree = crate::source::syntax_tree(&super::language::language(), text, "").ok();
    Parsed {
        document: Some(Document {
            lock: picture.lock,
            letters: picture.letters,
            info: reader.info,
            unknown: reader.unknown,
            comments: reader.comments.finish(),
        }),
        diagnostics: reader.diagnostics,
        source_map: SourceMap {
            lines: reader.lines,
            cells: reader.cells,
        },
        tree,
    }
}
