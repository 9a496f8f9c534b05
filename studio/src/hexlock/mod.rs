//! What the studio knows of hex locks beyond the screens: the canvas, canvas edits and the
//! debugger's steps. The rest of the family that needs no window (picture, PNG, templates,
//! solver, a game in play, the tutorial series, the registry entry) is `workshop::hexlock`,
//! re-exported here.

pub use workshop::hexlock::*;

pub mod canvas;
pub mod debugger;
pub mod edit;
