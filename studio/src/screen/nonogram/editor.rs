//! The nonogram editor: the picture on a canvas beside the `.non` source, always in step.
//! Painting a cell changes the goal, the clues follow it, and the text is printed again
//! (comments kept); typing in the source is read again at once. A stroke of the mouse is one
//! undo step, however many cells it crosses.

use crate::background;
use crate::highlight::{self, LockHighlighter};
use crate::keys::Action;
use crate::nonogram::canvas::{Layers, NonogramCanvas, Stroke};
use crate::nonogram::picture::{Marks, Palette};
use crate::screen::buffer::{self, Buffer};
use engine::nonogram::author::{self, Difficulty, Level, Suggestion};
use engine::nonogram::{Answer, Cell, Grid, Limits, Puzzle};
use iced::widget::{button, canvas, column, container, row, scrollable, text, text_editor};
use iced::{Element, Fill, Font, Length, Task};
use lockfmt::Diagnostic;
use lockfmt::nonogram::Document;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The id of the source pane, for focus and tests.
pub const SOURCE_ID: &str = "nonogram-source";

/// What the text says, read in the background from one parse.
#[derive(Debug)]
pub struct Reading {
    document: Option<Document>,
    diagnostics: Vec<Diagnostic>,
    highlight: highlight::Settings,
}

impl Reading {
    /// Parses a text once and draws its highlights from that parse. Slow work.
    pub fn of(text: &str) -> Reading {
        let parsed = lockfmt::nonogram::parse(text);
        let spans = lockfmt::nonogram::highlight::lines(text, &parsed);
        let highlight = highlight::Settings::new(spans, text, &parsed.diagnostics);
        Reading {
            document: parsed.document,
            diagnostics: parsed.diagnostics,
            highlight,
        }
    }
}

/// What the solver says of the puzzle as it stands, worked out in the background.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// One line for the author: unique or not, line-solvable or not, or why there is none.
    pub verdict: String,
    /// Whether exactly one picture has these clues.
    pub unique: bool,
    /// Whether the line rule alone finds it.
    pub line_solvable: bool,
    /// How hard it is, when unique: see `docs/nonogram-solver.md`.
    pub difficulty: Option<Difficulty>,
    /// Cells that differ between solutions.
    pub ambiguous: Vec<(usize, usize)>,
    /// A solution, when there is one (the picture shown for a puzzle written as clues only).
    pub solution: Option<Grid>,
}

/// How long the editor lets the solver think about a puzzle being edited.
pub const ANALYSIS_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// How long the search for cells to change may take.
pub const SUGGEST_TIME: std::time::Duration = std::time::Duration::from_secs(10);

impl Analysis {
    /// Solves a puzzle and says what an author wants to know. Slow work.
    pub fn of(puzzle: &Puzzle) -> Analysis {
        let review = author::review(puzzle, &Limits::time(ANALYSIS_TIME), None);
        let report = &review.report;
        let mut a = Analysis {
            verdict: String::new(),
            unique: matches!(report.answer, Answer::Unique(_)),
            line_solvable: report.line_solvable,
            difficulty: review.difficulty,
            ambiguous: Vec::new(),
            solution: report.answer.solution().cloned(),
        };
        a.verdict = match (&report.answer, review.difficulty) {
            (Answer::Unique(_), Some(d)) => match d.level {
                Level::Line => "Unique, and the line rule alone solves it (difficulty 0).".into(),
                Level::Probing => format!(
                    "Unique; it needs trying cells both ways beyond the line rule (difficulty {:.2}).",
                    d.score
                ),
                Level::Search => {
                    format!("Unique, but it needs guesses (difficulty {:.1}).", d.score)
                }
            },
            (Answer::Unique(_), None) => "Unique.".into(),
            (Answer::Several(..), _) => {
                let found = author::ambiguous_cells(puzzle, &Limits::time(ANALYSIS_TIME), None);
                a.ambiguous = found.cells;
                format!(
                    "Not unique: {}the {} tinted cells differ between solutions. Suggest asks \
                     which cells to change.",
                    if found.complete { "" } else { "at least " },
                    a.ambiguous.len()
                )
            }
            (Answer::None(why), _) => format!("No solution: {why}."),
            (Answer::Stopped { stop, .. }, _) => format!("Not known yet: stopped by {stop}."),
        };
        a
    }
}

/// The editor's messages.
#[derive(Debug, Clone)]
pub enum Message {
    Source(text_editor::Action),
    Canvas(Stroke),
    Undo,
    Redo,
    Save,
    Play,
    /// Show or hide the buffer against the file on disk.
    ToggleDiff,
    /// The text of this revision was read.
    Read(u64, Arc<Reading>),
    /// The puzzle of this revision was solved.
    Analysed(u64, Arc<Analysis>),
    /// Look for the fewest cells of the picture to change to make the puzzle unique.
    Suggest,
    /// What that search found, for the picture of a revision.
    Suggested(u64, Arc<Suggestion>),
    /// Change the suggested cells (one undo step).
    ApplySuggestion,
    Buffer(buffer::Message),
}

/// What the editor asks of the studio.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Play this puzzle; its goal, when it has one, is what mistakes are checked against.
    Play(Box<Puzzle>),
    /// The buffer was written to this file.
    Saved(PathBuf),
    /// The write failed; the buffer keeps its unsaved edits.
    SaveFailed(String),
}

/// The editor's state.
pub struct Editor {
    buffer: Buffer,
    read_revision: u64,
    diagnostics: Vec<Diagnostic>,
    /// The last document that parsed well enough to draw.
    document: Option<Document>,
    highlight: highlight::Settings,
    /// The picture on the canvas: the goal, or a blank grid of the puzzle's size.
    picture: Grid,
    /// The picture as the canvas draws it: filled cells only (an empty cell of a picture is
    /// not a player's cross).
    shown: Grid,
    /// The value a stroke paints, from its press to its release; and whether it has changed
    /// the text yet (the first change is an undo step, the rest fold into it).
    painting: Option<(Cell, bool)>,
    marks: Marks,
    layers: Layers,
    diffing: bool,
    /// What the solver said of the current text, once it has.
    analysis: Option<Arc<Analysis>>,
    /// The cells to change to make the puzzle unique, found for the current text; and whether
    /// a search for them is under way.
    suggestion: Option<Arc<Suggestion>>,
    suggesting: bool,
}

impl Editor {
    /// An editor on some text, from a file or not; the text is read in the background.
    pub fn new(path: Option<PathBuf>, text: &str) -> (Editor, Task<Message>) {
        Editor::on(Buffer::new(path, text))
    }

    /// An editor with unsaved edits restored over a file's text.
    pub fn restored(path: Option<PathBuf>, disk: &str, restored: &str) -> (Editor, Task<Message>) {
        Editor::on(Buffer::restored(path, disk, restored))
    }

    fn on(buffer: Buffer) -> (Editor, Task<Message>) {
        let mut e = Editor {
            buffer,
            read_revision: u64::MAX,
            diagnostics: Vec::new(),
            document: None,
            highlight: highlight::Settings::default(),
            picture: Grid::new(0, 0),
            shown: Grid::new(0, 0),
            painting: None,
            marks: Marks::default(),
            layers: Layers::default(),
            diffing: false,
            analysis: None,
            suggestion: None,
            suggesting: false,
        };
        let task = e.read();
        (e, task)
    }

    /// The file, if the puzzle has one.
    pub fn path(&self) -> Option<&Path> {
        self.buffer.path()
    }

    /// The file was renamed.
    pub fn set_path(&mut self, path: PathBuf) {
        self.buffer.set_path(path);
    }

    /// The buffer's text.
    pub fn text(&self) -> String {
        self.buffer.text()
    }

    /// Whether the buffer differs from the file.
    pub fn is_dirty(&self) -> bool {
        self.buffer.is_dirty()
    }

    /// Whether the text on screen has been read.
    pub fn is_read(&self) -> bool {
        self.read_revision == self.buffer.revision()
    }

    /// The puzzle on the canvas: the last one the text gave.
    pub fn puzzle(&self) -> Option<&Puzzle> {
        self.document.as_ref().map(|d| &d.puzzle)
    }

    /// The current text's problems.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The last thing the editor said.
    pub fn status(&self) -> &str {
        self.buffer.status()
    }

    /// The picture on the canvas.
    pub fn picture(&self) -> &Grid {
        &self.picture
    }

    /// The picture changed: what the canvas draws follows.
    fn picture_changed(&mut self) {
        let mut shown = self.picture.clone();
        for y in 0..shown.height() {
            for x in 0..shown.width() {
                if shown.get(x, y) != Cell::Filled {
                    shown.set(x, y, Cell::Unknown);
                }
            }
        }
        self.shown = shown;
        self.layers.cells_changed();
    }

    /// What the solver said of the current puzzle, once it has.
    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_deref()
    }

    /// The editor's message for a key action, if it has one.
    pub fn message_for(action: Action) -> Option<Message> {
        Some(match action {
            Action::Save => Message::Save,
            Action::Undo => Message::Undo,
            Action::Redo => Message::Redo,
            Action::Play => Message::Play,
            _ => return None,
        })
    }

    fn read(&mut self) -> Task<Message> {
        let revision = self.buffer.revision();
        let text = self.buffer.text();
        background::run(
            move || Reading::of(&text),
            move |r| Message::Read(revision, Arc::new(r)),
        )
    }

    /// Writes the buffer to its file in the background.
    pub fn save(&mut self) -> Task<Message> {
        self.buffer.save().map(Message::Buffer)
    }

    /// The file on disk changed: read it again in the background.
    pub fn reload(&mut self) -> Task<Message> {
        self.buffer.reload().map(Message::Buffer)
    }

    /// Drops the unsaved edits: the text is the file's again.
    pub fn discard(&mut self) -> Task<Message> {
        if self.buffer.discard() {
            self.read()
        } else {
            Task::none()
        }
    }

    /// Paints a cell of the picture: the goal changes, the clues follow, the text is printed.
    fn paint(&mut self, x: usize, y: usize, cell: Cell) -> Task<Message> {
        let Some(mut doc) = self.document.clone() else {
            return Task::none();
        };
        if !self.is_read() {
            self.buffer.say("a moment: the text is still being read");
            return Task::none();
        }
        if self.picture.get(x, y) == cell {
            return Task::none();
        }
        let mut goal = self.picture.clone();
        goal.set(x, y, cell);
        doc.puzzle = Puzzle::from_picture(goal.clone(), doc.puzzle.info.clone());
        let printed = lockfmt::nonogram::print_document(&doc);
        self.picture = goal;
        self.picture_changed();
        self.document = Some(doc);
        let first = matches!(self.painting, Some((_, false)) | None);
        if let Some((_, changed)) = &mut self.painting {
            *changed = true;
        }
        if first {
            self.buffer.set_text(&printed);
        } else {
            self.buffer.replace_last(&printed);
        }
        self.read()
    }

    /// What the search for cells to change found, for the current text.
    pub fn suggestion(&self) -> Option<&Suggestion> {
        self.suggestion.as_deref()
    }

    /// Changes cells of the picture (filled ↔ empty) in one edit: one undo step.
    fn flip(&mut self, cells: &[(usize, usize)]) -> Task<Message> {
        let Some(mut doc) = self.document.clone() else {
            return Task::none();
        };
        let mut goal = self.picture.clone();
        for &(x, y) in cells {
            let now = goal.get(x, y);
            goal.set(
                x,
                y,
                if now == Cell::Filled {
                    Cell::Empty
                } else {
                    Cell::Filled
                },
            );
        }
        doc.puzzle = Puzzle::from_picture(goal.clone(), doc.puzzle.info.clone());
        self.buffer
            .set_text(&lockfmt::nonogram::print_document(&doc));
        self.picture = goal;
        self.picture_changed();
        self.document = Some(doc);
        self.read()
    }

    pub fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        let task = match message {
            Message::Suggest => {
                if !self.is_read() || self.puzzle().is_none() {
                    self.buffer.say("a moment: the text is still being read");
                    return (Task::none(), None);
                }
                self.suggesting = true;
                self.suggestion = None;
                let picture = self.picture.clone();
                let revision = self.buffer.revision();
                background::run(
                    move || author::suggest_unique(&picture, SUGGEST_TIME, None),
                    move |found| Message::Suggested(revision, Arc::new(found)),
                )
            }
            Message::Suggested(revision, found) => {
                if revision == self.buffer.revision() {
                    self.suggesting = false;
                    self.marks.suggested = found.changes.clone().unwrap_or_default();
                    self.layers.marks_changed();
                    self.suggestion = Some(found);
                }
                Task::none()
            }
            Message::ApplySuggestion => {
                let cells = self
                    .suggestion
                    .as_ref()
                    .and_then(|s| s.changes.clone())
                    .unwrap_or_default();
                if cells.is_empty() {
                    Task::none()
                } else {
                    self.flip(&cells)
                }
            }
            Message::Source(action) => {
                if self.buffer.perform(action) {
                    self.read()
                } else {
                    Task::none()
                }
            }
            Message::Canvas(Stroke::Pressed { x, y, fill }) => {
                let now = self.picture.get(x, y);
                let cell = if fill && now != Cell::Filled {
                    Cell::Filled
                } else {
                    Cell::Empty
                };
                self.painting = Some((cell, false));
                self.paint(x, y, cell)
            }
            Message::Canvas(Stroke::Dragged { x, y }) => match self.painting {
                Some((cell, _)) => self.paint(x, y, cell),
                None => Task::none(),
            },
            Message::Canvas(Stroke::Released) => {
                self.painting = None;
                Task::none()
            }
            Message::Undo => {
                if self.buffer.undo() {
                    self.read()
                } else {
                    Task::none()
                }
            }
            Message::Redo => {
                if self.buffer.redo() {
                    self.read()
                } else {
                    Task::none()
                }
            }
            Message::Save => self.save(),
            Message::Play => {
                if !self.is_read() {
                    self.buffer.say("a moment: the text is still being read");
                } else if self.diagnostics.iter().any(Diagnostic::is_error) {
                    self.buffer
                        .say("fix the puzzle's problems before playing it");
                } else if let Some(p) = self.puzzle() {
                    return (Task::none(), Some(Event::Play(Box::new(p.clone()))));
                }
                Task::none()
            }
            Message::ToggleDiff => {
                self.diffing = !self.diffing;
                Task::none()
            }
            Message::Read(revision, reading) => self.read_done(revision, &reading),
            Message::Analysed(revision, analysis) => {
                if revision == self.buffer.revision() {
                    self.analysed(analysis);
                }
                Task::none()
            }
            Message::Buffer(m) => {
                return match self.buffer.update(m) {
                    Some(buffer::Event::Changed) => (self.read(), None),
                    Some(buffer::Event::Saved(path)) => (Task::none(), Some(Event::Saved(path))),
                    Some(buffer::Event::SaveFailed(why)) => {
                        (Task::none(), Some(Event::SaveFailed(why)))
                    }
                    None => (Task::none(), None),
                };
            }
        };
        (task, None)
    }

    fn read_done(&mut self, revision: u64, reading: &Reading) -> Task<Message> {
        if revision != self.buffer.revision() {
            return Task::none();
        }
        self.read_revision = revision;
        self.diagnostics = reading.diagnostics.clone();
        self.highlight = reading.highlight.clone();
        if let Some(doc) = &reading.document {
            let p = &doc.puzzle;
            let picture = match &p.goal {
                Some(goal) => goal.clone(),
                None => {
                    let mut blank = Grid::new(p.width, p.height);
                    for y in 0..p.height {
                        for x in 0..p.width {
                            blank.set(x, y, Cell::Empty);
                        }
                    }
                    blank
                }
            };
            if picture != self.picture {
                self.picture = picture;
                self.picture_changed();
            }
            if self
                .document
                .as_ref()
                .map(|d| (&d.puzzle.rows, &d.puzzle.columns))
                != Some((&p.rows, &p.columns))
            {
                self.layers.clues_changed();
            }
            self.document = Some(doc.clone());
        }
        // The solver's word on this text, off the UI thread; a newer text drops it.
        self.analysis = None;
        self.suggestion = None;
        self.suggesting = false;
        if !self.marks.suggested.is_empty() {
            self.marks.suggested.clear();
            self.layers.marks_changed();
        }
        match self.document.as_ref().map(|d| &d.puzzle) {
            Some(p) if !reading.diagnostics.iter().any(Diagnostic::is_error) => {
                let puzzle = p.clone();
                background::run(
                    move || Analysis::of(&puzzle),
                    move |a| Message::Analysed(revision, Arc::new(a)),
                )
            }
            _ => Task::none(),
        }
    }

    /// The solver has spoken: the ambiguous cells are tinted, and a puzzle written as clues
    /// only shows the solution found.
    fn analysed(&mut self, analysis: Arc<Analysis>) {
        let clues_only = self.puzzle().is_some_and(|p| p.goal.is_none());
        if clues_only
            && let Some(solution) = &analysis.solution
            && *solution != self.picture
        {
            self.picture = solution.clone();
            self.picture_changed();
        }
        if self.marks.ambiguous != analysis.ambiguous {
            self.marks.ambiguous = analysis.ambiguous.clone();
            self.layers.marks_changed();
        }
        self.analysis = Some(analysis);
    }

    pub fn view(&self, palette: Palette) -> Element<'_, Message> {
        let tools = row![
            button(text("▶ Play").size(13))
                .on_press(Message::Play)
                .style(button::success),
            button(text("Undo").size(13)).on_press(Message::Undo),
            button(text("Redo").size(13)).on_press(Message::Redo),
            button(text("Save").size(13)).on_press(Message::Save),
            button(
                text(if self.diffing {
                    "Back"
                } else {
                    "Diff with disk"
                })
                .size(13)
            )
            .on_press(Message::ToggleDiff),
        ]
        .spacing(4);
        let board: Element<'_, Message> = match self.puzzle() {
            Some(puzzle) if puzzle.width > 0 && puzzle.height > 0 => Element::from(
                canvas(NonogramCanvas {
                    puzzle,
                    grid: &self.shown,
                    marks: &self.marks,
                    palette,
                    grey_finished: false,
                    interactive: true,
                    layers: &self.layers,
                })
                .width(Fill)
                .height(Fill),
            )
            .map(Message::Canvas),
            _ => container(text(
                "Nothing to draw yet: the text has no width and height.",
            ))
            .center(Fill)
            .into(),
        };
        let board = if self.diffing {
            crate::screen::diff_view(&self.buffer.text(), self.buffer.disk_text())
        } else {
            board
        };
        let source = text_editor(self.buffer.content())
            .id(SOURCE_ID)
            .font(Font::MONOSPACE)
            .size(14)
            .height(Fill)
            .on_action(Message::Source)
            .highlight_with::<LockHighlighter>(self.highlight.clone(), highlight::format);
        let problems = column(self.diagnostics.iter().map(|d| {
            let kind = if d.is_error() { "error" } else { "warning" };
            text(format!(
                "{}:{}: {kind}: {}",
                d.span.line, d.span.column, d.message
            ))
            .size(13)
            .into()
        }))
        .spacing(2);
        let title = if self.diagnostics.is_empty() {
            "No problems".to_string()
        } else {
            format!("{} problem(s)", self.diagnostics.len())
        };
        let mut right = column![
            source,
            text(title).size(14),
            scrollable(problems).height(Length::Fixed(120.0)),
        ]
        .spacing(6)
        .width(Length::FillPortion(2));
        if let Some(prompt) = self.buffer.conflict_view() {
            right = right.push(prompt.map(Message::Buffer));
        }
        let verdict = match &self.analysis {
            Some(a) => text(a.verdict.clone()).size(14).color(if a.unique {
                iced::Color::from_rgb8(0x27, 0xae, 0x60)
            } else {
                iced::Color::from_rgb8(0xc0, 0x39, 0x2b)
            }),
            None if self.diagnostics.iter().any(Diagnostic::is_error) => {
                text("Fix the problems to hear the solver.").size(14)
            }
            None => text("The solver is thinking…").size(14),
        };
        let mut verdict_row = row![verdict].spacing(8).align_y(iced::Center);
        let not_unique = self
            .analysis
            .as_ref()
            .is_some_and(|a| !a.unique && !a.ambiguous.is_empty());
        if self.suggesting {
            verdict_row = verdict_row.push(text("Looking for cells to change…").size(13));
        } else if let Some(found) = &self.suggestion {
            verdict_row = match &found.changes {
                Some(cells) if cells.is_empty() => {
                    verdict_row.push(text("It is unique already.").size(13))
                }
                Some(cells) => verdict_row
                    .push(
                        text(format!(
                            "Change {} (outlined) to make it unique.",
                            cells_words(cells)
                        ))
                        .size(13),
                    )
                    .push(button(text("Change them").size(13)).on_press(Message::ApplySuggestion)),
                None => verdict_row.push(
                    text(format!(
                        "No change of one or two cells near the tinted ones makes it unique \
                         ({} pictures tried).",
                        found.tried
                    ))
                    .size(13),
                ),
            };
        } else if not_unique {
            verdict_row =
                verdict_row.push(button(text("Suggest").size(13)).on_press(Message::Suggest));
        }
        column![
            tools,
            verdict_row,
            row![
                container(board).width(Length::FillPortion(3)).height(Fill),
                right
            ]
            .spacing(8)
            .height(Fill),
            text(self.buffer.status_line()).size(13),
        ]
        .spacing(6)
        .padding(8)
        .into()
    }
}

/// Cells in words, counted from 1 as the sentences of deductions count them: "the cell at
/// column 2, row 3" or "2 cells: column 1 row 1 and column 2 row 2".
fn cells_words(cells: &[(usize, usize)]) -> String {
    let each: Vec<String> = cells
        .iter()
        .map(|&(x, y)| format!("column {} row {}", x + 1, y + 1))
        .collect();
    match each.as_slice() {
        [one] => format!("the cell at {one}"),
        many => format!("{} cells: {}", many.len(), many.join(" and ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "title \"Seed\"\nwidth 5\nheight 5\n\nrows\n3\n1,1,1\n5\n3\n1,1\n\ncolumns\n2\n1,3\n4\n1,3\n2\n\ngoal \"0111010101111110111001010\"\n";

    struct Harness {
        rt: tokio::runtime::Runtime,
        editor: Editor,
    }

    impl Harness {
        fn open(text: &str) -> Harness {
            let (editor, task) = Editor::new(None, text);
            let mut h = Harness {
                rt: crate::testing::runtime(),
                editor,
            };
            h.run(task);
            h
        }

        fn run(&mut self, task: Task<Message>) {
            crate::testing::settle(&self.rt, &mut self.editor, task, |e, m| e.update(m).0);
        }

        fn send(&mut self, m: Message) {
            let (task, _) = self.editor.update(m);
            self.run(task);
        }
    }

    #[test]
    fn painting_a_cell_changes_the_goal_and_the_clues_in_the_text() {
        let mut h = Harness::open(SEED);
        assert_eq!(h.editor.picture().get(0, 0), Cell::Empty);
        h.send(Message::Canvas(Stroke::Pressed {
            x: 0,
            y: 0,
            fill: true,
        }));
        h.send(Message::Canvas(Stroke::Released));
        let text = h.editor.text();
        assert!(
            text.contains("\nrows\n4\n"),
            "row 1 is now a run of 4: {text}"
        );
        assert!(text.contains("goal \"1111010101"), "{text}");
        assert!(
            h.editor.diagnostics().is_empty(),
            "{:?}",
            h.editor.diagnostics()
        );
        assert!(text.contains("title \"Seed\""), "the title is kept");
        h.send(Message::Undo);
        assert_eq!(h.editor.text(), SEED);
    }

    #[test]
    fn a_stroke_across_cells_is_one_undo_step() {
        let mut h = Harness::open(SEED);
        h.send(Message::Canvas(Stroke::Pressed {
            x: 0,
            y: 0,
            fill: true,
        }));
        h.send(Message::Canvas(Stroke::Dragged { x: 0, y: 1 }));
        h.send(Message::Canvas(Stroke::Dragged { x: 0, y: 2 }));
        h.send(Message::Canvas(Stroke::Released));
        assert_eq!(h.editor.picture().get(0, 0), Cell::Filled);
        h.send(Message::Undo);
        assert_eq!(h.editor.text(), SEED, "the whole stroke is undone at once");
    }

    #[test]
    fn the_solver_says_at_once_whether_the_picture_is_unique_and_where_it_is_not() {
        let h = Harness::open(SEED);
        let a = h.editor.analysis().expect("analysed").clone();
        assert!(
            a.unique && a.line_solvable && a.difficulty.is_some_and(|d| d.score == 0.0),
            "{a:?}"
        );
        assert!(h.editor.marks.ambiguous.is_empty());
        // A 2×2 diagonal: two pictures share its clues, and every cell differs.
        let mut h =
            Harness::open("width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n\ngoal \"1001\"\n");
        let a = h.editor.analysis().expect("analysed").clone();
        assert!(!a.unique);
        assert_eq!(a.ambiguous.len(), 4, "{a:?}");
        assert_eq!(
            h.editor.marks.ambiguous, a.ambiguous,
            "tinted on the canvas"
        );
        // Painting one more cell makes it unique (an L of three cells).
        h.send(Message::Canvas(Stroke::Pressed {
            x: 1,
            y: 0,
            fill: true,
        }));
        h.send(Message::Canvas(Stroke::Released));
        assert!(
            h.editor.analysis().is_some_and(|a| a.unique),
            "{:?}",
            h.editor.analysis()
        );
    }

    #[test]
    fn clues_typed_without_a_goal_show_the_solution_found() {
        let h = Harness::open("width 3\nheight 2\n\nrows\n3\n1\n\ncolumns\n2\n1\n1\n");
        assert_eq!(h.editor.picture().to_rows(), vec!["###", "#.."]);
    }

    #[test]
    fn typing_clues_redraws_the_grid_and_problems_name_their_place() {
        let mut h = Harness::open("width 3\nheight 2\n\nrows\n3\n0\n\ncolumns\n1\n1\n1\n");
        assert_eq!(h.editor.puzzle().map(|p| (p.width, p.height)), Some((3, 2)));
        assert_eq!(
            h.editor.picture().width(),
            3,
            "a blank grid of the puzzle's size"
        );
        h.editor
            .buffer
            .set_text("width 3\nheight 2\n\nrows\n3\n0\n\ncolumns\n1\n1\n9\n");
        let task = h.editor.read();
        h.run(task);
        let d = h.editor.diagnostics();
        assert!(d.iter().any(|d| d.is_error() && d.span.line == 11), "{d:?}");
    }

    #[test]
    fn suggest_finds_cells_to_change_that_make_the_puzzle_unique_and_changes_them_in_one_undo() {
        // A 2×2 diagonal has two solutions.
        let mut h =
            Harness::open("width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n\ngoal \"1001\"\n");
        assert!(!h.editor.analysis().expect("analysed").unique);
        h.send(Message::Suggest);
        let cells = h
            .editor
            .suggestion()
            .and_then(|s| s.changes.clone())
            .expect("a suggestion");
        assert_eq!(cells.len(), 1, "one cell is enough: {cells:?}");
        assert_eq!(h.editor.marks.suggested, cells, "outlined on the canvas");
        h.send(Message::ApplySuggestion);
        assert!(
            h.editor.analysis().is_some_and(|a| a.unique),
            "{:?}",
            h.editor.analysis()
        );
        assert!(
            h.editor.marks.suggested.is_empty(),
            "the outline went with the change"
        );
        h.send(Message::Undo);
        assert_eq!(
            h.editor.picture().to_rows(),
            vec!["#.", ".#"],
            "one undo step"
        );
    }
}
