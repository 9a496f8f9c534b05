//! The sliding lock format's highlights: its query compiled once, over the tree `parse` built.

use super::language::{HIGHLIGHTS_QUERY, language};
use super::parse::Parsed;
use crate::highlight::{Highlights, Span};
use std::sync::LazyLock;

/// The sliding lock highlights query, compiled on first use.
pub fn highlights() -> &'static Highlights {
    static QUERY: LazyLock<Highlights> =
        LazyLock::new(|| Highlights::new(&language(), HIGHLIGHTS_QUERY));
    &QUERY
}

/// The spans of each line of a parsed lock file, from the tree its parse built.
pub fn lines(text: &str, parsed: &Parsed) -> Vec<Vec<Span>> {
    highlights().lines(text, parsed.tree.as_ref())
}
