//! The folder panel's view: the template picker and file buttons, the list with its
//! thumbnails and filter, the ways to the other screens and the one message area.

use super::*;
use iced::widget::{button, column, container, image, pick_list, row, text, text_input, tooltip};

impl Folder {
    /// The panel: `open` is the file in the editor, `showing` the screen shown, `summary` the
    /// server's line, `notice` the studio's last word and `games` how far each file was played.
    pub fn view<'a>(
        &'a self,
        open: Option<&'a Path>,
        showing: Showing,
        summary: String,
        notice: Notice,
        said: &'a std::collections::VecDeque<String>,
        games: &'a Progress,
    ) -> Element<'a, Message> {
        let choices: Vec<Choice> = crate::template::offered()
            .map(|name| Choice(name.to_string()))
            .collect();
        let mut side = column![
            text("Puzzles").size(18),
            // The window's own switches, each of one width whatever it says.
            row![
                small_switch("Theme", Message::ToggleTheme),
                small_switch(
                    if showing.fullscreen {
                        "Window"
                    } else {
                        "Full screen"
                    },
                    Message::ToggleFullscreen
                ),
                small_switch(
                    if showing.sound {
                        "Sound: on"
                    } else {
                        "Sound: off"
                    },
                    Message::ToggleSound
                ),
            ]
            .spacing(4),
            // The picker has the panel's width to itself, since its menu is as wide as it.
            pick_list(
                choices,
                Some(Choice(self.template_for(open))),
                |c: Choice| { Message::TemplatePicked(c.0) }
            )
            .text_size(13)
            .width(Fill),
            // A little narrower than buttons elsewhere, so that the four fit on one line.
            row![
                file_button("New", Message::New),
                file_button("Duplicate", Message::Duplicate),
                file_button("Rename", Message::RenameStart),
                file_button("Delete", Message::Delete).style(button::danger),
            ]
            .spacing(4)
            .wrap()
            .vertical_spacing(4),
        ]
        .spacing(6);
        if let Some((template, name)) = &self.naming {
            let family = crate::family::of_template(template).map_or("puzzle", |f| f.info().name);
            side = side.push(
                column![
                    text(format!("Name the new {family}:")).size(13),
                    row![
                        text_input("its name", name)
                            .id(NAME_ID)
                            .on_input(Message::NameInput)
                            .on_submit(Message::NameDone)
                            .size(13),
                        button(text("Make").size(13)).on_press(Message::NameDone),
                        button(text("Cancel").size(13))
                            .style(button::secondary)
                            .on_press(Message::NameCancel),
                    ]
                    .spacing(4),
                ]
                .spacing(4),
            );
        }
        if let Some(name) = &self.renaming {
            side = side.push(
                row![
                    text_input("new name", name)
                        .id(RENAME_ID)
                        .on_input(Message::RenameInput)
                        .on_submit(Message::RenameDone)
                        .size(13),
                    button(text("Cancel").size(13))
                        .style(button::secondary)
                        .on_press(Message::RenameCancel),
                ]
                .spacing(4),
            );
        }
        if let Some((p, with_solution)) = &self.confirm_delete {
            let question = if *with_solution {
                format!("Delete {} and its saved solution?", display_name(p))
            } else {
                format!("Delete {}?", display_name(p))
            };
            side = side.push(confirm(question, "Delete", Message::ConfirmDelete));
        }
        if let Some((p, _)) = &self.confirm_export {
            let question = format!("{} is already there. Replace it?", display_name(p));
            side = side.push(confirm(question, "Replace", Message::ConfirmExport));
        }
        // Files of different families may share a name ("gate.lock", "gate.slide"): those
        // names keep their extension, so that the list tells them apart.
        let mut stems: HashMap<PathBuf, usize> = HashMap::new();
        for f in &self.files {
            *stems.entry(f.path.with_extension("")).or_default() += 1;
        }
        let shared = |f: &Listed| {
            stems
                .get(&f.path.with_extension(""))
                .is_some_and(|&n| n > 1)
        };
        if self.files.len() >= FILTER_FROM || !self.filter.is_empty() {
            side = side.push(
                text_input("Filter by name", &self.filter)
                    .id(FILTER_ID)
                    .on_input(Message::Filter)
                    .size(13),
            );
        }
        let mut shown = self.files.iter().filter(|f| self.passes(f)).peekable();
        let none_shown = shown.peek().is_none();
        let mut list = column(shown.map(|f| {
            let standing = games.standing(&Place::File(f.path.clone()));
            self.entry(f, open, shared(f), standing)
        }))
        .spacing(2);
        if self.files.is_empty() {
            list = list.push(text(EMPTY).size(13));
        } else if none_shown {
            list =
                list.push(text(format!("No file's name holds “{}”.", self.filter.trim())).size(13));
        }
        let list = if self.history_open {
            column![text("What the studio said, the latest first:").size(13)]
                .extend(said.iter().rev().map(|w| text(w).size(12).into()))
                .spacing(6)
        } else {
            list
        };
        side = side.push(scroll(list).height(Fill));
        // Buttons of one width in a fixed grid: a label never pushes its neighbours.
        let wide = |label: &'a str, m: Message, on: bool| {
            button(
                text(label)
                    .size(13)
                    .width(Fill)
                    .align_x(iced::Center)
                    .wrapping(iced::widget::text::Wrapping::None),
            )
            .width(Fill)
            .style(style(on))
            .on_press(m)
        };
        side = side.push(
            row![
                wide("Export PNG", Message::Export, false),
                wide("Export GIF", Message::ExportAnimation, false),
            ]
            .spacing(4),
        );
        let to = |label: &'a str, d: Destination| {
            wide(label, Message::Show(d), showing.screen == Some(d))
        };
        side = side.push(
            row![
                to("Tutorial", Destination::Tutorial),
                to("Online", Destination::Online),
            ]
            .spacing(4),
        );
        side = side.push(
            row![
                to("Death Match", Destination::DeathMatch),
                to("Settings", Destination::Settings),
            ]
            .spacing(4),
        );
        side = side.push(text(summary).size(11));
        // The studio's one message area: its room is kept whether or not there is a word to
        // say, so that the buttons above never move when one comes; the words said before
        // are a click away.
        let mut buttons = column![
            button(text(if self.history_open { "Files" } else { "Said" }).size(11))
                .padding([2, 6])
                .style(button::secondary)
                .on_press_maybe(
                    (self.history_open || !said.is_empty()).then_some(Message::ToggleHistory)
                ),
        ]
        .spacing(2);
        if notice.lasting {
            buttons = buttons.push(
                button(text("Dismiss").size(11))
                    .padding([2, 6])
                    .style(button::secondary)
                    .on_press(Message::DismissLasting),
            );
        }
        side = side.push(
            row![
                container(text(notice.words).size(12))
                    .height(Length::Fixed(MESSAGE_HEIGHT))
                    .width(Fill)
                    .clip(true),
                buttons,
            ]
            .spacing(4),
        );
        side.padding(8).into()
    }

    fn entry<'a>(
        &'a self,
        f: &'a Listed,
        open: Option<&Path>,
        name_shared: bool,
        standing: Option<Standing>,
    ) -> Element<'a, Message> {
        let relative = f.path.strip_prefix(&self.folder).unwrap_or(&f.path);
        let label = if name_shared {
            relative.display().to_string()
        } else {
            relative.with_extension("").display().to_string()
        };
        let is_open = open == Some(f.path.as_path());
        let picture: Element<'a, Message> = match self.thumbnails.get(&f.path) {
            Some((_, _, Some(handle))) => image(handle.clone())
                .width(Length::Fixed(36.0))
                .height(Length::Fixed(32.0))
                .into(),
            Some((_, _, None)) => container(text("?").size(13))
                .width(Length::Fixed(36.0))
                .center_x(Length::Fixed(36.0))
                .into(),
            None => container(text("").size(13))
                .width(Length::Fixed(36.0))
                .into(),
        };
        let mut name = column![text(label).size(13)];
        if let Some(standing) = standing {
            let (words, style): (_, fn(&iced::Theme) -> text::Style) = match standing {
                Standing::Started => ("in progress", crate::screen::look::under_way),
                Standing::Finished => ("✓ solved", crate::screen::look::done),
            };
            // On the open file's highlight the words take the button's own colour.
            let words = text(words).size(11);
            name = name.push(if is_open { words } else { words.style(style) });
        }
        let b = button(row![picture, name].spacing(6).align_y(iced::Center))
            .width(Fill)
            .on_press(Message::Open(f.path.clone()))
            .style(if is_open {
                button::primary
            } else {
                button::text
            });
        // Two hex locks are compared side by side on two canvases; other families have their
        // editors' diff with the disk, so the button shows only where it works.
        let comparable = !is_open
            && f.family == Family::HexLock
            && open.and_then(Family::of_path) == Some(Family::HexLock);
        let compare = button(text("⇄").size(12))
            .style(button::text)
            .on_press_maybe(comparable.then(|| Message::CompareWith(f.path.clone())));
        let compare: Element<'a, Message> = if comparable {
            tooltip(
                compare,
                text("Compare the open lock with this one").size(12),
                tooltip::Position::Left,
            )
            .style(container::rounded_box)
            .into()
        } else {
            // The same room, empty, so that the names line up.
            container(text("").size(12))
                .width(Length::Fixed(24.0))
                .into()
        };
        row![b, compare].align_y(iced::Center).into()
    }
}

/// One of the window's switches above the list.
fn small_switch<'a>(label: &'a str, m: Message) -> Element<'a, Message> {
    button(
        text(label)
            .size(12)
            .width(Fill)
            .align_x(iced::Center)
            .wrapping(iced::widget::text::Wrapping::None),
    )
    .width(Fill)
    .padding([2, 6])
    .style(button::secondary)
    .on_press(m)
    .into()
}

fn style(on: bool) -> fn(&iced::Theme, button::Status) -> button::Style {
    if on {
        button::primary
    } else {
        button::secondary
    }
}
