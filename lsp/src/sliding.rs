//! Sliding locks (`.slide`): a cell of the picture said as the piece on it (its letter, its
//! name in moves, which way it slides), pieces' letters as names followed between the picture
//! and the `axis` lines, an axis's cell leading to its place in the picture, and the solver's
//! verdict.

use crate::family::{Completion, Family, Occurrence, Offer, Said, Verdict, Words};
use crate::position::Place;
use crate::syntax;
use engine::sliding::solve::{self, Answer};
use engine::sliding::{Cell, Kind, Lock, Orientation};
use engine::solving::{Cancel, Limits};
use lockfmt::sliding::{Document, Parsed, Sliding};
use lockfmt::words::{count, listed};

const KEYWORDS: Words = &[
    ("title", "the lock's title"),
    ("by", "who made it"),
    ("source", "where it comes from"),
    ("license", "its licence"),
    ("note", "one line of free text"),
    (
        "axis",
        "`axis C3: a b`: the pieces attached to the axis at a cell",
    ),
];

impl Family for Sliding {
    const KEYWORDS: Words = KEYWORDS;

    fn hover(text: &str, parsed: &Parsed, at: Place) -> Option<Said> {
        let document = parsed.document.as_ref();
        if let Some((&cell, &span)) = parsed.source_map.cells.iter().find(|(_, s)| at.within(s)) {
            let glyph = text
                .split('\n')
                .nth(span.line - 1)
                .and_then(|l| l.chars().nth(span.column - 1));
            return Some(Said {
                markdown: cell_words(document, cell, glyph),
                span,
            });
        }
        let found = syntax::node_at(text, parsed.tree.as_ref(), at);
        if let Some(found) = found.filter(|f| f.kind == "cell")
            && let Some(cell) = Cell::parse(found.text)
        {
            return Some(Said {
                markdown: cell_words(document, cell, None),
                span: found.span,
            });
        }
        let (word, span) = syntax::word_at(text, at)?;
        let (_, what) = KEYWORDS.iter().find(|(w, _)| *w == word)?;
        Some(Said {
            markdown: format!("`{word}`: {what}"),
            span,
        })
    }

    fn completions(text: &str, parsed: &Parsed, at: Place) -> Vec<Completion> {
        let typed = crate::family::typed_before(text, at);
        if !typed.starts_with("axis") || !typed.contains(char::is_whitespace) {
            return crate::family::line_start_keywords::<Sliding>(text, at);
        }
        let Some(document) = parsed.document.as_ref() else {
            return Vec::new();
        };
        // After `axis C3:`, the letters of the pieces a line names.
        document
            .lock
            .pieces
            .iter()
            .zip(&document.letters)
            .enumerate()
            .filter(|(_, (p, _))| p.kind == Kind::Slider)
            .map(|(i, (_, letter))| {
                Completion::new(
                    letter.to_string(),
                    format!("{} in moves", document.lock.name(i)),
                    Offer::Piece,
                )
            })
            .collect()
    }

    fn symbol(name: &str) -> String {
        format!("piece {name}")
    }

    fn occurrences(text: &str, parsed: &Parsed) -> Vec<Occurrence> {
        syntax::nodes_of(text, parsed.tree.as_ref(), &["piece"])
            .into_iter()
            .map(|f| {
                let line = text.split('\n').nth(f.span.line - 1).unwrap_or("");
                Occurrence {
                    name: f.text.to_string(),
                    span: f.span,
                    defines: !line.trim_start().starts_with("axis"),
                }
            })
            .collect()
    }

    fn target(text: &str, parsed: &Parsed, at: Place) -> Option<lockfmt::Span> {
        let found = syntax::node_at(text, parsed.tree.as_ref(), at)?;
        if found.kind != "cell" {
            return None;
        }
        parsed
            .source_map
            .cells
            .get(&Cell::parse(found.text)?)
            .copied()
    }

    fn renamable(_old: &str, new: &str, taken: &[String]) -> Result<(), String> {
        let mut chars = new.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_lowercase() => {}
            _ => return Err("a piece of a sliding lock is lettered from a to z".into()),
        }
        if taken.iter().any(|t| t == new) {
            return Err(format!("{new} already letters a piece of this lock"));
        }
        Ok(())
    }

    fn verdict(document: &Document, limits: &Limits, cancel: Cancel<'_>) -> Option<Verdict> {
        let report = solve::solve_cancellable(&document.lock, limits, cancel).ok()?;
        let said = match &report.answer {
            Answer::Solved { moves } => format!("picked in {}", count(moves.len(), "move")),
            Answer::Impossible => "cannot be picked".to_string(),
            Answer::Stopped(stop) => match report.at_least {
                Some(n) => format!(
                    "no answer yet: the solver {}; every way takes at least {}",
                    stop.stopped(),
                    count(usize::from(n), "move")
                ),
                None => format!("no answer yet: the solver {}", stop.stopped()),
            },
        };
        let solution = match report.answer {
            Answer::Solved { moves } => {
                let written = document.lock.write_all(&moves);
                let solution =
                    lockfmt::sliding::solution::Solution::for_document(document, written);
                Some(lockfmt::sliding::solution::print_solution(&solution))
            }
            _ => None,
        };
        Some(Verdict { said, solution })
    }
}

/// What a cell of the picture holds.
fn cell_words(document: Option<&Document>, cell: Cell, glyph: Option<char>) -> String {
    let Some(document) = document else {
        return format!("Cell `{cell}`.");
    };
    let lock = &document.lock;
    let what = match lock.piece_at(cell) {
        Some(i) => piece_words(document, i),
        None if glyph == Some('*') => {
            "A **dark** cell: no piece is ever placed, slid or turned into it".to_string()
        }
        None => "A **light** cell: pieces may lie and move here".to_string(),
    };
    format!("{what}. Cell `{cell}`.")
}

fn piece_words(document: &Document, i: usize) -> String {
    let lock = &document.lock;
    let Some(piece) = lock.pieces.get(i) else {
        return String::new();
    };
    let slides = match piece.orientation {
        Orientation::Horizontal => "left and right",
        Orientation::Vertical => "up and down",
    };
    match piece.kind {
        Kind::Key => format!(
            "**The Key**: it slides {slides}; the lock is picked when it touches the Keyhole end-on"
        ),
        Kind::Keyhole => "**The Keyhole**: it never moves".to_string(),
        Kind::Axis => {
            let attached: Vec<String> = lock
                .attached(i)
                .iter()
                .map(|&(p, _)| piece_letter(document, lock, p))
                .collect();
            match attached.len() {
                0 => "**An axis**: it never slides; no piece is attached to it".to_string(),
                _ => format!(
                    "**An axis**: it never slides, and turns the pieces attached to it: {}",
                    listed(&attached)
                ),
            }
        }
        Kind::Slider => {
            let way = match piece.orientation {
                Orientation::Horizontal => "horizontal",
                Orientation::Vertical => "vertical",
            };
            format!(
                "**Piece {}**, `{}` in moves: {way}, {}; it slides {slides}",
                document.letters.get(i).copied().unwrap_or('?'),
                lock.name(i),
                count(usize::from(piece.length), "cell"),
            )
        }
    }
}

fn piece_letter(document: &Document, lock: &Lock, i: usize) -> String {
    match (lock.pieces.get(i).map(|p| p.kind), document.letters.get(i)) {
        (Some(Kind::Key), _) => "the Key".to_string(),
        (_, Some(letter)) => format!("{letter} (`{}`)", lock.name(i)),
        _ => lock.name(i),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::Served;

    const SEED: &str = include_str!("../../templates/sliding/seed-example.slide");

    #[test]
    fn a_piece_is_said_with_its_name_in_moves() {
        let (row, line) = SEED
            .lines()
            .enumerate()
            .find(|(_, l)| l.starts_with("1 "))
            .expect("row 1");
        let column = line.find('b').expect("piece b") + 1;
        let said = Sliding
            .hover(
                SEED,
                Place {
                    line: row + 1,
                    column,
                },
            )
            .expect("a hover")
            .markdown;
        assert!(said.contains("**Piece b**, `BC1` in moves"), "{said}");
    }

    #[test]
    fn letters_are_followed_between_the_picture_and_the_axis_lines() {
        let text = "3 . . . .\n2 + a a .\n1 K K . @\n  A B C D\naxis A2: a\n";
        let found = Sliding.occurrences(text);
        let a: Vec<(usize, bool)> = found
            .iter()
            .filter(|o| o.name == "a")
            .map(|o| (o.span.line, o.defines))
            .collect();
        assert_eq!(a, [(2, true), (2, true), (5, false)]);
    }
}
