//! What changed between two versions of a nonogram, in words: its size, the clues of each row
//! and column, the goal, and what its author says of it.

use super::print::clue_text;
use engine::nonogram::{Puzzle, PuzzleInfo};

/// The changes from `old` to `new`, one sentence each, in the file's order.
pub fn changes(old: &Puzzle, new: &Puzzle) -> Vec<String> {
    let mut out = info_changes(&old.info, &new.info);
    if (old.width, old.height) != (new.width, new.height) {
        out.push(format!(
            "the grid is {}×{} (was {}×{}), and its clues with it",
            new.width, new.height, old.width, old.height
        ));
    } else {
        for (word, a, b) in [
            ("row", &old.rows, &new.rows),
            ("column", &old.columns, &new.columns),
        ] {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                if x != y {
                    out.push(format!(
                        "{word} {}: {} (was {})",
                        i + 1,
                        clue_text(y),
                        clue_text(x)
                    ));
                }
            }
        }
    }
    match (&old.goal, &new.goal) {
        (None, Some(_)) => out.push("the goal is given (it was not)".into()),
        (Some(_), None) => out.push("the goal is left out (it was given)".into()),
        (Some(a), Some(b)) if a.width() == b.width() && a.height() == b.height() => {
            let differ = (0..a.height())
                .flat_map(|y| (0..a.width()).map(move |x| (x, y)))
                .filter(|&(x, y)| a.get(x, y) != b.get(x, y))
                .count();
            if differ > 0 {
                out.push(format!(
                    "the goal differs in {}",
                    crate::words::count(differ, "cell")
                ));
            }
        }
        _ => {}
    }
    out
}

fn info_changes(old: &PuzzleInfo, new: &PuzzleInfo) -> Vec<String> {
    crate::diff::said_each([
        ("catalogue", &old.catalogue, &new.catalogue),
        ("title", &old.title, &new.title),
        ("author", &old.by, &new.by),
        ("copyright", &old.copyright, &new.copyright),
        ("licence", &old.license, &new.license),
    ])
}

#[cfg(test)]
mod tests {
    use super::changes;

    fn puzzle(text: &str) -> engine::nonogram::Puzzle {
        super::super::parse(text).document.expect("a puzzle").puzzle
    }

    #[test]
    fn changed_clues_goal_and_title_are_named_with_their_line() {
        let old = puzzle(
            "title \"Old\"\nwidth 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n\ngoal \"1001\"\n",
        );
        let new = puzzle(
            "title \"New\"\nwidth 2\nheight 2\n\nrows\n2\n1\n\ncolumns\n2\n1\n\ngoal \"1110\"\n",
        );
        assert_eq!(
            changes(&old, &new),
            [
                "the title is “New” (was “Old”)",
                "row 1: 2 (was 1)",
                "column 1: 2 (was 1)",
                "the goal differs in 3 cells",
            ]
        );
        assert!(changes(&old, &old).is_empty());
    }

    #[test]
    fn a_new_size_is_said_once_and_a_goal_given_or_left_out() {
        let old = puzzle("width 1\nheight 1\n\nrows\n1\n\ncolumns\n1\n");
        let new = puzzle("width 2\nheight 1\n\nrows\n2\n\ncolumns\n1\n1\n\ngoal \"11\"\n");
        assert_eq!(
            changes(&old, &new),
            [
                "the grid is 2×1 (was 1×1), and its clues with it",
                "the goal is given (it was not)",
            ]
        );
    }
}
