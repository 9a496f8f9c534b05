//! A lock being played: every state from the start, the moves between them and each turn's
//! trace, with undo, redo, marks and jumps along the move list.

use engine::hexlock::Lock;
use engine::hexlock::physics::{Mechanism, Move, State, Trace, Workspace};

/// A played lock: every state from the start, the moves between them and each turn's trace.
pub struct Session {
    mech: Mechanism,
    /// `states[0]` is the lock as designed; `states[i]` follows `moves[i - 1]`.
    states: Vec<State>,
    moves: Vec<Move>,
    traces: Vec<Trace>,
    /// How many of the moves are played (the rest can be redone).
    pub at: usize,
    /// Marks: positions in the move list to jump back to.
    pub marks: Vec<usize>,
    ws: Workspace,
}

impl Session {
    /// A session on a lock; `None` when the lock cannot be played (it is invalid).
    pub fn new(lock: &Lock) -> Option<Session> {
        let mech = Mechanism::new(lock).ok()?;
        let start = mech.initial_state();
        Some(Session {
            mech,
            states: vec![start],
            moves: Vec::new(),
            traces: Vec::new(),
            at: 0,
            marks: Vec::new(),
            ws: Workspace::new(),
        })
    }

    /// Plays a move after the current position, dropping moves that were undone.
    pub fn play(&mut self, mv: Move) {
        self.states.truncate(self.at + 1);
        self.moves.truncate(self.at);
        self.traces.truncate(self.at);
        let Some(state) = self.states.last() else {
            return;
        };
        // The state is this mechanism's own, so a turn cannot fail; if it ever did, the move
        // is simply not played.
        if let Ok((next, trace)) = self.mech.step_traced(state, mv, &mut self.ws) {
            self.states.push(next);
            self.moves.push(mv);
            self.traces.push(trace);
            self.at += 1;
        }
    }

    /// Whether a move has been played to take back.
    pub fn can_undo(&self) -> bool {
        self.at > 0
    }

    /// Whether a move taken back can be played again.
    pub fn can_redo(&self) -> bool {
        self.at < self.moves.len()
    }

    /// Takes back the last move played.
    pub fn undo(&mut self) {
        self.at = self.at.saturating_sub(1);
    }

    /// Plays again a move that was taken back.
    pub fn redo(&mut self) {
        self.at = (self.at + 1).min(self.moves.len());
    }

    /// Back to the lock as designed (the moves stay, to be redone).
    pub fn restart(&mut self) {
        self.at = 0;
    }

    /// Jumps to the state after `n` moves.
    pub fn jump(&mut self, n: usize) {
        self.at = n.min(self.moves.len());
    }

    /// Sets a mark here.
    pub fn mark(&mut self) {
        if !self.marks.contains(&self.at) {
            self.marks.push(self.at);
        }
    }

    /// Jumps back to the last mark at or before here, or the last mark.
    pub fn back_to_mark(&mut self) {
        let here = self.at;
        if let Some(&m) = self
            .marks
            .iter()
            .filter(|&&m| m <= here)
            .max()
            .or(self.marks.last())
        {
            self.at = m;
        }
    }

    /// The lock as it stands now.
    pub fn lock(&self) -> Lock {
        self.mech.to_lock(&self.states[self.at])
    }

    /// The lock before the last played move (for reading its trace).
    pub fn lock_before_last(&self) -> Lock {
        self.mech.to_lock(&self.states[self.at.saturating_sub(1)])
    }

    /// Whether the lock is open now.
    pub fn is_open(&self) -> bool {
        self.mech.is_open(&self.states[self.at])
    }

    /// The moves played so far.
    pub fn played(&self) -> &[Move] {
        &self.moves[..self.at]
    }

    /// All moves, including those taken back.
    pub fn all_moves(&self) -> &[Move] {
        &self.moves
    }

    /// The trace of the last played move.
    pub fn last_trace(&self) -> Option<&Trace> {
        self.at.checked_sub(1).and_then(|i| self.traces.get(i))
    }

    /// Replaces the moves with a list (e.g. loaded from a solution file) and plays them all.
    pub fn load(&mut self, moves: &[Move]) {
        self.at = 0;
        self.states.truncate(1);
        self.moves.clear();
        self.traces.clear();
        for &m in moves {
            self.play(m);
        }
    }

    /// The mechanism being played.
    pub fn mechanism(&self) -> &Mechanism {
        &self.mech
    }
}
