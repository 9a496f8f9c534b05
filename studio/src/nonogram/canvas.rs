//! The nonogram canvas: draws the clues, the grid and the marks, each layer cached until it
//! changes, and reports which cell a press or a drag is on — a left press fills, a right press
//! crosses, and dragging carries on with the same stroke, as on paper. The wheel brings the
//! picture nearer about the cursor and the middle button drags it, for pictures too large to
//! paint whole; the clues then keep to the edges, so every line in sight shows its clue.

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

/// How near the author or player has brought the picture: a zoom factor (1 fits the whole
/// picture, clues and grid) and the picture point shown at the canvas's centre (none: the
/// picture centred).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    zoom: f32,
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
    fn zoomed(self, layout: &Layout, size: Size, notches: f32, cursor: Point) -> Camera {
        let fit = View::of(layout, size, Camera::FIT).scale;
        let most = (NEAREST / fit).max(1.0);
        let zoom = (self.zoom * (1.0 + notches / 10.0)).clamp(1.0, most);
        if zoom <= 1.0 {
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
    fn panned(self, layout: &Layout, size: Size, from: P, moved: iced::Vector) -> Camera {
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
}

impl Camera {
    /// The camera moved as little as brings cell `(x, y)` wholly into sight, clear of the
    /// clues, with half a cell to spare: unchanged with the whole picture, or when the cell is
    /// in sight already.
    fn showing(self, layout: &Layout, size: Size, (x, y): (usize, usize)) -> Camera {
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
const NEAREST: f32 = 64.0;

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
    scale: f32,
    offset: (f32, f32),
    /// Pixels a clue number takes along its strip: across the row clues, down the column clues.
    clue_scale: (f32, f32),
    /// Where the clues end: right of `x` and below `y` lie the cells in sight.
    clues_end: (f32, f32),
    /// Whether the row and the column clues have left their own place to stay in sight.
    pinned: (bool, bool),
    /// The clue area's size, in cells: columns of row clues, rows of column clues.
    clue_cells: (f32, f32),
}

impl View {
    /// The whole picture fitted into `bounds`, centred, with a margin.
    pub fn fit(layout: &Layout, bounds: Size) -> View {
        View::of(layout, bounds, Camera::FIT)
    }

    /// The picture as the camera shows it in `bounds`.
    pub fn of(layout: &Layout, bounds: Size, camera: Camera) -> View {
        let (w, h) = layout.extent();
        let margin = 0.5;
        let fit = (bounds.width / (w + 2.0 * margin)).min(bounds.height / (h + 2.0 * margin));
        let fit = fit.max(1e-3);
        let scale = fit * camera.zoom;
        let look = camera.look.unwrap_or(P(w / 2.0, h / 2.0));
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
    fn project_clue(&self, p: P) -> Point {
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
    fn clues_end(&self) -> (f32, f32) {
        self.clues_end
    }

    /// Whether the clue number centred on `p` lies clear of the other strip: a row's number
    /// below the column clues, a column's right of the row clues (by about half a number, so
    /// that none is drawn half over the strip).
    fn clue_in_sight(&self, p: P) -> bool {
        let q = self.project_clue(p);
        if p.0 < self.clue_cells.0 {
            q.y - 0.3 * self.scale.min(self.clue_scale.0) >= self.clues_end.1
        } else {
            q.x - 0.3 * self.scale.min(self.clue_scale.1) >= self.clues_end.0
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
    pub grid: &'a Grid,
    pub marks: &'a Marks,
    pub palette: Palette,
    /// Grey the clues of lines that already read as their clue (the player's view).
    pub grey_finished: bool,
    pub interactive: bool,
    pub layers: &'a Layers,
    /// A cell to bring into sight when it changes (the player's keyboard cursor), if the
    /// picture is brought so near that it is out of sight.
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
        let layout = Layout::of(self.puzzle);
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
        let layout = Layout::of(self.puzzle);
        let size = bounds.size();
        match event {
            Event::Mouse(mouse::Event::WheelScrolled { delta }) => {
                let at = cursor.position_in(bounds)?;
                let notches = match delta {
                    mouse::ScrollDelta::Lines { y, .. } => *y,
                    mouse::ScrollDelta::Pixels { y, .. } => y / 30.0,
                };
                state.camera = state.camera.zoomed(&layout, size, notches, at);
                Some(canvas::Action::request_redraw().and_capture())
            }
            Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Middle)) => {
                let at = cursor.position_in(bounds)?;
                let looked = View::of(&layout, size, state.camera)
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
                state.camera = state.camera.panned(&layout, size, looked, moved);
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
        let layout = Layout::of(self.puzzle);
        let camera = state.camera.showing(&layout, bounds.size(), cell);
        let moved = camera != state.camera;
        state.camera = camera;
        moved
    }
}

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
        let layout = Layout::of(self.puzzle);
        let size = bounds.size();
        let view = View::of(&layout, size, state.camera);
        self.layers.follow(self.palette, layout, view);
        let at = |p: P| view.project(p);
        let s = view.scale;
        let cells = self.layers.cells.draw(renderer, size, |frame| {
            frame.fill(
                &Path::rectangle(Point::ORIGIN, size),
                shape::color(self.palette.background),
            );
            let shapes = picture::cells(&layout, self.grid, &self.palette);
            shape::paint_frame(frame, &shapes, s, &at);
        });
        let marks = self.layers.marks.draw(renderer, size, |frame| {
            let shapes = picture::marks(&layout, self.marks, &self.palette);
            shape::paint_frame(frame, &shapes, s, &at);
        });
        // Last of the picture, as the clues lie over the cells when the grid is brought near.
        let clues = self.layers.clues.draw(renderer, size, |frame| {
            let grid = self.grey_finished.then_some(self.grid);
            let shapes = picture::clues(self.puzzle, grid, &self.palette);
            let clue_at = |p: P| view.project_clue(p);
            let (row_clues, column_clues): (Vec<_>, Vec<_>) = shapes.into_iter().partition(
                |shape| matches!(shape, Shape::Text { at, .. } if at.0 < layout.clue_columns as f32),
            );
            let (left, top) = view.clues_end();
            // The renderer draws text over every filled shape of a layer, so numbers of lines
            // out of sight are left out rather than covered.
            let in_sight = |shape: &Shape| match shape {
                Shape::Text { at, .. } => view.clue_in_sight(*at),
                _ => true,
            };
            let row_clues: Vec<_> = row_clues.into_iter().filter(in_sight).collect();
            let column_clues: Vec<_> = column_clues.into_iter().filter(in_sight).collect();
            let background = shape::color(self.palette.background);
            let edge = canvas::Stroke::default()
                .with_color(shape::color(self.palette.thick_line))
                .with_width((0.06 * s).max(1.0));
            // The row clues' strip, then the column clues' strip over it, then the corner.
            frame.fill(&Path::rectangle(Point::ORIGIN, Size::new(left, size.height)), background);
            shape::paint_frame(frame, &row_clues, s.min(view.clue_scale.0), &clue_at);
            frame.fill(&Path::rectangle(Point::ORIGIN, Size::new(size.width, top)), background);
            shape::paint_frame(frame, &column_clues, s.min(view.clue_scale.1), &clue_at);
            frame.fill(&Path::rectangle(Point::ORIGIN, Size::new(left, top)), background);
            if view.pinned.0 {
                frame.stroke(&Path::line(Point::new(left, top), Point::new(left, size.height)), edge);
            }
            if view.pinned.1 {
                frame.stroke(&Path::line(Point::new(left, top), Point::new(size.width, top)), edge);
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
            keep_in_sight: None,
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

#[cfg(test)]
mod camera_tests {
    use super::*;
    use engine::nonogram::PuzzleInfo;
    use iced_test::Simulator;

    const SIDE: f32 = 400.0;

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
        let layout = Layout::of(&p);
        let size = Size::new(SIDE, SIDE);
        let (corner, _) = fitted_centre(&p, (39, 39));
        let camera = (0..4).fold(Camera::FIT, |c, _| c.zoomed(&layout, size, 10.0, corner));
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
        let layout = Layout::of(&p);
        let size = Size::new(SIDE, SIDE);
        let (corner, _) = fitted_centre(&p, (0, 0));
        let near = (0..3).fold(Camera::FIT, |c, _| c.zoomed(&layout, size, 10.0, corner));
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
}
