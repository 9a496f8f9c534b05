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
use crate::nonogram::picture::{Marks, Palette};
use crate::progress;
use crate::stroke::between;
use engine::nonogram::deduce::{self, Hint, Steps};
use engine::nonogram::model::clue_of;
use engine::nonogram::{Answer, Cell, Grid, Limits, LineRef, Puzzle};
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
            move || match engine::nonogram::solve(&puzzle, &Limits::time(SOLVE_TIME)).answer {
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
        let progress::Play::Nonogram { rows } = play else {
            return false;
        };
        let Some(grid) = Grid::from_rows(rows) else {
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
        true
    }

    /// Where the game stands, to be taken up later.
    pub fn game_now(&self) -> progress::Now {
        progress::Now {
            puzzle: progress::nonogram_digest(&self.puzzle),
            play: progress::Play::Nonogram {
                rows: self.grid.to_rows(),
            },
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
                    self.status = format!("kept the cells after {} steps", s.at);
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
                .color(crate::screen::GREEN)
        } else {
            text(title).size(18)
        };
        // The title and the buttons wrap as one row, so that a long title never pushes the
        // buttons off the window.
        let controls = match &self.stepper {
            None => row![
                heading,
                button(text("Back").size(13)).on_press(Message::Back),
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
            container(Element::from(board).map(Message::Canvas))
                .width(Fill)
                .height(Fill),
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
        // A fast mouse: one move across three cells, then one more.
        let _ = p.update(Message::Canvas(Stroke::Dragged {
            from: (0, 2),
            x: 3,
            y: 2,
        }));
        let _ = p.update(Message::Canvas(Stroke::Dragged {
            from: (3, 2),
            x: 4,
            y: 2,
        }));
        let _ = p.update(Message::Canvas(Stroke::Released));
        assert_eq!(p.grid().to_rows()[2], "#####", "no cell skipped");
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

    /// Runs a message and every task it starts, as the studio would.
    fn send(p: &mut Player, m: Message) {
        let rt = crate::testing::runtime();
        let (task, _) = p.update(m);
        crate::testing::settle(&rt, p, task, |p, m| p.update(m).0);
    }

    #[test]
    fn a_hint_says_the_next_deduction_in_words_and_brings_its_line_forward() {
        let p0 = seed();
        let mut p = Player::new(p0.clone(), p0.goal.clone());
        send(&mut p, Message::Hint);
        // Rows first: row 1's clue is 3 in a line of 5, and every placement covers its middle.
        assert_eq!(
            p.status(),
            "Hint — row 1: every placement of the 3 covers cell 3."
        );
        let (line, cells) = p.marks().focus.clone().expect("a line brought forward");
        assert_eq!(line, LineRef::Row(0));
        assert_eq!(cells, vec![(2, 0)]);
        assert_eq!(p.grid(), &Grid::new(5, 5), "a hint changes no cell");
        // Changing a cell takes the hint's mark away: it spoke of other cells.
        press(&mut p, 0, 0, false);
        assert_eq!(p.marks().focus, None);
    }

    #[test]
    fn a_hint_on_a_wrong_cell_names_the_line_that_cannot_be_filled() {
        let p0 = seed();
        let mut p = Player::new(p0.clone(), p0.goal.clone());
        press(&mut p, 2, 0, false); // every 3 in row 1 covers its middle: crossing it breaks it
        send(&mut p, Message::Hint);
        assert!(
            p.status()
                .contains("row 1: no placement of 3 fits the known cells"),
            "{}",
            p.status()
        );
    }

    /// Where the line rule stops short of a unique picture, the hint looks ahead: it names a
    /// cell, the value that fails and the line that then cannot be filled, and the value it
    /// says the cell takes is the picture's.
    #[test]
    fn where_the_line_rule_stops_a_hint_tries_a_cell_both_ways() {
        // A random picture with one solution that the line rule alone does not finish.
        let goal = Grid::from_rows(&[
            ".#.##..", "####.#.", "##..#.#", "#.###..", ".##.###", "..#..##", "#......",
        ])
        .expect("grid");
        let puzzle = Puzzle::from_picture(goal.clone(), PuzzleInfo::default());
        assert!(matches!(
            engine::nonogram::solve(&puzzle, &Limits::default()).answer,
            Answer::Unique(_)
        ));
        let steps = deduce::deductions(&puzzle, &Grid::new(7, 7));
        assert_eq!(steps.end, Hint::Stuck, "the line rule stops short");
        let start = steps.grid_at(steps.steps.len()).clone();
        let mut p = Player::new(puzzle, Some(goal.clone()));
        p.grid = start;
        send(&mut p, Message::Hint);
        assert!(
            p.status()
                .starts_with("Hint — the line rule fixes nothing more, so look ahead: if column "),
            "{}",
            p.status()
        );
        let (_, cells) = p.marks().focus.clone().expect("the cell brought forward");
        let (x, y) = cells[0];
        let said = if p.status().ends_with("so it is filled.") {
            Cell::Filled
        } else {
            Cell::Empty
        };
        assert_eq!(said, goal.get(x, y), "{}", p.status());
    }

    #[test]
    fn a_hint_asked_about_cells_that_changed_since_is_dropped() {
        let p0 = seed();
        let mut p = Player::new(p0.clone(), p0.goal.clone());
        let (late, _) = p.update(Message::Hint);
        press(&mut p, 4, 4, false);
        let rt = crate::testing::runtime();
        crate::testing::settle(&rt, &mut p, late, |p, m| p.update(m).0);
        assert_eq!(p.marks().focus, None, "the stale hint did not land");
    }

    #[test]
    fn the_stepper_walks_the_deductions_forward_and_back_and_keeps_them_as_one_undo() {
        let p0 = seed();
        let goal = p0.goal.clone().expect("goal");
        let mut p = Player::new(p0, Some(goal.clone()));
        send(&mut p, Message::StepsOpen);
        let (at, total) = p.stepping().expect("open");
        assert_eq!(at, 0);
        assert!(total > 0);
        assert_eq!(p.shown(), &Grid::new(5, 5));
        send(&mut p, Message::StepForward);
        assert!(p.status().starts_with("Step 1 of"), "{}", p.status());
        let first = p.shown().clone();
        assert_ne!(first, Grid::new(5, 5), "a step fixes cells");
        assert_eq!(
            p.grid(),
            &Grid::new(5, 5),
            "the player's cells are untouched"
        );
        // Painting is refused while stepping.
        press(&mut p, 0, 0, true);
        assert_eq!(p.grid(), &Grid::new(5, 5));
        for _ in 0..total + 3 {
            send(&mut p, Message::StepForward);
        }
        assert_eq!(
            p.stepping(),
            Some((total, total)),
            "it stops at the last step"
        );
        assert_eq!(p.shown(), &goal, "the line rule alone solves the seed");
        assert!(p.status().contains("every cell is known"), "{}", p.status());
        send(&mut p, Message::StepBack);
        assert_eq!(p.stepping(), Some((total - 1, total)));
        send(&mut p, Message::StepForward);
        let events = p.update(Message::StepsKeep).1;
        assert_eq!(events, Some(Event::Solved));
        assert_eq!(p.stepping(), None);
        assert_eq!(p.grid(), &goal);
        send(&mut p, Message::Undo);
        assert_eq!(p.grid(), &Grid::new(5, 5), "keeping was one undo step");
    }

    #[test]
    fn a_puzzle_without_a_goal_checks_mistakes_against_the_solution_the_solver_finds() {
        let p0 = seed();
        let mut clues_only = p0.clone();
        clues_only.goal = None;
        let mut p = Player::new(clues_only, None);
        let rt = crate::testing::runtime();
        let start = p.start();
        crate::testing::settle(&rt, &mut p, start, |p, m| p.update(m).0);
        press(&mut p, 0, 0, true);
        let _ = p.update(Message::CheckMistakes);
        assert_eq!(p.marks().mistakes, vec![(0, 0)]);
    }

    /// Undo, Redo and Restart are pressable only when they would change the grid.
    #[test]
    fn undo_redo_and_restart_are_offered_only_when_they_change_the_grid() {
        use crate::testing::click;
        let p0 = seed();
        let mut p = Player::new(p0.clone(), p0.goal.clone());
        for label in ["Undo", "Redo", "Restart"] {
            assert!(
                click(p.view(Palette::LIGHT), label).is_empty(),
                "{label} on a fresh grid"
            );
        }
        press(&mut p, 1, 0, true);
        assert!(click(p.view(Palette::LIGHT), "Redo").is_empty());
        for m in click(p.view(Palette::LIGHT), "Restart") {
            let _ = p.update(m);
        }
        assert_eq!(p.grid().get(1, 0), Cell::Unknown, "restarted");
        assert!(
            click(p.view(Palette::LIGHT), "Restart").is_empty(),
            "an empty grid has nothing to restart"
        );
        let undo = click(p.view(Palette::LIGHT), "Undo");
        assert!(!undo.is_empty(), "a restart is taken back by Undo");
        for m in undo {
            let _ = p.update(m);
        }
        assert_eq!(p.grid().get(1, 0), Cell::Filled);
        assert!(!click(p.view(Palette::LIGHT), "Redo").is_empty());
    }
}
