//! Pictures as plain shapes — polygons, lines, circles and short texts in a space of the
//! picture's own — painted on an iced canvas frame and into a tiny-skia pixmap alike, so that a
//! family's canvas and its exported PNG are one drawing.

use anyhow::{Context, Result};
use iced::widget::canvas::{self, Frame, Path, Stroke, Text};
use iced::{Color, Point};
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

/// An iced colour.
pub fn color(c: Rgba) -> Color {
    Color::from_rgba(c.0, c.1, c.2, c.3)
}

/// A path through lock-space points, projected to the screen; closed for a polygon.
fn polyline(points: &[P], close: bool, at: &dyn Fn(P) -> Point) -> Path {
    Path::new(|b| {
        if let Some((first, rest)) = points.split_first() {
            b.move_to(at(*first));
            for p in rest {
                b.line_to(at(*p));
            }
            if close {
                b.close();
            }
        }
    })
}

/// Paints shapes onto a canvas frame: `at` projects the picture's points to the screen and
/// `s` is the pixels per unit.
pub fn paint_frame(frame: &mut Frame, shapes: &[Shape], s: f32, at: &dyn Fn(P) -> Point) {
    for shape in shapes {
        match shape {
            Shape::Polygon {
                points,
                fill,
                stroke,
            } => {
                let path = polyline(points, true, at);
                if fill.3 > 0.0 {
                    frame.fill(&path, color(*fill));
                }
                if let Some((c, w)) = stroke {
                    frame.stroke(
                        &path,
                        Stroke::default().with_color(color(*c)).with_width(w * s),
                    );
                }
            }
            Shape::Line {
                points,
                colour,
                width,
            } => {
                let path = polyline(points, false, at);
                frame.stroke(
                    &path,
                    Stroke::default()
                        .with_color(color(*colour))
                        .with_width(width * s)
                        .with_line_cap(canvas::LineCap::Round)
                        .with_line_join(canvas::LineJoin::Round),
                );
            }
            Shape::Circle {
                centre,
                radius,
                fill,
                stroke,
            } => {
                let path = Path::circle(at(*centre), radius * s);
                frame.fill(&path, color(*fill));
                if let Some((c, w)) = stroke {
                    frame.stroke(
                        &path,
                        Stroke::default().with_color(color(*c)).with_width(w * s),
                    );
                }
            }
            Shape::Text {
                at: p,
                text,
                size,
                colour,
            } => frame.fill_text(Text {
                content: text.clone(),
                position: at(*p),
                color: color(*colour),
                size: iced::Pixels((size * s).max(6.0)),
                align_x: iced::widget::text::Alignment::Center,
                align_y: iced::alignment::Vertical::Center,
                ..Text::default()
            }),
        }
    }
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
                for line in digit_strokes(*at, text, *size) {
                    if let Some(path) = skia_polyline(&line, false) {
                        pm.stroke_path(&path, &paint(*colour), &stroke(size * 0.12), t, None);
                    }
                }
            }
        }
    }
}

/// The strokes of a number's digits, seven-segment style, centred on `at`, `size` high.
fn digit_strokes(at: P, text: &str, size: f32) -> Vec<Vec<P>> {
    // Segments of a digit in a 1×2 box: a top, b top right, c bottom right, d bottom,
    // e bottom left, f top left, g middle.
    const SEGMENTS: [[(f32, f32); 2]; 7] = [
        [(0.0, 0.0), (1.0, 0.0)],
        [(1.0, 0.0), (1.0, 1.0)],
        [(1.0, 1.0), (1.0, 2.0)],
        [(0.0, 2.0), (1.0, 2.0)],
        [(0.0, 1.0), (0.0, 2.0)],
        [(0.0, 0.0), (0.0, 1.0)],
        [(0.0, 1.0), (1.0, 1.0)],
    ];
    let lit = |d: char| -> &'static [usize] {
        match d {
            '0' => &[0, 1, 2, 3, 4, 5],
            '1' => &[1, 2],
            '2' => &[0, 1, 6, 4, 3],
            '3' => &[0, 1, 6, 2, 3],
            '4' => &[5, 6, 1, 2],
            '5' => &[0, 5, 6, 2, 3],
            '6' => &[0, 5, 4, 3, 2, 6],
            '7' => &[0, 1, 2],
            '8' => &[0, 1, 2, 3, 4, 5, 6],
            '9' => &[6, 5, 0, 1, 2, 3],
            _ => &[],
        }
    };
    let unit = size * 0.45;
    let digits: Vec<char> = text.chars().filter(char::is_ascii_digit).collect();
    let advance = unit * 1.6;
    let total = advance * digits.len() as f32 - (advance - unit);
    let left = at.0 - total / 2.0;
    let top = at.1 - unit;
    let mut out = Vec::new();
    for (i, d) in digits.into_iter().enumerate() {
        let x0 = left + i as f32 * advance;
        for &s in lit(d) {
            let [a, b] = SEGMENTS[s];
            out.push(vec![
                P(x0 + a.0 * unit, top + a.1 * unit),
                P(x0 + b.0 * unit, top + b.1 * unit),
            ]);
        }
    }
    out
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
        let strokes = digit_strokes(P(0.0, 0.0), "18", 1.0);
        assert_eq!(strokes.len(), 2 + 7, "a 1 has two segments and an 8 seven");
        assert!(digit_strokes(P(0.0, 0.0), "x", 1.0).is_empty());
    }
}
