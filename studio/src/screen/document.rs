//! The open file, whatever its family: the root holds one [`Document`] and asks it what every
//! family's editor can say (its file, its text, whether it is saved) while each family's editor
//! keeps its own state, messages and view. The document names no family: an editor is any
//! [`Editing`], reached through [`Open`], and its messages travel as a [`Message`] that only
//! the editor of their own type takes back. Which editor a family opens with is
//! [`crate::screen::editor_of`], the studio's one entry per family.

use crate::family::Family;
use crate::keys::Action;
use crate::screen::editor::Editing;
use engine::hexlock::Lock;
use engine::nonogram::Puzzle;
use iced::{Element, Subscription, Task};
use std::any::Any;
use std::fmt;
use std::path::{Path, PathBuf};

/// The open file's editor.
pub struct Document {
    editor: Box<dyn Open>,
}

/// A family editor's message, whatever its type: the editor it came from takes it back, and
/// the editor of another file, opened since, sets it aside.
pub struct Message(Box<dyn Carried>);

impl Message {
    /// An editor's own message, as the studio carries it.
    pub fn new<M: Clone + fmt::Debug + Send + 'static>(message: M) -> Message {
        Message(Box::new(message))
    }

    /// The editor's own message, when it is of type `M`.
    pub fn get<M: 'static>(&self) -> Option<&M> {
        self.0.as_any().downcast_ref()
    }

    fn take<M: 'static>(self) -> Option<M> {
        self.0.into_any().downcast().ok().map(|m| *m)
    }
}

impl Clone for Message {
    fn clone(&self) -> Message {
        Message(self.0.clone_box())
    }
}

impl fmt::Debug for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// What a message must be for the studio to carry it without knowing its type.
trait Carried: fmt::Debug + Send {
    fn clone_box(&self) -> Box<dyn Carried>;
    fn as_any(&self) -> &dyn Any;
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
}

impl<M: Clone + fmt::Debug + Send + 'static> Carried for M {
    fn clone_box(&self) -> Box<dyn Carried> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

/// What the open file's editor asks of the studio.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Play this lock.
    PlayLock(Box<Lock>),
    /// Play this nonogram.
    PlayNonogram(Box<Puzzle>),
    /// Rebind this action's key: one of the editor's buttons was right-clicked.
    Rebind(Action),
    /// The buffer was written to this file.
    Saved(PathBuf),
    /// The write failed; the buffer keeps its unsaved edits.
    SaveFailed(String),
}

/// Opens an editor of one family on a file's text (`path`, the file's `disk` text when unsaved
/// edits are restored over it, the `text`): [`opener`] of the family's editor type.
pub type Opener = fn(Option<PathBuf>, Option<&str>, &str) -> (Document, Task<Message>);

/// The [`Opener`] of editor type `E`.
pub fn opener<E: Editing>(
    path: Option<PathBuf>,
    disk: Option<&str>,
    text: &str,
) -> (Document, Task<Message>) {
    let (editor, task) = E::opened((path, disk, text));
    (
        Document {
            editor: Box::new(editor),
        },
        task.map(Message::new),
    )
}

/// An editor as the document drives it, its messages carried as [`Message`]s: every
/// [`Editing`] is one.
trait Open {
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn path(&self) -> Option<&Path>;
    fn set_path(&mut self, path: PathBuf);
    fn text(&self) -> String;
    fn game_now(&self) -> Option<crate::progress::Now>;
    fn resume(&mut self, play: &crate::progress::Play) -> bool;
    fn is_dirty(&self) -> bool;
    fn status(&self) -> &str;
    fn said(&self) -> (u64, &str);
    fn title(&self) -> String;
    fn save(&mut self) -> Task<Message>;
    fn discard(&mut self) -> Task<Message>;
    fn reload(&mut self) -> Task<Message>;
    fn compare_with(&mut self, path: PathBuf) -> Task<Message>;
    fn solution_changed(&mut self) -> Task<Message>;
    fn key_message(&self, key: &iced::keyboard::Key) -> Option<Message>;
    fn action_message(&self, action: Action) -> Option<Message>;
    fn subscription(&self) -> Subscription<Message>;
    fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>);
    fn view(&self, dark: bool) -> Element<'_, Message>;
    fn picture(&self, dark: bool, width: u32) -> Option<DrawPicture>;
}

impl<E: Editing> Open for E {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
    fn path(&self) -> Option<&Path> {
        Editing::path(self)
    }
    fn set_path(&mut self, path: PathBuf) {
        Editing::set_path(self, path)
    }
    fn text(&self) -> String {
        Editing::text(self)
    }
    fn game_now(&self) -> Option<crate::progress::Now> {
        Editing::game_now(self)
    }
    fn resume(&mut self, play: &crate::progress::Play) -> bool {
        Editing::resume(self, play)
    }
    fn is_dirty(&self) -> bool {
        Editing::is_dirty(self)
    }
    fn status(&self) -> &str {
        Editing::status(self)
    }
    fn said(&self) -> (u64, &str) {
        self.buffer().said()
    }
    fn title(&self) -> String {
        Editing::title(self)
    }
    fn save(&mut self) -> Task<Message> {
        Editing::save(self).map(Message::new)
    }
    fn discard(&mut self) -> Task<Message> {
        Editing::discard(self).map(Message::new)
    }
    fn reload(&mut self) -> Task<Message> {
        Editing::reload(self).map(Message::new)
    }
    fn compare_with(&mut self, path: PathBuf) -> Task<Message> {
        Editing::compare_with(self, path).map(Message::new)
    }
    fn solution_changed(&mut self) -> Task<Message> {
        Editing::solution_changed(self).map(Message::new)
    }
    fn key_message(&self, key: &iced::keyboard::Key) -> Option<Message> {
        Editing::key_message(self, key).map(Message::new)
    }
    fn action_message(&self, action: Action) -> Option<Message> {
        Editing::action_message(self, action).map(Message::new)
    }
    fn subscription(&self) -> Subscription<Message> {
        Editing::subscription(self).map(Message::new)
    }
    fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        // A message for the editor of a file no longer open.
        let Some(message) = message.take::<E::Message>() else {
            return (Task::none(), None);
        };
        let (task, event) = self.handle(message);
        (task.map(Message::new), event.and_then(E::studio_event))
    }
    fn view(&self, dark: bool) -> Element<'_, Message> {
        self.show(dark).map(Message::new)
    }
    fn picture(&self, dark: bool, width: u32) -> Option<DrawPicture> {
        self.export_picture(dark, width)
    }
}

impl Document {
    /// An editor of `family` on a file's text.
    pub fn open(family: Family, path: Option<PathBuf>, text: &str) -> (Document, Task<Message>) {
        crate::screen::editor_of(family)(path, None, text)
    }

    /// The untitled buffer the studio shows before any file is open: a blank puzzle of the
    /// studio's first family (the only buffer that has no file).
    pub fn untitled() -> Document {
        Document::open(crate::family::FAMILIES[0].family, None, "").0
    }

    /// An editor of `family` with unsaved edits restored over a file's text.
    pub fn restored(
        family: Family,
        path: Option<PathBuf>,
        disk: &str,
        restored: &str,
    ) -> (Document, Task<Message>) {
        crate::screen::editor_of(family)(path, Some(disk), restored)
    }

    /// The editor, when it is of type `E` (the file is of `E`'s family).
    pub fn editor<E: Editing>(&self) -> Option<&E> {
        self.editor.as_any().downcast_ref()
    }

    /// The editor, to change, when it is of type `E`.
    pub fn editor_mut<E: Editing>(&mut self) -> Option<&mut E> {
        self.editor.as_any_mut().downcast_mut()
    }

    /// The file, if it has one.
    pub fn path(&self) -> Option<&Path> {
        self.editor.path()
    }

    /// The file was renamed.
    pub fn set_path(&mut self, path: PathBuf) {
        self.editor.set_path(path)
    }

    /// The buffer's text.
    pub fn text(&self) -> String {
        self.editor.text()
    }

    /// Where the game played in the editor stands, when one is (a game played inside its
    /// editor; families played on screens of their own have none here).
    pub fn game_now(&self) -> Option<crate::progress::Now> {
        self.editor.game_now()
    }

    /// Takes up a game left earlier in the editor's play; false when it does not play here.
    pub fn resume(&mut self, play: &crate::progress::Play) -> bool {
        self.editor.resume(play)
    }

    /// Whether the buffer differs from the file.
    pub fn is_dirty(&self) -> bool {
        self.editor.is_dirty()
    }

    /// The last thing the editor said.
    pub fn status(&self) -> &str {
        self.editor.status()
    }

    /// How many times the editor has spoken, and its last word while it stands.
    pub fn said(&self) -> (u64, &str) {
        self.editor.said()
    }

    /// The title of the window: the puzzle's name.
    pub fn title(&self) -> String {
        self.editor.title()
    }

    /// Writes the buffer to its file in the background.
    pub fn save(&mut self) -> Task<Message> {
        self.editor.save()
    }

    /// Drops the unsaved edits.
    pub fn discard(&mut self) -> Task<Message> {
        self.editor.discard()
    }

    /// The file on disk changed: read it again in the background.
    pub fn reload(&mut self) -> Task<Message> {
        self.editor.reload()
    }

    /// Shows the buffer against another file of its family (an editor that shows only a line
    /// diff with the disk does nothing).
    pub fn compare_with(&mut self, path: PathBuf) -> Task<Message> {
        self.editor.compare_with(path)
    }

    /// The solution file beside the puzzle may have changed: an editor that replays it reads
    /// it again.
    pub fn solution_changed(&mut self) -> Task<Message> {
        self.editor.solution_changed()
    }

    /// The editor's message for a plain key (no ctrl, alt or logo key), for screens that take
    /// a game's own keys when the source pane does not hold the focus.
    pub fn message_for_key(&self, key: &iced::keyboard::Key) -> Option<Message> {
        self.editor.key_message(key)
    }

    /// The editor's message for a key action, if it has one.
    pub fn message_for(&self, action: Action) -> Option<Message> {
        self.editor.action_message(action)
    }

    /// What the open file's editor listens to (a solution playing itself back).
    pub fn subscription(&self) -> Subscription<Message> {
        self.editor.subscription()
    }

    pub fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        self.editor.update(message)
    }

    pub fn view(&self, dark: bool) -> Element<'_, Message> {
        self.editor.view(dark)
    }

    /// Draws the open puzzle as PNG bytes `width` pixels wide, for work off the UI thread, as
    /// its family draws it; `None` while the text gives no puzzle to draw.
    pub fn picture(&self, dark: bool, width: u32) -> Option<DrawPicture> {
        self.editor.picture(dark, width)
    }
}

/// A picture to be drawn off the UI thread: [`Document::picture`].
pub type DrawPicture = Box<dyn FnOnce() -> anyhow::Result<Vec<u8>> + Send>;
