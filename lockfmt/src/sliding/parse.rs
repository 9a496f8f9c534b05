//! Text → [`Document`], with every problem reported at its line and column.
//!
//! Lines are read one by one: a text property, a row of the picture (a line that starts with a
//! number), the footer of column letters, an `axis` line, a comment, or an unknown line. Once
//! every line is read the picture becomes the board and its pieces, the lock's own problems are
//! placed at the glyphs of the cells they name, and the `axis` lines are checked against the
//! picture. The tree-sitter tree is built too and kept for highlighting.

use super::document::{AXIS, Comments, DARK, Document, Info, KEY, KEYHOLE, LIGHT, Line};
use crate::diagnostic::{Diagnostic, Span};
use engine::sliding::{Board, Cell, Kind, Lock, MAX_SIDE, Orientation, Piece, ProblemKind};
use std::collections::{BTreeMap, BTreeSet};
use tree_sitter::Parser;

/// The largest lock file read. An 11×11 lock with notes is well under 1 KB.
pub const MAX_FILE_BYTES: usize = 64 << 10;

/// What parsing a lock file gives: the document (whenever the text could be read, even with
/// errors), every diagnostic, where each line and each cell's glyph is, and the syntax tree.
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    /// The lock and what the file says of it; `None` when the text was never read (too large,
    /// not UTF-8).
    pub document: Option<Document>,
    /// Every problem, in file order.
    pub diagnostics: Vec<Diagnostic>,
    /// Where each line is.
    pub lines: BTreeMap<Line, Span>,
    /// Where each cell's glyph is in the picture.
    pub cells: BTreeMap<Cell, Span>,
    /// The syntax tree, for highlighting; `None` when the text was never parsed.
    pub tree: Option<tree_sitter::Tree>,
}

impl Parsed {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The lock, when the file is valid (no errors): a legal lock, ready to solve or play.
    pub fn valid_lock(&self) -> Option<&Lock> {
        if self.has_errors() {
            None
        } else {
            self.document.as_ref().map(|d| &d.lock)
        }
    }

    fn fail(diagnostic: Diagnostic) -> Parsed {
        Parsed {
            diagnostics: vec![diagnostic],
            ..Parsed::default()
        }
    }
}

/// Parses a lock file from raw bytes: refuses files that are too large or not UTF-8 with a
/// diagnostic, then parses the text.
pub fn parse_bytes(bytes: &[u8]) -> Parsed {
    if bytes.len() > MAX_FILE_BYTES {
        return Parsed::fail(Diagnostic::error(
            Span::START,
            "file-too-large",
            format!(
                "the file is {} bytes; a sliding lock file is at most {} bytes (64 KiB)",
                bytes.len(),
                MAX_FILE_BYTES
            ),
        ));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(text),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
            let column = std::str::from_utf8(&good[start..]).map_or(1, |s| s.chars().count() + 1);
            Parsed::fail(Diagnostic::error(
                Span::on_line(line, column, 1),
                "invalid-utf8",
                format!(
                    "the file is not UTF-8 text: byte 0x{:02x} at offset {} cannot start a character",
                    bytes[e.valid_up_to()],
                    e.valid_up_to()
                ),
            ))
        }
    }
}

/// A word of a line: its text and where it starts (column from 1, in characters).
#[derive(Clone, Copy, Debug)]
struct Word<'a> {
    text: &'a str,
    column: usize,
}

impl Word<'_> {
    fn span(&self, line: usize) -> Span {
        Span::on_line(line, self.column, self.text.chars().count())
    }
}

/// Splits a line into its content's words and its comment (from a `#`, outside quotes when
/// `quotes`).
fn split(line: &str, quotes: bool) -> (Vec<Word<'_>>, Option<&str>) {
    let mut words = Vec::new();
    let mut in_quotes = false;
    let mut start: Option<(usize, usize)> = None;
    let mut comment = None;
    for (column, (i, c)) in line.char_indices().enumerate() {
        let column = column + 1;
        if c == '"' && quotes {
            in_quotes = !in_quotes;
        }
        if c == '#' && !in_quotes {
            comment = Some(&line[i..]);
            if let Some((s, col)) = start.take() {
                words.push(Word {
                    text: &line[s..i],
                    column: col,
                });
            }
            break;
        }
        if c.is_whitespace() && !in_quotes {
            if let Some((s, col)) = start.take() {
                words.push(Word {
                    text: &line[s..i],
                    column: col,
                });
            }
        } else if start.is_none() {
            start = Some((i, column));
        }
    }
    if comment.is_none()
        && let Some((s, col)) = start
    {
        words.push(Word {
            text: &line[s..],
            column: col,
        });
    }
    (words, comment.map(str::trim_end))
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
    comments: Comments,
    /// Comment lines waiting for the line they stand before.
    pending: Vec<String>,
    /// Whether any line but a comment has been read.
    started: bool,
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

impl Reader {
    fn error(&mut self, span: Span, code: &str, message: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::error(span, code, message));
    }

    fn warning(&mut self, span: Span, code: &str, message: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::warning(span, code, message));
    }

    fn line(&mut self, n: usize, text: &str) {
        let text = text.strip_suffix('\r').unwrap_or(text);
        // Rows and axis lines have no strings: a `"` there is a wrong glyph, not a quote.
        let plain = is_row(text) || text.split_whitespace().next() == Some("axis");
        let (words, comment) = split(text, !plain);
        let Some(first) = words.first().copied() else {
            match comment {
                Some(c) => self.pending.push(c.to_string()),
                None if !self.started && !self.pending.is_empty() => {
                    // A blank line after the first comments: they are the file's head.
                    self.comments.head.append(&mut self.pending);
                }
                None => {}
            }
            return;
        };
        self.started = true;
        let whole = Span::on_line(
            n,
            first.column,
            text.trim_end().chars().count() + 1 - first.column,
        );
        let line = if is_row(text) {
            Some(self.row(n, &words))
        } else if is_footer(&words) {
            Some(self.footer(n, &words))
        } else {
            match first.text {
                "title" | "by" | "source" | "license" | "note" => {
                    self.text_property(n, text, &words)
                }
                "axis" => self.axis(n, &words),
                _ => {
                    let kept = match comment {
                        Some(c) => text[..text.len() - c.len()].trim().to_string(),
                        None => text.trim().to_string(),
                    };
                    self.warning(
                        first.span(n),
                        "unknown-property",
                        format!(
                            "`{}` is not part of the sliding lock format; the line is kept as written",
                            first.text
                        ),
                    );
                    self.unknown.push(kept);
                    Some(Line::Unknown(self.unknown.len() - 1))
                }
            }
        };
        if let Some(line) = line {
            self.lines.entry(line).or_insert(whole);
            if !self.pending.is_empty() {
                let pending = std::mem::take(&mut self.pending);
                self.comments
                    .leading
                    .entry(line)
                    .or_default()
                    .extend(pending);
            }
            if let Some(c) = comment {
                // A second footer's comment joins the first's.
                let t = self.comments.trailing.entry(line).or_default();
                if !t.is_empty() {
                    t.push(' ');
                }
                t.push_str(c);
            }
        }
    }

    fn text_property(&mut self, n: usize, text: &str, words: &[Word]) -> Option<Line> {
        let key = words[0];
        let value = words.get(1).map(|w| {
            // The value runs from its first word to the end of the content.
            let start = text
                .char_indices()
                .nth(w.column - 1)
                .map_or(text.len(), |(i, _)| i);
            let last = words.last().map_or(w, |l| l);
            let end = text
                .char_indices()
                .nth(last.column - 1 + last.text.chars().count())
                .map_or(text.len(), |(i, _)| i);
            (&text[start..end], w.column)
        });
        let value = match value {
            None => {
                self.error(
                    key.span(n),
                    "missing-value",
                    format!("`{}` needs a value, e.g. `{} \"…\"`", key.text, key.text),
                );
                return None;
            }
            Some((v, column)) if v.starts_with('"') => {
                if v.len() < 2 || !v.ends_with('"') {
                    self.error(
                        Span::on_line(n, column, v.chars().count()),
                        "unterminated-string",
                        "this string has no closing quote",
                    );
                    return None;
                }
                v[1..v.len() - 1].replace("&quot;", "\"")
            }
            Some((v, _)) => v.to_string(),
        };
        let slot = match key.text {
            "title" => (&mut self.info.title, Line::Title),
            "by" => (&mut self.info.by, Line::By),
            "source" => (&mut self.info.source, Line::Source),
            "license" => (&mut self.info.license, Line::License),
            _ => {
                self.info.notes.push(value);
                return Some(Line::Note(self.info.notes.len() - 1));
            }
        };
        if slot.0.is_some() {
            self.error(
                key.span(n),
                "repeated-property",
                format!("`{}` is given twice; a lock has one", key.text),
            );
            return None;
        }
        *slot.0 = Some(value);
        Some(slot.1)
    }

    /// A row: its number, then one glyph per column.
    fn row(&mut self, n: usize, words: &[Word]) -> Line {
        let first = words[0];
        let digits = first.text.bytes().take_while(u8::is_ascii_digit).count();
        let number_span = Span::on_line(n, first.column, digits);
        let number = first.text[..digits].parse::<u64>().ok();
        let mut glyphs = Vec::new();
        let mut glued = (first.text.len() > digits).then(|| {
            Span::on_line(
                n,
                first.column + digits,
                first.text[digits..].chars().count(),
            )
        });
        let rest = std::iter::once(Word {
            text: &first.text[digits..],
            column: first.column + digits,
        })
        .chain(words[1..].iter().copied());
        for w in rest {
            if w.text.chars().count() > 1 && glued.is_none() {
                glued = Some(w.span(n));
            }
            for (k, c) in w.text.chars().enumerate() {
                glyphs.push((c, w.column + k));
            }
        }
        // A glyph glued to the number, or two glyphs glued together.
        if let Some(span) = glued {
            self.warning(
                span,
                "spacing",
                "glyphs are separated by single spaces (fmt spaces them)",
            );
        }
        let line = Line::Row(self.height.saturating_sub(self.rows.len()));
        self.rows.push(Row {
            line: n,
            number: (number, number_span),
            glyphs,
        });
        line
    }

    fn footer(&mut self, n: usize, words: &[Word]) -> Line {
        if self.footer.is_some() {
            self.warning(
                words[0].span(n),
                "footer",
                "a second footer: the picture has one line of column letters (fmt keeps one)",
            );
        } else {
            let letters = words
                .iter()
                .map(|w| (w.text.chars().next().unwrap_or('A'), w.column))
                .collect();
            if self.rows.is_empty() {
                self.warning(
                    words[0].span(n),
                    "footer",
                    "the footer of column letters belongs under the picture (fmt moves it there)",
                );
            }
            self.footer = Some((n, letters));
        }
        Line::Footer
    }

    /// `axis C3: a b`.
    fn axis(&mut self, n: usize, words: &[Word]) -> Option<Line> {
        const EXAMPLE: &str = "axis C3: a b";
        let Some(cell_word) = words.get(1) else {
            self.error(
                words[0].span(n),
                "axis-line",
                format!("`axis` needs the axis's cell and the pieces attached to it: `{EXAMPLE}`"),
            );
            return None;
        };
        let (name, colon) = match cell_word.text.split_once(':') {
            Some((name, after)) => (name, Some(after)),
            None => (cell_word.text, None),
        };
        let cell_span = Span::on_line(n, cell_word.column, name.chars().count());
        let Some(cell) =
            Cell::parse(name).filter(|_| name.starts_with(|c: char| c.is_ascii_uppercase()))
        else {
            self.error(
                cell_span,
                "axis-line",
                format!("`{name}` is not a cell: an axis line reads `{EXAMPLE}`, the cell as a column letter and a row number"),
            );
            return None;
        };
        let mut rest: Vec<Word> = Vec::new();
        if let Some(after) = colon.filter(|a| !a.is_empty()) {
            rest.push(Word {
                text: after,
                column: cell_word.column + name.chars().count() + 1,
            });
        }
        let mut others = words[2..].iter().copied();
        if colon.is_none() {
            match others.next() {
                Some(w) if w.text == ":" => {}
                Some(w) if w.text.starts_with(':') => rest.push(Word {
                    text: &w.text[1..],
                    column: w.column + 1,
                }),
                Some(w) => {
                    self.error(
                        w.span(n),
                        "axis-line",
                        format!("a colon goes after the axis's cell: `{EXAMPLE}`"),
                    );
                    return None;
                }
                None => {}
            }
        }
        rest.extend(others);
        let mut letters = Vec::new();
        for w in rest {
            for (k, c) in w.text.chars().enumerate() {
                let span = Span::on_line(n, w.column + k, 1);
                if c == KEY || c.is_ascii_lowercase() {
                    letters.push((c, span));
                } else {
                    self.error(
                        span,
                        "axis-line",
                        format!("`{c}` is not a piece's letter: an axis line lists pieces by their letters (`K` for the Key), as in `{EXAMPLE}`"),
                    );
                    return None;
                }
            }
        }
        if self.axes.iter().any(|a| a.cell == cell) {
            self.error(
                cell_span,
                "axis-line",
                format!("the axis at {cell} has a second `axis` line; each axis has one"),
            );
            return None;
        }
        self.axes.push(AxisLine {
            cell,
            cell_span,
            letters,
        });
        Some(Line::Axis(cell))
    }

    /// The picture's size, the rows' widths and numbers, and the footer: problems of shape.
    /// Returns the board's width and height (clamped to 11).
    fn check_shape(&mut self) -> (u8, u8) {
        let height = self.rows.len();
        let Some(first) = self.rows.first() else {
            self.error(
                Span::START,
                "no-picture",
                "the file has no picture of the board: one line per row from the top, each starting with its row number, as `3 K K . @`",
            );
            return (0, 0);
        };
        let first_span = first.number.1;
        // The width most rows have (the first row's when as many have another).
        let mut counts: BTreeMap<usize, usize> = BTreeMap::new();
        for r in &self.rows {
            *counts.entry(r.glyphs.len()).or_default() += 1;
        }
        let best = counts.values().copied().max().unwrap_or(0);
        let width = if counts.get(&first.glyphs.len()) == Some(&best) {
            first.glyphs.len()
        } else {
            counts
                .iter()
                .find(|&(_, &c)| c == best)
                .map_or(0, |(&w, _)| w)
        };
        let side = MAX_SIDE as usize;
        if height > side {
            let span = self.rows[side].number.1;
            self.error(
                span,
                "board-size",
                format!("the picture has {height} rows: a board is at most {side}×{side}"),
            );
        } else if height < 2 {
            self.error(
                first_span,
                "board-size",
                format!("the picture has {height} row: a board is at least 2×2, to hold the Key"),
            );
        }
        if width > side {
            let (line, column) = self
                .rows
                .iter()
                .find(|r| r.glyphs.len() == width)
                .map_or((1, 1), |r| (r.line, r.glyphs[side].1));
            self.error(
                Span::on_line(line, column, 1),
                "board-size",
                format!("the rows are {width} cells wide: a board is at most {side}×{side}"),
            );
        } else if width < 2 {
            self.error(
                first_span,
                "board-size",
                format!(
                    "the rows are {width} cell{} wide: a board is at least 2×2, to hold the Key",
                    if width == 1 { "" } else { "s" }
                ),
            );
        }
        let mut problems = Vec::new();
        for (i, r) in self.rows.iter().enumerate() {
            let label = height - i;
            let len = r.glyphs.len();
            if len > width {
                let column = r.glyphs[width].1;
                let end = r.glyphs[len - 1].1 + 1;
                problems.push(Diagnostic::error(
                    Span::on_line(r.line, column, end - column),
                    "row-width",
                    format!("row {label} has {len} cells; the board is {width} wide"),
                ));
            } else if len < width {
                let column = r.glyphs.last().map_or(r.number.1.end_column, |g| g.1 + 1);
                problems.push(Diagnostic::error(
                    Span::on_line(r.line, column, 1),
                    "row-width",
                    format!(
                        "row {label} has {len} cell{}; the board is {width} wide",
                        if len == 1 { "" } else { "s" }
                    ),
                ));
            }
            if r.number.0 != Some(label as u64) {
                problems.push(Diagnostic::warning(
                    r.number.1,
                    "row-number",
                    format!(
                        "this is row {label}: rows count down to 1 at the bottom (fmt renumbers them)"
                    ),
                ));
            }
        }
        self.diagnostics.extend(problems);
        let width = width.min(side);
        if let Some((line, letters)) = &self.footer {
            let wanted: Vec<char> = (0..width as u8).map(Cell::column_letter).collect();
            let written: Vec<char> = letters.iter().map(|l| l.0).collect();
            if written != wanted {
                let at = written
                    .iter()
                    .zip(&wanted)
                    .position(|(a, b)| a != b)
                    .unwrap_or(written.len().min(wanted.len()));
                let column = match letters.get(at) {
                    Some(l) => l.1,
                    None => letters.last().map_or(1, |l| l.1 + 2),
                };
                let spaced =
                    |cs: &[char]| cs.iter().map(char::to_string).collect::<Vec<_>>().join(" ");
                let message = format!(
                    "the footer reads `{}`; the board's columns are `{}` (fmt writes them)",
                    spaced(&written),
                    spaced(&wanted)
                );
                self.warning(Span::on_line(*line, column, 1), "footer", message);
            }
        }
        (width as u8, height.min(side) as u8)
    }

    /// The board and its pieces from the picture, and whether every glyph and piece could be
    /// read (when not, the lock lacks what could not).
    fn picture(&mut self, width: u8, height: u8) -> (Picture, bool) {
        let mut board = Board::new(width.max(1), height.max(1));
        let mut groups: BTreeMap<char, Vec<Cell>> = BTreeMap::new();
        let mut singles: Vec<(char, Cell)> = Vec::new();
        let mut ok = true;
        let mut bad = Vec::new();
        for (i, r) in self.rows.iter().enumerate().take(height as usize) {
            let row = height - 1 - i as u8;
            for (col, &(g, column)) in r.glyphs.iter().enumerate().take(width as usize) {
                let cell = Cell::new(col as u8, row);
                let span = Span::on_line(r.line, column, 1);
                self.cells.insert(cell, span);
                match g {
                    LIGHT => {}
                    DARK => board.set_dark(cell, true),
                    KEYHOLE | AXIS => singles.push((g, cell)),
                    KEY | 'a'..='z' => groups.entry(g).or_default().push(cell),
                    _ => {
                        bad.push(Diagnostic::error(
                            span,
                            "glyph",
                            format!("`{g}` is not a glyph of the picture: {GLYPHS}"),
                        ));
                    }
                }
            }
        }
        ok &= bad.is_empty();
        self.diagnostics.extend(bad);
        let mut pieces = Vec::new();
        let mut letters = Vec::new();
        let mut sliders = Vec::new();
        // The Key first, then the Keyhole, the axes, and the lettered pieces by letter.
        for (&g, cells) in &groups {
            let line = straight(cells);
            let at = self.first_in_text(cells);
            match (g, line) {
                (KEY, Some((first, orientation))) => {
                    let mut key = Piece::key(first, orientation);
                    key.length = cells.len() as u8;
                    pieces.push(key);
                    letters.push(KEY);
                }
                (_, Some((first, orientation))) if cells.len() >= 2 => {
                    sliders.push((g, Piece::slider(first, orientation, cells.len() as u8)));
                }
                (_, Some(_)) => {
                    ok = false;
                    self.error(
                        at,
                        "piece-shape",
                        format!("the piece `{g}` is one cell, {}: a vertical or horizontal piece is at least two cells long (a one-cell piece is an axis, `+`)", cells[0]),
                    );
                }
                (_, None) => {
                    ok = false;
                    let what = if g == KEY {
                        "the Key's cells (`K`)".to_string()
                    } else {
                        format!("the cells marked `{g}`")
                    };
                    self.error(
                        at,
                        "piece-shape",
                        format!(
                            "{what}, {}, are not one straight line of touching cells: each letter marks one piece",
                            engine::sliding::lock::list(cells)
                        ),
                    );
                }
            }
        }
        singles.sort_by_key(|&(g, c)| (g != KEYHOLE, c));
        for (g, cell) in singles {
            pieces.push(if g == KEYHOLE {
                Piece::keyhole(cell)
            } else {
                Piece::axis(cell)
            });
            letters.push(g);
        }
        for (g, p) in sliders {
            pieces.push(p);
            letters.push(g);
        }
        (
            Picture {
                lock: Lock::new(board, pieces),
                letters,
            },
            ok,
        )
    }

    /// The glyph of the cell, among `cells`, that comes first in the text.
    fn first_in_text(&self, cells: &[Cell]) -> Span {
        cells
            .iter()
            .filter_map(|c| self.cells.get(c))
            .min()
            .copied()
            .unwrap_or(Span::START)
    }

    /// The lock's own problems, each at the glyph of the first cell it names.
    fn check_lock(&mut self, picture: &Picture) {
        let lock = &picture.lock;
        let start = self.rows.first().map_or(Span::START, |r| r.number.1);
        for problem in lock.problems() {
            let cell = problem
                .cells
                .first()
                .copied()
                .or_else(|| problem.pieces.first().map(|&i| lock.pieces[i].at));
            let span = cell
                .and_then(|c| self.cells.get(&c).copied())
                .unwrap_or(start);
            let code = match problem.kind {
                ProblemKind::BoardTooSmall => "board-size",
                ProblemKind::NoKey => "no-key",
                ProblemKind::SecondKey => "second-key",
                ProblemKind::NoKeyhole => "no-keyhole",
                ProblemKind::SecondKeyhole => "second-keyhole",
                ProblemKind::KeyLength => "key-length",
                ProblemKind::SliderTooShort => "piece-shape",
                ProblemKind::OffBoard => "off-board",
                ProblemKind::OnDarkCell => "dark-cell",
                ProblemKind::Overlap => "overlap",
                ProblemKind::KeyholeNotOnUnlabelledEdge => "keyhole-edge",
                ProblemKind::BareAxis => "bare-axis",
                ProblemKind::AlreadyPicked => "picked",
            };
            let message = match problem.kind {
                ProblemKind::KeyLength => {
                    let n = problem.pieces.first().map_or(0, |&i| lock.pieces[i].length);
                    format!(
                        "the Key covers {n} cell{}: it is two cells in line, `K K` across or down",
                        if n == 1 { "" } else { "s" }
                    )
                }
                _ => problem.message.clone(),
            };
            self.error(span, code, message);
        }
    }

    /// Each `axis` line against the picture: the pieces it lists are the pieces attached.
    fn check_axes(&mut self, picture: &Picture) {
        let lock = &picture.lock;
        let mut problems = Vec::new();
        for line in &self.axes {
            let cell = line.cell;
            let axis = lock
                .pieces
                .iter()
                .position(|p| p.kind == Kind::Axis && p.at == cell);
            let Some(axis) = axis else {
                problems.push(Diagnostic::error(
                    line.cell_span,
                    "axis-line",
                    format!("there is no axis at {cell}: the picture marks axes with `+`"),
                ));
                continue;
            };
            let attached: BTreeSet<char> = lock
                .attached(axis)
                .iter()
                .map(|&(i, _)| picture.letters[i])
                .collect();
            let mut listed = BTreeSet::new();
            for &(letter, span) in &line.letters {
                let name = if letter == KEY {
                    "the Key".to_string()
                } else {
                    format!("`{letter}`")
                };
                if !listed.insert(letter) {
                    problems.push(Diagnostic::warning(
                        span,
                        "axis-line",
                        format!("{name} is listed twice (fmt lists it once)"),
                    ));
                } else if !picture.letters.contains(&letter) {
                    problems.push(Diagnostic::error(
                        span,
                        "axis-line",
                        format!("no piece is marked `{letter}` in the picture"),
                    ));
                } else if !attached.contains(&letter) {
                    problems.push(Diagnostic::error(
                        span,
                        "axis-line",
                        format!("{name} is not attached to the axis at {cell}: neither of its ends touches the axis in line"),
                    ));
                }
            }
            for letter in attached.difference(&listed) {
                let name = if *letter == KEY {
                    "the Key".to_string()
                } else {
                    format!("`{letter}`")
                };
                problems.push(Diagnostic::error(
                    line.cell_span,
                    "axis-line",
                    format!("{name} is attached to the axis at {cell} (an end touches it in line) but the line does not list it"),
                ));
            }
        }
        self.diagnostics.extend(problems);
    }
}

/// The first cell and orientation of `cells` when they are one straight line of touching cells.
fn straight(cells: &[Cell]) -> Option<(Cell, Orientation)> {
    let mut sorted = cells.to_vec();
    sorted.sort_by_key(|c| (c.row, c.col));
    let first = *sorted.first()?;
    let along = |f: fn(&Cell) -> u8, g: fn(&Cell) -> u8| {
        sorted
            .iter()
            .enumerate()
            .all(|(k, c)| f(c) == f(&first) && g(c) as usize == g(&first) as usize + k)
    };
    if along(|c| c.row, |c| c.col) {
        Some((first, Orientation::Horizontal))
    } else if along(|c| c.col, |c| c.row) {
        Some((first, Orientation::Vertical))
    } else {
        None
    }
}

/// Parses lock text.
pub fn parse(text: &str) -> Parsed {
    if text.len() > MAX_FILE_BYTES {
        return parse_bytes(text.as_bytes());
    }
    let mut reader = Reader {
        diagnostics: Vec::new(),
        info: Info::default(),
        unknown: Vec::new(),
        rows: Vec::new(),
        height: text.split('\n').filter(|l| is_row(l)).count(),
        footer: None,
        axes: Vec::new(),
        lines: BTreeMap::new(),
        cells: BTreeMap::new(),
        comments: Comments::default(),
        pending: Vec::new(),
        started: false,
    };
    for (i, line) in text.split('\n').enumerate() {
        reader.line(i + 1, line);
    }
    reader.comments.tail = std::mem::take(&mut reader.pending);
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
    let mut parser = Parser::new();
    let tree = parser
        .set_language(&super::language::language())
        .ok()
        .and_then(|()| parser.parse(text, None));
    Parsed {
        document: Some(Document {
            lock: picture.lock,
            letters: picture.letters,
            info: reader.info,
            unknown: reader.unknown,
            comments: reader.comments,
        }),
        diagnostics: reader.diagnostics,
        lines: reader.lines,
        cells: reader.cells,
        tree,
    }
}
