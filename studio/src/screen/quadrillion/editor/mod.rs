//! The Quadrillion screen: the table on a canvas beside the `.quad` source, always in step.
//!
//! **Author**: the grids and the shapes lying on them are the file. Pick an item (a click), move
//! it with the mouse or W A S D, turn it (← →), flip it (↑ ↓), and release it (a click or
//! Enter) or put it back (a right click or Esc); each release that changes the board is printed
//! as the text, one undo step. The solver counts the solutions of every text in the background,
//! and *Generate* lays a challenge with exactly one.
//!
//! **Play**: the file's shapes are fixed and the player places the others with the same mouse and
//! keys, and R resets, H hints (one more shape, or which of theirs to lift), F solves. Nothing a
//! player does changes the file.

use crate::background::{self, Cancel};
use crate::keys::Action;
use crate::progress;
use crate::quadrillion::canvas::{Input, Layers, QuadrillionCanvas};
use crate::quadrillion::picture::Palette;
use crate::screen::buffer::{self, Buffer};
use crate::screen::document;
use crate::screen::editor::{Core, Editing};
use engine::quadrillion::generate::{GenerateError, Generated, generate};
use engine::quadrillion::{
    Answer, Challenge, Dot, Hint, Limits, ShapeId, Solution, Table, count, hint, solve,
};
use iced::widget::{button, canvas, container, row, text, text_editor};
use iced::{Element, Fill, Length, Task};
use lockfmt::Diagnostic;
use lockfmt::quadrillion::Document;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

mod counted;
mod game_key;
mod play;
mod played;
mod view;

pub use counted::{Counted, Tone};
pub use game_key::GameKey;

/// The id of the source pane, for focus and tests.
pub const SOURCE_ID: &str = "quadrillion-source";

/// How long the solver may count the solutions of a board being edited.
pub const COUNT_TIME: Duration = Duration::from_secs(2);

/// How long a hint, a solve or the generator may take.
pub const WORK_TIME: Duration = Duration::from_secs(10);

/// What the text says, read in the background from one parse.
pub type Reading = crate::screen::reading::Reading<lockfmt::quadrillion::Quadrillion>;

/// Whether the screen authors the file or plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Author,
    Play,
}

/// The editor's messages.
#[derive(Debug, Clone)]
pub enum Message {
    Source(text_editor::Action),
    Canvas(Input),
    Key(GameKey),
    /// Author or play.
    SetMode(Mode),
    /// From authoring to playing, or back (the Play key).
    ToggleMode,
    Undo,
    Redo,
    Save,
    ToggleDiff,
    /// Lay a challenge with one solution: on a random board, or (`keep_board`) on this one.
    Generate {
        keep_board: bool,
    },
    Generated {
        revision: u64,
        /// Whether it was laid on the author's board.
        kept_board: bool,
        generated: Arc<Result<Generated, GenerateError>>,
    },
    Read(u64, Arc<Reading>),
    Counted(u64, Arc<Counted>),
    /// A hint for the table as it was after this many changes.
    Hinted(u64, Arc<Hint>),
    /// A solution for the table as it was after this many changes.
    Solved(u64, Arc<Option<Solution>>),
    Buffer(buffer::Message),
    /// A right-click on a button: rebind its key.
    Rebind(Action),
}

/// What the editor asks of the studio.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
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
    /// The last document that read without errors.
    document: Option<Document>,
    mode: Mode,
    table: Table,
    /// The text's document the table was last laid from or printed to: the last good one, or
    /// one whose grids are misplaced; `None` while the table is the default board it starts
    /// with. A canvas edit prints the table over it.
    laid: Option<Document>,
    /// Changes to the table so far: a hint or a solve asked for before the last one is stale.
    moves: u64,
    /// The player's moves, for Undo and Redo while playing.
    played: played::Played,
    /// The dot the mouse was on when the held items were picked, or last moved them.
    grab: Option<Dot>,
    layers: Layers,
    counted: Option<Arc<Counted>>,
    /// The count of the current text's solutions while it runs: a newer text calls it off.
    counting: Option<Cancel>,
    /// A hint or a solve while it runs: any change to the table calls it off.
    asking: Option<Cancel>,
    /// The seed of the next challenge generated, and whether one is being made.
    seed: u64,
    generating: bool,
    /// Shapes a hint said to lift.
    outlined: Vec<ShapeId>,
    /// Whether the text read has all four grids but problems elsewhere keep the board from
    /// being drawn (the canvas says so rather than that there is no board).
    board_held_back: bool,
    /// The first problem of the text that keeps the table from showing it (a line that does
    /// not read, a shape where it cannot lie): the table shows the last board that read, and a
    /// canvas edit printed from it would drop what the author typed since, so none starts.
    held_back_by: Option<Diagnostic>,
    /// The reading of the text on screen, once read: what a return to authoring reads again.
    reading: Option<Arc<Reading>>,
}

/// The problems of a board whose grids all lie somewhere, only not where the magnets hold them.
const MISPLACED_GRIDS: [&str; 3] = ["grids-overlap", "grids-misaligned", "grids-apart"];

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
            core: Core::new(buffer),
            document: None,
            mode: Mode::Author,
            table: Table::new(
                &Challenge::empty(engine::quadrillion::Board::default_board()),
                false,
            ),
            laid: None,
            moves: 0,
            played: played::Played::default(),
            asking: None,
            grab: None,
            layers: Layers::default(),
            counted: None,
            counting: None,
            seed: 1,
            generating: false,
            outlined: Vec::new(),
            board_held_back: false,
            held_back_by: None,
            reading: None,
        };
        let task = e.read();
        (e, task)
    }

    /// The last document that read without errors.
    pub fn document(&self) -> Option<&Document> {
        self.document.as_ref()
    }

    /// The table on the canvas.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Authoring or playing.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Where the challenge being played stands, to be taken up later.
    pub fn game_now(&self) -> Option<progress::Now> {
        if self.mode != Mode::Play || !self.is_laid() {
            return None;
        }
        let challenge = lockfmt::quadrillion::print(&Document::new(self.table.challenge()));
        Some(progress::Now {
            puzzle: progress::digest(&challenge),
            play: progress::Play::of(&crate::quadrillion::progress::QuadrillionPlay {
                placed: self.table.mine(),
            }),
            finished: self.table.is_solved(),
        })
    }

    /// Takes up a game left earlier on the challenge being played, each shape placed again by
    /// the table's rules. False, and the table back at its start, when not playing, when it is
    /// not a Quadrillion game, or when a shape cannot go where it lay.
    pub fn resume(&mut self, play: &progress::Play) -> bool {
        let Some(crate::quadrillion::progress::QuadrillionPlay { placed }) = play.as_() else {
            return false;
        };
        if self.mode != Mode::Play {
            return false;
        }
        let mut table = self.table.clone();
        table.reset();
        if placed.iter().any(|p| table.place(*p).is_err()) {
            return false;
        }
        self.table = table;
        self.grab = None;
        self.outlined.clear();
        self.table_changed();
        self.played.begin(&self.table);
        self.core.buffer.say(progress::taken_up(play));
        true
    }

    /// The solver's count for the current text, once it has one.
    pub fn counted(&self) -> Option<&Counted> {
        self.counted.as_deref()
    }

    /// The editor's message for a key action, if it has one.
    pub fn message_for(action: Action) -> Option<Message> {
        Some(match action {
            Action::Save => Message::Save,
            Action::Undo => Message::Undo,
            Action::Redo => Message::Redo,
            Action::Play => Message::ToggleMode,
            _ => return None,
        })
    }

    fn read(&mut self) -> Task<Message> {
        // A count of an older text is no longer wanted.
        self.counting = None;
        let revision = self.core.buffer.revision();
        let text = self.core.buffer.text();
        background::run(
            move || Reading::of(&text),
            move |r| Message::Read(revision, Arc::new(r)),
        )
    }

    /// The table changed: the cached picture is redrawn, pending answers go stale.
    fn table_changed(&mut self) {
        self.moves += 1;
        self.asking = None;
        self.layers.changed();
        if self.mode == Mode::Play {
            self.played.changed(&self.table);
        }
    }

    /// The table for the current document in the current mode.
    fn lay_table(&mut self) {
        if let Some(doc) = self.document.clone() {
            self.lay_table_from(doc);
        }
    }

    fn lay_table_from(&mut self, doc: Document) {
        self.table = Table::new(&doc.challenge, self.mode == Mode::Play);
        self.laid = Some(doc);
        self.grab = None;
        self.outlined.clear();
        self.table_changed();
        self.played.begin(&self.table);
    }

    /// Whether the table shows a board the text gave.
    pub fn is_laid(&self) -> bool {
        self.laid.is_some()
    }

    /// The challenge the author's table shows: its grids and every shape lying on them.
    fn authored(&self) -> Challenge {
        Challenge {
            board: self.table.board(),
            placed: ShapeId::ALL
                .into_iter()
                .filter(|s| self.table.is_on_board(*s))
                .map(|s| self.table.shape(s))
                .collect(),
        }
    }

    /// In author mode, the table's board printed as the text (one undo step).
    fn print_table(&mut self) -> Task<Message> {
        if self.mode != Mode::Author {
            return Task::none();
        }
        if self.refuse_while_held_back() {
            // Typed while something was held: what was put down goes back where the text has it.
            if let Some(doc) = self.laid.clone().or_else(|| self.document.clone()) {
                self.lay_table_from(doc);
            }
            return Task::none();
        }
        let Some(mut doc) = self.laid.clone().or_else(|| self.document.clone()) else {
            return Task::none();
        };
        let now = self.authored();
        if now.normalised() == doc.challenge.normalised() {
            return Task::none();
        }
        doc.challenge = now;
        self.core
            .buffer
            .set_text(&lockfmt::quadrillion::print(&doc));
        self.laid = Some(doc.clone());
        self.document = Some(doc);
        self.read()
    }

    /// Whether the text's problems keep a canvas edit from being printed over it; if so, says
    /// which, as the sliding-lock editor does.
    fn refuse_while_held_back(&mut self) -> bool {
        let Some(d) = &self.held_back_by else {
            return false;
        };
        let said = format!(
            "fix the text first — line {}: {} (the table shows the last board that read)",
            d.span.line, d.message
        );
        self.core.buffer.say(said);
        true
    }

    fn say_refusal(&mut self, result: Result<(), engine::quadrillion::RuleBroken>) -> bool {
        match result {
            Ok(()) => true,
            Err(e) => {
                self.core.buffer.say(crate::quadrillion::words::refusal(&e));
                false
            }
        }
    }

    pub fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        let task = match message {
            Message::Rebind(a) => return (Task::none(), Some(Event::Rebind(a))),
            Message::Source(action) => self.source_action(action),
            Message::Canvas(Input::Pressed { dot, right }) => self.press(dot, right),
            Message::Canvas(Input::Moved { dot }) => {
                self.carry_to(dot);
                Task::none()
            }
            // Picked up by a press and carried: letting go puts it down, as a click would.
            Message::Canvas(Input::Dropped { dot }) => {
                if self.table.picked().is_empty() {
                    Task::none()
                } else {
                    self.carry_to(dot);
                    self.key(GameKey::Release)
                }
            }
            Message::Key(k) => self.key(k),
            Message::ToggleMode => {
                let other = match self.mode {
                    Mode::Author => Mode::Play,
                    Mode::Play => Mode::Author,
                };
                return self.update(Message::SetMode(other));
            }
            Message::SetMode(mode) => {
                if mode == Mode::Play
                    && (self.core.diagnostics.iter().any(Diagnostic::is_error) || !self.is_read())
                {
                    self.core
                        .buffer
                        .say("fix the board's problems before playing it");
                } else if mode != self.mode {
                    self.mode = mode;
                    self.lay_table();
                    self.core.buffer.say(match mode {
                        Mode::Play => "playing: place every shape (H for a hint, F to solve, R to start again)",
                        Mode::Author => "authoring: what lies on the board is the file",
                    });
                    // Grids typed apart during play waited; authoring lays them from the text
                    // and lets them be mended on the canvas, as if typed now.
                    if mode == Mode::Author
                        && self.core.diagnostics.iter().any(Diagnostic::is_error)
                        && let Some(reading) = self.reading.clone()
                    {
                        return (self.read_done(self.core.read_revision, &reading), None);
                    }
                }
                Task::none()
            }
            Message::Undo => self.undo_or_redo(true),
            Message::Redo => self.undo_or_redo(false),
            Message::Save => self.save(),
            Message::ToggleDiff => {
                self.core.diffing = !self.core.diffing;
                Task::none()
            }
            Message::Generate { keep_board } => {
                let board = if keep_board {
                    match &self.document {
                        Some(d) if d.challenge.board.is_legal() => Some(d.challenge.board.clone()),
                        _ => {
                            self.core.buffer.say(
                                "the board is not legal: fix it, or generate on a random board",
                            );
                            return (Task::none(), None);
                        }
                    }
                } else {
                    None
                };
                let seed = self.seed;
                self.seed += 1;
                self.generating = true;
                self.core
                    .buffer
                    .say(format!("generating a challenge from seed {seed}…"));
                let revision = self.core.buffer.revision();
                background::run(
                    move || {
                        let limits = Limits::time(WORK_TIME);
                        generate(seed, board.as_ref(), &limits)
                    },
                    move |g| Message::Generated {
                        revision,
                        kept_board: keep_board,
                        generated: Arc::new(g),
                    },
                )
            }
            Message::Generated {
                revision,
                kept_board,
                generated,
            } => {
                self.generating = false;
                if revision != self.core.buffer.revision() {
                    // The text changed meanwhile: the author's edit wins.
                    return (Task::none(), None);
                }
                match generated.as_ref() {
                    Ok(g) => {
                        let mut doc = self
                            .document
                            .clone()
                            .unwrap_or_else(|| Document::new(g.challenge.clone()));
                        doc.challenge = g.challenge.clone();
                        // A challenge published elsewhere (it names a source or a licence)
                        // is replaced whole on a new board: its title, author, source and
                        // licence kept would credit the generated one to others. The author's
                        // own file, and a board kept (whose source they are), keep them. Either
                        // way the notes are the new challenge's.
                        let published = !kept_board
                            && (doc.info.source.is_some() || doc.info.license.is_some());
                        if published {
                            doc.info = lockfmt::quadrillion::Info {
                                title: Some(format!("Challenge from seed {}", g.seed)),
                                ..lockfmt::quadrillion::Info::default()
                            };
                        }
                        doc.info.notes = vec![crate::quadrillion::words::generated_note(g)];
                        self.core
                            .buffer
                            .set_text(&lockfmt::quadrillion::print(&doc));
                        self.core.buffer.say(format!(
                            "challenge from seed {}: {} placed, difficulty {:.1}{}",
                            g.seed,
                            lockfmt::words::count(g.challenge.placed.len(), "shape"),
                            g.difficulty,
                            if published {
                                "; the title, author, source and licence of the published \
                                 challenge it replaces went with it (Undo brings them back)"
                            } else {
                                ""
                            }
                        ));
                        self.read()
                    }
                    Err(e) => {
                        self.core.buffer.say(format!("no challenge: {e}"));
                        Task::none()
                    }
                }
            }
            Message::Read(revision, reading) => {
                let task = self.read_done(revision, &reading);
                if self.core.read_revision == revision {
                    self.reading = Some(reading);
                }
                task
            }
            Message::Counted(revision, counted) => {
                if revision == self.core.buffer.revision() {
                    self.counting = None;
                    self.counted = Some(counted);
                }
                Task::none()
            }
            Message::Hinted(asked, h) => {
                if asked == self.moves {
                    self.asking = None;
                    self.hinted(&h);
                }
                Task::none()
            }
            Message::Solved(asked, s) => {
                if asked == self.moves {
                    self.asking = None;
                    match s.as_ref() {
                        Some(solution) => self.lay_solution(solution),
                        None => self.core.buffer.say("the solver found no solution"),
                    }
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
        self.counted = None;
        let errors = reading.diagnostics.iter().any(Diagnostic::is_error);
        self.board_held_back = errors
            && reading
                .document
                .as_ref()
                .is_some_and(|d| d.challenge.board.grids.len() == 4);
        let misplaced_only = reading
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .all(|d| MISPLACED_GRIDS.contains(&d.code.as_str()));
        // Misplaced grids are laid from the text, and so mended on the canvas, only while
        // authoring; a text read during play waits like any other.
        self.held_back_by = if misplaced_only && self.mode == Mode::Author {
            None
        } else {
            reading.diagnostics.iter().find(|d| d.is_error()).cloned()
        };
        if errors {
            // Grids the text places where the magnets cannot hold them are shown where it places
            // them, marked on the canvas (nothing is counted or played until they are fixed).
            // A canvas edit then prints over this text, its title and notes as typed.
            if let Some(doc) = &reading.document
                && self.mode == Mode::Author
                && misplaced_only
            {
                if self.table.picked().is_empty()
                    && self.authored().normalised() != doc.challenge.normalised()
                {
                    self.lay_table_from(doc.clone());
                } else {
                    self.laid = Some(doc.clone());
                }
            }
            return Task::none();
        }
        let Some(doc) = reading.document.clone() else {
            return Task::none();
        };
        let changed = self.document.as_ref().map(|d| d.challenge.normalised())
            != Some(doc.challenge.normalised());
        self.document = Some(doc.clone());
        // The table follows the text, unless it already shows it (the author's own release);
        // after a board shown with its problems, the text put right lays it again even when it
        // is the last good one. Nothing held is dropped for a text that did not change.
        let shows_it = self.authored().normalised() == doc.challenge.normalised();
        let holding = !self.table.picked().is_empty();
        if (changed && (self.mode == Mode::Play || !shows_it))
            || (self.mode == Mode::Author && !shows_it && !holding)
        {
            self.lay_table();
        } else {
            self.laid = Some(doc.clone());
        }
        let ch = doc.challenge;
        let (task, run) = background::run_cancellable(
            move |cancel| {
                let limits = Limits::time(COUNT_TIME);
                let c = count(&ch, None, &limits, engine::solving::Cancel::by(cancel));
                match c {
                    Ok(c) => Counted {
                        solutions: c.solutions,
                        complete: c.stopped.is_none(),
                    },
                    Err(_) => Counted {
                        solutions: 0,
                        complete: true,
                    },
                }
            },
            move |c| Message::Counted(revision, Arc::new(c)),
        );
        self.counting = Some(run);
        task
    }
}

crate::screen::editor::editing_events!();

impl Editing for Editor {
    crate::screen::editor::editing_plumbing!(crate::family::Family::Quadrillion);

    /// The title: the board's.
    fn title(&self) -> String {
        self.document
            .as_ref()
            .and_then(|d| d.info.title.clone())
            .unwrap_or_default()
    }

    fn studio_event(event: Event) -> Option<document::Event> {
        Some(match event {
            Event::Saved(p) => document::Event::Saved(p),
            Event::Rebind(a) => document::Event::Rebind(a),
            Event::SaveFailed(w) => document::Event::SaveFailed(w),
        })
    }

    fn show(&self, dark: bool) -> iced::Element<'_, Message> {
        self.view(crate::quadrillion::picture::Palette::of_theme(dark))
    }

    fn export_picture(&self, dark: bool, width: u32) -> Option<document::DrawPicture> {
        // The board with the shapes its file places.
        let challenge = self.document()?.challenge.clone();
        let palette = crate::quadrillion::picture::Palette::of_theme(dark);
        Some(Box::new(move || {
            crate::quadrillion::render::png(&challenge.board, &challenge.placed, width, &palette)
        }))
    }

    fn key_message(&self, key: &iced::keyboard::Key) -> Option<Message> {
        GameKey::of(key).map(Message::Key)
    }

    fn game_now(&self) -> Option<progress::Now> {
        Editor::game_now(self)
    }

    fn resume(&mut self, play: &progress::Play) -> bool {
        Editor::resume(self, play)
    }
}

#[cfg(test)]
mod tests;
