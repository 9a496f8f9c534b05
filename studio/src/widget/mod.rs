//! Widgets shared by the studio's screens.

pub mod hex_canvas;
