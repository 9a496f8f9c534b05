//! The nonogram canvas: draws the clues, the grid and the marks, each layer cached until it
//! changes, and reports which cell a press or a drag is on — a left press fills, a right press
//! crosses, and dragging carries on with the same stroke, as on paper.

use super::picture::{self, Layout, Marks, Palette};
use crate::shape::{self, P};
use engine::nonogram::{Grid, Puzzle};
use iced::mouse;
use iced::widget::canvas::{self, Event, Geometry, Path};
use iced::{Point, Rectangle, Renderer, Size, Theme};

/// What the canvas tells its screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stroke {
    /// A press on a cell: the left button (`fill`) or the right (cross).
    Pressed { x: usize, y: usize, fill: bool },
    /// The pressed button moved from cell `from` onto cell `(x, y)`. A fast mouse skips
    /// cells between two of its moves: the stroke covers [`between`] them too.
    Dragged {
        from: (usize, usize),
        x: usize,
        y: usize,
    },
    /// The button was let go.
    Released,
}

/// Where the picture sits in the canvas: scale and offset, the picture centred.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    scale: f32,
    offset: (f32, f32),
}

impl View {
    /// The picture fitted into `bounds`, centred, with a margin.
    pub fn fit(layout: &Layout, bounds: Size) -> View {
        let (w, h) = layout.extent();
        let margin = 0.5;
        let scale = (bounds.width / (w + 2.0 * margin)).min(bounds.height / (h + 2.0 * margin));
        let scale = scale.max(1e-3);
        View {
            scale,
            offset: (
                (bounds.width - w * scale) / 2.0,
                (bounds.height - h * scale) / 2.0,
            ),
        }
    }

    /// Picture space to the screen.
    pub fn project(&self, p: P) -> Point {
        Point::new(
            self.offset.0 + p.0 * self.scale,
            self.offset.1 + p.1 * self.scale,
        )
    }

    /// The screen to picture space.
    pub fn unproject(&self, p: Point) -> P {
        P(
            (p.x - self.offset.0) / self.scale,
            (p.y - self.offset.1) / self.scale,
        )
    }
}

/// The canvas's drawing in three cached layers: clues, cells, marks.
#[derive(Default)]
pub struct Layers {
    clues: canvas::Cache,
    cells: canvas::Cache,
    marks: canvas::Cache,
    drawn_with: std::cell::Cell<Option<(Palette, Layout)>>,
}

impl Layers {
    /// The puzzle's clues changed (or the grid, for the greyed-out clues).
    pub fn clues_changed(&self) {
        self.clues.clear();
    }

    /// The cells changed.
    pub fn cells_changed(&self) {
        self.cells.clear();
        // Finished lines grey their clues.
        self.clues.clear();
    }

    /// The marks changed.
    pub fn marks_changed(&self) {
        self.marks.clear();
    }

    fn follow(&self, palette: Palette, layout: Layout) {
        if self.drawn_with.get() != Some((palette, layout)) {
            self.clues.clear();
            self.cells.clear();
            self.marks.clear();
            self.drawn_with.set(Some((palette, layout)));
        }
    }
}

/// The canvas program, borrowing everything from its screen.
pub struct NonogramCanvas<'a> {
    pub puzzle: &'a Puzzle,
    pub grid: &'a Grid,
    pub marks: &'a Marks,
    pub palette: Palette,
    /// Grey the clues of lines that already read as their clue (the player's view).
    pub grey_finished: bool,
    pub interactive: bool,
    pub layers: &'a Layers,
}

/// Whether a button is held on the canvas, and the last cell it was on.
#[derive(Default)]
pub struct Drag {
    last: Option<(usize, usize)>,
}

impl NonogramCanvas<'_> {
    fn cell_under(&self, bounds: Rectangle, position: Point) -> Option<(usize, usize)> {
        let layout = Layout::of(self.puzzle);
        let view = View::fit(&layout, bounds.size());
        layout.cell_at(view.unproject(position))
    }
}

impl canvas::Program<Stroke> for NonogramCanvas<'_> {
    type State = Drag;

    fn update(
        &self,
        state: &mut Drag,
        event: &Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<Stroke>> {
        if !self.interactive {
            return None;
        }
        if let Event::Mouse(mouse::Event::ButtonReleased(_)) = event {
            if state.last.take().is_some() {
                return Some(canvas::Action::publish(Stroke::Released));
            }
            return None;
        }
        let position = cursor.position_in(bounds)?;
        match event {
            Event::Mouse(mouse::Event::ButtonPressed(button)) => {
                let fill = match button {
                    mouse::Button::Left => true,
                    mouse::Button::Right => false,
                    _ => return None,
                };
                let (x, y) = self.cell_under(bounds, position)?;
                state.last = Some((x, y));
                Some(canvas::Action::publish(Stroke::Pressed { x, y, fill }).and_capture())
            }
            Event::Mouse(mouse::Event::CursorMoved { .. }) => {
                let last = state.last?;
                let (x, y) = self.cell_under(bounds, position)?;
                if (x, y) == last {
                    return None;
                }
                state.last = Some((x, y));
                Some(canvas::Action::publish(Stroke::Dragged { from: last, x, y }).and_capture())
            }
            _ => None,
        }
    }

    fn draw(
        &self,
        _state: &Drag,
        renderer: &Renderer,
        _theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        let layout = Layout::of(self.puzzle);
        self.layers.follow(self.palette, layout);
        let size = bounds.size();
        let view = View::fit(&layout, size);
        let at = |p: P| view.project(p);
        let s = view.scale;
        let clues = self.layers.clues.draw(renderer, size, |frame| {
            frame.fill(
                &Path::rectangle(Point::ORIGIN, size),
                shape::color(self.palette.background),
            );
            let grid = self.grey_finished.then_some(self.grid);
            let shapes = picture::clues(self.puzzle, grid, &self.palette);
            shape::paint_frame(frame, &shapes, s, &at);
        });
        let cells = self.layers.cells.draw(renderer, size, |frame| {
            let shapes = picture::cells(&layout, self.grid, &self.palette);
            shape::paint_frame(frame, &shapes, s, &at);
        });
        let marks = self.layers.marks.draw(renderer, size, |frame| {
            let shapes = picture::marks(&layout, self.marks, &self.palette);
            shape::paint_frame(frame, &shapes, s, &at);
        });
        vec![
            clues,
            cells,
            marks,
            // Last, so that the default renderer on OpenGL brings the whole window up to date.
            crate::refresh::whole_window_refresh(renderer, bounds),
        ]
    }

    fn mouse_interaction(
        &self,
        _state: &Drag,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> mouse::Interaction {
        match cursor.position_in(bounds) {
            Some(p) if self.interactive && self.cell_under(bounds, p).is_some() => {
                mouse::Interaction::Crosshair
            }
            _ => mouse::Interaction::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::nonogram::PuzzleInfo;
    use iced_test::Simulator;

    const SIDE: f32 = 400.0;

    fn seed() -> Puzzle {
        let goal = Grid::from_rows(&[".###.", "#.#.#", "#####", ".###.", ".#.#."]).expect("grid");
        Puzzle::from_picture(goal, PuzzleInfo::default())
    }

    /// Presses at a cell's centre, drags across to another, lets go: what the canvas says.
    fn stroke_across(
        puzzle: &Puzzle,
        from: (usize, usize),
        to: (usize, usize),
        button: mouse::Button,
    ) -> Vec<Stroke> {
        let grid = Grid::new(puzzle.width, puzzle.height);
        let (marks, layers) = (Marks::default(), Layers::default());
        let program = NonogramCanvas {
            puzzle,
            grid: &grid,
            marks: &marks,
            palette: Palette::LIGHT,
            grey_finished: true,
            interactive: true,
            layers: &layers,
        };
        let layout = Layout::of(puzzle);
        let view = View::fit(&layout, Size::new(SIDE, SIDE));
        let centre = |(x, y): (usize, usize)| {
            let c = layout.corner(x, y);
            view.project(P(c.0 + 0.5, c.1 + 0.5))
        };
        let element: iced::Element<'_, Stroke> =
            canvas::Canvas::new(program).width(SIDE).height(SIDE).into();
        let mut ui = Simulator::with_size(Default::default(), (SIDE, SIDE), element);
        ui.point_at(centre(from));
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::ButtonPressed(button))]);
        ui.point_at(centre(to));
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::CursorMoved {
            position: centre(to),
        })]);
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::ButtonReleased(button))]);
        ui.into_messages().collect()
    }

    #[test]
    fn a_press_and_a_drag_name_their_cells_and_buttons() {
        let p = seed();
        assert_eq!(
            stroke_across(&p, (0, 0), (3, 0), mouse::Button::Left),
            vec![
                Stroke::Pressed {
                    x: 0,
                    y: 0,
                    fill: true
                },
                Stroke::Dragged {
                    from: (0, 0),
                    x: 3,
                    y: 0
                },
                Stroke::Released
            ]
        );
        assert_eq!(
            stroke_across(&p, (4, 4), (4, 4), mouse::Button::Right)[0],
            Stroke::Pressed {
                x: 4,
                y: 4,
                fill: false
            }
        );
    }
}
