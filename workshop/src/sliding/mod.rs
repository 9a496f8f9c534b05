//! Sliding locks without a window: the lock as plain shapes, drawn on a canvas and into PNG
//! files, and the templates built in.

pub mod animation;
pub mod cli;
pub mod game;
pub mod picture;
pub mod progress;
pub mod render;
pub mod templates;
pub mod term;
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

/// The sliding lock's entry in the studio's registry of families.
pub const ENTRY: crate::family::FamilyInfo = crate::family::entry(
    crate::family::Family::Sliding,
    ("sliding lock", "sliding locks"),
    &lockfmt::sliding::Sliding,
    crate::family::Templates {
        label: "Sliding lock",
        prefix: "sliding-",
        new_name: "New sliding lock",
        blank: crate::sliding::templates::BLANK[0].0,
        names: crate::sliding::templates::names,
        text_of: crate::sliding::templates::text_of,
    },
    crate::sliding::cli::VERBS,
    crate::sliding::render::thumbnail_of_text,
    crate::progress::games::<crate::sliding::progress::SlidingPlay>(),
)
.with_term(crate::sliding::term::open);
