//! The sliding lock screen: the lock on a canvas beside its `.slide` source, authored and played
//! in one place.
//!
//! **Author**: the board and its pieces are the file. Each canvas edit — darken cells, draw or
//! stretch a piece, lay the Key, put the Keyhole on an edge, place an axis, move or erase a
//! piece, resize the board — is printed as the text (one undo step), and typing in the source
//! redraws the canvas; while the text's picture does not read, the canvas keeps the last one
//! that did. The solver looks at every legal text and says how few moves pick it, or that
//! nothing does.
//!
//! **Play**: drag a piece along its line (it stops at the furthest cell the rules allow toward
//! the pointer; one drag is one move), click an axis to turn it (right click anticlockwise,
//! Shift and click 180°), or select with a click or Tab and use the arrows. Moves are counted as
//! the seed counts them and listed in its notation; the solver finds the fewest from here and
//! plays them back. Nothing a player does changes the file.

mod authoring;
mod lesson;
mod play;
mod reading;
mod saved;
mod solving;
mod view;

use crate::progress;
use crate::screen::document;
use crate::screen::editor::{Core, Editing};
use reading::LOCK_CODES;
pub use reading::Reading;

#[cfg(test)]
mod tests;

use super::author::{self, Tool};
use super::game::{Game, furthest};
use super::solver::{self, Running, Verdict};
use crate::background::{self, Generation};
use crate::keys::Action;
use crate::screen::buffer::{self, Buffer};
use crate::sliding::canvas::{Input, Layers, Overlay, SlidingCanvas, Spot};
use crate::sliding::picture::Palette;
use engine::sliding::{Cell, Dir, Kind, Lock, Move, Orientation, Piece, Turn};
use iced::keyboard::{Key, key::Named};
use iced::widget::text_editor;
use iced::{Subscription, Task};
use lockfmt::sliding::Document;
use lockfmt::{Diagnostic, Span};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// The id of the source pane, for focus and tests.
pub const SOURCE_ID: &str = "sliding-source";

/// The id of the move list's input, for focus and tests.
pub const MOVES_ID: &str = "sliding-moves";

/// How often the solver's solution plays itself back, a move at a time.
pub const PLAYBACK_EVERY: Duration = Duration::from_millis(700);

/// What the status line says when a move picks the lock.
fn picked_words(moves: usize) -> String {
    format!(
        "Picked! The Key touches the Keyhole after {}.",
        lockfmt::words::count(moves, "move")
    )
}

/// Whether the screen authors the file or plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Author,
    Play,
}

/// A plain key for the screen (no ctrl, alt or logo key).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameKey {
    /// An arrow: slide the selected piece a cell, or turn the selected axis.
    Arrow(Dir),
    /// Tab: select the next piece.
    Next,
    /// Escape: select nothing, or let go of a drag.
    Escape,
    /// A letter: a tool while authoring, F (solve) or N (next move) while playing.
    Letter(char),
}

impl GameKey {
    /// The letters the screen takes: the tools' (authoring), F and N (playing).
    pub const LETTERS: &'static str = "dpkhamefn";

    /// The screen's key for a press.
    pub fn of(key: &Key) -> Option<GameKey> {
        Some(match key {
            Key::Named(Named::ArrowLeft) => GameKey::Arrow(Dir::Left),
            Key::Named(Named::ArrowRight) => GameKey::Arrow(Dir::Right),
            Key::Named(Named::ArrowUp) => GameKey::Arrow(Dir::Up),
            Key::Named(Named::ArrowDown) => GameKey::Arrow(Dir::Down),
            Key::Named(Named::Tab) => GameKey::Next,
            Key::Named(Named::Escape) => GameKey::Escape,
            Key::Character(c) => {
                let mut chars = c.chars();
                match (chars.next(), chars.next()) {
                    (Some(ch), None) if GameKey::LETTERS.contains(ch.to_ascii_lowercase()) => {
                        GameKey::Letter(ch.to_ascii_lowercase())
                    }
                    _ => return None,
                }
            }
            _ => return None,
        })
    }
}

/// The screen's messages.
#[derive(Debug, Clone)]
pub enum Message {
    Source(text_editor::Action),
    Canvas(Input),
    Key(GameKey),
    SetMode(Mode),
    /// Author ↔ play (the Play key).
    ToggleMode,
    SetTool(Tool),
    /// Make the board this many columns and rows.
    Resize {
        width: u8,
        height: u8,
    },
    Undo,
    Redo,
    Save,
    ToggleDiff,
    /// Play: back to the start.
    Restart,
    /// Play: turn the selected axis.
    Turn(Turn),
    /// Play: the move list being typed.
    MovesInput(String),
    /// Play: play the typed move list from the start.
    LoadMoves,
    /// Play: copy the moves made.
    CopyMoves,
    /// Play: the lock is picked; save the moves beside the file.
    SaveSolution,
    /// The solution was written (what to say), or not (why).
    SolutionSaved(Result<String, String>),
    /// The saved solution replayed on a lock, by the replay of this generation.
    Replayed(
        Generation,
        Option<Box<(Lock, crate::screen::saved_solution::Replayed)>>,
    ),
    /// Play: run the solver on the position.
    Solve,
    /// Call the solver off.
    StopSolver,
    /// Author: the solver stopped at the editor's limit; let it search for
    /// [`solver::LONGER_TIME`].
    SearchLonger,
    /// Play: make the next move of the solver's solution.
    Step,
    /// Play: play the solver's solution back by itself, or stop doing so.
    PlayAll,
    /// Time for the next move of the playback.
    Tick,
    Read(u64, Arc<Reading>),
    Solved(Generation, Arc<Verdict>),
    Buffer(buffer::Message),
    /// A lesson: back to the tutorial.
    Leave,
    /// A right-click on a button: rebind its key.
    Rebind(Action),
}

/// What the screen asks of the studio.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// The buffer was written to this file.
    Saved(PathBuf),
    /// The write failed; the buffer keeps its unsaved edits.
    SaveFailed(String),
    /// The game was picked, after this many moves.
    Picked(usize),
    /// A lesson: the player leaves it.
    Leave,
    /// Rebind this action's key (a button was right-clicked).
    Rebind(Action),
}

/// What the line above the authoring canvas says of the solver.
#[derive(Clone, Debug)]
pub(super) enum Shown {
    /// Its verdict on the lock on the canvas.
    Said(Arc<Verdict>),
    /// It is looking (for up to a minute, when asked to look longer); `room` is the verdict
    /// it gave last, drawn unseen beneath so that the line keeps its height and the canvas
    /// below does not jump up while it looks and down when it answers.
    Looking {
        longer: bool,
        room: Option<Arc<Verdict>>,
    },
    /// The text has problems to fix first.
    FixProblems,
    /// Nothing to say.
    Nothing,
}

/// A press held on the canvas, and what it is doing.
#[derive(Clone, Debug)]
enum Gesture {
    /// Darkening (`Some(true)`), lightening (`Some(false)`) or erasing (`None`) cell by cell;
    /// whether the stroke has changed the text yet (the rest of it joins that undo step).
    /// What the line above the canvas said when the stroke began: it says so until the
    /// stroke ends, so that its height does not change and move the canvas under the pointer.
    Stroke {
        paint: Option<bool>,
        changed: bool,
        last: Cell,
        verdict: Shown,
    },
    /// Drawing a new piece from `from`.
    Draw { from: Cell, to: Spot },
    /// Stretching `piece` by its end `end`.
    Stretch { piece: Piece, end: Cell, to: Spot },
    /// Laying the Key from `from`.
    Key { from: Cell, to: Spot },
    /// Moving `piece`, grabbed at `from`.
    Move { piece: Piece, from: Spot, to: Spot },
    /// Play: sliding `piece`, grabbed at `from`.
    Slide { piece: usize, from: Spot, to: Spot },
}

/// The solver's word and the lock it was asked about.
struct Said {
    verdict: Arc<Verdict>,
    lock: Lock,
}

/// The screen's state.
pub struct Editor {
    /// The text, its last reading's problems and highlights, saving and reloading.
    core: Core,
    /// The text revision `document` is exactly (by a read, or by a canvas edit printed).
    synced: Option<u64>,
    /// Where each cell's glyph is in the text `document` was read from.
    cells: BTreeMap<Cell, Span>,
    /// The last document whose picture read: the canvas shows it.
    document: Option<Document>,
    /// The current text has no problem but the lock's own: the canvas may print over it.
    editable: bool,
    /// The current text is a legal lock.
    playable: bool,
    mode: Mode,
    tool: Tool,
    gesture: Option<Gesture>,
    /// The text revision a gesture started on: edits meanwhile cancel it.
    gesture_revision: u64,
    layers: Layers,
    game: Option<Game>,
    /// The digest of the game's start, as its game is kept under (worked out once a game: where
    /// the game stands is asked after every message).
    game_digest: String,
    selected: Option<usize>,
    /// Why the last move was refused, in the rules' words.
    refusal: Option<String>,
    runs: Generation,
    running: Option<Running>,
    /// The lock the running solver was asked about.
    asked: Option<Lock>,
    said: Option<Said>,
    /// The verdict the solver gave last, on whatever lock: the room the line keeps while it
    /// looks at the next.
    said_last: Option<Arc<Verdict>>,
    /// Whether the running search is one the author asked to go on longer.
    searching_longer: bool,
    replays: Generation,
    /// The saved solution, replayed on this lock.
    replayed: Option<(Lock, crate::screen::saved_solution::Replayed)>,
    playing_back: bool,
    moves_text: String,
    /// Locks the solver must not look at (an opponent's lock during a Death Match), by
    /// digest, and why.
    forbidden: (Vec<u64>, String),
    /// A tutorial lesson: played only, from no file.
    lesson: bool,
}

impl Editor {
    /// A screen on some text, from a file or not; the text is read in the background.
    pub fn new(path: Option<PathBuf>, text: &str) -> (Editor, Task<Message>) {
        Editor::on(Buffer::new(path, text))
    }

    /// A screen with unsaved edits restored over a file's text.
    pub fn restored(path: Option<PathBuf>, disk: &str, restored: &str) -> (Editor, Task<Message>) {
        Editor::on(Buffer::restored(path, disk, restored))
    }

    fn on(buffer: Buffer) -> (Editor, Task<Message>) {
        let mut e = Editor {
            core: Core::new(buffer),
            synced: None,
            cells: BTreeMap::new(),
            document: None,
            editable: false,
            playable: false,
            mode: Mode::Author,
            tool: Tool::Piece,
            gesture: None,
            gesture_revision: 0,
            layers: Layers::default(),
            game: None,
            game_digest: String::new(),
            selected: None,
            refusal: None,
            runs: Generation::default(),
            running: None,
            searching_longer: false,
            replays: Generation::default(),
            replayed: None,
            asked: None,
            said: None,
            said_last: None,
            playing_back: false,
            moves_text: String::new(),
            forbidden: (Vec::new(), String::new()),
            lesson: false,
        };
        let task = e.read();
        (e, task)
    }

    /// The document on the canvas: the last whose picture read.
    pub fn document(&self) -> Option<&Document> {
        self.document.as_ref()
    }

    /// Authoring or playing.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The authoring tool.
    pub fn tool(&self) -> Tool {
        self.tool
    }

    /// The game, while playing.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Where the game being played stands, to be taken up later.
    pub fn game_now(&self) -> Option<progress::Now> {
        let game = self.game.as_ref().filter(|_| self.mode == Mode::Play)?;
        Some(progress::Now {
            puzzle: self.game_digest.clone(),
            play: progress::Play::of(&crate::sliding::progress::SlidingPlay {
                moves: game.notation(),
            }),
            finished: game.is_picked(),
        })
    }

    /// Takes up a game left earlier on the lock being played. False, and nothing changes,
    /// when not playing, when it is not a sliding lock's, or when its moves do not play on
    /// this lock.
    pub fn resume(&mut self, play: &progress::Play) -> bool {
        let Some(crate::sliding::progress::SlidingPlay { moves }) = play.as_() else {
            return false;
        };
        let Some(game) = self.game.as_mut().filter(|_| self.mode == Mode::Play) else {
            return false;
        };
        if game.load(&moves).is_err() {
            return false;
        }
        self.selected = None;
        self.refusal = None;
        self.playing_back = false;
        self.core.buffer.say(progress::taken_up(play));
        true
    }

    /// The selected piece, while playing.
    pub fn selected(&self) -> Option<usize> {
        self.selected
    }

    /// Why the last move was refused.
    pub fn refusal(&self) -> Option<&str> {
        self.refusal.as_deref()
    }

    /// The solver's last word, for the lock it was asked about.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.said.as_ref().map(|s| s.verdict.as_ref())
    }

    /// Whether the solver is running.
    pub fn is_solving(&self) -> bool {
        self.running.is_some()
    }

    /// The lock the canvas shows: the game's position while playing, else the document's.
    pub fn lock(&self) -> Option<&Lock> {
        match (&self.game, &self.document) {
            (Some(g), _) if self.mode == Mode::Play => Some(g.now()),
            (_, Some(d)) => Some(&d.lock),
            _ => None,
        }
    }

    /// The screen's message for a key action, if it has one.
    pub fn message_for(action: Action) -> Option<Message> {
        Some(match action {
            Action::Save => Message::Save,
            Action::Undo => Message::Undo,
            Action::Redo => Message::Redo,
            Action::Play => Message::ToggleMode,
            Action::Restart => Message::Restart,
            _ => return None,
        })
    }

    /// While the solver's solution plays itself back, a tick for each move.
    pub fn subscription(&self) -> Subscription<Message> {
        if self.playing_back && self.mode == Mode::Play {
            iced::time::every(PLAYBACK_EVERY).map(|_| Message::Tick)
        } else {
            Subscription::none()
        }
    }

    pub fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        let was_picked = self.game.as_ref().is_some_and(Game::is_picked);
        let (task, event) = self.route(message);
        match &self.game {
            Some(g) if event.is_none() && !was_picked && g.is_picked() => {
                (task, Some(Event::Picked(g.count())))
            }
            _ => (task, event),
        }
    }

    fn route(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        let task = match message {
            Message::Rebind(a) => return (Task::none(), Some(Event::Rebind(a))),
            Message::Source(action) if self.mode == Mode::Author => {
                let revision = self.core.buffer.revision();
                let task = self.source_action(action);
                if self.core.buffer.revision() != revision {
                    self.gesture = None;
                }
                task
            }
            Message::Source(_) => Task::none(),
            Message::Canvas(input) => match (self.mode, input) {
                (Mode::Author, Input::Pressed { spot, right, .. }) => {
                    self.author_press(spot, right)
                }
                (Mode::Author, Input::Dragged { spot }) => self.author_drag(spot),
                (Mode::Author, Input::Released { .. }) => self.author_release(),
                (Mode::Play, Input::Pressed { spot, right, shift }) => {
                    self.play_press(spot, right, shift);
                    Task::none()
                }
                (Mode::Play, Input::Dragged { spot }) => {
                    if let Some(Gesture::Slide { to, .. }) = &mut self.gesture {
                        *to = spot;
                    }
                    Task::none()
                }
                (Mode::Play, Input::Released { spot }) => {
                    if let Some(Gesture::Slide { to, .. }) = &mut self.gesture {
                        *to = spot;
                    }
                    self.play_release();
                    Task::none()
                }
            },
            Message::Key(key) => match (self.mode, key) {
                (Mode::Author, GameKey::Letter(c)) => {
                    if let Some(tool) = Tool::ALL.into_iter().find(|t| t.key() == c) {
                        self.tool = tool;
                        self.core.buffer.say(tool.hint());
                    }
                    Task::none()
                }
                (Mode::Author, GameKey::Escape) => {
                    self.gesture = None;
                    Task::none()
                }
                (Mode::Author, _) => Task::none(),
                (Mode::Play, k) => self.play_key(k),
            },
            Message::SetMode(mode) => self.set_mode(mode),
            Message::ToggleMode => self.set_mode(match self.mode {
                Mode::Author => Mode::Play,
                Mode::Play => Mode::Author,
            }),
            Message::SetTool(tool) => {
                self.tool = tool;
                self.core.buffer.say(tool.hint());
                Task::none()
            }
            Message::Resize { width, height } => self.resize(width, height),
            Message::Undo => match self.mode {
                Mode::Author => {
                    if self.core.buffer.undo() {
                        self.gesture = None;
                        self.read()
                    } else {
                        Task::none()
                    }
                }
                Mode::Play => {
                    self.playing_back = false;
                    if let Some(g) = &mut self.game
                        && g.undo()
                    {
                        self.refusal = None;
                        self.core
                            .buffer
                            .say(format!("took back a move: {} now", g.count()));
                    }
                    Task::none()
                }
            },
            Message::Redo => match self.mode {
                Mode::Author => {
                    if self.core.buffer.redo() {
                        self.gesture = None;
                        self.read()
                    } else {
                        Task::none()
                    }
                }
                Mode::Play => {
                    if let Some(g) = &mut self.game
                        && g.redo()
                    {
                        self.refusal = None;
                        self.core.buffer.say(if g.is_picked() {
                            picked_words(g.count())
                        } else {
                            format!("made the move again: {} now", g.count())
                        });
                    }
                    Task::none()
                }
            },
            Message::Save => self.save(),
            Message::ToggleDiff => {
                self.core.diffing = !self.core.diffing;
                Task::none()
            }
            Message::Restart => {
                if let Some(g) = &mut self.game {
                    g.restart();
                    self.refusal = None;
                    self.selected = None;
                    self.playing_back = false;
                    self.core
                        .buffer
                        .say("back to the start (Redo makes the moves again)");
                }
                Task::none()
            }
            Message::Turn(turn) => {
                match self.selected.filter(|&i| {
                    self.lock()
                        .is_some_and(|l| l.pieces.get(i).is_some_and(|p| p.kind == Kind::Axis))
                }) {
                    Some(axis) => self.play_move(Move::Turn { axis, turn }),
                    None => self
                        .core
                        .buffer
                        .say("select an axis first: click it, or press Tab"),
                }
                Task::none()
            }
            Message::MovesInput(s) => {
                self.moves_text = s;
                Task::none()
            }
            Message::LoadMoves => {
                if let Some(g) = &mut self.game {
                    self.playing_back = false;
                    match g.load(&self.moves_text) {
                        Ok(n) => {
                            self.refusal = None;
                            self.core.buffer.say(if g.is_picked() {
                                format!("Picked! The moves pick the lock in {n}.")
                            } else {
                                format!("played {}", lockfmt::words::count(n, "move"))
                            });
                        }
                        Err(why) => {
                            self.core.buffer.say(why.clone());
                            self.refusal = Some(why);
                        }
                    }
                }
                Task::none()
            }
            Message::CopyMoves => match &self.game {
                Some(g) => {
                    let moves = g.notation();
                    self.core.buffer.say(format!("copied: {moves}"));
                    iced::clipboard::write(moves)
                }
                None => Task::none(),
            },
            Message::Solve => match self.game.as_ref().map(|g| g.now().clone()) {
                Some(lock) if lock.is_picked() => {
                    self.core.buffer.say("the lock is picked already");
                    Task::none()
                }
                Some(lock) => {
                    self.core.buffer.say("solving…");
                    self.said = None;
                    self.solve(lock, solver::PLAY_TIME)
                }
                None => Task::none(),
            },
            Message::SearchLonger => match self.document.as_ref().map(|d| d.lock.clone()) {
                Some(lock) if self.mode == Mode::Author && self.playable => {
                    self.said = None;
                    let task = self.solve(lock, solver::LONGER_TIME);
                    self.searching_longer = self.running.is_some();
                    task
                }
                _ => Task::none(),
            },
            Message::StopSolver => {
                if let Some(r) = &self.running {
                    // Its answer ("stopped") comes back and is shown.
                    r.cancel();
                }
                Task::none()
            }
            Message::Step => {
                self.playing_back = false;
                self.step();
                Task::none()
            }
            Message::PlayAll => {
                self.playing_back = !self.playing_back;
                if self.playing_back {
                    self.step();
                }
                Task::none()
            }
            Message::Tick => {
                if self.playing_back {
                    self.step();
                }
                Task::none()
            }
            Message::Read(revision, reading) => self.read_done(revision, &reading),
            Message::SaveSolution => self.save_solution(),
            Message::SolutionSaved(result) => self.solution_saved(result),
            Message::Replayed(run, replayed) => {
                self.replayed(run, replayed);
                Task::none()
            }
            Message::Leave => return (Task::none(), Some(Event::Leave)),
            Message::Solved(run, verdict) => {
                if self.runs.is_current(run) {
                    self.running = None;
                    if let Some(lock) = self.asked.take() {
                        if self.mode == Mode::Play {
                            self.core.buffer.say(format!(
                                "{} — {}",
                                verdict.headline(),
                                verdict.detail()
                            ));
                        }
                        self.said_last = Some(verdict.clone());
                        self.said = Some(Said { verdict, lock });
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
}

crate::screen::editor::editing_events!();

impl Editing for Editor {
    crate::screen::editor::editing_plumbing!(crate::family::Family::Sliding);

    /// The title: the lock's.
    fn title(&self) -> String {
        self.document
            .as_ref()
            .and_then(|d| d.info.title.clone())
            .unwrap_or_default()
    }

    fn studio_event(event: Event) -> Option<document::Event> {
        match event {
            Event::Saved(p) => Some(document::Event::Saved(p)),
            Event::Rebind(a) => Some(document::Event::Rebind(a)),
            Event::SaveFailed(w) => Some(document::Event::SaveFailed(w)),
            // The file's own game: the moment is said on the screen.
            Event::Picked(_) | Event::Leave => None,
        }
    }

    fn solution_changed(&mut self) -> Task<Message> {
        Editor::solution_changed(self)
    }

    fn show(&self, dark: bool) -> iced::Element<'_, Message> {
        self.view(crate::sliding::picture::Palette::of_theme(dark))
    }

    fn export_picture(&self, dark: bool, width: u32) -> Option<document::DrawPicture> {
        let lock = self.document()?.lock.clone();
        let palette = crate::sliding::picture::Palette::of_theme(dark);
        Some(Box::new(move || {
            crate::sliding::render::png(&lock, width, &palette)
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

    fn subscription(&self) -> iced::Subscription<Message> {
        Editor::subscription(self)
    }
}
