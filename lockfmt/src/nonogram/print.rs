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
    let mut p = Printer {
        out: String::new(),
        doc,
    };
    for c in &doc.comments.head {
        p.out.push_str(c);
        p.out.push('\n');
    }
    let puzzle = &doc.puzzle;
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
    p.item(Item::Rows, "rows");
    for (i, clue) in puzzle.rows.iter().enumerate() {
        p.item(Item::RowClue(i), &clue_text(clue));
    }
    p.out.push('\n');
    p.item(Item::Columns, "columns");
    for (i, clue) in puzzle.columns.iter().enumerate() {
        p.item(Item::ColumnClue(i), &clue_text(clue));
    }
    if let Some(goal) = &puzzle.goal {
        p.out.push('\n');
        let cells: String = goal
            .cells()
            .iter()
            .map(|&c| if c == Cell::Filled { '1' } else { '0' })
            .collect();
        p.item(Item::Goal, &format!("goal \"{cells}\""));
    }
    for c in &doc.comments.tail {
        p.out.push_str(c);
        p.out.push('\n');
    }
    p.out
}

/// A clue as a line: its runs separated by commas, `0` for the empty clue.
pub fn clue_text(clue: &[u32]) -> String {
    if clue.is_empty() {
        return "0".to_string();
    }
    let runs: Vec<String> = clue.iter().map(u32::to_string).collect();
    runs.join(",")
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
