//! The nonogram's canvas with its camera. The rest of the family that needs no window
//! (picture, PNG, templates, webpbn XML, the registry entry) is `workshop::nonogram`,
//! re-exported here.

pub use workshop::nonogram::*;

mod camera;
pub mod canvas;
