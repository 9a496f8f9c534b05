//! The sliding lock canvas: the board, the pieces and an overlay (the selection, problems, a
//! piece being drawn or dragged, the moment the lock is picked), each a cached layer redrawn
//! only when what it shows changes. Presses, drags and releases are told to the screen by the
//! board's cells, which may lie off the board while a drag goes past its edge.

use super::picture::{self, Palette};
use crate::shape::{self, P, Rgba, Shape};
use engine::sliding::{Board, Cell, Lock, Piece};
use iced::widget::canvas::{self, Event, Geometry, Path};
use iced::{Point, Rectangle, Renderer, Size, Theme, keyboard, mouse};
use std::cell::RefCell;

/// A place on the board's grid, by column (0 is `A`) and row (0 is row `1`, at the bottom);
/// it may lie off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spot {
    /// The column, from 0 at the left.
    pub col: i32,
    /// The row, from 0 at the bottom.
    pub row: i32,
}

impl Spot {
    /// The spot of a cell.
    pub fn of(cell: Cell) -> Spot {
        Spot {
            col: cell.col as i32,
            row: cell.row as i32,
        }
    }

    /// The cell, when the spot is on `board`.
    pub fn cell(self, board: &Board) -> Option<Cell> {
        let ok = |v: i32, n: u8| (0..n as i32).contains(&v);
        (ok(self.col, board.width()) && ok(self.row, board.height()))
            .then(|| Cell::new(self.col as u8, self.row as u8))
    }

    /// The cell nearest the spot on `board`.
    pub fn clamped(self, board: &Board) -> Cell {
        Cell::new(
            self.col.clamp(0, board.width() as i32 - 1) as u8,
            self.row.clamp(0, board.height() as i32 - 1) as u8,
        )
    }
}

/// What the canvas tells its screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// A button went down over the board: the left one, or the right (`right`); `shift` when
    /// Shift was held.
    Pressed {
        spot: Spot,
        right: bool,
        shift: bool,
    },
    /// The pointer reached another spot while the button was down.
    Dragged { spot: Spot },
    /// The button came up, at this spot.
    Released { spot: Spot },
}

/// What is drawn over the pieces.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overlay {
    /// The selected piece.
    pub selected: Option<usize>,
    /// Cells with a problem.
    pub problems: Vec<Cell>,
    /// Cells a piece being drawn would cover, and whether it may lie there.
    pub preview: Option<(Vec<Cell>, bool)>,
    /// A piece where the drag would put it.
    pub ghost: Option<Piece>,
    /// The lock is picked: the Key and Keyhole shine.
    pub picked: bool,
}

/// Where the picture sits in the canvas: scaled to fit and centred.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    scale: f32,
    offset: (f32, f32),
    /// The board's height in rows, to turn screen rows into board rows.
    height: u8,
}

impl View {
    /// The picture of `lock` fitted into `bounds`.
    pub fn fit(lock: &Lock, bounds: Size) -> View {
        let (w, h) = picture::size(lock);
        let scale = (bounds.width / w).min(bounds.height / h).max(1e-3);
        View {
            scale,
            offset: (
                (bounds.width - w * scale) / 2.0,
                (bounds.height - h * scale) / 2.0,
            ),
            height: lock.board.height(),
        }
    }

    /// Picture units to the screen.
    pub fn project(&self, p: P) -> Point {
        Point::new(
            self.offset.0 + p.0 * self.scale,
            self.offset.1 + p.1 * self.scale,
        )
    }

    /// The spot under a point of the screen.
    pub fn spot_at(&self, p: Point) -> Spot {
        let x = (p.x - self.offset.0) / self.scale;
        let y = (p.y - self.offset.1) / self.scale;
        let from_top = (y - 0.5).floor() as i32;
        Spot {
            col: (x - 1.0).floor() as i32,
            row: self.height as i32 - 1 - from_top,
        }
    }

    /// The centre of a spot on the screen.
    pub fn centre(&self, s: Spot) -> Point {
        let from_top = self.height as i32 - 1 - s.row;
        self.project(P(1.5 + s.col as f32, 1.0 + from_top as f32))
    }
}

/// What each cached layer was drawn from: a layer is cleared when its part changes.
#[derive(Clone, Debug, PartialEq)]
struct Drawn {
    palette: Palette,
    board: Board,
    pieces: Vec<Piece>,
    overlay: Overlay,
}

/// The three cached layers: board, pieces, overlay.
#[derive(Default)]
pub struct Layers {
    board: canvas::Cache,
    pieces: canvas::Cache,
    overlay: canvas::Cache,
    drawn: RefCell<Option<Drawn>>,
}

impl Layers {
    /// Clears the layers whose part of the drawing differs from what they show.
    fn follow(&self, palette: Palette, lock: &Lock, overlay: &Overlay) {
        let mut drawn = self.drawn.borrow_mut();
        let now = Drawn {
            palette,
            board: lock.board.clone(),
            pieces: lock.pieces.clone(),
            overlay: overlay.clone(),
        };
        match drawn.as_ref() {
            Some(d) if *d == now => return,
            Some(d) => {
                let board = d.palette != now.palette || d.board != now.board;
                if board {
                    self.board.clear();
                }
                if board || d.pieces != now.pieces {
                    self.pieces.clear();
                }
                if board || d.pieces != now.pieces || d.overlay != now.overlay {
                    self.overlay.clear();
                }
            }
            None => {
                self.board.clear();
                self.pieces.clear();
                self.overlay.clear();
            }
        }
        *drawn = Some(now);
    }
}

/// The canvas program, borrowing the lock from its screen.
pub struct SlidingCanvas<'a> {
    pub lock: &'a Lock,
    pub overlay: Overlay,
    pub palette: Palette,
    pub layers: &'a Layers,
}

/// The button held and where it last was; the modifiers held.
#[derive(Default)]
pub struct Hold {
    last: Option<Spot>,
    modifiers: keyboard::Modifiers,
}

fn ring(lock: &Lock, cell: Cell, colour: Rgba, width: f32, inset: f32) -> Shape {
    let P(x, y) = picture::corner(lock, cell);
    Shape::Line {
        points: vec![
            P(x + inset, y + inset),
            P(x + 1.0 - inset, y + inset),
            P(x + 1.0 - inset, y + 1.0 - inset),
            P(x + inset, y + 1.0 - inset),
            P(x + inset, y + inset),
        ],
        colour,
        width,
    }
}

/// A ring around a whole piece, `inset` inside its cells' edge (outside when negative).
fn around(lock: &Lock, p: &Piece, colour: Rgba, width: f32, inset: f32) -> Shape {
    let a = picture::corner(lock, p.at);
    let b = picture::corner(lock, p.last());
    let (x0, y0) = (a.0.min(b.0) + inset, a.1.min(b.1) + inset);
    let (x1, y1) = (a.0.max(b.0) + 1.0 - inset, a.1.max(b.1) + 1.0 - inset);
    Shape::Line {
        points: vec![P(x0, y0), P(x1, y0), P(x1, y1), P(x0, y1), P(x0, y0)],
        colour,
        width,
    }
}

fn translucent(c: Rgba, alpha: f32) -> Rgba {
    Rgba(c.0, c.1, c.2, alpha)
}

/// The overlay's shapes.
pub fn overlay_shapes(lock: &Lock, overlay: &Overlay, palette: &Palette) -> Vec<Shape> {
    let red = Rgba::rgb8(0xe0, 0x1b, 0x24);
    let green = Rgba::rgb8(0x27, 0xae, 0x60);
    let mut out = Vec::new();
    if overlay.picked {
        let glow = Rgba::rgb8(0xff, 0xd7, 0x00);
        for i in lock.key().into_iter().chain(lock.keyhole()) {
            out.push(around(lock, &lock.pieces[i], glow, 0.14, -0.02));
        }
    }
    if let Some(p) = overlay.selected.and_then(|i| lock.pieces.get(i)) {
        out.push(around(lock, p, palette.outline, 0.08, 0.03));
    }
    for &c in &overlay.problems {
        out.push(ring(lock, c, red, 0.08, 0.1));
    }
    if let Some(ghost) = overlay.ghost {
        // The ghost is drawn as the piece would be, faded.
        let shadow = Lock::new(lock.board.clone(), vec![ghost]);
        for s in picture::pieces(&shadow, palette) {
            out.push(fade(s, 0.55));
        }
    }
    if let Some((cells, ok)) = &overlay.preview {
        let colour = if *ok { green } else { red };
        for &c in cells {
            if lock.board.contains(c) {
                let P(x, y) = picture::corner(lock, c);
                out.push(Shape::Polygon {
                    points: vec![
                        P(x + 0.1, y + 0.1),
                        P(x + 0.9, y + 0.1),
                        P(x + 0.9, y + 0.9),
                        P(x + 0.1, y + 0.9),
                    ],
                    fill: translucent(colour, 0.45),
                    stroke: Some((colour, 0.05)),
                });
            }
        }
    }
    out
}

fn fade(s: Shape, alpha: f32) -> Shape {
    let f = |c: Rgba| Rgba(c.0, c.1, c.2, c.3 * alpha);
    match s {
        Shape::Polygon {
            points,
            fill,
            stroke,
        } => Shape::Polygon {
            points,
            fill: f(fill),
            stroke: stroke.map(|(c, w)| (f(c), w)),
        },
        Shape::Line {
            points,
            colour,
            width,
        } => Shape::Line {
            points,
            colour: f(colour),
            width,
        },
        Shape::Circle {
            centre,
            radius,
            fill,
            stroke,
        } => Shape::Circle {
            centre,
            radius,
            fill: f(fill),
            stroke: stroke.map(|(c, w)| (f(c), w)),
        },
        Shape::Text {
            at,
            text,
            size,
            colour,
        } => Shape::Text {
            at,
            text,
            size,
            colour: f(colour),
        },
    }
}

impl canvas::Program<Input> for SlidingCanvas<'_> {
    type State = Hold;

    fn update(
        &self,
        state: &mut Hold,
        event: &Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<Input>> {
        let view = View::fit(self.lock, bounds.size());
        match event {
            Event::Keyboard(keyboard::Event::ModifiersChanged(m)) => {
                state.modifiers = *m;
                None
            }
            Event::Mouse(mouse::Event::ButtonPressed(button)) => {
                let right = match button {
                    mouse::Button::Left => false,
                    mouse::Button::Right => true,
                    _ => return None,
                };
                let spot = view.spot_at(cursor.position_in(bounds)?);
                state.last = Some(spot);
                Some(
                    canvas::Action::publish(Input::Pressed {
                        spot,
                        right,
                        shift: state.modifiers.shift(),
                    })
                    .and_capture(),
                )
            }
            Event::Mouse(mouse::Event::CursorMoved { .. }) => {
                let last = state.last?;
                // Past the canvas's edge the drag goes on: the spot may be off the board.
                let at = cursor.position()?;
                let spot = view.spot_at(Point::new(at.x - bounds.x, at.y - bounds.y));
                if spot == last {
                    return None;
                }
                state.last = Some(spot);
                Some(canvas::Action::publish(Input::Dragged { spot }).and_capture())
            }
            Event::Mouse(mouse::Event::ButtonReleased(_)) => {
                let spot = state.last.take()?;
                Some(canvas::Action::publish(Input::Released { spot }).and_capture())
            }
            _ => None,
        }
    }

    fn draw(
        &self,
        _state: &Hold,
        renderer: &Renderer,
        _theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        self.layers.follow(self.palette, self.lock, &self.overlay);
        let size = bounds.size();
        let view = View::fit(self.lock, size);
        let at = |p: P| view.project(p);
        let s = view.scale;
        let board = self.layers.board.draw(renderer, size, |frame| {
            frame.fill(
                &Path::rectangle(Point::ORIGIN, size),
                shape::color(self.palette.background),
            );
            shape::paint_frame(frame, &picture::board(self.lock, &self.palette), s, &at);
        });
        let pieces = self.layers.pieces.draw(renderer, size, |frame| {
            shape::paint_frame(frame, &picture::pieces(self.lock, &self.palette), s, &at);
        });
        let overlay = self.layers.overlay.draw(renderer, size, |frame| {
            let shapes = overlay_shapes(self.lock, &self.overlay, &self.palette);
            shape::paint_frame(frame, &shapes, s, &at);
        });
        vec![
            board,
            pieces,
            overlay,
            // Last, so that the default renderer on OpenGL brings the whole window up to date.
            crate::refresh::whole_window_refresh(renderer, bounds),
        ]
    }

    fn mouse_interaction(
        &self,
        state: &Hold,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> mouse::Interaction {
        if state.last.is_some() {
            return mouse::Interaction::Grabbing;
        }
        match cursor.position_in(bounds) {
            Some(p) => {
                let view = View::fit(self.lock, bounds.size());
                match view.spot_at(p).cell(&self.lock.board) {
                    Some(c) if self.lock.piece_at(c).is_some() => mouse::Interaction::Grab,
                    Some(_) => mouse::Interaction::Crosshair,
                    None => mouse::Interaction::default(),
                }
            }
            None => mouse::Interaction::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use iced_test::Simulator;

    const SIDE: f32 = 500.0;

    fn seed() -> Lock {
        lockfmt::sliding::parse("4 . . a .\n3 K K a @\n2 . . . .\n1 . b b .\n  A B C D\n")
            .document
            .expect("reads")
            .lock
    }

    #[test]
    fn spots_and_screen_points_are_one_projection() {
        let lock = seed();
        let view = View::fit(&lock, Size::new(SIDE, 400.0));
        for row in -1..5 {
            for col in -1..5 {
                let s = Spot { col, row };
                assert_eq!(view.spot_at(view.centre(s)), s);
            }
        }
        assert_eq!(Spot { col: 2, row: 3 }.cell(&lock.board), Cell::parse("C4"));
        assert_eq!(Spot { col: 4, row: 0 }.cell(&lock.board), None);
        assert_eq!(
            Spot { col: 9, row: -3 }.clamped(&lock.board),
            Cell::new(3, 0)
        );
    }

    #[test]
    fn a_press_a_drag_and_a_release_are_told_by_their_spots() {
        let lock = seed();
        let layers = Layers::default();
        let view = View::fit(&lock, Size::new(SIDE, SIDE));
        let program = SlidingCanvas {
            lock: &lock,
            overlay: Overlay::default(),
            palette: Palette::LIGHT,
            layers: &layers,
        };
        let element: iced::Element<'_, Input> =
            canvas::Canvas::new(program).width(SIDE).height(SIDE).into();
        let mut ui = Simulator::with_size(Default::default(), (SIDE, SIDE), element);
        let b1 = Spot { col: 1, row: 0 };
        let a1 = Spot { col: 0, row: 0 };
        ui.point_at(view.centre(b1));
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::ButtonPressed(
            mouse::Button::Left,
        ))]);
        ui.point_at(view.centre(a1));
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::CursorMoved {
            position: view.centre(a1),
        })]);
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::ButtonReleased(
            mouse::Button::Left,
        ))]);
        let said: Vec<Input> = ui.into_messages().collect();
        assert_eq!(
            said,
            vec![
                Input::Pressed {
                    spot: b1,
                    right: false,
                    shift: false
                },
                Input::Dragged { spot: a1 },
                Input::Released { spot: a1 },
            ]
        );
    }

    #[test]
    fn the_overlay_marks_problems_and_the_picked_lock() {
        let lock = seed();
        let none = overlay_shapes(&lock, &Overlay::default(), &Palette::LIGHT);
        assert!(none.is_empty());
        let marked = Overlay {
            problems: vec![Cell::new(0, 0)],
            picked: true,
            ..Overlay::default()
        };
        // One ring per problem cell, one round the Key and one round the Keyhole.
        assert_eq!(overlay_shapes(&lock, &marked, &Palette::LIGHT).len(), 1 + 2);
    }
}
