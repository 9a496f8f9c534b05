//! What the studio knows of nonograms beyond the screens: the picture shared by the canvas and
//! the PNG exporter, the canvas with its camera, and webpbn XML opened where a puzzle is expected.

mod camera;
pub mod canvas;
pub mod picture;
pub mod render;
pub mod templates;
pub mod webpbn;
