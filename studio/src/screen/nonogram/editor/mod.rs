//! The nonogram editor: the picture on a canvas beside the `.non` source, always in step.
//! Painting a cell changes the goal, the clues follow it, and the text is printed again
//! (comments kept); typing in the source is read again at once. A stroke of the mouse is one
//! undo step, however many cells it crosses.

use crate::background::{self, Cancel};
use crate::keys::Action;
use crate::nonogram::canvas::{Layers, NonogramCanvas, Stroke};
use crate::nonogram::picture::{Layout, Marks, Palette};
use crate::screen::buffer::{self, Buffer};
use crate::screen::document;
use crate::screen::editor::{Core, Editing};
use crate::stroke::between;
use engine::nonogram::author::{self, Difficulty, Level, Suggestion};
use engine::nonogram::{Answer, Cell, Grid, Limits, Puzzle};
use iced::widget::{button, canvas, container, row, text, text_editor};
use iced::{Element, Fill, Length, Task};
use lockfmt::Diagnostic;
use lockfmt::nonogram::Document;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

mod view;

/// The id of the source pane, for focus and tests.
pub const SOURCE_ID: &str = "nonogram-source";

/// What the text says, read in the background from one parse.
pub type Reading = crate::screen::reading::Reading<lockfmt::nonogram::Nonogram>;

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
    /// Whether a limit stopped the solver before it could say: the author may let it think
    /// longer.
    pub stopped: bool,
}

/// How long the editor lets the solver think about a puzzle being edited.
pub const ANALYSIS_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// How long the solver thinks when the author asks it to think longer.
pub const LONGER_TIME: std::time::Duration = std::time::Duration::from_secs(60);

/// How long the search for cells to change may take.
pub const SUGGEST_TIME: std::time::Duration = std::time::Duration::from_secs(10);

impl Analysis {
    /// Solves a puzzle and says what an author wants to know, within `limits` and until
    /// `cancel` is set. Slow work.
    pub fn of(puzzle: &Puzzle, limits: &Limits, cancel: &AtomicBool) -> Analysis {
        let started = std::time::Instant::now();
        let review = author::review(
            puzzle,
            limits,
            engine::solving::Cancel::by(cancel),
            crate::nonogram::search_threads,
        );
        // The ambiguous cells share the time limit with the solve (at least a tenth of it).
        let rest = Limits {
            timeout: limits
                .timeout
                .map(|t| t.saturating_sub(started.elapsed()).max(t / 10)),
            ..*limits
        };
        let report = &review.report;
        let mut a = Analysis {
            verdict: String::new(),
            unique: matches!(report.answer, Answer::Unique(_)),
            line_solvable: report.line_solvable,
            difficulty: review.difficulty,
            ambiguous: Vec::new(),
            solution: report.answer.solution().cloned(),
            stopped: matches!(report.answer, Answer::Stopped { .. }),
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
                let found =
                    author::ambiguous_cells(puzzle, &rest, engine::solving::Cancel::by(cancel));
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
    /// The solver stopped at its limit: let it think for [`LONGER_TIME`].
    ThinkLonger,
    /// Stop thinking longer: the answer so far stands.
    StopThinking,
    /// Clues typed with no picture the solver has found: replace them with a blank picture's,
    /// to paint from (one undo step).
    StartBlank,
    Buffer(buffer::Message),
    /// A right-click on a button: rebind its key.
    Rebind(Action),
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
    /// Rebind this action's key (a button was right-clicked).
    Rebind(Action),
}

/// The editor's state.
pub struct Editor {
    /// The text, its last reading's problems and highlights, saving and reloading.
    core: Core,
    /// The last document that parsed well enough to draw.
    document: Option<Document>,
    /// The picture on the canvas: the goal, or a blank grid of the puzzle's size.
    picture: Grid,
    /// The picture as the canvas draws it: filled cells only (an empty cell of a picture is
    /// not a player's cross).
    shown: Grid,
    /// The value a stroke paints, from its press to its release; and whether it has changed
    /// the text yet (the first change is an undo step, the rest fold into it).
    painting: Option<(Cell, bool)>,
    /// The revision of the text the editor last printed from its document (a stroke): until
    /// the text changes otherwise, the document is that text's, read or not yet.
    printed_revision: Option<u64>,
    marks: Marks,
    layers: Layers,
    /// What the solver said of the current text, once it has.
    analysis: Option<Arc<Analysis>>,
    /// The solver's run on the current text while it thinks: a newer text calls it off.
    analysing: Option<Cancel>,
    /// The limits of the next analysis of a new text.
    limits: Limits,
    /// Whether the run under way is a longer one the author asked for.
    thinking_longer: bool,
    /// The cells to change to make the puzzle unique, found for the current text; and the
    /// search for them while it is under way.
    suggestion: Option<Arc<Suggestion>>,
    suggesting: Option<Cancel>,
    /// The verdict as it stood when the stroke being painted began: shown until the button
    /// is let go, so that the lines above the grid keep their height and the grid does not
    /// move under the pointer (on a large puzzle it moved by three rows mid-stroke).
    verdict_held: Option<Verdict>,
    /// Where the clues and the grid lay when the stroke being painted began: the canvas keeps
    /// it until the stroke ends, since clues that gain or lose numbers under the stroke would
    /// move the grid under the pointer, and the stroke would go on in other cells.
    layout_held: Option<Layout>,
    /// What the lines above the grid said last with the solver's answer: the room they keep
    /// while it thinks about the next text.
    room: Option<Verdict>,
}

/// What the lines above the grid say: the solver's answer, and the suggestion's state.
#[derive(Clone, Debug, Default)]
pub(super) struct Verdict {
    pub(super) analysis: Option<Arc<Analysis>>,
    pub(super) errors: bool,
    pub(super) thinking_longer: bool,
    pub(super) suggesting: bool,
    pub(super) suggestion: Option<Arc<Suggestion>>,
}

impl Editor {
    /// An editor on some text, from a file or not; the text is read in the background.
    pub fn new(path: Option<PathBuf>, text: &str) -> (Editor, Task<Message>) {
        Editor::on(Buffer::new(path, text))
    }

    /// What the lines above the grid say now (held as it was while a stroke is painted).
    pub(super) fn verdict(&self) -> Verdict {
        self.verdict_held.clone().unwrap_or_else(|| Verdict {
            analysis: self.analysis.clone(),
            errors: self.core.diagnostics.iter().any(Diagnostic::is_error),
            thinking_longer: self.thinking_longer,
            suggesting: self.suggesting.is_some(),
            suggestion: self.suggestion.clone(),
        })
    }

    /// An editor with unsaved edits restored over a file's text.
    pub fn restored(path: Option<PathBuf>, disk: &str, restored: &str) -> (Editor, Task<Message>) {
        Editor::on(Buffer::restored(path, disk, restored))
    }

    fn on(buffer: Buffer) -> (Editor, Task<Message>) {
        let mut e = Editor {
            core: Core::new(buffer),
            document: None,
            picture: Grid::new(0, 0),
            shown: Grid::new(0, 0),
            painting: None,
            printed_revision: None,
            verdict_held: None,
            layout_held: None,
            room: None,
            marks: Marks::default(),
            layers: Layers::default(),
            analysis: None,
            analysing: None,
            limits: Limits::time(ANALYSIS_TIME),
            thinking_longer: false,
            suggestion: None,
            suggesting: None,
        };
        let task = e.read();
        (e, task)
    }

    /// The puzzle on the canvas: the last one the text gave.
    pub fn puzzle(&self) -> Option<&Puzzle> {
        self.document.as_ref().map(|d| &d.puzzle)
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
        // What the solver thinks of an older text is no longer wanted.
        self.analysing = None;
        self.thinking_longer = false;
        self.suggesting = None;
        let revision = self.core.buffer.revision();
        let text = self.core.buffer.text();
        background::run(
            move || Reading::of(&text),
            move |r| Message::Read(revision, Arc::new(r)),
        )
    }

    /// Paints cells of the picture: the goal changes, the clues follow, the text is printed.
    fn paint(&mut self, cells: &[(usize, usize)], cell: Cell) -> Task<Message> {
        let Some(mut doc) = self.document.clone() else {
            return Task::none();
        };
        // A stroke goes on over the text it printed itself, whose reading may still be on
        // its way: a drag's steps come faster than a large picture is read.
        let own_text = self.printed_revision == Some(self.core.buffer.revision());
        if !self.is_read() && !own_text {
            self.core
                .buffer
                .say("a moment: the text is still being read");
            return Task::none();
        }
        if let Some(d) = self
            .core
            .diagnostics
            .iter()
            .find(|d| d.is_error() && NOT_KEPT.contains(&d.code.as_str()))
        {
            let said = format!(
                "fix the text first — line {}: {} (the picture is the last one that read)",
                d.span.line, d.message
            );
            self.core.buffer.say(said);
            return Task::none();
        }
        if cells.iter().all(|&(x, y)| self.picture.get(x, y) == cell) {
            return Task::none();
        }
        let (width, height) = (self.picture.width(), self.picture.height());
        if self.refused_as_too_large(width, height, None) {
            return Task::none();
        }
        let mut goal = self.picture.clone();
        for &(x, y) in cells {
            goal.set(x, y, cell);
        }
        doc.puzzle = Puzzle::from_picture(goal.clone(), doc.puzzle.info.clone());
        let printed = lockfmt::nonogram::print_document(&doc);
        if self.refused_as_too_large(width, height, Some(&printed)) {
            return Task::none();
        }
        self.picture = goal;
        self.picture_changed();
        self.document = Some(doc);
        let first = matches!(self.painting, Some((_, false)) | None);
        if let Some((_, changed)) = &mut self.painting {
            *changed = true;
        }
        if first {
            self.core.buffer.set_text(&printed);
        } else {
            self.core.buffer.replace_last(&printed);
        }
        self.printed_revision = Some(self.core.buffer.revision());
        self.read()
    }

    /// Where the canvas lays out `puzzle`: as the stroke being painted began, while its grid
    /// is the same size, else the puzzle's own.
    pub fn canvas_layout(&self, puzzle: &Puzzle) -> Layout {
        let own = Layout::of(puzzle);
        match self.layout_held {
            Some(held) if (held.width, held.height) == (own.width, own.height) => held,
            _ => own,
        }
    }

    /// The clues are written with no picture (no `goal`) and the solver has found none that
    /// they give, or not yet: the canvas shows a blank picture, and a stroke painted on it would
    /// print that picture's clues over every clue written.
    pub fn clues_without_picture(&self) -> bool {
        self.puzzle().is_some_and(|p| p.goal.is_none())
            && self.analysis.as_ref().is_none_or(|a| a.solution.is_none())
    }

    /// Whether a picture of `width × height` cells printed (as `printed`, once it is) is past
    /// what a nonogram file with a picture may hold (a file past 4 MiB is read only when it
    /// holds nothing but clues): such a text would not read again, so it is not made, and the
    /// buffer says why. The picture's cells alone tell before it is printed.
    fn refused_as_too_large(&mut self, width: usize, height: usize, printed: Option<&str>) -> bool {
        let limit = lockfmt::nonogram::MAX_FILE_BYTES;
        let bytes = printed.map_or(width * height, str::len);
        if bytes <= limit {
            return false;
        }
        let mb = |bytes: usize| format!("{:.1} MB", bytes as f64 / 1e6);
        let takes = match printed {
            Some(_) => mb(bytes),
            None => format!("more than {}", mb(bytes)),
        };
        self.core.buffer.say(format!(
            "left as it is: a {width}×{height} picture written out with its cells takes {takes}, \
             past the {} (4 MiB) a nonogram file may hold with its picture; a larger file holds \
             only its clues",
            mb(limit),
        ));
        true
    }

    /// Replaces clues that give no picture with a blank picture of the same size, to paint.
    fn start_blank(&mut self) -> Task<Message> {
        let Some(mut doc) = self.document.clone().filter(|_| self.is_read()) else {
            return Task::none();
        };
        let (width, height) = (doc.puzzle.width, doc.puzzle.height);
        if self.refused_as_too_large(width, height, None) {
            return Task::none();
        }
        let mut blank = Grid::new(doc.puzzle.width, doc.puzzle.height);
        for y in 0..doc.puzzle.height {
            for x in 0..doc.puzzle.width {
                blank.set(x, y, Cell::Empty);
            }
        }
        doc.puzzle = Puzzle::from_picture(blank, doc.puzzle.info.clone());
        let printed = lockfmt::nonogram::print_document(&doc);
        if self.refused_as_too_large(width, height, Some(&printed)) {
            return Task::none();
        }
        self.core.buffer.set_text(&printed);
        self.core.buffer.say(
            "a blank picture: paint it, and its clues follow (Undo brings the old clues back)",
        );
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
        self.core
            .buffer
            .set_text(&lockfmt::nonogram::print_document(&doc));
        self.picture = goal;
        self.picture_changed();
        self.document = Some(doc);
        self.read()
    }

    pub fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        let task = match message {
            Message::Rebind(a) => return (Task::none(), Some(Event::Rebind(a))),
            Message::Suggest => {
                if !self.is_read() || self.puzzle().is_none() {
                    self.core
                        .buffer
                        .say("a moment: the text is still being read");
                    return (Task::none(), None);
                }
                self.suggestion = None;
                let picture = self.picture.clone();
                let revision = self.core.buffer.revision();
                let (task, run) = background::run_cancellable(
                    move |cancel| {
                        author::suggest_unique(
                            &picture,
                            SUGGEST_TIME,
                            engine::solving::Cancel::by(cancel),
                        )
                    },
                    move |found| Message::Suggested(revision, Arc::new(found)),
                );
                self.suggesting = Some(run);
                task
            }
            Message::Suggested(revision, found) => {
                if revision == self.core.buffer.revision() {
                    self.suggesting = None;
                    self.marks.suggested = found.changes.clone().unwrap_or_default();
                    self.layers.marks_changed();
                    self.suggestion = Some(found);
                }
                Task::none()
            }
            Message::ThinkLonger => {
                let stopped = self.analysis.as_ref().is_some_and(|a| a.stopped);
                match self.puzzle() {
                    Some(p) if stopped && self.is_read() => {
                        let puzzle = p.clone();
                        self.room = Some(self.verdict());
                        self.analysis = None;
                        self.thinking_longer = true;
                        self.analyse(puzzle, Limits::time(LONGER_TIME))
                    }
                    _ => Task::none(),
                }
            }
            Message::StopThinking => {
                // The run answers "stopped" soon, for this revision, and that answer shows.
                if self.thinking_longer
                    && let Some(run) = &self.analysing
                {
                    run.cancel();
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
            Message::Source(action) => self.source_action(action),
            Message::Canvas(Stroke::Pressed { .. }) if self.clues_without_picture() => {
                self.core.buffer.say(if self.analysing.is_some() {
                    "a moment: the solver is looking for the picture these clues give"
                } else {
                    "no picture is found for these clues: painting would replace them all \
                     (Start from a blank picture does that)"
                });
                Task::none()
            }
            Message::StartBlank => self.start_blank(),
            Message::Canvas(Stroke::Pressed { x, y, fill }) => {
                let now = self.picture.get(x, y);
                let cell = if fill && now != Cell::Filled {
                    Cell::Filled
                } else {
                    Cell::Empty
                };
                self.painting = Some((cell, false));
                self.verdict_held = Some(self.verdict());
                self.layout_held = self.puzzle().map(Layout::of);
                self.paint(&[(x, y)], cell)
            }
            Message::Canvas(Stroke::Dragged { from, x, y }) => match self.painting {
                Some((cell, _)) => self.paint(&between(from, (x, y)), cell),
                None => Task::none(),
            },
            Message::Canvas(Stroke::Released) => {
                self.painting = None;
                self.verdict_held = None;
                // The canvas lays out the puzzle's own clues again, and redraws for that.
                self.layout_held = None;
                Task::none()
            }
            Message::Undo => {
                if self.core.buffer.undo() {
                    self.read()
                } else {
                    Task::none()
                }
            }
            Message::Redo => {
                if self.core.buffer.redo() {
                    self.read()
                } else {
                    Task::none()
                }
            }
            Message::Save => self.save(),
            Message::Play => {
                if !self.is_read() {
                    self.core
                        .buffer
                        .say("a moment: the text is still being read");
                } else if self.core.diagnostics.iter().any(Diagnostic::is_error) {
                    self.core
                        .buffer
                        .say("fix the puzzle's problems before playing it");
                } else if let Some(p) = self.puzzle() {
                    return (Task::none(), Some(Event::Play(Box::new(p.clone()))));
                }
                Task::none()
            }
            Message::ToggleDiff => {
                self.core.diffing = !self.core.diffing;
                Task::none()
            }
            Message::Read(revision, reading) => self.read_done(revision, &reading),
            Message::Analysed(revision, analysis) => {
                if revision == self.core.buffer.revision() {
                    self.analysing = None;
                    self.thinking_longer = false;
                    self.analysed(analysis);
                }
                Task::none()
            }
            Message::Buffer(m) => {
                let (task, filed) = self.buffer_update(m);
                return (task, filed.map(Event::from));
            }
        };
        (task, None)
    }

    fn read_done(&mut self, revision: u64, reading: &Reading) -> Task<Message> {
        if !self.core.took(revision, reading) {
            return Task::none();
        }
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
        if self.analysis.is_some() {
            self.room = Some(self.verdict());
        }
        self.analysis = None;
        self.suggestion = None;
        self.suggesting = None;
        if !self.marks.suggested.is_empty() {
            self.marks.suggested.clear();
            self.layers.marks_changed();
        }
        match self.document.as_ref().map(|d| &d.puzzle) {
            Some(p) if !reading.diagnostics.iter().any(Diagnostic::is_error) => {
                let puzzle = p.clone();
                self.analyse(puzzle, self.limits)
            }
            _ => Task::none(),
        }
    }

    /// Sets the solver thinking about the current text, off the UI thread.
    fn analyse(&mut self, puzzle: Puzzle, limits: Limits) -> Task<Message> {
        let revision = self.core.buffer.revision();
        let (task, run) = background::run_cancellable(
            move |cancel| Analysis::of(&puzzle, &limits, cancel),
            move |a| Message::Analysed(revision, Arc::new(a)),
        );
        self.analysing = Some(run);
        task
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
}

/// The problems of a line the document does not keep (a property, the size or the goal given
/// a second time): a painted picture, printed from the document, would drop that line.
const NOT_KEPT: [&str; 1] = ["duplicate-key"];

/// Cells in words, counted from 1 as the sentences of deductions count them: "the cell at
/// column 2, row 3" or "2 cells: column 1 row 1 and column 2 row 2".
fn cells_words(cells: &[(usize, usize)]) -> String {
    let each: Vec<String> = cells
        .iter()
        .map(|&(x, y)| format!("column {} row {}", x + 1, y + 1))
        .collect();
    match each.as_slice() {
        [] => "no cell".to_string(),
        [one] => format!("the cell at {one}"),
        many => format!("{} cells: {}", many.len(), lockfmt::words::listed(many)),
    }
}

crate::screen::editor::editing_events!();

impl Editing for Editor {
    crate::screen::editor::editing_plumbing!(crate::family::Family::Nonogram);

    /// The title: the puzzle's.
    fn title(&self) -> String {
        self.puzzle()
            .and_then(|p| p.info.title.clone())
            .unwrap_or_default()
    }

    fn studio_event(event: Event) -> Option<document::Event> {
        Some(match event {
            Event::Play(p) => document::Event::PlayNonogram(p),
            Event::Saved(p) => document::Event::Saved(p),
            Event::Rebind(a) => document::Event::Rebind(a),
            Event::SaveFailed(w) => document::Event::SaveFailed(w),
        })
    }

    fn show(&self, dark: bool) -> iced::Element<'_, Message> {
        self.view(crate::nonogram::picture::Palette::of_theme(dark))
    }

    fn export_picture(&self, dark: bool, width: u32) -> Option<document::DrawPicture> {
        // The puzzle as a player meets it: its clues and empty grid.
        let puzzle = self.puzzle()?.clone();
        let palette = crate::nonogram::picture::Palette::of_theme(dark);
        Some(Box::new(move || {
            crate::nonogram::render::png(&puzzle, None, width, &palette)
        }))
    }
}

#[cfg(test)]
mod tests;
