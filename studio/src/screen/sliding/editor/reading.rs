//! The text read: parsed and highlighted in the background, and what the editor takes from
//! each reading (the picture on the canvas, whether it may be edited and played, the solver's
//! next question).

use super::*;

/// Codes of the lock's own problems and of `axis` lines: a canvas edit may print over a text
/// that has them (the printer writes the axis lines from the picture).
pub(super) const LOCK_CODES: &[&str] = &[
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
pub type Reading = crate::screen::reading::Reading<lockfmt::sliding::Sliding>;

impl Reading {
    /// Whether the picture reads: the canvas can draw it.
    pub(super) fn drawable(&self) -> bool {
        self.document.is_some() && crate::sliding::drawable(self.errors())
    }
}

impl Editor {
    pub(super) fn read(&mut self) -> Task<Message> {
        let revision = self.core.buffer.revision();
        let text = self.core.buffer.text();
        background::run(
            move || Reading::of(&text),
            move |r| Message::Read(revision, Arc::new(r)),
        )
    }

    pub(super) fn read_done(&mut self, revision: u64, reading: &Reading) -> Task<Message> {
        if !self.core.took(revision, reading) {
            return Task::none();
        }
        let drawable = reading.drawable();
        self.editable = drawable
            && reading
                .errors()
                .all(|d| LOCK_CODES.contains(&d.code.as_str()));
        self.playable = drawable && reading.errors().next().is_none();
        if drawable {
            self.document = reading.document.clone();
            self.cells = reading.source_map.cells.clone();
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
                    self.core
                        .buffer
                        .say("the lock changed: the game starts again from its new start");
                }
                Task::none()
            }
            Mode::Author if self.lesson => self.set_mode(Mode::Play),
            Mode::Author => match lock.filter(|_| self.playable) {
                Some(lock) if self.said.as_ref().is_some_and(|s| s.lock == lock) => Task::none(),
                Some(lock) => self.ask_about(lock),
                None => {
                    self.stop_solver();
                    self.said = None;
                    Task::none()
                }
            },
        }
    }
}
