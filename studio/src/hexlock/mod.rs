//! What the studio knows of hex locks beyond the screens: canvas edits, the picture shared by
//! the canvas and the PNG exporter, words for traces, the built-in templates and tutorial, the
//! solver run in the background, and what keeps old canvas pictures off the screen.

pub mod canvas;
pub mod debugger;
pub mod describe;
pub mod edit;
pub mod picture;
pub mod render;
pub mod session;
pub mod solver;
pub mod templates;
pub mod tutorial;

/// The hex lock's entry in the studio's registry of families.
pub const ENTRY: crate::family::FamilyInfo = crate::family::entry(
    crate::family::Family::HexLock,
    "hex lock",
    "hex locks",
    &lockfmt::hexlock::HexLock,
    crate::family::Templates {
        label: "Hex lock",
        prefix: "",
        new_name: "New lock",
        blank: "size-6",
        names: crate::hexlock::templates::names,
        text_of: crate::hexlock::templates::text_of,
    },
    crate::cli::hexlock::VERBS,
    crate::hexlock::render::thumbnail_of_text,
);
