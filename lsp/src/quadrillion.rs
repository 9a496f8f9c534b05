//! Quadrillion boards (`.quad`): a grid's or a shape's line said in words, the file's words
//! and values, and the count of the board's solutions. Grids are numbered and shapes lettered
//! once each: nothing refers to them elsewhere in the file, so there is nothing to follow.

use crate::family::{Completion, Family, Offer, Said, Verdict, Words};
use crate::position::Place;
use crate::syntax;
use engine::quadrillion::solve;
use engine::solving::{Cancel, Limits};
use lockfmt::quadrillion::{Document, Line, Parsed, Quadrillion};
use lockfmt::words::grouped;

const KEYWORDS: Words = &[
    ("title", "the board's title"),
    ("by", "who made it"),
    ("source", "where it comes from"),
    ("license", "its licence"),
    ("note", "one line of free text"),
    (
        "grid",
        "`grid N SIDE [turn T] at ROW COL`: one of the four grids, its side up, turned, placed",
    ),
    (
        "shape",
        "`shape S [flipped] [turn T] at ROW COL`: a shape placed before the player starts",
    ),
];

const VALUES: Words = &[
    ("white", "the grid's white side up"),
    ("black", "the grid's black side up"),
    ("turn", "clockwise quarter turns, 0 to 3"),
    ("flipped", "the shape mirrored before it is turned"),
    ("at", "the row and column of its top-left"),
];

impl Family for Quadrillion {
    const KEYWORDS: Words = KEYWORDS;

    fn hover(text: &str, parsed: &Parsed, at: Place) -> Option<Said> {
        let line = parsed
            .source_map
            .lines
            .iter()
            .find(|(_, s)| at.on_lines_of(s));
        if let Some((Line::Grid(_) | Line::Shape(_), &span)) = line {
            let written = text.split('\n').nth(span.line - 1).unwrap_or("");
            return Some(Said {
                markdown: placement_words(written),
                span,
            });
        }
        let (word, span) = syntax::word_at(text, at)?;
        let (_, what) = KEYWORDS.iter().find(|(w, _)| *w == word)?;
        Some(Said {
            markdown: format!("`{word}`: {what}"),
            span,
        })
    }

    fn completions(text: &str, _parsed: &Parsed, at: Place) -> Vec<Completion> {
        let typed = crate::family::typed_before(text, at);
        if !typed.contains(char::is_whitespace) {
            return crate::family::line_start_keywords::<Quadrillion>(text, at);
        }
        let last = typed.rsplit(char::is_whitespace).next().unwrap_or("");
        VALUES
            .iter()
            .filter(|(w, _)| w.starts_with(last))
            .map(|&(w, what)| Completion::new(w, what, Offer::Value))
            .collect()
    }

    fn verdict(document: &Document, limits: &Limits, cancel: Cancel<'_>) -> Option<Verdict> {
        let counted = solve::count(&document.challenge, None, limits, cancel).ok()?;
        let said = match (counted.stopped, counted.solutions) {
            (Some(stop), n) => format!(
                "at least {} so far: the count {}",
                solutions(n),
                stop.stopped()
            ),
            (None, 0) => "no solution".to_string(),
            (None, 1) => "unique".to_string(),
            (None, n) => solutions(n),
        };
        Some(Verdict::said(said))
    }
}

fn solutions(n: u64) -> String {
    match n {
        1 => "1 solution".to_string(),
        n => format!("{} solutions", grouped(n)),
    }
}

/// A grid's or a shape's line, word by word.
fn placement_words(line: &str) -> String {
    let content = line.split('#').next().unwrap_or("");
    let words: Vec<&str> = content.split_whitespace().collect();
    let mut out = match words.as_slice() {
        ["grid", n, ..] => format!("**Grid {n}**"),
        ["shape", s, ..] => format!("**Shape {s}**, placed before the player starts"),
        _ => return "A grid or a shape".to_string(),
    };
    let mut rest = words.iter().skip(2);
    while let Some(&word) = rest.next() {
        match word {
            "white" | "black" => out.push_str(&format!(", its {word} side up")),
            "flipped" => out.push_str(", mirrored"),
            "turn" => match rest.next() {
                Some(&"1") => out.push_str(", turned a quarter turn clockwise"),
                Some(t) => out.push_str(&format!(", turned {t} quarter turns clockwise")),
                None => {}
            },
            "at" => {
                if let (Some(row), Some(col)) = (rest.next(), rest.next()) {
                    out.push_str(&format!(", its top-left at row {row}, column {col}"));
                }
            }
            _ => {}
        }
    }
    out.push('.');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_line_is_said_word_by_word() {
        assert_eq!(
            placement_words("grid 1 black turn 1 at 0 12 # the first"),
            "**Grid 1**, its black side up, turned a quarter turn clockwise, its top-left at row 0, column 12."
        );
        assert_eq!(
            placement_words("shape T flipped turn 3 at 1 7"),
            "**Shape T**, placed before the player starts, mirrored, turned 3 quarter turns clockwise, its top-left at row 1, column 7."
        );
    }
}
