//! What the studio knows of Quadrillion beyond the screens: the picture shared by the canvas and
//! the PNG exporter, and the canvas.

pub mod canvas;
pub mod picture;
pub mod render;
