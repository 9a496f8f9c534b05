//! The folder panel's and the editor's events: opening, making, renaming and deleting files
//! (through the guard), saving, exporting pictures, and showing the other screens; and what
//! changed on disk (files saved or renamed by another program).

use super::{Message, Origin, Pending, Screen, Studio};
use crate::background;
use crate::screen::buffer::read_text;
use crate::screen::document::{self, Document};
use crate::screen::folder::{self, Destination};
use crate::screen::nonogram::player::Player;
use crate::watch;
use iced::Task;
use std::path::{Path, PathBuf};

impl Studio {
    pub(super) fn folder_event(&mut self, event: folder::Event) -> Task<Message> {
        match event {
            folder::Event::DismissLasting => {
                self.lasting.clear();
                Task::none()
            }
            folder::Event::Open(path) => {
                // The open file again: back to it from play, with nothing to ask.
                if self.document.path() == Some(path.as_path()) {
                    self.leave_play();
                    self.screen = Screen::Editor;
                    return Task::none();
                }
                self.guarded(Pending::Open(path))
            }
            folder::Event::New(template, name) => self.guarded(Pending::New(template, name)),
            folder::Event::Duplicate => self.guarded(Pending::Duplicate),
            folder::Event::Delete(path) => self.guarded(Pending::Delete(path)),
            folder::Event::Rename(stem) => {
                let Some(path) = self.document.path().map(PathBuf::from) else {
                    return Task::none();
                };
                background::run(
                    move || crate::library::rename(&path, &stem).map_err(|e| format!("{e:#}")),
                    Message::Renamed,
                )
            }
            folder::Event::CompareWith(path) => {
                self.leave_play();
                self.screen = Screen::Editor;
                self.document.compare_with(path).map(Message::Document)
            }
            folder::Event::Export => self.export(),
            folder::Event::ExportAnimation => self.export_animation(),
            folder::Event::ToggleTheme => self.settings.toggle_theme().map(Message::Settings),
            folder::Event::ToggleFullscreen => self.update(Message::ToggleFullscreen),
            folder::Event::ToggleSound => self.settings.toggle_sound().map(Message::Settings),
            folder::Event::Show(d) => self.show(d),
        }
    }

    /// The open file now goes by `path` (renamed here or by another program): unsaved edits
    /// kept under the old name would be offered back, after a crash, for a file that is no
    /// longer there, so they are kept under the new one at once.
    pub(super) fn follow_open_file(&mut self, path: PathBuf) -> Task<Message> {
        let old = self.document.path().map(PathBuf::from);
        self.document.set_path(path);
        let forget = self.guard.forget(old).map(Message::Guard);
        let keep = self.guard_message(super::guard::Message::Keep);
        Task::batch([forget, keep, self.folder.refresh().map(Message::Folder)])
    }

    /// Another program renamed `from` to `to` (a file manager, `mv`, a version control
    /// checkout): a game kept for it follows it, and so does the open file, unsaved edits and
    /// all, as long as the new name is of the same family.
    pub(super) fn renamed_elsewhere(&mut self, from: &Path, to: &Path) -> Task<Message> {
        let family = crate::family::Family::of_path(from);
        if family.is_none() || crate::family::Family::of_path(to) != family {
            return Task::none();
        }
        self.games.progress_mut().renamed(from, to);
        if self.document.path() != Some(from) {
            return Task::none();
        }
        self.follow_open_file(to.to_path_buf())
    }

    /// What the watcher saw change: files another program renamed are followed, the folder
    /// list is read again, and the open file is reloaded — while its hex lock or nonogram is
    /// played, the player plays the puzzle as it was when play began, and since nothing on the
    /// board shows that the editor behind took a new text, it is said.
    pub(super) fn changed_on_disk(&mut self, changed: watch::Changed) -> Task<Message> {
        let mut tasks: Vec<Task<Message>> = changed
            .renamed
            .iter()
            .map(|(from, to)| self.renamed_elsewhere(from, to))
            .collect();
        let paths = changed.paths;
        if paths.iter().any(|p| p.starts_with(self.folder.path())) {
            tasks.push(self.folder.refresh().map(Message::Folder));
        }
        if let Some(open) = self.document.path()
            && paths.iter().any(|p| p == open)
        {
            if matches!(
                self.screen,
                Screen::Play(_, Origin::Editor) | Screen::Nonogram(_)
            ) {
                let name = open.file_name().unwrap_or(open.as_os_str());
                self.notice = format!(
                    "{} changed on disk while you play: this game goes on with the puzzle as it \
                     was when it began; Back to editing shows the file as it is now",
                    name.to_string_lossy()
                );
            }
            tasks.push(self.document.reload().map(Message::Document));
        }
        // The lock's saved solution, written by another program (`solve -o`, an editor).
        if let Some(open) = self.document.path().map(crate::library::solution_beside)
            && paths.contains(&open)
        {
            tasks.push(self.replay_saved_solution());
        }
        Task::batch(tasks)
    }

    /// The saved solution beside the open lock may have changed: its editor replays it.
    pub(super) fn replay_saved_solution(&mut self) -> Task<Message> {
        self.document.solution_changed().map(Message::Document)
    }

    /// Shows a screen of the side panel's buttons; pressed again, the button comes back to the
    /// editor.
    pub(super) fn show(&mut self, d: Destination) -> Task<Message> {
        let target = match d {
            Destination::Settings => Screen::Settings,
            Destination::Tutorial => Screen::Tutorial,
            Destination::Online => Screen::Online,
            Destination::DeathMatch => Screen::DeathMatch,
        };
        let again = matches!(
            (&self.screen, d),
            (Screen::Settings, Destination::Settings)
                | (Screen::Tutorial, Destination::Tutorial)
                | (Screen::Online, Destination::Online)
                | (Screen::DeathMatch, Destination::DeathMatch)
        );
        self.leave_play();
        self.screen = if again { Screen::Editor } else { target };
        match d {
            _ if again => Task::none(),
            Destination::Online => self.online.refresh().map(Message::Online),
            Destination::DeathMatch => self.connect_death_match(),
            Destination::Settings | Destination::Tutorial => Task::none(),
        }
    }

    pub(super) fn document_event(&mut self, event: document::Event) -> Task<Message> {
        match event {
            document::Event::PlayLock(lock) => self.play_editor_lock(*lock),
            document::Event::Rebind(action) => self.update(Message::Rebind(action)),
            document::Event::PlayNonogram(puzzle) => {
                self.leave_play();
                let goal = puzzle.goal.clone();
                let player = Player::new(*puzzle, goal);
                let start = player.start().map(Message::Nonogram);
                self.screen = Screen::Nonogram(Box::new(player));
                start
            }
            document::Event::Saved(_) => {
                let refresh = self.folder.refresh().map(Message::Folder);
                Task::batch([refresh, self.saved(true)])
            }
            document::Event::SaveFailed(why) => {
                self.notice = format!("not saved: {why}");
                self.saved(false)
            }
        }
    }

    /// A file was read: it becomes the editor's buffer.
    pub(super) fn show_file(&mut self, path: PathBuf, text: &str) -> Task<Message> {
        let Some(family) = crate::family::of_file_text(&path, text.as_bytes()) else {
            // Nothing falls back to a hex lock: a file no family owns is said to be none.
            self.notice = crate::family::refusal_of_text(&path, text.as_bytes())
                .unwrap_or_else(|| format!("{} is no puzzle file", path.display()));
            return Task::none();
        };
        let (document, task) = Document::open(family, Some(path), text);
        self.document = document;
        self.apply_match_rules();
        self.notice.clear();
        task.map(Message::Document)
    }

    /// Exports the open puzzle as a PNG beside its file, drawn in the background
    /// ([`Document::picture`] says how each family is drawn).
    fn export(&mut self) -> Task<Message> {
        let Some(out) = self.document.path().map(|p| p.with_extension("png")) else {
            self.notice = "save the puzzle first: its picture goes beside its file".into();
            return Task::none();
        };
        let Some(draw) = self.document.picture(self.is_dark(), 1200) else {
            self.notice =
                "the puzzle does not read: mend its problems to export its picture".into();
            return Task::none();
        };
        background::run(
            move || {
                let bytes = draw().map_err(|e| format!("{e:#}"))?;
                crate::files::write_atomic_bytes(&out, &bytes).map_err(|e| format!("{e:#}"))?;
                Ok(format!("exported {}", out.display()))
            },
            Message::Done,
        )
    }

    /// Exports the open puzzle's solution, the solver's, played as an animated GIF beside its
    /// file (`lockwright render --animate` makes the same), made in the background.
    fn export_animation(&mut self) -> Task<Message> {
        let Some(file) = self.document.path().map(PathBuf::from) else {
            self.notice = "save the puzzle first: its animation goes beside its file".into();
            return Task::none();
        };
        let Some(family) = crate::family::Family::of_path(&file) else {
            return Task::none();
        };
        let out = file.with_extension("gif");
        let text = self.document.text();
        let look = workshop::animation::Look::new(600, self.is_dark());
        background::run(
            move || {
                use workshop::animation::Animated;
                let film = match (family.info().verbs.animate)(&text, None, &look) {
                    Ok(Animated::Film(film)) => film,
                    Ok(Animated::NoSolution(why)) => {
                        return Err(format!("{why}: there is no solution to animate"));
                    }
                    Ok(Animated::Stopped(why)) => {
                        return Err(format!("{why}: there is no solution to animate"));
                    }
                    Err(workshop::animation::Error::Unreadable(_)) => {
                        return Err(
                            "the puzzle does not read: mend its problems to export its animation"
                                .into(),
                        );
                    }
                    Err(e) => return Err(e.to_string()),
                };
                let gif = film.gif().map_err(|e| e.to_string())?;
                crate::files::write_atomic_bytes(&out, &gif).map_err(|e| format!("{e:#}"))?;
                Ok(format!("exported {}", out.display()))
            },
            Message::Done,
        )
    }

    /// Opens a puzzle imported from webpbn XML: unsaved, under the name it is saved as.
    pub(super) fn open_imported(
        &mut self,
        imported: &crate::nonogram::webpbn::Imported,
    ) -> Task<Message> {
        self.opening.advance();
        let (document, task) = Document::restored(
            crate::family::Family::Nonogram,
            Some(imported.path.clone()),
            "",
            &imported.text,
        );
        self.document = document;
        self.apply_match_rules();
        // The import's word says more than the buffer's "not saved yet": it stands.
        self.notice = imported.notice();
        self.heard_now();
        task.map(Message::Document)
    }

    /// Opens the file asked for, else the folder's first, once the folder is listed.
    pub(super) fn open_first(&mut self, file: Option<PathBuf>) -> Task<Message> {
        let folder = self.folder.path().to_path_buf();
        let asked = self.opening.advance();
        background::run(
            move || {
                let path = file.or_else(|| {
                    crate::library::list(&folder)
                        .into_iter()
                        .next()
                        .map(|l| l.path)
                })?;
                // A puzzle named on the command line that is not there yet is a new file, as
                // an editor opens one: empty, written when saved.
                let new = !path.exists()
                    && crate::family::Family::of_path(&path).is_some()
                    && path
                        .parent()
                        .is_some_and(|d| d.as_os_str().is_empty() || d.is_dir());
                let text = if new {
                    Ok(String::new())
                } else {
                    read_text(&path)
                };
                Some((path, text, new))
            },
            move |r| match r {
                Some((path, text, false)) => Message::Opened(asked, path, text),
                Some((path, _, true)) => Message::OpenedNew(asked, path),
                None => Message::Done(Ok(String::new())),
            },
        )
    }

    /// Reads a file in the background, to open it in the editor.
    pub(super) fn open(&mut self, path: PathBuf) -> Task<Message> {
        let asked = self.opening.advance();
        let p = path.clone();
        background::run(
            move || read_text(&p),
            move |r| Message::Opened(asked, path.clone(), r),
        )
    }
}
