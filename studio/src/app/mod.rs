//! The studio's root: the folder panel on the left, one screen on the right. It only routes:
//! each screen owns its state, messages and events; the root turns one screen's events into
//! another's work, and asks before anything would drop unsaved edits (see [`guard`]).

mod death_match;
mod files;
mod guard;
mod input;
mod lessons;
mod playing;
mod progress;

pub use guard::{Message as GuardMessage, Pending};
pub use input::key_message;
pub use playing::Origin;

use crate::background::{self, Generation};
use crate::hexlock::picture::Palette;
use crate::recovery::Recovery;
use crate::screen::death_match::{self as match_screen, DeathMatch};
use crate::screen::document::{self, Document};
use crate::screen::folder::{self, Destination, Folder};
use crate::screen::hexlock::play::{self, Play};
use crate::screen::nonogram::player::{self as nonogram_player, Player};
use crate::screen::online::{self, Online};
use crate::screen::settings::{self, SettingsScreen};
use crate::screen::sliding::editor as sliding;
use crate::screen::tutorial::{self, Tutorial};
use crate::settings::{Settings, ThemeChoice};
use crate::watch;
use iced::widget::{column, container, row, stack};

/// How many notices the message area's history keeps.
const SAID_KEPT: usize = 10;
use iced::{Element, Fill, Length, Task, Theme, keyboard, window};
use std::path::PathBuf;
use std::time::Duration;

/// How often unsaved edits are written to the recovery folder.
pub const RECOVERY_EVERY: Duration = Duration::from_secs(3);

/// Where the studio starts.
#[derive(Clone, Debug)]
pub struct Start {
    /// The folder the side panel shows.
    pub folder: PathBuf,
    /// A file to open at once.
    pub file: Option<PathBuf>,
    /// A webpbn XML file's puzzle to open at once, unsaved, instead of `file`.
    pub imported: Option<crate::nonogram::webpbn::Imported>,
    /// The settings and where they live.
    pub settings: Settings,
    pub settings_path: Option<PathBuf>,
    /// Where the online screen keeps its files, and the recovery folder's parent.
    pub online: online::Setup,
}

/// The smallest the window can be made: below it the board shares too little width with the
/// side panels to be played. Every screen's controls show whole at this size (they wrap).
pub const SMALLEST_WINDOW: iced::Size = iced::Size::new(960.0, 640.0);

/// Opens the studio window.
pub fn run(start: Start) -> iced::Result {
    iced::application(
        move || Studio::new(start.clone()),
        Studio::update,
        Studio::view,
    )
    .title(Studio::title)
    .theme(Studio::theme)
    .subscription(Studio::subscription)
    .window(iced::window::Settings {
        size: iced::Size::new(1280.0, 800.0),
        min_size: Some(SMALLEST_WINDOW),
        ..iced::window::Settings::default()
    })
    // Closing asks first when there are unsaved edits.
    .exit_on_close_request(false)
    .run()
}

/// What the right side shows.
pub enum Screen {
    Editor,
    Play(Box<Play>, Origin),
    /// A nonogram being played.
    Nonogram(Box<Player>),
    /// A sliding lock lesson of the tutorial being played.
    SlidingLesson(Box<sliding::Editor>),
    Online,
    /// Lockmaker's Death Match: the lobby and the open match.
    DeathMatch,
    Tutorial,
    Settings,
}

/// The studio's state: the screens, and which one shows.
pub struct Studio {
    folder: Folder,
    document: Document,
    online: Online,
    death_match: DeathMatch,
    tutorial: Tutorial,
    settings: SettingsScreen,
    screen: Screen,
    guard: guard::Guard,
    /// Reads of files being opened: the answer of an older one is dropped.
    opening: Generation,
    /// Where the games played were left.
    games: progress::Games,
    notice: String,
    /// The notices said before, the latest last.
    said: std::collections::VecDeque<String>,
    /// The window fills the screen.
    fullscreen: bool,
    /// The editor's last word the message area took: how many times it had spoken, and what.
    heard: (u64, String),
    /// What the start found wrong (or made), shown above the screen until dismissed.
    lasting: Vec<String>,
}

#[derive(Debug, Clone)]
pub enum Message {
    Folder(folder::Message),
    Document(document::Message),
    Nonogram(nonogram_player::Message),
    Play(play::Message),
    SlidingLesson(sliding::Message),
    Online(online::Message),
    DeathMatch(match_screen::Message),
    Tutorial(tutorial::Message),
    Settings(settings::Message),
    Guard(guard::Message),
    /// A file asked for in this generation was read.
    Opened(Generation, PathBuf, Result<String, String>),
    /// A puzzle file asked for in this generation is not there yet: it opens empty.
    OpenedNew(Generation, PathBuf),
    /// A lock from the server, read in the background (`None`: it does not read), to play;
    /// with a note's moves and author when it is a note's.
    ServerLockRead(
        Box<server::protocol::LockView>,
        Option<(Vec<engine::hexlock::Move>, String)>,
        Option<Box<engine::hexlock::Lock>>,
    ),
    /// The lock to play and its saved solution, read in the background.
    PlayReady(
        Box<engine::hexlock::Lock>,
        Option<Vec<engine::hexlock::Move>>,
    ),
    Changed(watch::Changed),
    Key(keyboard::Key, keyboard::Modifiers),
    /// A right-click on a button: its key is rebound by the next key pressed.
    Rebind(crate::keys::Action),
    /// Fill the screen, or go back to the window's size before.
    ToggleFullscreen,
    CloseRequested(window::Id),
    /// The open file was renamed.
    Renamed(Result<PathBuf, String>),
    /// Background work finished: what to say.
    Done(Result<String, String>),
    /// The games left by earlier runs were read.
    GamesRead(Result<crate::progress::Progress, progress::Unread>),
    /// Time to write the games that changed.
    WriteGames,
    /// The games were written, or not.
    GamesWritten(Result<(), String>),
}

impl Studio {
    pub fn new(start: Start) -> (Studio, Task<Message>) {
        // What the start has to say stays until dismissed: the notice line is cleared by the
        // first file opening, a moment later.
        let mut lasting = start.settings.problems.clone();
        match crate::library::ensure(&start.folder) {
            Ok(true) => lasting.push(format!(
                "made {} with the starter locks",
                start.folder.display()
            )),
            Ok(false) => {}
            Err(e) => lasting.push(format!("{e:#}")),
        }
        let (online, online_task) = Online::new(
            start.online.clone(),
            start.settings.server,
            start.settings.server_url.as_deref(),
        );
        let progress = start
            .online
            .data_dir
            .as_ref()
            .map(|d| d.join("tutorial.toml"));
        let (tutorial, problem) = Tutorial::load(progress);
        lasting.extend(problem);
        let recovery = start
            .online
            .data_dir
            .as_ref()
            .map(|d| Recovery::new(d.join("recovery")));
        let document = Document::untitled();
        let mut studio = Studio {
            folder: Folder::new(start.folder.clone()),
            document,
            online,
            death_match: DeathMatch::default(),
            tutorial,
            settings: SettingsScreen::new(start.settings, start.settings_path, start.folder),
            screen: Screen::Editor,
            guard: guard::Guard::new(recovery),
            opening: Generation::default(),
            games: progress::Games::new(
                start
                    .online
                    .data_dir
                    .as_ref()
                    .map(|d| d.join("progress.json")),
            ),
            notice: String::new(),
            said: lasting.iter().cloned().collect(),
            fullscreen: false,
            heard: (0, String::new()),
            lasting,
        };
        if start.file.is_some() || start.imported.is_some() {
            studio.tutorial.defer_welcome();
        }
        if studio.tutorial.is_welcome() {
            studio.screen = Screen::Tutorial;
        }
        // Nothing is listed yet: the first thumbnails are drawn in the theme's shade.
        let shade = crate::family::Shade::of_theme(studio.is_dark());
        let _ = studio.folder.set_shade(shade);
        let _ = studio.online.set_shade(shade);
        let first_file = match start.imported {
            Some(imported) => studio.open_imported(&imported),
            None => studio.open_first(start.file),
        };
        let tasks = [
            first_file,
            studio.folder.refresh().map(Message::Folder),
            online_task.map(Message::Online),
            studio.tutorial.save().map(Message::Tutorial),
            background::run(crate::tutorial::read_all, |()| {
                Message::Done(Ok(String::new()))
            }),
            {
                // Temporary files a killed save left behind in the folder.
                let folder = studio.folder.path().to_path_buf();
                background::run(
                    move || crate::files::remove_leftovers(&folder),
                    |r| match r {
                        Ok(0) => Message::Done(Ok(String::new())),
                        Ok(n) => Message::Done(Ok(format!(
                            "removed {} left by an interrupted save",
                            lockfmt::words::count(n, "temporary file")
                        ))),
                        Err(e) => Message::Done(Err(format!("{e}"))),
                    },
                )
            },
            studio.guard.look_for_recovered().map(Message::Guard),
            studio.games.read(),
        ];
        (studio, Task::batch(tasks))
    }

    /// The editor's buffer.
    pub fn document(&self) -> &Document {
        &self.document
    }

    /// The online screen's state.
    pub fn online(&self) -> &Online {
        &self.online
    }

    /// The Death Match screen's state.
    pub fn death_match(&self) -> &DeathMatch {
        &self.death_match
    }

    /// The tutorial's state.
    pub fn tutorial(&self) -> &Tutorial {
        &self.tutorial
    }

    /// The settings screen's state.
    pub fn settings(&self) -> &SettingsScreen {
        &self.settings
    }

    /// The folder panel's state.
    pub fn folder(&self) -> &Folder {
        &self.folder
    }

    /// What the right side shows.
    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// The studio's last word.
    pub fn notice(&self) -> &str {
        &self.notice
    }

    /// What the start had to say, until dismissed.
    pub fn lasting(&self) -> &[String] {
        &self.lasting
    }

    /// The unsaved-edit guard: what waits for the user's word, and what was recovered.
    pub fn guard(&self) -> &guard::Guard {
        &self.guard
    }

    fn title(&self) -> String {
        let name = self.document.title();
        let dirty = if self.document.is_dirty() { " •" } else { "" };
        format!("{name}{dirty} — Lockwright")
    }

    fn theme(&self) -> Theme {
        crate::screen::look::theme(self.is_dark())
    }

    fn is_dark(&self) -> bool {
        self.settings.settings().theme == ThemeChoice::Dark
    }

    fn palette(&self) -> Palette {
        Palette::of_theme(self.is_dark())
    }

    /// What the open file's editor says goes to the one message area, as the studio's own
    /// words do; a word of the editor's that no longer stands (the text changed since "saved")
    /// leaves the area, and stays in its history.
    /// `before` is the area's word before the update.
    fn hear_the_editor(&mut self, before: &str) {
        let (count, words) = self.document.said();
        if (count, words) == (self.heard.0, self.heard.1.as_str()) {
            return;
        }
        // The studio's own word stands, and an editor behind a player (a hex lock or a
        // nonogram played) does not speak over the game shown.
        let studio_spoke = self.notice != before;
        if !studio_spoke && matches!(self.screen, Screen::Editor) {
            if !words.is_empty() {
                self.notice = words.to_string();
            } else if self.notice == self.heard.1 {
                self.notice.clear();
            }
        }
        self.heard_now();
    }

    /// The editor's words so far are heard: they do not take the area from the studio's.
    fn heard_now(&mut self) {
        let (count, words) = self.document.said();
        self.heard = (count, words.to_string());
    }

    pub fn update(&mut self, message: Message) -> Task<Message> {
        let was_settings = matches!(self.screen, Screen::Settings);
        let before = self.notice.clone();
        let mut task = self.route(message);
        self.follow_play();
        if let Some(forget) = self.forget_undone() {
            task = Task::batch([task, forget]);
        }
        self.hear_the_editor(&before);
        if !self.notice.is_empty() && self.said.back() != Some(&self.notice) {
            if self.said.len() == SAID_KEPT {
                self.said.pop_front();
            }
            self.said.push_back(self.notice.clone());
        }
        // The theme changed (the side panel's button, the settings, a reload of the file): the
        // Death Match's pictures are drawn again in its colours.
        if self.death_match.is_dark() != self.is_dark() {
            let redraw = self.death_match.set_dark(self.is_dark());
            task = Task::batch([task, redraw.map(Message::DeathMatch)]);
        }
        // And the folder's thumbnails in its shade.
        let shade = crate::family::Shade::of_theme(self.is_dark());
        if self.folder.shade() != shade {
            let redraw = self.folder.set_shade(shade);
            task = Task::batch([task, redraw.map(Message::Folder)]);
        }
        if self.online.shade() != shade {
            let redraw = self.online.set_shade(shade);
            task = Task::batch([task, redraw.map(Message::Online)]);
        }
        // Leaving the settings by any way (Close, another screen, a file) puts a remote
        // server's URL typed without Enter in force.
        if was_settings
            && !matches!(self.screen, Screen::Settings)
            && self.settings.take_unapplied_url()
        {
            return Task::batch([task, self.reconnect()]);
        }
        task
    }

    fn route(&mut self, message: Message) -> Task<Message> {
        match message {
            Message::Folder(m) => {
                let (task, event) = self.folder.update(m, self.document.path());
                let task = task.map(Message::Folder);
                match event {
                    Some(e) => Task::batch([task, self.folder_event(e)]),
                    None => task,
                }
            }
            Message::Document(m) => {
                let (task, event) = self.document.update(m);
                let task = task.map(Message::Document);
                match event {
                    Some(e) => Task::batch([task, self.document_event(e)]),
                    None => task,
                }
            }
            Message::Nonogram(m) => self.nonogram_message(m),
            Message::Play(m) => self.play_message(m),
            Message::SlidingLesson(m) => self.sliding_lesson_message(m),
            Message::Online(m) => self.online_message(m),
            Message::DeathMatch(m) => self.death_match_message(m),
            Message::Tutorial(m) => self.tutorial_message(m),
            Message::Settings(m) => {
                let (task, event) = self.settings.update(m);
                let task = task.map(Message::Settings);
                match event {
                    Some(settings::Event::Close) => {
                        self.screen = Screen::Editor;
                        task
                    }
                    Some(settings::Event::ServerChanged) => Task::batch([task, self.reconnect()]),
                    None => task,
                }
            }
            Message::Guard(m) => self.guard_message(m),
            Message::Opened(asked, path, text) => {
                if !self.opening.is_current(asked) {
                    return Task::none();
                }
                match text {
                    Ok(text) => self.show_file(path, &text),
                    Err(why) => {
                        self.notice = why;
                        Task::none()
                    }
                }
            }
            Message::OpenedNew(asked, path) => {
                if !self.opening.is_current(asked) {
                    return Task::none();
                }
                let said = format!(
                    "{} is a new file: it is written when you save",
                    path.display()
                );
                let task = self.show_file(path, "");
                self.notice = said;
                task
            }
            Message::PlayReady(lock, saved) => self.enter_play(&lock, saved, Origin::Editor),
            Message::ServerLockRead(view, note, lock) => {
                self.play_online(*view, note, lock.as_deref())
            }
            Message::Changed(changed) => self.changed_on_disk(changed),
            Message::Key(key, modifiers) => self.key_pressed(&key, modifiers),
            Message::Rebind(action) => self
                .settings
                .update(settings::Message::Record(action))
                .0
                .map(Message::Settings),
            Message::ToggleFullscreen => {
                self.fullscreen = !self.fullscreen;
                // The window manager keeps the window's size and place while it fills the
                // screen, and gives them back when it is windowed again.
                let mode = if self.fullscreen {
                    window::Mode::Fullscreen
                } else {
                    window::Mode::Windowed
                };
                window::latest().and_then(move |id| window::set_mode(id, mode))
            }
            Message::CloseRequested(id) => self.guarded(Pending::Close(id)),
            Message::Renamed(Ok(path)) => {
                if let Some(old) = self.document.path() {
                    self.games.progress_mut().renamed(old, &path);
                }
                self.follow_open_file(path)
            }
            Message::Renamed(Err(why)) => {
                self.notice = why;
                Task::none()
            }
            Message::Done(result) => {
                match result {
                    Ok(s) if s.is_empty() => {}
                    Ok(s) | Err(s) => self.notice = s,
                }
                Task::none()
            }
            Message::GamesRead(read) => {
                self.games_read(read);
                Task::none()
            }
            Message::WriteGames => self.write_games(),
            Message::GamesWritten(written) => {
                self.games_written(written);
                Task::none()
            }
        }
    }

    pub fn view(&self) -> Element<'_, Message> {
        let screen = match self.screen {
            Screen::Settings => Some(Destination::Settings),
            Screen::Tutorial => Some(Destination::Tutorial),
            Screen::Online => Some(Destination::Online),
            Screen::DeathMatch => Some(Destination::DeathMatch),
            Screen::Editor | Screen::Play(..) | Screen::Nonogram(_) | Screen::SlidingLesson(_) => {
                None
            }
        };
        // The start's words that last show while the studio has no word of its own.
        let notice = if self.notice.is_empty() && !self.lasting.is_empty() {
            folder::Notice {
                words: self.lasting.join("\n"),
                lasting: true,
            }
        } else {
            folder::Notice {
                words: self.notice.clone(),
                lasting: false,
            }
        };
        let side = self
            .folder
            .view(
                self.document.path(),
                folder::Showing {
                    screen,
                    fullscreen: self.fullscreen,
                    sound: self.settings.settings().sound,
                },
                self.online.summary(),
                notice,
                &self.said,
                self.games.progress(),
            )
            .map(Message::Folder);
        let main: Element<'_, Message> = match &self.screen {
            Screen::Editor => self.document.view(self.is_dark()).map(Message::Document),
            Screen::Nonogram(p) => p
                .view(crate::nonogram::picture::Palette::of_theme(self.is_dark()))
                .map(Message::Nonogram),
            Screen::Play(p, origin) => self.play_view(p, origin),
            Screen::SlidingLesson(e) => self.sliding_lesson_view(e),
            Screen::Online => {
                let name = self
                    .document
                    .editor::<crate::screen::hexlock::editor::Editor>()
                    .and_then(|e| e.lock())
                    .map(|l| l.info.name.as_str());
                self.online
                    .view(name, self.games.progress())
                    .map(Message::Online)
            }
            Screen::DeathMatch => self.death_match.view().map(Message::DeathMatch),
            Screen::Tutorial => self.tutorial.view().map(Message::Tutorial),
            Screen::Settings => self.settings.view().map(Message::Settings),
        };
        let rebinding = (!matches!(self.screen, Screen::Settings))
            .then(|| self.rebind_bar())
            .flatten();
        let prompts: Vec<Element<'_, Message>> = [
            rebinding,
            self.guard
                .view(&self.document)
                .map(|g| g.map(Message::Guard)),
        ]
        .into_iter()
        .flatten()
        .collect();
        // The guard's question and the bars that last lie over the bottom of the screen
        // instead of pushing it down: nothing the user is about to click moves when one
        // comes or goes. They take the clicks on them (the canvas under them gets none).
        let main = if prompts.is_empty() {
            main
        } else {
            stack![
                main,
                container(iced::widget::opaque(
                    column(prompts).spacing(6).height(Length::Shrink),
                ))
                .align_bottom(Fill)
                .width(Fill)
                .padding([40, 12]),
            ]
            .into()
        };
        row![
            // Wide enough for the New picker's longest name ("Sliding lesson 6: through the
            // way") and the four file buttons on one line.
            container(side).width(Length::Fixed(280.0)).height(Fill),
            main
        ]
        .into()
    }
}
