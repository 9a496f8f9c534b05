//! The buffer and its file: writing it, reading it again when it changes on disk, and the
//! choice offered when it changes under unsaved edits.

use super::{Buffer, Conflict, Event, MAX_FILE_BYTES, Message};
use crate::background;
use iced::widget::{button, column, container, row, text};
use iced::{Element, Task};
use std::path::Path;

impl Buffer {
    /// Writes the text to its file in the background; it counts as saved only once written.
    pub fn save(&mut self) -> Task<Message> {
        let Some(path) = self.path.clone() else {
            self.say("this file has no name yet");
            return Task::none();
        };
        let text = self.text();
        self.saving = true;
        self.say(format!("saving {}…", path.display()));
        background::run(
            {
                let text = text.clone();
                move || crate::files::write_atomic(&path, &text).map_err(|e| format!("{e:#}"))
            },
            move |r| Message::Saved(text.clone(), r),
        )
    }

    /// Whether a write is under way.
    pub fn is_saving(&self) -> bool {
        self.saving
    }

    /// The file changed on disk: read it again in the background.
    pub fn reload(&mut self) -> Task<Message> {
        let Some(path) = self.path.clone() else {
            return Task::none();
        };
        let asked = self.disk_reads.advance();
        background::run(
            move || match crate::files::read_text(&path, MAX_FILE_BYTES) {
                Err(crate::files::ReadError::NotFound { .. }) => None,
                r => Some(r.map_err(|e| e.to_string())),
            },
            move |r| match r {
                Some(r) => Message::DiskRead(asked, r),
                None => Message::DiskRemoved(asked),
            },
        )
    }

    /// Drops the unsaved edits: the text is the file's again (one undo step).
    pub fn discard(&mut self) -> bool {
        let disk = self.disk_text.clone();
        self.conflict = None;
        self.set_text(&disk)
    }

    /// The file on disk holds `theirs` now.
    pub(super) fn disk_changed(&mut self, theirs: String) -> Option<Event> {
        if *theirs == *self.disk_text {
            // The same text: the one held stays, and so does a diff against it.
            None
        } else if self.is(&theirs) {
            self.disk_text = theirs.into();
            None
        } else if self.is_dirty() {
            self.conflict = Some(Conflict {
                theirs: theirs.into(),
                comparing: false,
            });
            None
        } else {
            self.disk_text = theirs.as_str().into();
            let changed = self.set_text(&theirs);
            self.say("reloaded: the file changed on disk");
            changed.then_some(Event::Changed)
        }
    }

    /// The conflict's prompt, when the file changed under unsaved edits.
    pub fn conflict_view(&self) -> Option<Element<'_, Message>> {
        let c = self.conflict.as_ref()?;
        let prompt = column![
            text("The file changed on disk while you have unsaved edits.").size(14),
            row![
                button(text("Keep mine").size(13)).on_press(Message::KeepMine),
                button(text("Take theirs").size(13)).on_press(Message::TakeTheirs),
                // The comparison takes the editor's main area, where there is room for it.
                button(
                    text(if c.comparing {
                        "Hide comparison"
                    } else {
                        "Compare"
                    })
                    .size(13)
                )
                .on_press(Message::Compare),
            ]
            .spacing(6),
        ]
        .spacing(6);
        Some(
            container(prompt)
                .padding(8)
                .style(container::rounded_box)
                .into(),
        )
    }
}

/// Reads a file an editor may open: regular files only (a FIFO or a device is refused at once,
/// never waited on), at most [`MAX_FILE_BYTES`]. Blocking.
pub fn read_text(path: &Path) -> Result<String, String> {
    crate::files::read_text(path, MAX_FILE_BYTES).map_err(|e| e.to_string())
}
