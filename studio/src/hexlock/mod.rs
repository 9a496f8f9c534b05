//! What the studio knows of hex locks beyond the screens: canvas edits, the picture shared by
//! the canvas and the PNG exporter, words for traces, the built-in templates and tutorial, the
//! solver run in the background, and what keeps old canvas pictures off the screen.

pub mod canvas;
pub mod debugger;
pub mod describe;
pub mod edit;
pub mod picture;
pub mod render;
pub mod session;
pub mod solver;
pub mod templates;
pub mod tutorial;
