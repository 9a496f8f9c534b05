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
    /// A short text centred on a point, `size` high (in the picture's units). The PNG draws
    /// digits with strokes of its own (it has no fonts); other characters only on a canvas.
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
                for line in label_strokes(*at, text, *size) {
                    if let Some(path) = skia_polyline(&line, false) {
                        pm.stroke_path(&path, &paint(*colour), &stroke(size * 0.12), t, None);
                    }
                }
            }
        }
    }
}

/// The strokes of a label — digits seven-segment style, and the column letters A–K of a sliding
/// lock's board — centred on `at`, `size` high. Other characters are left out.
fn label_strokes(at: P, text: &str, size: f32) -> Vec<Vec<P>> {
    let unit = size * 0.45;
    let glyphs: Vec<&[&[(f32, f32)]]> = text.chars().filter_map(glyph).collect();
    let advance = unit * 1.6;
    let total = advance * glyphs.len() as f32 - (advance - unit);
    let left = at.0 - total / 2.0;
    let top = at.1 - unit;
    let mut out = Vec::new();
    for (i, g) in glyphs.into_iter().enumerate() {
        let x0 = left + i as f32 * advance;
        for line in g {
            out.push(
                line.iter()
                    .map(|&(x, y)| P(x0 + x * unit, top + y * unit))
                    .collect(),
            );
        }
    }
    out
}

/// A character's strokes in a box 1 wide and 2 high, top left at (0, 0); digits lit as on a
/// seven-segment display.
fn glyph(c: char) -> Option<&'static [&'static [(f32, f32)]]> {
    // The segments: a top, b top right, c bottom right, d bottom, e bottom left, f top left,
    // g middle.
    const A: &[(f32, f32)] = &[(0.0, 0.0), (1.0, 0.0)];
    const B: &[(f32, f32)] = &[(1.0, 0.0), (1.0, 1.0)];
    const C: &[(f32, f32)] = &[(1.0, 1.0), (1.0, 2.0)];
    const D: &[(f32, f32)] = &[(0.0, 2.0), (1.0, 2.0)];
    const E: &[(f32, f32)] = &[(0.0, 1.0), (0.0, 2.0)];
    const F: &[(f32, f32)] = &[(0.0, 0.0), (0.0, 1.0)];
    const G: &[(f32, f32)] = &[(0.0, 1.0), (1.0, 1.0)];
    Some(match c {
        '0' => &[A, B, C, D, E, F],
        '1' => &[B, C],
        '2' => &[A, B, G, E, D],
        '3' => &[A, B, G, C, D],
        '4' => &[F, G, B, C],
        '5' => &[A, F, G, C, D],
        '6' => &[A, F, E, D, C, G],
        '7' => &[A, B, C],
        '8' => &[A, B, C, D, E, F, G],
        '9' => &[G, F, A, B, C, D],
        'A' => &[
            &[(0.0, 2.0), (0.5, 0.0), (1.0, 2.0)],
            &[(0.25, 1.0), (0.75, 1.0)],
        ],
        'B' => &[
            &[
                (0.0, 1.0),
                (0.0, 0.0),
                (0.7, 0.0),
                (0.95, 0.5),
                (0.7, 1.0),
                (0.0, 1.0),
            ],
            &[(0.0, 1.0), (0.0, 2.0), (0.75, 2.0), (1.0, 1.5), (0.75, 1.0)],
        ],
        'C' => &[&[(1.0, 0.0), (0.0, 0.0), (0.0, 2.0), (1.0, 2.0)]],
        'D' => &[&[
            (0.0, 0.0),
            (0.6, 0.0),
            (1.0, 0.5),
            (1.0, 1.5),
            (0.6, 2.0),
            (0.0, 2.0),
            (0.0, 0.0),
        ]],
        'E' => &[
            &[(1.0, 0.0), (0.0, 0.0), (0.0, 2.0), (1.0, 2.0)],
            &[(0.0, 1.0), (0.7, 1.0)],
        ],
        'F' => &[
            &[(1.0, 0.0), (0.0, 0.0), (0.0, 2.0)],
            &[(0.0, 1.0), (0.7, 1.0)],
        ],
        'G' => &[&[
            (1.0, 0.0),
            (0.0, 0.0),
            (0.0, 2.0),
            (1.0, 2.0),
            (1.0, 1.0),
            (0.5, 1.0),
        ]],
        'H' => &[F, E, B, C, G],
        'I' => &[
            &[(0.5, 0.0), (0.5, 2.0)],
            &[(0.2, 0.0), (0.8, 0.0)],
            &[(0.2, 2.0), (0.8, 2.0)],
        ],
        'J' => &[&[(1.0, 0.0), (1.0, 2.0), (0.0, 2.0), (0.0, 1.5)]],
        'K' => &[
            &[(0.0, 0.0), (0.0, 2.0)],
            &[(1.0, 0.0), (0.0, 1.0), (1.0, 2.0)],
        ],
        _ => return None,
    })
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

    #[test]
    fn digits_are_drawn_as_their_segments() {
        let strokes = label_strokes(P(0.0, 0.0), "18", 1.0);
        assert_eq!(strokes.len(), 2 + 7, "a 1 has two segments and an 8 seven");
        assert!(label_strokes(P(0.0, 0.0), "x", 1.0).is_empty());
    }

    /// A sliding lock's pictures name its columns A–K, as the seed's notation does; they were
    /// drawn without them.
    #[test]
    fn the_column_letters_of_a_sliding_board_are_drawn() {
        let shapes: Vec<Vec<Vec<P>>> = ('A'..='K')
            .map(|c| label_strokes(P(0.0, 0.0), &c.to_string(), 1.0))
            .collect();
        assert!(shapes.iter().all(|s| !s.is_empty()));
        for (i, a) in shapes.iter().enumerate() {
            assert!(
                shapes[i + 1..].iter().all(|b| b != a),
                "letter {i} is drawn like another"
            );
        }
        // Every stroke stays within the glyph's box around the centre.
        for s in shapes.iter().flatten().flatten() {
            assert!(s.0.abs() <= 0.25 && s.1.abs() <= 0.46, "{s:?}");
        }
    }
}
