//! The nonogram canvas: draws the clues, the grid and the marks, each layer cached until it
//! changes, and reports which cell a press or a drag is on — a left press fills, a right press
//! crosses, and dragging carries on with the same stroke, as on paper. The wheel brings the
//! picture nearer about the cursor and the middle button drags it, for pictures too large to
//! paint whole; the clues then keep to the edges, so every line in sight shows its clue.

use super::camera::{Camera, View};
use super::picture::{self, Layout, Marks, Palette};
use crate::shape::{self, P, Shape};
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

/// The canvas's drawing in three cached layers: clues, cells, marks.
#[derive(Default)]
pub struct Layers {
    clues: canvas::Cache,
    cells: canvas::Cache,
    marks: canvas::Cache,
    drawn_with: std::cell::Cell<Option<(Palette, Layout, View)>>,
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

    fn follow(&self, palette: Palette, layout: Layout, view: View) {
        if self.drawn_with.get() != Some((palette, layout, view)) {
            self.clues.clear();
            self.cells.clear();
            self.marks.clear();
            self.drawn_with.set(Some((palette, layout, view)));
        }
    }
}

/// The canvas program, borrowing everything from its screen.
pub struct NonogramCanvas<'a> {
    pub puzzle: &'a Puzzle,
    /// Where the clues and the grid lie: the puzzle's own ([`Layout::of`]), or, while a stroke
    /// is painted, the one it began on, so that clues growing or shrinking under the stroke do
    /// not move the grid under the pointer.
    pub layout: Layout,
    pub grid: &'a Grid,
    pub marks: &'a Marks,
    pub palette: Palette,
    /// Grey the clues of lines that already read as their clue (the player's view).
    pub grey_finished: bool,
    pub interactive: bool,
    pub layers: &'a Layers,
    /// A cell to bring into sight when it changes ([`Marks::in_focus`]: the keyboard cursor, a
    /// hint's or a step's cell, a suggested change), if the picture is brought so near that it
    /// is out of sight.
    pub keep_in_sight: Option<(usize, usize)>,
}

/// The canvas's own state: the camera, the last cell a held button was on, and where a drag of
/// the picture began (the cursor, and the point then looked at).
pub struct Hand {
    last: Option<(usize, usize)>,
    camera: Camera,
    dragging: Option<(Point, P)>,
    /// The cell last brought into sight: it is brought again only once it has changed, so
    /// that dragging the picture away from it afterwards is not undone.
    kept: Option<(usize, usize)>,
}

impl Default for Hand {
    fn default() -> Hand {
        Hand {
            last: None,
            camera: Camera::FIT,
            dragging: None,
            kept: None,
        }
    }
}

impl NonogramCanvas<'_> {
    /// The cell under a point of the canvas; none under the clues, even where they lie over
    /// cells brought near.
    fn cell_under(&self, bounds: Rectangle, camera: Camera, at: Point) -> Option<(usize, usize)> {
        let layout = self.layout;
        let view = View::of(&layout, bounds.size(), camera);
        let (left, top) = view.clues_end();
        if at.x < left || at.y < top {
            return None;
        }
        layout.cell_at(view.unproject(at))
    }

    /// The wheel and the middle button move the camera, whether or not the canvas paints.
    fn look(
        &self,
        state: &mut Hand,
        event: &Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<Stroke>> {
        // Worked out only for the events that move the camera, not for every move of the mouse.
        let layout = || self.layout;
        let size = bounds.size();
        match event {
            Event::Mouse(mouse::Event::WheelScrolled { delta }) => {
                let at = cursor.position_in(bounds)?;
                let notches = match delta {
                    mouse::ScrollDelta::Lines { y, .. } => *y,
                    mouse::ScrollDelta::Pixels { y, .. } => y / 30.0,
                };
                state.camera = state.camera.zoomed(&layout(), size, notches, at);
                Some(canvas::Action::request_redraw().and_capture())
            }
            Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Middle)) => {
                let at = cursor.position_in(bounds)?;
                let looked = View::of(&layout(), size, state.camera)
                    .unproject(Point::new(size.width / 2.0, size.height / 2.0));
                state.dragging = Some((at, looked));
                Some(canvas::Action::capture())
            }
            Event::Mouse(mouse::Event::ButtonReleased(mouse::Button::Middle)) => {
                state.dragging.take().map(|_| canvas::Action::capture())
            }
            Event::Mouse(mouse::Event::CursorMoved { .. }) => {
                let (from, looked) = state.dragging?;
                // Outside the canvas too: a drag goes on until the button is let go.
                let at = cursor.position()? - bounds.position();
                let moved = Point::new(at.x, at.y) - from;
                state.camera = state.camera.panned(&layout(), size, looked, moved);
                Some(canvas::Action::request_redraw().and_capture())
            }
            _ => None,
        }
    }

    /// Which cell a press or a drag is on, after the wheel and the middle button have had
    /// their say.
    fn paint(
        &self,
        state: &mut Hand,
        event: &Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<Stroke>> {
        if let Some(action) = self.look(state, event, bounds, cursor) {
            return Some(action);
        }
        if !self.interactive {
            return None;
        }
        if let Event::Mouse(mouse::Event::ButtonReleased(_)) = event {
            if state.last.take().is_some() {
                return Some(canvas::Action::publish(Stroke::Released));
            }
            return None;
        }
        if state.dragging.is_some() {
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
                let (x, y) = self.cell_under(bounds, state.camera, position)?;
                state.last = Some((x, y));
                Some(canvas::Action::publish(Stroke::Pressed { x, y, fill }).and_capture())
            }
            Event::Mouse(mouse::Event::CursorMoved { .. }) => {
                let last = state.last?;
                let (x, y) = self.cell_under(bounds, state.camera, position)?;
                if (x, y) == last {
                    return None;
                }
                state.last = Some((x, y));
                Some(canvas::Action::publish(Stroke::Dragged { from: last, x, y }).and_capture())
            }
            _ => None,
        }
    }

    /// Brings [`NonogramCanvas::keep_in_sight`] into sight once each time it changes; whether
    /// the camera moved.
    fn follow_kept_cell(&self, state: &mut Hand, bounds: Rectangle) -> bool {
        if self.keep_in_sight == state.kept {
            return false;
        }
        state.kept = self.keep_in_sight;
        let Some(cell) = self.keep_in_sight else {
            return false;
        };
        let layout = self.layout;
        let camera = state.camera.showing(&layout, bounds.size(), cell);
        let moved = camera != state.camera;
        state.camera = camera;
        moved
    }
}

/// Said in the corner where the clues would be, when they are too small to read.
pub const CLUES_TOO_SMALL: &str = "Wheel nearer\nto read the clues";

impl canvas::Program<Stroke> for NonogramCanvas<'_> {
    type State = Hand;

    fn update(
        &self,
        state: &mut Hand,
        event: &Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<Stroke>> {
        let followed = self.follow_kept_cell(state, bounds);
        let action = self.paint(state, event, bounds, cursor);
        match action {
            None if followed => Some(canvas::Action::request_redraw()),
            action => action,
        }
    }

    fn draw(
        &self,
        state: &Hand,
        renderer: &Renderer,
        _theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        let layout = self.layout;
        let size = bounds.size();
        let view = View::of(&layout, size, state.camera);
        self.layers.follow(self.palette, layout, view);
        let at = |p: P| view.project(p);
        let s = view.scale;
        let sight = view.sight(&layout, size);
        let cells = self.layers.cells.draw(renderer, size, |frame| {
            frame.fill(
                &Path::rectangle(Point::ORIGIN, size),
                shape::color(self.palette.background),
            );
            let shapes = picture::cells_in(&layout, self.grid, &self.palette, &sight);
            shape::paint_frame(frame, &shapes, s, &at);
        });
        let marks = self.layers.marks.draw(renderer, size, |frame| {
            let shapes = picture::marks_in(&layout, self.marks, &self.palette, &sight);
            shape::paint_frame(frame, &shapes, s, &at);
        });
        // Last of the picture, as the clues lie over the cells when the grid is brought near.
        let clues = self.layers.clues.draw(renderer, size, |frame| {
            let grid = self.grey_finished.then_some(self.grid);
            let shapes = picture::clues_in(self.puzzle, &layout, grid, &self.palette, &sight);
            let clue_at = |p: P| view.project_clue(p);
            // The renderer draws text over every filled shape of a layer, so numbers of lines
            // out of sight are left out rather than covered.
            let in_sight = |shape: &Shape| match shape {
                Shape::Text { at, .. } => view.clue_in_sight(*at),
                _ => true,
            };
            let (row_clues, column_clues): (Vec<_>, Vec<_>) =
                shapes.into_iter().filter(in_sight).partition(
                    |shape| matches!(shape, Shape::Text { at, .. } if at.0 < layout.clue_columns as f32),
                );
            let (left, top) = view.clues_end();
            let background = shape::color(self.palette.background);
            let edge = canvas::Stroke::default()
                .with_color(shape::color(self.palette.thick_line))
                .with_width((0.06 * s).max(1.0));
            // The two strips over the cells (the top one takes the corner), then their numbers.
            frame.fill(&Path::rectangle(Point::ORIGIN, Size::new(left, size.height)), background);
            frame.fill(&Path::rectangle(Point::ORIGIN, Size::new(size.width, top)), background);
            shape::paint_frame(frame, &row_clues, s.min(view.clue_scale.0), &clue_at);
            shape::paint_frame(frame, &column_clues, s.min(view.clue_scale.1), &clue_at);
            if view.pinned.0 {
                frame.stroke(&Path::line(Point::new(left, top), Point::new(left, size.height)), edge);
            }
            if view.pinned.1 {
                frame.stroke(&Path::line(Point::new(left, top), Point::new(size.width, top)), edge);
            }
            // Numbers too small to read are left out; the corner, when the words fit in it,
            // says how to read them.
            if sight.cell_pixels < picture::CLUE_PIXELS && left >= 112.0 && top >= 36.0 {
                frame.fill_text(canvas::Text {
                    content: CLUES_TOO_SMALL.to_string(),
                    position: Point::new(left / 2.0, top / 2.0),
                    color: shape::color(self.palette.clue),
                    size: iced::Pixels(12.0),
                    align_x: iced::widget::text::Alignment::Center,
                    align_y: iced::alignment::Vertical::Center,
                    ..canvas::Text::default()
                });
            }
        });
        vec![
            cells,
            marks,
            clues,
            // Last, so that the default renderer on OpenGL brings the whole window up to date.
            crate::refresh::whole_window_refresh(renderer, bounds),
        ]
    }

    fn mouse_interaction(
        &self,
        state: &Hand,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> mouse::Interaction {
        if state.dragging.is_some() {
            return mouse::Interaction::Grabbing;
        }
        match cursor.position_in(bounds) {
            Some(p) if self.interactive && self.cell_under(bounds, state.camera, p).is_some() => {
                mouse::Interaction::Crosshair
            }
            _ => mouse::Interaction::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nonogram::camera::NEAREST;
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
        let (from, _) = fitted_centre(puzzle, from);
        let (to, _) = fitted_centre(puzzle, to);
        on_canvas(
            puzzle,
            &[
                (
                    from,
                    vec![iced::Event::Mouse(mouse::Event::ButtonPressed(button))],
                ),
                (to, vec![moved(to)]),
                (
                    to,
                    vec![iced::Event::Mouse(mouse::Event::ButtonReleased(button))],
                ),
            ],
        )
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

    /// A 40×40 picture, too large to paint comfortably whole in 400 pixels (under 9 a cell).
    fn large() -> Puzzle {
        let rows: Vec<String> = (0..40)
            .map(|y| {
                (0..40)
                    .map(|x| if (x * 7 + y * 3) % 5 < 2 { '#' } else { '.' })
                    .collect()
            })
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let goal = Grid::from_rows(&rows).expect("grid");
        Puzzle::from_picture(goal, PuzzleInfo::default())
    }

    fn wheel(notches: f32) -> iced::Event {
        iced::Event::Mouse(mouse::Event::WheelScrolled {
            delta: mouse::ScrollDelta::Lines { x: 0.0, y: notches },
        })
    }

    fn button(pressed: bool, button: mouse::Button) -> iced::Event {
        iced::Event::Mouse(if pressed {
            mouse::Event::ButtonPressed(button)
        } else {
            mouse::Event::ButtonReleased(button)
        })
    }

    fn moved(to: Point) -> iced::Event {
        iced::Event::Mouse(mouse::Event::CursorMoved { position: to })
    }

    /// Runs `steps` (a point to put the cursor on, then the events there) on a fresh canvas
    /// showing `puzzle` and returns what it said.
    fn on_canvas(puzzle: &Puzzle, steps: &[(Point, Vec<iced::Event>)]) -> Vec<Stroke> {
        let grid = Grid::new(puzzle.width, puzzle.height);
        let (marks, layers) = (Marks::default(), Layers::default());
        let program = NonogramCanvas {
            puzzle,
            layout: Layout::of(puzzle),
            grid: &grid,
            marks: &marks,
            palette: Palette::LIGHT,
            grey_finished: true,
            interactive: true,
            layers: &layers,
            keep_in_sight: None,
        };
        let element: iced::Element<'_, Stroke> =
            canvas::Canvas::new(program).width(SIDE).height(SIDE).into();
        let mut ui = Simulator::with_size(Default::default(), (SIDE, SIDE), element);
        for (at, events) in steps {
            ui.point_at(*at);
            let _ = ui.simulate(events.iter().cloned());
        }
        ui.into_messages().collect()
    }

    /// Where the whole picture puts the centre of cell (x, y), and one cell's width there.
    fn fitted_centre(puzzle: &Puzzle, (x, y): (usize, usize)) -> (Point, f32) {
        let layout = Layout::of(puzzle);
        let view = View::fit(&layout, Size::new(SIDE, SIDE));
        let c = layout.corner(x, y);
        (view.project(P(c.0 + 0.5, c.1 + 0.5)), view.scale)
    }

    /// The picture brought near by `turns` of the wheel, ten notches each, with the cursor on
    /// `cell`: its layout, the canvas's size, the cursor and the camera.
    fn brought_near(
        p: &Puzzle,
        cell: (usize, usize),
        turns: usize,
    ) -> (Layout, Size, Point, Camera) {
        let layout = Layout::of(p);
        let size = Size::new(SIDE, SIDE);
        let (cursor, _) = fitted_centre(p, cell);
        let camera = (0..turns).fold(Camera::FIT, |c, _| c.zoomed(&layout, size, 10.0, cursor));
        (layout, size, cursor, camera)
    }

    fn press_at(at: Point) -> (Point, Vec<iced::Event>) {
        (
            at,
            vec![
                button(true, mouse::Button::Left),
                button(false, mouse::Button::Left),
            ],
        )
    }

    fn pressed(strokes: &[Stroke]) -> Vec<(usize, usize)> {
        strokes
            .iter()
            .filter_map(|s| match s {
                Stroke::Pressed { x, y, .. } => Some((*x, *y)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_wheel_brings_the_cell_under_the_cursor_near_and_keeps_it_under_the_cursor() {
        let p = large();
        let (centre, cell) = fitted_centre(&p, (20, 20));
        let right = Point::new(centre.x + cell, centre.y);
        // Whole, one cell's width to the right is the next cell.
        assert_eq!(pressed(&on_canvas(&p, &[press_at(right)])), vec![(21, 20)]);
        // Brought near about the cell, the same point still lies on it, and the cell under the
        // cursor is the one it was on.
        let near = on_canvas(
            &p,
            &[
                (centre, vec![wheel(5.0), wheel(5.0)]),
                press_at(centre),
                press_at(right),
            ],
        );
        assert_eq!(pressed(&near), vec![(20, 20), (20, 20)]);
    }

    #[test]
    fn the_wheel_never_takes_the_picture_further_than_whole() {
        let p = large();
        let layout = Layout::of(&p);
        let size = Size::new(SIDE, SIDE);
        let centre = Point::new(100.0, 300.0);
        let near = Camera::FIT.zoomed(&layout, size, 8.0, centre);
        assert!(near.zoom > 1.5, "{near:?}");
        let far = (0..20).fold(near, |c, _| c.zoomed(&layout, size, -5.0, centre));
        assert_eq!(far, Camera::FIT, "back to the whole picture, centred");
        let nearest = (0..200).fold(near, |c, _| c.zoomed(&layout, size, 10.0, centre));
        let view = View::of(&layout, size, nearest);
        assert!(
            (view.scale - NEAREST).abs() < 0.01,
            "cells stop growing at {NEAREST} pixels: {}",
            view.scale
        );
    }

    #[test]
    fn the_middle_button_drags_the_picture_and_paints_nothing() {
        let p = large();
        let (centre, cell) = fitted_centre(&p, (20, 20));
        let near = vec![wheel(5.0), wheel(5.0)];
        let drag_left = Point::new(centre.x - 8.0 * cell, centre.y);
        let strokes = on_canvas(
            &p,
            &[
                (centre, near),
                (centre, vec![button(true, mouse::Button::Middle)]),
                (drag_left, vec![moved(drag_left)]),
                (drag_left, vec![button(false, mouse::Button::Middle)]),
                press_at(centre),
            ],
        );
        assert_eq!(strokes.len(), 2, "only the press paints: {strokes:?}");
        let (x, y) = pressed(&strokes)[0];
        assert!(
            x > 20 && y == 20,
            "the picture moved left under the cursor: {x}, {y}"
        );
    }

    #[test]
    fn clues_keep_to_the_edges_over_cells_brought_near_and_a_press_there_paints_nothing() {
        let p = large();
        let (layout, size, corner, camera) = brought_near(&p, (39, 39), 4);
        let view = View::of(&layout, size, camera);
        // Row 39's first clue number: its own place is far off to the left, its drawn place is
        // in the strip along the left edge.
        let number = P(0.5, (layout.clue_rows + 39) as f32 + 0.5);
        assert!(view.project(number).x < 0.0);
        let drawn = view.project_clue(number);
        let (left, top) = view.clues_end();
        assert!(
            (0.0..left).contains(&drawn.x),
            "{drawn:?} in the strip 0..{left}"
        );
        // However near, each strip keeps to a third of the canvas.
        assert!(view.pinned.0 && view.pinned.1, "{view:?}");
        assert!(left > 0.0 && top > 0.0 && left <= SIDE / 3.0 + 0.01 && top <= SIDE / 3.0 + 0.01);
        // The numbers of lines scrolled under the other strip are not drawn (text would lie
        // over the strip): row 0's are gone, row 39's and column 39's are there.
        assert!(!view.clue_in_sight(P(0.5, layout.clue_rows as f32 + 0.5)));
        assert!(view.clue_in_sight(number));
        let last_column = P((layout.clue_columns + 39) as f32 + 0.5, 0.5);
        assert!(view.clue_in_sight(last_column));
        assert!(!view.clue_in_sight(P(layout.clue_columns as f32 + 0.5, 0.5)));
        // With the whole picture, every number is in sight.
        let whole = View::fit(&layout, size);
        assert!(whole.clue_in_sight(P(0.5, layout.clue_rows as f32 + 0.5)));
        assert!(whole.clue_in_sight(P(layout.clue_columns as f32 + 0.5, 0.5)));
        // A press on the strip, over cells, paints nothing; beside it, it paints.
        let steps = |at: Point| vec![(corner, vec![wheel(10.0); 4]), press_at(at)];
        let y = SIDE - 10.0;
        assert!(pressed(&on_canvas(&p, &steps(Point::new(left / 2.0, y)))).is_empty());
        assert_eq!(
            pressed(&on_canvas(&p, &steps(Point::new(left + 5.0, y)))).len(),
            1
        );
    }

    #[test]
    fn the_keyboard_cursor_is_brought_into_sight_clear_of_the_clues() {
        let p = large();
        let (layout, size, _, near) = brought_near(&p, (0, 0), 3);
        let in_sight = |camera: Camera, (x, y): (usize, usize)| {
            let view = View::of(&layout, size, camera);
            let c = layout.corner(x, y);
            let (a, b) = (view.project(c), view.project(P(c.0 + 1.0, c.1 + 1.0)));
            let (left, top) = view.clues_end();
            a.x >= left && a.y >= top && b.x <= SIDE && b.y <= SIDE
        };
        // Zoomed about the first cell, the strips of clues may lie over it.
        let near = near.showing(&layout, size, (0, 0));
        assert!(in_sight(near, (0, 0)) && !in_sight(near, (39, 39)));
        assert_eq!(
            near.showing(&layout, size, (0, 0)),
            near,
            "in sight: left as it is"
        );
        for cell in [(39, 39), (39, 0), (0, 39), (20, 20)] {
            let moved = near.showing(&layout, size, cell);
            assert!(in_sight(moved, cell), "{cell:?}: {moved:?}");
            assert_eq!(moved.zoom, near.zoom);
        }
        assert_eq!(Camera::FIT.showing(&layout, size, (39, 39)), Camera::FIT);
    }

    #[test]
    fn a_picture_made_smaller_while_brought_near_stays_in_sight() {
        let p = large();
        let (_, size, _, near) = brought_near(&p, (39, 39), 4);
        let rows = ["#.#.#.#.#.", ".#.#.#.#.#"].repeat(5);
        let small =
            Puzzle::from_picture(Grid::from_rows(&rows).expect("grid"), PuzzleInfo::default());
        let layout = Layout::of(&small);
        let view = View::of(&layout, size, near);
        assert!(view.scale <= NEAREST + 0.01, "{view:?}");
        // Some of the grid is in sight, clear of the clues.
        let (a, b) = (
            view.project(layout.corner(0, 0)),
            view.project(layout.corner(10, 10)),
        );
        let (left, top) = view.clues_end();
        assert!(
            a.x < SIDE && a.y < SIDE && b.x > left && b.y > top,
            "the grid {a:?}–{b:?} meets the canvas right of {left} and below {top}"
        );
    }
}
