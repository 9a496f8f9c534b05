//! The buffer against the text on disk, as the editor's main area shows it: worked out in the
//! background whenever either side changes, and kept until one does again. A diff of two large
//! texts takes a noticeable time (the line diff, and reading both to say what changed in the
//! family's words: 0.4 s for a 16.8 MB file), and even finding a memo of it by hashing both
//! texts costs milliseconds at every frame; so the view only shows what is ready.

use super::{Buffer, Message};
use crate::background;
use crate::family::Family;
use crate::screen::LineDiff;
use iced::widget::{container, text};
use iced::{Element, Length, Task};
use std::sync::Arc;

/// Which texts a diff compares: the buffer's at a revision, and the other text, which the
/// buffer holds (the key holds it too, so no other text can take its place in memory).
#[derive(Clone)]
pub struct Key {
    mine: u64,
    theirs: Arc<str>,
}

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        self.mine == other.mine && Arc::ptr_eq(&self.theirs, &other.theirs)
    }
}

impl std::fmt::Debug for Key {
    // Not the text: a message in a log would print megabytes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "revision {} against {} bytes",
            self.mine,
            self.theirs.len()
        )
    }
}

/// The diff shown, and the one being worked out.
#[derive(Default)]
pub(super) struct DiskDiff {
    ready: Option<(Key, Arc<LineDiff>)>,
    asked: Option<Key>,
}

impl Buffer {
    /// The text on disk to show the buffer against in the editor's main area: the file's new
    /// text while a conflict is being compared, else the file's when the editor is `diffing`
    /// (nothing, once the file was removed).
    fn diff_key(&self, diffing: bool) -> Option<Key> {
        let theirs = match &self.conflict {
            Some(c) if c.comparing => &c.theirs,
            _ if !diffing => return None,
            _ if self.removed => &self.nothing,
            _ => &self.disk_text,
        };
        Some(Key {
            mine: self.revision,
            theirs: theirs.clone(),
        })
    }

    /// Works out the diff the main area is to show, when it is not ready nor under way: to be
    /// asked after every message (the text, the disk's text, a conflict, the editor's wish to
    /// compare may each have changed).
    pub fn diff_task(&mut self, family: Family, diffing: bool) -> Task<Message> {
        let Some(key) = self.diff_key(diffing) else {
            self.disk_diff = DiskDiff::default();
            return Task::none();
        };
        let ready = self
            .disk_diff
            .ready
            .as_ref()
            .is_some_and(|(k, _)| *k == key);
        if ready || self.disk_diff.asked.as_ref() == Some(&key) {
            return Task::none();
        }
        self.disk_diff.asked = Some(key.clone());
        let (theirs, mine) = (key.theirs.clone(), self.text());
        background::run(
            move || Arc::new(LineDiff::of(Some(family), &theirs, &mine)),
            move |diff| Message::Diffed(key.clone(), diff),
        )
    }

    /// A diff worked out: kept when it is the last one asked for.
    pub(super) fn diffed(&mut self, key: Key, diff: Arc<LineDiff>) {
        if self.disk_diff.asked.as_ref() == Some(&key) {
            self.disk_diff.asked = None;
            self.disk_diff.ready = Some((key, diff));
        }
    }

    /// The editor's main area: the buffer against the disk (see [`Buffer::diff_key`]) when the
    /// user asked to compare them, else `main`. While the diff of an edit is worked out, the
    /// one before it stays (against the same text on disk), so that typing does not flicker.
    pub fn diff_or<'a, M: 'a>(&self, diffing: bool, main: Element<'a, M>) -> Element<'a, M> {
        let Some(key) = self.diff_key(diffing) else {
            return main;
        };
        match &self.disk_diff.ready {
            Some((shown, diff)) if Arc::ptr_eq(&shown.theirs, &key.theirs) => {
                crate::screen::diff_view("on disk", diff)
            }
            _ => container(text("Comparing with the file on disk…").size(13))
                .center(Length::Fill)
                .into(),
        }
    }

    /// Whether the diff the main area is to show is ready (tests wait for it).
    #[cfg(test)]
    pub fn diff_is_ready(&self, diffing: bool) -> bool {
        let key = self.diff_key(diffing);
        key.is_some() && self.disk_diff.ready.as_ref().map(|(k, _)| k) == key.as_ref()
    }
}
