//! The board format's highlights: its query compiled once, over the tree `parse` built.

use super::language::{HIGHLIGHTS_QUERY, language};
use super::parse::Parsed;
use crate::highlight::{Highlights, Span};
use std::sync::LazyLock;

/// The Quadrillion highlights query, compiled on first use.
pub fn highlights() -> &'static Highlights {
    static QUERY: LazyLock<Highlights> =
        LazyLock::new(|| Highlights::new(&language(), HIGHLIGHTS_QUERY));
    &QUERY
}

/// The spans of each line of a parsed board file, from the tree its parse built.
pub fn lines(text: &str, parsed: &Parsed) -> Vec<Vec<Span>> {
    highlights().lines(text, parsed.tree.as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_grids_and_shapes_get_their_captures() {
        let text = "title \"Dot\"\ngrid 1 black turn 1 at 0 4\nshape 2 flipped at 1 7\n";
        let lines = lines(text, &super::super::parse(text));
        let has = |line: usize, capture: &str, range: std::ops::Range<usize>| {
            lines[line]
                .iter()
                .any(|s| s.capture == capture && s.range == range)
        };
        assert!(has(0, "variable.other.member", 0..5), "{lines:?}");
        assert!(has(1, "keyword", 0..4), "{lines:?}");
        assert!(has(1, "constant", 7..12), "{lines:?}");
        assert!(has(1, "constant.numeric", 5..6), "{lines:?}");
        assert!(has(2, "type", 6..7), "the shape named 2: {lines:?}");
        assert!(has(2, "keyword", 8..15), "{lines:?}");
    }
}
