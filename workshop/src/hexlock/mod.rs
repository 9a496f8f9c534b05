//! What Lockwright knows of hex locks without a window: the picture shared by the canvas and
//! the PNG exporter, words for traces, the built-in templates, and the solver run in the
//! background.

pub mod animation;
pub mod cli;
pub mod describe;
pub mod picture;
pub mod progress;
pub mod render;
pub mod session;
pub mod solver;
pub mod templates;
pub mod term;
pub mod tutorial;

/// The hex lock's entry in the registry of families.
pub const ENTRY: crate::family::FamilyInfo = crate::family::entry(
    crate::family::Family::HexLock,
    ("hex lock", "hex locks"),
    &lockfmt::hexlock::HexLock,
    crate::family::Templates {
        label: "Hex lock",
        prefix: "",
        new_name: "New lock",
        blank: "size-6",
        names: crate::hexlock::templates::names,
        text_of: crate::hexlock::templates::text_of,
    },
    crate::hexlock::cli::VERBS,
    crate::hexlock::render::thumbnail_of_text,
    crate::progress::games::<crate::hexlock::progress::HexLockPlay>(),
)
.with_term(crate::hexlock::term::open);
