//! Sliding locks in the studio: the lock as plain shapes, drawn on a canvas and into PNG files.

pub mod canvas;
pub mod picture;
pub mod render;
pub mod templates;
