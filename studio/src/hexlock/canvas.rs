//! The hex canvas: draws a lock, pans with the right button, zooms with the wheel, and reports
//! the cell under a left click.

use crate::hexlock::picture::{self, Colouring, Overlay, P, Palette};
use crate::refresh;
use crate::shape;
use engine::Hex;
use engine::hexlock::Lock;
use iced::mouse;
use iced::widget::canvas::{self, Event, Geometry, Path, Text};
use iced::{Color, Point, Rectangle, Renderer, Theme, Vector};

/// Where the camera looks: a zoom factor (1 fits the lock) and a pan offset in lock space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    pub zoom: f32,
    pub pan: Vector,
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            zoom: 1.0,
            pan: Vector::new(0.0, 0.0),
        }
    }
}

impl Camera {
    /// Pixels per lock-space unit for a canvas of `size`.
    pub fn scale(&self, lock_size: i32, bounds: iced::Size) -> f32 {
        let (hw, hh) = picture::extent(lock_size);
        (bounds.width / (2.0 * hw)).min(bounds.height / (2.0 * hh)) * self.zoom
    }

    /// Lock space to screen space.
    pub fn project(&self, p: P, lock_size: i32, bounds: iced::Size) -> Point {
        let s = self.scale(lock_size, bounds);
        Point::new(
            bounds.width / 2.0 + (p.0 + self.pan.x) * s,
            bounds.height / 2.0 + (p.1 + self.pan.y) * s,
        )
    }

    /// Screen space to the cell under it.
    pub fn cell_under(&self, point: Point, lock_size: i32, bounds: iced::Size) -> Hex {
        let s = self.scale(lock_size, bounds).max(1e-3);
        picture::cell_at(P(
            (point.x - bounds.width / 2.0) / s - self.pan.x,
            (point.y - bounds.height / 2.0) / s - self.pan.y,
        ))
    }
}

/// What the canvas tells its screen.
#[derive(Clone, Debug, PartialEq)]
pub enum Event2 {
    /// The left button went down on a cell.
    Clicked(Hex),
    /// With the left button held, the pointer went on from one cell to another (perhaps
    /// several cells away: [`between`] gives the cells passed over).
    Dragged { from: Hex, to: Hex },
    /// The right button dragged the view.
    Panned(Vector),
    /// The wheel zoomed the view.
    Zoomed(f32),
}

/// The cells a straight stroke passes over from `from` to `to`, without `from`: the pointer
/// can cross several cells between two of its moves, and a painted run has no gaps.
pub fn between(from: Hex, to: Hex) -> Vec<Hex> {
    let n = from.distance(to);
    // Along the line in cube coordinates, each point rounded to its hex; nudged off the
    // edges between two hexes so that the rounding never wavers.
    let (q0, r0) = (f64::from(from.q) + 1e-6, f64::from(from.r) + 2e-6);
    let (q1, r1) = (f64::from(to.q) + 1e-6, f64::from(to.r) + 2e-6);
    (1..=n)
        .map(|i| {
            let t = f64::from(i) / f64::from(n);
            let (q, r) = (q0 + (q1 - q0) * t, r0 + (r1 - r0) * t);
            let s = -q - r;
            let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
            let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
            if dq > dr && dq > ds {
                rq = -rr - rs;
            } else if dr > ds {
                rr = -rq - rs;
            }
            Hex::new(rq as i32, rr as i32)
        })
        .collect()
}

/// The canvas program: everything it needs to draw, borrowed from its screen.
pub struct HexCanvas<'a> {
    pub lock: &'a Lock,
    pub camera: Camera,
    pub colouring: Colouring,
    pub palette: Palette,
    pub overlay: &'a Overlay,
    pub labels: bool,
    /// Whether it takes clicks, drags and the wheel (a thumbnail does not).
    pub interactive: bool,
    /// The drawing, cached layer by layer: the screen that owns it says what changed.
    pub layers: &'a Layers,
}

/// A canvas's drawing in four layers, each kept until it changes, as iced's own examples do:
/// the board (frame and cells), the pieces, the overlay (selection, arrows, problems) and the
/// labels. A redraw that changes nothing — the mouse moving, another widget changing — costs
/// nothing but laying the cached layers out again.
///
/// The screen clears a layer when what it shows changes ([`Layers::lock_changed`],
/// [`Layers::overlay_changed`]); a change of size, camera, palette or colouring clears what
/// depends on it by itself, as the layers remember what they were drawn with.
#[derive(Default)]
pub struct Layers {
    board: canvas::Cache,
    pieces: canvas::Cache,
    overlay: canvas::Cache,
    labels: canvas::Cache,
    drawn_with: std::cell::Cell<Option<DrawnWith>>,
    /// How many times each layer was drawn, for the tests that check the caching.
    #[cfg(test)]
    drawn: std::cell::Cell<[u32; 4]>,
}

/// What the cached layers were drawn with.
#[derive(Clone, Copy, PartialEq)]
struct DrawnWith {
    size: i32,
    camera: Camera,
    palette: Palette,
    colouring: Colouring,
}

impl Layers {
    /// The lock's pieces changed (an edit, a move, another lock).
    pub fn lock_changed(&self) {
        self.pieces.clear();
        self.labels.clear();
    }

    /// What is drawn over the lock changed.
    pub fn overlay_changed(&self) {
        self.overlay.clear();
    }

    /// Everything is drawn again.
    pub fn clear(&self) {
        self.board.clear();
        self.lock_changed();
        self.overlay_changed();
    }

    /// Counts a drawing of layer `i` (board, pieces, overlay, labels), in tests.
    fn count(&self, _i: usize) {
        #[cfg(test)]
        {
            let mut d = self.drawn.get();
            d[_i] += 1;
            self.drawn.set(d);
        }
    }

    /// Clears what the canvas's new inputs make stale.
    fn follow(&self, now: DrawnWith) {
        match self.drawn_with.get() {
            Some(before) if before == now => {}
            Some(before)
                if before.camera == now.camera
                    && before.palette == now.palette
                    && before.size == now.size =>
            {
                // Only the colouring changed.
                self.pieces.clear();
            }
            _ => self.clear(),
        }
        self.drawn_with.set(Some(now));
    }
}

/// Drag state kept by the canvas itself.
#[derive(Default)]
pub enum Interaction {
    #[default]
    None,
    /// The left button is held; the pointer was last over this cell.
    Painting {
        last: Hex,
    },
    Panning {
        start: Point,
        pan: Vector,
    },
}

impl canvas::Program<Event2> for HexCanvas<'_> {
    type State = Interaction;

    fn update(
        &self,
        state: &mut Interaction,
        event: &Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<Event2>> {
        if !self.interactive {
            return None;
        }
        if let Event::Mouse(mouse::Event::ButtonReleased(_)) = event {
            *state = Interaction::None;
        }
        let position = cursor.position_in(bounds)?;
        let cell = self
            .camera
            .cell_under(position, self.lock.size, bounds.size());
        match event {
            Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Left)) => {
                *state = Interaction::Painting { last: cell };
                Some(canvas::Action::publish(Event2::Clicked(cell)).and_capture())
            }
            Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Right)) => {
                *state = Interaction::Panning {
                    start: position,
                    pan: self.camera.pan,
                };
                Some(canvas::Action::capture())
            }
            Event::Mouse(mouse::Event::CursorMoved { .. }) => match *state {
                Interaction::Panning { start, pan } => {
                    let s = self.camera.scale(self.lock.size, bounds.size()).max(1e-3);
                    let moved = (position - start) * (1.0 / s);
                    Some(canvas::Action::publish(Event2::Panned(pan + moved)).and_capture())
                }
                Interaction::Painting { last } if last != cell => {
                    *state = Interaction::Painting { last: cell };
                    Some(
                        canvas::Action::publish(Event2::Dragged {
                            from: last,
                            to: cell,
                        })
                        .and_capture(),
                    )
                }
                Interaction::Painting { .. } | Interaction::None => None,
            },
            Event::Mouse(mouse::Event::WheelScrolled { delta }) => {
                let y = match delta {
                    mouse::ScrollDelta::Lines { y, .. } => *y,
                    mouse::ScrollDelta::Pixels { y, .. } => y / 30.0,
                };
                let zoom = (self.camera.zoom * (1.0 + y / 10.0)).clamp(0.3, 8.0);
                Some(canvas::Action::publish(Event2::Zoomed(zoom)).and_capture())
            }
            _ => None,
        }
    }

    fn draw(
        &self,
        _state: &Interaction,
        renderer: &Renderer,
        _theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        let size = bounds.size();
        self.layers.follow(DrawnWith {
            size: self.lock.size,
            camera: self.camera,
            palette: self.palette,
            colouring: self.colouring,
        });
        let s = self.camera.scale(self.lock.size, size);
        let at = |p: P| self.camera.project(p, self.lock.size, size);
        let board = self.layers.board.draw(renderer, size, |frame| {
            self.layers.count(0);
            frame.fill(
                &Path::rectangle(Point::ORIGIN, size),
                shape::color(self.palette.background),
            );
            shape::paint_frame(
                frame,
                &picture::board(self.lock.size, &self.palette),
                s,
                &at,
            );
        });
        let pieces = self.layers.pieces.draw(renderer, size, |frame| {
            self.layers.count(1);
            let shapes = picture::pieces(self.lock, self.colouring, &self.palette);
            shape::paint_frame(frame, &shapes, s, &at);
        });
        let overlay = self.layers.overlay.draw(renderer, size, |frame| {
            self.layers.count(2);
            shape::paint_frame(
                frame,
                &picture::overlay_shapes(self.overlay, &self.palette),
                s,
                &at,
            );
            for (cell, message) in &self.overlay.notes {
                let c = picture::centre(*cell);
                frame.fill_text(Text {
                    content: message.clone(),
                    position: at(P(c.0 + 0.9, c.1 - 0.2)),
                    color: shape::color(self.palette.problem),
                    size: iced::Pixels(13.0),
                    ..Text::default()
                });
            }
        });
        let mut layers = vec![board, pieces, overlay];
        if self.labels {
            layers.push(self.layers.labels.draw(renderer, size, |frame| {
                self.layers.count(3);
                for (cell, name) in picture::labels(self.lock) {
                    frame.fill_text(Text {
                        content: name.to_string(),
                        position: at(picture::centre(cell)),
                        color: Color::WHITE,
                        size: iced::Pixels((0.8 * s).max(6.0)),
                        align_x: iced::widget::text::Alignment::Center,
                        align_y: iced::alignment::Vertical::Center,
                        ..Text::default()
                    });
                }
            }));
        }
        // Last, so that the default renderer on OpenGL brings the whole window up to date, not
        // only this canvas: see `refresh`. Not cached: it is one triangle.
        layers.push(refresh::whole_window_refresh(renderer, bounds));
        layers
    }

    fn mouse_interaction(
        &self,
        state: &Interaction,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> mouse::Interaction {
        if !self.interactive {
            return mouse::Interaction::default();
        }
        match state {
            Interaction::Panning { .. } => mouse::Interaction::Grabbing,
            Interaction::None | Interaction::Painting { .. } if cursor.is_over(bounds) => {
                mouse::Interaction::Crosshair
            }
            Interaction::None | Interaction::Painting { .. } => mouse::Interaction::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use iced_test::Simulator;

    /// Draws the canvas once, as a frame of the window would.
    fn frame(
        lock: &Lock,
        overlay: &Overlay,
        layers: &Layers,
        camera: Camera,
        colouring: Colouring,
    ) {
        let program = HexCanvas {
            lock,
            camera,
            colouring,
            palette: Palette::LIGHT,
            overlay,
            labels: true,
            interactive: true,
            layers,
        };
        let element: iced::Element<'_, Event2> =
            canvas::Canvas::new(program).width(300).height(300).into();
        let mut ui = Simulator::with_size(Default::default(), (300.0, 300.0), element);
        let _ = ui.snapshot(&Theme::Light);
    }

    #[test]
    fn a_stroke_passes_over_a_chain_of_touching_cells_from_one_end_to_the_other() {
        let cells: Vec<Hex> = engine::hex::hexagon(5).collect();
        for &from in &cells {
            for &to in &cells {
                let line = between(from, to);
                assert_eq!(line.len(), from.distance(to) as usize);
                let mut at = from;
                for &c in &line {
                    assert_eq!(at.distance(c), 1, "{from:?} → {to:?}: {line:?}");
                    at = c;
                }
                assert_eq!(at, to);
            }
        }
    }

    #[test]
    fn each_layer_is_drawn_again_only_when_it_changes() {
        let lock = Lock::starter(4);
        let layers = Layers::default();
        let mut overlay = Overlay::default();
        let camera = Camera::default();
        frame(&lock, &overlay, &layers, camera, Colouring::ByKind);
        assert_eq!(
            layers.drawn.get(),
            [1, 1, 1, 1],
            "the first frame draws everything"
        );
        frame(&lock, &overlay, &layers, camera, Colouring::ByKind);
        assert_eq!(
            layers.drawn.get(),
            [1, 1, 1, 1],
            "a frame with no change draws nothing"
        );
        overlay.selected.push(Hex::ORIGIN);
        layers.overlay_changed();
        frame(&lock, &overlay, &layers, camera, Colouring::ByKind);
        assert_eq!(
            layers.drawn.get(),
            [1, 1, 2, 1],
            "a new selection: the overlay only"
        );
        layers.lock_changed();
        frame(&lock, &overlay, &layers, camera, Colouring::ByKind);
        assert_eq!(
            layers.drawn.get(),
            [1, 2, 2, 2],
            "a move: pieces and labels"
        );
        frame(&lock, &overlay, &layers, camera, Colouring::Distinct);
        assert_eq!(
            layers.drawn.get(),
            [1, 3, 2, 2],
            "the colouring: pieces only"
        );
        let zoomed = Camera {
            zoom: 2.0,
            ..camera
        };
        frame(&lock, &overlay, &layers, zoomed, Colouring::Distinct);
        assert_eq!(layers.drawn.get(), [2, 4, 3, 3], "a zoom: everything");
    }
}
