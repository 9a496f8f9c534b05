//! A Quadrillion board as plain shapes: the grids as plates, their open and closed dots, and
//! the shapes lying on them, one unit per dot.

use crate::shape::{P, Rgba, Shape};
use engine::quadrillion::{Board, Dot, Placement, ShapeId, Side};

/// The colours a board is drawn with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    /// Behind everything.
    pub background: Rgba,
    /// A grid's plate.
    pub plate: Rgba,
    /// Open dots of a grid white side up.
    pub white_dot: Rgba,
    /// Open dots of a grid black side up.
    pub black_dot: Rgba,
    /// Outlines.
    pub outline: Rgba,
}

impl Palette {
    /// The palette of the studio's theme: dark or light.
    pub const fn of_theme(dark: bool) -> Palette {
        if dark { Palette::DARK } else { Palette::LIGHT }
    }

    /// The palette of a picture drawn for `shade`.
    pub fn of_shade(shade: crate::family::Shade) -> Palette {
        match shade {
            crate::family::Shade::Light => Palette::LIGHT,
            crate::family::Shade::Dark => Palette::DARK,
        }
    }

    /// The light theme's colours.
    pub const LIGHT: Palette = Palette {
        background: Rgba::rgb8(0xf4, 0xf1, 0xea),
        plate: Rgba::rgb8(0x9a, 0x9a, 0xa0),
        white_dot: Rgba::rgb8(0xfa, 0xfa, 0xfa),
        black_dot: Rgba::rgb8(0x2a, 0x2a, 0x2e),
        outline: Rgba::rgb8(0x40, 0x40, 0x48),
    };

    /// The dark theme's colours.
    pub const DARK: Palette = Palette {
        background: Rgba::rgb8(0x1e, 0x1f, 0x24),
        plate: Rgba::rgb8(0x55, 0x57, 0x60),
        white_dot: Rgba::rgb8(0xe8, 0xe8, 0xe8),
        black_dot: Rgba::rgb8(0x10, 0x10, 0x12),
        outline: Rgba::rgb8(0xc8, 0xc8, 0xd0),
    };
}

/// The seed's colour of each shape.
pub fn colour(s: ShapeId) -> Rgba {
    match s {
        ShapeId::Corner => Rgba::rgb8(0x91, 0xd8, 0xf7),
        ShapeId::Skew => Rgba::rgb8(0xb9, 0x3a, 0x3f),
        ShapeId::P => Rgba::rgb8(0x80, 0xcc, 0xc0),
        ShapeId::U => Rgba::rgb8(0x90, 0xc7, 0x4b),
        ShapeId::T => Rgba::rgb8(0x00, 0x9d, 0x6f),
        ShapeId::V => Rgba::rgb8(0x00, 0xaf, 0xee),
        ShapeId::W => Rgba::rgb8(0x85, 0x3b, 0x93),
        ShapeId::Z => Rgba::rgb8(0x2a, 0x57, 0xa4),
        ShapeId::F => Rgba::rgb8(0xf7, 0x97, 0x34),
        ShapeId::L => Rgba::rgb8(0xed, 0x33, 0x38),
        ShapeId::Y => Rgba::rgb8(0xff, 0xdd, 0x23),
        ShapeId::N => Rgba::rgb8(0xf0, 0x78, 0xad),
    }
}

/// What a player calls each shape: its colour, as [`colour`] draws it (the file's letters,
/// such as `/` or `<`, mean nothing on the table).
pub fn colour_name(s: ShapeId) -> &'static str {
    match s {
        ShapeId::Corner => "pale blue",
        ShapeId::Skew => "dark red",
        ShapeId::P => "pale green",
        ShapeId::U => "lime",
        ShapeId::T => "green",
        ShapeId::V => "sky blue",
        ShapeId::W => "purple",
        ShapeId::Z => "dark blue",
        ShapeId::F => "orange",
        ShapeId::L => "red",
        ShapeId::Y => "yellow",
        ShapeId::N => "pink",
    }
}

fn square(top: f32, left: f32, size: f32) -> Vec<P> {
    vec![
        P(left, top),
        P(left + size, top),
        P(left + size, top + size),
        P(left, top + size),
    ]
}

/// The board's grids and dots, with `origin` the dot drawn at (0, 0).
pub fn board(board: &Board, origin: Dot, palette: &Palette) -> Vec<Shape> {
    let mut out = Vec::new();
    let at = |d: Dot| ((d.row - origin.row) as f32, (d.col - origin.col) as f32);
    for g in &board.grids {
        let (top, left) = at(g.at);
        out.push(Shape::Polygon {
            points: square(top + 0.04, left + 0.04, 3.92),
            fill: palette.plate,
            stroke: Some((palette.outline, 0.04)),
        });
        let closed = g.closed_dots();
        let (open, shut) = match g.side {
            Side::White => (palette.white_dot, palette.black_dot),
            Side::Black => (palette.black_dot, palette.white_dot),
        };
        for d in g.dots() {
            let (r, c) = at(d);
            let is_closed = closed.contains(&d);
            out.push(Shape::Circle {
                centre: P(c + 0.5, r + 0.5),
                radius: if is_closed { 0.18 } else { 0.32 },
                fill: if is_closed { shut } else { open },
                stroke: None,
            });
        }
    }
    out
}

/// Shapes lying on the plane, each dot a rounded block joined to its neighbours of the same
/// shape, with `origin` the dot drawn at (0, 0).
pub fn shapes(placed: &[Placement], origin: Dot, palette: &Palette) -> Vec<Shape> {
    let mut out = Vec::new();
    for p in placed {
        let dots = p.dots();
        let fill = colour(p.shape);
        for d in &dots {
            let (r, c) = ((d.row - origin.row) as f32, (d.col - origin.col) as f32);
            out.push(Shape::Polygon {
                points: square(r + 0.1, c + 0.1, 0.8),
                fill,
                stroke: Some((palette.outline, 0.03)),
            });
            // Bridges to the neighbours right and below, so that a shape reads as one piece.
            if dots.contains(&Dot::new(d.row, d.col + 1)) {
                out.push(Shape::Polygon {
                    points: vec![
                        P(c + 0.85, r + 0.2),
                        P(c + 1.15, r + 0.2),
                        P(c + 1.15, r + 0.8),
                        P(c + 0.85, r + 0.8),
                    ],
                    fill,
                    stroke: None,
                });
            }
            if dots.contains(&Dot::new(d.row + 1, d.col)) {
                out.push(Shape::Polygon {
                    points: vec![
                        P(c + 0.2, r + 0.85),
                        P(c + 0.8, r + 0.85),
                        P(c + 0.8, r + 1.15),
                        P(c + 0.2, r + 1.15),
                    ],
                    fill,
                    stroke: None,
                });
            }
        }
    }
    out
}
