//! What the studio knows of Quadrillion beyond the screens: the picture shared by the PNG
//! exporter (and the canvas to come).

pub mod picture;
pub mod render;
