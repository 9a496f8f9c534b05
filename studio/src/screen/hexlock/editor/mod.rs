//! The editor: the hex canvas and the lock's source side by side, always in step.
//!
//! The source text is the truth. A canvas edit changes the lock, which is printed back into the
//! text (comments kept); a text edit is read again at once. While the text does not parse, the
//! last good picture stays on the canvas and the errors show under the source.
//!
//! Nothing slow runs in `update`: every change of the text bumps its revision and parses it in
//! the background, once, with the highlights drawn from the same parse; an answer for an older
//! revision is dropped. Files are read and written in the background too, and the buffer is
//! marked saved only when its write succeeded.

mod tools;
mod verdict;
mod view;

use crate::screen::document;
use crate::screen::editor::{Core, Editing};
use tools::Stroke;
pub use tools::Tool;
pub use verdict::Verdict;

use crate::background::{self, Generation};
use crate::hexlock::canvas::{Camera, Event2, Layers, between};
use crate::hexlock::picture::{Colouring, Overlay};
use crate::keys::Action;
use crate::screen::buffer::{self, Buffer};
use engine::Hex;
use engine::hexlock::{Lock, PieceRef};
use iced::Task;
use iced::widget::text_editor;
use lockfmt::Diagnostic;
use lockfmt::hexlock::{Document, SourceMap};
use std::path::{Path, PathBuf};

pub use crate::screen::buffer::{Conflict, read_text};
use std::sync::Arc;

/// The id of the source pane, for focus and tests.
pub const SOURCE_ID: &str = "lock-source";

/// What the text says, read in the background from one parse.
pub type Reading = crate::screen::reading::Reading<lockfmt::hexlock::HexLock>;

/// Another text the buffer is shown against: the file on disk, or another lock file.
#[derive(Clone, Debug)]
pub struct Compared {
    /// What to call it.
    pub name: String,
    /// Its text.
    pub text: String,
    /// Its lock, when it parses.
    pub lock: Option<Lock>,
}

/// The editor's messages.
#[derive(Debug, Clone)]
pub enum Message {
    Source(text_editor::Action),
    Canvas(Event2),
    Tool(Tool),
    Undo,
    Redo,
    Save,
    DeleteSelection,
    SplitSelection,
    NaturalLength(i32),
    ToggleColouring,
    /// Show or hide the buffer against the file on disk.
    ToggleDiff,
    /// Play the lock.
    Play,
    /// The text of this revision was read.
    Read(u64, Arc<Reading>),
    /// The buffer's own messages: saving, reloading, the conflict's choice.
    Buffer(buffer::Message),
    /// A text to compare the buffer with was read (asked in this generation).
    CompareRead(Generation, Result<Arc<Compared>, String>),
    /// The solver's search about the lock, or the saved solution's replay, brought something.
    Solver(verdict::Heard),
    /// A right-click on a button: rebind its key.
    Rebind(Action),
}

/// What the editor asks of the studio.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Play this lock.
    Play(Lock),
    /// Rebind this action's key (a button was right-clicked).
    Rebind(Action),
    /// The buffer was written to this file.
    Saved(PathBuf),
    /// The write failed; the buffer keeps its unsaved edits.
    SaveFailed(String),
}

/// A canvas edit whose text is being read back: if it does not read as the edited lock (the
/// buffer's own layout could not carry the change), the canonical text replaces it.
#[derive(Debug)]
struct Expected {
    revision: u64,
    lock: Lock,
    canonical: String,
}

/// The editor's state.
pub struct Editor {
    /// The text, its last reading's problems and highlights, saving and reloading.
    core: Core,
    /// The last document that parsed well enough to draw.
    document: Option<Document>,
    source_map: SourceMap,
    expected: Option<Expected>,
    tool: Tool,
    selected: Option<PieceRef>,
    /// The first click of a two-click tool (spring root, piece to move).
    pending: Option<Hex>,
    /// What a drag with the left button held does, set by the click that began it.
    stroke: Option<Stroke>,
    /// Cells a drag passed over while the text was still being read: painted once it is.
    stroke_cells: Vec<Hex>,
    /// Whether the click or drag under way has made its undo step: the rest of one stroke
    /// goes into that step, so that one undo takes back the whole stroke.
    stroke_stepped: bool,
    /// Set while a stroke's drag edits the lock, so that the edit joins the stroke's step.
    stroke_continues: bool,
    camera: Camera,
    colouring: Colouring,
    /// The text the buffer is shown against, when the comparison is open.
    compared: Option<Compared>,
    /// Asks for another file to compare with: an answer of an older one is dropped.
    compare_reads: Generation,
    /// What the canvas draws over the lock, kept between changes.
    overlay: Overlay,
    /// The canvas's cached layers, and the diff view's two.
    layers: Layers,
    compared_layers: [Layers; 2],
    /// The cells that differ between the compared text and the buffer.
    compared_overlay: Overlay,
    /// The solver's word on the lock.
    solver: verdict::Solver,
}

impl Editor {
    /// An editor on some text, from a file or not; the text is read in the background.
    pub fn new(path: Option<PathBuf>, text: &str) -> (Editor, Task<Message>) {
        Editor::on(Buffer::new(path, text))
    }

    /// An editor on a file's text with unsaved edits restored over it (from the recovery
    /// folder): the restored text is the buffer, one undo away from the file's.
    pub fn restored(path: Option<PathBuf>, disk: &str, restored: &str) -> (Editor, Task<Message>) {
        Editor::on(Buffer::restored(path, disk, restored))
    }

    fn on(buffer: Buffer) -> (Editor, Task<Message>) {
        let mut e = Editor {
            core: Core::new(buffer),
            document: None,
            source_map: SourceMap::default(),
            expected: None,
            tool: Tool::Select,
            selected: None,
            pending: None,
            stroke: None,
            stroke_cells: Vec::new(),
            stroke_stepped: false,
            stroke_continues: false,
            camera: Camera::default(),
            colouring: Colouring::ByKind,
            compared: None,
            compare_reads: Generation::default(),
            overlay: Overlay::default(),
            layers: Layers::default(),
            compared_layers: Default::default(),
            compared_overlay: Overlay::default(),
            solver: verdict::Solver::default(),
        };
        let task = e.read();
        (e, task)
    }

    /// The lock on the canvas: the last one the text gave.
    pub fn lock(&self) -> Option<&Lock> {
        self.document.as_ref().map(|d| &d.lock)
    }

    /// The current tool.
    pub fn tool(&self) -> Tool {
        self.tool
    }

    /// An outside change waiting for the user's choice.
    pub fn conflict(&self) -> Option<&Conflict> {
        self.core.buffer.conflict()
    }

    /// Whether the buffer is shown against another text.
    pub fn is_comparing(&self) -> bool {
        self.compared.is_some()
    }

    /// The solver's word on the lock the text gives now, once it has one.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.solver.verdict()
    }

    /// The colouring of pieces.
    pub fn colouring(&self) -> Colouring {
        self.colouring
    }

    /// Reads the current text in the background.
    fn read(&mut self) -> Task<Message> {
        let revision = self.core.buffer.revision();
        let text = self.core.buffer.text();
        background::run(
            move || Reading::of(&text),
            move |r| Message::Read(revision, Arc::new(r)),
        )
    }

    /// Replaces the whole text, as one undoable step, and reads it.
    fn set_text(&mut self, text: &str) -> Task<Message> {
        if self.core.buffer.set_text(text) {
            self.read()
        } else {
            Task::none()
        }
    }

    /// Shows the buffer against another lock file, read in the background.
    pub fn compare_with(&mut self, path: PathBuf) -> Task<Message> {
        let asked = self.compare_reads.advance();
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        background::run(
            move || read_text(&path).map(|text| Arc::new(compared(name, text))),
            move |r| Message::CompareRead(asked, r),
        )
    }

    /// The editor's message for a key action, if the editor has one.
    pub fn message_for(action: Action) -> Option<Message> {
        Some(match action {
            Action::Save => Message::Save,
            Action::Undo => Message::Undo,
            Action::Redo => Message::Redo,
            Action::Delete => Message::DeleteSelection,
            Action::Colours => Message::ToggleColouring,
            Action::Play => Message::Play,
            Action::ToolSelect => Message::Tool(Tool::Select),
            Action::ToolBlock => Message::Tool(Tool::Block),
            Action::ToolErase => Message::Tool(Tool::Erase),
            Action::ToolBall => Message::Tool(Tool::Ball),
            Action::ToolPivot => Message::Tool(Tool::Pivot),
            Action::ToolSpring => Message::Tool(Tool::Spring),
            Action::ToolHook => Message::Tool(Tool::Hook),
            Action::ToolWrench => Message::Tool(Tool::Wrench),
            Action::ToolMove => Message::Tool(Tool::Move),
            _ => return None,
        })
    }

    /// Applies a canvas edit to the lock and writes it back into the text.
    fn edit_lock(&mut self, f: impl FnOnce(&mut Lock) -> Result<(), String>) -> Task<Message> {
        if !self.is_read() {
            self.core
                .buffer
                .say("a moment: the text is still being read");
            return Task::none();
        }
        let Some(mut doc) = self.document.clone() else {
            return Task::none();
        };
        if self
            .core
            .diagnostics
            .iter()
            .any(|d| d.is_error() && d.code == "syntax")
        {
            self.core
                .buffer
                .say("fix the text's syntax errors before editing on the canvas");
            return Task::none();
        }
        let before = lockfmt::hexlock::print_document(&doc);
        if let Err(why) = f(&mut doc.lock) {
            self.core.buffer.say(why);
            return Task::none();
        }
        let after = lockfmt::hexlock::print_document(&doc);
        // Keep the buffer's own layout where the change does not reach; the reading checks
        // that the result is the edited lock, else the canonical text replaces it.
        let text = lockfmt::diff::carry_over(&self.core.buffer.text(), &before, &after)
            .unwrap_or_else(|| after.clone());
        self.core.buffer.say("");
        let lock = doc.lock.clone();
        // The canvas shows the edit at once; the text's problems follow from its reading.
        self.document = Some(doc);
        self.lock_changed();
        let task = if self.stroke_continues && self.stroke_stepped {
            self.core.buffer.replace_last(&text);
            self.read()
        } else {
            self.set_text(&text)
        };
        self.stroke_stepped = true;
        self.expected = Some(Expected {
            revision: self.core.buffer.revision(),
            lock,
            canonical: after,
        });
        task
    }

    /// Handles a message; may ask the studio to do something.
    pub fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        let answer = self.step(message);
        self.redraw();
        answer
    }

    /// The lock changed: its picture, and the comparison's, are drawn again.
    fn lock_changed(&mut self) {
        self.layers.lock_changed();
        self.compare_changed();
    }

    /// The comparison or the buffer changed: the diff view's pictures are drawn again.
    fn compare_changed(&mut self) {
        for l in &self.compared_layers {
            l.clear();
        }
        self.compared_overlay = match (
            self.compared.as_ref().and_then(|c| c.lock.as_ref()),
            self.lock(),
        ) {
            (Some(theirs), Some(mine)) => Overlay {
                selected: changed_cells(theirs, mine),
                ..Overlay::default()
            },
            _ => Overlay::default(),
        };
    }

    /// Brings the overlay up to date, clearing its layer only when it changed.
    fn redraw(&mut self) {
        let overlay = self.compute_overlay();
        if overlay != self.overlay {
            self.overlay = overlay;
            self.layers.overlay_changed();
        }
    }

    fn step(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        let task = match message {
            Message::Source(action) => self.source_action(action),
            Message::Canvas(Event2::Panned(pan)) => {
                self.camera.pan = pan;
                Task::none()
            }
            Message::Canvas(Event2::Zoomed(zoom)) => {
                self.camera.zoom = zoom;
                Task::none()
            }
            Message::Canvas(Event2::Clicked(cell)) => self.click(cell),
            Message::Canvas(Event2::Dragged { from, to }) => {
                if self.stroke.is_some() {
                    self.stroke_cells.extend(between(from, to));
                }
                self.paint_stroke()
            }
            Message::Tool(tool) => {
                self.tool = tool;
                self.pending = None;
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
            Message::Buffer(m) => {
                let (task, filed) = self.buffer_update(m);
                return (task, filed.map(Event::from));
            }
            Message::DeleteSelection => match self.selected.take() {
                Some(piece) => self.edit_lock(|l| {
                    crate::hexlock::edit::delete_piece(l, piece);
                    Ok(())
                }),
                None => Task::none(),
            },
            Message::SplitSelection => match self.selected {
                Some(PieceRef::Block(n)) => self.edit_lock(|l| {
                    if crate::hexlock::edit::split_block(l, n).is_empty() {
                        Err(format!("block {n} is already in one piece"))
                    } else {
                        Ok(())
                    }
                }),
                _ => Task::none(),
            },
            Message::NaturalLength(delta) => match self.pending.or(self.selected_cell()) {
                Some(cell) => self.edit_lock(|l| {
                    let i = l
                        .springs
                        .iter()
                        .position(|s| s.root_cell == cell || s.end_cell == cell);
                    match i {
                        Some(i) if crate::hexlock::edit::adjust_natural_length(l, i, delta) => {
                            Ok(())
                        }
                        Some(_) => Err("that is as far as the natural length goes".into()),
                        None => Err("select a piece with a spring attached".into()),
                    }
                }),
                None => Task::none(),
            },
            Message::ToggleColouring => {
                self.colouring = match self.colouring {
                    Colouring::ByKind => Colouring::Distinct,
                    Colouring::Distinct => Colouring::ByKind,
                };
                Task::none()
            }
            Message::Read(revision, reading) => self.read_done(revision, &reading),
            Message::Solver(heard) => {
                self.solver.update(heard);
                Task::none()
            }
            Message::ToggleDiff => {
                if self.compared.take().is_some() {
                    self.compare_reads.advance();
                    Task::none()
                } else {
                    let asked = self.compare_reads.advance();
                    let text = self.core.buffer.disk_text().to_string();
                    background::run(
                        move || Ok(Arc::new(compared("on disk".into(), text))),
                        move |r| Message::CompareRead(asked, r),
                    )
                }
            }
            Message::CompareRead(asked, result) => {
                if self.compare_reads.is_current(asked) {
                    match result {
                        Ok(c) => {
                            self.compared = Some((*c).clone());
                            self.compare_changed();
                        }
                        Err(why) => self.core.buffer.say(why),
                    }
                }
                Task::none()
            }
            Message::Rebind(a) => return (Task::none(), Some(Event::Rebind(a))),
            Message::Play => {
                if !self.is_read() {
                    self.core
                        .buffer
                        .say("a moment: the text is still being read");
                } else if self.core.diagnostics.iter().any(Diagnostic::is_error) {
                    self.core
                        .buffer
                        .say("fix the lock's problems before playing it");
                } else if let Some(lock) = self.lock() {
                    return (Task::none(), Some(Event::Play(lock.clone())));
                }
                Task::none()
            }
        };
        (task, None)
    }

    /// A reading arrived: current ones replace what the editor shows.
    fn read_done(&mut self, revision: u64, reading: &Reading) -> Task<Message> {
        if revision != self.core.buffer.revision() {
            return Task::none();
        }
        if let Some(expected) = self.expected.take()
            && expected.revision == revision
            && reading.document.as_ref().map(|d| &d.lock) != Some(&expected.lock)
        {
            // The buffer's layout could not carry the edit: write the canonical text instead,
            // in place of the carried one (the same undo step).
            self.core.buffer.replace_last(&expected.canonical);
            return self.read();
        }
        self.core.took(revision, reading);
        if let Some(doc) = &reading.document {
            if self.document.as_ref().map(|d| &d.lock) != Some(&doc.lock) {
                self.document = Some(doc.clone());
                self.lock_changed();
            } else {
                self.document = Some(doc.clone());
            }
            self.source_map = reading.source_map.clone();
        }
        let asked = self.ask_solver();
        Task::batch([asked, self.paint_stroke()])
    }

    /// The saved solution beside the lock may have changed (a solution saved from play): it is
    /// replayed again, with the solver asked again.
    pub fn solution_changed(&mut self) -> Task<Message> {
        self.solver.forget();
        self.ask_solver()
    }

    /// Asks the solver about the lock the text gives, when it gives one that plays.
    fn ask_solver(&mut self) -> Task<Message> {
        let playable = !self.core.diagnostics.iter().any(Diagnostic::is_error);
        match self.document.as_ref().map(|d| &d.lock) {
            Some(lock) if playable => {
                let path = self.core.buffer.path().map(Path::to_path_buf);
                self.solver.ask(lock, path).map(Message::Solver)
            }
            _ => {
                self.solver.forget();
                Task::none()
            }
        }
    }

    /// Whether Spring − and Spring + have a piece to work on: the one a spring is being drawn
    /// from, or the one selected.
    fn springable(&self) -> bool {
        self.pending.is_some() || self.selected.is_some()
    }

    fn selected_cell(&self) -> Option<Hex> {
        let lock = self.lock()?;
        let piece = self.selected?;
        lock.pieces()
            .into_iter()
            .find(|(p, _)| *p == piece)
            .and_then(|(_, cells)| cells.first().copied())
    }
}

fn compared(name: String, text: String) -> Compared {
    let lock = lockfmt::hexlock::parse(&text).document.map(|d| d.lock);
    Compared { name, text, lock }
}

/// The cells whose piece differs between two locks, and the runs of springs that differ.
pub fn changed_cells(old: &Lock, new: &Lock) -> Vec<Hex> {
    let (a, b) = (old.occupancy(), new.occupancy());
    let mut cells: Vec<Hex> = a
        .keys()
        .chain(b.keys())
        .copied()
        .filter(|c| a.get(c) != b.get(c))
        .collect();
    for s in old
        .springs
        .iter()
        .filter(|s| !new.springs.contains(s))
        .chain(new.springs.iter().filter(|s| !old.springs.contains(s)))
    {
        cells.extend([s.root_cell, s.end_cell]);
    }
    cells.sort();
    cells.dedup();
    cells
}

crate::screen::editor::editing_events!();

impl Editing for Editor {
    crate::screen::editor::editing_plumbing!(crate::family::Family::HexLock);

    /// The title: the lock's name.
    fn title(&self) -> String {
        self.lock().map(|l| l.info.name.clone()).unwrap_or_default()
    }

    fn studio_event(event: Event) -> Option<document::Event> {
        Some(match event {
            Event::Play(lock) => document::Event::PlayLock(Box::new(lock)),
            Event::Rebind(a) => document::Event::Rebind(a),
            Event::Saved(p) => document::Event::Saved(p),
            Event::SaveFailed(w) => document::Event::SaveFailed(w),
        })
    }

    fn solution_changed(&mut self) -> Task<Message> {
        Editor::solution_changed(self)
    }

    fn show(&self, dark: bool) -> iced::Element<'_, Message> {
        self.view(crate::hexlock::picture::Palette::of_theme(dark))
    }

    fn compare_with(&mut self, path: PathBuf) -> Task<Message> {
        Editor::compare_with(self, path)
    }

    fn export_picture(&self, dark: bool, width: u32) -> Option<document::DrawPicture> {
        let lock = self.lock()?.clone();
        let palette = crate::hexlock::picture::Palette::of_theme(dark);
        Some(Box::new(move || {
            crate::hexlock::render::png(
                &lock,
                width,
                crate::hexlock::picture::Colouring::ByKind,
                &palette,
            )
        }))
    }
}

#[cfg(test)]
mod tests;
