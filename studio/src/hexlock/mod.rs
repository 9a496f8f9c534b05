//! What the studio knows of hex locks beyond the screens: the canvas, canvas edits, the
//! debugger's steps, a game in play and the tutorial series. The rest of the family that needs
//! no window (picture, PNG, templates, solver, the registry entry) is `workshop::hexlock`,
//! re-exported here.

pub use workshop::hexlock::*;

pub mod canvas;
pub mod debugger;
pub mod edit;
pub mod session;
pub mod tutorial;
