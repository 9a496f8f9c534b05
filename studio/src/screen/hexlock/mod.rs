//! The hex lock's screens: the editor (canvas and source), play with its debugger and solver
//! panel, and the tutorial series.

pub mod editor;
pub mod play;
pub mod tutorial;
