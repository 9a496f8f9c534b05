//! Text → [`Document`], with every problem reported at its line and column.
//!
//! Lines are read one by one: the format is a list of short lines, each saying one thing, and
//! a reader over words says more precisely what a line lacks than a syntax tree's error
//! recovery would. The tree-sitter tree is built too and kept for highlighting.

use super::document::{Document, Info, Line};
use crate::diagnostic::{Diagnostic, Span};
use crate::lines::{AuthorLine as _, Gatherer, Word, read_property, split};
use engine::quadrillion::{
    Board, BoardProblem, Challenge, ChallengeProblem, Dot, GridId, GridPlacement, Orientation,
    Placement, ShapeId, Side,
};
use std::collections::BTreeMap;

/// The largest board file read. A board with every shape placed and notes is under 2 KB.
pub const MAX_FILE_BYTES: usize = 64 << 10;

/// Where things are in a board file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceMap {
    /// Where each line is.
    pub lines: BTreeMap<Line, Span>,
}

/// What parsing a board file gives: the document (whenever the text could be read, even with
/// errors), every diagnostic, and where each line is.
pub type Parsed = crate::Parsed<Document, SourceMap>;

impl Parsed {
    /// The challenge, when the file is valid (no errors).
    pub fn valid_challenge(&self) -> Option<&Challenge> {
        self.valid().map(|d| &d.challenge)
    }
}

/// Parses a board file from raw bytes: refuses files that are too large or not UTF-8 with a
/// diagnostic, then parses the text.
pub fn parse_bytes(bytes: &[u8]) -> Parsed {
    match crate::source::text_of(bytes, MAX_FILE_BYTES, "a Quadrillion board") {
        Ok(text) => parse(text),
        Err(d) => Parsed::fail(d),
    }
}

/// Reads the lines of a file into a document.
struct Reader {
    diagnostics: Vec<Diagnostic>,
    info: Info,
    unknown: Vec<String>,
    grids: Vec<(GridPlacement, Span)>,
    shapes: Vec<(Placement, Span)>,
    lines: BTreeMap<Line, Span>,
    comments: Gatherer<Line>,
}

impl Reader {
    fn error(&mut self, span: Span, code: &str, message: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::error(span, code, message));
    }

    fn line(&mut self, n: usize, text: &str) {
        let text = text.strip_suffix('\r').unwrap_or(text);
        let (words, raw_comment) = split(text, true);
        let comment = raw_comment.map(str::trim_end);
        let Some(first) = words.first().copied() else {
            self.comments.blank_or_comment(comment);
            return;
        };
        self.comments.started();
        let whole = Span::on_line(
            n,
            first.column,
            text.trim_end().chars().count() + 1 - first.column,
        );
        let line = match first.text {
            "title" | "by" | "source" | "license" | "note" => self.text_property(n, text, &words),
            "grid" => self.grid(n, &words),
            "shape" => self.shape(n, &words),
            _ => {
                let kept = match raw_comment {
                    Some(c) => text[..text.len() - c.len()].trim().to_string(),
                    None => text.trim().to_string(),
                };
                self.diagnostics.push(Diagnostic::warning(
                    first.span(n),
                    "unknown-property",
                    format!(
                        "`{}` is not part of the board format; the line is kept as written",
                        first.text
                    ),
                ));
                self.unknown.push(kept);
                Some(Line::Unknown(self.unknown.len() - 1))
            }
        };
        if let Some(line) = line {
            self.lines.insert(line, whole);
            self.comments.attach(line, comment);
        }
    }

    fn text_property(&mut self, n: usize, text: &str, words: &[Word]) -> Option<Line> {
        match read_property(&mut self.info, n, text, words, "a board") {
            Ok(property) => Some(Line::property(property)),
            Err(d) => {
                self.diagnostics.push(d);
                None
            }
        }
    }

    /// Reads `turn T`, `at ROW COL`, `flipped` and (for grids) the side, in any order.
    fn attributes(
        &mut self,
        n: usize,
        words: &[Word],
        what: &str,
        example: &str,
    ) -> Option<(Option<Side>, bool, u8, Dot)> {
        let mut side = None;
        let mut flipped = false;
        let mut turns = None;
        let mut at = None;
        let mut i = 0;
        let number = |w: Option<&Word>| w.and_then(|w| w.text.parse::<i32>().ok());
        while i < words.len() {
            let w = words[i];
            match w.text {
                "white" | "black" if what == "grid" && side.is_none() => {
                    side = Some(if w.text == "white" {
                        Side::White
                    } else {
                        Side::Black
                    });
                }
                "flipped" if what == "shape" && !flipped => flipped = true,
                "turn" if turns.is_none() => match number(words.get(i + 1)) {
                    Some(t) if (0..4).contains(&t) => {
                        turns = Some(t as u8);
                        i += 1;
                    }
                    Some(t) => {
                        self.error(
                            words[i + 1].span(n),
                            "turns",
                            format!("{t} quarter turns: a {what} turns 0, 1, 2 or 3 quarter turns clockwise"),
                        );
                        return None;
                    }
                    None => {
                        self.error(
                            w.span(n),
                            "turns",
                            format!("`turn` needs a number of quarter turns clockwise, 0 to 3: `{example}`"),
                        );
                        return None;
                    }
                },
                "at" if at.is_none() => {
                    match (number(words.get(i + 1)), number(words.get(i + 2))) {
                        // Not `abs()`: the least `i32` has none, and wrapped it passed as near.
                        (Some(r), Some(c))
                            if (-1000..=1000).contains(&r) && (-1000..=1000).contains(&c) =>
                        {
                            at = Some(Dot::new(r, c));
                            i += 2;
                        }
                        _ => {
                            self.error(
                            w.span(n),
                            "position",
                            format!("`at` needs a row and a column (whole numbers from -1000 to 1000): `{example}`"),
                        );
                            return None;
                        }
                    }
                }
                _ => {
                    let repeated = matches!(w.text, "white" | "black" | "flipped" | "turn" | "at");
                    self.error(
                        w.span(n),
                        "syntax",
                        if repeated {
                            format!("`{}` is given twice on this {what} line", w.text)
                        } else {
                            format!(
                                "`{}` is not understood here: a {what} line reads `{example}`",
                                w.text
                            )
                        },
                    );
                    return None;
                }
            }
            i += 1;
        }
        let Some(at) = at else {
            let last = words.last().map_or(Span::on_line(n, 1, 1), |w| w.span(n));
            self.error(
                last,
                "position",
                format!("the {what} has no position: add `at ROW COLUMN`, as in `{example}`"),
            );
            return None;
        };
        Some((side, flipped, turns.unwrap_or(0), at))
    }

    fn grid(&mut self, n: usize, words: &[Word]) -> Option<Line> {
        const EXAMPLE: &str = "grid 2 black turn 1 at 0 4";
        let Some(number) = words.get(1) else {
            self.error(
                words[0].span(n),
                "grid-number",
                format!("which grid? `{EXAMPLE}` (grids are numbered 1 to 4)"),
            );
            return None;
        };
        let Some(id) = number.text.parse::<u8>().ok().and_then(GridId::from_number) else {
            self.error(
                number.span(n),
                "grid-number",
                format!("`{}` is not a grid: grids are numbered 1 to 4", number.text),
            );
            return None;
        };
        let (side, _, turns, at) = self.attributes(n, &words[2..], "grid", EXAMPLE)?;
        if self.grids.iter().any(|(g, _)| g.grid == id) {
            self.error(
                number.span(n),
                "repeated-grid",
                format!("grid {id} is placed twice; each grid lies once"),
            );
            return None;
        }
        let span = Span::on_line(n, words[0].column, 4);
        self.grids.push((
            GridPlacement {
                grid: id,
                side: side.unwrap_or_default(),
                turns,
                at,
            },
            span,
        ));
        Some(Line::Grid(id))
    }

    fn shape(&mut self, n: usize, words: &[Word]) -> Option<Line> {
        const EXAMPLE: &str = "shape T turn 3 at 1 7";
        let letters: String = ShapeId::ALL.iter().map(|s| s.letter()).collect();
        let Some(name) = words.get(1) else {
            self.error(
                words[0].span(n),
                "shape-name",
                format!("which shape? `{EXAMPLE}`; the shapes are {letters}"),
            );
            return None;
        };
        let mut chars = name.text.chars();
        let id = match (chars.next(), chars.next()) {
            (Some(c), None) => ShapeId::from_letter(c),
            _ => None,
        };
        let Some(id) = id else {
            self.error(
                name.span(n),
                "shape-name",
                format!("`{}` is not a shape: the shapes are {letters}", name.text),
            );
            return None;
        };
        let (_, flipped, turns, at) = self.attributes(n, &words[2..], "shape", EXAMPLE)?;
        if self.shapes.iter().any(|(p, _)| p.shape == id) {
            self.error(
                name.span(n),
                "repeated-shape",
                format!("shape {id} is placed twice; each shape lies once"),
            );
            return None;
        }
        self.shapes.push((
            Placement {
                shape: id,
                orientation: Orientation::new(flipped, turns),
                at,
            },
            name.span(n),
        ));
        Some(Line::Shape(id))
    }

    /// The challenge's own problems, each at the line of the grid or shape it names.
    fn check(&mut self, challenge: &Challenge) {
        let grid_at = |g: GridId, grids: &[(GridPlacement, Span)]| {
            grids
                .iter()
                .find(|(p, _)| p.grid == g)
                .map_or(Span::START, |(_, s)| *s)
        };
        let shape_at = |s: ShapeId, shapes: &[(Placement, Span)]| {
            shapes
                .iter()
                .find(|(p, _)| p.shape == s)
                .map_or(Span::START, |(_, s)| *s)
        };
        for problem in challenge.problems() {
            let (span, code) = match &problem {
                ChallengeProblem::Board(b) => match b {
                    BoardProblem::MissingGrid(_) => (
                        self.grids.last().map_or(Span::START, |(_, s)| *s),
                        "missing-grid",
                    ),
                    BoardProblem::RepeatedGrid(g) => (grid_at(*g, &self.grids), "repeated-grid"),
                    BoardProblem::BadTurns { grid, .. } => (grid_at(*grid, &self.grids), "turns"),
                    BoardProblem::Overlap(_, g) => (grid_at(*g, &self.grids), "grids-overlap"),
                    BoardProblem::Misaligned(_, g, _) => {
                        (grid_at(*g, &self.grids), "grids-misaligned")
                    }
                    BoardProblem::NotJoined(g, _) => (grid_at(*g, &self.grids), "grids-apart"),
                },
                ChallengeProblem::RepeatedShape(s) => {
                    (shape_at(*s, &self.shapes), "repeated-shape")
                }
                ChallengeProblem::OffOpenDots { shape, .. } => {
                    (shape_at(*shape, &self.shapes), "shape-off-open-dots")
                }
                ChallengeProblem::Overlap(_, s, _) => {
                    (shape_at(*s, &self.shapes), "shapes-overlap")
                }
            };
            self.error(span, code, problem.to_string());
        }
    }
}

/// Parses board text.
pub fn parse(text: &str) -> Parsed {
    if text.len() > MAX_FILE_BYTES {
        return parse_bytes(text.as_bytes());
    }
    let read = crate::lines::without_mark(text);
    let mut reader = Reader {
        diagnostics: Vec::new(),
        info: Info::default(),
        unknown: Vec::new(),
        grids: Vec::new(),
        shapes: Vec::new(),
        lines: BTreeMap::new(),
        comments: Gatherer::default(),
    };
    for (i, line) in read.split('\n').enumerate() {
        reader.line(i + 1, line);
    }
    let challenge = Challenge {
        board: Board {
            grids: reader.grids.iter().map(|(g, _)| *g).collect(),
        },
        placed: reader.shapes.iter().map(|(p, _)| *p).collect(),
    };
    // Lines that could not be read leave the challenge incomplete: its own problems would only
    // repeat them.
    if !reader.diagnostics.iter().any(Diagnostic::is_error) {
        reader.check(&challenge);
    }
    reader.diagnostics.sort_by_key(|d| d.span);
    // The tree serves highlighting only: the lines are read without it.
    let tree = crate::source::syntax_tree(&super::language::language(), text, "").ok();
    Parsed {
        document: Some(Document {
            challenge,
            info: reader.info,
            unknown: reader.unknown,
            comments: reader.comments.finish(),
        }),
        diagnostics: reader.diagnostics,
        source_map: SourceMap {
            lines: reader.lines,
        },
        tree,
    }
}
