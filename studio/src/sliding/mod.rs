//! The sliding lock's canvas and tutorial series. The rest of the family that needs no window
//! (picture, PNG, templates, the registry entry) is `workshop::sliding`, re-exported here.

pub use workshop::sliding::*;

pub mod canvas;
pub mod tutorial;
