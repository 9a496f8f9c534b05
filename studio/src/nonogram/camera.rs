//! How near the picture is brought and where it lies on the canvas: the camera the wheel and
//! the middle button move, and the view that turns picture space into pixels, clues kept in
//! sight along the edges.

use super::picture::{Layout, Sight};
use crate::shape::P;
use iced::{Point, Size};

/// How near the author or player has brought the picture: a zoom factor (1 fits the whole
/// picture, clues and grid) and the picture point shown at the canvas's centre (none: the
/// picture centred).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    pub(super) zoom: f32,
    look: Option<P>,
}

impl Camera {
    /// The whole picture, centred.
    pub const FIT: Camera = Camera {
        zoom: 1.0,
        look: None,
    };

    /// The wheel turned by `notches` (up brings the picture nearer) with the cursor on
    /// `cursor`: the picture point under the cursor stays under it. The zoom stays between the
    /// whole picture and cells of [`NEAREST`] pixels.
    pub(super) fn zoomed(self, layout: &Layout, size: Size, notches: f32, cursor: Point) -> Camera {
        let fit = View::of(layout, size, Camera::FIT).scale;
        let most = (NEAREST / fit).max(1.0);
        let zoom = (self.zoom * (1.0 + notches / 10.0)).clamp(1.0, most);
        if zoom.is_nan() || zoom <= 1.0 {
            return Camera::FIT;
        }
        let under = View::of(layout, size, self).unproject(cursor);
        let scale = fit * zoom;
        let look = P(
            under.0 - (cursor.x - size.width / 2.0) / scale,
            under.1 - (cursor.y - size.height / 2.0) / scale,
        );
        Camera {
            zoom,
            look: Some(clamp_to(layout, look)),
        }
    }

    /// The picture dragged from where it was looked at (`from`) by `moved` pixels.
    pub(super) fn panned(
        self,
        layout: &Layout,
        size: Size,
        from: P,
        moved: iced::Vector,
    ) -> Camera {
        if self.zoom <= 1.0 {
            return Camera::FIT;
        }
        let scale = View::of(layout, size, self).scale;
        let look = P(from.0 - moved.x / scale, from.1 - moved.y / scale);
        Camera {
            look: Some(clamp_to(layout, look)),
            ..self
        }
    }

    /// The camera moved as little as brings cell `(x, y)` wholly into sight, clear of the
    /// clues, with half a cell to spare: unchanged with the whole picture, or when the cell is
    /// in sight already.
    pub(super) fn showing(self, layout: &Layout, size: Size, (x, y): (usize, usize)) -> Camera {
        let mut camera = self;
        // Moving can take a strip of clues back to its own place, or out of it: look again.
        for _ in 0..3 {
            if camera.zoom <= 1.0 {
                return camera;
            }
            let view = View::of(layout, size, camera);
            let corner = layout.corner(x, y);
            let a = view.project(corner);
            let b = view.project(P(corner.0 + 1.0, corner.1 + 1.0));
            let (left, top) = view.clues_end();
            let spare = 0.5 * view.scale;
            // Only a cell partly out of sight moves the camera, and then with some to spare
            // (the first cell of a line can only lie right against its clues).
            let shift = |low: f32, high: f32, start: f32, end: f32| {
                if low + 0.01 < start {
                    low - spare - start
                } else if high - 0.01 > end {
                    high + spare - end
                } else {
                    0.0
                }
            };
            let dx = shift(a.x, b.x, left, size.width);
            let dy = shift(a.y, b.y, top, size.height);
            if dx.abs() < 0.01 && dy.abs() < 0.01 {
                return camera;
            }
            let look = view.unproject(Point::new(size.width / 2.0 + dx, size.height / 2.0 + dy));
            camera.look = Some(clamp_to(layout, look));
        }
        camera
    }
}

/// The largest a cell is drawn, in pixels, however near the wheel brings it.
pub(super) const NEAREST: f32 = 64.0;

/// Keeps the point looked at on the picture, so that the grid cannot be dragged out of sight.
fn clamp_to(layout: &Layout, p: P) -> P {
    let (w, h) = layout.extent();
    P(p.0.clamp(0.0, w), p.1.clamp(0.0, h))
}

/// Where the picture sits in the canvas: scale and offset, and where the clues are drawn. When
/// the grid is brought near, the row clues keep to the left edge and the column clues to the
/// top, over the cells, as long as their own place is out of sight; and however near, each
/// strip takes at most a third of the canvas (or what it takes with the whole picture), its
/// numbers packed closer and smaller along the strip, each still beside its line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    pub(super) scale: f32,
    offset: (f32, f32),
    /// Pixels a clue number takes along its strip: across the row clues, down the column clues.
    pub(super) clue_scale: (f32, f32),
    /// Where the clues end: right of `x` and below `y` lie the cells in sight.
    clues_end: (f32, f32),
    /// Whether the row and the column clues have left their own place to stay in sight.
    pub(super) pinned: (bool, bool),
    /// The clue area's size, in cells: columns of row clues, rows of column clues.
    clue_cells: (f32, f32),
}

impl View {
    /// The whole picture fitted into `bounds`, centred, with a margin.
    #[cfg(test)]
    pub fn fit(layout: &Layout, bounds: Size) -> View {
        View::of(layout, bounds, Camera::FIT)
    }

    /// The picture as the camera shows it in `bounds`.
    pub fn of(layout: &Layout, bounds: Size, camera: Camera) -> View {
        let (w, h) = layout.extent();
        let margin = 0.5;
        let fit = (bounds.width / (w + 2.0 * margin)).min(bounds.height / (h + 2.0 * margin));
        let fit = fit.max(1e-3);
        // A camera brought near one picture may be held up to another (the text changed the
        // size): it never looks past the picture's edge or nearer than cells of NEAREST pixels.
        let scale = (fit * camera.zoom).min(NEAREST.max(fit));
        let look = camera
            .look
            .map_or(P(w / 2.0, h / 2.0), |look| clamp_to(layout, look));
        let offset = (
            bounds.width / 2.0 - look.0 * scale,
            bounds.height / 2.0 - look.1 * scale,
        );
        let clue_cells = (layout.clue_columns as f32, layout.clue_rows as f32);
        // One axis: the strip's width, the pixels a number takes along it, and where it ends.
        let strip = |cells: f32, side: f32, offset: f32| {
            let natural = cells * scale;
            let width = natural.min((side / 3.0).max(cells * fit));
            let grid_starts = offset + natural;
            let end = grid_starts.max(width);
            (width / cells.max(1.0), end, end > grid_starts + 0.01)
        };
        let (across, left, pinned_left) = strip(clue_cells.0, bounds.width, offset.0);
        let (down, top, pinned_top) = strip(clue_cells.1, bounds.height, offset.1);
        View {
            scale,
            offset,
            clue_scale: (across, down),
            clues_end: (left, top),
            pinned: (pinned_left, pinned_top),
            clue_cells,
        }
    }

    /// Picture space to the screen.
    pub fn project(&self, p: P) -> Point {
        Point::new(
            self.offset.0 + p.0 * self.scale,
            self.offset.1 + p.1 * self.scale,
        )
    }

    /// A point of the clues to the screen: a row clue's (left of the grid) measured back from
    /// where the row clues end, a column clue's (above it) up from where the column clues end.
    pub(super) fn project_clue(&self, p: P) -> Point {
        let mut q = self.project(p);
        if p.0 < self.clue_cells.0 {
            q.x = self.clues_end.0 - (self.clue_cells.0 - p.0) * self.clue_scale.0;
        }
        if p.1 < self.clue_cells.1 {
            q.y = self.clues_end.1 - (self.clue_cells.1 - p.1) * self.clue_scale.1;
        }
        q
    }

    /// Where the clues end on the screen: right of `x` and below `y` lie the cells in sight.
    pub(super) fn clues_end(&self) -> (f32, f32) {
        self.clues_end
    }

    /// Whether the clue number centred on `p` lies clear of the other strip: a row's number
    /// below the column clues, a column's right of the row clues (by about half a number, so
    /// that none is drawn half over the strip).
    pub(super) fn clue_in_sight(&self, p: P) -> bool {
        let q = self.project_clue(p);
        if p.0 < self.clue_cells.0 {
            q.y - 0.3 * self.scale.min(self.clue_scale.0) >= self.clues_end.1
        } else {
            q.x - 0.3 * self.scale.min(self.clue_scale.1) >= self.clues_end.0
        }
    }

    /// The grid's columns and rows in sight in a canvas of `size`, and the pixels a cell
    /// takes: only these are drawn, so that a picture of millions of cells brought near draws
    /// what the canvas shows.
    pub(super) fn sight(&self, layout: &Layout, size: Size) -> Sight {
        let (a, b) = (
            self.unproject(Point::ORIGIN),
            self.unproject(Point::new(size.width, size.height)),
        );
        // Casts from a float saturate: a point left of the grid is column 0.
        let span = |from: f32, to: f32, first: usize, count: usize| {
            let start = ((from - first as f32).floor().max(0.0) as usize).min(count);
            let end = ((to - first as f32).ceil().max(0.0) as usize).min(count);
            start..end.max(start)
        };
        Sight {
            columns: span(a.0, b.0, layout.clue_columns, layout.width),
            rows: span(a.1, b.1, layout.clue_rows, layout.height),
            cell_pixels: self.scale,
        }
    }

    /// The screen to picture space.
    pub fn unproject(&self, p: Point) -> P {
        P(
            (p.x - self.offset.0) / self.scale,
            (p.y - self.offset.1) / self.scale,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4096×4096 picture with clues 2,048 numbers long, in a canvas of 900×700.
    fn huge() -> Layout {
        Layout {
            width: 4096,
            height: 4096,
            clue_columns: 2048,
            clue_rows: 2048,
        }
    }

    /// Shown whole, every cell is in sight at a fraction of a pixel; brought as near as the
    /// wheel goes, only the few dozen cells the canvas holds are, at the nearest size.
    #[test]
    fn the_cells_in_sight_are_those_the_canvas_shows() {
        let (layout, size) = (huge(), Size::new(900.0, 700.0));
        let whole = View::of(&layout, size, Camera::FIT).sight(&layout, size);
        assert_eq!((whole.columns, whole.rows), (0..4096, 0..4096));
        assert!(whole.cell_pixels < 0.2, "{}", whole.cell_pixels);
        let middle = Point::new(450.0, 350.0);
        let near = Camera::FIT.zoomed(&layout, size, 1e6, middle);
        let sight = View::of(&layout, size, near).sight(&layout, size);
        assert_eq!(sight.cell_pixels, NEAREST);
        let (columns, rows) = (sight.columns.len(), sight.rows.len());
        assert!((14..=16).contains(&columns), "{:?}", sight.columns);
        assert!((11..=13).contains(&rows), "{:?}", sight.rows);
        // Every cell the canvas shows is among them.
        let view = View::of(&layout, size, near);
        for corner in [Point::ORIGIN, Point::new(899.0, 699.0), middle] {
            if let Some((x, y)) = layout.cell_at(view.unproject(corner)) {
                assert!(
                    sight.columns.contains(&x) && sight.rows.contains(&y),
                    "{x}, {y}"
                );
            }
        }
    }
}
