//! A lock as a picture: hexes, springs, arms and tools as plain shapes in lock space, drawn by
//! the canvas on screen and by the PNG exporter alike.
//!
//! Lock space: a cell's hex has radius 1 (centre to corner), pointy-top, the lock's centre at the
//! origin, y growing downwards as on screen.

use engine::hexlock::colour::five_colouring;
use engine::hexlock::model::{PieceRef, frame};
use engine::hexlock::{Anchor, Lock};
use engine::{Dir, Hex};
use std::collections::BTreeMap;

pub use crate::shape::{P, Rgba, Shape};

/// How pieces are coloured, as Intricacy offers: by kind, or so that touching pieces differ.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Colouring {
    /// Each kind of piece its own colour.
    #[default]
    ByKind,
    /// Five colours, no two touching pieces alike.
    Distinct,
}

/// Colours of the picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    pub background: Rgba,
    pub cell: Rgba,
    pub cell_line: Rgba,
    pub frame: Rgba,
    pub bolthole: Rgba,
    pub block: Rgba,
    pub sprung_block: Rgba,
    pub pivot: Rgba,
    pub ball: Rgba,
    pub hook: Rgba,
    pub wrench: Rgba,
    pub spring_relaxed: Rgba,
    pub spring_compressed: Rgba,
    pub spring_stretched: Rgba,
    pub problem: Rgba,
    pub distinct: [Rgba; 5],
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
        cell: Rgba::rgb8(0xe6, 0xe0, 0xd2),
        cell_line: Rgba::rgb8(0xc8, 0xc0, 0xae),
        frame: Rgba::rgb8(0x4a, 0x44, 0x3c),
        bolthole: Rgba::rgb8(0xf2, 0xd4, 0x7a),
        block: Rgba::rgb8(0x8a, 0x7a, 0x66),
        sprung_block: Rgba::rgb8(0xb5, 0x6a, 0x3c),
        pivot: Rgba::rgb8(0x3d, 0x6f, 0xb0),
        ball: Rgba::rgb8(0x9a, 0xa4, 0xae),
        hook: Rgba::rgb8(0xd0, 0x8a, 0x1c),
        wrench: Rgba::rgb8(0x7b, 0x4f, 0xa8),
        spring_relaxed: Rgba::rgb8(0x3f, 0x8f, 0x4f),
        spring_compressed: Rgba::rgb8(0xc0, 0x39, 0x2b),
        spring_stretched: Rgba::rgb8(0x29, 0x6f, 0xc0),
        problem: Rgba::rgb8(0xe0, 0x1b, 0x24),
        distinct: [
            Rgba::rgb8(0xe4, 0x5c, 0x3a),
            Rgba::rgb8(0x4c, 0x9a, 0x6a),
            Rgba::rgb8(0x3d, 0x6f, 0xb0),
            Rgba::rgb8(0xe0, 0xb0, 0x2a),
            Rgba::rgb8(0x9b, 0x59, 0xb6),
        ],
    };

    /// The dark theme's colours.
    pub const DARK: Palette = Palette {
        background: Rgba::rgb8(0x1f, 0x22, 0x26),
        cell: Rgba::rgb8(0x2e, 0x32, 0x38),
        cell_line: Rgba::rgb8(0x44, 0x4a, 0x52),
        frame: Rgba::rgb8(0x10, 0x11, 0x13),
        bolthole: Rgba::rgb8(0x6b, 0x5a, 0x22),
        ..Palette::LIGHT
    };
}

/// The centre of a cell in lock space.
pub fn centre(h: Hex) -> P {
    let s3 = 3f32.sqrt();
    P(s3 * (h.q as f32 + h.r as f32 / 2.0), 1.5 * h.r as f32)
}

/// The six corners of a cell's hex, scaled by `k` (1 = touching neighbours).
pub fn corners(h: Hex, k: f32) -> Vec<P> {
    let c = centre(h);
    (0..6)
        .map(|i| {
            let a = (60.0 * i as f32 - 30.0).to_radians();
            P(c.0 + k * a.cos(), c.1 + k * a.sin())
        })
        .collect()
}

/// The cell under a point of lock space (rounding to the nearest hex).
pub fn cell_at(p: P) -> Hex {
    let s3 = 3f32.sqrt();
    let r = p.1 / 1.5;
    let q = p.0 / s3 - r / 2.0;
    let (x, z) = (q, r);
    let y = -x - z;
    let (mut rx, ry, mut rz) = (x.round(), y.round(), z.round());
    let (dx, dy, dz) = ((rx - x).abs(), (ry - y).abs(), (rz - z).abs());
    if dx > dy && dx > dz {
        rx = -ry - rz;
    } else if dy <= dz {
        rz = -rx - ry;
    }
    Hex::new(rx as i32, rz as i32)
}

/// The half-width and half-height of a lock's picture in lock space, frame included.
pub fn extent(size: i32) -> (f32, f32) {
    let n = (size + 1) as f32;
    (3f32.sqrt() * (n + 0.5), 1.5 * n + 1.0)
}

/// What to draw on top of the lock.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overlay {
    /// Cells with a problem, outlined.
    pub problems: Vec<Hex>,
    /// The selected cells, outlined.
    pub selected: Vec<Hex>,
    /// Force arrows, from and to in lock space: orange when blocked, purple when blocking.
    pub arrows: Vec<(P, P, bool)>,
    /// Messages to write beside cells: each problem at its place.
    pub notes: Vec<(Hex, String)>,
}

/// The shapes of a lock, back to front: the board, the pieces, then the overlay.
pub fn draw(lock: &Lock, colouring: Colouring, palette: &Palette, overlay: &Overlay) -> Vec<Shape> {
    let mut out = board(lock.size, palette);
    out.extend(pieces(lock, colouring, palette));
    out.extend(overlay_shapes(overlay, palette));
    out
}

/// The board of a lock of this size: the frame, the bolthole and the cells.
pub fn board(size: i32, palette: &Palette) -> Vec<Shape> {
    let mut out = Vec::new();
    let size = size.clamp(0, frame::MAX_SIZE + 4);
    // The frame and the cells.
    for h in engine::hex::hexagon(size + 1) {
        let fill = if frame::in_frame(size, h) {
            palette.frame
        } else if frame::in_bolthole(size, h) {
            palette.bolthole
        } else {
            palette.cell
        };
        out.push(Shape::Polygon {
            points: corners(h, 1.0),
            fill,
            stroke: Some((palette.cell_line, 0.04)),
        });
    }
    out
}

/// The pieces, springs and tools of a lock.
pub fn pieces(lock: &Lock, colouring: Colouring, palette: &Palette) -> Vec<Shape> {
    pieces_coloured(lock, &Colours::of(lock, colouring), palette)
}

/// Which colour each piece of a lock takes.
#[derive(Clone, Debug)]
pub struct Colours {
    colouring: Colouring,
    /// The five-colouring's colour of each piece, with [`Colouring::Distinct`].
    distinct: BTreeMap<PieceRef, u8>,
}

impl Colours {
    /// The colours `colouring` gives `lock`'s pieces; kept for the lock's later states, a piece
    /// keeps its colour as it moves (an animation's frames).
    pub fn of(lock: &Lock, colouring: Colouring) -> Colours {
        // The five-colouring is a search over the pieces' graph: only when that colouring shows.
        let distinct = match colouring {
            Colouring::Distinct => five_colouring(lock),
            Colouring::ByKind => BTreeMap::new(),
        };
        Colours {
            colouring,
            distinct,
        }
    }
}

/// The pieces, each in its colour of `colours`.
pub fn pieces_coloured(lock: &Lock, colours: &Colours, palette: &Palette) -> Vec<Shape> {
    let mut out = Vec::new();
    let (colouring, distinct) = (colours.colouring, &colours.distinct);
    let sprung: Vec<char> = lock.springs.iter().map(|s| s.end).collect();
    let colour_of = |piece: PieceRef| -> Rgba {
        if colouring == Colouring::Distinct
            && let Some(&c) = distinct.get(&piece)
        {
            return palette.distinct[usize::from(c) % 5];
        }
        match piece {
            PieceRef::Block(n) if sprung.contains(&n) => palette.sprung_block,
            PieceRef::Block(_) => palette.block,
            PieceRef::Pivot(_) => palette.pivot,
            PieceRef::Ball(_) => palette.ball,
            PieceRef::Hook(_) => palette.hook,
            PieceRef::Wrench(_) => palette.wrench,
        }
    };
    // Blocks and the wrench: filled cells.
    for b in &lock.blocks {
        let fill = colour_of(PieceRef::Block(b.name));
        for &c in &b.cells {
            out.push(Shape::Polygon {
                points: corners(c, 0.96),
                fill,
                stroke: None,
            });
        }
    }
    for (i, w) in lock.wrenches.iter().enumerate() {
        let fill = colour_of(PieceRef::Wrench(i));
        for &c in &w.cells {
            out.push(Shape::Polygon {
                points: corners(c, 0.96),
                fill,
                stroke: Some((palette.frame, 0.06)),
            });
        }
        if let (Some(d), Some(&c)) = (w.momentum, w.cells.first()) {
            out.push(arrow(c, d, palette.frame));
        }
    }
    // Springs: zigzags whose colour says compressed, relaxed or stretched.
    for s in &lock.springs {
        let Some((_, len)) = s.line() else { continue };
        let colour = match len.cmp(&s.natural_length) {
            std::cmp::Ordering::Less => palette.spring_compressed,
            std::cmp::Ordering::Equal => palette.spring_relaxed,
            std::cmp::Ordering::Greater => palette.spring_stretched,
        };
        out.push(Shape::Line {
            points: zigzag(s.root_cell, s.end_cell, s.natural_length),
            colour,
            width: 0.12,
        });
        let anchor_fill = if matches!(s.root, Anchor::Pivot(_)) {
            palette.pivot
        } else {
            palette.frame
        };
        out.push(Shape::Circle {
            centre: centre(s.root_cell),
            radius: 0.15,
            fill: anchor_fill,
            stroke: None,
        });
        out.push(Shape::Circle {
            centre: centre(s.end_cell),
            radius: 0.15,
            fill: palette.frame,
            stroke: None,
        });
    }
    // Pivots and the hook: a hub and arms.
    for p in &lock.pivots {
        let fill = colour_of(PieceRef::Pivot(p.name));
        for &d in &p.arms {
            out.push(Shape::Line {
                points: vec![centre(p.hub), centre(p.hub.neighbour(d))],
                colour: fill,
                width: 0.45,
            });
        }
        out.push(Shape::Circle {
            centre: centre(p.hub),
            radius: 0.55,
            fill,
            stroke: Some((palette.frame, 0.06)),
        });
    }
    for (i, h) in lock.hooks.iter().enumerate() {
        let fill = colour_of(PieceRef::Hook(i));
        let tip = h.hub.neighbour(h.arm);
        let barb = centre(tip);
        let side = centre(tip.neighbour(h.arm.rotate(engine::Rotation::Anticlockwise)));
        let hook_end = P(
            barb.0 + (side.0 - barb.0) * 0.35,
            barb.1 + (side.1 - barb.1) * 0.35,
        );
        out.push(Shape::Line {
            points: vec![centre(h.hub), barb, hook_end],
            colour: fill,
            width: 0.4,
        });
        out.push(Shape::Circle {
            centre: centre(h.hub),
            radius: 0.5,
            fill,
            stroke: Some((palette.frame, 0.06)),
        });
    }
    for (i, &b) in lock.balls.iter().enumerate() {
        let fill = colour_of(PieceRef::Ball(i));
        out.push(Shape::Circle {
            centre: centre(b),
            radius: 0.62,
            fill,
            stroke: Some((palette.frame, 0.06)),
        });
    }
    out
}

/// A force that was blocked: the debugger's orange arrow.
pub const BLOCKED_ARROW: Rgba = Rgba::rgb8(0xf3, 0x8b, 0x1c);

/// A force that blocked another: the debugger's purple arrow.
pub const BLOCKING_ARROW: Rgba = Rgba::rgb8(0x8e, 0x44, 0xad);

/// What is drawn over a lock: the selection, force arrows and problem cells.
pub fn overlay_shapes(overlay: &Overlay, palette: &Palette) -> Vec<Shape> {
    let mut out = Vec::new();
    for &c in &overlay.selected {
        out.push(Shape::Polygon {
            points: corners(c, 0.9),
            fill: Rgba(0.0, 0.0, 0.0, 0.0),
            stroke: Some((palette.hook, 0.12)),
        });
    }
    for &(a, b, blocked) in &overlay.arrows {
        let colour = if blocked {
            BLOCKED_ARROW
        } else {
            BLOCKING_ARROW
        };
        out.extend(arrow_shapes(a, b, colour));
    }
    for &c in &overlay.problems {
        out.push(Shape::Polygon {
            points: corners(c, 0.85),
            fill: Rgba(0.0, 0.0, 0.0, 0.0),
            stroke: Some((palette.problem, 0.16)),
        });
    }
    out
}

/// A thick arrow from `a` to `b` with a head.
fn arrow_shapes(a: P, b: P, colour: Rgba) -> Vec<Shape> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (ux, uy) = (dx / len, dy / len);
    let head = 0.35;
    let base = P(b.0 - ux * head, b.1 - uy * head);
    let left = P(base.0 - uy * head * 0.6, base.1 + ux * head * 0.6);
    let right = P(base.0 + uy * head * 0.6, base.1 - ux * head * 0.6);
    vec![
        Shape::Line {
            points: vec![a, base],
            colour,
            width: 0.16,
        },
        Shape::Polygon {
            points: vec![b, left, right],
            fill: colour,
            stroke: None,
        },
    ]
}

fn arrow(from: Hex, d: Dir, colour: Rgba) -> Shape {
    let a = centre(from);
    let b = centre(from.neighbour(d));
    let tip = P(a.0 + (b.0 - a.0) * 0.6, a.1 + (b.1 - a.1) * 0.6);
    Shape::Line {
        points: vec![a, tip],
        colour,
        width: 0.1,
    }
}

/// A spring's zigzag from centre to centre: more coils for a longer natural length, so that a
/// squeezed spring looks dense and a stretched one sparse.
fn zigzag(from: Hex, to: Hex, natural: i32) -> Vec<P> {
    let (a, b) = (centre(from), centre(to));
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (nx, ny) = (-dy / len, dx / len);
    let coils = (2 * natural.max(1) + 2) as usize;
    let mut pts = vec![a];
    for i in 1..coils {
        let t = 0.15 + 0.7 * i as f32 / coils as f32;
        let side = if i % 2 == 0 { 0.38 } else { -0.38 };
        pts.push(P(a.0 + dx * t + nx * side, a.1 + dy * t + ny * side));
    }
    pts.push(b);
    pts
}

/// A piece's name to show on a cell, if it has one.
pub fn labels(lock: &Lock) -> BTreeMap<Hex, char> {
    let mut out = BTreeMap::new();
    for b in &lock.blocks {
        if let Some(&c) = b.cells.first() {
            out.insert(c, b.name);
        }
    }
    for p in &lock.pivots {
        out.insert(p.hub, p.name);
    }
    out
}

/// The pieces' names as the canvas writes them when its labels are on: white, centred on
/// each named cell, eight tenths of a cell high.
pub fn label_shapes(lock: &Lock) -> Vec<Shape> {
    labels(lock)
        .into_iter()
        .map(|(cell, name)| Shape::Text {
            at: centre(cell),
            text: name.to_string(),
            size: 0.8,
            colour: Rgba(1.0, 1.0, 1.0, 1.0),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_at_finds_the_cell_under_its_own_centre_and_corners() {
        for h in engine::hex::hexagon(6) {
            assert_eq!(cell_at(centre(h)), h);
            for p in corners(h, 0.8) {
                assert_eq!(cell_at(p), h);
            }
        }
    }

    #[test]
    fn every_template_draws_cells_for_the_whole_frame() {
        let lock = Lock::starter(4);
        let shapes = draw(
            &lock,
            Colouring::ByKind,
            &Palette::LIGHT,
            &Overlay::default(),
        );
        let cells = engine::hex::hexagon(5).count();
        assert!(shapes.len() > cells);
    }
}
