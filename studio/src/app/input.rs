//! What the studio listens to — the file watcher, the keyboard, the window's close button, the
//! server's live events and its probe, the recovery timer — and where a key's action goes.

use super::{Message, RECOVERY_EVERY, Screen, Studio, guard, progress};
use crate::keys::{Action, Chord};
use crate::screen::folder;
use crate::screen::hexlock::play::Play;
use crate::screen::nonogram::player::Player;
use crate::screen::online;
use crate::screen::settings;
use crate::screen::sliding::editor as sliding;
use crate::watch;
use iced::{Subscription, Task, keyboard, window};
use std::time::Duration;

/// The studio's message for a keyboard event: a key press, as the character it types. Chords
/// are written that way (`?` is a chord of its own, not `shift+/`), so the key with shift
/// applied is the one bound; the bare key would make `?` and `!` unreachable.
pub fn key_message(event: keyboard::Event) -> Option<Message> {
    match event {
        keyboard::Event::KeyPressed {
            modified_key,
            modifiers,
            ..
        } => Some(Message::Key(modified_key, modifiers)),
        _ => None,
    }
}

impl Studio {
    /// Whether the window fills the screen.
    pub fn is_fullscreen(&self) -> bool {
        self.fullscreen
    }

    /// The bar a right-click on a button brings: the key being waited for, or the chord
    /// pressed that already runs another action, with the choice to move it or keep it.
    pub(super) fn rebind_bar(&self) -> Option<iced::Element<'_, Message>> {
        use iced::widget::{button, column, container, row, text};
        let keys = &self.settings.settings().keys;
        let body: iced::Element<'_, settings::Message> = if let Some(t) = self.settings.taken() {
            column![
                text(format!(
                    "{} already runs «{}». Give it to «{}» instead?",
                    t.chord,
                    t.owner.what(),
                    t.action.what()
                ))
                .size(14),
                row![
                    button(text("Move the key").size(13)).on_press(settings::Message::MoveChord),
                    button(text("Keep it there").size(13))
                        .style(button::secondary)
                        .on_press(settings::Message::KeepChord),
                ]
                .spacing(6),
            ]
            .spacing(6)
            .into()
        } else if let Some(action) = self.settings.recording() {
            let now = keys
                .chord(action)
                .map_or("no key".to_string(), |c| format!("now {c}"));
            row![
                text(format!(
                    "Press the key for «{}» ({now}); Ctrl, Alt and Shift may be held. Escape gives up.",
                    action.what()
                ))
                .size(14)
                .width(iced::Fill),
                button(text("Give up").size(13))
                    .style(button::secondary)
                    .on_press(settings::Message::StopRecording),
            ]
            .spacing(8)
            .align_y(iced::Center)
            .into()
        } else {
            return None;
        };
        Some(
            container(body)
                .padding(10)
                .width(iced::Fill)
                .style(container::rounded_box)
                .into(),
        )
        .map(|e: iced::Element<'_, settings::Message>| e.map(Message::Settings))
    }

    pub(super) fn subscription(&self) -> Subscription<Message> {
        let mut paths = vec![self.folder.path().to_path_buf()];
        if let Some(dir) = self.document.path().and_then(|p| p.parent())
            && !dir.starts_with(self.folder.path())
        {
            paths.push(dir.to_path_buf());
        }
        let live = match self.online.live() {
            Some((url, token)) => crate::online::live::subscription(url, token)
                .map(|l| Message::Online(online::Message::Live(l))),
            None => Subscription::none(),
        };
        let probe = if self.online.probing() {
            iced::time::every(Duration::from_secs(5))
                .map(|_| Message::Online(online::Message::Retry))
        } else {
            Subscription::none()
        };
        // The open match is read again four times a second: its clocks and the opponent's
        // moves come from the server.
        let match_clock = if self.death_match.is_live() {
            iced::time::every(Duration::from_millis(250))
                .map(|_| Message::DeathMatch(crate::screen::death_match::Message::Tick))
        } else {
            Subscription::none()
        };
        let games = if self.games.is_unwritten() {
            iced::time::every(progress::WRITE_EVERY).map(|_| Message::WriteGames)
        } else {
            Subscription::none()
        };
        let keep = if self.document.is_dirty() {
            iced::time::every(RECOVERY_EVERY).map(|_| Message::Guard(guard::Message::Keep))
        } else {
            Subscription::none()
        };
        let lesson = match &self.screen {
            Screen::SlidingLesson(e) => e.subscription().map(Message::SlidingLesson),
            _ => Subscription::none(),
        };
        Subscription::batch([
            self.document.subscription().map(Message::Document),
            lesson,
            live,
            probe,
            match_clock,
            keep,
            games,
            watch::subscription(paths).map(Message::Changed),
            window::close_requests().map(Message::CloseRequested),
            keyboard::listen().filter_map(key_message),
        ])
    }

    /// A key press: a chord being recorded on the settings screen, or an action.
    pub(super) fn key_pressed(
        &mut self,
        key: &keyboard::Key,
        modifiers: keyboard::Modifiers,
    ) -> Task<Message> {
        // A chord being recorded, from the settings' list or a right-click on a button.
        if self.settings.is_recording() {
            return self
                .settings
                .key_pressed(key, modifiers)
                .map(Message::Settings);
        }
        // A game's own keys (Quadrillion's W A S D, arrows, Enter, Escape, R, F, H; the sliding
        // lock's tools, arrows, Tab, Escape, F and N, in a file or a lesson) go to its screen
        // before any binding; they arrive here only when no widget took the key.
        if matches!(self.screen, Screen::Editor)
            && !(modifiers.control() || modifiers.alt() || modifiers.logo())
            && let Some(m) = self.document.message_for_key(key)
        {
            return self.update(Message::Document(m));
        }
        if matches!(self.screen, Screen::SlidingLesson(_))
            && !(modifiers.control() || modifiers.alt() || modifiers.logo())
            && let Some(k) = sliding::GameKey::of(key)
        {
            return self.update(Message::SlidingLesson(sliding::Message::Key(k)));
        }
        let action = Chord::from_press(key, modifiers)
            .and_then(|c| self.settings.settings().keys.action_for(&c));
        match action {
            Some(a) => self.action(a),
            // Tab moves between a form's fields, as everywhere else, when nothing else took it.
            None if *key == keyboard::Key::Named(keyboard::key::Named::Tab) => {
                if modifiers.shift() {
                    iced::widget::operation::focus_previous()
                } else {
                    iced::widget::operation::focus_next()
                }
            }
            None => Task::none(),
        }
    }

    /// A key's action, on the screen that shows: forms on the other screens take their keys.
    fn action(&mut self, action: Action) -> Task<Message> {
        if action == Action::Fullscreen {
            return self.update(Message::ToggleFullscreen);
        }
        if action == Action::Sound {
            return self.settings.toggle_sound().map(Message::Settings);
        }
        match &self.screen {
            Screen::Play(..) => match Play::message_for(action) {
                Some(m) => self.update(Message::Play(m)),
                None => Task::none(),
            },
            Screen::Editor => match action {
                Action::Export => self.update(Message::Folder(folder::Message::Export)),
                Action::New => self.update(Message::Folder(folder::Message::New)),
                _ => match self.document.message_for(action) {
                    Some(m) => self.update(Message::Document(m)),
                    None => Task::none(),
                },
            },
            Screen::Nonogram(_) => match Player::message_for(action) {
                Some(m) => self.update(Message::Nonogram(m)),
                None => Task::none(),
            },
            Screen::SlidingLesson(_) => match sliding::Editor::lesson_message_for(action) {
                Some(m) => self.update(Message::SlidingLesson(m)),
                None => Task::none(),
            },
            Screen::Online | Screen::DeathMatch | Screen::Tutorial | Screen::Settings => {
                Task::none()
            }
        }
    }
}
