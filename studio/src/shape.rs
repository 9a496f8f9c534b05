//! Plain shapes (`workshop::shape`, re-exported here) painted on an iced canvas frame, as the
//! PNG exporter paints them into a pixmap: a family's canvas and its PNG are one drawing.

pub use workshop::shape::*;

use iced::widget::canvas::{self, Frame, Path, Stroke, Text};
use iced::{Color, Point};

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
