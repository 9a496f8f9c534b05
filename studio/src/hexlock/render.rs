//! Pictures of locks as PNG files, drawn with tiny-skia and encoded with `image`.

use crate::hexlock::picture::{self, Colouring, Overlay, P, Palette, Rgba, Shape};
use anyhow::{Context, Result};
use engine::hexlock::Lock;
use tiny_skia::{FillRule, LineCap, LineJoin, Paint, PathBuilder, Pixmap, Stroke, Transform};

fn paint(c: Rgba) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(
        (c.0 * 255.0) as u8,
        (c.1 * 255.0) as u8,
        (c.2 * 255.0) as u8,
        (c.3 * 255.0) as u8,
    );
    p.anti_alias = true;
    p
}

fn stroke(width: f32) -> Stroke {
    Stroke {
        width,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    }
}

fn polyline(points: &[P], close: bool) -> Option<tiny_skia::Path> {
    let mut pb = PathBuilder::new();
    let (first, rest) = points.split_first()?;
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    if close {
        pb.close();
    }
    pb.finish()
}

/// Draws a lock into a new pixmap `width` pixels wide (the height follows the lock's shape).
pub fn pixmap(lock: &Lock, width: u32, colouring: Colouring, palette: &Palette) -> Result<Pixmap> {
    let (hw, hh) = picture::extent(lock.size);
    let scale = width as f32 / (2.0 * hw);
    let height = ((2.0 * hh) * scale).ceil().max(1.0) as u32;
    let mut pm = Pixmap::new(width.max(1), height).context("the picture is too large to draw")?;
    let bg = palette.background;
    pm.fill(tiny_skia::Color::from_rgba(bg.0, bg.1, bg.2, bg.3).unwrap_or(tiny_skia::Color::WHITE));
    let t = Transform::from_row(scale, 0.0, 0.0, scale, hw * scale, hh * scale);
    for shape in picture::draw(lock, colouring, palette, &Overlay::default()) {
        match shape {
            Shape::Polygon {
                points,
                fill,
                stroke: outline,
            } => {
                if let Some(path) = polyline(&points, true) {
                    if fill.3 > 0.0 {
                        pm.fill_path(&path, &paint(fill), FillRule::Winding, t, None);
                    }
                    if let Some((c, w)) = outline {
                        pm.stroke_path(&path, &paint(c), &stroke(w), t, None);
                    }
                }
            }
            Shape::Line {
                points,
                colour,
                width,
            } => {
                if let Some(path) = polyline(&points, false) {
                    pm.stroke_path(&path, &paint(colour), &stroke(width), t, None);
                }
            }
            Shape::Circle {
                centre,
                radius,
                fill,
                stroke: outline,
            } => {
                if let Some(path) = PathBuilder::from_circle(centre.0, centre.1, radius) {
                    pm.fill_path(&path, &paint(fill), FillRule::Winding, t, None);
                    if let Some((c, w)) = outline {
                        pm.stroke_path(&path, &paint(c), &stroke(w), t, None);
                    }
                }
            }
        }
    }
    Ok(pm)
}

/// A pixmap's pixels as straight (not premultiplied) RGBA bytes, as PNG and image widgets
/// want them; tiny-skia keeps premultiplied alpha.
pub fn straight_rgba(pm: &Pixmap) -> Vec<u8> {
    pm.pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect()
}

/// Encodes a lock's picture as PNG bytes.
pub fn png(lock: &Lock, width: u32, colouring: Colouring, palette: &Palette) -> Result<Vec<u8>> {
    let pm = pixmap(lock, width, colouring, palette)?;
    let (w, h) = (pm.width(), pm.height());
    let rgba = straight_rgba(&pm);
    let img = image::RgbaImage::from_raw(w, h, rgba)
        .context("the picture's pixels do not fit its size")?;
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)
        .context("cannot encode the picture as PNG")?;
    Ok(out.into_inner())
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
}
