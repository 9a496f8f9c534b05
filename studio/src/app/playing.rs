//! Play, by where the hex lock came from: the editor's buffer, a tutorial lesson, another
//! player's lock picked online, or a note's solution. The root enters and leaves play here and
//! passes the open moment on to the tutorial or the online screen.

use super::{Message, Screen, Studio};
use crate::screen::editor::Editing as _;
use crate::screen::hexlock::play::{self, Play};
use crate::screen::online;
use crate::settings::ServerChoice;
use engine::hexlock::{Lock, Move};
use iced::widget::{column, container};
use iced::{Element, Task};
use server::protocol::LockView;

/// Where the lock in play came from.
#[derive(Debug, Clone, PartialEq)]
pub enum Origin {
    /// The editor's buffer.
    Editor,
    /// Another player's lock, picked on the online screen.
    Picked(Box<LockView>),
    /// A lock with a note's solution loaded.
    Note,
    /// A lesson of the tutorial series.
    Lesson,
}

impl Origin {
    /// What the way back is called: it leads where the lock came from.
    pub fn back(&self) -> &'static str {
        match self {
            Origin::Editor => "Back to editing",
            Origin::Picked(_) | Origin::Note => "Back to online",
            Origin::Lesson => "Back to lessons",
        }
    }
}

impl Studio {
    /// Plays a lock; an unplayable one stays where it is, with the reason.
    pub(super) fn enter_play(
        &mut self,
        lock: &Lock,
        saved: Option<Vec<Move>>,
        origin: Origin,
    ) -> Task<Message> {
        match Play::new(lock, saved) {
            Some(mut p) => {
                p.back_to(origin.back());
                // What the play being replaced had on offer goes with it; a lesson that follows
                // a lesson keeps the tutorial's place (the tutorial set it).
                match &self.screen {
                    Screen::Play(_, Origin::Picked(_)) => self.online.stop_declaring(),
                    Screen::Play(_, Origin::Lesson) if origin != Origin::Lesson => {
                        self.tutorial.stop()
                    }
                    _ => {}
                }
                self.screen = Screen::Play(Box::new(p), origin);
            }
            None => self.notice = "this lock cannot be played: fix its problems first".into(),
        }
        Task::none()
    }

    /// Leaves play for the screen it was entered from; the search running there stops.
    pub(super) fn leave_play(&mut self) {
        match &self.screen {
            Screen::Nonogram(_) => self.screen = Screen::Editor,
            Screen::SlidingLesson(_) => {
                self.tutorial.stop();
                self.screen = Screen::Tutorial;
            }
            _ => {}
        }
        if let Screen::Play(_, origin) = &self.screen {
            self.screen = match origin {
                Origin::Lesson => {
                    self.tutorial.stop();
                    Screen::Tutorial
                }
                Origin::Picked(_) => {
                    self.online.stop_declaring();
                    Screen::Online
                }
                Origin::Note => Screen::Online,
                Origin::Editor => Screen::Editor,
            };
        }
    }

    /// Plays the editor's lock, with the author's solution when one is saved beside it.
    pub(super) fn play_editor_lock(&mut self, lock: Lock) -> Task<Message> {
        let solution = self.document.path().map(|p| p.with_extension("solution"));
        crate::background::run(
            move || {
                let saved = solution
                    .and_then(|p| crate::screen::buffer::read_text(&p).ok())
                    .and_then(|t| lockfmt::hexlock::parse_solution(&t).ok())
                    .filter(|s| s.names(&lock))
                    .map(|s| s.moves);
                (lock, saved)
            },
            |(lock, saved)| Message::PlayReady(Box::new(lock), saved),
        )
    }

    pub(super) fn play_message(&mut self, m: play::Message) -> Task<Message> {
        if let play::Message::Rebind(action) = m {
            return self.update(Message::Rebind(action));
        }
        let Screen::Play(p, origin) = &mut self.screen else {
            return Task::none();
        };
        let moved = matches!(m, play::Message::Move(_));
        let (task, event) = p.update(m);
        if moved {
            self.settings.play(p.cue_of_move());
        }
        let task = task.map(Message::Play);
        let origin = origin.clone();
        let follow = match event {
            None => Task::none(),
            Some(play::Event::Back) => {
                self.leave_play();
                // A solution saved while playing is the editor's to replay on the lock.
                match origin {
                    Origin::Editor => self.replay_saved_solution(),
                    _ => Task::none(),
                }
            }
            Some(play::Event::Copy(text)) => iced::clipboard::write(text),
            Some(play::Event::SaveSolution(text)) => match (self.document.path(), &origin) {
                (Some(path), Origin::Editor) => {
                    let out = path.with_extension("solution");
                    crate::background::run(
                        move || {
                            crate::screen::saved_solution::write(&out, &text, |t| {
                                lockfmt::hexlock::parse_solution(t).is_ok()
                            })
                        },
                        Message::Done,
                    )
                }
                (Some(_), _) => {
                    self.notice = "this is not the editor's lock: copy the moves instead".into();
                    Task::none()
                }
                (None, _) => {
                    self.notice = "save the lock first: its solution goes beside it".into();
                    Task::none()
                }
            },
            Some(play::Event::Opened(moves)) => match origin {
                Origin::Lesson => self.tutorial.done().map(Message::Tutorial),
                Origin::Picked(view) => {
                    self.online.opened(*view, moves);
                    Task::none()
                }
                Origin::Editor | Origin::Note => Task::none(),
            },
        };
        Task::batch([task, follow])
    }

    /// The play screen, with the lesson's bar or the declaration above it.
    pub(super) fn play_view<'a>(&'a self, p: &'a Play, origin: &Origin) -> Element<'a, Message> {
        let board = p.view(self.palette()).map(Message::Play);
        let bar = match origin {
            Origin::Lesson => self.tutorial.bar(p.at()).map(|b| b.map(Message::Tutorial)),
            _ => self.online.declare_bar().map(|b| b.map(Message::Online)),
        };
        match bar {
            Some(bar) => column![container(bar).padding([0, 8]), board]
                .padding(iced::Padding::ZERO.top(8))
                .spacing(6)
                .into(),
            None => board,
        }
    }

    pub(super) fn online_message(&mut self, m: online::Message) -> Task<Message> {
        let was_live = self.online.live().is_some();
        if let online::Message::Got(_, online::Reply::Declared(Ok(_))) = &m {
            self.settings.play(sound::Cue::Note);
        }
        let (task, event) = self.online.update(m);
        let mut task = task.map(Message::Online);
        if !was_live && self.online.live().is_some() {
            // Logged in (or the login kept from before is good again): the Death Match screen
            // reads my matches, so that a practice bot whose match outlived the studio plays
            // on even before the screen is opened.
            task = Task::batch([task, self.connect_death_match()]);
        }
        let follow = match event {
            None => Task::none(),
            Some(online::Event::Pick(view)) => read_server_lock(view, None),
            Some(online::Event::PlayNote(view, moves, author)) => {
                read_server_lock(view, Some((moves, author)))
            }
            Some(online::Event::Publish(slot)) => self.publish(slot),
            Some(online::Event::SwitchServer) => {
                let s = self.settings.settings();
                let unnamed = s.server_url.as_deref().is_none_or(|u| u.trim().is_empty());
                if s.server == ServerChoice::Embedded && unnamed {
                    // Nothing to switch to: the embedded server stays, and nothing is saved.
                    self.online
                        .say("no remote server is named: give its URL in Settings first");
                    return task;
                }
                let saved = self.settings.switch_server().map(Message::Settings);
                Task::batch([saved, self.reconnect()])
            }
        };
        Task::batch([task, follow])
    }

    /// Connects the online screen to the server the settings name now.
    pub(super) fn reconnect(&mut self) -> Task<Message> {
        let s = self.settings.settings();
        let (choice, url) = (s.server, s.server_url.clone());
        self.online
            .switch(choice, url.as_deref())
            .map(Message::Online)
    }

    /// Publishes the editor's lock with its saved solution (read in the background), or asks
    /// to let the solver find one.
    fn publish(&mut self, slot: u8) -> Task<Message> {
        let editor = self
            .document
            .editor::<crate::screen::hexlock::editor::Editor>();
        let Some(lock) = editor.and_then(|e| e.lock()).cloned().filter(|_| {
            editor.is_some_and(|e| e.is_read() && !e.diagnostics().iter().any(|d| d.is_error()))
        }) else {
            self.online.say(if editor.is_some() {
                "the editor's lock has problems: fix them before publishing"
            } else {
                "only hex locks are published: open a lock in the editor"
            });
            return Task::none();
        };
        let text = self.document.text();
        let solution = self.document.path().map(|p| p.with_extension("solution"));
        crate::background::run(
            move || {
                let solution = solution
                    .and_then(|p| crate::screen::buffer::read_text(&p).ok())
                    .and_then(|t| lockfmt::hexlock::parse_solution(&t).ok())
                    .filter(|s| s.names(&lock))
                    .map(|s| lockfmt::hexlock::format_moves(&s.moves));
                online::ToPublish {
                    slot,
                    lock,
                    text,
                    solution,
                }
            },
            |p| Message::Online(online::Message::PublishWith(Box::new(p))),
        )
    }

    /// Plays a lock from the server, read in the background: picked, or with a note's
    /// solution ready to replay.
    pub(super) fn play_online(
        &mut self,
        view: LockView,
        note: Option<(Vec<Move>, String)>,
        lock: Option<&Lock>,
    ) -> Task<Message> {
        let Some(lock) = lock else {
            self.online
                .say(format!("lock {} cannot be read by this studio", view.id));
            return Task::none();
        };
        let origin = match &note {
            Some(_) => Origin::Note,
            None => Origin::Picked(Box::new(view.clone())),
        };
        let task = self.enter_play(lock, None, origin);
        let theirs = self.online.codename() != Some(view.owner.as_str());
        if let Screen::Play(p, _) = &mut self.screen {
            if theirs {
                p.turn_solver_off(format!(
                    "off for {}'s lock: picking it is the game (your own locks and files keep it)",
                    view.owner
                ));
            }
            match note {
                Some((moves, author)) => p.load_solution(
                    &moves,
                    format!(
                        "{author}'s solution to «{}» is loaded: Redo plays it move by move",
                        view.name
                    ),
                ),
                None => p.set_status(format!("{}'s «{}»: pick it open", view.owner, view.name)),
            }
        }
        task
    }
}

/// Reads a lock from the server off the UI thread, then plays it.
fn read_server_lock(view: LockView, note: Option<(Vec<Move>, String)>) -> Task<Message> {
    crate::background::run(
        move || {
            let lock = lockfmt::hexlock::parse(&view.text).valid_lock().cloned();
            (view, note, lock)
        },
        |(view, note, lock)| Message::ServerLockRead(Box::new(view), note, lock.map(Box::new)),
    )
}

impl Studio {
    /// The nonogram player's messages: back to the editor, or the solved moment said.
    pub(super) fn nonogram_message(
        &mut self,
        m: crate::screen::nonogram::player::Message,
    ) -> Task<Message> {
        use crate::screen::nonogram::player::Event;
        let Screen::Nonogram(p) = &mut self.screen else {
            return Task::none();
        };
        let (task, event) = p.update(m);
        match event {
            Some(Event::Back) => self.leave_play(),
            Some(Event::Solved) => {
                self.settings.play(sound::Cue::Opened);
                self.notice = "solved!".into();
            }
            None => {}
        }
        task.map(Message::Nonogram)
    }
}
