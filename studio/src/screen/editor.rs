//! The editor core every family's editor embeds: its text buffer (the file, the text and its
//! revision, saving, discarding, reloading and the conflict with a change on disk) and the
//! reading of that text, with the problems and highlights it gives. A family's editor holds a
//! [`Buffer`], implements the few required items of [`Editing`] and supplies only its canvas,
//! tools and verdict line; everything the studio asks of an open file, whatever its family,
//! comes from the provided methods.

use crate::highlight;
use crate::keys::Action;
use crate::screen::buffer::{self, Buffer};
use crate::screen::document::{self, DrawPicture};
use crate::screen::source_pane;
use iced::widget::text_editor;
use iced::{Element, Subscription, Task};
use lockfmt::{Diagnostic, Format};
use std::path::{Path, PathBuf};

/// The state every family's editor embeds: the text buffer and what the last reading of it
/// said (its revision, its problems, its highlights).
pub struct Core {
    /// The text, its file, undo and redo, saving and reloading.
    pub buffer: Buffer,
    /// The revision the problems and highlights (and the family's document) belong to.
    pub read_revision: u64,
    /// The problems of the text last read.
    pub diagnostics: Vec<Diagnostic>,
    /// The source pane's highlights of the text last read.
    pub highlight: highlight::Settings,
    /// Whether the main area shows the buffer against the file on disk (for editors that show
    /// a line diff there).
    pub diffing: bool,
}

impl Core {
    /// A core on a buffer not yet read.
    pub fn new(buffer: Buffer) -> Core {
        Core {
            buffer,
            read_revision: u64::MAX,
            diagnostics: Vec::new(),
            highlight: highlight::Settings::default(),
            diffing: false,
        }
    }

    /// Works out the diff with disk the main area is to show, when it is wanted and not ready
    /// nor under way (see [`Buffer::diff_task`]).
    pub fn diff_task(&mut self, family: crate::family::Family) -> Task<buffer::Message> {
        self.buffer.diff_task(family, self.diffing)
    }

    /// The editor's main area: the buffer against the disk when it is to be compared (the
    /// user asked, or a conflict is being compared), else `main`.
    pub fn diff_or<'a, M: 'a>(&self, main: Element<'a, M>) -> Element<'a, M> {
        self.buffer.diff_or(self.diffing, main)
    }

    /// Takes a reading of revision `revision` when it is the buffer's current one (its
    /// problems and highlights); false, and nothing taken, when the text changed since.
    pub fn took<F: Format>(
        &mut self,
        revision: u64,
        reading: &crate::screen::reading::Reading<F>,
    ) -> bool {
        if revision != self.buffer.revision() {
            return false;
        }
        self.read_revision = revision;
        self.diagnostics = reading.diagnostics.clone();
        self.highlight = reading.highlight.clone();
        true
    }
}

/// What the buffer says of a write, for the family's editor to pass on as its event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Filed {
    /// The buffer was written to this file.
    Saved(PathBuf),
    /// The write failed; the buffer keeps its unsaved edits.
    SaveFailed(String),
}

/// A family's editor, as the studio drives it.
pub trait Editing: 'static {
    /// An editor on a file's text (`path`, `disk`, `text`): with `disk`, the text is unsaved
    /// edits restored over the file's text.
    fn opened(on: (Option<PathBuf>, Option<&str>, &str)) -> (Self, Task<Self::Message>)
    where
        Self: Sized;

    /// The editor's own message.
    type Message: Clone + std::fmt::Debug + Send + 'static;
    /// What the editor asks of the studio.
    type Event;

    /// The widget id of the editor's source text (for its focus and its pane's scrolling).
    const SOURCE_ID: &'static str;

    /// The editor's core: its buffer and its last reading.
    fn core(&self) -> &Core;
    /// The editor's core, to change.
    fn core_mut(&mut self) -> &mut Core;
    /// The buffer's message, as the editor's.
    fn buffer_message(message: buffer::Message) -> Self::Message;
    /// Reads the buffer's text in the background (the family's parse, highlights and
    /// verdicts), its answer carrying the revision read.
    fn read(&mut self) -> Task<Self::Message>;
    /// The puzzle's title, as the window shows it.
    fn title(&self) -> String;
    /// Takes a message: what to do next, and what the studio must act on.
    fn handle(&mut self, message: Self::Message) -> (Task<Self::Message>, Option<Self::Event>);
    /// The editor's event as the studio's (`None` for one the editor's screen says itself).
    fn studio_event(event: Self::Event) -> Option<document::Event>;
    /// The editor's screen, in the dark theme's colours or the light one's.
    fn show(&self, dark: bool) -> Element<'_, Self::Message>;
    /// The editor's message for a key action, if it has one.
    fn action_message(&self, action: Action) -> Option<Self::Message>;
    /// The puzzle drawn as PNG bytes `width` pixels wide, for work off the UI thread; `None`
    /// while the text gives no puzzle to draw.
    fn export_picture(&self, dark: bool, width: u32) -> Option<DrawPicture>;

    /// The editor's message for a plain key (no ctrl, alt or logo key), for screens that take
    /// a game's own keys when the source pane does not hold the focus. None by default.
    fn key_message(&self, _key: &iced::keyboard::Key) -> Option<Self::Message> {
        None
    }

    /// Where the game played in the editor stands, when one is (families played on a screen
    /// of their own have none here).
    fn game_now(&self) -> Option<crate::progress::Now> {
        None
    }

    /// Takes up a game left earlier in the editor's play; false when it does not play here.
    fn resume(&mut self, _play: &crate::progress::Play) -> bool {
        false
    }

    /// Shows the buffer against another file of the family. Nothing by default: such an
    /// editor shows a line diff with the disk.
    fn compare_with(&mut self, _path: PathBuf) -> Task<Self::Message> {
        Task::none()
    }

    /// The solution file beside the puzzle may have changed: an editor that replays it reads
    /// it again. Nothing by default.
    fn solution_changed(&mut self) -> Task<Self::Message> {
        Task::none()
    }

    /// What the editor listens to (a solution playing itself back). Nothing by default.
    fn subscription(&self) -> Subscription<Self::Message> {
        Subscription::none()
    }

    /// The text buffer.
    fn buffer(&self) -> &Buffer {
        &self.core().buffer
    }

    /// The text buffer, to change.
    fn buffer_mut(&mut self) -> &mut Buffer {
        &mut self.core_mut().buffer
    }

    /// The problems of the text last read.
    fn diagnostics(&self) -> &[Diagnostic] {
        &self.core().diagnostics
    }

    /// The file, if the buffer has one.
    fn path(&self) -> Option<&Path> {
        self.buffer().path()
    }

    /// The file was renamed.
    fn set_path(&mut self, path: PathBuf) {
        self.buffer_mut().set_path(path);
    }

    /// The buffer's text.
    fn text(&self) -> String {
        self.buffer().text()
    }

    /// Whether the buffer differs from the file.
    fn is_dirty(&self) -> bool {
        self.buffer().is_dirty()
    }

    /// Whether the text on screen has been read (its problems and picture are current).
    fn is_read(&self) -> bool {
        self.core().read_revision == self.buffer().revision()
    }

    /// The last thing the editor said.
    fn status(&self) -> &str {
        self.buffer().status()
    }

    /// Writes the buffer to its file in the background.
    fn save(&mut self) -> Task<Self::Message> {
        self.buffer_mut().save().map(Self::buffer_message)
    }

    /// The file on disk changed: read it again in the background.
    fn reload(&mut self) -> Task<Self::Message> {
        self.buffer_mut().reload().map(Self::buffer_message)
    }

    /// Drops the unsaved edits: the text is the file's again, and is read.
    fn discard(&mut self) -> Task<Self::Message> {
        if self.buffer_mut().discard() {
            self.read()
        } else {
            Task::none()
        }
    }

    /// A message of the buffer's: a changed text is read again; a write, done or failed, is
    /// given back for the editor to say as its event.
    fn buffer_update(&mut self, message: buffer::Message) -> (Task<Self::Message>, Option<Filed>) {
        match self.buffer_mut().update(message) {
            Some(buffer::Event::Changed) => (self.read(), None),
            Some(buffer::Event::Saved(path)) => (Task::none(), Some(Filed::Saved(path))),
            Some(buffer::Event::SaveFailed(why)) => (Task::none(), Some(Filed::SaveFailed(why))),
            Some(buffer::Event::Jumped) => (
                Task::batch([
                    iced::widget::operation::focus(Self::SOURCE_ID),
                    source_pane::follow(self.buffer(), Self::SOURCE_ID),
                ]),
                None,
            ),
            None => (Task::none(), None),
        }
    }

    /// An action in the source pane: a changed text is read again, and the pane keeps the
    /// cursor in sight when a key moved it (a click or a drag puts it where the user sees).
    fn source_action(&mut self, action: text_editor::Action) -> Task<Self::Message> {
        use text_editor::Action as A;
        let keyed = !matches!(action, A::Click(_) | A::Drag(_) | A::Scroll { .. });
        let read = if self.buffer_mut().perform(action) {
            self.read()
        } else {
            Task::none()
        };
        if keyed {
            Task::batch([read, source_pane::follow(self.buffer(), Self::SOURCE_ID)])
        } else {
            read
        }
    }
}

/// The items of [`Editing`] every family's editor writes alike, for an editor of `$family` named
/// `Editor` with a `core` field, a `Message::Buffer` variant, and its own `new`, `restored`,
/// `read`, `update` and `message_for`; and the family's `Event` from a [`Filed`] (its `Saved`
/// and `SaveFailed`). Used inside `impl Editing for Editor`, after `Event`'s conversion is made
/// with `editing_events!()`. After every message, the diff with disk the main area is to show
/// is asked for, whatever changed it (the text, the file, a conflict, the wish to compare).
macro_rules! editing_plumbing {
    ($family:expr) => {
        type Message = Message;
        type Event = Event;
        const SOURCE_ID: &'static str = SOURCE_ID;

        fn opened(
            (path, disk, text): (Option<std::path::PathBuf>, Option<&str>, &str),
        ) -> (Editor, iced::Task<Message>) {
            match disk {
                Some(disk) => Editor::restored(path, disk, text),
                None => Editor::new(path, text),
            }
        }

        fn core(&self) -> &$crate::screen::editor::Core {
            &self.core
        }

        fn core_mut(&mut self) -> &mut $crate::screen::editor::Core {
            &mut self.core
        }

        fn buffer_message(message: $crate::screen::buffer::Message) -> Message {
            Message::Buffer(message)
        }

        fn read(&mut self) -> iced::Task<Message> {
            Editor::read(self)
        }

        fn handle(&mut self, message: Message) -> (iced::Task<Message>, Option<Event>) {
            let (task, event) = self.update(message);
            let diff = self.core.diff_task($family).map(Message::Buffer);
            (iced::Task::batch([task, diff]), event)
        }

        fn action_message(&self, action: $crate::keys::Action) -> Option<Message> {
            Editor::message_for(action)
        }
    };
}
pub(crate) use editing_plumbing;

/// A family's `Event` from what the buffer says of a write: its `Saved` and `SaveFailed`.
macro_rules! editing_events {
    () => {
        impl From<$crate::screen::editor::Filed> for Event {
            fn from(filed: $crate::screen::editor::Filed) -> Event {
                match filed {
                    $crate::screen::editor::Filed::Saved(path) => Event::Saved(path),
                    $crate::screen::editor::Filed::SaveFailed(why) => Event::SaveFailed(why),
                }
            }
        }
    };
}
pub(crate) use editing_events;
