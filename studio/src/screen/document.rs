//! The open file, whatever its family: the root holds one [`Document`] and asks it what every
//! family's editor can say (its file, its text, whether it is saved) while each family's editor
//! keeps its own state, messages and view. Adding a family is adding a variant here.

use crate::family::Family;
use crate::keys::Action;
use crate::screen::editor::Editing;
use crate::screen::hexlock::editor as hexlock;
use crate::screen::nonogram::editor as nonogram;
use crate::screen::quadrillion::editor as quadrillion;
use crate::screen::sliding::editor as sliding;
use engine::hexlock::Lock;
use engine::nonogram::Puzzle;
use iced::{Element, Subscription, Task};
use std::path::{Path, PathBuf};

/// Runs `$body` on the open file's editor, whatever its family (`$wrap`, when named, is its
/// message's variant): the one match through which the studio reaches every editor's core
/// ([`Editing`]).
macro_rules! with_editor {
    ($document:expr, $e:ident => $body:expr) => {
        match $document {
            Document::HexLock($e) => $body,
            Document::Nonogram($e) => $body,
            Document::Quadrillion($e) => $body,
            Document::Sliding($e) => $body,
        }
    };
    ($document:expr, $e:ident, $wrap:ident => $body:expr) => {
        match $document {
            Document::HexLock($e) => {
                let $wrap = Message::HexLock;
                $body
            }
            Document::Nonogram($e) => {
                let $wrap = Message::Nonogram;
                $body
            }
            Document::Quadrillion($e) => {
                let $wrap = Message::Quadrillion;
                $body
            }
            Document::Sliding($e) => {
                let $wrap = Message::Sliding;
                $body
            }
        }
    };
}

/// The open file's editor.
pub enum Document {
    HexLock(Box<hexlock::Editor>),
    Nonogram(Box<nonogram::Editor>),
    Quadrillion(Box<quadrillion::Editor>),
    Sliding(Box<sliding::Editor>),
}

/// A family editor's message.
#[derive(Debug, Clone)]
pub enum Message {
    HexLock(hexlock::Message),
    Nonogram(nonogram::Message),
    Quadrillion(quadrillion::Message),
    Sliding(sliding::Message),
}

/// What the open file's editor asks of the studio.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Play this lock.
    PlayLock(Box<Lock>),
    /// Play this nonogram.
    PlayNonogram(Box<Puzzle>),
    /// The buffer was written to this file.
    Saved(PathBuf),
    /// The write failed; the buffer keeps its unsaved edits.
    SaveFailed(String),
}

impl Document {
    /// An editor of `family` on a file's text.
    pub fn open(family: Family, path: Option<PathBuf>, text: &str) -> (Document, Task<Message>) {
        Document::made(family, path, None, text)
    }

    /// The untitled buffer the studio shows before any file is open: a blank hex lock, the
    /// studio's first family (the only buffer that has no file).
    pub fn untitled() -> Document {
        Document::open(Family::HexLock, None, "").0
    }

    /// An editor of `family` with unsaved edits restored over a file's text.
    pub fn restored(
        family: Family,
        path: Option<PathBuf>,
        disk: &str,
        restored: &str,
    ) -> (Document, Task<Message>) {
        Document::made(family, path, Some(disk), restored)
    }

    /// An editor of `family` on `text`, over the file's `disk` text when they differ.
    fn made(
        family: Family,
        path: Option<PathBuf>,
        disk: Option<&str>,
        text: &str,
    ) -> (Document, Task<Message>) {
        fn made<E: Editing>(
            (editor, task): (E, Task<E::Message>),
            variant: fn(Box<E>) -> Document,
            wrap: fn(E::Message) -> Message,
        ) -> (Document, Task<Message>) {
            (variant(Box::new(editor)), task.map(wrap))
        }
        let on = (path, disk, text);
        match family {
            Family::HexLock => made(Editing::opened(on), Document::HexLock, Message::HexLock),
            Family::Nonogram => made(Editing::opened(on), Document::Nonogram, Message::Nonogram),
            Family::Quadrillion => made(
                Editing::opened(on),
                Document::Quadrillion,
                Message::Quadrillion,
            ),
            Family::Sliding => made(Editing::opened(on), Document::Sliding, Message::Sliding),
        }
    }

    /// The hex lock's editor, when the file is a lock.
    pub fn hex(&self) -> Option<&hexlock::Editor> {
        match self {
            Document::HexLock(e) => Some(e.as_ref()),
            _ => None,
        }
    }

    /// The hex lock's editor, to change, when the file is a lock.
    pub fn hex_mut(&mut self) -> Option<&mut hexlock::Editor> {
        match self {
            Document::HexLock(e) => Some(e.as_mut()),
            _ => None,
        }
    }

    /// The nonogram's editor, when the file is a nonogram.
    pub fn nonogram(&self) -> Option<&nonogram::Editor> {
        match self {
            Document::Nonogram(e) => Some(e.as_ref()),
            _ => None,
        }
    }

    /// The Quadrillion screen, when the file is a board.
    pub fn quadrillion(&self) -> Option<&quadrillion::Editor> {
        match self {
            Document::Quadrillion(e) => Some(e.as_ref()),
            _ => None,
        }
    }

    /// The sliding lock screen, when the file is a sliding lock.
    pub fn sliding(&self) -> Option<&sliding::Editor> {
        match self {
            Document::Sliding(e) => Some(e.as_ref()),
            _ => None,
        }
    }

    /// The sliding lock screen, to change, when the file is a sliding lock.
    pub fn sliding_mut(&mut self) -> Option<&mut sliding::Editor> {
        match self {
            Document::Sliding(e) => Some(e.as_mut()),
            _ => None,
        }
    }

    /// The hex lock in the editor, when the file is a lock that reads.
    pub fn lock(&self) -> Option<&Lock> {
        self.hex().and_then(hexlock::Editor::lock)
    }

    /// The file, if it has one.
    pub fn path(&self) -> Option<&Path> {
        with_editor!(self, e => e.path())
    }

    /// The file was renamed.
    pub fn set_path(&mut self, path: PathBuf) {
        with_editor!(self, e => e.set_path(path))
    }

    /// The buffer's text.
    pub fn text(&self) -> String {
        with_editor!(self, e => e.text())
    }

    /// The sliding lock being played in the editor, if one is.
    pub fn sliding_game(&self) -> Option<&crate::screen::sliding::game::Game> {
        match self {
            Document::Sliding(e) => e.game(),
            _ => None,
        }
    }

    /// Where the game played in the editor stands, when one is (a sliding lock or a
    /// Quadrillion challenge being played; hex locks and nonograms are played on screens of
    /// their own).
    pub fn game_now(&self) -> Option<crate::progress::Now> {
        with_editor!(self, e => e.game_now())
    }

    /// Takes up a game left earlier in the editor's play; false when it does not play here.
    pub fn resume(&mut self, play: &crate::progress::Play) -> bool {
        with_editor!(self, e => e.resume(play))
    }

    /// Whether the buffer differs from the file.
    pub fn is_dirty(&self) -> bool {
        with_editor!(self, e => e.is_dirty())
    }

    /// The last thing the editor said.
    pub fn status(&self) -> &str {
        with_editor!(self, e => e.status())
    }

    /// The title of the window: the puzzle's name.
    pub fn title(&self) -> String {
        with_editor!(self, e => e.title())
    }

    /// Writes the buffer to its file in the background.
    pub fn save(&mut self) -> Task<Message> {
        with_editor!(self, e, wrap => e.save().map(wrap))
    }

    /// Drops the unsaved edits.
    pub fn discard(&mut self) -> Task<Message> {
        with_editor!(self, e, wrap => e.discard().map(wrap))
    }

    /// The file on disk changed: read it again in the background.
    pub fn reload(&mut self) -> Task<Message> {
        with_editor!(self, e, wrap => e.reload().map(wrap))
    }

    /// Shows the buffer against another file (locks only; other families show a line diff
    /// with the disk in their own editor).
    pub fn compare_with(&mut self, path: PathBuf) -> Task<Message> {
        match self {
            Document::HexLock(e) => e.compare_with(path).map(Message::HexLock),
            _ => Task::none(),
        }
    }

    /// The editor's message for a plain key (no ctrl, alt or logo key), for screens that take
    /// a game's own keys when the source pane does not hold the focus.
    pub fn message_for_key(&self, key: &iced::keyboard::Key) -> Option<Message> {
        with_editor!(self, e, wrap => e.key_message(key).map(wrap))
    }

    /// The editor's message for a key action, if it has one.
    pub fn message_for(&self, action: Action) -> Option<Message> {
        with_editor!(self, e, wrap => e.action_message(action).map(wrap))
    }

    /// What the open file's editor listens to (a solution playing itself back).
    pub fn subscription(&self) -> Subscription<Message> {
        with_editor!(self, e, wrap => e.subscription().map(wrap))
    }

    pub fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        /// One editor's answer, as the studio takes it.
        fn routed<E: Editing>(
            editor: &mut E,
            message: E::Message,
            wrap: fn(E::Message) -> Message,
        ) -> (Task<Message>, Option<Event>) {
            let (task, event) = editor.handle(message);
            (task.map(wrap), event.and_then(E::studio_event))
        }
        match (self, message) {
            (Document::HexLock(e), Message::HexLock(m)) => routed(e.as_mut(), m, Message::HexLock),
            (Document::Nonogram(e), Message::Nonogram(m)) => {
                routed(e.as_mut(), m, Message::Nonogram)
            }
            (Document::Quadrillion(e), Message::Quadrillion(m)) => {
                routed(e.as_mut(), m, Message::Quadrillion)
            }
            (Document::Sliding(e), Message::Sliding(m)) => routed(e.as_mut(), m, Message::Sliding),
            // A message for the editor of a file no longer open.
            _ => (Task::none(), None),
        }
    }

    pub fn view(&self, dark: bool) -> Element<'_, Message> {
        with_editor!(self, e, wrap => e.show(dark).map(wrap))
    }

    /// Draws the open puzzle as PNG bytes `width` pixels wide, for work off the UI thread: a
    /// hex lock or a sliding lock as the editor shows it, a nonogram's clues and empty grid (the
    /// puzzle as a player meets it), a Quadrillion board with the shapes its file places. `None`
    /// while the text gives no puzzle to draw.
    pub fn picture(&self, dark: bool, width: u32) -> Option<DrawPicture> {
        with_editor!(self, e => e.export_picture(dark, width))
    }
}

/// A picture to be drawn off the UI thread: [`Document::picture`].
pub type DrawPicture = Box<dyn FnOnce() -> anyhow::Result<Vec<u8>> + Send>;
