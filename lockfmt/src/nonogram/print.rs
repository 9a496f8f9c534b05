//! The canonical printer: one text for each puzzle, stable under a second round.
//!
//! The canonical form is the nonogram-db collection's layout: the text properties quoted (a
//! licence that is an SPDX code bare), the lines the format does not know, `width`, `height`,
//! a blank line, `rows` and one clue per line (`0` for an empty line), a blank line, `columns`
//! and its clues, and, when the puzzle has one, a blank line and the goal as one quoted string
//! of `0` and `1`.

use super::document::{Document, Item};
use super::text::{is_spdx_like, quote};
use engine::nonogram::{Cell, Puzzle};

/// Prints a puzzle in canonical form, without comments.
pub fn print(puzzle: &Puzzle) -> String {
    print_document(&Document::new(puzzle.clone()))
}

/// Prints a puzzle in canonical form, keeping its document's unknown lines, and its comments
/// beside their items.
pub fn print_document(doc: &Document) -> String {
    let puzzle = &doc.puzzle;
    // About two bytes a run and one a goal's cell: the text is written once, not regrown.
    let runs: usize = puzzle
        .rows
        .iter()
        .chain(&puzzle.columns)
        .map(Vec::len)
        .sum();
    let cells = puzzle
        .goal
        .as_ref()
        .map_or(0, |_| puzzle.width * puzzle.height);
    let mut p = Printer {
        out: String::with_capacity(2 * runs + cells + 4 * (puzzle.width + puzzle.height) + 256),
        doc,
    };
    for c in &doc.comments.head {
        p.out.push_str(c);
        p.out.push('\n');
    }
    let info = &puzzle.info;
    for (item, key, value) in [
        (Item::Catalogue, "catalogue", &info.catalogue),
        (Item::Title, "title", &info.title),
        (Item::By, "by", &info.by),
        (Item::Copyright, "copyright", &info.copyright),
    ] {
        if let Some(v) = value {
            p.item(item, &format!("{key} {}", quote(v)));
        }
    }
    if let Some(license) = &info.license {
        let value = if is_spdx_like(license) {
            license.clone()
        } else {
            quote(license)
        };
        p.item(Item::License, &format!("license {value}"));
    }
    for (i, line) in doc.unknown.iter().enumerate() {
        p.item(Item::Unknown(i), line);
    }
    p.item(Item::Width, &format!("width {}", puzzle.width));
    p.item(Item::Height, &format!("height {}", puzzle.height));
    p.out.push('\n');
    // One line buffer for every clue: a large picture has millions of runs, and a string
    // each was most of the printing.
    let mut line = String::new();
    p.item(Item::Rows, "rows");
    for (i, clue) in puzzle.rows.iter().enumerate() {
        line.clear();
        push_clue(&mut line, clue);
        p.item(Item::RowClue(i), &line);
    }
    p.out.push('\n');
    p.item(Item::Columns, "columns");
    for (i, clue) in puzzle.columns.iter().enumerate() {
        line.clear();
        push_clue(&mut line, clue);
        p.item(Item::ColumnClue(i), &line);
    }
    if let Some(goal) = &puzzle.goal {
        p.out.push('\n');
        line.clear();
        line.reserve(goal.cells().len() + 8);
        line.push_str("goal \"");
        line.extend(
            goal.cells()
                .iter()
                .map(|&c| if c == Cell::Filled { '1' } else { '0' }),
        );
        line.push('"');
        p.item(Item::Goal, &line);
    }
    for c in &doc.comments.tail {
        p.out.push_str(c);
        p.out.push('\n');
    }
    p.out
}

/// A clue as a line: its runs separated by commas, `0` for the empty clue.
pub fn clue_text(clue: &[u32]) -> String {
    let mut line = String::new();
    push_clue(&mut line, clue);
    line
}

/// Writes [`clue_text`] to the end of `out`, without the formatting machinery (a large
/// picture has millions of runs).
fn push_clue(out: &mut String, clue: &[u32]) {
    if clue.is_empty() {
        out.push('0');
        return;
    }
    let mut digits = itoa::Buffer::new();
    for (i, &run) in clue.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(digits.format(run));
    }
}

struct Printer<'a> {
    out: String,
    doc: &'a Document,
}

impl Printer<'_> {
    fn item(&mut self, item: Item, line: &str) {
        if let Some(leading) = self.doc.comments.leading.get(&item) {
            for c in leading {
                self.out.push_str(c);
                self.out.push('\n');
            }
        }
        self.out.push_str(line);
        if let Some(c) = self.doc.comments.trailing.get(&item) {
            self.out.push_str("  ");
            self.out.push_str(c);
        }
        self.out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::clue_text;

    /// The clue's text is its runs in decimal joined by commas, written without the formatting
    /// machinery: the same as formatting each run.
    #[test]
    fn a_clue_is_its_runs_in_decimal_joined_by_commas() {
        assert_eq!(clue_text(&[]), "0");
        let runs = [
            0,
            1,
            9,
            10,
            11,
            99,
            100,
            4096,
            65_535,
            999_999_999,
            u32::MAX,
        ];
        for &a in &runs {
            assert_eq!(clue_text(&[a]), a.to_string());
            for &b in &runs {
                assert_eq!(clue_text(&[a, b, a]), format!("{a},{b},{a}"));
            }
        }
    }
}
