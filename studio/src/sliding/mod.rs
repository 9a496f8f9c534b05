//! Sliding locks in the studio: the lock as plain shapes, drawn on a canvas and into PNG files;
//! the templates and the tutorial series built in.

pub mod canvas;
pub mod picture;
pub mod render;
pub mod templates;
pub mod tutorial;

use lockfmt::Diagnostic;

/// The codes of the problems that leave a sliding lock's text with no picture to draw (its
/// rules can be broken and the picture still drawn).
const PICTURE_CODES: &[&str] = &[
    "no-picture",
    "board-size",
    "row-width",
    "glyph",
    "piece-shape",
    "file-too-large",
    "invalid-utf8",
];

/// Whether a text with these errors still has a picture of a board to draw.
pub fn drawable<'a>(mut errors: impl Iterator<Item = &'a Diagnostic>) -> bool {
    errors.all(|d| !PICTURE_CODES.contains(&d.code.as_str()))
}
