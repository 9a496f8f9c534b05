//! A sliding lock as plain shapes, one unit per cell, the top row at the top: the board (light
//! and dark cells, row numbers along the left edge and column letters along the bottom, the
//! label edges), and the pieces — vertical and horizontal pieces in two colours so that their
//! direction reads at a glance, the Key in gold, the Keyhole, and each axis with a bar to every
//! piece attached to it.

use crate::shape::{P, Rgba, Shape};
use engine::sliding::{Cell, Kind, Lock, Orientation};

/// The colours a lock is drawn with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    /// Behind everything.
    pub background: Rgba,
    /// A light cell.
    pub light: Rgba,
    /// A dark cell.
    pub dark: Rgba,
    /// Grid lines and outlines.
    pub outline: Rgba,
    /// Labels.
    pub label: Rgba,
    /// Vertical pieces.
    pub vertical: Rgba,
    /// Horizontal pieces.
    pub horizontal: Rgba,
    /// The Key.
    pub key: Rgba,
    /// The Keyhole.
    pub keyhole: Rgba,
    /// Axes and their bars.
    pub axis: Rgba,
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
        light: Rgba::rgb8(0xd9, 0xd9, 0xdc),
        dark: Rgba::rgb8(0x6b, 0x6b, 0x72),
        outline: Rgba::rgb8(0x40, 0x40, 0x48),
        label: Rgba::rgb8(0x40, 0x40, 0x48),
        vertical: Rgba::rgb8(0x4a, 0x7f, 0xc1),
        horizontal: Rgba::rgb8(0x5f, 0xa8, 0x55),
        key: Rgba::rgb8(0xe3, 0xb2, 0x2b),
        keyhole: Rgba::rgb8(0x22, 0x22, 0x26),
        axis: Rgba::rgb8(0xc8, 0x3c, 0x3c),
    };

    /// The dark theme's colours.
    pub const DARK: Palette = Palette {
        background: Rgba::rgb8(0x1e, 0x1f, 0x24),
        light: Rgba::rgb8(0x4a, 0x4c, 0x55),
        dark: Rgba::rgb8(0x15, 0x15, 0x18),
        outline: Rgba::rgb8(0xc8, 0xc8, 0xd0),
        label: Rgba::rgb8(0xc8, 0xc8, 0xd0),
        vertical: Rgba::rgb8(0x5b, 0x8f, 0xd6),
        horizontal: Rgba::rgb8(0x6c, 0xbb, 0x62),
        key: Rgba::rgb8(0xf0, 0xc0, 0x3a),
        keyhole: Rgba::rgb8(0x05, 0x05, 0x06),
        axis: Rgba::rgb8(0xe0, 0x55, 0x55),
    };
}

/// The picture's size in units: the board and a margin of one unit for the labels on the
/// left and at the bottom, half a unit elsewhere.
pub fn size(lock: &Lock) -> (f32, f32) {
    (
        lock.board.width() as f32 + 1.5,
        lock.board.height() as f32 + 1.5,
    )
}

/// The top-left corner of `cell` in picture units (the board starts one unit in from the
/// left for the row numbers and half a unit from the top).
pub fn corner(lock: &Lock, cell: Cell) -> P {
    P(
        1.0 + cell.col as f32,
        0.5 + (lock.board.height() - 1 - cell.row) as f32,
    )
}

/// The cell under a point of the picture, if it is on the board.
pub fn cell_at(lock: &Lock, p: P) -> Option<Cell> {
    let col = (p.0 - 1.0).floor();
    let from_top = (p.1 - 0.5).floor();
    let (w, h) = (lock.board.width() as f32, lock.board.height() as f32);
    if col < 0.0 || from_top < 0.0 || col >= w || from_top >= h {
        return None;
    }
    Some(Cell::new(col as u8, (h - 1.0 - from_top) as u8))
}

fn rect(x: f32, y: f32, w: f32, h: f32) -> Vec<P> {
    vec![P(x, y), P(x + w, y), P(x + w, y + h), P(x, y + h)]
}

/// The board: every cell, light or dark, and the labels along the label edges.
pub fn board(lock: &Lock, palette: &Palette) -> Vec<Shape> {
    let mut out = Vec::new();
    let (w, h) = (lock.board.width(), lock.board.height());
    for row in 0..h {
        for col in 0..w {
            let cell = Cell::new(col, row);
            let P(x, y) = corner(lock, cell);
            out.push(Shape::Polygon {
                points: rect(x, y, 1.0, 1.0),
                fill: if lock.board.is_dark(cell) {
                    palette.dark
                } else {
                    palette.light
                },
                stroke: Some((palette.outline, 0.02)),
            });
        }
    }
    for row in 0..h {
        let P(_, y) = corner(lock, Cell::new(0, row));
        out.push(Shape::Text {
            at: P(0.55, y + 0.5),
            text: (row + 1).to_string(),
            size: 0.4,
            colour: palette.label,
        });
    }
    for col in 0..w {
        let P(x, _) = corner(lock, Cell::new(col, 0));
        out.push(Shape::Text {
            at: P(x + 0.5, 0.5 + h as f32 + 0.3),
            text: Cell::column_letter(col).to_string(),
            size: 0.4,
            colour: palette.label,
        });
    }
    out
}

/// The pieces: each a rounded bar over its cells, axes as discs with a bar to each piece
/// attached, the Keyhole as a dark square with a keyhole's shape.
pub fn pieces(lock: &Lock, palette: &Palette) -> Vec<Shape> {
    let mut out = Vec::new();
    for (i, p) in lock.pieces.iter().enumerate() {
        let first = corner(lock, p.at);
        let last = corner(lock, p.last());
        // Screen rectangle spanning the piece's cells: the top-left is the top row's corner.
        let x0 = first.0.min(last.0);
        let y0 = first.1.min(last.1);
        let x1 = first.0.max(last.0) + 1.0;
        let y1 = first.1.max(last.1) + 1.0;
        let inset = 0.12;
        match p.kind {
            Kind::Slider | Kind::Key => {
                let fill = match (p.kind, p.orientation) {
                    (Kind::Key, _) => palette.key,
                    (_, Orientation::Vertical) => palette.vertical,
                    (_, Orientation::Horizontal) => palette.horizontal,
                };
                out.push(Shape::Polygon {
                    points: rect(
                        x0 + inset,
                        y0 + inset,
                        x1 - x0 - 2.0 * inset,
                        y1 - y0 - 2.0 * inset,
                    ),
                    fill,
                    stroke: Some((palette.outline, 0.04)),
                });
                // A groove along the piece tells which way it slides.
                let (a, b) = match p.orientation {
                    Orientation::Horizontal => {
                        let y = (y0 + y1) / 2.0;
                        (P(x0 + 0.35, y), P(x1 - 0.35, y))
                    }
                    Orientation::Vertical => {
                        let x = (x0 + x1) / 2.0;
                        (P(x, y0 + 0.35), P(x, y1 - 0.35))
                    }
                };
                out.push(Shape::Line {
                    points: vec![a, b],
                    colour: palette.outline,
                    width: 0.05,
                });
            }
            Kind::Keyhole => {
                out.push(Shape::Polygon {
                    points: rect(x0 + 0.06, y0 + 0.06, 0.88, 0.88),
                    fill: palette.keyhole,
                    stroke: Some((palette.key, 0.06)),
                });
                out.push(Shape::Circle {
                    centre: P(x0 + 0.5, y0 + 0.4),
                    radius: 0.14,
                    fill: palette.key,
                    stroke: None,
                });
                out.push(Shape::Polygon {
                    points: vec![
                        P(x0 + 0.44, y0 + 0.45),
                        P(x0 + 0.56, y0 + 0.45),
                        P(x0 + 0.62, y0 + 0.75),
                        P(x0 + 0.38, y0 + 0.75),
                    ],
                    fill: palette.key,
                    stroke: None,
                });
            }
            Kind::Axis => {
                let c = P(x0 + 0.5, y0 + 0.5);
                for (piece, dir) in lock.attached(i) {
                    let near = lock.pieces[piece].end(dir.opposite());
                    let q = corner(lock, near);
                    out.push(Shape::Line {
                        points: vec![c, P(q.0 + 0.5, q.1 + 0.5)],
                        colour: palette.axis,
                        width: 0.12,
                    });
                }
                out.push(Shape::Circle {
                    centre: c,
                    radius: 0.3,
                    fill: palette.axis,
                    stroke: Some((palette.outline, 0.04)),
                });
                out.push(Shape::Circle {
                    centre: c,
                    radius: 0.08,
                    fill: palette.background,
                    stroke: None,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::sliding::{Board, Piece};

    #[test]
    fn cells_and_points_are_one_projection() {
        let lock = Lock::new(
            Board::new(4, 3),
            vec![
                Piece::key(Cell::new(0, 0), Orientation::Horizontal),
                Piece::keyhole(Cell::new(3, 1)),
            ],
        );
        for row in 0..3 {
            for col in 0..4 {
                let c = Cell::new(col, row);
                let P(x, y) = corner(&lock, c);
                assert_eq!(cell_at(&lock, P(x + 0.5, y + 0.5)), Some(c));
            }
        }
        assert_eq!(cell_at(&lock, P(0.5, 1.0)), None);
        // Row 1 is at the bottom.
        assert!(corner(&lock, Cell::new(0, 0)).1 > corner(&lock, Cell::new(0, 2)).1);
        assert!(!pieces(&lock, &Palette::LIGHT).is_empty());
        assert_eq!(
            board(&lock, &Palette::LIGHT)
                .iter()
                .filter(|s| matches!(s, Shape::Polygon { .. }))
                .count(),
            12
        );
    }
}
