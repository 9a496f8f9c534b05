//! Pictures of Quadrillion boards as PNG files: the grids, and the shapes placed (with a
//! solution, every shape).

use super::picture::{self, Palette};
use crate::shape;
use anyhow::{Context, Result};
use engine::quadrillion::{Board, Placement};
use tiny_skia::{Pixmap, Transform};

/// The largest picture drawn, in pixels a side.
pub const MAX_SIDE: u32 = 8192;

/// Draws `board` with `placed` on it, `width` pixels wide (the height follows).
pub fn pixmap(
    board: &Board,
    placed: &[Placement],
    width: u32,
    palette: &Palette,
) -> Result<Pixmap> {
    let (h, w) = board.size();
    let margin = 0.5;
    let scale = width as f32 / (w.max(1) as f32 + 2.0 * margin);
    let height = ((h.max(1) as f32 + 2.0 * margin) * scale).ceil().max(1.0) as u32;
    if width > MAX_SIDE || height > MAX_SIDE {
        anyhow::bail!("a picture {width}×{height} pixels is larger than {MAX_SIDE} a side");
    }
    let mut pm = Pixmap::new(width.max(1), height).context("the picture is too large to draw")?;
    let bg = palette.background;
    pm.fill(tiny_skia::Color::from_rgba(bg.0, bg.1, bg.2, bg.3).unwrap_or(tiny_skia::Color::WHITE));
    let t = Transform::from_row(scale, 0.0, 0.0, scale, margin * scale, margin * scale);
    let origin = board.corner();
    let mut shapes = picture::board(board, origin, palette);
    shapes.extend(picture::shapes(placed, origin, palette));
    shape::paint_pixmap(&mut pm, &shapes, t);
    Ok(pm)
}

/// The picture as PNG bytes.
pub fn png(board: &Board, placed: &[Placement], width: u32, palette: &Palette) -> Result<Vec<u8>> {
    shape::png(&pixmap(board, placed, width, palette)?)
}

/// A board file's thumbnail: its grids and the shapes it places, in the light palette.
pub fn thumbnail_of_text(
    text: &str,
    width: u32,
    shade: crate::family::Shade,
) -> Option<crate::family::Thumbnail> {
    let ch = lockfmt::quadrillion::parse(text).document?.challenge;
    if ch.board.grids.is_empty() {
        return None;
    }
    let pm = pixmap(
        &ch.board,
        &ch.placed,
        width.clamp(16, 1024),
        &crate::quadrillion::picture::Palette::of_shade(shade),
    )
    .ok()?;
    Some(crate::family::Thumbnail::of(&pm))
}
