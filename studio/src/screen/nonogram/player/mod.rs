//! Playing a nonogram: fill and cross cells with the mouse (left fills, right crosses, a drag
//! carries the stroke on) or with the keys (a cursor moved by the arrows), undo and redo, a
//! check for mistakes against the solution, a hint in words (the line rule's next deduction
//! from the cells as they are), a stepper that walks the line rule's deductions forward and
//! back, and the solved moment when every line reads as its clue.
//!
//! Hints and steps are worked out off the UI thread; each answer carries the generation of the
//! cells it was asked about, and an answer about cells that have changed since is dropped.

use crate::background::{self, Generation};
use crate::keys::Action;
use crate::nonogram::canvas::{Layers, NonogramCanvas, Stroke};
use crate::nonogram::picture::{Layout, Marks, Palette};
use crate::progress;
use crate::stroke::between;
use engine::nonogram::deduce::{self, Hint, Steps};
use engine::nonogram::model::clue_of;
use engine::nonogram::{Answer, Cell, Grid, Limits, LineRef, Puzzle};
use iced::widget::{button, canvas, column, row, text};
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
    /// Say the line rule's next deduction from the cells as they are.
    Hint,
    /// Walk the line rule's deductions from the cells as they are.
    StepsOpen,
    StepForward,
    StepBack,
    /// Take the cells the stepper shows as the player's own (one undo step).
    StepsKeep,
    StepsClose,
    /// The next deduction, for the cells of a generation.
    Hinted(Generation, Box<Hint>),
    /// The deductions, from the cells of a generation.
    Stepped(Generation, Box<Steps>),
    /// The solver's unique solution, for mistakes, when the puzzle came without one.
    SolutionFound(Option<Box<Grid>>),
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
    /// The digest of the puzzle's clues, as its game is kept under (worked out once).
    digest: String,
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
    /// The greeting of a game taken up, while it may still be the status: it counts the cells
    /// found then, so the first change of a cell ends it.
    greeting: Option<String>,
    /// Names the cells as they are: bumped at every change, so that a hint or steps asked
    /// about older cells are dropped.
    generation: Generation,
    /// The line rule's deductions being walked, and how many are shown applied.
    stepper: Option<Stepper>,
}

/// The stepper: the deductions from the cells as they were when it opened.
#[derive(Debug)]
struct Stepper {
    steps: Steps,
    /// Steps applied in the grid shown: 0 is the start.
    at: usize,
}

/// How long the player's background solve may take to find the solution mistakes are checked
/// against, for a puzzle that came without one.
const SOLVE_TIME: std::time::Duration = std::time::Duration::from_secs(5);

impl Player {
    /// A new game on a puzzle; `solution` is what mistakes are checked against (the unique
    /// solution, when the solver has found it, or the file's goal).
    pub fn new(puzzle: Puzzle, solution: Option<Grid>) -> Player {
        let grid = Grid::new(puzzle.width, puzzle.height);
        Player {
            grid,
            digest: progress::nonogram_digest(&puzzle),
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
            greeting: None,
            generation: Generation::default(),
            stepper: None,
        }
    }

    /// What the player needs done at the start: when the puzzle came without a solution, the
    /// solver looks for its unique one in the background, for the mistakes check.
    pub fn start(&self) -> Task<Message> {
        if self.solution.is_some() {
            return Task::none();
        }
        let puzzle = self.puzzle.clone();
        background::run(
            move || match engine::nonogram::solve_on_threads(
                &puzzle,
                &Limits::time(SOLVE_TIME),
                engine::solving::Cancel::NEVER,
                crate::nonogram::search_threads,
            )
            .answer
            {
                Answer::Unique(g) => Some(Box::new(g)),
                _ => None,
            },
            Message::SolutionFound,
        )
    }

    /// The grid on the board: the player's, or the stepper's while it is open.
    pub fn shown(&self) -> &Grid {
        match &self.stepper {
            Some(s) => s.steps.grid_at(s.at),
            None => &self.grid,
        }
    }

    /// Whether the stepper is open, and at which step of how many.
    pub fn stepping(&self) -> Option<(usize, usize)> {
        self.stepper.as_ref().map(|s| (s.at, s.steps.steps.len()))
    }

    /// The player's cells.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Takes up a game left earlier. False, and nothing changes, when it is not a nonogram's
    /// or its grid is not of the puzzle's size.
    pub fn resume(&mut self, play: &progress::Play) -> bool {
        let Some(crate::nonogram::progress::NonogramPlay { rows }) = play.as_() else {
            return false;
        };
        let Some(grid) = Grid::from_rows(&rows) else {
            return false;
        };
        if (grid.width(), grid.height()) != (self.puzzle.width, self.puzzle.height) {
            return false;
        }
        self.grid = grid;
        self.undo.clear();
        self.redo.clear();
        self.cells_changed();
        self.status = progress::taken_up(play);
        self.greeting = Some(self.status.clone());
        true
    }

    /// Where the game stands, to be taken up later.
    pub fn game_now(&self) -> progress::Now {
        progress::Now {
            puzzle: self.digest.clone(),
            play: progress::Play::of(&crate::nonogram::progress::NonogramPlay {
                rows: self.grid.to_rows(),
            }),
            finished: self.solved,
        }
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
            Action::Hint => Message::Hint,
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
        if self.greeting.take().is_some_and(|g| g == self.status) {
            self.status.clear();
        }
        self.generation.advance();
        self.layers.cells_changed();
        if !self.marks.mistakes.is_empty() || self.marks.focus.is_some() {
            self.marks.mistakes.clear();
            self.marks.focus = None;
            self.layers.marks_changed();
        }
        self.solved = self
            .puzzle
            .lines()
            .all(|line| clue_of(&self.grid.line(line)) == self.puzzle.clue(line));
    }

    pub fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        let was_solved = self.solved;
        // While the stepper is open the board is its own: the cells are not the player's to
        // paint until it closes.
        if self.stepper.is_some()
            && matches!(
                message,
                Message::Canvas(Stroke::Pressed { .. })
                    | Message::FillAtCursor
                    | Message::CrossAtCursor
                    | Message::Undo
                    | Message::Redo
                    | Message::Restart
                    | Message::Hint
            )
        {
            self.status = "close the steps (or keep their cells) to play on".into();
            return (Task::none(), None);
        }
        let mut task = Task::none();
        match message {
            Message::Canvas(Stroke::Pressed { x, y, fill }) => {
                self.remember();
                let cell = Player::toggled(self.grid.get(x, y), fill);
                self.painting = Some(cell);
                self.cursor = (x, y);
                self.paint(x, y, cell);
            }
            Message::Canvas(Stroke::Dragged { from, x, y }) => {
                if let Some(cell) = self.painting {
                    for (x, y) in between(from, (x, y)) {
                        self.paint(x, y, cell);
                    }
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
            Message::Hint => {
                let (puzzle, grid, asked) =
                    (self.puzzle.clone(), self.grid.clone(), self.generation);
                self.status = "looking for the next deduction…".into();
                task = background::run(
                    move || deduce::next_deduction(&puzzle, &grid),
                    move |hint| Message::Hinted(asked, Box::new(hint)),
                );
            }
            Message::Hinted(asked, hint) => {
                if self.generation.is_current(asked) {
                    self.show_hint(*hint);
                }
            }
            Message::StepsOpen => {
                let (puzzle, grid, asked) =
                    (self.puzzle.clone(), self.grid.clone(), self.generation);
                self.status = "working out the deductions…".into();
                task = background::run(
                    move || deduce::deductions(&puzzle, &grid),
                    move |steps| Message::Stepped(asked, Box::new(steps)),
                );
            }
            Message::Stepped(asked, steps) => {
                if self.generation.is_current(asked) {
                    self.stepper = Some(Stepper {
                        steps: *steps,
                        at: 0,
                    });
                    self.step_shown();
                }
            }
            Message::StepForward | Message::StepBack => {
                if let Some(s) = &mut self.stepper {
                    s.at = if matches!(message, Message::StepForward) {
                        (s.at + 1).min(s.steps.steps.len())
                    } else {
                        s.at.saturating_sub(1)
                    };
                    self.step_shown();
                }
            }
            Message::StepsKeep => {
                if let Some(s) = self.stepper.take() {
                    let kept = s.steps.grid_at(s.at).clone();
                    if kept != self.grid {
                        self.remember();
                        self.grid = kept;
                    }
                    self.cells_changed();
                    self.status = format!(
                        "kept the cells after {}",
                        engine::words::count(s.at, "step")
                    );
                }
            }
            Message::StepsClose => {
                if self.stepper.take().is_some() {
                    self.layers.cells_changed();
                    self.marks.focus = None;
                    self.layers.marks_changed();
                    self.status.clear();
                }
            }
            Message::SolutionFound(found) => {
                if self.solution.is_none() {
                    self.solution = found.map(|g| *g);
                }
            }
            Message::Back => return (Task::none(), Some(Event::Back)),
        }
        let event = (!was_solved && self.solved).then_some(Event::Solved);
        if event.is_some() {
            self.status = "Solved! Every line reads as its clue.".into();
        }
        (task, event)
    }

    /// Says a hint and brings its line forward, with the cells it fixes.
    fn show_hint(&mut self, hint: Hint) {
        self.marks.focus = None;
        self.status = match hint {
            Hint::Deduce(d) => {
                let cells = d.cells().into_iter().map(|(x, y, _)| (x, y)).collect();
                self.marks.focus = Some((d.line, cells));
                format!("Hint — {}.", d.sentence)
            }
            Hint::Contradiction(c) => {
                self.marks.focus = Some((c.line, Vec::new()));
                format!("Hint — {c}: a cell of this line is wrong.")
            }
            Hint::Probe(p) => {
                // The line where the reasoning ends, and the cell where it starts.
                self.marks.focus = Some((p.contradiction.line, vec![p.cell]));
                format!(
                    "Hint — the line rule fixes nothing more, so look ahead: {}.",
                    p.sentence()
                )
            }
            Hint::Solved => "Hint — every cell is known and every line reads as its clue.".into(),
            Hint::Stuck => "Hint — the line rule fixes nothing more, and no cell tried either \
                            way leads it to a line that cannot be filled: the rest needs a guess."
                .into(),
            Hint::Malformed(problems) => format!(
                "the puzzle is malformed: {}",
                problems
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        };
        self.layers.marks_changed();
    }

    /// Shows the stepper's current grid and says its step.
    fn step_shown(&mut self) {
        let Some(s) = &self.stepper else {
            return;
        };
        let total = s.steps.steps.len();
        self.marks.focus = None;
        self.status = if s.at == 0 {
            format!(
                "{total} deductions from your cells: step forward to see each one. {}",
                ending(&s.steps.end)
            )
        } else {
            let d = &s.steps.steps[s.at - 1].deduction;
            let cells = d.cells().into_iter().map(|(x, y, _)| (x, y)).collect();
            self.marks.focus = Some((d.line, cells));
            let mut said = format!("Step {} of {total}: {}.", s.at, d.sentence);
            if s.at == total {
                said.push(' ');
                said.push_str(ending(&s.steps.end));
            }
            said
        };
        self.layers.cells_changed();
        self.layers.marks_changed();
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
            layout: Layout::of(&self.puzzle),
            grid: self.shown(),
            marks: &self.marks,
            palette,
            grey_finished: true,
            interactive: self.stepper.is_none(),
            layers: &self.layers,
            keep_in_sight: self.marks.in_focus(),
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
                .style(crate::screen::look::good)
        } else {
            text(title).size(18)
        };
        // The title and the buttons wrap as one row, so that a long title never pushes the
        // buttons off the window.
        let controls = match &self.stepper {
            None => row![
                heading,
                button(text("Back to editing").size(13)).on_press(Message::Back),
                button(text("Undo").size(13))
                    .on_press_maybe((!self.undo.is_empty()).then_some(Message::Undo)),
                button(text("Redo").size(13))
                    .on_press_maybe((!self.redo.is_empty()).then_some(Message::Redo)),
                button(text("Restart").size(13)).on_press_maybe(
                    self.grid
                        .cells()
                        .iter()
                        .any(|c| c.is_known())
                        .then_some(Message::Restart)
                ),
                button(text("Check for mistakes").size(13)).on_press(Message::CheckMistakes),
                button(text("Hint").size(13)).on_press(Message::Hint),
                button(text("Steps").size(13)).on_press(Message::StepsOpen),
            ],
            Some(s) => row![
                heading,
                button(text("◀ Step back").size(13))
                    .on_press_maybe((s.at > 0).then_some(Message::StepBack)),
                button(text("Step forward ▶").size(13))
                    .on_press_maybe((s.at < s.steps.steps.len()).then_some(Message::StepForward)),
                button(text("Keep these cells").size(13)).on_press(Message::StepsKeep),
                button(text("Close steps").size(13)).on_press(Message::StepsClose),
            ],
        }
        .spacing(6)
        .align_y(iced::Center)
        .wrap()
        .vertical_spacing(4);
        column![
            controls,
            crate::screen::canvas_region(Element::from(board).map(Message::Canvas)),
            text(&self.status).size(13),
            text("Left button fills, right button crosses; drag to paint a run. Arrows move the cursor, F fills, C crosses, ? hints, ! checks.")
                .size(11),
        ]
        .spacing(6)
        .padding(8)
        .width(Length::Fill)
        .into()
    }
}

/// How the line rule's deductions end, in words.
fn ending(end: &Hint) -> &'static str {
    match end {
        Hint::Solved => "Then every cell is known: the line rule alone solves it from here.",
        Hint::Stuck => "Then the line rule stops: the rest needs a cell tried both ways.",
        Hint::Contradiction(_) => "Then a line cannot be filled: one of your cells is wrong.",
        Hint::Malformed(_) => "The puzzle is malformed.",
        Hint::Deduce(_) | Hint::Probe(_) => "",
    }
}

#[cfg(test)]
mod tests;
