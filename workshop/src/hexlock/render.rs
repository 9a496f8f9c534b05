//! Pictures of locks as PNG files, drawn with tiny-skia and encoded with `image`.

use crate::hexlock::picture::{self, Colouring, Colours, Palette};
use anyhow::{Context, Result};
use engine::hexlock::Lock;
use tiny_skia::{Pixmap, Transform};

/// Draws a lock into a new pixmap `width` pixels wide (the height follows the lock's shape),
/// with its pieces' names, as a shared picture must say which piece a move names.
pub fn pixmap(lock: &Lock, width: u32, colouring: Colouring, palette: &Palette) -> Result<Pixmap> {
    let pieces = picture::pieces(lock, colouring, palette);
    drawn(lock, width, pieces, palette, true)
}

/// One of an animation's frames: as [`pixmap`], each piece in its colour of `colours` (the
/// first frame's), so that a piece keeps its colour as it moves.
pub fn frame(lock: &Lock, width: u32, colours: &Colours, palette: &Palette) -> Result<Pixmap> {
    let pieces = picture::pieces_coloured(lock, colours, palette);
    drawn(lock, width, pieces, palette, true)
}

/// The picture of the board with `pieces` on it, with the pieces' names or (a thumbnail, too
/// small to read them) without.
fn drawn(
    lock: &Lock,
    width: u32,
    pieces: Vec<picture::Shape>,
    palette: &Palette,
    named: bool,
) -> Result<Pixmap> {
    let (hw, hh) = picture::extent(lock.size);
    let scale = width as f32 / (2.0 * hw);
    let height = ((2.0 * hh) * scale).ceil().max(1.0) as u32;
    let mut pm = Pixmap::new(width.max(1), height).context("the picture is too large to draw")?;
    let bg = palette.background;
    pm.fill(tiny_skia::Color::from_rgba(bg.0, bg.1, bg.2, bg.3).unwrap_or(tiny_skia::Color::WHITE));
    let t = Transform::from_row(scale, 0.0, 0.0, scale, hw * scale, hh * scale);
    let mut shapes = picture::board(lock.size, palette);
    shapes.extend(pieces);
    if named {
        shapes.extend(picture::label_shapes(lock));
    }
    crate::shape::paint_pixmap(&mut pm, &shapes, t);
    Ok(pm)
}

pub use crate::shape::straight_rgba;

/// Encodes a lock's picture as PNG bytes.
pub fn png(lock: &Lock, width: u32, colouring: Colouring, palette: &Palette) -> Result<Vec<u8>> {
    crate::shape::png(&pixmap(lock, width, colouring, palette)?)
}

/// A hex lock file's thumbnail: the lock coloured by kind, in the light palette.
pub fn thumbnail_of_text(
    text: &str,
    width: u32,
    shade: crate::family::Shade,
) -> Option<crate::family::Thumbnail> {
    let lock = lockfmt::hexlock::parse(text).document?.lock;
    let palette = Palette::of_shade(shade);
    let pieces = picture::pieces(&lock, Colouring::ByKind, &palette);
    let pm = drawn(&lock, width, pieces, &palette, false).ok()?;
    Some(crate::family::Thumbnail::of(&pm))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn png_has_the_requested_width_and_the_lock_shape() {
        let lock = Lock::starter(4);
        let bytes = png(&lock, 320, Colouring::ByKind, &Palette::LIGHT).expect("png");
        let img = image::load_from_memory(&bytes).expect("decodes").to_rgba8();
        assert_eq!(img.width(), 320);
        assert!(
            img.height() > 250 && img.height() < 320,
            "a hexagon is a little less tall than wide"
        );
        // The centre is an empty cell, the corner is background.
        let centre = img.get_pixel(160, img.height() / 2);
        let corner = img.get_pixel(1, 1);
        assert_ne!(centre, corner);
    }

    /// Regression: Export PNG left out the pieces' letters the canvas writes on them.
    #[test]
    fn the_png_names_the_pieces_as_the_canvas_does() {
        let text = include_str!("../../../templates/hexlock/tutorial/02-push.lock");
        let lock = lockfmt::hexlock::parse(text).document.expect("a lock").lock;
        let named = picture::labels(&lock);
        assert!(named.len() >= 4, "the lesson names its pieces");
        let width = 600;
        let pm = pixmap(&lock, width, Colouring::ByKind, &Palette::LIGHT).expect("pixmap");
        let (hw, hh) = picture::extent(lock.size);
        let scale = width as f32 / (2.0 * hw);
        for cell in named.keys() {
            let c = picture::centre(*cell);
            let (cx, cy) = ((c.0 + hw) * scale, (c.1 + hh) * scale);
            let r = (0.4 * scale) as i32;
            let white = (-r..=r)
                .flat_map(|dy| (-r..=r).map(move |dx| (dx, dy)))
                .filter_map(|(dx, dy)| pm.pixel((cx as i32 + dx) as u32, (cy as i32 + dy) as u32))
                .filter(|p| p.red() > 240 && p.green() > 240 && p.blue() > 240)
                .count();
            assert!(white > 10, "no letter on the piece at {cell:?}");
        }
    }
}
