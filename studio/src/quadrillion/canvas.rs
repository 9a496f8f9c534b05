//! The Quadrillion canvas: the table — the ground, the grids and the shapes — with what is held
//! drawn over it, following the mouse. The items lying still are one cached layer, redrawn only
//! when they change; the held items are drawn every frame. A left press or a right press, the
//! mouse reaching another dot, and the left button let go elsewhere than it went down (a drag),
//! are told to the screen, which applies the table's rules.

use super::picture::{self, Palette};
use crate::shape::{self, P, Rgba, Shape};
use engine::quadrillion::{Board, Dot, Item, Placement, ShapeId, Table};
use iced::mouse;
use iced::widget::canvas::{self, Event, Geometry, Path};
use iced::{Point, Rectangle, Renderer, Size, Theme};

/// What the canvas tells its screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// A press on a dot of the table: the left button, or the right (`right`).
    Pressed { dot: Dot, right: bool },
    /// The mouse reached another dot.
    Moved { dot: Dot },
    /// The left button came up on another dot than it went down on: the end of a drag.
    Dropped { dot: Dot },
}

/// Where the table sits in the canvas: one unit per dot, scaled and centred.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    scale: f32,
    offset: (f32, f32),
}

impl View {
    /// A table of `rows` × `cols` dots fitted into `bounds`, centred, with a margin.
    pub fn fit((rows, cols): (i32, i32), bounds: Size) -> View {
        let (w, h) = (cols.max(1) as f32, rows.max(1) as f32);
        let margin = 0.25;
        let scale = (bounds.width / (w + 2.0 * margin))
            .min(bounds.height / (h + 2.0 * margin))
            .max(1e-3);
        View {
            scale,
            offset: (
                (bounds.width - w * scale) / 2.0,
                (bounds.height - h * scale) / 2.0,
            ),
        }
    }

    /// Table space (x = column, y = row) to the screen.
    pub fn project(&self, p: P) -> Point {
        Point::new(
            self.offset.0 + p.0 * self.scale,
            self.offset.1 + p.1 * self.scale,
        )
    }

    /// The dot under a point of the screen (it may lie off the table).
    pub fn dot_at(&self, p: Point) -> Dot {
        let x = (p.x - self.offset.0) / self.scale;
        let y = (p.y - self.offset.1) / self.scale;
        Dot::new(y.floor() as i32, x.floor() as i32)
    }

    /// The centre of a dot on the screen.
    pub fn centre(&self, d: Dot) -> Point {
        self.project(P(d.col as f32 + 0.5, d.row as f32 + 0.5))
    }
}

/// The cached layer of the items lying still.
#[derive(Default)]
pub struct Layers {
    lying: canvas::Cache,
    drawn_with: std::cell::Cell<Option<(Palette, (i32, i32))>>,
}

impl Layers {
    /// The table changed: items were released, put back, placed or reset.
    pub fn changed(&self) {
        self.lying.clear();
    }

    fn follow(&self, palette: Palette, size: (i32, i32)) {
        if self.drawn_with.get() != Some((palette, size)) {
            self.lying.clear();
            self.drawn_with.set(Some((palette, size)));
        }
    }
}

/// The canvas program, borrowing the table from its screen.
pub struct QuadrillionCanvas<'a> {
    pub table: &'a Table,
    pub palette: Palette,
    pub layers: &'a Layers,
    /// Shapes to outline (a hint's word on which to lift).
    pub outlined: &'a [ShapeId],
}

/// The last dot the mouse was on.
#[derive(Default)]
pub struct Hover {
    last: Option<Dot>,
    /// Where the left button went down, while it is down.
    pressed: Option<Dot>,
}

fn ground(rows: i32, cols: i32, palette: &Palette) -> Vec<Shape> {
    let faint = Rgba(
        palette.outline.0,
        palette.outline.1,
        palette.outline.2,
        0.18,
    );
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            out.push(Shape::Circle {
                centre: P(c as f32 + 0.5, r as f32 + 0.5),
                radius: 0.06,
                fill: faint,
                stroke: None,
            });
        }
    }
    out
}

impl QuadrillionCanvas<'_> {
    fn lying(&self) -> (Board, Vec<Placement>) {
        let held = self.table.picked();
        let grids = engine::quadrillion::GridId::ALL
            .into_iter()
            .filter(|g| !held.contains(&Item::Grid(*g)))
            .map(|g| self.table.grid(g))
            .collect();
        let shapes = ShapeId::ALL
            .into_iter()
            .filter(|s| !held.contains(&Item::Shape(*s)))
            .map(|s| self.table.shape(s))
            .collect();
        (Board { grids }, shapes)
    }

    /// What lies on the table: the ground's dots, the grids and the shapes not held.
    fn lying_shapes(&self, rows: i32, cols: i32) -> Vec<Shape> {
        let origin = Dot::new(0, 0);
        let mut shapes = ground(rows, cols, &self.palette);
        let (board, placed) = self.lying();
        shapes.extend(picture::board(&board, origin, &self.palette));
        shapes.extend(picture::shapes(&placed, origin, &self.palette));
        // Grids the board's problems lie with are marked where they lie, while nothing is held
        // (a grid on the move is not yet where it will be).
        if self.table.picked().is_empty() {
            for g in board.misplaced_grids() {
                if let Some(p) = board.grid(g) {
                    shapes.push(frame_around(p.at, MISPLACED));
                }
            }
        }
        shapes
    }

    fn held(&self) -> (Board, Vec<Placement>) {
        let mut grids = Vec::new();
        let mut shapes = Vec::new();
        for item in self.table.picked() {
            match item {
                Item::Grid(g) => grids.push(self.table.grid(*g)),
                Item::Shape(s) => shapes.push(self.table.shape(*s)),
            }
        }
        (Board { grids }, shapes)
    }
}

impl canvas::Program<Input> for QuadrillionCanvas<'_> {
    type State = Hover;

    fn update(
        &self,
        state: &mut Hover,
        event: &Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<Input>> {
        let Some(position) = cursor.position_in(bounds) else {
            // A drag let go off the canvas ends nowhere.
            if let Event::Mouse(mouse::Event::ButtonReleased(mouse::Button::Left)) = event {
                state.pressed = None;
            }
            return None;
        };
        let view = View::fit(self.table.size(), bounds.size());
        let dot = view.dot_at(position);
        match event {
            Event::Mouse(mouse::Event::ButtonReleased(mouse::Button::Left)) => {
                let from = state.pressed.take()?;
                (from != dot).then(|| canvas::Action::publish(Input::Dropped { dot }).and_capture())
            }
            Event::Mouse(mouse::Event::ButtonPressed(button)) => {
                let right = match button {
                    mouse::Button::Left => false,
                    mouse::Button::Right => true,
                    _ => return None,
                };
                state.last = Some(dot);
                if !right {
                    state.pressed = Some(dot);
                }
                Some(canvas::Action::publish(Input::Pressed { dot, right }).and_capture())
            }
            Event::Mouse(mouse::Event::CursorMoved { .. }) => {
                if state.last == Some(dot) {
                    return None;
                }
                state.last = Some(dot);
                // Only a held item follows the mouse: otherwise there is nothing to say.
                if self.table.picked().is_empty() {
                    return None;
                }
                Some(canvas::Action::publish(Input::Moved { dot }))
            }
            _ => None,
        }
    }

    fn draw(
        &self,
        _state: &Hover,
        renderer: &Renderer,
        _theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        let (rows, cols) = self.table.size();
        self.layers.follow(self.palette, (rows, cols));
        let size = bounds.size();
        let view = View::fit((rows, cols), size);
        let at = |p: P| view.project(p);
        let s = view.scale;
        let origin = Dot::new(0, 0);
        let lying = self.layers.lying.draw(renderer, size, |frame| {
            frame.fill(
                &Path::rectangle(Point::ORIGIN, size),
                shape::color(self.palette.background),
            );
            let shapes = self.lying_shapes(rows, cols);
            shape::paint_frame(frame, &shapes, s, &at);
        });
        let mut held = canvas::Frame::new(renderer, size);
        let (board, placed) = self.held();
        let mut shapes = picture::board(&board, origin, &self.palette);
        shapes.extend(picture::shapes(&placed, origin, &self.palette));
        // A held item is outlined, so that it reads as lifted.
        for p in &placed {
            for d in p.dots() {
                shapes.push(outline(d, self.palette.outline, 0.08));
            }
        }
        for sid in self.outlined {
            for d in self.table.shape(*sid).dots() {
                shapes.push(outline(d, MISPLACED, 0.1));
            }
        }
        shape::paint_frame(&mut held, &shapes, s, &at);
        vec![
            lying,
            held.into_geometry(),
            // Last, so that the default renderer on OpenGL brings the whole window up to date.
            crate::refresh::whole_window_refresh(renderer, bounds),
        ]
    }

    fn mouse_interaction(
        &self,
        _state: &Hover,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> mouse::Interaction {
        match cursor.position_in(bounds) {
            Some(_) if !self.table.picked().is_empty() => mouse::Interaction::Grabbing,
            Some(p) => {
                let view = View::fit(self.table.size(), bounds.size());
                if self.table.visible(view.dot_at(p)).is_some() {
                    mouse::Interaction::Grab
                } else {
                    mouse::Interaction::default()
                }
            }
            None => mouse::Interaction::default(),
        }
    }
}

/// The red of what is wrong, as the editors mark it.
const MISPLACED: Rgba = Rgba::rgb8(0xc0, 0x39, 0x2b);

/// A frame just inside a grid whose top-left dot is `at`.
fn frame_around(at: Dot, colour: Rgba) -> Shape {
    let (x, y) = (at.col as f32, at.row as f32);
    let side = engine::quadrillion::GRID_SIZE as f32;
    Shape::Line {
        points: vec![
            P(x + 0.06, y + 0.06),
            P(x + side - 0.06, y + 0.06),
            P(x + side - 0.06, y + side - 0.06),
            P(x + 0.06, y + side - 0.06),
            P(x + 0.06, y + 0.06),
        ],
        colour,
        width: 0.12,
    }
}

fn outline(d: Dot, colour: Rgba, width: f32) -> Shape {
    let (x, y) = (d.col as f32, d.row as f32);
    Shape::Line {
        points: vec![
            P(x + 0.1, y + 0.1),
            P(x + 0.9, y + 0.1),
            P(x + 0.9, y + 0.9),
            P(x + 0.1, y + 0.9),
            P(x + 0.1, y + 0.1),
        ],
        colour,
        width,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::quadrillion::{Board, Challenge};
    use iced_test::Simulator;

    const SIDE: f32 = 600.0;

    /// The canvas alone in a window of its size, on `table`.
    fn on<'a>(table: &'a Table, layers: &'a Layers) -> Simulator<'a, Input> {
        let program = QuadrillionCanvas {
            table,
            palette: Palette::LIGHT,
            layers,
            outlined: &[],
        };
        let element: iced::Element<'_, Input> =
            canvas::Canvas::new(program).width(SIDE).height(SIDE).into();
        Simulator::with_size(Default::default(), (SIDE, SIDE), element)
    }

    /// Regression: a grid dragged off the board was named in the problems but not marked on
    /// the canvas, where the author looks.
    #[test]
    fn a_grid_cut_off_from_the_board_is_framed_in_red_where_it_lies() {
        let frames = |board: Board| {
            let table = Table::new(&Challenge::empty(board), false);
            let layers = Layers::default();
            let program = QuadrillionCanvas {
                table: &table,
                palette: Palette::LIGHT,
                layers: &layers,
                outlined: &[],
            };
            let (rows, cols) = table.size();
            program
                .lying_shapes(rows, cols)
                .into_iter()
                .filter(|s| matches!(s, Shape::Line { colour, .. } if *colour == MISPLACED))
                .count()
        };
        assert_eq!(frames(Board::default_board()), 0);
        let mut apart = Board::default_board();
        apart.grids[3].at = Dot::new(12, 12);
        assert_eq!(frames(apart), 1, "G4, cut off");
    }

    #[test]
    fn a_press_names_its_dot_and_button_and_moves_are_told_only_while_holding() {
        let table = Table::new(&Challenge::empty(Board::default_board()), false);
        let layers = Layers::default();
        let view = View::fit(table.size(), Size::new(SIDE, SIDE));
        let run = |table: &Table, presses: &[(Dot, mouse::Button)], then: Dot| {
            let mut ui = on(table, &layers);
            for (dot, button) in presses {
                ui.point_at(view.centre(*dot));
                let _ = ui.simulate([iced::Event::Mouse(mouse::Event::ButtonPressed(*button))]);
                let _ = ui.simulate([iced::Event::Mouse(mouse::Event::ButtonReleased(*button))]);
            }
            ui.point_at(view.centre(then));
            let _ = ui.simulate([iced::Event::Mouse(mouse::Event::CursorMoved {
                position: view.centre(then),
            })]);
            ui.into_messages().collect::<Vec<_>>()
        };
        let said = run(
            &table,
            &[
                (Dot::new(2, 3), mouse::Button::Left),
                (Dot::new(4, 4), mouse::Button::Right),
            ],
            Dot::new(5, 5),
        );
        assert_eq!(
            said,
            vec![
                Input::Pressed {
                    dot: Dot::new(2, 3),
                    right: false
                },
                Input::Pressed {
                    dot: Dot::new(4, 4),
                    right: true
                },
            ],
            "nothing held: the mouse moving says nothing"
        );
        let mut holding = table.clone();
        holding.pick_at(Dot::new(2, 3)).expect("grid 1");
        let said = run(&holding, &[], Dot::new(6, 7));
        assert_eq!(
            said,
            vec![Input::Moved {
                dot: Dot::new(6, 7)
            }]
        );
    }

    /// Regression: a shape dragged to its place and let go stayed held, waiting for a click.
    #[test]
    fn letting_go_elsewhere_than_the_press_ends_a_drag_and_a_click_does_not() {
        let table = Table::new(&Challenge::empty(Board::default_board()), false);
        let layers = Layers::default();
        let view = View::fit(table.size(), Size::new(SIDE, SIDE));
        let mut ui = on(&table, &layers);
        let left = mouse::Button::Left;
        let (a, b) = (Dot::new(2, 3), Dot::new(6, 7));
        ui.point_at(view.centre(a));
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::ButtonPressed(left))]);
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::ButtonReleased(left))]);
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::ButtonPressed(left))]);
        ui.point_at(view.centre(b));
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::ButtonReleased(left))]);
        let said: Vec<Input> = ui.into_messages().collect();
        assert_eq!(
            said,
            vec![
                Input::Pressed {
                    dot: a,
                    right: false
                },
                Input::Pressed {
                    dot: a,
                    right: false
                },
                Input::Dropped { dot: b },
            ]
        );
    }
}
