//! The nonogram format's highlights: its query compiled once, over the tree `parse` built.

use super::language::{HIGHLIGHTS_QUERY, language};
use super::parse::Parsed;
use crate::highlight::{Highlights, Span};
use std::sync::LazyLock;

/// The nonogram highlights query, compiled on first use.
pub fn highlights() -> &'static Highlights {
    static QUERY: LazyLock<Highlights> =
        LazyLock::new(|| Highlights::new(&language(), HIGHLIGHTS_QUERY));
    &QUERY
}

/// The spans of each line of a parsed nonogram file, from the tree its parse built.
pub fn lines(text: &str, parsed: &Parsed) -> Vec<Vec<Span>> {
    highlights().lines(text, parsed.tree.as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_clues_and_the_goal_get_their_captures() {
        let text = "title \"Dot\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\ngoal \"1\"\n";
        let lines = lines(text, &super::super::parse(text));
        assert_eq!(lines.len(), 9);
        assert!(
            lines[0]
                .iter()
                .any(|s| s.capture == "variable.other.member" && s.range == (0..5))
        );
        assert!(
            lines[0]
                .iter()
                .any(|s| s.capture == "string" && s.range == (6..11))
        );
        assert!(
            lines[1]
                .iter()
                .any(|s| s.capture == "constant.numeric" && s.range == (6..7))
        );
        assert!(lines[3].iter().any(|s| s.capture == "keyword"));
        assert!(
            lines[7]
                .iter()
                .any(|s| s.capture == "string.special" && s.range == (5..8))
        );
    }
}
