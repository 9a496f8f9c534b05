//! The studio: the lock folder on the left, the editor on the right.

use crate::library;
use crate::picture::Palette;
use crate::screen::editor::{self, Editor};
use crate::settings::{self, Settings, ThemeChoice};
use crate::templates;
use crate::watch;
use iced::widget::{button, column, container, pick_list, row, scrollable, text, text_input};
use iced::{Element, Fill, Length, Subscription, Task, Theme, keyboard};
use std::path::{Path, PathBuf};

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
    pub editor: Editor,
    pub settings: Settings,
    settings_path: Option<PathBuf>,
    template: String,
    confirm_delete: Option<PathBuf>,
    renaming: Option<String>,
    pub notice: String,
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
            None => Editor::new(None, &lockfmt::print(&engine::Lock::starter(6))),
        };
        let studio = Studio {
            folder: start.folder,
            locks,
            editor,
            settings: start.settings,
            settings_path: start.settings_path,
            template: "size-6".into(),
            confirm_delete: None,
            renaming: None,
            notice,
        };
        (studio, Task::none())
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
        Subscription::batch([
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
            Message::Editor(m) => {
                if let Some(editor::Event::Save(path, text)) = self.editor.update(m) {
                    return Task::perform(save(path, text), Message::Done);
                }
            }
            Message::Open(path) => self.open(path),
            Message::TemplatePicked(t) => self.template = t,
            Message::New => match library::new_from_template(&self.folder, &self.template) {
                Ok(p) => {
                    self.locks = library::list(&self.folder);
                    self.open(p);
                }
                Err(e) => self.notice = format!("{e:#}"),
            },
            Message::Duplicate => {
                if let Some(p) = self.editor.path.clone() {
                    match library::duplicate(&p) {
                        Ok(copy) => {
                            self.locks = library::list(&self.folder);
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
                            self.locks = library::list(&self.folder);
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
                            self.locks = library::list(&self.folder);
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
                    self.locks = library::list(&self.folder);
                }
                if let Some(open) = &self.editor.path
                    && same_file(open, &path)
                    && let Ok(text) = std::fs::read_to_string(open)
                {
                    let _ = self.editor.update(editor::Message::DiskChanged(text));
                }
            }
            Message::Key(key, modifiers) => {
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
                            let bytes = crate::render::png(
                                &lock,
                                1200,
                                crate::picture::Colouring::ByKind,
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
                if let Some(p) = &self.settings_path
                    && let Err(e) = self.settings.save(p)
                {
                    self.notice = format!("{e:#}");
                }
            }
        }
        Task::none()
    }

    fn action(&mut self, action: &str) -> Task<Message> {
        use editor::{Message as E, Tool};
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
        let list = column(self.locks.iter().map(|p| {
            let label = p
                .strip_prefix(&self.folder)
                .unwrap_or(p)
                .with_extension("")
                .display()
                .to_string();
            let open = self.editor.path.as_deref() == Some(p.as_path());
            let b = button(text(label).size(13))
                .width(Fill)
                .on_press(Message::Open(p.clone()));
            (if open {
                b.style(button::primary)
            } else {
                b.style(button::text)
            })
            .into()
        }))
        .spacing(2);
        side = side.push(scrollable(list).height(Fill));
        side = side.push(
            row![
                button(text("Export PNG").size(13)).on_press(Message::Export),
                button(text("Theme").size(13)).on_press(Message::ToggleTheme),
            ]
            .spacing(4),
        );
        if !self.notice.is_empty() {
            side = side.push(text(self.notice.clone()).size(12));
        }
        row![
            container(side.padding(8))
                .width(Length::Fixed(240.0))
                .height(Fill),
            self.editor.view(self.palette()).map(Message::Editor),
        ]
        .into()
    }
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
