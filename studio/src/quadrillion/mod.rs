//! The Quadrillion board's canvas. The rest of the family that needs no window (picture, PNG,
//! templates, words, the registry entry) is `workshop::quadrillion`, re-exported here.

pub use workshop::quadrillion::*;

pub mod canvas;
