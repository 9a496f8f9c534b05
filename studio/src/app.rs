//! The studio: the lock folder on the left, the editor on the right.

use crate::hexlock::picture::Palette;
use crate::hexlock::templates;
use crate::library;
use crate::screen::hexlock::editor::{self, Editor};
use crate::screen::hexlock::play::{self, Play};
use crate::screen::hexlock::tutorial::{self, Tutorial};
use crate::screen::online::{self, Online};
use crate::settings::{self, Settings, ThemeChoice};
use crate::watch;
use iced::widget::{button, column, container, pick_list, row, scrollable, text, text_input};
use iced::{Element, Fill, Length, Subscription, Task, Theme, keyboard};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Where the studio starts.
#[derive(Clone, Debug)]
pub struct Start {
    /// The folder the side panel shows.
    pub folder: PathBuf,
    /// A file to open at once.
    pub file: Option<PathBuf>,
    /// The settings and where they live.
    pub settings: Settings,
    pub settings_path: Option<PathBuf>,
    /// Where the online screen keeps its files.
    pub online: online::Setup,
}

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
    .window_size((1280.0, 800.0))
    .run()
}

/// The studio's state.
pub struct Studio {
    pub folder: PathBuf,
    pub locks: Vec<PathBuf>,
    /// Each listed file's picture, drawn as `lockwright render` draws it (`None` when the file
    /// does not parse).
    thumbnails: Vec<Option<iced::widget::image::Handle>>,
    pub editor: Editor,
    pub settings: Settings,
    settings_path: Option<PathBuf>,
    template: String,
    confirm_delete: Option<PathBuf>,
    renaming: Option<String>,
    pub notice: String,
    /// Whether the settings panel is showing.
    pub showing_settings: bool,
    /// The action waiting for its new key.
    pub rebinding: Option<String>,
    /// Play mode, when the lock is being played.
    pub play: Option<Play>,
    /// Set to call off the running search.
    solver_cancel: Option<Arc<AtomicBool>>,
    /// The player's client: server, login, cache.
    pub online: Online,
    /// Whether the online screen is showing.
    pub showing_online: bool,
    /// What is being played.
    pub playing: Playing,
    /// The tutorial series and the player's progress.
    pub tutorial: Tutorial,
    /// Whether the tutorial screen is showing.
    pub showing_tutorial: bool,
}

/// Where the lock in play came from.
#[derive(Debug, Clone, PartialEq)]
pub enum Playing {
    /// The editor's lock.
    Editor,
    /// Another player's lock, picked on the online screen.
    Picked(server::protocol::LockView),
    /// A lock with a note's solution loaded.
    Note,
    /// A lesson of the tutorial series.
    Lesson,
}

#[derive(Debug, Clone)]
pub enum Message {
    Editor(editor::Message),
    Open(PathBuf),
    TemplatePicked(String),
    New,
    Duplicate,
    RenameStart,
    RenameInput(String),
    RenameDone,
    Delete,
    ConfirmDelete(bool),
    Changed(watch::Changed),
    Key(keyboard::Key, keyboard::Modifiers),
    Export,
    Done(Result<String, String>),
    ToggleTheme,
    ShowSettings(bool),
    Play(play::Message),
    /// Compare the open lock with another file.
    CompareWith(PathBuf),
    Online(online::Message),
    ShowOnline(bool),
    Tutorial(tutorial::Message),
    ShowTutorial,
    /// Apply the remote server's URL typed in the settings.
    ApplyServerUrl,
    Rebind(String),
    ServerUrl(String),
}

impl Studio {
    pub fn new(start: Start) -> (Studio, Task<Message>) {
        let mut notice = String::new();
        match library::ensure(&start.folder) {
            Ok(true) => notice = format!("made {} with the starter locks", start.folder.display()),
            Ok(false) => {}
            Err(e) => notice = format!("{e:#}"),
        }
        let locks = library::list(&start.folder);
        let file = start.file.clone().or_else(|| locks.first().cloned());
        let editor = match &file {
            Some(p) => match std::fs::read_to_string(p) {
                Ok(text) => Editor::new(Some(p.clone()), &text),
                Err(e) => {
                    notice = format!("cannot read {}: {e}", p.display());
                    Editor::new(None, "")
                }
            },
            None => Editor::new(
                None,
                &lockfmt::hexlock::print(&engine::hexlock::Lock::starter(6)),
            ),
        };
        let thumbnails = locks.iter().map(|p| thumbnail(p)).collect();
        let online = Online::new(
            start.online.clone(),
            start.settings.server,
            start.settings.server_url.as_deref(),
        );
        let first = online.refresh().map(Message::Online);
        let progress = start
            .online
            .data_dir
            .as_ref()
            .map(|d| d.join("tutorial.toml"));
        let (tutorial, problem) = Tutorial::load(progress);
        if let Some(p) = problem {
            notice = p;
        }
        let studio = Studio {
            folder: start.folder,
            locks,
            thumbnails,
            editor,
            settings: start.settings,
            settings_path: start.settings_path,
            template: "size-6".into(),
            confirm_delete: None,
            renaming: None,
            notice,
            showing_settings: false,
            rebinding: None,
            play: None,
            solver_cancel: None,
            online,
            showing_online: false,
            playing: Playing::Editor,
            showing_tutorial: tutorial.welcome,
            tutorial,
        };
        (studio, first)
    }

    fn title(&self) -> String {
        let name = self
            .editor
            .lock()
            .map(|l| l.info.name.clone())
            .unwrap_or_default();
        let dirty = if self.editor.is_dirty() { " •" } else { "" };
        format!("{name}{dirty} — Lockwright")
    }

    fn theme(&self) -> Theme {
        match self.settings.theme {
            ThemeChoice::Light => Theme::Light,
            ThemeChoice::Dark => Theme::Dark,
        }
    }

    fn palette(&self) -> Palette {
        match self.settings.theme {
            ThemeChoice::Light => Palette::LIGHT,
            ThemeChoice::Dark => Palette::DARK,
        }
    }

    fn subscription(&self) -> Subscription<Message> {
        let mut paths = vec![self.folder.clone()];
        if let Some(p) = &self.editor.path
            && !p.starts_with(&self.folder)
            && let Some(dir) = p.parent()
        {
            paths.push(dir.to_path_buf());
        }
        let live = match self.online.live() {
            Some((url, token)) => crate::online::live::subscription(url, token)
                .map(|l| Message::Online(online::Message::Live(l))),
            None => Subscription::none(),
        };
        let probe = if self.online.probing() {
            iced::time::every(std::time::Duration::from_secs(5))
                .map(|_| Message::Online(online::Message::Retry))
        } else {
            Subscription::none()
        };
        Subscription::batch([
            live,
            probe,
            watch::subscription(paths).map(Message::Changed),
            keyboard::listen().filter_map(|e| match e {
                keyboard::Event::KeyPressed { key, modifiers, .. } => {
                    Some(Message::Key(key, modifiers))
                }
                _ => None,
            }),
        ])
    }

    fn open(&mut self, path: PathBuf) {
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                self.editor = Editor::new(Some(path), &text);
                self.notice.clear();
            }
            Err(e) => self.notice = format!("cannot read {}: {e}", path.display()),
        }
    }

    pub fn update(&mut self, message: Message) -> Task<Message> {
        match message {
            Message::Editor(m) => match self.editor.update(m) {
                Some(editor::Event::Save(path, text)) => {
                    return Task::perform(save(path, text), Message::Done);
                }
                Some(editor::Event::Play(lock)) => {
                    self.start_play(&lock);
                    self.playing = Playing::Editor;
                }
                None => {}
            },
            Message::Play(m) => {
                let Some(p) = &mut self.play else {
                    return Task::none();
                };
                let was_open = p.session.is_open();
                let event = p.update(m);
                if !was_open && p.session.is_open() {
                    self.opened();
                }
                let Some(p) = &mut self.play else {
                    return Task::none();
                };
                match event {
                    Some(play::Event::Back) => {
                        self.cancel_solver();
                        self.play = None;
                        self.playing = Playing::Editor;
                        self.tutorial.playing = None;
                    }
                    Some(play::Event::Copy(text)) => return iced::clipboard::write(text),
                    Some(play::Event::SaveSolution(text)) => match self.editor.path.clone() {
                        Some(path) if self.playing == Playing::Editor => {
                            let out = path.with_extension("solution");
                            return Task::perform(save(out, text), Message::Done);
                        }
                        Some(_) => {
                            self.notice =
                                "this is not the editor's lock: copy the moves instead".into()
                        }
                        None => {
                            self.notice = "save the lock first: its solution goes beside it".into()
                        }
                    },
                    Some(play::Event::Solve) => {
                        let _ = p;
                        return self.start_solver();
                    }
                    Some(play::Event::CancelSolve) => self.cancel_solver(),
                    None => {}
                }
            }
            Message::Open(path) => {
                self.showing_online = false;
                self.showing_tutorial = false;
                self.open(path);
            }
            Message::ShowTutorial => {
                self.showing_tutorial = !self.showing_tutorial;
                self.showing_settings = false;
            }
            Message::Tutorial(m) => self.tutorial_message(m),
            Message::ShowOnline(on) => {
                self.showing_tutorial = false;
                self.showing_online = on;
                self.showing_settings = false;
                if on {
                    return self.online.refresh().map(Message::Online);
                }
            }
            Message::Online(m) => return self.online_message(m),
            Message::ApplyServerUrl => {
                if self.settings.server == settings::ServerChoice::Remote {
                    return self
                        .online
                        .switch(
                            settings::ServerChoice::Remote,
                            self.settings.server_url.as_deref(),
                        )
                        .map(Message::Online);
                }
            }
            Message::CompareWith(path) => match std::fs::read_to_string(&path) {
                Ok(text) => {
                    let name = display_name(&path);
                    let _ = self.editor.update(editor::Message::CompareWith(name, text));
                }
                Err(e) => self.notice = format!("cannot read {}: {e}", path.display()),
            },
            Message::TemplatePicked(t) => self.template = t,
            Message::New => match library::new_from_template(&self.folder, &self.template) {
                Ok(p) => {
                    self.refresh_list();
                    self.open(p);
                }
                Err(e) => self.notice = format!("{e:#}"),
            },
            Message::Duplicate => {
                if let Some(p) = self.editor.path.clone() {
                    match library::duplicate(&p) {
                        Ok(copy) => {
                            self.refresh_list();
                            self.open(copy);
                        }
                        Err(e) => self.notice = format!("{e:#}"),
                    }
                }
            }
            Message::RenameStart => {
                self.renaming = self
                    .editor
                    .path
                    .as_ref()
                    .and_then(|p| p.file_stem())
                    .map(|s| s.to_string_lossy().into_owned());
            }
            Message::RenameInput(s) => self.renaming = Some(s),
            Message::RenameDone => {
                if let (Some(name), Some(p)) = (self.renaming.take(), self.editor.path.clone()) {
                    match library::rename(&p, &name) {
                        Ok(to) => {
                            self.editor.path = Some(to);
                            self.refresh_list();
                        }
                        Err(e) => self.notice = format!("{e:#}"),
                    }
                }
            }
            Message::Delete => self.confirm_delete = self.editor.path.clone(),
            Message::ConfirmDelete(yes) => {
                if let Some(p) = self.confirm_delete.take()
                    && yes
                {
                    match library::delete(&p) {
                        Ok(()) => {
                            self.refresh_list();
                            match self.locks.first().cloned() {
                                Some(next) => self.open(next),
                                None => self.editor = Editor::new(None, ""),
                            }
                        }
                        Err(e) => self.notice = format!("{e:#}"),
                    }
                }
            }
            Message::Changed(watch::Changed(path)) => {
                if path.starts_with(&self.folder) {
                    self.refresh_list();
                }
                if let Some(open) = &self.editor.path
                    && same_file(open, &path)
                    && let Ok(text) = std::fs::read_to_string(open)
                {
                    let _ = self.editor.update(editor::Message::DiskChanged(text));
                }
            }
            Message::Key(key, modifiers) => {
                if let Some(action) = self.rebinding.take() {
                    if let Some(name) = settings::key_name(&key, modifiers) {
                        // One key, one action: the key leaves whatever it was bound to.
                        self.settings.keys.retain(|_, k| *k != name);
                        self.settings.keys.insert(action, name);
                        self.save_settings();
                    }
                    return Task::none();
                }
                if let Some(name) = settings::key_name(&key, modifiers)
                    && let Some(action) = self.settings.action_for(&name).map(str::to_string)
                {
                    return self.action(&action);
                }
            }
            Message::Export => {
                if let (Some(path), Some(lock)) =
                    (self.editor.path.clone(), self.editor.lock().cloned())
                {
                    let palette = self.palette();
                    let out = path.with_extension("png");
                    return Task::perform(
                        async move {
                            let bytes = crate::hexlock::render::png(
                                &lock,
                                1200,
                                crate::hexlock::picture::Colouring::ByKind,
                                &palette,
                            )
                            .map_err(|e| format!("{e:#}"))?;
                            crate::files::write_atomic_bytes(&out, &bytes)
                                .map_err(|e| format!("{e:#}"))?;
                            Ok(format!("exported {}", out.display()))
                        },
                        Message::Done,
                    );
                }
            }
            Message::Done(result) => match result {
                Ok(s) => self.notice = s,
                Err(e) => self.notice = e,
            },
            Message::ToggleTheme => {
                self.settings.theme = match self.settings.theme {
                    ThemeChoice::Light => ThemeChoice::Dark,
                    ThemeChoice::Dark => ThemeChoice::Light,
                };
                self.save_settings();
            }
            Message::ShowSettings(on) => {
                self.showing_settings = on;
                self.rebinding = None;
            }
            Message::Rebind(action) => self.rebinding = Some(action),
            Message::ServerUrl(url) => {
                self.settings.server_url = Some(url).filter(|u| !u.trim().is_empty());
                self.save_settings();
            }
        }
        Task::none()
    }

    /// The online screen's messages; publishing and switching servers need the studio.
    fn online_message(&mut self, m: online::Message) -> Task<Message> {
        match m {
            online::Message::Publish(slot) => {
                let Some(lock) = self.editor.lock().cloned() else {
                    self.online.status =
                        "the editor's lock has problems: fix them before publishing".into();
                    return Task::none();
                };
                let solution = self
                    .editor
                    .path
                    .as_ref()
                    .and_then(|p| std::fs::read_to_string(p.with_extension("solution")).ok())
                    .and_then(|t| lockfmt::hexlock::parse_solution(&t).ok())
                    .filter(|s| s.names(&lock))
                    .map(|s| lockfmt::hexlock::format_moves(&s.moves));
                let text = self.editor.text().to_string();
                self.online
                    .publish(slot, lock.info.name.clone(), text, solution)
                    .map(Message::Online)
            }
            online::Message::SwitchServer => {
                self.settings.server = match self.settings.server {
                    settings::ServerChoice::Embedded => settings::ServerChoice::Remote,
                    settings::ServerChoice::Remote => settings::ServerChoice::Embedded,
                };
                self.save_settings();
                self.online
                    .switch(self.settings.server, self.settings.server_url.as_deref())
                    .map(Message::Online)
            }
            m => {
                let (task, event) = self.online.update(m);
                let task = task.map(Message::Online);
                match event {
                    Some(online::Event::Pick(view)) => self.play_online(view, None),
                    Some(online::Event::PlayNote(view, moves, author)) => {
                        self.play_online(view, Some((moves, author)))
                    }
                    None => {}
                }
                task
            }
        }
    }

    /// Plays a lock from the server: picked, or with a note's solution ready to replay.
    fn play_online(
        &mut self,
        view: server::protocol::LockView,
        note: Option<(Vec<engine::hexlock::Move>, String)>,
    ) {
        let parsed = lockfmt::hexlock::parse(&view.text);
        let Some(lock) = parsed.valid_lock() else {
            self.online.status = format!("lock {} cannot be read by this studio", view.id);
            return;
        };
        let Some(mut p) = Play::new(lock, None) else {
            self.online.status = format!("lock {} cannot be played", view.id);
            return;
        };
        self.cancel_solver();
        match note {
            Some((moves, author)) => {
                p.session.load(&moves);
                p.session.restart();
                p.status = format!(
                    "{author}'s solution to «{}» is loaded: Redo plays it move by move",
                    view.name
                );
                self.playing = Playing::Note;
            }
            None => {
                p.status = format!("{}'s «{}»: pick it open", view.owner, view.name);
                self.playing = Playing::Picked(view);
            }
        }
        self.online.declaring = None;
        self.play = Some(p);
    }

    fn tutorial_message(&mut self, m: tutorial::Message) {
        match m {
            tutorial::Message::Open(i) => {
                let Some(lock) = crate::hexlock::tutorial::SERIES
                    .get(i)
                    .and_then(|l| l.lock())
                else {
                    return;
                };
                let Some(p) = Play::new(&lock, None) else {
                    return;
                };
                self.cancel_solver();
                if let Err(e) = self.tutorial.start(i) {
                    self.notice = e;
                }
                self.tutorial.welcome = false;
                self.play = Some(p);
                self.playing = Playing::Lesson;
            }
            tutorial::Message::ShowMe => {
                let lesson = self
                    .tutorial
                    .playing
                    .and_then(|(i, _)| crate::hexlock::tutorial::SERIES.get(i));
                let moves = lesson.and_then(|l| lockfmt::hexlock::parse_solution(l.solution).ok());
                if let (Some(p), Some(s)) = (&mut self.play, moves) {
                    p.session.load(&s.moves);
                    p.session.restart();
                    p.status = "the solution is loaded: Redo plays it move by move".into();
                }
            }
            tutorial::Message::Close => {
                self.tutorial.welcome = false;
                self.showing_tutorial = false;
            }
            tutorial::Message::GoOnline => {
                self.cancel_solver();
                self.play = None;
                self.playing = Playing::Editor;
                self.tutorial.playing = None;
                self.showing_tutorial = false;
                self.showing_online = true;
            }
        }
    }

    /// The lock in play just opened.
    fn opened(&mut self) {
        if self.playing == Playing::Lesson
            && let Err(e) = self.tutorial.opened()
        {
            self.notice = e;
        }
        let Some(p) = &self.play else { return };
        if let Playing::Picked(view) = &self.playing {
            let moves = p.session.played().to_vec();
            self.online.opened(view.clone(), moves);
        }
    }

    fn start_play(&mut self, lock: &engine::hexlock::Lock) {
        // The author's solution, when one is saved beside the lock and names it.
        let saved = self
            .editor
            .path
            .as_ref()
            .and_then(|p| std::fs::read_to_string(p.with_extension("solution")).ok())
            .and_then(|t| lockfmt::hexlock::parse_solution(&t).ok())
            .filter(|s| s.names(lock))
            .map(|s| s.moves);
        match Play::new(lock, saved) {
            Some(p) => self.play = Some(p),
            None => self.notice = "this lock cannot be played: fix its problems first".into(),
        }
    }

    fn cancel_solver(&mut self) {
        if let Some(c) = self.solver_cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
    }

    fn start_solver(&mut self) -> Task<Message> {
        self.cancel_solver();
        let Some(p) = &self.play else {
            return Task::none();
        };
        let lock = p.session.mechanism().lock().clone();
        let saved = p.saved_solution.clone();
        let cancel = Arc::new(AtomicBool::new(false));
        self.solver_cancel = Some(cancel.clone());
        let stream = iced::stream::channel(
            64,
            async move |mut out: iced::futures::channel::mpsc::Sender<play::SolverUpdate>| {
                use iced::futures::{SinkExt, StreamExt};
                let (tx, mut rx) = iced::futures::channel::mpsc::unbounded();
                // The search is CPU work: it runs on its own thread, never on the UI's.
                std::thread::spawn(move || {
                    play::run_solver(&lock, saved.as_deref(), &cancel, &mut |u| {
                        let _ = tx.unbounded_send(u);
                    });
                });
                while let Some(u) = rx.next().await {
                    if out.send(u).await.is_err() {
                        break;
                    }
                }
            },
        );
        Task::run(stream, |u| Message::Play(play::Message::Solver(u)))
    }

    fn refresh_list(&mut self) {
        self.locks = library::list(&self.folder);
        self.thumbnails = self.locks.iter().map(|p| thumbnail(p)).collect();
    }

    fn save_settings(&mut self) {
        if let Some(p) = &self.settings_path
            && let Err(e) = self.settings.save(p)
        {
            self.notice = format!("{e:#}");
        }
    }

    fn settings_view(&self) -> Element<'_, Message> {
        let keys = column(settings::ACTIONS.iter().map(|(action, _, what)| {
            let key = self.settings.keys.get(*action).cloned().unwrap_or_default();
            let waiting = self.rebinding.as_deref() == Some(*action);
            row![
                text(*what).size(13).width(Length::Fixed(260.0)),
                text(if waiting {
                    "press a key…".to_string()
                } else {
                    key
                })
                .size(13)
                .width(Length::Fixed(140.0)),
                button(text("Rebind").size(12)).on_press(Message::Rebind(action.to_string())),
            ]
            .spacing(8)
            .into()
        }))
        .spacing(4);
        let folder = self.folder.display().to_string();
        let file = self
            .settings_path
            .as_ref()
            .map_or("(none)".to_string(), |p| p.display().to_string());
        column![
            row![
                text("Settings").size(20),
                button(text("Close").size(13)).on_press(Message::ShowSettings(false))
            ]
            .spacing(12),
            text(format!("Settings file: {file}")).size(13),
            text(format!("Lock folder: {folder}")).size(13),
            row![
                text("Remote server").size(13),
                text_input(
                    "the embedded server",
                    self.settings.server_url.as_deref().unwrap_or("")
                )
                .on_input(Message::ServerUrl)
                .on_submit(Message::ApplyServerUrl)
                .size(13),
            ]
            .spacing(8),
            row![
                text(format!("Theme: {:?}", self.settings.theme)).size(13),
                button(text("Switch").size(12)).on_press(Message::ToggleTheme),
            ]
            .spacing(8),
            text("Keys").size(16),
            scrollable(keys).height(Fill),
        ]
        .spacing(8)
        .padding(12)
        .into()
    }

    fn action(&mut self, action: &str) -> Task<Message> {
        use editor::{Message as E, Tool};
        // The editor is hidden behind another screen, where keys are typed into forms: its
        // actions (delete, undo, the tools) must not reach it unseen.
        if self.play.is_none() && (self.showing_online || self.showing_tutorial) {
            return Task::none();
        }
        if action == "play" {
            if self.play.is_some() {
                self.cancel_solver();
                self.play = None;
                self.playing = Playing::Editor;
                self.tutorial.playing = None;
                return Task::none();
            }
            return self.update(Message::Editor(E::Play));
        }
        if self.play.is_some() {
            return match play_action(action) {
                Some(m) => self.update(Message::Play(m)),
                None => Task::none(),
            };
        }
        let m = match action {
            "save" => E::Save,
            "undo" => E::Undo,
            "redo" => E::Redo,
            "delete" => E::DeleteSelection,
            "colours" => E::ToggleColouring,
            "export" => return self.update(Message::Export),
            "new" => return self.update(Message::New),
            other => match Tool::ALL
                .iter()
                .find(|t| format!("tool-{}", t.label().to_lowercase()) == other)
            {
                Some(&t) => E::Tool(t),
                None => return Task::none(),
            },
        };
        self.update(Message::Editor(m))
    }

    pub fn view(&self) -> Element<'_, Message> {
        let names: Vec<String> = templates::ALL.iter().map(|t| t.name.to_string()).collect();
        let mut side = column![
            text("Locks").size(18),
            row![
                pick_list(names, Some(self.template.clone()), Message::TemplatePicked)
                    .text_size(13),
                button(text("New").size(13)).on_press(Message::New),
            ]
            .spacing(4),
            row![
                button(text("Duplicate").size(13)).on_press(Message::Duplicate),
                button(text("Rename").size(13)).on_press(Message::RenameStart),
                button(text("Delete").size(13))
                    .on_press(Message::Delete)
                    .style(button::danger),
            ]
            .spacing(4),
        ]
        .spacing(6);
        if let Some(name) = &self.renaming {
            side = side.push(
                text_input("new name", name)
                    .on_input(Message::RenameInput)
                    .on_submit(Message::RenameDone)
                    .size(13),
            );
        }
        if let Some(p) = &self.confirm_delete {
            side = side.push(
                container(
                    column![
                        text(format!("Delete {}?", display_name(p))).size(13),
                        row![
                            button(text("Delete").size(13))
                                .on_press(Message::ConfirmDelete(true))
                                .style(button::danger),
                            button(text("Keep").size(13)).on_press(Message::ConfirmDelete(false)),
                        ]
                        .spacing(4),
                    ]
                    .spacing(4),
                )
                .padding(6)
                .style(container::rounded_box),
            );
        }
        let list = column(self.locks.iter().zip(&self.thumbnails).map(|(p, lock)| {
            let label = p
                .strip_prefix(&self.folder)
                .unwrap_or(p)
                .with_extension("")
                .display()
                .to_string();
            let open = self.editor.path.as_deref() == Some(p.as_path());
            let picture: Element<'_, Message> = match lock {
                Some(handle) => iced::widget::image(handle.clone())
                    .width(Length::Fixed(36.0))
                    .height(Length::Fixed(32.0))
                    .into(),
                None => container(text("?").size(13))
                    .width(Length::Fixed(36.0))
                    .center_x(Length::Fixed(36.0))
                    .into(),
            };
            let b = button(
                row![picture, text(label).size(13)]
                    .spacing(6)
                    .align_y(iced::Center),
            )
            .width(Fill)
            .on_press(Message::Open(p.clone()));
            let b = if open {
                b.style(button::primary)
            } else {
                b.style(button::text)
            };
            let compare = button(text("⇄").size(12))
                .style(button::text)
                .on_press_maybe((!open).then(|| Message::CompareWith(p.clone())));
            row![b, compare].align_y(iced::Center).into()
        }))
        .spacing(2);
        side = side.push(scrollable(list).height(Fill));
        side = side.push(
            row![
                button(text("Export PNG").size(13)).on_press(Message::Export),
                button(text("Theme").size(13)).on_press(Message::ToggleTheme),
                button(text("Settings").size(13)).on_press(Message::ShowSettings(true)),
            ]
            .spacing(4),
        );
        side = side.push(
            row![
                button(text("Tutorial").size(13))
                    .style(if self.showing_tutorial {
                        button::primary
                    } else {
                        button::secondary
                    })
                    .on_press(Message::ShowTutorial),
                button(text("Online").size(13))
                    .style(if self.showing_online {
                        button::primary
                    } else {
                        button::secondary
                    })
                    .on_press(Message::ShowOnline(!self.showing_online)),
            ]
            .spacing(4),
        );
        side = side.push(text(self.online.summary()).size(11));
        if !self.notice.is_empty() {
            side = side.push(text(self.notice.clone()).size(12));
        }
        let main = if self.showing_settings {
            self.settings_view()
        } else if let Some(p) = &self.play {
            let board = p.view(self.palette()).map(Message::Play);
            let bar = match self.playing {
                Playing::Lesson => self
                    .tutorial
                    .bar(p.session.at)
                    .map(|b| b.map(Message::Tutorial)),
                _ => self.online.declare_bar().map(|b| b.map(Message::Online)),
            };
            match bar {
                Some(bar) => column![bar, board].spacing(6).into(),
                None => board,
            }
        } else if self.showing_tutorial {
            self.tutorial.view().map(Message::Tutorial)
        } else if self.showing_online {
            let name = self.editor.lock().map(|l| l.info.name.as_str());
            self.online.view(name).map(Message::Online)
        } else {
            self.editor.view(self.palette()).map(Message::Editor)
        };
        row![
            container(side.padding(8))
                .width(Length::Fixed(260.0))
                .height(Fill),
            main
        ]
        .into()
    }
}

/// The play screen's message for a key action.
fn play_action(action: &str) -> Option<play::Message> {
    use engine::hexlock::physics::{AnnotationMode, Move};
    use engine::{Dir, Rotation};
    let m = |mv| Some(play::Message::Move(mv));
    match action {
        "hook-nw" => m(Move::Hook(Dir::NW)),
        "hook-ne" => m(Move::Hook(Dir::NE)),
        "hook-w" => m(Move::Hook(Dir::W)),
        "hook-e" => m(Move::Hook(Dir::E)),
        "hook-sw" => m(Move::Hook(Dir::SW)),
        "hook-se" => m(Move::Hook(Dir::SE)),
        "hook-cw" => m(Move::HookTurn(Rotation::Clockwise)),
        "hook-ccw" => m(Move::HookTurn(Rotation::Anticlockwise)),
        "wrench-nw" => m(Move::Wrench(Dir::NW)),
        "wrench-ne" => m(Move::Wrench(Dir::NE)),
        "wrench-w" => m(Move::Wrench(Dir::W)),
        "wrench-e" => m(Move::Wrench(Dir::E)),
        "wrench-sw" => m(Move::Wrench(Dir::SW)),
        "wrench-se" => m(Move::Wrench(Dir::SE)),
        "wait" => m(Move::Wait),
        "undo" => Some(play::Message::Undo),
        "redo" => Some(play::Message::Redo),
        "restart" => Some(play::Message::Restart),
        "mark" => Some(play::Message::Mark),
        "back-to-mark" => Some(play::Message::BackToMark),
        "step" => Some(play::Message::StepForward),
        "step-back" => Some(play::Message::StepBack),
        "save" => Some(play::Message::SaveSolution),
        "annotations" => Some(play::Message::Annotations(AnnotationMode::All)),
        _ => None,
    }
}

/// A listed file's thumbnail: the exported picture, small.
fn thumbnail(path: &Path) -> Option<iced::widget::image::Handle> {
    let bytes = std::fs::read(path).ok()?;
    let lock = lockfmt::hexlock::parse_bytes(&bytes).document?.lock;
    let pm = crate::hexlock::render::pixmap(
        &lock,
        72,
        crate::hexlock::picture::Colouring::ByKind,
        &Palette::LIGHT,
    )
    .ok()?;
    Some(iced::widget::image::Handle::from_rgba(
        pm.width(),
        pm.height(),
        crate::hexlock::render::straight_rgba(&pm),
    ))
}

fn display_name(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || std::fs::canonicalize(a)
            .ok()
            .zip(std::fs::canonicalize(b).ok())
            .is_some_and(|(x, y)| x == y)
}

async fn save(path: PathBuf, text: String) -> Result<String, String> {
    crate::files::write_atomic(&path, &text).map_err(|e| format!("{e:#}"))?;
    Ok(format!("saved {}", path.display()))
}

#[cfg(test)]
#[path = "flows.rs"]
mod flows;

#[cfg(test)]
mod tests {
    use super::*;
    use iced_test::{Error, simulator};

    /// No data folder: no embedded server, no cache, no tokens.
    fn offline_setup() -> online::Setup {
        online::Setup {
            data_dir: None,
            tokens_path: None,
            password_memory_kib: 64,
        }
    }

    fn studio(folder: &Path, file: Option<PathBuf>) -> Studio {
        let start = Start {
            folder: folder.to_path_buf(),
            file,
            settings: Settings::default(),
            settings_path: None,
            online: offline_setup(),
        };
        Studio::new(start).0
    }

    fn press(studio: &mut Studio, label: &str) -> Result<(), Error> {
        let mut ui = simulator(studio.view());
        let _ = ui.click(label)?;
        for m in ui.into_messages() {
            let _ = studio.update(m);
        }
        Ok(())
    }

    #[test]
    fn first_start_fills_the_lock_folder_and_opens_a_lock() -> Result<(), Error> {
        let dir = tempfile::tempdir().expect("dir");
        let folder = dir.path().join("locks");
        let s = studio(&folder, None);
        assert_eq!(s.locks.len(), 3);
        let mut ui = simulator(s.view());
        for name in ["ball-stop", "pivot-gate", "spring-pull"] {
            let _ = ui.find(name)?;
        }
        assert!(s.editor.lock().is_some());
        Ok(())
    }

    #[test]
    fn the_side_panel_makes_duplicates_and_deletes_with_confirmation() -> Result<(), Error> {
        let dir = tempfile::tempdir().expect("dir");
        let mut s = studio(&dir.path().join("locks"), None);
        press(&mut s, "New")?;
        assert_eq!(s.locks.len(), 4);
        assert!(
            s.editor
                .path
                .as_ref()
                .is_some_and(|p| p.ends_with("New lock.lock"))
        );
        press(&mut s, "Duplicate")?;
        assert_eq!(s.locks.len(), 5);
        let doomed = s.editor.path.clone().expect("open");
        press(&mut s, "Delete")?;
        assert!(
            doomed.exists(),
            "nothing is deleted before the user confirms"
        );
        let mut ui = simulator(s.view());
        let _ = ui.find("Delete New lock copy?")?;
        let _ = ui.click("Keep")?;
        for m in ui.into_messages() {
            let _ = s.update(m);
        }
        assert!(doomed.exists());
        press(&mut s, "Delete")?;
        // The confirmation's own button is the second "Delete" on screen: confirm directly.
        let _ = s.update(Message::ConfirmDelete(true));
        assert!(!doomed.exists());
        assert_eq!(s.locks.len(), 4);
        Ok(())
    }

    #[test]
    fn a_lock_written_from_outside_is_reloaded() {
        let dir = tempfile::tempdir().expect("dir");
        let mut s = studio(&dir.path().join("locks"), None);
        let open = s.editor.path.clone().expect("a lock is open");
        let mut lock = s.editor.lock().cloned().expect("lock");
        lock.balls.push(engine::Hex::ORIGIN);
        let text = lockfmt::hexlock::print(&lock);
        std::fs::write(&open, &text).expect("another editor saves");
        let _ = s.update(Message::Changed(watch::Changed(open)));
        assert_eq!(s.editor.text(), text);
        assert!(
            s.editor
                .lock()
                .is_some_and(|l| l.balls.contains(&engine::Hex::ORIGIN))
        );
    }

    #[test]
    fn a_bound_key_runs_its_action() {
        let dir = tempfile::tempdir().expect("dir");
        let mut s = studio(&dir.path().join("locks"), None);
        s.settings.keys.insert("tool-ball".into(), "b".into());
        let _ = s.update(Message::Key(
            keyboard::Key::Character("b".into()),
            keyboard::Modifiers::empty(),
        ));
        assert_eq!(s.editor.tool, editor::Tool::Ball);
        let _ = s.update(Message::Key(
            keyboard::Key::Character("4".into()),
            keyboard::Modifiers::CTRL,
        ));
        assert_eq!(
            s.editor.tool,
            editor::Tool::Ball,
            "ctrl+4 is the ball tool by default too"
        );
        let _ = s.update(Message::Key(
            keyboard::Key::Character("1".into()),
            keyboard::Modifiers::CTRL,
        ));
        assert_eq!(s.editor.tool, editor::Tool::Select);
    }

    #[test]
    fn any_two_locks_are_compared_on_two_canvases() -> Result<(), Error> {
        let dir = tempfile::tempdir().expect("dir");
        let mut s = studio(&dir.path().join("locks"), None);
        let other = s
            .locks
            .iter()
            .find(|p| s.editor.path.as_ref() != Some(*p))
            .cloned()
            .expect("another lock");
        let _ = s.update(Message::CompareWith(other.clone()));
        assert!(s.editor.diffing);
        let mut ui = simulator(s.view());
        let _ = ui.find(display_name(&other).as_str())?;
        let _ = ui.find("this buffer")?;
        // Ball Stop (open) against Pivot Gate: the pivot is gone and a ball is new.
        assert!(
            s.editor
                .path
                .as_ref()
                .is_some_and(|p| p.ends_with("ball-stop.lock"))
        );
        assert!(other.ends_with("pivot-gate.lock"));
        let _ = ui.find("removed pivot 1 (3 cells)")?;
        let _ = ui.find("added a ball (1 cells)")?;
        Ok(())
    }

    #[test]
    fn keys_are_rebound_from_the_settings_screen_and_saved() -> Result<(), Error> {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("settings.toml");
        let start = Start {
            folder: dir.path().join("locks"),
            file: None,
            settings: Settings::default(),
            settings_path: Some(path.clone()),
            online: offline_setup(),
        };
        let mut s = Studio::new(start).0;
        press(&mut s, "Settings")?;
        assert!(s.showing_settings, "the settings screen opened");
        let mut ui = simulator(s.view());
        let _ = ui.find("Save the lock")?;
        let _ = ui.find("ctrl+z")?;
        drop(ui);
        let _ = s.update(Message::Rebind("undo".into()));
        let _ = s.update(Message::Key(
            keyboard::Key::Character("u".into()),
            keyboard::Modifiers::CTRL,
        ));
        assert_eq!(s.settings.action_for("ctrl+u"), Some("undo"));
        let saved = Settings::load(&path).expect("saved settings");
        assert_eq!(saved.action_for("ctrl+u"), Some("undo"));
        assert_eq!(saved.action_for("ctrl+z"), None);
        Ok(())
    }
}
