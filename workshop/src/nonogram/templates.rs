//! The nonogram templates built into the binary: public puzzles from `templates/nonogram/`, and
//! blank grids to paint on.

pub use crate::template::Template;

/// The public puzzles.
pub const ALL: &[Template] = crate::template::builtin!["nonogram-", "nonogram/", ".non";
    "dancer",
    "scardy-cat",
    "slippery-conditions",
    "bloop-bloop",
    "spade",
];

/// The blank grids the picker offers, as (name, width, height).
pub const BLANK: &[(&str, usize, usize)] = &[
    ("nonogram-blank-10x10", 10, 10),
    ("nonogram-blank-15x15", 15, 15),
    ("nonogram-blank-20x20", 20, 20),
];

/// Every template's name, blank ones first, as the New picker offers them.
pub fn names() -> Vec<&'static str> {
    BLANK
        .iter()
        .map(|b| b.0)
        .chain(ALL.iter().map(|t| t.name))
        .collect()
}

/// The text of a nonogram template by name: a public puzzle, or a blank grid titled `title`.
pub fn text_of(name: &str, title: &str) -> Option<String> {
    if let Some(t) = ALL.iter().find(|t| t.name == name) {
        return Some(t.text.to_string());
    }
    let &(_, w, h) = BLANK.iter().find(|(n, _, _)| *n == name)?;
    Some(lockfmt::nonogram::print(&blank(w, h, title)))
}

/// A blank picture of a size: every cell empty, every clue 0.
pub fn blank(width: usize, height: usize, title: &str) -> engine::nonogram::Puzzle {
    use engine::nonogram::{Cell, Grid, Puzzle, PuzzleInfo};
    let mut g = Grid::new(width, height);
    for y in 0..height {
        for x in 0..width {
            g.set(x, y, Cell::Empty);
        }
    }
    Puzzle::from_picture(
        g,
        PuzzleInfo {
            title: Some(title.to_string()),
            ..PuzzleInfo::default()
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_nonogram_template_reads_cleanly() {
        for t in ALL {
            assert!(!lockfmt::nonogram::parse(t.text).has_errors(), "{}", t.name);
        }
        let blank = text_of("nonogram-blank-10x10", "Mine").expect("a blank grid");
        let parsed = lockfmt::nonogram::parse(&blank);
        assert!(!parsed.has_errors());
        assert_eq!(
            parsed.valid_puzzle().map(|p| (p.width, p.height)),
            Some((10, 10))
        );
        assert_eq!(text_of("nonogram-nothing", "x"), None);
    }
}
