//! The sliding lock's canvas. The rest of the family that needs no window (picture, PNG,
//! templates, the tutorial series, the registry entry) is `workshop::sliding`, re-exported here.

pub use workshop::sliding::*;

pub mod canvas;
