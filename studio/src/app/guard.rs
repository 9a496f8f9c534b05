//! No edit is ever lost: whatever would replace the editor's buffer (opening another file, New,
//! Duplicate, Delete, restoring recovered edits, closing the window) waits here while the user
//! chooses Save, Discard or Cancel; and unsaved edits are kept in the recovery folder every few
//! seconds, to be offered back on the next start after a crash or a kill.

use super::{Message as StudioMessage, Screen, Studio};
use crate::background;
use crate::recovery::{Entry, Recovery};
use crate::screen::buffer::{MAX_FILE_BYTES, read_text};
use crate::screen::document::Document;
use crate::screen::folder::display_name;
use iced::widget::{button, column, container, row, text};
use iced::{Element, Fill, Task, window};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// What waits for the buffer to be saved or discarded.
#[derive(Debug, Clone, PartialEq)]
pub enum Pending {
    /// Open this file.
    Open(PathBuf),
    /// A new file from this template, under this name.
    New(String, String),
    /// A copy of the open file, opened.
    Duplicate,
    /// Delete this file (confirmed already).
    Delete(PathBuf),
    /// Put recovered edits in the editor.
    Restore(Box<Entry>),
    /// Close the window.
    Close(window::Id),
}

#[derive(Debug, Clone)]
pub enum Message {
    Save,
    Discard,
    Cancel,
    /// Time to keep the unsaved edits in the recovery folder.
    Keep,
    /// The recovery folder was written, or a kept entry forgotten.
    Kept(Result<(), String>),
    /// Edits left in the recovery folder by an earlier run.
    Recovered(Arc<Vec<Entry>>),
    /// Put the recovered edits with this index in the editor.
    Restore(usize),
    /// Forget the recovered edits with this index.
    Forget(usize),
    /// A restored buffer's file was read: its text on disk, `None` when the file is gone.
    RestoreRead(Box<Entry>, Result<Option<String>, String>),
    /// A file was made (New, under the name the user gave it, or Duplicate): open it.
    Created(Result<PathBuf, String>),
    /// A file was deleted.
    Deleted(Result<PathBuf, String>),
}

/// The guard's state.
pub struct Guard {
    pending: Option<Pending>,
    /// Save was chosen: the pending action waits for the write.
    saving: bool,
    recovery: Option<Recovery>,
    recovered: Vec<Entry>,
    /// The buffer last kept, so that an unchanged buffer is not written again.
    kept: Option<(Option<PathBuf>, String)>,
    /// Each write or removal in the recovery folder is numbered as it is asked for, and runs
    /// on a thread of its own: one asked for earlier never lands after a later one for the same
    /// file (a keep that finished after the forget of an undo would bring the edits back).
    asked: u64,
    /// The number of the last write or removal done, for each file.
    done: Arc<Mutex<HashMap<Option<PathBuf>, u64>>>,
}

/// A write or removal in the recovery folder, ready to run off the UI thread.
type Job = Box<dyn FnOnce() -> Result<(), String> + Send>;

impl Guard {
    /// A guard keeping edits in `recovery` (none: edits are not kept).
    pub fn new(recovery: Option<Recovery>) -> Guard {
        Guard {
            pending: None,
            saving: false,
            recovery,
            recovered: Vec::new(),
            kept: None,
            asked: 0,
            done: Arc::default(),
        }
    }

    /// `work` on `file`'s entry, numbered now: when it runs, it is skipped if a later one for
    /// the same file has run already.
    fn in_order(
        &mut self,
        file: Option<PathBuf>,
        work: impl FnOnce(&Recovery, Option<&std::path::Path>) -> anyhow::Result<()> + Send + 'static,
    ) -> Option<Job> {
        let recovery = self.recovery.clone()?;
        self.asked += 1;
        let number = self.asked;
        let done = self.done.clone();
        Some(Box::new(move || {
            let mut done = done.lock().unwrap_or_else(|e| e.into_inner());
            let last = done.entry(file.clone()).or_default();
            if *last > number {
                return Ok(());
            }
            *last = number;
            work(&recovery, file.as_deref()).map_err(|e| format!("{e:#}"))
        }))
    }

    /// Keeps `text` as `file`'s unsaved edits, in order with the other jobs.
    fn store_job(&mut self, file: Option<PathBuf>, text: String) -> Option<Job> {
        self.in_order(file, move |r, f| r.store(f, &text))
    }

    /// Forgets `file`'s unsaved edits, in order with the other jobs.
    fn forget_job(&mut self, file: Option<PathBuf>) -> Option<Job> {
        self.in_order(file, |r, f| r.forget(f))
    }

    /// What waits for the user's word.
    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    /// Edits recovered from an earlier run, not yet restored or forgotten.
    pub fn recovered(&self) -> &[Entry] {
        &self.recovered
    }

    /// Reads the recovery folder in the background.
    pub fn look_for_recovered(&self) -> Task<Message> {
        let Some(recovery) = self.recovery.clone() else {
            return Task::none();
        };
        background::run(
            move || {
                // An entry whose file already holds its text has nothing unsaved left: it is
                // removed, not only left unoffered, so the folder keeps only what the user
                // still has (a crash between a save and its forget leaves such an entry).
                let (same, entries): (Vec<Entry>, Vec<Entry>) =
                    recovery.pending().into_iter().partition(|e| {
                        let on_disk = e.file.as_deref().and_then(|f| read_text(f).ok());
                        on_disk.as_deref() == Some(e.text.as_str())
                    });
                for e in &same {
                    if let Err(why) = recovery.discard(e) {
                        eprintln!("lockwright: the recovery entry {}: {why:#}", e.id());
                    }
                }
                Arc::new(entries)
            },
            Message::Recovered,
        )
    }

    pub(super) fn forget(&mut self, file: Option<PathBuf>) -> Task<Message> {
        self.kept = None;
        match self.forget_job(file) {
            Some(job) => background::run(job, Message::Kept),
            None => Task::none(),
        }
    }

    /// The prompt above the screen: unsaved edits in the way, or edits recovered.
    pub fn view<'a>(&'a self, editor: &'a Document) -> Option<Element<'a, Message>> {
        let name = editor.path().map_or("the new lock".into(), display_name);
        let body: Element<'a, Message> = if let Some(p) = &self.pending {
            let what = match p {
                Pending::Open(path) => format!("open {}", display_name(path)),
                Pending::New(template, _) => format!(
                    "make a new {}",
                    crate::family::of_template(template).map_or("puzzle", |f| f.info().name)
                ),
                Pending::Duplicate => "open a copy".into(),
                Pending::Delete(path) => format!("delete {}", display_name(path)),
                Pending::Restore(_) => "restore the recovered edits".into(),
                Pending::Close(_) => "close the studio".into(),
            };
            column![
                text(format!(
                    "«{name}» has unsaved edits. Save them before you {what}?"
                ))
                .size(14),
                row![
                    button(text("Save first").size(13))
                        .on_press_maybe((!self.saving).then_some(Message::Save)),
                    button(text("Discard edits").size(13))
                        .style(button::danger)
                        .on_press(Message::Discard),
                    button(text("Cancel").size(13))
                        .style(button::secondary)
                        .on_press(Message::Cancel),
                ]
                .spacing(6),
            ]
            .spacing(6)
            .into()
        } else if !self.recovered.is_empty() {
            column(self.recovered.iter().enumerate().map(|(i, e)| {
                let name = e.file.as_deref().map_or("a new lock".into(), display_name);
                row![
                    text(format!(
                        "Unsaved edits to «{name}» were recovered from an earlier session."
                    ))
                    .size(13),
                    button(text("Restore").size(12)).on_press(Message::Restore(i)),
                    button(text("Forget them").size(12))
                        .style(button::secondary)
                        .on_press(Message::Forget(i)),
                ]
                .spacing(6)
                .align_y(iced::Center)
                .into()
            }))
            .spacing(4)
            .into()
        } else {
            return None;
        };
        Some(
            container(body)
                .padding(8)
                .width(Fill)
                .style(container::rounded_box)
                .into(),
        )
    }
}

impl Studio {
    /// Edits kept for recovery and since undone back to the file's text are forgotten at
    /// once: the keeping stops with the last unsaved edit, so nothing else would remove them
    /// before a kill, and the next start would offer back what the user threw away.
    pub(super) fn forget_undone(&mut self) -> Option<Task<StudioMessage>> {
        if self.guard.kept.is_none() || self.document.is_dirty() {
            return None;
        }
        let (file, _) = self.guard.kept.take()?;
        Some(self.guard.forget(file).map(StudioMessage::Guard))
    }

    /// Runs `pending` now, or, with unsaved edits in the buffer, once the user has chosen.
    pub(super) fn guarded(&mut self, pending: Pending) -> Task<StudioMessage> {
        if self.document.is_dirty() {
            self.guard.pending = Some(pending);
            self.guard.saving = false;
            Task::none()
        } else {
            // A clean buffer may still have edits kept from before an undo back to the file:
            // they go before the buffer does, or a crash would offer them back.
            let forget = match self.guard.kept.take() {
                Some((file, _)) => self.guard.forget(file).map(StudioMessage::Guard),
                None => Task::none(),
            };
            Task::batch([forget, self.proceed(pending)])
        }
    }

    /// Does what waited; the buffer's edits are saved or discarded by now.
    pub(super) fn proceed(&mut self, pending: Pending) -> Task<StudioMessage> {
        let g = |m| StudioMessage::Guard(m);
        match pending {
            Pending::Open(path) => {
                self.leave_play();
                self.screen = Screen::Editor;
                self.open(path)
            }
            Pending::New(template, name) => {
                let folder = self.folder.path().to_path_buf();
                background::run(
                    move || {
                        crate::library::new_named(&folder, &template, &name)
                            .map_err(|e| format!("{e:#}"))
                    },
                    move |r| g(Message::Created(r)),
                )
            }
            Pending::Duplicate => match self.document.path().map(PathBuf::from) {
                Some(path) => background::run(
                    move || crate::library::duplicate(&path).map_err(|e| format!("{e:#}")),
                    move |r| g(Message::Created(r)),
                ),
                None => Task::none(),
            },
            Pending::Delete(path) => background::run(
                move || {
                    crate::library::delete(&path)
                        .map(|()| path)
                        .map_err(|e| format!("{e:#}"))
                },
                move |r| g(Message::Deleted(r)),
            ),
            Pending::Restore(entry) => {
                let file = entry.file.clone();
                background::run(
                    move || match &file {
                        Some(f) => match crate::files::read_text(f, MAX_FILE_BYTES) {
                            Ok(text) => Ok(Some(text)),
                            Err(crate::files::ReadError::NotFound { .. }) => Ok(None),
                            Err(e) => Err(e.to_string()),
                        },
                        None => Ok(Some(String::new())),
                    },
                    move |r| g(Message::RestoreRead(entry.clone(), r)),
                )
            }
            // Where the games were left is written first: closing must not lose the last moves.
            Pending::Close(id) => self.write_games().chain(window::close(id)),
        }
    }

    pub(super) fn guard_message(&mut self, m: Message) -> Task<StudioMessage> {
        let g = StudioMessage::Guard;
        match m {
            Message::Save => {
                self.guard.saving = true;
                self.document.save().map(StudioMessage::Document)
            }
            Message::Discard => {
                let Some(pending) = self.guard.pending.take() else {
                    return Task::none();
                };
                let discard = self.document.discard().map(StudioMessage::Document);
                let forget = self
                    .guard
                    .forget(self.document.path().map(PathBuf::from))
                    .map(g);
                Task::batch([discard, forget, self.proceed(pending)])
            }
            Message::Cancel => {
                self.guard.pending = None;
                self.guard.saving = false;
                Task::none()
            }
            Message::Keep => {
                if self.guard.recovery.is_none() {
                    return Task::none();
                }
                let now = (
                    self.document.path().map(PathBuf::from),
                    self.document.text(),
                );
                if !self.document.is_dirty() {
                    // Undone back to the file (or saved elsewhere): edits kept earlier are
                    // no longer the user's, and must not be offered back after a crash.
                    return match self.guard.kept.take() {
                        Some((file, _)) => self.guard.forget(file).map(g),
                        None => Task::none(),
                    };
                }
                if self.guard.kept.as_ref() == Some(&now) {
                    return Task::none();
                }
                self.guard.kept = Some(now.clone());
                match self.guard.store_job(now.0, now.1) {
                    Some(job) => background::run(job, move |r| g(Message::Kept(r))),
                    None => Task::none(),
                }
            }
            Message::Kept(Ok(())) => Task::none(),
            Message::Kept(Err(why)) => {
                self.notice = format!("unsaved edits cannot be kept for recovery: {why}");
                Task::none()
            }
            Message::Recovered(entries) => {
                self.guard.recovered = entries.as_ref().clone();
                Task::none()
            }
            Message::Restore(i) => {
                if i >= self.guard.recovered.len() {
                    return Task::none();
                }
                let entry = self.guard.recovered.remove(i);
                self.guarded(Pending::Restore(Box::new(entry)))
            }
            Message::Forget(i) => {
                if i >= self.guard.recovered.len() {
                    return Task::none();
                }
                let entry = self.guard.recovered.remove(i);
                self.guard.forget(entry.file).map(g)
            }
            Message::RestoreRead(entry, disk) => match (
                disk,
                crate::family::of_buffer(entry.file.as_deref(), &entry.text),
            ) {
                (Ok(_), None) => {
                    // A file no family owns (renamed since): its edits stay offered.
                    self.notice = "the recovered edits belong to no puzzle file: they stay \
                                   listed"
                        .into();
                    self.guard.recovered.push(*entry);
                    Task::none()
                }
                (Ok(disk), Some(family)) => {
                    self.leave_play();
                    self.screen = Screen::Editor;
                    let (document, task) = Document::restored(
                        family,
                        entry.file.clone(),
                        disk.as_deref().unwrap_or_default(),
                        &entry.text,
                    );
                    self.document = document;
                    // The file was moved or removed since: the edits are all that is left, and
                    // the buffer says so as when a file goes while it is open (Save writes it).
                    let gone = if disk.is_none() {
                        self.document.reload().map(StudioMessage::Document)
                    } else {
                        Task::none()
                    };
                    Task::batch([task.map(StudioMessage::Document), gone])
                }
                (Err(why), _) => {
                    self.notice = format!("the recovered edits cannot be restored: {why}");
                    self.guard.recovered.push(*entry);
                    Task::none()
                }
            },
            Message::Created(r) => match r {
                Ok(path) => {
                    let open = self.proceed(Pending::Open(path));
                    Task::batch([self.folder.refresh().map(StudioMessage::Folder), open])
                }
                Err(why) => {
                    self.notice = why;
                    Task::none()
                }
            },
            Message::Deleted(r) => match r {
                Ok(path) => {
                    self.games.progress_mut().deleted(&path);
                    self.notice = format!("deleted {}", path.display());
                    self.document = Document::untitled();
                    Task::batch([
                        self.folder.refresh().map(StudioMessage::Folder),
                        self.open_first(None),
                    ])
                }
                Err(why) => {
                    self.notice = why;
                    Task::none()
                }
            },
        }
    }

    /// The editor saved, or failed to: what waited goes on, or is called off.
    pub(super) fn saved(&mut self, ok: bool) -> Task<StudioMessage> {
        let forget = if ok {
            self.guard
                .forget(self.document.path().map(PathBuf::from))
                .map(StudioMessage::Guard)
        } else {
            Task::none()
        };
        if !self.guard.saving {
            return forget;
        }
        self.guard.saving = false;
        let pending = self.guard.pending.take();
        match pending {
            Some(p) if ok => Task::batch([forget, self.proceed(p)]),
            _ => {
                if !ok {
                    self.notice = "not saved, so nothing else was done".into();
                }
                forget
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: a keep and a forget each run on a thread of their own, and a keep that
    /// finished after the forget asked for after it (an undo back to the file right after a
    /// keep) left the edits for the next start to offer back.
    #[test]
    fn a_keep_that_lands_after_a_later_forget_is_dropped() {
        let dir = tempfile::tempdir().expect("dir");
        let recovery = Recovery::new(dir.path().join("recovery"));
        let mut guard = Guard::new(Some(recovery.clone()));
        let file = Some(dir.path().join("a.lock"));
        let keep = guard
            .store_job(file.clone(), "edited".into())
            .expect("a job");
        let forget = guard.forget_job(file.clone()).expect("a job");
        forget().expect("forgotten");
        keep().expect("dropped, not an error");
        assert!(recovery.pending().is_empty(), "nothing is offered back");
        // In the order asked, the later keep lands.
        let keep = guard.store_job(file, "again".into()).expect("a job");
        keep().expect("kept");
        assert_eq!(recovery.pending().len(), 1);
    }
}
