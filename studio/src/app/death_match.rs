//! The Death Match screen's events: lock files to open in the editor, the editor's lock or
//! moves to submit, and the solver turned off for an opponent's lock while a match runs.

use super::{Message, Pending, Screen, Studio};
use crate::screen::death_match::{self, Event, SOLVER_OFF};
use crate::screen::editor::Editing as _;
use crate::screen::sliding::editor::Editor as SlidingEditor;
use iced::Task;

impl Studio {
    pub(super) fn death_match_message(&mut self, m: death_match::Message) -> Task<Message> {
        // The match shown, its round and its phase: a new phase of the same match is a turn.
        let stage = |d: &death_match::DeathMatch| {
            d.shown()
                .map(|v| (v.id, v.round, v.phase.as_ref().map(std::mem::discriminant)))
        };
        let before = stage(&self.death_match);
        let (task, event) = self.death_match.update(m);
        let after = stage(&self.death_match);
        if let (Some(b), Some(a)) = (before, after)
            && b.0 == a.0
            && b != a
        {
            self.settings.play(sound::Cue::Turn);
        }
        let task = task.map(Message::DeathMatch);
        self.apply_match_rules();
        let follow = match event {
            None => Task::none(),
            Some(Event::Open(path)) => {
                if self.document.path() == Some(path.as_path()) {
                    self.leave_play();
                    self.screen = Screen::Editor;
                    Task::none()
                } else {
                    self.screen = Screen::Editor;
                    self.guarded(Pending::Open(path))
                }
            }
            Some(Event::GoOnline) => self.show(super::Destination::Online),
            Some(Event::SubmitEditorLock) => match self.document.editor::<SlidingEditor>() {
                Some(e) => {
                    let text = e.text();
                    self.death_match.submit_lock(&text).map(Message::DeathMatch)
                }
                None => {
                    self.notice = "open your lock (a .slide file) in the editor first".into();
                    Task::none()
                }
            },
            Some(Event::SubmitBoardMoves) => match self
                .document
                .editor::<SlidingEditor>()
                .and_then(|e| e.game())
            {
                Some(game) => {
                    let moves = game.notation();
                    self.death_match
                        .submit_moves(moves)
                        .map(Message::DeathMatch)
                }
                None => {
                    self.notice = "play the lock in the editor first (▶ Play), then submit".into();
                    Task::none()
                }
            },
        };
        Task::batch([task, follow])
    }

    /// Connects the Death Match screen to the online screen's server and login.
    pub(super) fn connect_death_match(&mut self) -> Task<Message> {
        let live = self.online.live();
        let login = live.as_ref().map(|(u, t)| (u.as_str(), t.as_str()));
        let codename = self.online.codename().map(str::to_string);
        let folder = self.folder.path().to_path_buf();
        let bot_home = self.online.bot_home();
        self.death_match
            .connect(login, codename.as_deref(), folder, bot_home)
            .map(Message::DeathMatch)
    }

    /// The seed forbids solvers during a Death Match: the editor's solver is off for my
    /// opponents' locks while the match runs.
    pub(super) fn apply_match_rules(&mut self) {
        let forbidden = self.death_match.forbidden();
        if let Some(e) = self.document.editor_mut::<SlidingEditor>() {
            e.forbid_solver(forbidden, SOLVER_OFF);
        }
    }
}
