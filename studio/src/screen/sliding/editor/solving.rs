//! The solver: asking it, calling it off, stepping through its way, and keeping it off for
//! the locks a Death Match forbids it.

use super::*;

impl Editor {
    /// Turns the solver off for these locks (by [`lockfmt::sliding::solution::lock_digest`]), saying
    /// `why`; an empty list turns it back on.
    pub fn forbid_solver(&mut self, digests: Vec<u64>, why: &str) {
        if digests == self.forbidden.0 {
            return;
        }
        self.forbidden = (digests, why.to_string());
        if self.solver_forbidden().is_some() {
            self.stop_solver();
            self.said = None;
        }
    }

    /// Why the solver is off for the lock open (its start or the position played), if it is.
    pub fn solver_forbidden(&self) -> Option<&str> {
        let (digests, why) = &self.forbidden;
        if digests.is_empty() {
            return None;
        }
        let hit = |lock: &Lock| digests.contains(&lockfmt::sliding::solution::lock_digest(lock));
        let open = self.document.as_ref().is_some_and(|d| hit(&d.lock));
        let played = self
            .game
            .as_ref()
            .is_some_and(|g| hit(g.start()) || hit(g.now()));
        (open || played).then_some(why.as_str())
    }

    /// Asks the solver about `lock`; an earlier run is called off and its answer dropped.
    pub(super) fn solve(&mut self, lock: Lock, time: Duration) -> Task<Message> {
        if let Some(why) = self.solver_forbidden().map(str::to_string) {
            self.stop_solver();
            self.said = None;
            self.core.buffer.say(why);
            return Task::none();
        }
        let run = self.runs.advance();
        self.playing_back = false;
        self.searching_longer = false;
        let (task, running) = solver::start(run, lock.clone(), time);
        self.running = Some(running);
        self.asked = Some(lock);
        task.map(|(run, v)| Message::Solved(run, v))
    }

    pub(super) fn stop_solver(&mut self) {
        if let Some(r) = self.running.take() {
            r.cancel();
        }
        self.asked = None;
        self.searching_longer = false;
        // The answer of the run called off is dropped.
        self.runs.advance();
    }

    /// The solver's solution from the position now, when the position lies on it: the next
    /// move.
    pub(super) fn next_solution_move(&self) -> Option<Move> {
        let said = self.said.as_ref()?;
        let Verdict::Shortest { moves, .. } = said.verdict.as_ref() else {
            return None;
        };
        let now = self.game.as_ref()?.now();
        let mut lock = said.lock.clone();
        for mv in moves {
            if &lock == now {
                return Some(*mv);
            }
            lock = lock.apply(mv).ok()?;
        }
        None
    }

    pub(super) fn step(&mut self) {
        if self.game.as_ref().is_some_and(Game::is_picked) {
            self.playing_back = false;
            return;
        }
        match self.next_solution_move() {
            Some(mv) => self.play_move(mv),
            None => {
                self.playing_back = false;
                self.core.buffer.say(
                    "the position is not on the solver's way: press Solve from here for a way from it",
                );
            }
        }
    }
}
