//! The settings screen: where the settings live, the remote server's URL, the theme, and a key
//! for every action. A key is recorded from the next chord pressed (modifiers held, not pressed
//! alone); a chord that already runs another action says which and asks before moving it.

use crate::background;
use crate::keys::{Action, Chord};
use crate::screen::scroll;
use crate::settings::{ServerChoice, Settings, ThemeChoice};
use iced::keyboard::{Key, Modifiers};
use iced::widget::{button, column, container, row, text, text_input};
use iced::{Element, Fill, Length, Task};
use std::path::PathBuf;

#[derive(Debug, Clone)]
pub enum Message {
    /// Wait for the next chord, for this action.
    Record(Action),
    /// Stop waiting for a chord: the action keeps its key.
    StopRecording,
    /// Move the chord from the action that has it.
    MoveChord,
    /// Leave the chord where it is.
    KeepChord,
    ServerUrl(String),
    /// Use the remote server's URL typed in.
    ApplyServerUrl,
    ToggleTheme,
    ToggleSound,
    /// The sounds' loudness, in percent.
    Volume(u8),
    /// The volume slider was let go: play a sound at it and keep it.
    VolumeSet,
    Close,
    /// The settings file was written (and the one that did not read set aside, to here).
    Saved(Result<Option<PathBuf>, String>),
}

/// What the screen asks of the studio.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Leave the settings screen.
    Close,
    /// Connect to the remote server the settings now name.
    ServerChanged,
}

/// A chord that already runs another action, waiting for the user's word.
#[derive(Debug, Clone, PartialEq)]
pub struct Taken {
    /// The action being given a key.
    pub action: Action,
    /// The chord pressed.
    pub chord: Chord,
    /// The action that has it now.
    pub owner: Action,
}

/// The settings and the screen's state.
pub struct SettingsScreen {
    settings: Settings,
    path: Option<PathBuf>,
    folder: PathBuf,
    recording: Option<Action>,
    taken: Option<Taken>,
    status: String,
    /// The remote server's URL was edited and the connection not yet moved to it.
    url_unapplied: bool,
    /// A save under way sets aside the settings file that did not read.
    setting_aside: bool,
    /// Where the studio's sounds are played: silent until a sound is asked for with sound on.
    speaker: sound::Speaker,
}

impl SettingsScreen {
    /// The settings read from `path` (none: nothing is saved), for the lock folder shown.
    pub fn new(settings: Settings, path: Option<PathBuf>, folder: PathBuf) -> SettingsScreen {
        SettingsScreen {
            settings,
            path,
            folder,
            recording: None,
            taken: None,
            status: String::new(),
            url_unapplied: false,
            setting_aside: false,
            speaker: sound::Speaker::new(),
        }
    }

    /// Plays a cue, when the user has sound on; without an audio device, nothing happens.
    pub fn play(&self, cue: sound::Cue) {
        if self.settings.sound {
            self.speaker
                .play(cue, f32::from(self.settings.volume.min(100)) / 100.0);
        }
    }

    /// Sound on or off.
    pub fn toggle_sound(&mut self) -> Task<Message> {
        self.settings.sound = !self.settings.sound;
        self.status = if self.settings.sound {
            // A sound at once: the user hears the volume, or learns there is no device.
            self.play(sound::Cue::Move);
            "sounds on".into()
        } else {
            "sounds off".into()
        };
        self.save()
    }

    /// Whether the remote server's URL was edited and, on the remote server, the connection
    /// must move to it (once: the flag is cleared). The studio asks when the screen is left,
    /// so that a URL typed without Enter is not left saved but unused.
    pub fn take_unapplied_url(&mut self) -> bool {
        std::mem::take(&mut self.url_unapplied) && self.settings.server == ServerChoice::Remote
    }

    /// The settings in force.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Whether the next key press is a chord being recorded.
    pub fn is_recording(&self) -> bool {
        self.recording.is_some()
    }

    /// The action whose chord is being recorded.
    pub fn recording(&self) -> Option<Action> {
        self.recording
    }

    /// A chord that already runs another action, waiting for the user's word.
    pub fn taken(&self) -> Option<&Taken> {
        self.taken.as_ref()
    }

    /// The last thing the screen said.
    pub fn status(&self) -> &str {
        &self.status
    }

    /// Switches between the embedded server and the remote one, and keeps the choice.
    pub fn switch_server(&mut self) -> Task<Message> {
        self.settings.server = match self.settings.server {
            ServerChoice::Embedded => ServerChoice::Remote,
            ServerChoice::Remote => ServerChoice::Embedded,
        };
        self.save()
    }

    /// Light or dark, kept.
    pub fn toggle_theme(&mut self) -> Task<Message> {
        self.settings.theme = match self.settings.theme {
            ThemeChoice::Light => ThemeChoice::Dark,
            ThemeChoice::Dark => ThemeChoice::Light,
        };
        self.save()
    }

    /// Writes the settings in the background.
    fn save(&mut self) -> Task<Message> {
        let Some(path) = self.path.clone() else {
            return Task::none();
        };
        let settings = self.settings.clone();
        // Only the first save sets the unreadable file aside; should it fail, the next tries.
        self.setting_aside |= settings.unreadable;
        self.settings.unreadable = false;
        background::run(
            move || settings.save(&path).map_err(|e| format!("{e:#}")),
            Message::Saved,
        )
    }

    /// A key pressed while a chord is being recorded. A modifier alone is not a chord yet.
    pub fn key_pressed(&mut self, key: &Key, modifiers: Modifiers) -> Task<Message> {
        let Some(action) = self.recording else {
            return Task::none();
        };
        // Escape gives up, as everywhere else: it is never bound.
        if *key == Key::Named(iced::keyboard::key::Named::Escape) {
            self.recording = None;
            return Task::none();
        }
        let Some(chord) = Chord::from_press(key, modifiers) else {
            return Task::none();
        };
        self.recording = None;
        match self.settings.keys.action_for(&chord) {
            Some(owner) if owner != action => {
                self.taken = Some(Taken {
                    action,
                    chord,
                    owner,
                });
                Task::none()
            }
            _ => {
                self.settings.keys.bind(action, chord);
                self.save()
            }
        }
    }

    pub fn update(&mut self, message: Message) -> (Task<Message>, Option<Event>) {
        let task = match message {
            Message::Record(action) => {
                self.recording = Some(action);
                self.taken = None;
                Task::none()
            }
            Message::StopRecording => {
                self.recording = None;
                Task::none()
            }
            Message::MoveChord => match self.taken.take() {
                Some(t) => {
                    self.settings.keys.bind(t.action, t.chord.clone());
                    self.status = format!(
                        "{} now runs «{}»; «{}» has no key",
                        t.chord,
                        t.action.what(),
                        t.owner.what()
                    );
                    self.save()
                }
                None => Task::none(),
            },
            Message::KeepChord => {
                self.taken = None;
                Task::none()
            }
            Message::ServerUrl(url) => {
                self.settings.server_url = Some(url).filter(|u| !u.trim().is_empty());
                self.url_unapplied = true;
                self.save()
            }
            Message::ApplyServerUrl => {
                self.url_unapplied = false;
                return (
                    Task::none(),
                    (self.settings.server == ServerChoice::Remote).then_some(Event::ServerChanged),
                );
            }
            Message::ToggleTheme => self.toggle_theme(),
            Message::ToggleSound => self.toggle_sound(),
            Message::Volume(v) => {
                self.settings.volume = v.min(100);
                Task::none()
            }
            Message::VolumeSet => {
                self.play(sound::Cue::Opened);
                self.save()
            }
            Message::Close => {
                self.recording = None;
                self.taken = None;
                return (Task::none(), Some(Event::Close));
            }
            Message::Saved(Ok(aside)) => {
                self.setting_aside = false;
                if let Some(aside) = aside {
                    self.status = format!(
                        "the settings file that did not read is kept as {}",
                        aside.display()
                    );
                }
                Task::none()
            }
            Message::Saved(Err(why)) => {
                if std::mem::take(&mut self.setting_aside) {
                    self.settings.unreadable = true;
                }
                self.status = why;
                Task::none()
            }
        };
        (task, None)
    }

    pub fn view(&self) -> Element<'_, Message> {
        let keys = column(Action::ALL.iter().map(|&action| {
            let key = self
                .settings
                .keys
                .chord(action)
                .map_or("(none)".to_string(), ToString::to_string);
            let waiting = self.recording == Some(action);
            row![
                text(action.what()).size(13).width(Length::Fixed(300.0)),
                text(if waiting {
                    "press a key…".to_string()
                } else {
                    key
                })
                .size(13)
                .width(Length::Fixed(140.0)),
                button(text("Rebind").size(12)).on_press(Message::Record(action)),
            ]
            .spacing(8)
            .into()
        }))
        .spacing(4);
        let file = self
            .path
            .as_ref()
            .map_or("(none)".to_string(), |p| p.display().to_string());
        let mut page = column![
            row![
                text("Settings").size(20),
                button(text("Close").size(13)).on_press(Message::Close)
            ]
            .spacing(12),
            text(format!("Settings file: {file}")).size(13),
            text(format!("Puzzle folder: {}", self.folder.display())).size(13),
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
        ]
        .spacing(8)
        .padding(12);
        if let Some(problem) = self
            .settings
            .server_url
            .as_deref()
            .and_then(server::client::address_problem)
        {
            page = page.push(text(problem).size(13).style(crate::screen::look::bad));
        }
        page = page.push(
            row![
                text(format!("Theme: {:?}", self.settings.theme)).size(13),
                button(text("Switch").size(12)).on_press(Message::ToggleTheme),
            ]
            .spacing(8),
        );
        let volume = self.settings.volume.min(100);
        let mut sound_row = row![
            text(if self.settings.sound {
                "Sounds: on"
            } else {
                "Sounds: off"
            })
            .size(13)
            .width(Length::Fixed(90.0)),
            button(
                text(if self.settings.sound {
                    "Turn off"
                } else {
                    "Turn on"
                })
                .size(12)
            )
            .on_press(Message::ToggleSound),
            text("Volume").size(13),
            iced::widget::slider(0..=100, volume, Message::Volume)
                .on_release(Message::VolumeSet)
                .width(Length::Fixed(160.0)),
            text(format!("{volume}%")).size(13),
        ]
        .spacing(8)
        .align_y(iced::Center);
        if let Some(why) = self.speaker.silent_because() {
            sound_row = sound_row.push(
                text(format!("silent here: {why}"))
                    .size(12)
                    .style(crate::screen::look::quiet),
            );
        }
        page = page.push(sound_row);
        if let Some(t) = &self.taken {
            page = page.push(
                container(
                    column![
                        text(format!(
                            "{} already runs «{}». Move it to «{}»? «{}» will have no key.",
                            t.chord,
                            t.owner.what(),
                            t.action.what(),
                            t.owner.what()
                        ))
                        .size(13),
                        row![
                            button(text("Move it").size(12)).on_press(Message::MoveChord),
                            button(text("Keep it there").size(12))
                                .style(button::secondary)
                                .on_press(Message::KeepChord),
                        ]
                        .spacing(6),
                    ]
                    .spacing(6),
                )
                .padding(8)
                .style(container::rounded_box),
            );
        }
        if !self.status.is_empty() {
            page = page.push(text(&self.status).size(13));
        }
        page.push(text("Keys").size(16))
            .push(scroll(keys).height(Fill))
            .into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use iced::keyboard::key::Named;
    use iced_test::{Error, simulator};

    fn screen() -> SettingsScreen {
        SettingsScreen::new(Settings::default(), None, "locks".into())
    }

    fn shows(s: &SettingsScreen, what: &str) -> Result<(), Error> {
        let mut ui = simulator(s.view());
        ui.find(what).map(|_| ())
    }

    /// Regression: holding ctrl to record ctrl+u recorded "ctrl+control".
    #[test]
    fn a_chord_with_modifiers_is_recorded_whole() {
        let mut s = screen();
        let _ = s.update(Message::Record(Action::Mark));
        let _ = s.key_pressed(&Key::Named(Named::Control), Modifiers::CTRL);
        assert!(s.is_recording(), "ctrl alone is not a chord yet");
        let _ = s.key_pressed(&Key::Character("g".into()), Modifiers::CTRL);
        assert!(!s.is_recording());
        assert_eq!(s.settings().action_for("ctrl+g"), Some(Action::Mark));
    }

    /// Regression: taking a key from another action left that action silently without one.
    #[test]
    fn a_chord_taken_by_another_action_says_which_and_asks() -> Result<(), Error> {
        let mut s = screen();
        let _ = s.update(Message::Record(Action::Redo));
        let _ = s.key_pressed(&Key::Character("z".into()), Modifiers::CTRL);
        assert_eq!(
            s.taken().map(|t| t.owner),
            Some(Action::Undo),
            "the chord's owner is named"
        );
        assert_eq!(
            s.settings().action_for("ctrl+z"),
            Some(Action::Undo),
            "nothing moved yet"
        );
        shows(
            &s,
            "ctrl+z already runs «Undo». Move it to «Redo»? «Undo» will have no key.",
        )?;
        let _ = s.update(Message::KeepChord);
        assert_eq!(s.settings().action_for("ctrl+z"), Some(Action::Undo));
        // Again, and this time move it.
        let _ = s.update(Message::Record(Action::Redo));
        let _ = s.key_pressed(&Key::Character("z".into()), Modifiers::CTRL);
        let _ = s.update(Message::MoveChord);
        assert_eq!(s.settings().action_for("ctrl+z"), Some(Action::Redo));
        assert_eq!(s.settings().keys.chord(Action::Undo), None);
        shows(&s, "(none)")?;
        Ok(())
    }
}
