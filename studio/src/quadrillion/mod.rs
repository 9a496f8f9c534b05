//! What the studio knows of Quadrillion beyond the screens: the picture shared by the canvas and
//! the PNG exporter, the canvas, and the templates the folder panel offers.

pub mod canvas;
pub mod picture;
pub mod render;
pub mod templates;
pub mod words;
