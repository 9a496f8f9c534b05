//! The editor core every family's editor embeds: its text buffer (the file, the text and its
//! revision, saving, discarding, reloading and the conflict with a change on disk) and the
//! reading of that text, with the problems and highlights it gives. A family's editor holds a
//! [`Buffer`], implements the few required items of [`Editing`] and supplies only its canvas,
//! tools and verdict line; everything the studio asks of an open file, whatever its family,
//! comes from the provided methods.

use crate::keys::Action;
use crate::screen::buffer::{self, Buffer};
use crate::screen::document::{self, DrawPicture};
use iced::{Element, Subscription, Task};
use std::path::{Path, PathBuf};

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
    type Message: Send + 'static;
    /// What the editor asks of the studio.
    type Event;

    /// The text buffer.
    fn buffer(&self) -> &Buffer;
    /// The text buffer, to change.
    fn buffer_mut(&mut self) -> &mut Buffer;
    /// The buffer's message, as the editor's.
    fn buffer_message(message: buffer::Message) -> Self::Message;
    /// The revision of the text last read.
    fn read_revision(&self) -> u64;
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

    /// What the editor listens to (a solution playing itself back). Nothing by default.
    fn subscription(&self) -> Subscription<Self::Message> {
        Subscription::none()
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
        self.read_revision() == self.buffer().revision()
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
            None => (Task::none(), None),
        }
    }
}
