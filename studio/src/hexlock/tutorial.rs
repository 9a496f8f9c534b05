//! The tutorial series: the lessons built into the binary from `templates/hexlock/tutorial/`, and the
//! player's progress through them, kept in the user's data folder.

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::Path;

/// One lesson: a lock whose name is its title and whose notes are its intro.
#[derive(Debug)]
pub struct Lesson {
    /// The file name without `.lock`, e.g. `01-the-bolthole`: the lesson's key in the progress.
    pub file: &'static str,
    /// The lock text.
    pub text: &'static str,
    /// Its solution file.
    pub solution: &'static str,
}

/// Every lesson, in order.
pub const SERIES: &[Lesson] = include!(concat!(env!("OUT_DIR"), "/tutorial.rs"));

impl Lesson {
    /// The lock, read once (the tests check each one parses cleanly).
    pub fn lock(&self) -> Option<engine::hexlock::Lock> {
        self.read().lock.clone()
    }

    /// The title: the lock's name.
    pub fn title(&self) -> &'static str {
        &self.read().title
    }

    /// The intro: the lock's notes, one paragraph.
    pub fn intro(&self) -> &'static str {
        &self.read().intro
    }

    /// The whole series read, once for the process: the tutorial screen shows titles and
    /// intros on every redraw, and parsing thirteen locks per frame would be wasted work.
    /// [`read_series`] reads it off the UI thread at start.
    fn read(&self) -> &'static Read {
        let i = SERIES
            .iter()
            .position(|l| l.file == self.file)
            .unwrap_or_default();
        &READ[i]
    }
}

/// A lesson as read from its lock.
struct Read {
    lock: Option<engine::hexlock::Lock>,
    title: String,
    intro: String,
}

static READ: std::sync::LazyLock<Vec<Read>> = std::sync::LazyLock::new(|| {
    SERIES
        .iter()
        .map(|l| {
            let lock = lockfmt::hexlock::parse(l.text).valid_lock().cloned();
            let (title, intro) = match &lock {
                Some(lock) => (
                    lock.info.name.clone(),
                    lock.info
                        .notes
                        .iter()
                        .map(|n| n.trim())
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
                None => (l.file.to_string(), String::new()),
            };
            Read { lock, title, intro }
        })
        .collect()
});

/// Reads the whole series now (blocking): the studio does this in the background at start, so
/// that the tutorial screen never parses.
pub fn read_series() {
    std::sync::LazyLock::force(&READ);
}

/// How far the player has come, in `tutorial.toml`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Progress {
    /// The lessons opened, by file name.
    pub opened: BTreeSet<String>,
    /// The lesson the player is on, by file name.
    pub current: Option<String>,
    /// Whether the series was offered on a first start (it is offered once).
    pub offered: bool,
}

impl Progress {
    /// Reads the progress; `None` when there is none yet, which means a first start.
    pub fn load(path: &Path) -> Result<Option<Progress>> {
        match std::fs::read_to_string(path) {
            Ok(text) => toml::from_str(&text)
                .map(Some)
                .with_context(|| format!("{} is not valid tutorial progress", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
        }
    }

    /// Writes the progress atomically (its folder is created).
    pub fn save(&self, path: &Path) -> Result<()> {
        let text = toml::to_string_pretty(self).context("cannot write the progress as TOML")?;
        crate::files::write_atomic(path, &text)
    }

    /// The lesson the player is on: the current one, else the first not opened.
    pub fn current_index(&self) -> usize {
        self.current
            .as_deref()
            .and_then(|c| SERIES.iter().position(|l| l.file == c))
            .or_else(|| SERIES.iter().position(|l| !self.opened.contains(l.file)))
            .unwrap_or(0)
    }

    /// Marks a lesson opened and moves on to the next; returns the next lesson's index, or
    /// `None` after the last.
    pub fn opened(&mut self, index: usize) -> Option<usize> {
        if let Some(l) = SERIES.get(index) {
            self.opened.insert(l.file.to_string());
        }
        let next = (index + 1 < SERIES.len()).then_some(index + 1);
        self.current = next.map(|i| SERIES[i].file.to_string());
        next
    }

    /// Whether every lesson has been opened.
    pub fn finished(&self) -> bool {
        SERIES.iter().all(|l| self.opened.contains(l.file))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_series_has_at_least_twelve_lessons_in_file_order() {
        assert!(SERIES.len() >= 12, "{} lessons", SERIES.len());
        for pair in SERIES.windows(2) {
            assert!(pair[0].file < pair[1].file);
        }
    }

    #[test]
    fn every_lesson_has_a_title_an_intro_and_a_solution_that_opens_it() {
        for lesson in SERIES {
            let lock = lesson
                .lock()
                .unwrap_or_else(|| panic!("{} parses", lesson.file));
            assert!(!lesson.title().is_empty(), "{}", lesson.file);
            assert!(!lesson.intro().is_empty(), "{} has an intro", lesson.file);
            let solution =
                lockfmt::hexlock::parse_solution(lesson.solution).expect("solution parses");
            assert!(
                solution.names(&lock),
                "{}: the solution names its lock",
                lesson.file
            );
            let mech = engine::hexlock::Mechanism::new(&lock).expect("playable");
            let replay = engine::hexlock::search::replay(&mech, &solution.moves).expect("replays");
            assert!(replay.opened_after.is_some(), "{} opens", lesson.file);
        }
    }

    #[test]
    fn progress_moves_on_and_round_trips() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("data/tutorial.toml");
        assert_eq!(Progress::load(&path).expect("read"), None, "a first start");
        let mut p = Progress::default();
        assert_eq!(p.current_index(), 0);
        assert_eq!(p.opened(0), Some(1));
        assert_eq!(p.current_index(), 1);
        p.save(&path).expect("save");
        let back = Progress::load(&path).expect("read").expect("some");
        assert_eq!(back, p);
        let last = SERIES.len() - 1;
        assert_eq!(p.opened(last), None, "nothing after the last lesson");
        assert!(!p.finished());
        for i in 0..SERIES.len() {
            p.opened(i);
        }
        assert!(p.finished());
    }
}
