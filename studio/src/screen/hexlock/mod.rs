//! The hex lock's screens: the editor (canvas and source), and play with its debugger and
//! solver panel.

pub mod editor;
pub mod play;
