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

use super::author::{self, Tool};
use super::game::{Game, furthest};
use super::solver::{self, Running, Verdict};
use crate::background::{self, Generation};
use crate::highlight::{self, LockHighlighter};
use crate::keys::Action;
use crate::screen::buffer::{self, Buffer};
use crate::sliding::canvas::{Input, Layers, Overlay, SlidingCanvas, Spot};
use crate::sliding::picture::Palette;
use engine::sliding::{Cell, Dir, Kind, Lock, Move, Orientation, Piece, Turn};
use iced::keyboard::{Key, key::Named};
use iced::widget::{
    button, canvas, column, container, row, scrollable, space, text, text_editor, text_input,
};
use iced::{Color, Element, Fill, Font, Length, Subscription, Task};
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

/// Codes of errors in the picture itself: the canvas cannot draw such a text.
const PICTURE_CODES: &[&str] = &[
    "no-picture",
    "board-size",
    "row-width",
    "glyph",
    "piece-shape",
    "file-too-large",
    "invalid-utf8",
];

/// Codes of the lock's own problems and of `axis` lines: a canvas edit may print over a text
/// that has them (the printer writes the axis lines from the picture).
const LOCK_CODES: &[&str] = &[
    "no-key",
    "second-key",
    "no-keyhole",
    "second-keyhole",
    "key-length",
    "off-board",
    "dark-cell",
    "overlap",
    "keyhole-edge",
    "bare-axis",
    "picked",
    "axis-line",
];

/// What the text says, read in the background from one parse.
#[derive(Debug)]
pub struct Reading {
    document: Option<Document>,
    diagnostics: Vec<Diagnostic>,
    cells: BTreeMap<Cell, Span>,
    highlight: highlight::Settings,
}

impl Reading {
    /// Parses a text once and draws its highlights from that parse. Slow work.
    pub fn of(text: &str) -> Reading {
        let parsed = lockfmt::sliding::parse(text);
        let spans = lockfmt::sliding::highlight::lines(text, &parsed);
        let highlight = highlight::Settings::new(spans, text, &parsed.diagnostics);
        Reading {
            document: parsed.document,
            diagnostics: parsed.diagnostics,
            cells: parsed.cells,
            highlight,
        }
    }

    fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.is_error())
    }

    /// Whether the picture reads: the canvas can draw it.
    fn drawable(&self) -> bool {
        self.document.is_some()
            && self
                .errors()
                .all(|d| !PICTURE_CODES.contains(&d.code.as_str()))
    }
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
    /// Play: run the solver on the position.
    Solve,
    /// Call the solver off.
    StopSolver,
    /// Play: make the next move of the solver's solution.
    Step,
    /// Play: play the solver's solution back by itself, or stop doing so.
    PlayAll,
    /// Time for the next move of the playback.
    Tick,
    Read(u64, Arc<Reading>),
    Solved(Generation, Arc<Verdict>),
    Buffer(buffer::Message),
}

/// What the screen asks of the studio.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// The buffer was written to this file.
    Saved(PathBuf),
    /// The write failed; the buffer keeps its unsaved edits.
    SaveFailed(String),
}

/// A press held on the canvas, and what it is doing.
#[derive(Clone, Debug)]
enum Gesture {
    /// Darkening (`Some(true)`), lightening (`Some(false)`) or erasing (`None`) cell by cell;
    /// whether the stroke has changed the text yet (the rest of it joins that undo step).
    Stroke {
        paint: Option<bool>,
        changed: bool,
        last: Cell,
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
    buffer: Buffer,
    read_revision: u64,
    /// The text revision `document` is exactly (by a read, or by a canvas edit printed).
    synced: Option<u64>,
    diagnostics: Vec<Diagnostic>,
    highlight: highlight::Settings,
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
    selected: Option<usize>,
    /// Why the last move was refused, in the rules' words.
    refusal: Option<String>,
    runs: Generation,
    running: Option<Running>,
    /// The lock the running solver was asked about.
    asked: Option<Lock>,
    said: Option<Said>,
    playing_back: bool,
    moves_text: String,
    diffing: bool,
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
            buffer,
            read_revision: u64::MAX,
            synced: None,
            diagnostics: Vec::new(),
            highlight: highlight::Settings::default(),
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
            selected: None,
            refusal: None,
            runs: Generation::default(),
            running: None,
            asked: None,
            said: None,
            playing_back: false,
            moves_text: String::new(),
            diffing: false,
        };
        let task = e.read();
        (e, task)
    }

    /// The file, if the lock has one.
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

    /// The last thing the screen said.
    pub fn status(&self) -> &str {
        self.buffer.status()
    }

    /// The document on the canvas: the last whose picture read.
    pub fn document(&self) -> Option<&Document> {
        self.document.as_ref()
    }

    /// The current text's problems.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
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

    /// The title: the lock's.
    pub fn title(&self) -> String {
        self.document
            .as_ref()
            .and_then(|d| d.info.title.clone())
            .unwrap_or_default()
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

    // ---- the solver ----

    /// Asks the solver about `lock`; an earlier run is called off and its answer dropped.
    fn solve(&mut self, lock: Lock, time: Duration) -> Task<Message> {
        let run = self.runs.advance();
        self.playing_back = false;
        let (task, running) = solver::start(run, lock.clone(), time);
        self.running = Some(running);
        self.asked = Some(lock);
        task.map(|(run, v)| Message::Solved(run, v))
    }

    fn stop_solver(&mut self) {
        if let Some(r) = self.running.take() {
            r.cancel();
        }
        // The answer of the run called off is dropped.
        self.runs.advance();
    }

    /// The solver's solution from the position now, when the position lies on it: the next
    /// move.
    fn next_solution_move(&self) -> Option<Move> {
        let said = self.said.as_ref()?;
        let Verdict::Shortest { moves, .. } = said.verdict.as_ref() else {
            return None;
        };
        let now = self.game.as_ref()?.now();
        let mut lock = said.lock.clone();
        for mv in moves {
            if &lock == now {
                return Some(*mv);
            }
            lock = lock.apply(mv).ok()?;
        }
        None
    }

    fn step(&mut self) {
        if self.game.as_ref().is_some_and(Game::is_picked) {
            self.playing_back = false;
            return;
        }
        match self.next_solution_move() {
            Some(mv) => self.play_move(mv),
            None => {
                self.playing_back = false;
                self.buffer.say(
                    "the position is not on the solver's way: press Solve from here for a way from it",
                );
            }
        }
    }

    // ---- reading ----

    fn read_done(&mut self, revision: u64, reading: &Reading) -> Task<Message> {
        if revision != self.buffer.revision() {
            return Task::none();
        }
        self.read_revision = revision;
        self.diagnostics = reading.diagnostics.clone();
        self.highlight = reading.highlight.clone();
        let drawable = reading.drawable();
        self.editable = drawable
            && reading
                .errors()
                .all(|d| LOCK_CODES.contains(&d.code.as_str()));
        self.playable = drawable && reading.errors().next().is_none();
        if drawable {
            self.document = reading.document.clone();
            self.cells = reading.cells.clone();
            self.synced = Some(revision);
        } else {
            self.synced = None;
        }
        let lock = self.document.as_ref().map(|d| d.lock.clone());
        match self.mode {
            Mode::Play => {
                if let (true, Some(lock), Some(game)) = (self.playable, lock, &self.game)
                    && game.start() != &lock
                {
                    self.start_game(lock);
                    self.buffer
                        .say("the lock changed: the game starts again from its new start");
                }
                Task::none()
            }
            Mode::Author => match lock.filter(|_| self.playable) {
                Some(lock) if self.said.as_ref().is_some_and(|s| s.lock == lock) => Task::none(),
                Some(lock) => {
                    self.said = None;
                    self.solve(lock, solver::AUTHOR_TIME)
                }
                None => {
                    self.stop_solver();
                    self.said = None;
                    Task::none()
                }
            },
        }
    }

    // ---- authoring ----

    /// Whether a canvas edit may print over the text now; if not, says why.
    fn can_edit(&mut self) -> bool {
        if self.synced != Some(self.buffer.revision()) && !self.is_read() {
            self.buffer.say("a moment: the text is still being read");
            return false;
        }
        if !self.editable || self.synced != Some(self.buffer.revision()) {
            let first = self
                .diagnostics
                .iter()
                .find(|d| d.is_error() && !LOCK_CODES.contains(&d.code.as_str()));
            self.buffer.say(match first {
                Some(d) => format!(
                    "fix the text first — line {}: {} (the canvas shows the last picture that read)",
                    d.span.line, d.message
                ),
                None => "fix the text first: the canvas shows the last picture that read".into(),
            });
            return false;
        }
        true
    }

    /// Prints an edited document as the text: a new undo step, or (`join`) part of the last.
    fn commit(&mut self, doc: Document, join: bool) -> Task<Message> {
        let text = lockfmt::sliding::print(&doc);
        if text == self.buffer.text() {
            return Task::none();
        }
        if join {
            self.buffer.replace_last(&text);
        } else {
            self.buffer.set_text(&text);
        }
        self.document = Some(doc);
        self.synced = Some(self.buffer.revision());
        self.editable = true;
        self.playable = false;
        self.read()
    }

    /// Applies an edit to the document now, or says why not.
    fn edit(
        &mut self,
        join: bool,
        f: impl FnOnce(&Document) -> Result<Document, String>,
    ) -> (Task<Message>, bool) {
        let Some(doc) = self.document.as_ref() else {
            return (Task::none(), false);
        };
        match f(doc) {
            Ok(next) => {
                self.buffer.say("");
                (self.commit(next, join), true)
            }
            Err(why) => {
                self.buffer.say(why);
                (Task::none(), false)
            }
        }
    }

    fn author_press(&mut self, spot: Spot, right: bool) -> Task<Message> {
        let Some(lock) = self.document.as_ref().map(|d| d.lock.clone()) else {
            return Task::none();
        };
        let Some(cell) = spot.cell(&lock.board) else {
            return Task::none();
        };
        if !self.can_edit() {
            return Task::none();
        }
        self.gesture_revision = self.buffer.revision();
        let tool = if right { Tool::Erase } else { self.tool };
        let piece = lock.piece_at(cell);
        match tool {
            Tool::Darken | Tool::Erase => {
                let paint = (tool == Tool::Darken).then(|| !lock.board.is_dark(cell));
                let (task, changed) = self.stroke(paint, cell, false);
                self.gesture = Some(Gesture::Stroke {
                    paint,
                    changed,
                    last: cell,
                });
                task
            }
            Tool::Piece => {
                match piece {
                    Some(i)
                        if lock.pieces[i].kind == Kind::Slider
                            && (cell == lock.pieces[i].at || cell == lock.pieces[i].last()) =>
                    {
                        self.gesture = Some(Gesture::Stretch {
                            piece: lock.pieces[i],
                            end: cell,
                            to: spot,
                        });
                    }
                    Some(i) => self.buffer.say(format!(
                        "{cell} is taken by {}: drag from a free cell to draw a piece, or from a piece's end to stretch it",
                        author::describe(&lock, i)
                    )),
                    None => self.gesture = Some(Gesture::Draw { from: cell, to: spot }),
                }
                Task::none()
            }
            Tool::Key => {
                self.gesture = Some(Gesture::Key {
                    from: cell,
                    to: spot,
                });
                Task::none()
            }
            Tool::Keyhole => self.edit(false, |d| author::place_keyhole(d, cell)).0,
            Tool::Axis => self.edit(false, |d| author::place_axis(d, cell)).0,
            Tool::Move => {
                match piece {
                    Some(i) => {
                        self.gesture = Some(Gesture::Move {
                            piece: lock.pieces[i],
                            from: spot,
                            to: spot,
                        })
                    }
                    None => self.buffer.say(format!("no piece on {cell} to move")),
                }
                Task::none()
            }
        }
    }

    /// One cell of a stroke: darken, lighten or erase it.
    fn stroke(&mut self, paint: Option<bool>, cell: Cell, join: bool) -> (Task<Message>, bool) {
        match paint {
            Some(dark) => {
                if self
                    .document
                    .as_ref()
                    .is_some_and(|d| d.lock.board.is_dark(cell) == dark)
                {
                    return (Task::none(), false);
                }
                self.edit(join, |d| author::set_dark(d, cell, dark))
            }
            None => self.edit(join, |d| author::erase(d, cell)),
        }
    }

    fn author_drag(&mut self, spot: Spot) -> Task<Message> {
        let Some(board) = self.document.as_ref().map(|d| d.lock.board.clone()) else {
            return Task::none();
        };
        match &mut self.gesture {
            Some(Gesture::Stroke {
                paint,
                changed,
                last,
            }) => {
                let Some(cell) = spot.cell(&board).filter(|c| c != last) else {
                    return Task::none();
                };
                *last = cell;
                let (paint, join) = (*paint, *changed);
                let (task, did) = self.stroke(paint, cell, join);
                if did && let Some(Gesture::Stroke { changed, .. }) = &mut self.gesture {
                    *changed = true;
                }
                task
            }
            Some(
                Gesture::Draw { to, .. }
                | Gesture::Stretch { to, .. }
                | Gesture::Key { to, .. }
                | Gesture::Move { to, .. },
            ) => {
                *to = spot;
                Task::none()
            }
            _ => Task::none(),
        }
    }

    /// What a gesture would make of the document, on release here.
    fn gesture_result(&self, gesture: &Gesture) -> Option<Result<Document, String>> {
        let doc = self.document.as_ref()?;
        let board = &doc.lock.board;
        // A piece is found by where it lies: a read may have put the pieces in another order.
        let index = |piece: Piece| {
            doc.lock
                .pieces
                .iter()
                .position(|p| *p == piece)
                .ok_or_else(|| "the piece is no longer there".to_string())
        };
        Some(match *gesture {
            Gesture::Draw { from, to } => author::draw_piece(doc, from, to.clamped(board)),
            Gesture::Stretch { piece, end, to } => {
                index(piece).and_then(|i| author::stretch(doc, i, end, to.clamped(board)))
            }
            Gesture::Key { from, to } => author::place_key(doc, from, to.clamped(board)),
            Gesture::Move { piece, from, to } => index(piece)
                .and_then(|i| author::move_piece(doc, i, to.col - from.col, to.row - from.row)),
            Gesture::Stroke { .. } | Gesture::Slide { .. } => return None,
        })
    }

    fn author_release(&mut self) -> Task<Message> {
        let Some(gesture) = self.gesture.take() else {
            return Task::none();
        };
        if self.buffer.revision() != self.gesture_revision
            && !matches!(gesture, Gesture::Stroke { .. })
        {
            self.buffer
                .say("the text changed meanwhile: the drag is dropped");
            return Task::none();
        }
        let still = match gesture {
            Gesture::Draw { from, to } => Some(from) == to.cell(&self.board()),
            Gesture::Stretch { end, to, .. } => Some(end) == to.cell(&self.board()),
            Gesture::Move { from, to, .. } => from == to,
            _ => false,
        };
        if still {
            self.buffer.say(self.tool.hint());
            return Task::none();
        }
        match self.gesture_result(&gesture) {
            Some(Ok(doc)) => {
                self.buffer.say("");
                self.commit(doc, false)
            }
            Some(Err(why)) => {
                self.buffer.say(why);
                Task::none()
            }
            None => Task::none(),
        }
    }

    fn board(&self) -> engine::sliding::Board {
        self.document.as_ref().map_or_else(
            || engine::sliding::Board::new(2, 2),
            |d| d.lock.board.clone(),
        )
    }

    fn resize(&mut self, width: u8, height: u8) -> Task<Message> {
        if self.mode != Mode::Author || !self.can_edit() {
            return Task::none();
        }
        self.edit(false, |d| author::resize(d, width, height)).0
    }

    // ---- playing ----

    fn start_game(&mut self, lock: Lock) {
        self.game = Some(Game::new(lock));
        self.selected = None;
        self.refusal = None;
        self.gesture = None;
        self.playing_back = false;
    }

    fn set_mode(&mut self, mode: Mode) -> Task<Message> {
        if mode == self.mode {
            return Task::none();
        }
        match mode {
            Mode::Play => {
                let lock = self
                    .document
                    .as_ref()
                    .filter(|_| self.playable && self.is_read())
                    .map(|d| d.lock.clone());
                let Some(lock) = lock else {
                    let first = self.diagnostics.iter().find(|d| d.is_error());
                    self.buffer.say(match first {
                        Some(d) => format!(
                            "fix the lock before playing it — line {}: {}",
                            d.span.line, d.message
                        ),
                        None => "a moment: the text is still being read".into(),
                    });
                    return Task::none();
                };
                self.mode = Mode::Play;
                self.start_game(lock);
                self.buffer.say(
                    "playing: drag a piece along its line, click an axis to turn it; the file does not change",
                );
                Task::none()
            }
            Mode::Author => {
                self.mode = Mode::Author;
                self.game = None;
                self.selected = None;
                self.refusal = None;
                self.gesture = None;
                self.playing_back = false;
                self.buffer
                    .say("authoring: the board and its pieces are the file");
                let start = self
                    .document
                    .as_ref()
                    .filter(|_| self.playable)
                    .map(|d| d.lock.clone());
                match start {
                    Some(lock) if self.said.as_ref().is_some_and(|s| s.lock == lock) => {
                        Task::none()
                    }
                    Some(lock) => {
                        self.said = None;
                        self.solve(lock, solver::AUTHOR_TIME)
                    }
                    None => Task::none(),
                }
            }
        }
    }

    /// Makes a move in the game, or says why the rules refuse it.
    fn play_move(&mut self, mv: Move) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let written = game.now().write(&mv);
        match game.play(mv) {
            Ok(()) => {
                self.refusal = None;
                if game.is_picked() {
                    self.playing_back = false;
                    self.selected = None;
                    let n = game.count();
                    self.buffer.say(format!(
                        "Picked! The Key touches the Keyhole after {n} move{}.",
                        if n == 1 { "" } else { "s" }
                    ));
                } else {
                    self.buffer.say(written.sentence());
                }
            }
            Err(why) => {
                let why = why.to_string();
                self.buffer.say(why.clone());
                self.refusal = Some(why);
                self.playing_back = false;
            }
        }
    }

    fn play_press(&mut self, spot: Spot, right: bool, shift: bool) {
        let Some(lock) = self.game.as_ref().map(|g| g.now().clone()) else {
            return;
        };
        let Some(piece) = spot.cell(&lock.board).and_then(|c| lock.piece_at(c)) else {
            self.selected = None;
            return;
        };
        self.playing_back = false;
        match lock.pieces[piece].kind {
            Kind::Axis => {
                self.selected = Some(piece);
                let turn = match (shift, right) {
                    (true, _) => Turn::Half,
                    (false, true) => Turn::Anticlockwise,
                    (false, false) => Turn::Clockwise,
                };
                self.play_move(Move::Turn { axis: piece, turn });
            }
            Kind::Keyhole => {
                self.selected = None;
                self.buffer
                    .say("the Keyhole never moves: bring the Key to it");
            }
            Kind::Key | Kind::Slider => {
                self.selected = Some(piece);
                if !right {
                    self.gesture = Some(Gesture::Slide {
                        piece,
                        from: spot,
                        to: spot,
                    });
                }
            }
        }
    }

    /// Where a slide drag from `from` to `to` takes `piece`: the move, or why not; `None` when
    /// the pointer is back where it started.
    fn slide_for(
        lock: &Lock,
        piece: usize,
        from: Spot,
        to: Spot,
    ) -> Option<Result<Move, engine::sliding::Refusal>> {
        let p = lock.pieces.get(piece)?;
        let (dc, dr) = (to.col - from.col, to.row - from.row);
        let (along, across) = match p.orientation {
            Orientation::Horizontal => (dc, dr),
            Orientation::Vertical => (dr, dc),
        };
        let forward = p.orientation.forward();
        if along == 0 {
            if across == 0 {
                return None;
            }
            let dir = if across > 0 {
                forward.turned(Turn::Anticlockwise)
            } else {
                forward.turned(Turn::Clockwise)
            };
            return Some(
                lock.apply(&Move::Slide {
                    piece,
                    dir,
                    distance: 1,
                })
                .map(|_| Move::Slide {
                    piece,
                    dir,
                    distance: 1,
                }),
            );
        }
        let dir = if along > 0 {
            forward
        } else {
            forward.opposite()
        };
        Some(furthest(
            lock,
            piece,
            dir,
            along.unsigned_abs().min(u8::MAX as u32) as u8,
        ))
    }

    fn play_release(&mut self) {
        let Some(Gesture::Slide { piece, from, to }) = self.gesture.take() else {
            return;
        };
        let Some(lock) = self.game.as_ref().map(|g| g.now().clone()) else {
            return;
        };
        match Editor::slide_for(&lock, piece, from, to) {
            None => self.buffer.say(format!(
                "{} selected: drag it along its line, or use the arrow keys",
                lock.name(piece)
            )),
            Some(Ok(mv)) => self.play_move(mv),
            Some(Err(why)) => {
                let why = why.to_string();
                self.buffer.say(why.clone());
                self.refusal = Some(why);
            }
        }
    }

    fn play_key(&mut self, key: GameKey) -> Task<Message> {
        let Some(lock) = self.game.as_ref().map(|g| g.now().clone()) else {
            return Task::none();
        };
        match key {
            GameKey::Arrow(dir) => {
                let Some(piece) = self.selected else {
                    self.buffer
                        .say("select a piece first: click it, or press Tab");
                    return Task::none();
                };
                self.playing_back = false;
                if lock.pieces[piece].kind == Kind::Axis {
                    let turn = match dir {
                        Dir::Right => Turn::Clockwise,
                        Dir::Left => Turn::Anticlockwise,
                        Dir::Up | Dir::Down => Turn::Half,
                    };
                    self.play_move(Move::Turn { axis: piece, turn });
                } else {
                    self.play_move(Move::Slide {
                        piece,
                        dir,
                        distance: 1,
                    });
                }
                Task::none()
            }
            GameKey::Next => {
                // Pieces that move or turn, in reading order: top row first, left to right.
                let mut order: Vec<usize> = (0..lock.pieces.len())
                    .filter(|&i| lock.pieces[i].kind != Kind::Keyhole)
                    .collect();
                order.sort_by_key(|&i| {
                    let p = lock.pieces[i];
                    let top = p.cells().map(|c| c.row).max().unwrap_or(0);
                    (std::cmp::Reverse(top), p.at.col)
                });
                let next = match self
                    .selected
                    .and_then(|s| order.iter().position(|&i| i == s))
                {
                    Some(k) => order.get(k + 1).or(order.first()),
                    None => order.first(),
                };
                self.selected = next.copied();
                if let Some(i) = self.selected {
                    let what = if lock.pieces[i].kind == Kind::Axis {
                        "→ turns it clockwise, ← anticlockwise, ↑ or ↓ 180°"
                    } else {
                        "the arrows slide it"
                    };
                    self.buffer
                        .say(format!("{} selected: {what}", author::describe(&lock, i)));
                }
                Task::none()
            }
            GameKey::Escape => {
                self.selected = None;
                self.gesture = None;
                self.playing_back = false;
                Task::none()
            }
            GameKey::Letter('f') => self.update(Message::Solve).0,
            GameKey::Letter('n') => self.update(Message::Step).0,
            GameKey::Letter(_) => Task::none(),
        }
    }

    pub fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        let task = match message {
            Message::Source(action) => {
                if self.mode == Mode::Author && self.buffer.perform(action) {
                    self.gesture = None;
                    self.read()
                } else {
                    Task::none()
                }
            }
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
                        self.buffer.say(tool.hint());
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
                self.buffer.say(tool.hint());
                Task::none()
            }
            Message::Resize { width, height } => self.resize(width, height),
            Message::Undo => match self.mode {
                Mode::Author => {
                    if self.buffer.undo() {
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
                        self.buffer
                            .say(format!("took back a move: {} now", g.count()));
                    }
                    Task::none()
                }
            },
            Message::Redo => match self.mode {
                Mode::Author => {
                    if self.buffer.redo() {
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
                        self.buffer
                            .say(format!("made the move again: {} now", g.count()));
                    }
                    Task::none()
                }
            },
            Message::Save => self.save(),
            Message::ToggleDiff => {
                self.diffing = !self.diffing;
                Task::none()
            }
            Message::Restart => {
                if let Some(g) = &mut self.game {
                    g.restart();
                    self.refusal = None;
                    self.selected = None;
                    self.playing_back = false;
                    self.buffer
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
                            self.buffer.say(if g.is_picked() {
                                format!("Picked! The moves pick the lock in {n}.")
                            } else {
                                format!("played {n} move{}", if n == 1 { "" } else { "s" })
                            });
                        }
                        Err(why) => {
                            self.buffer.say(why.clone());
                            self.refusal = Some(why);
                        }
                    }
                }
                Task::none()
            }
            Message::CopyMoves => match &self.game {
                Some(g) => {
                    let moves = g.notation();
                    self.buffer.say(format!("copied: {moves}"));
                    iced::clipboard::write(moves)
                }
                None => Task::none(),
            },
            Message::Solve => match self.game.as_ref().map(|g| g.now().clone()) {
                Some(lock) if lock.is_picked() => {
                    self.buffer.say("the lock is picked already");
                    Task::none()
                }
                Some(lock) => {
                    self.buffer.say("solving…");
                    self.said = None;
                    self.solve(lock, solver::PLAY_TIME)
                }
                None => Task::none(),
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
            Message::Solved(run, verdict) => {
                if self.runs.is_current(run) {
                    self.running = None;
                    if let Some(lock) = self.asked.take() {
                        if self.mode == Mode::Play {
                            self.buffer.say(format!(
                                "{} — {}",
                                verdict.headline(),
                                verdict.detail()
                            ));
                        }
                        self.said = Some(Said { verdict, lock });
                    }
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

    // ---- the view ----

    /// What the canvas draws over the pieces now: problems at their cells, a piece being drawn
    /// or dragged, the selection, the picked lock.
    pub fn overlay_now(&self) -> Overlay {
        self.lock().map(|l| self.overlay(l)).unwrap_or_default()
    }

    fn overlay(&self, lock: &Lock) -> Overlay {
        let mut o = Overlay::default();
        match self.mode {
            Mode::Author => {
                if self.synced == Some(self.buffer.revision()) {
                    let mut cells: Vec<Cell> = Vec::new();
                    for p in lock.problems() {
                        if p.cells.is_empty() {
                            cells.extend(p.pieces.iter().flat_map(|&i| lock.pieces[i].cells()));
                        } else {
                            cells.extend(p.cells.iter().copied());
                        }
                    }
                    // Problems the text has at a cell's glyph (an axis line names its axis).
                    for d in self.diagnostics.iter().filter(|d| d.is_error()) {
                        for (c, s) in &self.cells {
                            if (s.line, s.column) == (d.span.line, d.span.column) {
                                cells.push(*c);
                            }
                        }
                    }
                    cells.sort();
                    cells.dedup();
                    o.problems = cells;
                }
                if let Some(g) = &self.gesture
                    && let Some(result) = self.gesture_result(g)
                {
                    let board = &lock.board;
                    let cells: Vec<Cell> = match *g {
                        Gesture::Draw { from, to } => author::line(from, to.clamped(board))
                            .map_or(vec![from], |(a, o, n)| {
                                Piece::slider(a, o, n).cells().collect()
                            }),
                        Gesture::Stretch { piece: p, end, to } => {
                            let other = if end == p.at { p.last() } else { p.at };
                            author::line(other, to.clamped(board)).map_or_else(
                                || p.cells().collect(),
                                |(a, o, n)| Piece::slider(a, o, n).cells().collect(),
                            )
                        }
                        Gesture::Key { from, to } => {
                            let to = to.clamped(board);
                            match author::line(from, to) {
                                Some((a, o, 2)) => Piece::key(a, o).cells().collect(),
                                _ => vec![from, from.step(Dir::Right, 1).unwrap_or(from)],
                            }
                        }
                        Gesture::Move { piece: p, from, to } => {
                            let (c, r) = (
                                p.at.col as i32 + to.col - from.col,
                                p.at.row as i32 + to.row - from.row,
                            );
                            if c >= 0 && r >= 0 {
                                let mut moved = p;
                                moved.at = Cell::new(c as u8, r as u8);
                                moved.cells().collect()
                            } else {
                                Vec::new()
                            }
                        }
                        _ => Vec::new(),
                    };
                    o.preview = Some((cells, result.is_ok()));
                }
            }
            Mode::Play => {
                o.selected = self.selected;
                o.picked = lock.is_picked();
                if let Some(Gesture::Slide { piece, from, to }) = self.gesture
                    && let Some(Ok(Move::Slide { dir, distance, .. })) =
                        Editor::slide_for(lock, piece, from, to)
                    && let Some(&ghost) = lock.pieces.get(piece)
                {
                    let mut ghost = ghost;
                    if let Some(at) = ghost.at.step(dir, distance) {
                        ghost.at = at;
                        o.ghost = Some(ghost);
                    }
                }
            }
        }
        o
    }

    fn canvas_view(&self, palette: Palette) -> Element<'_, Message> {
        let Some(lock) = self.lock() else {
            let words = if self.is_read() {
                "The text has no picture of a board yet: type one, as `2 K K @`."
            } else {
                "Reading…"
            };
            return container(text(words).size(14)).center(Fill).into();
        };
        let overlay = self.overlay(lock);
        Element::from(
            canvas(SlidingCanvas {
                lock,
                overlay,
                palette,
                layers: &self.layers,
            })
            .width(Fill)
            .height(Fill),
        )
        .map(Message::Canvas)
    }

    pub fn view(&self, palette: Palette) -> Element<'_, Message> {
        match self.mode {
            Mode::Author => self.author_view(palette),
            Mode::Play => self.play_view(palette),
        }
    }

    fn author_view(&self, palette: Palette) -> Element<'_, Message> {
        let small = |label: &str| text(label.to_string()).size(13);
        let play = if self.playable && self.is_read() {
            button(small("▶ Play"))
                .on_press(Message::SetMode(Mode::Play))
                .style(button::success)
        } else {
            button(small("▶ Play")).style(button::success)
        };
        let files = row![
            play,
            button(small("Undo")).on_press(Message::Undo),
            button(small("Redo")).on_press(Message::Redo),
            button(small("Save")).on_press(Message::Save),
            button(small(if self.diffing {
                "Back"
            } else {
                "Diff with disk"
            }))
            .on_press(Message::ToggleDiff),
        ]
        .spacing(4);
        let mut tools = row![small("Tool:")]
            .spacing(4)
            .align_y(iced::Alignment::Center);
        for t in Tool::ALL {
            let b = button(small(t.label())).on_press(Message::SetTool(t));
            tools = tools.push(if t == self.tool {
                b.style(button::primary)
            } else {
                b.style(button::secondary)
            });
        }
        let board = self.board();
        let (w, h) = (board.width(), board.height());
        let size_button = |label: &'static str, width: u8, height: u8| {
            let ok = (author::MIN_SIDE..=engine::sliding::MAX_SIDE).contains(&width)
                && (author::MIN_SIDE..=engine::sliding::MAX_SIDE).contains(&height)
                && self.document.is_some();
            let b = button(text(label).size(13)).style(button::secondary);
            if ok {
                b.on_press(Message::Resize { width, height })
            } else {
                b
            }
        };
        let size = row![
            small(&format!("Board {w}×{h}")),
            size_button("− column", w.wrapping_sub(1), h),
            size_button("+ column", w + 1, h),
            size_button("− row", w, h.wrapping_sub(1)),
            size_button("+ row", w, h + 1),
        ]
        .spacing(4)
        .align_y(iced::Alignment::Center);
        let toolbar = row![files, space().width(12), tools, space().width(12), size]
            .spacing(4)
            .align_y(iced::Alignment::Center)
            .wrap();
        let verdict: Element<'_, Message> = match (&self.said, self.playable) {
            (Some(said), true) => self.verdict_view(&said.verdict),
            (_, true) if self.running.is_some() => small("The solver is looking…").into(),
            _ if self.diagnostics.iter().any(Diagnostic::is_error) => {
                small("Fix the problems to hear the solver.").into()
            }
            _ => small("").into(),
        };
        let stale = self.is_read() && self.synced != Some(self.buffer.revision());
        let mut left = column![].spacing(4).width(Length::FillPortion(3));
        if stale && self.document.is_some() {
            left = left.push(
                small("The picture does not read: the canvas shows the last one that did.")
                    .color(Color::from_rgb8(0xc0, 0x39, 0x2b)),
            );
        }
        let canvas = if self.diffing {
            crate::screen::diff_view(&self.buffer.text(), self.buffer.disk_text())
        } else {
            self.canvas_view(palette)
        };
        left = left.push(canvas);
        let source = text_editor(self.buffer.content())
            .id(SOURCE_ID)
            .font(Font::MONOSPACE)
            .size(14)
            .height(Fill)
            .on_action(Message::Source)
            .highlight_with::<LockHighlighter>(self.highlight.clone(), highlight::format);
        let problems = column(self.diagnostics.iter().map(|d| {
            let kind = if d.is_error() { "error" } else { "warning" };
            let t = text(format!(
                "{}:{}: {kind}: {}",
                d.span.line, d.span.column, d.message
            ))
            .size(13);
            if d.is_error() {
                t.color(Color::from_rgb8(0xc0, 0x39, 0x2b)).into()
            } else {
                t.into()
            }
        }))
        .spacing(2);
        let title = match self.diagnostics.len() {
            0 => "No problems".to_string(),
            1 => "1 problem".to_string(),
            n => format!("{n} problems"),
        };
        let mut right = column![
            source,
            small(&title),
            scrollable(problems).height(Length::Fixed(110.0)),
        ]
        .spacing(6)
        .width(Length::FillPortion(2));
        if let Some(prompt) = self.buffer.conflict_view() {
            right = right.push(prompt.map(Message::Buffer));
        }
        column![
            toolbar,
            verdict,
            row![left.height(Fill), right].spacing(8).height(Fill),
            small(&self.buffer.status_line()),
        ]
        .spacing(6)
        .padding(8)
        .into()
    }

    fn verdict_view<'a>(&self, verdict: &Verdict) -> Element<'a, Message> {
        let colour = match verdict {
            Verdict::Shortest { .. } => Color::from_rgb8(0x27, 0xae, 0x60),
            Verdict::Impossible { .. } | Verdict::Illegal(_) => Color::from_rgb8(0xc0, 0x39, 0x2b),
            Verdict::Stopped { .. } => Color::from_rgb8(0xb0, 0x7d, 0x10),
        };
        row![
            text(verdict.headline()).size(14).color(colour),
            text(verdict.detail()).size(14).font(Font::MONOSPACE),
        ]
        .spacing(10)
        .wrap()
        .into()
    }

    fn play_view(&self, palette: Palette) -> Element<'_, Message> {
        let small = |label: &str| text(label.to_string()).size(13);
        let Some(game) = &self.game else {
            return small("").into();
        };
        let lock = game.now();
        let axis = self
            .selected
            .filter(|&i| lock.pieces.get(i).is_some_and(|p| p.kind == Kind::Axis));
        let turn = |label: &'static str, t: Turn| {
            let b = button(text(label).size(13)).style(button::secondary);
            if axis.is_some() && !game.is_picked() {
                b.on_press(Message::Turn(t))
            } else {
                b
            }
        };
        let toolbar = row![
            button(small("✎ Author")).on_press(Message::SetMode(Mode::Author)),
            button(small("Undo")).on_press_maybe(game.can_undo().then_some(Message::Undo)),
            button(small("Redo")).on_press_maybe(game.can_redo().then_some(Message::Redo)),
            button(small("Restart")).on_press_maybe(game.can_undo().then_some(Message::Restart)),
            space().width(12),
            turn("↻ Turn clockwise", Turn::Clockwise),
            turn("↺ Turn anticlockwise", Turn::Anticlockwise),
            turn("Turn 180°", Turn::Half),
        ]
        .spacing(4)
        .align_y(iced::Alignment::Center)
        .wrap();

        let n = game.count();
        let mut panel = column![text(format!("Moves: {n}")).size(22),].spacing(8);
        if game.is_picked() {
            let shortest = self
                .said
                .as_ref()
                .filter(|s| &s.lock == game.start())
                .and_then(|s| s.verdict.shortest());
            let compared = match shortest {
                Some(best) if best == n => "That is the fewest possible.".to_string(),
                Some(best) => format!("The fewest take {best}."),
                None => String::new(),
            };
            panel = panel.push(
                container(
                    column![
                        text("Picked!").size(30),
                        text(format!(
                            "The Key touches the Keyhole after {n} move{}. {compared}",
                            if n == 1 { "" } else { "s" }
                        ))
                        .size(14),
                    ]
                    .spacing(4),
                )
                .padding(10)
                .width(Fill)
                .style(container::success),
            );
        }
        if let Some(why) = &self.refusal {
            panel = panel.push(
                container(text(why.clone()).size(14))
                    .padding(8)
                    .width(Fill)
                    .style(container::danger),
            );
        }
        let notation = game.notation();
        panel = panel
            .push(small("Moves played"))
            .push(
                text(if notation.is_empty() {
                    "none yet".to_string()
                } else {
                    notation
                })
                .font(Font::MONOSPACE)
                .size(14),
            )
            .push(
                row![
                    button(small("Copy moves"))
                        .on_press_maybe(game.can_undo().then_some(Message::CopyMoves)),
                    text_input("BC1 L1, C34 D2, Key R1", &self.moves_text)
                        .id(MOVES_ID)
                        .size(13)
                        .on_input(Message::MovesInput)
                        .on_submit(Message::LoadMoves),
                    button(small("Load moves")).on_press(Message::LoadMoves),
                ]
                .spacing(4)
                .align_y(iced::Alignment::Center),
            );

        let mut solver = column![text("Solver").size(16)].spacing(6);
        let solve_row = if self.running.is_some() {
            row![
                small("Solving…"),
                button(small("Stop")).on_press(Message::StopSolver)
            ]
        } else {
            row![
                button(small("Solve from here"))
                    .on_press_maybe((!game.is_picked()).then_some(Message::Solve))
            ]
        };
        solver = solver.push(solve_row.spacing(6).align_y(iced::Alignment::Center));
        if let Some(said) = &self.said {
            let colour = match said.verdict.as_ref() {
                Verdict::Shortest { .. } => Color::from_rgb8(0x27, 0xae, 0x60),
                Verdict::Stopped { .. } => Color::from_rgb8(0xb0, 0x7d, 0x10),
                _ => Color::from_rgb8(0xc0, 0x39, 0x2b),
            };
            let from = if &said.lock == game.start() {
                "from the start"
            } else if &said.lock == lock {
                "from here"
            } else {
                "from an earlier position"
            };
            solver = solver
                .push(
                    row![
                        text(said.verdict.headline()).size(15).color(colour),
                        small(from)
                    ]
                    .spacing(8)
                    .align_y(iced::Alignment::Center),
                )
                .push(text(said.verdict.detail()).font(Font::MONOSPACE).size(14));
            if let Verdict::Shortest { .. } = said.verdict.as_ref() {
                let next = self.next_solution_move();
                solver = solver.push(
                    row![
                        button(small("Next move"))
                            .on_press_maybe(next.is_some().then_some(Message::Step)),
                        button(small(if self.playing_back {
                            "Pause"
                        } else {
                            "Play all"
                        }))
                        .on_press_maybe(
                            (next.is_some() || self.playing_back).then_some(Message::PlayAll)
                        ),
                    ]
                    .spacing(6),
                );
            }
        }
        panel = panel.push(
            container(solver)
                .padding(8)
                .width(Fill)
                .style(container::rounded_box),
        );
        panel = panel.push(
            small(
                "Drag a piece along its line. Click an axis to turn it clockwise, right-click anticlockwise, Shift+click 180°. \
                 Keys: Tab selects, arrows slide (or turn an axis), Esc lets go, F solves, N plays the solver's next move, \
                 Ctrl+Z / Ctrl+Y undo and redo, Home restarts.",
            )
            .color(Color::from_rgb8(0x80, 0x80, 0x80)),
        );
        column![
            toolbar,
            row![
                container(self.canvas_view(palette))
                    .width(Length::FillPortion(3))
                    .height(Fill),
                scrollable(panel).width(Length::FillPortion(2)).height(Fill),
            ]
            .spacing(8)
            .height(Fill),
            small(&self.buffer.status_line()),
        ]
        .spacing(6)
        .padding(8)
        .into()
    }
}
