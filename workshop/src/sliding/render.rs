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

/// Draws `lock`'s pieces alone, `unit` pixels a cell, on the light cells' colour, the board's
/// size and no larger: a piece offered in a draft, shown on its button.
pub fn pieces_pixmap(lock: &Lock, unit: f32, palette: &Palette) -> Result<Pixmap> {
    let (w, h) = (lock.board.width() as f32, lock.board.height() as f32);
    let (width, height) = ((w * unit).ceil() as u32, (h * unit).ceil() as u32);
    let mut pm =
        Pixmap::new(width.max(1), height.max(1)).context("the picture is too large to draw")?;
    let ground = palette.light;
    pm.fill(
        tiny_skia::Color::from_rgba(ground.0, ground.1, ground.2, ground.3)
            .unwrap_or(tiny_skia::Color::WHITE),
    );
    // The board's top-left corner is at (1, 0.5) in picture units: the labels' margin.
    let t = Transform::from_scale(unit, unit).pre_translate(-1.0, -0.5);
    shape::paint_pixmap(&mut pm, &picture::pieces(lock, palette), t);
    Ok(pm)
}

/// The picture as PNG bytes.
pub fn png(lock: &Lock, width: u32, palette: &Palette) -> Result<Vec<u8>> {
    shape::png(&pixmap(lock, width, palette)?)
}

/// A sliding lock file's thumbnail, when its picture reads, in the light palette.
pub fn thumbnail_of_text(
    text: &str,
    width: u32,
    shade: crate::family::Shade,
) -> Option<crate::family::Thumbnail> {
    let parsed = lockfmt::sliding::parse(text);
    if !crate::sliding::drawable(parsed.diagnostics.iter().filter(|d| d.is_error())) {
        return None;
    }
    let lock = parsed.document?.lock;
    let pm = pixmap(
        &lock,
        width.clamp(16, 1024),
        &crate::sliding::picture::Palette::of_shade(shade),
    )
    .ok()?;
    Some(crate::family::Thumbnail::of(&pm))
}
