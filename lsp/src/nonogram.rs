//! Nonograms (`.non`): a clue said as the line it fills and what the line rule alone fixes
//! there from an empty grid, the file's words, and the solver's verdict (unique, line-solvable,
//! several, none). A nonogram's lines are numbered, not named: it has no names to follow.

use crate::family::{Family, Said, Verdict, Words};
use crate::position::Place;
use crate::syntax;
use engine::nonogram::solve::{self, Answer};
use engine::nonogram::{Cell, LineRef, MAX_LINE, Puzzle, rule};
use engine::solving::{Cancel, Limits};
use lockfmt::nonogram::{Document, Nonogram, Parsed};
use lockfmt::words::count;

const KEYWORDS: Words = &[
    ("catalogue", "where the puzzle is catalogued"),
    ("title", "the puzzle's title"),
    ("by", "who made it"),
    ("copyright", "its copyright line"),
    ("license", "its licence"),
    ("width", "how many columns"),
    ("height", "how many rows"),
    ("rows", "the rows' clues, top first, one a line"),
    ("columns", "the columns' clues, left first, one a line"),
    ("goal", "the picture the clues were made from, row by row"),
];

impl Family for Nonogram {
    const KEYWORDS: Words = KEYWORDS;

    fn hover(text: &str, parsed: &Parsed, at: Place) -> Option<Said> {
        if let Some(puzzle) = parsed.document.as_ref().map(|d| &d.puzzle)
            && let Some((&line, &span)) = parsed
                .source_map
                .clues
                .iter()
                .find(|(_, s)| at.on_lines_of(s))
        {
            return Some(Said {
                markdown: clue_words(puzzle, line),
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

    fn verdict(document: &Document, limits: &Limits, cancel: Cancel<'_>) -> Option<Verdict> {
        let report = solve::solve_cancellable(&document.puzzle, limits, cancel);
        let said = match &report.answer {
            Answer::Unique(_) if report.line_solvable => "unique, line-solvable".to_string(),
            Answer::Unique(_) => "unique, but the line rule alone does not finish it".to_string(),
            Answer::Several(..) => "several solutions".to_string(),
            Answer::None(why) => format!("no solution: {why}"),
            Answer::Stopped { stop, .. } => format!("no answer yet: the solver {}", stop.stopped()),
        };
        Some(Verdict::said(said))
    }
}

/// A clue: its line, how much of it the runs fill, and what the line rule alone fixes there.
fn clue_words(puzzle: &Puzzle, line: LineRef) -> String {
    let clue = puzzle.clue(line);
    let length = puzzle.line_length(line);
    let filled: u64 = clue.iter().map(|&r| u64::from(r)).sum();
    let head = format!(
        "**{}**: clue {}, {} of its {length} cells filled in {}",
        capitalised(&line.to_string()),
        rule::clue_text(clue),
        filled,
        count(clue.len(), "run"),
    );
    // A line past the solver's longest is said without the rule rather than computed at length.
    if length > MAX_LINE {
        return format!("{head}.");
    }
    let rule = match rule::line(clue, &vec![Cell::Unknown; length]) {
        Ok(cells) => match cells.iter().filter(|c| c.is_known()).count() {
            0 => "the line rule alone fixes none of its cells from an empty grid".to_string(),
            n if n == length => "the line rule alone fixes the whole line".to_string(),
            n => format!(
                "the line rule alone fixes {} of it from an empty grid",
                count(n, "cell")
            ),
        },
        Err(_) => "no placement of the clue fits the line".to_string(),
    };
    format!("{head}; {rule}.")
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::Served;

    #[test]
    fn a_clue_says_what_the_line_rule_fixes() {
        let text = "width 5\nheight 2\n\nrows\n4\n1\n\ncolumns\n1\n1\n1\n2\n\n";
        let said = Nonogram
            .hover(text, Place { line: 5, column: 1 })
            .expect("a hover")
            .markdown;
        assert!(said.starts_with("**Row 1**: clue 4"), "{said}");
        assert!(said.contains("fixes 3 cells"), "{said}");
    }
}
