//! A tutorial lesson: the screen on a lesson's lock from no file, played from the moment it is
//! read; the author's tools, the file's keys and the solver's running start stay away.

use super::*;

impl Editor {
    /// A screen playing a lesson's lock (its text read in the background, then played).
    pub fn lesson(text: &str) -> (Editor, Task<Message>) {
        let (mut e, task) = Editor::new(None, text);
        e.lesson = true;
        (e, task)
    }

    /// Whether this is a tutorial lesson.
    pub fn is_lesson(&self) -> bool {
        self.lesson
    }

    /// The screen's message for a key action in a lesson: the game's, not the file's.
    pub fn lesson_message_for(action: Action) -> Option<Message> {
        match action {
            Action::Save | Action::Play => None,
            _ => Editor::message_for(action),
        }
    }

    /// Loads a move list from the start, to be played move by move with Redo.
    pub fn load_solution(&mut self, moves: &str) {
        let Some(game) = &mut self.game else {
            return;
        };
        self.playing_back = false;
        match game.load(moves) {
            Ok(_) => {
                game.restart();
                self.refusal = None;
                self.selected = None;
                self.core
                    .buffer
                    .say("the solution is loaded: Redo plays it move by move");
            }
            Err(why) => self.core.buffer.say(why),
        }
    }
}
