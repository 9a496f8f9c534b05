//! A source file being edited, for every family's editor: the text (iced's `text_editor`
//! content), the file it comes from and what that file last held, undo and redo (`history`),
//! saving and reloading in the background, and the choice offered when the file changes under
//! unsaved edits. The family's editor reads (parses) the text each time [`Buffer::revision`]
//! moves on; the buffer never parses. Its file (saving, reloading, conflicts) is `disk`;
//! the diff against it, `disk_diff`.

use super::history::{self, History, Step, Typed};
use super::large_text::{self, LargeText};
use crate::background::Generation;
use iced::widget::text_editor;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use crate::files::MAX_FILE_BYTES;
pub use disk::read_text;

mod disk;
mod disk_diff;
#[cfg(test)]
mod tests;

/// A change on disk while the buffer held unsaved edits: the user chooses.
#[derive(Clone, Debug, PartialEq)]
pub struct Conflict {
    /// What the file now holds.
    pub theirs: Arc<str>,
    /// Whether the comparison is open.
    pub comparing: bool,
}

/// The buffer's messages.
#[derive(Debug, Clone)]
pub enum Message {
    /// The write of this text finished.
    Saved(String, Result<(), String>),
    /// The file was read again after a change on disk (asked in this generation).
    DiskRead(Generation, Result<String, String>),
    /// The file is no longer on disk (another program removed or renamed it).
    DiskRemoved(Generation),
    KeepMine,
    TakeTheirs,
    Compare,
    /// The source pane was scrolled or resized: what of the text it shows now.
    Scrolled(Seen),
    /// A problem was clicked: put the cursor on its place.
    JumpTo(lockfmt::Span),
    /// The diff with disk asked for these texts was worked out.
    Diffed(disk_diff::Key, Arc<crate::screen::LineDiff>),
}

/// What of the text the source pane shows: how far it is scrolled (in pixels, from the text's
/// top left) and the size of the part seen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Seen {
    pub offset: iced::Vector,
    pub size: iced::Size,
}

/// The text's shape, for the source pane's room: its lines and the widest, in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Extent {
    pub lines: usize,
    pub widest: usize,
}

/// What the buffer tells its editor.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// The text changed: read it again.
    Changed,
    /// The buffer was written to this file.
    Saved(PathBuf),
    /// The write failed; the buffer keeps its unsaved edits.
    SaveFailed(String),
    /// The cursor was put on a place the user asked for: show it, and give the text the focus.
    Jumped,
}

/// The text being edited and its file.
pub struct Buffer {
    path: Option<PathBuf>,
    /// The text, for typing into; empty while the text is [`Buffer::large`].
    content: text_editor::Content,
    /// The text, when it is too large to type into (see [`large_text`]).
    large: Option<LargeText>,
    /// Where the cursor stands in a large text: where a problem clicked put it.
    large_cursor: text_editor::Cursor,
    /// The text as last read from or written to disk (shared with the diff worked out
    /// against it).
    disk_text: Arc<str>,
    /// The file was removed from disk since: nothing but the buffer holds its text.
    removed: bool,
    /// No text: what the buffer is compared with once its file is removed.
    nothing: Arc<str>,
    /// The buffer against the disk, as the main area shows it.
    disk_diff: disk_diff::DiskDiff,
    /// Bumped at every change of the text.
    revision: u64,
    history: History,
    conflict: Option<Conflict>,
    /// Asks for the disk's text: an answer of an older one is dropped.
    disk_reads: Generation,
    /// Whether a write is under way.
    saving: bool,
    /// The last thing the buffer has to say (a save, a reload).
    status: String,
    /// The revision the status was said at: a word about an older text is stale ("saved"
    /// said before an edit would hide that the edit is unsaved).
    said_at: u64,
    /// How many times the buffer has spoken: the studio moves each new word to its message
    /// area.
    said_count: u64,
    /// What of the text the source pane last showed (none until it first overflowed).
    seen: Option<Seen>,
    /// The text's shape at a revision, worked out once per revision (the pane asks at
    /// every frame).
    extent: std::cell::Cell<Option<(u64, Extent)>>,
}

impl Buffer {
    /// A buffer on a file's text (or on a text with no file yet).
    pub fn new(path: Option<PathBuf>, text: &str) -> Buffer {
        let mut buffer = Buffer {
            path,
            content: text_editor::Content::new(),
            large: None,
            large_cursor: history::start(),
            disk_text: text.into(),
            removed: false,
            nothing: "".into(),
            disk_diff: disk_diff::DiskDiff::default(),
            revision: 0,
            history: History::default(),
            conflict: None,
            disk_reads: Generation::default(),
            saving: false,
            status: String::new(),
            said_at: 0,
            said_count: 0,
            seen: None,
            extent: std::cell::Cell::new(None),
        };
        buffer.hold(text);
        buffer
    }

    /// A buffer on a file's text with unsaved edits restored over it (from the recovery
    /// folder): the restored text is the buffer, one undo away from the file's.
    pub fn restored(path: Option<PathBuf>, disk: &str, restored: &str) -> Buffer {
        // The text editor is made once, for the restored text: laying out the file's text
        // too would double the cost of opening a large file.
        let mut b = Buffer::new(path, restored);
        b.disk_text = disk.into();
        b.history.changed(
            Step {
                text: disk.to_string(),
                cursor: history::start(),
            },
            None,
        );
        b.revision += 1;
        // With no text on disk (a puzzle imported, or a new file's edits) there is none to
        // undo to.
        b.say(if disk.is_empty() {
            "not saved yet: Save writes it"
        } else {
            "unsaved edits restored: save them, or undo to the file's text"
        });
        b
    }

    /// The file, if the text has one.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The file was renamed.
    pub fn set_path(&mut self, path: PathBuf) {
        self.path = Some(path);
    }

    /// The text.
    pub fn text(&self) -> String {
        match &self.large {
            Some(large) => large.text().to_string(),
            None => self.content.text(),
        }
    }

    /// Whether the text is `other`, without copying a large one.
    fn is(&self, other: &str) -> bool {
        match &self.large {
            Some(large) => large.text() == other,
            None => self.content.text() == other,
        }
    }

    /// The text editor's content, for the source pane: empty while the text is too large to
    /// type into ([`Buffer::large`]).
    pub fn content(&self) -> &text_editor::Content {
        &self.content
    }

    /// The text, when it is too large to type into: the source pane shows it read-only.
    pub fn large(&self) -> Option<&LargeText> {
        self.large.as_ref()
    }

    /// Where the cursor stands.
    pub fn cursor(&self) -> text_editor::Cursor {
        match &self.large {
            Some(_) => self.large_cursor,
            None => self.content.cursor(),
        }
    }

    /// Line `i` of the text (from 0), without its line break.
    pub fn line(&self, i: usize) -> Option<String> {
        match &self.large {
            Some(large) => (i < large.line_count()).then(|| large.line(i).to_string()),
            None => self.content.line(i).map(|l| l.text.into_owned()),
        }
    }

    /// `cursor` moved onto the text as it is.
    fn clamped(&self, cursor: text_editor::Cursor) -> text_editor::Cursor {
        match &self.large {
            Some(large) => large.clamped(cursor),
            None => history::clamped(&self.content, cursor),
        }
    }

    /// Holds `text`: in the text editor, or, too large to type into, as it is.
    fn hold(&mut self, text: &str) {
        if large_text::is_large(text) {
            self.content = text_editor::Content::new();
            self.large = Some(LargeText::new(text.to_string()));
        } else {
            self.content = text_editor::Content::with_text(text);
            self.large = None;
        }
    }

    /// What of the text the source pane last showed.
    pub fn seen(&self) -> Option<Seen> {
        self.seen
    }

    /// How many lines the text has and how wide its widest is, in characters (a tab counted
    /// as four).
    pub fn extent(&self) -> Extent {
        if let Some((revision, extent)) = self.extent.get()
            && revision == self.revision
        {
            return extent;
        }
        let mut extent = Extent::default();
        if let Some(large) = &self.large {
            extent = Extent {
                lines: large.line_count(),
                widest: large.widest(),
            };
            self.extent.set(Some((self.revision, extent)));
            return extent;
        }
        for line in self.content.lines() {
            extent.lines += 1;
            let width = line
                .text
                .chars()
                .map(|c| if c == '\t' { 4 } else { 1 })
                .sum::<usize>();
            extent.widest = extent.widest.max(width);
        }
        self.extent.set(Some((self.revision, extent)));
        extent
    }

    /// Puts the cursor on `span` (lines and columns from 1, columns in characters), the span
    /// selected when it lies on one line; a place past the text's end is taken as its end.
    pub fn jump_to(&mut self, span: lockfmt::Span) {
        let place = |line: usize, column: usize| {
            let line = line.saturating_sub(1);
            let text = self.line(line).unwrap_or_default();
            let byte = text
                .char_indices()
                .nth(column.saturating_sub(1))
                .map_or(text.len(), |(i, _)| i);
            text_editor::Position { line, column: byte }
        };
        let start = place(span.line, span.column);
        let selection = (span.end_line == span.line && span.end_column > span.column)
            .then(|| place(span.end_line, span.end_column));
        let cursor = self.clamped(text_editor::Cursor {
            position: start,
            selection: None,
        });
        let selection = selection.map(|s| {
            self.clamped(text_editor::Cursor {
                position: s,
                selection: None,
            })
            .position
        });
        self.history.interrupt();
        let cursor = text_editor::Cursor {
            position: cursor.position,
            selection,
        };
        match self.large {
            Some(_) => self.large_cursor = cursor,
            None => self.content.move_to(cursor),
        }
    }

    /// Which text this is: it moves on at every change.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether the text differs from the file.
    pub fn is_dirty(&self) -> bool {
        self.removed || !self.is(&self.disk_text)
    }

    /// A change on disk waiting for the user's choice.
    pub fn conflict(&self) -> Option<&Conflict> {
        self.conflict.as_ref()
    }

    /// What the file last held: nothing once it was removed from disk.
    pub fn disk_text(&self) -> &str {
        if self.removed { "" } else { &self.disk_text }
    }

    /// The last thing the buffer said, while it still speaks of the text there is: empty once
    /// the text changed since.
    pub fn status(&self) -> &str {
        if self.said_at == self.revision {
            &self.status
        } else {
            ""
        }
    }

    /// Says something (the editor's own word), about the text as it is now.
    pub fn say(&mut self, status: impl Into<String>) {
        self.status = status.into();
        self.said_at = self.revision;
        self.said_count += 1;
    }

    /// How many times the buffer has spoken, and its last word while it stands.
    pub fn said(&self) -> (u64, &str) {
        (self.said_count, self.status())
    }

    /// The file and whether the text is saved, as the line under the canvas shows them: the
    /// buffer's words go to the studio's message area.
    pub fn file_line(&self) -> String {
        format!(
            "{}{}",
            self.path
                .as_ref()
                .map_or("(no file)".to_string(), |p| p.display().to_string()),
            if self.is_dirty() { " — unsaved" } else { "" }
        )
    }

    /// An edit typed in the source pane; whether it changed the text.
    pub fn perform(&mut self, action: text_editor::Action) -> bool {
        use text_editor::{Action, Edit};
        if let Some(large) = &self.large {
            if action.is_edit() {
                let said = large_text::refusal(large.text().len());
                self.say(said);
            }
            return false;
        }
        // A line typed or pasted into a file broken with \r\n is broken the same way: the text
        // editor itself breaks it with \n, and the file would mix the two.
        let action = match action {
            Action::Edit(Edit::Enter) if self.is_crlf() => {
                Action::Edit(Edit::Paste(std::sync::Arc::new("\r\n".to_string())))
            }
            Action::Edit(Edit::Paste(pasted)) if self.is_crlf() => {
                let broken = lockfmt::newlines::like(&pasted, "\r\n").into_owned();
                Action::Edit(Edit::Paste(std::sync::Arc::new(broken)))
            }
            other => other,
        };
        let typed = Typed::of(&action);
        let before = action.is_edit().then(|| self.now());
        self.content.perform(action);
        match before {
            Some(before) if before.text != self.content.text() => {
                self.history.changed(before, typed);
                self.revision += 1;
                true
            }
            Some(_) => false,
            None => {
                self.history.interrupt();
                false
            }
        }
    }

    /// The text as it is and the cursor in it.
    fn now(&self) -> Step {
        Step {
            text: self.text(),
            cursor: self.cursor(),
        }
    }

    /// Puts `text` in the editor with the cursor where `cursor` was, as near as the text
    /// allows: a change made elsewhere (a canvas, undo) does not send it to the start.
    fn show(&mut self, text: &str, cursor: text_editor::Cursor) {
        self.hold(text);
        let cursor = self.clamped(cursor);
        match self.large {
            Some(_) => self.large_cursor = cursor,
            None => self.content.move_to(cursor),
        }
        self.revision += 1;
    }

    /// Replaces the whole text, as one undoable step; whether it changed. A printed text takes
    /// the file's line breaks (see [`Buffer::line_breaks`]).
    pub fn set_text(&mut self, text: &str) -> bool {
        let now = self.now();
        let text = self.line_breaks(text);
        if now.text == text {
            return false;
        }
        let cursor = now.cursor;
        self.history.changed(now, None);
        self.show(&text, cursor);
        true
    }

    /// Replaces the text in place of the last change, not as a new undo step (a correction of
    /// what was just written).
    pub fn replace_last(&mut self, text: &str) {
        let text = self.line_breaks(text);
        self.history.interrupt();
        self.show(&text, self.cursor());
    }

    /// `text` with the file's line breaks and byte-order mark: a file broken with `\r\n` keeps
    /// them when a canvas prints over it, so that saving rewrites only the lines that changed.
    /// Without a file yet, the text's own.
    fn line_breaks<'a>(&self, text: &'a str) -> std::borrow::Cow<'a, str> {
        lockfmt::newlines::like(text, &self.conventions())
    }

    /// Whether the file breaks its lines with `\r\n` (without a file yet, the text).
    fn is_crlf(&self) -> bool {
        lockfmt::newlines::is_crlf(&self.conventions())
    }

    /// The text whose line breaks and byte-order mark the buffer keeps: the file's, or without a
    /// file yet, its own.
    fn conventions(&self) -> std::borrow::Cow<'_, str> {
        if self.disk_text.is_empty() {
            std::borrow::Cow::Owned(self.text())
        } else {
            std::borrow::Cow::Borrowed(&self.disk_text)
        }
    }

    /// Whether there is a change to take back.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// Whether there is a change taken back to make again.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Takes back the last change; whether there was one.
    pub fn undo(&mut self) -> bool {
        let now = self.now();
        match self.history.undo(now) {
            Some(back) => {
                self.show(&back.text, back.cursor);
                true
            }
            None => false,
        }
    }

    /// Makes again a change taken back; whether there was one.
    pub fn redo(&mut self) -> bool {
        let now = self.now();
        match self.history.redo(now) {
            Some(again) => {
                self.show(&again.text, again.cursor);
                true
            }
            None => false,
        }
    }

    pub fn update(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Saved(text, result) => {
                self.saving = false;
                match result {
                    Ok(()) => {
                        let path = self.path.clone().unwrap_or_default();
                        // Edits made while the write was under way are not in the file.
                        self.say(if self.is(&text) {
                            format!("saved {}", path.display())
                        } else {
                            format!("saved {}; the edits made since are unsaved", path.display())
                        });
                        if *text != *self.disk_text {
                            self.disk_text = text.into();
                        }
                        self.removed = false;
                        Some(Event::Saved(path))
                    }
                    Err(why) => {
                        self.say(format!("not saved: {why}"));
                        Some(Event::SaveFailed(why))
                    }
                }
            }
            Message::DiskRead(asked, result) => {
                if !self.disk_reads.is_current(asked) {
                    return None;
                }
                match result {
                    Ok(theirs) => {
                        self.removed = false;
                        self.disk_changed(theirs)
                    }
                    Err(why) => {
                        self.say(why);
                        None
                    }
                }
            }
            Message::DiskRemoved(asked) => {
                if !self.disk_reads.is_current(asked) {
                    return None;
                }
                // Nothing holds the text now but this buffer: it is unsaved, so leaving asks,
                // and the diff with disk shows every line as the buffer's own. The last text
                // read is kept: a program that saves by removing the file and writing it anew
                // reloads a clean buffer as any change on disk does.
                self.removed = true;
                self.conflict = None;
                let name = self
                    .path
                    .as_ref()
                    .map_or(String::new(), |p| p.display().to_string());
                self.say(format!(
                    "{name} was removed from disk; its text stays here, unsaved, and Save writes it again"
                ));
                None
            }
            Message::KeepMine => {
                if let Some(c) = self.conflict.take() {
                    // Mine stays in the buffer; the file keeps theirs until I save.
                    self.disk_text = c.theirs;
                }
                None
            }
            Message::TakeTheirs => {
                let c = self.conflict.take()?;
                self.disk_text = c.theirs.clone();
                self.set_text(&c.theirs).then_some(Event::Changed)
            }
            Message::Compare => {
                if let Some(c) = &mut self.conflict {
                    c.comparing = !c.comparing;
                }
                None
            }
            Message::Scrolled(seen) => {
                self.seen = Some(seen);
                None
            }
            Message::JumpTo(span) => {
                self.jump_to(span);
                Some(Event::Jumped)
            }
            Message::Diffed(key, diff) => {
                self.diffed(key, diff);
                None
            }
        }
    }

    /// The status line: the last word, or the file and whether it is saved.
    #[cfg(test)]
    pub fn status_line(&self) -> String {
        if self.status().is_empty() {
            self.file_line()
        } else {
            self.status().to_string()
        }
    }
}
