//! The nonogram's screens: the player (and, in time, the editor).

pub mod editor;
pub mod player;
