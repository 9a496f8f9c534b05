//! What Lockwright knows of Quadrillion without a window: the picture shared by the canvas and
//! the PNG exporter, the templates the folder panel offers, and words for the board.

pub mod animation;
pub mod cli;
pub mod picture;
pub mod progress;
pub mod render;
pub mod templates;
pub mod term;
pub mod words;

/// The Quadrillion board's entry in the studio's registry of families.
pub const ENTRY: crate::family::FamilyInfo = crate::family::entry(
    crate::family::Family::Quadrillion,
    ("Quadrillion board", "Quadrillion boards"),
    &lockfmt::quadrillion::Quadrillion,
    crate::family::Templates {
        label: "Quadrillion",
        prefix: "quadrillion-",
        new_name: "New Quadrillion board",
        blank: crate::quadrillion::templates::DEFAULT,
        names: crate::quadrillion::templates::names,
        text_of: crate::quadrillion::templates::text_of,
    },
    crate::quadrillion::cli::VERBS,
    crate::quadrillion::render::thumbnail_of_text,
    crate::progress::games::<crate::quadrillion::progress::QuadrillionPlay>(),
)
.with_term(crate::quadrillion::term::open);
