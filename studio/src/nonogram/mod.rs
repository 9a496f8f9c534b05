//! What the studio knows of nonograms beyond the screens: the picture shared by the canvas and
//! the PNG exporter, and the canvas with its camera.

mod camera;
pub mod canvas;
pub mod picture;
pub mod render;
pub mod templates;
