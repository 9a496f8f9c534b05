//! The tutorial series, one for each puzzle family that has lessons (hex locks, sliding locks),
//! and the player's progress through them, kept in the user's data folder. Each family reads its
//! own lessons (`hexlock::tutorial`, `sliding::tutorial`); what they share is here.

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::Path;

/// One lesson, built into the binary: a puzzle whose title is the lesson's and whose notes are
/// its intro, and its shortest solution.
#[derive(Debug)]
pub struct Lesson {
    /// The file name without its extension, e.g. `01-clear-the-bolthole`: the lesson's key in
    /// the progress.
    pub file: &'static str,
    /// The puzzle's text.
    pub text: &'static str,
    /// Its solution file.
    pub solution: &'static str,
}

/// What a lesson's puzzle says of it: its title, and its notes as one paragraph; and the fewest
/// moves that do it, its solution's.
#[derive(Debug, Default)]
pub struct Heading {
    pub title: String,
    pub intro: String,
    pub shortest: Option<usize>,
}

impl Heading {
    /// A heading from a puzzle's title (the file name when it has none) and its notes.
    pub fn new<'a>(
        title: Option<&str>,
        file: &str,
        notes: impl IntoIterator<Item = &'a str>,
    ) -> Heading {
        Heading {
            title: title
                .filter(|t| !t.trim().is_empty())
                .unwrap_or(file)
                .to_string(),
            intro: notes
                .into_iter()
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .collect::<Vec<_>>()
                .join(" "),
            shortest: None,
        }
    }
}

/// A series of lessons: one family's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Series {
    HexLock,
    Sliding,
}

impl Series {
    /// Every series, in the order the tutorial screen lists them.
    pub const ALL: [Series; 2] = [Series::HexLock, Series::Sliding];

    /// Its lessons, in order.
    pub fn lessons(self) -> &'static [Lesson] {
        match self {
            Series::HexLock => crate::hexlock::tutorial::SERIES,
            Series::Sliding => crate::sliding::tutorial::SERIES,
        }
    }

    /// The family its lessons are puzzles of.
    pub fn family(self) -> crate::family::Family {
        match self {
            Series::HexLock => crate::family::Family::HexLock,
            Series::Sliding => crate::family::Family::Sliding,
        }
    }

    /// The family's name, as the tutorial screen's tab shows it.
    pub fn name(self) -> &'static str {
        match self {
            Series::HexLock => "Hex locks",
            Series::Sliding => "Sliding locks",
        }
    }

    /// What its lessons teach, in a sentence.
    pub fn about(self) -> &'static str {
        match self {
            Series::HexLock => {
                "Pick Intricacy's hex locks with your two tools, one mechanic a lesson."
            }
            Series::Sliding => {
                "Slide and turn Lockmaker's pieces until the Key reaches the Keyhole, one rule a \
                 lesson, each in the fewest moves."
            }
        }
    }

    /// Lesson `index`'s title, intro and fewest moves (read once for the process).
    pub fn heading(self, index: usize) -> &'static Heading {
        static NONE: Heading = Heading {
            title: String::new(),
            intro: String::new(),
            shortest: None,
        };
        let read = match self {
            Series::HexLock => crate::hexlock::tutorial::heading(index),
            Series::Sliding => crate::sliding::tutorial::heading(index),
        };
        read.unwrap_or(&NONE)
    }

    /// The fewest moves that do lesson `index`: its solution's, which the tests prove shortest
    /// (`lockfmt/tests/tutorial.rs`, `lockfmt/tests/sliding_templates.rs`).
    pub fn shortest(self, index: usize) -> Option<usize> {
        self.heading(index).shortest
    }

    /// Lesson `index`'s title.
    pub fn title(self, index: usize) -> &'static str {
        &self.heading(index).title
    }

    /// Lesson `index`'s intro.
    pub fn intro(self, index: usize) -> &'static str {
        &self.heading(index).intro
    }
}

/// Reads every series now (blocking): the studio does this in the background at start, so that
/// the tutorial screen never parses.
pub fn read_all() {
    for series in Series::ALL {
        series.heading(0);
    }
}

/// How far the player has come in one series.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Track {
    /// The lessons opened (hex locks) or picked (sliding locks), by file name.
    pub opened: BTreeSet<String>,
    /// The lesson the player is on, by file name.
    pub current: Option<String>,
}

impl Track {
    /// The lesson the player is on in `series`: the current one, else the first not done.
    pub fn current_index(&self, series: Series) -> usize {
        let lessons = series.lessons();
        self.current
            .as_deref()
            .and_then(|c| lessons.iter().position(|l| l.file == c))
            .or_else(|| lessons.iter().position(|l| !self.opened.contains(l.file)))
            .unwrap_or(0)
    }

    /// Marks a lesson done and moves on to the next; returns the next lesson's index, or `None`
    /// after the last.
    pub fn opened(&mut self, series: Series, index: usize) -> Option<usize> {
        let lessons = series.lessons();
        if let Some(l) = lessons.get(index) {
            self.opened.insert(l.file.to_string());
        }
        let next = (index + 1 < lessons.len()).then_some(index + 1);
        self.current = next.map(|i| lessons[i].file.to_string());
        next
    }

    /// How many of the series' lessons are done.
    pub fn done(&self, series: Series) -> usize {
        series
            .lessons()
            .iter()
            .filter(|l| self.opened.contains(l.file))
            .count()
    }

    /// Whether every lesson of the series is done.
    pub fn finished(&self, series: Series) -> bool {
        self.done(series) == series.lessons().len()
    }
}

/// The player's progress, in `tutorial.toml`: the hex lock series' at the top (where it was
/// before there were other series), each other series' in a table of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
pub struct Progress {
    /// Whether the series was offered on a first start (it is offered once).
    pub offered: bool,
    #[serde(flatten)]
    pub hexlock: Track,
    pub sliding: Track,
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

    /// One series' progress.
    pub fn track(&self, series: Series) -> &Track {
        match series {
            Series::HexLock => &self.hexlock,
            Series::Sliding => &self.sliding,
        }
    }

    /// One series' progress, to change.
    pub fn track_mut(&mut self, series: Series) -> &mut Track {
        match series {
            Series::HexLock => &mut self.hexlock,
            Series::Sliding => &mut self.sliding,
        }
    }

    /// Whether nothing has been played yet in any series.
    pub fn untouched(&self) -> bool {
        Series::ALL.iter().all(|&s| {
            let t = self.track(s);
            t.opened.is_empty() && t.current.is_none()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_series_has_lessons_in_file_order_each_with_a_title_and_an_intro() {
        for series in Series::ALL {
            let lessons = series.lessons();
            assert!(lessons.len() >= 8, "{series:?}: {} lessons", lessons.len());
            for pair in lessons.windows(2) {
                assert!(pair[0].file < pair[1].file);
            }
            for (i, l) in lessons.iter().enumerate() {
                assert!(!series.title(i).is_empty(), "{}", l.file);
                assert_ne!(series.title(i), l.file, "{} has a title", l.file);
                assert!(!series.intro(i).is_empty(), "{} has an intro", l.file);
            }
        }
    }

    #[test]
    fn progress_moves_on_and_round_trips_each_series_apart() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("data/tutorial.toml");
        assert_eq!(Progress::load(&path).expect("read"), None, "a first start");
        let mut p = Progress::default();
        assert!(p.untouched());
        assert_eq!(p.hexlock.current_index(Series::HexLock), 0);
        assert_eq!(p.hexlock.opened(Series::HexLock, 0), Some(1));
        assert_eq!(p.sliding.opened(Series::Sliding, 2), Some(3));
        assert_eq!(p.hexlock.current_index(Series::HexLock), 1);
        assert_eq!(p.sliding.current_index(Series::Sliding), 3);
        assert!(!p.untouched());
        p.save(&path).expect("save");
        let back = Progress::load(&path).expect("read").expect("some");
        assert_eq!(back, p);
        for series in Series::ALL {
            let t = p.track_mut(series);
            let last = series.lessons().len() - 1;
            assert_eq!(
                t.opened(series, last),
                None,
                "nothing after the last lesson"
            );
            assert!(!t.finished(series));
            for i in 0..series.lessons().len() {
                t.opened(series, i);
            }
            assert!(t.finished(series));
        }
    }

    /// Progress written before there were sliding lessons reads as the hex lock series'.
    #[test]
    fn progress_from_before_the_sliding_series_is_the_hex_locks() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("tutorial.toml");
        std::fs::write(
            &path,
            "opened = [\"01-clear-the-bolthole\"]\ncurrent = \"02-push\"\noffered = true\n",
        )
        .expect("write");
        let p = Progress::load(&path).expect("read").expect("some");
        assert!(p.offered);
        assert!(p.hexlock.opened.contains("01-clear-the-bolthole"));
        assert_eq!(p.hexlock.current_index(Series::HexLock), 1);
        assert_eq!(p.sliding, Track::default());
    }
}
