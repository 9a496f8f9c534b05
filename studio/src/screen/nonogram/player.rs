//! Playing a nonogram: fill and cross cells with the mouse (left fills, right crosses, a drag
//! carries the stroke on) or with the keys (a cursor moved by the arrows), undo and redo, a
//! check for mistakes against the solution, and the solved moment when every line reads as its
//! clue.

use crate::keys::Action;
use crate::nonogram::canvas::{Layers, NonogramCanvas, Stroke};
use crate::nonogram::picture::{Marks, Palette};
use engine::nonogram::model::clue_of;
use engine::nonogram::{Cell, Grid, LineRef, Puzzle};
use iced::widget::{button, canvas, column, container, row, text};
use iced::{Element, Fill, Length, Task};

/// Messages of the player.
#[derive(Debug, Clone)]
pub enum Message {
    Canvas(Stroke),
    /// Move the keyboard cursor by (dx, dy).
    Cursor(i32, i32),
    /// Fill, or cross, the cell under the cursor (pressed again: back to unknown).
    FillAtCursor,
    CrossAtCursor,
    Undo,
    Redo,
    Restart,
    /// Mark the cells that disagree with the solution.
    CheckMistakes,
    Back,
}

/// What the player asks of the studio.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Leave the player.
    Back,
    /// Every line reads as its clue.
    Solved,
}

/// The player's state.
pub struct Player {
    puzzle: Puzzle,
    grid: Grid,
    undo: Vec<Grid>,
    redo: Vec<Grid>,
    /// The value a stroke paints, from its press to its release.
    painting: Option<Cell>,
    cursor: (usize, usize),
    /// The solution mistakes are checked against, when there is one.
    solution: Option<Grid>,
    marks: Marks,
    layers: Layers,
    solved: bool,
    status: String,
}

impl Player {
    /// A new game on a puzzle; `solution` is what mistakes are checked against (the unique
    /// solution, when the solver has found it, or the file's goal).
    pub fn new(puzzle: Puzzle, solution: Option<Grid>) -> Player {
        let grid = Grid::new(puzzle.width, puzzle.height);
        Player {
            grid,
            puzzle,
            undo: Vec::new(),
            redo: Vec::new(),
            painting: None,
            cursor: (0, 0),
            solution,
            marks: Marks::default(),
            layers: Layers::default(),
            solved: false,
            status: String::new(),
        }
    }

    /// The player's cells.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The puzzle played.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Whether every line reads as its clue.
    pub fn is_solved(&self) -> bool {
        self.solved
    }

    /// The marks over the cells.
    pub fn marks(&self) -> &Marks {
        &self.marks
    }

    /// The last thing the player said.
    pub fn status(&self) -> &str {
        &self.status
    }

    /// The player's message for a key action, if it has one.
    pub fn message_for(action: Action) -> Option<Message> {
        Some(match action {
            Action::Undo => Message::Undo,
            Action::Redo => Message::Redo,
            Action::Restart => Message::Restart,
            Action::CursorUp => Message::Cursor(0, -1),
            Action::CursorDown => Message::Cursor(0, 1),
            Action::CursorLeft => Message::Cursor(-1, 0),
            Action::CursorRight => Message::Cursor(1, 0),
            Action::Fill => Message::FillAtCursor,
            Action::Cross => Message::CrossAtCursor,
            Action::CheckMistakes => Message::CheckMistakes,
            Action::Play => Message::Back,
            _ => return None,
        })
    }

    /// Keeps the grid as it is now, to come back to with Undo.
    fn remember(&mut self) {
        self.undo.push(self.grid.clone());
        self.redo.clear();
    }

    /// The value a press paints on a cell holding `now`: the press's own, or back to unknown
    /// when the cell already holds it.
    fn toggled(now: Cell, fill: bool) -> Cell {
        let wanted = if fill { Cell::Filled } else { Cell::Empty };
        if now == wanted { Cell::Unknown } else { wanted }
    }

    fn paint(&mut self, x: usize, y: usize, cell: Cell) {
        if self.grid.get(x, y) != cell {
            self.grid.set(x, y, cell);
            self.cells_changed();
        }
    }

    fn cells_changed(&mut self) {
        self.layers.cells_changed();
        if !self.marks.mistakes.is_empty() {
            self.marks.mistakes.clear();
            self.layers.marks_changed();
        }
        self.solved = self
            .puzzle
            .lines()
            .all(|line| clue_of(&self.grid.line(line)) == self.puzzle.clue(line));
    }

    pub fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        let was_solved = self.solved;
        match message {
            Message::Canvas(Stroke::Pressed { x, y, fill }) => {
                self.remember();
                let cell = Player::toggled(self.grid.get(x, y), fill);
                self.painting = Some(cell);
                self.cursor = (x, y);
                self.paint(x, y, cell);
            }
            Message::Canvas(Stroke::Dragged { x, y }) => {
                if let Some(cell) = self.painting {
                    self.paint(x, y, cell);
                }
            }
            Message::Canvas(Stroke::Released) => self.painting = None,
            Message::Cursor(dx, dy) => {
                let move_by = |v: usize, d: i32, n: usize| -> usize {
                    (v as i64 + i64::from(d)).clamp(0, n.saturating_sub(1) as i64) as usize
                };
                self.cursor = (
                    move_by(self.cursor.0, dx, self.puzzle.width),
                    move_by(self.cursor.1, dy, self.puzzle.height),
                );
                self.marks.focus = Some((LineRef::Row(self.cursor.1), vec![self.cursor]));
                self.layers.marks_changed();
            }
            Message::FillAtCursor | Message::CrossAtCursor => {
                let fill = matches!(message, Message::FillAtCursor);
                let (x, y) = self.cursor;
                self.remember();
                let cell = Player::toggled(self.grid.get(x, y), fill);
                self.paint(x, y, cell);
            }
            Message::Undo => {
                if let Some(g) = self.undo.pop() {
                    self.redo.push(std::mem::replace(&mut self.grid, g));
                    self.cells_changed();
                }
            }
            Message::Redo => {
                if let Some(g) = self.redo.pop() {
                    self.undo.push(std::mem::replace(&mut self.grid, g));
                    self.cells_changed();
                }
            }
            Message::Restart => {
                self.remember();
                self.grid = Grid::new(self.puzzle.width, self.puzzle.height);
                self.cells_changed();
            }
            Message::CheckMistakes => self.check_mistakes(),
            Message::Back => return (Task::none(), Some(Event::Back)),
        }
        let event = (!was_solved && self.solved).then_some(Event::Solved);
        if event.is_some() {
            self.status = "Solved! Every line reads as its clue.".into();
        }
        (Task::none(), event)
    }

    /// Marks every cell the player has filled or crossed against the solution.
    fn check_mistakes(&mut self) {
        let Some(solution) = &self.solution else {
            self.status = "there is no known solution to check against".into();
            return;
        };
        let mut wrong = Vec::new();
        for y in 0..self.puzzle.height {
            for x in 0..self.puzzle.width {
                let mine = self.grid.get(x, y);
                let right = solution.get(x, y);
                let right = if right == Cell::Filled {
                    Cell::Filled
                } else {
                    Cell::Empty
                };
                if mine.is_known() && mine != right {
                    wrong.push((x, y));
                }
            }
        }
        self.status = match wrong.len() {
            0 => "no mistakes so far".into(),
            1 => "1 cell is wrong: it is outlined".into(),
            n => format!("{n} cells are wrong: they are outlined"),
        };
        self.marks.mistakes = wrong;
        self.layers.marks_changed();
    }

    pub fn view(&self, palette: Palette) -> Element<'_, Message> {
        let board = canvas(NonogramCanvas {
            puzzle: &self.puzzle,
            grid: &self.grid,
            marks: &self.marks,
            palette,
            grey_finished: true,
            interactive: true,
            layers: &self.layers,
        })
        .width(Fill)
        .height(Fill);
        let title = self
            .puzzle
            .info
            .title
            .clone()
            .unwrap_or_else(|| "Nonogram".into());
        let heading = if self.solved {
            text(format!("{title} — solved!"))
                .size(18)
                .color(iced::Color::from_rgb8(0x27, 0xae, 0x60))
        } else {
            text(title).size(18)
        };
        let controls = row![
            button(text("Back").size(13)).on_press(Message::Back),
            button(text("Undo").size(13)).on_press(Message::Undo),
            button(text("Redo").size(13)).on_press(Message::Redo),
            button(text("Restart").size(13)).on_press(Message::Restart),
            button(text("Check for mistakes").size(13)).on_press(Message::CheckMistakes),
        ]
        .spacing(4);
        column![
            row![heading, controls].spacing(12).align_y(iced::Center),
            container(Element::from(board).map(Message::Canvas))
                .width(Fill)
                .height(Fill),
            text(&self.status).size(13),
            text("Left button fills, right button crosses; drag to paint a run. Arrows move the cursor, F fills, C crosses.")
                .size(11),
        ]
        .spacing(6)
        .padding(8)
        .width(Length::Fill)
        .into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::nonogram::PuzzleInfo;

    fn seed() -> Puzzle {
        let goal = Grid::from_rows(&[".###.", "#.#.#", "#####", ".###.", ".#.#."]).expect("grid");
        Puzzle::from_picture(goal, PuzzleInfo::default())
    }

    fn press(p: &mut Player, x: usize, y: usize, fill: bool) -> Option<Event> {
        let e = p.update(Message::Canvas(Stroke::Pressed { x, y, fill })).1;
        let _ = p.update(Message::Canvas(Stroke::Released));
        e
    }

    #[test]
    fn a_stroke_paints_a_run_and_undo_takes_it_back_whole() {
        let p0 = seed();
        let mut p = Player::new(p0.clone(), p0.goal.clone());
        let _ = p.update(Message::Canvas(Stroke::Pressed {
            x: 0,
            y: 2,
            fill: true,
        }));
        for x in 1..5 {
            let _ = p.update(Message::Canvas(Stroke::Dragged { x, y: 2 }));
        }
        let _ = p.update(Message::Canvas(Stroke::Released));
        assert_eq!(p.grid().to_rows()[2], "#####");
        let _ = p.update(Message::Undo);
        assert_eq!(p.grid().to_rows()[2], "?????", "one stroke, one undo");
        let _ = p.update(Message::Redo);
        assert_eq!(p.grid().to_rows()[2], "#####");
        // Pressing a filled cell again takes it back to unknown; a right press crosses.
        press(&mut p, 0, 2, true);
        assert_eq!(p.grid().get(0, 2), Cell::Unknown);
        press(&mut p, 0, 2, false);
        assert_eq!(p.grid().get(0, 2), Cell::Empty);
    }

    #[test]
    fn the_solved_moment_comes_when_every_line_reads_as_its_clue() {
        let p0 = seed();
        let goal = p0.goal.clone().expect("goal");
        let mut p = Player::new(p0, Some(goal.clone()));
        let mut events = Vec::new();
        for y in 0..5 {
            for x in 0..5 {
                if goal.get(x, y) == Cell::Filled {
                    events.extend(press(&mut p, x, y, true));
                }
            }
        }
        assert!(p.is_solved());
        assert_eq!(events, vec![Event::Solved], "said once");
    }

    #[test]
    fn mistakes_are_outlined_and_go_when_the_cell_changes() {
        let p0 = seed();
        let mut p = Player::new(p0.clone(), p0.goal.clone());
        press(&mut p, 0, 0, true); // wrong: (0, 0) is empty in the solution
        press(&mut p, 1, 0, true); // right
        press(&mut p, 2, 1, false); // wrong: (2, 1) is filled
        let _ = p.update(Message::CheckMistakes);
        assert_eq!(p.marks().mistakes, vec![(0, 0), (2, 1)]);
        assert_eq!(p.status(), "2 cells are wrong: they are outlined");
        press(&mut p, 0, 0, true);
        assert!(p.marks().mistakes.is_empty());
    }

    #[test]
    fn the_keys_move_a_cursor_that_fills_and_crosses() {
        let p0 = seed();
        let mut p = Player::new(p0, None);
        let _ = p.update(Message::Cursor(1, 0));
        let _ = p.update(Message::Cursor(0, 2));
        let _ = p.update(Message::FillAtCursor);
        assert_eq!(p.grid().get(1, 2), Cell::Filled);
        let _ = p.update(Message::Cursor(-5, -5));
        let _ = p.update(Message::CrossAtCursor);
        assert_eq!(
            p.grid().get(0, 0),
            Cell::Empty,
            "the cursor stops at the edge"
        );
    }
}
