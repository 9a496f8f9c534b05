//! The author's saved solution (`NAME.solution`): written from the player once the lock is
//! picked, in the seed's notation with the lock's title and digest (what `lockwright verify`
//! reads), and replayed on each lock the author draws, so that the solver's line says when a
//! change lets a shorter way through or stops the saved way from picking the lock.

use super::*;
use crate::screen::saved_solution::{self, Replayed};
use lockfmt::sliding::solution::{Solution, parse_solution, print_solution};

impl Editor {
    /// Asks the solver about the lock being authored, and replays the saved solution on it.
    pub(super) fn ask_about(&mut self, lock: Lock) -> Task<Message> {
        self.said = None;
        let replay = self.replay_saved(lock.clone());
        Task::batch([self.solve(lock, solver::AUTHOR_TIME), replay])
    }

    /// Replays the solution saved beside the file on `lock`, in the background; an earlier
    /// replay's answer is dropped.
    fn replay_saved(&mut self, lock: Lock) -> Task<Message> {
        let run = self.replays.advance();
        let path = self.path().map(Path::to_path_buf);
        background::run(
            move || {
                let solution = crate::library::own_solution(path.as_deref()?)?;
                let replayed = replay(&solution, &lock)?;
                Some(Box::new((lock, replayed)))
            },
            move |r| Message::Replayed(run, r),
        )
    }

    /// The saved solution beside the file may have changed (saved here, or written by another
    /// program): it is replayed on the lock of the text.
    pub fn solution_changed(&mut self) -> Task<Message> {
        match self.document.as_ref().filter(|_| self.playable) {
            Some(d) => {
                let lock = d.lock.clone();
                self.replay_saved(lock)
            }
            None => Task::none(),
        }
    }

    pub(super) fn replayed(&mut self, run: Generation, replayed: Option<Box<(Lock, Replayed)>>) {
        if self.replays.is_current(run) {
            self.replayed = replayed.map(|r| *r);
        }
    }

    /// The saved solution replayed on the lock of the text, once replayed.
    pub fn saved_solution(&self) -> Option<Replayed> {
        let (lock, replayed) = self.replayed.as_ref()?;
        (self.document.as_ref()?.lock == *lock).then_some(*replayed)
    }

    /// Writes the moves of the game, which picked the lock, beside the file.
    pub(super) fn save_solution(&mut self) -> Task<Message> {
        let (Some(game), Some(doc)) = (&self.game, &self.document) else {
            return Task::none();
        };
        if !game.is_picked() {
            self.core
                .buffer
                .say("the lock is not picked yet: a solution is saved once it is");
            return Task::none();
        }
        let Some(out) = self.path().map(crate::library::solution_beside) else {
            self.core
                .buffer
                .say("save the lock first: its solution goes beside it");
            return Task::none();
        };
        // The lock played, which is the text's: its digest is what `verify` checks.
        let mut played = doc.clone();
        played.lock = game.start().clone();
        let text = print_solution(&Solution::for_document(&played, game.written()));
        background::run(
            move || saved_solution::write(&out, &text, |t| parse_solution(t).is_ok()),
            Message::SolutionSaved,
        )
    }

    pub(super) fn solution_saved(&mut self, result: Result<String, String>) -> Task<Message> {
        match result {
            Ok(said) => {
                self.core.buffer.say(said);
                self.solution_changed()
            }
            Err(why) => {
                self.core.buffer.say(why);
                Task::none()
            }
        }
    }
}

/// The moves saved at `path`, played on `lock`: whether, and after how many, they pick it.
/// Blocking (a file read and a game played).
fn replay(path: &Path, lock: &Lock) -> Option<Replayed> {
    let text = buffer::read_text(path).ok()?;
    let moves = parse_solution(&text).ok()?.moves;
    if lock.is_picked() {
        return Some(Replayed::Solves(0));
    }
    Some(match lock.play(&moves) {
        Ok(states) => match states.iter().position(Lock::is_picked) {
            Some(i) => Replayed::Solves(i + 1),
            None => Replayed::Fails(moves.len()),
        },
        // A move the rules refuse on this lock (a piece no longer where it is named).
        Err(_) => Replayed::Fails(moves.len()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lock(text: &str) -> Lock {
        lockfmt::sliding::parse(text).document.expect("reads").lock
    }

    #[test]
    fn a_saved_solution_replays_to_the_move_that_picks_or_fails() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("gate.solution");
        let seed = lock("4 . . a .\n3 K K a @\n2 . . . .\n1 . b b .\n  A B C D\n");
        std::fs::write(&path, "BC1 L1, C34 D2, Key R1\n").expect("write");
        assert_eq!(replay(&path, &seed), Some(Replayed::Solves(3)));
        // B1 free from the start: the middle piece comes down at once.
        let easier = lock("4 . . a .\n3 K K a @\n2 . . . .\n1 b b . .\n  A B C D\n");
        assert_eq!(replay(&path, &easier), Some(Replayed::Fails(3)));
        std::fs::write(&path, "no moves here").expect("write");
        assert_eq!(replay(&path, &seed), None, "not a solution");
    }
}
