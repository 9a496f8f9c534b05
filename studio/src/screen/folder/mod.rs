//! The folder panel: the puzzle files in the user's folder with their thumbnails, the file
//! operations (new from a template, duplicate, rename, delete), and the way to the other
//! screens. Listing and thumbnails run in the background; a thumbnail is drawn again only when
//! its file's modification time changes.

use crate::background::{self, Generation};
use crate::family::{Family, Shade};
use crate::library::{self, Listed};
use crate::progress::{Place, Progress, Standing};
use crate::screen::scroll;
use iced::widget::{button, column, container, image, operation, row, text};
use iced::{Element, Fill, Length, Task};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// What the list says of a folder without puzzles.
pub const EMPTY: &str = "No puzzles here yet: choose a template above and press New.";

/// The width of a thumbnail, in pixels.
const THUMBNAIL_WIDTH: u32 = 72;

/// Where the panel's buttons lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Destination {
    Settings,
    Tutorial,
    Online,
    DeathMatch,
}

/// What the message area says: the studio's last word, or the words of the start that last
/// until dismissed.
#[derive(Debug, Clone, Default)]
pub struct Notice {
    pub words: String,
    /// The words are the lasting ones, with their Dismiss.
    pub lasting: bool,
}

/// The height of the message area: three lines of its words.
const MESSAGE_HEIGHT: f32 = 62.0;

#[derive(Debug, Clone)]
pub enum Message {
    /// The studio's last words shown in the list's room, or the files again.
    ToggleHistory,
    /// The words that last were read.
    DismissLasting,
    /// The folder was listed (asked in this generation).
    Listed(Generation, Vec<Listed>),
    /// A file's thumbnail, drawn for this modification time.
    Thumbnail(PathBuf, Option<SystemTime>, Shade, Option<image::Handle>),
    Open(PathBuf),
    CompareWith(PathBuf),
    TemplatePicked(String),
    /// Make a new puzzle: its name is asked first.
    New,
    /// The new puzzle's name being typed.
    NameInput(String),
    /// Make the new puzzle under the name typed.
    NameDone,
    NameCancel,
    Duplicate,
    RenameStart,
    RenameInput(String),
    RenameDone,
    RenameCancel,
    Delete,
    ConfirmDelete(bool),
    Export,
    /// Export the open puzzle's solution, played, as an animated GIF.
    ExportAnimation,
    /// Replace the picture already beside the file (true), or keep it.
    ConfirmExport(bool),
    ToggleTheme,
    ToggleFullscreen,
    ToggleSound,
    Show(Destination),
    /// The filter typed above the list.
    Filter(String),
}

/// What the window shows, as the panel's buttons say it.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Showing {
    /// The screen one of the panel's buttons leads to, when it shows.
    pub screen: Option<Destination>,
    /// The window fills the screen.
    pub fullscreen: bool,
    /// The studio's sounds are on.
    pub sound: bool,
}

/// What the panel asks of the studio.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Open this file (the studio asks about unsaved edits first).
    Open(PathBuf),
    /// Compare the open file with this one.
    CompareWith(PathBuf),
    /// A new file from this template (the first), under this name (the second): the
    /// studio asks about unsaved edits first.
    New(String, String),
    /// A copy of the open file.
    Duplicate,
    /// Give the open file this name.
    Rename(String),
    /// Delete this file: the user has confirmed.
    Delete(PathBuf),
    /// Export the open puzzle as a picture.
    Export,
    /// Export the open puzzle's solution as an animation.
    ExportAnimation,
    /// Light or dark.
    ToggleTheme,
    /// Fill the screen, or go back to the window.
    ToggleFullscreen,
    /// Sounds on or off.
    ToggleSound,
    /// Show another screen (or, pressed again, come back).
    Show(Destination),
    /// The words that last (the start's) were read: they may go.
    DismissLasting,
}

/// The field where the open file's new name is typed.
pub const RENAME_ID: &str = "folder-rename";

/// The field where a new puzzle's name is typed, before anything is written.
pub const NAME_ID: &str = "folder-new-name";

/// The id of the list's filter, for focus and tests.
pub const FILTER_ID: &str = "folder-filter";

/// A list this long or longer has a filter above it.
pub const FILTER_FROM: usize = 12;

fn file_button(label: &str, message: Message) -> button::Button<'_, Message> {
    button(text(label).size(13))
        .padding([5, 7])
        .on_press(message)
}

/// A question with a dangerous answer and *Keep*, each answer sent as `answer(yes)`.
fn confirm<'a>(
    question: String,
    yes: &'a str,
    answer: fn(bool) -> Message,
) -> Element<'a, Message> {
    container(
        column![
            text(question).size(13),
            row![
                button(text(yes).size(13))
                    .on_press(answer(true))
                    .style(button::danger),
                button(text("Keep").size(13)).on_press(answer(false)),
            ]
            .spacing(4),
        ]
        .spacing(4),
    )
    .padding(6)
    .style(container::rounded_box)
    .into()
}

/// A template as the New picker offers it: by name, shown in words.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Choice(String);

impl std::fmt::Display for Choice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::template::label(&self.0))
    }
}

/// The panel's state.
pub struct Folder {
    folder: PathBuf,
    files: Vec<Listed>,
    /// Each file's picture, with the modification time and the theme's shade it was drawn
    /// for; `None` when the file does not draw.
    thumbnails: HashMap<PathBuf, (Option<SystemTime>, Shade, Option<image::Handle>)>,
    /// The pictures asked for and not come yet, with the modification time and shade asked
    /// for: a listing while they are drawn does not ask for them again.
    drawing: HashMap<PathBuf, (Option<SystemTime>, Shade)>,
    /// The theme's shade the pictures are drawn in.
    shade: Shade,
    listings: Generation,
    /// The template the user picked for New; until they pick one, New follows the family of
    /// the puzzle open ([`Folder::template_for`]).
    template: Option<String>,
    renaming: Option<String>,
    /// The template New makes and the name being typed for it: nothing is written until the
    /// user has named it.
    naming: Option<(String, String)>,
    /// The file to delete once confirmed, and whether a saved solution goes with it.
    confirm_delete: Option<(PathBuf, bool)>,
    /// A picture that an export would replace, waiting for the user's word.
    confirm_export: Option<(PathBuf, Event)>,
    /// The pictures exported since the studio started: replaced again without asking.
    exported: HashSet<PathBuf>,
    /// Words typed to narrow the list: a file is listed when its name holds every one.
    filter: String,
    /// Whether the list's room shows the studio's last words instead of the files.
    history_open: bool,
}

impl Folder {
    /// The name being typed for the open file, while renaming it.
    pub fn renaming(&self) -> Option<&str> {
        self.renaming.as_deref()
    }

    /// The name being typed for a new puzzle, before it is made.
    pub fn naming(&self) -> Option<&str> {
        self.naming.as_ref().map(|(_, name)| name.as_str())
    }

    /// A name for a new puzzle of `template`'s family that no file listed here has yet: "New
    /// nonogram", else "New nonogram 2", … Read from the listing, so that no disk is asked.
    fn unused_name(&self, template: &str) -> String {
        let Some(info) = crate::family::of_template(template).map(|f| f.info()) else {
            return String::new();
        };
        let base = info.templates.new_name;
        let taken = |stem: &str| {
            let file = self.folder.join(format!("{stem}.{}", info.extension));
            self.files.iter().any(|f| f.path == file)
        };
        std::iter::once(base.to_string())
            .chain((2..).map(|n| format!("{base} {n}")))
            .find(|stem| !taken(stem))
            .unwrap_or_else(|| base.to_string())
    }

    /// The theme's shade the pictures are drawn in.
    pub fn shade(&self) -> Shade {
        self.shade
    }

    /// Draws the pictures again in the theme's `shade`; those drawn in the other stay until
    /// their new ones come.
    pub fn set_shade(&mut self, shade: Shade) -> Task<Message> {
        if shade == self.shade {
            return Task::none();
        }
        self.shade = shade;
        self.draw_thumbnails()
    }

    /// The panel on a folder; call [`Folder::refresh`] to list it.
    pub fn new(folder: PathBuf) -> Folder {
        Folder {
            folder,
            files: Vec::new(),
            thumbnails: HashMap::new(),
            drawing: HashMap::new(),
            shade: Shade::Light,
            listings: Generation::default(),
            template: None,
            renaming: None,
            naming: None,
            confirm_delete: None,
            confirm_export: None,
            exported: HashSet::new(),
            filter: String::new(),
            history_open: false,
        }
    }

    /// The template New makes: the one the user picked, else a blank puzzle of the open
    /// puzzle's family (someone drawing nonograms wants a new nonogram), else a hex lock.
    pub fn template_for(&self, open: Option<&Path>) -> String {
        if let Some(t) = &self.template {
            return t.clone();
        }
        // With nothing open, the studio's first family: a hex lock.
        let family = open
            .and_then(Family::of_path)
            .unwrap_or(crate::family::FAMILIES[0].family);
        family.info().templates.blank.to_string()
    }

    /// The folder shown.
    pub fn path(&self) -> &Path {
        &self.folder
    }

    /// The files listed, by path.
    pub fn files(&self) -> &[Listed] {
        &self.files
    }

    /// Lists the folder again in the background.
    pub fn refresh(&mut self) -> Task<Message> {
        let asked = self.listings.advance();
        let folder = self.folder.clone();
        background::run(
            move || library::list(&folder),
            move |files| Message::Listed(asked, files),
        )
    }

    /// Draws, in the background and one after another, the thumbnails that are missing or
    /// older than their file, but for those being drawn already. Until 2026-12-07 every
    /// listing asked again for the pictures still being drawn: in a folder that changes often,
    /// a 4096×4096 nonogram's picture, seconds to draw, was being drawn many times at once,
    /// and the studio grew by a hundred megabytes every five seconds.
    fn draw_thumbnails(&mut self) -> Task<Message> {
        let shade = self.shade;
        let stale: Vec<Listed> = self
            .files
            .iter()
            .filter(|f| {
                self.thumbnails
                    .get(&f.path)
                    .is_none_or(|(at, drawn, _)| *at != f.modified || *drawn != shade)
                    && self.drawing.get(&f.path) != Some(&(f.modified, shade))
            })
            .cloned()
            .collect();
        if stale.is_empty() {
            return Task::none();
        }
        for f in &stale {
            self.drawing.insert(f.path.clone(), (f.modified, shade));
        }
        iced_runtime::task::blocking(move |mut out| {
            for f in stale {
                let picture = thumbnail(f.family, &f.path, shade);
                let sent = iced::futures::executor::block_on(iced::futures::SinkExt::send(
                    &mut out,
                    Message::Thumbnail(f.path, f.modified, shade, picture),
                ));
                if sent.is_err() {
                    break;
                }
            }
        })
    }

    pub fn update(
        &mut self,
        message: Message,
        open: Option<&Path>,
    ) -> (Task<Message>, Option<Event>) {
        let event = match message {
            Message::Listed(asked, files) => {
                if !self.listings.is_current(asked) {
                    return (Task::none(), None);
                }
                self.thumbnails
                    .retain(|p, _| files.iter().any(|f| &f.path == p));
                self.drawing
                    .retain(|p, _| files.iter().any(|f| &f.path == p));
                self.files = files;
                return (self.draw_thumbnails(), None);
            }
            Message::Thumbnail(path, modified, shade, picture) => {
                if self.drawing.get(&path) == Some(&(modified, shade)) {
                    self.drawing.remove(&path);
                }
                // A picture drawn for the theme the user has left since is dropped.
                if shade == self.shade && self.files.iter().any(|f| f.path == path) {
                    self.thumbnails.insert(path, (modified, shade, picture));
                }
                None
            }
            Message::Open(p) => Some(Event::Open(p)),
            Message::CompareWith(p) => Some(Event::CompareWith(p)),
            Message::TemplatePicked(t) => {
                self.template = Some(t);
                None
            }
            // The name is asked before anything is written, ready to be typed over.
            Message::New => {
                let template = self.template_for(open);
                let name = self.unused_name(&template);
                self.renaming = None;
                self.naming = Some((template, name));
                return (
                    operation::focus(NAME_ID).chain(operation::select_all(NAME_ID)),
                    None,
                );
            }
            Message::NameInput(typed) => {
                if let Some((_, name)) = &mut self.naming {
                    *name = typed;
                }
                None
            }
            // A file made or renamed here is opened: the filter goes, lest it hide that file.
            Message::NameDone => {
                self.filter.clear();
                self.naming
                    .take()
                    .map(|(template, name)| Event::New(template, name))
            }
            Message::NameCancel => {
                self.naming = None;
                None
            }
            Message::Duplicate => {
                self.filter.clear();
                open.map(|_| Event::Duplicate)
            }
            Message::RenameStart => {
                self.naming = None;
                self.renaming = open
                    .and_then(|p| p.file_stem())
                    .map(|s| s.to_string_lossy().into_owned());
                // The name is ready to be typed over, as in any file manager.
                let task = if self.renaming.is_some() {
                    operation::focus(RENAME_ID).chain(operation::select_all(RENAME_ID))
                } else {
                    Task::none()
                };
                return (task, None);
            }
            Message::RenameInput(s) => {
                self.renaming = Some(s);
                None
            }
            Message::Filter(s) => {
                self.filter = s;
                None
            }
            Message::ToggleHistory => {
                self.history_open = !self.history_open;
                None
            }
            Message::DismissLasting => Some(Event::DismissLasting),
            Message::RenameDone => {
                self.filter.clear();
                self.renaming.take().map(Event::Rename)
            }
            Message::RenameCancel => {
                self.renaming = None;
                None
            }
            Message::Delete => {
                self.confirm_delete =
                    open.map(|p| (p.to_path_buf(), library::own_solution(p).is_some()));
                None
            }
            Message::ConfirmDelete(yes) => self
                .confirm_delete
                .take()
                .filter(|_| yes)
                .map(|(p, _)| Event::Delete(p)),
            Message::Export => self.export(open, "png", Event::Export),
            Message::ExportAnimation => self.export(open, "gif", Event::ExportAnimation),
            Message::ConfirmExport(yes) => {
                self.confirm_export
                    .take()
                    .filter(|_| yes)
                    .map(|(out, event)| {
                        self.exported.insert(out);
                        event
                    })
            }
            Message::ToggleTheme => Some(Event::ToggleTheme),
            Message::ToggleFullscreen => Some(Event::ToggleFullscreen),
            Message::ToggleSound => Some(Event::ToggleSound),
            Message::Show(d) => Some(Event::Show(d)),
        };
        (Task::none(), event)
    }

    /// `event`, to export the open file's picture beside it as NAME.`extension`: a picture the
    /// studio did not write (another family's of the same name, or the user's own) is never
    /// replaced without asking.
    fn export(&mut self, open: Option<&Path>, extension: &str, event: Event) -> Option<Event> {
        match open.map(|p| p.with_extension(extension)) {
            Some(out) if out.exists() && !self.exported.contains(&out) => {
                self.confirm_export = Some((out, event));
                None
            }
            Some(out) => {
                self.exported.insert(out);
                Some(event)
            }
            None => Some(event),
        }
    }

    /// Whether the filter lets a file through: its name within the folder, extension and
    /// all, holds every word typed, in any case.
    fn passes(&self, f: &Listed) -> bool {
        let name = f
            .path
            .strip_prefix(&self.folder)
            .unwrap_or(&f.path)
            .to_string_lossy()
            .to_lowercase();
        self.filter
            .split_whitespace()
            .all(|word| name.contains(&word.to_lowercase()))
    }
}

/// A file's stem, as the panel names it.
/// A file as the prompts name it: with its extension, so that "Delete gate.lock?" says which of
/// two files of one name goes.
pub fn display_name(p: &Path) -> String {
    p.file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// A file's thumbnail, drawn as its family draws it. Blocking.
fn thumbnail(family: Family, path: &Path, shade: Shade) -> Option<image::Handle> {
    let text = crate::screen::hexlock::editor::read_text(path).ok()?;
    let t = family.thumbnail(&text, THUMBNAIL_WIDTH, shade)?;
    Some(image::Handle::from_rgba(t.width, t.height, t.rgba))
}

mod view;

#[cfg(test)]
mod tests;
