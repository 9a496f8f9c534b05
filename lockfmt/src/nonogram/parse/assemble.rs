//! The lines read made into a puzzle: each section's clue lines counted against the puzzle's
//! size, the goal read cell by cell, and every problem of `Puzzle::validate` mapped back to its
//! line and column.

use super::lines::is_blank;
use super::reader::{ClueRead, Reader};
use super::{Parsed, SourceMap};
use crate::diagnostic::{Diagnostic, Span};
use crate::nonogram::document::{Comments, Document, Item, empty_puzzle};
use engine::nonogram::{Cell, Clue, Grid, LineRef, PuzzleProblem};
use std::collections::BTreeMap;

/// One line of a section: a clue line or a blank line, by its index (from 0).
enum Entry {
    Blank(usize),
    Clue(usize),
}

/// A section's clues as counted, each with its place, its runs' places, and whether it was
/// read whole.
#[derive(Default)]
struct Section {
    clues: Vec<Clue>,
    spans: Vec<Span>,
    runs: Vec<Vec<Span>>,
    broken: Vec<bool>,
}

impl Reader<'_> {
    /// The lines of a section: from the line after its header, every clue line, blank line and
    /// comment line, up to the first other line.
    fn section_entries(&self, header_row: usize) -> Vec<Entry> {
        // A text that ends with a newline has no last line after it.
        let count = self.lines.lines.len() - usize::from(self.text.ends_with('\n'));
        let mut entries = Vec::new();
        for row in header_row + 1..count {
            let t = self.lines.line(row).trim_start_matches(is_blank);
            match t.chars().next() {
                None => entries.push(Entry::Blank(row)),
                Some('#') => {}
                Some(c) if c.is_ascii_digit() => entries.push(Entry::Clue(row)),
                Some(_) => break,
            }
        }
        entries
    }

    /// A section's clues. When it has fewer clue lines than the puzzle has lines (`expected`),
    /// its blank lines stand for empty lines: its first `expected` lines, blank or not, are its
    /// clues. Otherwise blank lines only separate.
    fn section(&mut self, header: Option<(usize, Span)>, expected: Option<usize>) -> Section {
        let mut out = Section::default();
        let Some((row, _)) = header else {
            return out;
        };
        let entries = self.section_entries(row);
        let clue_lines = entries
            .iter()
            .filter(|e| matches!(e, Entry::Clue(_)))
            .count();
        let wanted = expected.filter(|&n| clue_lines < n);
        for entry in entries {
            match entry {
                Entry::Blank(r) => {
                    if wanted.is_some_and(|n| out.clues.len() < n) {
                        out.clues.push(Vec::new());
                        out.spans.push(Span::on_line(r + 1, 1, 0));
                        out.runs.push(Vec::new());
                        out.broken.push(false);
                    }
                }
                Entry::Clue(r) => {
                    // A line that starts with a digit but did not parse as a clue has its
                    // syntax error already; it still counts, so the lines after it keep their
                    // places.
                    let read = self.clue_lines.remove(&r).unwrap_or_else(|| ClueRead {
                        runs: Vec::new(),
                        run_spans: Vec::new(),
                        span: self.lines.line_span(r),
                        broken: true,
                    });
                    let (runs, spans) = if read.runs == [0] {
                        (Vec::new(), Vec::new())
                    } else {
                        (read.runs, read.run_spans)
                    };
                    out.clues.push(runs);
                    out.spans.push(read.span);
                    out.runs.push(spans);
                    out.broken.push(read.broken);
                }
            }
        }
        out
    }

    pub(super) fn finish(mut self) -> Parsed {
        let mut source_map = SourceMap::default();
        let rows = self.section(self.rows_header, self.height.map(|h| h.0));
        let columns = self.section(self.columns_header, self.width.map(|w| w.0));

        // Clue lines that no section took.
        let mut stray: Vec<Span> = self.clue_lines.values().map(|c| c.span).collect();
        stray.sort();
        for span in stray {
            self.error_once(
                span,
                "stray-clue",
                "a clue outside the `rows` and `columns` sections: a section is its header and the clue lines right below it, with only blank and comment lines between",
            );
        }

        for (header, name, what) in [
            (self.rows_header.is_none(), "rows", "row"),
            (self.columns_header.is_none(), "columns", "column"),
        ] {
            if header {
                self.error(
                    Span::START,
                    "missing-section",
                    format!(
                        "the puzzle has no `{name}` section: a line `{name}`, then one clue per {what}"
                    ),
                );
            }
        }
        let width = match self.width {
            Some((w, _)) => w,
            None if self.bad_width => columns.clues.len(),
            None => {
                self.error(
                    Span::START,
                    "missing-width",
                    "the puzzle has no `width` line: the number of columns, e.g. `width 5`",
                );
                columns.clues.len()
            }
        };
        let height = match self.height {
            Some((h, _)) => h,
            None if self.bad_height => rows.clues.len(),
            None => {
                self.error(
                    Span::START,
                    "missing-height",
                    "the puzzle has no `height` line: the number of rows, e.g. `height 10`",
                );
                rows.clues.len()
            }
        };

        let mut puzzle = empty_puzzle();
        puzzle.width = width;
        puzzle.height = height;
        for (item, value) in std::mem::take(&mut self.info) {
            let slot = match item {
                Item::Catalogue => &mut puzzle.info.catalogue,
                Item::Title => &mut puzzle.info.title,
                Item::By => &mut puzzle.info.by,
                Item::Copyright => &mut puzzle.info.copyright,
                _ => &mut puzzle.info.license,
            };
            *slot = Some(value);
        }
        puzzle.goal = self.read_goal_cells(width, height, &mut source_map);

        for (section, line_ref, item) in [
            (
                &rows,
                LineRef::Row as fn(usize) -> LineRef,
                Item::RowClue as fn(usize) -> Item,
            ),
            (&columns, LineRef::Column, Item::ColumnClue),
        ] {
            for (i, span) in section.spans.iter().enumerate() {
                source_map.clues.insert(line_ref(i), *span);
                source_map.runs.insert(line_ref(i), section.runs[i].clone());
                self.items.push((item(i), *span));
            }
        }
        puzzle.rows = rows.clues.clone();
        puzzle.columns = columns.clues.clone();

        let any_broken = rows.broken.iter().chain(&columns.broken).any(|&b| b);
        let broken = |line: LineRef| match line {
            LineRef::Row(i) => rows.broken.get(i).copied().unwrap_or(false),
            LineRef::Column(i) => columns.broken.get(i).copied().unwrap_or(false),
        };
        for problem in puzzle.validate() {
            let (span, code) = match &problem {
                PuzzleProblem::Empty => {
                    let at = if width == 0 { self.width } else { self.height };
                    (at.map_or(Span::START, |a| a.1), "empty")
                }
                PuzzleProblem::ClueCount {
                    rows: r,
                    clues,
                    lines,
                } => {
                    let (header, section) = if *r {
                        (self.rows_header, &rows)
                    } else {
                        (self.columns_header, &columns)
                    };
                    let Some((_, header_span)) = header else {
                        continue; // the missing section is reported already
                    };
                    if section.broken.iter().any(|&b| b) && clues < lines {
                        continue;
                    }
                    // Too many: the first extra clue; too few: the header.
                    let span = section.spans.get(*lines).copied().unwrap_or(header_span);
                    (span, "clue-count")
                }
                PuzzleProblem::ZeroRun(line)
                | PuzzleProblem::TooLong { line, .. }
                | PuzzleProblem::GoalDisagrees(line) => {
                    // A line without its clue line has the clue count's error already.
                    let Some(span) = source_map.clue(*line) else {
                        continue;
                    };
                    if broken(*line) {
                        continue;
                    }
                    let code = match problem {
                        PuzzleProblem::ZeroRun(_) => "zero-run",
                        PuzzleProblem::TooLong { .. } => "clue-too-long",
                        _ => "goal-disagrees",
                    };
                    (span, code)
                }
                PuzzleProblem::Totals { .. } => {
                    if any_broken || self.rows_header.is_none() || self.columns_header.is_none() {
                        continue;
                    }
                    (self.rows_header.map_or(Span::START, |h| h.1), "totals")
                }
                PuzzleProblem::GoalSize => (self.goal_line.unwrap_or(Span::START), "goal-size"),
            };
            self.diagnostics
                .push(Diagnostic::error(span, code, problem.to_string()));
        }

        let items = std::mem::take(&mut self.items);
        let comments = self.attach_comments(&items);
        for (item, span) in items {
            source_map.items.entry(item).or_insert(span);
        }
        let document = Document {
            puzzle,
            unknown: std::mem::take(&mut self.unknown),
            comments,
        };
        self.diagnostics
            .sort_by_key(|d| (d.span.line, d.span.column));
        self.diagnostics.dedup();
        Parsed {
            document: Some(document),
            diagnostics: self.diagnostics,
            source_map,
            tree: None,
        }
    }

    /// The goal's cells: `0` empty, anything else filled; the goal must have one cell per
    /// square of the puzzle.
    fn read_goal_cells(
        &mut self,
        width: usize,
        height: usize,
        source_map: &mut SourceMap,
    ) -> Option<Grid> {
        let goal = self.goal.take().filter(|g| !g.broken)?;
        let (line, first) = goal.first;
        let mut other = None;
        let mut len = 0;
        for (i, c) in goal.cells.chars().enumerate() {
            len += 1;
            if c.is_whitespace() {
                self.error(
                    Span::on_line(line, first + i, 1),
                    "goal-space",
                    "a space in the goal: the goal is one character per cell, row by row, with nothing between",
                );
                return None;
            }
            if c != '0' && c != '1' && other.is_none() {
                other = Some((i, c));
            }
        }
        if let Some((i, c)) = other {
            self.warning(
                Span::on_line(line, first + i, 1),
                "goal-glyph",
                format!(
                    "`{c}` in the goal is read as filled (every cell but `0` is): fmt writes `1`"
                ),
            );
        }
        if width.checked_mul(height) != Some(len) {
            self.error(
                goal.span,
                "goal-size",
                format!(
                    "the goal has {len} cells; a {width}×{height} puzzle has {}",
                    width.saturating_mul(height)
                ),
            );
            return None;
        }
        let mut grid = Grid::new(width, height);
        source_map.goal_cells = Vec::with_capacity(len);
        source_map.goal_width = width;
        for (i, c) in goal.cells.chars().enumerate() {
            let cell = if c == '0' { Cell::Empty } else { Cell::Filled };
            grid.set(i % width.max(1), i / width.max(1), cell);
            source_map
                .goal_cells
                .push(Span::on_line(line, first + i, 1));
        }
        Some(grid)
    }

    /// Each comment goes with its line's item when it ends that line, else with the next item;
    /// the comments before the first item form the head, and those after the last the tail. A comment at the end of a line that
    /// holds no item (a dropped `maxrule`, a broken line) goes with the next item.
    fn attach_comments(&self, items: &[(Item, Span)]) -> Comments {
        let mut comments = Comments::default();
        let by_line: BTreeMap<usize, Item> =
            items.iter().rev().map(|(i, s)| (s.line, *i)).collect();
        for (span, text, trailing) in &self.comments {
            if *trailing && let Some(item) = by_line.get(&span.line) {
                comments.trailing.insert(*item, text.clone());
                continue;
            }
            let first_line = by_line.keys().next().copied();
            match by_line.range(span.line + 1..).next() {
                Some((&line, _)) if Some(line) == first_line => comments.head.push(text.clone()),
                Some((_, item)) => comments
                    .leading
                    .entry(*item)
                    .or_default()
                    .push(text.clone()),
                None => comments.tail.push(text.clone()),
            }
        }
        comments
    }
}
