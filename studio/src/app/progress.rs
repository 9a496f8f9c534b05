//! Games taken up where they were left: after every message the root looks at the play on
//! screen (a hex lock or a nonogram of the open file on their players' screens, a sliding lock
//! or a Quadrillion challenge played in its editor).
//! A play that has just begun on a puzzle with a game left on it takes that game up; any play
//! is kept in [`Progress`], which is written to the data folder in the background a moment
//! later and before the window closes.

use super::{Message, Origin, Screen, Studio};
use crate::background;
use crate::progress::{self, Place, Play, Progress};
use iced::Task;
use std::path::PathBuf;
use std::time::Duration;

/// How soon a change of play is written to disk.
pub const WRITE_EVERY: Duration = Duration::from_secs(2);

/// Why the games kept could not be read, and whether their file was set aside (else it must
/// not be written over).
#[derive(Clone, Debug)]
pub struct Unread {
    why: String,
    set_aside: bool,
}

/// The games and where they are kept.
#[derive(Debug, Default)]
pub struct Games {
    /// `progress.json` in the data folder; `None`: games are kept for this run only.
    file: Option<PathBuf>,
    progress: Progress,
    /// Where the play on screen after the last message was, and the digest of its puzzle.
    playing: Option<(Place, String)>,
}

impl Games {
    pub fn new(file: Option<PathBuf>) -> Games {
        Games {
            file,
            ..Games::default()
        }
    }

    /// Whether games changed since they were last written.
    pub fn is_unwritten(&self) -> bool {
        self.file.is_some() && self.progress.is_unwritten()
    }

    /// The games kept.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// The games kept, to change.
    pub fn progress_mut(&mut self) -> &mut Progress {
        &mut self.progress
    }

    /// Reads the games kept by earlier runs, in the background.
    pub fn read(&self) -> Task<Message> {
        let Some(file) = self.file.clone() else {
            return Task::none();
        };
        background::run(
            move || {
                Progress::read(&file).map_err(|why| match crate::files::set_aside(&file) {
                    Ok(aside) => Unread {
                        why: format!(
                            "the games left unfinished could not be read ({why}); the file is kept as {}",
                            aside.display()
                        ),
                        set_aside: true,
                    },
                    Err(e) => Unread {
                        why: format!(
                            "the games left unfinished could not be read ({why}), and {e}: games are \
                             not kept, so that it is not written over"
                        ),
                        set_aside: false,
                    },
                })
            },
            Message::GamesRead,
        )
    }
}

impl Studio {
    /// The play on screen: where it is played, and where its game stands.
    fn play_on_screen(&self) -> Option<(Place, progress::Now)> {
        let file = || Some(Place::File(self.document.path()?.to_path_buf()));
        match &self.screen {
            Screen::Play(p, Origin::Editor) => Some((file()?, p.game_now())),
            Screen::Play(p, Origin::Picked(view)) => {
                let place = Place::ServerLock {
                    server: self.online.server_key().to_string(),
                    id: view.id,
                    player: self.online.codename()?.to_string(),
                };
                Some((place, p.game_now()))
            }
            Screen::Nonogram(p) => Some((file()?, p.game_now())),
            Screen::Editor => Some((file()?, self.document.game_now()?)),
            _ => None,
        }
    }

    /// Follows the play on screen after a message: a play just begun takes up the game left on
    /// its puzzle, and every play is kept.
    pub(super) fn follow_play(&mut self) {
        let Some((place, now)) = self.play_on_screen() else {
            self.games.playing = None;
            return;
        };
        let key = Some((place.clone(), now.puzzle.clone()));
        if self.games.playing != key {
            self.games.playing = key;
            if now.play.is_fresh()
                && let Some(left) = self.games.progress.game(&place, &now.puzzle).cloned()
                && self.take_up(&left)
            {
                return;
            }
        }
        self.games
            .progress
            .keep(&place, &now.puzzle, now.play, now.finished);
    }

    /// Puts a game left earlier on screen; false when it no longer plays.
    fn take_up(&mut self, left: &Play) -> bool {
        match &mut self.screen {
            Screen::Play(p, Origin::Picked(view)) => {
                let resumed = p.resume(left);
                // Left open before the declaration: it is on offer again.
                if resumed && p.session().is_open() {
                    let moves = p.session().played().to_vec();
                    self.online.opened(view.as_ref().clone(), moves);
                }
                resumed
            }
            Screen::Play(p, _) => p.resume(left),
            Screen::Nonogram(p) => p.resume(left),
            Screen::Editor => self.document.resume(left),
            _ => false,
        }
    }

    /// Writes the games when they changed, in the background.
    pub(super) fn write_games(&mut self) -> Task<Message> {
        let Some(file) = self.games.file.clone() else {
            return Task::none();
        };
        let Some(write) = self.games.progress.to_write() else {
            return Task::none();
        };
        background::run(
            move || Progress::write(&file, &write),
            Message::GamesWritten,
        )
    }

    pub(super) fn games_read(&mut self, read: Result<Progress, Unread>) {
        match read {
            Ok(read) => self.games.progress.merge(read),
            Err(unread) => {
                if !unread.set_aside {
                    self.games.file = None;
                }
                self.lasting.push(unread.why);
            }
        }
    }

    pub(super) fn games_written(&mut self, written: Result<(), String>) {
        if let Err(why) = written {
            self.notice = format!("where you left your games cannot be kept: {why}");
        }
    }
}
