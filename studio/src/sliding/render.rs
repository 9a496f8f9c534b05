//! Pictures of sliding locks as PNG files.

use super::picture::{self, Palette};
use crate::shape;
use anyhow::{Context, Result};
use engine::sliding::Lock;
use tiny_skia::{Pixmap, Transform};

/// The largest picture drawn, in pixels a side.
pub const MAX_SIDE: u32 = 8192;

/// Draws `lock` `width` pixels wide (the height follows).
pub fn pixmap(lock: &Lock, width: u32, palette: &Palette) -> Result<Pixmap> {
    let (w, h) = picture::size(lock);
    let scale = width as f32 / w;
    let height = (h * scale).ceil().max(1.0) as u32;
    if width > MAX_SIDE || height > MAX_SIDE {
        anyhow::bail!("a picture {width}×{height} pixels is larger than {MAX_SIDE} a side");
    }
    let mut pm = Pixmap::new(width.max(1), height).context("the picture is too large to draw")?;
    let bg = palette.background;
    pm.fill(tiny_skia::Color::from_rgba(bg.0, bg.1, bg.2, bg.3).unwrap_or(tiny_skia::Color::WHITE));
    let t = Transform::from_scale(scale, scale);
    let mut shapes = picture::board(lock, palette);
    shapes.extend(picture::pieces(lock, palette));
    shape::paint_pixmap(&mut pm, &shapes, t);
    Ok(pm)
}

/// The picture as PNG bytes.
pub fn png(lock: &Lock, width: u32, palette: &Palette) -> Result<Vec<u8>> {
    shape::png(&pixmap(lock, width, palette)?)
}
