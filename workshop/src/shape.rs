//! Pictures as plain shapes — polygons, lines, circles and short texts in a space of the
//! picture's own — painted into a tiny-skia pixmap here and on the studio's canvas frames
//! (`studio::shape`) alike, so that a family's canvas and its exported PNG are one drawing.

use anyhow::{Context, Result};
use tiny_skia::Stroke as SkiaStroke;
use tiny_skia::{FillRule, LineCap, LineJoin, Paint, PathBuilder, Pixmap, Transform};

/// An RGBA colour, components from 0 to 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rgba(pub f32, pub f32, pub f32, pub f32);

impl Rgba {
    /// From 8-bit components, opaque.
    pub const fn rgb8(r: u8, g: u8, b: u8) -> Rgba {
        Rgba(r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0, 1.0)
    }
}

/// A point in lock space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct P(pub f32, pub f32);

/// One thing to draw.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A filled polygon with an optional outline.
    Polygon {
        points: Vec<P>,
        fill: Rgba,
        stroke: Option<(Rgba, f32)>,
    },
    /// A polyline.
    Line {
        points: Vec<P>,
        colour: Rgba,
        width: f32,
    },
    /// A filled circle with an optional outline.
    Circle {
        centre: P,
        radius: f32,
        fill: Rgba,
        stroke: Option<(Rgba, f32)>,
    },
    /// A short text centred on a point, `size` high (its em, in the picture's units), set in
    /// Fira Sans on a canvas and in a PNG alike (see `lettering`).
    Text {
        at: P,
        text: String,
        size: f32,
        colour: Rgba,
    },
}

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

fn stroke(width: f32) -> SkiaStroke {
    SkiaStroke {
        width,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..SkiaStroke::default()
    }
}

fn skia_polyline(points: &[P], close: bool) -> Option<tiny_skia::Path> {
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

/// Paints shapes into a pixmap, through `t` from the picture's space to pixels.
pub fn paint_pixmap(pm: &mut Pixmap, shapes: &[Shape], t: Transform) {
    for shape in shapes {
        match shape {
            Shape::Polygon {
                points,
                fill,
                stroke: outline,
            } => {
                if let Some(path) = skia_polyline(points, true) {
                    if fill.3 > 0.0 {
                        pm.fill_path(&path, &paint(*fill), FillRule::Winding, t, None);
                    }
                    if let Some((c, w)) = outline {
                        pm.stroke_path(&path, &paint(*c), &stroke(*w), t, None);
                    }
                }
            }
            Shape::Line {
                points,
                colour,
                width,
            } => {
                if let Some(path) = skia_polyline(points, false) {
                    pm.stroke_path(&path, &paint(*colour), &stroke(*width), t, None);
                }
            }
            Shape::Circle {
                centre,
                radius,
                fill,
                stroke: outline,
            } => {
                if let Some(path) = PathBuilder::from_circle(centre.0, centre.1, *radius) {
                    pm.fill_path(&path, &paint(*fill), FillRule::Winding, t, None);
                    if let Some((c, w)) = outline {
                        pm.stroke_path(&path, &paint(*c), &stroke(*w), t, None);
                    }
                }
            }
            Shape::Text {
                at,
                text,
                size,
                colour,
            } => {
                if let Some(path) = crate::lettering::outline(*at, text, *size) {
                    pm.fill_path(&path, &paint(*colour), FillRule::Winding, t, None);
                }
            }
        }
    }
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

/// Encodes a pixmap as PNG bytes.
pub fn png(pm: &Pixmap) -> Result<Vec<u8>> {
    let img = image::RgbaImage::from_raw(pm.width(), pm.height(), straight_rgba(pm))
        .context("the picture's pixels do not fit its size")?;
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)
        .context("cannot encode the picture as PNG")?;
    Ok(out.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    const INK: Rgba = Rgba(0.0, 0.0, 0.0, 1.0);

    /// `text` painted black on white, `size` pixels to the em, centred in a square pixmap;
    /// each pixel's ink from 0 to 1.
    fn inked(text: &str, size: f32) -> (u32, Vec<f32>) {
        let side = (size * 2.0) as u32;
        let mut pm = Pixmap::new(side, side).expect("pixmap");
        pm.fill(tiny_skia::Color::WHITE);
        let half = side as f32 / 2.0;
        let shapes = [Shape::Text {
            at: P(half, half),
            text: text.into(),
            size,
            colour: INK,
        }];
        paint_pixmap(&mut pm, &shapes, Transform::identity());
        let ink = pm
            .pixels()
            .iter()
            .map(|p| 1.0 - f32::from(p.demultiply().red()) / 255.0)
            .collect();
        (side, ink)
    }

    /// Regression: clues were drawn in segments of our own, a "0" a square box like the
    /// missing-glyph box. Fira Sans's "0" is an oval: the corners of its box stay blank, and
    /// its middle is a hole inside the ink.
    #[test]
    fn a_zero_is_an_oval_around_a_hole() {
        let (side, ink) = inked("0", 64.0);
        let at = |x: u32, y: u32| ink[(y * side + x) as usize];
        let inked_at: Vec<(u32, u32)> = (0..side)
            .flat_map(|y| (0..side).map(move |x| (x, y)))
            .filter(|&(x, y)| at(x, y) > 0.5)
            .collect();
        let (x0, x1) = (
            inked_at.iter().map(|p| p.0).min().expect("ink"),
            inked_at.iter().map(|p| p.0).max().expect("ink"),
        );
        let (y0, y1) = (
            inked_at.iter().map(|p| p.1).min().expect("ink"),
            inked_at.iter().map(|p| p.1).max().expect("ink"),
        );
        // A tenth of the way in from each corner of its box: inside a box's stroke, outside an
        // oval.
        let (dx, dy) = ((x1 - x0) / 10, (y1 - y0) / 10);
        for (x, y) in [
            (x0 + dx, y0 + dy),
            (x1 - dx, y0 + dy),
            (x0 + dx, y1 - dy),
            (x1 - dx, y1 - dy),
        ] {
            assert!(
                at(x, y) < 0.2,
                "the 0 is inked at ({x}, {y}), near its box's corner"
            );
        }
        let (cx, cy) = ((x0 + x1) / 2, (y0 + y1) / 2);
        assert!(at(cx, cy) < 0.1, "the 0's middle is inked");
        // The hole is enclosed: ink on every side of the middle.
        assert!((x0..cx).any(|x| at(x, cy) > 0.5) && (cx..=x1).any(|x| at(x, cy) > 0.5));
        assert!((y0..cy).any(|y| at(cx, y) > 0.5) && (cy..=y1).any(|y| at(cx, y) > 0.5));
    }

    /// Every letter and figure a picture writes is the font's own: painted as a picture paints
    /// text, it covers the pixels ab_glyph's own rasterizer fills for the same glyph.
    #[test]
    fn labels_are_drawn_in_the_fonts_own_shapes() {
        use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
        let font =
            FontRef::try_from_slice(include_bytes!("../fonts/FiraSans-Regular.ttf")).expect("font");
        let size = 48.0;
        let em = font.units_per_em().expect("em");
        let scale = PxScale::from(size * font.height_unscaled() / em);
        for c in ('0'..='9').chain('A'..='K') {
            let (side, ink) = inked(&c.to_string(), size);
            let scaled = font.as_scaled(scale);
            let id = font.glyph_id(c);
            let half = side as f32 / 2.0;
            let x = half - scaled.h_advance(id) / 2.0;
            let baseline = half + (scaled.ascent() + scaled.descent()) / 2.0;
            let glyph = id.with_scale_and_position(scale, ab_glyph::point(x, baseline));
            let outlined = font.outline_glyph(glyph).expect("a glyph with ink");
            let mut theirs = vec![0.0f32; ink.len()];
            let b = outlined.px_bounds();
            outlined.draw(|gx, gy, cover| {
                let (px, py) = (
                    b.min.x as i64 + i64::from(gx),
                    b.min.y as i64 + i64::from(gy),
                );
                if (0..i64::from(side)).contains(&px) && (0..i64::from(side)).contains(&py) {
                    theirs[(py as u32 * side + px as u32) as usize] = cover;
                }
            });
            let both: f32 = ink.iter().zip(&theirs).map(|(a, b)| a.min(*b)).sum();
            let either: f32 = ink.iter().zip(&theirs).map(|(a, b)| a.max(*b)).sum();
            assert!(
                both / either > 0.9,
                "{c} is drawn unlike the font's {c}: overlap {}",
                both / either
            );
        }
    }
}
