//! The tutorial's lessons in play: the tutorial screen's events turned into play (a hex lock
//! lesson on the play screen, a sliding lock lesson on a screen of its own), and the moment a
//! lesson is done passed back to the tutorial.

use super::{Message, Origin, Screen, Studio};
use crate::screen::folder::Destination;
use crate::screen::sliding::editor as sliding;
use crate::screen::tutorial;
use iced::widget::{column, container};
use iced::{Element, Task};

impl Studio {
    pub(super) fn tutorial_message(&mut self, m: tutorial::Message) -> Task<Message> {
        let (task, event) = self.tutorial.update(m);
        let task = task.map(Message::Tutorial);
        let follow = match event {
            None => Task::none(),
            Some(tutorial::Event::PlayHexLock(_, lock)) => {
                if let Screen::SlidingLesson(_) = &self.screen {
                    self.screen = Screen::Tutorial;
                }
                self.enter_play(&lock, None, Origin::Lesson)
            }
            Some(tutorial::Event::PlaySliding(_, text)) => {
                // What the hex lock play on screen had on offer goes with it; the tutorial has
                // already taken up the new lesson.
                if let Screen::Play(_, Origin::Picked(_)) = &self.screen {
                    self.online.stop_declaring();
                }
                let (editor, read) = sliding::Editor::lesson(text);
                self.screen = Screen::SlidingLesson(Box::new(editor));
                read.map(Message::SlidingLesson)
            }
            Some(tutorial::Event::ShowHexLock(moves)) => {
                if let Screen::Play(p, Origin::Lesson) = &mut self.screen {
                    p.load_solution(&moves, "the solution is loaded: Redo plays it move by move");
                }
                Task::none()
            }
            Some(tutorial::Event::ShowSliding(moves)) => {
                if let Screen::SlidingLesson(e) = &mut self.screen {
                    e.load_solution(&moves);
                }
                Task::none()
            }
            Some(tutorial::Event::Close) => {
                self.screen = Screen::Editor;
                Task::none()
            }
            Some(tutorial::Event::GoOnline) => self.show(Destination::Online),
            Some(tutorial::Event::GoDeathMatch) => self.show(Destination::DeathMatch),
            Some(tutorial::Event::Problem(why)) => {
                self.notice = why;
                Task::none()
            }
        };
        Task::batch([task, follow])
    }

    pub(super) fn sliding_lesson_message(&mut self, m: sliding::Message) -> Task<Message> {
        let Screen::SlidingLesson(e) = &mut self.screen else {
            return Task::none();
        };
        let (task, event) = e.update(m);
        let task = task.map(Message::SlidingLesson);
        let follow = match event {
            Some(sliding::Event::Picked(_)) => {
                self.settings.play(sound::Cue::Opened);
                self.tutorial.done().map(Message::Tutorial)
            }
            Some(sliding::Event::Leave) => {
                self.leave_play();
                Task::none()
            }
            // A lesson has no file to save.
            Some(sliding::Event::Rebind(action)) => self.update(Message::Rebind(action)),
            Some(sliding::Event::Saved(_) | sliding::Event::SaveFailed(_)) | None => Task::none(),
        };
        Task::batch([task, follow])
    }

    /// The sliding lock lesson in play, with the lesson's bar above it.
    pub(super) fn sliding_lesson_view<'a>(
        &'a self,
        e: &'a sliding::Editor,
    ) -> Element<'a, Message> {
        let palette = crate::sliding::picture::Palette::of_theme(self.is_dark());
        let board = e.view(palette).map(Message::SlidingLesson);
        let moves = e.game().map_or(0, |g| g.count());
        match self.tutorial.bar(moves) {
            Some(bar) => column![container(bar.map(Message::Tutorial)).padding([0, 8]), board]
                .padding(iced::Padding::ZERO.top(8))
                .spacing(6)
                .into(),
            None => board,
        }
    }
}
