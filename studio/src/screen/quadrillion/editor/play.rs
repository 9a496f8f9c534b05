//! Playing and arranging on the table: presses, the seed's keys, hints and laying a solution.

use super::*;
use crate::quadrillion::words;
use engine::solving::Cancel;

impl Editor {
    /// Undo (`back`) or Redo: while playing, the player's last move (the file is never changed
    /// by playing); while authoring, the text's last edit.
    pub(super) fn undo_or_redo(&mut self, back: bool) -> Task<Message> {
        if self.mode == Mode::Play {
            if let Some(table) = self.played.step(back, &self.table) {
                let said = if back {
                    "took back the last move"
                } else {
                    "made the move again"
                };
                self.back_to(table, said);
            }
            return Task::none();
        }
        let changed = if back {
            self.core.buffer.undo()
        } else {
            self.core.buffer.redo()
        };
        if changed { self.read() } else { Task::none() }
    }

    /// The table of another move of this game, redrawn; not itself a move.
    fn back_to(&mut self, table: Table, said: &str) {
        self.table = table;
        self.grab = None;
        self.outlined.clear();
        self.moves += 1;
        self.asking = None;
        self.layers.changed();
        self.core.buffer.say(if self.table.is_solved() {
            "Solved: every shape lies on the board."
        } else {
            said
        });
    }

    /// Whether Undo or Redo would change anything: the player's moves while playing, the
    /// text while authoring.
    pub(super) fn can_undo(&self) -> bool {
        if self.mode == Mode::Play {
            self.played.can_undo()
        } else {
            self.core.buffer.can_undo()
        }
    }

    pub(super) fn can_redo(&self) -> bool {
        if self.mode == Mode::Play {
            self.played.can_redo()
        } else {
            self.core.buffer.can_redo()
        }
    }

    /// A press on the table: pick what is there, or release (left); put back (right).
    pub(super) fn press(&mut self, dot: Dot, right: bool) -> Task<Message> {
        if !self.is_read() {
            self.core
                .buffer
                .say("a moment: the text is still being read");
            return Task::none();
        }
        if right {
            return self.key(GameKey::Unpick);
        }
        if self.mode == Mode::Author
            && self.table.picked().is_empty()
            && self.refuse_while_held_back()
        {
            return Task::none();
        }
        if self.table.picked().is_empty() {
            match self.table.pick_at(dot) {
                Ok(item) => {
                    self.grab = Some(dot);
                    self.outlined.clear();
                    self.core.buffer.say(format!(
                        "holding {}: move it, turn it (← →), flip it (↑ ↓), click or Enter to put it down, right click or Esc to put it back",
                        words::item(item)
                    ));
                    self.table_changed();
                }
                Err(e) => self.core.buffer.say(words::refusal(&e)),
            }
            Task::none()
        } else {
            self.key(GameKey::Release)
        }
    }

    /// What is held follows the mouse to this dot, where the table's rules let it.
    pub(super) fn carry_to(&mut self, dot: Dot) {
        if let Some(from) = self.grab
            && !self.table.picked().is_empty()
        {
            let by = Dot::new(dot.row - from.row, dot.col - from.col);
            if self.table.move_by(by).is_ok() {
                self.grab = Some(dot);
            }
        }
    }

    pub(super) fn key(&mut self, key: GameKey) -> Task<Message> {
        if !self.is_read() {
            return Task::none();
        }
        match key {
            GameKey::Move(by) => {
                let moved = self.table.move_by(by);
                if self.say_refusal(moved) {
                    self.grab = self.grab.map(|g| g.offset(by));
                }
                Task::none()
            }
            GameKey::Turn { clockwise } => {
                let r = self.table.turn(clockwise);
                self.say_refusal(r);
                Task::none()
            }
            GameKey::Flip => {
                let r = self.table.flip();
                self.say_refusal(r);
                Task::none()
            }
            GameKey::Release => {
                let r = self.table.release();
                if self.say_refusal(r) {
                    self.grab = None;
                    self.table_changed();
                    if self.mode == Mode::Play && self.table.is_solved() {
                        self.core
                            .buffer
                            .say("Solved: every shape lies on the board.");
                    } else {
                        self.core.buffer.say("");
                    }
                    return self.print_table();
                }
                Task::none()
            }
            GameKey::Unpick => {
                if self.table.unpick().is_ok() {
                    self.grab = None;
                    self.table_changed();
                    self.core.buffer.say("put back");
                }
                Task::none()
            }
            GameKey::Reset if self.mode == Mode::Play => {
                self.table.reset();
                self.grab = None;
                self.outlined.clear();
                self.table_changed();
                self.core.buffer.say("back to the start");
                Task::none()
            }
            GameKey::Hint if self.mode == Mode::Play => {
                let ch = self.table.challenge();
                let mine = self.table.mine();
                let asked = self.moves;
                self.core.buffer.say("looking for a hint…");
                let (task, run) = background::run_cancellable(
                    move |cancel| {
                        let limits = Limits::time(WORK_TIME);
                        hint(&ch, &mine, &limits, Cancel::by(cancel)).unwrap_or(Hint::NoSolution)
                    },
                    move |h| Message::Hinted(asked, Arc::new(h)),
                );
                self.asking = Some(run);
                task
            }
            GameKey::Solve if self.mode == Mode::Play => {
                let ch = self.table.challenge();
                let asked = self.moves;
                self.core.buffer.say("solving…");
                let (task, run) = background::run_cancellable(
                    move |cancel| {
                        let limits = Limits::time(WORK_TIME);
                        match solve(&ch, &limits, Cancel::by(cancel)).map(|r| r.answer) {
                            Ok(Answer::Solved(s)) => Some(s),
                            _ => None,
                        }
                    },
                    move |s| Message::Solved(asked, Arc::new(s)),
                );
                self.asking = Some(run);
                task
            }
            GameKey::Reset | GameKey::Hint | GameKey::Solve => {
                self.core
                    .buffer
                    .say("R, H and F are for playing: press ▶ Play first");
                Task::none()
            }
        }
    }

    /// Lays every shape of a solution on the table by the rules: the player's first lifted.
    pub(super) fn lay_solution(&mut self, solution: &Solution) {
        let _ = self.table.unpick();
        for p in self.table.mine() {
            let _ = self.table.lift(p.shape);
        }
        let mut refused = None;
        for p in &solution.placements {
            if self.table.is_fixed(p.shape) {
                continue;
            }
            if let Err(e) = self.table.place(*p) {
                refused = Some(e);
            }
        }
        self.table_changed();
        match refused {
            Some(e) => self
                .core
                .buffer
                .say(format!("the solution could not be laid: {e}")),
            None => self.core.buffer.say("solved by the solver"),
        }
    }

    pub(super) fn hinted(&mut self, h: &Hint) {
        match h {
            Hint::Place(p) => {
                let _ = self.table.unpick();
                match self.table.place(*p) {
                    Ok(()) => {
                        self.core
                            .buffer
                            .say(format!("hint: {} goes here", words::shape(p.shape)));
                        self.outlined.clear();
                    }
                    Err(e) => self.core.buffer.say(format!(
                        "hint: {} — {}",
                        words::shape(p.shape),
                        words::refusal(&e)
                    )),
                }
                self.table_changed();
            }
            Hint::Solved => self
                .core
                .buffer
                .say("Solved: every shape lies on the board."),
            Hint::Lift(shapes) => {
                self.core.buffer.say(format!(
                    "no solution keeps every shape where it is: lift {} (outlined)",
                    words::shapes(shapes)
                ));
                self.outlined = shapes.clone();
                self.layers.changed();
            }
            Hint::NoSolution => self.core.buffer.say("this board has no solution"),
            Hint::Stopped(stop) => self.core.buffer.say(format!("no hint: {}", stop.stopped())),
        }
    }
}
