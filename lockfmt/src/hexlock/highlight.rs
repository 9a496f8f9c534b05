//! The hex lock format's highlights: its query compiled once, over the tree `parse` built.

use super::language::{HIGHLIGHTS_QUERY, language};
use super::parse::Parsed;
use crate::highlight::{Highlights, Span};
use std::sync::LazyLock;

/// The hex lock highlights query, compiled on first use.
pub fn highlights() -> &'static Highlights {
    static QUERY: LazyLock<Highlights> =
        LazyLock::new(|| Highlights::new(&language(), HIGHLIGHTS_QUERY));
    &QUERY
}

/// The spans of each line of a parsed lock file, from the tree its parse built.
pub fn lines(text: &str, parsed: &Parsed) -> Vec<Vec<Span>> {
    highlights().lines(text, parsed.tree.as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_cells_and_keywords_get_their_captures() {
        let text = "lockwright-lock 1\nsize: 3\ngrid:\n   . A : o\n";
        let lines = lines(text, &super::super::parse(text));
        assert_eq!(lines.len(), 5);
        assert!(
            lines[0]
                .iter()
                .any(|s| s.capture == "keyword.directive" && s.range == (0..15))
        );
        let row = &lines[3];
        assert!(
            row.iter().any(|s| s.capture == "type" && s.range == (5..6)),
            "{row:?}"
        );
        assert!(
            row.iter()
                .any(|s| s.capture == "constant.character" && s.range == (9..10))
        );
    }
}
